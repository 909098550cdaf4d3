//! Orders: reading what players wrote with the World Masters house rules.
//!
//! - [`parse`]: words and places (wm D.III.1, D.VI.3, D.II.5 alternatives).
//! - [`movement`]: checking movement orders against the board: unit type and
//!   nationality (wm D.IV.1–2), coasts (wm D.IV.3), the last order counts
//!   (wm D.III.5), no inferred orders (wm D.III.2), illegal orders hold
//!   (wm D.III.4), convoy intent (wm D.VI.2).
//!
//! Every order keeps the text as written and how it was read (wm D.VIII.4).

pub mod movement;
pub mod parse;
mod places;

pub use parse::{parse_order, split_alternatives, Abbreviations, Action, ParseError, ParsedOrder};

use super::map::{Power, Province};

/// What became of one written line, for publication (wm D.VIII.4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadOrder {
    pub power: Power,
    /// The line exactly as written.
    pub text: String,
    /// How it was read, in canonical form (`A PAR - BUR`), if it could be.
    pub reading: Option<String>,
    /// The unit (or build site) the order is for.
    pub province: Option<Province>,
    /// Why it has no effect, citing the clause, if it has none.
    pub void: Option<String>,
}
