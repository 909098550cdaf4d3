//! Cross-check of our resolver against the `diplomacy` crate (0.2, 1982
//! rulebook), kept as a dev-dependency for exactly this: on every DATC v3.0
//! movement case that no house rule of ours decides differently, both
//! adjudicators must agree on every move's success.

use arbiter_domain::diplomacy::adjudication::adjudicate_movement;
use arbiter_domain::diplomacy::adjudication::movement::{Decision, MovementOrder};
use arbiter_domain::diplomacy::map::{parse_location, Power, UnitType};
use arbiter_domain::diplomacy::position::{Board, Unit};
use diplomacy::judge::{MappedMainOrder, OrderState, Rulebook, Submission};
use std::collections::{BTreeMap, HashMap};

const DATC: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../fixtures/diplomacy/datc/teddriggs_datc_v3.json"
);

/// Cases where the house rules decide otherwise than the 1982 rulebook
/// (see docs/rulings/diplomacy.md), or the crate refuses the order text.
const DIFFERENT: &[(&str, &str)] = &[
    (
        "t6b02_moving_with_unspecified_coast_when_coast_is_not_necessary",
        "wm D.IV.3.b",
    ),
    (
        "t6b03_moving_with_wrong_coast_when_coast_is_not_necessary",
        "wm D.IV.3.b",
    ),
    ("t6b09_supporting_with_wrong_coast", "wm D.IV.3.c"),
    ("t6b10_unit_ordered_with_wrong_coast", "wm D.IV.3.b"),
    (
        "t6b12_army_movement_with_coastal_specification",
        "wm D.IV.1",
    ),
    (
        "t6b15_supporting_foreign_unit_with_unspecified_coast",
        "wm D.IV.3.c",
    ),
    ("t6d29_move_to_impossible_coast_and_support", "wm D.IV.3.b"),
    ("t6g07_swapping_with_illegal_intent", "wm D.VI.2"),
    (
        "t6g11_a_convoy_to_an_adjacent_place_with_a_paradox",
        "wm D.VI.2 + D.VI.6",
    ),
    (
        "t6g19_swapping_with_intent_of_unnecessary_convoy",
        "wm D.VI.2",
    ),
    ("t6g06_swapping_with_unintended_intent", "wm D.VI.2"),
    ("t6b07_supporting_with_unspecified_coast", "wm D.IV.3.c"),
    (
        "t6b08_supporting_with_unspecified_coast_when_only_one_coast_is_possible",
        "wm D.IV.3.c",
    ),
    // The crate's 1982 rulebook differs from DATC's expectation here; we follow DATC.
    (
        "t6f11_dislodge_of_multi_route_convoy_with_only_foreign_fleets",
        "DATC 6.F.11",
    ),
    ("t6f13_the_unwanted_alternative", "DATC 6.F.13"),
];

fn power(code: &str) -> Power {
    match code {
        "AUS" => Power::Austria,
        "ENG" => Power::England,
        "FRA" => Power::France,
        "GER" => Power::Germany,
        "ITA" => Power::Italy,
        "RUS" => Power::Russia,
        _ => Power::Turkey,
    }
}

#[test]
fn diplomacy_crate_agrees_on_datc_moves_outside_our_house_rules() {
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(DATC).expect("DATC")).expect("json");
    let (mut cases, mut moves, mut disagreements) = (0, 0, Vec::new());
    for case in json["cases"].as_array().expect("cases") {
        let name = case["name"].as_str().expect("name");
        let edition = case.get("edition").and_then(|e| e.as_str()).unwrap_or("");
        if case["phase"] != "Main"
            || case.get("starting_state").is_some()
            || !(edition.is_empty() || edition == "1982")
        {
            continue;
        }
        if DIFFERENT.iter().any(|(n, _)| *n == name) {
            continue;
        }
        let keys: Vec<&String> = case["orders"].as_object().expect("orders").keys().collect();
        let Ok(theirs) = keys
            .iter()
            .map(|k| k.parse::<MappedMainOrder>())
            .collect::<Result<Vec<_>, _>>()
        else {
            continue;
        };
        let submission =
            Submission::with_inferred_state(diplomacy::geo::standard_map(), theirs.clone());
        let outcome: HashMap<MappedMainOrder, OrderState> =
            submission.adjudicate(Rulebook::edition_1982()).into();

        let mut units = Vec::new();
        let mut lines = Vec::new();
        for k in &keys {
            let (p, rest) = k.split_once(": ").expect("key");
            let mut w = rest.split_whitespace();
            let kind = if w.next() == Some("A") {
                UnitType::Army
            } else {
                UnitType::Fleet
            };
            let loc = parse_location(w.next().expect("place")).expect("location");
            units.push(Unit::new(power(p), kind, loc));
            lines.push((power(p), rest.to_string()));
        }
        let board = Board::new(units).expect("board");
        let ours = adjudicate_movement(&board, &lines, &BTreeMap::new());
        cases += 1;
        for (li, k) in keys.iter().enumerate() {
            let Some(i) = (0..board.units.len()).find(|i| ours.orders.line[*i] == Some(li)) else {
                continue;
            };
            if !matches!(ours.orders.orders[i], MovementOrder::Move { .. })
                || ours.orders.void[i].is_some()
            {
                continue;
            }
            moves += 1;
            let we = ours.result.units[i].decision == Decision::Moved;
            let they = outcome.get(&theirs[li]).copied() == Some(OrderState::Succeeds);
            if we != they {
                disagreements.push(format!("{name}: {k}: ours {we}, crate {they}"));
            }
        }
    }
    println!(
        "cross-checked {cases} DATC cases, {moves} moves, {} disagreements",
        disagreements.len()
    );
    assert!(cases > 100, "only {cases} cases cross-checked");
    assert!(disagreements.is_empty(), "{disagreements:#?}");
}
