//! The fold of cheating reports (acwc VII.A): private accusations and the
//! TD's rulings.

use super::{Championship, CheatingReport};
use crate::chess::acwc::vocabulary::Event;

/// acwc VII.A: an accusation reported, and ruled on.
pub(super) fn apply(state: &mut Championship, event: &Event) {
    match event {
        Event::CheatingReported {
            report,
            by,
            accused,
            details,
        } => state.cheating_reports.push(CheatingReport {
            report: *report,
            by: by.clone(),
            accused: accused.clone(),
            details: details.clone(),
            guilty: None,
        }),
        Event::CheatingReportRuled { report, guilty } => {
            if let Some(r) = state
                .cheating_reports
                .iter_mut()
                .find(|r| r.report == *report)
            {
                r.guilty = Some(*guilty);
            }
        }
        _ => unreachable!("state::apply sends cheating reports only"),
    }
}
