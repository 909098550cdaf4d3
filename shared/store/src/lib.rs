//! Arbiter's persistence port.
//!
//! A competition is an append-only log of commits (one per decided command),
//! with the latest snapshot of its folded state beside it. The store knows
//! nothing of rules: commits and snapshots are opaque bytes, ids are strings.
//! It guarantees what the service relies on:
//!
//! - **Conditional append**: a commit lands only if it is exactly the next
//!   version; otherwise [`StoreError::Conflict`] and nothing at all is written
//!   (not the commit, not the snapshot, not the index changes).
//! - **Atomic append**: the commit, its snapshot and its index changes land
//!   together or not at all.
//! - **One query to load**: the latest snapshot and the commits after it.
//! - **Two indexes**: competitions with a deadline due before an instant, and
//!   the competitions a user belongs to.
//!
//! Beside the logs, [`NotifyStore`] keeps what the notifier needs:
//! subscriptions, de-duplication claims and dead letters. They share
//! the backend (and, in DynamoDB, a competition's partition) but never show
//! up in a load or the audit log.
//!
//! Two adapters implement it: [`embedded::EmbeddedStore`] (a single redb file,
//! the default for `arbiter serve` and tests) and [`dynamo::DynamoStore`] (the
//! production path). Both pass the same [`conformance`] suite.

use chrono::{DateTime, Utc};
use std::future::Future;

pub mod counted;
pub mod dynamo;
pub mod embedded;

#[cfg(feature = "conformance")]
pub mod conformance;

pub use counted::{Counted, OpCounts};
pub use dynamo::DynamoStore;
pub use embedded::{EmbeddedStore, FeedEntry, OpenBackend};

/// The number of commits in a competition's log; the version of a commit is
/// its position (1-based).
pub type Version = u64;

/// One commit of a competition's log, as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommitRecord {
    pub version: Version,
    pub body: Vec<u8>,
}

/// The folded state of a competition after commit `version`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    pub version: Version,
    pub body: Vec<u8>,
}

/// What [`Store::load`] returns: the latest snapshot (if any) and every
/// commit after it, in order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Loaded {
    pub snapshot: Option<Snapshot>,
    pub commits: Vec<CommitRecord>,
}

impl Loaded {
    /// The version of the newest commit loaded.
    pub fn version(&self) -> Version {
        self.commits
            .last()
            .map(|c| c.version)
            .or(self.snapshot.as_ref().map(|s| s.version))
            .unwrap_or(0)
    }
}

/// How an append changes the competition's entry in the deadline index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DueChange {
    #[default]
    Unchanged,
    Set(DateTime<Utc>),
    Clear,
}

/// One conditional append: the next commit and what comes with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Append {
    pub competition: String,
    /// The version the writer's decision was based on; the commit must be
    /// `expected_version + 1`.
    pub expected_version: Version,
    pub commit: CommitRecord,
    /// The state after `commit`, when the writer takes a snapshot.
    pub snapshot: Option<Snapshot>,
    /// Users who now belong to the competition ("my competitions").
    pub members_added: Vec<String>,
    pub due: DueChange,
    /// The answer to keep for retries under the request's Idempotency-Key,
    /// written with the commit or not at all. The append is a conflict when
    /// an unexpired receipt with the same id exists: a retry that raced its
    /// first attempt then reloads and finds the receipt instead of
    /// committing twice.
    pub receipt: Option<ReceiptRecord>,
}

/// A request's answer kept under its Idempotency-Key, per competition: `id`
/// names the (user, key) pair (the service hashes them), `body` is opaque,
/// and the receipt stops counting at `expires` (a DynamoDB TTL removes it
/// some time later; readers check `expires` themselves).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReceiptRecord {
    pub id: String,
    pub body: Vec<u8>,
    /// When it was written: an older receipt with the same id that expired
    /// by then may be replaced.
    pub at: DateTime<Utc>,
    pub expires: DateTime<Utc>,
}

/// An entry of the deadline index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Due {
    pub competition: String,
    pub at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    /// The expected version was not the latest: reload, decide again, retry.
    #[error("version conflict: another writer appended first")]
    Conflict,
    /// The append is malformed (e.g. commit version is not expected + 1).
    #[error("invalid append: {0}")]
    Invalid(String),
    /// The backend failed before anything was written: a read, or a write
    /// refused before it was applied.
    #[error("store unavailable: {0}")]
    Unavailable(String),
    /// A write was sent and no answer says whether it was applied (a
    /// timeout, a connection lost after sending, a transaction still in
    /// progress): it may have been. A retry under the same Idempotency-Key
    /// learns which.
    #[error("store outcome unknown: {0}")]
    Indeterminate(String),
}

/// The persistence port. Kept small on purpose: every decision lives in the
/// domain, and the store only keeps logs and answers two index queries.
pub trait Store: Send + Sync + 'static {
    /// The latest snapshot and the commits after it; `None` if the
    /// competition has no commit.
    fn load(
        &self,
        competition: &str,
    ) -> impl Future<Output = Result<Option<Loaded>, StoreError>> + Send;

    /// Appends one commit if `expected_version` is the latest version.
    fn append(&self, append: Append) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Up to `limit` commits with version greater than `after`, in order (the
    /// audit log, read page by page).
    fn commits(
        &self,
        competition: &str,
        after: Version,
        limit: usize,
    ) -> impl Future<Output = Result<Vec<CommitRecord>, StoreError>> + Send;

    /// Up to `limit` competitions whose deadline is at or before `t`, earliest first.
    fn due_before(
        &self,
        t: DateTime<Utc>,
        limit: usize,
    ) -> impl Future<Output = Result<Vec<Due>, StoreError>> + Send;

    /// The earliest deadline in the index, if any: when the next sweep has
    /// something to do (the local server sleeps until then).
    fn next_due(&self) -> impl Future<Output = Result<Option<DateTime<Utc>>, StoreError>> + Send;

    /// The competitions `user` belongs to, in id order.
    fn competitions_of(
        &self,
        user: &str,
    ) -> impl Future<Output = Result<Vec<String>, StoreError>> + Send;

    /// The body of the receipt `id` of `competition`, unless it expired by
    /// `now` (see [`Append::receipt`]).
    fn receipt(
        &self,
        competition: &str,
        id: &str,
        now: DateTime<Utc>,
    ) -> impl Future<Output = Result<Option<Vec<u8>>, StoreError>> + Send;
}

/// A stored subscription to a competition's notifications: its id and its
/// opaque body (the notifier's JSON).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubscriptionRecord {
    pub id: String,
    pub body: Vec<u8>,
}

/// A notification that could not be delivered after its last try, kept for the
/// organizer to inspect.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeadLetterRecord {
    pub competition: String,
    pub at: DateTime<Utc>,
    /// The message id (unique per message and target).
    pub id: String,
    pub body: Vec<u8>,
}

/// What the notifier keeps beside the logs: subscriptions per
/// competition, claims that keep a message from going twice to one target, and
/// dead letters. Same table in DynamoDB, same file when embedded; both adapters
/// pass the same conformance suite.
pub trait NotifyStore: Send + Sync + 'static {
    /// Creates or replaces subscription `id` of `competition`.
    fn put_subscription(
        &self,
        competition: &str,
        id: &str,
        body: Vec<u8>,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Removes subscription `id`; false if there was none.
    fn delete_subscription(
        &self,
        competition: &str,
        id: &str,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Every subscription of `competition`, in id order.
    fn subscriptions(
        &self,
        competition: &str,
    ) -> impl Future<Output = Result<Vec<SubscriptionRecord>, StoreError>> + Send;

    /// Claims `key` at `now`: true if it was free or its claim is at least
    /// `window` old, false if it was claimed less than `window` ago. Atomic: of
    /// two concurrent claims of a free key exactly one wins.
    fn claim(
        &self,
        key: &str,
        now: DateTime<Utc>,
        window: chrono::Duration,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Gives `key` back (after a failed delivery), so the next claim wins.
    fn release(&self, key: &str) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Keeps a dead letter; the same (competition, id) again replaces it.
    fn put_dead_letter(
        &self,
        letter: DeadLetterRecord,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Up to `limit` dead letters of `competition`, newest first.
    fn dead_letters(
        &self,
        competition: &str,
        limit: usize,
    ) -> impl Future<Output = Result<Vec<DeadLetterRecord>, StoreError>> + Send;
}

/// The longest de-duplication key [`NotifyStore::claim`] takes, in bytes. A
/// key is the partition key of its DynamoDB item (at most 2,048 bytes there);
/// 1 KB leaves room for the prefix and is far more than a message id and a
/// target need.
pub const MAX_CLAIM_KEY_BYTES: usize = 1024;

/// Checks a competition id the notifier passes, with the rule appends follow:
/// a competition id is the DynamoDB partition `C#<id>`, so it must be non-empty
/// and free of `#` for the two adapters to agree on what they accept.
pub(crate) fn validate_competition(competition: &str) -> Result<(), StoreError> {
    if competition.is_empty() || competition.contains('#') {
        return Err(StoreError::Invalid("bad competition id".into()));
    }
    Ok(())
}

/// Checks a de-duplication key before any adapter touches its backend.
pub(crate) fn validate_claim_key(key: &str) -> Result<(), StoreError> {
    if key.is_empty() || key.len() > MAX_CLAIM_KEY_BYTES {
        return Err(StoreError::Invalid(format!(
            "a claim key must be 1 to {MAX_CLAIM_KEY_BYTES} bytes; this one is {}",
            key.len()
        )));
    }
    Ok(())
}

/// Whether a claim made at `claimed` (millis) has lapsed at `now` for `window`:
/// the one rule both adapters apply ("at least `window` old").
pub(crate) fn claim_lapsed(claimed: i64, now: i64, window: i64) -> bool {
    claimed <= now.saturating_sub(window)
}

/// Orders a competition's dead letters newest first (ties by id, so both
/// adapters answer alike) and keeps the first `limit`.
pub(crate) fn newest_first(letters: &mut Vec<DeadLetterRecord>, limit: usize) {
    letters.sort_by(|a, b| b.at.cmp(&a.at).then_with(|| a.id.cmp(&b.id)));
    letters.truncate(limit);
}

/// Checks the shape of an append before any adapter touches its backend.
pub(crate) fn validate(append: &Append) -> Result<(), StoreError> {
    if append.commit.version != append.expected_version + 1 {
        return Err(StoreError::Invalid(format!(
            "commit version {} does not follow expected version {}",
            append.commit.version, append.expected_version
        )));
    }
    if let Some(s) = &append.snapshot {
        if s.version != append.commit.version {
            return Err(StoreError::Invalid(
                "a snapshot must be of the state after the commit it comes with".into(),
            ));
        }
    }
    validate_competition(&append.competition)
}
