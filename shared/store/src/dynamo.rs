//! The DynamoDB adapter: the production path.
//!
//! # Table design
//!
//! One table, on-demand billing, string keys `PK` (partition) and `SK` (sort),
//! and two sparse global secondary indexes (only the items that carry their
//! key attributes are in them):
//!
//! - `gsi1` (`GSI1PK`, `GSI1SK`, keys only): the competitions of a user;
//! - `gsi2` (`GSI2PK`, `GSI2SK`, all attributes): the deadlines due before
//!   an instant.
//!
//! [`DynamoStore::create_table`] makes exactly this table (as does the
//! `Table` resource of `template.yaml`).
//!
//! | item       | `PK`       | `SK`                       | GSI keys                                                        | other attributes                    |
//! |------------|------------|----------------------------|-----------------------------------------------------------------|-------------------------------------|
//! | commit     | `C#<comp>` | `V#<version, 20 digits>`   | —                                                               | `body` (B); `snap` (B) when the snapshot after this commit is the latest one taken |
//! | member     | `C#<comp>` | `M#<user>`                 | `GSI1PK = U#<user>`, `GSI1SK = C#<comp>`                        | —                                   |
//! | deadline   | `C#<comp>` | `DUE`                      | `GSI2PK = DUE`, `GSI2SK = <millis, 15 digits>#<comp>`            | `at` (N, millis since the epoch)    |
//! | subscription | `C#<comp>` | `S#<id>`                 | —                                                               | `body` (B)                          |
//! | dead letter | `C#<comp>` | `X#<message id>`          | —                                                               | `at` (N, millis), `body` (B)        |
//! | claim      | `N#<key>`  | `N`                        | —                                                               | `at` (N, millis), `ttl` (N, epoch seconds), `tok` (S) |
//!
//! A competition is one partition. Versions are zero-padded so that string
//! order is version order; deadline instants likewise, so that string order
//! on `GSI2SK` is time order (instants before 1970 are refused).
//!
//! The notifier's items ([`NotifyStore`]) share a competition's partition
//! with its log, so every read of the log names the commit range in its key
//! condition (`begins_with(SK, "V#")` for a load, `SK BETWEEN V#… AND V#…`
//! for the audit log) and never meets them. A dead letter is keyed by its
//! message id alone, so putting it again replaces it with no read first;
//! [`NotifyStore::dead_letters`] is then one (paged) query of the
//! competition's `X#` range, ordered newest first in memory. That reads all
//! of a competition's dead letters, which stay few (one per message that
//! failed for good). Claims have a partition each (one key per message and
//! target, so no hot partition) and carry `ttl`, the instant their window
//! ends: [`DynamoStore::create_table`] (and `template.yaml`) make it the
//! table's TTL attribute, so DynamoDB deletes lapsed claims by itself.
//!
//! # Operations
//!
//! - **load** is one `Query` on the partition, newest commit first, reading
//!   pages (the first of [`DynamoStore::with_load_page`] items, 32 by
//!   default, then doubling) until it meets an item carrying `snap`. With a
//!   snapshot every 32 commits or more often, a load is one request.
//! - **append** is one write: a `TransactWriteItems` with the commit `Put`
//!   (condition: the version does not exist), a `ConditionCheck` that the
//!   expected version exists (so an append ahead of the log is refused too),
//!   the member `Put`s and the deadline `Put`/`Delete`. Even a first commit
//!   with nothing beside it goes as a (one-action) transaction rather than a
//!   plain `PutItem`: each transaction carries a `ClientRequestToken` that the
//!   SDK's retries reuse, so a retry after a lost response is answered with
//!   the first attempt's success, where a retried conditional `PutItem` would
//!   report a conflict for a commit that landed (and the service would then
//!   decide the command a second time).
//! - **claim** is one conditional `PutItem`: it lands if there is no claim,
//!   or the one there is at least the window old (`#at <= now − window`), or
//!   it is this very request's (`#tok`): each claim carries a fresh token, so
//!   the SDK's retry after a lost response wins as the first attempt did,
//!   where without it the retry would meet its own claim and lose, and the
//!   message would go to no one. A failed condition answers false.
//! - **commits**, **due_before**, **competitions_of**, **subscriptions** and
//!   **dead_letters** are `Query`s, paged. Reads of the partition are strongly consistent; the two index
//!   queries are eventually consistent (GSIs offer nothing else), so an
//!   entry may show up there a moment after its append returned.
//!
//! # Limits
//!
//! - A DynamoDB item is at most 400 KB ([`MAX_ITEM_BYTES`], counting
//!   attribute names and values). The commit body and the snapshot taken with
//!   it share one item, so an append whose commit item would be larger is
//!   refused with [`StoreError::Invalid`]: keep snapshots compact.
//! - A transaction holds at most 100 actions, so one append may add at most
//!   [`MAX_MEMBERS_PER_APPEND`] distinct members.
//! - An append that keeps losing to concurrent transactions on the same items
//!   (`TransactionConflict`) is retried a few times and then reported as
//!   [`StoreError::Conflict`]: nothing was written, reload and retry.
//! - All deadlines share the one `gsi2` partition `DUE`: fine for thousands
//!   of competitions, a hot key for far more.

use crate::{
    newest_first, validate, validate_claim_key, validate_competition, Append, CommitRecord,
    DeadLetterRecord, Due, DueChange, Loaded, NotifyStore, Snapshot, Store, StoreError,
    SubscriptionRecord, Version,
};
use aws_sdk_dynamodb::config::{BehaviorVersion, Credentials, Region};
use aws_sdk_dynamodb::error::{DisplayErrorContext, SdkError};
use aws_sdk_dynamodb::primitives::Blob;
use aws_sdk_dynamodb::types::{
    AttributeDefinition, AttributeValue, BillingMode, ConditionCheck, Delete, GlobalSecondaryIndex,
    KeySchemaElement, KeyType, Projection, ProjectionType, Put, ReturnValue, ScalarAttributeType,
    TableStatus, TimeToLiveSpecification, TimeToLiveStatus, TransactWriteItem,
};
use aws_sdk_dynamodb::Client;
use chrono::{DateTime, TimeZone, Utc};
use std::collections::{BTreeSet, HashMap};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Partition key attribute (S).
pub const PK: &str = "PK";
/// Sort key attribute (S).
pub const SK: &str = "SK";
/// Commit body attribute (B) of a commit item.
pub const BODY: &str = "body";
/// Snapshot body attribute (B) of the commit item the latest snapshot belongs to.
pub const SNAP: &str = "snap";
/// Deadline instant attribute (N, millis since the epoch) of a deadline item.
pub const AT: &str = "at";
/// The members index: competitions of a user.
pub const GSI1: &str = "gsi1";
/// Partition key of [`GSI1`] (S): `U#<user>`.
pub const GSI1PK: &str = "GSI1PK";
/// Sort key of [`GSI1`] (S): `C#<competition>`.
pub const GSI1SK: &str = "GSI1SK";
/// The deadline index: deadlines due before an instant.
pub const GSI2: &str = "gsi2";
/// Partition key of [`GSI2`] (S): always [`DUE`].
pub const GSI2PK: &str = "GSI2PK";
/// Sort key of [`GSI2`] (S): `<millis, 15 digits>#<competition>`.
pub const GSI2SK: &str = "GSI2SK";
/// Sort key of a deadline item, and the one partition of [`GSI2`].
pub const DUE: &str = "DUE";
/// Sort key of a claim item (its partition is `N#<key>`).
pub const CLAIM_SK: &str = "N";
/// The table's TTL attribute (N, epoch seconds): when a claim's window ends.
pub const TTL: &str = "ttl";
/// The token of the claim request that wrote a claim item (S).
pub const TOKEN: &str = "tok";

/// DynamoDB's item size limit: 400 KB, attribute names included.
pub const MAX_ITEM_BYTES: usize = 400 * 1024;
/// DynamoDB's limit of 100 actions per transaction, less the commit, the
/// version check and the deadline change.
pub const MAX_MEMBERS_PER_APPEND: usize = 97;

/// The largest instant the deadline index holds: 15 digits of milliseconds
/// (the year 33658).
const MAX_DUE_MILLIS: i64 = 999_999_999_999_999;
/// Attempts of one append while it meets `TransactionConflict`.
const CONFLICT_ATTEMPTS: u32 = 6;
const DEFAULT_LOAD_PAGE: i32 = 32;

/// The DynamoDB store. Cheap to clone; clones share the client.
#[derive(Clone, Debug)]
pub struct DynamoStore {
    client: Client,
    table: String,
    load_page: i32,
}

fn unavailable(what: &str, e: impl std::fmt::Display) -> StoreError {
    StoreError::Unavailable(format!("DynamoDB {what}: {e}"))
}

fn sdk_unavailable<E, R>(what: &str, e: SdkError<E, R>) -> StoreError
where
    E: std::error::Error + 'static,
    R: std::fmt::Debug,
{
    unavailable(what, DisplayErrorContext(e))
}

fn pk(competition: &str) -> String {
    format!("C#{competition}")
}

fn version_sk(version: Version) -> String {
    format!("V#{version:020}")
}

fn member_sk(user: &str) -> String {
    format!("M#{user}")
}

fn due_sk(millis: i64, competition: &str) -> String {
    format!("{millis:015}#{competition}")
}

fn subscription_sk(id: &str) -> String {
    format!("S#{id}")
}

/// A kept Idempotency-Key receipt: beside the competition's commits, never
/// read by a load (which reads `V#` only).
fn receipt_sk(id: &str) -> String {
    format!("R#{id}")
}

fn dead_letter_sk(id: &str) -> String {
    format!("X#{id}")
}

fn claim_pk(key: &str) -> String {
    format!("N#{key}")
}

/// The TTL of a claim made at `now` (millis) for `window` (millis): epoch
/// seconds, rounded up so that DynamoDB never removes a claim before its
/// window has passed (removing it later is harmless: a lapsed claim loses to
/// the next one anyway).
fn claim_ttl(now: i64, window: i64) -> i64 {
    let end = now.saturating_add(window.max(0));
    end.div_euclid(1000) + i64::from(end.rem_euclid(1000) != 0)
}

fn n(v: i64) -> AttributeValue {
    AttributeValue::N(v.to_string())
}

fn s(v: impl Into<String>) -> AttributeValue {
    AttributeValue::S(v.into())
}

fn key(pk: String, sk: String) -> HashMap<String, AttributeValue> {
    HashMap::from([(PK.to_owned(), s(pk)), (SK.to_owned(), s(sk))])
}

/// The size DynamoDB counts for an item (names plus values; numbers are
/// counted generously).
fn item_size(item: &HashMap<String, AttributeValue>) -> usize {
    item.iter()
        .map(|(name, value)| {
            name.len()
                + match value {
                    AttributeValue::S(v) => v.len(),
                    AttributeValue::B(v) => v.as_ref().len(),
                    AttributeValue::N(v) => v.len() + 1,
                    _ => 0,
                }
        })
        .sum()
}

fn get_s<'a>(item: &'a HashMap<String, AttributeValue>, name: &str) -> Result<&'a str, StoreError> {
    match item.get(name) {
        Some(AttributeValue::S(v)) => Ok(v),
        _ => Err(unavailable(
            "item",
            format!("attribute {name} is missing or not a string"),
        )),
    }
}

fn get_b(
    item: &HashMap<String, AttributeValue>,
    name: &str,
) -> Result<Option<Vec<u8>>, StoreError> {
    match item.get(name) {
        None => Ok(None),
        Some(AttributeValue::B(v)) => Ok(Some(v.clone().into_inner())),
        Some(_) => Err(unavailable(
            "item",
            format!("attribute {name} is not binary"),
        )),
    }
}

fn get_millis(item: &HashMap<String, AttributeValue>) -> Result<DateTime<Utc>, StoreError> {
    let ms: i64 = match item.get(AT) {
        Some(AttributeValue::N(n)) => n.parse().ok(),
        _ => None,
    }
    .ok_or_else(|| unavailable("item", "no valid `at`"))?;
    Utc.timestamp_millis_opt(ms)
        .single()
        .ok_or_else(|| unavailable("item", "`at` out of range"))
}

/// The part of a sort key after its prefix (`S#`, `X#`).
fn sk_rest<'a>(
    item: &'a HashMap<String, AttributeValue>,
    prefix: &str,
) -> Result<&'a str, StoreError> {
    let sk = get_s(item, SK)?;
    sk.strip_prefix(prefix)
        .ok_or_else(|| unavailable("item", format!("sort key {sk:?} lacks {prefix:?}")))
}

/// Refuses an item DynamoDB would refuse, as [`StoreError::Invalid`] (the
/// caller's to fix) rather than the service error it would become.
fn check_size(item: &HashMap<String, AttributeValue>, what: &str) -> Result<(), StoreError> {
    let size = item_size(item);
    if size > MAX_ITEM_BYTES {
        return Err(StoreError::Invalid(format!(
            "the {what} item would be {size} bytes; DynamoDB items are limited to {MAX_ITEM_BYTES}"
        )));
    }
    Ok(())
}

fn commit_version(item: &HashMap<String, AttributeValue>) -> Result<Version, StoreError> {
    let sk = get_s(item, SK)?;
    sk.strip_prefix("V#")
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| unavailable("item", format!("bad commit sort key {sk:?}")))
}

fn commit_record(item: &HashMap<String, AttributeValue>) -> Result<CommitRecord, StoreError> {
    Ok(CommitRecord {
        version: commit_version(item)?,
        body: get_b(item, BODY)?.unwrap_or_default(),
    })
}

fn due_millis(at: DateTime<Utc>) -> Result<i64, StoreError> {
    let ms = at.timestamp_millis();
    if (0..=MAX_DUE_MILLIS).contains(&ms) {
        Ok(ms)
    } else {
        Err(StoreError::Invalid(format!(
            "deadline {at} is outside what the deadline index holds (1970 to the year 33658)"
        )))
    }
}

fn page_limit(n: usize) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

/// What became of one attempt at a transactional append.
enum Attempt {
    Done,
    /// Cancelled by a concurrent transaction on the same items: nothing was
    /// written, try again as a new request.
    Contended,
    /// An earlier send of the same request (same token: the SDK's retry
    /// after a timeout) is still running: ask again with the same token,
    /// which answers with that request's outcome.
    InProgress,
}

/// A client request token (at most 36 characters) no other append uses, in
/// this process or any other (Lambda containers often share a pid): the
/// time, and a counter hashed with a key the OS's randomness seeded.
fn request_token() -> String {
    use std::hash::{BuildHasher, Hasher};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    static KEYS: std::sync::OnceLock<std::collections::hash_map::RandomState> =
        std::sync::OnceLock::new();
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let mut hasher = KEYS.get_or_init(Default::default).build_hasher();
    hasher.write_u64(NEXT.fetch_add(1, Ordering::Relaxed));
    format!("{nanos:016x}{:016x}", hasher.finish())
}

impl DynamoStore {
    /// A store on `table` through `client`.
    pub fn new(client: Client, table: impl Into<String>) -> Self {
        Self {
            client,
            table: table.into(),
            load_page: DEFAULT_LOAD_PAGE,
        }
    }

    /// A store on `table` with the credentials, region and endpoint the
    /// environment gives (in Lambda: the function's role and region).
    pub async fn from_env(table: impl Into<String>) -> Self {
        let config = aws_config::load_defaults(BehaviorVersion::latest()).await;
        Self::new(Client::new(&config), table)
    }

    /// A store on `table` at a local DynamoDB-compatible server
    /// (`scripts/moto.sh`), with dummy credentials.
    pub async fn local(endpoint_url: &str, table: impl Into<String>) -> Self {
        let config = aws_sdk_dynamodb::Config::builder()
            .endpoint_url(endpoint_url)
            .credentials_provider(Credentials::new("test", "test", None, None, "static"))
            .region(Region::new("us-east-1"))
            .behavior_version_latest()
            .build();
        Self::new(Client::from_conf(config), table)
    }

    /// How many items the first page of a load reads (default 32); later
    /// pages double. Make it larger than the service's snapshot interval so
    /// a load is one request.
    pub fn with_load_page(mut self, items: u16) -> Self {
        self.load_page = i32::from(items.max(1));
        self
    }

    /// The table's name.
    pub fn table(&self) -> &str {
        &self.table
    }

    /// The client, for tools that manage tables.
    pub fn client(&self) -> &Client {
        &self.client
    }

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

    /// Every item of partition `pk` whose sort key begins with `prefix`, in
    /// sort key order, reading every page.
    async fn query_prefix(
        &self,
        pk: String,
        prefix: &str,
        what: &str,
    ) -> Result<Vec<HashMap<String, AttributeValue>>, StoreError> {
        let mut items = Vec::new();
        let mut start = None;
        loop {
            let out = self
                .client
                .query()
                .table_name(&self.table)
                .consistent_read(true)
                .key_condition_expression("#pk = :pk AND begins_with(#sk, :prefix)")
                .expression_attribute_names("#pk", PK)
                .expression_attribute_names("#sk", SK)
                .expression_attribute_values(":pk", s(pk.clone()))
                .expression_attribute_values(":prefix", s(prefix))
                .set_exclusive_start_key(start)
                .send()
                .await
                .map_err(|e| sdk_unavailable(what, e))?;
            start = out.last_evaluated_key;
            items.extend(out.items.unwrap_or_default());
            if start.is_none() {
                return Ok(items);
            }
        }
    }

    fn commit_item(&self, append: &Append) -> Result<HashMap<String, AttributeValue>, StoreError> {
        let mut item = key(pk(&append.competition), version_sk(append.commit.version));
        item.insert(
            BODY.to_owned(),
            AttributeValue::B(Blob::new(append.commit.body.clone())),
        );
        if let Some(snapshot) = &append.snapshot {
            item.insert(
                SNAP.to_owned(),
                AttributeValue::B(Blob::new(snapshot.body.clone())),
            );
        }
        let size = item_size(&item);
        if size > MAX_ITEM_BYTES {
            return Err(StoreError::Invalid(format!(
                "the commit item (commit body and snapshot) would be {size} bytes; \
                 DynamoDB items are limited to {MAX_ITEM_BYTES}"
            )));
        }
        Ok(item)
    }

    /// The transaction of an append.
    fn transaction(
        &self,
        append: &Append,
        commit: HashMap<String, AttributeValue>,
    ) -> Result<Vec<TransactWriteItem>, StoreError> {
        let members: BTreeSet<&str> = append.members_added.iter().map(String::as_str).collect();
        if members.len() > MAX_MEMBERS_PER_APPEND {
            return Err(StoreError::Invalid(format!(
                "one append may add at most {MAX_MEMBERS_PER_APPEND} members (DynamoDB \
                 transactions hold 100 actions); this one adds {}",
                members.len()
            )));
        }
        let built = |e: aws_sdk_dynamodb::error::BuildError| unavailable("request", e);
        let id = append.competition.as_str();
        let mut items = Vec::with_capacity(members.len() + 3);
        items.push(
            TransactWriteItem::builder()
                .put(
                    Put::builder()
                        .table_name(&self.table)
                        .set_item(Some(commit))
                        .condition_expression("attribute_not_exists(#pk)")
                        .expression_attribute_names("#pk", PK)
                        .build()
                        .map_err(built)?,
                )
                .build(),
        );
        if append.expected_version > 0 {
            items.push(
                TransactWriteItem::builder()
                    .condition_check(
                        ConditionCheck::builder()
                            .table_name(&self.table)
                            .set_key(Some(key(pk(id), version_sk(append.expected_version))))
                            .condition_expression("attribute_exists(#pk)")
                            .expression_attribute_names("#pk", PK)
                            .build()
                            .map_err(built)?,
                    )
                    .build(),
            );
        }
        for user in members {
            let mut item = key(pk(id), member_sk(user));
            item.insert(GSI1PK.to_owned(), s(format!("U#{user}")));
            item.insert(GSI1SK.to_owned(), s(pk(id)));
            items.push(
                TransactWriteItem::builder()
                    .put(
                        Put::builder()
                            .table_name(&self.table)
                            .set_item(Some(item))
                            .build()
                            .map_err(built)?,
                    )
                    .build(),
            );
        }
        match append.due {
            DueChange::Unchanged => {}
            DueChange::Set(at) => {
                let ms = due_millis(at)?;
                let mut item = key(pk(id), DUE.to_owned());
                item.insert(GSI2PK.to_owned(), s(DUE));
                item.insert(GSI2SK.to_owned(), s(due_sk(ms, id)));
                item.insert(AT.to_owned(), AttributeValue::N(ms.to_string()));
                items.push(
                    TransactWriteItem::builder()
                        .put(
                            Put::builder()
                                .table_name(&self.table)
                                .set_item(Some(item))
                                .build()
                                .map_err(built)?,
                        )
                        .build(),
                );
            }
            DueChange::Clear => items.push(
                TransactWriteItem::builder()
                    .delete(
                        Delete::builder()
                            .table_name(&self.table)
                            .set_key(Some(key(pk(id), DUE.to_owned())))
                            .build()
                            .map_err(built)?,
                    )
                    .build(),
            ),
        }
        if let Some(r) = &append.receipt {
            // Written with the commit or not at all; an unexpired receipt of
            // the same request fails the whole append as a conflict.
            let expires = r.expires.timestamp_millis();
            let mut item = key(pk(id), receipt_sk(&r.id));
            item.insert(
                BODY.to_owned(),
                AttributeValue::B(Blob::new(r.body.clone())),
            );
            item.insert(AT.to_owned(), n(expires));
            item.insert(TTL.to_owned(), n(claim_ttl(expires, 0)));
            items.push(
                TransactWriteItem::builder()
                    .put(
                        Put::builder()
                            .table_name(&self.table)
                            .set_item(Some(item))
                            .condition_expression("attribute_not_exists(#pk) OR #at <= :now")
                            .expression_attribute_names("#pk", PK)
                            .expression_attribute_names("#at", AT)
                            .expression_attribute_values(":now", n(r.at.timestamp_millis()))
                            .build()
                            .map_err(built)?,
                    )
                    .build(),
            );
        }
        Ok(items)
    }

    async fn transact(
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
            return Err(sdk_unavailable("transact write items", e));
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
        Err(sdk_unavailable("transact write items", e))
    }
}

/// A short pause before retrying a contended append: 10, 20, 40 ms …, with
/// jitter so that contending writers part.
async fn backoff(attempt: u32) {
    let base = 10u64 << attempt.min(6);
    let jitter = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::from(d.subsec_nanos()))
        % base;
    tokio::time::sleep(Duration::from_millis(base + jitter)).await;
}

impl Store for DynamoStore {
    async fn load(&self, competition: &str) -> Result<Option<Loaded>, StoreError> {
        // Newest first, until the item that carries the latest snapshot.
        let mut newer = Vec::new();
        let mut snapshot = None;
        let mut start = None;
        let mut page = self.load_page;
        'pages: loop {
            let out = self
                .client
                .query()
                .table_name(&self.table)
                .consistent_read(true)
                .key_condition_expression("#pk = :pk AND begins_with(#sk, :v)")
                .expression_attribute_names("#pk", PK)
                .expression_attribute_names("#sk", SK)
                .expression_attribute_values(":pk", s(pk(competition)))
                .expression_attribute_values(":v", s("V#"))
                .scan_index_forward(false)
                .limit(page)
                .set_exclusive_start_key(start)
                .send()
                .await
                .map_err(|e| sdk_unavailable("query (load)", e))?;
            for item in out.items() {
                let commit = commit_record(item)?;
                if let Some(body) = get_b(item, SNAP)? {
                    snapshot = Some(Snapshot {
                        version: commit.version,
                        body,
                    });
                    break 'pages;
                }
                newer.push(commit);
            }
            start = out.last_evaluated_key;
            if start.is_none() {
                break;
            }
            page = page.saturating_mul(2);
        }
        newer.reverse();
        Ok((snapshot.is_some() || !newer.is_empty()).then_some(Loaded {
            snapshot,
            commits: newer,
        }))
    }

    async fn append(&self, append: Append) -> Result<(), StoreError> {
        validate(&append)?;
        let commit = self.commit_item(&append)?;
        let transaction = self.transaction(&append, commit)?;
        let mut token = request_token();
        let mut last = Attempt::Done;
        for attempt in 0..CONFLICT_ATTEMPTS {
            if attempt > 0 {
                backoff(attempt).await;
            }
            last = self.transact(transaction.clone(), &token).await?;
            match last {
                Attempt::Done => return Ok(()),
                Attempt::Contended => {
                    tracing::debug!(competition = %append.competition, attempt, "append contended");
                    token = request_token();
                }
                Attempt::InProgress => {
                    tracing::debug!(competition = %append.competition, attempt, "append in progress");
                }
            }
        }
        match last {
            // Nothing was written: the caller reloads and decides again.
            Attempt::Contended => Err(StoreError::Conflict),
            _ => Err(unavailable(
                "transact write items",
                "the append was still in progress after retries; its outcome is unknown",
            )),
        }
    }

    async fn receipt(
        &self,
        competition: &str,
        id: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<Vec<u8>>, StoreError> {
        let out = self
            .client
            .get_item()
            .table_name(&self.table)
            .consistent_read(true)
            .set_key(Some(key(pk(competition), receipt_sk(id))))
            .send()
            .await
            .map_err(|e| sdk_unavailable("get item (receipt)", e))?;
        let Some(item) = out.item else {
            return Ok(None);
        };
        let expires = item
            .get(AT)
            .and_then(|v| v.as_n().ok())
            .and_then(|v| v.parse::<i64>().ok())
            .ok_or_else(|| unavailable("get item (receipt)", "a receipt without its expiry"))?;
        if expires <= now.timestamp_millis() {
            return Ok(None);
        }
        let body = item
            .get(BODY)
            .and_then(|v| v.as_b().ok())
            .ok_or_else(|| unavailable("get item (receipt)", "a receipt without its body"))?;
        Ok(Some(body.as_ref().to_vec()))
    }

    async fn commits(
        &self,
        competition: &str,
        after: Version,
        limit: usize,
    ) -> Result<Vec<CommitRecord>, StoreError> {
        let Some(first) = after.checked_add(1) else {
            return Ok(vec![]);
        };
        let mut commits = Vec::new();
        let mut start = None;
        while commits.len() < limit {
            let out = self
                .client
                .query()
                .table_name(&self.table)
                .consistent_read(true)
                .key_condition_expression("#pk = :pk AND #sk BETWEEN :from AND :to")
                .projection_expression("#sk, #body")
                .expression_attribute_names("#pk", PK)
                .expression_attribute_names("#sk", SK)
                .expression_attribute_names("#body", BODY)
                .expression_attribute_values(":pk", s(pk(competition)))
                .expression_attribute_values(":from", s(version_sk(first)))
                .expression_attribute_values(":to", s(version_sk(Version::MAX)))
                .limit(page_limit(limit - commits.len()))
                .set_exclusive_start_key(start)
                .send()
                .await
                .map_err(|e| sdk_unavailable("query (commits)", e))?;
            for item in out.items() {
                commits.push(commit_record(item)?);
            }
            start = out.last_evaluated_key;
            if start.is_none() {
                break;
            }
        }
        commits.truncate(limit);
        Ok(commits)
    }

    async fn due_before(&self, t: DateTime<Utc>, limit: usize) -> Result<Vec<Due>, StoreError> {
        let upto = t.timestamp_millis().min(MAX_DUE_MILLIS);
        if upto < 0 {
            // Nothing before 1970 is ever in the index.
            return Ok(vec![]);
        }
        // Every key of an instant at or before `upto` is `<15 digits>#<id>`
        // with digits <= upto's; '$' is the character after '#', so this
        // bound takes every id due exactly at `upto` and nothing later.
        let bound = format!("{upto:015}$");
        let mut due = Vec::new();
        let mut start = None;
        while due.len() < limit {
            let out = self
                .client
                .query()
                .table_name(&self.table)
                .index_name(GSI2)
                .key_condition_expression("#pk = :due AND #sk < :bound")
                .expression_attribute_names("#pk", GSI2PK)
                .expression_attribute_names("#sk", GSI2SK)
                .expression_attribute_values(":due", s(DUE))
                .expression_attribute_values(":bound", s(bound.clone()))
                .limit(page_limit(limit - due.len()))
                .set_exclusive_start_key(start)
                .send()
                .await
                .map_err(|e| sdk_unavailable("query (due before)", e))?;
            for item in out.items() {
                let competition = get_s(item, PK)?
                    .strip_prefix("C#")
                    .ok_or_else(|| unavailable("item", "bad deadline partition key"))?
                    .to_owned();
                let at = get_millis(item)?;
                due.push(Due { competition, at });
            }
            start = out.last_evaluated_key;
            if start.is_none() {
                break;
            }
        }
        due.truncate(limit);
        Ok(due)
    }

    async fn competitions_of(&self, user: &str) -> Result<Vec<String>, StoreError> {
        let mut competitions = Vec::new();
        let mut start = None;
        loop {
            let out = self
                .client
                .query()
                .table_name(&self.table)
                .index_name(GSI1)
                .key_condition_expression("#pk = :user")
                .expression_attribute_names("#pk", GSI1PK)
                .expression_attribute_values(":user", s(format!("U#{user}")))
                .set_exclusive_start_key(start)
                .send()
                .await
                .map_err(|e| sdk_unavailable("query (competitions of)", e))?;
            for item in out.items() {
                let id = get_s(item, GSI1SK)?
                    .strip_prefix("C#")
                    .ok_or_else(|| unavailable("item", "bad member index sort key"))?;
                competitions.push(id.to_owned());
            }
            start = out.last_evaluated_key;
            if start.is_none() {
                break;
            }
        }
        competitions.sort();
        competitions.dedup();
        Ok(competitions)
    }
}

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
            .map_err(|e| sdk_unavailable("put item (subscription)", e))?;
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
            .map_err(|e| sdk_unavailable("delete item (subscription)", e))?;
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
            Err(e) => Err(sdk_unavailable("put item (claim)", e)),
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
            .map_err(|e| sdk_unavailable("delete item (claim)", e))?;
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
            .map_err(|e| sdk_unavailable("put item (dead letter)", e))?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_sort_as_their_numbers() {
        assert!(version_sk(9) < version_sk(10));
        assert_eq!(version_sk(Version::MAX).len(), 22);
        assert!(due_sk(999, "z") < due_sk(1000, "a"));
        // The due_before bound takes every id due exactly at t, none later.
        let bound = format!("{:015}$", 1000);
        assert!(due_sk(1000, "\u{10FFFF}zzz").as_str() < bound.as_str());
        assert!(due_sk(1001, "").as_str() > bound.as_str());
    }

    #[test]
    fn notifier_items_sort_outside_the_commit_range() {
        // load and commits name the V# range; no notifier key falls in it.
        for sk in [
            subscription_sk("zzz"),
            dead_letter_sk("zzz"),
            member_sk("z"),
        ] {
            assert!(!sk.starts_with("V#"));
            assert!(
                sk.as_str() < version_sk(1).as_str() || sk.as_str() > version_sk(u64::MAX).as_str()
            );
        }
    }

    #[test]
    fn claim_ttl_never_ends_before_the_window() {
        assert_eq!(claim_ttl(1_000, 60_000), 61);
        assert_eq!(claim_ttl(1_001, 60_000), 62);
        assert_eq!(claim_ttl(5_000, -1), 5);
    }

    #[test]
    fn request_tokens_are_distinct_and_short() {
        let (a, b) = (request_token(), request_token());
        assert_ne!(a, b);
        assert!(a.len() <= 36 && b.len() <= 36);
    }

    #[test]
    fn deadlines_before_1970_are_refused() {
        let before = Utc.with_ymd_and_hms(1969, 12, 31, 23, 59, 59).unwrap();
        assert!(matches!(due_millis(before), Err(StoreError::Invalid(_))));
        assert_eq!(due_millis(DateTime::UNIX_EPOCH), Ok(0));
    }
}
