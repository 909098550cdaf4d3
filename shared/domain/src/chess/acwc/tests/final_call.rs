//! The TD's final call (acwc I.C): correcting a result, undoing a forfeit,
//! reinstating a disqualified player, and what each changes.

use super::*;

fn pairs(w: &World, round: usize) -> Vec<(String, String)> {
    w.champ().rounds[round - 1]
        .matches
        .iter()
        .map(|id| {
            let m = &w.champ().matches[id];
            (m.first.to_string(), m.second.to_string())
        })
        .collect()
}

fn forfeit(w: &mut World, id: &str, loser: &str) -> Vec<crate::competition::Recorded> {
    w.run(
        "td",
        Command::DeclareForfeit {
            match_id: id.into(),
            loser: user(loser),
            reason: "no-show".into(),
        },
    )
    .unwrap()
}

/// Seeding p1 2390, p2 2380, p3 2370, p4 2360. Round 1: p1 beats p2 (q1.1),
/// p3 beats p4 (q1.2); round 2 is then p1-p3, p2-p4. The TD corrects q1.1
/// to 4-6 (p2 won): p2 has 1 point, p1 0, and round 2 stands as published.
/// Round 2: p1 beats p3, p2 beats p4. By hand, round 3 on the corrected
/// standings: p2 2; p1 and p3 1 each, both averaging (2380+2370)/2 =
/// (2360+2390)/2 = 2375, so p1 (own 2390) before p3; p4 0. p2 has played p1
/// and p4: p2-p3; then p1-p4. (Uncorrected, p1 would lead: p1-p4, p2-p3.)
#[test]
fn acwc_i_c_a_corrected_result_changes_the_standings_and_later_pairings_only() {
    let mut w = with_players(4);
    start(&mut w);
    report(&mut w, "q1.1", 12, 8);
    report(&mut w, "q1.2", 12, 8);
    assert_eq!(
        pairs(&w, 2),
        [("p1".into(), "p3".into()), ("p2".into(), "p4".into())]
    );
    let correct = |reason: &str| Command::CorrectResult {
        match_id: "q1.1".into(),
        first: 8,
        second: 12,
        reason: reason.into(),
    };
    assert_eq!(
        w.run("p2", correct("mine")).unwrap_err().kind,
        RefusalKind::Forbidden
    );
    assert_eq!(
        w.run("td", correct(" ")).unwrap_err().kind,
        RefusalKind::Invalid
    );
    let rec = w
        .run("td", correct("game 3 was won by p2 (Lichess link)"))
        .unwrap();
    assert_eq!(rec[0].clause.as_deref(), Some("acwc I.C"));
    assert_eq!(w.champ().matches["q1.1"].winner(), Some(&user("p2")));
    assert_eq!(
        pairs(&w, 2),
        [("p1".into(), "p3".into()), ("p2".into(), "p4".into())]
    );
    // An open match is settled, not corrected.
    let open = Command::CorrectResult {
        match_id: "q2.1".into(),
        first: 10,
        second: 10,
        reason: "x".into(),
    };
    assert_eq!(w.run("td", open).unwrap_err().kind, RefusalKind::Conflict);
    report(&mut w, "q2.1", 12, 8);
    report(&mut w, "q2.2", 12, 8);
    assert_eq!(
        pairs(&w, 3),
        [("p2".into(), "p3".into()), ("p1".into(), "p4".into())]
    );
}

/// p2 forfeits q1.1 (round 1) and q2.2 (round 2: p1-p3, p2-p4, as p1 and p3
/// won): disqualified (VI.F). The TD cannot reinstate p2 over two forfeits,
/// but undoes the round-2 forfeit: q2.2 is to be played, p2 is back with one
/// forfeit. The round-1 forfeit is of a round paired on: not undone, but
/// corrected to the score played, after which p2 has none.
#[test]
fn acwc_i_c_an_undone_forfeit_reopens_the_match_and_lifts_the_vi_f_disqualification() {
    let mut w = with_players(4);
    start(&mut w);
    forfeit(&mut w, "q1.1", "p2");
    report(&mut w, "q1.2", 12, 8);
    assert_eq!(
        pairs(&w, 2),
        [("p1".into(), "p3".into()), ("p2".into(), "p4".into())]
    );
    let rec = forfeit(&mut w, "q2.2", "p2");
    assert!(rec.iter().any(|r| r.clause.as_deref() == Some("acwc VI.F")));
    let reinstate = Command::Reinstate {
        player: user("p2"),
        reason: "forfeits disputed".into(),
    };
    assert_eq!(clause(&mut w, "td", reinstate), "acwc VI.F");
    let undo = |id: &str| Command::UndoForfeit {
        match_id: id.into(),
        reason: "p4 agreed the game was postponed".into(),
    };
    let rec = w.run("td", undo("q2.2")).unwrap();
    assert!(rec.iter().all(|r| r.clause.as_deref() == Some("acwc I.C")));
    let m = &w.champ().matches["q2.2"];
    assert!(!m.finished() && m.negotiation.time.is_none());
    assert_eq!(
        w.champ().entrant(&user("p2")).unwrap().status,
        EntrantStatus::Admitted
    );
    assert_eq!(w.champ().forfeits(&user("p2")), 1);
    assert_eq!(
        w.run("td", undo("q1.1")).unwrap_err().kind,
        RefusalKind::Conflict
    );
    w.run(
        "td",
        Command::CorrectResult {
            match_id: "q1.1".into(),
            first: 12,
            second: 8,
            reason: "played on time after all".into(),
        },
    )
    .unwrap();
    assert_eq!(w.champ().forfeits(&user("p2")), 0);
}

/// Round 1: p1 beats p2 14-6, p3-p4 5-5. Round 2 (by hand: p1 1 point; p4
/// and p3 ½, p4's opponent rated higher; p2 0): p1-p4, p3-p2. An engine mark
/// on p1 turns q1.1 over to p2 (VIII.A.2) and gives p4 the open q2.1
/// (VIII.A.1). The TD reinstates p1: q1.1 is 14-6 again, q2.1 is played
/// after all, and p1 is paired again.
#[test]
fn acwc_i_c_a_reinstated_player_gets_the_turned_matches_back() {
    let mut w = with_players(4);
    start(&mut w);
    report(&mut w, "q1.1", 14, 6);
    report(&mut w, "q1.2", 10, 10);
    assert_eq!(
        pairs(&w, 2),
        [("p1".into(), "p4".into()), ("p3".into(), "p2".into())]
    );
    w.run(
        "td",
        Command::RecordMark {
            player: user("p1"),
            mark: Mark {
                kind: MarkKind::Engine,
                at: w.now,
            },
        },
    )
    .unwrap();
    assert_eq!(w.champ().matches["q1.1"].winner(), Some(&user("p2")));
    assert_eq!(w.champ().matches["q2.1"].winner(), Some(&user("p4")));
    let rec = w
        .run(
            "td",
            Command::Reinstate {
                player: user("p1"),
                reason: "Lichess lifted the mark".into(),
            },
        )
        .unwrap();
    assert_eq!(rec.len(), 3, "{rec:?}");
    assert_eq!(
        w.champ().matches["q1.1"].outcome,
        Some(Outcome::Score {
            first: 14,
            second: 6
        })
    );
    assert!(!w.champ().matches["q2.1"].finished());
    finish_round(&mut w);
    assert!(w.champ().rounds[2]
        .matches
        .iter()
        .any(|id| w.champ().matches[id].plays(&user("p1"))));
}

/// Candidates: a disqualified Candidate's finished match is disregarded
/// (VIII.B); reinstated, it counts again (its winner has 1 point again).
/// Qualification results are over by then: not corrected. Nobody is
/// reinstated into a stage that started without them.
#[test]
fn acwc_i_c_a_reinstated_candidate_s_games_count_again() {
    let mut w = to_candidates();
    let first = w.champ().rounds.last().unwrap().matches[0].clone();
    report(&mut w, &first, 20, 0);
    let (winner, loser) = {
        let m = &w.champ().matches[&first];
        (m.first.clone(), m.second.clone())
    };
    let points = |w: &World| {
        crate::chess::acwc::standings::candidates_table(w.champ())
            .into_iter()
            .find(|r| r.player == winner)
            .unwrap()
            .points
    };
    w.run(
        "td",
        Command::Disqualify {
            player: loser.clone(),
            reason: Disqualification::PublicAccusation,
        },
    )
    .unwrap();
    assert_eq!(points(&w), 0.0);
    let rec = w
        .run(
            "td",
            Command::Reinstate {
                player: loser.clone(),
                reason: "the accusation was private after all".into(),
            },
        )
        .unwrap();
    assert!(rec.iter().all(|r| r.clause.as_deref() == Some("acwc I.C")));
    assert_eq!(points(&w), 1.0);
    let q = Command::CorrectResult {
        match_id: "q1.1".into(),
        first: 10,
        second: 10,
        reason: "late".into(),
    };
    assert_eq!(w.run("td", q).unwrap_err().kind, RefusalKind::Conflict);
    // p5 or p6 did not qualify; disqualified now, they cannot come back into
    // the Candidates.
    let outsider = ["p3", "p4", "p5", "p6"]
        .into_iter()
        .map(user)
        .find(|u| !w.champ().candidates.contains(u))
        .unwrap();
    w.run(
        "td",
        Command::Disqualify {
            player: outsider.clone(),
            reason: Disqualification::Cheating,
        },
    )
    .unwrap();
    let back = Command::Reinstate {
        player: outsider,
        reason: "x".into(),
    };
    assert_eq!(w.run("td", back).unwrap_err().kind, RefusalKind::Conflict);
}
