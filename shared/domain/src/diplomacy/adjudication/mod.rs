//! Adjudication of the three kinds of phase: movement (2000 rules with
//! wm D.VI), retreats (wm D.VII.6.c) and adjustments (wm D.V, civil disorder
//! wm D.V.4), with the 18-centre solo check.
//!
//! The resolver is our own (Kruijswijk's guess-and-check) rather than the
//! `diplomacy` crate: the crate cannot express wm D.VI.2 (convoy intent by a
//! fleet of the same power), D.VI.3 (named convoy routes), the D.III.4
//! reading of illegal orders, and its built-in map lacks borders.

pub mod adjustment;
pub mod movement;
pub mod retreat;

use super::map::{self, Power};
use super::orders::movement::{read_movement, MovementOrders};
use super::orders::Abbreviations;
use super::position::{Board, Centers, Dislodged, Unit};
use movement::{Decision, MovementOrder, MovementResult};
use std::collections::BTreeMap;

/// A movement phase, read and resolved.
#[derive(Debug, Clone)]
pub struct MovementPhase {
    pub orders: MovementOrders,
    pub result: MovementResult,
    /// Units still on the board after the moves (dislodged ones excluded).
    pub units: Vec<Unit>,
    /// Dislodged units with their legal retreats.
    pub dislodged: Vec<Dislodged>,
}

/// Reads and resolves a movement phase.
pub fn adjudicate_movement(
    board: &Board,
    lines: &[(Power, String)],
    abbreviations: &BTreeMap<Power, Abbreviations>,
) -> MovementPhase {
    let orders = read_movement(board, lines, abbreviations);
    let result = movement::resolve(board, &orders.orders);
    let mut units = Vec::with_capacity(board.units.len());
    let mut losers = Vec::new();
    for (i, u) in board.units.iter().enumerate() {
        let r = &result.units[i];
        if r.dislodged_by.is_some() {
            losers.push(i);
            continue;
        }
        let mut u = *u;
        if r.decision == Decision::Moved {
            if let MovementOrder::Move { dest, .. } = orders.orders[i] {
                u.location = dest;
            }
        }
        units.push(u);
    }
    let occupied = units.iter().fold(0u128, |a, u| a | map::bit(u.province()));
    let dislodged = losers
        .into_iter()
        .map(|i| {
            let unit = board.units[i];
            let r = &result.units[i];
            Dislodged {
                unit,
                attacker_from: r.dislodged_by,
                by_convoy: r.dislodged_by_convoy,
                retreats: retreat::legal_retreats(
                    &unit,
                    r.dislodged_by,
                    r.dislodged_by_convoy,
                    occupied,
                    result.contested,
                ),
            }
        })
        .collect();
    MovementPhase {
        orders,
        result,
        units,
        dislodged,
    }
}

/// Centre ownership after a fall turn: a centre belongs to the power whose
/// unit stands in it; an empty centre keeps its owner.
pub fn update_centers(centers: &Centers, units: &[Unit]) -> Centers {
    let mut c = centers.clone();
    for u in units {
        if u.province().is_supply_center() {
            c.insert(u.province(), u.power);
        }
    }
    c
}

/// The 18-centre victory: the power holding 18 or more centres wins outright.
pub fn solo(centers: &Centers) -> Option<Power> {
    Power::ALL
        .into_iter()
        .find(|p| centers.values().filter(|o| *o == p).count() >= 18)
}

/// Home-centre ownership at the start of the game.
pub fn starting_centers() -> Centers {
    map::Province::all()
        .filter_map(|p| p.home_of().map(|o| (p, o)))
        .collect()
}
