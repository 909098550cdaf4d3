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
//! - [`winner`]: the winner when a move's legality is not settled or play
//!   becomes impossible (nomic 215, over nomic 210).
//! - [`settings`]: the game's numbers, the Initial Set's by default.
//! - [`notice`]: the points thread's announcements and the game's news
//!   (nomic 209, 113, 214, 210).
//! - [`thread`] and [`chat`]: the voting thread read with the rules' own
//!   words, the game's threads and its players' chat accounts (nomic 107,
//!   113, 209, 212, 214), for a chat bot.
//! - [`vocabulary`]: the commands and events; [`decide`](mod@decide) and
//!   [`due`] decide them; [`state`] folds them.
//!
//! This module plugs into the competition envelope through its
//! [`Rulebook`] implementation below. Everything is pure.

mod acts;
pub mod chat;
pub mod decide;
use chrono::DateTime;
use chrono::Utc;
pub mod due;
pub mod enactment;
mod feed;
pub mod group;
pub mod judgement;
pub mod notice;
mod pages;
pub mod proposal;
pub mod record;
mod resources;
pub mod rulebook;
pub mod settings;
pub mod state;
pub mod thread;
pub mod turns;
mod view;
pub mod vocabulary;
pub mod winner;

#[cfg(test)]
mod tests;

pub use judgement::{Finding, Judgement, Opinion, PointOfOrder};
pub use proposal::{Proposal, ProposalStatus, RuleChange, Tally, Threshold, Vote};
pub use rulebook::{RuleBook, RuleBookExport, RuleRecord};
pub use settings::Settings;
pub use state::{Nomic, PointsEntry};
pub use turns::AllocatedDay;
pub use vocabulary::{Command, Event};

/// An event of a Nomic game as its decisions return it, with the clause that
/// made it happen; the registry files it in the competition's log.
pub type Recorded = crate::envelope::Ruled<Event>;

/// The rule book as it stood at `at`, in the seed's export format; `None`
/// before the rules were imported. Every version stays readable.
pub fn rule_book_at(state: &Nomic, at: DateTime<Utc>) -> Option<RuleBookExport> {
    state.rule_book_at(at)
}

/// The rule book now, in the seed's export format.
pub fn export_rules(state: &Nomic) -> RuleBookExport {
    state.rules.current.clone()
}
