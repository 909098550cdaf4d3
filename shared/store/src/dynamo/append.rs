//! The append transaction: the commit, its snapshot, members, deadline
//! and receipt in one `TransactWriteItems`, retried while contended.

use super::*;
use crate::ReceiptRecord;
use aws_sdk_dynamodb::error::BuildError;
use aws_sdk_dynamodb::types::builders::PutBuilder;

impl DynamoStore {
    pub(super) fn commit_item(
        &self,
        append: &Append,
    ) -> Result<HashMap<String, AttributeValue>, StoreError> {
        let mut item = key(pk(&append.competition), version_sk(append.commit.version));
        item.insert(
            BODY.to_owned(),
            AttributeValue::B(Blob::new(append.commit.body.clone())),
        );
        let size = item_size(&item);
        if size > MAX_ITEM_BYTES {
            return Err(StoreError::Invalid(format!(
                "the commit item would be {size} bytes; DynamoDB items are limited to \
                 {MAX_ITEM_BYTES}"
            )));
        }
        if let Some(snapshot) = &append.snapshot {
            // The snapshot rides along while both fit; otherwise its
            // parts are items of their own and the commit counts them.
            if size + SNAP.len() + snapshot.body.len() <= MAX_ITEM_BYTES {
                item.insert(
                    SNAP.to_owned(),
                    AttributeValue::B(Blob::new(snapshot.body.clone())),
                );
            } else {
                let parts = snapshot.body.len().div_ceil(SNAPSHOT_PART_BYTES).max(1);
                item.insert(SNAP_PARTS.to_owned(), n(parts as i64));
            }
        }
        Ok(item)
    }

    /// The part items of a snapshot too large for its commit's item (none
    /// when it rides along, see [`DynamoStore::commit_item`]).
    pub(super) fn snapshot_parts(
        &self,
        append: &Append,
        commit: &HashMap<String, AttributeValue>,
    ) -> Result<Vec<HashMap<String, AttributeValue>>, StoreError> {
        let Some(snapshot) = append
            .snapshot
            .as_ref()
            .filter(|_| commit.contains_key(SNAP_PARTS))
        else {
            return Ok(vec![]);
        };
        let parts: Vec<&[u8]> = snapshot.body.chunks(SNAPSHOT_PART_BYTES).collect();
        if parts.len() > MAX_SNAPSHOT_PARTS {
            return Err(StoreError::Invalid(format!(
                "a snapshot of {} bytes needs {} parts; at most {MAX_SNAPSHOT_PARTS} fit in \
                 one append",
                snapshot.body.len(),
                parts.len()
            )));
        }
        Ok(parts
            .into_iter()
            .enumerate()
            .map(|(i, part)| {
                let mut item = key(
                    pk(&append.competition),
                    snapshot_part_sk(snapshot.version, i),
                );
                item.insert(BODY.to_owned(), AttributeValue::B(Blob::new(part.to_vec())));
                item
            })
            .collect())
    }

    /// The transaction of an append: the snapshot's part items, the commit,
    /// the check of the expected version, the members, the deadline and the
    /// receipt.
    pub(super) fn transaction(
        &self,
        append: &Append,
        commit: HashMap<String, AttributeValue>,
        parts: Vec<HashMap<String, AttributeValue>>,
    ) -> Result<Vec<TransactWriteItem>, StoreError> {
        let members: BTreeSet<&str> = append.members_added.iter().map(String::as_str).collect();
        if members.len() + parts.len() > MAX_MEMBERS_PER_APPEND {
            return Err(StoreError::Invalid(format!(
                "one append may add at most {MAX_MEMBERS_PER_APPEND} members and snapshot \
                 parts (DynamoDB transactions hold 100 actions); this one adds {} and {}",
                members.len(),
                parts.len()
            )));
        }
        let id = append.competition.as_str();
        let mut items = Vec::with_capacity(members.len() + parts.len() + 4);
        for part in parts {
            items.push(self.put(Put::builder().set_item(Some(part)))?);
        }
        // Of two appends of one version, only the first lands.
        items.push(
            self.put(
                Put::builder()
                    .set_item(Some(commit))
                    .condition_expression("attribute_not_exists(#pk)")
                    .expression_attribute_names("#pk", PK),
            )?,
        );
        if append.expected_version > 0 {
            items.push(self.expected_version_check(id, append.expected_version)?);
        }
        for user in members {
            items.push(self.put(Put::builder().set_item(Some(member_item(id, user))))?);
        }
        if let Some(deadline) = self.deadline_action(id, &append.due)? {
            items.push(deadline);
        }
        if let Some(receipt) = &append.receipt {
            items.push(self.receipt_put(id, receipt)?);
        }
        Ok(items)
    }

    /// `put` into the table, as one action of a transaction.
    fn put(&self, put: PutBuilder) -> Result<TransactWriteItem, StoreError> {
        let put = put.table_name(&self.table).build().map_err(built)?;
        Ok(TransactWriteItem::builder().put(put).build())
    }

    /// The check that the version the append follows is in the log, so that
    /// an append ahead of the log is refused as well as one behind it.
    fn expected_version_check(
        &self,
        id: &str,
        version: Version,
    ) -> Result<TransactWriteItem, StoreError> {
        let check = ConditionCheck::builder()
            .table_name(&self.table)
            .set_key(Some(key(pk(id), version_sk(version))))
            .condition_expression("attribute_exists(#pk)")
            .expression_attribute_names("#pk", PK)
            .build()
            .map_err(built)?;
        Ok(TransactWriteItem::builder().condition_check(check).build())
    }

    /// The deadline item's put or delete as `due` changes it; none when it
    /// is unchanged.
    fn deadline_action(
        &self,
        id: &str,
        due: &DueChange,
    ) -> Result<Option<TransactWriteItem>, StoreError> {
        match *due {
            DueChange::Unchanged => Ok(None),
            DueChange::Set(at) => {
                let ms = due_millis(at)?;
                let mut item = key(pk(id), DUE.to_owned());
                item.insert(GSI2PK.to_owned(), s(DUE));
                item.insert(GSI2SK.to_owned(), s(due_sk(ms, id)));
                item.insert(AT.to_owned(), AttributeValue::N(ms.to_string()));
                self.put(Put::builder().set_item(Some(item))).map(Some)
            }
            DueChange::Clear => {
                let delete = Delete::builder()
                    .table_name(&self.table)
                    .set_key(Some(key(pk(id), DUE.to_owned())))
                    .build()
                    .map_err(built)?;
                Ok(Some(TransactWriteItem::builder().delete(delete).build()))
            }
        }
    }

    /// The request's receipt. Written with the commit or not at all; an
    /// unexpired receipt of the same request fails the whole append as a
    /// conflict.
    fn receipt_put(&self, id: &str, r: &ReceiptRecord) -> Result<TransactWriteItem, StoreError> {
        let expires = r.expires.timestamp_millis();
        let mut item = key(pk(id), receipt_sk(&r.id));
        item.insert(
            BODY.to_owned(),
            AttributeValue::B(Blob::new(r.body.clone())),
        );
        item.insert(AT.to_owned(), n(expires));
        item.insert(TTL.to_owned(), n(claim_ttl(expires, 0)));
        self.put(
            Put::builder()
                .set_item(Some(item))
                .condition_expression("attribute_not_exists(#pk) OR #at <= :now")
                .expression_attribute_names("#pk", PK)
                .expression_attribute_names("#at", AT)
                .expression_attribute_values(":now", n(r.at.timestamp_millis())),
        )
    }

    /// Whether the commit of `append` in the table is the one this append
    /// wrote (it carries `mark`), when a transaction was refused because
    /// the version exists. An earlier send of this append may have landed
    /// after all: a send that timed out on the client's side can reach
    /// DynamoDB after its retry, and if the retry was cancelled
    /// (`TransactionConflict`) the next attempt goes with a new token and
    /// meets the commit the first send wrote. Without this check that
    /// commit would be reported as another writer's: the service would
    /// decide the command again on top of it (applying it twice, or
    /// refusing it as already done).
    pub(super) async fn landed(&self, append: &Append, mark: &str) -> Result<bool, StoreError> {
        let out = self
            .client
            .get_item()
            .table_name(&self.table)
            .consistent_read(true)
            .set_key(Some(key(
                pk(&append.competition),
                version_sk(append.commit.version),
            )))
            .projection_expression("#tok")
            .expression_attribute_names("#tok", TOKEN)
            .send()
            .await
            .map_err(|e| sdk_unavailable("get item (commit)", e))?;
        self.count_read();
        Ok(out
            .item
            .as_ref()
            .and_then(|item| item.get(TOKEN))
            .and_then(|t| t.as_s().ok())
            .is_some_and(|t| t == mark))
    }

    pub(super) async fn transact(
        &self,
        items: Vec<TransactWriteItem>,
        token: &str,
    ) -> Result<Attempt, StoreError> {
        let result = self
            .client
            .transact_write_items()
            .set_transact_items(Some(items))
            .client_request_token(token)
            .send()
            .await;
        let e = match result {
            Ok(_) => return Ok(Attempt::Done),
            Err(e) => e,
        };
        let Some(service) = e.as_service_error() else {
            return Err(sdk_write_failed("transact write items", e));
        };
        if let aws_sdk_dynamodb::operation::transact_write_items::TransactWriteItemsError::TransactionCanceledException(
            cancelled,
        ) = service
        {
            let codes: Vec<&str> = cancelled
                .cancellation_reasons()
                .iter()
                .filter_map(|r| r.code())
                .collect();
            if codes.contains(&"ConditionalCheckFailed") {
                return Err(StoreError::Conflict);
            }
            if codes.contains(&"TransactionConflict") {
                return Ok(Attempt::Contended);
            }
            // An answer: nothing of this token was applied (had an earlier
            // send of it been, DynamoDB would answer that success again).
            return Err(unavailable(
                "transact write items",
                format!(
                    "transaction cancelled ({}): {}",
                    codes.join(", "),
                    cancelled.message().unwrap_or("no message")
                ),
            ));
        }
        if service.is_transaction_in_progress_exception() {
            return Ok(Attempt::InProgress);
        }
        if service.is_internal_server_error() {
            // DynamoDB's 500: the transaction may or may not have been applied.
            return Err(StoreError::Indeterminate(format!(
                "DynamoDB transact write items: {}",
                DisplayErrorContext(e)
            )));
        }
        Err(sdk_unavailable("transact write items", e))
    }
}

/// A member's item, keyed in the members index by the user, so that the
/// competitions of a user are one query.
fn member_item(id: &str, user: &str) -> HashMap<String, AttributeValue> {
    let mut item = key(pk(id), member_sk(user));
    item.insert(GSI1PK.to_owned(), s(format!("U#{user}")));
    item.insert(GSI1SK.to_owned(), s(pk(id)));
    item
}

/// An action the SDK's builder refused (a required field missing).
fn built(e: BuildError) -> StoreError {
    unavailable("request", e)
}
