//! One Diplomacy board run by the World Masters rules (wm D): orders,
//! deadlines, NMRs, extensions, replacements, votes and press.
//!
//! This module plugs into the competition envelope through its
//! [`Rulebook`] implementation below. Everything is pure.
//!
//! - [`settings`]: the set-up and house rules stated at the outset (wm D.I.1.b).
//! - [`command`]: the commands.
//! - [`decide`](mod@decide): who may issue each, and what follows; submission
//!   and receipts (wm D.II, D.VII.7), deadlines, windows and extensions
//!   (wm D.VII.2–5), replacements (wm B.7), press (wm D.X), rollbacks
//!   (wm D.VIII.1).
//! - [`due`]: adjudication at the deadline or early, the 1901 NMR rule, NMR
//!   follow-up (wm D.VII.6, B.8) and the closing of votes (wm D.IX).
//! - [`score`]: a finished board's score (wm C.1–C.4).
//! - [`view`]: what each viewer may see (wm D.VIII.4, D.IX.2, D.X.2).
//! - [`notice`]: who is told of NMRs, adjudications and vote results, and
//!   reminded of deadlines (wm B.8.b, D.IX.2, D.VII.1).

mod acts;
pub mod command;
pub mod deadline;
pub mod decide;
pub mod due;
pub mod event;
mod feed;
pub(crate) mod listing;
pub mod mail;
pub mod notice;
mod pages;
pub mod position;
pub mod press;
pub mod replacement;
mod resources;
pub mod score;
pub mod settings;
pub mod state;
pub mod view;
pub mod vote;

#[cfg(test)]
mod tests;

pub use command::Command;
pub use event::Event;
pub(crate) use pages::{ending as ending_words, power as power_label};
pub use state::Board;

/// An event of the board as its decisions return it, with the clause that
/// made it happen; the registry files it in the competition's log.
pub type Recorded = crate::envelope::Ruled<Event>;
