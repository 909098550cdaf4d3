//! Verifies the board's adjacency against an independent source: the 300
//! real droidippy games. Every move recorded as having succeeded (the unit
//! stands at its destination in the next phase) must be a border of our map,
//! coast by coast for fleets; and every border of our map must have been
//! crossed by at least one such move (so no border is invented).

use arbiter_domain::diplomacy::map::{self, parse_location, Location, Province};
use std::collections::{BTreeMap, BTreeSet};
use std::io::Read;

const GAMES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../fixtures/diplomacy/droidippy-games-300.tar.gz"
);

#[derive(Default)]
struct Phase {
    /// province -> (is army, location)
    units: BTreeMap<Province, (bool, Location)>,
    orders: Vec<String>,
}

fn phases(text: &str) -> Vec<Phase> {
    let mut out: Vec<Phase> = Vec::new();
    let mut in_orders = false;
    for line in text.lines() {
        if line.starts_with("PHASE ") {
            out.push(Phase::default());
            in_orders = false;
        } else if line == "ORDERS" {
            in_orders = true;
        } else if line == "POSITIONS" || line.is_empty() {
        } else if in_orders {
            out.last_mut().expect("phase").orders.push(line.to_string());
        } else {
            let (_, what) = line.split_once(": ").expect("line");
            let (kind, place) = what.split_once(' ').expect("what");
            if kind == "army" || kind == "fleet" {
                let l = parse_location(place).expect("place");
                out.last_mut()
                    .expect("phase")
                    .units
                    .insert(l.province, (kind == "army", l));
            }
        }
    }
    out
}

#[test]
fn diplomacy_map_borders_match_the_moves_of_300_real_games() {
    let m = map::standard();
    let mut army_seen: BTreeSet<(Province, Province)> = BTreeSet::new();
    let mut fleet_seen: BTreeSet<(Location, Location)> = BTreeSet::new();
    let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(
        std::fs::File::open(GAMES).expect("games"),
    ));
    for e in archive.entries().expect("entries") {
        let mut e = e.expect("entry");
        let mut text = String::new();
        e.read_to_string(&mut text).expect("text");
        let ps = phases(&text);
        for w in ps.windows(2) {
            let (now, next) = (&w[0], &w[1]);
            for o in &now.orders {
                let t: Vec<&str> = o.split_whitespace().collect();
                if t.len() != 3 || t[1] != "move" {
                    continue; // convoys and `via convoy` prove no border
                }
                let (Some(from), Some(to)) = (parse_location(t[0]), parse_location(t[2])) else {
                    continue;
                };
                let Some(&(army, at)) = now.units.get(&from.province) else {
                    continue;
                };
                // Succeeded: a unit of the same kind stands there next, and
                // no fleet was ordered to convoy this army.
                let Some(&(army2, arrived)) = next.units.get(&to.province) else {
                    continue;
                };
                let convoyed = now
                    .orders
                    .iter()
                    .any(|x| x.contains(&format!("convoy {} move", t[0])));
                if army != army2
                    || convoyed
                    || next.units.get(&from.province).is_some_and(|u| u.1 == at)
                {
                    continue;
                }
                if army {
                    assert!(
                        m.army_adjacent(at.province, to.province),
                        "army {} -> {}",
                        at,
                        to.province
                    );
                    army_seen.insert((at.province.min(to.province), at.province.max(to.province)));
                } else {
                    assert!(m.fleet_can_move(at, arrived), "fleet {at} -> {arrived}");
                    fleet_seen.insert((at.min(arrived), at.max(arrived)));
                }
            }
        }
    }
    let army_missing: Vec<String> = m
        .army_borders()
        .into_iter()
        .filter(|e| !army_seen.contains(e))
        .map(|(a, b)| format!("{a}-{b}"))
        .collect();
    let fleet_missing: Vec<String> = m
        .fleet_borders()
        .into_iter()
        .filter(|e| !fleet_seen.contains(e))
        .map(|(a, b)| format!("{a}-{b}"))
        .collect();
    println!(
        "army borders: {} in the map, {} crossed in the games; fleet borders: {} in the map, {} crossed",
        m.army_borders().len(),
        army_seen.len(),
        m.fleet_borders().len(),
        fleet_seen.len()
    );
    assert!(
        army_missing.is_empty(),
        "army borders never crossed: {army_missing:?}"
    );
    assert!(
        fleet_missing.is_empty(),
        "fleet borders never crossed: {fleet_missing:?}"
    );
}
