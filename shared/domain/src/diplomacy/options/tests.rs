//! The legal-order lists, each expectation worked out by hand on the
//! standard map.

use super::*;
use crate::diplomacy::map::{parse_location, starting_units};
use crate::diplomacy::orders::{parse_order, Abbreviations};
use std::collections::BTreeSet;

fn unit(power: Power, kind: UnitType, at: &str) -> Unit {
    Unit::new(power, kind, parse_location(at).expect("a place"))
}

fn opening() -> Board {
    let units = starting_units()
        .into_iter()
        .map(|(p, k, l)| Unit::new(p, k, l))
        .collect();
    Board::new(units).expect("one unit a province")
}

fn set(orders: &[&str]) -> BTreeSet<String> {
    orders.iter().map(|s| (*s).to_owned()).collect()
}

/// Every listed order is one the order reader understands.
fn all_parse(orders: &[String]) {
    for o in orders {
        assert!(parse_order(o, &Abbreviations::new()).is_ok(), "{o}");
    }
}

#[test]
fn wm_d_iii_4_vienna_in_spring_1901_has_fifteen_legal_orders() {
    // A VIE borders BOH, BUD, GAL, TRI, TYR: hold + 5 moves. It may support
    // A BUD and F TRI to hold (2). Support to move, into a place both reach:
    // A BUD to GAL, TRI; A MUN to BOH, TYR; A VEN to TYR, TRI; A WAR to GAL
    // (7). F TRI reaches ADR, ALB, VEN, none of them Vienna's. 1+5+2+7 = 15.
    let board = opening();
    let vie = board.unit_at(Province::from_code("vie").unwrap()).unwrap();
    let orders = movement_orders(&board, vie);
    all_parse(&orders);
    let expected = set(&[
        "A VIE H",
        "A VIE - BOH",
        "A VIE - BUD",
        "A VIE - GAL",
        "A VIE - TRI",
        "A VIE - TYR",
        "A VIE S A BUD",
        "A VIE S F TRI",
        "A VIE S A BUD - GAL",
        "A VIE S A BUD - TRI",
        "A VIE S A MUN - BOH",
        "A VIE S A MUN - TYR",
        "A VIE S A VEN - TYR",
        "A VIE S A VEN - TRI",
        "A VIE S A WAR - GAL",
    ]);
    assert_eq!(orders.iter().cloned().collect::<BTreeSet<_>>(), expected);
    assert_eq!(orders.len(), 15);
}

#[test]
fn wm_d_iii_4_a_fleet_at_sea_convoys_to_every_coast_it_touches() {
    // F NTH touches the coasts BEL, DEN, EDI, HOL, LON, NWY, YOR. A YOR may
    // be convoyed to the six others; it borders EDI and LON by land, so
    // only BEL, DEN, HOL and NWY are listed as convoyed moves.
    let board = Board::new(vec![
        unit(Power::England, UnitType::Fleet, "nth"),
        unit(Power::England, UnitType::Army, "yor"),
    ])
    .unwrap();
    let fleet = &board.units[0];
    let army = &board.units[1];
    let convoys: BTreeSet<String> = movement_orders(&board, fleet)
        .into_iter()
        .filter(|o| o.contains(" C "))
        .collect();
    let expected = set(&[
        "F NTH C A YOR - BEL",
        "F NTH C A YOR - DEN",
        "F NTH C A YOR - EDI",
        "F NTH C A YOR - HOL",
        "F NTH C A YOR - LON",
        "F NTH C A YOR - NWY",
    ]);
    assert_eq!(convoys, expected);
    let moves = movement_orders(&board, army);
    all_parse(&moves);
    let by_convoy: BTreeSet<String> = moves
        .iter()
        .filter(|o| o.ends_with("via convoy"))
        .cloned()
        .collect();
    let expected = set(&[
        "A YOR - BEL via convoy",
        "A YOR - DEN via convoy",
        "A YOR - HOL via convoy",
        "A YOR - NWY via convoy",
    ]);
    assert_eq!(by_convoy, expected);
    assert!(moves.contains(&"A YOR - LON".to_owned()));
}

#[test]
fn wm_d_vi_1_a_dislodged_unit_lists_its_retreats_then_disband() {
    // Retreats computed after the movement phase: BOH and GAL.
    let d = Dislodged {
        unit: unit(Power::Austria, UnitType::Army, "vie"),
        attacker_from: Province::from_code("bud"),
        by_convoy: false,
        retreats: vec![
            parse_location("boh").unwrap(),
            parse_location("gal").unwrap(),
        ],
    };
    let o = options(
        PhaseKind::Retreat,
        &Board::new(vec![]).unwrap(),
        &Centers::new(),
        &[d],
        Power::Austria,
    );
    let orders = &o.units["A VIE"];
    all_parse(orders);
    assert_eq!(orders, &["A VIE - BOH", "A VIE - GAL", "A VIE DISBAND"]);
    assert!(o.builds.is_empty());
}

#[test]
fn wm_d_v_russia_builds_on_its_vacant_home_centres_each_coast_of_st_petersburg() {
    // Russia owns STP, MOS, WAR, SEV and RUM and has one unit (A MOS):
    // 5 - 1 = 4 builds due. Vacant owned home centres: STP (two coasts:
    // A, F/NC, F/SC), WAR (inland: A), SEV (A, F). RUM is not a home
    // centre, MOS is occupied. 3 + 1 + 2 builds, then WAIVE.
    let board = Board::new(vec![unit(Power::Russia, UnitType::Army, "mos")]).unwrap();
    let centers: Centers = ["stp", "mos", "war", "sev", "rum"]
        .into_iter()
        .map(|c| (Province::from_code(c).unwrap(), Power::Russia))
        .collect();
    let o = options(PhaseKind::Adjustment, &board, &centers, &[], Power::Russia);
    assert_eq!(o.adjustment, 4);
    all_parse(&o.builds);
    let expected = set(&[
        "BUILD A STP",
        "BUILD F STP/NC",
        "BUILD F STP/SC",
        "BUILD A WAR",
        "BUILD A SEV",
        "BUILD F SEV",
        "WAIVE",
    ]);
    assert_eq!(o.builds.iter().cloned().collect::<BTreeSet<_>>(), expected);
    assert_eq!(o.builds.len(), 7);
    assert!(o.units.is_empty());
}

#[test]
fn wm_d_v_a_power_with_too_many_units_lists_a_removal_for_each() {
    // Two units, one centre: one removal due; either unit may go.
    let board = Board::new(vec![
        unit(Power::Italy, UnitType::Army, "rom"),
        unit(Power::Italy, UnitType::Fleet, "nap"),
    ])
    .unwrap();
    let centers: Centers = [(Province::from_code("rom").unwrap(), Power::Italy)].into();
    let o = options(PhaseKind::Adjustment, &board, &centers, &[], Power::Italy);
    assert_eq!(o.adjustment, -1);
    assert_eq!(o.units["A ROM"], ["A ROM DISBAND"]);
    assert_eq!(o.units["F NAP"], ["F NAP DISBAND"]);
    assert!(o.builds.is_empty());
}
