//! dutch C1–C14: pairing one score bracket, with real backtracking.
//!
//! The candidate pairings of a bracket are visited in the rules' order: D2
//! exchanges (identity first), and within each the D1 transpositions of S2
//! (depth first, lexicographic). A candidate is accepted when it meets B1/B2 and
//! the relative criteria still in force (see [`Level`]), and when what it leaves
//! behind can still be paired:
//!
//! - C12: the players it moves down can all be paired in the next bracket
//!   ("another player will be moved down ... and this now allows p pairings");
//!   tried first, then given up;
//! - C13: the rest of the tournament (moved-down players plus all lower
//!   brackets, plus the bye) can be completed under B1/B2. This is checked with
//!   a maximum-matching test instead of pairing the lower brackets trial by
//!   trial; it accepts exactly the candidates that C12/C13's backtracking
//!   would eventually accept (see docs/rulings/chess.md).
//!
//! Relaxation follows C9 (B6 then B5 for upfloats), C10 (B6 then B5 for
//! downfloats), C11 (x raised up to p), A7(c) (given up before a player more
//! floats), the last-round B2 note, and finally C14 (p lowered).

use super::criteria::{Criteria, Level};
use super::exchange::exchanges;
use super::matching::{bipartite_matching_size, matching_size, maximum_matching_until};
use crate::chess::swiss::{Colour, Float};

/// Candidate opponents one search may examine before giving up on a relaxation
/// level (a safety valve; see docs/rulings/chess.md).
const WORK_BUDGET: usize = 2_000_000;

/// The outcome of pairing one score bracket.
#[derive(Debug, Clone, Default)]
pub struct BracketPairing {
    /// The pairings made (unordered within a pair).
    pub pairs: Vec<(usize, usize)>,
    /// Players moved down to the next bracket (A3); in the lowest bracket, the bye.
    pub moved_down: Vec<usize>,
}

/// The part of the tournament below the bracket being paired.
pub struct Below<'b> {
    /// Residents of the next score bracket (for C12).
    pub next: &'b [usize],
    /// Every player of every lower bracket (for C13).
    pub all: &'b [usize],
    /// Whether the round needs a bye (odd number of players to pair, A5).
    pub bye: bool,
}

/// Search state shared by one level's attempt.
struct Search<'c, 'a> {
    c: &'c Criteria<'a>,
    below: &'c Below<'c>,
    lowest: bool,
    strict: bool,
    lvl: Level,
    nodes: usize,
    cache: &'c Cache,
}

/// Memo of the C12/C13 verdicts on a moved-down set (with the C12 flag).
type Cache = std::cell::RefCell<std::collections::HashMap<(Vec<usize>, bool), bool>>;

impl<'c, 'a> Search<'c, 'a> {
    /// C12/C13: may these players be moved down?
    fn leaving_ok(&self, moved: &[usize]) -> bool {
        let c = self.c;
        if !moved
            .iter()
            .all(|&i| c.float_allowed(i, Float::Downfloat, &self.lvl))
        {
            return false;
        }
        let key = (moved.to_vec(), self.strict);
        if let Some(&v) = self.cache.borrow().get(&key) {
            return v;
        }
        let v = self.leaving_ok_uncached(moved);
        self.cache.borrow_mut().insert(key, v);
        v
    }

    fn leaving_ok_uncached(&self, moved: &[usize]) -> bool {
        let c = self.c;
        if self.lowest {
            return match moved {
                [] => !self.below.bye,
                [one] => self.below.bye && c.bye_allowed(*one),
                _ => false,
            };
        }
        if self.strict && !moved.is_empty() {
            // C12: every moved-down player finds a distinct opponent in the next bracket.
            let next = self.below.next;
            let k = moved.len();
            let adj = |a: usize, b: usize| c.compatible(moved[a], next[b], None);
            if bipartite_matching_size(k, next.len(), &adj) < k {
                return false;
            }
        }
        feasible(c, moved, self.below.all, self.below.bye)
    }

    /// B2/B4 colour class: 0 wants white, 1 must have white, 2 wants black,
    /// 3 must have black, 4 no preference.
    fn class_of(&self, i: usize) -> usize {
        let (c, lvl) = (self.c, &self.lvl);
        match c.preferred(i) {
            Some(Colour::White) => usize::from(!c.may_receive_at(i, Colour::Black, lvl)),
            Some(Colour::Black) => 2 + usize::from(!c.may_receive_at(i, Colour::White, lvl)),
            None => 4,
        }
    }

    /// D1: depth-first over S2 in lexicographic order, pairing S1[i] with the
    /// i-th chosen S2 player. `finish` judges complete candidates.
    fn transpositions(
        &mut self,
        s1: &[usize],
        s2: &[usize],
        x: usize,
        finish: &mut Finish<'_, 'c, 'a>,
    ) -> Option<BracketPairing> {
        let class = |i: usize| self.class_of(i);
        let mut suffix = vec![[0usize; 5]; s1.len() + 1];
        for i in (0..s1.len()).rev() {
            suffix[i] = suffix[i + 1];
            suffix[i][class(s1[i])] += 1;
        }
        let s2_class: Vec<usize> = s2.iter().map(|&j| class(j)).collect();
        let mut avail = [0usize; 5];
        for &k in &s2_class {
            avail[k] += 1;
        }
        let mut w = Walk {
            used: vec![false; s2.len()],
            pairs: Vec::with_capacity(s1.len()),
            avail,
            suffix,
            s2_class,
        };
        go(self, s1, s2, 0, 0, x, &mut w, finish)
    }

    /// C4–C8 for a homogeneous bracket (or remainder) with `p` pairings:
    /// transpositions, then exchanges. `extra` are players already moved down
    /// (C1) who leave with the leftover.
    fn homogeneous(
        &mut self,
        members: &[usize],
        p: usize,
        x: usize,
        pairs_before: &[(usize, usize)],
        extra: &[usize],
    ) -> Option<BracketPairing> {
        let c = self.c;
        let s1 = &members[..p];
        let s2 = &members[p..];
        let mut finish =
            |s: &mut Search<'c, 'a>, pairs: &[(usize, usize)], left: &[usize], _f: usize| {
                let mut moved: Vec<usize> = extra.to_vec();
                moved.extend_from_slice(left);
                c.sort(&mut moved);
                if s.leaving_ok(&moved) {
                    let mut all = pairs_before.to_vec();
                    all.extend_from_slice(pairs);
                    Some(BracketPairing {
                        pairs: all,
                        moved_down: moved,
                    })
                } else {
                    None
                }
            };
        // Colour classes, to reject an exchange by counting before sorting.
        let cls1: Vec<usize> = s1.iter().map(|&i| self.class_of(i)).collect();
        let cls2: Vec<usize> = s2.iter().map(|&j| self.class_of(j)).collect();
        let (mut base1, mut base2) = ([0usize; 5], [0usize; 5]);
        cls1.iter().for_each(|&k| base1[k] += 1);
        cls2.iter().for_each(|&k| base2[k] += 1);
        for ex in exchanges(s1.len(), s2.len()) {
            let (mut n1, mut n2) = (base1, base2);
            for (&i, &j) in ex.from_s1.iter().zip(ex.from_s2.iter()) {
                n1[cls1[i]] -= 1;
                n1[cls2[j]] += 1;
                n2[cls2[j]] -= 1;
                n2[cls1[i]] += 1;
            }
            self.nodes += 1;
            if !counts_allow(&n1, &n2, x) {
                if self.nodes > WORK_BUDGET {
                    return None;
                }
                continue;
            }
            let (mut t1, mut t2) = (s1.to_vec(), s2.to_vec());
            for (&i, &j) in ex.from_s1.iter().zip(ex.from_s2.iter()) {
                std::mem::swap(&mut t1[i], &mut t2[j]);
            }
            self.nodes += t1.len() + t2.len();
            c.sort(&mut t1);
            c.sort(&mut t2);
            if let Some(r) = self.transpositions(&t1, &t2, x, &mut finish) {
                return Some(r);
            }
            if self.nodes > WORK_BUDGET {
                return None;
            }
        }
        None
    }
}

/// A complete candidate goes to this judge: the pairs, the S2 players left
/// over, the number of colour-preference failures.
type Finish<'f, 'c, 'a> = dyn FnMut(&mut Search<'c, 'a>, &[(usize, usize)], &[usize], usize) -> Option<BracketPairing>
    + 'f;

/// State of one depth-first walk over the transpositions.
struct Walk {
    used: Vec<bool>,
    pairs: Vec<(usize, usize)>,
    /// S2 players still free, per colour class.
    avail: [usize; 5],
    /// S1 players from position i on, per colour class.
    suffix: Vec<[usize; 5]>,
    s2_class: Vec<usize>,
}

impl Walk {
    /// Necessary conditions to complete from S1 position `i` with at most
    /// `budget` more colour failures (B4), and B2 for players who must have a colour.
    fn may_complete(&self, i: usize, budget: usize) -> bool {
        counts_allow(&self.suffix[i], &self.avail, budget)
    }
}

/// B4/B2 by counting: can S1 players of class counts `s` be paired with S2
/// players of class counts `a` with at most `budget` colour failures, and every
/// player who must have a colour (B2) find someone who may take the other?
fn counts_allow(s: &[usize; 5], a: &[usize; 5], budget: usize) -> bool {
    let (w1, b1) = (s[0] + s[1], s[2] + s[3]);
    let (w2, b2, n2) = (a[0] + a[1], a[2] + a[3], a[4]);
    let total = w2 + b2 + n2;
    let bound = w1.saturating_sub(b2 + n2) + b1.saturating_sub(w2 + n2);
    bound <= budget && s[1] <= total - a[1] && s[3] <= total - a[3]
}

#[allow(clippy::too_many_arguments)]
fn go<'c, 'a>(
    s: &mut Search<'c, 'a>,
    s1: &[usize],
    s2: &[usize],
    i: usize,
    fails: usize,
    x: usize,
    w: &mut Walk,
    finish: &mut Finish<'_, 'c, 'a>,
) -> Option<BracketPairing> {
    if s.nodes > WORK_BUDGET {
        return None;
    }
    if i == s1.len() {
        let left: Vec<usize> = s2
            .iter()
            .zip(w.used.iter())
            .filter(|(_, u)| !**u)
            .map(|(j, _)| *j)
            .collect();
        let pairs = std::mem::take(&mut w.pairs);
        let r = finish(s, &pairs, &left, fails);
        w.pairs = pairs;
        return r;
    }
    if !w.may_complete(i, x - fails) {
        return None;
    }
    let a = s1[i];
    let lvl = s.lvl;
    for k in 0..s2.len() {
        if w.used[k] {
            continue;
        }
        s.nodes += 1;
        let b = s2[k];
        if !s.c.compatible(a, b, Some(&lvl)) || !s.c.pairing_floats_allowed(a, b, &lvl) {
            continue;
        }
        let f = fails + usize::from(s.c.colour_conflict(a, b));
        if f > x {
            continue;
        }
        let cls = w.s2_class[k];
        w.avail[cls] -= 1;
        w.used[k] = true;
        w.pairs.push((a, b));
        let r = go(s, s1, s2, i + 1, f, x, w, finish);
        w.pairs.pop();
        w.used[k] = false;
        w.avail[cls] += 1;
        if r.is_some() {
            return r;
        }
        if s.nodes > WORK_BUDGET {
            return None;
        }
    }
    None
}

/// C13 (by matching): can `moved` plus `lower` be completely paired under B1/B2,
/// with one bye to a player allowed one (B1b) when `bye`?
pub fn feasible(c: &Criteria<'_>, moved: &[usize], lower: &[usize], bye: bool) -> bool {
    let mut v: Vec<usize> = moved.to_vec();
    v.extend_from_slice(lower);
    let n = v.len() + usize::from(bye);
    if n == 0 {
        return true;
    }
    if n % 2 == 1 {
        return false;
    }
    let adj = |a: usize, b: usize| {
        let (a, b) = if a < b { (a, b) } else { (b, a) };
        if b == v.len() {
            c.bye_allowed(v[a])
        } else {
            c.compatible(v[a], v[b], None)
        }
    };
    maximum_matching_until(n, &adj, 0)
        .iter()
        .all(|m| m.is_some())
}

/// Pair one score bracket: `moved_in` came down from above (A3), `residents`
/// have the bracket's score. Returns `None` only for the lowest bracket when
/// no pairing at all exists (the caller falls back, see `super::pair`).
pub fn pair_bracket(
    c: &Criteria<'_>,
    moved_in: &[usize],
    residents: &[usize],
    below: &Below<'_>,
) -> Option<BracketPairing> {
    let lowest = below.all.is_empty();
    let mut all: Vec<usize> = moved_in.iter().chain(residents.iter()).copied().collect();
    c.sort(&mut all);
    let c1_moved = if lowest {
        Vec::new()
    } else {
        c1_movers(c, residents, &mut all)
    };
    let moved_in: Vec<usize> = moved_in
        .iter()
        .copied()
        .filter(|i| all.contains(i))
        .collect();
    let stricts: &[bool] = if lowest || below.next.is_empty() {
        &[false]
    } else {
        &[true, false]
    };
    // A3: homogeneous, or treated as such when at least half came from above.
    if moved_in.is_empty() || 2 * moved_in.len() >= all.len() {
        return homogeneous_bracket(c, &all, &[], &c1_moved, below, lowest, stricts);
    }
    // Heterogeneous: S1 = moved-down players (A6).
    let rest: Vec<usize> = all
        .iter()
        .copied()
        .filter(|i| !moved_in.contains(i))
        .collect();
    if let Some(r) = heterogeneous_bracket(c, &all, &moved_in, &rest, &c1_moved, below, stricts) {
        return Some(r);
    }
    // C14 down to p = 0 for the moved-down players: they move on; pair the rest.
    let mut moved_on = c1_moved.clone();
    moved_on.extend_from_slice(&moved_in);
    homogeneous_bracket(c, &rest, &[], &moved_on, below, lowest, stricts)
}

/// C1: the residents without any possible opponent in the bracket move
/// down; they leave `all`.
fn c1_movers(c: &Criteria<'_>, residents: &[usize], all: &mut Vec<usize>) -> Vec<usize> {
    let movers: Vec<usize> = residents
        .iter()
        .copied()
        .filter(|&i| !all.iter().any(|&j| c.compatible(i, j, None)))
        .collect();
    if !movers.is_empty() {
        all.retain(|i| !movers.contains(i));
    }
    movers
}

/// A6, C9–C14: a heterogeneous bracket (`all`, sorted) with the moved-down
/// players `moved_in` as S1 and the `rest`, trying the most moved-down
/// pairs first (C14), then fewer remainder pairs; `None` when no number of
/// moved-down pairs above 0 works.
fn heterogeneous_bracket(
    c: &Criteria<'_>,
    all: &[usize],
    moved_in: &[usize],
    rest: &[usize],
    c1_moved: &[usize],
    below: &Below<'_>,
    stricts: &[bool],
) -> Option<BracketPairing> {
    let lowest = below.all.is_empty();
    let k = moved_in.len();
    let adj = |a: usize, b: usize| c.compatible(moved_in[a], rest[b], None);
    let p_max = bipartite_matching_size(k, rest.len(), &adj);
    let cache = Cache::default();
    let x_bracket = c.x(all);
    for p_h in (1..=p_max).rev() {
        let s1 = &moved_in[..p_h];
        let extra_mdp = &moved_in[p_h..];
        let rem_size = rest.len() - p_h + extra_mdp.len();
        for deficit in 0..=rem_size / 2 {
            let p_r = rem_size / 2 - deficit;
            for &strict in stricts {
                let levels = c.levels(all, x_bracket, p_h + p_r);
                let attempt = |lvl: Level| {
                    let mut s = Search {
                        c,
                        below,
                        lowest,
                        strict,
                        lvl,
                        nodes: 0,
                        cache: &cache,
                    };
                    let mut finish = |s: &mut Search<'_, '_>,
                                      pairs: &[(usize, usize)],
                                      left: &[usize],
                                      fails: usize| {
                        // C9: the remainder, treated as homogeneous.
                        let mut rem: Vec<usize> = left.to_vec();
                        rem.extend_from_slice(extra_mdp);
                        c.sort(&mut rem);
                        let l = s.lvl;
                        let adj = |a: usize, b: usize| {
                            c.compatible(rem[a], rem[b], Some(&l))
                                && c.pairing_floats_allowed(rem[a], rem[b], &l)
                        };
                        if p_r > 0 && matching_size(rem.len(), &adj) < p_r {
                            return None;
                        }
                        let x_rem = s.lvl.x.saturating_sub(fails);
                        s.homogeneous(&rem, p_r, x_rem, pairs, c1_moved)
                    };
                    s.transpositions(s1, rest, lvl.x, &mut finish)
                };
                if let Some(r) = first_level(&levels, attempt) {
                    return Some(r);
                }
            }
        }
    }
    None
}

/// The first level (in the rules' order) at which `attempt` succeeds. The
/// levels only ever relax, so when the most relaxed one fails the others are
/// not tried.
fn first_level(
    levels: &[Level],
    mut attempt: impl FnMut(Level) -> Option<BracketPairing>,
) -> Option<BracketPairing> {
    let (first, rest) = levels.split_first()?;
    if let Some(r) = attempt(*first) {
        return Some(r);
    }
    let (last, middle) = rest.split_last()?;
    let relaxed = attempt(*last)?;
    for l in middle {
        if let Some(r) = attempt(*l) {
            return Some(r);
        }
    }
    Some(relaxed)
}

fn homogeneous_bracket(
    c: &Criteria<'_>,
    all: &[usize],
    pairs_before: &[(usize, usize)],
    extra: &[usize],
    below: &Below<'_>,
    lowest: bool,
    stricts: &[bool],
) -> Option<BracketPairing> {
    let cache = Cache::default();
    let n = all.len();
    let p_max = matching_size(n, &|a, b| c.compatible(all[a], all[b], None)).min(n / 2);
    let x0 = c.x(all);
    for p in (1..=p_max).rev() {
        // C14: x decreases with p when it was positive.
        let x_p = if x0 > 0 {
            x0.saturating_sub(n / 2 - p)
        } else {
            0
        };
        for &strict in stricts {
            let levels = c.levels(all, x_p, p);
            let attempt = |lvl: Level| {
                let mut s = Search {
                    c,
                    below,
                    lowest,
                    strict,
                    lvl,
                    nodes: 0,
                    cache: &cache,
                };
                s.homogeneous(all, p, lvl.x, pairs_before, extra)
            };
            if let Some(r) = first_level(&levels, attempt) {
                return Some(r);
            }
        }
    }
    // p = 0: the entire bracket moves down (C14), or joins in C13.
    let mut moved: Vec<usize> = extra.to_vec();
    moved.extend_from_slice(all);
    c.sort(&mut moved);
    for &strict in stricts {
        let lvl = *c.levels(all, 0, 0).last().expect("one level");
        let s = Search {
            c,
            below,
            lowest,
            strict,
            lvl,
            nodes: 0,
            cache: &cache,
        };
        if s.leaving_ok(&moved) {
            return Some(BracketPairing {
                pairs: pairs_before.to_vec(),
                moved_down: moved,
            });
        }
    }
    None
}
