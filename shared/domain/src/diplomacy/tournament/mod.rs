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

pub mod advancement;
pub mod assignment;
pub mod model;
pub mod scoring;
