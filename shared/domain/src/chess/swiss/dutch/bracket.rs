//! dutch C1, dutch C9–C14: pairing one score bracket. dutch C1 moves down the players
//! without an opponent; the candidates are searched ([`super::search`]) at
//! each relaxation step in turn: dutch C9 (dutch B6 then dutch B5 for upfloats), dutch C10 (dutch B6 then
//! dutch B5 for downfloats), dutch C11 (x raised up to p), dutch A7(c) (given up for one player more
//! at a time, before a player more floats), the last-round dutch B2 note, and finally dutch C14 (p lowered).

use super::criteria::{Criteria, Level};
use super::matching::{bipartite_matching_size, matching_size};
pub use super::search::{feasible, Below, BracketPairing, How, Treated};
use super::search::{Budget, Cache, Search};
use crate::chess::swiss::Float;

/// Pair one score bracket: `moved_in` came down from above (dutch A3), `residents`
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
        c1_movers(c, &all.clone(), &mut all)
    };
    let moved_in: Vec<usize> = moved_in
        .iter()
        .copied()
        .filter(|i| all.contains(i))
        .collect();
    // A player moved on by dutch C1 floats down whatever this bracket pairs.
    let mut settled = settled_downfloaters(c, &moved_in);
    settled.extend_from_slice(&c1_moved);
    settled.sort_unstable();
    let stricts: &[bool] = if lowest || below.next.is_empty() {
        &[false]
    } else {
        &[true, false]
    };
    let noted = |r: Option<BracketPairing>, treated: Treated| {
        r.map(|mut r| {
            r.how.treated = treated;
            r.how.moved_on.clone_from(&c1_moved);
            r.how.settled.clone_from(&settled);
            r
        })
    };
    // dutch A3: homogeneous, or treated as such when at least half came from above.
    if moved_in.is_empty() || 2 * moved_in.len() >= all.len() {
        let treated = if moved_in.is_empty() {
            Treated::Homogeneous
        } else {
            Treated::HomogeneousByHalf
        };
        let r = homogeneous_bracket(c, &all, &[], &c1_moved, below, stricts, &settled);
        return noted(r, treated);
    }
    // Heterogeneous: S1 = moved-down players (dutch A6).
    let rest: Vec<usize> = all
        .iter()
        .copied()
        .filter(|i| !moved_in.contains(i))
        .collect();
    let s1 = Mdp {
        moved_in: &moved_in,
        settled: &settled,
    };
    if let Some(r) = heterogeneous_bracket(c, &all, &s1, &rest, &c1_moved, below, stricts) {
        return noted(Some(r), Treated::Heterogeneous);
    }
    // dutch C14 down to p = 0 for the moved-down players: they move on; pair the rest.
    let mut moved_on = c1_moved.clone();
    moved_on.extend_from_slice(&moved_in);
    let r = homogeneous_bracket(c, &rest, &[], &moved_on, below, stricts, &settled);
    noted(r, Treated::Heterogeneous)
}

/// dutch C9/C10 (ruling, docs/rulings/chess.md): the moved-down players
/// whose downfloat repeats one of their last two floats (dutch B5/B6) whatever
/// they play here, because no other moved-down player with their own score
/// may meet them (dutch B1/B2). Their downfloat was decided when the bracket above
/// moved them down; it cannot be "fulfilled as much as possible" here, so
/// it is accepted for them alone, and dutch B5/B6 stay in force for everybody
/// else (dutch C9 and dutch C10 drop a criterion for the whole bracket). Sorted.
fn settled_downfloaters(c: &Criteria<'_>, moved_in: &[usize]) -> Vec<usize> {
    let all_criteria = Level::all(0);
    let mut settled: Vec<usize> = moved_in
        .iter()
        .copied()
        .filter(|&i| {
            !c.float_allowed(i, Float::Downfloat, &all_criteria)
                && !moved_in
                    .iter()
                    .any(|&j| j != i && c.ps[j].score == c.ps[i].score && c.compatible_c1(i, j))
        })
        .collect();
    settled.sort_unstable();
    settled
}

/// The moved-down players of a heterogeneous bracket (its S1, dutch A6) and which
/// of them have their downfloat settled.
struct Mdp<'m> {
    moved_in: &'m [usize],
    settled: &'m [usize],
}

/// dutch C1: the players without any possible opponent in the bracket move
/// down; they leave `all`. For a resident that is C1's last case; for a player
/// moved down from above, C1 applies dutch C12 first, which the bracket above
/// has already asked (the look-ahead in `search`), so what is left is to move
/// him on. Either way he does not count towards dutch A3's "at least half ...
/// from a higher score bracket".
fn c1_movers(c: &Criteria<'_>, members: &[usize], all: &mut Vec<usize>) -> Vec<usize> {
    let movers: Vec<usize> = members
        .iter()
        .copied()
        .filter(|&i| !all.iter().any(|&j| c.compatible_c1(i, j)))
        .collect();
    if !movers.is_empty() {
        all.retain(|i| !movers.contains(i));
    }
    movers
}

/// dutch A6, dutch C9–C14: a heterogeneous bracket (`all`, sorted) with the moved-down
/// players `moved_in` as S1 and the `rest`, trying the most moved-down
/// pairs first (dutch C14), then fewer remainder pairs; `None` when no number of
/// moved-down pairs above 0 works.
fn heterogeneous_bracket(
    c: &Criteria<'_>,
    all: &[usize],
    s1_all: &Mdp<'_>,
    rest: &[usize],
    c1_moved: &[usize],
    below: &Below<'_>,
    stricts: &[bool],
) -> Option<BracketPairing> {
    let (moved_in, settled) = (s1_all.moved_in, s1_all.settled);
    let lowest = below.all.is_empty();
    let k = moved_in.len();
    // Pairings possible at most, with the dutch B2 note where it applies (dutch C1, dutch C14).
    let adj = |a: usize, b: usize| c.compatible_c1(moved_in[a], rest[b]);
    let p_max = bipartite_matching_size(k, rest.len(), &adj);
    let cache = Cache::default();
    // dutch C2: x of the whole bracket (dutch A8); dutch C3: p = the moved-down players (at most).
    let x_bracket = c.x(all);
    let a7d = c.a7d_switch(all);
    for p_h in (1..=p_max).rev() {
        // dutch A6: S1 holds every moved-down player; dutch C6 with p lowered
        // (dutch C14) leaves k - p_h of them unpaired, the lowest first.
        let skips = k - p_h;
        let rem_size = rest.len() - p_h + skips;
        for deficit in 0..=rem_size / 2 {
            let p_r = rem_size / 2 - deficit;
            // dutch C14: every pairing fewer than the bracket's n / 2 lowers a
            // positive x by one, as in a homogeneous bracket.
            let x_p = x_bracket.saturating_sub((all.len() / 2).saturating_sub(p_h + p_r));
            for &strict in stricts {
                let levels = c.levels(all, x_p, p_h + p_r);
                let attempt = |lvl: Level| {
                    let mut s = Search {
                        c,
                        below,
                        lowest,
                        strict,
                        lvl,
                        nodes: 0,
                        cache: &cache,
                        settled,
                        a7d,
                    };
                    let mut finish = |s: &mut Search<'_, '_>,
                                      pairs: &[(usize, usize)],
                                      left: &[usize],
                                      left_over: Budget| {
                        // dutch C9: the remainder, treated as homogeneous.
                        let mut rem: Vec<usize> = left.to_vec();
                        c.sort(&mut rem);
                        let l = s.lvl;
                        let adj = |a: usize, b: usize| {
                            c.compatible(rem[a], rem[b], Some(&l))
                                && c.pairing_floats_allowed(rem[a], rem[b], &l, settled)
                        };
                        if p_r > 0 && matching_size(rem.len(), &adj) < p_r {
                            return None;
                        }
                        s.homogeneous(&rem, p_r, left_over, pairs, c1_moved)
                    };
                    s.transpositions(moved_in, rest, skips, Budget::new(&lvl, a7d), &mut finish)
                        .map(|r| r.kept(lvl, strict, p_h + p_r))
                };
                if let Some(mut r) = c13_keeps(c, below, strict, first_level(&levels, attempt)) {
                    (r.how.p_first, r.how.x_first) =
                        (k + (rest.len() - k.min(rest.len())) / 2, x_bracket);
                    return Some(r);
                }
            }
        }
    }
    None
}

/// dutch C12 then C13: the first candidate dutch C12 accepts (`strict`) stands
/// only when the rest of the round can still be completed. When it cannot,
/// dutch C13 joins the lowest brackets up to this one and looks again for
/// "another pairing ... which will allow a pairing in the lowest score
/// bracket", from the first candidate on: the caller's next pass, which asks
/// only that. A later candidate meeting both is not preferred to it (ruling
/// "dutch C12/C13", docs/rulings/chess.md).
fn c13_keeps(
    c: &Criteria<'_>,
    below: &Below<'_>,
    strict: bool,
    found: Option<BracketPairing>,
) -> Option<BracketPairing> {
    found.filter(|r| !strict || feasible(c, &r.moved_down, below.all, below.bye))
}

/// The first level (in the rules' order) at which `attempt` succeeds. The
/// levels only ever relax, within a group and from group to group (see
/// [`Criteria::levels`]), so a group whose last level fails is skipped
/// whole, and the first group whose last level succeeds is found by halving
/// (same result as trying every level in turn, less work).
fn first_level(
    groups: &[Vec<Level>],
    mut attempt: impl FnMut(Level) -> Option<BracketPairing>,
) -> Option<BracketPairing> {
    let first = *groups.first()?.first()?;
    if let Some(r) = attempt(first) {
        return Some(r);
    }
    let last_of = |g: usize| *groups[g].last().expect("a group has a level");
    let mut hi = groups.len() - 1;
    let mut found = attempt(last_of(hi))?;
    let mut lo = 0;
    while lo < hi {
        let mid = (lo + hi) / 2;
        match attempt(last_of(mid)) {
            Some(r) => {
                hi = mid;
                found = r;
            }
            None => lo = mid + 1,
        }
    }
    let group = &groups[hi];
    let skip = usize::from(hi == 0);
    for l in group.iter().take(group.len() - 1).skip(skip) {
        if let Some(r) = attempt(*l) {
            return Some(r);
        }
    }
    Some(found)
}

fn homogeneous_bracket(
    c: &Criteria<'_>,
    all: &[usize],
    pairs_before: &[(usize, usize)],
    extra: &[usize],
    below: &Below<'_>,
    stricts: &[bool],
    settled: &[usize],
) -> Option<BracketPairing> {
    let lowest = below.all.is_empty();
    let cache = Cache::default();
    let n = all.len();
    let a7d = c.a7d_switch(all);
    // Pairings possible at most, with the dutch B2 note where it applies (dutch C1, dutch C14).
    let p_max = matching_size(n, &|a, b| c.compatible_c1(all[a], all[b])).min(n / 2);
    // dutch C2: x by dutch A8. dutch C3: p by dutch A6, n / 2, unless fewer
    // pairings exist at all (then dutch C14 has already lowered it).
    let x0 = c.x(all);
    for p in (1..=p_max).rev() {
        // dutch C14: x decreases with p when it was positive.
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
                    settled,
                    a7d,
                };
                s.homogeneous(all, p, Budget::new(&lvl, a7d), pairs_before, extra)
                    .map(|r| r.kept(lvl, strict, p))
            };
            if let Some(mut r) = c13_keeps(c, below, strict, first_level(&levels, attempt)) {
                (r.how.p_first, r.how.x_first) = (n / 2, x0);
                return Some(r);
            }
        }
    }
    // p = 0: the entire bracket moves down (dutch C14), or joins in dutch C13.
    let mut moved: Vec<usize> = extra.to_vec();
    moved.extend_from_slice(all);
    c.sort(&mut moved);
    for &strict in stricts {
        let lvl = *c
            .levels(all, 0, 0)
            .last()
            .and_then(|g| g.last())
            .expect("one level");
        let s = Search {
            c,
            below,
            lowest,
            strict,
            lvl,
            nodes: 0,
            cache: &cache,
            settled,
            a7d: None,
        };
        if s.leaving_ok(&moved) && (!strict || feasible(c, &moved, below.all, below.bye)) {
            let how = How {
                c12_met: strict,
                p_first: n / 2,
                x_first: x0,
                ..How::default()
            };
            return Some(BracketPairing {
                pairs: pairs_before.to_vec(),
                moved_down: moved,
                how,
            });
        }
    }
    None
}
