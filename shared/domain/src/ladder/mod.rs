//! The club ladder (the Friday Lunch Chess Club's "Chess Terms and
//! Conditions", cited `club`): members, games, Elo, attendance, decay,
//! sanctions and the Court of Appeals.
//!
//! Acts are cited as the Terms' own counters number them: `club J.5` for the
//! unnumbered opening ("Jurisdiction") section, `club II.6.1` for Section II,
//! Act 6, item 1.
//!
//! - [`settings`]: session window, room, time zone, Elo K, weekly
//!   deductions (J.5, J.9, II.3, II.6).
//! - [`elo`]: the floor and the rating arithmetic (II.1–II.3, I.9.3).
//! - `member`: joining, attendance, removal (II.1, J.9, II.7, II.8).
//! - `game`: validity, registration, bell adjudication, rematches, online
//!   games (J.5–J.12, II.4, I.5–I.9, II.10.4).
//! - `decay`: the weekly deductions (II.6).
//! - `sanction`: score changes, the fraud ladder, bans, monitors,
//!   chessclocks, declarations (II.3, II.5, II.9–II.11, III.2).
//! - `correction`: voiding or correcting a game registered by honest
//!   mistake (III.2, J.11), with no fraud penalty.
//! - `court`: appeals, panels, votes, en banc, opinions, technical
//!   modifications, anti-cheat information (III.3, III.5, I.9.5–I.9.9).
//! - `teacher`: the teacher's bans, beyond the Court's review (III.6).
//! - `terms`: changes of the Terms by the Chief Justice (Section IV) and the
//!   history of the settings, each decision judged under those in force.
//! - `notice`: who is told of declarations, voided penalties, the Court's
//!   decisions and changes of the Terms (III.2.4, III.3.8, IV.3).
//!
//! A term of twelve Fridays for a club of 30, for tests to run through any
//! driver, is the testkit's `ladder_story`.
//!
//! This module plugs into the competition envelope through its
//! [`Rulebook`] implementation below. Everything is pure.

mod acts;
mod anticheat;
mod command;
mod conduct;
mod correction;
mod court;
mod decay;
mod decide;
mod due;
pub mod elo;
mod event;
mod feed;
mod game;
mod member;
mod modification;
mod notice;
mod pages;
mod remedy;
mod resources;
mod sanction;
pub mod settings;
mod state;
mod teacher;
mod terms;
mod view;

#[cfg(test)]
mod testkit;
#[cfg(test)]
mod tests;

pub use anticheat::AntiCheatReport;
pub use command::{Attendee, Command, RemovalGrounds};
pub use court::{Appeal, AppealStatus, AppealSubject, Judgement, Opinion, Vote};
pub use decay::Deduction;
pub use elo::{GameResult, FLOOR};
pub use event::{Adjustment, Amendment, BanChange, Event};
pub use game::{
    Bell, Game, GameStatus, Informed, Material, Objection, Oversight, OversightExtent,
    RematchOutcome, Timing,
};
pub use member::{Ban, Member, MonitorOrder, Removal, WeekRecord};
pub use modification::Modification;
pub use remedy::Remedy;
pub use sanction::{Declaration, DeclarationChannel, FraudStep, Power, PowerStatus, PowerUse};
pub use settings::Settings;
pub use state::Ladder;
pub use terms::{Superseded, TermsChange};

/// An event of the ladder as its decisions return it, with the clause that
/// made it happen; the registry files it in the competition's log.
pub type Recorded = crate::envelope::Ruled<Event>;
