//! What an event's regulations add to the Dutch rules: prohibited pairings
//! and the Baku acceleration (FIDE Handbook C.04.5.1). Each expectation is
//! worked by hand in the test's comment.

use super::T;
use crate::chess::swiss::{Baku, PairingRules};

#[test]
fn baku_2_4_ga_is_the_first_half_rounded_up_to_even_and_virtual_points_halve() {
    // baku 2: 161 players: 2 × ⌈161 / 4⌉ = 82 in GA (the text's own example).
    // baku 4: nine rounds: the accelerated rounds are ⌈9 / 2⌉ = 5; GA has 1
    // virtual point in the first ⌈5 / 2⌉ = 3, ½ in rounds 4 and 5, none after.
    let b = Baku::for_field(161, 9);
    assert_eq!((b.last_ga, b.accelerated_rounds, b.full_rounds), (82, 5, 3));
    assert_eq!(b.virtual_half_points(82, 3), 2);
    assert_eq!(b.virtual_half_points(82, 4), 1);
    assert_eq!(b.virtual_half_points(1, 6), 0);
    assert_eq!(b.virtual_half_points(83, 1), 0);
    // Eight players: GA = 2 × ⌈8 / 4⌉ = 4.
    assert_eq!(Baku::for_field(8, 5).last_ga, 4);
}

#[test]
fn baku_round_one_pairs_the_accelerated_group_within_itself() {
    // Eight players, five rounds: 1–4 carry a virtual point in round 1, so
    // the brackets are {1, 2, 3, 4} on 1 and {5, 6, 7, 8} on 0 (dutch A3):
    // 1-3, 2-4 and 5-7, 6-8 (dutch C6), instead of 1-5 ... 4-8 unaccelerated.
    // Colours by the lot down the ranking (dutch E5): 1, 5 White; 2, 6 Black.
    let mut t = T::new(8, 5);
    t.0.rules = PairingRules {
        prohibited: vec![],
        acceleration: Some(Baku::for_field(8, 5)),
    };
    assert_eq!(t.pair(), vec!["1 3", "4 2", "5 7", "8 6"]);
    assert_eq!(T::new(8, 5).pair(), vec!["1 5", "6 2", "3 7", "8 4"]);
}

#[test]
fn dutch_b1a_a_prohibited_pairing_is_kept_apart_as_if_they_had_met() {
    // Four players, round 1: S1 = 1 2, S2 = 3 4; 1-3 is prohibited (club
    // mates), so dutch D1 transposes S2: 1-4, 2-3; colours by the lot: 1
    // White, 2 Black (dutch E5).
    let mut t = T::new(4, 3);
    t.0.rules.prohibited = vec![(1, 3)];
    assert_eq!(t.pair(), vec!["1 4", "3 2"]);
    // The checker names the regulations for a pairing that breaks it.
    let bad = crate::chess::swiss::RoundPairing {
        boards: vec![
            crate::chess::swiss::Board { white: 1, black: 3 },
            crate::chess::swiss::Board { white: 4, black: 2 },
        ],
        bye: None,
    };
    let v = super::check_absolute(&t.0, &bad).unwrap_err();
    assert_eq!(v.clause, super::PROHIBITED);
}
