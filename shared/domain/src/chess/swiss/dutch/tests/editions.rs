//! The 2017 and 2026 editions, worked by hand on small tournaments.

use crate::chess::swiss::dutch::edition::{Edition, RoundFacts};
use crate::chess::swiss::dutch::{explain_later, pair_edition, DutchError};
use crate::chess::swiss::{Board, RoundPairing, SwissTournament};
use crate::chess::trf;

/// One TRF player line: `rounds` as (opponent, colour, result), opponent 0
/// for an unpaired round.
fn line(n: u32, rounds: &[(u32, char, char)]) -> String {
    let mut s = format!("001 {n:>4}");
    s = format!("{s:<14}Player {n}");
    s = format!("{s:<48}{:>4}", 2500 - 10 * n);
    let half: u32 = rounds
        .iter()
        .map(|r| match r.2 {
            '1' | '+' | 'U' | 'F' => 2,
            '=' | 'H' => 1,
            _ => 0,
        })
        .sum();
    s = format!("{s:<80}{:>4.1} {n:>4}", f64::from(half) / 2.0);
    for &(o, c, r) in rounds {
        let o = if o == 0 {
            "0000".to_string()
        } else {
            o.to_string()
        };
        s.push_str(&format!("  {o:>4} {c} {r}"));
    }
    s
}

fn tournament(lines: &[String], extra: &str) -> SwissTournament {
    let text = format!("012 Editions\n{}\n{extra}\n", lines.join("\n"));
    let doc = trf::read(&text).expect("a TRF");
    SwissTournament::from_trf(&doc, None).expect("a history")
}

fn boards(p: &RoundPairing) -> Vec<(u32, u32)> {
    let mut v: Vec<(u32, u32)> = p
        .boards
        .iter()
        .map(|&Board { white, black }| (white, black))
        .collect();
    v.sort_unstable();
    v
}

/// Four players after two rounds: 1 and 2 won twice with white, 3 and 4
/// lost twice with black; every other pairing has been played.
fn absolute_pairs(total: u32) -> SwissTournament {
    let lines = [
        line(1, &[(3, 'w', '1'), (4, 'w', '1')]),
        line(2, &[(4, 'w', '1'), (3, 'w', '1')]),
        line(3, &[(1, 'b', '0'), (2, 'b', '0')]),
        line(4, &[(2, 'b', '0'), (1, 'b', '0')]),
    ];
    tournament(&lines, &format!("XXR {total}"))
}

#[test]
fn dutch17_c_3_non_topscorers_with_the_same_absolute_preference_do_not_meet() {
    // Round 3 of 5: 1 and 2 have white twice (absolute preference for
    // black, dutch17 A.6), 3 and 4 black twice; 1-3, 1-4, 2-3, 2-4 were
    // played (dutch17 C.1). The two pairings left, 1-2 and 3-4, both join
    // players with the same absolute preference: no pairing (dutch17 C.3).
    let t = absolute_pairs(5);
    assert_eq!(
        pair_edition(&t, Edition::Dutch2017),
        Err(DutchError::NoValidPairing)
    );
    let ps = RoundFacts::states(&t, Edition::Dutch2017);
    let f = RoundFacts::new(&ps, &t, Edition::Dutch2017);
    assert!(!f.compatible(0, 1));
}

#[test]
fn dutch17_a_7_topscorers_of_the_last_round_may_meet_despite_c_3() {
    // dutch26 A.6 and dutch26 A.7 read the same: white twice is an
    // absolute preference for black, and topscorers are those over half.
    // Round 3 of 3: 1 and 2 have 2 points of 2, more than half (dutch17
    // A.7), so dutch17 C.3 does not keep them apart; 3 and 4 (0 points) it
    // still does.
    let t = absolute_pairs(3);
    let ps = RoundFacts::states(&t, Edition::Dutch2017);
    let f = RoundFacts::new(&ps, &t, Edition::Dutch2017);
    assert!(f.topscorer[0] && f.topscorer[1] && !f.topscorer[2]);
    assert!(f.compatible(0, 1));
    assert!(!f.compatible(2, 3));
}

/// Six players after two rounds, player 4 absent from round 3:
/// 1 (2 points: beat 4 with white, 2 with black), 3 (2: beat 6, 4),
/// 2 (1), 5 (1), 6 (0); 2-5 and 5-6 and 3-6 were played.
fn bye_by_score() -> SwissTournament {
    let lines = [
        line(1, &[(4, 'w', '1'), (2, 'b', '1')]),
        line(2, &[(5, 'b', '1'), (1, 'w', '0')]),
        line(3, &[(6, 'w', '1'), (4, 'b', '1')]),
        line(4, &[(1, 'b', '0'), (3, 'w', '0'), (0, '-', 'Z')]),
        line(5, &[(2, 'w', '0'), (6, 'b', '1')]),
        line(6, &[(3, 'b', '0'), (5, 'w', '0')]),
    ];
    tournament(&lines, "XXR 3\nXXC white1")
}

#[test]
fn dutch17_c_4_the_top_pair_stands_when_the_rest_completes_with_a_bye() {
    // dutch17 A.2: 1 before 3 (2 points), then 2 and 5, then 6;
    // dutch17 A.3: brackets of 2, 1 and 0 points;
    // dutch17 A.4: who is left moves down.
    // dutch17 C.5: 1-3 is the top bracket's pair. The rest, 2, 5 and 6,
    // completes (dutch17 C.4): 2-5 was played, so 2-6 and the bye for 5,
    // who has had none (dutch17 C.2). Colours: 1 and 3 both played W then
    // B (mild white), same history, so the higher ranked 1 has white
    // (dutch17 E.4); 2 (B, W) and 6 (B, W) likewise: 2 has black.
    let p = pair_edition(&bye_by_score(), Edition::Dutch2017).unwrap();
    assert_eq!(boards(&p), vec![(1, 3), (6, 2)]);
    assert_eq!(p.bye, Some(5));
}

#[test]
fn dutch26_c_4_the_bye_goes_to_the_lowest_score_possible() {
    // The order is by score, then pairing number (dutch26 A.2); the
    // brackets 2, 1 and 0 points (dutch26 A.3), players left unpaired move
    // down (dutch26 A.4); no pair repeats a game (dutch26 C.1), 6 has had
    // no bye (dutch26 C.2), no two absolute preferences meet (dutch26 C.3),
    // and the most pairs are made (dutch26 C.5) in S1/S2 order
    // (dutch26 D.1).
    // dutch26 C.4: 6 (0 points) can take the bye with 1, 2, 3, 5 still
    // pairable (1-5, 3-2), so the bye is his. Then 1-3 would leave 2-5, who
    // have met: 1 and 3 both move down and meet 5 and 2 (1-2 was played).
    // Colours: 1 and 5 both W then B: 1, higher, has white (dutch26 E.4);
    // 3 wants white, 2 black (dutch26 E.1).
    let p = pair_edition(&bye_by_score(), Edition::Dutch2026).unwrap();
    assert_eq!(boards(&p), vec![(1, 5), (3, 2)]);
    assert_eq!(p.bye, Some(6));
}

/// Five players after round 1, which 5 missed (zero-point bye): 1 beat 3
/// with white, 2 beat 4 with black.
fn missed_round() -> SwissTournament {
    let lines = [
        line(1, &[(3, 'w', '1')]),
        line(2, &[(4, 'b', '1')]),
        line(3, &[(1, 'b', '0')]),
        line(4, &[(2, 'w', '0')]),
        line(5, &[(0, '-', 'Z')]),
    ];
    tournament(&lines, "XXR 3\nXXC white1")
}

#[test]
fn dutch17_c_12_the_bye_does_not_repeat_last_rounds_downfloat() {
    // 1-2 (2 played black: white, dutch17 E.1). Then 3, 4, 5 on 0: one
    // pair and the bye. 5 did not play round 1, a downfloat (dutch17
    // A.4); the bye is another, so 3-4 with the bye for 5 breaks dutch17
    // C.12 and 3-5 with the bye for 4 does not. 3 played black: white.
    let p = pair_edition(&missed_round(), Edition::Dutch2017).unwrap();
    assert_eq!(boards(&p), vec![(2, 1), (3, 5)]);
    assert_eq!(p.bye, Some(4));
}

#[test]
fn dutch26_c_9_the_bye_goes_to_the_player_with_fewer_unplayed_rounds() {
    // As above, decided earlier by dutch26 C.9: 5 has one unplayed round,
    // 4 none, so 4 takes the bye.
    let p = pair_edition(&missed_round(), Edition::Dutch2026).unwrap();
    assert_eq!(boards(&p), vec![(2, 1), (3, 5)]);
    assert_eq!(p.bye, Some(4));
}

#[test]
fn dutch17_e_5_round_one_by_pairing_number_and_initial_colour() {
    // Round 1, four players: S1 = 1, 2 and S2 = 3, 4 (dutch17 D.1). No
    // preferences: dutch17 E.5 gives the higher ranked player the initial
    // colour when his pairing number is odd (1), the other colour when
    // even (2).
    let lines: Vec<String> = (1..=4).map(|n| line(n, &[])).collect();
    let white = pair_edition(&tournament(&lines, "XXR 3\nXXC white1"), Edition::Dutch2017).unwrap();
    assert_eq!(boards(&white), vec![(1, 3), (4, 2)]);
    let black = pair_edition(&tournament(&lines, "XXR 3\nXXC black1"), Edition::Dutch2017).unwrap();
    assert_eq!(boards(&black), vec![(2, 4), (3, 1)]);
}

/// Each note of an explanation as "clause: text".
fn lines(notes: &[crate::chess::swiss::dutch::explain::Note]) -> Vec<String> {
    notes
        .iter()
        .map(|n| format!("{}: {}", n.clause, n.text))
        .collect()
}

#[test]
fn dutch17_e_4_explained_by_board_and_the_bye_by_c_2() {
    // The pairing of `dutch17_c_4_...` explained. 2.0 group {1, 3}: 1-3,
    // both want White mildly (W B each) with the same history, so the
    // higher ranked 1 has White (dutch17 E.4), one preference refused
    // (dutch17 C.10). 1.0 group {2, 5}: they met in round 1, no pair at all
    // (dutch17 C.5), both move down (dutch17 C.1). 0.0 group {6} with 2
    // and 5 (dutch17 A.3): 6-2, 2 floating down (dutch17 A.4), both want
    // Black (B W each), the higher ranked 2 has it (dutch17 E.4), one
    // preference refused; the bye to 5 (dutch17 C.2).
    let (p, e) = explain_later::explain(&bye_by_score(), Edition::Dutch2017).unwrap();
    assert_eq!(boards(&p), vec![(1, 3), (6, 2)]);
    assert_eq!(e.system, "dutch-2017");
    assert_eq!(
        lines(&e.boards[0].notes),
        vec!["dutch17 E.4: 1 and 3 want the same colour as strongly with the same history: the higher ranked 1 has his preference"]
    );
    assert_eq!(
        lines(&e.boards[1].notes),
        vec![
            "dutch17 A.4: 2 (1) floats down, 6 (0) up",
            "dutch17 E.4: 6 and 2 want the same colour as strongly with the same history: the higher ranked 2 has his preference",
        ]
    );
    let scores: Vec<f64> = e.brackets.iter().map(|b| b.score).collect();
    assert_eq!(scores, vec![2.0, 1.0, 0.0]);
    assert_eq!(
        lines(&e.brackets[0].notes),
        vec!["dutch17 C.10: 1 colour preference not granted: no better candidate was found"]
    );
    assert_eq!(
        lines(&e.brackets[1].notes),
        vec![
            "dutch17 C.5: at most 0 pairs here: no more without a rematch or two absolute colour preferences meeting",
            "dutch17 C.1: 2 has no opponent left in the 1 group (he has met (or may not meet) every other player in it): moved down",
            "dutch17 C.1: 5 has no opponent left in the 1 group (he has met (or may not meet) every other player in it): moved down",
        ]
    );
    assert_eq!(e.brackets[2].moved_in, vec![2, 5]);
    assert_eq!(
        lines(&e.brackets[2].notes),
        vec![
            "dutch17 A.3: 2, 5 moved down into this bracket",
            "dutch17 C.10: 1 colour preference not granted: no better candidate was found",
        ]
    );
    let bye = e.bye.expect("a bye");
    assert_eq!(bye.clause, "dutch17 C.2");
    assert!(bye.text.starts_with("5 (1) is left over"), "{}", bye.text);
}

#[test]
fn dutch26_c_4_explained_the_top_pair_gives_way_to_the_bye() {
    // dutch26 C.4: the bye goes to 6 (0 points); then 1-3 would leave 2-5,
    // who met: the 2.0 group makes no pair of the one it could, and 1 and
    // 3 move down. In the 1.0 group 1-5 (1 floating down, dutch26 A.4;
    // both W B: the higher ranked 1 has White, dutch26 E.4) and 3-2 (3
    // wants White after W B, 2 Black after B W: dutch26 E.1).
    let (p, e) = explain_later::explain(&bye_by_score(), Edition::Dutch2026).unwrap();
    assert_eq!(boards(&p), vec![(1, 5), (3, 2)]);
    assert_eq!(
        lines(&e.brackets[0].notes)[..3],
        [
            "dutch26 C.4: 1 pair here would leave the rest of the round unpairable: 0 made",
            "dutch26 C.4: 1 moves down: the fewer pairs the rest of the round allows leave him unpaired here",
            "dutch26 C.4: 3 moves down: the fewer pairs the rest of the round allows leave him unpaired here",
        ]
    );
    assert_eq!(
        lines(&e.boards[1].notes),
        vec![
            "dutch26 A.4: 3 (2) floats down, 2 (1) up",
            "dutch26 E.1: both get the colour they prefer",
        ]
    );
    assert_eq!(e.bye.as_ref().map(|b| b.clause), Some("dutch26 C.4"));
    // The same explanation as terminal text (`arbiter pair --explain`).
    let text = crate::chess::swiss::dutch::explain::render(3, &e);
    assert!(
        text.starts_with("Round 3, FIDE Dutch system (the 2025 revision"),
        "{text}"
    );
    assert!(
        text.contains("[dutch26 E.1] both get the colour they prefer"),
        "{text}"
    );
}

#[test]
fn dutch17_c_5_where_a_2006_pairing_differs() {
    // A pairing 1-5, 3-2 with the bye for 6 (the 2026 one) set against
    // the 2017 pairing 1-3, 6-2, bye 5: both boards differ.
    let p = RoundPairing {
        boards: vec![Board { white: 1, black: 5 }, Board { white: 3, black: 2 }],
        bye: Some(6),
    };
    let differing = explain_later::differences_2017(&bye_by_score(), &p);
    assert_eq!(
        differing,
        vec![
            "dutch-2017 would pair 1-5 here: 1-3 and 5 bye",
            "dutch-2017 would pair 3-2 here: 1-3 and 6-2",
        ]
    );
}

/// Six players after two rounds of five: 1, 2 and 3 on 1½ points, 4 on 1,
/// 6 on ½, 5 on 0. 4 has met 1; 4, 3 (white twice) and 5, 6 (black twice)
/// have absolute colour preferences.
fn penultimate_bracket() -> SwissTournament {
    let lines = [
        line(1, &[(4, 'b', '1'), (2, 'w', '=')]),
        line(2, &[(6, 'w', '1'), (1, 'b', '=')]),
        line(3, &[(5, 'w', '1'), (6, 'w', '=')]),
        line(4, &[(1, 'w', '0'), (5, 'w', '1')]),
        line(5, &[(3, 'b', '0'), (4, 'b', '0')]),
        line(6, &[(2, 'b', '0'), (3, 'b', '=')]),
    ];
    tournament(&lines, "XXR 5")
}

#[test]
fn dutch17_c_7_looks_at_the_next_bracket_alone_and_a_9_collapses_the_rest() {
    // The top bracket 1, 2, 3 makes one pair (dutch17 C.5): 1-2 was
    // played, so 1-3 (2 floats) or 2-3 (1 floats), the same PSD (dutch17
    // C.6). dutch17 C.7 looks at the next bracket alone: 2 and 4 can meet
    // (2 wants white, 4 black), 1 and 4 have met, so 1-3 wins, though 1
    // wants black as 3 does (dutch17 C.10 comes later). The bracket of 2
    // and 4 then pairs 2-4, which leaves 5 and 6 (both absolute for white,
    // dutch17 C.3) unpairable (dutch17 C.4): it is the penultimate
    // bracket (dutch17 A.9), 2 and 4 both move down, and the collapsed
    // last bracket pairs 2-5 (2 met 6) and 4-6 (4 met 5). Colours: 3's
    // absolute preference for black (dutch17 E.2), 5's and 6's for white.
    let p = pair_edition(&penultimate_bracket(), Edition::Dutch2017).unwrap();
    assert_eq!(boards(&p), vec![(1, 3), (5, 2), (6, 4)]);
}

#[test]
fn dutch26_c_7_counts_only_next_pairs_that_leave_the_round_pairable() {
    // As above, but dutch26 C.7 counts the pairs of the next bracket that
    // leave the rest pairable (dutch26 C.4): 2-4 does not (5 and 6 cannot
    // meet, dutch26 C.3), so both choices make none, and dutch26 C.12
    // decides: 1-3 refuses 1's preference for black, 2-3 refuses none.
    // 1 and 4 (who have met) move down to 5 and 6: 1-5 and 4-6.
    let p = pair_edition(&penultimate_bracket(), Edition::Dutch2026).unwrap();
    assert_eq!(boards(&p), vec![(2, 3), (5, 1), (6, 4)]);
}

/// Round 1 of five players, 2 absent with a requested half-point bye.
fn late_entry() -> SwissTournament {
    let mut lines: Vec<String> = (1..=5).map(|n| line(n, &[])).collect();
    lines[1] = line(2, &[(0, '-', 'H')]);
    let text = format!("012 Editions\n{}\nXXR 3\nXXC white1\n", lines.join("\n"));
    let doc = trf::read(&text).expect("a TRF");
    SwissTournament::from_trf(&doc, Some(1)).expect("a history")
}

#[test]
fn dutch17_e_5_a_player_yet_to_take_part_has_no_pairing_number() {
    // Round 1 with 1, 3, 4, 5 (2 absent, never paired): S1 = 1, 3 and
    // S2 = 4, 5 (dutch17 D.1), bye none. dutch17 E.5: 1 is first, 3 the
    // second of the players taking part (A.2: 2 is not yet in the
    // ranking, as a late entry), so 3 has the other colour than the
    // initial white: 5-3 and 1-4.
    let p = pair_edition(&late_entry(), Edition::Dutch2017).unwrap();
    assert_eq!(boards(&p), vec![(1, 4), (5, 3)]);
    let p = pair_edition(&late_entry(), Edition::Dutch2026).unwrap();
    assert_eq!(boards(&p), vec![(1, 4), (5, 3)]);
}

#[test]
fn dutch26_a_4_a_round_not_played_floats_down_only_when_it_scored() {
    // Round 1 of 3: 1 beat 2 (equal scores: no float); 4 won by forfeit
    // against 3; 5 had a half-point bye, 6 was absent with no point.
    // dutch17 A.4 (as bbpPairings 5 reads it): every round not played is a
    // downfloat, so 3, 4, 5 and 6 all have one. dutch26 A.4: only a round
    // not played that scored more than a loss is one: 4 (a win) and 5 (a
    // draw), not 3 (forfeit loss) nor 6 (absent, no point).
    let lines = [
        line(1, &[(2, 'w', '1')]),
        line(2, &[(1, 'b', '0')]),
        line(3, &[(4, 'w', '-')]),
        line(4, &[(3, 'b', '+')]),
        line(5, &[(0, '-', 'H')]),
        line(6, &[(0, '-', 'Z')]),
    ];
    let t = tournament(&lines, "XXR 3");
    let down = |e: Edition| -> Vec<bool> {
        RoundFacts::states(&t, e)
            .iter()
            .map(|p| p.floats[0] == Some(crate::chess::swiss::Float::Downfloat))
            .collect()
    };
    assert_eq!(
        down(Edition::Dutch2017),
        [false, false, true, true, true, true]
    );
    assert_eq!(
        down(Edition::Dutch2026),
        [false, false, false, true, true, false]
    );
}

#[test]
fn dutch26_c_9_the_bye_floats_alone_from_a_bracket_above_the_lowest() {
    // Round 5 of 5 of a tournament of 11 (bbpPairings' generated set,
    // bbp6_0123_p11_r5). Scores: 3 (4), 2 and 4 (3), 7 (2.5), 1, 5, 6 and
    // 10 (2), 11 (1.5), 8 and 9 (1). 8, 9, 10 and 11 have had the bye and
    // 4 a forfeit win (dutch26 C.2), so the bye goes to 1, 5 or 6 (2
    // points, dutch26 C.4). 3 comes down to 2 and 4 (3-4 was played): 3-2;
    // 4 comes down to 7: 4-7. Of 1, 5, 6 and 10 (1-5, 1-6, 5-10 played)
    // one pair is made and two float, one of them to meet 11 (who met 10)
    // and the other for the bye, 8-9 pairing below: 6-10 floating 1 and 5,
    // or 1-10 floating 5 and 6. In the bracket of 11 (1.5) one floater
    // meets 11 and the other floats alone to the bye over 8-9: dutch26 C.9
    // counts there, and 1 lost round 2 by forfeit (one round unplayed)
    // while 5 and 6 played every round: 1 meets 11, the bye is not his.
    let lines = [
        line(
            1,
            &[(6, 'w', '1'), (4, 'b', '-'), (5, 'b', '1'), (2, 'b', '0')],
        ),
        line(
            2,
            &[(7, 'b', '1'), (5, 'w', '0'), (10, 'b', '1'), (1, 'w', '1')],
        ),
        line(
            3,
            &[(8, 'w', '1'), (11, 'b', '1'), (4, 'b', '1'), (5, 'w', '1')],
        ),
        line(
            4,
            &[(9, 'b', '1'), (1, 'w', '+'), (3, 'w', '0'), (6, 'b', '1')],
        ),
        line(
            5,
            &[(10, 'w', '1'), (2, 'b', '1'), (1, 'w', '0'), (3, 'b', '0')],
        ),
        line(
            6,
            &[(1, 'b', '0'), (9, 'w', '1'), (8, 'b', '1'), (4, 'w', '0')],
        ),
        line(
            7,
            &[(2, 'w', '0'), (8, 'b', '1'), (11, 'w', '='), (9, 'b', '1')],
        ),
        line(
            8,
            &[(3, 'b', '0'), (7, 'w', '0'), (6, 'w', '0'), (0, '-', 'U')],
        ),
        line(
            9,
            &[(4, 'w', '0'), (6, 'b', '0'), (0, '-', 'U'), (7, 'w', '0')],
        ),
        line(
            10,
            &[(5, 'b', '0'), (0, '-', 'U'), (2, 'w', '0'), (11, 'b', '1')],
        ),
        line(
            11,
            &[(0, '-', 'U'), (3, 'w', '0'), (7, 'b', '='), (10, 'w', '0')],
        ),
    ];
    let t = tournament(&lines, "XXR 5");
    let p = pair_edition(&t, Edition::Dutch2026).unwrap();
    assert_eq!(p.bye, Some(5));
    assert!(boards(&p)
        .iter()
        .any(|&(w, b)| (w.min(b), w.max(b)) == (1, 11)));
}
