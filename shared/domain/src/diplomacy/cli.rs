//! The JSON front end of `arbiter adjudicate < IN.json > OUT.json`: one phase
//! in, the next position and every order's result out. Pure: the binary only
//! reads stdin and writes what this returns. The serde types are shared with
//! the game service. Schema: docs/adjudicate.md.

use super::adjudication::adjustment::{adjudicate_adjustments, adjustment_due, Removal};
use super::adjudication::movement::{Decision, MovementOrder};
use super::adjudication::retreat::{adjudicate_retreats, legal_retreats, RetreatOutcome};
use super::adjudication::{adjudicate_movement, solo, update_centers};
use super::map::{self, parse_location, Location, Power, Province, UnitType};
use super::orders::{Abbreviations, ReadOrder};
use super::position::{Board, Centers, Dislodged, Phase, PhaseKind, Season, Unit};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub use crate::cli::{CliOutput, EXIT_INVALID_INPUT};

/// A dislodged unit in a retreat phase's input.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DislodgedInput {
    /// `F BRE`
    pub unit: String,
    /// Province the dislodging unit came from.
    #[serde(default)]
    pub attacker_from: Option<String>,
    /// wm D.VI.1: the dislodging army came by convoy (its origin is open).
    #[serde(default)]
    pub by_convoy: bool,
    /// Legal retreats as computed after the movement phase; if given, they
    /// are used as they are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retreats: Option<Vec<String>>,
}

/// Per-game rule settings.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesInput {
    /// wm D.III.1: each player's own abbreviation list agreed at the outset,
    /// power -> abbreviation -> place code (`stp/nc`).
    #[serde(default)]
    pub abbreviations: BTreeMap<String, BTreeMap<String, String>>,
}

/// Input of `arbiter adjudicate`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdjudicateInput {
    /// `S1901M`, `F1901R`, `W1901A`.
    pub phase: String,
    #[serde(default)]
    pub units: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    pub dislodged: BTreeMap<String, Vec<DislodgedInput>>,
    /// Retreat phases: provinces left empty by a standoff.
    #[serde(default)]
    pub contested: Vec<String>,
    #[serde(default)]
    pub centers: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    pub orders: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    pub rules: RulesInput,
}

/// One result line: an order as written and read, and what became of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct OrderResult {
    pub power: String,
    /// The unit (or build site) concerned, if known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    /// The order as written (wm D.VIII.4); absent for unordered units.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub written: Option<String>,
    /// The order as read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order: Option<String>,
    /// `succeeds`, `bounced`, `cut`, `dislodged`, `void`, `no_convoy`,
    /// `disbanded`.
    pub outcome: String,
    /// Why, citing the clause where a house rule decided.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The provinces of the units that bounced, cut or dislodged it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub by: Vec<String>,
}

/// Output of `arbiter adjudicate`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdjudicateOutput {
    /// The next phase that has something to do.
    pub phase: String,
    pub units: BTreeMap<String, Vec<String>>,
    /// Units to retreat in the next phase, with their legal retreats.
    pub dislodged: BTreeMap<String, Vec<DislodgedInput>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub contested: Vec<String>,
    pub centers: BTreeMap<String, Vec<String>>,
    /// Builds (+) or removals (−) due when the next phase is an adjustment.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub adjustments: BTreeMap<String, i32>,
    pub results: Vec<OrderResult>,
    /// The power with 18 or more centres, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solo: Option<String>,
}

fn invalid(msg: String) -> CliOutput {
    CliOutput::invalid(format!("invalid input: {msg}"))
}

/// `arbiter adjudicate < IN.json > OUT.json`
pub fn adjudicate(input_json: &str) -> CliOutput {
    let input: AdjudicateInput = match serde_json::from_str(input_json) {
        Ok(i) => i,
        Err(e) => return invalid(format!("not valid adjudication JSON: {e}")),
    };
    match run(&input) {
        Ok(out) => CliOutput {
            stdout: serde_json::to_string_pretty(&out).expect("output serializes") + "\n",
            stderr: String::new(),
            exit_code: 0,
        },
        Err(msg) => invalid(msg),
    }
}

fn power(s: &str) -> Result<Power, String> {
    Power::parse(s).ok_or_else(|| format!("unknown power `{s}`"))
}

fn province(s: &str) -> Result<Province, String> {
    Province::from_code(s).ok_or_else(|| format!("unknown province `{s}`"))
}

/// Reads `F STP/NC`.
pub fn parse_unit(p: Power, s: &str) -> Result<Unit, String> {
    let s = s.trim();
    let (k, rest) = s
        .split_once(char::is_whitespace)
        .ok_or_else(|| format!("unit `{s}` must be `A xxx` or `F xxx`"))?;
    let kind = match k {
        "A" | "a" => UnitType::Army,
        "F" | "f" => UnitType::Fleet,
        _ => return Err(format!("unit `{s}` must start with A or F")),
    };
    let loc = parse_location(rest).ok_or_else(|| format!("unknown place in unit `{s}`"))?;
    if !map::standard().valid_location(kind, loc) {
        return Err(format!("`{s}` is not a place a {kind:?} can stand"));
    }
    Ok(Unit::new(p, kind, loc))
}

/// Program of one adjudication; errors are invalid input.
fn run(input: &AdjudicateInput) -> Result<AdjudicateOutput, String> {
    let phase = Phase::parse(&input.phase).ok_or_else(|| {
        format!(
            "phase `{}` is not like S1901M, F1901R or W1901A",
            input.phase
        )
    })?;
    let mut units = Vec::new();
    for (p, list) in &input.units {
        let p = power(p)?;
        for u in list {
            units.push(parse_unit(p, u)?);
        }
    }
    let board = Board::new(units).map_err(|p| format!("two units in {p}"))?;
    let centers = parse_centers(input)?;
    let abbreviations = parse_abbreviations(input)?;
    let mut lines: Vec<(Power, String)> = Vec::new();
    for (p, list) in &input.orders {
        let p = power(p)?;
        for o in list {
            lines.push((p, o.clone()));
        }
    }
    if phase.kind != PhaseKind::Retreat && !input.dislodged.values().all(Vec::is_empty) {
        return Err("dislodged units are only given in retreat phases".into());
    }
    match phase.kind {
        PhaseKind::Movement => Ok(movement(phase, &board, centers, &lines, &abbreviations)),
        PhaseKind::Retreat => {
            let dislodged = parse_dislodged(input, &board)?;
            Ok(retreat(
                phase,
                &board,
                centers,
                &dislodged,
                &lines,
                &abbreviations,
            ))
        }
        PhaseKind::Adjustment => Ok(adjustment(phase, &board, centers, &lines, &abbreviations)),
    }
}

/// The board an input describes: its phase, units, centre owners and
/// dislodged units (with their legal retreats), as the adjudicator reads
/// them; the legal-order lists ([`super::options`]) start from it.
pub fn read_position(
    input: &AdjudicateInput,
) -> Result<(Phase, Board, Centers, Vec<Dislodged>), String> {
    let phase = Phase::parse(&input.phase).ok_or_else(|| format!("phase `{}`", input.phase))?;
    let mut units = Vec::new();
    for (p, list) in &input.units {
        let p = power(p)?;
        for u in list {
            units.push(parse_unit(p, u)?);
        }
    }
    let board = Board::new(units).map_err(|p| format!("two units in {p}"))?;
    let centers = parse_centers(input)?;
    let dislodged = parse_dislodged(input, &board)?;
    Ok((phase, board, centers, dislodged))
}

/// The input's supply-centre owners.
fn parse_centers(input: &AdjudicateInput) -> Result<Centers, String> {
    let mut centers = Centers::new();
    for (p, list) in &input.centers {
        let p = power(p)?;
        for c in list {
            let c = province(c)?;
            if !c.is_supply_center() {
                return Err(format!("{c} is not a supply centre"));
            }
            if centers.insert(c, p).is_some() {
                return Err(format!("{c} has two owners"));
            }
        }
    }
    Ok(centers)
}

/// The input's abbreviations, per power.
fn parse_abbreviations(input: &AdjudicateInput) -> Result<BTreeMap<Power, Abbreviations>, String> {
    let mut abbreviations: BTreeMap<Power, Abbreviations> = BTreeMap::new();
    for (p, list) in &input.rules.abbreviations {
        let p = power(p)?;
        let mut a = Abbreviations::new();
        for (k, v) in list {
            let l = parse_location(v)
                .ok_or_else(|| format!("abbreviation `{k}`: unknown place `{v}`"))?;
            a.insert(k.trim().to_lowercase(), l);
        }
        abbreviations.insert(p, a);
    }
    Ok(abbreviations)
}

/// The input's dislodged units; their legal retreats, when not given, are
/// computed from the board and the contested provinces.
fn parse_dislodged(input: &AdjudicateInput, board: &Board) -> Result<Vec<Dislodged>, String> {
    let mut dislodged = Vec::new();
    let occupied = board
        .units
        .iter()
        .fold(0u128, |a, u| a | map::bit(u.province()));
    let mut contested = 0u128;
    for c in &input.contested {
        contested |= map::bit(province(c)?);
    }
    for (p, list) in &input.dislodged {
        let p = power(p)?;
        for d in list {
            let unit = parse_unit(p, &d.unit)?;
            let from = d.attacker_from.as_deref().map(province).transpose()?;
            let retreats = match &d.retreats {
                Some(r) => r
                    .iter()
                    .map(|x| parse_location(x).ok_or_else(|| format!("unknown retreat `{x}`")))
                    .collect::<Result<Vec<Location>, String>>()?,
                None => legal_retreats(&unit, from, d.by_convoy, occupied, contested),
            };
            dislodged.push(Dislodged {
                unit,
                attacker_from: from,
                by_convoy: d.by_convoy,
                retreats,
            });
        }
    }
    Ok(dislodged)
}

fn group_units(units: &[Unit]) -> BTreeMap<String, Vec<String>> {
    let mut m: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for u in units {
        m.entry(u.power.name().to_string())
            .or_default()
            .push(u.to_string());
    }
    m
}

fn group_centers(c: &Centers) -> BTreeMap<String, Vec<String>> {
    let mut m: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (p, o) in c {
        m.entry(o.name().to_string())
            .or_default()
            .push(p.to_string());
    }
    m
}

fn result(power: Power, unit: Option<String>, outcome: &str) -> OrderResult {
    OrderResult {
        power: power.name().to_string(),
        unit,
        written: None,
        order: None,
        outcome: outcome.to_string(),
        reason: None,
        by: Vec::new(),
    }
}

/// The phase after the given one, skipping phases with nothing to do, and
/// the centres after any fall update.
fn next_phase(
    phase: Phase,
    units: &[Unit],
    dislodged: &[Dislodged],
    centers: Centers,
) -> (Phase, Centers, BTreeMap<String, i32>) {
    let retreats = !dislodged.is_empty();
    let mut adjustments = BTreeMap::new();
    let next_spring = Phase::movement(phase.year + 1, Season::Spring);
    match (phase.season, phase.kind) {
        (Season::Spring, PhaseKind::Movement) if retreats => (
            Phase {
                kind: PhaseKind::Retreat,
                ..phase
            },
            centers,
            adjustments,
        ),
        (Season::Spring, _) => (
            Phase::movement(phase.year, Season::Fall),
            centers,
            adjustments,
        ),
        (Season::Fall, PhaseKind::Movement) if retreats => (
            Phase {
                kind: PhaseKind::Retreat,
                ..phase
            },
            centers,
            adjustments,
        ),
        (Season::Fall, _) => {
            let centers = update_centers(&centers, units);
            for p in Power::ALL {
                let due = adjustment_due(p, units, &centers);
                let can_build = due > 0
                    && centers.iter().any(|(c, o)| {
                        *o == p
                            && c.home_of() == Some(p)
                            && !units.iter().any(|u| u.province() == *c)
                    });
                if due < 0 || can_build {
                    adjustments.insert(p.name().to_string(), due);
                }
            }
            if adjustments.is_empty() {
                (next_spring, centers, adjustments)
            } else {
                (
                    Phase {
                        year: phase.year,
                        season: Season::Winter,
                        kind: PhaseKind::Adjustment,
                    },
                    centers,
                    adjustments,
                )
            }
        }
        (Season::Winter, _) => (next_spring, centers, adjustments),
    }
}

fn output(
    phase: Phase,
    units: &[Unit],
    dislodged: &[Dislodged],
    contested: u128,
    centers: Centers,
    results: Vec<OrderResult>,
) -> AdjudicateOutput {
    let (next, centers, adjustments) = next_phase(phase, units, dislodged, centers);
    let mut d: BTreeMap<String, Vec<DislodgedInput>> = BTreeMap::new();
    for x in dislodged {
        d.entry(x.unit.power.name().to_string())
            .or_default()
            .push(DislodgedInput {
                unit: x.unit.to_string(),
                attacker_from: x.attacker_from.map(|p| p.to_string()),
                by_convoy: x.by_convoy,
                retreats: Some(x.retreats.iter().map(|l| l.to_string()).collect()),
            });
    }
    let contested = if dislodged.is_empty() {
        Vec::new()
    } else {
        map::provinces_in(contested)
            .map(|p| p.to_string())
            .collect()
    };
    AdjudicateOutput {
        phase: next.to_string(),
        units: group_units(units),
        dislodged: d,
        contested,
        solo: solo(&centers).map(|p| p.name().to_string()),
        centers: group_centers(&centers),
        adjustments,
        results,
    }
}

fn movement(
    phase: Phase,
    board: &Board,
    centers: Centers,
    lines: &[(Power, String)],
    abbr: &BTreeMap<Power, Abbreviations>,
) -> AdjudicateOutput {
    let m = adjudicate_movement(board, lines, abbr);
    let mut results = Vec::new();
    for (i, u) in board.units.iter().enumerate() {
        let mut r = result(u.power, Some(u.to_string()), "succeeds");
        let res = &m.result.units[i];
        let order = &m.orders.orders[i];
        match m.orders.line[i] {
            Some(l) => {
                r.written = Some(m.orders.read[l].text.clone());
                r.order = m.orders.read[l].reading.clone();
            }
            None => {
                r.order = Some(format!("{u} H"));
                r.reason = Some("no order: the unit holds (wm D.III.2)".into());
            }
        }
        if let Some(v) = &m.orders.void[i] {
            r.outcome = "void".into();
            r.reason = Some(v.clone());
        }
        decision_outcome(&mut r, &res.decision, order);
        if let Some(by) = res.dislodged_by {
            let gone = m
                .dislodged
                .iter()
                .any(|d| d.unit == *u && d.retreats.is_empty());
            dislodged_outcome(&mut r, by, res.dislodged_by_convoy, gone);
        }
        results.push(r);
    }
    lines_ordering_no_unit(&m.orders.read, &m.orders.line, &mut results);
    let retreating: Vec<Dislodged> = m
        .dislodged
        .iter()
        .filter(|d| !d.retreats.is_empty())
        .cloned()
        .collect();
    output(
        phase,
        &m.units,
        &retreating,
        m.result.contested,
        centers,
        results,
    )
}

/// What the adjudication decided about a unit's order, over `r`.
fn decision_outcome(r: &mut OrderResult, decision: &Decision, order: &MovementOrder) {
    match decision {
        Decision::Bounced { by } => {
            r.outcome = "bounced".into();
            r.by = by.iter().map(|p| p.to_string()).collect();
        }
        Decision::NoConvoy => {
            r.outcome = "no_convoy".into();
            r.reason = Some("no route of convoying fleets left (wm D.VI.3–4)".into());
        }
        Decision::ConvoyParadox => {
            r.outcome = "no_convoy".into();
            r.reason = Some("convoy paradox: every convoyed move in it fails (wm D.VI.6)".into());
        }
        Decision::Cut { by } => {
            r.outcome = "cut".into();
            r.by = vec![by.to_string()];
        }
        Decision::NotMatched => {
            r.outcome = "void".into();
            r.reason = Some(match order {
                MovementOrder::Convoy { .. } => "the army did not move as this convoy says".into(),
                _ => "the supported unit did not do what this support says".into(),
            });
        }
        Decision::Moved | Decision::Supported | Decision::Convoyed | Decision::Held => {}
    }
}

/// A dislodged unit: dislodged by the unit from `by` (by convoy, wm D.VI.1),
/// `gone` when it has no legal retreat; its own order's outcome goes into
/// the reason.
fn dislodged_outcome(r: &mut OrderResult, by: Province, by_convoy: bool, gone: bool) {
    let was = r.outcome.clone();
    r.outcome = "dislodged".into();
    r.by = vec![by.to_string()];
    r.reason = Some(format!(
        "dislodged by the unit from {by}{}{}",
        if by_convoy {
            " (by convoy, wm D.VI.1)"
        } else {
            ""
        },
        if gone {
            "; no legal retreat: disbanded".to_string()
        } else if was != "succeeds" {
            format!("; its own order: {was}")
        } else {
            String::new()
        }
    ));
}

/// Lines that gave no unit its order: void, with their reason.
fn lines_ordering_no_unit(
    read: &[ReadOrder],
    line: &[Option<usize>],
    results: &mut Vec<OrderResult>,
) {
    for (l, read) in read.iter().enumerate() {
        if line.contains(&Some(l)) {
            continue;
        }
        let mut r = result(read.power, read.province.map(|p| p.to_string()), "void");
        r.written = Some(read.text.clone());
        r.reason = read.void.clone();
        results.push(r);
    }
}

fn retreat(
    phase: Phase,
    board: &Board,
    centers: Centers,
    dislodged: &[Dislodged],
    lines: &[(Power, String)],
    abbr: &BTreeMap<Power, Abbreviations>,
) -> AdjudicateOutput {
    let r = adjudicate_retreats(dislodged, lines, abbr);
    let mut units = board.units.clone();
    let mut results = Vec::new();
    for (i, d) in dislodged.iter().enumerate() {
        let mut res = result(d.unit.power, Some(d.unit.to_string()), "succeeds");
        if let Some(l) = r.line[i] {
            res.written = Some(r.read[l].text.clone());
            res.order = r.read[l].reading.clone();
        }
        match &r.outcomes[i] {
            RetreatOutcome::Retreated(l) => units.push(Unit::new(d.unit.power, d.unit.kind, *l)),
            RetreatOutcome::Disbanded(why) => {
                res.outcome = "disbanded".into();
                res.reason = Some(why.clone());
            }
        }
        results.push(res);
    }
    for (l, read) in r.read.iter().enumerate() {
        if r.line.contains(&Some(l)) {
            continue;
        }
        let mut res = result(read.power, read.province.map(|p| p.to_string()), "void");
        res.written = Some(read.text.clone());
        res.reason = read.void.clone();
        results.push(res);
    }
    output(phase, &units, &[], 0, centers, results)
}

fn adjustment(
    phase: Phase,
    board: &Board,
    centers: Centers,
    lines: &[(Power, String)],
    abbr: &BTreeMap<Power, Abbreviations>,
) -> AdjudicateOutput {
    let r = adjudicate_adjustments(&board.units, &centers, lines, abbr);
    let mut units = board.units.clone();
    units.retain(|u| !r.removed.iter().any(|(x, _)| x == u));
    units.extend(r.built.iter().copied());
    let mut results = Vec::new();
    for read in &r.read {
        let mut res = result(read.power, read.province.map(|p| p.to_string()), "succeeds");
        res.written = Some(read.text.clone());
        res.order = read.reading.clone();
        if let Some(v) = &read.void {
            res.outcome = "void".into();
            res.reason = Some(v.clone());
        }
        results.push(res);
    }
    for (u, why) in &r.removed {
        if *why == Removal::CivilDisorder {
            let mut res = result(u.power, Some(u.to_string()), "disbanded");
            res.reason = Some("civil disorder: too few removals ordered (wm D.V.4)".into());
            results.push(res);
        }
    }
    output(phase, &units, &[], 0, centers, results)
}
