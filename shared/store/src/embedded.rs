//! The embedded adapter: one redb file, durable, for `arbiter serve`, small
//! clubs and tests.
//!
//! Writes go through one writer thread that takes every append waiting at the
//! moment into a single write transaction (group commit): each append is
//! checked against the state including the earlier ones of its batch, so
//! conflicts are exact, and one fsync serves the whole batch. Reads use
//! redb's MVCC read transactions and never wait for the writer.

use crate::{
    validate, Append, CommitRecord, Due, DueChange, Loaded, Snapshot, Store, StoreError, Version,
};
use chrono::{DateTime, TimeZone, Utc};
use redb::{Database, ReadableTable, TableDefinition};
use std::path::Path;
use std::sync::{mpsc, Arc};
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

/// The most appends one write transaction takes.
const MAX_BATCH: usize = 512;

type Reply = oneshot::Sender<Result<(), StoreError>>;

/// A durable single-file store. Cheap to clone; clones share the file.
#[derive(Clone)]
pub struct EmbeddedStore {
    inner: Arc<Inner>,
}

struct Inner {
    db: Arc<Database>,
    writer: Option<mpsc::SyncSender<(Append, Reply)>>,
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
        let db = Arc::new(Database::create(path).map_err(unavailable)?);
        let txn = db.begin_write().map_err(unavailable)?;
        {
            txn.open_table(COMMITS).map_err(unavailable)?;
            txn.open_table(SNAPSHOTS).map_err(unavailable)?;
            txn.open_table(MEMBERS).map_err(unavailable)?;
            txn.open_table(DUE).map_err(unavailable)?;
            txn.open_table(DUE_OF).map_err(unavailable)?;
        }
        txn.commit().map_err(unavailable)?;
        let (writer, jobs) = mpsc::sync_channel(4 * MAX_BATCH);
        let for_writer = Arc::clone(&db);
        let thread = std::thread::Builder::new()
            .name("arbiter-store-writer".into())
            .spawn(move || write_loop(&for_writer, &jobs))
            .map_err(unavailable)?;
        Ok(Self {
            inner: Arc::new(Inner {
                db,
                writer: Some(writer),
                thread: Some(thread),
            }),
        })
    }

    fn read<T>(
        &self,
        f: impl FnOnce(&redb::ReadTransaction) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        f(&self.inner.db.begin_read()?)
    }
}

fn write_loop(db: &Database, jobs: &mpsc::Receiver<(Append, Reply)>) {
    // Ends when every EmbeddedStore clone is dropped.
    while let Ok(first) = jobs.recv() {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        match write_batch(db, &batch) {
            Ok(results) => {
                for ((_, reply), result) in batch.into_iter().zip(results) {
                    let _ = reply.send(result);
                }
            }
            Err(e) => {
                // The transaction did not commit: nothing of the batch landed.
                for (_, reply) in batch {
                    let _ = reply.send(Err(e.clone()));
                }
            }
        }
    }
}

fn write_batch(
    db: &Database,
    batch: &[(Append, Reply)],
) -> Result<Vec<Result<(), StoreError>>, StoreError> {
    let txn = db.begin_write()?;
    let mut results = Vec::with_capacity(batch.len());
    {
        let mut commits = txn.open_table(COMMITS)?;
        let mut snapshots = txn.open_table(SNAPSHOTS)?;
        let mut members = txn.open_table(MEMBERS)?;
        let mut due = txn.open_table(DUE)?;
        let mut due_of = txn.open_table(DUE_OF)?;
        for (append, _) in batch {
            let id = append.competition.as_str();
            let latest = commits
                .range((id, 0)..=(id, u64::MAX))?
                .next_back()
                .transpose()?
                .map_or(0, |(k, _)| k.value().1);
            if latest != append.expected_version {
                results.push(Err(StoreError::Conflict));
                continue;
            }
            commits.insert((id, append.commit.version), append.commit.body.as_slice())?;
            if let Some(s) = &append.snapshot {
                snapshots.insert(id, (s.version, s.body.as_slice()))?;
            }
            for user in &append.members_added {
                members.insert((user.as_str(), id), ())?;
            }
            if append.due != DueChange::Unchanged {
                let previous = due_of.remove(id)?.map(|v| v.value());
                if let Some(ms) = previous {
                    due.remove((ms, id))?;
                }
                if let DueChange::Set(at) = append.due {
                    let ms = at.timestamp_millis();
                    due.insert((ms, id), ())?;
                    due_of.insert(id, ms)?;
                }
            }
            results.push(Ok(()));
        }
    }
    txn.commit()?;
    Ok(results)
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
        let (reply, answer) = oneshot::channel();
        let writer = self
            .inner
            .writer
            .clone()
            .ok_or_else(|| unavailable("store is closing"))?;
        // A full queue blocks the sender: wait for room off the async workers.
        tokio::task::spawn_blocking(move || writer.send((append, reply)).map_err(drop))
            .await
            .map_err(unavailable)?
            .map_err(|_| unavailable("store writer has stopped"))?;
        answer
            .await
            .map_err(|_| unavailable("store writer has stopped"))?
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
