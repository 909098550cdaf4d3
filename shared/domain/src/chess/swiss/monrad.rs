//! ACWC 2019 Qualification: the Monrad pairing (acwc III.F).
//!
//! - III.F.1: match points (win 1, 5–5 tie ½, loss 0) from a match's sub-score.
//! - III.F.2: number of rounds: at least 5; more than 32 entrants ceil(log2 n).
//! - III.F.3: qualification tiebreak, the sum of opponents' seeding ratings.
//! - III.F.4.1: ranking by score, average opponents' seeding rating (a bye is
//!   not an opponent; a player whose only win is a bye has average 0), own
//!   seeding rating.
//! - III.F.4.2: with an odd number, the lowest-ranked player without a
//!   previous bye gets the bye (a win).
//! - III.F.4.3: the highest-ranked unpaired player meets the closest-ranked
//!   player not met before, repeated until all are paired ([`pair`]): the
//!   procedure as written, which anyone can check by hand. The text accepts
//!   that the last two may have met already; that rematch is paired, and
//!   reported. An organizer who wants rematches avoided chooses the
//!   look-ahead ([`pair_with_lookahead`], not in the rules): each choice is
//!   then kept only if the rest can still be paired without rematches.
//!
//! The seeding rating is `SwissPlayer::rating`; matches have no colours, the
//! higher-ranked player is listed first.

use super::dutch::matching::maximum_matching;
use super::{Board, Presence, RoundOutcome, RoundPairing, SwissPlayer, SwissTournament};

/// acwc III.F.2: rounds of the Qualification for `entrants` players.
pub fn number_of_rounds(entrants: u32) -> u32 {
    if entrants > 32 {
        // ceil(log2 n) for n > 32 is at least 6
        32 - (entrants - 1).leading_zeros()
    } else {
        5
    }
}

/// acwc III.F.1: match points, in half points (win 2, 5–5 tie 1, loss 0), from
/// the two sub-scores in half games (5.5 = 11).
pub fn match_points(own_half_games: u32, opponent_half_games: u32) -> u32 {
    match own_half_games.cmp(&opponent_half_games) {
        std::cmp::Ordering::Greater => 2,
        std::cmp::Ordering::Equal => 1,
        std::cmp::Ordering::Less => 0,
    }
}

/// A Monrad pairing and the rematches it could not avoid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MonradPairing {
    /// Matches (higher-ranked player as `white`) and the bye.
    pub pairing: RoundPairing,
    /// acwc III.F.4.3: matches that repeat an earlier one (the walk left a
    /// player nobody new to meet).
    pub rematches: Vec<Board>,
}

/// Why no Monrad pairing was made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MonradError {
    /// acwc III.F.4.2: everyone present has had a bye already.
    #[error("acwc III.F.4.2: every player has already had a bye")]
    NoByeCandidate,
}

fn opponents(p: &SwissPlayer) -> Vec<u32> {
    p.rounds
        .iter()
        .flatten()
        .filter_map(|o| match o {
            RoundOutcome::Game { opponent, .. } => Some(*opponent),
            _ => None,
        })
        .collect()
}

fn had_bye(p: &SwissPlayer) -> bool {
    p.rounds
        .iter()
        .flatten()
        .any(|o| matches!(o, RoundOutcome::PairingBye))
}

/// acwc III.F.4.1: average of opponents' seeding ratings (0 when the only win is a bye).
pub fn average_opponent_rating(p: &SwissPlayer, all: &[SwissPlayer]) -> f64 {
    let wins = p
        .rounds
        .iter()
        .flatten()
        .filter(|o| o.half_points() == 2)
        .count();
    if had_bye(p) && wins == 1 {
        return 0.0;
    }
    let ratings: Vec<u32> = opponents(p)
        .iter()
        .filter_map(|o| all.iter().find(|q| q.number == *o).map(|q| q.rating))
        .collect();
    if ratings.is_empty() {
        0.0
    } else {
        ratings.iter().map(|&r| f64::from(r)).sum::<f64>() / ratings.len() as f64
    }
}

/// acwc III.F.3: sum of opponents' seeding ratings (the bye is not an opponent).
pub fn qualification_tiebreak(p: &SwissPlayer, all: &[SwissPlayer]) -> u64 {
    opponents(p)
        .iter()
        .filter_map(|o| {
            all.iter()
                .find(|q| q.number == *o)
                .map(|q| u64::from(q.rating))
        })
        .sum()
}

/// acwc III.F.4.1: the ranking (indices into `players`), best first; pairing
/// number as a last, deterministic resort.
pub fn ranking(players: &[SwissPlayer]) -> Vec<usize> {
    let avg: Vec<f64> = players
        .iter()
        .map(|p| average_opponent_rating(p, players))
        .collect();
    let mut idx: Vec<usize> = (0..players.len()).collect();
    idx.sort_by(|&a, &b| {
        let (pa, pb) = (&players[a], &players[b]);
        pb.half_points()
            .cmp(&pa.half_points())
            .then(
                avg[b]
                    .partial_cmp(&avg[a])
                    .unwrap_or(std::cmp::Ordering::Equal),
            )
            .then(pb.rating.cmp(&pa.rating))
            .then(pa.number.cmp(&pb.number))
    });
    idx
}

/// Pair the next round by acwc III.F.4, the III.F.4.3 walk as written: the
/// highest-ranked unpaired player takes the closest-ranked player they have
/// not played; when every remaining player has been played, the closest-ranked
/// one (a rematch, reported).
pub fn pair(t: &SwissTournament) -> Result<MonradPairing, MonradError> {
    walk(t, false)
}

/// [`pair`] with a look-ahead the rules do not have (an organizer's setting,
/// off by default): each choice of the walk is kept only if the players left
/// can still be paired without rematches (maximum matching), so a pairing
/// without rematches is found whenever one exists; it can differ from the
/// text's. Only when none exists does the walk run as written.
pub fn pair_with_lookahead(t: &SwissTournament) -> Result<MonradPairing, MonradError> {
    walk(t, true)
}

/// acwc III.F.4.2–3: the bye, then the walk down the ranking.
fn walk(t: &SwissTournament, lookahead: bool) -> Result<MonradPairing, MonradError> {
    let players = &t.players;
    let mut order: Vec<usize> = ranking(players)
        .into_iter()
        .filter(|&i| players[i].presence == Presence::Present)
        .collect();
    // III.F.4.2: the bye.
    let mut bye = None;
    if order.len() % 2 == 1 {
        let pos = order
            .iter()
            .rposition(|&i| !had_bye(&players[i]))
            .ok_or(MonradError::NoByeCandidate)?;
        bye = Some(players[order.remove(pos)].number);
    }
    let met = |a: usize, b: usize| opponents(&players[a]).contains(&players[b].number);
    // Is a rematch-free pairing of `rest` possible?
    let completable = |rest: &[usize]| {
        let adj = |x: usize, y: usize| !met(rest[x], rest[y]);
        maximum_matching(rest.len(), &adj)
            .iter()
            .all(|m| m.is_some())
    };
    let look = lookahead && completable(&order);
    let mut boards = Vec::new();
    let mut rematches = Vec::new();
    let mut rest = order;
    while !rest.is_empty() {
        let a = rest.remove(0);
        // III.F.4.3: the closest-ranked = the next in ranking order among the
        // unpaired; nobody new left: the closest-ranked all the same.
        let pick = (0..rest.len())
            .find(|&k| {
                if met(a, rest[k]) {
                    return false;
                }
                if !look {
                    return true;
                }
                let mut r = rest.clone();
                r.remove(k);
                completable(&r)
            })
            .unwrap_or(0);
        let b = rest.remove(pick);
        let board = Board {
            white: players[a].number,
            black: players[b].number,
        };
        if met(a, b) {
            rematches.push(board);
        }
        boards.push(board);
    }
    Ok(MonradPairing {
        pairing: RoundPairing { boards, bye },
        rematches,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::swiss::{Colour, Title};

    fn pl(n: u32, rating: u32, rounds: Vec<Option<RoundOutcome>>) -> SwissPlayer {
        SwissPlayer {
            number: n,
            name: format!("P{n}"),
            rating,
            title: Title::None,
            rounds,
            presence: Presence::Present,
        }
    }
    fn g(o: u32, hp: u32) -> Option<RoundOutcome> {
        Some(RoundOutcome::Game {
            opponent: o,
            colour: Colour::White,
            half_points: hp,
            played: true,
        })
    }
    fn t(players: Vec<SwissPlayer>) -> SwissTournament {
        let rounds_played = players.iter().map(|p| p.rounds.len()).max().unwrap_or(0) as u32;
        SwissTournament {
            players,
            rounds_played,
            total_rounds: 5,
            first_colour: Colour::White,
            rules: Default::default(),
        }
    }

    #[test]
    fn acwc_iii_f_2_number_of_rounds() {
        // at least 5; 33–64 -> 6; 65–128 -> 7 (the rule's own examples)
        assert_eq!(number_of_rounds(8), 5);
        assert_eq!(number_of_rounds(32), 5);
        assert_eq!(number_of_rounds(33), 6);
        assert_eq!(number_of_rounds(64), 6);
        assert_eq!(number_of_rounds(65), 7);
        assert_eq!(number_of_rounds(128), 7);
        assert_eq!(number_of_rounds(129), 8);
    }

    #[test]
    fn acwc_iii_f_1_match_points_win_tie_loss() {
        assert_eq!(match_points(11, 9), 2); // 5.5-4.5 win
        assert_eq!(match_points(10, 10), 1); // 5-5 tie
        assert_eq!(match_points(8, 12), 0);
    }

    #[test]
    fn acwc_iii_f_4_1_bye_is_not_an_opponent_and_only_bye_win_averages_zero() {
        // 1 had the bye in round 1 and lost to 3 in round 2: its only win is the bye -> 0.
        let ps = vec![
            pl(1, 2000, vec![Some(RoundOutcome::PairingBye), g(3, 0)]),
            pl(2, 1800, vec![g(3, 2), g(4, 2)]),
            pl(3, 1700, vec![g(2, 0), g(1, 2)]),
            pl(4, 1600, vec![g(5, 2), g(2, 0)]),
        ];
        assert_eq!(average_opponent_rating(&ps[0], &ps), 0.0);
        assert_eq!(average_opponent_rating(&ps[1], &ps), 1650.0); // (1700+1600)/2
        assert_eq!(qualification_tiebreak(&ps[0], &ps), 1700);
    }

    #[test]
    fn acwc_iii_f_4_1_ranking_score_then_average_then_own_rating() {
        // 2 and 3 both on 1 point; 3 met the stronger opponent -> 3 first.
        let ps = vec![
            pl(1, 1500, vec![g(3, 0)]),
            pl(2, 2000, vec![g(4, 2)]),
            pl(3, 1900, vec![g(1, 2)]),
            pl(4, 1400, vec![g(2, 0)]),
        ];
        // averages: 2 -> 1400, 3 -> 1500; so 3 before 2. Losers: 1 (avg 1900) before 4 (avg 2000)? no:
        // 4's opponent 2 has 2000 > 1900 -> 4 before 1.
        let r: Vec<u32> = ranking(&ps).iter().map(|&i| ps[i].number).collect();
        assert_eq!(r, vec![3, 2, 4, 1]);
    }

    #[test]
    fn acwc_iii_f_4_2_lowest_ranked_without_bye_gets_it() {
        // Round 1, five players by rating: 5 is lowest -> bye.
        let ps: Vec<SwissPlayer> = (1..=5).map(|n| pl(n, 2100 - 100 * n, vec![])).collect();
        let m = pair(&t(ps)).unwrap();
        assert_eq!(m.pairing.bye, Some(5));
        // III.F.4.3 greedy: 1-2, 3-4
        assert_eq!(
            m.pairing.boards,
            vec![Board { white: 1, black: 2 }, Board { white: 3, black: 4 }]
        );
    }

    #[test]
    fn acwc_iii_f_4_1_ranking_drives_the_greedy_walk() {
        // Everyone drew both games (2 half points each). Averages: 1: (2300+2100)/2
        // = 2200; 2: (2400+2200)/2 = 2300; 3: (2100+2300)/2 = 2200; 4: (2200+2400)/2
        // = 2300. Ranking: 2, 4 (average 2300; own 2300 > 2100), 1, 3.
        // Only 1-3 and 2-4 are new: 2 takes 4, then 1-3.
        let ps = vec![
            pl(1, 2400, vec![g(2, 1), g(4, 1)]),
            pl(2, 2300, vec![g(1, 1), g(3, 1)]),
            pl(3, 2200, vec![g(4, 1), g(2, 1)]),
            pl(4, 2100, vec![g(3, 1), g(1, 1)]),
        ];
        let m = pair(&t(ps)).unwrap();
        assert!(m.rematches.is_empty());
        assert_eq!(
            m.pairing.boards,
            vec![Board { white: 2, black: 4 }, Board { white: 1, black: 3 }]
        );
    }

    /// Six players, all draws (2 half points each). Met: 1{2,3} 2{1,5}
    /// 3{4,1} 4{3,6} 5{6,2} 6{5,4}. Averages: 1 (2500+2400)/2 = 2450, 2
    /// (2600+2200)/2 = 2400, 3 (2300+2600)/2 = 2450, 4 (2400+2100)/2 = 2250,
    /// 5 (2100+2500)/2 = 2300, 6 (2200+2300)/2 = 2250 -> ranking 1, 3, 2, 5,
    /// 4, 6 (ties by own rating).
    fn six_after_two_rounds() -> SwissTournament {
        t(vec![
            pl(1, 2600, vec![g(2, 1), g(3, 1)]),
            pl(2, 2500, vec![g(1, 1), g(5, 1)]),
            pl(3, 2400, vec![g(4, 1), g(1, 1)]),
            pl(4, 2300, vec![g(3, 1), g(6, 1)]),
            pl(5, 2200, vec![g(6, 1), g(2, 1)]),
            pl(6, 2100, vec![g(5, 1), g(4, 1)]),
        ])
    }

    fn boards(m: &MonradPairing) -> Vec<(u32, u32)> {
        m.pairing
            .boards
            .iter()
            .map(|b| (b.white, b.black))
            .collect()
    }

    #[test]
    fn acwc_iii_f_4_3_the_walk_as_written_lets_the_last_two_meet_again() {
        // By hand, III.F.4.3 on the ranking 1, 3, 2, 5, 4, 6: 1 has played 3
        // and 2, so 1-5; 3 has not played 2, so 3-2; 4 and 6 are left and
        // met in round 2: 4-6 is paired again ("the last two players"), and
        // reported.
        let m = pair(&six_after_two_rounds()).unwrap();
        assert_eq!(boards(&m), vec![(1, 5), (3, 2), (4, 6)]);
        assert_eq!(m.rematches, vec![Board { white: 4, black: 6 }]);
    }

    #[test]
    fn acwc_iii_f_4_3_lookahead_setting_avoids_the_rematch() {
        // The organizer's look-ahead on the same standings: 1-5 leaves {3, 2,
        // 4, 6} pairable without rematches (3-6, 2-4); 3-2 would force 4-6,
        // so 3 takes 6; then 2-4. No rematch, and not the text's pairing.
        let m = pair_with_lookahead(&six_after_two_rounds()).unwrap();
        assert!(m.rematches.is_empty());
        assert_eq!(boards(&m), vec![(1, 5), (3, 6), (2, 4)]);
    }

    #[test]
    fn acwc_iii_f_4_3_reports_unavoidable_rematch() {
        // Two players who met already: the only pairing is a rematch.
        let ps = vec![pl(1, 2000, vec![g(2, 2)]), pl(2, 1900, vec![g(1, 0)])];
        let m = pair(&t(ps)).unwrap();
        assert_eq!(m.rematches, vec![Board { white: 1, black: 2 }]);
    }
}
