//! wm D.VIII.1 corrections and wm B.3 the end of the game.

use super::*;

#[test]
fn wm_d_viii_1_rollback_needs_the_tds_consent() {
    let mut g = Game1::new();
    g.all_final(h(1));
    g.tick(h(24));
    refused(
        g.run(
            "gm",
            Command::Rollback {
                phase: "S1901M".into(),
                deadline: h(100),
            },
            h(25),
        ),
        "wm D.VIII.1",
    );
    g.run(
        "td",
        Command::ConsentToRollback {
            phase: "S1901M".into(),
        },
        h(25),
    )
    .unwrap();
    g.run(
        "gm",
        Command::Rollback {
            phase: "S1901M".into(),
            deadline: h(100),
        },
        h(26),
    )
    .unwrap();
    assert_eq!(g.phase(), "S1901M");
    assert!(g.board().history.is_empty());
}

#[test]
fn wm_d_viii_1_error_not_pointed_out_before_next_adjudication_stands() {
    let mut g = Game1::new();
    g.play_1901();
    refused(
        g.run(
            "td",
            Command::ConsentToRollback {
                phase: "S1901M".into(),
            },
            h(100),
        ),
        "wm D.VIII.1",
    );
}

#[test]
fn wm_b_3_game_ends_after_the_last_year_with_final_centre_counts() {
    let mut g = Game1::with(|s| s.last_year = 1901);
    g.submit(Power::France, &["A PAR - BUR", "A MAR - SPA"], true, h(1))
        .unwrap();
    g.all_final(h(1));
    g.tick(h(24));
    g.all_final(h(25));
    let e = g.tick(h(48));
    let Some(Event::GameEnded {
        reason, centers, ..
    }) = e.last()
    else {
        panic!("{e:?}")
    };
    assert_eq!(reason, &EndReason::LastYear);
    assert_eq!(centers[&Power::France], 4);
    assert!(g.tick(h(500)).is_empty());
    assert_eq!(g.competition().next_due(), None);
}

#[test]
fn wm_c_4_a_solo_of_18_centres_ends_the_game() {
    let mut g = Game1::new();
    let sc = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let position = super::super::position::Position {
        phase: "F1902M".into(),
        units: BTreeMap::from([
            ("FRANCE".to_string(), sc(&["A BUR"])),
            ("GERMANY".to_string(), sc(&["A RUH"])),
        ]),
        dislodged: BTreeMap::new(),
        contested: vec![],
        centers: BTreeMap::from([
            (
                "FRANCE".to_string(),
                sc(&[
                    "BRE", "PAR", "MAR", "SPA", "POR", "LON", "EDI", "LVP", "HOL", "DEN", "KIE",
                    "BER", "MUN", "NWY", "SWE", "ROM", "NAP",
                ]),
            ),
            ("GERMANY".to_string(), sc(&["WAR"])),
        ]),
        adjustments: BTreeMap::new(),
    };
    if let Game::DiplomacyGame(b) = &mut g.competition_mut().game {
        b.position = Some(position);
    }
    g.submit(Power::France, &["A BUR - BEL"], true, h(1))
        .unwrap();
    g.submit(Power::Germany, &["A RUH H"], true, h(1)).unwrap();
    let e = g.tick(h(24));
    let Some(Event::GameEnded {
        reason, centers, ..
    }) = e.last()
    else {
        panic!("{e:?}")
    };
    assert_eq!(
        reason,
        &EndReason::Solo {
            power: Power::France
        }
    );
    assert_eq!(centers[&Power::France], 18);
    assert_eq!(centers[&Power::Germany], 1);
}
