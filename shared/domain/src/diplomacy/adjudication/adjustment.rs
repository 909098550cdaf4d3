//! Adjustment phase (winter): builds on owned, vacant home centres, disbands,
//! waives, and civil-disorder removals, with the house rules wm D.V.1 (build
//! without unit type), D.V.2 (excess builds or disbands: bottom to top),
//! D.V.3 (several builds in one centre: the first reading bottom to top),
//! D.V.4 (civil-disorder removals by distance from home), D.V.5 (fleet in a
//! landlocked centre) and D.II.5 (conditional orders: first possible option).

use super::super::map::{self, Location, Power, Province, Terrain, UnitType};
use super::super::orders::{parse_order, Abbreviations, Action, ParsedOrder, ReadOrder};
use super::super::position::{Centers, Unit};
use super::retreat::conditional_groups;
use std::collections::{BTreeMap, VecDeque};

/// What an adjustment phase did.
#[derive(Debug, Clone, Default)]
pub struct AdjustmentResult {
    pub built: Vec<Unit>,
    /// Units removed: by order, or in civil disorder (wm D.V.4).
    pub removed: Vec<(Unit, Removal)>,
    /// Builds waived, per power.
    pub waived: BTreeMap<Power, u32>,
    pub read: Vec<ReadOrder>,
}

/// Why a unit was removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Removal {
    Ordered,
    /// wm D.V.4.
    CivilDisorder,
}

/// Number of builds (positive) or removals (negative) due.
pub fn adjustment_due(power: Power, units: &[Unit], centers: &Centers) -> i32 {
    let c = centers.values().filter(|p| **p == power).count() as i32;
    let u = units.iter().filter(|u| u.power == power).count() as i32;
    c - u
}

/// wm D.V.4: distance from home. An army counts moves as if it could enter
/// water (not Switzerland, which is no province); a fleet counts legal fleet
/// moves. Any home centre counts, whoever controls it. `None`: unreachable.
pub fn distance_from_home(unit: &Unit) -> Option<u32> {
    let m = map::standard();
    let home = |p: Province| p.home_of() == Some(unit.power);
    match unit.kind {
        UnitType::Army => {
            let mut seen = map::bit(unit.province());
            let mut frontier = seen;
            let mut d = 0;
            loop {
                if map::provinces_in(frontier).any(home) {
                    return Some(d);
                }
                let mut next = 0u128;
                for p in map::provinces_in(frontier) {
                    next |= m.army_neighbours(p) | m.fleet_neighbours(p);
                }
                frontier = next & !seen;
                if frontier == 0 {
                    return None;
                }
                seen |= next;
                d += 1;
            }
        }
        UnitType::Fleet => {
            let mut seen = vec![unit.location];
            let mut queue = VecDeque::from([(unit.location, 0u32)]);
            while let Some((l, d)) = queue.pop_front() {
                if home(l.province) {
                    return Some(d);
                }
                for n in m.fleet_moves(l) {
                    if !seen.contains(&n) {
                        seen.push(n);
                        queue.push_back((n, d + 1));
                    }
                }
            }
            None
        }
    }
}

/// wm D.V.4: the order of civil-disorder removals: farthest from home first;
/// at equal distance fleets before armies; then by the English name of the
/// space (Hasbro spelling), alphabetically.
pub fn civil_disorder_order(units: &[Unit]) -> Vec<Unit> {
    let mut v: Vec<(u32, u8, &'static str, Unit)> = units
        .iter()
        .map(|u| {
            (
                distance_from_home(u).unwrap_or(u32::MAX),
                match u.kind {
                    UnitType::Fleet => 0,
                    UnitType::Army => 1,
                },
                u.province().name(),
                *u,
            )
        })
        .collect();
    v.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.cmp(b.2)));
    v.into_iter().map(|t| t.3).collect()
}

/// Checks a build; `Ok` gives the unit built.
fn check_build(
    power: Power,
    parsed: &ParsedOrder,
    units: &[Unit],
    centers: &Centers,
    built: &[Unit],
) -> Result<Unit, String> {
    let loc = parsed.location.ok_or("a build needs a place")?;
    let p = loc.province;
    if p.home_of() != Some(power) {
        return Err(format!("{p} is not a home centre of {power}"));
    }
    if centers.get(&p) != Some(&power) {
        return Err(format!("{power} does not own {p}"));
    }
    if units.iter().any(|u| u.province() == p) {
        return Err(format!("{p} is occupied"));
    }
    if built.iter().any(|u| u.province() == p) {
        return Err(format!("a unit is already built in {p} (wm D.V.3)"));
    }
    let kind = match parsed.unit {
        Some(k) => k,
        // wm D.V.1: no unit type: an army where only armies can be built, a
        // fleet if a legal coast is given, otherwise nothing.
        None if p.terrain() == Terrain::Inland => UnitType::Army,
        None if loc.coast.is_some() && p.coasts().contains(&loc.coast.expect("some")) => {
            UnitType::Fleet
        }
        None => return Err(format!("no unit type given for {p} (wm D.V.1)")),
    };
    let location = match kind {
        UnitType::Army => Location::from(p),
        UnitType::Fleet => {
            if p.terrain() == Terrain::Inland {
                return Err(format!(
                    "a fleet cannot be built in landlocked {p} (wm D.V.5)"
                ));
            }
            if p.coasts().is_empty() {
                Location::from(p)
            } else {
                match loc.coast {
                    Some(c) if p.coasts().contains(&c) => loc,
                    _ => return Err(format!("the coast of {p} must be given")),
                }
            }
        }
    };
    Ok(Unit::new(power, kind, location))
}

/// Adjudicates an adjustment phase.
pub fn adjudicate_adjustments(
    units: &[Unit],
    centers: &Centers,
    lines: &[(Power, String)],
    abbreviations: &BTreeMap<Power, Abbreviations>,
) -> AdjustmentResult {
    let empty = Abbreviations::new();
    let mut result = AdjustmentResult::default();
    let groups = conditional_groups(lines);
    let mut read: Vec<ReadOrder> = groups
        .iter()
        .map(|(power, texts, _)| ReadOrder {
            power: *power,
            text: texts.join("\n"),
            reading: None,
            province: None,
            void: None,
        })
        .collect();
    for power in Power::ALL {
        let due = adjustment_due(power, units, centers);
        let abbr = abbreviations.get(&power).unwrap_or(&empty);
        let mine: Vec<usize> = (0..groups.len())
            .filter(|g| groups[*g].0 == power)
            .collect();
        if due == 0 {
            for g in mine {
                read[g].void = Some(format!("{power} has no adjustment to make"));
            }
            continue;
        }
        let mut done = 0i32;
        let mut removed: Vec<Unit> = Vec::new();
        // wm D.V.2–3: followed from bottom to top.
        for &g in mine.iter().rev() {
            let alts = &groups[g].2;
            if done == due.abs() {
                read[g].void = Some(if due > 0 {
                    "more builds than allowed (wm D.V.2)".into()
                } else {
                    "more disbands than required (wm D.V.2)".into()
                });
                continue;
            }
            let order = Adjusting {
                power,
                due,
                abbr,
                units,
                centers,
            };
            match order.first_possible_option(alts, &mut read[g], &mut result, &mut removed) {
                Ok(()) => done += 1,
                Err(Some(e)) => read[g].void = Some(e),
                Err(None) => {}
            }
        }
        for u in &removed {
            result.removed.push((*u, Removal::Ordered));
        }
        // wm D.V.4: civil disorder for the removals not ordered.
        if due < 0 && done < -due {
            civil_disorder_removals(units, power, &removed, (-due - done) as usize, &mut result);
        }
    }
    result.read = read;
    result
}

/// One power's adjustment orders, as the phase reads them.
struct Adjusting<'a> {
    power: Power,
    /// Builds (positive) or removals (negative) due.
    due: i32,
    abbr: &'a Abbreviations,
    units: &'a [Unit],
    centers: &'a Centers,
}

impl Adjusting<'_> {
    /// wm D.II.5: the first possible option of a group, left to right, is
    /// carried out (a waive, a build or a removal): `Ok`; otherwise the first
    /// error met, if any.
    fn first_possible_option(
        &self,
        alts: &[String],
        read: &mut ReadOrder,
        result: &mut AdjustmentResult,
        removed: &mut Vec<Unit>,
    ) -> Result<(), Option<String>> {
        let Adjusting {
            power,
            due,
            abbr,
            units,
            centers,
        } = *self;
        let mut error: Option<String> = None;
        for alt in alts {
            let parsed = match parse_order(alt, abbr) {
                Ok(p) => p,
                Err(e) => {
                    error.get_or_insert(format!("unreadable `{alt}`: {e}"));
                    continue;
                }
            };
            read.province = parsed.location.map(|l| l.province);
            match (&parsed.action, due > 0) {
                (Action::Waive, true) => {
                    *result.waived.entry(power).or_default() += 1;
                    read.reading = Some("waive".into());
                    return Ok(());
                }
                (Action::Build, true) | (Action::Hold, true) => {
                    match check_build(power, &parsed, units, centers, &result.built) {
                        Ok(u) => {
                            read.reading = Some(format!("build {u}"));
                            result.built.push(u);
                            return Ok(());
                        }
                        Err(e) => {
                            error.get_or_insert(e);
                        }
                    }
                }
                (Action::Disband, false) | (Action::Hold, false) => {
                    let p = parsed.location.map(|l| l.province);
                    match units
                        .iter()
                        .find(|u| Some(u.province()) == p && u.power == power)
                    {
                        Some(u) if !removed.contains(u) => {
                            read.reading = Some(format!("remove {u}"));
                            removed.push(*u);
                            return Ok(());
                        }
                        Some(u) => {
                            error.get_or_insert(format!("{u} is already removed"));
                        }
                        None => {
                            error.get_or_insert(format!(
                                "no unit of {power} in {}",
                                p.map(|p| p.to_string()).unwrap_or_default()
                            ));
                        }
                    }
                }
                _ => {
                    error.get_or_insert(format!(
                        "`{alt}` is not possible: {power} must {}",
                        if due > 0 { "build" } else { "remove" }
                    ));
                }
            }
        }
        Err(error)
    }
}

/// wm D.V.4: civil-disorder removals: the first `count` of the power's
/// units not removed by order, in civil-disorder order.
fn civil_disorder_removals(
    units: &[Unit],
    power: Power,
    removed: &[Unit],
    count: usize,
    result: &mut AdjustmentResult,
) {
    let left: Vec<Unit> = units
        .iter()
        .filter(|u| u.power == power && !removed.contains(u))
        .copied()
        .collect();
    for u in civil_disorder_order(&left).into_iter().take(count) {
        result.removed.push((u, Removal::CivilDisorder));
    }
}
