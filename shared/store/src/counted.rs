//! A decorator that counts store operations, for the load report's
//! "store operations per command" and for tests that hold the service to
//! one load and one conditional write per command.

use crate::{Append, CommitRecord, Due, Loaded, Store, StoreError, Version};
use chrono::{DateTime, Utc};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Operation counts so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct OpCounts {
    pub loads: u64,
    pub appends: u64,
    pub reads: u64,
}

#[derive(Default)]
struct Counters {
    loads: AtomicU64,
    appends: AtomicU64,
    reads: AtomicU64,
}

/// Wraps a store and counts its operations. Clones share the counters.
#[derive(Clone)]
pub struct Counted<S> {
    inner: S,
    counters: Arc<Counters>,
}

impl<S> Counted<S> {
    pub fn new(inner: S) -> Self {
        Self {
            inner,
            counters: Arc::default(),
        }
    }

    pub fn counts(&self) -> OpCounts {
        OpCounts {
            loads: self.counters.loads.load(Ordering::Relaxed),
            appends: self.counters.appends.load(Ordering::Relaxed),
            reads: self.counters.reads.load(Ordering::Relaxed),
        }
    }
}

impl<S: Store> Store for Counted<S> {
    async fn load(&self, competition: &str) -> Result<Option<Loaded>, StoreError> {
        self.counters.loads.fetch_add(1, Ordering::Relaxed);
        self.inner.load(competition).await
    }

    async fn append(&self, append: Append) -> Result<(), StoreError> {
        self.counters.appends.fetch_add(1, Ordering::Relaxed);
        self.inner.append(append).await
    }

    async fn commits(
        &self,
        competition: &str,
        after: Version,
        limit: usize,
    ) -> Result<Vec<CommitRecord>, StoreError> {
        self.counters.reads.fetch_add(1, Ordering::Relaxed);
        self.inner.commits(competition, after, limit).await
    }

    async fn due_before(&self, t: DateTime<Utc>, limit: usize) -> Result<Vec<Due>, StoreError> {
        self.counters.reads.fetch_add(1, Ordering::Relaxed);
        self.inner.due_before(t, limit).await
    }

    async fn competitions_of(&self, user: &str) -> Result<Vec<String>, StoreError> {
        self.counters.reads.fetch_add(1, Ordering::Relaxed);
        self.inner.competitions_of(user).await
    }
}
