//! Checking written movement orders against the board, with the house rules:
//! wm D.III.2 (no inferred orders: an unordered unit holds), D.III.4 (an
//! illegal order becomes a hold that can be supported, unless the move was
//! possible with the aid of other units), D.III.5 (the last order for a unit
//! counts), D.IV.1–2 (unit type and nationality of the ordered, supported or
//! convoyed unit need not be right), D.IV.3 (coasts), D.VI.2 (convoy intent).

use super::super::adjudication::movement::MovementOrder;
use super::super::map::{self, Location, Map, Power, Province, UnitType};
use super::super::position::{Board, Unit};
use super::parse::{parse_order, Abbreviations, Action, ParsedOrder};
use super::ReadOrder;
use std::collections::BTreeMap;

/// Movement orders after reading: one per unit of the board.
#[derive(Debug, Clone)]
pub struct MovementOrders {
    /// `orders[i]` is the order the resolver uses for `board.units[i]`.
    pub orders: Vec<MovementOrder>,
    /// The line that gave each unit its order, index into `read`.
    pub line: Vec<Option<usize>>,
    /// Why a unit's written order became a hold (wm D.III.4), per unit.
    pub void: Vec<Option<String>>,
    /// Every written line and how it was read.
    pub read: Vec<ReadOrder>,
}

fn push_location(out: &mut String, l: Location) {
    out.extend(l.province.code().chars().map(|c| c.to_ascii_uppercase()));
    if let Some(c) = l.coast {
        out.push('/');
        out.push_str(c.code());
    }
}

fn push_unit(out: &mut String, kind: UnitType, l: Location) {
    out.push(kind.letter());
    out.push(' ');
    push_location(out, l);
}

/// Canonical text of a movement order for a unit (`A PAR - BUR`,
/// `F NTH C A YOR - NWY`, `A MUN S A BUR - PAR`), for publication (wm D.VIII.4).
pub fn describe(board: &Board, unit: &Unit, order: &MovementOrder) -> String {
    let mut s = String::with_capacity(28);
    push_unit(&mut s, unit.kind, unit.location);
    let kind_at = |p: Province| board.unit_at(p).map(|u| u.kind).unwrap_or(UnitType::Army);
    match order {
        MovementOrder::Hold => s.push_str(" H"),
        MovementOrder::Move {
            dest,
            by_convoy,
            route,
        } => {
            for p in route.iter().flatten() {
                s.push_str(" - ");
                push_location(&mut s, (*p).into());
            }
            s.push_str(" - ");
            push_location(&mut s, *dest);
            if *by_convoy && route.as_ref().is_none_or(|r| r.is_empty()) {
                s.push_str(" via convoy");
            }
        }
        MovementOrder::Support { supported, dest } => {
            s.push_str(" S ");
            push_unit(&mut s, kind_at(*supported), (*supported).into());
            if let Some(d) = dest {
                s.push_str(" - ");
                push_location(&mut s, (*d).into());
            }
        }
        MovementOrder::Convoy { army, dest } => {
            s.push_str(" C ");
            push_unit(&mut s, UnitType::Army, (*army).into());
            s.push_str(" - ");
            push_location(&mut s, (*dest).into());
        }
    }
    s
}

/// Reads every power's lines against the board. `abbreviations` are the
/// players' own lists (wm D.III.1).
pub fn read_movement(
    board: &Board,
    lines: &[(Power, String)],
    abbreviations: &BTreeMap<Power, Abbreviations>,
) -> MovementOrders {
    let n = board.units.len();
    let empty = Abbreviations::new();
    let mut chosen: Vec<Option<(usize, MovementOrder, Option<String>)>> = vec![None; n];
    let mut read = Vec::with_capacity(lines.len());
    for (power, text) in lines {
        let abbr = abbreviations.get(power).unwrap_or(&empty);
        let mut r = ReadOrder {
            power: *power,
            text: text.clone(),
            reading: None,
            province: None,
            void: None,
        };
        match parse_order(text, abbr) {
            Err(e) => r.void = Some(format!("unreadable: {e} (wm D.III.1)")),
            Ok(parsed) => match check(board, *power, &parsed) {
                Err(reason) => {
                    r.province = parsed.location.map(|l| l.province);
                    r.void = Some(reason);
                }
                Ok((i, order, void)) => {
                    let idx = read.len();
                    r.province = Some(board.units[i].province());
                    // wm D.III.5: the last order for a unit counts.
                    if let Some((prev, _, _)) = chosen[i] {
                        let prev: &mut ReadOrder = &mut read[prev];
                        prev.void = Some(
                            "superseded by a later order for the same unit (wm D.III.5)".into(),
                        );
                    }
                    r.void = void.clone();
                    chosen[i] = Some((idx, order, void));
                }
            },
        }
        read.push(r);
    }
    let mut orders = Vec::with_capacity(n);
    let mut line = Vec::with_capacity(n);
    let mut void = Vec::with_capacity(n);
    for c in chosen {
        match c {
            Some((l, o, v)) => {
                orders.push(o);
                line.push(Some(l));
                void.push(v);
            }
            None => {
                orders.push(MovementOrder::Hold);
                line.push(None);
                void.push(None);
            }
        }
    }
    apply_convoy_intent(board, &mut orders);
    for (i, l) in line.iter().enumerate() {
        if let Some(l) = l {
            read[*l].reading = Some(describe(board, &board.units[i], &orders[i]));
        }
    }
    MovementOrders {
        orders,
        line,
        void,
        read,
    }
}

/// wm D.VI.2: when a move to an adjacent province is possible both over land
/// and by convoy (fleets ordered to convoy it form a route), it goes by
/// convoy if the order says so (`via convoy` or a named route, wm D.VI.3) or
/// a fleet of the army's power is ordered to convoy it there; otherwise, and
/// whenever no convoy is possible, it goes over land.
fn apply_convoy_intent(board: &Board, orders: &mut [MovementOrder]) {
    let m = map::standard();
    for i in 0..orders.len() {
        let unit = board.units[i];
        let (dest, explicit, named) = match &orders[i] {
            MovementOrder::Move {
                dest,
                by_convoy,
                route,
            } => (dest.province, *by_convoy, route.is_some()),
            _ => continue,
        };
        if unit.kind != UnitType::Army || !m.army_adjacent(unit.province(), dest) {
            continue;
        }
        let mut chain = 0u128;
        let mut own = false;
        for (j, o) in orders.iter().enumerate() {
            if let MovementOrder::Convoy { army, dest: d } = o {
                let f = board.units[j];
                if *army == unit.province()
                    && *d == dest
                    && f.kind == UnitType::Fleet
                    && f.province().is_sea()
                {
                    chain |= map::bit(f.province());
                    own |= f.power == unit.power;
                }
            }
        }
        // Possible by convoy before adjudication: fleets ordered to convoy
        // it form a route. If not, only the land route was possible.
        let possible = m.convoy_route_exists(unit.province(), dest, chain);
        // An explicit convoy counts when a convoy is possible with the fleets
        // on the board (the test of wm D.III.4).
        let explicit_possible = (explicit || named)
            && m.convoy_route_exists(unit.province(), dest, board.fleets_at_sea());
        let convoy = (possible && own) || explicit_possible;
        if let MovementOrder::Move { by_convoy, .. } = &mut orders[i] {
            *by_convoy = convoy;
        }
    }
}

/// Checks one parsed order: the unit it is for, and the order or the hold it
/// becomes (with the reason) under wm D.III.4.
#[allow(clippy::type_complexity)]
fn check(
    board: &Board,
    power: Power,
    parsed: &ParsedOrder,
) -> Result<(usize, MovementOrder, Option<String>), String> {
    let m = map::standard();
    let loc = parsed
        .location
        .ok_or_else(|| "not a movement order (wm D.III.4)".to_string())?;
    // The unit is found by its province alone: a coast written for it,
    // missing or wrong, is not read, so it never invalidates a hold
    // (wm D.IV.3.a) or any other order of that fleet.
    let i = board
        .index_at(loc.province)
        .ok_or_else(|| format!("no unit in {} (wm D.III.2)", loc.province))?;
    let unit = board.units[i];
    if unit.power != power {
        return Err(format!("{} is not a unit of {power}", unit));
    }
    // `Err`: the reason the unit holds instead.
    let checked = match &parsed.action {
        Action::Hold => return Ok((i, MovementOrder::Hold, None)),
        Action::Build | Action::Disband | Action::Waive => {
            Err("not a movement-phase order: the unit holds (wm D.III.4)".into())
        }
        Action::Move {
            dest,
            via_convoy,
            route,
        } => {
            if dest.province == unit.province() {
                Err("a unit cannot move to its own province: it holds (wm D.III.4)".into())
            } else {
                match unit.kind {
                    UnitType::Army => army_move(m, board, unit, *dest, *via_convoy, route),
                    UnitType::Fleet => fleet_move(m, unit, *dest),
                }
            }
        }
        Action::Support {
            supported, dest, ..
        } => support(m, board, unit, supported.province, dest.map(|d| d.province)),
        Action::Convoy { army, dest, .. } => convoy(board, unit, *army, *dest),
    };
    Ok(match checked {
        Ok(order) => (i, order, None),
        Err(reason) => (i, MovementOrder::Hold, Some(reason)),
    })
}

/// An army's move to `dest`: over land or by a convoy possible with the
/// fleets on the board, along the `route` named (wm D.VI.3), if any.
fn army_move(
    m: &Map,
    board: &Board,
    unit: Unit,
    dest: Location,
    via_convoy: bool,
    route: &[Province],
) -> Result<MovementOrder, String> {
    let adjacent = m.army_adjacent(unit.province(), dest.province);
    let by_sea = m.convoy_route_exists(unit.province(), dest.province, board.fleets_at_sea());
    if !adjacent && !by_sea {
        return Err(format!(
            "{} cannot reach {}, even by convoy with the fleets on the board: it holds (wm D.III.4)",
            unit, dest.province
        ));
    }
    if dest.province.is_sea() {
        return Err("an army cannot enter a sea: it holds (wm D.III.4)".into());
    }
    let route = if route.is_empty() {
        None
    } else {
        Some(route.to_vec())
    };
    Ok(MovementOrder::Move {
        dest: dest.province.into(),
        by_convoy: via_convoy || !adjacent || route.is_some(),
        route,
    })
}

/// A fleet's move to `dest`, onto the coast it can reach.
fn fleet_move(m: &Map, unit: Unit, dest: Location) -> Result<MovementOrder, String> {
    let coasts = m.fleet_reachable_coasts(unit.location, dest.province);
    let coast = match coasts.len() {
        0 => {
            return Err(format!(
                "{} cannot reach {}: it holds (wm D.III.4)",
                unit, dest.province
            ))
        }
        // wm D.IV.3.b: a missing or wrong coast never invalidates...
        1 => coasts[0],
        // ...except F MAO–Spa, F Por–Spa, F Con–Bul.
        _ => match dest.coast {
            Some(c) if coasts.contains(&Some(c)) => Some(c),
            _ => {
                return Err(format!(
                    "{} - {}: the coast must be given (wm D.IV.3.b): it holds",
                    unit, dest.province
                ))
            }
        },
    };
    Ok(MovementOrder::Move {
        dest: Location::new(dest.province, coast),
        by_convoy: false,
        route: None,
    })
}

/// A support of the unit in `s` to hold (`dest: None`) or to move to `dest`.
fn support(
    m: &Map,
    board: &Board,
    unit: Unit,
    s: Province,
    dest: Option<Province>,
) -> Result<MovementOrder, String> {
    if s == unit.province() {
        return Err("a unit cannot support itself: it holds (wm D.III.4)".into());
    }
    if board.index_at(s).is_none() {
        return Err(format!("no unit in {s} to support: it holds (wm D.III.4)"));
    }
    let target = dest.unwrap_or(s);
    if target == unit.province() {
        return Err(
            "a unit cannot support a move into its own province: it holds (wm D.III.4)".into(),
        );
    }
    // wm D.IV.3.c: coasts never invalidate a support; reaching the province is enough.
    if !m.can_reach(unit.kind, unit.location, target) {
        return Err(format!(
            "{} cannot reach {}, so cannot support there: it holds (wm D.III.4)",
            unit, target
        ));
    }
    Ok(MovementOrder::Support { supported: s, dest })
}

/// A convoy of the army in `army` to `dest`, by a fleet at sea.
fn convoy(
    board: &Board,
    unit: Unit,
    army: Province,
    dest: Province,
) -> Result<MovementOrder, String> {
    if unit.kind != UnitType::Fleet || !unit.province().is_sea() {
        return Err("only a fleet at sea can convoy: it holds (wm D.III.4)".into());
    }
    match board.unit_at(army) {
        Some(a) if a.kind == UnitType::Army => {}
        _ => {
            return Err(format!(
                "no army in {army} to convoy: it holds (wm D.III.4)"
            ))
        }
    }
    if army == dest || dest.is_sea() {
        return Err("impossible convoy: it holds (wm D.III.4)".into());
    }
    Ok(MovementOrder::Convoy { army, dest })
}
