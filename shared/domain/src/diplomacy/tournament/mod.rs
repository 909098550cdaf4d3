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

mod acts;
pub mod advancement;
pub mod assignment;
pub mod closing;
pub mod command;
pub mod decide;
pub mod entries;
pub mod event;
mod feed;
pub mod governance;
pub(crate) mod listing;
pub mod mail;
pub mod model;
pub mod notice;
pub mod observers;
mod pages;
pub mod reserves;
mod resources;
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

/// An event of the tournament as its decisions return it, with the clause that
/// made it happen; the registry files it in the competition's log.
pub type Recorded = crate::envelope::Ruled<Event>;
