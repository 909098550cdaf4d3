//! How long an append keeps trying while other transactions cancel it
//! (`TransactionConflict`) or an earlier send of it is still running
//! (`TransactionInProgress`).
//!
//! The SDK bounds each request (4 attempts, 1.5 s each, 4 s in all: see
//! `patience`); this bounds the append's own loop of requests by one
//! deadline, [`APPEND_DEADLINE`] from its first send. A retry starts only
//! if its pause and a whole request ([`super::SDK_OPERATION_TIMEOUT`]) end
//! before the deadline, so a command (a load, a receipt read and an
//! append: 4 + 4 + 6 s at worst) answers inside its function's 15 s
//! timeout (`template.yaml`) rather than being cut off by Lambda without a
//! body. The pauses grow exponentially with jitter (half fixed, half
//! random), so that writers contending for one competition part.

use super::{Attempt, SDK_OPERATION_TIMEOUT};
use crate::StoreError;
use std::future::Future;
use std::time::Duration;

/// The most an append spends on its requests and pauses (see the module).
pub const APPEND_DEADLINE: Duration = Duration::from_secs(6);
/// Sends of one append at most, the first included.
pub const CONFLICT_ATTEMPTS: u32 = 6;
/// The ceiling of the first pause; each retry doubles it up to
/// [`MAX_PAUSE`].
const FIRST_PAUSE: Duration = Duration::from_millis(20);
const MAX_PAUSE: Duration = Duration::from_millis(400);

/// Time and waiting, injected so that the loop is tested without sleeping.
pub trait Pacer: Send + Sync {
    /// Time since a fixed instant (monotonic).
    fn elapsed(&self) -> Duration;
    fn sleep(&self, pause: Duration) -> impl Future<Output = ()> + Send;
    /// A number in `0..=max`: the random half of a pause.
    fn jitter(&self, max: u64) -> u64;
}

/// The process's clock and tokio's timer; jitter from the clock's
/// nanoseconds (enough to part two writers, no generator needed).
pub struct TokioPacer(std::time::Instant);

impl TokioPacer {
    pub fn new() -> Self {
        Self(std::time::Instant::now())
    }
}

impl Pacer for TokioPacer {
    fn elapsed(&self) -> Duration {
        self.0.elapsed()
    }

    fn sleep(&self, pause: Duration) -> impl Future<Output = ()> + Send {
        tokio::time::sleep(pause)
    }

    fn jitter(&self, max: u64) -> u64 {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| u64::from(d.subsec_nanos()));
        nanos % (max + 1)
    }
}

/// When to stop: after `attempts` sends, or when one more would end past
/// `deadline` (a send counted as `request` long).
#[derive(Debug, Clone, Copy)]
pub struct ConflictRetry {
    pub attempts: u32,
    pub deadline: Duration,
    pub request: Duration,
}

impl Default for ConflictRetry {
    fn default() -> Self {
        Self {
            attempts: CONFLICT_ATTEMPTS,
            deadline: APPEND_DEADLINE,
            request: SDK_OPERATION_TIMEOUT,
        }
    }
}

impl ConflictRetry {
    /// The pause before retry `retry` (1 for the second send), `elapsed`
    /// after the first send began; `None` to stop.
    pub fn pause(&self, retry: u32, elapsed: Duration, pacer: &impl Pacer) -> Option<Duration> {
        if retry >= self.attempts {
            return None;
        }
        let ceiling = FIRST_PAUSE
            .saturating_mul(1 << (retry - 1).min(16))
            .min(MAX_PAUSE);
        let half = ceiling / 2;
        let pause = half + Duration::from_millis(pacer.jitter(half.as_millis() as u64));
        (elapsed + pause + self.request <= self.deadline).then_some(pause)
    }

    /// Sends with `attempt` until it is done, fails, or the policy stops;
    /// answers the last attempt's outcome. A send cancelled by another
    /// transaction goes again as a new request (`new_token`); one still in
    /// progress goes again with the same token, which answers with that
    /// request's outcome.
    pub async fn run<P, F, Fut>(
        &self,
        pacer: &P,
        new_token: impl Fn() -> String,
        mut attempt: F,
    ) -> Result<Attempt, StoreError>
    where
        P: Pacer,
        F: FnMut(String) -> Fut,
        Fut: Future<Output = Result<Attempt, StoreError>>,
    {
        let start = pacer.elapsed();
        let mut token = new_token();
        let mut retry = 0;
        loop {
            let last = attempt(token.clone()).await?;
            if matches!(last, Attempt::Done) {
                return Ok(last);
            }
            if matches!(last, Attempt::Contended) {
                token = new_token();
            }
            retry += 1;
            let elapsed = pacer.elapsed().saturating_sub(start);
            let Some(pause) = self.pause(retry, elapsed, pacer) else {
                return Ok(last);
            };
            pacer.sleep(pause).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    /// A clock that moves only when slept on or told to; jitter always the
    /// largest allowed, so pauses are their ceilings.
    #[derive(Default, Clone)]
    struct FakePacer {
        now: Arc<Mutex<Duration>>,
        pauses: Arc<Mutex<Vec<Duration>>>,
    }

    impl FakePacer {
        fn advance(&self, by: Duration) {
            *self.now.lock().unwrap() += by;
        }
    }

    impl Pacer for FakePacer {
        fn elapsed(&self) -> Duration {
            *self.now.lock().unwrap()
        }
        fn sleep(&self, pause: Duration) -> impl Future<Output = ()> + Send {
            self.pauses.lock().unwrap().push(pause);
            self.advance(pause);
            std::future::ready(())
        }
        fn jitter(&self, max: u64) -> u64 {
            max
        }
    }

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    /// Sends that are cancelled at once, each taking `took`; the tokens they
    /// were sent with.
    async fn contended_for_ever(pacer: &FakePacer, took: Duration) -> (Attempt, Vec<String>) {
        let tokens = Arc::new(Mutex::new(Vec::new()));
        let counter = Arc::new(Mutex::new(0));
        let new_token = || {
            let mut c = counter.lock().unwrap();
            *c += 1;
            format!("t{c}")
        };
        let last = ConflictRetry::default()
            .run(pacer, new_token, |token| {
                tokens.lock().unwrap().push(token);
                pacer.advance(took);
                std::future::ready(Ok(Attempt::Contended))
            })
            .await
            .expect("no failure");
        let tokens = tokens.lock().unwrap().clone();
        (last, tokens)
    }

    /// Quick cancellations: six sends, each a new request, with pauses
    /// doubling from 20 ms (jitter at its largest: the ceilings 20, 40, 80,
    /// 160, 320 ms).
    #[tokio::test]
    async fn quick_conflicts_use_every_attempt_with_growing_pauses() {
        let pacer = FakePacer::default();
        let (last, tokens) = contended_for_ever(&pacer, ms(5)).await;
        assert!(matches!(last, Attempt::Contended));
        assert_eq!(tokens, ["t1", "t2", "t3", "t4", "t5", "t6"]);
        let pauses = pacer.pauses.lock().unwrap().clone();
        assert_eq!(pauses, [ms(20), ms(40), ms(80), ms(160), ms(320)]);
    }

    /// Slow cancellations (1.2 s a send): the first ends at 1.2 s, the
    /// second (after 20 ms) at 2.42 s; a third would start at 2.46 s and
    /// could run until 6.46 s, past the 6 s deadline, so there is none.
    #[tokio::test]
    async fn slow_conflicts_stop_before_the_deadline() {
        let pacer = FakePacer::default();
        let (last, tokens) = contended_for_ever(&pacer, ms(1200)).await;
        assert!(matches!(last, Attempt::Contended));
        assert_eq!(tokens.len(), 2);
        assert_eq!(pacer.elapsed(), ms(2420));
        assert!(pacer.elapsed() <= APPEND_DEADLINE);
    }

    /// A send still in progress goes again with the same token; one that
    /// is done ends the loop.
    #[tokio::test]
    async fn in_progress_keeps_the_token_and_done_ends() {
        let pacer = FakePacer::default();
        let outcomes = Mutex::new(vec![Attempt::Done, Attempt::InProgress, Attempt::Contended]);
        let tokens = Mutex::new(Vec::new());
        let counter = Mutex::new(0);
        let new_token = || {
            let mut c = counter.lock().unwrap();
            *c += 1;
            format!("t{c}")
        };
        let last = ConflictRetry::default()
            .run(&pacer, new_token, |token| {
                tokens.lock().unwrap().push(token);
                std::future::ready(Ok(outcomes.lock().unwrap().pop().unwrap()))
            })
            .await
            .unwrap();
        assert!(matches!(last, Attempt::Done));
        assert_eq!(*tokens.lock().unwrap(), ["t1", "t2", "t2"]);
    }

    /// A failure ends the loop at once, with no pause.
    #[tokio::test]
    async fn a_failure_is_not_retried_here() {
        let pacer = FakePacer::default();
        let result = ConflictRetry::default()
            .run(
                &pacer,
                || "t".to_owned(),
                |_| std::future::ready(Err(StoreError::Conflict)),
            )
            .await;
        assert!(matches!(result, Err(StoreError::Conflict)));
        assert!(pacer.pauses.lock().unwrap().is_empty());
    }
}
