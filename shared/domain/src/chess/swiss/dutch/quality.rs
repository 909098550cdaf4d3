//! dutch17 C.5–C.19 and dutch26 C.5–C.21: the quality of one candidate
//! pairing of a bracket, as a value compared lexicographically (smaller is
//! better), the criteria in the edition's order.
//!
//! The 2026 numbering: dutch26 C.5 is dutch17 C.5; dutch26 C.6 (the
//! scores paired) takes the place of the PSD; dutch26 C.7 and C.8 split
//! dutch17 C.7; dutch26 C.9 (the bye's unplayed rounds) is new; dutch26
//! C.10, C.11, C.12 and C.13 are dutch17 C.8–C.11; dutch26 C.14, C.15,
//! C.16, C.17, C.18, C.19, C.20 and C.21 are dutch17 C.12–C.19.
//!
//! Lists of score differences (dutch17 A.8, the PSD, and the differences of
//! C.16–C.19) are sorted from the highest down and padded to the bracket's
//! size, so that comparing them element by element compares the largest
//! difference first.

use super::edition::{Edition, RoundFacts};
use super::matching::{cover_in_order, matching_size, matching_size_until, maximum_matching_until};
use super::mdp_exchange::next_combination;
use super::state::Strength;
use crate::chess::swiss::{Colour, Float};

/// One candidate of a bracket: its pairs and the players it moves down.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Candidate {
    pub pairs: Vec<(usize, usize)>,
    pub floaters: Vec<usize>,
}

/// The bracket a candidate pairs, and what lies below it.
pub struct BracketView<'v> {
    /// Every player of the bracket (moved-down players and residents).
    pub players: &'v [usize],
    /// dutch17 A.8: the lowest score in the bracket.
    pub min_score: u32,
    /// The residents of the next score bracket (dutch17 C.7); empty for the last.
    pub next: &'v [usize],
    /// The players below the next bracket (dutch17 C.4 for C.7's pairs).
    pub beyond: &'v [usize],
    /// Whether this bracket's floaters are the bye (the lowest bracket).
    pub last: bool,
    /// dutch26 C.9: whether a single floater of this bracket takes the bye:
    /// the round has a bye and the players below pair among themselves (as
    /// under the lowest bracket, where nobody is below).
    pub bye_floats: bool,
}

impl<'v> BracketView<'v> {
    /// For tests: `players` as the last bracket, its lowest score `min_score`.
    #[cfg(test)]
    pub(crate) fn last(players: &'v [usize], min_score: u32) -> Self {
        BracketView {
            players,
            min_score,
            next: &[],
            beyond: &[],
            last: true,
            bye_floats: true,
        }
    }

    /// For tests: `players` above the `next` bracket, the players
    /// `beyond` it below that, no bye floating from here.
    #[cfg(test)]
    pub(crate) fn above(
        players: &'v [usize],
        min_score: u32,
        next: &'v [usize],
        beyond: &'v [usize],
    ) -> Self {
        BracketView {
            players,
            min_score,
            next,
            beyond,
            last: false,
            bye_floats: false,
        }
    }
}

/// A candidate's quality; smaller is better.
pub type Quality = Vec<i64>;

/// One point, in half points (dutch17 A.8's artificial score for a floater
/// is one point under the bracket's lowest).
const POINT: i64 = 2;

/// The quality of `cand` in bracket `b`, criterion by criterion:
///
/// - dutch17 C.5, dutch26 C.5: more pairs;
/// - dutch17 C.6: the PSD; dutch26 C.6: the scores paired;
/// - dutch17 C.7; dutch26 C.7 and dutch26 C.8: the next bracket;
/// - dutch26 C.9: the bye's unplayed rounds;
/// - dutch17 C.8, dutch26 C.10: colour differences beyond two;
/// - dutch17 C.9, dutch26 C.11: a colour three times running;
/// - dutch17 C.10, dutch26 C.12: colour preferences refused;
/// - dutch17 C.11, dutch26 C.13: strong colour preferences refused;
/// - dutch17 C.12, dutch26 C.14: downfloats repeating last round's;
/// - dutch17 C.13, dutch26 C.15: upfloats repeating last round's;
/// - dutch17 C.14, dutch26 C.16: downfloats repeating two rounds before;
/// - dutch17 C.15, dutch26 C.17: upfloats repeating two rounds before;
/// - dutch17 C.16, dutch26 C.18: the score differences of the first;
/// - dutch17 C.17, dutch26 C.19: of the second;
/// - dutch17 C.18, dutch26 C.20: of the third;
/// - dutch17 C.19, dutch26 C.21: of the fourth.
pub fn quality(f: &RoundFacts<'_>, b: &BracketView<'_>, cand: &Candidate) -> Quality {
    quality_with_next(f, b, cand, &quality_next(f, b, &cand.floaters))
}

/// [`quality`] with the next bracket's criteria `next` already known (they
/// depend on the floaters alone, and are worth keeping): empty, the
/// candidate's own criteria only.
pub fn quality_with_next(
    f: &RoundFacts<'_>,
    b: &BracketView<'_>,
    cand: &Candidate,
    next: &[i64],
) -> Quality {
    let mut q = quality_head(f, b, cand);
    q.extend_from_slice(next);
    q.extend(quality_tail(f, b, cand));
    q
}

/// The first criteria of [`quality`]: dutch17 C.5 and C.6 (dutch26 C.5 and C.6).
pub fn quality_head(f: &RoundFacts<'_>, b: &BracketView<'_>, cand: &Candidate) -> Quality {
    let size = b.players.len();
    let mut q = vec![-(cand.pairs.len() as i64)]; // C.5
    if f.edition == Edition::Dutch2026 {
        // dutch26 C.6: the scores paired, the higher player's of each pair.
        q.extend(padded_scores(higher_scores(f, &cand.pairs), size));
    } else {
        q.extend(padded(psd(f, b, cand), size)); // dutch17 C.6
    }
    q
}

/// The next bracket's criteria of [`quality`] (dutch17 C.7, dutch26 C.7 and
/// C.8): they depend on the candidate's floaters only.
pub fn quality_next(f: &RoundFacts<'_>, b: &BracketView<'_>, floaters: &[usize]) -> Quality {
    let mut q = Vec::new();
    if !b.last {
        next_bracket(f, b, floaters, &mut q);
    }
    q
}

/// The remaining criteria of [`quality`]: dutch26 C.9, then dutch17 C.8–C.19
/// (dutch26 C.10–C.21).
pub fn quality_tail(f: &RoundFacts<'_>, b: &BracketView<'_>, cand: &Candidate) -> Quality {
    let size = b.players.len();
    let mut q = Vec::new();
    if f.edition == Edition::Dutch2026 {
        // dutch26 C.9: the bye's receiver has as few unplayed rounds as
        // possible, counted where he floats alone towards it.
        let bye = match cand.floaters[..] {
            [i] if b.bye_floats => i64::from(f.unplayed_rounds(i)),
            _ => 0,
        };
        q.push(bye);
    }
    q.extend(colour_counts(f, cand)); // C.8–C.11 (dutch26 C.10–C.13)
    for back in 0..2 {
        q.push(repeated_downfloats(f, b, cand, back)); // C.12, C.14
        q.push(repeated_upfloats(f, cand, back).len() as i64); // C.13, C.15
    }
    for back in 0..2 {
        if f.edition == Edition::Dutch2026 {
            q.extend(padded(floater_scores(f, cand, back), size)); // dutch26 C.18, C.20
            q.extend(padded(upfloat_opponent_scores(f, cand, back), size)); // C.19, C.21
        } else {
            q.extend(padded(downfloat_differences(f, b, cand, back), size)); // C.16, C.18
            q.extend(padded(repeated_upfloats(f, cand, back), size)); // C.17, C.19
        }
    }
    q
}

/// What one pair adds to the criteria of [`quality_tail`] that only grow
/// with the pairs: dutch17 C.8–C.11 (dutch26 C.10–C.13) and the repeated
/// upfloats of dutch17 C.13 and C.15 (dutch26 C.15, C.17).
pub fn pair_penalties(f: &RoundFacts<'_>, pair: (usize, usize)) -> [i64; 6] {
    let one = Candidate {
        pairs: vec![pair],
        floaters: Vec::new(),
    };
    let [c8, c9, c10, c11] = colour_counts(f, &one);
    let up = |back| repeated_upfloats(f, &one, back).len() as i64;
    [c8, c9, c10, c11, up(0), up(1)]
}

/// A lower bound, criterion by criterion, of [`quality_tail`] (`len`
/// criteria) for any candidate containing pairs whose [`pair_penalties`]
/// sum to `sum`, when completing them forces `forced` more colour
/// preferences refused (dutch17 C.10, dutch26 C.12). What depends on the
/// floaters is bounded by zero, the lists of differences by no difference.
/// A bound at least a quality's (lexicographically) proves no such
/// candidate better.
pub fn tail_lower_bound(f: &RoundFacts<'_>, sum: &[i64; 6], forced: i64, len: usize) -> Vec<i64> {
    let mut v = Vec::with_capacity(len);
    if f.edition == Edition::Dutch2026 {
        v.push(0); // dutch26 C.9
    }
    v.extend([sum[0], sum[1], sum[2] + forced, sum[3]]);
    v.extend([0, sum[4], 0, sum[5]]);
    v.resize(len.max(v.len()), i64::MIN);
    v
}

/// A quality no candidate with `p` pairs can beat (a perfect candidate
/// reaches it): the lowest players `natural` float with the bracket's
/// smallest differences, every pair has equal scores, the floaters all find
/// opponents below with the bracket's top score, no colour preference is
/// refused beyond the bracket's surplus of one colour (dutch17 C.10), no
/// float repeats.
pub fn ideal(f: &RoundFacts<'_>, b: &BracketView<'_>, p: usize, natural: &[usize]) -> Quality {
    let size = b.players.len();
    let mut q = vec![-(p as i64)];
    let top = b.players.iter().map(|&i| score(f, i)).max().unwrap_or(0);
    if f.edition == Edition::Dutch2026 {
        q.extend(padded_scores(vec![top; p], size));
    } else {
        let mut differences: Vec<i64> = natural
            .iter()
            .map(|&i| floater_difference(f, b, i))
            .collect();
        differences.extend(std::iter::repeat_n(0, p));
        q.extend(padded(differences, size));
    }
    if !b.last && natural.is_empty() {
        // No floater: the next bracket's criteria are its own, whatever the
        // candidate.
        q.extend(quality_next(f, b, &[]));
    } else if !b.last {
        let next_pairs = next_pairs_bound(f, b, natural.len());
        q.push(-(next_pairs as i64));
        // dutch17 C.7: at most the floaters are paired there, each with at
        // most the top score. dutch26 C.8: of the pairs there, at most one
        // per floater has a higher player above the next bracket's score.
        let mut scores = vec![top; natural.len().min(next_pairs)];
        if f.edition == Edition::Dutch2026 {
            let next_score = b.next.first().map_or(0, |&i| score(f, i));
            scores.resize(next_pairs, next_score);
        }
        q.extend(padded_scores(scores, size + b.next.len()));
    }
    if f.edition == Edition::Dutch2026 {
        q.push(if b.bye_floats && b.players.len() == 2 * p + 1 {
            fewest_unplayed(f, b.players)
        } else {
            0
        });
    }
    q.extend([0, 0, refusals_floor(f, b.players, p), 0]);
    let floors = [0, 1].map(|back| downfloat_floor(f, b, p, back));
    for floor in &floors {
        q.extend([floor.len() as i64, 0]); // C.12 / C.14, C.13 / C.15
    }
    for (back, floor) in floors.into_iter().enumerate() {
        let floor = if f.edition == Edition::Dutch2026 {
            floater_floor(f, b, p, back)
        } else {
            floor
        };
        q.extend(padded(floor, size)); // C.16 / C.18 (dutch26 C.18 / C.20)
        q.extend(padded(Vec::new(), size)); // C.17 / C.19 (dutch26 C.19 / C.21)
    }
    q
}

/// dutch26 C.9's least value where the bye floats from `players`: the
/// fewest unplayed rounds of a player there who may receive it (C.2, C.4).
fn fewest_unplayed(f: &RoundFacts<'_>, players: &[usize]) -> i64 {
    players
        .iter()
        .filter(|&&i| f.bye_allowed(i))
        .map(|&i| i64::from(f.unplayed_rounds(i)))
        .min()
        .unwrap_or(0)
}

/// The least differences any candidate with `p` pairs gives to dutch17
/// C.16 (`back` 0) or C.18 (1), so also the least count of C.12 or C.14:
/// a player above the bracket's lowest score whose downfloat `back` rounds
/// ago repeats unless he meets a player of his score or higher, and then
/// with at least the difference to the next lower score in the bracket.
/// A pair of equal scores spares two such players, any other pair one; a
/// player who may meet nobody of his score or higher there is spared by
/// none.
fn downfloat_floor(f: &RoundFacts<'_>, b: &BracketView<'_>, p: usize, back: usize) -> Vec<i64> {
    let min = i64::from(b.min_score);
    let mut higher: Vec<i64> = b
        .players
        .iter()
        .map(|&i| score(f, i))
        .filter(|&s| s > min)
        .collect();
    higher.sort_unstable();
    let difference = |i: usize| {
        let s = score(f, i);
        let below = b.players.iter().map(|&j| score(f, j)).filter(|&t| t < s);
        s - below.max().unwrap_or(min)
    };
    let sparable = |i: usize| {
        b.players
            .iter()
            .any(|&j| score(f, j) >= score(f, i) && f.compatible(i, j))
    };
    let (mut repeating, mut forced) = (Vec::new(), Vec::new());
    for &i in b.players {
        if score(f, i) > min && had_float(f, i, back, Float::Downfloat) {
            let list = if sparable(i) {
                &mut repeating
            } else {
                &mut forced
            };
            list.push(difference(i));
        }
    }
    let equal_pairs: usize = higher
        .chunk_by(|s, t| s == t)
        .map(|run| run.len() / 2)
        .sum();
    let spared = (higher.len() / 2).min(p) + equal_pairs.min(p);
    repeating.sort_unstable();
    repeating.truncate(repeating.len().saturating_sub(spared));
    forced.extend(repeating);
    forced
}

/// dutch17 C.7: the most pairs the next bracket can make with `k`
/// floaters: each floater adds at most one pair to the most its residents
/// make among themselves, and no more than half of them all pair.
fn next_pairs_bound(f: &RoundFacts<'_>, b: &BracketView<'_>, k: usize) -> usize {
    if b.next.is_empty() {
        // No next bracket (the penultimate one): the floaters cannot meet.
        return 0;
    }
    let most = (k + b.next.len()) / 2;
    // Only whether the residents make `most - k` pairs matters.
    let enough = b.next.len().saturating_sub(2 * most.saturating_sub(k));
    let own = matching_size_until(
        b.next.len(),
        &|x, y| f.compatible(b.next[x], b.next[y]),
        enough,
    );
    let bound = most.min(own + k);
    if f.edition == Edition::Dutch2026 {
        // dutch26 C.4: the players below who cannot pair among themselves
        // (nor take the bye) each take one player left unpaired there.
        let needed = unpaired_below(f, b.beyond);
        return bound.min((k + b.next.len()).saturating_sub(needed) / 2);
    }
    bound
}

/// Players below the next bracket counted at most by [`unpaired_below`]
/// (beyond, the bound is not computed: its matching would cost more than
/// it saves).
const BELOW_COUNTED: usize = 200;

/// How many of `below` any pairing among themselves leaves unpaired at least,
/// beyond the one the bye may take (0 where they are more than
/// [`BELOW_COUNTED`]).
fn unpaired_below(f: &RoundFacts<'_>, below: &[usize]) -> usize {
    let n = below.len();
    if n > BELOW_COUNTED {
        return 0;
    }
    let pairs = matching_size(n, &|x, y| f.compatible(below[x], below[y]));
    (n - 2 * pairs).saturating_sub(1)
}

/// dutch17 C.10 (dutch26 C.12): the least count of pairs refusing a
/// preference with `p` pairs. Beyond the surplus of one colour
/// ([`colour_surplus`]), the pairs that refuse none (two players who may
/// meet and do not want the same colour) form a matching, so at least `p`
/// less the largest such matching refuse one.
fn refusals_floor(f: &RoundFacts<'_>, players: &[usize], p: usize) -> i64 {
    let agreeable = |x: usize, y: usize| {
        let (a, c) = (players[x], players[y]);
        let same = matches!((f.preference(a), f.preference(c)), (Some(u), Some(v)) if u.0 == v.0);
        !same && f.compatible(a, c)
    };
    let surplus = colour_surplus(f, players, p);
    // Only whether `p` less the surplus pairs can refuse none matters.
    let wanted = p.saturating_sub(surplus as usize);
    let enough = players.len().saturating_sub(2 * wanted);
    let spared = matching_size_until(players.len(), &agreeable, enough);
    surplus.max(p.saturating_sub(spared) as i64)
}

/// dutch26 C.18 (`back` 0) and C.20 (1): the least scores any candidate
/// with `p` pairs gives: the floaters beyond the players without that
/// downfloat repeat it, each with at least the bracket's lowest score.
fn floater_floor(f: &RoundFacts<'_>, b: &BracketView<'_>, p: usize, back: usize) -> Vec<i64> {
    let floaters = b.players.len().saturating_sub(2 * p);
    let fresh = b
        .players
        .iter()
        .filter(|&&i| !had_float(f, i, back, Float::Downfloat))
        .count();
    vec![i64::from(b.min_score); floaters.saturating_sub(fresh)]
}

/// dutch17 C.10's least count with `p` pairs among `players`
/// ([`surplus`] of their [`wanting`]).
pub fn colour_surplus(f: &RoundFacts<'_>, players: &[usize], p: usize) -> i64 {
    surplus(wanting(f, players), p as i64)
}

/// dutch17 C.10's least count with `pairs` pairs among players wanting
/// colours as [`wanting`] counts them: those wanting the more wanted
/// colour, beyond what the pairs and the floaters can take.
pub fn surplus([white, black, all]: [i64; 3], pairs: i64) -> i64 {
    (white.max(black) - all + pairs).max(0)
}

/// How many of `players` want white, how many black (dutch17 A.6), and
/// how many they are.
pub fn wanting(f: &RoundFacts<'_>, players: &[usize]) -> [i64; 3] {
    let mut out = [0, 0, players.len() as i64];
    for &i in players {
        match f.preference(i).map(|p| p.0) {
            Some(Colour::White) => out[0] += 1,
            Some(Colour::Black) => out[1] += 1,
            None => {}
        }
    }
    out
}

fn padded(mut v: Vec<i64>, size: usize) -> Vec<i64> {
    v.sort_unstable_by(|a, b| b.cmp(a));
    v.resize(size.max(v.len()), i64::MIN);
    v
}

fn score(f: &RoundFacts<'_>, i: usize) -> i64 {
    i64::from(f.ps[i].score)
}

/// dutch17 A.8: a floater's score difference, against one point under the
/// bracket's lowest score.
fn floater_difference(f: &RoundFacts<'_>, b: &BracketView<'_>, i: usize) -> i64 {
    score(f, i) - (i64::from(b.min_score) - POINT)
}

/// dutch17 A.8, C.6: the score differences of the pairs and the floaters.
pub fn psd(f: &RoundFacts<'_>, b: &BracketView<'_>, cand: &Candidate) -> Vec<i64> {
    let pairs = cand
        .pairs
        .iter()
        .map(|&(x, y)| (score(f, x) - score(f, y)).abs());
    let floats = cand.floaters.iter().map(|&i| floater_difference(f, b, i));
    pairs.chain(floats).collect()
}

/// dutch17 C.7: the floaters and the next bracket: as many pairs there as
/// possible (dutch26 C.7), then the floaters with the highest scores paired
/// there (dutch26 C.8). Floaters meet residents of the next bracket only:
/// two floaters able to meet would have made one more pair here (C.5).
fn next_bracket(f: &RoundFacts<'_>, b: &BracketView<'_>, floaters: &[usize], q: &mut Quality) {
    let mut v: Vec<usize> = floaters.to_vec();
    v.extend_from_slice(b.next);
    let k = floaters.len();
    let mate = next_matching(f, &v, k, b.beyond);
    let pairs = next_pairs(&mate, v.len());
    q.push(-next_value(f, &v, &mate, b.beyond.is_empty()));
    q.extend(padded_scores(
        next_scores(f, &v, k, &pairs),
        b.players.len() + b.next.len(),
    ));
}

/// C.7's first step: the next bracket's pairs. dutch17 C.7 when the next
/// bracket is the last: each player there who may not take the bye
/// (dutch17 C.2) and is left unpaired counts one pair less, since the
/// last bracket must leave unpaired a player who may take it (dutch17 C.4).
fn next_value(f: &RoundFacts<'_>, v: &[usize], mate: &[Option<usize>], last: bool) -> i64 {
    let pairs = next_pairs(mate, v.len()).len() as i64;
    if f.edition != Edition::Dutch2017 || !last {
        return pairs;
    }
    let barred = (0..v.len())
        .filter(|&x| mate[x].is_none() && !f.bye_allowed(v[x]))
        .count() as i64;
    pairs - barred
}

/// The pairs `(x, y)`, `x < y < n`, of a matching.
fn next_pairs(mate: &[Option<usize>], n: usize) -> Vec<(usize, usize)> {
    (0..n)
        .filter_map(|x| mate[x].filter(|&y| y > x && y < n).map(|y| (x, y)))
        .collect()
}

/// What C.7's second step maximises among the next bracket's pairs: the
/// scores of the floaters paired there (dutch17 C.7), or the higher
/// player's score of each pair (dutch26 C.8).
fn next_scores(f: &RoundFacts<'_>, v: &[usize], k: usize, pairs: &[(usize, usize)]) -> Vec<i64> {
    if f.edition == Edition::Dutch2026 {
        let vp: Vec<(usize, usize)> = pairs.iter().map(|&(x, y)| (v[x], v[y])).collect();
        return higher_scores(f, &vp);
    }
    pairs
        .iter()
        .flat_map(|&(x, y)| [x, y])
        .filter(|&x| x < k)
        .map(|x| score(f, v[x]))
        .collect()
}

/// dutch26 C.6: the score of the higher player of each pair.
fn higher_scores(f: &RoundFacts<'_>, pairs: &[(usize, usize)]) -> Vec<i64> {
    pairs
        .iter()
        .map(|&(x, y)| score(f, x).max(score(f, y)))
        .collect()
}

/// Scores to maximise, as a list to minimise: negated, highest first,
/// padded with zeros (no pair).
fn padded_scores(scores: Vec<i64>, size: usize) -> Vec<i64> {
    let mut v: Vec<i64> = scores.into_iter().map(|x| -x).collect();
    v.sort_unstable();
    v.resize(size.max(v.len()), 0);
    v
}

/// Matchings of the next bracket enumerated, or sets of its players left
/// for those beyond tried, at most (beyond it, a complete pairing of the
/// rest of the round).
const NEXT_MATCHINGS: usize = 4_000;

/// The pairs of the next bracket `v` (its first `k` the floaters, who do
/// not meet each other: two floaters able to meet would have made one more
/// pair here, C.5), chosen as C.7 asks: the most pairs ([`next_value`]),
/// then the floaters with the highest scores paired. dutch26 C.7 takes only
/// the pairings that leave the rest of the round pairable (dutch26 C.4);
/// dutch17 C.7 looks at the next bracket on its own ("just in the following
/// bracket"): dutch17 C.4 is asked of the bracket's pairing afterwards
/// (the penultimate bracket, dutch17 A.9). Where C.7 counts pairs alone
/// (not dutch17 C.7 above the last bracket) a maximum matching pairing the
/// highest floaters ([`cover_in_order`]) answers exactly; in 2026, if it
/// leaves the rest unpairable, the fewest players left for the rest
/// ([`pairable_next_matching`]); the enumeration serves dutch17 C.7 above
/// the last bracket.
fn next_matching(
    f: &RoundFacts<'_>,
    v: &[usize],
    k: usize,
    beyond: &[usize],
) -> Vec<Option<usize>> {
    let adj = |x: usize, y: usize| (x >= k || y >= k) && f.compatible(v[x], v[y]);
    let last = beyond.is_empty();
    if f.edition == Edition::Dutch2026 || !last {
        // C.7's value is the pairs alone: the floaters paired highest
        // score first in a maximum matching, exact whatever the size. In
        // 2026 it stands when it leaves the rest of the round pairable.
        let mut by_score: Vec<usize> = (0..k).collect();
        by_score.sort_by_key(|&x| std::cmp::Reverse(score(f, v[x])));
        let mate = cover_in_order(v.len(), &adj, &by_score);
        if f.edition == Edition::Dutch2017 || rest_pairable(f, v, &mate, beyond) {
            return mate;
        }
        let unpaired = mate.iter().filter(|m| m.is_none()).count();
        if let Some(mate) = pairable_next_matching(f, v, k, beyond, unpaired) {
            return mate;
        }
    }
    let mut all = Vec::new();
    let mut mate = vec![None; v.len()];
    // Each pair that may meet is a matching of its own: with as many pairs
    // as the limit, the enumeration would only overrun it.
    let many = (0..v.len())
        .flat_map(|x| (x + 1..v.len()).map(move |y| (x, y)))
        .filter(|&(x, y)| adj(x, y))
        .nth(NEXT_MATCHINGS - 1)
        .is_some();
    if !many && enumerate(v.len(), &adj, 0, &mut mate, &mut all) {
        all.sort_by_cached_key(|m| next_key(f, v, k, m, last));
        if f.edition == Edition::Dutch2017 {
            return all.swap_remove(0);
        }
        for m in all {
            if rest_pairable(f, v, &m, beyond) {
                return m;
            }
        }
    }
    if f.edition == Edition::Dutch2017 {
        return maximum_matching_until(v.len(), &adj, 0);
    }
    let mut everyone: Vec<usize> = v.to_vec();
    everyone.extend_from_slice(beyond);
    let n = everyone.len();
    let adj_all = |x: usize, y: usize| {
        let (x, y) = (x.min(y), x.max(y));
        if y == n {
            f.bye_allowed(everyone[x])
        } else {
            (x >= k || y >= k) && f.compatible(everyone[x], everyone[y])
        }
    };
    maximum_matching_until(n + n % 2, &adj_all, 0)
}

/// C.7's order of the next bracket's matchings: smaller is better.
type NextKey = (std::cmp::Reverse<i64>, Vec<i64>);

/// C.7's order of the next bracket's matchings `mate` of `v` (its first
/// `k` the floaters): the most pairs ([`next_value`]), then the scores
/// [`next_scores`] lists, highest first.
fn next_key(
    f: &RoundFacts<'_>,
    v: &[usize],
    k: usize,
    mate: &[Option<usize>],
    last: bool,
) -> NextKey {
    let pairs = next_pairs(mate, v.len());
    let scores = padded_scores(next_scores(f, v, k, &pairs), v.len());
    (std::cmp::Reverse(next_value(f, v, mate, last)), scores)
}

/// dutch26 C.7 and C.8 where the next bracket's most pairs leave the rest
/// of the round unpairable (dutch26 C.4): the sets of its players left
/// unpaired for those beyond, fewest first from `fewest` on, each tried
/// (its complement paired completely, it and those beyond completely);
/// of the first size with such a set, the one whose pairing
/// pairs the floaters with the highest scores. None past
/// [`NEXT_MATCHINGS`] sets tried.
fn pairable_next_matching(
    f: &RoundFacts<'_>,
    v: &[usize],
    k: usize,
    beyond: &[usize],
    fewest: usize,
) -> Option<Vec<Option<usize>>> {
    let n = v.len();
    let mut tried = 0;
    for left in (fewest..=n).step_by(2) {
        let mut best: Option<(NextKey, Vec<Option<usize>>)> = None;
        let mut set: Vec<usize> = (0..left).collect();
        loop {
            tried += 1;
            if tried > NEXT_MATCHINGS {
                return None;
            }
            if let Some(mate) = pairing_leaving(f, v, k, beyond, &set) {
                let key = next_key(f, v, k, &mate, beyond.is_empty());
                if best.as_ref().is_none_or(|(b, _)| key < *b) {
                    best = Some((key, mate));
                }
            }
            if !next_combination(&mut set, n) {
                break;
            }
        }
        if let Some((_, mate)) = best {
            return Some(mate);
        }
    }
    None
}

/// A complete pairing of the next bracket `v` but the players `left` (in
/// increasing order), who pair with those `beyond`, if both exist.
fn pairing_leaving(
    f: &RoundFacts<'_>,
    v: &[usize],
    k: usize,
    beyond: &[usize],
    left: &[usize],
) -> Option<Vec<Option<usize>>> {
    let inside: Vec<usize> = (0..v.len())
        .filter(|x| left.binary_search(x).is_err())
        .collect();
    let adj = |a: usize, b: usize| {
        let (x, y) = (inside[a], inside[b]);
        (x >= k || y >= k) && f.compatible(v[x], v[y])
    };
    let paired = maximum_matching_until(inside.len(), &adj, 0);
    if paired.iter().any(Option::is_none) {
        return None;
    }
    let mut mate = vec![None; v.len()];
    for (a, m) in paired.iter().enumerate() {
        mate[inside[a]] = m.map(|b| inside[b]);
    }
    rest_pairable(f, v, &mate, beyond).then_some(mate)
}

/// dutch26 C.4 for the next bracket's matching `mate` of `v`: the players
/// it leaves unpaired and those `beyond` can all be paired.
fn rest_pairable(
    f: &RoundFacts<'_>,
    v: &[usize],
    mate: &[Option<usize>],
    beyond: &[usize],
) -> bool {
    let mut rest: Vec<usize> = (0..v.len())
        .filter(|&x| mate[x].is_none())
        .map(|x| v[x])
        .collect();
    rest.extend_from_slice(beyond);
    rest.is_empty() || f.completable(&rest)
}

/// Every matching of `0..n` (vertices from `from` on still to decide);
/// false when there are more than [`NEXT_MATCHINGS`].
fn enumerate(
    n: usize,
    adj: &dyn Fn(usize, usize) -> bool,
    from: usize,
    mate: &mut Vec<Option<usize>>,
    out: &mut Vec<Vec<Option<usize>>>,
) -> bool {
    let Some(x) = (from..n).find(|&x| mate[x].is_none()) else {
        out.push(mate.clone());
        return out.len() <= NEXT_MATCHINGS;
    };
    if !enumerate(n, adj, x + 1, mate, out) {
        return false;
    }
    for y in x + 1..n {
        if mate[y].is_none() && adj(x, y) {
            (mate[x], mate[y]) = (Some(y), Some(x));
            let more = enumerate(n, adj, x + 1, mate, out);
            (mate[x], mate[y]) = (None, None);
            if !more {
                return false;
            }
        }
    }
    true
}

/// dutch17 C.8–C.11: per pair, whether it breaks each colour criterion
/// (a pair breaks each at most once: one player of it is refused).
fn colour_counts(f: &RoundFacts<'_>, cand: &Candidate) -> [i64; 4] {
    let mut out = [0; 4];
    for &(a, b) in &cand.pairs {
        let (Some((ca, sa)), Some((cb, sb))) = (f.preference(a), f.preference(b)) else {
            continue;
        };
        if ca != cb {
            continue;
        }
        let (da, db) = (
            f.ps[a].colour_difference.abs(),
            f.ps[b].colour_difference.abs(),
        );
        // C.8: both beyond ±1 want the same colour: one ends beyond ±2.
        out[0] += i64::from(da > 1 && db > 1);
        out[1] += i64::from(three_in_a_row(f, a, b, sa, sb));
        out[2] += 1; // C.10
        let strong = |s: Strength| s >= Strength::Strong;
        let both_absolute = sa == Strength::Absolute && sb == Strength::Absolute;
        out[3] += i64::from(strong(sa) && strong(sb) && !both_absolute); // C.11
    }
    out
}

/// dutch17 C.9: both absolute for the same colour, and the one refused (the
/// smaller colour difference, dutch17 E.2) has had the other colour in his
/// last two games.
fn three_in_a_row(f: &RoundFacts<'_>, a: usize, b: usize, sa: Strength, sb: Strength) -> bool {
    if sa != Strength::Absolute || sb != Strength::Absolute {
        return false;
    }
    let repeated = |i: usize| {
        let c = &f.ps[i].colours;
        (c.len() >= 2 && c[c.len() - 1] == c[c.len() - 2]).then(|| c[c.len() - 1])
    };
    let (da, db) = (
        f.ps[a].colour_difference.abs(),
        f.ps[b].colour_difference.abs(),
    );
    if da == db {
        return repeated(a).is_some() && repeated(a) == repeated(b);
    }
    let refused = if da > db { b } else { a };
    let wanted = f.preference(refused).map(|p| p.0);
    repeated(refused).is_some() && repeated(refused) != wanted
}

fn had_float(f: &RoundFacts<'_>, i: usize, back: usize, fl: Float) -> bool {
    f.ps[i].floats[back] == Some(fl)
}

/// dutch17 C.12/C.14 (dutch26 C.14/C.16): downfloaters whose downfloat
/// repeats the one of the previous round (`back` 0) or two rounds before
/// (1): the floaters and the higher players of pairs with different scores
/// (a moved-down player, or in the collapsed last bracket a resident paired
/// below his score), the players [`downfloat_differences`] lists.
fn repeated_downfloats(
    f: &RoundFacts<'_>,
    b: &BracketView<'_>,
    cand: &Candidate,
    back: usize,
) -> i64 {
    downfloat_differences(f, b, cand, back).len() as i64
}

/// dutch17 C.13/C.15 (their count) and C.17/C.19 (their score differences):
/// players paired up whose upfloat repeats an earlier one.
fn repeated_upfloats(f: &RoundFacts<'_>, cand: &Candidate, back: usize) -> Vec<i64> {
    cand.pairs
        .iter()
        .filter_map(|&(a, b)| {
            let (hi, lo) = f.higher_first((a, b));
            let d = score(f, hi) - score(f, lo);
            (d > 0 && had_float(f, lo, back, Float::Upfloat)).then_some(d)
        })
        .collect()
}

/// dutch26 C.18/C.20 (as bbpPairings 6 weighs them): the scores of the
/// floaters whose downfloat repeats the one of the previous round (`back`
/// 0) or two rounds before (1). A moved-down player paired below his score
/// counts for C.14/C.16 but not here: his score was counted in the
/// bracket he floated from.
fn floater_scores(f: &RoundFacts<'_>, cand: &Candidate, back: usize) -> Vec<i64> {
    cand.floaters
        .iter()
        .filter(|&&i| had_float(f, i, back, Float::Downfloat))
        .map(|&i| score(f, i))
        .collect()
}

/// dutch26 C.19/C.21: the scores of the opponents of the players paired
/// up whose upfloat repeats an earlier one.
fn upfloat_opponent_scores(f: &RoundFacts<'_>, cand: &Candidate, back: usize) -> Vec<i64> {
    cand.pairs
        .iter()
        .filter_map(|&pair| {
            let (hi, lo) = f.higher_first(pair);
            let up = score(f, hi) > score(f, lo) && had_float(f, lo, back, Float::Upfloat);
            up.then_some(score(f, hi))
        })
        .collect()
}

/// dutch17 C.16/C.18: the score differences of the players whose downfloat
/// repeats: a moved-down player by his pair's difference, a floater by
/// dutch17 A.8's.
fn downfloat_differences(
    f: &RoundFacts<'_>,
    b: &BracketView<'_>,
    cand: &Candidate,
    back: usize,
) -> Vec<i64> {
    let paired = cand.pairs.iter().filter_map(|&(x, y)| {
        let (hi, lo) = f.higher_first((x, y));
        let d = score(f, hi) - score(f, lo);
        (d > 0 && had_float(f, hi, back, Float::Downfloat)).then_some(d)
    });
    let floating = cand
        .floaters
        .iter()
        .filter(|&&i| had_float(f, i, back, Float::Downfloat))
        .map(|&i| floater_difference(f, b, i));
    paired.chain(floating).collect()
}

#[cfg(test)]
#[path = "tests/quality.rs"]
mod tests;
