//! One Diplomacy board run by the World Masters rules (wm D): orders,
//! deadlines, NMRs, extensions, replacements, votes and press.
//!
//! This module plugs into the competition envelope through the functions
//! below; [`crate::competition`] calls them. Everything is pure.
//!
//! - [`settings`]: the set-up and house rules stated at the outset (wm D.I.1.b).
//! - [`command`]: the commands and who may issue them; submission and receipts
//!   (wm D.II, D.VII.7), deadlines, windows and extensions (wm D.VII.2–5),
//!   replacements (wm B.7), press (wm D.X), rollbacks (wm D.VIII.1).
//! - [`tick`]: adjudication at the deadline or early, the 1901 NMR rule, NMR
//!   follow-up (wm D.VII.6, B.8) and the closing of votes (wm D.IX).
//! - [`score`]: a finished board's score (wm C.1–C.4).
//! - [`view`]: what each viewer may see (wm D.VIII.4, D.IX.2, D.X.2).
//! - [`notice`]: who is told of NMRs, adjudications and vote results, and
//!   reminded of deadlines (wm B.8.b, D.IX.2, D.VII.1).

pub mod command;
pub mod deadline;
pub mod event;
pub mod notice;
pub mod position;
pub mod press;
pub mod replacement;
pub mod score;
pub mod settings;
pub mod state;
pub mod tick;
pub mod view;
pub mod vote;

// Named so that `cargo test diplomacy_game` selects them.
#[cfg(test)]
#[path = "tests/mod.rs"]
mod diplomacy_game_tests;

pub use command::Command;
pub use event::Event;
pub use state::Board;

use crate::competition::{Competition, Context, Recorded, Role, UserId};
use crate::refusal::Refusal;
use chrono::{DateTime, Utc};

/// Decides a command of this kind.
pub fn decide(
    env: &Competition,
    state: &Board,
    command: &Command,
    ctx: &Context,
) -> Result<Vec<Recorded>, Refusal> {
    command::decide(env, state, command, ctx)
}

/// Folds an event into the state; total, never refuses.
pub fn apply(state: &mut Board, event: &Event, at: DateTime<Utc>) {
    state::apply(state, event, at)
}

/// What falls due by `ctx.now`.
pub fn tick(env: &Competition, state: &Board, ctx: &Context) -> Result<Vec<Recorded>, Refusal> {
    tick::tick(env, state, ctx)
}

/// The next instant a schedule must act.
pub fn next_due(state: &Board) -> Option<DateTime<Utc>> {
    tick::next_due(state)
}

/// The kind's view for `viewer`.
pub fn view(env: &Competition, state: &Board, viewer: Option<&UserId>) -> serde_json::Value {
    view::view(env, state, viewer)
}

/// The event as `viewer` may see it in the audit log; `None` hides it.
pub fn redact(
    env: &Competition,
    state: &Board,
    event: &Event,
    viewer: Option<&UserId>,
) -> Option<Event> {
    view::redact(env, state, event, viewer)
}

/// Whether the audit log must hide who made the commit holding `event` from
/// every viewer but that actor: the actor of a vote or a proposal, or of
/// non-white press, would reveal a secret (wm D.IX.2, D.X.2). The envelope's
/// `Commit::log_entry` does not consult this yet (see the rulings).
pub fn conceals_actor(event: &Event) -> bool {
    match event {
        Event::VoteRecorded { .. } | Event::ProposalMade { .. } => true,
        Event::PressPublished { press } => press.kind != press::PressKind::White,
        _ => false,
    }
}

/// The notices a commit causes (see [`crate::notice`] and [`notice`]); `state`
/// is the competition after the commit.
pub fn notices(
    env: &Competition,
    state: &Board,
    commit: &crate::competition::Commit,
) -> Vec<crate::notice::Notice> {
    notice::notices(env, state, commit)
}

/// The deadline reminders due at `now` (see [`crate::notice::reminders`]).
pub fn reminders(
    env: &Competition,
    state: &Board,
    now: DateTime<Utc>,
) -> Vec<crate::notice::Reminder> {
    notice::reminders(env, state, now)
}

/// wm A.1, A.12: a board's GM is a non-playing, neutral party, so a user
/// who holds one of its powers is not made its GM (they would read every
/// power's orders before the adjudication).
pub fn may_grant(state: &Board, user: &UserId, role: Role) -> Result<(), Refusal> {
    match state.power_of(user) {
        Some(power) if role == Role::GameMaster => {
            Err(Refusal::rule(
                "wm A.1",
                format!("the GM does not play: {user} holds {power:?} on this board (wm A.1 a non-playing GM; wm A.12 a neutral party)"),
            ))
        }
        _ => Ok(()),
    }
}
