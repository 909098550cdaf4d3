//! Qualification and Candidates rounds, results, negotiation, forfeits and leaving (acwc III.F–G, IV–VIII.B).

use super::*;
use crate::rulebook::parts::*;

#[test]
fn acwc_iii_f_1_a_match_may_stop_once_a_player_reaches_5_5() {
    assert!(check_score(11, 5, 10, true).is_ok()); // 5.5-2.5 after 8 games
    assert!(check_score(12, 4, 10, true).is_ok()); // 6-2: the last game took 5 to 6
    assert!(check_score(10, 6, 10, true).is_err()); // 5-3: nobody reached 5.5
    assert!(check_score(14, 0, 10, true).is_err()); // 7-0: should have stopped at 5.5
    assert!(check_score(10, 10, 10, true).is_ok()); // 5-5 tie
    assert!(check_score(11, 10, 10, true).is_err()); // odd half games
    assert!(check_score(12, 10, 10, true).is_err()); // 11 games
}

#[test]
fn acwc_iii_g_2_candidates_matches_are_not_stopped_early() {
    let e = check_score(11, 5, 10, false).unwrap_err();
    assert_eq!(e.clause.as_deref(), Some("acwc III.G.2"));
    assert!(check_score(13, 7, 10, false).is_ok());
}

#[test]
fn acwc_iii_f_2_forty_players_play_six_rounds_and_iii_f_4_pairs_by_seed() {
    let mut w = with_players(40);
    start(&mut w);
    assert_eq!(w.champ().qualification_rounds, 6);
    let r1 = &w.champ().rounds[0];
    assert_eq!(r1.matches.len(), 20);
    // III.F.4.3 on a fresh ranking: 1-2, 3-4, ...
    let m = &w.champ().matches["q1.1"];
    assert_eq!((m.first.as_str(), m.second.as_str()), ("p1", "p2"));
}

#[test]
fn acwc_iv_d_first_round_published_at_the_start_and_a_second_tick_changes_nothing() {
    let mut w = with_players(6);
    w.now = at("2019-09-29T23:59:59Z");
    assert!(w.tick().is_empty());
    assert_eq!(w.competition().next_due(), Some(at("2019-09-30T00:00:00Z")));
    w.now = at("2019-09-30T00:00:00Z");
    let first = w.tick();
    assert!(!first.is_empty());
    let r = &w.champ().rounds[0];
    assert_eq!(r.deadline, at("2019-10-06T23:59:59Z"));
    let before = w.competition().clone();
    assert!(w.tick().is_empty());
    assert_eq!(&before, w.competition());
    // Registration is closed now.
    assert_eq!(
        clause(
            &mut w,
            "late",
            Command::Register {
                facts: facts("late", 2000)
            }
        ),
        "acwc IV.D"
    );
}

/// acwc IV.A, IV.F: the start falls due at Monday 30 September 00:00 UTC
/// and the schedule's tick comes five seconds (or, delayed, nine hours)
/// later, still on that Monday: round 1 has that week and ends Sunday
/// 6 October 23:59:59, not a fortnight later. A round published on the
/// Tuesday would end on Sunday 13 October (the next whole week).
#[test]
fn acwc_iv_f_a_round_published_late_on_its_monday_still_ends_that_sunday() {
    for tick in ["2019-09-30T00:00:05Z", "2019-09-30T09:00:00Z"] {
        let mut w = with_players(6);
        w.now = at(tick);
        assert!(!w.tick().is_empty());
        assert_eq!(
            w.champ().rounds[0].deadline,
            at("2019-10-06T23:59:59Z"),
            "{tick}"
        );
    }
    let mut w = with_players(6);
    w.now = at("2019-10-01T00:00:00Z");
    w.tick();
    assert_eq!(w.champ().rounds[0].deadline, at("2019-10-13T23:59:59Z"));
}

#[test]
fn acwc_iv_e_the_next_round_is_published_as_soon_as_the_round_is_complete() {
    let mut w = with_players(6);
    start(&mut w);
    w.now = at("2019-10-02T18:00:00Z"); // Wednesday
    assert_eq!(
        w.run("td", Command::PairRound).unwrap_err().kind,
        RefusalKind::Conflict
    );
    finish_round(&mut w);
    assert_eq!(w.champ().rounds.len(), 2);
    let r2 = &w.champ().rounds[1];
    assert_eq!(r2.published_at, at("2019-10-02T18:00:00Z"));
    // Published mid-week: the round runs to the end of the next week.
    assert_eq!(r2.deadline, at("2019-10-13T23:59:59Z"));
}

#[test]
fn acwc_iv_f_the_deadline_sweep_flags_unfinished_matches_for_the_td() {
    let mut w = with_players(4);
    start(&mut w);
    report(&mut w, "q1.1", 20, 0);
    w.now = at("2019-10-06T23:59:59Z");
    assert!(w
        .tick()
        .iter()
        .all(|r| r.clause.as_deref() != Some("acwc IV.F")));
    w.now = at("2019-10-07T00:00:00Z");
    let swept = w.tick();
    assert!(swept
        .iter()
        .any(|r| r.clause.as_deref() == Some("acwc IV.F")));
    assert!(w.tick().is_empty());
    assert_eq!(w.champ().rounds.len(), 1, "the round waits for the TD");
    w.run(
        "td",
        Command::SettleResult {
            match_id: "q1.2".into(),
            first: 10,
            second: 10,
            reason: "adjourned".into(),
        },
    )
    .unwrap();
    assert_eq!(w.champ().rounds.len(), 2);
}

#[test]
fn acwc_v_d_offers_are_three_hours_apart_and_at_most_two_per_date() {
    let mut w = with_players(2);
    start(&mut w);
    let offer = |t: &str| Command::OfferTime {
        match_id: "q1.1".into(),
        at: at(t),
    };
    w.run("p1", offer("2019-10-03T10:00:00Z")).unwrap();
    assert_eq!(
        clause(&mut w, "p1", offer("2019-10-03T12:59:00Z")),
        "acwc V.D"
    );
    w.run("p1", offer("2019-10-03T13:00:00Z")).unwrap();
    assert_eq!(
        clause(&mut w, "p1", offer("2019-10-03T20:00:00Z")),
        "acwc V.D"
    );
    w.run("p1", offer("2019-10-04T20:00:00Z")).unwrap();
    // The opponent accepts one: the time is fixed.
    w.run(
        "p2",
        Command::AcceptOffer {
            match_id: "q1.1".into(),
            at: at("2019-10-04T20:00:00Z"),
        },
    )
    .unwrap();
    assert_eq!(
        w.champ().matches["q1.1"].negotiation.time,
        Some(at("2019-10-04T20:00:00Z"))
    );
}

#[test]
fn acwc_v_e_a_player_without_three_offers_by_wednesday_lets_the_opponent_choose() {
    let mut w = with_players(2);
    start(&mut w);
    for t in [
        "2019-10-03T10:00:00Z",
        "2019-10-03T14:00:00Z",
        "2019-10-04T10:00:00Z",
    ] {
        w.run(
            "p1",
            Command::OfferTime {
                match_id: "q1.1".into(),
                at: at(t),
            },
        )
        .unwrap();
    }
    w.now = at("2019-10-03T00:00:00Z"); // Thursday 00:00
    let rec = w.tick();
    assert_eq!(rec[0].clause.as_deref(), Some("acwc V.E"));
    let n = &w.champ().matches["q1.1"].negotiation;
    assert_eq!(n.chooser, Some(user("p1")));
    assert_eq!(
        clause(
            &mut w,
            "p2",
            Command::FixMatchTime {
                match_id: "q1.1".into(),
                at: at("2019-10-05T10:00:00Z")
            }
        ),
        "acwc V.E"
    );
    w.run(
        "p1",
        Command::FixMatchTime {
            match_id: "q1.1".into(),
            at: at("2019-10-05T10:00:00Z"),
        },
    )
    .unwrap();
    assert!(w.tick().is_empty());
}

#[test]
fn acwc_v_f_when_both_fail_the_td_assigns_the_time() {
    let mut w = with_players(2);
    start(&mut w);
    w.now = at("2019-10-03T00:00:00Z");
    let rec = w.tick();
    assert_eq!(rec[0].clause.as_deref(), Some("acwc V.F"));
    assert_eq!(w.champ().matches["q1.1"].negotiation.chooser, None);
    w.run(
        "td",
        Command::FixMatchTime {
            match_id: "q1.1".into(),
            at: at("2019-10-05T10:00:00Z"),
        },
    )
    .unwrap();
}

#[test]
fn acwc_vi_d_a_no_show_can_be_claimed_after_the_ten_minute_grace() {
    let mut w = with_players(2);
    start(&mut w);
    w.run(
        "p1",
        Command::OfferTime {
            match_id: "q1.1".into(),
            at: at("2019-10-01T18:00:00Z"),
        },
    )
    .unwrap();
    w.run(
        "p2",
        Command::AcceptOffer {
            match_id: "q1.1".into(),
            at: at("2019-10-01T18:00:00Z"),
        },
    )
    .unwrap();
    w.now = at("2019-10-01T18:09:59Z");
    let claim = Command::ClaimNoShow {
        match_id: "q1.1".into(),
        choice: NoShowChoice::ClaimWin,
    };
    assert_eq!(clause(&mut w, "p1", claim.clone()), "acwc VI.D");
    w.now = at("2019-10-01T18:10:00Z");
    w.run("p1", claim).unwrap();
    let m = &w.champ().matches["q1.1"];
    assert_eq!(
        m.outcome,
        Some(Outcome::Awarded {
            winner: user("p1"),
            award: Award::Forfeit
        })
    );
}

#[test]
fn acwc_vi_e_a_player_who_leaves_has_ten_minutes() {
    let mut w = with_players(2);
    start(&mut w);
    w.now = at("2019-10-01T18:09:00Z");
    let claim = Command::ClaimAbandonedGame {
        match_id: "q1.1".into(),
        left_at: at("2019-10-01T18:00:00Z"),
    };
    assert_eq!(clause(&mut w, "p1", claim.clone()), "acwc VI.E");
    w.now = at("2019-10-01T18:10:00Z");
    assert_eq!(
        w.run("p1", claim).unwrap()[0].clause.as_deref(),
        Some("acwc VI.E")
    );
}

#[test]
fn acwc_vi_f_two_forfeits_disqualify() {
    let mut w = with_players(4);
    start(&mut w);
    let loser = w.champ().matches["q1.1"].second.clone();
    w.run(
        "td",
        Command::DeclareForfeit {
            match_id: "q1.1".into(),
            loser: loser.clone(),
            reason: "no rematch".into(),
        },
    )
    .unwrap();
    finish_round(&mut w);
    let id = w.champ().rounds[1]
        .matches
        .iter()
        .find(|id| w.champ().matches[*id].plays(&loser))
        .unwrap()
        .clone();
    let rec = w
        .run(
            "td",
            Command::DeclareForfeit {
                match_id: id,
                loser: loser.clone(),
                reason: "no-show".into(),
            },
        )
        .unwrap();
    assert!(rec.iter().any(|r| r.clause.as_deref() == Some("acwc VI.F")));
    assert_eq!(
        w.champ().entrant(&loser).unwrap().status,
        EntrantStatus::Disqualified {
            reason: Disqualification::TwoForfeits
        }
    );
}

#[test]
fn acwc_vi_g_either_player_reports_the_opponent_confirms_or_disputes_the_td_settles() {
    let mut w = with_players(2);
    start(&mut w);
    w.run(
        "p2",
        Command::ReportResult {
            match_id: "q1.1".into(),
            first: 8,
            second: 12,
        },
    )
    .unwrap();
    // The reporter cannot confirm their own report.
    assert_eq!(
        w.run(
            "p2",
            Command::ConfirmResult {
                match_id: "q1.1".into()
            }
        )
        .unwrap_err()
        .kind,
        RefusalKind::Conflict
    );
    w.run(
        "p1",
        Command::DisputeResult {
            match_id: "q1.1".into(),
            reason: "it was 6-4 for me".into(),
        },
    )
    .unwrap();
    assert!(!w.champ().matches["q1.1"].finished());
    assert_eq!(
        w.run(
            "p1",
            Command::SettleResult {
                match_id: "q1.1".into(),
                first: 12,
                second: 8,
                reason: "x".into()
            }
        )
        .unwrap_err()
        .kind,
        RefusalKind::Forbidden
    );
    w.run(
        "td",
        Command::SettleResult {
            match_id: "q1.1".into(),
            first: 12,
            second: 8,
            reason: "game 7 link".into(),
        },
    )
    .unwrap();
    assert_eq!(
        w.champ().matches["q1.1"].outcome,
        Some(Outcome::Score {
            first: 12,
            second: 8
        })
    );
}

/// acwc VII.A: p1 reports p2 for "engine-like" play.
fn p1_reports_p2() -> World {
    let mut w = with_players(2);
    w.run(
        "p1",
        Command::ReportCheating {
            accused: user("p2"),
            details: "engine-like".into(),
        },
    )
    .unwrap();
    w
}

#[test]
fn acwc_vii_a_cheating_reports_are_visible_only_to_the_td() {
    let w = p1_reports_p2();
    let td = user("td");
    let p1 = user("p1");
    assert!(w
        .competition()
        .view(Some(&p1))
        .game
        .get("cheating_reports")
        .is_none());
    assert_eq!(
        w.competition().view(Some(&td)).game["cheating_reports"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    let commit_events = |viewer: &UserId, w: &World| -> usize {
        let state = w.champ();
        let e = crate::chess::acwc::vocabulary::Event::CheatingReported {
            report: 1,
            by: user("p1"),
            accused: user("p2"),
            details: "engine-like".into(),
        };
        usize::from(state.redact(w.competition(), &e, Some(viewer)).is_some())
    };
    assert_eq!(commit_events(&p1, &w), 0);
    assert_eq!(commit_events(&td, &w), 1);
}

/// acwc VII.A: the report is private to the TD, and so is the act of
/// reporting: the accused, other players and outsiders read the report's
/// log entry as withheld, with no actor and no time; the reporter sees
/// their own act, the TD all of it.
#[test]
fn acwc_vii_a_the_log_hides_who_accused_and_when() {
    let w = p1_reports_p2();
    let report = w.log().last().unwrap();
    for viewer in [
        Some(user("p2")),
        Some(user("org")),
        Some(user("someone")),
        None,
    ] {
        let entry = report.log_entry(w.competition(), viewer.as_ref());
        assert_eq!(entry.actor, None, "{viewer:?} learns who accused");
        assert_eq!(entry.at, None, "{viewer:?} learns when");
        assert_eq!(entry.command, crate::competition::WITHHELD_COMMAND);
        assert!(entry.events.is_empty());
    }
    let own = report.log_entry(w.competition(), Some(&user("p1")));
    assert_eq!(own.command, "report-cheating");
    assert!(own.events.is_empty(), "the report itself is the TD's alone");
    let td = report.log_entry(w.competition(), Some(&user("td")));
    assert_eq!(td.at, Some(report.at));
    assert_eq!(td.events.len(), 1);
}

#[test]
fn acwc_vii_b_a_guilty_finding_disqualifies() {
    let mut w = with_players(2);
    w.run(
        "p1",
        Command::ReportCheating {
            accused: user("p2"),
            details: "x".into(),
        },
    )
    .unwrap();
    w.run(
        "td",
        Command::RuleOnCheatingReport {
            report: 1,
            guilty: true,
        },
    )
    .unwrap();
    assert_eq!(
        w.champ().entrant(&user("p2")).unwrap().status,
        EntrantStatus::Disqualified {
            reason: Disqualification::Cheating
        }
    );
}

#[test]
fn acwc_viii_a_1_withdrawal_gives_the_opponent_the_uncompleted_match() {
    let mut w = with_players(4);
    start(&mut w);
    w.run("p2", Command::Withdraw).unwrap();
    let m = &w.champ().matches["q1.1"];
    assert_eq!(
        m.outcome,
        Some(Outcome::Awarded {
            winner: user("p1"),
            award: Award::Withdrawal
        })
    );
    finish_round(&mut w);
    let r2 = &w.champ().rounds[1];
    assert!(r2
        .matches
        .iter()
        .all(|id| !w.champ().matches[id].plays(&user("p2"))));
    assert!(r2.bye.is_some(), "three players left: one bye");
}

#[test]
fn acwc_viii_a_2_and_vii_c_an_engine_mark_during_the_event_turns_finished_matches() {
    let mut w = with_players(4);
    start(&mut w);
    report(&mut w, "q1.1", 14, 6); // p1 beats p2
    report(&mut w, "q1.2", 10, 10);
    w.now = at("2019-10-03T00:00:00Z");
    let rec = w
        .run(
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
    assert!(rec
        .iter()
        .any(|r| r.clause.as_deref() == Some("acwc VII.C")));
    assert!(rec
        .iter()
        .any(|r| r.clause.as_deref() == Some("acwc VIII.A.2")));
    assert_eq!(
        w.champ().matches["q1.1"].outcome,
        Some(Outcome::Awarded {
            winner: user("p2"),
            award: Award::EngineMark
        })
    );
}

#[test]
fn acwc_viii_a_2_a_booster_mark_leaves_finished_matches_alone() {
    let mut w = with_players(4);
    start(&mut w);
    report(&mut w, "q1.1", 14, 6);
    w.run(
        "td",
        Command::Disqualify {
            player: user("p1"),
            reason: Disqualification::BoosterMark,
        },
    )
    .unwrap();
    assert_eq!(
        w.champ().matches["q1.1"].outcome,
        Some(Outcome::Score {
            first: 14,
            second: 6
        })
    );
}

#[test]
fn acwc_viii_b_a_withdrawn_candidate_s_games_are_disregarded() {
    let mut w = to_candidates();
    assert_eq!(w.champ().candidates.len(), 4);
    let r1 = w.champ().rounds.last().unwrap().clone();
    let first = r1.matches[0].clone();
    report(&mut w, &first, 20, 0);
    let loser = w.champ().matches[&first].second.clone();
    let winner = w.champ().matches[&first].first.clone();
    let rec = w.run(loser.as_str(), Command::Withdraw).unwrap();
    assert!(rec
        .iter()
        .any(|r| r.clause.as_deref() == Some("acwc VIII.B")));
    let table = crate::chess::acwc::standings::candidates_table(w.champ());
    let row = table.iter().find(|r| r.player == winner).unwrap();
    assert_eq!(
        row.points, 0.0,
        "the win over the withdrawn player no longer counts"
    );
    // Later rounds do not pair the withdrawn player.
    while w.champ().stage == Stage::Candidates {
        finish_round(&mut w);
    }
    assert!(w
        .champ()
        .matches
        .values()
        .filter(|m| m.stage == Stage::Candidates && m.plays(&loser))
        .all(|m| m.disregarded));
}

#[test]
fn acwc_v_h_no_agreement_before_the_weekend_goes_to_the_td() {
    let mut w = with_players(2);
    start(&mut w);
    for (p, hours) in [("p1", 0), ("p2", 1)] {
        for day in 0..3 {
            let t = at("2019-10-03T10:00:00Z") + Duration::days(day) + Duration::hours(hours * 4);
            w.run(
                p,
                Command::OfferTime {
                    match_id: "q1.1".into(),
                    at: t,
                },
            )
            .unwrap();
        }
    }
    w.now = at("2019-10-03T00:00:00Z");
    assert!(w.tick().is_empty(), "both made three offers by Wednesday");
    assert_eq!(w.competition().next_due(), Some(at("2019-10-05T00:00:00Z")));
    w.now = at("2019-10-05T00:00:00Z");
    assert_eq!(w.tick()[0].clause.as_deref(), Some("acwc V.H"));
    w.run(
        "td",
        Command::RuleOnNegotiation {
            match_id: "q1.1".into(),
            at_fault: Some(user("p2")),
        },
    )
    .unwrap();
    // acwc V.I: the opponent of the player at fault chooses.
    assert_eq!(
        w.champ().matches["q1.1"].negotiation.chooser,
        Some(user("p1"))
    );
}

#[test]
fn acwc_vi_a_one_break_each_of_at_most_ten_minutes() {
    let mut w = with_players(2);
    start(&mut w);
    let m = w.champ().matches["q1.1"].clone();
    let (first, second) = (m.first.to_string(), m.second.to_string());
    let call = || Command::CallBreak {
        match_id: "q1.1".into(),
    };
    // The second player calls a break between two games at 18:00.
    w.now = at("2019-10-01T18:00:00Z");
    assert_eq!(
        w.run(&second, call()).unwrap()[0].clause.as_deref(),
        Some("acwc VI.A")
    );
    assert_eq!(
        clause(&mut w, &second, call()),
        "acwc VI.A",
        "one break a match"
    );
    // Not gone while on the break: a claim before 18:10 is refused...
    w.now = at("2019-10-01T18:09:59Z");
    let claim = Command::ClaimAbandonedGame {
        match_id: "q1.1".into(),
        left_at: at("2019-10-01T17:59:00Z"),
    };
    assert_eq!(clause(&mut w, &first, claim.clone()), "acwc VI.A");
    // ...and stands once the ten minutes are over (acwc VI.E).
    w.now = at("2019-10-01T18:10:00Z");
    w.run(&first, claim).unwrap();
    // The other player still has their own break.
    w.run(&first, call()).unwrap();
    assert_eq!(w.champ().matches["q1.1"].breaks.len(), 2);
}
