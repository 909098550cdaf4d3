//! One test per World Masters house-rule clause (wm part D), through the
//! `arbiter adjudicate` front end. Every expectation was worked out by hand
//! from the rule text and the board, not copied from the engine.

use arbiter_domain::diplomacy::adjudication::adjustment::{
    civil_disorder_order, distance_from_home,
};
use arbiter_domain::diplomacy::cli::{adjudicate, AdjudicateOutput, OrderResult};
use arbiter_domain::diplomacy::map::{parse_location, Power, UnitType};
use arbiter_domain::diplomacy::position::Unit;
use serde_json::{json, Value};

fn run(input: Value) -> AdjudicateOutput {
    let out = adjudicate(&input.to_string());
    assert_eq!(out.exit_code, 0, "stderr: {}", out.stderr);
    serde_json::from_str(&out.stdout).expect("output JSON")
}

fn res<'a>(out: &'a AdjudicateOutput, unit: &str) -> &'a OrderResult {
    out.results
        .iter()
        .find(|r| {
            r.unit.as_deref() == Some(unit) && r.outcome != "void"
                || r.unit.as_deref() == Some(unit) && r.order.is_some()
        })
        .unwrap_or_else(|| panic!("no result for {unit}: {:#?}", out.results))
}

fn units_of(out: &AdjudicateOutput, power: &str) -> Vec<String> {
    out.units.get(power).cloned().unwrap_or_default()
}

#[test]
fn wm_d_vi_6_convoy_paradox_fails_every_convoyed_move() {
    // If the convoy works, A Bre cuts London's support and the Channel holds;
    // if not, the support stands and the Channel falls. Both are consistent:
    // the convoyed move fails without effect, so the support stands.
    let out = run(json!({"phase": "S1901M",
        "units": {"ENGLAND": ["F LON", "F WAL"], "FRANCE": ["A BRE", "F ENG"]},
        "orders": {"ENGLAND": ["F lon S F wal - eng", "F wal - eng"],
                   "FRANCE": ["A bre - lon", "F eng C A bre - lon"]}}));
    assert_eq!(res(&out, "A BRE").outcome, "no_convoy");
    assert!(res(&out, "A BRE")
        .reason
        .as_deref()
        .unwrap()
        .contains("D.VI.6"));
    assert_eq!(res(&out, "F LON").outcome, "succeeds");
    assert_eq!(res(&out, "F WAL").outcome, "succeeds");
    assert_eq!(res(&out, "F ENG").outcome, "dislodged");
    assert_eq!(out.phase, "S1901R");
}

#[test]
fn wm_d_vi_1_unit_dislodged_by_convoyed_army_may_retreat_to_its_origin() {
    let with_convoy = run(json!({"phase": "S1901M",
        "units": {"FRANCE": ["A PIC", "F ENG", "A BUR"], "GERMANY": ["A BEL"]},
        "orders": {"FRANCE": ["A pic - bel via convoy", "F eng C A pic - bel", "A bur S A pic - bel"]}}));
    let d = &with_convoy.dislodged["GERMANY"][0];
    assert!(d.by_convoy);
    let mut r = d.retreats.clone().unwrap();
    r.sort();
    assert_eq!(r, vec!["HOL", "PIC", "RUH"]);
    let by_land = run(json!({"phase": "S1901M",
        "units": {"FRANCE": ["A PIC", "A BUR"], "GERMANY": ["A BEL"]},
        "orders": {"FRANCE": ["A pic - bel", "A bur S A pic - bel"]}}));
    let mut r = by_land.dislodged["GERMANY"][0].retreats.clone().unwrap();
    r.sort();
    assert_eq!(r, vec!["HOL", "RUH"]);
}

#[test]
fn wm_d_vi_2_own_fleet_convoying_makes_an_adjacent_move_a_convoy() {
    // A French fleet convoys the French army: the swap goes by convoy.
    let own = run(json!({"phase": "S1901M",
        "units": {"FRANCE": ["A PIC", "F ENG"], "GERMANY": ["A BEL"]},
        "orders": {"FRANCE": ["A pic - bel", "F eng C A pic - bel"], "GERMANY": ["A bel - pic"]}}));
    assert_eq!(
        res(&own, "A PIC").order.as_deref(),
        Some("A PIC - BEL via convoy")
    );
    assert_eq!(res(&own, "A PIC").outcome, "succeeds");
    assert_eq!(res(&own, "A BEL").outcome, "succeeds");
    // An English fleet convoying does not: over land the two bounce.
    let foreign = run(json!({"phase": "S1901M",
        "units": {"FRANCE": ["A PIC"], "ENGLAND": ["F ENG"], "GERMANY": ["A BEL"]},
        "orders": {"FRANCE": ["A pic - bel"], "ENGLAND": ["F eng C A pic - bel"], "GERMANY": ["A bel - pic"]}}));
    assert_eq!(res(&foreign, "A PIC").order.as_deref(), Some("A PIC - BEL"));
    assert_eq!(res(&foreign, "A PIC").outcome, "bounced");
    assert_eq!(res(&foreign, "A BEL").outcome, "bounced");
}

#[test]
fn wm_d_vi_3_named_route_is_disrupted_by_dislodging_a_fleet_on_it() {
    let orders = |army: &str| {
        json!({"phase": "S1901M",
            "units": {"ENGLAND": ["A LON", "F NTH", "F ENG"], "FRANCE": ["F MAO", "F BRE"]},
            "orders": {"ENGLAND": [army, "F nth C A lon - bel", "F eng C A lon - bel"],
                       "FRANCE": ["F mao - eng", "F bre S F mao - eng"]}})
    };
    let named = run(orders("A lon - eng - bel"));
    assert_eq!(res(&named, "F ENG").outcome, "dislodged");
    assert_eq!(res(&named, "A LON").outcome, "no_convoy");
    // wm D.VI.4: unnamed, the North Sea route still carries it.
    let unnamed = run(orders("A lon - bel"));
    assert_eq!(res(&unnamed, "A LON").outcome, "succeeds");
}

#[test]
fn wm_d_vi_4_unnamed_route_fails_only_when_every_route_is_disrupted() {
    // Both fleets that could carry London to Belgium are dislodged.
    let out = run(json!({"phase": "S1901M",
        "units": {"ENGLAND": ["A LON", "F NTH", "F ENG"], "FRANCE": ["F MAO", "F BRE"], "GERMANY": ["F HEL", "F DEN"]},
        "orders": {"ENGLAND": ["A lon - bel", "F nth C A lon - bel", "F eng C A lon - bel"],
                   "FRANCE": ["F mao - eng", "F bre S F mao - eng"],
                   "GERMANY": ["F hel - nth", "F den S F hel - nth"]}}));
    assert_eq!(res(&out, "F ENG").outcome, "dislodged");
    assert_eq!(res(&out, "F NTH").outcome, "dislodged");
    assert_eq!(res(&out, "A LON").outcome, "no_convoy");
}

#[test]
fn wm_d_vi_5_convoyed_army_does_not_cut_support_against_its_origin() {
    let out = run(json!({"phase": "S1901M",
        "units": {"ENGLAND": ["A YOR", "F NTH"], "FRANCE": ["F LON", "F EDI"]},
        "orders": {"ENGLAND": ["A yor - lon via convoy", "F nth C A yor - lon"],
                   "FRANCE": ["F lon S F edi - yor", "F edi - yor"]}}));
    assert_eq!(res(&out, "F LON").outcome, "succeeds");
    assert_eq!(res(&out, "F EDI").outcome, "succeeds");
    assert_eq!(res(&out, "A YOR").outcome, "dislodged");
}

#[test]
fn wm_d_vi_7_convoy_may_carry_a_foreign_army_against_the_convoying_power() {
    let out = run(json!({"phase": "S1901M",
        "units": {"ENGLAND": ["F NTH", "A YOR"], "FRANCE": ["A HOL", "F EDI"]},
        "orders": {"ENGLAND": ["F nth C A hol - yor", "A yor H"],
                   "FRANCE": ["A hol - yor", "F edi S A hol - yor"]}}));
    assert_eq!(res(&out, "A HOL").outcome, "succeeds");
    assert_eq!(res(&out, "A YOR").outcome, "dislodged");
}

#[test]
fn wm_d_iii_4_illegal_order_becomes_a_hold_that_can_be_supported() {
    let out = run(json!({"phase": "S1901M",
        "units": {"GERMANY": ["A MUN", "A BER"], "FRANCE": ["A BUR", "A RUH"]},
        "orders": {"GERMANY": ["A mun - lon", "A ber S A mun"],
                   "FRANCE": ["A bur - mun", "A ruh S A bur - mun"]}}));
    assert_eq!(res(&out, "A MUN").outcome, "void");
    assert!(res(&out, "A MUN")
        .reason
        .as_deref()
        .unwrap()
        .contains("D.III.4"));
    assert_eq!(res(&out, "A BUR").outcome, "bounced");
    assert!(units_of(&out, "GERMANY").contains(&"A MUN".to_string()));
}

#[test]
fn wm_d_iii_4_move_possible_with_other_units_is_not_illegal() {
    // A fleet in the North Sea could convoy London to Belgium: the order is
    // legal and fails for want of a convoy.
    let out = run(json!({"phase": "S1901M",
        "units": {"ENGLAND": ["A LON"], "GERMANY": ["F NTH"]},
        "orders": {"ENGLAND": ["A lon - bel"]}}));
    assert_eq!(res(&out, "A LON").outcome, "no_convoy");
    // With no fleet at sea it is illegal: a hold.
    let out = run(json!({"phase": "S1901M", "units": {"ENGLAND": ["A LON"]},
        "orders": {"ENGLAND": ["A lon - bel"]}}));
    assert_eq!(res(&out, "A LON").outcome, "void");
}

#[test]
fn wm_d_iii_2_unordered_unit_holds_and_no_order_is_inferred() {
    let out = run(json!({"phase": "S1901M",
        "units": {"FRANCE": ["A PAR", "A BUR"]},
        "orders": {"FRANCE": ["A bur S A par - pic"]}}));
    assert_eq!(res(&out, "A PAR").order.as_deref(), Some("A PAR H"));
    assert_eq!(res(&out, "A BUR").outcome, "void");
    assert!(units_of(&out, "FRANCE").contains(&"A PAR".to_string()));
}

#[test]
fn wm_d_iii_5_last_order_for_a_unit_counts() {
    let out = run(json!({"phase": "S1901M", "units": {"FRANCE": ["A PAR"]},
        "orders": {"FRANCE": ["A par - bur", "A par - pic"]}}));
    assert_eq!(units_of(&out, "FRANCE"), vec!["A PIC"]);
    let superseded = out
        .results
        .iter()
        .find(|r| r.written.as_deref() == Some("A par - bur"))
        .unwrap();
    assert_eq!(superseded.outcome, "void");
    assert!(superseded.reason.as_deref().unwrap().contains("D.III.5"));
}

#[test]
fn wm_d_iii_1_player_abbreviation_list_and_ambiguous_abbreviations() {
    let input = |power: &str| {
        json!({"phase": "S1901M", "units": {"ENGLAND": ["A LVP"], "FRANCE": ["A PAR"]},
            "orders": {"ENGLAND": ["A lpl - yor"], "FRANCE": ["A par - gasc"]},
            "rules": {"abbreviations": {power: {"lpl": "lvp"}}}})
    };
    let out = run(input("ENGLAND"));
    assert_eq!(units_of(&out, "ENGLAND"), vec!["A YOR"]);
    assert_eq!(units_of(&out, "FRANCE"), vec!["A GAS"]);
    let out = run(input("FRANCE"));
    assert_eq!(units_of(&out, "ENGLAND"), vec!["A LVP"]);
    let amb = run(json!({"phase": "S1901M", "units": {"ENGLAND": ["F EDI"]},
        "orders": {"ENGLAND": ["F edi - North"]}}));
    let r = amb.results.iter().find(|r| r.written.is_some()).unwrap();
    assert_eq!(r.outcome, "void");
    assert!(r.reason.as_deref().unwrap().contains("ambiguous"));
}

#[test]
fn wm_d_iv_1_wrong_unit_type_does_not_invalidate() {
    let out = run(json!({"phase": "S1901M", "units": {"FRANCE": ["A PAR"]},
        "orders": {"FRANCE": ["F par - bur"]}}));
    assert_eq!(units_of(&out, "FRANCE"), vec!["A BUR"]);
}

#[test]
fn wm_d_iv_2_wrong_nationality_of_supported_unit_does_not_invalidate() {
    let out = run(json!({"phase": "S1901M",
        "units": {"FRANCE": ["A PAR", "A BUR"], "ENGLAND": ["A BEL"]},
        "orders": {"FRANCE": ["A par - pic", "A bur S German A par - pic"], "ENGLAND": ["A bel - pic"]}}));
    assert_eq!(res(&out, "A BUR").outcome, "succeeds");
    assert_eq!(res(&out, "A PAR").outcome, "succeeds");
    assert_eq!(res(&out, "A BEL").outcome, "bounced");
}

#[test]
fn wm_d_iv_3_a_wrong_coast_never_invalidates_a_hold() {
    let out = run(json!({"phase": "S1901M", "units": {"FRANCE": ["F SPA/SC"]},
        "orders": {"FRANCE": ["F spa/nc H"]}}));
    assert_eq!(res(&out, "F SPA/SC").outcome, "succeeds");
}

#[test]
fn wm_d_iv_3_b_three_ambiguous_moves_without_coast_are_void() {
    for (unit, order) in [
        ("F MAO", "F mao - spa"),
        ("F POR", "F por - spa"),
        ("F CON", "F con - bul"),
    ] {
        let out = run(
            json!({"phase": "S1901M", "units": {"FRANCE": [unit]}, "orders": {"FRANCE": [order]}}),
        );
        assert_eq!(res(&out, unit).outcome, "void", "{order}");
        assert!(res(&out, unit)
            .reason
            .as_deref()
            .unwrap()
            .contains("D.IV.3.b"));
    }
    // Missing or wrong coast elsewhere: read as the only reachable coast.
    for order in ["F gas - spa", "F gas - spa/sc"] {
        let out = run(
            json!({"phase": "S1901M", "units": {"FRANCE": ["F GAS"]}, "orders": {"FRANCE": [order]}}),
        );
        assert_eq!(units_of(&out, "FRANCE"), vec!["F SPA/NC"], "{order}");
    }
    let out = run(
        json!({"phase": "S1901M", "units": {"FRANCE": ["F MAO"]}, "orders": {"FRANCE": ["F mao - spa(sc)"]}}),
    );
    assert_eq!(units_of(&out, "FRANCE"), vec!["F SPA/SC"]);
}

#[test]
fn wm_d_iv_3_c_support_with_wrong_coast_is_valid_for_either_coast() {
    // France 2 (support names the north coast) against Italy 2: both bounce.
    let out = run(json!({"phase": "S1901M",
        "units": {"FRANCE": ["F POR", "F MAO"], "ITALY": ["F LYO", "F WES"]},
        "orders": {"FRANCE": ["F por S F mao - spa/nc", "F mao - spa/sc"],
                   "ITALY": ["F lyo S F wes - spa/sc", "F wes - spa/sc"]}}));
    assert_eq!(res(&out, "F POR").outcome, "succeeds");
    assert_eq!(res(&out, "F MAO").outcome, "bounced");
    assert_eq!(res(&out, "F WES").outcome, "bounced");
}

fn winter(units: Value, centers: Value, orders: Value) -> AdjudicateOutput {
    run(json!({"phase": "W1901A", "units": units, "centers": centers, "orders": orders}))
}

#[test]
fn wm_d_v_1_build_without_unit_type() {
    let out = winter(
        json!({}),
        json!({"RUSSIA": ["MOS", "SEV", "STP"]}),
        json!({"RUSSIA": ["build mos", "build sev", "build stp/nc"]}),
    );
    let mut u = units_of(&out, "RUSSIA");
    u.sort();
    // Moscow makes armies only; Sevastopol could make either: nothing;
    // a legal coast named: a fleet.
    assert_eq!(u, vec!["A MOS", "F STP/NC"]);
    let sev = out
        .results
        .iter()
        .find(|r| r.written.as_deref() == Some("build sev"))
        .unwrap();
    assert_eq!(sev.outcome, "void");
}

#[test]
fn wm_d_v_2_excess_builds_and_disbands_are_followed_bottom_to_top() {
    let out = winter(
        json!({"RUSSIA": ["F SEV", "F STP/SC"]}),
        json!({"RUSSIA": ["MOS", "SEV", "STP", "WAR"]}),
        json!({"RUSSIA": ["build A war", "build A mos", "waive"]}),
    );
    // Two builds: the waive and A Mos count (bottom first); A War is excess.
    let mut u = units_of(&out, "RUSSIA");
    u.sort();
    assert_eq!(u, vec!["A MOS", "F SEV", "F STP/SC"]);
    let out = winter(
        json!({"FRANCE": ["A PAR", "A BUR"]}),
        json!({"FRANCE": ["PAR"]}),
        json!({"FRANCE": ["disband A par", "disband A bur"]}),
    );
    assert_eq!(units_of(&out, "FRANCE"), vec!["A PAR"]);
}

#[test]
fn wm_d_v_3_several_builds_in_one_centre_the_first_from_the_bottom() {
    let out = winter(
        json!({}),
        json!({"RUSSIA": ["SEV", "MOS"]}),
        json!({"RUSSIA": ["build A sev", "build F sev"]}),
    );
    assert_eq!(units_of(&out, "RUSSIA"), vec!["F SEV"]);
}

#[test]
fn wm_d_v_5_fleet_in_landlocked_centre_is_not_built() {
    let out = winter(
        json!({}),
        json!({"GERMANY": ["MUN"]}),
        json!({"GERMANY": ["build F mun"]}),
    );
    assert!(units_of(&out, "GERMANY").is_empty());
    assert!(out.results[0].reason.as_deref().unwrap().contains("D.V.5"));
}

fn unit(p: Power, k: UnitType, l: &str) -> Unit {
    Unit::new(p, k, parse_location(l).unwrap())
}

#[test]
fn wm_d_v_4_distance_from_home_examples_of_the_rule() {
    // "a Russian army in Constantinople ... two spaces distant from home"
    assert_eq!(
        distance_from_home(&unit(Power::Russia, UnitType::Army, "con")),
        Some(2)
    );
    // "a Russian fleet on the south coast of Bulgaria ... three spaces"
    assert_eq!(
        distance_from_home(&unit(Power::Russia, UnitType::Fleet, "bul/sc")),
        Some(3)
    );
}

#[test]
fn wm_d_v_4_civil_disorder_removes_farthest_then_fleets_then_alphabetical() {
    // Russia: A Ukr (1), F Bal (2: Bot, StP/sc), A Pru (1), F Nth (2: Nwy, StP/nc).
    let units = [
        unit(Power::Russia, UnitType::Army, "ukr"),
        unit(Power::Russia, UnitType::Fleet, "bal"),
        unit(Power::Russia, UnitType::Army, "pru"),
        unit(Power::Russia, UnitType::Fleet, "nth"),
    ];
    let order: Vec<String> = civil_disorder_order(&units)
        .iter()
        .map(|u| u.to_string())
        .collect();
    // Distance 2 fleets first, Baltic Sea before North Sea; then the armies
    // at 1, Prussia before Ukraine.
    assert_eq!(order, vec!["F BAL", "F NTH", "A PRU", "A UKR"]);
    // Through the front end: two removals due, none ordered.
    let out = winter(
        json!({"RUSSIA": ["A UKR", "F BAL", "A PRU", "F NTH"]}),
        json!({"RUSSIA": ["MOS", "SEV"]}),
        json!({}),
    );
    let mut left = units_of(&out, "RUSSIA");
    left.sort();
    assert_eq!(left, vec!["A PRU", "A UKR"]);
    assert!(out
        .results
        .iter()
        .all(|r| r.outcome == "disbanded" && r.reason.as_deref().unwrap().contains("D.V.4")));
}

#[test]
fn wm_d_ii_5_conditional_retreat_and_build_orders_first_possible_option() {
    let out = run(json!({"phase": "F1901R",
        "units": {"FRANCE": ["A PIC"]},
        "dislodged": {"GERMANY": [{"unit": "A BEL", "attacker_from": "BUR"}]},
        "orders": {"GERMANY": ["A bel - pic or A bel - hol or A bel - ruh"]}}));
    // Picardy is occupied: the first possible option is Holland.
    assert_eq!(units_of(&out, "GERMANY"), vec!["A HOL"]);
    // Top to bottom: a line starting with `or` continues the previous one.
    let out = run(
        json!({"phase": "F1901R", "units": {"FRANCE": ["A PIC", "A HOL"]},
        "dislodged": {"GERMANY": [{"unit": "A BEL", "attacker_from": "BUR"}]},
        "orders": {"GERMANY": ["A bel - hol", "or A bel - ruh"]}}),
    );
    assert_eq!(units_of(&out, "GERMANY"), vec!["A RUH"]);
    let out = winter(
        json!({}),
        json!({"GERMANY": ["MUN"]}),
        json!({"GERMANY": ["build F mun or build A mun"]}),
    );
    assert_eq!(units_of(&out, "GERMANY"), vec!["A MUN"]);
}

#[test]
fn wm_d_vii_6_c_nmr_power_may_still_order_its_dislodged_units_to_retreat() {
    // Germany sent no movement orders; its dislodged army retreats anyway.
    let mv = run(json!({"phase": "S1901M",
        "units": {"FRANCE": ["A PIC", "A BUR"], "GERMANY": ["A BEL"]},
        "orders": {"FRANCE": ["A pic - bel", "A bur S A pic - bel"]}}));
    assert_eq!(mv.phase, "S1901R");
    let rt = run(
        json!({"phase": mv.phase, "units": mv.units, "dislodged": mv.dislodged,
        "orders": {"GERMANY": ["A bel - hol"]}}),
    );
    assert_eq!(units_of(&rt, "GERMANY"), vec!["A HOL"]);
    assert_eq!(rt.phase, "F1901M");
}

#[test]
fn retreats_unordered_or_clashing_disband() {
    let out = run(json!({"phase": "F1901R", "units": {},
        "dislodged": {"AUSTRIA": [{"unit": "F TRI", "attacker_from": "VEN"}],
                      "TURKEY": [{"unit": "F GRE", "attacker_from": "ION"}],
                      "ITALY": [{"unit": "A TUS", "attacker_from": "PIE"}]},
        "orders": {"AUSTRIA": ["F tri - alb"], "TURKEY": ["F gre - alb"]}}));
    assert!(out.units.is_empty(), "{:?}", out.units);
    assert!(out.results.iter().all(|r| r.outcome == "disbanded"));
}

#[test]
fn wm_d_viii_4_orders_keep_their_text_and_reading() {
    let out = run(json!({"phase": "S1901M", "units": {"FRANCE": ["A PAR"]},
        "orders": {"FRANCE": ["army paris->burgundy"]}}));
    let r = res(&out, "A PAR");
    assert_eq!(r.written.as_deref(), Some("army paris->burgundy"));
    assert_eq!(r.order.as_deref(), Some("A PAR - BUR"));
}

#[test]
fn eighteen_centres_is_a_solo() {
    let centers = json!({"FRANCE": ["BRE", "MAR", "PAR", "SPA", "POR", "BEL", "HOL", "LON", "LVP", "EDI",
        "NWY", "DEN", "KIE", "BER", "MUN", "ROM", "NAP"]});
    let out = run(
        json!({"phase": "F1905M", "units": {"FRANCE": ["A RUH"]}, "centers": centers.clone(),
        "orders": {"FRANCE": ["A ruh - hol"]}}),
    );
    assert_eq!(out.solo, None, "17 centres, Holland already French");
    let out = run(
        json!({"phase": "F1905M", "units": {"FRANCE": ["A TYR"]}, "centers": centers,
        "orders": {"FRANCE": ["A tyr - ven"]}}),
    );
    assert_eq!(out.solo.as_deref(), Some("FRANCE"));
}

#[test]
fn invalid_input_exits_3_with_a_clear_message() {
    for (input, needle) in [
        ("not json", "not valid adjudication JSON"),
        (r#"{"phase": "X1901M"}"#, "phase"),
        (
            r#"{"phase": "S1901M", "units": {"PRUSSIA": ["A BER"]}}"#,
            "unknown power",
        ),
        (
            r#"{"phase": "S1901M", "units": {"GERMANY": ["A BER", "F BER"]}}"#,
            "two units",
        ),
        (
            r#"{"phase": "S1901M", "units": {"GERMANY": ["F MUN"]}}"#,
            "not a place",
        ),
        (
            r#"{"phase": "S1901M", "centers": {"GERMANY": ["RUH"]}}"#,
            "not a supply centre",
        ),
        (
            r#"{"phase": "S1901M", "rules": {"nmr": true}}"#,
            "unknown field",
        ),
    ] {
        let out = adjudicate(input);
        assert_eq!(out.exit_code, 3, "{input}");
        assert!(out.stderr.contains(needle), "{input}: {}", out.stderr);
        assert!(out.stdout.is_empty());
    }
}
