//! The World Masters team tournament above single boards (wm A–C): teams and
//! entries, four rounds, boards and powers, scores and advancement, and the
//! TD/TMC's governance.
//!
//! - [`model`]: the shared vocabulary: teams, seatings, board reports.
//! - [`assignment`]: the size of round two (wm B.4) and the draw of boards
//!   and powers under wm B.5–B.6.
//! - [`scoring`]: players' and teams' scores (wm C.1–C.5, C.14–C.15).
//! - [`advancement`]: team credits, advancement, winners and trophies
//!   (wm C.6–C.13).
//! - [`entries`]: teams, sign-ups and the reserve list (wm A.1, A.4, A.8, B.2, B.5).
//! - [`rounds`]: drawing rounds, board reports, closing rounds (wm B, C).
//! - [`simulate`]: random but legal board results for simulations.
//! - [`reserves`]: replacements from the pool of reserves (wm B.8.d–f, B.9).
//! - [`governance`]: the TD and the TMC's votes (wm A.2–A.7).
//! - [`notice`]: the draw and the rounds' results told (wm A.3.ii, C.7–C.13).

pub mod advancement;
pub mod assignment;
pub mod closing;
pub mod command;
pub mod entries;
pub mod event;
pub mod governance;
pub mod model;
pub mod notice;
pub mod observers;
pub mod reserves;
pub mod rounds;
pub mod scoring;
pub mod simulate;
pub mod state;
pub mod view;

#[cfg(test)]
mod tests;

pub use command::Command;
pub use event::Event;
pub use state::Tournament;

use crate::competition::{Competition, Context, Recorded, Role, UserId};
use crate::refusal::Refusal;
use chrono::{DateTime, Utc};

/// Decides a command of this kind.
pub fn decide(
    env: &Competition,
    state: &Tournament,
    command: &Command,
    ctx: &Context,
) -> Result<Vec<Recorded>, Refusal> {
    command::decide(env, state, command, ctx)
}

/// Folds an event into the state; total, never refuses.
pub fn apply(state: &mut Tournament, event: &Event, at: DateTime<Utc>) {
    state::apply(state, event, at)
}

/// Nothing in a tournament falls due by the clock: the TD closes entries
/// and rounds (each draw needs a fresh seed), and the boards keep their own
/// deadlines.
pub fn tick(
    _env: &Competition,
    _state: &Tournament,
    _ctx: &Context,
) -> Result<Vec<Recorded>, Refusal> {
    Ok(vec![])
}

/// The tournament as `viewer` may see it.
pub fn view(env: &Competition, state: &Tournament, viewer: Option<&UserId>) -> serde_json::Value {
    view::view(env, state, viewer)
}

/// The event as `viewer` may see it; `None` hides it.
pub fn redact(event: &Event, viewer: Option<&UserId>) -> Option<Event> {
    view::redact(event, viewer)
}

/// The notices a commit causes (see [`crate::notice`] and [`notice`]); `state`
/// is the tournament after the commit.
pub fn notices(
    env: &Competition,
    state: &Tournament,
    commit: &crate::competition::Commit,
) -> Vec<crate::notice::Notice> {
    notice::notices(env, state, commit)
}

/// wm A.4: the TD may not play nor have an affiliation with a team (the
/// assistant TDs, who stand in for the TD, likewise); wm A.8: nor may TMC
/// members (as registration already refuses officials on a team); wm A.10:
/// assistant TDs and TMC members may not serve as Tournament Observers.
pub fn may_grant(
    env: &Competition,
    state: &Tournament,
    user: &UserId,
    role: Role,
) -> Result<(), Refusal> {
    let director = matches!(
        role,
        Role::TournamentDirector | Role::AssistantTournamentDirector
    );
    if director && state.entered(user) {
        return Err(Refusal::rule(
            "wm A.4",
            format!("the TD may not play nor be affiliated with a team: {user} has entered"),
        ));
    }
    if role == Role::TmcMember && state.entered(user) {
        return Err(Refusal::rule(
            "wm A.8",
            format!("TMC members do not play nor join a team: {user} has entered"),
        ));
    }
    let may_not_observe = [Role::AssistantTournamentDirector, Role::TmcMember];
    if role == Role::Observer && may_not_observe.iter().any(|r| env.has_role(user, *r)) {
        return Err(Refusal::rule(
            "wm A.10",
            format!("assistant TDs and TMC members may not serve as Tournament Observers ({user})"),
        ));
    }
    if may_not_observe.contains(&role) && env.has_role(user, Role::Observer) {
        return Err(Refusal::rule(
            "wm A.10",
            format!(
                "{user} is a Tournament Observer, which assistant TDs and TMC members may not be"
            ),
        ));
    }
    Ok(())
}
