//! The event's deadlines for the calendar feed ([`crate::ical`]).

use super::state::SwissEvent;
use crate::envelope::Envelope;
use crate::envelope::UserId;
use crate::ical::Deadline;
use chrono::DateTime;
use chrono::Utc;

/// The contract's calendar: the deadlines the feeds list (see [`crate::rulebook`]).
impl crate::rulebook::Calendar for SwissEvent {
    /// Each round's time in the event's regulations, when the schedule pairs it
    /// once the round before is complete (dutch A3 needs every result; see
    /// docs/rulings/swiss.md, Rounds). The schedule is public.
    fn deadlines(
        &self,
        _env: &Envelope,
        _viewer: Option<&UserId>,
        _now: DateTime<Utc>,
    ) -> Vec<Deadline> {
        let state = self;
        let Some(s) = state.settings.as_ref() else {
            return Vec::new();
        };
        s.round_times
            .iter()
            .zip(1..=s.rounds)
            .map(|(at, r)| {
                Deadline::new(
                    format!("round-{r}"),
                    *at,
                    format!("Round {r} is paired and starts"),
                    "dutch A3",
                )
            })
            .collect()
    }
}
