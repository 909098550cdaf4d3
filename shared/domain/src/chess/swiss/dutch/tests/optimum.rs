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
    optimum(&f, &b, &[], 2, &mut bye_floats).expect("a perfect pairing")
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
    let (cand, _) = optimum(&f, &b, &[0], 1, &mut bye_floats).expect("one pair");
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
    let (cand, _) = optimum(&f, &b, &[0, 1], 2, &mut bye_floats).expect("two pairs");
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
    let (cand, _) = optimum(&f, &b, &[], 1, &mut only_2).expect("one pair");
    assert_eq!(sorted(&cand.pairs), vec![(0, 1)]);
    assert_eq!(cand.floaters, vec![2]);
}

#[test]
fn dutch17_b_6_more_than_one_floater_is_left_to_the_walk() {
    // Five players, one pair: three would float, and the next bracket's
    // criteria (dutch17 C.7) weigh them together: no matching is tried.
    let ps: Vec<PlayerState> = (1..=5).map(|n| st(n, 2, &[])).collect();
    let t = round(1);
    let f = RoundFacts::new(&ps, &t, Edition::Dutch2017);
    let players = [0, 1, 2, 3, 4];
    let b = BracketView::last(&players, 2);
    assert!(optimum(&f, &b, &[], 1, &mut bye_floats).is_none());
}
