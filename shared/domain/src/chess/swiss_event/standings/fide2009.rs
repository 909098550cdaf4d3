//! The FIDE Tie-Break Rules of 2009 (FIDE Handbook C.02, Annex 3, as
//! printed in the Arbiters' Manual 2014, the edition of the Dutch text's
//! last years), cited as `fide-tb`:
//!
//! - unplayed games of a player's opponents (forfeits, byes, absences)
//!   count as draws when the opponent's score is used (`fide-tb unplayed`);
//! - a round the player did not play counts a virtual opponent who had the
//!   player's score before the round, scored `1 - (the player's score for
//!   the round)` in it, and draws every round after it:
//!   `Svon = SPR + (1 - SfPR) + 0.5 (n - R)` (`fide-tb virtual opponent`).
//!
//! Values are kept exact in half points (Sonneborn-Berger in quarter
//! points); the average rating as a fraction.

use super::{Table, Tiebreak};
use crate::envelope::UserId;
use std::collections::{BTreeMap, BTreeSet};

impl<'a> Table<'a> {
    /// fide-tb unplayed: `q`'s score with unplayed games as draws.
    fn adjusted_2009(&self, q: &UserId) -> u32 {
        self.rounds[q]
            .iter()
            .map(|r| if r.opponent.is_some() { r.own } else { 1 })
            .sum()
    }

    /// Each round's opponent score for `p`, in half points: the real
    /// opponent's adjusted score, or the virtual opponent's.
    fn opponent_scores(&self, p: &UserId) -> Vec<u32> {
        let mut before = 0;
        let mut out = Vec::new();
        for (k, r) in (1u32..).zip(&self.rounds[p]) {
            out.push(match r.opponent {
                Some(q) => self.adjusted_2009(q),
                // fide-tb virtual opponent, in half points:
                // 2·SPR + (2 − 2·SfPR) + (n − R).
                None => before + (2 - r.own.min(2)) + (self.n - k),
            });
            before += r.own;
        }
        out
    }

    /// A per-player value of a 2009 `tb`, exact: (numerator, denominator).
    pub(super) fn value_2009(&self, p: &UserId, tb: Tiebreak) -> (u64, u64) {
        let scores = self.opponent_scores(p);
        let sum: u64 = scores.iter().map(|&s| u64::from(s)).sum();
        let low = scores.iter().min().map_or(0, |&s| u64::from(s));
        let high = scores.iter().max().map_or(0, |&s| u64::from(s));
        let rounds = &self.rounds[p];
        match tb {
            Tiebreak::Buchholz => (sum, 2),
            Tiebreak::BuchholzCut1 => (sum - low, 2),
            Tiebreak::BuchholzMedian if scores.len() >= 2 => (sum - low - high, 2),
            Tiebreak::BuchholzMedian => (0, 2),
            Tiebreak::SonnebornBerger => (
                rounds
                    .iter()
                    .zip(&scores)
                    .map(|(r, s)| u64::from(r.own) * u64::from(*s))
                    .sum(),
                4,
            ),
            Tiebreak::Progressive => {
                let mut running = 0u64;
                let mut total = 0u64;
                for r in rounds {
                    running += u64::from(r.own);
                    total += running;
                }
                (total, 2)
            }
            Tiebreak::Wins => (
                rounds
                    .iter()
                    .filter(|r| r.opponent.is_some() && r.own == 2)
                    .count() as u64,
                1,
            ),
            Tiebreak::AverageRatingOfOpponents => {
                let rated: Vec<u64> = rounds
                    .iter()
                    .filter_map(|r| r.opponent)
                    .map(|q| u64::from(self.ratings[q]))
                    .filter(|&r| r > 0)
                    .collect();
                (rated.iter().sum(), (rated.len() as u64).max(1))
            }
            _ => (0, 1),
        }
    }

    /// fide-tb direct encounter: each member's points against the others
    /// of `group`, when every two of them have met; `None` otherwise.
    pub(super) fn encounters(&self, group: &[&'a UserId]) -> Option<BTreeMap<&'a UserId, u32>> {
        let mut points = BTreeMap::new();
        for &p in group {
            let mut met = BTreeSet::new();
            let mut got = 0;
            for r in &self.rounds[p] {
                if let Some(q) = r.opponent.filter(|q| group.contains(q)) {
                    met.insert(q);
                    got += r.own;
                }
            }
            if met.len() + 1 < group.len() {
                return None;
            }
            points.insert(p, got);
        }
        Some(points)
    }
}
