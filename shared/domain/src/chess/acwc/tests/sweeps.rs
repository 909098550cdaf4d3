//! Runs that come late: what fell due while no tick ran is caught up by the
//! next one, once (acwc V.C–H, IV.F).

use super::*;

/// Round 1 of four players (q1.1 p1-p2, q1.2 p3-p4) is published Monday 30
/// September 00:00 UTC: offers by Wednesday 2 October 23:59:59, deadline
/// Sunday 6 October 23:59:59. p1 makes three offers on Monday, nobody else
/// offers, and no tick runs until Monday 7 October 00:00. That tick keeps
/// the Wednesday deadline first, match by match: q1.1 p2 made none, so p1
/// chooses (V.E); q1.2 neither made three, so the TD assigns (V.F); then
/// the round deadline flags both (IV.F). A second tick adds nothing.
#[test]
fn acwc_v_e_v_f_a_missed_wednesday_run_is_caught_up_after_the_round_deadline() {
    let mut w = with_players(4);
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
    assert_eq!(w.competition().next_due(), Some(at("2019-10-03T00:00:00Z")));
    w.now = at("2019-10-07T00:00:00Z");
    let clauses: Vec<String> = w.tick().into_iter().filter_map(|r| r.clause).collect();
    assert_eq!(clauses, ["acwc V.E", "acwc IV.F", "acwc V.F", "acwc IV.F"]);
    let q1 = &w.champ().matches["q1.1"].negotiation;
    assert_eq!(
        (q1.chooser.clone(), q1.at_fault.clone()),
        (Some(user("p1")), vec![user("p2")])
    );
    let q2 = &w.champ().matches["q1.2"].negotiation;
    assert!(q2.failed && q2.chooser.is_none());
    assert!(w.tick().is_empty(), "caught up once");
}

/// Both players of q1.1 make three offers by Wednesday and agree none; no
/// tick runs from Monday to the next Monday. The late tick refers the match
/// to the TD (V.H, due Saturday 5 October 00:00), then flags the deadline
/// (IV.F), once.
#[test]
fn acwc_v_h_a_missed_weekend_run_is_caught_up_once() {
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
    w.now = at("2019-10-07T00:00:00Z");
    let clauses: Vec<String> = w.tick().into_iter().filter_map(|r| r.clause).collect();
    assert_eq!(clauses, ["acwc V.H", "acwc IV.F"]);
    assert!(w.champ().matches["q1.1"].negotiation.referred);
    assert!(w.tick().is_empty());
    assert_eq!(w.competition().next_due(), None);
}

/// `next_due` stops reading the round at the first match due at
/// the Wednesday deadline, the earliest a round has. Round 1 of four
/// players is published Monday 30 September: offers by Wednesday 2 October
/// 23:59:59, so V.C acts at Thursday 3 October 00:00; V.H "before the
/// weekend" at Saturday 5 October 00:00. Both players of q1.1 make three
/// offers (q1.1 is due only at the weekend); q1.2 has none, so the round is
/// due Thursday. Once q1.2's players make three offers too, the weekend is
/// next.
#[test]
fn acwc_v_c_v_h_the_next_deadline_is_the_earliest_of_any_match_of_the_round() {
    let mut w = with_players(4);
    start(&mut w);
    let offers = |w: &mut World, m: &str, players: [&str; 2]| {
        for (i, p) in players.into_iter().enumerate() {
            for day in 0..3 {
                let t = at("2019-10-03T10:00:00Z")
                    + Duration::days(day)
                    + Duration::hours(4 * i as i64);
                w.run(
                    p,
                    Command::OfferTime {
                        match_id: m.into(),
                        at: t,
                    },
                )
                .unwrap();
            }
        }
    };
    offers(&mut w, "q1.1", ["p1", "p2"]);
    assert_eq!(w.competition().next_due(), Some(at("2019-10-03T00:00:00Z")));
    offers(&mut w, "q1.2", ["p3", "p4"]);
    assert_eq!(w.competition().next_due(), Some(at("2019-10-05T00:00:00Z")));
}
