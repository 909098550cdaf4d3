//! Seven offsets modulo `m` whose pairwise differences are all distinct (a
//! modular Golomb ruler, or Sidon set), for the cyclic round-one draw.
//!
//! Board `b`, power `p` seats the team at cyclic position `(b + k_p) mod m`.
//! Each team then plays each power once (on board `t - k_p`), every board
//! holds seven teams (offsets distinct: wm B.6.b), and two teams `t`, `u`
//! share a board only where `t - u = k_p - k_q`, which with distinct
//! differences happens for one ordered pair `(p, q)`, so on one board (wm
//! B.6.e). The 42 differences must be distinct non-zero residues, and none
//! may equal `m / 2` (it is its own negative: two boards), so `m >= 43`.

use rand::seq::SliceRandom;
use rand::Rng;

/// Offsets per ruler: one per power.
pub(super) const MARKS: usize = 7;

/// Searches, in an order drawn from `rng`, for seven offsets modulo `m` with
/// distinct differences, visiting at most `budget` partial rulers.
pub(super) fn modular_ruler(m: usize, rng: &mut impl Rng, budget: usize) -> Option<[usize; MARKS]> {
    if m < MARKS * (MARKS - 1) + 1 {
        return None;
    }
    let mut candidates: Vec<usize> = (1..m).collect();
    candidates.shuffle(rng);
    let mut used = vec![false; m];
    let mut marks = [0usize; MARKS];
    let mut nodes = 0usize;
    if extend(m, &candidates, &mut used, &mut marks, 1, &mut nodes, budget) {
        Some(marks)
    } else {
        None
    }
}

fn extend(
    m: usize,
    candidates: &[usize],
    used: &mut [bool],
    marks: &mut [usize; MARKS],
    placed: usize,
    nodes: &mut usize,
    budget: usize,
) -> bool {
    if placed == MARKS {
        return true;
    }
    for (i, &c) in candidates.iter().enumerate() {
        if *nodes >= budget {
            return false;
        }
        *nodes += 1;
        let mut new = [0usize; 2 * MARKS];
        let mut count = 0;
        let mut fits = true;
        for &k in &marks[..placed] {
            let d = (c + m - k) % m;
            let e = m - d;
            if d == 0
                || d == e
                || used[d]
                || used[e]
                || new[..count].contains(&d)
                || new[..count].contains(&e)
            {
                fits = false;
                break;
            }
            new[count] = d;
            new[count + 1] = e;
            count += 2;
        }
        if !fits {
            continue;
        }
        for &d in &new[..count] {
            used[d] = true;
        }
        marks[placed] = c;
        // Later marks come from later candidates: each set is tried once.
        if extend(
            m,
            &candidates[i + 1..],
            used,
            marks,
            placed + 1,
            nodes,
            budget,
        ) {
            return true;
        }
        for &d in &new[..count] {
            used[d] = false;
        }
    }
    false
}

/// True when the differences of `marks` modulo `m` are distinct, non-zero
/// and none is its own negative.
pub(super) fn is_modular_ruler(m: usize, marks: &[usize]) -> bool {
    let mut used = vec![false; m];
    for (i, &a) in marks.iter().enumerate() {
        for &b in &marks[i + 1..] {
            let d = (a + m - b) % m;
            let e = (m - d) % m;
            if d == 0 || d == e || used[d] || used[e] {
                return false;
            }
            used[d] = true;
            used[e] = true;
        }
    }
    true
}

/// Pairs of teams meeting again (wm B.6.e, each board after the first) in
/// the cyclic draw over `marks` modulo `m`: teams `x` and `y` share one board
/// per ordered pair of marks `(p, q)` with `k_p - k_q = x - y`.
pub(super) fn cyclic_repeats(m: usize, marks: &[usize]) -> usize {
    let mut ordered = vec![0usize; m];
    for &a in marks {
        for &b in marks {
            if a != b {
                ordered[(a + m - b) % m] += 1;
            }
        }
    }
    let mut repeats = 0;
    for (d, &times) in ordered.iter().enumerate().skip(1) {
        let e = m - d;
        if d > e {
            break;
        }
        // Differences d and -d name the same pairs of teams: m of them, or
        // m / 2 when d is its own negative.
        let pairs = if d == e { m / 2 } else { m };
        repeats += pairs * times.saturating_sub(1);
    }
    repeats
}

/// Seven distinct offsets modulo `m >= 7` with few repeated differences:
/// `restarts` hill climbs from random offsets, each moving one mark at a time
/// to a random free residue unless that adds repeats ([`cyclic_repeats`]);
/// the best found.
pub(super) fn near_ruler(
    m: usize,
    rng: &mut impl Rng,
    restarts: usize,
    tries: usize,
) -> [usize; MARKS] {
    let mut best: Option<([usize; MARKS], usize)> = None;
    let mut all: Vec<usize> = (0..m).collect();
    for _ in 0..restarts.max(1) {
        all.shuffle(rng);
        let mut marks = [0; MARKS];
        marks.copy_from_slice(&all[..MARKS]);
        let mut repeats = cyclic_repeats(m, &marks);
        for _ in 0..tries {
            if repeats == 0 {
                break;
            }
            let i = rng.gen_range(0..MARKS);
            let to = rng.gen_range(0..m);
            if marks.contains(&to) {
                continue;
            }
            let from = marks[i];
            marks[i] = to;
            let r = cyclic_repeats(m, &marks);
            if r <= repeats {
                repeats = r;
            } else {
                marks[i] = from;
            }
        }
        if best.is_none_or(|(_, r)| repeats < r) {
            best = Some((marks, repeats));
        }
        if repeats == 0 {
            break;
        }
    }
    best.expect("at least one climb").0
}
