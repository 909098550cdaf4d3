//! dutch17 D.3 (dutch26 D.3): the MDP-exchanges of a heterogeneous bracket,
//! between the original S1 and the original limbo, in the order of the S1
//! they yield: (a) the highest different score first, then (b) the lowest
//! lexicographic value of the bracket sequence numbers, sorted ascending.
//!
//! The moved-down players (MDPs) come in bracket order (score, then pairing
//! number, dutch17 A.2), so players of equal score are consecutive. An S1
//! is then a count per score (a) and, within each score, a choice of that
//! many players (b). The counts are walked from the most high scores down,
//! and for each the choices as an odometer, the highest score's choice
//! turning slowest; one S1 is made at a time, so many MDPs cost nothing
//! until their S1s are asked for.

/// dutch17 D.3: the choices of `m` MDPs for S1 out of MDPs with `scores`
/// (in bracket order), in order, as ascending positions into `scores`.
pub fn mdp_choices(scores: &[u32], m: usize) -> MdpChoices {
    let mut groups: Vec<(usize, usize)> = Vec::new();
    for (i, s) in scores.iter().enumerate() {
        match groups.last_mut() {
            Some((start, len)) if scores[*start] == *s => *len += 1,
            _ => groups.push((i, 1)),
        }
    }
    MdpChoices {
        counts: fill(&groups, 0, m),
        choices: Vec::new(),
        groups,
        started: false,
    }
}

/// The iterator [`mdp_choices`] returns.
#[derive(Debug, Clone)]
pub struct MdpChoices {
    /// (first position, players) of each score, highest score first.
    groups: Vec<(usize, usize)>,
    /// How many players of each score the current S1 takes (dutch17 D.3.a);
    /// `None` when no further S1 exists.
    counts: Option<Vec<usize>>,
    /// Which players of each score it takes (dutch17 D.3.b).
    choices: Vec<Vec<usize>>,
    started: bool,
}

/// The counts taking `m` players from the groups `from..`, as many as possible
/// from each group in turn (the first in dutch17 D.3.a order); the groups
/// before `from` take none. `None` when they have fewer than `m` players.
fn fill(groups: &[(usize, usize)], from: usize, mut m: usize) -> Option<Vec<usize>> {
    let mut counts = vec![0; groups.len()];
    for (c, &(_, len)) in counts.iter_mut().zip(groups).skip(from) {
        *c = len.min(m);
        m -= *c;
    }
    (m == 0).then_some(counts)
}

/// The next `k`-subset of `0..n` in lexicographic order; false after the last.
pub(super) fn next_combination(cur: &mut [usize], n: usize) -> bool {
    let k = cur.len();
    let Some(i) = (0..k).rev().find(|&i| cur[i] < n - k + i) else {
        return false;
    };
    cur[i] += 1;
    for j in i + 1..k {
        cur[j] = cur[j - 1] + 1;
    }
    true
}

impl MdpChoices {
    /// The counts after the current ones in dutch17 D.3.a order: one player
    /// fewer of the lowest score that can give one up to the scores below it.
    fn next_counts(&mut self) {
        let Some(counts) = &self.counts else {
            return;
        };
        let groups = &self.groups;
        let next = (0..counts.len()).rev().find_map(|i| {
            if counts[i] == 0 {
                return None;
            }
            let rest = counts[i + 1..].iter().sum::<usize>() + 1;
            let mut next = fill(groups, i + 1, rest)?;
            next[..i].copy_from_slice(&counts[..i]);
            next[i] = counts[i] - 1;
            Some(next)
        });
        self.counts = next;
    }

    fn first_choices(&mut self) {
        if let Some(counts) = &self.counts {
            self.choices = counts.iter().map(|&c| (0..c).collect()).collect();
        }
    }

    fn current(&self) -> Vec<usize> {
        self.groups
            .iter()
            .zip(&self.choices)
            .flat_map(|(&(start, _), c)| c.iter().map(move |&x| start + x))
            .collect()
    }
}

impl Iterator for MdpChoices {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        self.counts.as_ref()?;
        if !self.started {
            self.started = true;
            self.first_choices();
            return Some(self.current());
        }
        // dutch17 D.3.b: the lowest score's choice turns fastest.
        for g in (0..self.groups.len()).rev() {
            if next_combination(&mut self.choices[g], self.groups[g].1) {
                for c in self.choices.iter_mut().skip(g + 1) {
                    for (x, v) in c.iter_mut().zip(0..) {
                        *x = v;
                    }
                }
                return Some(self.current());
            }
        }
        self.next_counts();
        self.counts.as_ref()?;
        self.first_choices();
        Some(self.current())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn dutch17_d_3_equal_scores_in_lexicographic_order() {
        // dutch17 D.3.b and dutch26 D.3 (bbpPairings 6.0.0 chooses as 5.0.1).
        // Three MDPs of one score, two to pair: {1, 2}, {1, 3}, {2, 3}.
        let got: Vec<Vec<usize>> = mdp_choices(&[20, 20, 20], 2).collect();
        assert_eq!(got, vec![vec![0, 1], vec![0, 2], vec![1, 2]]);
        // More to pair than there are: nothing.
        assert_eq!(mdp_choices(&[20, 20], 3).count(), 0);
        // None to pair: the empty S1, once.
        assert_eq!(
            mdp_choices(&[20, 20], 0).collect::<Vec<_>>(),
            vec![Vec::<usize>::new()]
        );
    }

    #[test]
    fn dutch17_d_3_highest_different_score_before_lexicographic() {
        // MDPs 1 and 2 with 3 points, 3 with 2.5, 4 with 2 (scores in
        // half-points: 6, 6, 5, 4); two to pair. By (a): 3+3 first ({1,2});
        // then 3+2.5 ({1,3}, {2,3}); then 3+2 ({1,4}, {2,4}); then 2.5+2
        // ({3,4}). Plain lexicographic order would put {1,4} before {2,3}.
        let got: Vec<Vec<usize>> = mdp_choices(&[6, 6, 5, 4], 2).collect();
        let want: Vec<Vec<usize>> = vec![
            vec![0, 1],
            vec![0, 2],
            vec![1, 2],
            vec![0, 3],
            vec![1, 3],
            vec![2, 3],
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn dutch17_d_3_many_moved_down_players_are_lazy() {
        // 200 MDPs of one score, 100 to pair: C(200, 100) S1s exist; the
        // first ones come at once, the top 100 first.
        let scores = vec![10; 200];
        let mut it = mdp_choices(&scores, 100);
        assert_eq!(it.next(), Some((0..100).collect::<Vec<_>>()));
        let second: Vec<usize> = (0..99).chain([100]).collect();
        assert_eq!(it.next(), Some(second));
    }

    /// The dutch17 D.3 key from the text: the scores of S1, highest first,
    /// the higher winning; then the positions, the lower winning.
    fn key(scores: &[u32], s1: &[usize]) -> (std::cmp::Reverse<Vec<u32>>, Vec<usize>) {
        let mut mine: Vec<u32> = s1.iter().map(|&i| scores[i]).collect();
        mine.sort_unstable_by(|x, y| y.cmp(x));
        (std::cmp::Reverse(mine), s1.to_vec())
    }

    fn binomial(n: usize, k: usize) -> usize {
        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
    }

    proptest! {
        #[test]
        fn dutch17_d_3_each_choice_once_in_order(
            drops in proptest::collection::vec(0u32..3, 0..9),
            m in 0usize..6,
        ) {
            // Scores in bracket order: non-increasing.
            let scores: Vec<u32> = drops
                .iter()
                .scan(30u32, |s, d| {
                    *s -= d;
                    Some(*s)
                })
                .collect();
            let all: Vec<Vec<usize>> = mdp_choices(&scores, m).collect();
            let n = scores.len();
            prop_assert_eq!(all.len(), if m > n { 0 } else { binomial(n, m) });
            for c in &all {
                prop_assert_eq!(c.len(), m);
                prop_assert!(c.windows(2).all(|w| w[0] < w[1]));
                prop_assert!(c.iter().all(|&i| i < n));
            }
            for w in all.windows(2) {
                prop_assert!(key(&scores, &w[0]) < key(&scores, &w[1]));
            }
        }
    }
}
