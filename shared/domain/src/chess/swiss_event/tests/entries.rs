use super::*;
use crate::testkit::refused;

#[test]
fn dutch_a1_a2_an_entry_is_checked_and_entered_once() {
    let mut h = event(5, json!({}));
    // dutch A1: a rating beyond any real one is refused.
    let r = act(
        &mut h,
        "ann",
        json!({"action": "register", "entry": {"name": "Ann", "rating": 4000}}),
    );
    refused(r, "dutch A1");
    // dutch A2(c): a title outside the list of A2(c) is refused.
    let r = act(
        &mut h,
        "ann",
        json!({"action": "register", "entry": {"name": "Ann", "title": "Grandmaster-ish"}}),
    );
    refused(r, "dutch A2");
    enter(&mut h, "ann", 2100);
    let again = act(
        &mut h,
        "ann",
        json!({"action": "register", "entry": {"name": "Ann"}}),
    );
    assert_eq!(
        again.unwrap_err().kind,
        crate::refusal::RefusalKind::Conflict
    );
    // A player enters only themselves; the arbiter enters anyone.
    let other = act(
        &mut h,
        "bob",
        json!({"action": "register", "player": "cat", "entry": {"name": "Cat"}}),
    );
    assert_eq!(
        other.unwrap_err().kind,
        crate::refusal::RefusalKind::Forbidden
    );
    act(&mut h, "arb", json!({"action": "register", "player": "cat", "entry": {"name": "Cat", "title": "wim", "federation": "NED"}})).unwrap();
    assert_eq!(state(&h).players[&u("cat")].entry.title, "WIM");
}

#[test]
fn swiss_regulations_the_arbiter_does_not_play() {
    let mut h = event(5, json!({}));
    let r = act(
        &mut h,
        "arb",
        json!({"action": "register", "entry": {"name": "Arb"}}),
    );
    refused(r, "swiss regulations");
    enter(&mut h, "ann", 2000);
    let grant = h.run(
        "org",
        Command::GrantRole {
            user: u("ann"),
            role: Role::Arbiter,
        },
    );
    refused(grant, "swiss regulations");
}

#[test]
fn swiss_regulations_late_entries_close_after_the_set_round_and_score_the_missed_rounds() {
    // Entries until round 2, and a missed round scores half a point.
    let mut h = event(
        5,
        json!({"late_entries_until_round": 2, "late_entry_half_points": 1}),
    );
    for (n, r) in [("a", 2400), ("b", 2300), ("c", 2200), ("d", 2100)] {
        enter(&mut h, n, r);
    }
    pair(&mut h);
    // Round 1 is paired, round 2 is next: a late entry is still open, and
    // the entrant's first round is 2.
    enter(&mut h, "late", 2350);
    assert_eq!(state(&h).players[&u("late")].first_round, 2);
    results(&mut h, 1, &["1-0", "1-0"]);
    pair(&mut h);
    // Round 3 is next: past round 2, entries are closed.
    let r = act(
        &mut h,
        "zed",
        json!({"action": "register", "entry": {"name": "Zed"}}),
    );
    refused(r, "swiss regulations");
    // Five players in round 2: someone has the bye or "late" is paired.
    // After round 1 (complete), "late" has 0.5 for the missed round.
    let lines = super::super::standings::standings(state(&h), &[]);
    let late = lines.iter().find(|l| l.player == u("late")).unwrap();
    assert_eq!(late.points, 0.5);
}

#[test]
fn dutch_f5_an_announced_absence_is_not_paired_and_scores_nothing() {
    let mut h = event(3, json!({}));
    for (n, r) in [
        ("a", 2400),
        ("b", 2300),
        ("c", 2200),
        ("d", 2100),
        ("e", 2000),
    ] {
        enter(&mut h, n, r);
    }
    act(
        &mut h,
        "e",
        json!({"action": "announce-absence", "round": 1}),
    )
    .unwrap();
    pair(&mut h);
    // Four present: 1-3 and 4-2 by F4/E5 (a-c, d-b), nobody has the bye.
    let (b, bye) = boards(&h, 1);
    assert_eq!(b, ["a-c", "d-b"]);
    assert_eq!(bye, None);
    assert_eq!(state(&h).round(1).unwrap().not_paired[&u("e")], 0);
    // Round 1 is paired: it is no longer asked for in advance.
    refused(
        act(
            &mut h,
            "e",
            json!({"action": "announce-absence", "round": 1}),
        ),
        "dutch F5",
    );
}

#[test]
fn swiss_regulations_half_point_byes_are_limited_in_number_and_rounds() {
    // One half-point bye a player, up to round 2.
    let mut h = event(
        5,
        json!({"half_point_byes": 1, "half_point_byes_until_round": 2}),
    );
    for (n, r) in [("a", 2400), ("b", 2300), ("c", 2200)] {
        enter(&mut h, n, r);
    }
    refused(
        act(&mut h, "a", json!({"action": "request-bye", "round": 3})),
        "swiss regulations",
    );
    act(&mut h, "a", json!({"action": "request-bye", "round": 1})).unwrap();
    refused(
        act(&mut h, "a", json!({"action": "request-bye", "round": 2})),
        "swiss regulations",
    );
    // Cancelling frees it again.
    act(&mut h, "a", json!({"action": "cancel-absence", "round": 1})).unwrap();
    act(&mut h, "a", json!({"action": "request-bye", "round": 2})).unwrap();
    pair(&mut h);
    // Round 1 (a's bye is for round 2): three players, so 1-2 and the bye
    // for the lowest ranked, 3 (dutch F4), a White (the drawn colour).
    let (b, bye) = boards(&h, 1);
    assert_eq!(b, ["a-b"]);
    assert_eq!(bye.as_deref(), Some("c"));
    results(&mut h, 1, &["1-0"]);
    pair(&mut h);
    // Round 2: a asked for the bye: not paired, half a point; b and c meet.
    let r2 = state(&h).round(2).unwrap();
    assert_eq!(r2.not_paired[&u("a")], 1);
    assert_eq!(boards(&h, 2).0.len(), 1);
}

#[test]
fn dutch_f5_byes_and_absences_are_asked_ahead_for_several_rounds_at_once() {
    // Two half-point byes a player: rounds 2 to 3 in one request; a third
    // (round 4) is refused by the regulations, and a request reaching past
    // the limit changes nothing at all.
    let mut h = event(5, json!({"half_point_byes": 2}));
    field(&mut h, 4);
    let many = json!({"action": "request-bye", "round": 2, "through": 4});
    refused(act(&mut h, "a", many), "swiss regulations");
    assert!(state(&h).players[&u("a")].absences.is_empty());
    let two = json!({"action": "request-bye", "round": 2, "through": 3});
    assert_eq!(act(&mut h, "a", two).unwrap().len(), 2);
    let absences = &state(&h).players[&u("a")].absences;
    assert_eq!(absences.keys().copied().collect::<Vec<_>>(), [2, 3]);
    // dutch F5: b will miss rounds 4 and 5 (scores 0 each).
    let away = json!({"action": "announce-absence", "round": 4, "through": 5});
    act(&mut h, "b", away).unwrap();
    // `through` before `round`, or past the last round, is refused.
    let back = json!({"action": "announce-absence", "round": 3, "through": 2});
    assert!(act(&mut h, "c", back).is_err());
    let past = json!({"action": "announce-absence", "round": 4, "through": 6});
    refused(act(&mut h, "c", past), "dutch F5");
}

#[test]
fn swiss_regulations_prohibited_pairings_keep_club_mates_apart() {
    // Four players; a and c are club mates. Round 1 by the engine would be
    // a-c, d-b (S1 = a b, S2 = c d); kept apart, it is a-d, c-b (dutch D1).
    let mut h = event(3, json!({}));
    field(&mut h, 4);
    let keep = json!({"action": "prohibit-pairings", "players": ["a", "c"]});
    refused(act(&mut h, "a", keep.clone()), "arbiter roles");
    act(&mut h, "arb", keep.clone()).unwrap();
    assert!(act(&mut h, "arb", keep).is_err());
    pair(&mut h);
    assert_eq!(boards(&h, 1).0, ["a-d", "c-b"]);
    // A manual pairing of the two is refused, naming the regulations.
    results(&mut h, 1, &["1-0", "0-1"]);
    let by_hand = json!({"action": "set-pairing", "round": 2, "reason": "test",
        "boards": [{"white": "a", "black": "c"}, {"white": "b", "black": "d"}]});
    refused(act(&mut h, "arb", by_hand), "swiss regulations");
    // Lifted, they may meet again.
    let lift = json!({"action": "lift-prohibition", "players": ["c", "a"]});
    act(&mut h, "arb", lift).unwrap();
    assert!(state(&h).prohibited.is_empty());
}

#[test]
fn dutch_f5_a_withdrawn_player_is_not_paired_again_until_reinstated() {
    let mut h = event(4, json!({}));
    for (n, r) in [("a", 2400), ("b", 2300), ("c", 2200), ("d", 2100)] {
        enter(&mut h, n, r);
    }
    pair(&mut h);
    act(&mut h, "d", json!({"action": "withdraw"})).unwrap();
    results(&mut h, 1, &["1-0", "0-1"]);
    pair(&mut h);
    // Three present in round 2: one board and a bye; d is on neither.
    let (b, bye) = boards(&h, 2);
    assert!(b.iter().all(|x| !x.contains('d')) && bye.as_deref() != Some("d"));
    // Only the arbiter reinstates.
    assert_eq!(
        act(&mut h, "d", json!({"action": "reinstate", "player": "d"}))
            .unwrap_err()
            .kind,
        crate::refusal::RefusalKind::Forbidden
    );
    act(&mut h, "arb", json!({"action": "reinstate", "player": "d"})).unwrap();
    assert_eq!(state(&h).players[&u("d")].withdrawn_from, None);
}
