use super::*;
use crate::testkit::refused;

fn six() -> Harness {
    six_by(json!({}))
}

/// [`six`] with settings `extra` (the pairing system).
fn six_by(extra: Value) -> Harness {
    let mut h = event(5, extra);
    for (n, r) in [
        ("a", 2400),
        ("b", 2300),
        ("c", 2200),
        ("d", 2100),
        ("e", 2000),
        ("f", 1900),
    ] {
        enter(&mut h, n, r);
    }
    h
}

#[test]
fn dutch_f4_e5_round_one_pairs_the_top_half_against_the_bottom_half() {
    // F4: S1 = a b c (numbers 1–3 by rating, A2), S2 = d e f: a-d, b-e,
    // c-f. E5 with White drawn for 1: a White, b Black, c White. F1
    // publishes by the higher player's rank: boards a-d, e-b, c-f.
    let mut h = six();
    pair(&mut h);
    assert_eq!(
        boards(&h, 1),
        (vec!["a-d".into(), "e-b".into(), "c-f".into()], None)
    );
}

#[test]
fn dutch_a3_the_next_round_waits_for_every_result() {
    let mut h = six();
    pair(&mut h);
    results(&mut h, 1, &["1-0", "0-1"]);
    // Board 3 has no result: the score brackets of A3 cannot be made.
    refused(
        act(&mut h, "arb", json!({"action": "pair-round"})),
        "dutch A3",
    );
    // A player may not pair; nothing changed.
    assert_eq!(
        act(&mut h, "a", json!({"action": "pair-round"}))
            .unwrap_err()
            .kind,
        crate::refusal::RefusalKind::Forbidden
    );
    results(&mut h, 1, &["1-0", "0-1", "1/2-1/2"]);
    pair(&mut h);
    assert_eq!(state(&h).rounds.len(), 2);
}

#[test]
fn dutch_b1a_a_manual_pairing_may_not_repeat_a_game_and_keeps_its_reason() {
    let mut h = six();
    pair(&mut h);
    results(&mut h, 1, &["1-0", "0-1", "1-0"]);
    // a and d met in round 1 (board 1): pairing them again breaks B1a.
    let again = json!({"action": "set-pairing", "round": 2, "reason": "late arrivals",
        "boards": [{"white": "d", "black": "a"}, {"white": "b", "black": "c"}, {"white": "e", "black": "f"}]});
    refused(act(&mut h, "arb", again), "dutch B1a");
    // Leaving f out breaks F5 (everyone present has a board).
    let short = json!({"action": "set-pairing", "round": 2, "reason": "x",
        "boards": [{"white": "a", "black": "b"}, {"white": "c", "black": "d"}]});
    refused(act(&mut h, "arb", short), "dutch F5");
    let fine = json!({"action": "set-pairing", "round": 2, "reason": "board 1 has no clock",
        "boards": [{"white": "b", "black": "a"}, {"white": "d", "black": "c"}, {"white": "f", "black": "e"}]});
    act(&mut h, "arb", fine).unwrap();
    assert_eq!(
        state(&h).round(2).unwrap().manual.as_deref(),
        Some("board 1 has no clock")
    );
    assert_eq!(h.log.last().unwrap().command, "set-pairing");
}

#[test]
fn dutch_b1a_the_arbiter_keeps_a_rematch_by_override_with_the_criteria_recorded() {
    let mut h = six();
    pair(&mut h);
    results(&mut h, 1, &["1-0", "0-1", "1-0"]);
    // a (1) and d (4) met in round 1: refused, naming the clause, until the
    // arbiter overrides; then the breach is recorded beside the reason and
    // the event goes on (round 3 pairs).
    let mut again = json!({"action": "set-pairing", "round": 2, "reason": "no other pairing is possible after the withdrawals",
        "boards": [{"white": "d", "black": "a"}, {"white": "b", "black": "c"}, {"white": "e", "black": "f"}]});
    refused(act(&mut h, "arb", again.clone()), "dutch B1a");
    again["override_absolute"] = true.into();
    // A player may not override (nor pair at all).
    assert_eq!(
        act(&mut h, "a", again.clone()).unwrap_err().kind,
        crate::refusal::RefusalKind::Forbidden
    );
    act(&mut h, "arb", again).unwrap();
    let round = state(&h).round(2).unwrap();
    assert_eq!(round.overridden.len(), 1);
    assert_eq!(round.overridden[0].clause, "dutch B1a");
    assert_eq!(round.overridden[0].what, "board 4 - 1");
    results(&mut h, 2, &["1-0", "0-1", "1-0"]);
    pair(&mut h);
    assert_eq!(state(&h).rounds.len(), 3);
}

#[test]
fn dutch_f6_a_published_pairing_stands_unless_f7_reaches_it() {
    let mut h = six();
    pair(&mut h);
    results(&mut h, 1, &["1-0", "0-1", "1-0"]);
    pair(&mut h);
    let (published, _) = boards(&h, 2);
    // Round 2 is published and breaks neither B1 nor B2: it stands.
    // The engine's round 2 (worked by hand): a b c on 1 point, c floats
    // down, b-a, d-c, f-e. Another legal pairing: c-a, b-d, f-e.
    assert_eq!(published, ["b-a", "d-c", "f-e"]);
    let other = json!({"action": "set-pairing", "round": 2, "reason": "I prefer another",
        "boards": [{"white": "c", "black": "a"}, {"white": "b", "black": "d"}, {"white": "f", "black": "e"}]});
    refused(act(&mut h, "arb", other.clone()), "dutch F6");
    // F7: a correction of round 1 needs a reason, then reaches round 2.
    let fix = json!({"action": "set-result", "round": 1, "board": 3, "result": "0-1"});
    refused(act(&mut h, "arb", fix.clone()), "dutch F7");
    let mut fix = fix;
    fix["reason"] = "the score sheets show Black won".into();
    act(&mut h, "arb", fix).unwrap();
    assert!(state(&h).round(2).unwrap().corrected_since);
    act(&mut h, "arb", other).unwrap();
    assert_ne!(boards(&h, 2).0, published);
}

#[test]
fn dutch_trf_import_of_an_event_in_progress_pairs_the_next_round_as_the_manual() {
    // The Arbiters' Manual 2014 example after two rounds; its round 3 is
    // worked by hand in the manual (fixtures held2014_expected_r3.txt):
    // 2-5, 3-4, 7-10, 9-13, 11-6, 12-8, 14-1.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/swiss/held2014-arbiters-manual");
    let trf = std::fs::read_to_string(dir.join("held2014_pair_r3.trf")).unwrap();
    let mut h = event(5, json!({}));
    act(&mut h, "arb", json!({"action": "import-trf", "trf": trf})).unwrap();
    assert_eq!(state(&h).players.len(), 14);
    assert_eq!(state(&h).rounds.len(), 2);
    pair(&mut h);
    let want: Vec<String> = ["2-5", "3-4", "7-10", "9-13", "11-6", "12-8", "14-1"]
        .iter()
        .map(|b| {
            let (w, bl) = b.split_once('-').unwrap();
            format!("trf-{w}-trf-{bl}")
        })
        .collect();
    // The manual lists the boards by White's number; Arbiter publishes
    // them in F1's order: the same boards.
    let (mut got, bye) = boards(&h, 3);
    let mut want = want;
    got.sort();
    want.sort();
    assert_eq!((got, bye), (want, None));
    // Importing twice is refused: the event has entries now.
    let again = act(
        &mut h,
        "arb",
        json!({"action": "import-trf", "trf": "001    1      X"}),
    );
    assert_eq!(
        again.unwrap_err().kind,
        crate::refusal::RefusalKind::Conflict
    );
}

#[test]
fn dutch_f5_an_imported_absence_in_the_next_round_is_kept() {
    // Robert (14) has a Z block for round 3 in the file: known not to
    // play it (dutch F5), he is not paired and scores 0; 13 players are
    // left, so one of them has the bye.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/swiss/held2014-arbiters-manual");
    let trf = std::fs::read_to_string(dir.join("held2014_pair_r3.trf")).unwrap();
    let trf: String = trf
        .lines()
        .map(|l| {
            if l.starts_with("001   14") {
                format!("{}  0000 - Z\n", l.trim_end())
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    let mut h = event(5, json!({}));
    act(&mut h, "arb", json!({"action": "import-trf", "trf": trf})).unwrap();
    let robert = &state(&h).players[&u("trf-14")];
    assert_eq!(
        robert.absences.get(&3),
        Some(&crate::chess::swiss_event::vocabulary::Absence::Announced)
    );
    pair(&mut h);
    let (b, bye) = boards(&h, 3);
    assert!(b
        .iter()
        .all(|x| !x.contains("trf-14-") && !x.ends_with("trf-14")));
    assert!(bye.is_some() && bye.as_deref() != Some("trf-14"));
    assert_eq!(state(&h).round(3).unwrap().not_paired[&u("trf-14")], 0);
}

#[test]
fn dutch_trf_export_re_pairs_identically_with_late_entries_byes_and_withdrawals() {
    let mut h = event(
        5,
        json!({"late_entries_until_round": 3, "half_point_byes": 2}),
    );
    for (i, r) in [2350, 2310, 2280, 2200, 2190, 2150, 2100, 2050, 1990]
        .iter()
        .enumerate()
    {
        enter(&mut h, &format!("p{i}"), *r);
    }
    act(&mut h, "p3", json!({"action": "request-bye", "round": 2})).unwrap();
    let outcomes = ["1-0", "0-1", "1/2-1/2", "1-0"];
    for round in 1..=4u32 {
        pair(&mut h);
        let n = state(&h).round(round).unwrap().games.len();
        let rs: Vec<&str> = (0..n).map(|i| outcomes[(i + round as usize) % 4]).collect();
        results(&mut h, round, &rs);
        match round {
            1 => enter(&mut h, "late", 2260),
            2 => {
                act(&mut h, "p8", json!({"action": "withdraw"})).unwrap();
            }
            _ => {}
        }
    }
    let trf = super::super::export_trf(state(&h));
    let check = crate::chess::cli::pair("dutch-2006", &trf, true);
    assert_eq!(check.exit_code, 0, "{}\n{}", check.stdout, trf);
    assert_eq!(check.stdout.matches(": ok").count(), 4, "{}", check.stdout);
}

#[test]
fn swiss_regulations_a_round_is_paired_at_its_time_once_and_only_once() {
    let mut h = event(
        2,
        json!({"round_times": ["2026-03-02T18:00:00Z", "2026-03-09T18:00:00Z"]}),
    );
    for (n, r) in [("a", 2400), ("b", 2300)] {
        enter(&mut h, n, r);
    }
    let due = h.env.next_due();
    assert_eq!(due, Some(at("2026-03-02T18:00:00Z")));
    h.now = at("2026-03-02T17:59:59Z");
    assert!(h.run("schedule:sweep", Command::Tick).unwrap().is_empty());
    h.now = at("2026-03-02T18:00:00Z");
    let paired = h.run("schedule:sweep", Command::Tick).unwrap();
    assert_eq!(paired.len(), 1);
    assert_eq!(paired[0].clause.as_deref(), Some("swiss regulations"));
    // Run again: round 1 is not complete, so nothing is due.
    assert!(h.run("schedule:sweep", Command::Tick).unwrap().is_empty());
    assert_eq!(h.env.next_due(), None);
}

/// The `explanations/{round}` resource as JSON.
fn explanation(h: &Harness, round: u32) -> Value {
    use crate::rulebook::Resources;
    let query = crate::resource::Query::new(Some(round.to_string()), Default::default()).unwrap();
    match state(h)
        .resource(&h.env, "explanations", &query, None)
        .unwrap()
    {
        crate::resource::Resource::Json(v) => v,
        crate::resource::Resource::Text(_) => unreachable!("explanations are JSON"),
    }
}

#[test]
fn dutch_e5_a4_round_explanations_name_the_clause_of_each_colour_and_float() {
    // Round 1 (six players, lot White): S1 = a b c, S2 = d e f (dutch C4);
    // a-d, e-b, c-f, colours by the lot alternating down the boards
    // (dutch E5). After 1-0, 0-1, 1-0, a, b and c are on 1. Bracket 1:
    // a (W, mild Black), b (B, mild White), c (W, mild Black); S1 = {a},
    // S2 = {b, c}: a-b meets both preferences (b White, a Black: dutch E1),
    // c moves down (dutch A3) and meets d, the highest on 0: c (3) floats
    // down, d (4) up (dutch A4).
    let mut h = six();
    pair(&mut h);
    let one = explanation(&h, 1);
    assert_eq!(one["published_is_engines"], true);
    assert_eq!(one["players"]["1"]["name"], "a");
    for b in one["engine"]["boards"].as_array().unwrap() {
        assert_eq!(b["notes"][0]["clause"], "dutch E5", "{b}");
    }
    results(&mut h, 1, &["1-0", "0-1", "1-0"]);
    pair(&mut h);
    let two = explanation(&h, 2);
    let boards = two["engine"]["boards"].as_array().unwrap();
    assert_eq!(
        (boards[0]["white"].as_u64(), boards[0]["black"].as_u64()),
        (Some(2), Some(1))
    );
    assert_eq!(boards[0]["notes"][0]["clause"], "dutch E1");
    let floats: Vec<&Value> = boards
        .iter()
        .flat_map(|b| b["notes"].as_array().unwrap())
        .filter(|n| n["clause"] == "dutch A4")
        .collect();
    assert_eq!(floats.len(), 1);
    assert_eq!(floats[0]["text"], "3 (1) floats down, 4 (0) up");
}

#[test]
fn dutch_b1a_an_overridden_round_explains_the_reason_beside_the_engines_pairing() {
    let mut h = six();
    pair(&mut h);
    results(&mut h, 1, &["1-0", "0-1", "1-0"]);
    let again = json!({"action": "set-pairing", "round": 2, "reason": "the withdrawals leave no other",
        "override_absolute": true,
        "boards": [{"white": "d", "black": "a"}, {"white": "b", "black": "c"}, {"white": "e", "black": "f"}]});
    act(&mut h, "arb", again).unwrap();
    let two = explanation(&h, 2);
    assert_eq!(two["manual"], "the withdrawals leave no other");
    assert_eq!(two["overridden"][0]["clause"], "dutch B1a");
    assert_eq!(two["published_is_engines"], false);
    assert!(two["engine"]["boards"]
        .as_array()
        .is_some_and(|b| b.len() == 3));
}

#[test]
fn dutch17_c_1_a_rematch_by_hand_is_refused_then_kept_by_override_and_explained() {
    // dutch-2017, round 1 by dutch17 E.5: a-d, e-b, c-f (as the lot
    // gives it). Round 2 by hand: d-a repeats round 1 (dutch17 C.1);
    // b-c and e-f are new, and no colour goes beyond the absolute
    // preference (e and f take a second White and a second Black: a
    // difference of ±2 is allowed, dutch17 C.3). Refused without the
    // override, kept with it; the explanation is the 2017 engine's.
    let mut h = six_by(json!({"system": "dutch-2017"}));
    pair(&mut h);
    assert_eq!(boards(&h, 1).0, ["a-d", "e-b", "c-f"]);
    results(&mut h, 1, &["1-0", "0-1", "1-0"]);
    let mut again = json!({"action": "set-pairing", "round": 2, "reason": "the players asked",
        "boards": [{"white": "d", "black": "a"}, {"white": "b", "black": "c"}, {"white": "e", "black": "f"}]});
    let refused = act(&mut h, "arb", again.clone()).unwrap_err();
    assert_eq!(
        refused.clause.as_deref(),
        Some("dutch17 C.1"),
        "{refused:?}"
    );
    again["override_absolute"] = json!(true);
    act(&mut h, "arb", again).unwrap();
    let two = explanation(&h, 2);
    assert_eq!(two["overridden"][0]["clause"], "dutch17 C.1");
    assert_eq!(two["overridden"].as_array().map(Vec::len), Some(1));
    assert_eq!(two["engine"]["system"], "dutch-2017");
    assert_eq!(two["published_is_engines"], false);
    // The engine's round 2: a, b, c on 1 point; S1 = {a}, S2 = {b, c}:
    // a-b, b White (dutch17 E.1); c floats to d (dutch17 A.4).
    let engine = &two["engine"]["boards"];
    assert_eq!(
        (engine[0]["white"].as_u64(), engine[0]["black"].as_u64()),
        (Some(2), Some(1))
    );
    assert_eq!(engine[0]["notes"][0]["clause"], "dutch17 E.1");
    assert_eq!(engine[1]["notes"][0]["text"], "3 (1) floats down, 4 (0) up");
}

#[test]
fn dutch17_c_1_with_no_valid_pairing_the_explanation_is_refused_by_the_absolute_criterion() {
    // Two players met in round 1; round 2 can only repeat it. The arbiter
    // pairs it by hand with the override; asked why, the engine has no
    // pairing to set beside it, and the refusal names the absolute
    // criterion it cannot meet (dutch17 C.1, dutch26 C.1), as pairing the
    // round does, not the completion of C.4.
    for (system, clause) in [("dutch-2017", "dutch17 C.1"), ("dutch-2026", "dutch26 C.1")] {
        let mut h = event(3, json!({ "system": system }));
        field(&mut h, 2);
        pair(&mut h);
        results(&mut h, 1, &["1-0"]);
        let again = json!({"action": "set-pairing", "round": 2, "reason": "only two players",
            "override_absolute": true, "boards": [{"white": "b", "black": "a"}]});
        act(&mut h, "arb", again).unwrap();
        use crate::rulebook::Resources;
        let query = crate::resource::Query::new(Some("2".into()), Default::default()).unwrap();
        let refused = state(&h)
            .resource(&h.env, "explanations", &query, None)
            .unwrap_err();
        assert_eq!(
            refused.clause.as_deref(),
            Some(clause),
            "{system}: {refused:?}"
        );
    }
}

#[test]
fn baku_an_accelerated_event_pairs_the_top_half_within_itself_until_the_virtual_points_end() {
    // Eight players, five rounds, C.04.5.1: GA = a b c d (2 × ⌈8 / 4⌉ = 4),
    // with a virtual point in rounds 1 and 2 and half a point in round 3
    // (accelerated rounds ⌈5 / 2⌉ = 3, the first ⌈3 / 2⌉ = 2 with 1). Round 1:
    // {a b c d} and {e f g h}: a-c, d-b, e-g, h-f (dutch C6, E5).
    let mut h = event(5, json!({"acceleration": "baku"}));
    field(&mut h, 8);
    pair(&mut h);
    assert_eq!(boards(&h, 1).0, ["a-c", "d-b", "e-g", "h-f"]);
    // The standings count no virtual point.
    results(&mut h, 1, &["1-0", "1-0", "1-0", "1-0"]);
    let lines = crate::chess::swiss_event::standings::standings(state(&h), &[]);
    assert_eq!(lines[0].points, 1.0);
    // A Monrad event may not be accelerated by the Dutch method.
    let mut m = Harness::new(
        Kind::Swiss,
        crate::testkit::at("2026-03-01T10:00:00Z"),
        &[("arb", crate::competition::Role::Arbiter)],
    );
    let monrad = json!({"action": "set-up", "settings": {"rounds": 5, "system": "monrad-acwc", "acceleration": "baku"}});
    refused(act(&mut m, "org", monrad), "swiss regulations");
}
