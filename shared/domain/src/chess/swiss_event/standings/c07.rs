//! The FIDE Tie-Break Regulations C.07 (approved 2024, in force for rated
//! events from 1 August 2024), cited as `c07` and the article.
//!
//! Unplayed rounds (c07 16):
//! - c07 16.2: a round is unplayed when no game was played over the board:
//!   a forfeit (won or lost), the pairing-allocated bye, a bye the player
//!   asked for, an absence. The voluntarily unplayed rounds (VUR) are those
//!   the player chose not to play: a forfeit lost (a double forfeit
//!   included), a half- or zero-point bye, an absence, the rounds after a
//!   withdrawal, the rounds a late entrant missed. A forfeit won, the
//!   pairing-allocated bye and a full-point bye are not voluntary.
//! - c07 16.3: where an opponent's score is used (BH, SB), that opponent's
//!   voluntarily unplayed rounds without a paired opponent that come after
//!   the last round he did not leave voluntarily unplayed (he withdrew, or
//!   stayed away to the end) count as draws; every other round counts what
//!   he scored.
//! - c07 16.4: each of the player's own unplayed rounds counts as played
//!   against a dummy opponent with the player's own final score (the
//!   forfeit's paired opponent is not used), and, for SB, with the points
//!   the player got in that round.
//! - c07 16.5: when the least significant values are cut (c07 14.1, 14.2,
//!   and the lower half of 14.3, 14.4), voluntarily unplayed rounds are cut
//!   first; the most significant values are cut as they fall.
//!
//! Values are exact fractions: BH in half points, SB in quarter points,
//! ARO a whole rating.

use super::{Code, Cut, C07};
use super::{Kind, Played, Table};
use crate::envelope::UserId;
use std::collections::BTreeMap;

/// c07 16.2: a voluntarily unplayed round.
fn voluntary(r: &Played) -> bool {
    match r.kind {
        Kind::ForfeitLoss => true,
        Kind::NotPaired => r.own < 2,
        Kind::Game | Kind::ForfeitWin | Kind::PairingBye => false,
    }
}

/// One round's value for BH and SB, in half points.
#[derive(Debug, Clone, Copy)]
struct Contribution {
    /// c07 16.5: a voluntarily unplayed round, cut first.
    voluntary: bool,
    /// The opponent's (or the dummy's) score.
    score: u64,
    /// The player's own points in the round.
    own: u64,
}

impl Contribution {
    /// c07 9.1: the opponent's score times the points scored against him,
    /// in quarter points.
    fn sb(self) -> u64 {
        self.score * self.own
    }
}

/// c07 14, 16.5: `values` less the least significant (voluntarily
/// unplayed rounds first, then the lowest score, then the lowest SB
/// value) and the most significant (the highest score, then the highest
/// SB value), as many as `cut` says.
fn cut(mut values: Vec<Contribution>, cut: Cut) -> Vec<Contribution> {
    let (low, high) = cut.counts();
    for _ in 0..low {
        let least = (0..values.len()).min_by_key(|&i| {
            let c = values[i];
            (!c.voluntary, c.score, c.sb())
        });
        if let Some(i) = least {
            values.remove(i);
        }
    }
    for _ in 0..high {
        let most = (0..values.len()).max_by_key(|&i| (values[i].score, values[i].sb()));
        if let Some(i) = most {
            values.remove(i);
        }
    }
    values
}

/// ARO, half up to a whole rating: (rounded, 1); 0 when no rating counts.
fn average_rating(ratings: &[u64]) -> (u64, u64) {
    let n = ratings.len() as u64;
    if n == 0 {
        return (0, 1);
    }
    let sum: u64 = ratings.iter().sum();
    ((2 * sum + n) / (2 * n), 1)
}

impl<'a> Table<'a> {
    /// c07 16.3: `q`'s score as his opponents' BH and SB use it, in half
    /// points.
    fn adjusted_c07(&self, q: &UserId) -> u64 {
        let rounds = &self.rounds[q];
        let last = rounds.iter().rposition(|r| !voluntary(r));
        let after = |i: usize| last.is_none_or(|l| i > l);
        rounds
            .iter()
            .enumerate()
            .map(|(i, r)| match r.kind {
                Kind::NotPaired if voluntary(r) && after(i) => 1,
                _ => u64::from(r.own),
            })
            .sum()
    }

    /// c07 8.1, 16.4: each round's value for `p`'s BH and SB.
    fn contributions(&self, p: &UserId) -> Vec<Contribution> {
        let own_total = u64::from(self.points(p));
        self.rounds[p]
            .iter()
            .map(|r| Contribution {
                voluntary: r.opponent.is_none() && voluntary(r),
                score: r.opponent.map_or(own_total, |q| self.adjusted_c07(q)),
                own: u64::from(r.own),
            })
            .collect()
    }

    /// c07 10.1: the ratings of the opponents met over the board, less
    /// `cut`: an unrated opponent (rating 0) is the least significant
    /// value and is cut first; those left unrated do not count.
    fn aro(&self, p: &UserId, cut: Cut) -> (u64, u64) {
        let mut ratings: Vec<u64> = self.rounds[p]
            .iter()
            .filter_map(|r| r.opponent)
            .map(|q| u64::from(self.ratings[q]))
            .collect();
        ratings.sort_unstable();
        let (low, high) = cut.counts();
        let keep = ratings.len().saturating_sub(low + high);
        let rated: Vec<u64> = ratings
            .into_iter()
            .skip(low)
            .take(keep)
            .filter(|&r| r > 0)
            .collect();
        average_rating(&rated)
    }

    /// c07 7.5, 14.1: the running score after each round, summed, less the
    /// first rounds' as `cut` says.
    fn progressive(&self, p: &UserId, cut: Cut) -> (u64, u64) {
        let mut running = 0u64;
        let mut total = 0u64;
        for (k, r) in self.rounds[p].iter().enumerate() {
            running += u64::from(r.own);
            if k >= cut.counts().0 {
                total += running;
            }
        }
        (total, 2)
    }

    fn count(&self, p: &UserId, f: impl Fn(&Played) -> bool) -> (u64, u64) {
        (self.rounds[p].iter().filter(|r| f(r)).count() as u64, 1)
    }

    /// A per-player value of a C.07 tie-break, exact.
    pub(super) fn value_c07(&self, p: &UserId, tb: C07) -> (u64, u64) {
        let won = |r: &Played| r.own >= 2;
        match tb.code {
            Code::Bh => (
                cut(self.contributions(p), tb.cut)
                    .iter()
                    .map(|c| c.score)
                    .sum(),
                2,
            ),
            Code::Sb => (
                cut(self.contributions(p), tb.cut)
                    .iter()
                    .map(|c| c.sb())
                    .sum(),
                4,
            ),
            // c07 7.1: rounds scored as a win, with or without playing.
            Code::Win => self.count(p, won),
            // c07 7.2: games won over the board.
            Code::Won => self.count(p, |r| r.opponent.is_some() && won(r)),
            // c07 7.3: games played over the board with Black.
            Code::Bpg => self.count(p, |r| r.black),
            // c07 7.4: games won over the board with Black.
            Code::Bwg => self.count(p, |r| r.black && won(r)),
            // c07 7.6: rounds not voluntarily unplayed.
            Code::Rep => self.count(p, |r| !voluntary(r)),
            Code::Ps => self.progressive(p, tb.cut),
            Code::Aro => self.aro(p, tb.cut),
            Code::De => (0, 1),
        }
    }

    /// c07 6: each member's points in the games played over the board
    /// against the others of `group` (forfeits do not count).
    pub(super) fn among(&self, group: &[&'a UserId]) -> BTreeMap<&'a UserId, u32> {
        group
            .iter()
            .map(|&p| {
                let got = self.rounds[p]
                    .iter()
                    .filter(|r| r.opponent.is_some_and(|q| group.contains(&q)))
                    .map(|r| r.own)
                    .sum();
                (p, got)
            })
            .collect()
    }

    /// How many of the others of `group` `p` has not met over the board.
    fn unmet(&self, p: &UserId, group: &[&'a UserId]) -> u32 {
        let met = |q: &UserId| {
            self.rounds[p]
                .iter()
                .any(|r| r.opponent.is_some_and(|o| o == q))
        };
        group.iter().filter(|q| **q != p && !met(q)).count() as u32
    }

    /// c07 6: the tied `group` split by direct encounter. Where all have
    /// met, by the points among them (c07 6.1). Where not (c07 6.2), from
    /// the top: a player is ranked alone only if his points among them
    /// exceed what any player below him could have reached by winning
    /// every game he did not play against the others; the first who does
    /// not leaves the rest tied. A part still tied but smaller than the
    /// group is split again by the games among its own members.
    pub(super) fn split_de(&self, group: Vec<&'a UserId>) -> Vec<Vec<&'a UserId>> {
        let points = self.among(&group);
        let best: BTreeMap<&UserId, u32> = group
            .iter()
            .map(|&p| (p, points[p] + 2 * self.unmet(p, &group)))
            .collect();
        let mut sorted = group.clone();
        sorted.sort_by_key(|p| std::cmp::Reverse(points[p]));
        let mut parts: Vec<Vec<&UserId>> = Vec::new();
        if best == points {
            let key = points.iter().map(|(p, v)| (*p, (u64::from(*v), 1)));
            parts = super::split_by(sorted, &key.collect());
        } else {
            for i in 0..sorted.len() {
                let below = sorted[i + 1..].iter().map(|q| best[q]).max();
                if below.is_some_and(|b| points[sorted[i]] <= b) {
                    parts.push(sorted[i..].to_vec());
                    break;
                }
                parts.push(vec![sorted[i]]);
            }
        }
        let whole = group.len();
        parts
            .into_iter()
            .flat_map(|part| {
                if part.len() > 1 && part.len() < whole {
                    self.split_de(part)
                } else {
                    vec![part]
                }
            })
            .collect()
    }
}
