//! The Final (acwc III.H) and its replacements (VIII.C).

use super::*;
use crate::rulebook::parts::*;

fn final_of(games: &[i8]) -> FinalMatch {
    let f = Format::acwc_2019();
    let mut m = FinalMatch::new(user("h"), user("c"), user("h"));
    for g in games {
        let winner = match g {
            1 => Some(user("h")),
            -1 => Some(user("c")),
            _ => None,
        };
        m.record(FinalGame { winner }, &f);
    }
    m
}

#[test]
fn acwc_iii_h_2_twelve_games_won_by_two_points() {
    let f = Format::acwc_2019();
    // acwc III.H.1: a 12-game match. 7-5 after 12 games: two points ahead,
    // so the leader is champion (acwc III.H.2).
    let m = final_of(&[1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1]);
    assert_eq!(
        m.phase(&f),
        FinalPhase::Decided {
            champion: user("h")
        }
    );
    // 8-2 after 10 games: still 12 games to play (no early stop).
    let m = final_of(&[1, 1, 1, 1, 1, 1, 1, 1, -1, -1]);
    assert_eq!(
        m.phase(&f),
        FinalPhase::Match {
            through: 12,
            margin_half_games: 4
        }
    );
}

#[test]
fn acwc_iii_h_3_a_one_point_lead_extends_by_two_games() {
    let f = Format::acwc_2019();
    let m = final_of(&[1, 1, 1, 1, 1, 1, 0, -1, -1, -1, -1, -1]); // 6.5-5.5
    assert_eq!(
        m.phase(&f),
        FinalPhase::Match {
            through: 14,
            margin_half_games: 4
        }
    );
}

#[test]
fn acwc_iii_h_4_after_24_games_any_lead_wins() {
    let f = Format::acwc_2019();
    let mut games = vec![0i8; 23];
    games.push(1); // 12.5-11.5
    assert_eq!(
        final_of(&games).phase(&f),
        FinalPhase::Decided {
            champion: user("h")
        }
    );
}

#[test]
fn acwc_iii_h_5_two_zero_extensions_judged_after_an_even_number_of_games() {
    let f = Format::acwc_2019();
    let mut games = vec![0i8; 24];
    let m = final_of(&games);
    assert_eq!(m.phase(&f), FinalPhase::Rapid { through: 26 });
    assert_eq!(
        m.next_time_control(&crate::chess::acwc::testkit::settings_2019()),
        Some(f.rapid_time_control)
    );
    games.push(-1);
    assert_eq!(
        final_of(&games).phase(&f),
        FinalPhase::Rapid { through: 26 }
    );
    games.push(0);
    assert_eq!(
        final_of(&games).phase(&f),
        FinalPhase::Decided {
            champion: user("c")
        }
    );
}

#[test]
fn acwc_iii_h_final_goes_to_armageddon_after_30_games() {
    let f = Format::acwc_2019();
    let mut m = final_of(&[0; 30]);
    assert_eq!(m.phase(&f), FinalPhase::ArmageddonBidding);
    m.bids.insert(user("h"), 150);
    m.bids.insert(user("c"), 120);
    // III.H.6.ii: the lower bid plays White.
    let a = m.armageddon_colours(&f).unwrap();
    assert_eq!(
        (a.white.as_str(), a.white_seconds, a.black_seconds),
        ("c", 120, 180)
    );
    m.armageddon = Some(a);
    assert_eq!(m.phase(&f), FinalPhase::Armageddon);
    // III.H.6.i: a draw goes to Black.
    m.record(FinalGame { winner: None }, &f);
    assert_eq!(
        m.phase(&f),
        FinalPhase::Decided {
            champion: user("h")
        }
    );
}

#[test]
fn acwc_iii_h_6_iii_equal_bids_give_white_to_the_higher_seed() {
    let f = Format::acwc_2019();
    let mut m = final_of(&[0; 30]);
    m.bids.insert(user("h"), 100);
    m.bids.insert(user("c"), 100);
    assert_eq!(m.armageddon_colours(&f).unwrap().white, user("h"));
}

#[test]
fn acwc_iii_h_6_ii_bids_are_sealed_until_both_are_in() {
    // Two qualifiers (p2, p3): 5 rounds, then Candidates of two, then the Final.
    let (mut w, _) = super::final_correction::to_final();
    for g in 1..=30 {
        w.run(
            "p1",
            Command::ReportFinalGame {
                game: g,
                winner: None,
            },
        )
        .unwrap();
        let other = w
            .champ()
            .final_match
            .as_ref()
            .unwrap()
            .opponent(&user("p1"))
            .clone();
        w.run(
            other.as_str(),
            Command::ConfirmResult {
                match_id: "final".into(),
            },
        )
        .unwrap();
    }
    w.run("p1", Command::BidForWhite { seconds: 90 }).unwrap();
    let bid = crate::chess::acwc::vocabulary::Event::BidSubmitted {
        player: user("p1"),
        seconds: Some(90),
    };
    let hidden = w
        .champ()
        .redact(w.competition(), &bid, Some(&user("p2")))
        .unwrap();
    assert_eq!(
        hidden,
        crate::chess::acwc::vocabulary::Event::BidSubmitted {
            player: user("p1"),
            seconds: None
        }
    );
    let challenger = w.champ().final_match.as_ref().unwrap().second.clone();
    w.run(challenger.as_str(), Command::BidForWhite { seconds: 90 })
        .unwrap();
    assert_eq!(
        w.champ()
            .redact(w.competition(), &bid, Some(&user("p2")))
            .unwrap(),
        bid
    );
}

/// acwc III.H.6.ii: "Both players make a time offer for White"; the bid
/// stays sealed until both are in (ruling III.H.6 in docs/rulings/acwc.md).
/// After 30 drawn games p1 bids 90 seconds: in the view and in
/// `matches/final`, p1 reads
/// its own 90; the challenger, the TD and an anonymous reader read the bid
/// with `seconds: null`. Once the challenger bids 80, both bids are open to
/// everyone: p1 90, the challenger 80.
#[test]
fn acwc_iii_h_6_ii_the_view_and_the_final_resource_keep_a_bid_sealed() {
    use crate::resource::{Query, Resource};
    let (mut w, challenger) = super::final_correction::to_final();
    for g in 1..=30 {
        w.run(
            "p1",
            Command::ReportFinalGame {
                game: g,
                winner: None,
            },
        )
        .unwrap();
        w.run(
            challenger.as_str(),
            Command::ConfirmResult {
                match_id: "final".into(),
            },
        )
        .unwrap();
    }
    let seconds = |w: &World, viewer: Option<&str>| {
        let viewer = viewer.map(user);
        let shown = w.competition().view(viewer.as_ref()).game["final"]["bids"].clone();
        let query = Query::first_page().with_key("final");
        let Ok(Resource::Json(one)) =
            w.champ()
                .resource(w.competition(), "matches", &query, viewer.as_ref())
        else {
            panic!("the Final answers as JSON");
        };
        assert_eq!(
            one["bids"], shown,
            "matches/final shows what the view shows"
        );
        shown
            .as_array()
            .unwrap()
            .iter()
            .map(|b| {
                (
                    b["player"].as_str().unwrap().to_owned(),
                    b["seconds"].as_u64(),
                )
            })
            .collect::<Vec<_>>()
    };
    w.run("p1", Command::BidForWhite { seconds: 90 }).unwrap();
    assert_eq!(seconds(&w, Some("p1")), [("p1".to_owned(), Some(90))]);
    for other in [Some(challenger.as_str()), Some("td"), None] {
        assert_eq!(seconds(&w, other), [("p1".to_owned(), None)], "{other:?}");
    }
    w.run(challenger.as_str(), Command::BidForWhite { seconds: 80 })
        .unwrap();
    let mut open = vec![
        ("p1".to_owned(), Some(90)),
        (challenger.to_string(), Some(80)),
    ];
    open.sort();
    for viewer in [Some("p1"), Some(challenger.as_str()), Some("td"), None] {
        assert_eq!(seconds(&w, viewer), open, "{viewer:?}");
    }
}

#[test]
fn acwc_viii_c_1_if_the_holder_withdraws_the_challenger_plays_the_candidates_runner_up() {
    let mut w = to_candidates();
    while w.champ().stage == Stage::Candidates {
        finish_round(&mut w);
    }
    let table = crate::chess::acwc::standings::candidates_table(w.champ());
    let (challenger, runner_up) = (table[0].player.clone(), table[1].player.clone());
    assert_eq!(w.champ().final_match.as_ref().unwrap().second, challenger);
    let rec = w.run("p1", Command::Withdraw).unwrap();
    assert!(rec
        .iter()
        .any(|r| r.clause.as_deref() == Some("acwc VIII.C.1")));
    let f = w.champ().final_match.as_ref().unwrap();
    assert_eq!((&f.first, &f.second), (&challenger, &runner_up));
    // VIII.C.2: then the Challenger withdraws: the next Candidate steps in.
    let rec = w.run(challenger.as_str(), Command::Withdraw).unwrap();
    assert!(rec
        .iter()
        .any(|r| r.clause.as_deref() == Some("acwc VIII.C.2")));
    assert!(!w
        .champ()
        .final_match
        .as_ref()
        .unwrap()
        .is_finalist(&challenger));
}

#[test]
fn acwc_iii_h_settings_refuse_a_final_that_cannot_reach_its_checkpoints() {
    let mut s = settings_2019();
    s.format.final_games = 13;
    assert_eq!(
        s.validate().unwrap_err().clause.as_deref(),
        Some("acwc III.H")
    );
    let mut s = settings_2019();
    s.rating_window_start = s.rating_date;
    assert_eq!(
        s.validate().unwrap_err().clause.as_deref(),
        Some("acwc III.E")
    );
    let mut w = World::new(at(REGISTRATION));
    let mut s = settings_2019();
    s.holder = Some(user("x"));
    s.runner_up = Some(user("x"));
    assert_eq!(
        clause(
            &mut w,
            "org",
            Command::Configure {
                settings: s.clone()
            }
        ),
        "acwc III.D"
    );
    assert_eq!(
        w.run(
            "p1",
            Command::Configure {
                settings: settings_2019()
            }
        )
        .unwrap_err()
        .kind,
        RefusalKind::Forbidden
    );
}
