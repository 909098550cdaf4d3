//! wm D.VII.6, B.7: NMRs, replacements and civil disorder.

use super::*;

#[test]
fn wm_d_vii_6_b_nmr_in_spring_1901_withholds_adjudication_and_starts_replacement() {
    let mut g = Game1::new();
    for p in Power::ALL.into_iter().filter(|p| *p != Power::Russia) {
        g.submit(p, &[], true, h(1)).unwrap();
    }
    let e = g.tick(h(120));
    assert_eq!(
        e[0],
        Event::AdjudicationWithheld {
            phase: "S1901M".into(),
            missing: vec![Power::Russia]
        }
    );
    assert!(matches!(
        e[1],
        Event::ReplacementProcedureStarted {
            power: Power::Russia,
            ..
        }
    ));
    assert_eq!(g.phase(), "S1901M");
    assert!(g.tick(h(121)).is_empty(), "a second sweep does nothing");
    // The GM seats a replacement and sets a new deadline; the phase then runs.
    g.appoint(
        "gm",
        Power::Russia,
        "sub",
        ReplacementPeriod::Permanent,
        h(122),
    )
    .unwrap();
    g.run("gm", Command::SetDeadline { deadline: h(146) }, h(122))
        .unwrap();
    g.run(
        "sub",
        Command::SubmitOrders {
            power: Power::Russia,
            phase: "S1901M".into(),
            orders: vec![],
            is_final: false,
        },
        h(123),
    )
    .unwrap();
    assert!(adjudicated(&g.tick(h(146))));
}

#[test]
fn wm_d_vii_6_c_after_1901_an_nmr_holds_the_units() {
    let mut g = Game1::new();
    let now = g.play_1901();
    assert_eq!(g.phase(), "S1902M");
    for p in Power::ALL.into_iter().filter(|p| *p != Power::Germany) {
        g.submit(p, &[], false, now).unwrap();
    }
    let d = g.board().deadline.unwrap();
    let e = g.tick(d);
    let Some(Event::PhaseAdjudicated { nmr, .. }) = e
        .iter()
        .find(|e| matches!(e, Event::PhaseAdjudicated { .. }))
    else {
        panic!()
    };
    assert_eq!(nmr, &vec![Power::Germany]);
    assert!(e.iter().any(|e| matches!(
        e,
        Event::NmrRecorded {
            power: Power::Germany,
            ..
        }
    )));
    assert_eq!(
        g.board().position.as_ref().unwrap().units["GERMANY"].len(),
        3
    );
}

#[test]
fn wm_d_vii_6_a_wm_b_8_f_no_contact_starts_replacement_then_civil_disorder() {
    let mut g = Game1::new();
    let now = g.play_1901();
    for p in Power::ALL.into_iter().filter(|p| *p != Power::Germany) {
        g.submit(p, &[], false, now).unwrap();
    }
    let d = g.board().deadline.unwrap();
    g.tick(d);
    let Some(NmrCase::AwaitingContact { contact_by, .. }) =
        g.board().nmrs.get(&Power::Germany).cloned()
    else {
        panic!()
    };
    assert!(contact_by == d + Duration::hours(48) || contact_by == d + Duration::hours(96));
    let e = g.tick(contact_by);
    assert!(matches!(
        e[0],
        Event::ReplacementProcedureStarted {
            power: Power::Germany,
            ..
        }
    ));
    let Some(NmrCase::ReplacementSought { replace_by }) =
        g.board().nmrs.get(&Power::Germany).cloned()
    else {
        panic!()
    };
    assert_eq!(
        g.tick(replace_by)[0],
        Event::CivilDisorder {
            power: Power::Germany
        }
    );
    assert!(g.board().seats[&Power::Germany].civil_disorder);
}

#[test]
fn wm_d_vii_6_a_contacting_the_gm_stops_the_replacement_procedure() {
    let mut g = Game1::new();
    let now = g.play_1901();
    for p in Power::ALL.into_iter().filter(|p| *p != Power::Germany) {
        g.submit(p, &[], false, now).unwrap();
    }
    g.tick(g.board().deadline.unwrap());
    g.run(
        &player(Power::Germany),
        Command::ContactGm {
            power: Power::Germany,
        },
        g.board().deadline.unwrap() - Duration::hours(1),
    )
    .unwrap();
    assert!(g.board().nmrs.is_empty());
}

#[test]
fn wm_b_7_more_than_four_seasons_makes_a_replacement_permanent() {
    let mut g = Game1::new();
    let e = g
        .run(
            "gm",
            Command::AppointReplacement {
                power: Power::Turkey,
                player: u("sub"),
                period: ReplacementPeriod::Temporary { seasons: 5 },
            },
            h(1),
        )
        .unwrap();
    assert!(e.contains(&Event::ReplacementMadePermanent {
        power: Power::Turkey
    }));
    assert!(g.board().seats[&Power::Turkey].replacement.is_none());
    assert_eq!(g.board().seats[&Power::Turkey].player, u("sub"));
}

#[test]
fn wm_b_7_the_players_word_wins_and_a_longer_period_is_permanent() {
    let mut g = Game1::new();
    g.appoint(
        "gm",
        Power::Turkey,
        "sub",
        ReplacementPeriod::Temporary { seasons: 2 },
        h(1),
    )
    .unwrap();
    g.run(
        &player(Power::Turkey),
        Command::DeclareReplacementPeriod {
            power: Power::Turkey,
            period: ReplacementPeriod::Temporary { seasons: 1 },
        },
        h(1),
    )
    .unwrap();
    refused(
        g.run(
            "sub",
            Command::DeclareReplacementPeriod {
                power: Power::Turkey,
                period: ReplacementPeriod::Temporary { seasons: 3 },
            },
            h(2),
        ),
        "wm B.7",
    );
    // The temporary replacement plays one season, then the player returns.
    g.run(
        "sub",
        Command::SubmitOrders {
            power: Power::Turkey,
            phase: "S1901M".into(),
            orders: vec![],
            is_final: true,
        },
        h(2),
    )
    .unwrap();
    refused(g.submit(Power::Turkey, &[], true, h(2)), "wm D.II.3");
    g.all_final(h(3));
    let e = g.tick(h(24));
    assert!(e.contains(&Event::PlayerReturned {
        power: Power::Turkey
    }));
    assert_eq!(
        g.board().seats[&Power::Turkey].player,
        u(&player(Power::Turkey))
    );
    // The player himself extends the period beyond the original: permanent.
    let mut g = Game1::new();
    g.appoint(
        "gm",
        Power::Turkey,
        "sub",
        ReplacementPeriod::Temporary { seasons: 2 },
        h(1),
    )
    .unwrap();
    let e = g
        .run(
            &player(Power::Turkey),
            Command::DeclareReplacementPeriod {
                power: Power::Turkey,
                period: ReplacementPeriod::Temporary { seasons: 3 },
            },
            h(1),
        )
        .unwrap();
    assert!(e.contains(&Event::ReplacementMadePermanent {
        power: Power::Turkey
    }));
}

#[test]
fn wm_b_8_a_in_a_team_round_the_captain_chooses_the_replacement() {
    let mut g = Game1::with(|s| {
        s.captains.insert(Power::Turkey, u("turkey-captain"));
    });
    let appoint = |who: &str, g: &mut Game1, power: Power| {
        g.appoint(who, power, "sub", ReplacementPeriod::Permanent, h(1))
    };
    // Another team's captain, or a player, may not.
    refused(appoint("italy-player", &mut g, Power::Turkey), "wm D.I.1");
    refused(appoint("turkey-captain", &mut g, Power::Italy), "wm D.I.1");
    appoint("turkey-captain", &mut g, Power::Turkey).unwrap();
    assert_eq!(g.board().seats[&Power::Turkey].player, u("sub"), "wm B.8.a");
}

#[test]
fn wm_b_10_the_td_rejects_a_replacement_and_the_search_starts_again() {
    let mut g = Game1::new();
    g.appoint(
        "gm",
        Power::Turkey,
        "sub",
        ReplacementPeriod::Temporary { seasons: 2 },
        h(1),
    )
    .unwrap();
    let reject = |who: &str, g: &mut Game1| {
        g.run(
            who,
            Command::RejectReplacement {
                power: Power::Turkey,
                reason: "sub's team plays Turkey's neighbours".into(),
            },
            h(2),
        )
    };
    refused(reject("gm", &mut g), "wm B.10");
    let e = reject("td", &mut g).unwrap();
    let Event::ReplacementRejected { replace_by, .. } = e[0] else {
        panic!("{e:?}")
    };
    // Monday 5 January 14:00 plus 48 hours is Wednesday, no weekend.
    assert_eq!(
        replace_by,
        h(2) + Duration::hours(48),
        "wm D.VII.6.a period"
    );
    assert_eq!(
        g.board().seats[&Power::Turkey].player,
        u("turkey-player"),
        "the seat returns to the player it replaced"
    );
    assert_eq!(
        g.board().nmrs.get(&Power::Turkey),
        Some(&NmrCase::ReplacementSought { replace_by }),
        "wm B.8.f civil disorder if no one else in time"
    );
    // The rejected player cannot be seated again on this board.
    refused(
        g.appoint(
            "gm",
            Power::Turkey,
            "sub",
            ReplacementPeriod::Permanent,
            h(3),
        ),
        "wm B.10",
    );
    // Nor can an original player be "rejected".
    refused(reject("td", &mut g), "wm B.10");
}
