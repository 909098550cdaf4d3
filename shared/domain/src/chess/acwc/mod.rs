//! The Antichess World Championship (acwc, 2019 rules): registration and
//! eligibility, the Swiss qualification with Monrad pairing, the Candidates
//! round-robin, the Final, match results, time negotiation, forfeits and
//! deadlines.
//!
//! - [`settings`]: the organizer's set-up, validated once (II, III.A–E).
//! - [`eligibility`]: player facts, eligibility and the seeding rating (II, III.E).
//! - [`vocabulary`]: the commands and events.
//! - [`decide`](mod@decide): who may do what (I.C–D, II, V, VI, VII, VIII),
//!   the TD's final call included (I.C: corrections, reinstatements).
//! - [`due`]: what the rules do by themselves: stages, publication, deadlines
//!   (III.F–H, IV, V.C–H, VI.D, VI.F, VIII).
//! - [`negotiation`]: offers and the match rules of a score (III.F.1, III.G.2, V).
//! - `results`: reports, confirmations, disputes, settlements, bids (VI.G, I.C, III.H).
//! - [`standings`]: Qualification and Candidates tables (III.F.3, III.F.4.1, III.G.3).
//! - [`final_match`]: the Final's state machine (III.H).
//! - [`state`]: the state and how events fold into it.
//! - [`notice`]: pairings, results and round-deadline reminders told (IV.D–F).
//!
//! This module plugs into the competition envelope through its
//! [`Rulebook`] implementation below. Everything is pure. Rulings on
//! ambiguous clauses are in `docs/rulings/acwc.md`.

mod acts;
pub mod decide;
pub mod due;
pub mod eligibility;
pub mod entry;
mod feed;
pub mod final_match;
pub(crate) mod listing;
pub mod negotiation;
pub mod notice;
mod resources;
mod results;
pub mod settings;
pub mod standings;
pub mod state;
#[cfg(any(test, feature = "testkit"))]
pub mod testkit;
mod view;
mod view_schema;
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

/// An event of the championship as its decisions return it, with the clause that
/// made it happen; the registry files it in the competition's log.
pub type Recorded = crate::envelope::Ruled<Event>;
