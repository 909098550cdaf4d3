//! A Swiss event (the `swiss` kind): FIDE-rated and online Swiss
//! tournaments run by the Dutch 1992–2006 engine, or by the project's
//! Monrad and round-robin tables.
//!
//! - [`settings`]: the organizer's regulations, validated once (rounds,
//!   system, tie-breaks, half-point byes, late entries, dutch G).
//! - [`vocabulary`]: the commands and events.
//! - [`decide`](mod@decide): who may do what: entries and absences (dutch
//!   A1, A2, F5), rounds (dutch A3–F1 by the engine, F6–F7 by hand, TRF
//!   import), results (dutch F2, F7, G).
//! - [`engine`]: the event as the engines read it (pairing numbers, the
//!   history, presence).
//! - [`report`]: its TRF export (TRF-16 and TRF-2025), with the tournament
//!   section a rating officer reads.
//! - [`standings`]: points and the tie-breaks (dutch H; FIDE's 2009 rules).
//! - [`due`]: rounds paired at their scheduled time.
//! - [`view`], [`notice`]: what everyone sees and is told; `explain`: why a
//!   round was paired as it was.
//!
//! Rulings: `docs/rulings/swiss.md`.

mod acts;
pub mod decide;
pub mod due;
pub mod engine;
mod explain;
mod feed;
pub(crate) mod listing;
pub mod notice;
pub mod report;
mod resources;
pub mod settings;
pub mod standings;
pub mod state;
mod view;
pub mod vocabulary;

#[cfg(test)]
mod tests;

pub use report::{export, export_trf, TrfFormat};
pub use settings::{PairingSystem, Settings};
pub use standings::{Standing, Tiebreak};
pub use state::SwissEvent;
pub use vocabulary::{Command, Event, GameResult};

/// An event of the Swiss event as its decisions return it, with the clause that
/// made it happen; the registry files it in the competition's log.
pub type Recorded = crate::envelope::Ruled<Event>;
