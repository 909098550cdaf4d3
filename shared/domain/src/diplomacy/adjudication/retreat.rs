//! Retreat phase: legal retreats of dislodged units (2000 rules, with wm D.VI.1
//! for units dislodged by a convoyed army), conditional retreat orders
//! (wm D.II.5: the first possible option, left to right or top to bottom),
//! the last order counts otherwise (wm D.III.5), orders from a power that
//! missed the movement phase are still used (wm D.VII.6.c), and unordered or
//! clashing retreats disband.

use super::super::map::{self, Location, Power, Province, UnitType};
use super::super::orders::{parse_order, split_alternatives, Abbreviations, Action, ReadOrder};
use super::super::position::{Dislodged, Unit};
use std::collections::BTreeMap;

/// Legal retreats of a dislodged unit: a neighbouring space that is empty
/// after the movement phase, not left empty by a standoff (`contested`), and
/// not the attacker's origin unless the attacker came by convoy (wm D.VI.1).
pub fn legal_retreats(
    unit: &Unit,
    attacker_from: Option<Province>,
    by_convoy: bool,
    occupied: u128,
    contested: u128,
) -> Vec<Location> {
    let m = map::standard();
    let ok = |p: Province| {
        occupied & map::bit(p) == 0
            && contested & map::bit(p) == 0
            && (by_convoy || Some(p) != attacker_from)
    };
    match unit.kind {
        UnitType::Army => map::provinces_in(m.army_neighbours(unit.province()))
            .filter(|p| ok(*p))
            .map(Location::from)
            .collect(),
        UnitType::Fleet => m
            .fleet_moves(unit.location)
            .filter(|l| ok(l.province))
            .collect(),
    }
}

/// What became of a dislodged unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RetreatOutcome {
    Retreated(Location),
    /// Disbanded, with the reason (ordered, no order, clash, no legal retreat).
    Disbanded(String),
}

/// Result of a retreat phase.
#[derive(Debug, Clone)]
pub struct RetreatResult {
    /// Per dislodged unit, in input order.
    pub outcomes: Vec<RetreatOutcome>,
    /// The line that ordered each dislodged unit, index into `read`.
    pub line: Vec<Option<usize>>,
    pub read: Vec<ReadOrder>,
}

/// Marks a unit whose only order was an impossible retreat.
const IMPOSSIBLE: usize = usize::MAX;

#[derive(Clone, Copy)]
enum Choice {
    Retreat(Location),
    Disband,
}

/// Groups lines into conditional groups: a line starting with `or`/`else`
/// continues the previous line of the same power (wm D.II.5, top to bottom).
pub fn conditional_groups(lines: &[(Power, String)]) -> Vec<(Power, Vec<String>, Vec<String>)> {
    let mut groups: Vec<(Power, Vec<String>, Vec<String>)> = Vec::new();
    for (power, text) in lines {
        let lower = text.trim_start().to_ascii_lowercase();
        let continues = ["or ", "else ", "otherwise "]
            .iter()
            .any(|k| lower.starts_with(k));
        let alts = split_alternatives(text);
        match groups.last_mut() {
            Some((p, texts, a)) if continues && p == power => {
                texts.push(text.clone());
                a.extend(alts);
            }
            _ => groups.push((*power, vec![text.clone()], alts)),
        }
    }
    groups
}

/// Adjudicates a retreat phase.
pub fn adjudicate_retreats(
    dislodged: &[Dislodged],
    lines: &[(Power, String)],
    abbreviations: &BTreeMap<Power, Abbreviations>,
) -> RetreatResult {
    let empty = Abbreviations::new();
    let mut chosen: Vec<Option<(usize, Choice)>> = vec![None; dislodged.len()];
    let mut read = Vec::new();
    for (power, texts, alts) in conditional_groups(lines) {
        let abbr = abbreviations.get(&power).unwrap_or(&empty);
        let mut r = ReadOrder {
            power,
            text: texts.join("\n"),
            reading: None,
            province: None,
            void: None,
        };
        match first_possible_option(dislodged, power, &alts, abbr, &mut r, &mut chosen) {
            Ok((i, c)) => {
                if let Some((prev, _)) = chosen[i] {
                    if prev != IMPOSSIBLE && prev < read.len() {
                        let p: &mut ReadOrder = &mut read[prev];
                        p.void = Some(
                            "superseded by a later order for the same unit (wm D.III.5)".into(),
                        );
                    }
                }
                let d = &dislodged[i];
                r.reading = Some(match c {
                    Choice::Retreat(l) => format!("{} R {l}", d.unit),
                    Choice::Disband => format!("{} D", d.unit),
                });
                chosen[i] = Some((read.len(), c));
            }
            Err(first_error) => {
                r.void = first_error.or(Some("no possible option (wm D.II.5)".into()))
            }
        }
        read.push(r);
    }
    let count = clashes(&chosen);
    let mut outcomes = Vec::with_capacity(dislodged.len());
    let mut line = Vec::with_capacity(dislodged.len());
    for (i, d) in dislodged.iter().enumerate() {
        let (o, l) = outcome(d, chosen[i], &count);
        outcomes.push(o);
        line.push(l);
    }
    RetreatResult {
        outcomes,
        line,
        read,
    }
}

/// wm D.II.5: the first possible option of a conditional group, left to
/// right: the dislodged unit (index) and what it does; otherwise the first
/// error met, if any. Notes the unit's province in `r`; a lone impossible
/// retreat marks the unit in `chosen`.
fn first_possible_option(
    dislodged: &[Dislodged],
    power: Power,
    alts: &[String],
    abbr: &Abbreviations,
    r: &mut ReadOrder,
    chosen: &mut [Option<(usize, Choice)>],
) -> Result<(usize, Choice), Option<String>> {
    let mut first_error: Option<String> = None;
    for alt in alts {
        let parsed = match parse_order(alt, abbr) {
            Ok(p) => p,
            Err(e) => {
                first_error.get_or_insert(format!("unreadable `{alt}`: {e} (wm D.III.1)"));
                continue;
            }
        };
        let Some(loc) = parsed.location else {
            first_error.get_or_insert(format!("`{alt}` is not a retreat order"));
            continue;
        };
        let Some(i) = dislodged
            .iter()
            .position(|d| d.unit.province() == loc.province && d.unit.power == power)
        else {
            first_error.get_or_insert(format!("no dislodged unit of {power} in {}", loc.province));
            continue;
        };
        r.province = Some(loc.province);
        let d = &dislodged[i];
        match parsed.action {
            Action::Disband => return Ok((i, Choice::Disband)),
            Action::Move { dest, .. } => match retreat_to(d, dest) {
                Some(l) => return Ok((i, Choice::Retreat(l))),
                None => {
                    first_error.get_or_insert(format!("{} cannot retreat to {}", d.unit, dest));
                    if alts.len() == 1 {
                        // An impossible retreat replaces an earlier
                        // order (wm D.III.5): the unit disbands.
                        chosen[i] = Some((IMPOSSIBLE, Choice::Disband));
                    }
                }
            },
            _ => {
                first_error.get_or_insert(format!("`{alt}` is not a retreat order"));
            }
        }
    }
    Err(first_error)
}

/// The legal retreat a retreat order to `dest` names: the one into its
/// province, or, with several coasts, the one on its coast.
fn retreat_to(d: &Dislodged, dest: Location) -> Option<Location> {
    let options: Vec<Location> = d
        .retreats
        .iter()
        .copied()
        .filter(|l| l.province == dest.province)
        .collect();
    match options.len() {
        0 => None,
        1 => Some(options[0]),
        _ => options.iter().copied().find(|l| l.coast == dest.coast),
    }
}

/// Clashes: how many possible retreats go to each province; two or more to
/// one province all disband.
fn clashes(chosen: &[Option<(usize, Choice)>]) -> BTreeMap<Province, usize> {
    let mut count: BTreeMap<Province, usize> = BTreeMap::new();
    for c in chosen.iter().flatten() {
        if let (l, Choice::Retreat(loc)) = c {
            if *l != IMPOSSIBLE {
                *count.entry(loc.province).or_default() += 1;
            }
        }
    }
    count
}

/// What became of the dislodged unit `d` given its chosen order, and the
/// line that ordered it.
fn outcome(
    d: &Dislodged,
    chosen: Option<(usize, Choice)>,
    count: &BTreeMap<Province, usize>,
) -> (RetreatOutcome, Option<usize>) {
    match chosen {
        Some((l, _)) if l == IMPOSSIBLE => (
            RetreatOutcome::Disbanded("its retreat order was impossible".into()),
            None,
        ),
        Some((l, Choice::Retreat(loc))) => {
            if count[&loc.province] > 1 {
                (
                    RetreatOutcome::Disbanded(format!("retreats to {} clashed", loc.province)),
                    Some(l),
                )
            } else {
                (RetreatOutcome::Retreated(loc), Some(l))
            }
        }
        Some((l, Choice::Disband)) => (
            RetreatOutcome::Disbanded("ordered to disband".into()),
            Some(l),
        ),
        None => (
            RetreatOutcome::Disbanded(if d.retreats.is_empty() {
                "no legal retreat".into()
            } else {
                "no retreat order".into()
            }),
            None,
        ),
    }
}
