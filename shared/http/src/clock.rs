//! The one place that reads the time. Handlers ask the [`Clock`] once per
//! request and pass `now` down; the domain never reads a clock.

use chrono::{DateTime, Duration, Utc};
use std::sync::Mutex;

pub trait Clock: Send + Sync {
    fn now(&self) -> DateTime<Utc>;

    /// How long to wait in real time for `simulated` to pass on this clock
    /// (the local scheduler sleeps until a schedule's next firing).
    fn real_time(&self, simulated: Duration) -> std::time::Duration {
        simulated.to_std().unwrap_or_default()
    }

    /// Simulated seconds per real second: 1 on the real clock, 0 on a
    /// clock that only moves when told (`GET /v1/clock`).
    fn rate(&self) -> f64 {
        1.0
    }

    /// Whether this is not the real time (a rehearsal or a test's clock).
    fn rehearsal(&self) -> bool {
        false
    }
}

/// The real clock.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// A clock that only moves when told: for end-to-end tests and `simulate`.
/// A [`FakeClock::running`] one also moves with real time between jumps,
/// for tests of what waits for an instant.
#[derive(Debug)]
pub struct FakeClock {
    /// The instant last set and when (real time) it was set.
    at: Mutex<(DateTime<Utc>, std::time::Instant)>,
    running: bool,
}

impl FakeClock {
    pub fn new(start: DateTime<Utc>) -> Self {
        Self {
            at: Mutex::new((start, std::time::Instant::now())),
            running: false,
        }
    }

    /// A clock at `start` that runs at real speed from there; `set` and
    /// `advance` jump it.
    pub fn running(start: DateTime<Utc>) -> Self {
        Self {
            running: true,
            ..Self::new(start)
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, (DateTime<Utc>, std::time::Instant)> {
        self.at.lock().expect("clock lock")
    }

    fn read(&self, (t, since): (DateTime<Utc>, std::time::Instant)) -> DateTime<Utc> {
        if self.running {
            t + Duration::from_std(since.elapsed()).unwrap_or_default()
        } else {
            t
        }
    }

    pub fn set(&self, t: DateTime<Utc>) {
        *self.lock() = (t, std::time::Instant::now());
    }

    pub fn advance(&self, by: Duration) -> DateTime<Utc> {
        let mut at = self.lock();
        let t = self.read(*at) + by;
        *at = (t, std::time::Instant::now());
        t
    }
}

impl Clock for FakeClock {
    fn now(&self) -> DateTime<Utc> {
        self.read(*self.lock())
    }

    fn rate(&self) -> f64 {
        if self.running {
            1.0
        } else {
            0.0
        }
    }

    fn rehearsal(&self) -> bool {
        true
    }
}

/// A clock for rehearsals (`arbiter serve --clock T --clock-rate N`): it
/// starts at `start` and runs `rate` times as fast as the real one, so an
/// organizer can run a season in an afternoon and a tester can reach a
/// deadline without waiting for it. Local only: the Lambda functions are
/// built with [`SystemClock`] and have no option to change it.
#[derive(Debug)]
pub struct RehearsalClock {
    start: DateTime<Utc>,
    rate: f64,
    began: std::time::Instant,
}

/// Why a rehearsal clock cannot be set.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct RehearsalError(String);

impl RehearsalClock {
    /// The fastest a rehearsal runs: a year in about five minutes.
    pub const MAX_RATE: f64 = 100_000.0;

    /// A clock at `start`, running `rate` times real time. Refuses a rate
    /// outside (0, [`Self::MAX_RATE`]] and a start outside the years
    /// 1970–9999, so the clock cannot run past what dates can hold.
    pub fn new(start: DateTime<Utc>, rate: f64) -> Result<Self, RehearsalError> {
        if !(rate > 0.0 && rate <= Self::MAX_RATE) {
            return Err(RehearsalError(format!(
                "--clock-rate must be above 0 and at most {}",
                Self::MAX_RATE
            )));
        }
        let earliest = DateTime::<Utc>::UNIX_EPOCH;
        let latest: DateTime<Utc> = "9999-12-31T23:59:59Z".parse().expect("a valid instant");
        if start < earliest || start > latest {
            return Err(RehearsalError(
                "--clock must be between 1970-01-01T00:00:00Z and 9999-12-31T23:59:59Z".into(),
            ));
        }
        Ok(Self {
            start,
            rate,
            began: std::time::Instant::now(),
        })
    }

    /// Simulated seconds per real second.
    pub fn rate(&self) -> f64 {
        self.rate
    }
}

impl Clock for RehearsalClock {
    fn now(&self) -> DateTime<Utc> {
        let real = self.began.elapsed().as_secs_f64();
        // Saturates at chrono's limit rather than overflow: at the highest
        // rate, 9999 is still thousands of real years away from any start.
        let micros = (real * self.rate * 1e6).min(i64::MAX as f64) as i64;
        self.start
            .checked_add_signed(Duration::microseconds(micros))
            .unwrap_or(DateTime::<Utc>::MAX_UTC)
    }

    fn real_time(&self, simulated: Duration) -> std::time::Duration {
        simulated
            .to_std()
            .map(|d| d.div_f64(self.rate))
            .unwrap_or_default()
    }

    fn rate(&self) -> f64 {
        self.rate
    }

    fn rehearsal(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> DateTime<Utc> {
        s.parse().unwrap()
    }

    #[test]
    fn rehearsal_clock_starts_where_told_and_runs_at_its_rate() {
        let clock = RehearsalClock::new(at("2019-09-02T00:00:00Z"), 3600.0).unwrap();
        let now = clock.now();
        // Read right after it was made: within the first simulated hour
        // (one real second at 3,600x).
        assert!(now >= at("2019-09-02T00:00:00Z"), "{now}");
        assert!(now < at("2019-09-02T01:00:00Z"), "{now}");
        // A simulated hour is one real second at 3,600x.
        assert_eq!(
            clock.real_time(Duration::hours(1)),
            std::time::Duration::from_secs(1)
        );
        // The system clock waits what it is asked to wait.
        assert_eq!(
            SystemClock.real_time(Duration::minutes(5)),
            std::time::Duration::from_secs(300)
        );
    }

    #[test]
    fn fake_clocks_stand_still_or_run_from_where_they_are_set() {
        let t = at("2026-03-16T23:59:58Z");
        let still = FakeClock::new(t);
        assert_eq!(still.now(), t);
        assert_eq!((still.rate(), still.rehearsal()), (0.0, true));
        let running = FakeClock::running(t);
        std::thread::sleep(std::time::Duration::from_millis(5));
        let later = running.now();
        assert!(later >= t + Duration::milliseconds(5), "{later}");
        assert!(later < t + Duration::seconds(5), "{later}");
        assert_eq!(running.rate(), 1.0);
        // A jump sets it; it runs on from there.
        running.set(t + Duration::hours(1));
        assert!(running.now() >= t + Duration::hours(1));
        assert!(running.now() < t + Duration::hours(1) + Duration::seconds(5));
        assert_eq!((SystemClock.rate(), SystemClock.rehearsal()), (1.0, false));
        let rehearsal = RehearsalClock::new(t, 3600.0).unwrap();
        assert_eq!(Clock::rate(&rehearsal), 3600.0);
        assert!(rehearsal.rehearsal());
    }

    #[test]
    fn rehearsal_clock_refuses_rates_and_starts_it_cannot_hold() {
        let t = at("2026-01-01T00:00:00Z");
        for rate in [0.0, -1.0, f64::NAN, f64::INFINITY, 1e9] {
            assert!(RehearsalClock::new(t, rate).is_err(), "{rate}");
        }
        assert!(RehearsalClock::new(DateTime::<Utc>::MAX_UTC, 1.0).is_err());
        assert!(RehearsalClock::new(DateTime::<Utc>::MIN_UTC, 1.0).is_err());
        assert!(RehearsalClock::new(t, RehearsalClock::MAX_RATE).is_ok());
    }
}
