//! The board's position between phases, in the adjudicator's JSON shapes
//! ([`crate::diplomacy::cli`]), and running one phase's adjudication.

use crate::diplomacy::cli::{self, AdjudicateInput, AdjudicateOutput, DislodgedInput, RulesInput};
use crate::diplomacy::map::{Power, Province};
use crate::diplomacy::orders::{parse_order, Abbreviations};
use crate::diplomacy::position::{Phase, PhaseKind, Unit};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Units, dislodged units and centres at the start of `phase`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Position {
    pub phase: String,
    pub units: BTreeMap<String, Vec<String>>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub dislodged: BTreeMap<String, Vec<DislodgedInput>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub contested: Vec<String>,
    pub centers: BTreeMap<String, Vec<String>>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub adjustments: BTreeMap<String, i32>,
}

fn strings(map: &[(&str, &[&str])]) -> BTreeMap<String, Vec<String>> {
    map.iter()
        .map(|(p, l)| ((*p).to_owned(), l.iter().map(|s| (*s).to_owned()).collect()))
        .collect()
}

impl Position {
    /// Spring 1901 (2000 Hasbro rules, wm D.I.3).
    pub fn initial() -> Self {
        Self {
            phase: "S1901M".into(),
            units: strings(&[
                ("AUSTRIA", &["A VIE", "A BUD", "F TRI"]),
                ("ENGLAND", &["F LON", "F EDI", "A LVP"]),
                ("FRANCE", &["F BRE", "A PAR", "A MAR"]),
                ("GERMANY", &["F KIE", "A BER", "A MUN"]),
                ("ITALY", &["F NAP", "A ROM", "A VEN"]),
                ("RUSSIA", &["F STP/SC", "A MOS", "A WAR", "F SEV"]),
                ("TURKEY", &["F ANK", "A CON", "A SMY"]),
            ]),
            dislodged: BTreeMap::new(),
            contested: Vec::new(),
            centers: strings(&[
                ("AUSTRIA", &["VIE", "BUD", "TRI"]),
                ("ENGLAND", &["LON", "EDI", "LVP"]),
                ("FRANCE", &["BRE", "PAR", "MAR"]),
                ("GERMANY", &["KIE", "BER", "MUN"]),
                ("ITALY", &["NAP", "ROM", "VEN"]),
                ("RUSSIA", &["STP", "MOS", "WAR", "SEV"]),
                ("TURKEY", &["ANK", "CON", "SMY"]),
            ]),
            adjustments: BTreeMap::new(),
        }
    }

    pub fn parsed_phase(&self) -> Phase {
        Phase::parse(&self.phase).expect("positions hold valid phases")
    }

    /// Powers with something to order in this phase: units to move, units to
    /// retreat, or builds or removals due.
    pub fn powers_to_order(&self) -> Vec<Power> {
        let kind = self.parsed_phase().kind;
        Power::ALL
            .into_iter()
            .filter(|p| match kind {
                PhaseKind::Movement => self.units.get(p.name()).is_some_and(|u| !u.is_empty()),
                PhaseKind::Retreat => self.dislodged.get(p.name()).is_some_and(|u| !u.is_empty()),
                PhaseKind::Adjustment => self.adjustments.get(p.name()).is_some_and(|n| *n != 0),
            })
            .collect()
    }

    /// wm D.IX.1: a power remains in the game while it has units or centres.
    pub fn survives(&self, p: Power) -> bool {
        self.units.get(p.name()).is_some_and(|u| !u.is_empty())
            || self.centers.get(p.name()).is_some_and(|c| !c.is_empty())
            || self.dislodged.get(p.name()).is_some_and(|d| !d.is_empty())
    }

    pub fn center_counts(&self) -> BTreeMap<Power, usize> {
        Power::ALL
            .into_iter()
            .map(|p| (p, self.centers.get(p.name()).map_or(0, Vec::len)))
            .collect()
    }

    /// The unit of `power` written as `unit` (`A Mun`, `F STP/SC`): its
    /// entry as stored and as read. Kind and province must match; the coast
    /// need not (wm D.IV.3).
    pub fn find_unit(&self, power: Power, unit: &str) -> Option<(String, Unit)> {
        let wanted = cli::parse_unit(power, &unit.to_ascii_uppercase()).ok()?;
        self.units.get(power.name())?.iter().find_map(|s| {
            let u = cli::parse_unit(power, s).ok()?;
            (u.kind == wanted.kind && u.province() == wanted.province()).then(|| (s.clone(), u))
        })
    }

    /// How many units, of any power, stand in `province` (wm D.VIII.2).
    pub fn occupants(&self, province: Province) -> usize {
        self.units
            .iter()
            .flat_map(|(p, list)| list.iter().map(move |s| (p, s)))
            .filter_map(|(p, s)| cli::parse_unit(Power::parse(p)?, s).ok())
            .filter(|u| u.province() == province)
            .count()
    }

    /// wm D.VIII.2–3: takes the unit stored as `unit` off `power`'s list and,
    /// if `placed` is given, puts that unit there instead.
    pub fn correct_unit(&mut self, power: Power, unit: &str, placed: Option<&str>) {
        let list = self.units.entry(power.name().to_owned()).or_default();
        if let Some(i) = list.iter().position(|s| s == unit) {
            list.remove(i);
        }
        list.extend(placed.map(str::to_owned));
    }

    fn from_output(out: &AdjudicateOutput) -> Self {
        Self {
            phase: out.phase.clone(),
            units: out.units.clone(),
            dislodged: out.dislodged.clone(),
            contested: out.contested.clone(),
            centers: out.centers.clone(),
            adjustments: out.adjustments.clone(),
        }
    }
}

/// One adjudicated phase: the next position, every order's result (as written
/// and as read, wm D.VIII.4) and the solo if any.
pub struct Adjudicated {
    pub next: Position,
    pub results: Vec<cli::OrderResult>,
    pub solo: Option<String>,
}

/// Runs the adjudicator on `position` with each power's order lines.
pub fn adjudicate(
    position: &Position,
    orders: &BTreeMap<Power, Vec<String>>,
    abbreviations: &BTreeMap<Power, BTreeMap<String, String>>,
) -> Result<Adjudicated, String> {
    let input = AdjudicateInput {
        phase: position.phase.clone(),
        units: position.units.clone(),
        dislodged: position.dislodged.clone(),
        contested: position.contested.clone(),
        centers: position.centers.clone(),
        orders: orders
            .iter()
            .map(|(p, l)| (p.name().to_owned(), l.clone()))
            .collect(),
        rules: RulesInput {
            abbreviations: abbreviations
                .iter()
                .map(|(p, a)| (p.name().to_owned(), a.clone()))
                .collect(),
        },
    };
    let json = serde_json::to_string(&input).map_err(|e| e.to_string())?;
    let out = cli::adjudicate(&json);
    if out.exit_code != 0 {
        return Err(out.stderr.trim().to_owned());
    }
    let out: AdjudicateOutput = serde_json::from_str(&out.stdout).map_err(|e| e.to_string())?;
    Ok(Adjudicated {
        next: Position::from_output(&out),
        solo: out.solo.clone(),
        results: out.results,
    })
}

/// wm D.III.3 alternative rule: the province of the unit a line orders, if
/// it can be read (build lines give the build site).
pub fn ordered_province(line: &str, abbreviations: &Abbreviations) -> Option<String> {
    let parsed = parse_order(line, abbreviations).ok()?;
    Some(parsed.location?.province.code().to_owned())
}

/// wm D.III.3 alternative rule: the earlier set's lines for units the revised
/// set does not order, then the revised set. Unreadable earlier lines are
/// dropped (a ruling: they order no identifiable unit).
pub fn merge_by_unit(earlier: &[String], revised: &[String]) -> Vec<String> {
    let abbr = Abbreviations::new();
    let revised_units: Vec<Option<String>> =
        revised.iter().map(|l| ordered_province(l, &abbr)).collect();
    let mut merged: Vec<String> = earlier
        .iter()
        .filter(|l| match ordered_province(l, &abbr) {
            Some(p) => !revised_units.contains(&Some(p)),
            None => false,
        })
        .cloned()
        .collect();
    merged.extend(revised.iter().cloned());
    merged
}
