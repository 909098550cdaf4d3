//! Clause tests for the Dutch system, each with a worked example checked by
//! hand against the 1992–2006 text (the comment in each test is the hand check).

mod editions;
mod notes;
mod procedure;
mod regulations;

use super::colour::allocate;
use super::criteria::Criteria;
use super::state::derive;
use super::*;
use crate::chess::swiss::{Colour, Presence, RoundOutcome, SwissPlayer, SwissTournament, Title};
use Colour::{Black as B, White as W};

/// A small builder: players 1..=n with ratings descending, games by round.
pub(super) struct T(pub(super) SwissTournament);

impl T {
    pub(super) fn new(n: u32, total_rounds: u32) -> T {
        T(SwissTournament {
            players: (1..=n)
                .map(|k| SwissPlayer {
                    number: k,
                    name: format!("P{k}"),
                    rating: 2500 - 10 * k,
                    title: Title::None,
                    rounds: vec![],
                    presence: Presence::Present,
                })
                .collect(),
            rounds_played: 0,
            total_rounds,
            first_colour: W,
            rules: Default::default(),
        })
    }

    pub(super) fn slot(&mut self, p: u32, r: u32) -> &mut Option<RoundOutcome> {
        let pl = &mut self.0.players[p as usize - 1];
        if pl.rounds.len() < r as usize {
            pl.rounds.resize(r as usize, None);
        }
        self.0.rounds_played = self.0.rounds_played.max(r);
        &mut pl.rounds[r as usize - 1]
    }

    /// Round `r`: `white` against `black`, white scoring `hw` half points.
    pub(super) fn game(mut self, r: u32, white: u32, black: u32, hw: u32) -> T {
        *self.slot(white, r) = Some(RoundOutcome::Game {
            opponent: black,
            colour: W,
            half_points: hw,
            played: true,
        });
        *self.slot(black, r) = Some(RoundOutcome::Game {
            opponent: white,
            colour: B,
            half_points: 2 - hw,
            played: true,
        });
        self
    }

    pub(super) fn bye(mut self, r: u32, p: u32) -> T {
        *self.slot(p, r) = Some(RoundOutcome::PairingBye);
        self
    }

    /// Round `r`: `p` not paired (dutch F5; TRF `H` with 1, `Z` with 0 half points).
    pub(super) fn absent(mut self, r: u32, p: u32, half_points: u32) -> T {
        *self.slot(p, r) = Some(RoundOutcome::NotPaired { half_points });
        self
    }

    pub(super) fn presence(mut self, p: u32, pr: Presence) -> T {
        self.0.players[p as usize - 1].presence = pr;
        self
    }

    pub(super) fn pair(&self) -> Vec<String> {
        let p = pair(&self.0).expect("a pairing");
        check_absolute(&self.0, &p).expect("B1/B2");
        let mut v: Vec<String> = p
            .boards
            .iter()
            .map(|b| format!("{} {}", b.white, b.black))
            .collect();
        if let Some(y) = p.bye {
            v.push(format!("{y} 0"));
        }
        v
    }
}

#[test]
fn dutch_f4_e5_round_one_top_half_meets_bottom_half_colours_alternate() {
    // dutch F4: one homogeneous bracket, S1 = 1 2 3, S2 = 4 5 6: 1-4, 2-5, 3-6.
    // dutch E5 with the lot "white1": odd S1 players (1, 3) white, even (2) black.
    // dutch F1: all on 0, so by the rank of the higher player.
    assert_eq!(T::new(6, 5).pair(), vec!["1 4", "5 2", "3 6"]);
}

#[test]
fn dutch_a5_f4_round_one_odd_number_lowest_player_gets_the_bye() {
    // 7 players: S1 = 1 2 3, S2 = 4 5 6 7; 7 is left over and gets the bye (dutch A5, dutch F4).
    assert_eq!(T::new(7, 5).pair(), vec!["1 4", "5 2", "3 6", "7 0"]);
}

#[test]
fn dutch_a5_b5_bye_counts_as_downfloat_so_another_player_floats() {
    // Round 1: 1-3 (1 wins), 2-4 (4 wins), bye 5. Round 2 brackets: {1,4,5} on 1
    // point, {2,3} on 0. Top: S1 = {1}, S2 = {4,5}; x = 0 (1 wants black, 4
    // white, 5 has no preference). 1-4 would move 5 down, but 5 downfloated in
    // round 1 (dutch A5: the bye is a downfloat) -> dutch B5. Next transposition 1-5 moves
    // 4 down (no float in round 1: 2-4 was 0 against 0).
    // Bracket {4 | 2,3}: x = 3 - 2 = 1 (all want white); 4 met 2 -> 4-3 (one
    // colour conflict, allowed); 2 gets the bye (no previous bye, dutch B1b).
    // Colours: 1 prefers black, 5 none -> 5-1 (dutch E1). 4 and 3 both strong white,
    // same histories (B) -> dutch E4: 4 ranks higher -> 4-3. dutch F1: 5-1 first.
    let t = T::new(5, 5).game(1, 1, 3, 2).game(1, 2, 4, 0).bye(1, 5);
    assert_eq!(t.pair(), vec!["5 1", "4 3", "2 0"]);
}

#[test]
fn dutch_b1b_c9_c8_remainder_exchange_avoids_second_bye() {
    // R1: 1-3 (1 wins), 4-2 (2 wins), bye 5. R2: 2-1 (1 wins), 5-3 (3 wins), bye 4.
    // Scores: 1 = 2; 2, 3, 4, 5 = 1. Colours: 1 WB (mild W), 2 BW (mild B),
    // 3 BB (absolute W), 4 W (strong B), 5 W (strong B).
    // Top {1} cannot be paired -> moves down. Bracket {1 | 2,3,4,5} is
    // heterogeneous; x over the bracket: w = 2, b = 3, q = 3 -> x = 0.
    // 1-2 and 1-3 met; 1-4 first. Remainder {2,3,5}: 2-3 leaves 5, who had a
    // bye (dutch B1b); 2-5 is a colour conflict (both want black) > x = 0; dutch C8
    // exchanges: 3-5 met, 5-2 conflict, 5-3 met. Nothing.
    // dutch C9: 1-5 instead; remainder {2,3,4}: 2-3 leaves 4 (had a bye), 2-4 met;
    // dutch C8 exchange 2<->3: S1 = {3}, S2 = {2,4}: 3-4 (not met, 3 must have
    // white, 4 wants black) leaves 2, who never had a bye: accepted.
    // Colours: 1 (mild W) v 5 (strong B): 1-5. 3 (BB) white: 3-4.
    let t = T::new(5, 5)
        .game(1, 1, 3, 2)
        .game(1, 4, 2, 0)
        .bye(1, 5)
        .game(2, 2, 1, 0)
        .game(2, 5, 3, 0)
        .bye(2, 4);
    assert_eq!(t.pair(), vec!["1 5", "3 4", "2 0"]);
}

#[test]
fn dutch_c12_c13_repairs_previous_bracket_to_float_another_player() {
    // R1: 1-4, 5-2, 3-6; R2: 5-1, 2-6, 3-4; the higher number loses every game:
    // 1, 2, 3 on 2 points; 4, 5, 6 on 0 (the lowest bracket).
    // Colours: 3 WW and 5 WW (both must have black, dutch B2), 4 BB and 6 BB.
    // Top {1,2,3}: 1-2 would move 3 down, but 3 met 4 and 6 and cannot meet
    // 5 (dutch B2): the lowest bracket could not pair it (dutch C1 -> dutch C12, and dutch C13).
    // Re-pair the top: 1-3, so 2 moves down instead. (dutch B5 is given up on the
    // way: all three downfloated in round 2.)
    // Lowest {2 | 4,5,6}: 2 met 5 and 6 -> 2-4; remainder 5-6.
    // Colours: 1 (WB, mild W) v 3 (WW, absolute B): 1-3. 4 (BB) must have
    // white: 4-2. 6 (BB) white, 5 (WW) black: 6-5.
    let t = T::new(6, 5)
        .game(1, 1, 4, 2)
        .game(1, 5, 2, 0)
        .game(1, 3, 6, 2)
        .game(2, 5, 1, 0)
        .game(2, 2, 6, 2)
        .game(2, 3, 4, 2);
    assert_eq!(t.pair(), vec!["1 3", "4 2", "6 5"]);
}

#[test]
fn dutch_c8_d2_one_player_exchange_when_no_transposition_works() {
    // Four players, all draws: R1 1-3, 4-2; R2 4-1, 2-3. Everyone on 1 point.
    // S1 = {1,2}, S2 = {3,4}: 1 and 2 both met 3 and 4, so no transposition
    // works (dutch D1).
    // dutch D2 exchange a) (the lowest of S1 with the highest of S2: 2 <-> 3):
    // S1 = {1,3}, S2 = {2,4}: 1-2, 3-4.
    // Colours: 1 WB (mild W) v 2 BW (mild B): 1-2. 3 BB must have white, 4 WW
    // must have black: 3-4.
    let t = T::new(4, 5)
        .game(1, 1, 3, 1)
        .game(1, 4, 2, 1)
        .game(2, 4, 1, 1)
        .game(2, 2, 3, 1);
    assert_eq!(t.pair(), vec!["1 2", "3 4"]);
}

#[test]
fn dutch_c8_d2_two_player_exchange_and_c11_raises_x() {
    // Eight players, six rounds of draws (a Berger round-robin minus the
    // round {1-2, 3-4, 5-6, 7-8}): all on 3 points, and the only pairs not yet
    // met are 1-2, 3-4, 5-6, 7-8 (dutch B1a).
    // S1 = {1,2,3,4}, S2 = {5,6,7,8}: no transposition, and no one-player
    // exchange, puts exactly one of each pair in S1. Two-player exchanges by
    // difference: j 3+4/5+6 (4), k 3+4/5+7 and l 2+4/5+6 (5), 3+4/5+8 and
    // m 3+4/6+7 and n 2+4/5+7 (6): n is the first that works:
    // S1 = {1,3,5,7}, S2 = {2,4,6,8}: 1-2, 3-4, 5-6, 7-8.
    // Colours (see the history below): 1, 2, 3, 5 mildly want white, 4, 6, 7, 8
    // black: x = 4 - 4 = 0, but 1-2 and 7-8 are conflicts: dutch C11 raises x to 2.
    // E: 1-2 and 7-8 have identical histories (dutch E3 finds no differing round) ->
    // dutch E4, the higher ranked gets his preference: 1-2 and 8-7.
    let rounds: [[(u32, u32); 4]; 6] = [
        [(2, 8), (6, 7), (4, 5), (1, 3)],
        [(3, 2), (5, 1), (7, 4), (8, 6)],
        [(2, 6), (4, 8), (1, 7), (3, 5)],
        [(5, 2), (7, 3), (8, 1), (6, 4)],
        [(2, 4), (1, 6), (3, 8), (5, 7)],
        [(7, 2), (8, 5), (6, 3), (4, 1)],
    ];
    let mut t = T::new(8, 9);
    for (r, boards) in rounds.iter().enumerate() {
        for &(w, b) in boards {
            t = t.game(r as u32 + 1, w, b, 1);
        }
    }
    assert_eq!(t.pair(), vec!["1 2", "3 4", "5 6", "8 7"]);
}

#[test]
fn dutch_c1_a3_player_without_opponent_moves_down_half_moved_down_is_homogeneous() {
    // R1 1-3 (1 wins), 4-2 (2 wins); R2 1-2 draw, 3-4 draw. Top {1,2} met:
    // dutch C1 moves both down; {1,2 | 3,4}: at least half came from above (dutch A3),
    // so homogeneous: S1 = {1,2}, S2 = {3,4}; 1-3 met -> transposition 1-4, 2-3.
    // Colours: 1 played white twice (WW) and must have black -> 4-1; 2 (BB)
    // must have white -> 2-3. dutch F1: both boards 1.5 + 0.5; 1 ranks above 2.
    let t = T::new(4, 5)
        .game(1, 1, 3, 2)
        .game(1, 4, 2, 0)
        .game(2, 1, 2, 1)
        .game(2, 3, 4, 1);
    assert_eq!(t.pair(), vec!["4 1", "2 3"]);
}

#[test]
fn dutch_f5_absent_and_withdrawn_players_are_not_paired() {
    // Round 1 with 6 players, 2 absent and 5 withdrawn: the four present are
    // one bracket, S1 = {1,3}, S2 = {4,6}: 1-4, 3-6; dutch E5 by position in S1:
    // 1 white, 3 black -> 6-3.
    let t = T::new(6, 5)
        .presence(2, Presence::Absent)
        .presence(5, Presence::Withdrawn);
    assert_eq!(t.pair(), vec!["1 4", "6 3"]);
}

#[test]
fn dutch_f6_published_pairing_stands_unless_it_breaks_b1_b2() {
    let t = T::new(4, 5).game(1, 1, 3, 2).game(1, 4, 2, 0);
    // A published pairing 1-2, 3-4 (what the engine would also make) stands;
    // a different but legal one (2-1 ... ) stands too; a rematch 1-3 is replaced.
    let legal = RoundPairing {
        boards: vec![Board { white: 2, black: 1 }, Board { white: 3, black: 4 }],
        bye: None,
    };
    assert_eq!(keep_published(&t.0, &legal).unwrap(), legal);
    let rematch = RoundPairing {
        boards: vec![Board { white: 3, black: 1 }, Board { white: 2, black: 4 }],
        bye: None,
    };
    assert_eq!(
        check_absolute(&t.0, &rematch).unwrap_err().clause,
        "dutch B1a"
    );
    let fresh = keep_published(&t.0, &rematch).unwrap();
    assert_ne!(fresh, rematch);
    assert!(check_absolute(&t.0, &fresh).is_ok());
}

pub(super) fn states(hist: &[(u32, &[Option<Colour>])]) -> (Vec<SwissPlayer>, u32) {
    // players with given colour histories against dummy opponents (draws),
    // `None` = not played that round (dutch F2/F3)
    let rounds = hist.iter().map(|h| h.1.len()).max().unwrap_or(0) as u32;
    let n = hist.len() as u32;
    let mut ps: Vec<SwissPlayer> = hist
        .iter()
        .map(|(num, cols)| SwissPlayer {
            number: *num,
            name: String::new(),
            rating: 2000,
            title: Title::None,
            rounds: cols
                .iter()
                .enumerate()
                .map(|(r, c)| {
                    Some(match c {
                        Some(c) => RoundOutcome::Game {
                            opponent: 100 + r as u32 * 10 + num,
                            colour: *c,
                            half_points: 1,
                            played: true,
                        },
                        None => RoundOutcome::NotPaired { half_points: 0 },
                    })
                })
                .collect(),
            presence: Presence::Present,
        })
        .collect();
    let _ = n;
    ps.sort_by_key(|p| p.number);
    (ps, rounds)
}

#[test]
fn dutch_e3_alternates_to_the_most_recent_round_with_different_colours() {
    // Player 1: B W W B, player 2: W B W B. Both colour difference 0, last two
    // different, last black: both mildly prefer white (dutch E1, dutch E2 do not decide).
    // Counting back: round 4 B/B, round 3 W/W, round 2 W/B differ -> alternate
    // from it: 1 (had white) gets black, 2 white - although 1 ranks higher
    // and dutch E4 would have given 1 white.
    let (ps, r) = states(&[
        (1, &[Some(B), Some(W), Some(W), Some(B)]),
        (2, &[Some(W), Some(B), Some(W), Some(B)]),
    ]);
    let st = derive(&ps, r);
    let c = Criteria::new(&st, r + 1, 9);
    assert_eq!(allocate(&c, 0, 1, W, None), Board { white: 2, black: 1 });
}

#[test]
fn dutch_f3_gaps_in_colour_history_are_closed_up_for_e3() {
    // dutch F3: 1 has B W W B - (no game in round 5): treated as - B W W B.
    // 2 has W - B W B (no game in round 2): treated as - W B W B.
    // Both: difference 0, last black -> mild white. Aligned at the end: B/B,
    // W/W, W/B differ -> 1 had white there -> 1 black, 2 white.
    // Without dutch F3 (round by round) round 4 would decide (1 B, 2 W) and give
    // 1 white: the gap matters.
    let (ps, r) = states(&[
        (1, &[Some(B), Some(W), Some(W), Some(B), None]),
        (2, &[Some(W), None, Some(B), Some(W), Some(B)]),
    ]);
    let st = derive(&ps, r);
    let c = Criteria::new(&st, r + 1, 9);
    assert_eq!(allocate(&c, 0, 1, W, None), Board { white: 2, black: 1 });
}

#[test]
fn dutch_e2_stronger_preference_is_granted() {
    // 1: W B (mild W). 2: B W B (strong W, difference -1). Same colour wanted;
    // 2's is stronger -> 2 white even though 1 ranks higher.
    let (ps, r) = states(&[
        (1, &[None, Some(W), Some(B)]),
        (2, &[Some(B), Some(W), Some(B)]),
    ]);
    let st = derive(&ps, r);
    let c = Criteria::new(&st, r + 1, 9);
    assert_eq!(allocate(&c, 0, 1, W, None), Board { white: 2, black: 1 });
}

#[test]
fn dutch_e4_higher_ranked_player_gets_preference_when_histories_equal() {
    // Both W B: identical histories, mild white, no differing round -> dutch E4: 1 white.
    let (ps, r) = states(&[(1, &[Some(W), Some(B)]), (2, &[Some(W), Some(B)])]);
    let st = derive(&ps, r);
    let c = Criteria::new(&st, r + 1, 9);
    assert_eq!(allocate(&c, 1, 0, W, None), Board { white: 1, black: 2 });
}

#[test]
fn dutch_a8_x_from_colour_preferences() {
    // Six players: four want white, two black: q = 3, x = 4 - 3 = 1.
    let (ps, r) = states(&[
        (1, &[Some(B)]),
        (2, &[Some(B)]),
        (3, &[Some(B)]),
        (4, &[Some(B)]),
        (5, &[Some(W)]),
        (6, &[Some(W)]),
    ]);
    let st = derive(&ps, r);
    let c = Criteria::new(&st, r + 1, 9);
    assert_eq!(c.x(&[0, 1, 2, 3, 4, 5]), 1);
    // Five players, three want white, two black: q = 3, x = 0.
    assert_eq!(c.x(&[0, 1, 2, 4, 5]), 0);
}

#[test]
fn dutch_a7c_bye_player_strong_preference_treated_as_absolute_in_odd_round() {
    // After 2 rounds, a player with a bye and one white game has difference +1:
    // in the odd round 3 dutch A7(c) applies to him, and not to a player with W B.
    let ps = vec![
        SwissPlayer {
            number: 1,
            name: String::new(),
            rating: 2000,
            title: Title::None,
            rounds: vec![
                Some(RoundOutcome::PairingBye),
                Some(RoundOutcome::Game {
                    opponent: 2,
                    colour: W,
                    half_points: 1,
                    played: true,
                }),
            ],
            presence: Presence::Present,
        },
        SwissPlayer {
            number: 2,
            name: String::new(),
            rating: 1900,
            title: Title::None,
            rounds: vec![
                None,
                Some(RoundOutcome::Game {
                    opponent: 1,
                    colour: B,
                    half_points: 1,
                    played: true,
                }),
            ],
            presence: Presence::Present,
        },
    ];
    let st = derive(&ps, 2);
    let c = Criteria::new(&st, 3, 9);
    assert!(c.a7c[0]);
    // 2 missed round 1 too (had_bye), difference -1: also dutch A7(c).
    assert!(c.a7c[1]);
    let c4 = Criteria::new(&st, 4, 9);
    assert!(!c4.a7c[0]);
}

#[test]
fn dutch_b6_last_round_floats_do_not_apply_over_fifty_percent() {
    // Notes to dutch B6: in the last round dutch B5/B6 do not apply to players over 50%.
    let (ps, r) = states(&[(1, &[Some(W), Some(B)])]);
    let mut st = derive(&ps, r);
    st[0].score = 3; // 1.5 of 2 before round 3
    st[0].floats = [Some(crate::chess::swiss::Float::Downfloat), None];
    let lvl = criteria::Level {
        x: 0,
        b5_up: true,
        b6_up: true,
        b5_down: true,
        b6_down: true,
        a7c: None,
        b2_waiver: false,
    };
    let last = Criteria::new(&st, 3, 3);
    assert!(last.float_allowed(0, crate::chess::swiss::Float::Downfloat, &lvl));
    let not_last = Criteria::new(&st, 3, 5);
    assert!(!not_last.float_allowed(0, crate::chess::swiss::Float::Downfloat, &lvl));
}

#[test]
fn dutch_b1a_forfeited_game_is_not_a_meeting_f2() {
    // dutch F2: a forfeited pairing does not count for colour and is not illegal later.
    let mut t = T::new(2, 3);
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
    assert!(st[0].met.is_empty());
    assert!(st[0].colours.is_empty());
    // 1 got a point without playing: dutch B1b would refuse him a bye.
    assert!(st[0].had_unplayed_point);
    assert_eq!(t.pair(), vec!["1 2"]);
}
