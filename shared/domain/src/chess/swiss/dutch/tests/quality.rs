//! The quality criteria (dutch17 C.5–C.19, dutch26 C.5–C.21) on
//! candidates worked by hand.

use super::*;
use crate::chess::swiss::dutch::state::PlayerState;
use crate::chess::swiss::{Colour, PairingRules, SwissTournament};
use Colour::{Black as B, White as W};

/// A player numbered `n` with `half` half points, the `colours` played
/// and the floats of the last two rounds.
fn st(n: u32, half: u32, colours: &[Colour], floats: [Option<Float>; 2]) -> PlayerState {
    PlayerState::sample(n, half, colours, floats)
}

fn round(played: u32, total: u32) -> SwissTournament {
    SwissTournament {
        players: vec![],
        rounds_played: played,
        total_rounds: total,
        first_colour: W,
        rules: PairingRules::default(),
    }
}

fn cand(pairs: &[(usize, usize)], floaters: &[usize]) -> Candidate {
    Candidate {
        pairs: pairs.to_vec(),
        floaters: floaters.to_vec(),
    }
}

#[test]
fn dutch17_c_6_the_psd_compares_the_largest_difference_first() {
    // dutch17 A.8: a (3 points) came down to b and c (2 points). a-b
    // with c floating: differences 1 (the pair) and 1 (c against one point
    // under the lowest score, 2 - 1): PSD 1, 1. b-c with a floating: 0 and
    // 3 - 1 = 2: PSD 2, 0. The first is smaller (dutch17 C.6).
    let ps = [
        st(1, 6, &[], [None; 2]),
        st(2, 4, &[], [None; 2]),
        st(3, 4, &[], [None; 2]),
    ];
    let t = round(2, 9);
    let f = RoundFacts::new(&ps, &t, Edition::Dutch2017);
    let players = [0, 1, 2];
    let b = BracketView::last(&players, 4);
    let ab = cand(&[(0, 1)], &[2]);
    let bc = cand(&[(1, 2)], &[0]);
    let mut psd_ab = psd(&f, &b, &ab);
    psd_ab.sort_unstable();
    assert_eq!(psd_ab, vec![2, 2]);
    assert!(quality(&f, &b, &ab) < quality(&f, &b, &bc));
}

#[test]
fn dutch26_c_6_the_scores_paired_count_instead_of_differences() {
    // The same bracket by dutch26 C.6: the higher player's score of each
    // pair is maximised: a-b pairs 3 points, b-c only 2: a-b is better.
    let ps = [
        st(1, 6, &[], [None; 2]),
        st(2, 4, &[], [None; 2]),
        st(3, 4, &[], [None; 2]),
    ];
    let t = round(2, 9);
    let f = RoundFacts::new(&ps, &t, Edition::Dutch2026);
    let players = [0, 1, 2];
    let b = BracketView::last(&players, 4);
    assert!(quality(&f, &b, &cand(&[(0, 1)], &[2])) < quality(&f, &b, &cand(&[(1, 2)], &[0])));
}

#[test]
fn dutch17_c_10_and_c_11_colour_preferences_refused() {
    // Four players on one score: 1 and 2 last had black (mild white),
    // 3 and 4 white (mild black); 5 and 6 have colour difference -1
    // (strong white). 1-2 and 3-4 refuse one preference each (dutch17
    // C.10, dutch26 C.12: 2); 1-3 and 2-4 none. 5-6 refuses a strong
    // preference (dutch17 C.11, dutch26 C.13), 1-2 only a mild one.
    let ps = [
        st(1, 2, &[W, B], [None; 2]),
        st(2, 2, &[W, B], [None; 2]),
        st(3, 2, &[B, W], [None; 2]),
        st(4, 2, &[B, W], [None; 2]),
        st(5, 2, &[B, W, B], [None; 2]),
        st(6, 2, &[B, W, B], [None; 2]),
    ];
    let t = round(3, 9);
    let f = RoundFacts::new(&ps, &t, Edition::Dutch2017);
    assert_eq!(
        colour_counts(&f, &cand(&[(0, 1), (2, 3)], &[])),
        [0, 0, 2, 0]
    );
    assert_eq!(
        colour_counts(&f, &cand(&[(0, 2), (1, 3)], &[])),
        [0, 0, 0, 0]
    );
    assert_eq!(colour_counts(&f, &cand(&[(4, 5)], &[])), [0, 0, 1, 1]);
}

#[test]
fn dutch17_c_8_and_c_9_topscorers_beyond_two_and_three_in_a_row() {
    // Last round, two topscorers who both had white twice (colour
    // difference +2, absolute for black): one of them ends at +3 (dutch17 C.8,
    // dutch26 C.10) and with white a third time (dutch17 C.9, dutch26 C.11). Two with +2 but the
    // last two colours W, B for one: the equal differences go to E.3, and
    // only one of them repeats a colour: C.8 still, C.9 not.
    let ps = [
        st(1, 4, &[W, W], [None; 2]),
        st(2, 4, &[W, W], [None; 2]),
        st(3, 6, &[W, W, B, W], [None; 2]),
        st(4, 6, &[W, B, W, W], [None; 2]),
    ];
    let t = round(2, 3);
    let f = RoundFacts::new(&ps, &t, Edition::Dutch2017);
    assert_eq!(colour_counts(&f, &cand(&[(0, 1)], &[])), [1, 1, 1, 0]);
    assert_eq!(colour_counts(&f, &cand(&[(2, 3)], &[])), [1, 0, 1, 0]);
}

#[test]
fn dutch17_c_12_to_c_19_repeated_floats_and_their_differences() {
    // 1 (3 points) downfloated last round and meets 2 (2 points), who
    // upfloated last round and two rounds before; 3 (2 points) downfloated
    // two rounds before and floats again.
    // dutch17 C.12 (dutch26 C.14): 1 downfloats again, paired below his
    // score (the downfloaters counted are the floaters and the higher
    // players of pairs with different scores, as in C.16): one.
    // dutch17 C.13 (dutch26 C.15): 2's upfloat repeats.
    // dutch17 C.14 (dutch26 C.16): 3 repeats.
    // dutch17 C.15 (dutch26 C.17): 2 again.
    // dutch17 C.16 (dutch26 C.18): 1's difference, 1 point (2 half points).
    // dutch17 C.17 (dutch26 C.19): 2's, the same.
    // dutch17 C.18 (dutch26 C.20): 3's, 2 - (2 - 1) = 1 point.
    // dutch17 C.19 (dutch26 C.21): 2's.
    let ps = [
        st(1, 6, &[], [Some(Float::Downfloat), None]),
        st(2, 4, &[], [Some(Float::Upfloat), Some(Float::Upfloat)]),
        st(3, 4, &[], [None, Some(Float::Downfloat)]),
    ];
    let t = round(3, 9);
    let f = RoundFacts::new(&ps, &t, Edition::Dutch2017);
    let players = [0, 1, 2];
    let b = BracketView::last(&players, 4);
    let c = cand(&[(0, 1)], &[2]);
    assert_eq!(repeated_downfloats(&f, &b, &c, 0), 1);
    assert_eq!(repeated_upfloats(&f, &c, 0), vec![2]);
    assert_eq!(repeated_downfloats(&f, &b, &c, 1), 1);
    assert_eq!(repeated_upfloats(&f, &c, 1), vec![2]);
    assert_eq!(downfloat_differences(&f, &b, &c, 0), vec![2]);
    assert_eq!(downfloat_differences(&f, &b, &c, 1), vec![2]);
}

#[test]
fn dutch26_c_10_to_c_21_follow_the_bye_criterion() {
    // The 2026 order puts dutch26 C.9 (the bye's unplayed rounds) between
    // the next bracket's criteria and the colours; dutch26 C.10, C.11,
    // C.12 and C.13 then count as dutch17 C.8–C.11, and dutch26 C.14,
    // C.15, C.16, C.17, C.18, C.19, C.20 and C.21 as dutch17 C.12–C.19. In
    // the last bracket the 2026 quality is one entry longer.
    let ps = [st(1, 2, &[W, B], [None; 2]), st(2, 2, &[W, B], [None; 2])];
    let t = round(2, 9);
    let players = [0, 1];
    let b = BracketView::last(&players, 2);
    let c = cand(&[(0, 1)], &[]);
    let q17 = quality(&RoundFacts::new(&ps, &t, Edition::Dutch2017), &b, &c);
    let q26 = quality(&RoundFacts::new(&ps, &t, Edition::Dutch2026), &b, &c);
    assert_eq!(q26.len(), q17.len() + 1);
    // The colour counts (C.10 refused once) follow C.9's 0.
    let at = 1 + players.len();
    assert_eq!(&q26[at..at + 5], &[0, 0, 0, 1, 0]);
}

#[test]
fn dutch17_c_5_more_pairs_first() {
    // dutch17 C.5 before everything: one pair with a colour refused beats
    // no pair.
    let ps = [st(1, 2, &[W, B], [None; 2]), st(2, 2, &[W, B], [None; 2])];
    let t = round(2, 9);
    let f = RoundFacts::new(&ps, &t, Edition::Dutch2017);
    let players = [0, 1];
    let b = BracketView::last(&players, 2);
    assert!(quality(&f, &b, &cand(&[(0, 1)], &[])) < quality(&f, &b, &cand(&[], &[0, 1])));
}

#[test]
fn dutch26_c_8_ideal_counts_the_next_brackets_own_pairs_at_its_score() {
    // Three players on 3 points (a, b, c), three on 2 (d, e, f), nobody has
    // played. a-b with c floating is perfect: c-d and e-f pair the whole
    // next bracket (dutch26 C.7: two pairs), their higher players have 3
    // and 2 points (dutch26 C.8); no pair of the next bracket can have two
    // players above its score, so the ideal is exactly this.
    let ps = [
        st(1, 6, &[], [None; 2]),
        st(2, 6, &[], [None; 2]),
        st(3, 6, &[], [None; 2]),
        st(4, 4, &[], [None; 2]),
        st(5, 4, &[], [None; 2]),
        st(6, 4, &[], [None; 2]),
    ];
    let t = round(2, 9);
    let f = RoundFacts::new(&ps, &t, Edition::Dutch2026);
    let players = [0, 1, 2];
    let b = BracketView::above(&players, 6, &[3, 4, 5], &[]);
    let perfect = cand(&[(0, 1)], &[2]);
    assert_eq!(quality(&f, &b, &perfect), ideal(&f, &b, 1, &[2]));
}

#[test]
fn dutch17_c_10_players_left_wanting_one_colour_force_refusals() {
    // Four players who all had black once want white: however they are
    // paired, each of the two pairs refuses one preference (dutch17 C.10,
    // dutch26 C.12), so the bound for nothing paired yet is two.
    let ps = [
        st(1, 4, &[B], [None; 2]),
        st(2, 4, &[B], [None; 2]),
        st(3, 4, &[B], [None; 2]),
        st(4, 4, &[B], [None; 2]),
    ];
    let t = round(1, 9);
    let f = RoundFacts::new(&ps, &t, Edition::Dutch2017);
    assert_eq!(colour_surplus(&f, &[0, 1, 2, 3], 2), 2);
    let bound = tail_lower_bound(&f, &[0; 6], 2, 4);
    let players = [0, 1, 2, 3];
    let b = BracketView::last(&players, 4);
    let tail = quality_tail(&f, &b, &cand(&[(0, 1), (2, 3)], &[]));
    assert_eq!(bound[2], 2);
    assert_eq!(tail[2], 2);
}

#[test]
fn dutch17_c_12_and_c_16_the_ideal_counts_a_repeated_downfloat_no_candidate_avoids() {
    // a (3 points) came down last round too; b, c, d have 2 points. Any
    // pairing of a is with a lower player, so his downfloat repeats
    // (dutch17 C.12) with at least a difference of 1 point (C.16): the
    // ideal with two pairs says 1 and [2] (half points); a-b with c-d
    // reaches it from C.8 on (the plain ideal's C.6 is looser: the aimed
    // pass makes it exact).
    let ps = [
        st(1, 6, &[], [Some(Float::Downfloat), None]),
        st(2, 4, &[], [None; 2]),
        st(3, 4, &[], [None; 2]),
        st(4, 4, &[], [None; 2]),
    ];
    let t = round(2, 9);
    let f = RoundFacts::new(&ps, &t, Edition::Dutch2017);
    let players = [0, 1, 2, 3];
    let b = BracketView::last(&players, 4);
    assert_eq!(downfloat_floor(&f, &b, 2, 0), vec![2]);
    assert!(downfloat_floor(&f, &b, 2, 1).is_empty());
    let best = quality(&f, &b, &cand(&[(0, 1), (2, 3)], &[]));
    let aim = ideal(&f, &b, 2, &[]);
    assert!(aim <= best);
    // After C.5 and the PSD (1 + 4 criteria): C.8–C.11, then C.12 = 1.
    assert_eq!(aim[5..], best[5..]);
    assert_eq!(aim[9], 1);
}

#[test]
fn dutch17_c_12_two_moved_down_players_of_one_score_can_spare_each_other() {
    // a and b (3 points) both came down last round; c and d have 2 points.
    // a-b meets equal scores, so neither downfloat need repeat (dutch17
    // C.12): the ideal counts none. For dutch26 C.14 the same.
    let ps = [
        st(1, 6, &[], [Some(Float::Downfloat), None]),
        st(2, 6, &[], [Some(Float::Downfloat), None]),
        st(3, 4, &[], [None; 2]),
        st(4, 4, &[], [None; 2]),
    ];
    let t = round(2, 9);
    for edition in [Edition::Dutch2017, Edition::Dutch2026] {
        let f = RoundFacts::new(&ps, &t, edition);
        let players = [0, 1, 2, 3];
        let b = BracketView::last(&players, 4);
        assert!(downfloat_floor(&f, &b, 2, 0).is_empty());
        // With one pair only, it is a-b: c and d float, never downfloated.
        assert!(downfloat_floor(&f, &b, 1, 0).is_empty());
    }
}

#[test]
fn dutch17_c_7_with_no_floater_the_ideal_is_the_next_brackets_own_pairing() {
    // a and b (2 points) pair each other and float no one; c and d (1
    // point), the next bracket, have met. Whatever the candidate, the next
    // bracket makes no pair (dutch17 C.7): the ideal says 0, not the 1 pair
    // two players could make, and a-b reaches it.
    let mut ps = [
        st(1, 4, &[W, B], [None; 2]),
        st(2, 4, &[B, W], [None; 2]),
        st(3, 2, &[W, B], [None; 2]),
        st(4, 2, &[B, W], [None; 2]),
    ];
    ps[2].met = vec![3];
    ps[3].met = vec![2];
    let t = round(2, 9);
    for edition in [Edition::Dutch2017, Edition::Dutch2026] {
        let f = RoundFacts::new(&ps, &t, edition);
        let players = [0, 1];
        let b = BracketView::above(&players, 4, &[2, 3], &[]);
        let aim = ideal(&f, &b, 1, &[]);
        assert_eq!(aim[1 + players.len()], 0, "{edition:?}");
        assert_eq!(quality(&f, &b, &cand(&[(0, 1)], &[])), aim, "{edition:?}");
    }
}

#[test]
fn dutch17_c_10_a_rematch_can_force_a_refused_preference() {
    // a and b want White (they had Black last), c and d have no preference
    // (they have not played); a has met c and d. a can only meet b, and
    // one of them is refused White (dutch17 C.10): the ideal counts 1,
    // though as many players want White as can get it, and a-b, c-d
    // reaches it.
    let mut ps = [
        st(1, 2, &[W, B], [None; 2]),
        st(2, 2, &[W, B], [None; 2]),
        st(3, 2, &[], [None; 2]),
        st(4, 2, &[], [None; 2]),
    ];
    ps[0].met = vec![2, 3];
    ps[2].met = vec![0];
    ps[3].met = vec![0];
    let t = round(2, 9);
    let f = RoundFacts::new(&ps, &t, Edition::Dutch2017);
    let players = [0, 1, 2, 3];
    let b = BracketView::last(&players, 2);
    assert_eq!(colour_surplus(&f, &players, 2), 0);
    assert_eq!(refusals_floor(&f, &players, 2), 1);
    let best = quality(&f, &b, &cand(&[(0, 1), (2, 3)], &[]));
    assert_eq!(ideal(&f, &b, 2, &[]), best);
}

#[test]
fn dutch26_c_9_counts_where_the_bye_floats_alone_above_the_last_bracket() {
    // a, b, c (1 point after 2 rounds) over d and e (0 points), who pair
    // with each other: one of a, b, c floats down alone and takes the
    // bye. a missed a round (one game, white); b (white, black) and c
    // (black, white) played both. Floating a pairs b-c: b wants white, c
    // black, no preference refused. Floating b pairs a-c, both wanting
    // black: one refused (dutch26 C.12). Either floater meets d or e in the
    // next bracket alike (dutch26 C.7, C.8). dutch26 C.9 comes first: the
    // bye's receiver with fewer unplayed rounds, b (0) rather than a (1).
    // Where the floater does not take the bye, C.9 says nothing and the
    // colours choose b-c.
    let ps = [
        st(1, 2, &[W], [None; 2]),
        st(2, 2, &[W, B], [None; 2]),
        st(3, 2, &[B, W], [None; 2]),
        st(4, 0, &[B, W], [None; 2]),
        st(5, 0, &[W, B], [None; 2]),
    ];
    let t = round(2, 5);
    let f = RoundFacts::new(&ps, &t, Edition::Dutch2026);
    let players = [0, 1, 2];
    let view = |bye_floats| BracketView {
        players: &players,
        min_score: 2,
        next: &[3, 4],
        beyond: &[],
        last: false,
        bye_floats,
    };
    let float_a = cand(&[(1, 2)], &[0]);
    let float_b = cand(&[(0, 2)], &[1]);
    let bye = view(true);
    assert!(quality(&f, &bye, &float_b) < quality(&f, &bye, &float_a));
    let no_bye = view(false);
    assert!(quality(&f, &no_bye, &float_a) < quality(&f, &no_bye, &float_b));
}

#[test]
fn dutch26_c_18_and_c_19_weigh_scores_where_2017_weighs_differences() {
    // a (7 points) came down with a downfloat last round and meets b (5.5),
    // who floated up last round; c (5.5) floats down again, as last round
    // and the round before. dutch17 C.16: a by his pair's difference (3
    // half points) and c by A.8's (5.5 against 4.5: 2); dutch17 C.17: b by
    // his pair's difference (3). dutch26 C.18: only the floater, by his
    // score (11 half points; a's float was counted where he floated from),
    // and C.20 the same for two rounds before; dutch26 C.19: b by his
    // opponent's score (14).
    use Float::{Downfloat as D, Upfloat as U};
    let ps = [
        st(1, 14, &[], [Some(D), None]),
        st(2, 11, &[], [Some(U), None]),
        st(3, 11, &[], [Some(D), Some(D)]),
    ];
    let t = round(2, 9);
    let f = RoundFacts::new(&ps, &t, Edition::Dutch2026);
    let players = [0, 1, 2];
    let b = BracketView::last(&players, 11);
    let c = cand(&[(0, 1)], &[2]);
    let mut differences = downfloat_differences(&f, &b, &c, 0);
    differences.sort_unstable();
    assert_eq!(differences, vec![2, 3]);
    assert_eq!(repeated_upfloats(&f, &c, 0), vec![3]);
    assert_eq!(floater_scores(&f, &c, 0), vec![11]);
    assert_eq!(floater_scores(&f, &c, 1), vec![11]);
    assert_eq!(upfloat_opponent_scores(&f, &c, 0), vec![14]);
    assert_eq!(repeated_downfloats(&f, &b, &c, 0), 2);
}

#[test]
fn dutch26_c_8_pairs_the_higher_floater_where_the_rest_needs_one_floater() {
    // Two floaters, h (4 points) and l (3.5), come down to twelve residents
    // on 3 points who have met nobody; below them y and z, who have met
    // each other. y has met everyone but h and l, z only h and l. Seven
    // pairs in the next bracket would leave y and z unpaired (dutch26
    // C.4), so one floater and one resident go down to them: y takes h or
    // l, z a resident. dutch26 C.7: six pairs. dutch26 C.8: the one whose
    // pair there has the higher player with the most points: h stays
    // (4 points, then five pairs of residents at 3), l meets y. The next
    // bracket has far more matchings than are enumerated.
    let mut ps: Vec<PlayerState> = (1..=16)
        .map(|n| {
            let half = match n {
                1 => 8,
                2 => 7,
                15 | 16 => 4,
                _ => 6,
            };
            st(n, half, &[], [None; 2])
        })
        .collect();
    let (h, l, y, z) = (0, 1, 14, 15);
    let met = |ps: &mut Vec<PlayerState>, a: usize, b: usize| {
        ps[a].met.push(b);
        ps[b].met.push(a);
    };
    met(&mut ps, y, z);
    for resident in 2..14 {
        met(&mut ps, y, resident);
    }
    met(&mut ps, z, h);
    met(&mut ps, z, l);
    let t = round(2, 9);
    let f = RoundFacts::new(&ps, &t, Edition::Dutch2026);
    let players = [h, l];
    let next: Vec<usize> = (2..14).collect();
    let beyond = [y, z];
    let b = BracketView::above(&players, 7, &next, &beyond);
    let mut expected = vec![-6, -8, -6, -6, -6, -6, -6];
    expected.resize(1 + players.len() + next.len(), 0);
    assert_eq!(quality_next(&f, &b, &[h, l]), expected);
    assert_eq!(quality_next(&f, &b, &[l, h]), expected);
}

#[test]
fn dutch26_c_14_the_ideal_counts_a_downfloat_repeated_for_want_of_an_equal_opponent() {
    // a and b (3 points) came down to c and d (2 points); a floated down
    // last round and has met b, the only other player of his score. Any
    // pairing sends a down again, to c or d (dutch26 C.14), so the best
    // candidate, a-c and b-d, is the ideal: one repeated downfloat.
    let mut ps = vec![
        st(1, 6, &[], [Some(Float::Downfloat), None]),
        st(2, 6, &[], [None; 2]),
        st(3, 4, &[], [None; 2]),
        st(4, 4, &[], [None; 2]),
    ];
    ps[0].met.push(1);
    ps[1].met.push(0);
    let t = round(2, 9);
    let f = RoundFacts::new(&ps, &t, Edition::Dutch2026);
    let players = [0, 1, 2, 3];
    let b = BracketView::last(&players, 4);
    let best = cand(&[(0, 2), (1, 3)], &[]);
    assert_eq!(quality(&f, &b, &best), ideal(&f, &b, 2, &[]));
}

#[test]
fn dutch26_c_7_the_ideal_leaves_the_next_brackets_players_the_rest_needs() {
    // a, b, c on 3 points, d on 2, e and f on 0, who have met each other.
    // a-b pairs and c floats to d, but e and f can only pair with c and d
    // (dutch26 C.4): the next bracket makes no pair (dutch26 C.7), and the
    // ideal says so: a-b with c floating reaches it.
    let mut ps: Vec<PlayerState> = [6, 6, 6, 4, 0, 0]
        .iter()
        .zip(1..)
        .map(|(&half, n)| st(n, half, &[], [None; 2]))
        .collect();
    ps[4].met.push(5);
    ps[5].met.push(4);
    let t = round(2, 9);
    let f = RoundFacts::new(&ps, &t, Edition::Dutch2026);
    let players = [0, 1, 2];
    let b = BracketView::above(&players, 6, &[3], &[4, 5]);
    let best = cand(&[(0, 1)], &[2]);
    assert_eq!(quality(&f, &b, &best), ideal(&f, &b, 1, &[2]));
    assert_eq!(quality_next(&f, &b, &[2])[0], 0);
}
