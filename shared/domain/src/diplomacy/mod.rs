//! Diplomacy: the standard map, orders with the World Masters house rules
//! (wm part D), and adjudication of movement, retreat and adjustment phases.
//!
//! - [`map`]: the standard board (2000 Hasbro rules, wm D.I.3).
//! - [`position`]: units, phases, dislodged units, centre ownership.
//! - [`orders`]: reading written orders with wm D.II.5, D.III, D.IV, D.V, D.VI.2–3.
//! - [`adjudication`]: movement (wm D.VI), retreats (wm D.VII.6.c), adjustments
//!   (wm D.V), civil disorder (wm D.V.4) and the 18-centre solo.
//! - [`options`]: the legal orders of a power's units (what a player may write).
//! - [`cli`]: the JSON front end of `arbiter adjudicate`.
//! - [`picture`]: the board drawn as an SVG, orders and results as arrows.

pub mod adjudication;
pub mod cli;
pub mod game;
pub mod map;
pub mod options;
pub mod orders;
pub mod picture;
pub mod position;
pub mod tournament;
