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
//! | commit     | `C#<comp>` | `V#<version, 20 digits>`   | —                                                               | `body` (B); `tok` (S), a mark of the append that wrote it; `snap` (B) when the snapshot after this commit is the latest one taken, or `parts` (N) when that snapshot is in part items |
//! | snapshot part | `C#<comp>` | `P#<version, 20 digits>#<index, 4 digits>` | —                                               | `body` (B): the next [`SNAPSHOT_PART_BYTES`] of the snapshot |
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
//!   default, then doubling) until it meets an item carrying `snap` or
//!   `parts`. With a snapshot every 32 commits or more often, that is one
//!   request; a snapshot in parts costs one more query (a page per MB of
//!   snapshot, at most [`MAX_SNAPSHOT_PARTS`] parts).
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
//!   attribute names and values). A snapshot rides in its commit's item
//!   while the two fit; a larger one is split into part items of
//!   [`SNAPSHOT_PART_BYTES`] written in the same transaction (at most
//!   [`MAX_SNAPSHOT_PARTS`]), so no item nears the limit. A commit body
//!   alone over the limit is refused with [`StoreError::Invalid`].
//! - A transaction holds at most 100 actions, so one append may add at most
//!   [`MAX_MEMBERS_PER_APPEND`] distinct members.
//! - An append that keeps losing to concurrent transactions on the same items
//!   (`TransactionConflict`) is retried with growing, jittered pauses while
//!   one more try fits in its deadline (6 s, so that a command ends inside
//!   the function's 15 s: see `contention`) and then reported as
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

mod append;
mod contention;
mod log;
mod notify;
mod table;

/// Partition key attribute (S).
pub const PK: &str = "PK";
/// Sort key attribute (S).
pub const SK: &str = "SK";
/// Commit body attribute (B) of a commit item.
pub const BODY: &str = "body";
/// Snapshot body attribute (B) of the commit item the latest snapshot belongs to.
pub const SNAP: &str = "snap";
/// On a commit item whose snapshot is too large to ride along (N): how
/// many snapshot part items hold it, in order.
pub const SNAP_PARTS: &str = "parts";
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
/// The token of the claim request that wrote a claim item, or the mark of
/// the append that wrote a commit item (S).
pub const TOKEN: &str = "tok";

/// DynamoDB's item size limit: 400 KB, attribute names included.
pub const MAX_ITEM_BYTES: usize = 400 * 1024;
/// DynamoDB's limit of 100 actions per transaction, less the commit, the
/// version check and the deadline change.
pub const MAX_MEMBERS_PER_APPEND: usize = 97;
/// The most bytes of a snapshot one part item holds: well under
/// [`MAX_ITEM_BYTES`] with its keys.
pub const SNAPSHOT_PART_BYTES: usize = 350 * 1024;
/// The most part items a snapshot is split into: the parts go in the
/// append's transaction, whose requests DynamoDB limits to 4 MB in all.
pub const MAX_SNAPSHOT_PARTS: usize = 10;

/// The largest instant the deadline index holds: 15 digits of milliseconds
/// (the year 33658).
const MAX_DUE_MILLIS: i64 = 999_999_999_999_999;
const DEFAULT_LOAD_PAGE: i32 = 32;

/// The DynamoDB store. Cheap to clone; clones share the client.
#[derive(Clone, Debug)]
pub struct DynamoStore {
    client: Client,
    table: String,
    load_page: i32,
    /// Read requests made by the log port so far (see [`DynamoStore::reads`]).
    reads: std::sync::Arc<AtomicU64>,
}

fn unavailable(what: &str, e: impl std::fmt::Display) -> StoreError {
    StoreError::Unavailable(format!("DynamoDB {what}: {e}"))
}

/// A failed write request: [`StoreError::Unavailable`] when DynamoDB
/// answered with an error or the request was never sent (the SDK could not
/// build it); [`StoreError::Indeterminate`] when it was sent and no answer
/// came (a timeout, a connection lost), since it may have been applied.
fn sdk_write_failed<E, R>(what: &str, e: SdkError<E, R>) -> StoreError
where
    E: std::error::Error + 'static,
    R: std::fmt::Debug,
{
    match e {
        SdkError::ConstructionFailure(_) | SdkError::ServiceError(_) => sdk_unavailable(what, e),
        e => StoreError::Indeterminate(format!("DynamoDB {what}: {}", DisplayErrorContext(e))),
    }
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

/// The sort keys of the parts of the snapshot taken at `version` begin
/// with this; `P#` sorts before `V#`, so no load or page of the log meets
/// a part.
fn snapshot_part_prefix(version: Version) -> String {
    format!("P#{version:020}#")
}

fn snapshot_part_sk(version: Version, index: usize) -> String {
    format!("{}{index:04}", snapshot_part_prefix(version))
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
pub fn item_size(item: &HashMap<String, AttributeValue>) -> usize {
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

fn get_n(item: &HashMap<String, AttributeValue>, name: &str) -> Result<Option<i64>, StoreError> {
    match item.get(name) {
        None => Ok(None),
        Some(AttributeValue::N(v)) => v
            .parse()
            .map(Some)
            .map_err(|_| unavailable("item", format!("attribute {name} is not a number"))),
        Some(_) => Err(unavailable(
            "item",
            format!("attribute {name} is not a number"),
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
pub(crate) enum Attempt {
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

/// Attempts of one request, the first included (see [`patience`]).
pub const SDK_MAX_ATTEMPTS: u32 = 4;
/// The first pause before a retry; later ones grow exponentially (with
/// full jitter) up to [`SDK_MAX_BACKOFF`].
pub const SDK_INITIAL_BACKOFF: Duration = Duration::from_millis(50);
pub const SDK_MAX_BACKOFF: Duration = Duration::from_secs(1);
/// One attempt (send to last byte of the answer).
pub const SDK_ATTEMPT_TIMEOUT: Duration = Duration::from_millis(1500);
/// One request, all its attempts and pauses together.
pub const SDK_OPERATION_TIMEOUT: Duration = Duration::from_secs(4);
/// Opening a connection.
pub const SDK_CONNECT_TIMEOUT: Duration = Duration::from_secs(1);

/// How long the SDK waits and how often it tries again, chosen rather than
/// left to its defaults (3 attempts, 1 s first backoff up to 20 s, no
/// timeouts at all), so that a command fails fast and whole inside its
/// Lambda function's 15 s (`template.yaml`):
///
/// - **Standard** retry mode, not adaptive: adaptive adds a client-side
///   rate limiter that learns from throttling, which pays off for a
///   long-lived client sending many requests; a Lambda sandbox serves one
///   invocation at a time and sends a handful, so the limiter would only
///   add sleeps. Standard retries throttling (`ProvisionedThroughput…`,
///   `ThrottlingException`), 500/503, timeouts and broken connections, with
///   exponential backoff and full jitter.
/// - **4 attempts**, backoff from 50 ms to at most 1 s: a DynamoDB request
///   takes milliseconds, so a throttle or a dropped connection is usually
///   over by the second attempt; four ride out a short burst.
/// - **1.5 s per attempt, 4 s per request**: a command is at most a load,
///   a receipt read and an append (each one request), 12 s at worst, under
///   the 15 s timeout, so the function answers (503 with `Retry-After`)
///   rather than being cut off by Lambda (a 5xx with no body, and no way
///   to say "retry").
/// - A retried write is safe: an append's transaction carries a
///   `ClientRequestToken` and a claim its own token, so the retry of a
///   write that landed but whose answer was lost is answered as the first
///   attempt was (see the module's Operations).
fn patience(config: aws_sdk_dynamodb::config::Builder) -> aws_sdk_dynamodb::config::Builder {
    use aws_sdk_dynamodb::config::retry::RetryConfig;
    use aws_sdk_dynamodb::config::timeout::TimeoutConfig;
    config
        .retry_config(
            RetryConfig::standard()
                .with_max_attempts(SDK_MAX_ATTEMPTS)
                .with_initial_backoff(SDK_INITIAL_BACKOFF)
                .with_max_backoff(SDK_MAX_BACKOFF),
        )
        .timeout_config(
            TimeoutConfig::builder()
                .connect_timeout(SDK_CONNECT_TIMEOUT)
                .operation_attempt_timeout(SDK_ATTEMPT_TIMEOUT)
                .operation_timeout(SDK_OPERATION_TIMEOUT)
                .build(),
        )
}

impl DynamoStore {
    /// A store on `table` through `client`.
    pub fn new(client: Client, table: impl Into<String>) -> Self {
        Self {
            client,
            table: table.into(),
            load_page: DEFAULT_LOAD_PAGE,
            reads: std::sync::Arc::default(),
        }
    }

    /// How many read requests (queries and gets, each page counted) loads,
    /// pages of the log and receipts made through this store and its
    /// clones: what a test holds a command's reads to.
    pub fn reads(&self) -> u64 {
        self.reads.load(Ordering::Relaxed)
    }

    fn count_read(&self) {
        self.reads.fetch_add(1, Ordering::Relaxed);
    }

    /// The snapshot taken at `version` from its `parts` part items, in
    /// order; a missing part is an error, never a shorter snapshot.
    pub(super) async fn snapshot_in_parts(
        &self,
        competition: &str,
        version: Version,
        parts: i64,
    ) -> Result<Vec<u8>, StoreError> {
        let (items, pages) = self
            .query_prefix_counted(
                pk(competition),
                &snapshot_part_prefix(version),
                "query (snapshot parts)",
            )
            .await?;
        self.reads.fetch_add(pages, Ordering::Relaxed);
        if items.len() as i64 != parts {
            return Err(unavailable(
                "query (snapshot parts)",
                format!(
                    "the snapshot at version {version} has {} of its {parts} parts",
                    items.len()
                ),
            ));
        }
        let mut body = Vec::new();
        for item in &items {
            body.extend(get_b(item, BODY)?.unwrap_or_default());
        }
        Ok(body)
    }

    /// A store on `table` with the credentials, region and endpoint the
    /// environment gives (in Lambda: the function's role and region).
    pub async fn from_env(table: impl Into<String>) -> Self {
        let config = aws_config::load_defaults(BehaviorVersion::latest()).await;
        let config = patience(aws_sdk_dynamodb::config::Builder::from(&config)).build();
        Self::new(Client::from_conf(config), table)
    }

    /// A store on `table` at a local DynamoDB-compatible server
    /// (`scripts/moto.sh`), with dummy credentials.
    pub async fn local(endpoint_url: &str, table: impl Into<String>) -> Self {
        let config = aws_sdk_dynamodb::Config::builder()
            .endpoint_url(endpoint_url)
            .credentials_provider(Credentials::new("test", "test", None, None, "static"))
            .region(Region::new("us-east-1"))
            .behavior_version_latest();
        Self::new(Client::from_conf(patience(config).build()), table)
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

    /// Every item the table holds for `competition` (commits, snapshot
    /// parts, receipts), as stored: what a check of DynamoDB's item limit
    /// reads. Not counted in [`Self::reads`].
    pub async fn items_of(
        &self,
        competition: &str,
    ) -> Result<Vec<HashMap<String, AttributeValue>>, StoreError> {
        let mut pages = self
            .client
            .query()
            .table_name(&self.table)
            .consistent_read(true)
            .key_condition_expression("#pk = :pk")
            .expression_attribute_names("#pk", PK)
            .expression_attribute_values(":pk", s(pk(competition)))
            .into_paginator()
            .items()
            .send();
        let mut items = Vec::new();
        while let Some(item) = pages.next().await {
            items.push(item.map_err(|e| sdk_unavailable("items of a competition", e))?);
        }
        Ok(items)
    }

    /// Every item of partition `pk` whose sort key begins with `prefix`, in
    /// sort key order, reading every page.
    pub(super) async fn query_prefix(
        &self,
        pk: String,
        prefix: &str,
        what: &str,
    ) -> Result<Vec<HashMap<String, AttributeValue>>, StoreError> {
        Ok(self.query_prefix_counted(pk, prefix, what).await?.0)
    }

    /// [`DynamoStore::query_prefix`], and how many pages it read.
    async fn query_prefix_counted(
        &self,
        pk: String,
        prefix: &str,
        what: &str,
    ) -> Result<(Vec<HashMap<String, AttributeValue>>, u64), StoreError> {
        let mut items = Vec::new();
        let mut start = None;
        let mut pages = 0;
        loop {
            pages += 1;
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
                return Ok((items, pages));
            }
        }
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
            snapshot_part_sk(u64::MAX, 9999),
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
