//! The tournament's deadlines for the calendar feed ([`crate::ical`]). Its
//! boards are competitions of their own with their own feeds (order
//! deadlines, wm D.VII.4.b).

use super::state::Tournament;
use crate::envelope::{Envelope, UserId};
use crate::ical::Deadline;
use chrono::DateTime;
use chrono::Utc;

/// The contract's calendar: the deadlines the feeds list (see [`crate::rulebook`]).
impl crate::rulebook::Calendar for Tournament {
    /// The entry deadline (wm B.2), public; each open call to the reserves
    /// (wm B.8.d), which the tournament's view does not publish: listed only to
    /// the reserves it calls and the organizer.
    fn deadlines(
        &self,
        env: &Envelope,
        viewer: Option<&UserId>,
        _now: DateTime<Utc>,
    ) -> Vec<Deadline> {
        let state = self;
        let Some(settings) = state.settings.as_ref() else {
            return Vec::new();
        };
        let mut out = vec![Deadline::new(
            "entries-close",
            settings.entry_deadline,
            "Entries close",
            "wm B.2",
        )];
        let insider = viewer.is_some_and(|v| state.reserves.contains(v) || *v == env.organizer);
        if insider {
            out.extend(state.calls.iter().filter(|c| !c.closed).map(|c| {
                Deadline::new(
                    format!("reserve-call-{}", c.id),
                    c.closes_at,
                    format!(
                        "Call to the reserves for {} on board {} closes",
                        c.power.title(),
                        c.board + 1
                    ),
                    "wm B.8.d",
                )
                .for_users(state.reserves.iter().cloned())
            }));
        }
        out
    }
}
