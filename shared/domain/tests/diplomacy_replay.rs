//! Replays the 300 real droidippy games phase by phase: each recorded phase's
//! position and orders go through our reader and adjudicator, and the result
//! must equal the next recorded position (units, dislodged units, centres).
//! Phases with no orders are omitted from the records, so an omitted retreat
//! or adjustment phase is adjudicated here with no orders.
//!
//! Any phase that differs because the World Masters house rules differ from
//! the rules of the site that judged the game is listed in `KNOWN_DIFFERENCES`
//! with the reason (and in docs/rulings/diplomacy.md).

use arbiter_domain::diplomacy::adjudication::adjustment::adjudicate_adjustments;
use arbiter_domain::diplomacy::adjudication::retreat::{adjudicate_retreats, RetreatOutcome};
use arbiter_domain::diplomacy::adjudication::{adjudicate_movement, update_centers, MovementPhase};
use arbiter_domain::diplomacy::map::{parse_location, Power, Province, UnitType};
use arbiter_domain::diplomacy::position::{Board, Centers, Dislodged, Unit};
use std::collections::BTreeMap;
use std::io::Read;

const GAMES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../fixtures/diplomacy/droidippy-games-300.tar.gz"
);

/// (game file, phase heading, reason)
const KNOWN_DIFFERENCES: &[(&str, &str, &str)] = &[
    ("game_11465.txt", "1902 Fall Movement", EXPLICIT_CONVOY),
    ("game_11465.txt", "1906 Fall Movement", EXPLICIT_CONVOY),
    ("game_11465.txt", "1906 Fall Retreat", EXPLICIT_CONVOY),
    ("game_11465.txt", "1911 Fall Movement", EXPLICIT_CONVOY),
    ("game_3948.txt", "1903 Fall Movement", EXPLICIT_CONVOY),
    ("game_3948.txt", "1903 Fall Retreat", EXPLICIT_CONVOY),
    ("game_994.txt", "1901 Fall Movement", SUPPORT_COAST),
    ("game_925.txt", "1905 Spring Movement", SUPPORT_COAST),
    ("game_925.txt", "1905 Spring Retreat", SUPPORT_COAST),
    ("game_2589.txt", "1906 Fall Movement", SUPPORT_COAST),
    ("game_2589.txt", "1906 Fall Retreat", SUPPORT_COAST),
    ("game_2739.txt", "1909 Spring Movement", SUPPORT_COAST),
    ("game_2739.txt", "1909 Spring Retreat", SUPPORT_COAST),
];

const SUPPORT_COAST: &str =
    "wm D.IV.3.c: a support naming the other coast of a two-coast province \
     is valid for a move to either coast; the site held it void";

const EXPLICIT_CONVOY: &str =
    "wm D.VI.2: an army ordered `via convoy` to an adjacent province while a \
     fleet at sea could convoy it is adjudicated as a convoy and fails when no fleet convoys; \
     the site fell back to the land route (DATC 6.G.8 prefers no fallback, as we do)";

/// Why an adjustment phase may differ, checked per power by `explain_adjustment`.
const EXCESS_BUILDS: &str = "wm D.V.2: more builds ordered than allowed; we follow them bottom to top, \
     the record lists orders sorted so the written order is lost, and the site chose other legal builds";
const EXCESS_REMOVALS: &str =
    "wm D.V.2: more removals ordered than required; we follow them bottom to top, \
     the site chose other ordered removals";
const CIVIL_DISORDER: &str =
    "wm D.V.4: too few removals ordered; our civil-disorder order (distance from \
     any home centre, fleets first, then alphabetical) differs from the site's";

/// Explains a differing adjustment phase by the house rules, checking that
/// the site's outcome is one the written orders allow. `None`: unexplained.
fn explain_adjustment(
    before: &[Unit],
    centers: &Centers,
    orders: &[(Power, String)],
    ours: &[Unit],
    recorded: &[Unit],
) -> Option<Vec<&'static str>> {
    use arbiter_domain::diplomacy::adjudication::adjustment::adjustment_due;
    let mut why = Vec::new();
    for p in Power::ALL {
        let mine =
            |v: &[Unit]| -> Vec<Unit> { v.iter().filter(|u| u.power == p).copied().collect() };
        if same_units(&mine(ours), &mine(recorded)) {
            continue;
        }
        let due = adjustment_due(p, before, centers);
        let lines: Vec<&String> = orders
            .iter()
            .filter(|(q, _)| *q == p)
            .map(|(_, l)| l)
            .collect();
        let place =
            |l: &str| parse_location(l.split_whitespace().last().unwrap_or("")).map(|x| x.province);
        let new: Vec<Unit> = mine(recorded)
            .into_iter()
            .filter(|u| !before.iter().any(|b| key(b) == key(u)))
            .collect();
        let gone: Vec<Unit> = mine(before)
            .into_iter()
            .filter(|u| !recorded.iter().any(|b| key(b) == key(u)))
            .collect();
        let builds: Vec<Option<Province>> = lines
            .iter()
            .filter(|l| l.starts_with("build"))
            .map(|l| place(l))
            .collect();
        let removes: Vec<Option<Province>> = lines
            .iter()
            .filter(|l| !l.starts_with("build"))
            .map(|l| place(l))
            .collect();
        if due > 0 && builds.len() as i32 > due {
            if new.len() as i32 > due || !new.iter().all(|u| builds.contains(&Some(u.province()))) {
                return None;
            }
            why.push(EXCESS_BUILDS);
        } else if due < 0 && removes.len() as i32 > -due {
            if gone.len() as i32 != -due
                || !gone.iter().all(|u| removes.contains(&Some(u.province())))
            {
                return None;
            }
            why.push(EXCESS_REMOVALS);
        } else if due < 0 {
            let ordered_gone = removes
                .iter()
                .flatten()
                .all(|r| gone.iter().any(|u| u.province() == *r));
            if gone.len() as i32 != -due || !ordered_gone || !new.is_empty() {
                return None;
            }
            why.push(CIVIL_DISORDER);
            println!(
                "  civil disorder {p}: site removed {:?}",
                gone.iter().map(|u| u.to_string()).collect::<Vec<_>>()
            );
        } else {
            return None;
        }
    }
    Some(why)
}

#[derive(Debug, Clone, Default)]
struct Recorded {
    heading: String,
    units: Vec<Unit>,
    dislodged: Vec<Unit>,
    centers: Centers,
    orders: Vec<String>,
}

fn power(name: &str) -> Power {
    Power::parse(name).unwrap_or_else(|| panic!("power {name}"))
}

fn parse_game(text: &str) -> Vec<Recorded> {
    let mut phases: Vec<Recorded> = Vec::new();
    let mut in_orders = false;
    for line in text.lines() {
        if let Some(h) = line.strip_prefix("PHASE ") {
            phases.push(Recorded {
                heading: h.to_string(),
                ..Default::default()
            });
            in_orders = false;
        } else if line == "POSITIONS" {
            in_orders = false;
        } else if line == "ORDERS" {
            in_orders = true;
        } else if line.is_empty() {
        } else if in_orders {
            phases
                .last_mut()
                .expect("phase")
                .orders
                .push(line.to_string());
        } else {
            let (who, what) = line.split_once(": ").expect("position line");
            let (kind, place) = what.split_once(' ').expect("position");
            let p = phases.last_mut().expect("phase");
            let loc = parse_location(place).unwrap_or_else(|| panic!("place {place}"));
            match kind {
                "supply" => {
                    p.centers.insert(loc.province, power(who));
                }
                "army" | "fleet" | "army/dislodged" | "fleet/dislodged" => {
                    let k = if kind.starts_with("army") {
                        UnitType::Army
                    } else {
                        UnitType::Fleet
                    };
                    let u = Unit::new(power(who), k, loc);
                    if kind.ends_with("dislodged") {
                        p.dislodged.push(u);
                    } else {
                        p.units.push(u);
                    }
                }
                other => panic!("position kind {other}"),
            }
        }
    }
    phases
}

fn key(u: &Unit) -> (Power, UnitType, Province, String) {
    (
        u.power,
        u.kind,
        u.province(),
        format!("{:?}", u.location.coast),
    )
}

fn same_units(a: &[Unit], b: &[Unit]) -> bool {
    let mut x: Vec<_> = a.iter().map(key).collect();
    let mut y: Vec<_> = b.iter().map(key).collect();
    x.sort();
    y.sort();
    x == y
}

fn diff(a: &[Unit], b: &[Unit]) -> String {
    let x: Vec<String> = a
        .iter()
        .filter(|u| !b.iter().any(|v| key(v) == key(u)))
        .map(|u| format!("{} {u}", u.power))
        .collect();
    let y: Vec<String> = b
        .iter()
        .filter(|u| !a.iter().any(|v| key(v) == key(u)))
        .map(|u| format!("{} {u}", u.power))
        .collect();
    format!("ours only {x:?}, recorded only {y:?}")
}

fn orders_by_power(board_units: &[Unit], orders: &[String]) -> Vec<(Power, String)> {
    orders
        .iter()
        .filter_map(|o| {
            let first = o.split_whitespace().next()?;
            let p = parse_location(first)?.province;
            let owner = board_units
                .iter()
                .find(|u| u.province() == p)
                .map(|u| u.power);
            Some((owner.unwrap_or(Power::Austria), o.clone()))
        })
        .collect()
}

fn adjustment_orders(units: &[Unit], orders: &[String]) -> Vec<(Power, String)> {
    orders
        .iter()
        .filter_map(|o| {
            let w: Vec<&str> = o.split_whitespace().collect();
            let place = parse_location(w.last()?)?.province;
            let owner = if w[0] == "build" {
                place.home_of()
            } else {
                units
                    .iter()
                    .find(|u| u.province() == place)
                    .map(|u| u.power)
            };
            Some((owner?, o.clone()))
        })
        .collect()
}

fn is_fall(h: &str) -> bool {
    h.contains("Fall") && !h.contains("Adjustment")
}

/// Replays one game; returns the phases that differ unexplained.
fn replay(
    name: &str,
    phases: &[Recorded],
    explained_counts: &mut BTreeMap<&'static str, usize>,
    explained_list: &mut Vec<String>,
) -> (usize, Vec<String>) {
    let abbr = BTreeMap::new();
    let mut problems = Vec::new();
    let mut checked = 0;
    let mut pending: Option<MovementPhase> = None;
    for w in phases.windows(2) {
        let (now, next) = (&w[0], &w[1]);
        let mut adjustment_lines: Vec<(Power, String)> = Vec::new();
        let mut units: Vec<Unit>;
        let mut centers = now.centers.clone();
        let mut dislodged: Vec<Dislodged> = Vec::new();
        if now.heading.ends_with("Movement") {
            let board = Board::new(now.units.clone()).expect("board");
            let lines = orders_by_power(&now.units, &now.orders);
            let m = adjudicate_movement(&board, &lines, &abbr);
            units = m.units.clone();
            dislodged = m.dislodged.clone();
            pending = Some(m);
        } else if now.heading.ends_with("Retreat") {
            let m = pending.take().expect("movement before retreat");
            let lines = orders_by_power(&now.dislodged, &now.orders);
            let r = adjudicate_retreats(&m.dislodged, &lines, &abbr);
            units = m.units.clone();
            for (d, o) in m.dislodged.iter().zip(&r.outcomes) {
                if let RetreatOutcome::Retreated(l) = o {
                    units.push(Unit::new(d.unit.power, d.unit.kind, *l));
                }
            }
        } else {
            let lines = adjustment_orders(&now.units, &now.orders);
            let r = adjudicate_adjustments(&now.units, &now.centers, &lines, &abbr);
            adjustment_lines = lines;
            units = now.units.clone();
            units.retain(|u| !r.removed.iter().any(|(x, _)| x == u));
            units.extend(r.built.iter().copied());
        }
        // A retreat phase omitted (no orders): dislodged units disband.
        if !next.heading.ends_with("Retreat") {
            dislodged.clear();
        }
        // Centres change after the fall turn.
        if is_fall(&now.heading) && !next.heading.ends_with("Retreat") {
            centers = update_centers(&centers, &units);
        }
        let units_before_adjustment = if now.heading.ends_with("Adjustment") {
            now.units.clone()
        } else {
            units.clone()
        };
        let adjustment_centers = if now.heading.ends_with("Adjustment") {
            now.centers.clone()
        } else {
            centers.clone()
        };
        // An adjustment phase omitted (no orders): adjudicate it with none.
        if is_fall(&now.heading) && next.heading.contains("Spring") {
            let r = adjudicate_adjustments(&units, &centers, &[], &abbr);
            units.retain(|u| !r.removed.iter().any(|(x, _)| x == u));
        }
        let adjusting = now.heading.ends_with("Adjustment")
            || (is_fall(&now.heading) && next.heading.contains("Spring"));
        checked += 1;
        let mut bad = Vec::new();
        if !same_units(&units, &next.units) {
            let explained = if adjusting {
                explain_adjustment(
                    &units_before_adjustment,
                    &adjustment_centers,
                    &adjustment_lines,
                    &units,
                    &next.units,
                )
            } else {
                None
            };
            match explained {
                Some(why) => {
                    for w in why {
                        *explained_counts.entry(w).or_default() += 1;
                    }
                    explained_list.push(format!(
                        "{name} {}: {}",
                        now.heading,
                        diff(&units, &next.units)
                    ));
                }
                None => bad.push(format!("units: {}", diff(&units, &next.units))),
            }
        }
        // The site disbands at once a dislodged unit with no legal retreat.
        let ours_d: Vec<Unit> = dislodged
            .iter()
            .filter(|d| !d.retreats.is_empty())
            .map(|d| d.unit)
            .collect();
        if !same_units(&ours_d, &next.dislodged) {
            bad.push(format!("dislodged: {}", diff(&ours_d, &next.dislodged)));
        }
        if !next.heading.ends_with("Retreat") && centers != next.centers {
            bad.push("centres differ".to_string());
        }
        if !bad.is_empty() {
            match KNOWN_DIFFERENCES
                .iter()
                .find(|(g, h, _)| *g == name && *h == now.heading)
            {
                Some((_, _, why)) => {
                    *explained_counts.entry(why).or_default() += 1;
                    explained_list.push(format!("{name} {}: {}", now.heading, bad.join("; ")));
                }
                None => problems.push(format!("{name} {}: {}", now.heading, bad.join("; "))),
            }
        }
    }
    (checked, problems)
}

#[test]
fn diplomacy_replays_300_real_games_phase_by_phase() {
    let file = std::fs::File::open(GAMES).expect("games archive");
    let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(file));
    let (mut games, mut phases, mut problems) = (0, 0, Vec::new());
    let mut explained_counts = BTreeMap::new();
    let mut explained_list = Vec::new();
    for entry in archive.entries().expect("entries") {
        let mut entry = entry.expect("entry");
        let path = entry.path().expect("path").to_string_lossy().to_string();
        if !path.ends_with(".txt") {
            continue;
        }
        let mut text = String::new();
        entry.read_to_string(&mut text).expect("text");
        let name = path.rsplit('/').next().unwrap_or(&path).to_string();
        let (n, p) = replay(
            &name,
            &parse_game(&text),
            &mut explained_counts,
            &mut explained_list,
        );
        games += 1;
        phases += n;
        problems.extend(p);
    }
    println!(
        "replayed {games} games, {phases} phase transitions: {} differ by a house rule, {} unexplained",
        explained_list.len(),
        problems.len()
    );
    for (why, n) in &explained_counts {
        println!("  {n} x {why}");
    }
    for e in &explained_list {
        println!("  house rule: {e}");
    }
    for p in problems.iter().take(50) {
        println!("{p}");
    }
    assert_eq!(games, 300);
    assert!(problems.is_empty(), "{} phases differ", problems.len());
}
