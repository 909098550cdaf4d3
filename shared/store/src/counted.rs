//! A decorator that counts store operations, for the load report's
//! "store operations per command" and for tests that hold the service to
//! one load and one conditional write per command.
//!
//! The notifier's operations ([`NotifyStore`]) are counted apart, in
//! [`OpCounts::notify`], so the per-command figures stay about commands even
//! when the notifier shares the store.

use crate::{
    Append, CommitRecord, DeadLetterRecord, Due, Loaded, NotifyStore, Store, StoreError,
    SubscriptionRecord, Version,
};
use chrono::{DateTime, Utc};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Operation counts so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct OpCounts {
    pub loads: u64,
    pub appends: u64,
    pub reads: u64,
    /// Every [`NotifyStore`] operation, read or write.
    pub notify: u64,
}

#[derive(Default)]
struct Counters {
    loads: AtomicU64,
    appends: AtomicU64,
    reads: AtomicU64,
    notify: AtomicU64,
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
            notify: self.counters.notify.load(Ordering::Relaxed),
        }
    }

    fn count_notify(&self) {
        self.counters.notify.fetch_add(1, Ordering::Relaxed);
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

    async fn next_due(&self) -> Result<Option<DateTime<Utc>>, StoreError> {
        self.counters.reads.fetch_add(1, Ordering::Relaxed);
        self.inner.next_due().await
    }

    async fn competitions_of(&self, user: &str) -> Result<Vec<String>, StoreError> {
        self.counters.reads.fetch_add(1, Ordering::Relaxed);
        self.inner.competitions_of(user).await
    }

    async fn receipt(
        &self,
        competition: &str,
        id: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<Vec<u8>>, StoreError> {
        self.counters.reads.fetch_add(1, Ordering::Relaxed);
        self.inner.receipt(competition, id, now).await
    }
}

impl<S: NotifyStore> NotifyStore for Counted<S> {
    async fn put_subscription(
        &self,
        competition: &str,
        id: &str,
        body: Vec<u8>,
    ) -> Result<(), StoreError> {
        self.count_notify();
        self.inner.put_subscription(competition, id, body).await
    }

    async fn delete_subscription(&self, competition: &str, id: &str) -> Result<bool, StoreError> {
        self.count_notify();
        self.inner.delete_subscription(competition, id).await
    }

    async fn subscriptions(
        &self,
        competition: &str,
    ) -> Result<Vec<SubscriptionRecord>, StoreError> {
        self.count_notify();
        self.inner.subscriptions(competition).await
    }

    async fn claim(
        &self,
        key: &str,
        now: DateTime<Utc>,
        window: chrono::Duration,
    ) -> Result<bool, StoreError> {
        self.count_notify();
        self.inner.claim(key, now, window).await
    }

    async fn release(&self, key: &str) -> Result<(), StoreError> {
        self.count_notify();
        self.inner.release(key).await
    }

    async fn put_dead_letter(&self, letter: DeadLetterRecord) -> Result<(), StoreError> {
        self.count_notify();
        self.inner.put_dead_letter(letter).await
    }

    async fn dead_letters(
        &self,
        competition: &str,
        limit: usize,
    ) -> Result<Vec<DeadLetterRecord>, StoreError> {
        self.count_notify();
        self.inner.dead_letters(competition, limit).await
    }
}
