//! The best candidate by matching (dutch17 B.6 with C.5–C.19), on brackets
//! worked by hand.

use super::*;
use crate::chess::swiss::dutch::state::PlayerState;
use crate::chess::swiss::{Colour, PairingRules, SwissTournament};
use Colour::{Black as B, White as W};

/// A player numbered `n` with `half` half points and the `colours` played.
fn st(n: u32, half: u32, colours: &[Colour]) -> PlayerState {
    PlayerState::sample(n, half, colours, [None; 2])
}

fn round(played: u32) -> SwissTournament {
    SwissTournament {
        players: vec![],
        rounds_played: played,
        total_rounds: 9,
        first_colour: W,
        rules: PairingRules::default(),
    }
}

/// The last bracket's floaters take the bye: nothing below to look at,
/// and any of them may (dutch17 C.2 is the caller's).
fn bye_floats(_: &[usize]) -> (Quality, bool) {
    (Vec::new(), true)
}

/// The best candidate and its pair costs, when matching found one.
fn found(o: Optimum) -> (Candidate, Exact) {
    match o {
        Optimum::Best(cand, exact) => (cand, *exact),
        Optimum::Absent => panic!("no candidate"),
        Optimum::Unknown => panic!("not matched"),
    }
}

/// Pairs with the lower index first, sorted, to compare pairings.
fn sorted(pairs: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut v: Vec<(usize, usize)> = pairs.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    v.sort_unstable();
    v
}

/// Four players on one score: 0 and 1 had Black last (they want White),
/// 2 and 3 had White (they want Black); 0 has met 2.
fn four_with_a_rematch() -> Vec<PlayerState> {
    let mut ps = vec![
        st(1, 2, &[W, B]),
        st(2, 2, &[W, B]),
        st(3, 2, &[B, W]),
        st(4, 2, &[B, W]),
    ];
    ps[0].met = vec![2];
    ps[2].met = vec![0];
    ps
}

/// [`four_with_a_rematch`] as the last bracket, two pairs, by dutch-2017:
/// the best candidate and its pair costs.
fn best_of_four() -> (Candidate, Exact) {
    let ps = four_with_a_rematch();
    let t = round(2);
    let f = RoundFacts::new(&ps, &t, Edition::Dutch2017);
    let players = [0, 1, 2, 3];
    let b = BracketView::last(&players, 2);
    found(optimum(&f, &b, &[], 2, &mut bye_floats))
}

#[test]
fn dutch17_c_10_the_best_candidate_refuses_no_preference_where_one_can() {
    // 0-3 and 1-2 give each his colour (dutch17 C.10: none refused);
    // 0-1 and 2-3 refuse one each; 0-2 is a rematch (C.1). The matching
    // finds the first.
    let (cand, _) = best_of_four();
    assert_eq!(sorted(&cand.pairs), vec![(0, 3), (1, 2)]);
    assert!(cand.floaters.is_empty());
}

#[test]
fn dutch17_c_10_a_pair_refusing_a_preference_no_longer_reaches_the_best() {
    // The same bracket: having paired 0-1 (one refused), nothing completes
    // to the best candidate; having paired 0-3, 1-2 completes it.
    let (_, mut exact) = best_of_four();
    assert!(!exact.reaches(&[(0, 1)], &[], &[2, 3], true, &[]));
    assert!(exact.reaches(&[(0, 3)], &[1], &[2], false, &[]));
    // S1 {0, 1} against S2 {2, 3} reaches it (0-3, 1-2). With 3 kept
    // out to float, no candidate of two pairs is left.
    assert!(exact.reaches(&[], &[0, 1], &[2, 3], false, &[]));
    assert!(!exact.reaches(&[], &[0, 1], &[2], false, &[3]));
}

/// 0 (3 points) moved down to 1 and 2 (2 points), one pair, by `edition`:
/// the best candidate.
fn one_moved_down_of_three(edition: Edition) -> Candidate {
    let ps = vec![st(1, 6, &[]), st(2, 4, &[]), st(3, 4, &[])];
    let t = round(2);
    let f = RoundFacts::new(&ps, &t, edition);
    let players = [0, 1, 2];
    let b = BracketView::last(&players, 4);
    let (cand, _) = found(optimum(&f, &b, &[0], 1, &mut bye_floats));
    cand
}

#[test]
fn dutch17_c_6_with_one_floater_the_moved_down_player_is_paired() {
    // dutch17 A.8: 0-1 with 2 floating: differences 1 and 1 (2 against
    // one point under the lowest); 1-2 with 0 floating: 0 and 2. The PSD
    // 1, 1 is the lesser (dutch17 C.6), so 0 is paired and a resident
    // floats.
    let cand = one_moved_down_of_three(Edition::Dutch2017);
    assert_eq!(cand.pairs.len(), 1);
    let (x, y) = cand.pairs[0];
    assert!(
        x == 0 || y == 0,
        "the moved-down player is paired: {cand:?}"
    );
    assert_eq!(cand.floaters.len(), 1);
}

#[test]
fn dutch26_c_6_with_one_floater_the_higher_score_is_paired() {
    // dutch26 C.6: 0-1 or 0-2 pairs 3 points, 1-2 only 2; the scores
    // paired are maximised, so 0 is paired.
    let cand = one_moved_down_of_three(Edition::Dutch2026);
    let (x, y) = cand.pairs[0];
    assert!(
        x == 0 || y == 0,
        "the moved-down player is paired: {cand:?}"
    );
}

#[test]
fn dutch17_d_3_moved_down_players_meet_residents_not_each_other() {
    // 0 (4 points) and 1 (3 points) came down to 2 and 3 (2 points). 0-1
    // with 2-3 would bring the PSD 1, 0; but the candidates of dutch17 D.3
    // pair the moved-down players with residents (0-2, 1-3: 2, 1), and
    // the matching keeps to them.
    let ps = vec![st(1, 8, &[]), st(2, 6, &[]), st(3, 4, &[]), st(4, 4, &[])];
    let t = round(3);
    let f = RoundFacts::new(&ps, &t, Edition::Dutch2017);
    let players = [0, 1, 2, 3];
    let b = BracketView::last(&players, 4);
    let (cand, _) = found(optimum(&f, &b, &[0, 1], 2, &mut bye_floats));
    for (x, y) in cand.pairs {
        assert!((x < 2) != (y < 2), "a moved-down player meets a resident");
    }
}

#[test]
fn dutch17_c_4_a_floater_who_leaves_the_round_unpairable_is_not_chosen() {
    // Three players on one score, one pair: whoever floats takes the bye.
    // Only 2 may float (the rest of the round completes only without the
    // others: dutch17 C.4), so 0-1 is the pairing.
    let ps = vec![st(1, 2, &[]), st(2, 2, &[]), st(3, 2, &[])];
    let t = round(1);
    let f = RoundFacts::new(&ps, &t, Edition::Dutch2017);
    let players = [0, 1, 2];
    let b = BracketView::last(&players, 2);
    let mut only_2 = |fl: &[usize]| (Vec::new(), fl == [2]);
    let (cand, _) = found(optimum(&f, &b, &[], 1, &mut only_2));
    assert_eq!(sorted(&cand.pairs), vec![(0, 1)]);
    assert_eq!(cand.floaters, vec![2]);
}

/// Five players on one score, in round 2 of the last bracket: 0 and 1 had
/// Black (they want White), 2, 3 and 4 had White (they want Black); 0
/// has met 3 and 4.
fn five_with_rematches() -> Vec<PlayerState> {
    let mut ps = vec![
        st(1, 2, &[B]),
        st(2, 2, &[B]),
        st(3, 2, &[W]),
        st(4, 2, &[W]),
        st(5, 2, &[W]),
    ];
    ps[0].met = vec![3, 4];
    ps[3].met = vec![0];
    ps[4].met = vec![0];
    ps
}

#[test]
fn dutch17_c_10_with_three_floaters_the_pair_refuses_no_preference() {
    // One pair, three floaters: each set of floaters is matched on its
    // own. Every floater has the same score, so the sets tie until
    // dutch17 C.10: a pair of a White-wanting player (0, 1) with a
    // Black-wanting one (2, 3, 4) refuses none, 0-1 or 2-3 refuse one,
    // and 0-3, 0-4 are rematches (C.1).
    let ps = five_with_rematches();
    let t = round(1);
    let f = RoundFacts::new(&ps, &t, Edition::Dutch2017);
    let players = [0, 1, 2, 3, 4];
    let b = BracketView::last(&players, 2);
    let (cand, mut exact) = found(optimum(&f, &b, &[], 1, &mut bye_floats));
    let pair = sorted(&cand.pairs);
    assert!(
        [(0, 2), (1, 2), (1, 3), (1, 4)].contains(&pair[0]),
        "a White-wanting player meets a Black-wanting one: {cand:?}"
    );
    assert_eq!(cand.floaters.len(), 3);
    // Having paired 0-1 nothing reaches that quality; 1-3 does, with 0,
    // 2 and 4 floating.
    assert!(!exact.reaches(&[(0, 1)], &[], &[2, 3, 4], false, &[]));
    assert!(exact.reaches(&[(1, 3)], &[], &[0, 2, 4], false, &[]));
    // 0 in limbo (he floats) and 1 to pair with one of 2, 3, 4: reached.
    assert!(exact.reaches(&[], &[1], &[2, 3, 4], false, &[0]));
}

#[test]
fn dutch17_c_1_a_player_who_has_met_every_other_leaves_no_candidate() {
    // Four players, two pairs: 0 has met 1, 2 and 3 (dutch17 C.1), so no
    // candidate pairs everyone; matching says so, and the search need not
    // walk the bracket to learn it.
    let mut ps = four_with_a_rematch();
    ps[0].met = vec![1, 2, 3];
    ps[1].met = vec![0];
    ps[3].met = vec![0];
    let t = round(2);
    let f = RoundFacts::new(&ps, &t, Edition::Dutch2017);
    let players = [0, 1, 2, 3];
    let b = BracketView::last(&players, 2);
    assert!(matches!(
        optimum(&f, &b, &[], 2, &mut bye_floats),
        Optimum::Absent
    ));
}

#[test]
fn dutch17_c_4_a_bracket_whose_full_pairing_strands_the_players_below_has_no_candidate() {
    // All four paired leaves the rest of the round unpairable (dutch17
    // C.4, as `floating` says of no floaters): no candidate with two pairs.
    let ps = four_with_a_rematch();
    let t = round(2);
    let f = RoundFacts::new(&ps, &t, Edition::Dutch2017);
    let players = [0, 1, 2, 3];
    let b = BracketView::last(&players, 2);
    let mut strands = |fl: &[usize]| (Vec::new(), !fl.is_empty());
    assert!(matches!(
        optimum(&f, &b, &[], 2, &mut strands),
        Optimum::Absent
    ));
}

#[test]
fn dutch17_c_6_thirteen_scores_pair_neighbours() {
    // Thirteen players one point apart (as in a collapsed last bracket,
    // dutch17 A.9), six pairs: neighbours paired differ by one point, and
    // the lowest floating differs by one from the point under him (dutch17
    // A.8), so every difference is 1, the least PSD (dutch17 C.6).
    let ps: Vec<PlayerState> = (0..13).map(|k| st(k + 1, 2 * (12 - k), &[])).collect();
    let t = round(12);
    let f = RoundFacts::new(&ps, &t, Edition::Dutch2017);
    let players: Vec<usize> = (0..13).collect();
    let b = BracketView::last(&players, 0);
    let (cand, _) = found(optimum(&f, &b, &[], 6, &mut bye_floats));
    let neighbours: Vec<(usize, usize)> = (0..6).map(|k| (2 * k, 2 * k + 1)).collect();
    assert_eq!(sorted(&cand.pairs), neighbours);
    assert_eq!(cand.floaters, vec![12]);
}

#[test]
fn dutch17_b_6_criteria_outgrowing_i128_are_weighed_on_wide_costs() {
    // Four players, every pair allowed, no floater. The first criterion
    // prefers 0-2 with 1-3 (0 against 1 per pair); each of the next three
    // prefers the others by 2^40 a pair. Weighted one above another the
    // costs take about 127 bits, and the first criterion must still rule.
    let edges = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
    let big = 1i64 << 40;
    let mut rows: Vec<Columns> = edges
        .iter()
        .map(|&e| match e {
            (0, 2) | (1, 3) => vec![0, big, big, big],
            _ => vec![1, 0, 0, 0],
        })
        .collect();
    rows.push(vec![0; 4]); // the empty set of floaters
    let (costs, fits) = encode(&rows, 3).expect("within 512 bits");
    assert!(!fits, "the totals outgrow i128");
    let sets = vec![(Vec::new(), costs[6])];
    let players = [10, 11, 12, 13];
    let (cand, exact) =
        Exact::with_sets((&players, fits), &edges, &costs[..6], sets).expect("a perfect pairing");
    assert_eq!(sorted(&cand.pairs), vec![(10, 12), (11, 13)]);
    assert!(!exact.fits);
}
