//! Clause tests for the GA 2001 notes (dutch A7(d), the notes to dutch B6), the moved-down
//! player whose downfloat is settled (dutch C9/C10), and the points where the
//! 1992–2006 text differs from the 2012 wording. Each expectation is worked
//! out by hand from the 1992–2006 text in the test's comment.

use super::{states, T};
use crate::chess::swiss::dutch::criteria::{A7dSwitch, Criteria};
use crate::chess::swiss::dutch::state::derive;
use crate::chess::swiss::{Colour, Float, RoundOutcome};
use Colour::{Black as B, White as W};

#[test]
fn dutch_a7d_even_round_bye_player_takes_the_colour_that_lowers_x() {
    // Eight players, round 4 of 9 (even). 3 and 5 were absent in round 1,
    // 6 and 7 in round 2 (dutch F5, no points, no colour).
    // R1: 6-1 ½, 7-2 0-1, 8-4 0-1. R2: 1-3 0-1, 2-8 0-1, 5-4 ½.
    // R3: 4-6 0-1, 3-2 ½, 7-5 0-1, 8-1 0-1.
    // Scores: 1-6 on 1.5, 8 on 1, 7 on 0.
    // Colours: 1 BWB, 2 BWB, 4 BBW: strong white (dutch A7a). 3 BW (mild black),
    // 5 WB and 6 WB (mild white): colour difference 0 and a missed round,
    // so dutch A7(d) applies to all three. 7 WW (must have black), 8 WBW.
    // Bracket 1.5, dutch A8 by their own preferences: w = 5 (1, 2, 4, 5, 6),
    // b = 1 (3), q = 3, x = 2. dutch A7(d): counting 5 as black lowers x to 1,
    // counting 6 as black too lowers it to 0 (w = b = 3); counting 3 as
    // white would raise it. So 5 and 6 count as black, 3 keeps black: x = 0.
    // S1 = 1 2 3 (the p = 3 highest), S2 = 4 5 6 (dutch A6, C4). dutch D1: 4-5-6 and 4-6-5 give 1-4 (both want
    // white: a failure, more than x = 0); 5-4-6 gives 2-4 (same); 5-6-4:
    // 1-5, 2-6, 3-4, none met before, no failure: the pairing (dutch C6).
    // (Counting 5 and 6 as white, as their raw preference, every pairing has
    // two failures; x would rise to 2 and dutch D1's first 1-4, 2-5, 3-6 would
    // pair the strong-white players 1 and 4.)
    // Colours: 1 strong white v 5 mild (dutch A7d): dutch E2, 1 white: 1-5; likewise
    // 2-6; 4 strong white v 3 mild black: dutch E1, 4-3.
    // Bracket 1: 8 alone (dutch C1) moves down; 8-7 (7 must have black, dutch B2): 8-7.
    // dutch F1: the 1.5 boards by the higher player's rank, then 8-7.
    let t = T::new(8, 9)
        .absent(1, 3, 0)
        .absent(1, 5, 0)
        .game(1, 6, 1, 1)
        .game(1, 7, 2, 0)
        .game(1, 8, 4, 0)
        .absent(2, 6, 0)
        .absent(2, 7, 0)
        .game(2, 1, 3, 0)
        .game(2, 2, 8, 0)
        .game(2, 5, 4, 1)
        .game(3, 4, 6, 0)
        .game(3, 3, 2, 1)
        .game(3, 7, 5, 0)
        .game(3, 8, 1, 0);
    assert_eq!(t.pair(), vec!["1 5", "2 6", "4 3", "8 7"]);
}

#[test]
fn dutch_a7d_player_keeps_his_own_preference_when_no_colour_lowers_x() {
    // Round 4 (even). 1: B W B, strong white. 2: W B W, strong black.
    // 3: - B W (missed round 1), mild black: dutch A7(d). 4: - W B, mild white: dutch A7(d).
    let (ps, r) = states(&[
        (1, &[Some(B), Some(W), Some(B)]),
        (2, &[Some(W), Some(B), Some(W)]),
        (3, &[None, Some(B), Some(W)]),
        (4, &[None, Some(W), Some(B)]),
    ]);
    let st = derive(&ps, r);
    let c = Criteria::new(&st, r + 1, 9);
    assert!(c.a7d[2] && c.a7d[3] && !c.a7d[0] && !c.a7d[1]);
    // {1, 2, 3}: w = 1, b = 2, q = 2, x = 0; counting 3 as white gives
    // w = 2, b = 1, x = 0 as well: no colour lowers x, so 3 keeps black and
    // 2-3 fails a colour preference (dutch B4). (Held 2014, round 4, brackets 1.0.)
    assert_eq!(c.x(&[0, 1, 2]), 0);
    assert_eq!(c.a7d_switch(&[0, 1, 2]), None);
    assert!(c.colour_conflict(1, 2));
    // {1, 4}: w = 2, q = 1, x = 1; counting 4 as black: w = b = 1, x = 0.
    assert_eq!(c.x(&[0, 3]), 0);
    assert_eq!(c.a7d_switch(&[0, 3]), Some(A7dSwitch { from: W, count: 1 }));
    assert!(c.switchable(3, c.a7d_switch(&[0, 3])));
}

#[test]
fn dutch_c9_c10_settled_downfloat_keeps_the_residents_upfloat_criteria() {
    // Eight players, round 3 of 5.
    // R1: 1-6 1-0, 5-7 1-0, 2-3 ½, 4-8 1-0.
    // R2: 7-1 0-1, 5-2 0-1, 3-8 1-0, 6-4 ½.
    // Scores: 1 on 2; 2, 3, 4 on 1.5; 5 on 1; 6 on 0.5; 7, 8 on 0.
    // Floats of round 2 (dutch A4, by the scores before it): 1 down (1 v 0),
    // 2 up (½ v 1), 3 down, 4 down, 5 down, 6 up, 7 up, 8 up.
    // Bracket 2: 1 alone, moved down (dutch C1). In bracket 1.5 he gets a downfloat
    // whoever he plays: dutch B5 fails for him in every pairing (ruling: his
    // downfloat is settled, the residents keep dutch B5/B6).
    // S1 = 1, S2 = 2 3 4. x: 1, 2, 4 want white, 3 black: w = 3, q = 2, x = 1.
    // 1-2: 2 would upfloat twice running (dutch B5): not yet. 1-3: fine; remainder
    // 2-4 (both want white: one failure, x = 1). Accepted.
    // (Dropping dutch B5 for the whole bracket, as dutch C10 would, gives 1-2 and 3-4.)
    // Colours: 1 WB (mild white) v 3 BW (mild black): dutch E1, 1-3. 2 and 4 both
    // WB: dutch E3 finds no difference, dutch E4: 2 (higher) white: 2-4.
    // Bracket 1: 5 alone, moved down to 6: 5's downfloat is settled; 6's
    // repeated upfloat cannot be avoided (the only pairing): dutch C9 drops dutch B5 for
    // upfloats. 5 WW must have black: 6-5. Bracket 0: 8 BB must have white: 8-7.
    let t = T::new(8, 5)
        .game(1, 1, 6, 2)
        .game(1, 5, 7, 2)
        .game(1, 2, 3, 1)
        .game(1, 4, 8, 2)
        .game(2, 7, 1, 0)
        .game(2, 5, 2, 0)
        .game(2, 3, 8, 2)
        .game(2, 6, 4, 1);
    assert_eq!(t.pair(), vec!["1 3", "2 4", "6 5", "8 7"]);
}

/// Six players after two rounds, of `rounds`: R1 1-3 0-1, 2-5 1-0, 6-4
/// 0-1; R2 1-6 1-0, 2-4 0-1, 3-5 1-0 (the dutch B2 note's case below).
fn fifty_percent_pair(rounds: u32) -> T {
    T::new(6, rounds)
        .game(1, 1, 3, 0)
        .game(1, 2, 5, 2)
        .game(1, 6, 4, 0)
        .game(2, 1, 6, 2)
        .game(2, 2, 4, 0)
        .game(2, 3, 5, 2)
}

#[test]
fn dutch_b6_note_b2_waived_at_fifty_percent_in_the_last_round_before_c1_moves_down() {
    // Six players, round 3 of 3 (the last).
    // R1: 1-3 0-1, 2-5 1-0, 6-4 0-1. R2: 1-6 1-0, 2-4 0-1, 3-5 1-0.
    // Scores: 3, 4 on 2; 1, 2 on 1 (exactly 50%); 5, 6 on 0.
    // Colours: 1 WW and 2 WW (dutch B2: must have black), 4 BB and 5 BB (must have
    // white), 3 BW, 6 WB.
    // Bracket 2: 4-3 (4 must have white). Bracket 1: 1 and 2 can only meet
    // each other, and dutch B2 forbids it; without the note dutch C1 moves both down
    // (5-1, 6-2: two downfloaters). The note to dutch B6 lifts dutch B2 for players on
    // 50% in the last round when this avoids downfloaters: 1-2 is paired.
    // Colours: both must have black, same histories: dutch E4, 1 (higher) gets
    // black: 2-1. Bracket 0: 5 must have white: 5-6.
    let t = fifty_percent_pair(3);
    assert_eq!(t.pair(), vec!["4 3", "2 1", "5 6"]);
}

#[test]
fn dutch_b6_note_b2_stays_in_force_before_the_last_round() {
    // The same history with five rounds to play: round 3 is not the last,
    // the note does not apply, and dutch C1 moves 1 and 2 down (dutch B2): S1 = 1 2,
    // S2 = 5 6 (at least half moved down: homogeneous, dutch A3): 1-5, 2-6.
    // Colours: 5 must have white, 1 black: 5-1; 6 (mild white) v 2 (must
    // have black): 6-2. dutch F1: 5-1 and 6-2 both 1 + 0, by rank (1 before 2).
    let t = fifty_percent_pair(5);
    assert_eq!(t.pair(), vec!["4 3", "5 1", "6 2"]);
}

#[test]
fn dutch_b1b_a7_half_point_bye_does_not_bar_the_pairing_bye() {
    // 2006 dutch B1b bars the bye to a player "who has received a point without
    // playing"; a half-point bye (TRF H) is not a point (the 2012 wording
    // bars it too).
    // Five players, round 2 of 5. R1: 1-3 ½, 2-4 ½, 5 absent with half a
    // point. All on 0.5: one bracket, S1 = 1 2, S2 = 3 4 5 (dutch A6).
    // Colours: 1, 2 W (mild black), 3, 4 B (mild white), 5 none: x = 0.
    // dutch D1: 3-4-5 gives 1-3, met (dutch B1a); 3-5-4 too; 4-3-5: 1-4, 2-3, no
    // failure; 5 is left over and takes the bye, which dutch B1b allows.
    // Colours: dutch E1, 4-1 and 3-2. dutch F1: same scores, by the higher player's rank.
    let t = T::new(5, 5)
        .game(1, 1, 3, 1)
        .game(1, 2, 4, 1)
        .absent(1, 5, 1);
    assert_eq!(t.pair(), vec!["4 1", "3 2", "5 0"]);
}

#[test]
fn dutch_a4_a5_forfeit_win_and_half_point_bye_are_not_downfloats() {
    // 2006 dutch A4: floats come from pairing players with unequal scores; dutch A5: the
    // pairing bye is a downfloat. A forfeit win between equal scores and a
    // half-point bye are neither (the 2012 wording counts both as downfloats).
    // R1: 1 beats 2 by forfeit (both on 0 before it), 3 absent with half a
    // point, 4 gets the pairing bye.
    let mut t = T::new(4, 5).absent(1, 3, 1).bye(1, 4);
    *t.slot(1, 1) = Some(RoundOutcome::Game {
        opponent: 2,
        colour: W,
        half_points: 2,
        played: false,
    });
    *t.slot(2, 1) = Some(RoundOutcome::Game {
        opponent: 1,
        colour: B,
        half_points: 0,
        played: false,
    });
    let st = derive(&t.0.players, 1);
    assert_eq!(st[0].floats, [None, None]);
    assert_eq!(st[1].floats, [None, None]);
    assert_eq!(st[2].floats, [None, None]);
    assert_eq!(st[3].floats, [Some(Float::Downfloat), None]);
}

#[test]
fn dutch_a4_f2_forfeit_loss_keeps_the_float_of_its_pairing() {
    // 2006 dutch A4: pairing unequal scores gives the higher player a
    // downfloat and the lower an upfloat, written on the pairing card when
    // the pairing is made; dutch F2 discounts a pairing not played for colour
    // only. R1: 1-3 1-0, 2-4 1-0. R2: 1 (1 point) paired with 4 (0), 4 does
    // not appear: 1 wins by forfeit. After R2, 4 has the upfloat of that
    // pairing and 1 the downfloat; no colour from R2 for either.
    // (JaVaFo 1.4 keeps no float for the forfeit loser; `Wording`.)
    let mut t = T::new(4, 5)
        .game(1, 1, 3, 2)
        .game(1, 2, 4, 2)
        .game(2, 2, 3, 2);
    *t.slot(1, 2) = Some(RoundOutcome::Game {
        opponent: 4,
        colour: W,
        half_points: 2,
        played: false,
    });
    *t.slot(4, 2) = Some(RoundOutcome::Game {
        opponent: 1,
        colour: B,
        half_points: 0,
        played: false,
    });
    let st = derive(&t.0.players, 2);
    assert_eq!(st[0].floats, [Some(Float::Downfloat), None]);
    assert_eq!(st[3].floats, [Some(Float::Upfloat), None]);
    assert_eq!(st[3].colours, vec![B]);
}

#[test]
fn dutch_a7c_relaxed_for_one_player_not_the_bracket() {
    // Round 3 of 9 (odd). 2 and 3 were absent in round 1, 4 and 5 in round 2
    // (dutch F5, no points, no colour).
    // R1: 1-7 ½, 4-8 1-0, 5-9 1-0, 10-6 ½. R2: 1-8 ½, 2-10 1-0, 7-3 0-1, 6-9 ½.
    // Scores: 1-6 on 1, 7-10 on ½.
    // Bracket 1 (homogeneous, dutch A6): S1 = 1 2 3, S2 = 4 5 6. 1 has W W,
    // so dutch B2 makes black absolute; 2, 4, 5 played one white game and 3 one
    // black game after a missed round: strong preferences (black; white for
    // 3) of players who have had a bye, treated as absolute in this odd round
    // (dutch A7(c)); 6 (B W) mildly wants black. dutch A8: w = 1, b = 5, q = 3,
    // x = 2. Four players (1, 2, 4, 5) must then have black and only 3 and 6
    // can take white: with A7(c) kept for all, p = 3 is impossible and two
    // players would move down, so A7(c) gives way, but "as long as this does
    // not result in additional downfloaters": for as few players as the three
    // pairings need, one (two of 2, 4, 5 must meet 1 or each other).
    // dutch D1 with one A7(c) player allowed to take white, x = 2:
    // 4-5-6 gives 1-4 (4 takes white) and 2-5 (a second one): refused;
    // 4-6-5 gives 1-4, 2-6 (6's mild preference fails, x = 2 spent), 3-5:
    // the pairing. Giving A7(c) up for the whole bracket instead would take
    // the first candidate 1-4, 2-5, 3-6, breaking it for 4 and for 2 or 5.
    // Colours: 4 (A7(c) black) v 1 (must have black): both as strong as
    // absolute (dutch E2 undecided), no round with different colours (dutch E3),
    // 1 is higher (dutch E4): 4-1. 2 (A7(c) black) v 6 (mild black): dutch E2, 6-2.
    // 3 v 5: dutch E1, 3-5.
    // Bracket ½: 7 (B W, mild black), 8 and 9 (B B, must have white), 10 (W B,
    // mild white); w = 3, b = 1, q = 2, x = 1. S1 = 7 8, S2 = 9 10: 7-9, 8-10
    // (10 takes black: one failure, x = 1): 9-7, 8-10. dutch F1 order.
    let t = T::new(10, 9)
        .absent(1, 2, 0)
        .absent(1, 3, 0)
        .game(1, 1, 7, 1)
        .game(1, 4, 8, 2)
        .game(1, 5, 9, 2)
        .game(1, 10, 6, 1)
        .absent(2, 4, 0)
        .absent(2, 5, 0)
        .game(2, 1, 8, 1)
        .game(2, 2, 10, 2)
        .game(2, 7, 3, 0)
        .game(2, 6, 9, 1);
    assert_eq!(t.pair(), vec!["4 1", "6 2", "3 5", "9 7", "8 10"]);
}

/// A player of score `score` (half points) with a played colour history and
/// opponents `met` (indices), for the bracket tests here and in
/// `procedure`.
pub(super) fn player(
    number: u32,
    score: u32,
    colours: Vec<Colour>,
    met: Vec<usize>,
    had_unplayed_point: bool,
) -> crate::chess::swiss::dutch::state::PlayerState {
    let cd = colours.iter().map(|c| if *c == W { 1 } else { -1 }).sum();
    crate::chess::swiss::dutch::state::PlayerState {
        number,
        score,
        met,
        pref: crate::chess::swiss::dutch::state::PlayerState::preference_of(&colours, cd),
        colours,
        colour_difference: cd,
        floats: [None, None],
        had_unplayed_point,
        had_bye: false,
        barred: Vec::new(),
    }
}

/// A pairing's two players, the lower index first (the bracket gives them
/// in colour order).
fn lower_first((a, b): (usize, usize)) -> (usize, usize) {
    (a.min(b), a.max(b))
}

#[test]
fn dutch_b1b_a8_half_point_bye_leaves_the_bye_below_so_the_bracket_pairs_within_x() {
    // JaVaFo round jvf14_23_p30_r9 9, its 3½ bracket. P and Q (3½) both want
    // black (B W B W and W B W): dutch A8, w = 0, b = 2, q = 1, x = 1, so P-Q
    // is allowed with one colour failure. Below: A and B (3 points, may
    // meet), and Y (1½), whose only round without a game was a half-point
    // bye. dutch B1b bars the bye only after "a point without playing", so Y
    // may take it (P, Q, A, B have had one): A-B and the bye to Y complete the
    // round (dutch C13), and the 3½ bracket is P-Q.
    // Contrast (the later wording bars Y too): only P may then take the bye,
    // so P-Q would leave the round incomplete; p = 0 and both move down.
    use crate::chess::swiss::dutch::bracket::{pair_bracket, Below};
    let ps = |y_barred: bool| {
        vec![
            player(21, 7, vec![B, W, B, W], vec![], false),
            player(24, 7, vec![W, B, W], vec![], true),
            player(16, 6, vec![B, W, B], vec![], true),
            player(17, 6, vec![B, W, B, W], vec![], true),
            player(19, 3, vec![B, W, B], vec![], y_barred),
        ]
    };
    let below = Below {
        next: &[2, 3],
        all: &[2, 3, 4],
        bye: true,
    };
    let ps_2006 = ps(false);
    let c = Criteria::new(&ps_2006, 5, 9);
    let r = pair_bracket(&c, &[], &[0, 1], &below).expect("a pairing");
    assert_eq!(r.pairs.len(), 1);
    assert_eq!(lower_first(r.pairs[0]), (0, 1));
    assert!(r.moved_down.is_empty());
    let ps_later = ps(true);
    let c = Criteria::new(&ps_later, 5, 9);
    let r = pair_bracket(&c, &[], &[0, 1], &below).expect("a pairing");
    assert!(r.pairs.is_empty());
    assert_eq!(r.moved_down, vec![0, 1]);
}

#[test]
fn dutch_b1b_a3_half_point_bye_player_takes_the_bye_and_the_moved_down_player_is_paired() {
    // JaVaFo round jvf14_43_p35_r9 7, its lowest brackets. M (2½, mild
    // black) moved down onto R (2 points, mild white): half of the bracket
    // came from above, so it is treated as homogeneous (dutch A3): S1 = M,
    // S2 = R, x = 0, M-R grants both preferences. Below: C (1½, strong
    // black) and D (1½, mild white), both have met R, may meet each other;
    // L (1 point), whose only round without a game was a half-point bye,
    // so dutch B1b lets L take the bye (M, C, D have had a point without
    // playing; R has not). C-D and the bye to L complete the round (dutch C13):
    // the bracket is M-R.
    // Contrast (the later wording bars L too): R is then the only player who
    // may take the bye, so M-R would leave the round incomplete; p = 0 and
    // both move down.
    use crate::chess::swiss::dutch::bracket::{pair_bracket, Below};
    let ps = |l_barred: bool| {
        vec![
            player(34, 5, vec![B, W, B, W], vec![], true),
            player(29, 4, vec![W, B, W, B], vec![2, 3], false),
            player(26, 3, vec![B, W, W, B, W], vec![1], true),
            player(27, 3, vec![W, B, W, B], vec![1], true),
            player(25, 2, vec![W, B, W, B], vec![], l_barred),
        ]
    };
    let below = Below {
        next: &[2, 3],
        all: &[2, 3, 4],
        bye: true,
    };
    let ps_2006 = ps(false);
    let c = Criteria::new(&ps_2006, 7, 9);
    let r = pair_bracket(&c, &[0], &[1], &below).expect("a pairing");
    assert_eq!(r.pairs.len(), 1);
    assert_eq!(lower_first(r.pairs[0]), (0, 1));
    assert!(r.moved_down.is_empty());
    let ps_later = ps(true);
    let c = Criteria::new(&ps_later, 7, 9);
    let r = pair_bracket(&c, &[0], &[1], &below).expect("a pairing");
    assert!(r.pairs.is_empty());
    assert_eq!(r.moved_down, vec![0, 1]);
}
