//! The local scheduler: the schedule table run with the `cron` crate, in
//! each schedule's time zone, against the app's clock; and a task that runs
//! the deadline sweep at each deadline's instant, so a deadline locally
//! lands when it falls rather than at the next five-minute sweep.

use crate::server::fire;
use arbiter_http::App;
use arbiter_notify::{AnyMailer, Notifier};
use arbiter_service::schedules::{schedule, Schedule, SCHEDULES};
use arbiter_store::{NotifyStore, Store};
use chrono::{DateTime, Utc};
use std::sync::Arc;
use std::time::Duration;

/// The schedule whose sweep [`spawn_deadlines`] runs at each deadline: the
/// five-minute sweep, which stays as the safety net.
pub const DEADLINE_SWEEP: &str = "deadline-sweep";

/// How long (real time) the deadline task leaves a deadline that a sweep
/// could not settle (its competition fails to tick) before sweeping again,
/// and waits after the store failed to answer: it never spins.
const RETRY: Duration = Duration::from_secs(30);

/// The longest the deadline task sleeps before reading the clock again: a
/// sleep runs on the monotonic clock, which stands still while the machine
/// is suspended and ignores changes to the system time.
const MAX_SLEEP: Duration = Duration::from_secs(60);

/// Starts one task per schedule that sleeps until its next firing (by the
/// real clock) and runs it. Missed firings are not replayed: the sweeps
/// catch up by themselves, since they act on whatever is due by `now`.
/// The `notify` function's schedule runs on `notifier`. Beside them,
/// [`spawn_deadlines`].
pub fn spawn<S: Store + NotifyStore + Clone>(
    app: Arc<App<S>>,
    notifier: Arc<Notifier<S, AnyMailer>>,
) -> Vec<tokio::task::JoinHandle<()>> {
    let deadlines = spawn_deadlines(Arc::clone(&app));
    SCHEDULES
        .iter()
        .map(|schedule| {
            let app = Arc::clone(&app);
            let notifier = Arc::clone(&notifier);
            tokio::spawn(async move {
                loop {
                    let now = app.clock.now();
                    let Ok(Some(next)) = schedule.next_after(now) else {
                        tracing::error!(schedule = schedule.name, "schedule cannot run locally");
                        return;
                    };
                    // A rehearsal clock (`serve --clock-rate`) runs faster
                    // than the real one: wait in its time, not ours.
                    let wait = app.clock.real_time(next - now);
                    tokio::time::sleep(wait).await;
                    if schedule.function == notify::FUNCTION {
                        if let Err(e) = notifier.remind(app.clock.now()).await {
                            tracing::error!(schedule = schedule.name, error = %e, "schedule failed");
                        }
                    } else {
                        run(&app, schedule).await;
                    }
                }
            })
        })
        .chain([deadlines])
        .collect()
}

/// Starts the task that runs the [`DEADLINE_SWEEP`] at each deadline's
/// instant: it asks the store for the earliest deadline, sleeps until then
/// on the app's clock, and sweeps. A command that sets, moves or clears a
/// deadline wakes it ([`arbiter_service::Service::due_changed`]) to ask
/// again, so a deadline moved earlier is not overslept; it also reads the
/// clock again at least every [`MAX_SLEEP`] of real time (one store query a
/// minute when idle). One such task per app: the wake-up is a single permit.
///
/// It only adds sweeps, and a sweep is idempotent (a tick that finds nothing
/// due appends nothing), so racing the cron sweep changes nothing twice.
pub fn spawn_deadlines<S: Store>(app: Arc<App<S>>) -> tokio::task::JoinHandle<()> {
    let schedule = schedule(DEADLINE_SWEEP).expect("the deadline sweep is in the table");
    let woken = app.service.due_changed();
    tokio::spawn(async move {
        // The deadline the last sweep was run for: still the earliest after
        // that sweep means it could not be settled; it waits for RETRY.
        let mut swept: Option<DateTime<Utc>> = None;
        loop {
            let now = app.clock.now();
            let wait: Duration = match app.service.store().next_due().await {
                Err(e) => {
                    tracing::error!(error = %e, "next deadline unknown");
                    RETRY
                }
                Ok(None) => MAX_SLEEP,
                Ok(Some(t)) if t > now => app.clock.real_time(t - now).min(MAX_SLEEP),
                Ok(Some(t)) if swept == Some(t) => RETRY,
                Ok(Some(t)) => {
                    run(&app, schedule).await;
                    swept = Some(t);
                    continue;
                }
            };
            let timed_out = tokio::select! {
                () = tokio::time::sleep(wait) => true,
                () = woken.notified() => false,
            };
            if timed_out {
                // The deadline slept for, or the retry, has come: sweep it
                // even if it is the one a sweep left.
                swept = None;
            }
        }
    })
}

async fn run<S: Store>(app: &Arc<App<S>>, schedule: &Schedule) {
    if let Err(p) = fire(Arc::clone(app), schedule.function, schedule.name).await {
        tracing::error!(
            schedule = schedule.name,
            detail = p.detail,
            "schedule failed"
        );
    }
}

/// Every firing of every schedule in `(from, to]`, in time order: what a
/// fake clock moving from `from` to `to` must run (simulations, tests).
pub fn firings_between(
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Vec<(DateTime<Utc>, &'static Schedule)> {
    let mut firings = Vec::new();
    for schedule in SCHEDULES {
        let mut t = from;
        while let Ok(Some(next)) = schedule.next_after(t) {
            if next > to {
                break;
            }
            firings.push((next, schedule));
            t = next;
        }
    }
    firings.sort_by_key(|(t, s)| (*t, s.name));
    firings
}
