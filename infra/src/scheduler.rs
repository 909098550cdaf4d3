//! The local scheduler: the schedule table run with the `cron` crate, in
//! each schedule's time zone, against the app's clock.

use crate::server::fire;
use arbiter_http::App;
use arbiter_notify::{AnyMailer, Notifier};
use arbiter_service::schedules::{Schedule, SCHEDULES};
use arbiter_store::{NotifyStore, Store};
use chrono::{DateTime, Utc};
use std::sync::Arc;

/// Starts one task per schedule that sleeps until its next firing (by the
/// real clock) and runs it. Missed firings are not replayed: the sweeps
/// catch up by themselves, since they act on whatever is due by `now`.
/// The `notify` function's schedule runs on `notifier`.
pub fn spawn<S: Store + NotifyStore + Clone>(
    app: Arc<App<S>>,
    notifier: Arc<Notifier<S, AnyMailer>>,
) -> Vec<tokio::task::JoinHandle<()>> {
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
        .collect()
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
