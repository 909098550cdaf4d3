//! The notifier's port ([`NotifyStore`]) on the table: subscriptions,
//! claims and dead letters.

use super::*;

impl NotifyStore for DynamoStore {
    async fn put_subscription(
        &self,
        competition: &str,
        id: &str,
        body: Vec<u8>,
    ) -> Result<(), StoreError> {
        validate_competition(competition)?;
        let mut item = key(pk(competition), subscription_sk(id));
        item.insert(BODY.to_owned(), AttributeValue::B(Blob::new(body)));
        check_size(&item, "subscription")?;
        self.client
            .put_item()
            .table_name(&self.table)
            .set_item(Some(item))
            .send()
            .await
            .map_err(|e| sdk_write_failed("put item (subscription)", e))?;
        Ok(())
    }

    async fn delete_subscription(&self, competition: &str, id: &str) -> Result<bool, StoreError> {
        validate_competition(competition)?;
        let out = self
            .client
            .delete_item()
            .table_name(&self.table)
            .set_key(Some(key(pk(competition), subscription_sk(id))))
            .return_values(ReturnValue::AllOld)
            .send()
            .await
            .map_err(|e| sdk_write_failed("delete item (subscription)", e))?;
        Ok(out.attributes().is_some_and(|a| !a.is_empty()))
    }

    async fn subscriptions(
        &self,
        competition: &str,
    ) -> Result<Vec<SubscriptionRecord>, StoreError> {
        validate_competition(competition)?;
        self.query_prefix(pk(competition), "S#", "query (subscriptions)")
            .await?
            .iter()
            .map(|item| {
                Ok(SubscriptionRecord {
                    id: sk_rest(item, "S#")?.to_owned(),
                    body: get_b(item, BODY)?.unwrap_or_default(),
                })
            })
            .collect()
    }

    async fn claim(
        &self,
        claim_key: &str,
        now: DateTime<Utc>,
        window: chrono::Duration,
    ) -> Result<bool, StoreError> {
        validate_claim_key(claim_key)?;
        let now = now.timestamp_millis();
        let window = window.num_milliseconds();
        let mut item = key(claim_pk(claim_key), CLAIM_SK.to_owned());
        item.insert(AT.to_owned(), n(now));
        item.insert(TTL.to_owned(), n(claim_ttl(now, window)));
        let token = request_token();
        item.insert(TOKEN.to_owned(), s(token.clone()));
        let result = self
            .client
            .put_item()
            .table_name(&self.table)
            .set_item(Some(item))
            .condition_expression("attribute_not_exists(#pk) OR #at <= :cutoff OR #tok = :tok")
            .expression_attribute_names("#pk", PK)
            .expression_attribute_names("#at", AT)
            .expression_attribute_names("#tok", TOKEN)
            .expression_attribute_values(":cutoff", n(now.saturating_sub(window)))
            .expression_attribute_values(":tok", s(token))
            .send()
            .await;
        match result {
            Ok(_) => Ok(true),
            Err(e)
                if e.as_service_error()
                    .is_some_and(|e| e.is_conditional_check_failed_exception()) =>
            {
                Ok(false)
            }
            Err(e) => Err(sdk_write_failed("put item (claim)", e)),
        }
    }

    async fn release(&self, claim_key: &str) -> Result<(), StoreError> {
        validate_claim_key(claim_key)?;
        self.client
            .delete_item()
            .table_name(&self.table)
            .set_key(Some(key(claim_pk(claim_key), CLAIM_SK.to_owned())))
            .send()
            .await
            .map_err(|e| sdk_write_failed("delete item (claim)", e))?;
        Ok(())
    }

    async fn put_dead_letter(&self, letter: DeadLetterRecord) -> Result<(), StoreError> {
        validate_competition(&letter.competition)?;
        let mut item = key(pk(&letter.competition), dead_letter_sk(&letter.id));
        item.insert(AT.to_owned(), n(letter.at.timestamp_millis()));
        item.insert(BODY.to_owned(), AttributeValue::B(Blob::new(letter.body)));
        check_size(&item, "dead letter")?;
        self.client
            .put_item()
            .table_name(&self.table)
            .set_item(Some(item))
            .send()
            .await
            .map_err(|e| sdk_write_failed("put item (dead letter)", e))?;
        Ok(())
    }

    async fn dead_letters(
        &self,
        competition: &str,
        limit: usize,
    ) -> Result<Vec<DeadLetterRecord>, StoreError> {
        validate_competition(competition)?;
        let mut letters = self
            .query_prefix(pk(competition), "X#", "query (dead letters)")
            .await?
            .iter()
            .map(|item| {
                Ok(DeadLetterRecord {
                    competition: competition.to_owned(),
                    at: get_millis(item)?,
                    id: sk_rest(item, "X#")?.to_owned(),
                    body: get_b(item, BODY)?.unwrap_or_default(),
                })
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        newest_first(&mut letters, limit);
        Ok(letters)
    }
}
