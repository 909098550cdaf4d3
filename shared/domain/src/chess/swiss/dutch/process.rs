//! dutch17 B (the pairing process) and dutch17 D (the order of the
//! candidates), for the 2017 and 2026 editions.
//!
//! The brackets are paired from the highest score down (dutch17 A.3,
//! dutch26 A.3); the players a bracket leaves unpaired move down to the
//! next (dutch17 A.4, dutch26 A.4).
//! In each bracket the candidates are generated in the order of dutch17 D
//! (dutch17 D.3 the choice of the moved-down players paired, dutch17 D.1
//! transpositions, dutch17 D.2 exchanges); every candidate that meets the
//! absolute criteria (dutch17 C.1–C.3) is evaluated by [`quality`], and the
//! first one with the best quality is chosen (dutch17 B.6), provided the
//! rest of the round can still be paired (dutch17 C.4). The search stops
//! early at a candidate as good as the bracket allows ([`ideal`], a perfect
//! candidate) or when its budget is spent. Each bracket is first walked by
//! the aimed pass of [`super::target`], which stops at the first candidate
//! reaching the bracket's exact ideal. When none does, the best quality
//! is found by matching ([`optimum`]) where the bracket allows, and
//! the aimed pass walks again towards it, following only pairs that still
//! complete to it ([`Exact::reaches`]): the first candidate of that
//! quality in dutch17 D order. The full search runs for the rest.

use super::edition::{Edition, RoundFacts};
use super::matching::{bipartite_matching_size, matching_size};
use super::mdp_exchange::mdp_choices;
use super::optimum::{optimum, Exact, Optimum};
use super::quality::{
    ideal, pair_penalties, quality_head, quality_next, quality_tail, quality_with_next,
    tail_lower_bound, wanting, BracketView, Candidate, Quality,
};
use super::resident_exchange::{resident_exchanges, walked_in_full};
use super::state::PlayerState;
use super::target::{aimed_ideal, beyond, ColourPool, AIMED_BUDGET, AIMED_CUTS};
use super::DutchError;
use crate::chess::swiss::{Presence, SwissTournament};
use std::collections::HashMap;

/// Candidates one bracket may evaluate before the best so far is taken.
const CANDIDATE_BUDGET: usize = 20_000;

/// The work the aimed pass may spend on completions ([`Exact::reaches`]) in
/// one bracket before it walks on without them, in steps of a matching
/// (the square of the players matched, its weights' size): 800 completions
/// of 400 players, about half a second.
const EXACT_WORK: usize = 800 * 400 * 400;

/// The players of `v` not `used`.
fn unused(v: &[usize], used: &[bool]) -> Vec<usize> {
    v.iter()
        .zip(used)
        .filter(|(_, u)| !**u)
        .map(|(&i, _)| i)
        .collect()
}

/// A round paired by the 2017 or 2026 edition: the pairs (unordered) and
/// the bye, as indices into the player states.
#[derive(Debug, Clone)]
pub struct Paired {
    pub pairs: Vec<(usize, usize)>,
    pub bye: Option<usize>,
    pub states: Vec<PlayerState>,
}

/// One bracket as the search decided it, recorded for explanations
/// ([`super::explain_later`]); indices into the player states.
#[derive(Debug, Clone)]
pub struct BracketRecord {
    /// The players moved down into it (dutch17 A.3).
    pub moved_in: Vec<usize>,
    /// The players with its score.
    pub residents: Vec<usize>,
    /// The candidate chosen (dutch17 B.6): its pairs and the players it
    /// moved down.
    pub chosen: Candidate,
    /// The chosen candidate's quality as the search evaluated it.
    pub quality: Quality,
    /// dutch17 C.5: the most pairs the absolute criteria allow in the bracket.
    pub max_pairs: usize,
}

/// Pair round `t.round_to_pair()` by `edition` (2017 or 2026).
pub fn pair_round(t: &SwissTournament, edition: Edition) -> Result<Paired, DutchError> {
    pair_round_recorded(t, edition, None)
}

/// [`pair_round`], pushing each bracket's decision onto `record` when given.
pub fn pair_round_recorded(
    t: &SwissTournament,
    edition: Edition,
    record: Option<&mut Vec<BracketRecord>>,
) -> Result<Paired, DutchError> {
    let ps = RoundFacts::states(t, edition);
    let (pairs, bye) = {
        let mut f = RoundFacts::new(&ps, t, edition);
        let mut present: Vec<usize> = (0..ps.len())
            .filter(|&i| t.players[i].presence == Presence::Present)
            .collect();
        f.sort(&mut present);
        if edition == Edition::Dutch2026 {
            f.bye_score = bye_score(&f, &present)?;
        }
        if !f.completable(&present) {
            return Err(DutchError::NoValidPairing);
        }
        pair_brackets(&f, &present, record)?
    };
    Ok(Paired {
        pairs,
        bye,
        states: ps,
    })
}

type Pairs = Vec<(usize, usize)>;

/// dutch17 A.3: the score brackets from the highest down, each with the
/// players moved down from the one above. In 2017 the bracket that leaves
/// the round unpairable is the penultimate one ([`penultimate`]); should
/// the collapsed last bracket's search end without a complete pairing (its
/// candidate budget spent), the round is paired again with C.4 asked of
/// every bracket, as in 2026.
fn pair_brackets(
    f: &RoundFacts<'_>,
    present: &[usize],
    mut record: Option<&mut Vec<BracketRecord>>,
) -> Result<(Pairs, Option<usize>), DutchError> {
    let collapsing = f.edition == Edition::Dutch2017;
    match pair_brackets_with(f, present, collapsing, record.as_deref_mut()) {
        Err(_) if collapsing => {
            if let Some(r) = record.as_deref_mut() {
                r.clear();
            }
            pair_brackets_with(f, present, false, record)
        }
        done => done,
    }
}

/// One bracket as [`pair_bracket`] decided it: the candidate, its quality
/// and the most pairs the absolute criteria allow there.
type Decision = (Candidate, Quality, usize);

/// Push `decision` of the bracket of `moved_in` and `residents` onto
/// `record` when one is kept; the candidate chosen.
fn recorded(
    record: &mut Option<&mut Vec<BracketRecord>>,
    moved_in: &[usize],
    residents: &[usize],
    (chosen, quality, max_pairs): Decision,
) -> Candidate {
    if let Some(r) = record.as_deref_mut() {
        r.push(BracketRecord {
            moved_in: moved_in.to_vec(),
            residents: residents.to_vec(),
            chosen: chosen.clone(),
            quality,
            max_pairs,
        });
    }
    chosen
}

/// [`pair_brackets`]; `collapsing`: dutch17 A.9's penultimate bracket.
fn pair_brackets_with(
    f: &RoundFacts<'_>,
    present: &[usize],
    collapsing: bool,
    mut record: Option<&mut Vec<BracketRecord>>,
) -> Result<(Pairs, Option<usize>), DutchError> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &i in present {
        match groups.last_mut() {
            Some(g) if f.ps[g[0]].score == f.ps[i].score => g.push(i),
            _ => groups.push(vec![i]),
        }
    }
    let mut pairs = Vec::new();
    let mut moved: Vec<usize> = Vec::new();
    let mut below: &[usize] = present;
    let empty = Vec::new();
    for (g, residents) in groups.iter().enumerate() {
        below = &below[residents.len()..];
        let next = groups.get(g + 1).unwrap_or(&empty);
        let complete = !collapsing || below.is_empty();
        let decision = pair_bracket(f, &moved, residents, next, below, complete)?;
        if !complete && !f.completable(&[decision.0.floaters.as_slice(), below].concat()) {
            let (ppb, clb) = penultimate(f, &moved, residents, below)?;
            let ppb = recorded(&mut record, &moved, residents, ppb);
            let clb = recorded(&mut record, &ppb.floaters, below, clb);
            pairs.extend(ppb.pairs);
            pairs.extend(clb.pairs);
            moved = clb.floaters;
            break;
        }
        let cand = recorded(&mut record, &moved, residents, decision);
        pairs.extend(cand.pairs);
        moved = cand.floaters;
    }
    match moved.as_slice() {
        [] => Ok((pairs, None)),
        [one] => Ok((pairs, Some(*one))),
        _ => Err(DutchError::NoValidPairing),
    }
}

/// dutch17 A.9 and C.4: a bracket whose best pairing leaves the rest of the
/// round unpairable is the penultimate pairing bracket (PPB): it is paired
/// again, now by the pairings that leave the rest pairable (C.4), and
/// without a next bracket to look at (C.7); all the players below it form
/// one collapsed last bracket (CLB), paired with the PPB's floaters.
fn penultimate(
    f: &RoundFacts<'_>,
    moved: &[usize],
    residents: &[usize],
    below: &[usize],
) -> Result<(Decision, Decision), DutchError> {
    let ppb = pair_bracket(f, moved, residents, &[], below, true)?;
    let clb = pair_bracket(f, &ppb.0.floaters, below, &[], &[], true)?;
    Ok((ppb, clb))
}

/// dutch26 C.4: the lowest score a receiver of the bye can have while the
/// rest of the round can be paired; `None` with an even number of players.
fn bye_score(f: &RoundFacts<'_>, present: &[usize]) -> Result<Option<u32>, DutchError> {
    if present.len().is_multiple_of(2) {
        return Ok(None);
    }
    for (k, &i) in present.iter().enumerate().rev() {
        if !f.bye_allowed(i) {
            continue;
        }
        let rest: Vec<usize> = present
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != k)
            .map(|(_, &p)| p)
            .collect();
        if f.completable(&rest) {
            return Ok(Some(f.ps[i].score));
        }
    }
    Err(DutchError::NoValidPairing)
}

/// dutch26 C.9 (as bbpPairings 6 reads it): the bye's unplayed rounds
/// count in the bracket whose single floater takes it: its score (`score`)
/// is no higher than the bye's (dutch26 C.4) and the players below (none
/// under the lowest bracket) pair among themselves.
fn bye_floats(f: &RoundFacts<'_>, score: u32, below: &[usize]) -> bool {
    f.edition == Edition::Dutch2026
        && f.bye_score.is_some_and(|s| score <= s)
        && below.len().is_multiple_of(2)
        && (below.is_empty() || f.completable(below))
}

/// The search through one bracket's candidates.
struct Search<'s, 'f> {
    f: &'s RoundFacts<'f>,
    view: BracketView<'s>,
    below: &'s [usize],
    best: Option<(Quality, Candidate)>,
    ideal: Quality,
    seen: usize,
    /// What depends on the floaters only, by floaters (kept sorted): the
    /// next bracket's criteria and whether the rest of the round completes
    /// (dutch17 C.4); many candidates of a bracket float the same players.
    by_floaters: HashMap<Vec<usize>, (Quality, bool)>,
    /// Whether a candidate must leave the rest of the round pairable
    /// (dutch17 C.4): always in 2026 (dutch26 C.4), in 2017 in the last
    /// bracket and the penultimate one ([`penultimate`]).
    complete: bool,
    /// How many criteria the head and the next bracket's take (the tail
    /// starts there).
    head_len: usize,
    /// The pair penalties ([`pair_penalties`]) of the pairs being built.
    partial: [i64; 6],
    /// Whether this is the aimed pass ([`super::target`]): only candidates
    /// reaching the ideal are sought.
    aimed: bool,
    /// Branches the aimed pass has cut.
    cuts: usize,
    /// The colour preferences of the players paired so far ([`wanting`];
    /// the first of each pair, then the second), and of the S1 and S2 of the
    /// transpositions under way, so that [`forced_refusals`] counts without
    /// a walk through them.
    paired_wanting: [[i64; 3]; 2],
    pool: Option<ColourPool>,
    /// The bracket's pair costs when its best candidate is known by
    /// matching ([`optimum`]): the aimed pass then follows only pairs that
    /// still complete to it.
    exact: Option<Exact>,
}

impl Search<'_, '_> {
    /// Whether the search is over (a perfect candidate, or the budget spent).
    fn done(&self) -> bool {
        let spent = if self.aimed {
            self.seen >= AIMED_BUDGET || self.cuts >= AIMED_CUTS
        } else {
            self.seen >= CANDIDATE_BUDGET
        };
        spent || self.best.as_ref().is_some_and(|(q, _)| *q <= self.ideal)
    }

    /// dutch17 B.6: keep `cand` when it is better than every earlier one
    /// and leaves the rest of the round pairable (dutch17 C.4). The quality
    /// is compared criterion by criterion as it is computed: a candidate
    /// already worse than the best on the first criteria is dropped there.
    fn offer(&mut self, cand: Candidate) {
        self.seen += 1;
        let mut q = quality_head(self.f, &self.view, &cand);
        if self.worse(&q) {
            return;
        }
        let (next, completes) = self.floating(&cand.floaters);
        q.extend_from_slice(&next);
        if self.worse(&q) {
            return;
        }
        q.extend(quality_tail(self.f, &self.view, &cand));
        if self.best.as_ref().is_some_and(|(b, _)| q >= *b) || !completes && self.complete {
            return;
        }
        self.best = Some((q, cand));
    }

    /// Whether no candidate completing the pairs being built can beat the
    /// best: the best reaches the ideal's first criteria (so no candidate is
    /// better there), and the lower bound of the rest ([`tail_lower_bound`],
    /// `forced` more preferences refused) is no better than the best's.
    /// Each such cut counts against the budget like a candidate.
    fn hopeless(&mut self, forced: i64) -> bool {
        if self.aimed {
            let cut = beyond(self.f, &self.partial, forced, &self.ideal, self.head_len);
            self.cuts += usize::from(cut);
            return cut;
        }
        let Some((b, _)) = &self.best else {
            return false;
        };
        let k = self.head_len;
        if b.len() < k || self.ideal.len() < k || b[..k] != self.ideal[..k] {
            return false;
        }
        let tail = &b[k..];
        let bound = tail_lower_bound(self.f, &self.partial, forced, tail.len());
        let cut = bound.as_slice() >= tail;
        self.seen += usize::from(cut);
        cut
    }

    fn push_pair(&mut self, pairs: &mut Vec<(usize, usize)>, pair: (usize, usize)) {
        self.count_pair(pair, 1);
        pairs.push(pair);
    }

    fn pop_pair(&mut self, pairs: &mut Vec<(usize, usize)>) {
        if let Some(pair) = pairs.pop() {
            self.count_pair(pair, -1);
        }
    }

    /// Add (`sign` 1) or take away (-1) `pair`'s penalties and its players'
    /// colour preferences in the running counts.
    fn count_pair(&mut self, pair: (usize, usize), sign: i64) {
        for (x, a) in self.partial.iter_mut().zip(pair_penalties(self.f, pair)) {
            *x += sign * a;
        }
        for (side, i) in [pair.0, pair.1].into_iter().enumerate() {
            for (x, a) in self.paired_wanting[side]
                .iter_mut()
                .zip(wanting(self.f, &[i]))
            {
                *x += sign * a;
            }
        }
    }

    /// Whether the pairs made so far can no longer complete to the
    /// bracket's best candidate ([`Exact::reaches`]), in the aimed pass
    /// when that candidate is known; each such cut counts as one. `right`
    /// is the players of the other side with those already `used`.
    fn off_course(
        &mut self,
        pairs: &[(usize, usize)],
        left: &[usize],
        (right, used): (&[usize], &[bool]),
        right_pairs: bool,
        limbo: &[usize],
    ) -> bool {
        let Some(exact) = self
            .exact
            .as_mut()
            .filter(|e| e.calls < e.allowed_calls(EXACT_WORK))
        else {
            return false;
        };
        if !self.aimed || (left.is_empty() && !right_pairs) {
            return false;
        }
        let cut = !exact.reaches(pairs, left, &unused(right, used), right_pairs, limbo);
        self.cuts += usize::from(cut);
        cut
    }

    /// Whether a quality's first criteria `q` are already worse than the best's.
    fn worse(&self, q: &[i64]) -> bool {
        self.best
            .as_ref()
            .is_some_and(|(b, _)| q > &b[..q.len().min(b.len())])
    }

    /// The next bracket's criteria and dutch17 C.4 for the floaters `floaters`.
    fn floating(&mut self, floaters: &[usize]) -> (Quality, bool) {
        known_floating(
            self.f,
            &self.view,
            self.below,
            self.complete,
            &mut self.by_floaters,
            floaters,
        )
    }
}

/// What depends on the floaters only ([`Search::by_floaters`]), computed
/// once per set of floaters: the next bracket's criteria, and whether the
/// rest of the round completes (dutch17 C.4) when `complete` asks it.
fn known_floating(
    f: &RoundFacts<'_>,
    view: &BracketView<'_>,
    below: &[usize],
    complete: bool,
    cache: &mut HashMap<Vec<usize>, (Quality, bool)>,
    floaters: &[usize],
) -> (Quality, bool) {
    if let Some(known) = cache.get(floaters) {
        return known.clone();
    }
    let next = quality_next(f, view, floaters);
    let mut rest = floaters.to_vec();
    rest.extend_from_slice(below);
    let known = (next, !complete || f.completable(&rest));
    cache.insert(floaters.to_vec(), known.clone());
    known
}

/// Pair one bracket: `moved` came down from above, `residents` have its
/// score. The candidate chosen, its quality, and the most pairs the
/// absolute criteria allow there; `complete`: the pairing must leave the
/// rest of the round pairable.
fn pair_bracket(
    f: &RoundFacts<'_>,
    moved: &[usize],
    residents: &[usize],
    next: &[usize],
    below: &[usize],
    complete: bool,
) -> Result<Decision, DutchError> {
    let mut players: Vec<usize> = moved.iter().chain(residents).copied().collect();
    f.sort(&mut players);
    let min_score = residents
        .iter()
        .chain(moved)
        .map(|&i| f.ps[i].score)
        .min()
        .unwrap_or(0);
    let view = BracketView {
        players: &players,
        min_score,
        next,
        beyond: &below[next.len()..],
        last: below.is_empty(),
        bye_floats: bye_floats(f, min_score, below),
    };
    let head_len = quality_head_len(&view);
    let mut s = Search {
        f,
        view,
        below,
        best: None,
        ideal: Vec::new(),
        seen: 0,
        by_floaters: HashMap::new(),
        complete,
        head_len,
        partial: [0; 6],
        aimed: false,
        cuts: 0,
        paired_wanting: [[0; 3]; 2],
        pool: None,
        exact: None,
    };
    let max_pairs = matching_size(players.len(), &|a, b| f.compatible(players[a], players[b]));
    for p in (0..=max_pairs).rev() {
        let base = ideal_for(&s, p);
        s.ideal = aimed_ideal(f, &s.view, moved, residents, p, &base, head_len);
        if let Some((q, c)) = aimed_at(&mut s, moved, residents, p) {
            return Ok((c, q, max_pairs));
        }
        match best_by_matching(&mut s, moved, p) {
            Matched::Best(q, c) => {
                s.ideal = q.clone();
                if let Some((q, c)) = aimed_at(&mut s, moved, residents, p) {
                    return Ok((c, q, max_pairs));
                }
                // Not reached in D order within the budget: the best by
                // quality stands (the walk below stops at once, nothing
                // beats it).
                s.best = Some((q, c));
            }
            // No candidate with `p` pairs: the moved-down players meeting
            // each other are the walk's alone to try.
            Matched::Absent if moved.is_empty() => continue,
            Matched::Absent | Matched::Unknown => {}
        }
        walk(&mut s, moved, residents, p);
        if let Some((q, c)) = s.best.take() {
            return Ok((c, q, max_pairs));
        }
        s.seen = 0;
    }
    Err(DutchError::NoValidPairing)
}

/// The best candidate with `p` pairs by quality alone ([`optimum`]), with
/// its quality; its pair costs stay for the aimed pass.
fn best_by_matching(s: &mut Search<'_, '_>, moved: &[usize], p: usize) -> Matched {
    let (f, view) = (s.f, &s.view);
    let mut cache = std::mem::take(&mut s.by_floaters);
    let complete = s.complete;
    let below = s.below;
    let mut floating = |fl: &[usize]| known_floating(f, view, below, complete, &mut cache, fl);
    let found = optimum(f, view, moved, p, &mut floating);
    let matched = match found {
        Optimum::Best(c, exact) => {
            let q = quality_with_next(f, view, &c, &floating(&c.floaters).0);
            s.exact = Some(*exact);
            Matched::Best(q, c)
        }
        Optimum::Absent => Matched::Absent,
        Optimum::Unknown => Matched::Unknown,
    };
    s.by_floaters = cache;
    matched
}

/// What [`best_by_matching`] found: as [`Optimum`], with the quality.
enum Matched {
    Best(Quality, Candidate),
    Absent,
    Unknown,
}

/// The aimed pass ([`super::target`]) with `p` pairs, aimed at the search's
/// ideal: the first candidate reaching it, with its quality, if one does
/// within its budget. The ideal stays for the full search: its head is
/// what [`Search::hopeless`] compares the best with.
fn aimed_at(
    s: &mut Search<'_, '_>,
    moved: &[usize],
    residents: &[usize],
    p: usize,
) -> Option<(Quality, Candidate)> {
    s.aimed = true;
    walk(s, moved, residents, p);
    let found = s.best.take().filter(|(q, _)| *q <= s.ideal);
    s.aimed = false;
    s.exact = None;
    s.seen = 0;
    s.cuts = 0;
    found
}

/// Walk the bracket's candidates with `p` pairs in the order of dutch17 D:
/// a homogeneous bracket's (D.1, D.2), or with moved-down players (D.3).
fn walk(s: &mut Search<'_, '_>, moved: &[usize], residents: &[usize], p: usize) {
    if moved.is_empty() {
        homogeneous(s, residents, p, &[]);
    } else {
        heterogeneous(s, moved, residents, p);
    }
}

/// How many criteria the head and the next bracket's take.
fn quality_head_len(view: &BracketView<'_>) -> usize {
    let n = view.players.len();
    1 + n
        + if view.last {
            0
        } else {
            1 + n + view.next.len()
        }
}

fn ideal_for(s: &Search<'_, '_>, p: usize) -> Quality {
    let natural = &s.view.players[(2 * p).min(s.view.players.len())..];
    ideal(s.f, &s.view, p, natural)
}

/// dutch17 D.1/D.2 in a homogeneous bracket (or a remainder): S1 the first
/// `p` players, S2 the rest; exchanges in dutch17 D.2 order ([`resident_exchanges`]), and within each
/// the transpositions of S2 in dutch17 D.1 order. `extra` float whatever.
fn homogeneous(s: &mut Search<'_, '_>, players: &[usize], p: usize, extra: &[usize]) {
    homogeneous_with(s, players, p, extra, &[]);
}

fn homogeneous_with(
    s: &mut Search<'_, '_>,
    players: &[usize],
    p: usize,
    extra: &[usize],
    pairs_before: &[(usize, usize)],
) {
    if 2 * p > players.len() {
        return;
    }
    let walked = walked_in_full(p, players.len() - p);
    for e in resident_exchanges(p, players.len() - p) {
        if s.done() || (e.from_s1.len() > walked && s.best.is_some()) {
            return;
        }
        let seen = s.seen;
        let mut s1: Vec<usize> = players[..p].to_vec();
        let mut s2: Vec<usize> = players[p..].to_vec();
        for (&i, &j) in e.from_s1.iter().zip(&e.from_s2) {
            std::mem::swap(&mut s1[i], &mut s2[j]);
        }
        s.f.sort(&mut s1);
        s.f.sort(&mut s2);
        let mut used = vec![false; s2.len()];
        let mut pairs = pairs_before.to_vec();
        let pool = ColourPool::new(s.f, &s1, &s2, s.paired_wanting);
        let outer = s.pool.replace(pool);
        transpositions(s, &s1, &s2, &mut used, &mut pairs, extra);
        s.pool = outer;
        // An exchange with no candidate counts against the budget too: the
        // exchanges of a large bracket are too many to walk through.
        s.seen += usize::from(s.seen == seen);
    }
}

/// dutch17 D.1 (dutch26 D.1): S1's players take S2's in lexicographic order, depth first;
/// the S2 players left over float.
fn transpositions(
    s: &mut Search<'_, '_>,
    s1: &[usize],
    s2: &[usize],
    used: &mut [bool],
    pairs: &mut Vec<(usize, usize)>,
    extra: &[usize],
) {
    if s.done() || s.off_course(pairs, s1, (s2, used), false, extra) {
        return;
    }
    let Some((&a, rest)) = s1.split_first() else {
        let mut floaters: Vec<usize> = extra.to_vec();
        floaters.extend(unused(s2, used));
        s.f.sort(&mut floaters);
        s.offer(Candidate {
            pairs: pairs.clone(),
            floaters,
        });
        return;
    };
    for k in 0..s2.len() {
        if used[k] || !s.f.compatible(a, s2[k]) {
            continue;
        }
        used[k] = true;
        s.push_pair(pairs, (a, s2[k]));
        if !s.hopeless(forced_refusals(s, rest)) {
            transpositions(s, rest, s2, used, pairs, extra);
        }
        s.pop_pair(pairs);
        used[k] = false;
        if s.done() {
            return;
        }
    }
}

/// dutch17 C.10 (dutch26 C.12): the colour preferences the players still
/// to pair (`s1` with the unused of S2) must refuse at least, counted from
/// the transpositions' pool ([`ColourPool`], set by [`homogeneous_with`]
/// before any transposition).
fn forced_refusals(s: &Search<'_, '_>, s1: &[usize]) -> i64 {
    s.pool.as_ref().map_or(0, |pool| {
        pool.forced(&s.paired_wanting, s1.len() as i64, s.aimed)
    })
}

/// dutch17 D.3 (dutch26 D.3) with B.2: a heterogeneous bracket. For each number `m` of
/// moved-down players paired (most first), their choice in dutch17 D.3 order
/// ([`mdp_choices`]; the limbo keeps the others), each paired with residents by
/// dutch17 D.1, and the remainder paired as a homogeneous bracket.
fn heterogeneous(s: &mut Search<'_, '_>, moved: &[usize], residents: &[usize], p: usize) {
    let mut moved = moved.to_vec();
    s.f.sort(&mut moved);
    let m_max = bipartite_matching_size(moved.len(), residents.len(), &|a, b| {
        s.f.compatible(moved[a], residents[b])
    })
    .min(p);
    let scores: Vec<u32> = moved.iter().map(|&i| s.f.ps[i].score).collect();
    for m in (0..=m_max).rev() {
        for chosen in mdp_choices(&scores, m) {
            if s.done() {
                return;
            }
            let seen = s.seen;
            let s1: Vec<usize> = chosen.iter().map(|&k| moved[k]).collect();
            let limbo: Vec<usize> = (0..moved.len())
                .filter(|k| !chosen.contains(k))
                .map(|k| moved[k])
                .collect();
            let mut used = vec![false; residents.len()];
            let mut pairs = Vec::new();
            mdp_pairings(s, &s1, residents, &mut used, &mut pairs, &limbo, p - m);
            // A choice with no candidate counts against the budget too.
            s.seen += usize::from(s.seen == seen);
        }
    }
    // Moved-down players may also meet each other (different scores).
    if s.best.is_none() && !s.done() && !s.aimed {
        let mut all: Vec<usize> = moved.iter().chain(residents).copied().collect();
        s.f.sort(&mut all);
        homogeneous(s, &all, p, &[]);
    }
}

/// The moved-down players of S1 take residents (dutch17 D.1), then the
/// remainder is paired with `p_rem` pairs.
fn mdp_pairings(
    s: &mut Search<'_, '_>,
    s1: &[usize],
    residents: &[usize],
    used: &mut [bool],
    pairs: &mut Vec<(usize, usize)>,
    limbo: &[usize],
    p_rem: usize,
) {
    if s.off_course(pairs, s1, (residents, used), true, limbo) {
        return;
    }
    let Some((&a, rest)) = s1.split_first() else {
        let remainder = unused(residents, used);
        let f = s.f;
        if matching_size(remainder.len(), &|x, y| {
            f.compatible(remainder[x], remainder[y])
        }) >= p_rem
        {
            let before = pairs.clone();
            homogeneous_with(s, &remainder, p_rem, limbo, &before);
        }
        return;
    };
    for k in 0..residents.len() {
        if s.done() {
            return;
        }
        if used[k] || !s.f.compatible(a, residents[k]) {
            continue;
        }
        used[k] = true;
        s.push_pair(pairs, (a, residents[k]));
        if !s.hopeless(0) {
            mdp_pairings(s, rest, residents, used, pairs, limbo, p_rem);
        }
        s.pop_pair(pairs);
        used[k] = false;
    }
}
