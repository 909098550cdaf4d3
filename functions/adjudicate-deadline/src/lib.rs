//! The `adjudicate-deadline` function: closes whatever has fallen due: Diplomacy phases and NMRs (wm D.VII), Sunday round deadlines (acwc IV.F), Nomic end-of-day vote completion (nomic 113), judgement windows, ban expiries, declaration deadlines. Runs on the `deadline-sweep`, `round-deadline-sweep` and `nomic-end-of-day` schedules; a sweep that runs twice or overlaps another changes each competition once.

use arbiter_http::{run_schedule, App, Problem, ScheduleEvent};
use arbiter_service::SweepReport;
use arbiter_store::Store;
use std::sync::Arc;

/// The function's name in the schedule table.
pub const FUNCTION: &str = "adjudicate-deadline";

pub async fn on_schedule<S: Store>(
    app: Arc<App<S>>,
    event: ScheduleEvent,
) -> Result<SweepReport, Problem> {
    run_schedule(&app, FUNCTION, &event).await
}
