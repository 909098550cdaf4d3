//! The legal orders of a power's units: what a player may write this phase,
//! worked out from the map and the rules the adjudicator applies, so a
//! client can offer a list instead of a text box.
//!
//! - Movement (2000 rules, wm D.III.4: an order "possible with the aid of
//!   other units on the board"): hold; move to each place the unit borders;
//!   an army on a coast, by convoy to each coast a chain of fleets at sea
//!   reaches; support a unit to hold in a province the supporter could move
//!   to, or to move to such a province it could reach itself (by convoy for
//!   an army); a fleet at sea, convoy an army its chain of fleets joins to
//!   the destination.
//! - Retreat (wm D.VI.1): each legal retreat of a dislodged unit, or disband.
//! - Adjustment (wm D.V): builds on owned, vacant home centres (a fleet only
//!   on a coast, each coast of a split one), or waive; removals otherwise.

use super::adjudication::movement::MovementOrder;
use super::map::{self, Location, Power, Province, Terrain, UnitType};
use super::orders::movement::describe;
use super::position::{Board, Centers, Dislodged, PhaseKind, Unit};
use serde::Serialize;
use std::collections::BTreeMap;

/// A power's choices this phase, in canonical order text (`A PAR - BUR`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, schemars::JsonSchema)]
#[schemars(rename = "DiplomacyOptions")]
pub struct Options {
    /// Each unit the power orders (`A PAR`), with its legal orders.
    pub units: BTreeMap<String, Vec<String>>,
    /// Adjustment phase: the builds open to the power (and `WAIVE`);
    /// absent in other phases.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub builds: Vec<String>,
    /// Adjustment phase: builds (positive) or removals (negative) due.
    pub adjustment: i32,
}

/// The options of `power` in a phase of `kind` on `board`.
pub fn options(
    kind: PhaseKind,
    board: &Board,
    centers: &Centers,
    dislodged: &[Dislodged],
    power: Power,
) -> Options {
    match kind {
        PhaseKind::Movement => Options {
            units: board
                .units
                .iter()
                .filter(|u| u.power == power)
                .map(|u| (u.to_string(), movement_orders(board, u)))
                .collect(),
            ..Options::default()
        },
        PhaseKind::Retreat => Options {
            units: dislodged
                .iter()
                .filter(|d| d.unit.power == power)
                .map(|d| (d.unit.to_string(), retreat_orders(d)))
                .collect(),
            ..Options::default()
        },
        PhaseKind::Adjustment => adjustment_options(board, centers, power),
    }
}

/// Every legal movement order of `unit` (see the module doc).
pub fn movement_orders(board: &Board, unit: &Unit) -> Vec<String> {
    let m = map::standard();
    let seas = board.fleets_at_sea();
    let mut orders = vec![MovementOrder::Hold];
    orders.extend(moves(unit).map(|dest| MovementOrder::Move {
        dest,
        by_convoy: false,
        route: None,
    }));
    if unit.kind == UnitType::Army {
        orders.extend(
            convoy_destinations(unit.province(), seas)
                .filter(|d| !m.army_adjacent(unit.province(), *d))
                .map(|d| MovementOrder::Move {
                    dest: d.into(),
                    by_convoy: true,
                    route: None,
                }),
        );
    }
    for other in board
        .units
        .iter()
        .filter(|o| o.province() != unit.province())
    {
        let r = other.province();
        if m.can_reach(unit.kind, unit.location, r) {
            orders.push(MovementOrder::Support {
                supported: r,
                dest: None,
            });
        }
        for d in Province::all().filter(|d| *d != r && *d != unit.province()) {
            let helper_reaches = m.can_reach(unit.kind, unit.location, d);
            if helper_reaches && could_move(other, d, seas) {
                orders.push(MovementOrder::Support {
                    supported: r,
                    dest: Some(d),
                });
            }
        }
    }
    if unit.kind == UnitType::Fleet && unit.province().is_sea() {
        orders.extend(convoys(board, unit.province(), seas));
    }
    orders.iter().map(|o| describe(board, unit, o)).collect()
}

/// The places `unit` borders.
fn moves(unit: &Unit) -> Box<dyn Iterator<Item = Location> + '_> {
    let m = map::standard();
    match unit.kind {
        UnitType::Army => {
            Box::new(map::provinces_in(m.army_neighbours(unit.province())).map(Location::from))
        }
        UnitType::Fleet => Box::new(m.fleet_moves(unit.location)),
    }
}

/// Coasts an army in `from` could be convoyed to through the fleets at sea.
fn convoy_destinations(from: Province, seas: u128) -> impl Iterator<Item = Province> {
    let m = map::standard();
    Province::all().filter(move |to| m.convoy_route_exists(from, *to, seas))
}

/// Whether `unit` could itself move to `d` (an army also by convoy).
fn could_move(unit: &Unit, d: Province, seas: u128) -> bool {
    let m = map::standard();
    m.can_reach(unit.kind, unit.location, d)
        || (unit.kind == UnitType::Army && m.convoy_route_exists(unit.province(), d, seas))
}

/// The seas joined to `sea` through fleets at sea (`seas`), `sea` included.
fn fleet_chain(sea: Province, seas: u128) -> u128 {
    let m = map::standard();
    let mut reached = map::bit(sea);
    let mut frontier = reached;
    while frontier != 0 {
        let next = map::provinces_in(frontier).fold(0, |a, p| a | (m.fleet_neighbours(p) & seas));
        frontier = next & !reached;
        reached |= next;
    }
    reached
}

/// The convoys the fleet in `sea` could give: an army on a coast its chain
/// of fleets touches, to another coast the chain touches.
fn convoys(board: &Board, sea: Province, seas: u128) -> Vec<MovementOrder> {
    let m = map::standard();
    let chain = fleet_chain(sea, seas);
    let touches = |p: Province| map::provinces_in(chain).any(|s| m.fleet_adjacent_provinces(s, p));
    let coasts: Vec<Province> = Province::all()
        .filter(|p| p.terrain() == Terrain::Coastal && touches(*p))
        .collect();
    let mut out = Vec::new();
    for army in board.units.iter().filter(|u| u.kind == UnitType::Army) {
        let a = army.province();
        if !coasts.contains(&a) {
            continue;
        }
        out.extend(
            coasts
                .iter()
                .filter(|d| **d != a)
                .map(|d| MovementOrder::Convoy { army: a, dest: *d }),
        );
    }
    out
}

/// wm D.VI.1: each legal retreat, or disband.
fn retreat_orders(d: &Dislodged) -> Vec<String> {
    let unit = d.unit.to_string();
    let mut orders: Vec<String> = d.retreats.iter().map(|l| format!("{unit} - {l}")).collect();
    orders.push(format!("{unit} DISBAND"));
    orders
}

/// wm D.V: builds on owned, vacant home centres, or removals.
fn adjustment_options(board: &Board, centers: &Centers, power: Power) -> Options {
    let units: Vec<Unit> = board
        .units
        .iter()
        .filter(|u| u.power == power)
        .cloned()
        .collect();
    let due = super::adjudication::adjustment::adjustment_due(power, &units, centers);
    let mut options = Options {
        adjustment: due,
        ..Options::default()
    };
    if due < 0 {
        options.units = units
            .iter()
            .map(|u| (u.to_string(), vec![format!("{u} DISBAND")]))
            .collect();
    } else if due > 0 {
        for (site, _) in centers
            .iter()
            .filter(|(p, o)| **o == power && p.home_of() == Some(power))
        {
            if board.unit_at(*site).is_some() {
                continue;
            }
            if site.terrain() != Terrain::Sea {
                options.builds.push(format!("BUILD A {site}"));
            }
            if site.terrain() == Terrain::Coastal {
                let coasts: Vec<Option<map::Coast>> = match site.coasts() {
                    [] => vec![None],
                    many => many.iter().copied().map(Some).collect(),
                };
                for c in coasts {
                    let fleet = Unit::new(power, UnitType::Fleet, Location::new(*site, c));
                    options.builds.push(format!("BUILD {fleet}"));
                }
            }
        }
        options.builds.push("WAIVE".to_owned());
    }
    options
}

#[cfg(test)]
mod tests;
