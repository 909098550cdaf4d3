//! wm B.8.c, D.VII.6.a: a player who missed orders comes back before a
//! replacement is seated.

use super::*;

/// Russia misses Spring 1901 (everyone else final at hour 1, deadline hour
/// 120).
fn russia_misses_spring_1901() -> Game1 {
    let mut g = Game1::new();
    for p in Power::ALL.into_iter().filter(|p| *p != Power::Russia) {
        g.submit(p, &[], true, h(1)).unwrap();
    }
    g.tick(h(120));
    g
}

/// wm B.8.c, D.VII.6.a: Russia misses Spring 1901, then orders; no
/// replacement is seated. By hand: hour 120 is Saturday 10 January 2026,
/// noon UTC, so the 48 hours after it hold a weekend and the period is 96
/// hours: the replacement would be due by hour 216. Russia's set at hour 121
/// reaches the GM (the contact D.VII.6.a asks for) while no replacement has
/// submitted orders (B.8.c keeps the right of return), so the search ends:
/// at hour 216 nothing falls due, Russia is not in civil disorder, may
/// propose (D.IX.1), and early adjudication waits for its final set
/// (D.VII.2).
#[test]
fn wm_b_8_c_a_player_who_orders_again_before_a_replacement_is_seated_keeps_the_seat() {
    let mut g = russia_misses_spring_1901();
    assert_eq!(
        g.board().nmrs.get(&Power::Russia),
        Some(&NmrCase::ReplacementSought { replace_by: h(216) })
    );
    let e = g.submit(Power::Russia, &[], true, h(121)).unwrap();
    assert!(e.contains(&Event::GmContacted {
        power: Power::Russia
    }));
    assert_eq!(g.board().nmrs.get(&Power::Russia), None);
    // D.VII.6.b: the GM sets the withheld phase's new deadline; it runs.
    g.run("gm", Command::SetDeadline { deadline: h(150) }, h(121))
        .unwrap();
    assert!(adjudicated(&g.tick(h(122))));
    assert_eq!(g.phase(), "F1901M");
    // B.8.f does not strike: no civil disorder at hour 216.
    let e = g.tick(h(216));
    assert!(
        !e.iter().any(|e| matches!(e, Event::CivilDisorder { .. })),
        "{e:?}"
    );
    assert!(!g.board().seats[&Power::Russia].civil_disorder);
    // D.IX.1: Russia remains a voter.
    g.propose_draw(Power::Russia, h(217));
    // D.VII.2: everyone else final is not enough for an early adjudication.
    for p in Power::ALL.into_iter().filter(|p| *p != Power::Russia) {
        g.submit(p, &[], true, h(217)).unwrap();
    }
    assert!(!adjudicated(&g.tick(h(241))));
    g.submit(Power::Russia, &[], true, h(218)).unwrap();
    assert!(adjudicated(&g.tick(h(241))));
}

/// wm B.8.c: the player may also come back by contacting the GM while the
/// replacement is sought and none is seated. By hand: the contact ends the
/// search, so hour 216 (the end of the 96-hour period) brings no civil
/// disorder.
#[test]
fn wm_b_8_c_contacting_the_gm_while_a_replacement_is_sought_returns_the_player() {
    let mut g = russia_misses_spring_1901();
    let e = g
        .run(
            &player(Power::Russia),
            Command::ContactGm {
                power: Power::Russia,
            },
            h(130),
        )
        .unwrap();
    assert_eq!(
        e,
        vec![Event::GmContacted {
            power: Power::Russia
        }]
    );
    assert!(g.tick(h(216)).is_empty());
    assert!(!g.board().seats[&Power::Russia].civil_disorder);
}

/// wm B.8.c: "A position placed in Civil Disorder will not preclude any
/// subsequent orders being submitted by the Player". By hand: Germany misses
/// S1902M, does not contact the GM, no replacement is found, and falls into
/// civil disorder (B.8.f); its set afterwards lifts the disorder, so Germany
/// votes again and is waited for.
#[test]
fn wm_b_8_c_orders_from_a_position_in_civil_disorder_lift_it() {
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
        panic!("Germany's NMR awaits contact")
    };
    g.tick(contact_by);
    let Some(NmrCase::ReplacementSought { replace_by }) =
        g.board().nmrs.get(&Power::Germany).cloned()
    else {
        panic!("a replacement is sought")
    };
    g.tick(replace_by);
    assert!(g.board().seats[&Power::Germany].civil_disorder);
    refused(
        g.run(
            &player(Power::Germany),
            Command::Propose {
                proposal: draw_all(),
            },
            replace_by,
        ),
        "wm D.IX.1",
    );
    let e = g.submit(Power::Germany, &[], false, replace_by).unwrap();
    assert!(e.contains(&Event::CivilDisorderLifted {
        power: Power::Germany
    }));
    assert!(!g.board().seats[&Power::Germany].civil_disorder);
    g.propose_draw(Power::Germany, replace_by);
}

/// wm B.8.c: "The original player will maintain right of return until such
/// time as the ... player designated ... submits orders for the position".
/// By hand: the GM seats `sub` for Turkey at hour 1; Turkey's player orders
/// at hour 2, before `sub` has ordered, and so takes the seat back with that
/// set. Seated again at hour 3, `sub` orders at hour 4 and is now the
/// official player: Turkey's player can no longer order (D.II.3).
#[test]
fn wm_b_8_c_the_replaced_player_may_return_until_the_replacement_orders() {
    let mut g = Game1::new();
    let turkey = u(&player(Power::Turkey));
    g.appoint(
        "gm",
        Power::Turkey,
        "sub",
        ReplacementPeriod::Permanent,
        h(1),
    )
    .unwrap();
    assert_eq!(
        g.board().seats[&Power::Turkey].may_return,
        Some(turkey.clone())
    );
    let e = g.submit(Power::Turkey, &["A Con H"], true, h(2)).unwrap();
    assert_eq!(
        e[0],
        Event::RightOfReturnUsed {
            power: Power::Turkey,
            player: turkey.clone()
        }
    );
    assert!(matches!(e[1], Event::OrdersSubmitted { .. }));
    assert_eq!(g.board().seats[&Power::Turkey].player, turkey);
    assert_eq!(g.board().seats[&Power::Turkey].may_return, None);
    g.appoint(
        "gm",
        Power::Turkey,
        "sub",
        ReplacementPeriod::Permanent,
        h(3),
    )
    .unwrap();
    g.run(
        "sub",
        Command::SubmitOrders {
            power: Power::Turkey,
            phase: "S1901M".into(),
            orders: vec![],
            is_final: true,
        },
        h(4),
    )
    .unwrap();
    assert_eq!(g.board().seats[&Power::Turkey].may_return, None);
    refused(g.submit(Power::Turkey, &[], true, h(5)), "wm D.II.3");
    assert_eq!(g.board().seats[&Power::Turkey].player, u("sub"));
}
