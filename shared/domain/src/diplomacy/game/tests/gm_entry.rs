//! wm D.VII.1, D.IX.2: the GM enters the orders and votes a player sent by
//! e-mail; they are recorded as entered by the GM and kept as secret as the
//! player's own.

use super::*;

fn enter(power: Power, orders: &[&str], is_final: bool) -> Command {
    Command::EnterOrders {
        power,
        phase: "S1901M".into(),
        orders: orders.iter().map(|s| s.to_string()).collect(),
        is_final,
    }
}

/// wm D.VII.1, D.VII.7: Austria e-mails `A Vie - Gal` to the GM, who enters
/// it at hour 2. By hand: the receipt is the server time of entry (hour 2),
/// the phase S1901M, and names the GM; the set counts as Austria's own;
/// only the GM may enter one (a player entering for another is refused).
#[test]
fn wm_d_vii_1_the_gm_enters_orders_a_player_sent_and_the_receipt_says_so() {
    let mut g = Game1::new();
    refused(
        g.run(
            &player(Power::France),
            enter(Power::Austria, &["A Vie - Gal"], true),
            h(2),
        ),
        "wm D.I.1",
    );
    let e = g
        .run("gm", enter(Power::Austria, &["A Vie - Gal"], true), h(2))
        .unwrap();
    let Event::OrdersSubmitted {
        power,
        receipt,
        is_final,
        ..
    } = &e[0]
    else {
        panic!("{e:?}")
    };
    assert_eq!((*power, *is_final), (Power::Austria, true));
    assert_eq!(receipt.received_at, h(2));
    assert_eq!(receipt.phase, "S1901M");
    assert_eq!(receipt.entered_by, Some(u("gm")));
    assert_eq!(
        g.board().counted_orders(Power::Austria),
        Some(vec!["A Vie - Gal".to_string()])
    );
    assert!(g.board().is_final(Power::Austria));
    // The log says the GM entered it, to those who may read it.
    let log = g.log("austria-player");
    assert!(log.contains("enter-orders") && log.contains("\"entered_by\":\"gm\""));
    // The deadline binds the GM's entry too (wm D.VII.3).
    refused(
        g.run("gm", enter(Power::Austria, &[], true), h(120)),
        "wm D.VII.3",
    );
}

/// wm D.VIII.4: orders the GM entered are as secret as the player's own.
/// By hand: before the adjudication only Austria's player and the GM read
/// "vie-gal", in the view and in the log; nobody else learns even that an
/// entry was made (the commit is withheld: no actor, no command). After the
/// adjudication the orders are public as written.
#[test]
fn wm_d_viii_4_orders_the_gm_entered_stay_secret_until_adjudicated() {
    let mut g = Game1::new();
    g.run("gm", enter(Power::Austria, &["a vie-gal"], true), h(1))
        .unwrap();
    for viewer in ["england-player", "stranger", "td", "org"] {
        assert!(!g.view(viewer).contains("vie-gal"), "{viewer} (view)");
        let log = g.log(viewer);
        assert!(!log.contains("vie-gal"), "{viewer} (log)");
        assert!(
            !log.contains("enter-orders"),
            "{viewer} learns of the entry"
        );
    }
    assert!(g.view("austria-player").contains("vie-gal"));
    assert!(g.log("austria-player").contains("vie-gal"));
    assert!(g.view("gm").contains("vie-gal") && g.log("gm").contains("vie-gal"));
    g.all_final(h(2));
    assert!(adjudicated(&g.tick(h(24))));
    assert!(g.log("stranger").contains("vie-gal"));
}

/// wm D.VII.1, D.IX.1–2: Austria e-mails its vote on Italy's draw to the
/// GM. By hand: the ballot is Austria's (it replaces none, it is the first),
/// names the GM who entered it, and is read only by Austria's player and the
/// GM; a player cannot enter another's vote.
#[test]
fn wm_d_ix_2_the_gm_enters_a_vote_a_player_sent_and_it_stays_secret() {
    let mut g = Game1::new();
    g.propose_draw(Power::Italy, h(1));
    let vote = |power| Command::EnterVote {
        power,
        proposal: 1,
        ballot: Ballot::Yes,
    };
    refused(
        g.run(&player(Power::France), vote(Power::Austria), h(2)),
        "wm D.I.1",
    );
    let e = g.run("gm", vote(Power::Austria), h(2)).unwrap();
    assert_eq!(
        e,
        vec![Event::VoteRecorded {
            proposal: 1,
            power: Some(Power::Austria),
            ballot: Ballot::Yes,
            entered_by: Some(u("gm")),
        }]
    );
    assert_eq!(
        g.board().ballots[&1].get(&Some(Power::Austria)),
        Some(&Ballot::Yes)
    );
    assert!(g.view("austria-player").contains("\"yes\""));
    assert!(g.log("austria-player").contains("enter-vote"));
    assert!(g.log("gm").contains("\"entered_by\":\"gm\""));
    for viewer in ["france-player", "italy-player", "stranger", "td"] {
        assert!(!g.view(viewer).contains("\"yes\""), "{viewer} (view)");
        let log = g.log(viewer);
        assert!(
            !log.contains("\"yes\"") && !log.contains("enter-vote"),
            "{viewer} (log)"
        );
    }
}
