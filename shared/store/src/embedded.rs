//! The embedded adapter: one redb file, durable, for `arbiter serve`, small
//! clubs and tests.
//!
//! Writes go through one writer thread that takes every write waiting at the
//! moment into a single write transaction (group commit): each write is
//! checked against the state including the earlier ones of its batch, so
//! append conflicts and claims are exact, and one fsync serves the whole
//! batch. Appends and the notifier's writes ([`NotifyStore`]) share the
//! queue, so there is one writer and one order. Reads use redb's MVCC read
//! transactions and never wait for the writer.
//!
//! # Change feed
//!
//! Every commit appended gets the next number of one global sequence (1, 2,
//! 3, …), written in the same transaction as the commit (table `feed`). The
//! writer is alone and numbers commits in the order its transactions commit,
//! and a reader sees a transaction whole or not at all, so a reader never
//! sees a number without every smaller one: a follower that remembers the
//! last number it handled ([`EmbeddedStore::feed`]) sees each commit exactly
//! once, in commit order, with no gap to wait for. The feed is this
//! adapter's own (inherent methods, not the port): on DynamoDB the
//! counterpart would be DynamoDB Streams. Commits appended before a file had
//! the feed (an older version of this adapter) are not in it.
//!
//! # After an I/O error
//!
//! A failed write (a full disk) leaves redb's handle refusing every later
//! write until the file is closed and opened again. The writer keeps the
//! handle for reads, which go on working, and before its next batch opens
//! the file afresh: once space is free, writes resume without a restart.
//! Nothing acknowledged is lost, since a batch is acknowledged only after
//! its transaction committed.
//!
//! # Notifier tables
//!
//! Subscriptions `(competition, id) -> body`, claims `key -> millis` and dead
//! letters `(competition, id) -> (millis, body)`. A claim stays in the file
//! until it is released or claimed again: one small row per message and
//! target, which a small club's file can carry.

use crate::{
    claim_lapsed, newest_first, validate, validate_claim_key, validate_competition, Append,
    CommitRecord, DeadLetterRecord, Due, DueChange, Loaded, NotifyStore, Snapshot, Store,
    StoreError, SubscriptionRecord, Version,
};
use chrono::{DateTime, TimeZone, Utc};
use redb::{Database, ReadableTable, StorageBackend, TableDefinition};
use std::path::{Path, PathBuf};
use std::sync::{mpsc, Arc, RwLock};
use tokio::sync::oneshot;

/// (competition, version) -> commit body.
const COMMITS: TableDefinition<(&str, u64), &[u8]> = TableDefinition::new("commits");
/// competition -> (version, state body) of the latest snapshot.
const SNAPSHOTS: TableDefinition<&str, (u64, &[u8])> = TableDefinition::new("snapshots");
/// (user, competition) -> ().
const MEMBERS: TableDefinition<(&str, &str), ()> = TableDefinition::new("members");
/// (due millis, competition) -> ().
const DUE: TableDefinition<(i64, &str), ()> = TableDefinition::new("due");
/// competition -> due millis, to find the entry to replace.
const DUE_OF: TableDefinition<&str, i64> = TableDefinition::new("due_of");
/// feed sequence number -> (competition, version) of the commit it numbers.
const FEED: TableDefinition<u64, (&str, u64)> = TableDefinition::new("feed");
/// (competition, subscription id) -> subscription body.
const SUBSCRIPTIONS: TableDefinition<(&str, &str), &[u8]> = TableDefinition::new("subscriptions");
/// de-duplication key -> millis of its claim.
const CLAIMS: TableDefinition<&str, i64> = TableDefinition::new("claims");
/// (competition, receipt id) -> (expires, unix ms; body).
const RECEIPTS: TableDefinition<(&str, &str), (i64, &[u8])> = TableDefinition::new("receipts");
/// (competition, message id) -> (millis, body) of a dead letter.
const DEAD_LETTERS: TableDefinition<(&str, &str), (i64, &[u8])> =
    TableDefinition::new("dead_letters");

/// The most writes one write transaction takes.
const MAX_BATCH: usize = 512;

/// One write for the writer thread's next transaction. Everything that
/// writes goes through the one queue, so a claim is decided against every
/// write committed or batched before it, and the feed numbers commits in the
/// order they commit.
enum Write {
    Append(Append),
    PutSubscription {
        competition: String,
        id: String,
        body: Vec<u8>,
    },
    DeleteSubscription {
        competition: String,
        id: String,
    },
    Claim {
        key: String,
        now: i64,
        window: i64,
    },
    Release {
        key: String,
    },
    PutDeadLetter(DeadLetterRecord),
}

/// Every write answers with a bool: whether the subscription deleted was
/// there, whether the claim won; true for the other writes.
type Reply = oneshot::Sender<Result<bool, StoreError>>;

/// One commit's entry in the change feed (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeedEntry {
    /// Its place in the global sequence: 1 for the first commit of the file.
    pub seq: u64,
    pub competition: String,
    pub version: Version,
}

/// A durable single-file store. Cheap to clone; clones share the file.
#[derive(Clone)]
pub struct EmbeddedStore {
    inner: Arc<Inner>,
}

/// Opens the file's storage: [`FileBackend`](redb::backends::FileBackend)
/// on a path, or any other backend ([`EmbeddedStore::open_with`]).
pub type OpenBackend =
    Arc<dyn Fn() -> std::io::Result<Box<dyn StorageBackend>> + Send + Sync + 'static>;

/// The open database, shared by readers and the writer; `None` while the
/// writer reopens it and the file could not be opened yet.
type Handle = Arc<RwLock<Option<Arc<Database>>>>;

struct Inner {
    db: Handle,
    writer: Option<mpsc::SyncSender<(Write, Reply)>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// A boxed backend, as redb takes one.
#[derive(Debug)]
struct Boxed(Box<dyn StorageBackend>);

impl StorageBackend for Boxed {
    fn len(&self) -> std::io::Result<u64> {
        self.0.len()
    }
    fn read(&self, offset: u64, len: usize) -> std::io::Result<Vec<u8>> {
        self.0.read(offset, len)
    }
    fn set_len(&self, len: u64) -> std::io::Result<()> {
        self.0.set_len(len)
    }
    fn sync_data(&self, eventual: bool) -> std::io::Result<()> {
        self.0.sync_data(eventual)
    }
    fn write(&self, offset: u64, data: &[u8]) -> std::io::Result<()> {
        self.0.write(offset, data)
    }
}

/// The file at `path` as redb's own file backend opens it (locked).
fn file_backend(path: &Path) -> std::io::Result<Box<dyn StorageBackend>> {
    let file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)?;
    let backend = redb::backends::FileBackend::new(file).map_err(std::io::Error::other)?;
    Ok(Box::new(backend))
}

/// Opens the database on a fresh backend, every table created.
fn open_database(open: &OpenBackend) -> Result<Database, StoreError> {
    let backend = open().map_err(unavailable)?;
    let db = Database::builder()
        .create_with_backend(Boxed(backend))
        .map_err(unavailable)?;
    let txn = db.begin_write().map_err(unavailable)?;
    {
        // Every table exists from the start, so readers never meet a
        // missing one (a file made by an older version gains the new ones).
        txn.open_table(COMMITS).map_err(unavailable)?;
        txn.open_table(SNAPSHOTS).map_err(unavailable)?;
        txn.open_table(MEMBERS).map_err(unavailable)?;
        txn.open_table(DUE).map_err(unavailable)?;
        txn.open_table(DUE_OF).map_err(unavailable)?;
        txn.open_table(FEED).map_err(unavailable)?;
        txn.open_table(SUBSCRIPTIONS).map_err(unavailable)?;
        txn.open_table(CLAIMS).map_err(unavailable)?;
        txn.open_table(RECEIPTS).map_err(unavailable)?;
        txn.open_table(DEAD_LETTERS).map_err(unavailable)?;
    }
    txn.commit().map_err(unavailable)?;
    Ok(db)
}

/// Closes the database and opens it again on a fresh backend. A reader
/// still holding the old handle keeps the file locked for the moment its
/// read takes, so the open is tried again until it is released.
fn reopen(handle: &Handle, open: &OpenBackend) {
    let old = handle.write().unwrap_or_else(|e| e.into_inner()).take();
    drop(old);
    for _ in 0..200 {
        match open_database(open) {
            Ok(db) => {
                *handle.write().unwrap_or_else(|e| e.into_inner()) = Some(Arc::new(db));
                return;
            }
            Err(e) => {
                tracing::warn!(error = %e, "embedded store: reopening the file");
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
        }
    }
}

fn current(handle: &Handle) -> Result<Arc<Database>, StoreError> {
    handle
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .clone()
        .ok_or_else(|| unavailable("the store's file is being reopened after an I/O error"))
}

impl Drop for Inner {
    /// The last handle closes the writer's queue and waits for it, so the
    /// file is released when the store is dropped and can be opened again.
    fn drop(&mut self) {
        self.writer.take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn unavailable(e: impl std::fmt::Display) -> StoreError {
    StoreError::Unavailable(e.to_string())
}

// redb's errors are large; they become the port's small error at the
// boundary, so `?` works inside transactions.
macro_rules! from_redb {
    ($($t:ty),*) => {$(
        impl From<$t> for StoreError {
            fn from(e: $t) -> Self {
                unavailable(e)
            }
        }
    )*};
}
from_redb!(
    redb::Error,
    redb::TableError,
    redb::StorageError,
    redb::TransactionError,
    redb::CommitError,
    redb::DatabaseError
);

impl EmbeddedStore {
    /// Opens (or creates) the store at `path`.
    pub fn open(path: impl AsRef<Path>) -> Result<Self, StoreError> {
        let path: PathBuf = path.as_ref().to_owned();
        Self::open_with(Arc::new(move || file_backend(&path)))
    }

    /// Opens the store on the storage `open` gives, called again whenever
    /// the file must be reopened after an I/O error.
    pub fn open_with(open: OpenBackend) -> Result<Self, StoreError> {
        let db: Handle = Arc::new(RwLock::new(Some(Arc::new(open_database(&open)?))));
        let (writer, jobs) = mpsc::sync_channel(4 * MAX_BATCH);
        let for_writer = Arc::clone(&db);
        let thread = std::thread::Builder::new()
            .name("arbiter-store-writer".into())
            .spawn(move || write_loop(&for_writer, &open, &jobs))
            .map_err(unavailable)?;
        Ok(Self {
            inner: Arc::new(Inner {
                db,
                writer: Some(writer),
                thread: Some(thread),
            }),
        })
    }

    /// Up to `limit` feed entries with a sequence number greater than
    /// `after`, in order: a follower passes the last `seq` it handled (0 at
    /// first, or [`EmbeddedStore::feed_end`] to skip the past).
    pub async fn feed(&self, after: u64, limit: usize) -> Result<Vec<FeedEntry>, StoreError> {
        let Some(first) = after.checked_add(1) else {
            return Ok(vec![]);
        };
        self.read(|txn| {
            txn.open_table(FEED)?
                .range(first..)?
                .take(limit)
                .map(|r| {
                    r.map(|(k, v)| {
                        let (competition, version) = v.value();
                        FeedEntry {
                            seq: k.value(),
                            competition: competition.to_owned(),
                            version,
                        }
                    })
                })
                .collect::<Result<Vec<_>, _>>()
                .map_err(Into::into)
        })
    }

    /// The sequence number of the newest commit, 0 if there is none.
    pub async fn feed_end(&self) -> Result<u64, StoreError> {
        self.read(|txn| Ok(txn.open_table(FEED)?.last()?.map_or(0, |(k, _)| k.value())))
    }

    fn read<T>(
        &self,
        f: impl FnOnce(&redb::ReadTransaction) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        f(&current(&self.inner.db)?.begin_read()?)
    }

    /// Queues `write` for the writer thread and waits for its outcome.
    async fn write(&self, write: Write) -> Result<bool, StoreError> {
        let (reply, answer) = oneshot::channel();
        let writer = self
            .inner
            .writer
            .clone()
            .ok_or_else(|| unavailable("store is closing"))?;
        // A full queue blocks the sender: wait for room off the async workers.
        tokio::task::spawn_blocking(move || writer.send((write, reply)).map_err(drop))
            .await
            .map_err(unavailable)?
            .map_err(|_| unavailable("store writer has stopped"))?;
        answer
            .await
            .map_err(|_| unavailable("store writer has stopped"))?
    }
}

fn write_loop(handle: &Handle, open: &OpenBackend, jobs: &mpsc::Receiver<(Write, Reply)>) {
    let mut failed = false;
    // Ends when every EmbeddedStore clone is dropped.
    while let Ok(first) = jobs.recv() {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        // After a failed batch the handle refuses writes for good (redb:
        // "Previous I/O error occurred"): open the file afresh first.
        if failed {
            reopen(handle, open);
        }
        let outcome = current(handle).and_then(|db| write_batch(&db, &batch));
        failed = outcome.is_err();
        match outcome {
            Ok(results) => {
                for ((_, reply), result) in batch.into_iter().zip(results) {
                    let _ = reply.send(result);
                }
            }
            Err(e) => {
                // The transaction did not commit: nothing of the batch landed.
                tracing::warn!(error = %e, "embedded store: a write batch failed");
                for (_, reply) in batch {
                    let _ = reply.send(Err(e.clone()));
                }
            }
        }
    }
}

/// The tables a batch writes, open in its one transaction.
struct Tables<'t> {
    commits: redb::Table<'t, (&'static str, u64), &'static [u8]>,
    snapshots: redb::Table<'t, &'static str, (u64, &'static [u8])>,
    members: redb::Table<'t, (&'static str, &'static str), ()>,
    due: redb::Table<'t, (i64, &'static str), ()>,
    due_of: redb::Table<'t, &'static str, i64>,
    feed: redb::Table<'t, u64, (&'static str, u64)>,
    subscriptions: redb::Table<'t, (&'static str, &'static str), &'static [u8]>,
    claims: redb::Table<'t, &'static str, i64>,
    receipts: redb::Table<'t, (&'static str, &'static str), (i64, &'static [u8])>,
    dead_letters: redb::Table<'t, (&'static str, &'static str), (i64, &'static [u8])>,
    /// The feed number the next commit gets.
    next_seq: u64,
}

fn write_batch(
    db: &Database,
    batch: &[(Write, Reply)],
) -> Result<Vec<Result<bool, StoreError>>, StoreError> {
    let txn = db.begin_write()?;
    let mut results = Vec::with_capacity(batch.len());
    {
        let feed = txn.open_table(FEED)?;
        let next_seq = feed.last()?.map_or(0, |(k, _)| k.value()) + 1;
        let mut t = Tables {
            commits: txn.open_table(COMMITS)?,
            snapshots: txn.open_table(SNAPSHOTS)?,
            members: txn.open_table(MEMBERS)?,
            due: txn.open_table(DUE)?,
            due_of: txn.open_table(DUE_OF)?,
            feed,
            subscriptions: txn.open_table(SUBSCRIPTIONS)?,
            claims: txn.open_table(CLAIMS)?,
            receipts: txn.open_table(RECEIPTS)?,
            dead_letters: txn.open_table(DEAD_LETTERS)?,
            next_seq,
        };
        for (write, _) in batch {
            results.push(apply(&mut t, write)?);
        }
    }
    txn.commit()?;
    Ok(results)
}

/// Applies one write of a batch. The outer error is the backend's and fails
/// the whole batch; the inner one is this write's own answer (a conflict).
fn apply(t: &mut Tables<'_>, write: &Write) -> Result<Result<bool, StoreError>, StoreError> {
    match write {
        Write::Append(append) => append_one(t, append),
        Write::PutSubscription {
            competition,
            id,
            body,
        } => {
            t.subscriptions
                .insert((competition.as_str(), id.as_str()), body.as_slice())?;
            Ok(Ok(true))
        }
        Write::DeleteSubscription { competition, id } => {
            let removed = t
                .subscriptions
                .remove((competition.as_str(), id.as_str()))?
                .is_some();
            Ok(Ok(removed))
        }
        Write::Claim { key, now, window } => {
            let claimed = t.claims.get(key.as_str())?.map(|v| v.value());
            let won = claimed.is_none_or(|at| claim_lapsed(at, *now, *window));
            if won {
                t.claims.insert(key.as_str(), *now)?;
            }
            Ok(Ok(won))
        }
        Write::Release { key } => {
            t.claims.remove(key.as_str())?;
            Ok(Ok(true))
        }
        Write::PutDeadLetter(letter) => {
            t.dead_letters.insert(
                (letter.competition.as_str(), letter.id.as_str()),
                (letter.at.timestamp_millis(), letter.body.as_slice()),
            )?;
            Ok(Ok(true))
        }
    }
}

fn append_one(t: &mut Tables<'_>, append: &Append) -> Result<Result<bool, StoreError>, StoreError> {
    let id = append.competition.as_str();
    let latest = t
        .commits
        .range((id, 0)..=(id, u64::MAX))?
        .next_back()
        .transpose()?
        .map_or(0, |(k, _)| k.value().1);
    if latest != append.expected_version {
        return Ok(Err(StoreError::Conflict));
    }
    if let Some(r) = &append.receipt {
        let kept = t.receipts.get((id, r.id.as_str()))?.map(|v| v.value().0);
        if kept.is_some_and(|expires| expires > r.at.timestamp_millis()) {
            return Ok(Err(StoreError::Conflict));
        }
        t.receipts.insert(
            (id, r.id.as_str()),
            (r.expires.timestamp_millis(), r.body.as_slice()),
        )?;
    }
    t.commits
        .insert((id, append.commit.version), append.commit.body.as_slice())?;
    // Same transaction as the commit: the feed and the logs never disagree.
    t.feed.insert(t.next_seq, (id, append.commit.version))?;
    t.next_seq += 1;
    if let Some(s) = &append.snapshot {
        t.snapshots.insert(id, (s.version, s.body.as_slice()))?;
    }
    for user in &append.members_added {
        t.members.insert((user.as_str(), id), ())?;
    }
    if append.due != DueChange::Unchanged {
        let previous = t.due_of.remove(id)?.map(|v| v.value());
        if let Some(ms) = previous {
            t.due.remove((ms, id))?;
        }
        if let DueChange::Set(at) = append.due {
            let ms = at.timestamp_millis();
            t.due.insert((ms, id), ())?;
            t.due_of.insert(id, ms)?;
        }
    }
    Ok(Ok(true))
}

fn millis(ms: i64) -> DateTime<Utc> {
    Utc.timestamp_millis_opt(ms).single().unwrap_or_default()
}

impl Store for EmbeddedStore {
    async fn load(&self, competition: &str) -> Result<Option<Loaded>, StoreError> {
        self.read(|txn| {
            let snapshot = txn.open_table(SNAPSHOTS)?.get(competition)?.map(|v| {
                let (version, body) = v.value();
                Snapshot {
                    version,
                    body: body.to_vec(),
                }
            });
            let after = snapshot.as_ref().map_or(0, |s| s.version);
            let commits = txn
                .open_table(COMMITS)?
                .range((competition, after + 1)..=(competition, u64::MAX))?
                .map(|r| {
                    r.map(|(k, v)| CommitRecord {
                        version: k.value().1,
                        body: v.value().to_vec(),
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok((snapshot.is_some() || !commits.is_empty()).then_some(Loaded { snapshot, commits }))
        })
    }

    async fn append(&self, append: Append) -> Result<(), StoreError> {
        validate(&append)?;
        self.write(Write::Append(append)).await.map(drop)
    }

    async fn commits(
        &self,
        competition: &str,
        after: Version,
        limit: usize,
    ) -> Result<Vec<CommitRecord>, StoreError> {
        self.read(|txn| {
            txn.open_table(COMMITS)?
                .range((competition, after.saturating_add(1))..=(competition, u64::MAX))?
                .take(limit)
                .map(|r| {
                    r.map(|(k, v)| CommitRecord {
                        version: k.value().1,
                        body: v.value().to_vec(),
                    })
                })
                .collect::<Result<Vec<_>, _>>()
                .map_err(Into::into)
        })
    }

    async fn due_before(&self, t: DateTime<Utc>, limit: usize) -> Result<Vec<Due>, StoreError> {
        let upto = t.timestamp_millis();
        self.read(|txn| {
            txn.open_table(DUE)?
                .range((i64::MIN, "")..)?
                .take_while(|r| r.as_ref().map_or(true, |(k, _)| k.value().0 <= upto))
                .take(limit)
                .map(|r| {
                    r.map(|(k, _)| {
                        let (ms, id) = k.value();
                        Due {
                            competition: id.to_owned(),
                            at: millis(ms),
                        }
                    })
                })
                .collect::<Result<Vec<_>, _>>()
                .map_err(Into::into)
        })
    }

    async fn receipt(
        &self,
        competition: &str,
        id: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<Vec<u8>>, StoreError> {
        self.read(|txn| {
            let table = txn.open_table(RECEIPTS)?;
            let kept = table.get((competition, id))?;
            Ok(kept.and_then(|v| {
                let (expires, body) = v.value();
                (expires > now.timestamp_millis()).then(|| body.to_vec())
            }))
        })
    }

    async fn competitions_of(&self, user: &str) -> Result<Vec<String>, StoreError> {
        self.read(|txn| {
            txn.open_table(MEMBERS)?
                .range((user, "")..)?
                .take_while(|r| r.as_ref().map_or(true, |(k, _)| k.value().0 == user))
                .map(|r| r.map(|(k, _)| k.value().1.to_owned()))
                .collect::<Result<Vec<_>, _>>()
                .map_err(Into::into)
        })
    }
}

impl NotifyStore for EmbeddedStore {
    async fn put_subscription(
        &self,
        competition: &str,
        id: &str,
        body: Vec<u8>,
    ) -> Result<(), StoreError> {
        validate_competition(competition)?;
        self.write(Write::PutSubscription {
            competition: competition.to_owned(),
            id: id.to_owned(),
            body,
        })
        .await
        .map(drop)
    }

    async fn delete_subscription(&self, competition: &str, id: &str) -> Result<bool, StoreError> {
        validate_competition(competition)?;
        self.write(Write::DeleteSubscription {
            competition: competition.to_owned(),
            id: id.to_owned(),
        })
        .await
    }

    async fn subscriptions(
        &self,
        competition: &str,
    ) -> Result<Vec<SubscriptionRecord>, StoreError> {
        validate_competition(competition)?;
        self.read(|txn| {
            txn.open_table(SUBSCRIPTIONS)?
                .range((competition, "")..)?
                .take_while(|r| r.as_ref().map_or(true, |(k, _)| k.value().0 == competition))
                .map(|r| {
                    r.map(|(k, v)| SubscriptionRecord {
                        id: k.value().1.to_owned(),
                        body: v.value().to_vec(),
                    })
                })
                .collect::<Result<Vec<_>, _>>()
                .map_err(Into::into)
        })
    }

    async fn claim(
        &self,
        key: &str,
        now: DateTime<Utc>,
        window: chrono::Duration,
    ) -> Result<bool, StoreError> {
        validate_claim_key(key)?;
        // Decided by the writer thread, against every write before it: two
        // concurrent claims of a free key are two writes in one order.
        self.write(Write::Claim {
            key: key.to_owned(),
            now: now.timestamp_millis(),
            window: window.num_milliseconds(),
        })
        .await
    }

    async fn release(&self, key: &str) -> Result<(), StoreError> {
        validate_claim_key(key)?;
        self.write(Write::Release {
            key: key.to_owned(),
        })
        .await
        .map(drop)
    }

    async fn put_dead_letter(&self, letter: DeadLetterRecord) -> Result<(), StoreError> {
        validate_competition(&letter.competition)?;
        self.write(Write::PutDeadLetter(letter)).await.map(drop)
    }

    async fn dead_letters(
        &self,
        competition: &str,
        limit: usize,
    ) -> Result<Vec<DeadLetterRecord>, StoreError> {
        validate_competition(competition)?;
        let mut letters = self.read(|txn| {
            txn.open_table(DEAD_LETTERS)?
                .range((competition, "")..)?
                .take_while(|r| r.as_ref().map_or(true, |(k, _)| k.value().0 == competition))
                .map(|r| {
                    r.map(|(k, v)| {
                        let (ms, body) = v.value();
                        DeadLetterRecord {
                            competition: competition.to_owned(),
                            at: millis(ms),
                            id: k.value().1.to_owned(),
                            body: body.to_vec(),
                        }
                    })
                })
                .collect::<Result<Vec<_>, _>>()
                .map_err(StoreError::from)
        })?;
        newest_first(&mut letters, limit);
        Ok(letters)
    }
}
