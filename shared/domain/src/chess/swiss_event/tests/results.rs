use super::*;
use crate::testkit::refused;

fn paired_four() -> Harness {
    let mut h = event(3, json!({}));
    for (n, r) in [("a", 2400), ("b", 2300), ("c", 2200), ("d", 2100)] {
        enter(&mut h, n, r);
    }
    pair(&mut h);
    // Round 1 (F4, E5): a-c, d-b.
    h
}

#[test]
fn swiss_regulations_a_players_report_stands_unless_the_opponent_disputes_it() {
    let mut h = paired_four();
    // Only the game's players report it.
    let r = act(
        &mut h,
        "b",
        json!({"action": "report-result", "round": 1, "board": 1, "result": "1-0"}),
    );
    assert_eq!(r.unwrap_err().kind, crate::refusal::RefusalKind::Forbidden);
    act(
        &mut h,
        "a",
        json!({"action": "report-result", "round": 1, "board": 1, "result": "1-0"}),
    )
    .unwrap();
    // The opponent agreeing changes nothing; a contrary report disputes.
    assert!(act(
        &mut h,
        "c",
        json!({"action": "report-result", "round": 1, "board": 1, "result": "1-0"})
    )
    .unwrap()
    .is_empty());
    act(
        &mut h,
        "b",
        json!({"action": "report-result", "round": 1, "board": 2, "result": "0-1"}),
    )
    .unwrap();
    act(
        &mut h,
        "d",
        json!({"action": "dispute-result", "round": 1, "board": 2}),
    )
    .unwrap();
    // A disputed board does not count: round 2 waits (dutch A3).
    refused(
        act(&mut h, "arb", json!({"action": "pair-round"})),
        "dutch A3",
    );
    // The arbiter decides; then the round is complete.
    act(
        &mut h,
        "arb",
        json!({"action": "set-result", "round": 1, "board": 2, "result": "1/2-1/2"}),
    )
    .unwrap();
    pair(&mut h);
}

#[test]
fn dutch_f2_a_forfeit_is_the_arbiters_to_record() {
    let mut h = paired_four();
    let r = act(
        &mut h,
        "a",
        json!({"action": "report-result", "round": 1, "board": 1, "result": "+-"}),
    );
    refused(r, "dutch F2");
}

#[test]
fn dutch_g_a_player_absent_without_notice_is_withdrawn() {
    let mut h = paired_four();
    // d (White on board 2) did not appear: b wins by forfeit.
    let events = act(
        &mut h,
        "arb",
        json!({"action": "set-result", "round": 1, "board": 2, "result": "-+"}),
    )
    .unwrap();
    assert_eq!(events.len(), 2);
    assert_eq!(events[1].clause.as_deref(), Some("dutch G"));
    assert_eq!(state(&h).players[&u("d")].withdrawn_from, Some(2));
    results(&mut h, 1, &["1-0"]);
    pair(&mut h);
    // Three left: one board and a bye, d on neither.
    let (b, bye) = boards(&h, 2);
    assert_eq!(b.len(), 1);
    assert!(!b[0].contains('d') && bye.as_deref() != Some("d"));
}

#[test]
fn dutch_g_the_regulations_may_keep_a_player_absent_without_notice() {
    let mut h = event(3, json!({"absent_without_notice": "stays-in"}));
    for (n, r) in [("a", 2400), ("b", 2300)] {
        enter(&mut h, n, r);
    }
    pair(&mut h);
    let events = act(
        &mut h,
        "arb",
        json!({"action": "set-result", "round": 1, "board": 1, "result": "+-"}),
    )
    .unwrap();
    assert_eq!(events.len(), 1);
    assert_eq!(state(&h).players[&u("b")].withdrawn_from, None);
}

#[test]
fn dutch_f7_players_report_only_the_current_round() {
    let mut h = paired_four();
    results(&mut h, 1, &["1-0", "0-1"]);
    pair(&mut h);
    let r = act(
        &mut h,
        "a",
        json!({"action": "report-result", "round": 1, "board": 1, "result": "0-1"}),
    );
    refused(r, "dutch F7");
}
