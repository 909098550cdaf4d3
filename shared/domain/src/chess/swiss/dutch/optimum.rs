//! The best candidate of a bracket by its quality alone (dutch17 B.6,
//! dutch26 B.6), found by minimum-cost perfect matching rather than by
//! walking the candidates: the order of dutch17 D then only decides among
//! candidates of that quality ([`super::target`]'s aimed pass, aimed at it).
//!
//! Given the set of floaters, each criterion of [`quality`] is a sum over
//! the pairs and that set: dutch17 C.5 and C.8–C.15 (dutch26 C.5,
//! C.9–C.17) count, and the lists of dutch17 C.6 and C.16–C.19 (dutch26
//! C.6, C.18–C.21) compare as the counts of each value in them, the most
//! significant value first. The next bracket's criteria (dutch17 C.7,
//! dutch26 C.7–C.8) depend on the floaters alone, so they rank the sets.
//! Those columns, each weighted above the sum of all later ones, make one
//! integer cost per pair and per set ([`super::cost`]). When one player
//! floats, the cheapest perfect matching with a stand-in for "floats" is
//! a candidate of the best quality; when none or several do, each set is
//! matched with the cheapest perfect matching of the others.
//!
//! Only the candidates of dutch17 D.3's main enumeration are matched: the
//! moved-down players meet residents, never each other.

use super::cost::{cost, narrow, Cost, Wide};
use super::edition::{Edition, RoundFacts};
use super::mdp_exchange::next_combination;
use super::quality::{quality_with_next, BracketView, Candidate, Quality};
use integer_blossom::Weight;

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
    /// in the layout's qualities: the floaters' rank among the floaters.
    Next,
}

/// The layout of [`quality_with_next`] with no next bracket's criteria,
/// in bracket `b`: each part and how many criteria it takes.
fn layout(f: &RoundFacts<'_>, b: &BracketView<'_>) -> Vec<(Part, usize)> {
    let size = b.players.len();
    let later = f.edition == Edition::Dutch2026;
    let c6 = if later { Part::Rising } else { Part::Falling };
    let mut parts = vec![(Part::Count, 1), (c6, size), (Part::Next, 0)];
    parts.push((Part::Count, 8 + usize::from(later)));
    parts.extend(std::iter::repeat_n((Part::Falling, size), 4));
    parts
}

/// One pair or the floaters: its columns of a criterion-by-criterion cost.
type Columns = Vec<i64>;

/// What matching tells of a bracket's candidates with `p` pairs.
pub enum Optimum {
    /// A candidate of the best quality, and the costs to tell which pairs
    /// still complete to that quality.
    Best(Candidate, Box<Exact>),
    /// No candidate of dutch17 D.3's main enumeration meets the absolute
    /// criteria (dutch17 C.1–C.4): every one pairs players who may not
    /// meet, or leaves the rest of the round unpairable.
    Absent,
    /// Not matched: the bracket or its sets of floaters are too many for
    /// the cost to fit or for the work.
    Unknown,
}

/// The best candidate with `p` pairs among the bracket's players.
/// `floating` gives what depends on the floaters alone: the next
/// bracket's criteria and whether the rest of the round still pairs
/// (dutch17 C.4). When one player floats, one matching with a stand-in
/// for floating finds it; when none or several do, each set of floaters
/// is matched on its own ([`MAX_SETS`] at most), the cheapest sets first.
pub fn optimum(
    f: &RoundFacts<'_>,
    b: &BracketView<'_>,
    moved: &[usize],
    p: usize,
    floating: &mut dyn FnMut(&[usize]) -> (Quality, bool),
) -> Optimum {
    let n = b.players.len();
    let Some(k) = n.checked_sub(2 * p).filter(|_| n <= MAX_PLAYERS) else {
        return Optimum::Unknown;
    };
    let Some(sets) = floater_sets(n, k) else {
        return Optimum::Unknown;
    };
    let (edges, columns, sets) = elements(f, b, moved, sets, floating);
    let Some((costs, fits)) = columns.and_then(|c| encode(&c, p + 1)) else {
        return Optimum::Unknown;
    };
    let (pair_costs, set_costs) = costs.split_at(edges.len());
    let sets: Vec<(Vec<usize>, Cost)> = sets.into_iter().zip(set_costs.iter().copied()).collect();
    let bracket = (b.players, fits);
    let exact = if k == 1 {
        Exact::with_stand_in(bracket, &edges, pair_costs, &sets)
    } else {
        Exact::with_sets(bracket, &edges, pair_costs, sets)
    };
    match exact {
        Some((cand, exact)) => Optimum::Best(cand, Box::new(exact)),
        None => Optimum::Absent,
    }
}

/// Every set of `k` floaters among `n` players (bracket positions), when
/// one floats (the stand-in meets each) or when they are few enough.
fn floater_sets(n: usize, k: usize) -> Option<Vec<Vec<usize>>> {
    if k == 1 {
        return Some((0..n).map(|x| vec![x]).collect());
    }
    if k > 1 && n > MAX_PLAYERS_FLOATING {
        return None;
    }
    let mut cur: Vec<usize> = (0..k).collect();
    let mut sets = vec![cur.clone()];
    while next_combination(&mut cur, n) {
        if sets.len() == MAX_SETS {
            return None;
        }
        sets.push(cur.clone());
    }
    Some(sets)
}

/// How the floaters of the best candidates are matched.
enum Floaters {
    /// One floats: a stand-in vertex, the last, meets him.
    StandIn,
    /// None or several float: the sets of floaters (bracket positions) of
    /// the candidates of the best quality, each with its cost.
    Sets(Vec<(Vec<usize>, Cost)>),
}

/// A bracket's pair costs and its cheapest total, to tell whether pairs
/// fixed so far still complete to a candidate of the best quality.
pub struct Exact {
    /// The bracket's players.
    players: Vec<usize>,
    /// The bracket's players, and the stand-in for floating when one floats.
    vertices: usize,
    /// The cost of each pair of vertices, `None` when they may not meet.
    cost: Vec<Option<Cost>>,
    /// Whether every total fits in i128, the matching's fast weights.
    fits: bool,
    floaters: Floaters,
    /// The cheapest candidate's total.
    best: Cost,
    /// How many completions have been tried.
    pub calls: usize,
}

impl Exact {
    /// The bracket of `players` (with whether its totals fit in i128),
    /// `vertices` (a stand-in for floating beyond them) and the `edges`
    /// that may be matched, at `costs`.
    fn new(
        (players, fits): (&[usize], bool),
        vertices: usize,
        edges: &[(usize, usize)],
        costs: &[Cost],
        floaters: Floaters,
    ) -> Self {
        let mut table = vec![None; vertices * vertices];
        for (&(x, y), &c) in edges.iter().zip(costs) {
            table[x * vertices + y] = Some(c);
            table[y * vertices + x] = Some(c);
        }
        Exact {
            players: players.to_vec(),
            vertices,
            cost: table,
            fits,
            floaters,
            best: cost(0),
            calls: 0,
        }
    }

    /// One floats: the cheapest perfect matching with a stand-in meeting
    /// each player of a set `[x]` at the set's cost.
    fn with_stand_in(
        bracket: (&[usize], bool),
        edges: &[(usize, usize)],
        costs: &[Cost],
        sets: &[(Vec<usize>, Cost)],
    ) -> Option<(Candidate, Self)> {
        let n = bracket.0.len();
        let mut edges = edges.to_vec();
        let mut costs = costs.to_vec();
        for (set, c) in sets {
            edges.push((set[0], n));
            costs.push(*c);
        }
        let mut exact = Exact::new(bracket, n + 1, &edges, &costs, Floaters::StandIn);
        let all: Vec<usize> = (0..=n).collect();
        let mate = exact.cheapest(&all, &|_, _| true)?;
        exact.best = exact.total_of(&all, &mate);
        Some((exact.candidate(&all, &mate), exact))
    }

    /// None or several float: each set, the cheapest first, with the
    /// cheapest perfect matching of the others, until a set alone costs
    /// more than the best total (no cost is negative). Every set reaching
    /// the best total is kept.
    fn with_sets(
        bracket: (&[usize], bool),
        edges: &[(usize, usize)],
        costs: &[Cost],
        mut sets: Vec<(Vec<usize>, Cost)>,
    ) -> Option<(Candidate, Self)> {
        let players = bracket.0;
        let n = players.len();
        sets.sort_by_key(|(_, c)| *c);
        let mut exact = Exact::new(bracket, n, edges, costs, Floaters::Sets(Vec::new()));
        let mut best: Option<(Cost, Candidate)> = None;
        let mut kept = Vec::new();
        for (set, c) in sets {
            if best.as_ref().is_some_and(|(b, _)| c > *b) {
                break;
            }
            let rest: Vec<usize> = (0..n).filter(|x| !set.contains(x)).collect();
            let Some(mate) = exact.cheapest(&rest, &|_, _| true) else {
                continue;
            };
            let total = c + exact.total_of(&rest, &mate);
            if best.as_ref().is_some_and(|(b, _)| total > *b) {
                continue;
            }
            if best.as_ref().is_none_or(|(b, _)| total < *b) {
                kept.clear();
                let mut cand = exact.candidate(&rest, &mate);
                cand.floaters = set.iter().map(|&x| players[x]).collect();
                best = Some((total, cand));
            }
            kept.push((set, c));
        }
        let (total, cand) = best?;
        exact.best = total;
        exact.floaters = Floaters::Sets(kept);
        Some((cand, exact))
    }

    /// The candidate of a perfect matching `mate` of `vertices` (partners
    /// by position), the stand-in's partner floating.
    fn candidate(&self, vertices: &[usize], mate: &[usize]) -> Candidate {
        let n = self.players.len();
        let mut cand = Candidate::default();
        for (&x, &y) in vertices.iter().zip(mate) {
            if y == n {
                cand.floaters.push(self.players[x]);
            } else if x < y && y < n {
                cand.pairs.push((self.players[x], self.players[y]));
            }
        }
        cand
    }

    /// How many completions `work` (in steps of a matching, the square of
    /// its vertices) allows in this bracket.
    pub fn allowed_calls(&self, work: usize) -> usize {
        work / self.vertices.pow(2).max(1)
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
        let mut spent = cost(0);
        for &(a, b) in fixed {
            let Some(c) = self
                .at(a)
                .zip(self.at(b))
                .and_then(|(x, y)| self.pair(x, y))
            else {
                self.calls += 1;
                return false;
            };
            spent += c;
        }
        let pos = |v: &[usize]| v.iter().filter_map(|&i| self.at(i)).collect::<Vec<usize>>();
        let (l, r, m) = (pos(left), pos(right), pos(limbo));
        // Each vertex's side: 0 left, 1 right, 2 limbo (or paired).
        let mut sides = vec![2u8; self.vertices];
        for (&x, side) in l.iter().map(|x| (x, 0)).chain(r.iter().map(|x| (x, 1))) {
            sides[x] = side;
        }
        let n = self.players.len();
        let allowed = |x: usize, y: usize| match (x == n, y == n) {
            (true, _) => sides[y] >= 1,
            (_, true) => sides[x] >= 1,
            _ => {
                matches!((sides[x], sides[y]), (0, 1) | (1, 0))
                    || (right_pairs && sides[x] == 1 && sides[y] == 1)
            }
        };
        let completes = |exact: &mut Exact, vertices: &[usize], set_cost: Cost| {
            exact.calls += 1;
            exact.cheapest(vertices, &allowed).is_some_and(|mate| {
                spent + set_cost + exact.total_of(vertices, &mate) == exact.best
            })
        };
        match &self.floaters {
            Floaters::StandIn => {
                let mut vertices: Vec<usize> = l.iter().chain(&r).chain(&m).copied().collect();
                vertices.push(n);
                m.len() <= 1 && completes(self, &vertices, cost(0))
            }
            Floaters::Sets(sets) => {
                // A set fits when its players are free to float (of
                // `right`, or in limbo) and every one in limbo is in it.
                let fitting: Vec<(Vec<usize>, Cost)> = sets
                    .iter()
                    .filter(|(set, _)| {
                        set.iter().all(|&x| sides[x] == 1 || m.contains(&x))
                            && m.iter().all(|x| set.contains(x))
                    })
                    .cloned()
                    .collect();
                fitting.iter().any(|(set, c)| {
                    let vertices: Vec<usize> = l
                        .iter()
                        .chain(&r)
                        .filter(|x| !set.contains(x))
                        .copied()
                        .collect();
                    completes(self, &vertices, *c)
                })
            }
        }
    }

    fn pair(&self, x: usize, y: usize) -> Option<Cost> {
        self.cost[x * self.vertices + y]
    }
    /// The cheapest perfect matching of `vertices` over the pairs `allowed`
    /// among them, as positions into `vertices`: on i128 weights when the
    /// totals fit, on wide ones otherwise.
    fn cheapest(
        &self,
        vertices: &[usize],
        allowed: &dyn Fn(usize, usize) -> bool,
    ) -> Option<Vec<usize>> {
        let mate = if self.fits {
            self.matched(vertices, allowed, narrow)?
        } else {
            self.matched(vertices, allowed, |c| Some(Wide(c)))?
        };
        mate.into_iter()
            .map(|m| m.map(|j| vertices[j]))
            .collect::<Option<Vec<usize>>>()
    }

    /// The maximum-weight matching of `vertices` whose weights are a bound
    /// less each allowed pair's cost, as `W` (`None` if one does not fit):
    /// the most pairs first, then the cheapest.
    fn matched<W: Weight>(
        &self,
        vertices: &[usize],
        allowed: &dyn Fn(usize, usize) -> bool,
        weight_of: impl Fn(Cost) -> Option<W>,
    ) -> Option<Vec<Option<usize>>> {
        let k = vertices.len();
        let mut top = cost(0);
        for (i, &x) in vertices.iter().enumerate() {
            for &y in &vertices[i + 1..] {
                if let Some(c) = self.pair(x, y) {
                    top = top.max(c);
                }
            }
        }
        let offset = weight_of(top * cost(self.vertices as i64) + cost(1))?;
        let mut weight = vec![W::ZERO; k * k];
        for (i, &x) in vertices.iter().enumerate() {
            for (j, &y) in vertices.iter().enumerate().skip(i + 1) {
                if let Some(c) = self.pair(x, y).filter(|_| allowed(x, y)) {
                    weight[i * k + j] = offset - weight_of(c)?;
                }
            }
        }
        Some(integer_blossom::max_weight_matching(&weight, k))
    }

    /// The total cost of the perfect matching `mate` (partners by position
    /// of `vertices`).
    fn total_of(&self, vertices: &[usize], mate: &[usize]) -> Cost {
        vertices
            .iter()
            .zip(mate)
            .filter(|(&x, &y)| x < y)
            .filter_map(|(&x, &y)| self.pair(x, y))
            .fold(cost(0), |a, c| a + c)
    }
}

/// The largest bracket matched: the cost matrix grows with its square.
const MAX_PLAYERS: usize = 400;

/// The largest number of sets of floaters matched one by one, each set a
/// matching of the others.
const MAX_SETS: usize = 5_000;

/// The largest bracket whose sets of several floaters are matched one by
/// one.
const MAX_PLAYERS_FLOATING: usize = 100;

/// The pairs that may be matched (indices into the bracket), the columns
/// of each pair and then of each set of floaters, and the sets kept: those
/// that leave the rest of the round pairable (dutch17 C.4). The columns
/// are `None` when a quality is not laid out as [`layout`] says.
type Elements = (Vec<(usize, usize)>, Option<Vec<Columns>>, Vec<Vec<usize>>);

fn elements(
    f: &RoundFacts<'_>,
    b: &BracketView<'_>,
    moved: &[usize],
    sets: Vec<Vec<usize>>,
    floating: &mut dyn FnMut(&[usize]) -> (Quality, bool),
) -> Elements {
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
            raw.push(quality_with_next(f, b, &cand, &[]));
        }
    }
    let mut next_of: Vec<Quality> = Vec::new();
    let mut kept = Vec::new();
    for set in sets {
        let floaters: Vec<usize> = set.iter().map(|&x| players[x]).collect();
        let (next, completes) = floating(&floaters);
        if !completes {
            continue;
        }
        let cand = Candidate {
            pairs: Vec::new(),
            floaters,
        };
        raw.push(quality_with_next(f, b, &cand, &[]));
        next_of.push(next);
        kept.push(set);
    }
    (edges, columns(&parts, &raw, &next_of), kept)
}

/// The columns of each element: per criterion of [`layout`], its count, or
/// for a list the count of each value in it (the most significant value
/// first; a rising list's counts negated, more being better). The
/// next bracket's criteria (`next_of`, the sets of floaters being the
/// last elements) become the set's rank among them.
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
/// pairs' 0; the sets of floaters are the last `next_of.len()` elements.
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
/// candidate has `elements` elements, so a shift changes no comparison)
/// and weighted above the largest sum of all later columns; with whether
/// every candidate's total fits in i128. `None` if the weights outgrow
/// what the matching may add up.
fn encode(columns: &[Columns], elements: usize) -> Option<(Vec<Cost>, bool)> {
    let width = columns.first().map_or(0, Vec::len);
    let mut costs = vec![cost(0); columns.len()];
    let mut weight = cost(1);
    let limit = cost(1) << WIDE_BITS;
    for k in (0..width).rev() {
        let low = columns.iter().map(|c| c[k]).min()?;
        let high = columns.iter().map(|c| c[k]).max()?;
        if high == low {
            continue;
        }
        for (total, c) in costs.iter_mut().zip(columns) {
            *total += cost(c[k] - low) * weight;
        }
        let span = i64::try_from(elements).ok()?.checked_mul(high - low)?;
        weight *= cost(span) + cost(1);
        if weight > limit {
            return None;
        }
    }
    Some((costs, weight <= cost(1) << NARROW_BITS))
}

/// How many bits a candidate's total may take: the matching adds up
/// costs times the number of players, and again, within 512 bits.
const WIDE_BITS: u32 = 480;

/// How many bits a candidate's total may take on i128 weights.
const NARROW_BITS: u32 = 100;

#[cfg(test)]
#[path = "tests/optimum.rs"]
mod tests;
