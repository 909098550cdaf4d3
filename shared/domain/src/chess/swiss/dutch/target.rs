//! A first, aimed pass through a bracket's candidates for the 2017 and 2026
//! editions: dutch17 B.6 takes the first candidate, in the order of
//! dutch17 D, with the best quality. When a quality no candidate can beat
//! ([`aimed_ideal`]) is reached by some candidate, that candidate is the
//! first to reach it; so the pass walks the candidates in the same order
//! but cuts every branch whose lower bound already exceeds that quality
//! ([`beyond`]), and stops at the first candidate reaching it. When no
//! candidate reaches it within [`AIMED_BUDGET`], the caller searches the
//! bracket as before.
//!
//! In large brackets the full search rarely reaches a perfect candidate
//! and spends its whole budget; the aimed pass reaches the best candidate
//! after a few branches, the bounds steering the depth-first walk.

use super::edition::{Edition, RoundFacts};
use super::matching::bipartite_matching_size;
use super::quality::{colour_surplus, surplus, tail_lower_bound, wanting, BracketView, Quality};
use super::state::Strength;
use crate::chess::swiss::Colour;

/// Candidates the aimed pass may evaluate: as many as the full search,
/// since in a bracket of 14–40 players with moved-down players the first
/// candidate reaching the ideal often lies thousands of candidates deep,
/// while its cuts keep a large bracket's walk short.
pub const AIMED_BUDGET: usize = 20_000;

/// Branches the aimed pass may cut (each a few comparisons).
pub const AIMED_CUTS: usize = 1_000_000;

/// One point, in half points (dutch17 A.8's artificial score of a floater).
const POINT: i64 = 2;

/// The quality no candidate of the main enumeration of dutch17 D.3 (the
/// moved-down players `moved` paired with residents, the remainder among
/// residents) can beat with `p` pairs: `base` (the bracket's ideal) with its
/// dutch17 C.6 (dutch26 C.6) part made exact for the moved-down players.
///
/// A moved-down player paired with a resident brings his score difference
/// to the bracket's lowest score to the PSD (dutch17 A.8, C.6); one left
/// unpaired floats with a difference one point wider. Pairing one more of
/// them, or a higher one instead of a lower, removes the widest difference
/// changed, so the least PSD pairs the highest as many as can meet residents
/// (`m`). Under dutch26 C.6 the same choice puts the highest scores among
/// the pairs. `None` when the bracket has no moved-down player, when its
/// residents have more than one score (dutch17 A.9's collapsed last
/// bracket, where pairs among residents bring differences too), or when the
/// count does not fit (the caller keeps `base`).
pub fn aimed_ideal(
    f: &RoundFacts<'_>,
    b: &BracketView<'_>,
    moved: &[usize],
    residents: &[usize],
    p: usize,
    base: &Quality,
    head_len: usize,
) -> Quality {
    let mut q = moved_down_ideal(f, b, moved, residents, p, base).unwrap_or_else(|| base.clone());
    let c11 = head_len + 3 + usize::from(f.edition == Edition::Dutch2026);
    if let Some(x) = q.get_mut(c11) {
        *x = (*x).max(strong_refusals(f, b.players, p));
    }
    q
}

/// dutch17 C.11 (dutch26 C.13): the least number of pairs refusing a strong
/// preference when the fewest colour preferences are refused (dutch17
/// C.10). With `k` more players wanting the majority colour than the others
/// and the floaters can take, `k` pairs both want it; each such pair
/// refuses a strong preference unless one of the two has a mild one, and
/// the mild ones are best spread one to a pair. A topscorer's pair of two
/// absolute preferences refuses none, so brackets with topscorers keep 0.
fn strong_refusals(f: &RoundFacts<'_>, players: &[usize], p: usize) -> i64 {
    let k = colour_surplus(f, players, p);
    if k == 0 || players.iter().any(|&i| f.topscorer[i]) {
        return 0;
    }
    let mild = |c: Colour| {
        players
            .iter()
            .filter(|&&i| f.preference(i) == Some((c, Strength::Mild)))
            .count() as i64
    };
    let [white, black, _] = wanting(f, players);
    let majority = if white > black {
        Colour::White
    } else {
        Colour::Black
    };
    (k - mild(majority)).max(0)
}

/// [`aimed_ideal`]'s dutch17 C.6 (dutch26 C.6) part.
fn moved_down_ideal(
    f: &RoundFacts<'_>,
    b: &BracketView<'_>,
    moved: &[usize],
    residents: &[usize],
    p: usize,
    base: &Quality,
) -> Option<Quality> {
    let one_score = residents
        .windows(2)
        .all(|w| f.ps[w[0]].score == f.ps[w[1]].score);
    if moved.is_empty() || !one_score {
        return None;
    }
    let mut moved = moved.to_vec();
    f.sort(&mut moved);
    let m = bipartite_matching_size(moved.len(), residents.len(), &|a, r| {
        f.compatible(moved[a], residents[r])
    })
    .min(p);
    let n = b.players.len();
    let floaters = n.checked_sub(2 * p)?;
    let resident_floaters = floaters.checked_sub(moved.len() - m)?;
    let min = i64::from(b.min_score);
    let score = |i: usize| i64::from(f.ps[i].score);
    let head = if f.edition == Edition::Dutch2026 {
        let mut v: Vec<i64> = moved[..m].iter().map(|&i| -score(i)).collect();
        v.extend(std::iter::repeat_n(-min, p - m));
        v.sort_unstable();
        v.resize(n.max(v.len()), 0);
        v
    } else {
        let mut v: Vec<i64> = moved[..m].iter().map(|&i| score(i) - min).collect();
        v.extend(moved[m..].iter().map(|&i| score(i) - min + POINT));
        v.extend(std::iter::repeat_n(0, p - m));
        v.extend(std::iter::repeat_n(POINT, resident_floaters));
        v.sort_unstable_by(|x, y| y.cmp(x));
        v.resize(n.max(v.len()), i64::MIN);
        v
    };
    let mut q = base.clone();
    if q.len() < 1 + head.len() {
        return None;
    }
    q[1..1 + head.len()].copy_from_slice(&head);
    if !b.last {
        let mut floating: Vec<i64> = moved[m..].iter().map(|&i| score(i)).collect();
        floating.extend(std::iter::repeat_n(min, resident_floaters));
        next_scores_ideal(f, b, &floating, &mut q)?;
    }
    Some(q)
}

/// dutch17 C.7 (dutch26 C.8) in an ideal whose floaters have the scores
/// `floating` (highest first): at most each floater paired in the next
/// bracket, with his own score (under dutch26 C.8 the higher player of his
/// pair); the next bracket's other pairs have its score.
fn next_scores_ideal(
    f: &RoundFacts<'_>,
    b: &BracketView<'_>,
    floating: &[i64],
    q: &mut Quality,
) -> Option<()> {
    let n = b.players.len();
    let next_pairs = usize::try_from(-*q.get(1 + n)?).ok()?;
    let mut scores: Vec<i64> = floating.iter().take(next_pairs).map(|&x| -x).collect();
    if f.edition == Edition::Dutch2026 {
        let next_score = b.next.first().map_or(0, |&i| i64::from(f.ps[i].score));
        scores.resize(next_pairs.max(scores.len()), -next_score);
    }
    scores.sort_unstable();
    let len = n + b.next.len();
    scores.resize(len.max(scores.len()), 0);
    q.get_mut(2 + n..2 + n + len)?.copy_from_slice(&scores);
    Some(())
}

/// Whether no candidate completing pairs whose pair penalties sum to
/// `partial` (with `forced` more colour preferences refused, dutch17 C.10,
/// dutch26 C.12) can reach `aim`. No candidate is better than the aim, so
/// one reaching it equals it in every criterion; the criteria from
/// `head_len` on are bounded below one by one ([`tail_lower_bound`]), and
/// a single bound above the aim's criterion rules the branch out.
pub fn beyond(
    f: &RoundFacts<'_>,
    partial: &[i64; 6],
    forced: i64,
    aim: &Quality,
    head_len: usize,
) -> bool {
    let Some(tail) = aim.get(head_len..) else {
        return false;
    };
    // The bound's criteria beyond its first ones are the least possible.
    let bound = tail_lower_bound(f, partial, forced, 0);
    bound.iter().zip(tail).any(|(b, t)| b > t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::swiss::dutch::edition::Edition;
    use crate::chess::swiss::dutch::state::PlayerState;
    use crate::chess::swiss::{PairingRules, SwissTournament};

    /// [`moved_down_ideal`] of a last bracket of five players numbered 1–5
    /// with `half` points each (in half points), the first moved down into
    /// it and the rest residents, with two pairs, by `edition`; the plain
    /// ideal `[-2, 0, 0, 0, 0, 0, 7]` (two pairs, five zeros, one more
    /// criterion) as its base.
    fn one_moved_down(half: [u32; 5], min_score: u32, edition: Edition) -> Option<Quality> {
        let ps: Vec<PlayerState> = (1..)
            .zip(half)
            .map(|(n, s)| PlayerState::sample(n, s, &[], [None, None]))
            .collect();
        let t = SwissTournament {
            players: vec![],
            rounds_played: 3,
            total_rounds: 9,
            first_colour: crate::chess::swiss::Colour::White,
            rules: PairingRules::default(),
        };
        let f = RoundFacts::new(&ps, &t, edition);
        let b = BracketView::last(&[0, 1, 2, 3, 4], min_score);
        let base = vec![-2, 0, 0, 0, 0, 0, 7];
        moved_down_ideal(&f, &b, &[0], &[1, 2, 3, 4], 2, &base)
    }

    #[test]
    fn dutch17_c_6_the_moved_down_player_paired_brings_his_difference() {
        // Player 0 (4 points, 8 half points) moved down into the 2-point
        // bracket of 1–4: five players, two pairs, one floats. The least
        // PSD (dutch17 C.6): 0 paired, difference 2 points (4 half points),
        // a resident pair with none, a resident floating with one point
        // (2 half points): [4, 2, 0], padded to the bracket's five.
        let scores = [8, 4, 4, 4, 4];
        let q = one_moved_down(scores, 4, Edition::Dutch2017).expect("tightened");
        assert_eq!(q, vec![-2, 4, 2, 0, i64::MIN, i64::MIN, 7]);
        // dutch26 C.6: the higher scores paired, 4 points then 2, negated.
        let q = one_moved_down(scores, 4, Edition::Dutch2026).expect("tightened");
        assert_eq!(q, vec![-2, -8, -4, 0, 0, 0, 7]);
    }

    #[test]
    fn dutch17_a_9_a_collapsed_last_bracket_keeps_the_plain_ideal() {
        // Player 0 (8 half points) moved into dutch17 A.9's collapsed last
        // bracket of 1, 2 (4 half points) and 3, 4 (2 half points). Were
        // the residents one score bracket, the least PSD would pair 0 with
        // a resident: [6, 2, 0] (dutch17 C.6). But 0-1 (difference 4),
        // 2-3 (2) with 4 floating (a point, 2) gives [4, 2, 2], which is
        // less: pairs among residents bring differences of their own, so
        // the tightened ideal would not be a bound, and the plain one stays.
        let collapsed = [8, 4, 4, 2, 2];
        assert_eq!(one_moved_down(collapsed, 2, Edition::Dutch2017), None);
        // The same residents with one score are tightened.
        let q = one_moved_down([8, 2, 2, 2, 2], 2, Edition::Dutch2017);
        assert_eq!(q, Some(vec![-2, 6, 2, 0, i64::MIN, i64::MIN, 7]));
    }
}

/// The colour preferences ([`wanting`]) of the S1 and S2 of one round of
/// dutch17 D.1 transpositions, and those of the players already paired
/// (the first of each pair, then the second) when it began: what the
/// players still to pair want follows from the pairs made since.
pub struct ColourPool {
    sides: [[i64; 3]; 2],
    at: [[i64; 3]; 2],
}

impl ColourPool {
    pub fn new(f: &RoundFacts<'_>, s1: &[usize], s2: &[usize], at: [[i64; 3]; 2]) -> Self {
        ColourPool {
            sides: [wanting(f, s1), wanting(f, s2)],
            at,
        }
    }

    /// dutch17 C.10 (dutch26 C.12): the colour preferences the `pairs`
    /// players left in S1 must refuse at least, with the players left in S2,
    /// `paired` the counts of the players paired now. Every pair of two
    /// players wanting the same colour refuses one; the general count is
    /// the majority beyond what the others and the floaters take. With
    /// `bipartite`, also S1's players each taking one of S2: those wanting
    /// white take S2's wanting black, those wanting black S2's wanting white,
    /// the rest S2's without a preference; whoever is left refuses.
    pub fn forced(&self, paired: &[[i64; 3]; 2], pairs: i64, bipartite: bool) -> i64 {
        let left =
            |side: usize, c: usize| self.sides[side][c] - (paired[side][c] - self.at[side][c]);
        let (aw, ab, a) = (left(0, 0), left(0, 1), left(0, 2));
        let (cw, cb, c) = (left(1, 0), left(1, 1), left(1, 2));
        let general = surplus([aw + cw, ab + cb, a + c], pairs);
        if !bipartite {
            return general;
        }
        let (x1, x2) = (aw.min(cb), ab.min(cw));
        let x3 = (aw - x1 + ab - x2).min(c - cw - cb);
        general.max(aw + ab - x1 - x2 - x3)
    }
}

#[cfg(test)]
mod pool_tests {
    use super::ColourPool;

    /// What S1 (`s1` its [`wanting`] counts) and S2 (`s2`) must refuse
    /// with two pairs, nobody paired yet.
    fn forced(s1: [i64; 3], s2: [i64; 3], bipartite: bool) -> i64 {
        let pool = ColourPool {
            sides: [s1, s2],
            at: [[0; 3]; 2],
        };
        pool.forced(&[[0; 3]; 2], 2, bipartite)
    }

    #[test]
    fn dutch17_c_10_s1_players_take_s2_players_of_the_other_colour() {
        // S1: two wanting white; S2: one wanting white, one black, one
        // without preference. Generally (any two may meet) the 3 wanting
        // white among 5 with 2 pairs force none; with S1 against S2 both
        // S1 players find black or none: none either. S2 wanting white
        // only: all 5 want white, 2 pairs: 2 refused, in either count.
        assert_eq!(forced([2, 0, 2], [1, 1, 3], true), 0);
        assert_eq!(forced([2, 0, 2], [3, 0, 3], false), 2);
        assert_eq!(forced([2, 0, 2], [3, 0, 3], true), 2);
        // S1 one wanting white, one black; S2 two wanting black, one white:
        // generally 0; S1 against S2 also 0 (white-black, black-white).
        assert_eq!(forced([1, 1, 2], [1, 2, 3], true), 0);
        // S1 two wanting black; S2 two wanting black, one without: the
        // general count 4 - 5 + 2 = 1; S1 against S2 the same, 1.
        assert_eq!(forced([0, 2, 2], [0, 2, 3], true), 1);
    }
}
