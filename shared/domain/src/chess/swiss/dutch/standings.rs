//! dutch H: final standings. Points; for first place, the result in the games
//! among the players tied for it; the average rating of the opponents; lots,
//! drawn from a seed the caller supplies (and records), never global randomness.

use crate::chess::swiss::{RoundOutcome, SwissPlayer};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// One line of the final standings.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    /// Place, 1-based; players tied on points alone still get distinct places here,
    /// H says prize money for equal points is shared.
    pub place: usize,
    /// Pairing number.
    pub number: u32,
    /// Points, in half points.
    pub half_points: u32,
    /// Average rating of the opponents met over the board (0 with none).
    pub average_opponent_rating: f64,
}

/// dutch H: order the players for the final standings; ties left after the
/// average rating of opponents are broken by lot from `seed`.
pub fn final_standings(players: &[SwissPlayer], seed: u64) -> Vec<Standing> {
    let rating: std::collections::HashMap<u32, u32> =
        players.iter().map(|p| (p.number, p.rating)).collect();
    let avg = |p: &SwissPlayer| {
        let rs: Vec<u32> = p
            .rounds
            .iter()
            .flatten()
            .filter_map(|o| match o {
                RoundOutcome::Game {
                    opponent,
                    played: true,
                    ..
                } => rating.get(opponent).copied(),
                _ => None,
            })
            .collect();
        if rs.is_empty() {
            0.0
        } else {
            rs.iter().map(|&r| f64::from(r)).sum::<f64>() / rs.len() as f64
        }
    };
    // Lots: a random permutation of the pairing numbers, drawn once.
    let mut lots: Vec<u32> = players.iter().map(|p| p.number).collect();
    lots.sort_unstable();
    lots.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
    let lot = |n: u32| lots.iter().position(|&x| x == n).unwrap_or(usize::MAX);
    let top = players.iter().map(|p| p.half_points()).max().unwrap_or(0);
    let tied_first: Vec<u32> = players
        .iter()
        .filter(|p| p.half_points() == top)
        .map(|p| p.number)
        .collect();
    // H, first place: points scored in games among those tied for first.
    let direct = |p: &SwissPlayer| -> u32 {
        if p.half_points() != top || tied_first.len() < 2 {
            return 0;
        }
        p.rounds
            .iter()
            .flatten()
            .filter_map(|o| match o {
                RoundOutcome::Game {
                    opponent,
                    half_points,
                    ..
                } if tied_first.contains(opponent) => Some(*half_points),
                _ => None,
            })
            .sum()
    };
    let mut rows: Vec<(u32, u32, f64, usize, u32)> = players
        .iter()
        .map(|p| (p.half_points(), direct(p), avg(p), lot(p.number), p.number))
        .collect();
    rows.sort_by(|a, b| {
        b.0.cmp(&a.0)
            .then(b.1.cmp(&a.1))
            .then(b.2.partial_cmp(&a.2).unwrap_or(std::cmp::Ordering::Equal))
            .then(a.3.cmp(&b.3))
    });
    rows.into_iter()
        .enumerate()
        .map(|(i, (hp, _, av, _, n))| Standing {
            place: i + 1,
            number: n,
            half_points: hp,
            average_opponent_rating: av,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::swiss::{Colour, Presence, Title};

    fn player(n: u32, rating: u32, rounds: Vec<Option<RoundOutcome>>) -> SwissPlayer {
        SwissPlayer {
            number: n,
            name: format!("P{n}"),
            rating,
            title: Title::None,
            rounds,
            presence: Presence::Present,
        }
    }
    fn g(o: u32, c: Colour, hp: u32) -> Option<RoundOutcome> {
        Some(RoundOutcome::Game {
            opponent: o,
            colour: c,
            half_points: hp,
            played: true,
        })
    }

    #[test]
    fn dutch_h_direct_encounter_decides_first_place_then_opponent_average() {
        // Hand check: four players, each won one game and lost one, all on
        // 1 point; everybody is tied for first.
        use Colour::*;
        let ps = vec![
            player(1, 2000, vec![g(2, White, 2), g(3, Black, 0)]),
            player(2, 1900, vec![g(1, Black, 0), g(4, White, 2)]),
            player(3, 1500, vec![g(4, Black, 0), g(1, White, 2)]),
            player(4, 2400, vec![g(3, White, 2), g(2, Black, 0)]),
        ];
        let s = final_standings(&ps, 7);
        // all four on 1 point: games among them: everyone; direct encounter
        // sums over games among the tied: each has 2 half points -> equal.
        // Then average opponents: 1: (1900+1500)/2=1700; 2: (2000+2400)/2=2200;
        // 3: (2400+2000)/2=2200; 4: (1500+1900)/2=1700. Lots split 2/3 and 1/4.
        assert_eq!(
            s.iter().map(|x| x.half_points).collect::<Vec<_>>(),
            vec![2, 2, 2, 2]
        );
        let top2: std::collections::BTreeSet<u32> = s[..2].iter().map(|x| x.number).collect();
        assert_eq!(top2, [2, 3].into_iter().collect());
        // Deterministic for the same seed.
        assert_eq!(s, final_standings(&ps, 7));
    }

    #[test]
    fn dutch_h_direct_encounter_for_first_place() {
        use Colour::*;
        // 1 and 2 tied on 1.5 of 2; 1 beat 2 -> 1 is first although 2's opponents are stronger.
        let ps = vec![
            player(1, 2000, vec![g(2, White, 2), g(3, Black, 1)]),
            player(2, 1900, vec![g(1, Black, 0), g(4, White, 2)]),
            player(3, 1500, vec![g(4, Black, 0), g(1, White, 1)]),
            player(4, 2400, vec![g(3, White, 2), g(2, Black, 0)]),
        ];
        // points: 1: 3 hp, 2: 2 hp, 3: 1, 4: 2. Not a tie at top: 1 first; 2 and 4 on 2:
        // avg opp 2: (2000+2400)/2 = 2200 ; 4: (1500+1900)/2 = 1700 -> 2 before 4.
        let s = final_standings(&ps, 1);
        assert_eq!(
            s.iter().map(|x| x.number).collect::<Vec<_>>(),
            vec![1, 2, 4, 3]
        );
    }
}
