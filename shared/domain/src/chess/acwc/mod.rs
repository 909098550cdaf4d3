//! The Antichess World Championship (acwc, 2019 rules): registration and
//! eligibility, the Swiss qualification with Monrad pairing, the Candidates
//! round-robin, the Final, match results, time negotiation, forfeits and
//! deadlines.
//!
//! - [`settings`]: the organizer's set-up, validated once (II, III.A–E).
//! - [`eligibility`]: player facts, eligibility and the seeding rating (II, III.E).
//! - [`vocabulary`]: the commands and events.
//! - [`decide`](mod@decide): who may do what (I.C–D, II, V, VI, VII, VIII).
//! - [`due`]: what the rules do by themselves: stages, publication, deadlines
//!   (III.F–H, IV, V.C–H, VI.D, VI.F, VIII).
//! - [`negotiation`]: offers and the match rules of a score (III.F.1, III.G.2, V).
//! - `results`: reports, confirmations, disputes, settlements, bids (VI.G, I.C, III.H).
//! - [`standings`]: Qualification and Candidates tables (III.F.3, III.F.4.1, III.G.3).
//! - [`final_match`]: the Final's state machine (III.H).
//! - [`state`]: the state and how events fold into it.
//! - [`notice`]: pairings, results and round-deadline reminders told (IV.D–F).
//!
//! This module plugs into the competition envelope through the functions
//! below; [`crate::competition`] calls them. Everything is pure. Rulings on
//! ambiguous clauses are in `docs/rulings/acwc.md`.

pub mod decide;
pub mod due;
pub mod eligibility;
pub mod final_match;
pub mod negotiation;
pub mod notice;
mod results;
pub mod settings;
pub mod standings;
pub mod state;
pub mod testkit;
mod view;
pub mod vocabulary;

#[cfg(test)]
mod tests;

pub use eligibility::{Mark, MarkKind, PlayerFacts, RatingPoint, Seeding};
pub use final_match::{Armageddon, FinalGame, FinalMatch, FinalPhase};
pub use settings::{Format, Settings, TimeControl};
pub use state::{Championship, Entrant, EntrantStatus, Match, Outcome, Round};
pub use view::qualification_trf;
pub use vocabulary::{
    Award, Command, Disqualification, Event, MatchId, NoShowChoice, Pairing, Stage, FINAL,
};

use crate::competition::{Competition, Context, Recorded, Role, UserId};
use crate::refusal::Refusal;
use chrono::{DateTime, Utc};

/// Decides a command of this kind; whatever fell due by `ctx.now` follows
/// in the same commit.
pub fn decide(
    env: &Competition,
    state: &Championship,
    command: &Command,
    ctx: &Context,
) -> Result<Vec<Recorded>, Refusal> {
    decide::decide(env, state, command, ctx)
}

/// Folds an event into the state; total, never refuses.
pub fn apply(state: &mut Championship, event: &Event, at: DateTime<Utc>) {
    state::apply(state, event, at)
}

/// What falls due by `ctx.now`: the start of the Qualification, round
/// publication (IV.D–E), the round deadline (IV.F), the negotiation
/// deadlines (V), a failed rescheduling (VI.D). Nothing due, no events.
pub fn tick(
    _env: &Competition,
    state: &Championship,
    ctx: &Context,
) -> Result<Vec<Recorded>, Refusal> {
    Ok(due::follow_ups(state, ctx.now)
        .into_iter()
        .map(|(e, clause)| Recorded::by_rule(crate::competition::Event::Acwc(e), clause))
        .collect())
}

/// The next instant a schedule must act.
pub fn next_due(state: &Championship) -> Option<DateTime<Utc>> {
    due::next_due(state)
}

/// The kind's view for `viewer`.
pub fn view(env: &Competition, state: &Championship, viewer: Option<&UserId>) -> serde_json::Value {
    view::view(env, state, viewer)
}

/// The event as `viewer` may see it in the audit log; `None` hides it.
pub fn redact(
    env: &Competition,
    state: &Championship,
    event: &Event,
    viewer: Option<&UserId>,
) -> Option<Event> {
    view::redact(env, state, event, viewer)
}

/// The notices a commit causes (see [`crate::notice`] and [`notice`]); `state`
/// is the championship after the commit.
pub fn notices(
    env: &Competition,
    state: &Championship,
    commit: &crate::competition::Commit,
) -> Vec<crate::notice::Notice> {
    notice::notices(env, state, commit)
}

/// The deadline reminders due at `now` (see [`crate::notice::reminders`]).
pub fn reminders(
    env: &Competition,
    state: &Championship,
    now: DateTime<Utc>,
) -> Vec<crate::notice::Reminder> {
    notice::reminders(env, state, now)
}

/// acwc I.D: the TD will not participate, so an entrant is not made TD.
pub fn may_grant(state: &Championship, user: &UserId, role: Role) -> Result<(), Refusal> {
    if role == Role::TournamentDirector && state.entrant(user).is_some() {
        return Err(Refusal::rule(
            "acwc I.D",
            format!("the TD will not participate: {user} has entered"),
        ));
    }
    Ok(())
}
