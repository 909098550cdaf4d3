//! Set-up, registration and eligibility (acwc I.D, II, III.C–E), and the REST shapes.

use super::*;

#[test]
fn acwc_i_d_the_td_cannot_register() {
    let mut w = world();
    assert_eq!(
        clause(
            &mut w,
            "td",
            Command::Register {
                facts: facts("fox", 2000)
            }
        ),
        "acwc I.D"
    );
}

#[test]
fn acwc_ii_a_1_account_created_after_the_cutoff_is_refused() {
    let mut w = world();
    let mut f = facts("late", 2000);
    f.account_created_at = at("2019-03-01T00:00:00Z");
    assert_eq!(
        clause(&mut w, "p1", Command::Register { facts: f }),
        "acwc II.A.1"
    );
    assert!(w.champ().entrants.is_empty());
}

#[test]
fn acwc_ii_a_2_fewer_than_100_rated_games_in_the_variant_is_refused() {
    let mut w = world();
    let mut f = facts("newbie", 2000);
    f.rated_games.insert("antichess".into(), 99);
    f.rated_games.insert("atomic".into(), 5000);
    assert_eq!(
        clause(&mut w, "p1", Command::Register { facts: f }),
        "acwc II.A.2"
    );
}

#[test]
fn acwc_ii_b_td_exception_admits_and_records_the_reason() {
    let mut w = world();
    let mut f = facts("newbie", 2000);
    f.rated_games.clear();
    // Only the TD grants exceptions.
    assert_eq!(
        w.run(
            "org",
            Command::GrantException {
                user: user("p1"),
                reason: "x".into()
            }
        )
        .unwrap_err()
        .kind,
        RefusalKind::Forbidden
    );
    w.run(
        "td",
        Command::GrantException {
            user: user("p1"),
            reason: "2018 finalist, new account".into(),
        },
    )
    .unwrap();
    w.run("p1", Command::Register { facts: f }).unwrap();
    let e = w.champ().entrant(&user("p1")).unwrap();
    assert_eq!(e.status, EntrantStatus::Admitted);
    assert_eq!(e.exception.as_deref(), Some("2018 finalist, new account"));
}

#[test]
fn acwc_ii_c_1_a_mark_after_the_cutoff_refuses() {
    let mut w = world();
    let mut f = facts("marked", 2000);
    f.marks.push(Mark {
        kind: MarkKind::Booster,
        at: at("2018-01-01T00:00:00Z"),
    });
    assert_eq!(
        clause(&mut w, "p1", Command::Register { facts: f }),
        "acwc II.C.1"
    );
}

#[test]
fn acwc_ii_c_2_an_older_mark_sends_the_entry_to_the_td_review() {
    let mut w = world();
    let mut f = facts("reformed", 2000);
    f.marks.push(Mark {
        kind: MarkKind::Engine,
        at: at("2016-01-01T00:00:00Z"),
    });
    let rec = w.run("p1", Command::Register { facts: f }).unwrap();
    assert_eq!(rec[0].clause.as_deref(), Some("acwc II.C.2"));
    assert!(matches!(
        w.champ().entrants[0].status,
        EntrantStatus::Review { .. }
    ));
    // Others do not see the queue; the TD decides.
    let v = w.competition().view(Some(&user("p2")));
    assert_eq!(v.game["entrants"].as_array().unwrap().len(), 0);
    w.run(
        "td",
        Command::ReviewEntry {
            user: user("p1"),
            admit: true,
            reason: "reformed".into(),
        },
    )
    .unwrap();
    assert_eq!(w.champ().entrants[0].status, EntrantStatus::Admitted);
}

#[test]
fn acwc_ii_c_4_a_second_account_disqualifies_both() {
    let mut w = world();
    w.run(
        "p1",
        Command::Register {
            facts: facts("main", 2000),
        },
    )
    .unwrap();
    let mut alt = facts("alt", 2100);
    alt.other_accounts.push("Main".into());
    let rec = w
        .run("p9", Command::Register { facts: alt.clone() })
        .unwrap();
    assert!(rec
        .iter()
        .all(|r| r.clause.as_deref() == Some("acwc II.C.4")));
    assert_eq!(
        w.champ().entrant(&user("p1")).unwrap().status,
        EntrantStatus::Disqualified {
            reason: Disqualification::SecondAccount
        }
    );
    assert!(w.champ().entrant(&user("p9")).is_none());
    // Trying again is refused and changes nothing.
    let before = w.competition().clone();
    assert_eq!(
        clause(&mut w, "p9", Command::Register { facts: alt }),
        "acwc II.C.4"
    );
    assert_eq!(&before, w.competition());
}

#[test]
fn acwc_iii_e_seeding_rating_averages_rating_date_and_window_high() {
    let s = settings_2019();
    let history = [
        RatingPoint {
            at: at("2018-06-01T00:00:00Z"),
            rating: 2050,
        }, // held when the window opens
        RatingPoint {
            at: at("2019-02-01T00:00:00Z"),
            rating: 2301,
        }, // window high
        RatingPoint {
            at: at("2019-08-20T00:00:00Z"),
            rating: 2200,
        }, // held at the rating date
        RatingPoint {
            at: at("2019-09-15T00:00:00Z"),
            rating: 2500,
        }, // after: ignored
    ];
    let seeding = Seeding::from_history(&history, &s);
    assert_eq!(
        seeding,
        Seeding {
            at_rating_date: 2200,
            highest_in_window: 2301
        }
    );
    assert_eq!(seeding.rating(), 2250.5);
}

#[test]
fn acwc_iii_c_d_prequalified_players_skip_the_qualification() {
    let mut s = settings_2019();
    s.holder = Some(user("p1"));
    s.runner_up = Some(user("p2"));
    let mut w = World::configured(at(REGISTRATION), s);
    for i in 1..=8 {
        w.run(
            &format!("p{i}"),
            Command::Register {
                facts: facts(&format!("a{i}"), 2400 - i),
            },
        )
        .unwrap();
    }
    start(&mut w);
    let q = &w.champ().qualification;
    assert_eq!(q.len(), 6);
    assert!(!q.contains(&user("p1")) && !q.contains(&user("p2")));
    for _ in 0..5 {
        finish_round(&mut w);
    }
    assert_eq!(w.champ().stage, Stage::Candidates);
    assert!(w.champ().candidates.contains(&user("p2")));
    assert_eq!(w.champ().candidates.len(), 4);
}

#[test]
fn acwc_commands_and_events_have_the_rest_shapes() {
    let c: Command = serde_json::from_str(
        r#"{"action":"report-result","match_id":"q1.1","first":12,"second":8}"#,
    )
    .unwrap();
    assert_eq!(
        c,
        Command::ReportResult {
            match_id: "q1.1".into(),
            first: 12,
            second: 8
        }
    );
    let c: Command = serde_json::from_str(r#"{"action":"withdraw"}"#).unwrap();
    assert_eq!(c, Command::Withdraw);
    let e = crate::chess::acwc::vocabulary::Event::Disqualified {
        player: user("p1"),
        reason: Disqualification::TwoForfeits,
    };
    let v = serde_json::to_value(&e).unwrap();
    assert_eq!(v["event"], "disqualified");
    assert!(v.get("type").is_none() && v.get("kind").is_none());
}

#[test]
fn acwc_ii_the_organizer_enters_a_player_with_entered_facts() {
    let mut w = world();
    let rec = w
        .run(
            "org",
            Command::EnterPlayer {
                player: user("p1"),
                facts: facts("acc1", 2100),
            },
        )
        .unwrap();
    assert_eq!(rec[0].clause.as_deref(), Some("acwc II.A"));
    let e = w.champ().entrant(&user("p1")).unwrap();
    assert_eq!(e.status, EntrantStatus::Admitted);
    assert_eq!(e.account, "acc1");
    // The same rules hold: the organizer cannot enter an ineligible account (II.A.1)
    // nor the TD (I.D); a player cannot enter someone else.
    let mut young = facts("young", 2000);
    young.account_created_at = at("2019-04-01T00:00:00Z");
    assert_eq!(
        clause(
            &mut w,
            "org",
            Command::EnterPlayer {
                player: user("p2"),
                facts: young
            }
        ),
        "acwc II.A.1"
    );
    assert_eq!(
        clause(
            &mut w,
            "org",
            Command::EnterPlayer {
                player: user("td"),
                facts: facts("fox", 2000)
            }
        ),
        "acwc I.D"
    );
    let before = w.competition().clone();
    assert_eq!(
        clause(
            &mut w,
            "p1",
            Command::EnterPlayer {
                player: user("p3"),
                facts: facts("acc3", 2000)
            }
        ),
        "acwc II",
        "acwc II: only the organizer enters another player"
    );
    assert_eq!(&before, w.competition(), "a refusal changes nothing");
}

#[test]
fn acwc_ii_c_2_a_mark_the_source_cannot_date_waits_for_the_td_review() {
    let mut w = world();
    let mut f = facts("flagged", 2000);
    f.unverified
        .push("Lichess flags a terms-of-service violation without its kind or date".into());
    let rec = w.run("p1", Command::Register { facts: f.clone() }).unwrap();
    assert_eq!(rec[0].clause.as_deref(), Some("acwc II.C.2"));
    assert!(matches!(
        w.champ().entrants[0].status,
        EntrantStatus::Review { .. }
    ));
    // II.A still refuses first: an unverified mark does not save a young account.
    f.account = "flagged2".into();
    f.account_created_at = at("2019-06-01T00:00:00Z");
    assert_eq!(
        clause(&mut w, "p2", Command::Register { facts: f }),
        "acwc II.A.1"
    );
}

/// acwc I.D: the TD will not participate, so an entrant is not made TD;
/// someone who has not entered may be.
#[test]
fn acwc_i_d_an_entrant_is_not_made_td() {
    let mut w = with_players(2);
    let grant = |who: &str| crate::competition::Command::GrantRole {
        user: user(who),
        role: crate::competition::Role::TournamentDirector,
    };
    let refusal = w.envelope("org", grant("p1")).unwrap_err();
    assert_eq!(refusal.clause.as_deref(), Some("acwc I.D"), "{refusal:?}");
    assert!(w.envelope("org", grant("deputy")).is_ok());
}

/// acwc IV.D: the Qualification starts Monday 30 September 2019 00:00 UTC.
/// An entry at 00:00:05, before any tick has recorded the start, comes after
/// it: refused, as are an exception and a new set-up; one second before the
/// start an entry is still accepted. Round 1 then pairs the four entered
/// players only (p1-p2, p3-p4).
#[test]
fn acwc_iv_d_an_entry_after_the_start_instant_is_refused_before_any_tick() {
    let mut w = with_players(3);
    w.now = at("2019-09-29T23:59:59Z");
    w.run(
        "p4",
        Command::Register {
            facts: facts("acc4", 2000),
        },
    )
    .unwrap();
    w.now = at("2019-09-30T00:00:05Z");
    assert_eq!(w.champ().stage, Stage::Registration, "no tick yet");
    let late = Command::Register {
        facts: facts("late", 2500),
    };
    assert_eq!(clause(&mut w, "late", late), "acwc IV.D");
    let exception = Command::GrantException {
        user: user("late"),
        reason: "streamer".into(),
    };
    assert_eq!(clause(&mut w, "td", exception), "acwc IV.D");
    let configure = Command::Configure {
        settings: settings_2019(),
    };
    assert_eq!(clause(&mut w, "org", configure), "acwc IV.D");
    w.tick();
    assert_eq!(
        w.champ().qualification,
        vec![user("p1"), user("p2"), user("p3"), user("p4")]
    );
    assert!(w.champ().entrant(&user("late")).is_none());
}

/// acwc IV.D, II.C.2: an entry still in review at the start instant is left
/// out: the TD may deny it after that instant but not admit it into a
/// Qualification that has started, even before a tick has recorded the start.
#[test]
fn acwc_iv_d_an_entry_in_review_at_the_start_is_left_out() {
    let mut w = with_players(2);
    let mut f = facts("reformed", 2500);
    f.marks.push(Mark {
        kind: MarkKind::Engine,
        at: at("2016-01-01T00:00:00Z"),
    });
    w.run("p3", Command::Register { facts: f }).unwrap();
    w.now = at("2019-09-30T00:00:05Z");
    let review = |admit| Command::ReviewEntry {
        user: user("p3"),
        admit,
        reason: "decided".into(),
    };
    assert_eq!(clause(&mut w, "td", review(true)), "acwc IV.D");
    w.run("td", review(false)).unwrap();
    assert_eq!(w.champ().qualification, vec![user("p1"), user("p2")]);
}

/// acwc II.C.4 the other way round: "main" enters first, its facts naming
/// "alt" as another account of the same person; "alt" enters later with
/// facts that name nothing. "alt" is not registered and "main" is
/// disqualified, as when the later entry's facts name the earlier one.
#[test]
fn acwc_ii_c_4_the_earlier_entry_s_facts_naming_the_new_account_disqualify_both() {
    let mut w = world();
    let mut main = facts("main", 2000);
    main.other_accounts.push("ALT".into());
    w.run("p1", Command::Register { facts: main }).unwrap();
    let rec = w
        .run(
            "p9",
            Command::Register {
                facts: facts("alt", 2100),
            },
        )
        .unwrap();
    assert!(rec
        .iter()
        .all(|r| r.clause.as_deref() == Some("acwc II.C.4")));
    assert_eq!(
        w.champ().entrant(&user("p1")).unwrap().status,
        EntrantStatus::Disqualified {
            reason: Disqualification::SecondAccount
        }
    );
    assert!(w.champ().entrant(&user("p9")).is_none());
    // An unrelated account still enters.
    w.run(
        "p2",
        Command::Register {
            facts: facts("other", 1900),
        },
    )
    .unwrap();
}

/// acwc II.C.4: which accounts the facts link is for the officials: the
/// log shows a player the entry without them, the TD with them.
#[test]
fn acwc_ii_c_4_linked_accounts_are_shown_to_the_officials_only() {
    use crate::rulebook::parts::*;
    let mut w = world();
    let mut main = facts("main", 2000);
    main.other_accounts.push("alt".into());
    w.run("p1", Command::Register { facts: main }).unwrap();
    let crate::competition::Event::Acwc(e) = &w.log().last().unwrap().events[0].event else {
        panic!("an ACWC event");
    };
    let shown = |viewer: &str| {
        let e = w
            .champ()
            .redact(w.competition(), e, Some(&user(viewer)))
            .unwrap();
        serde_json::to_value(e).unwrap()["other_accounts"].clone()
    };
    assert_eq!(shown("td"), serde_json::json!(["alt"]));
    assert_eq!(shown("org"), serde_json::json!(["alt"]));
    assert_eq!(shown("p2"), serde_json::Value::Null);
}
