//! The best candidate of a bracket by its quality alone (dutch17 B.6,
//! dutch26 B.6), found as one minimum-cost perfect matching rather than by
//! walking the candidates: the order of dutch17 D then only decides among
//! candidates of that quality ([`super::target`]'s aimed pass, aimed at it).
//!
//! When every player of the bracket is paired but at most one, each
//! criterion of [`quality`] is a sum over the pairs and the floater:
//! dutch17 C.5 and C.8–C.15 (dutch26 C.5, C.9–C.17) count, and the lists
//! of dutch17 C.6 and C.16–C.19 (dutch26 C.6, C.18–C.21) compare as the
//! counts of each value in them, the most significant value first. The
//! next bracket's criteria (dutch17 C.7, dutch26 C.7–C.8) depend on the
//! single floater alone, so they rank the floaters. Those columns, each
//! weighted above the sum of all later ones, make one integer cost per
//! pair, and the cheapest perfect matching (a floater meeting a stand-in
//! for "floats") is a candidate of the best quality.
//!
//! Only the candidates of dutch17 D.3's main enumeration are matched: the
//! moved-down players meet residents, never each other.

use super::edition::{Edition, RoundFacts};
use super::quality::{quality_head, quality_tail, BracketView, Candidate, Quality};

/// What one criterion of [`quality`] holds, as laid out there.
#[derive(Clone, Copy, PartialEq)]
enum Part {
    /// A count: the candidate's value is the sum over its pairs.
    Count,
    /// A list sorted from the highest down, padded with `i64::MIN`.
    Falling,
    /// Scores negated, sorted from the lowest up, padded with 0.
    Rising,
    /// The next bracket's criteria ([`super::quality::quality_next`]), not
    /// in the layout's qualities: the floater's rank among the floaters.
    Next,
}

/// The layout of [`quality_head`] followed by [`quality_tail`] in bracket
/// `b`: each part and how many criteria it takes.
fn layout(f: &RoundFacts<'_>, b: &BracketView<'_>) -> Vec<(Part, usize)> {
    let size = b.players.len();
    let later = f.edition == Edition::Dutch2026;
    let c6 = if later { Part::Rising } else { Part::Falling };
    let mut parts = vec![(Part::Count, 1), (c6, size), (Part::Next, 0)];
    parts.push((Part::Count, 8 + usize::from(later)));
    parts.extend(std::iter::repeat_n((Part::Falling, size), 4));
    parts
}

/// One pair or the floater: its columns of a criterion-by-criterion cost.
type Columns = Vec<i64>;

/// The best candidate with `p` pairs among the bracket's players, when at
/// most one of them floats: `None` when more would, when the bracket is
/// too large for the cost to fit, or when no such candidate exists.
/// `floating` gives what depends on a floater alone: the next bracket's
/// criteria and whether the rest of the round still pairs (dutch17 C.4).
pub fn optimum(
    f: &RoundFacts<'_>,
    b: &BracketView<'_>,
    moved: &[usize],
    p: usize,
    floating: &mut dyn FnMut(&[usize]) -> (Quality, bool),
) -> Option<(Candidate, Exact)> {
    let n = b.players.len();
    let floaters = n.checked_sub(2 * p)?;
    if floaters > 1 || n > MAX_PLAYERS {
        return None;
    }
    let (edges, columns) = elements(f, b, moved, floaters == 1, floating)?;
    let costs = encode(&columns, (n + floaters) / 2)?;
    let mut exact = Exact::new(b.players, n + floaters, &edges, &costs);
    let all: Vec<usize> = (0..exact.vertices).collect();
    let mate = exact.cheapest(&all, &|_, _| true)?;
    exact.best = exact.total_of(&all, &mate);
    let cand = exact.candidate(&mate);
    (cand.pairs.len() == p).then_some((cand, exact))
}

/// A bracket's pair costs and its cheapest total, to tell whether pairs
/// fixed so far still complete to a candidate of the best quality.
pub struct Exact {
    /// The bracket's players.
    players: Vec<usize>,
    /// The bracket's players, and one stand-in for floating when one floats.
    vertices: usize,
    /// The cost of each pair of vertices, `None` when they may not meet.
    cost: Vec<Option<i128>>,
    /// The cheapest perfect matching's total.
    best: i128,
    /// How many completions have been tried.
    pub calls: usize,
}

impl Exact {
    /// The bracket of `players` with `vertices` (a stand-in for floating
    /// beyond them) and the `edges` that may be matched, at `costs`.
    fn new(players: &[usize], vertices: usize, edges: &[(usize, usize)], costs: &[i128]) -> Self {
        let mut cost = vec![None; vertices * vertices];
        for (&(x, y), &c) in edges.iter().zip(costs) {
            cost[x * vertices + y] = Some(c);
            cost[y * vertices + x] = Some(c);
        }
        Exact {
            players: players.to_vec(),
            vertices,
            cost,
            best: 0,
            calls: 0,
        }
    }

    /// The candidate of a perfect matching `mate` of all vertices.
    fn candidate(&self, mate: &[usize]) -> Candidate {
        let n = self.players.len();
        let mut cand = Candidate::default();
        for (x, &y) in mate.iter().enumerate().take(n) {
            if y == n {
                cand.floaters.push(self.players[x]);
            } else if y > x {
                cand.pairs.push((self.players[x], self.players[y]));
            }
        }
        cand
    }

    /// How many completions `work` (in steps of a matching, the cube of
    /// its vertices) allows in this bracket.
    pub fn allowed_calls(&self, work: usize) -> usize {
        work / self.vertices.pow(3).max(1)
    }

    /// The bracket position of player `i`.
    fn at(&self, i: usize) -> Option<usize> {
        self.players.iter().position(|&x| x == i)
    }

    /// Whether the pairs `fixed` complete to a candidate of the best
    /// quality where each of `left` meets one of `right`, the players of
    /// `right` meet each other too when `right_pairs`, any of `right` may
    /// float, and each of `limbo` floats.
    pub fn reaches(
        &mut self,
        fixed: &[(usize, usize)],
        left: &[usize],
        right: &[usize],
        right_pairs: bool,
        limbo: &[usize],
    ) -> bool {
        self.calls += 1;
        let n = self.players.len();
        let floats = self.vertices > n;
        let mut spent: i128 = 0;
        for &(a, b) in fixed {
            let Some(c) = self
                .at(a)
                .zip(self.at(b))
                .and_then(|(x, y)| self.pair(x, y))
            else {
                return false;
            };
            spent += c;
        }
        let pos = |v: &[usize]| v.iter().filter_map(|&i| self.at(i)).collect::<Vec<usize>>();
        let (l, r, m) = (pos(left), pos(right), pos(limbo));
        if m.len() > usize::from(floats) {
            return false;
        }
        // Each vertex's side: 0 left, 1 right, 2 limbo.
        let mut sides = vec![2u8; self.vertices];
        for (&x, side) in l.iter().map(|x| (x, 0)).chain(r.iter().map(|x| (x, 1))) {
            sides[x] = side;
        }
        let side = |x: usize| sides[x];
        let mut vertices: Vec<usize> = l.iter().chain(&r).chain(&m).copied().collect();
        if floats {
            vertices.push(n);
        }
        let allowed = |x: usize, y: usize| match (x == n, y == n) {
            (true, _) => side(y) >= 1,
            (_, true) => side(x) >= 1,
            _ => {
                matches!((side(x), side(y)), (0, 1) | (1, 0))
                    || (right_pairs && side(x) == 1 && side(y) == 1)
            }
        };
        let Some(mate) = self.cheapest(&vertices, &allowed) else {
            return false;
        };
        spent + self.total_of(&vertices, &mate) == self.best
    }

    fn pair(&self, x: usize, y: usize) -> Option<i128> {
        self.cost[x * self.vertices + y]
    }

    /// The cheapest perfect matching of `vertices` over the pairs `allowed`
    /// among them, as positions into `vertices`.
    fn cheapest(
        &self,
        vertices: &[usize],
        allowed: &dyn Fn(usize, usize) -> bool,
    ) -> Option<Vec<usize>> {
        let k = vertices.len();
        let mut top: i128 = 0;
        for (i, &x) in vertices.iter().enumerate() {
            for &y in &vertices[i + 1..] {
                if let Some(c) = self.pair(x, y) {
                    top = top.max(c);
                }
            }
        }
        let offset = top.checked_mul(self.vertices as i128)?.checked_add(1)?;
        let mut weight = vec![0i128; k * k];
        for (i, &x) in vertices.iter().enumerate() {
            for (j, &y) in vertices.iter().enumerate().skip(i + 1) {
                if let Some(c) = self.pair(x, y).filter(|_| allowed(x, y)) {
                    weight[i * k + j] = offset - c;
                }
            }
        }
        let mate = integer_blossom::max_weight_matching(&weight, k);
        mate.into_iter()
            .map(|m| m.map(|j| vertices[j]))
            .collect::<Option<Vec<usize>>>()
    }

    /// The total cost of the perfect matching `mate` (partners by position
    /// of `vertices`).
    fn total_of(&self, vertices: &[usize], mate: &[usize]) -> i128 {
        vertices
            .iter()
            .zip(mate)
            .filter(|(&x, &y)| x < y)
            .filter_map(|(&x, &y)| self.pair(x, y))
            .sum()
    }
}

/// The largest bracket matched: the cost matrix grows with its square.
const MAX_PLAYERS: usize = 400;

/// The edges (indices into the bracket, `n` the stand-in for floating) and
/// each one's columns.
type Elements = (Vec<(usize, usize)>, Vec<Columns>);

fn elements(
    f: &RoundFacts<'_>,
    b: &BracketView<'_>,
    moved: &[usize],
    one_floats: bool,
    floating: &mut dyn FnMut(&[usize]) -> (Quality, bool),
) -> Option<Elements> {
    let players = b.players;
    let n = players.len();
    let parts = layout(f, b);
    let mut edges = Vec::new();
    let mut raw: Vec<Quality> = Vec::new();
    for x in 0..n {
        for y in x + 1..n {
            let (a, c) = (players[x], players[y]);
            if !f.compatible(a, c) || (moved.contains(&a) && moved.contains(&c)) {
                continue;
            }
            let cand = Candidate {
                pairs: vec![(a, c)],
                floaters: Vec::new(),
            };
            edges.push((x, y));
            raw.push(head_and_tail(f, b, &cand));
        }
    }
    let mut next_of: Vec<Quality> = Vec::new();
    if one_floats {
        for (x, &i) in players.iter().enumerate() {
            let (next, completes) = floating(&[i]);
            if !completes {
                continue;
            }
            let cand = Candidate {
                pairs: Vec::new(),
                floaters: vec![i],
            };
            edges.push((x, n));
            raw.push(head_and_tail(f, b, &cand));
            next_of.push(next);
        }
    }
    let columns = columns(&parts, &raw, &next_of)?;
    Some((edges, columns))
}

/// [`quality_head`] and [`quality_tail`] of a candidate of one pair or one
/// floater.
fn head_and_tail(f: &RoundFacts<'_>, b: &BracketView<'_>, cand: &Candidate) -> Quality {
    let mut q = quality_head(f, b, cand);
    q.extend(quality_tail(f, b, cand));
    q
}

/// The columns of each element: per criterion of [`layout`], its count, or
/// for a list the count of each value in it (the most significant value
/// first; a rising list's counts negated, more being better). The
/// next bracket's criteria (`next_of`, the floaters' edges being the last
/// ones) become the floater's rank among them.
fn columns(parts: &[(Part, usize)], raw: &[Quality], next_of: &[Quality]) -> Option<Vec<Columns>> {
    let total: usize = parts.iter().map(|&(_, len)| len).sum();
    if raw.iter().any(|q| q.len() != total) {
        return None;
    }
    let mut cols: Vec<Columns> = vec![Vec::new(); raw.len()];
    let mut at = 0;
    for &(part, len) in parts {
        let slice = |q: &Quality| q[at..at + len].to_vec();
        match part {
            Part::Next => rank_column(&mut cols, next_of),
            Part::Count => {
                for (c, q) in cols.iter_mut().zip(raw) {
                    c.extend(slice(q));
                }
            }
            Part::Falling | Part::Rising => {
                let pad = if part == Part::Falling { i64::MIN } else { 0 };
                let mut values: Vec<i64> =
                    raw.iter().flat_map(&slice).filter(|&v| v != pad).collect();
                values.sort_unstable();
                values.dedup();
                if part == Part::Falling {
                    values.reverse();
                }
                let sign = if part == Part::Falling { 1 } else { -1 };
                for (c, q) in cols.iter_mut().zip(raw) {
                    let entries = slice(q);
                    c.extend(
                        values
                            .iter()
                            .map(|v| sign * entries.iter().filter(|&e| e == v).count() as i64),
                    );
                }
            }
        }
        at += len;
    }
    Some(cols)
}

/// The floaters' rank by the next bracket's criteria (0 the best), the
/// pairs' 0; the floaters' edges are the last `next_of.len()`.
fn rank_column(cols: &mut [Columns], next_of: &[Quality]) {
    let mut distinct: Vec<&Quality> = next_of.iter().collect();
    distinct.sort();
    distinct.dedup();
    let pairs = cols.len() - next_of.len();
    for (k, c) in cols.iter_mut().enumerate() {
        let rank = k
            .checked_sub(pairs)
            .and_then(|j| distinct.binary_search(&&next_of[j]).ok())
            .unwrap_or(0);
        c.push(rank as i64);
    }
}

/// One integer cost per element: each column shifted to start at 0 (every
/// perfect matching has `edges` elements, so a shift changes no
/// comparison) and weighted above the largest sum of all later columns.
/// `None` if the weights outgrow what the matching may add up.
fn encode(columns: &[Columns], edges: usize) -> Option<Vec<i128>> {
    let width = columns.first().map_or(0, Vec::len);
    let mut costs = vec![0i128; columns.len()];
    let mut weight: i128 = 1;
    for k in (0..width).rev() {
        let low = columns.iter().map(|c| c[k]).min()?;
        let high = columns.iter().map(|c| c[k]).max()?;
        if high == low {
            continue;
        }
        for (cost, c) in costs.iter_mut().zip(columns) {
            *cost = cost.checked_add(i128::from(c[k] - low).checked_mul(weight)?)?;
        }
        let span = i128::from(high - low).checked_mul(edges as i128)? + 1;
        weight = weight.checked_mul(span)?;
        if weight > COST_LIMIT {
            return None;
        }
    }
    Some(costs)
}

/// The largest weight of a column: the matching adds up costs times the
/// number of edges, and again, within i128.
const COST_LIMIT: i128 = 1 << 100;

#[cfg(test)]
#[path = "tests/optimum.rs"]
mod tests;
