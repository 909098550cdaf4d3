//! dutch17 D.2 (dutch26 D.2): the resident-exchanges of a homogeneous bracket
//! or a remainder, between the original S1 and the original S2, in the order
//! the text sorts them, for any number of players exchanged.
//!
//! The priority goes to the exchange with (a) the fewest players exchanged,
//! (b) the smallest difference between the sum of the bracket sequence
//! numbers (BSNs) moved from S2 to S1 and the sum of those moved from S1 to
//! S2, (c) the highest different BSN among those moved from S1 to S2, (d) the
//! lowest different BSN among those moved from S2 to S1. The 2026 text keeps
//! the same order (bbpPairings 6.0.0 weighs the exchanges as 5.0.1 does).
//!
//! The exchanges are generated lazily: for each number of players `k` and
//! each difference of sums, the players leaving S1 are walked in the order of
//! (c) among the groups whose sum admits a partner group, and for each the
//! players leaving S2 in the order of (d) among the groups of the exact sum
//! needed. Every group walked yields at least one exchange, so an exchange
//! costs O(k²) however large the bracket is.

use super::exchange::Exchange;

/// dutch17 D.2: the resident-exchanges for an S1 of `a` players and an S2
/// of `b`, in order, the identity (no exchange) first. Positions are 0-based
/// within S1 and within S2 (S1 holds BSNs 1..=a, S2 holds a+1..=a+b).
pub fn resident_exchanges(a: usize, b: usize) -> ResidentExchanges {
    ResidentExchanges {
        a,
        b,
        started: false,
        k: 0,
        diff: 0,
        leaving_s1: None,
        leaving_s2: None,
    }
}

/// How many players the exchanges walked in full exchange at most, for an
/// S1 of `a` players and an S2 of `b`: two up to 16 a side, one beyond. The
/// wider exchanges are tried only while the bracket has no candidate. Walked
/// in full they spend the candidate budget on the first remainder of a
/// heterogeneous bracket before the moved-down players' other opponents are
/// tried, and in a large bracket on exchanges after every one-player one.
pub fn walked_in_full(a: usize, b: usize) -> usize {
    if a <= 16 && b <= 17 {
        2
    } else {
        1
    }
}

/// The iterator [`resident_exchanges`] returns.
#[derive(Debug, Clone)]
pub struct ResidentExchanges {
    a: usize,
    b: usize,
    /// Whether the identity has been given.
    started: bool,
    /// Players exchanged (dutch17 D.2.a).
    k: usize,
    /// Sum of S2 positions minus sum of S1 positions moved (dutch17 D.2.b,
    /// shifted by `k * a` from the BSN difference).
    diff: i64,
    /// The S1 groups of this `k` and `diff`, as mirrored positions
    /// (`a - 1 - i`), so that dutch17 D.2.c is ascending order.
    leaving_s1: Option<SumSubsets>,
    /// The S2 groups matching the current S1 group (dutch17 D.2.d).
    leaving_s2: Option<SumSubsets>,
}

impl ResidentExchanges {
    /// Sum range of the `k`-subsets of `0..n`.
    fn sums(n: usize, k: usize) -> (i64, i64) {
        let (n, k) = (n as i64, k as i64);
        (k * (k - 1) / 2, k * (2 * n - k - 1) / 2)
    }

    /// The S1 groups for the current `k` and `diff`: those whose sum `s`
    /// leaves `s + diff` reachable by a group of S2.
    fn s1_groups(&self) -> SumSubsets {
        let (s2_lo, s2_hi) = Self::sums(self.b, self.k);
        // Mirrored sum = k(a-1) - s, with s in [s2_lo - diff, s2_hi - diff].
        let top = (self.k as i64) * (self.a as i64 - 1);
        SumSubsets::new(
            self.a,
            self.k,
            top - (s2_hi - self.diff),
            top - (s2_lo - self.diff),
        )
    }

    /// Move to the next difference, or to the first difference of one more
    /// player exchanged; false when every exchange has been given.
    fn advance_diff(&mut self) -> bool {
        let (s1_lo, _) = Self::sums(self.a, self.k);
        let (_, s2_hi) = Self::sums(self.b, self.k);
        if self.k > 0 && self.diff < s2_hi - s1_lo {
            self.diff += 1;
        } else {
            self.k += 1;
            if self.k > self.a.min(self.b) {
                return false;
            }
            let (_, s1_hi) = Self::sums(self.a, self.k);
            let (s2_lo, _) = Self::sums(self.b, self.k);
            self.diff = s2_lo - s1_hi;
        }
        self.leaving_s1 = Some(self.s1_groups());
        true
    }

    fn exchange(&self, mirrored: &[usize], s2: &[usize]) -> Exchange {
        let mut from_s1: Vec<usize> = mirrored.iter().map(|&m| self.a - 1 - m).collect();
        from_s1.reverse();
        Exchange {
            from_s1,
            from_s2: s2.to_vec(),
        }
    }
}

impl Iterator for ResidentExchanges {
    type Item = Exchange;

    fn next(&mut self) -> Option<Exchange> {
        if !self.started {
            // The identity first; the one-player exchanges come next.
            self.started = true;
            return Some(Exchange {
                from_s1: vec![],
                from_s2: vec![],
            });
        }
        loop {
            if let (Some(s1), Some(s2)) = (&self.leaving_s1, &mut self.leaving_s2) {
                if let Some(t) = s2.next_subset() {
                    let t = t.to_vec();
                    return Some(self.exchange(s1.current(), &t));
                }
                self.leaving_s2 = None;
            }
            let (a, diff) = (self.a as i64, self.diff);
            let want = match self.leaving_s1.as_mut() {
                // The sum the S2 group must have: the S1 group's plus `diff`.
                Some(s1) => s1
                    .next_subset()
                    .map(|m| m.iter().map(|&x| a - 1 - x as i64).sum::<i64>() + diff),
                None if self.k > 0 => return None,
                None => None,
            };
            match want {
                Some(want) => {
                    self.leaving_s2 = Some(SumSubsets::new(self.b, self.k, want, want));
                }
                None if self.advance_diff() => {}
                None => {
                    self.leaving_s1 = None;
                    return None;
                }
            }
        }
    }
}

/// The `k`-subsets of `0..n` whose sum lies in `lo..=hi`, in ascending
/// lexicographic order (each sorted ascending), generated one at a time.
/// The sums of the `r`-subsets of a run of consecutive numbers fill an
/// interval, so whether a prefix can be completed is known exactly and no
/// dead branch is walked.
#[derive(Debug, Clone)]
struct SumSubsets {
    n: i64,
    k: usize,
    lo: i64,
    hi: i64,
    cur: Vec<usize>,
    started: bool,
    done: bool,
}

impl SumSubsets {
    fn new(n: usize, k: usize, lo: i64, hi: i64) -> SumSubsets {
        SumSubsets {
            n: n as i64,
            k,
            lo,
            hi,
            cur: Vec::with_capacity(k),
            started: false,
            done: lo > hi,
        }
    }

    fn current(&self) -> &[usize] {
        &self.cur
    }

    /// The smallest value at least `from` that position `cur.len()` can take
    /// after a prefix summing to `prefix`, with the rest still completable.
    fn smallest(&self, from: i64, prefix: i64) -> Option<usize> {
        let r = (self.k - self.cur.len() - 1) as i64;
        let tri = r * (r - 1) / 2;
        // The rest (r values above v, below n) sums to r(v+1)+tri ..= r(n-1)-tri.
        let max_rest = r * (self.n - 1) - tri;
        let v = from.max(self.lo - prefix - max_rest);
        // Need hi - prefix - v >= r(v+1) + tri, and room for r values above v.
        let top = (self.hi - prefix - r - tri).div_euclid(r + 1);
        let top = top.min(self.n - 1 - r);
        (v <= top).then_some(v as usize)
    }

    /// Fill the positions after the current prefix with their smallest values.
    fn fill(&mut self) -> bool {
        while self.cur.len() < self.k {
            let prefix: i64 = self.cur.iter().map(|&x| x as i64).sum();
            let from = self.cur.last().map_or(0, |&x| x as i64 + 1);
            match self.smallest(from, prefix) {
                Some(v) => self.cur.push(v),
                None => return false,
            }
        }
        true
    }

    fn next_subset(&mut self) -> Option<&[usize]> {
        if self.done {
            return None;
        }
        if !self.started {
            self.started = true;
            if self.fill() {
                return Some(&self.cur);
            }
            self.done = true;
            return None;
        }
        while let Some(last) = self.cur.pop() {
            let prefix: i64 = self.cur.iter().map(|&x| x as i64).sum();
            if let Some(v) = self.smallest(last as i64 + 1, prefix) {
                self.cur.push(v);
                if self.fill() {
                    return Some(&self.cur);
                }
            }
        }
        self.done = true;
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// An exchange as BSNs: (moved from S1 to S2, moved from S2 to S1).
    fn bsns(a: usize, e: &Exchange) -> (Vec<usize>, Vec<usize>) {
        (
            e.from_s1.iter().map(|i| i + 1).collect(),
            e.from_s2.iter().map(|j| a + j + 1).collect(),
        )
    }

    fn listed(a: usize, b: usize, k: usize) -> Vec<(Vec<usize>, Vec<usize>)> {
        resident_exchanges(a, b)
            .filter(|e| e.from_s1.len() == k)
            .map(|e| bsns(a, &e))
            .collect()
    }

    #[test]
    fn dutch17_d_2_one_player_exchanges_in_an_eleven_player_bracket() {
        // S1 = 1..5, S2 = 6..11. By hand: difference 1: 5-6; difference 2:
        // 5-7, 4-6 (c: moving 5 beats moving 4); difference 3: 5-8, 4-7, 3-6;
        // difference 4: 5-9, 4-8, 3-7, 2-6; then 5-10 opens difference 5.
        let want: Vec<(usize, usize)> = vec![
            (5, 6),
            (5, 7),
            (4, 6),
            (5, 8),
            (4, 7),
            (3, 6),
            (5, 9),
            (4, 8),
            (3, 7),
            (2, 6),
            (5, 10),
        ];
        let all: Vec<Exchange> = resident_exchanges(5, 6).take(12).collect();
        assert!(all[0].from_s1.is_empty() && all[0].from_s2.is_empty());
        let got: Vec<(usize, usize)> = all[1..]
            .iter()
            .map(|e| bsns(5, e))
            .map(|(s1, s2)| (s1[0], s2[0]))
            .collect();
        assert_eq!(got, want);
        // The text's example of b: 6 with 4 (difference 2) before 8 with 5 (3).
        let ones = listed(5, 6, 1);
        let at = |x: (usize, usize)| ones.iter().position(|e| (e.0[0], e.1[0]) == x);
        assert!(at((4, 6)) < at((5, 8)));
    }

    #[test]
    fn dutch17_d_2_two_player_exchanges_in_an_eight_player_bracket() {
        // S1 = 1..4, S2 = 5..8. Sums out of S1: 3+4 = 7, 2+4 = 6, 1+4 = 5,
        // 2+3 = 5, 1+3 = 4, 1+2 = 3; into S1: 5+6 = 11, 5+7 = 12, 5+8 = 13,
        // 6+7 = 13, 6+8 = 14, 7+8 = 15. Difference 4: 3+4/5+6. Difference 5:
        // 3+4/5+7, 2+4/5+6 (c: 4-3 beats 4-2). Difference 6: 3+4/5+8,
        // 3+4/6+7 (d: 5-8 beats 6-7), 2+4/5+7, 1+4/5+6 (c: 4-1 beats 3-2),
        // 2+3/5+6.
        let want: Vec<(Vec<usize>, Vec<usize>)> = vec![
            (vec![3, 4], vec![5, 6]),
            (vec![3, 4], vec![5, 7]),
            (vec![2, 4], vec![5, 6]),
            (vec![3, 4], vec![5, 8]),
            (vec![3, 4], vec![6, 7]),
            (vec![2, 4], vec![5, 7]),
            (vec![1, 4], vec![5, 6]),
            (vec![2, 3], vec![5, 6]),
        ];
        assert_eq!(listed(4, 4, 2)[..want.len()], want[..]);
        // a: every one-player exchange (16) comes before the first two-player one.
        let all: Vec<Exchange> = resident_exchanges(4, 4).collect();
        assert!(all[1..17].iter().all(|e| e.from_s1.len() == 1));
        assert_eq!(all[17].from_s1.len(), 2);
    }

    #[test]
    fn dutch17_d_2_three_and_four_player_exchanges_come_last() {
        // S1 = 1..4, S2 = 5..8, three players: out 2+3+4 = 9, 1+3+4 = 8,
        // 1+2+4 = 7; in 5+6+7 = 18, 5+6+8 = 19, 5+7+8 = 20. Difference 9:
        // 234/567; 10: 234/568, 134/567 (c: 4-3-2 beats 4-3-1); 11: 234/578,
        // 134/568, 124/567. Then the single four-player exchange, last.
        let want: Vec<(Vec<usize>, Vec<usize>)> = vec![
            (vec![2, 3, 4], vec![5, 6, 7]),
            (vec![2, 3, 4], vec![5, 6, 8]),
            (vec![1, 3, 4], vec![5, 6, 7]),
            (vec![2, 3, 4], vec![5, 7, 8]),
            (vec![1, 3, 4], vec![5, 6, 8]),
            (vec![1, 2, 4], vec![5, 6, 7]),
        ];
        assert_eq!(listed(4, 4, 3)[..want.len()], want[..]);
        let all: Vec<Exchange> = resident_exchanges(4, 4).collect();
        // Every S1 of four players out of eight, once: C(8, 4) = 70.
        assert_eq!(all.len(), 70);
        assert_eq!(bsns(4, &all[69]), (vec![1, 2, 3, 4], vec![5, 6, 7, 8]));
    }

    #[test]
    fn dutch17_d_2_text_examples_of_c_and_d() {
        // c: 5-4-1 is better than 5-3-2; d: 6-7-10 is better than 6-8-9
        // (an eleven-player bracket, S1 = 1..5, S2 = 6..11). Both pairs have
        // the same difference with the same partner group.
        let three = listed(5, 6, 3);
        let at = |x: (&[usize], &[usize])| three.iter().position(|e| (&e.0[..], &e.1[..]) == x);
        assert!(at((&[1, 4, 5], &[6, 7, 8])) < at((&[2, 3, 5], &[6, 7, 8])));
        assert!(at((&[3, 4, 5], &[6, 7, 10])) < at((&[3, 4, 5], &[6, 8, 9])));
        // b: 8+6 with 4+3 (difference 7) before 9+8 with 5+4 (difference 8).
        let two = listed(5, 6, 2);
        let at = |x: (&[usize], &[usize])| two.iter().position(|e| (&e.0[..], &e.1[..]) == x);
        assert!(at((&[3, 4], &[6, 8])) < at((&[4, 5], &[8, 9])));
    }

    #[test]
    fn dutch17_d_2_empty_halves_have_only_the_identity() {
        assert_eq!(resident_exchanges(0, 5).count(), 1);
        assert_eq!(resident_exchanges(3, 0).count(), 1);
        assert_eq!(resident_exchanges(1, 1).count(), 2);
    }

    #[test]
    fn dutch17_d_2_exchanges_are_lazy_in_large_brackets() {
        // 2,000 players a side: the first exchanges come without listing the
        // others, and the 100,000th is reached in a few steps each.
        let mut it = resident_exchanges(2000, 2000);
        assert!(it.next().is_some_and(|e| e.from_s1.is_empty()));
        assert_eq!(
            it.next().map(|e| bsns(2000, &e)),
            Some((vec![2000], vec![2001]))
        );
        assert!(it.nth(100_000).is_some_and(|e| e.from_s1.len() == 1));
    }

    /// The dutch17 D.2 key, computed from the text directly: (a) the number
    /// exchanged, (b) the difference of the sums, (c) the S1 players moved,
    /// highest first, the higher winning, (d) the S2 players moved, lowest
    /// first, the lower winning.
    fn key(a: usize, e: &Exchange) -> (usize, usize, std::cmp::Reverse<Vec<usize>>, Vec<usize>) {
        let (s1, s2) = bsns(a, e);
        let mut high_first = s1.clone();
        high_first.sort_unstable_by(|x, y| y.cmp(x));
        let mut low_first = s2.clone();
        low_first.sort_unstable();
        let diff = s2.iter().sum::<usize>() - s1.iter().sum::<usize>();
        (s1.len(), diff, std::cmp::Reverse(high_first), low_first)
    }

    fn binomial(n: usize, k: usize) -> usize {
        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
    }

    proptest! {
        #[test]
        fn dutch17_d_2_each_exchange_once_in_order(a in 0usize..7, b in 0usize..8) {
            // dutch17 D.2 and dutch26 D.2 (bbpPairings 6.0.0 orders as 5.0.1).
            let all: Vec<Exchange> = resident_exchanges(a, b).collect();
            // Each exchange gives a different S1 of `a` players out of a + b,
            // and every such S1 comes once.
            prop_assert_eq!(all.len(), binomial(a + b, a));
            for e in &all {
                prop_assert_eq!(e.from_s1.len(), e.from_s2.len());
                prop_assert!(e.from_s1.windows(2).all(|w| w[0] < w[1]));
                prop_assert!(e.from_s2.windows(2).all(|w| w[0] < w[1]));
                prop_assert!(e.from_s1.iter().all(|&i| i < a));
                prop_assert!(e.from_s2.iter().all(|&j| j < b));
            }
            for w in all.windows(2) {
                prop_assert!(key(a, &w[0]) < key(a, &w[1]));
            }
        }
    }
}
