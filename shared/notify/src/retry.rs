//! Retries with exponential backoff and full jitter, an injectable sleeper, and
//! dead letters.
//!
//! A notification that a rule requires (an NMR warning under wm B.8.b, a reminder
//! under wm D.VII.1) must not vanish because a receiver hiccuped, nor be hammered into
//! a receiver that asked us to wait. So: transient failures (5xx, 429, connection
//! errors) are retried with exponential backoff, each wait drawn at random below its
//! ceiling ("full jitter", so the retries of many messages to a receiver that was down
//! do not all arrive at the same instants), a `Retry-After` is obeyed, other 4xx
//! are final, and what still fails after the last try becomes a [`DeadLetter`] that an
//! organizer can see and replay.

use crate::message::{Message, Target};
use crate::outcome::{Delivered, DeliveryError};
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::time::Duration;

// What the retrier keeps when every try failed, reachable beside it as well as
// from the crate root.
pub use crate::outcome::DeadLetter;

/// A boxed future, so the sleeper and sink traits can be used as trait objects.
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Waits between tries. Injected so tests record the delays instead of sleeping.
pub trait Sleeper: Send + Sync {
    /// Wait for `delay`.
    fn sleep(&self, delay: Duration) -> BoxFuture<'_, ()>;
}

/// The production sleeper: `tokio::time::sleep`.
#[derive(Debug, Default, Clone, Copy)]
pub struct TokioSleeper;

impl Sleeper for TokioSleeper {
    fn sleep(&self, delay: Duration) -> BoxFuture<'_, ()> {
        Box::pin(tokio::time::sleep(delay))
    }
}

/// A sleeper that returns at once.
#[derive(Debug, Default, Clone, Copy)]
pub struct NoSleep;

impl Sleeper for NoSleep {
    fn sleep(&self, _delay: Duration) -> BoxFuture<'_, ()> {
        Box::pin(async {})
    }
}

/// A sleeper that returns at once and remembers each requested delay, so a test can
/// check the backoff and that a `Retry-After` was honoured.
#[derive(Debug, Default, Clone)]
pub struct RecordingSleeper {
    sleeps: Arc<Mutex<Vec<Duration>>>,
}

impl RecordingSleeper {
    /// The delays requested so far, in order.
    pub fn sleeps(&self) -> Vec<Duration> {
        self.sleeps.lock().expect("sleeper lock").clone()
    }
}

impl Sleeper for RecordingSleeper {
    fn sleep(&self, delay: Duration) -> BoxFuture<'_, ()> {
        self.sleeps.lock().expect("sleeper lock").push(delay);
        Box::pin(async {})
    }
}

/// Spreads a backoff: the wait actually taken before the next try, given the
/// backoff's ceiling. Injected so tests can check the schedule exactly.
pub trait Jitter: Send + Sync {
    /// The wait for a backoff of `ceiling`.
    fn spread(&self, ceiling: Duration) -> Duration;
}

/// The production spread, "full jitter": a wait drawn uniformly between zero and
/// the ceiling, from the operating system's randomness (std's `RandomState` keys).
/// Senders retrying at once spread out instead of reaching a receiver that was down
/// in lockstep, while no wait is longer than the plain backoff.
#[derive(Debug, Default, Clone, Copy)]
pub struct FullJitter;

impl Jitter for FullJitter {
    fn spread(&self, ceiling: Duration) -> Duration {
        use std::hash::{BuildHasher, Hasher};
        let micros = u64::try_from(ceiling.as_micros()).unwrap_or(u64::MAX);
        let draw = std::collections::hash_map::RandomState::new()
            .build_hasher()
            .finish();
        Duration::from_micros(draw % micros.saturating_add(1))
    }
}

/// No spread: the wait is the ceiling itself (tests that check the backoff).
#[derive(Debug, Default, Clone, Copy)]
pub struct NoJitter;

impl Jitter for NoJitter {
    fn spread(&self, ceiling: Duration) -> Duration {
        ceiling
    }
}

/// Where dead letters go. The real system keeps them in the table; tests keep them in
/// memory ([`MemoryDeadLetters`]).
pub trait DeadLetters: Send + Sync {
    /// Keep `letter`.
    fn record(&self, letter: DeadLetter) -> BoxFuture<'_, ()>;
}

/// Dead letters kept in memory.
#[derive(Debug, Default, Clone)]
pub struct MemoryDeadLetters {
    letters: Arc<Mutex<Vec<DeadLetter>>>,
}

impl MemoryDeadLetters {
    /// The dead letters so far.
    pub fn letters(&self) -> Vec<DeadLetter> {
        self.letters.lock().expect("dead letters lock").clone()
    }
}

impl DeadLetters for MemoryDeadLetters {
    fn record(&self, letter: DeadLetter) -> BoxFuture<'_, ()> {
        self.letters.lock().expect("dead letters lock").push(letter);
        Box::pin(async {})
    }
}

/// How often and how patiently to retry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryPolicy {
    /// Tries in all, the first included.
    pub max_attempts: u32,
    /// The wait after the first failure; doubled after each further one.
    pub base_delay: Duration,
    /// The longest backoff wait.
    pub max_delay: Duration,
    /// The longest `Retry-After` obeyed; a receiver asking for more is dead-lettered at
    /// once rather than holding a Lambda invocation that long.
    pub max_retry_after: Duration,
}

impl Default for RetryPolicy {
    /// Five tries waiting at most 1, 2, 4 and 8 seconds (each drawn below that
    /// ceiling): at most 15 s in all, well inside a Lambda's timeout, while a
    /// `Retry-After` up to a minute is obeyed.
    fn default() -> Self {
        RetryPolicy {
            max_attempts: 5,
            base_delay: Duration::from_secs(1),
            max_delay: Duration::from_secs(30),
            max_retry_after: Duration::from_secs(60),
        }
    }
}

impl RetryPolicy {
    /// The backoff's ceiling after failed try number `attempt` (1-based):
    /// base × 2^(attempt−1), capped at `max_delay`; the wait is drawn below it.
    pub fn backoff(&self, attempt: u32) -> Duration {
        let factor = 2u32.saturating_pow(attempt.saturating_sub(1));
        self.base_delay.saturating_mul(factor).min(self.max_delay)
    }
}

/// The outcome of one try, as an adapter classifies it.
#[derive(Debug)]
pub enum Attempt {
    /// Accepted, with the provider's id if any.
    Sent(Option<String>),
    /// Failed in a way worth retrying; `retry_after` is what the receiver asked for.
    Transient {
        reason: String,
        retry_after: Option<Duration>,
    },
    /// Failed for good.
    Final(DeliveryError),
}

impl Attempt {
    /// Classifies an HTTP status that is not a success: 429 and 5xx are transient,
    /// other statuses final.
    pub fn from_status(
        channel: &'static str,
        status: u16,
        detail: String,
        retry_after: Option<Duration>,
    ) -> Self {
        if status == 429 || (500..600).contains(&status) {
            Attempt::Transient {
                reason: format!("HTTP {status}: {detail}"),
                retry_after,
            }
        } else {
            Attempt::Final(DeliveryError::Rejected {
                channel,
                status,
                detail,
            })
        }
    }

    /// A transport failure (connection refused, reset, timed out) is transient. The URL
    /// is dropped from the text: Discord's and Telegram's carry their tokens, and the
    /// text ends up in dead letters.
    pub fn from_transport(error: reqwest::Error) -> Self {
        Attempt::Transient {
            reason: format!("transport: {}", error.without_url()),
            retry_after: None,
        }
    }
}

/// Runs tries under a [`RetryPolicy`], sleeping through a [`Sleeper`] and sending what
/// fails to a [`DeadLetters`] sink. Shared by the HTTP adapters.
#[derive(Clone)]
pub struct Retrier {
    /// The policy.
    pub policy: RetryPolicy,
    /// The sleeper between tries.
    pub sleeper: Arc<dyn Sleeper>,
    /// Where exhausted messages go.
    pub dead_letters: Arc<dyn DeadLetters>,
    /// How each backoff is spread ([`FullJitter`] unless a test says otherwise).
    pub jitter: Arc<dyn Jitter>,
}

impl std::fmt::Debug for Retrier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Retrier")
            .field("policy", &self.policy)
            .finish_non_exhaustive()
    }
}

impl Retrier {
    /// A retrier with the given parts, spreading its backoff by [`FullJitter`].
    pub fn new(
        policy: RetryPolicy,
        sleeper: Arc<dyn Sleeper>,
        dead_letters: Arc<dyn DeadLetters>,
    ) -> Self {
        Retrier {
            policy,
            sleeper,
            dead_letters,
            jitter: Arc::new(FullJitter),
        }
    }

    /// The same retrier, spreading its backoff by `jitter`.
    pub fn with_jitter(mut self, jitter: Arc<dyn Jitter>) -> Self {
        self.jitter = jitter;
        self
    }

    /// Tries `attempt` until it is sent, fails for good, or the tries run out; then the
    /// message becomes a dead letter. A `Retry-After` replaces the backoff for that wait
    /// and is obeyed as asked, unspread.
    pub async fn run<F, Fut>(
        &self,
        target: &Target,
        message: &Message,
        mut attempt: F,
    ) -> Result<Delivered, DeliveryError>
    where
        F: FnMut() -> Fut,
        Fut: Future<Output = Attempt>,
    {
        let max = self.policy.max_attempts.max(1);
        let mut tries = 0;
        loop {
            tries += 1;
            let (reason, retry_after) = match attempt().await {
                Attempt::Sent(remote_id) => return Ok(Delivered::sent(tries, remote_id)),
                Attempt::Final(error) => return Err(error),
                Attempt::Transient {
                    reason,
                    retry_after,
                } => (reason, retry_after),
            };
            let too_long = retry_after.is_some_and(|d| d > self.policy.max_retry_after);
            if tries >= max || too_long {
                let last_error = if too_long {
                    format!("{reason} (asked to wait longer than the policy allows)")
                } else {
                    reason
                };
                let letter = DeadLetter {
                    message: message.clone(),
                    target: target.clone(),
                    attempts: tries,
                    last_error,
                };
                tracing::warn!(id = %message.id, target = target.kind(), attempts = tries, "dead letter");
                self.dead_letters.record(letter.clone()).await;
                return Err(DeliveryError::Exhausted(Box::new(letter)));
            }
            let wait =
                retry_after.unwrap_or_else(|| self.jitter.spread(self.policy.backoff(tries)));
            self.sleeper.sleep(wait).await;
        }
    }
}

/// Reads a `Retry-After` header given in seconds (fractions accepted). The HTTP-date
/// form is not used by the services we call, so it reads as absent.
pub fn retry_after_header(headers: &reqwest::header::HeaderMap) -> Option<Duration> {
    let value = headers.get(reqwest::header::RETRY_AFTER)?.to_str().ok()?;
    seconds(value.trim().parse::<f64>().ok()?)
}

/// A non-negative finite number of seconds as a duration.
pub fn seconds(secs: f64) -> Option<Duration> {
    (secs.is_finite() && secs >= 0.0).then(|| Duration::from_secs_f64(secs.min(86_400.0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_from_the_base_up_to_the_cap() {
        let p = RetryPolicy::default();
        let waits: Vec<u64> = (1..=7).map(|n| p.backoff(n).as_secs()).collect();
        assert_eq!(waits, vec![1, 2, 4, 8, 16, 30, 30]);
        assert_eq!(p.backoff(100), p.max_delay);
    }

    #[test]
    fn full_jitter_draws_each_wait_between_zero_and_its_ceiling() {
        let ceiling = Duration::from_secs(8);
        let waits: Vec<Duration> = (0..200).map(|_| FullJitter.spread(ceiling)).collect();
        assert!(waits.iter().all(|w| *w <= ceiling), "{waits:?}");
        // Spread, not the ceiling every time: 200 draws from 8,000,001 values
        // agree by chance with a probability far below 10^-1000.
        let first = waits[0];
        assert!(waits.iter().any(|w| *w != first), "{waits:?}");
        assert!(waits.iter().any(|w| *w < ceiling / 2), "{waits:?}");
        assert_eq!(FullJitter.spread(Duration::ZERO), Duration::ZERO);
        assert_eq!(NoJitter.spread(ceiling), ceiling);
    }

    #[test]
    fn statuses_are_classified_as_transient_or_final() {
        let transient = |s| {
            matches!(
                Attempt::from_status("t", s, String::new(), None),
                Attempt::Transient { .. }
            )
        };
        assert!(transient(429));
        assert!(transient(500));
        assert!(transient(503));
        assert!(!transient(400));
        assert!(!transient(401));
        assert!(!transient(404));
        assert!(!transient(410));
    }

    #[test]
    fn retry_after_reads_seconds_and_ignores_dates_and_nonsense() {
        let mut h = reqwest::header::HeaderMap::new();
        assert_eq!(retry_after_header(&h), None);
        h.insert("retry-after", "12".parse().unwrap());
        assert_eq!(retry_after_header(&h), Some(Duration::from_secs(12)));
        h.insert("retry-after", "0.5".parse().unwrap());
        assert_eq!(retry_after_header(&h), Some(Duration::from_millis(500)));
        h.insert(
            "retry-after",
            "Wed, 21 Oct 2015 07:28:00 GMT".parse().unwrap(),
        );
        assert_eq!(retry_after_header(&h), None);
        h.insert("retry-after", "-3".parse().unwrap());
        assert_eq!(retry_after_header(&h), None);
        assert_eq!(seconds(f64::NAN), None);
    }
}
