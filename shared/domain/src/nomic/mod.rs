//! Nomic: the rule book, proposals, votes, points and judgements, after the
//! seed `nomic-initial-rules.json` (rules 101–118 immutable, 201–215 mutable).
//!
//! - [`rulebook`]: the export format, every version of the book, precedence
//!   (nomic 101, 102, 109, 110, 112, 213).
//! - [`enactment`]: what an adopted rule-change does to the book (nomic 103,
//!   109, 110, 116, 211).
//! - [`turns`]: allocated days, the 19:00 deadline, circuits, the order of
//!   Judges, all in UK time (nomic 106, 201, 202, 204, 214).
//! - [`proposal`]: proposals, votes and points (nomic 104, 105, 107, 111,
//!   113, 203, 204, 205, 207, 208, 210).
//! - [`judgement`]: Points of Order and Judgements (nomic 214).
//! - [`settings`]: the game's numbers, the Initial Set's by default.
//! - [`notice`]: the points thread's announcements and the game's news
//!   (nomic 209, 113, 214, 210).
//! - [`vocabulary`]: the commands and events; [`decide`](mod@decide) and
//!   [`due`] decide them; [`state`] folds them.
//!
//! This module plugs into the competition envelope through the functions
//! below; [`crate::competition`] calls them. Everything is pure.

pub mod decide;
pub mod due;
pub mod enactment;
pub mod judgement;
pub mod notice;
pub mod proposal;
pub mod rulebook;
pub mod settings;
pub mod state;
pub mod turns;
mod view;
pub mod vocabulary;

#[cfg(test)]
mod tests;

pub use judgement::{Judgement, Opinion, PointOfOrder};
pub use proposal::{Proposal, ProposalStatus, RuleChange, Tally, Threshold, Vote};
pub use rulebook::{RuleBook, RuleBookExport, RuleRecord};
pub use settings::Settings;
pub use state::{Nomic, PointsEntry};
pub use turns::AllocatedDay;
pub use vocabulary::{Command, Event};

use crate::competition::{Competition, Context, Recorded, UserId};
use crate::refusal::Refusal;
use chrono::{DateTime, Utc};

/// Decides a command of this kind. Whatever fell due by `ctx.now` (votes
/// completing, Judgement windows closing) is decided first, in the same commit.
pub fn decide(
    env: &Competition,
    state: &Nomic,
    command: &Command,
    ctx: &Context,
) -> Result<Vec<Recorded>, Refusal> {
    decide::decide(env, state, command, ctx)
}

/// Folds an event into the state; total, never refuses.
pub fn apply(state: &mut Nomic, event: &Event, at: DateTime<Utc>) {
    state::apply(state, event, at)
}

/// What falls due by `ctx.now`: vote completion at the end of the UK day
/// (nomic 113), the switch to simple majority (nomic 204), Judgement windows
/// and Judges' days (nomic 214). Nothing due, no events: running it twice
/// changes nothing.
pub fn tick(_env: &Competition, state: &Nomic, ctx: &Context) -> Result<Vec<Recorded>, Refusal> {
    let mut rec = due::Recorder::new(state, ctx.now);
    due::catch_up(&mut rec);
    Ok(rec.out)
}

/// The next instant a schedule must act.
pub fn next_due(state: &Nomic) -> Option<DateTime<Utc>> {
    due::next_due(state)
}

/// The kind's view for `viewer`.
pub fn view(_env: &Competition, state: &Nomic, viewer: Option<&UserId>) -> serde_json::Value {
    view::view(state, viewer)
}

/// The event as `viewer` may see it in the audit log. Nomic votes are public
/// (cast in the voting thread, nomic 113), so nothing is hidden.
pub fn redact(
    _env: &Competition,
    _state: &Nomic,
    event: &Event,
    _viewer: Option<&UserId>,
) -> Option<Event> {
    Some(event.clone())
}

/// The rule book as it stood at `at`, in the seed's export format; `None`
/// before the rules were imported. Every version stays readable.
pub fn rule_book_at(state: &Nomic, at: DateTime<Utc>) -> Option<RuleBookExport> {
    state.rule_book_at(at)
}

/// The rule book now, in the seed's export format.
pub fn export_rules(state: &Nomic) -> RuleBookExport {
    state.rules.current.clone()
}

/// The notices a commit causes (see [`crate::notice`] and [`notice`]); `state`
/// is the game after the commit.
pub fn notices(
    env: &Competition,
    state: &Nomic,
    commit: &crate::competition::Commit,
) -> Vec<crate::notice::Notice> {
    notice::notices(env, state, commit)
}
