//! dutch C4, C5, C6, C7 and C8 with dutch C12/C13: the candidate pairings of one score bracket at
//! one relaxation level, with real backtracking.
//!
//! The candidate pairings of a bracket are visited in the rules' order: dutch D2
//! exchanges (identity first), and within each the dutch D1 transpositions of S2
//! (depth first, lexicographic). A candidate is accepted when it meets dutch B1/B2 and
//! the relative criteria still in force (see [`Level`]), and when what it leaves
//! behind can still be paired:
//!
//! - dutch C12: the players it moves down can all be paired in the next bracket
//!   ("another player will be moved down ... and this now allows p pairings");
//!   asked first. The first candidate meeting it is kept only if the rest of
//!   the round can be completed (dutch C13); otherwise C12 is given up;
//! - dutch C13: the rest of the tournament (moved-down players plus all lower
//!   brackets, plus the bye) can be completed under dutch B1/B2. This is checked with
//!   a maximum-matching test instead of pairing the lower brackets trial by
//!   trial; it accepts exactly the candidates that dutch C12/C13's backtracking
//!   would eventually accept (see docs/rulings/chess.md).
//!
//! The relaxation steps around this search are in [`super::bracket`].

use super::criteria::{A7dSwitch, Criteria, Level};
use super::exchange::exchanges;
use super::matching::{bipartite_matching_size, maximum_matching_until};
use crate::chess::swiss::Colour;

/// Candidate opponents one search may examine before giving up on a relaxation
/// level (a safety valve; see docs/rulings/chess.md).
const WORK_BUDGET: usize = 2_000_000;

/// The outcome of pairing one score bracket.
#[derive(Debug, Clone, Default)]
pub struct BracketPairing {
    /// The pairings made (unordered within a pair).
    pub pairs: Vec<(usize, usize)>,
    /// Players moved down to the next bracket (dutch A3); in the lowest bracket, the bye.
    pub moved_down: Vec<usize>,
}

/// The part of the tournament below the bracket being paired.
pub struct Below<'b> {
    /// Residents of the next score bracket (for dutch C12).
    pub next: &'b [usize],
    /// Every player of every lower bracket (for dutch C13).
    pub all: &'b [usize],
    /// Whether the round needs a bye (odd number of players to pair, dutch A5).
    pub bye: bool,
}

/// Search state shared by one level's attempt.
pub(super) struct Search<'c, 'a> {
    pub(super) c: &'c Criteria<'a>,
    pub(super) below: &'c Below<'c>,
    pub(super) lowest: bool,
    /// dutch C12 asked (see the module comment): the players moved down must
    /// find opponents in the next bracket; dutch C13 is then asked of the
    /// candidate found, not during the search.
    pub(super) strict: bool,
    pub(super) lvl: Level,
    pub(super) nodes: usize,
    pub(super) cache: &'c Cache,
    /// Moved-down players whose downfloat is accepted (sorted; see
    /// `bracket::settled_downfloaters`).
    pub(super) settled: &'c [usize],
    /// dutch A7(d) in this bracket.
    pub(super) a7d: Option<A7dSwitch>,
}

/// What a candidate may still spend: colour failures (dutch B4, at most x),
/// dutch A7(d) players still to be counted with the other colour, and dutch
/// A7(c) players who may still take the colour against their preference.
#[derive(Debug, Clone, Copy)]
pub(super) struct Budget {
    x: usize,
    switches: usize,
    a7c: usize,
}

impl Budget {
    /// The bracket's budget at a level.
    pub(super) fn new(lvl: &Level, a7d: Option<A7dSwitch>) -> Budget {
        Budget {
            x: lvl.x,
            switches: a7d.map_or(0, |sw| sw.count),
            a7c: lvl.a7c.unwrap_or(0),
        }
    }
}

/// Memo of the dutch C12/C13 verdicts on a moved-down set (with the dutch C12 flag).
pub(super) type Cache = std::cell::RefCell<std::collections::HashMap<(Vec<usize>, bool), bool>>;

impl<'c, 'a> Search<'c, 'a> {
    /// dutch C12/C13: may these players be moved down?
    pub(super) fn leaving_ok(&self, moved: &[usize]) -> bool {
        let c = self.c;
        if !moved
            .iter()
            .all(|&i| c.downfloat_allowed(i, &self.lvl, self.settled))
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
        if self.strict {
            // dutch C12: every moved-down player finds a distinct opponent in
            // the next bracket. Only that: whether the rest of the round can
            // then be completed is dutch C13's question, asked of the
            // candidate dutch C12 accepts (`bracket::c13_keeps`).
            let next = self.below.next;
            let k = moved.len();
            if 2 * k >= k + next.len() && !c.c12_in_homogeneous_next {
                // dutch A3: at least half of the next bracket came from above,
                // so it is treated as homogeneous and dutch C12's own test ("in
                // case of a heterogeneous group ... allows p pairings") is not
                // asked of it; dutch C1 still sends this pairing back for a
                // moved-down player without any opponent there.
                return moved.iter().all(|&i| {
                    moved
                        .iter()
                        .chain(next)
                        .any(|&j| j != i && c.compatible(i, j, None))
                });
            }
            let adj = |a: usize, b: usize| c.compatible(moved[a], next[b], None);
            return bipartite_matching_size(k, next.len(), &adj) == k;
        }
        feasible(c, moved, self.below.all, self.below.bye)
    }

    /// dutch B2/B4 colour class: 0 wants white, 1 must have white, 2 wants black,
    /// 3 must have black, 4 no preference, or an dutch A7(d) player who may be
    /// counted with either colour (so the counts give a lower bound).
    fn class_of(&self, i: usize) -> usize {
        let (c, lvl) = (self.c, &self.lvl);
        if c.switchable(i, self.a7d) {
            return 4;
        }
        match c.preferred(i) {
            Some(Colour::White) => usize::from(!c.may_receive_at(i, Colour::Black, lvl)),
            Some(Colour::Black) => 2 + usize::from(!c.may_receive_at(i, Colour::White, lvl)),
            None => 4,
        }
    }

    /// dutch D1: depth-first over S2 in lexicographic order, pairing S1[i] with the
    /// i-th chosen S2 player. Up to `skips` S1 players may stay unpaired (dutch
    /// C6 in a heterogeneous bracket whose p dutch C14 lowered below its S1:
    /// "if now p pairings are obtained"); each is tried unpaired only after
    /// every opponent, so the higher moved-down players are paired first
    /// (dutch A3). `finish` judges complete candidates; the unpaired S1 players
    /// are among the players it is given as left over.
    pub(super) fn transpositions(
        &mut self,
        s1: &[usize],
        s2: &[usize],
        skips: usize,
        budget: Budget,
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
            skips,
            skipped: Vec::new(),
        };
        go(self, s1, s2, 0, budget, &mut w, finish)
    }

    /// dutch C4–C8 for a homogeneous bracket (or remainder) with `p` pairings:
    /// transpositions, then exchanges. `extra` are players already moved down
    /// (dutch C1) who leave with the leftover.
    pub(super) fn homogeneous(
        &mut self,
        members: &[usize],
        p: usize,
        budget: Budget,
        pairs_before: &[(usize, usize)],
        extra: &[usize],
    ) -> Option<BracketPairing> {
        let c = self.c;
        let s1 = &members[..p];
        let s2 = &members[p..];
        let mut finish =
            |s: &mut Search<'c, 'a>, pairs: &[(usize, usize)], left: &[usize], _b: Budget| {
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
            if !counts_allow(&n1, &n2, budget.x) {
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
            if let Some(r) = self.transpositions(&t1, &t2, 0, budget, &mut finish) {
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
/// over, the budget left.
pub(super) type Finish<'f, 'c, 'a> = dyn FnMut(&mut Search<'c, 'a>, &[(usize, usize)], &[usize], Budget) -> Option<BracketPairing>
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
    /// S1 players that may still stay unpaired.
    skips: usize,
    /// S1 players left unpaired so far.
    skipped: Vec<usize>,
}

impl Walk {
    /// Necessary conditions to complete from S1 position `i` with at most
    /// `budget` more colour failures (dutch B4), and dutch B2 for players who must have a colour.
    fn may_complete(&self, i: usize, budget: usize) -> bool {
        counts_allow(&self.suffix[i], &self.avail, budget)
    }
}

/// dutch B4/B2 by counting: can S1 players of class counts `s` be paired with S2
/// players of class counts `a` with at most `budget` colour failures, and every
/// player who must have a colour (dutch B2) find someone who may take the other?
fn counts_allow(s: &[usize; 5], a: &[usize; 5], budget: usize) -> bool {
    let (w1, b1) = (s[0] + s[1], s[2] + s[3]);
    let (w2, b2, n2) = (a[0] + a[1], a[2] + a[3], a[4]);
    let total = w2 + b2 + n2;
    let bound = w1.saturating_sub(b2 + n2) + b1.saturating_sub(w2 + n2);
    bound <= budget && s[1] <= total - a[1] && s[3] <= total - a[3]
}

fn go<'c, 'a>(
    s: &mut Search<'c, 'a>,
    s1: &[usize],
    s2: &[usize],
    i: usize,
    budget: Budget,
    w: &mut Walk,
    finish: &mut Finish<'_, 'c, 'a>,
) -> Option<BracketPairing> {
    if s.nodes > WORK_BUDGET {
        return None;
    }
    if i == s1.len() {
        let mut left: Vec<usize> = s2
            .iter()
            .zip(w.used.iter())
            .filter(|(_, u)| !**u)
            .map(|(j, _)| *j)
            .collect();
        left.extend_from_slice(&w.skipped);
        let pairs = std::mem::take(&mut w.pairs);
        let r = finish(s, &pairs, &left, budget);
        w.pairs = pairs;
        return r;
    }
    // The counting bound assumes every S1 player from `i` on is paired.
    if w.skips == 0 && !w.may_complete(i, budget.x) {
        return None;
    }
    let a = s1[i];
    let lvl = s.lvl;
    // Exactly p S1 players are paired: once the rest must stay unpaired, skip.
    let must_skip = w.skips == s1.len() - i;
    for k in (0..s2.len()).filter(|_| !must_skip) {
        if w.used[k] {
            continue;
        }
        s.nodes += 1;
        let b = s2[k];
        if !s.c.compatible(a, b, Some(&lvl)) || !s.c.pairing_floats_allowed(a, b, &lvl, s.settled) {
            continue;
        }
        let Some(f) = spend(s, a, b, budget) else {
            continue;
        };
        let cls = w.s2_class[k];
        w.avail[cls] -= 1;
        w.used[k] = true;
        w.pairs.push((a, b));
        let r = go(s, s1, s2, i + 1, f, w, finish);
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
    if w.skips == 0 {
        return None;
    }
    w.skips -= 1;
    w.skipped.push(a);
    let r = go(s, s1, s2, i + 1, budget, w, finish);
    w.skipped.pop();
    w.skips += 1;
    r
}

/// dutch B4 with dutch A7(c) and A7(d): the budget left after pairing `a` with
/// `b`, or `None` when the pairing fails a colour preference and x is spent,
/// or breaks dutch A7(c) for one of them when no A7(c) break is left. A
/// failure because both want the colour the dutch A7(d) players are counted
/// away from is taken by one of those players, while any are left to count
/// (see [`A7dSwitch`]).
fn spend(s: &Search<'_, '_>, a: usize, b: usize, budget: Budget) -> Option<Budget> {
    let c = s.c;
    let budget = if c.a7c_broken(a, b, &s.lvl) {
        Budget {
            a7c: budget.a7c.checked_sub(1)?,
            ..budget
        }
    } else {
        budget
    };
    if !c.colour_conflict(a, b) {
        return Some(budget);
    }
    if budget.switches > 0 && (c.switchable(a, s.a7d) || c.switchable(b, s.a7d)) {
        return Some(Budget {
            switches: budget.switches - 1,
            ..budget
        });
    }
    Some(Budget {
        x: budget.x.checked_sub(1)?,
        ..budget
    })
}

/// dutch C13 (by matching): can `moved` plus `lower` be completely paired under dutch B1/B2,
/// with one bye to a player allowed one (dutch B1b) when `bye`?
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
