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
//! handle for reads, which go on working, and before its next batch checks
//! for room (a small write beside the file): while there is none, the batch
//! is refused at once and the handle stays, so reads never stop; once there
//! is, it opens the file afresh, and writes resume without a restart.
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

mod file;
mod log;
mod notify;
mod writer;

use file::{current, file_backend, open_database, reopen, room_beside};
pub use file::{OpenBackend, RoomProbe};
use writer::write_loop;

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

/// The open database, shared by readers and the writer; `None` while the
/// writer reopens it and the file could not be opened yet.
type Handle = Arc<RwLock<Option<Arc<Database>>>>;

struct Inner {
    db: Handle,
    writer: Option<mpsc::SyncSender<(Write, Reply)>>,
    thread: Option<std::thread::JoinHandle<()>>,
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
        let for_room = path.clone();
        Self::open_with_room(
            Arc::new(move || file_backend(&path)),
            Arc::new(move || room_beside(&for_room)),
        )
    }

    /// Opens the store on the storage `open` gives, called again whenever
    /// the file must be reopened after an I/O error.
    pub fn open_with(open: OpenBackend) -> Result<Self, StoreError> {
        Self::open_with_room(open, Arc::new(|| Ok(())))
    }

    /// [`EmbeddedStore::open_with`], where `room` says whether the storage
    /// can take writes again after an I/O error: until it can, the file is
    /// not reopened, and reads go on from the handle the error left.
    pub fn open_with_room(open: OpenBackend, room: RoomProbe) -> Result<Self, StoreError> {
        let db: Handle = Arc::new(RwLock::new(Some(Arc::new(open_database(&open)?))));
        let (writer, jobs) = mpsc::sync_channel(4 * MAX_BATCH);
        let for_writer = Arc::clone(&db);
        let thread = std::thread::Builder::new()
            .name("arbiter-store-writer".into())
            .spawn(move || write_loop(&for_writer, &open, &room, &jobs))
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

fn millis(ms: i64) -> DateTime<Utc> {
    Utc.timestamp_millis_opt(ms).single().unwrap_or_default()
}
