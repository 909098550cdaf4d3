//! Standings while a round is being played (acwc III.F.3, III.F.4.1), and
//! the pairing they drive (III.F.4.3).

use super::*;
use crate::chess::acwc::standings::{qualification_standings, QualificationRow};

fn row<'a>(rows: &'a [QualificationRow], p: &str) -> &'a QualificationRow {
    rows.iter().find(|r| r.player.as_str() == p).unwrap()
}

/// Seeding ratings p1 2390, p2 2380, p3 2370, p4 2360; round 1 q1.1 p1-p2,
/// q1.2 p3-p4. With q1.1 finished (p1 wins 6-4) and q1.2 still open, by
/// hand: p1 has played p2 (sum 2380, average 2380), p2 has played p1 (2390);
/// p3 and p4 have played nobody yet (0, 0). Once q1.2 ends (p3 wins), round
/// 2 is published at once (p1-p3, p2-p4); its open matches add nothing:
/// p1 still 2380, p3 2360.
#[test]
fn acwc_iii_f_3_mid_round_tiebreaks_count_only_finished_matches() {
    let mut w = with_players(4);
    start(&mut w);
    report(&mut w, "q1.1", 12, 8);
    let rows = qualification_standings(w.champ());
    assert_eq!(
        (
            row(&rows, "p1").opponents_seeds,
            row(&rows, "p1").average_opponent_seed
        ),
        (2380.0, 2380.0)
    );
    assert_eq!(row(&rows, "p2").opponents_seeds, 2390.0);
    for p in ["p3", "p4"] {
        assert_eq!(
            (
                row(&rows, p).opponents_seeds,
                row(&rows, p).average_opponent_seed
            ),
            (0.0, 0.0),
            "{p}"
        );
    }
    report(&mut w, "q1.2", 12, 8);
    assert_eq!(w.champ().rounds.len(), 2, "round 2 is being played");
    let rows = qualification_standings(w.champ());
    assert_eq!(row(&rows, "p1").opponents_seeds, 2380.0);
    assert_eq!(row(&rows, "p3").opponents_seeds, 2360.0);
    assert_eq!(row(&rows, "p4").opponents_seeds, 2370.0);
}

/// Six players p1..p6 seeded 2390..2340; round 1 p1-p2, p3-p4, p5-p6, all
/// 5-5. By hand, every player has ½ and the ranking goes by the average of
/// the opponent's seed: p2 (2390), p1 (2380), p4 (2370), p3 (2360), p6
/// (2350), p5 (2340). III.F.4.3 as written: p2-p4 (p1 played), p1-p3, and
/// p6-p5 again. With the organizer's look-ahead: p2-p4, then p1-p3 would
/// force p6-p5, so p1-p6, then p3-p5.
#[test]
fn acwc_iii_f_4_3_the_championship_pairs_as_written_unless_the_organizer_chose_the_lookahead() {
    let round_2 = |lookahead: bool| {
        let mut s = settings_2019();
        s.format.rematch_lookahead = lookahead;
        let mut w = World::configured(at(REGISTRATION), s);
        for i in 1..=6 {
            let f = facts(&format!("acc{i}"), 2400 - 10 * i);
            w.run(&format!("p{i}"), Command::Register { facts: f })
                .unwrap();
        }
        start(&mut w);
        for id in ["q1.1", "q1.2", "q1.3"] {
            report(&mut w, id, 10, 10);
        }
        w.champ().rounds[1]
            .matches
            .iter()
            .map(|id| {
                let m = &w.champ().matches[id];
                format!("{}-{}", m.first, m.second)
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(round_2(false), ["p2-p4", "p1-p3", "p6-p5"]);
    assert_eq!(round_2(true), ["p2-p4", "p1-p6", "p3-p5"]);
}
