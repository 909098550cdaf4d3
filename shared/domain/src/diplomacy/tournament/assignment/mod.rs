//! Boards and powers: the size of round two (wm B.4) and the draw of each
//! round under wm B.5–B.6.
//!
//! - [`size`]: how many boards each round has (wm B.4, C.9).
//! - [`draw`]: who plays which power on which board (wm B.5, B.6), a seeded
//!   constraint search whose result can be replayed from its seed.
//! - [`audit`]: the wm B.6 violations of any seating, counted from scratch.
//!
//! The reading of each clause is in `docs/rulings/diplomacy-tournament.md`.

pub mod audit;
pub mod draw;
mod ruler;
mod search;
pub mod size;

#[cfg(test)]
mod tests;

pub use audit::{audit, Violation};
pub use draw::{draw, Draw, DrawRequest};
pub use size::{round_two, stage_boards, RoundTwo, RoundTwoKind};
