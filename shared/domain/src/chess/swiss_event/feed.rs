//! The event's deadlines for the calendar feed ([`crate::ical`]).

use super::state::SwissEvent;
use crate::ical::Deadline;

/// Each round's time in the event's regulations, when the schedule pairs it
/// once the round before is complete (dutch A3 needs every result; see
/// docs/rulings/swiss.md, Rounds). The schedule is public.
pub fn deadlines(state: &SwissEvent) -> Vec<Deadline> {
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
