//! What falls due by itself: the next round, paired at the regulations'
//! time for it once the round before is complete.

use super::decide::rounds_due;
use super::engine::two_present;
use super::state::SwissEvent;
use crate::chess::swiss_event::Recorded;
use crate::envelope::Context;
use crate::envelope::Envelope;
use crate::envelope::Role;
use crate::envelope::Ruled;
use crate::refusal::Refusal;
use chrono::{DateTime, Utc};

/// When the schedule pairs the next round: its time in the regulations,
/// once the round before is complete and two players are to be paired.
/// A time already past is due at once, so a round completed late is
/// paired by the next sweep.
pub fn next_due(state: &SwissEvent) -> Option<DateTime<Utc>> {
    let s = state.settings.as_ref()?;
    let round = state.next_round();
    if round > s.rounds || !state.last_round_complete() {
        return None;
    }
    let at = *s.round_times.get(round as usize - 1)?;
    two_present(state, round).then_some(at)
}

/// The pairing due by `now`, if any.
pub fn tick(state: &SwissEvent, now: DateTime<Utc>) -> Vec<Recorded> {
    match next_due(state) {
        Some(at) if at <= now => rounds_due(state),
        _ => vec![],
    }
}

/// The contract's schedule: what falls due, and when (see [`crate::rulebook`]).
impl crate::rulebook::Schedule for SwissEvent {
    /// dutch F6, F7: the arbiter runs the event's clock.
    const CLOCK_OFFICIALS: &'static [Role] = &[Role::Arbiter];

    /// The next round at its scheduled time (the regulations' round times).
    fn tick(&self, _env: &Envelope, ctx: &Context) -> Result<Vec<Ruled<Self::Event>>, Refusal> {
        Ok(tick(self, ctx.now))
    }

    fn next_due(&self) -> Option<DateTime<Utc>> {
        next_due(self)
    }
}
