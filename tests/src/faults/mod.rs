//! DynamoDB that throttles, fails and delivers twice: a loopback proxy
//! ([`proxy`]) between the SDK and the moto server that injects faults by
//! a seeded schedule ([`Schedule`]), and counts them by kind.
//!
//! A seed gives a fixed sequence of decisions, one per request in the order
//! requests reach the proxy (`ARBITER_FAULT_SEED` replays a seed). Under
//! concurrent clients the order of arrival varies from run to run, so the
//! same seed gives the same mix of faults, not the same request for each.

pub mod proxy;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::Duration;

/// What the proxy does with one request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Fault {
    /// Forwarded, answered as moto answers.
    None,
    /// 400 `ProvisionedThroughputExceededException`, not forwarded.
    ProvisionedThroughput,
    /// 400 `ThrottlingException`, not forwarded.
    Throttling,
    /// 500 `InternalServerError`, not forwarded.
    InternalError,
    /// 503 `ServiceUnavailable`, not forwarded.
    Unavailable,
    /// Forwarded after a pause.
    Delay(Duration),
    /// The connection reset before anything is forwarded.
    ResetBefore,
    /// A write forwarded and applied, then the connection reset: the client
    /// never hears the answer. (A read is forwarded as usual.)
    ResetAfter,
    /// A transaction answered 400 `TransactionCanceledException` with a
    /// `TransactionConflict` reason, not forwarded. (Other requests are
    /// forwarded as usual.)
    TransactionConflict,
}

impl Fault {
    /// The kind's name in the counts (a delay's length left out).
    pub fn kind(self) -> &'static str {
        match self {
            Fault::None => "none",
            Fault::ProvisionedThroughput => "throttled: ProvisionedThroughputExceeded",
            Fault::Throttling => "throttled: ThrottlingException",
            Fault::InternalError => "500 InternalServerError",
            Fault::Unavailable => "503 ServiceUnavailable",
            Fault::Delay(_) => "delayed",
            Fault::ResetBefore => "reset before forwarding",
            Fault::ResetAfter => "reset after the write was applied",
            Fault::TransactionConflict => "transaction cancelled: TransactionConflict",
        }
    }
}

/// The seeded sequence of decisions, shared by every listener of a run.
pub struct Schedule {
    pub seed: u64,
    /// The share of requests that meet a fault, 0 to 1.
    rate: f64,
    rng: Mutex<ChaCha8Rng>,
    /// When set: the decisions for the transactions to come, in order
    /// (other requests pass), for a test that plays one story exactly.
    script: Option<Mutex<std::collections::VecDeque<Fault>>>,
    counts: Mutex<BTreeMap<&'static str, u64>>,
}

impl Schedule {
    pub fn new(seed: u64, rate: f64) -> Self {
        Self {
            seed,
            rate,
            rng: Mutex::new(ChaCha8Rng::seed_from_u64(seed)),
            script: None,
            counts: Mutex::default(),
        }
    }

    /// No random faults: the `TransactWriteItems` requests meet `faults`
    /// in order, then none.
    pub fn scripted(faults: Vec<Fault>) -> Self {
        Self {
            script: Some(Mutex::new(faults.into())),
            ..Self::new(0, 0.0)
        }
    }

    /// The decision for a request of `operation`.
    pub fn decide(&self, operation: &str) -> Fault {
        match &self.script {
            None => self.next(),
            Some(_) if operation != "TransactWriteItems" => Fault::None,
            Some(script) => script
                .lock()
                .expect("lock")
                .pop_front()
                .unwrap_or(Fault::None),
        }
    }

    /// `ARBITER_FAULT_SEED` if set (to replay a run), else `default`.
    pub fn seed_from_env(default: u64) -> u64 {
        std::env::var("ARBITER_FAULT_SEED")
            .ok()
            .and_then(|s| s.trim().parse().ok())
            .unwrap_or(default)
    }

    /// The next decision (one draw per request, whatever the request).
    pub fn next(&self) -> Fault {
        let mut rng = self.rng.lock().expect("lock");
        let (hit, pick, pause): (f64, u32, u64) =
            (rng.gen(), rng.gen_range(0..100), rng.gen_range(10..300));
        if hit >= self.rate {
            return Fault::None;
        }
        match pick {
            0..=14 => Fault::ProvisionedThroughput,
            15..=24 => Fault::Throttling,
            25..=34 => Fault::InternalError,
            35..=44 => Fault::Unavailable,
            45..=59 => Fault::Delay(Duration::from_millis(pause)),
            60..=69 => Fault::ResetBefore,
            70..=84 => Fault::ResetAfter,
            _ => Fault::TransactionConflict,
        }
    }

    /// Counts one fault injected (the proxy counts only those it could
    /// apply to the request: a conflict only for a transaction, a reset
    /// after only for a write).
    pub fn count(&self, kind: &'static str) {
        *self.counts.lock().expect("lock").entry(kind).or_default() += 1;
    }

    /// Faults injected so far, by kind.
    pub fn counts(&self) -> BTreeMap<&'static str, u64> {
        self.counts.lock().expect("lock").clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_replays_its_decisions_and_another_differs() {
        let draw = |seed| {
            let s = Schedule::new(seed, 0.5);
            (0..64).map(|_| s.next()).collect::<Vec<_>>()
        };
        assert_eq!(draw(7), draw(7));
        assert_ne!(draw(7), draw(8));
    }

    #[test]
    fn the_rate_bounds_the_share_of_faults() {
        let none = Schedule::new(1, 0.0);
        assert!((0..200).all(|_| none.next() == Fault::None));
        let all = Schedule::new(1, 1.0);
        assert!((0..200).all(|_| all.next() != Fault::None));
    }
}
