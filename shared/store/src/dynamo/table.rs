//! Making the table: keys, indexes, billing and the claims' TTL, as
//! `template.yaml` makes it.

use super::*;

impl DynamoStore {
    /// Creates the table with both indexes (on-demand billing) and waits
    /// until it is active. A table that already exists is left as it is.
    pub async fn create_table(&self) -> Result<(), StoreError> {
        let built = |e: aws_sdk_dynamodb::error::BuildError| unavailable("create table", e);
        let attr = |name: &str| {
            AttributeDefinition::builder()
                .attribute_name(name)
                .attribute_type(ScalarAttributeType::S)
                .build()
                .map_err(built)
        };
        let key = |name: &str, kind: KeyType| {
            KeySchemaElement::builder()
                .attribute_name(name)
                .key_type(kind)
                .build()
                .map_err(built)
        };
        let gsi = |name: &str, hash: &str, range: &str, projection: ProjectionType| {
            GlobalSecondaryIndex::builder()
                .index_name(name)
                .key_schema(key(hash, KeyType::Hash)?)
                .key_schema(key(range, KeyType::Range)?)
                .projection(Projection::builder().projection_type(projection).build())
                .build()
                .map_err(built)
        };
        let result = self
            .client
            .create_table()
            .table_name(&self.table)
            .billing_mode(BillingMode::PayPerRequest)
            .attribute_definitions(attr(PK)?)
            .attribute_definitions(attr(SK)?)
            .attribute_definitions(attr(GSI1PK)?)
            .attribute_definitions(attr(GSI1SK)?)
            .attribute_definitions(attr(GSI2PK)?)
            .attribute_definitions(attr(GSI2SK)?)
            .key_schema(key(PK, KeyType::Hash)?)
            .key_schema(key(SK, KeyType::Range)?)
            .global_secondary_indexes(gsi(GSI1, GSI1PK, GSI1SK, ProjectionType::KeysOnly)?)
            .global_secondary_indexes(gsi(GSI2, GSI2PK, GSI2SK, ProjectionType::All)?)
            .send()
            .await;
        match result {
            Ok(_) => {}
            Err(e)
                if e.as_service_error()
                    .is_some_and(|e| e.is_resource_in_use_exception()) => {}
            Err(e) => return Err(sdk_unavailable("create table", e)),
        }
        // Real DynamoDB takes a few seconds; local servers are active at once.
        for _ in 0..300 {
            let table = self
                .client
                .describe_table()
                .table_name(&self.table)
                .send()
                .await
                .map_err(|e| sdk_unavailable("describe table", e))?;
            let table = table.table();
            let active = table.and_then(|t| t.table_status()) == Some(&TableStatus::Active)
                && table
                    .map_or(&[][..], |t| t.global_secondary_indexes())
                    .iter()
                    .all(|g| {
                        g.index_status() == Some(&aws_sdk_dynamodb::types::IndexStatus::Active)
                    });
            if active {
                return self.enable_ttl().await;
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
        Err(unavailable(
            "create table",
            format!("table {} did not become active in 5 minutes", self.table),
        ))
    }

    /// Makes [`TTL`] the table's TTL attribute, unless it already is (asking
    /// again would be refused), so lapsed claims go by themselves.
    async fn enable_ttl(&self) -> Result<(), StoreError> {
        let described = self
            .client
            .describe_time_to_live()
            .table_name(&self.table)
            .send()
            .await
            .map_err(|e| sdk_unavailable("describe time to live", e))?;
        let status = described
            .time_to_live_description()
            .and_then(|d| d.time_to_live_status());
        if matches!(
            status,
            Some(TimeToLiveStatus::Enabled | TimeToLiveStatus::Enabling)
        ) {
            return Ok(());
        }
        let spec = TimeToLiveSpecification::builder()
            .attribute_name(TTL)
            .enabled(true)
            .build()
            .map_err(|e| unavailable("update time to live", e))?;
        self.client
            .update_time_to_live()
            .table_name(&self.table)
            .time_to_live_specification(spec)
            .send()
            .await
            .map_err(|e| sdk_unavailable("update time to live", e))?;
        Ok(())
    }
}
