//! De-duplication: the same message id to the same target is sent once per window.
//!
//! Competitions are event-sourced, so a projection that turns events into messages
//! may run twice over the same commit (a Lambda retry, a stream replay). Message ids
//! are derived from the commit ([`crate::MessageId::derive`]), and the [`Outbox`]
//! claims `(id, target)` before sending: the second claim within the window finds it
//! taken and reports a duplicate instead of sending. A failed delivery releases its
//! claim so that a later replay can try again.

use crate::channel::Channel;
use crate::message::{Message, Target};
use crate::outcome::{Delivered, DeliveryError};
use chrono::{DateTime, Utc};
use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};

/// Where claims are kept. The real system keeps them in the table with a TTL (a
/// conditional put is the claim); tests use [`MemorySentLog`].
pub trait SentLog: Send + Sync {
    /// Claims `key` at `now`; false when it was claimed less than `window` ago.
    fn claim(
        &self,
        key: &str,
        now: DateTime<Utc>,
        window: chrono::Duration,
    ) -> impl Future<Output = bool> + Send;
    /// Gives a claim back after a failed delivery.
    fn release(&self, key: &str) -> impl Future<Output = ()> + Send;
}

/// The claim key of `message` to `target`: its id and the target's key (no secrets).
pub fn claim_key(target: &Target, message: &Message) -> String {
    format!("{}|{}", message.id, target.key())
}

/// Claims kept in memory.
#[derive(Debug, Default, Clone)]
pub struct MemorySentLog {
    claims: Arc<Mutex<HashMap<String, DateTime<Utc>>>>,
}

impl SentLog for MemorySentLog {
    async fn claim(&self, key: &str, now: DateTime<Utc>, window: chrono::Duration) -> bool {
        let mut claims = self.claims.lock().expect("sent log lock");
        match claims.get(key) {
            Some(at) if now.signed_duration_since(*at) < window => false,
            _ => {
                claims.insert(key.to_string(), now);
                true
            }
        }
    }

    async fn release(&self, key: &str) {
        self.claims.lock().expect("sent log lock").remove(key);
    }
}

/// A channel wrapped with de-duplication; itself a [`Channel`].
#[derive(Clone)]
pub struct Outbox<C, S> {
    channel: C,
    log: S,
    window: chrono::Duration,
    clock: Arc<dyn Fn() -> DateTime<Utc> + Send + Sync>,
}

impl<C, S> std::fmt::Debug for Outbox<C, S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Outbox")
            .field("window", &self.window)
            .finish_non_exhaustive()
    }
}

impl<C: Channel, S: SentLog> Outbox<C, S> {
    /// De-duplicates `channel` over `window` using the wall clock.
    pub fn new(channel: C, log: S, window: chrono::Duration) -> Self {
        Self::with_clock(channel, log, window, Arc::new(Utc::now))
    }

    /// The same with an injected clock, for tests of the window.
    pub fn with_clock(
        channel: C,
        log: S,
        window: chrono::Duration,
        clock: Arc<dyn Fn() -> DateTime<Utc> + Send + Sync>,
    ) -> Self {
        Outbox {
            channel,
            log,
            window,
            clock,
        }
    }

    /// The wrapped channel.
    pub fn channel(&self) -> &C {
        &self.channel
    }

    /// The claim key: the message id and the target's key.
    pub fn key(target: &Target, message: &Message) -> String {
        claim_key(target, message)
    }
}

impl<C: Channel, S: SentLog> Channel for Outbox<C, S> {
    async fn deliver(
        &self,
        target: &Target,
        message: &Message,
    ) -> Result<Delivered, DeliveryError> {
        let key = Self::key(target, message);
        if !self.log.claim(&key, (self.clock)(), self.window).await {
            tracing::debug!(id = %message.id, target = target.kind(), "duplicate skipped");
            return Ok(Delivered {
                attempts: 0,
                remote_id: None,
                duplicate: true,
            });
        }
        let result = self.channel.deliver(target, message).await;
        if result.is_err() {
            self.log.release(&key).await;
        }
        result
    }
}
