//! The `apply-decay` function: applies the club ladder's weekly inactivity decay (club II.6) on the `club-decay` schedule. Each competition due is ticked once; a week already decayed decides nothing, so a late, repeated or concurrent run deducts once.

use arbiter_http::{run_schedule, App, Problem, ScheduleEvent};
use arbiter_service::SweepReport;
use arbiter_store::Store;
use std::sync::Arc;

/// The function's name in the schedule table.
pub const FUNCTION: &str = "apply-decay";

pub async fn on_schedule<S: Store>(
    app: Arc<App<S>>,
    event: ScheduleEvent,
) -> Result<SweepReport, Problem> {
    run_schedule(&app, FUNCTION, &event).await
}
