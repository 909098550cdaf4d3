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
