//! Running a schedule: the same for EventBridge Scheduler in AWS and for the
//! local scheduler of `arbiter serve`.

use crate::{App, Problem};
use arbiter_service::schedules::schedule_of;
use arbiter_service::SweepReport;
use arbiter_store::Store;
use serde::{Deserialize, Serialize};

/// What a schedule sends its function: the `Input` in `template.yaml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScheduleEvent {
    pub schedule: String,
}

/// Runs `event` on behalf of `function`: every competition due at the
/// clock's `now` is ticked once. Refuses a schedule that belongs to another
/// function, so a misrouted event changes nothing.
pub async fn run_schedule<S: Store>(
    app: &App<S>,
    function: &str,
    event: &ScheduleEvent,
) -> Result<SweepReport, Problem> {
    let known = schedule_of(function, &event.schedule).map_err(Problem::invalid)?;
    let report = app.service.sweep(known.name, app.clock.now()).await?;
    tracing::info!(
        schedule = known.name,
        due = report.due,
        changed = report.changed,
        failed = report.failed,
        "schedule"
    );
    Ok(report)
}
