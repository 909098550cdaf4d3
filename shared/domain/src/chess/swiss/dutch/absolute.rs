//! The absolute criteria of the 2017 and 2026 editions held against a
//! complete pairing (the arbiter's, by hand): dutch17 C.1 (no second
//! meeting; a pairing the regulations prohibit is cited as theirs),
//! dutch17 C.2 (no bye for a player who has had one or a point without
//! playing) and dutch17 C.3 (the absolute colour preference: nobody but a
//! topscorer in the last round takes a colour that makes his colour
//! difference beyond ±2 or gives him one colour three times running); the
//! 2026 revision numbers them alike (dutch26 C.1–C.3).

use super::edition::{Edition, RoundFacts};
use super::{AbsoluteViolation, PROHIBITED};
use crate::chess::swiss::{Board, Colour, RoundPairing, SwissTournament};

/// Every board (and the bye) of `pairing` that breaks an absolute criterion
/// of `edition` (2017 or 2026), in board order, one clause per board.
pub fn violations(
    t: &SwissTournament,
    pairing: &RoundPairing,
    edition: Edition,
) -> Vec<AbsoluteViolation> {
    let ps = RoundFacts::states(t, edition);
    let f = RoundFacts::new(&ps, t, edition);
    let idx: std::collections::HashMap<u32, usize> =
        ps.iter().enumerate().map(|(i, p)| (p.number, i)).collect();
    let (c1, c2, c3) = match edition {
        Edition::Dutch2026 => ("dutch26 C.1", "dutch26 C.2", "dutch26 C.3"),
        _ => ("dutch17 C.1", "dutch17 C.2", "dutch17 C.3"),
    };
    let mut out = Vec::new();
    for b in &pairing.boards {
        let clause = match (idx.get(&b.white), idx.get(&b.black)) {
            (Some(&w), Some(&bl)) if w == bl || ps[w].met.contains(&bl) => Some(c1),
            (Some(&w), Some(&bl)) if ps[w].barred.contains(&bl) => Some(PROHIBITED),
            (Some(&w), Some(&bl)) => {
                let ok =
                    colour_allowed(&f, w, Colour::White) && colour_allowed(&f, bl, Colour::Black);
                (!ok).then_some(c3)
            }
            _ => Some(c1),
        };
        if let Some(clause) = clause {
            out.push(AbsoluteViolation { clause, board: *b });
        }
    }
    if let Some(y) = pairing.bye {
        if idx.get(&y).is_none_or(|&i| ps[i].had_unplayed_point) {
            out.push(AbsoluteViolation {
                clause: c2,
                board: Board { white: y, black: 0 },
            });
        }
    }
    out
}

/// dutch17 C.3 with dutch17 A.7: `i` may take `c`, being a topscorer in the
/// last round or keeping his colour difference within ±2 and not having
/// one colour three times running.
fn colour_allowed(f: &RoundFacts<'_>, i: usize, c: Colour) -> bool {
    f.topscorer[i] || f.ps[i].may_receive(c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::swiss::{PairingRules, Presence, RoundOutcome, SwissPlayer};

    /// A player with games (opponent, colour, half points) in rounds 1...
    fn player(n: u32, games: &[(u32, Colour, u32)]) -> SwissPlayer {
        SwissPlayer {
            number: n,
            name: format!("P{n}"),
            rating: 2000,
            title: crate::chess::swiss::Title::None,
            rounds: games
                .iter()
                .map(|&(o, c, h)| {
                    Some(if o == 0 {
                        RoundOutcome::PairingBye
                    } else {
                        RoundOutcome::Game {
                            opponent: o,
                            colour: c,
                            half_points: h,
                            played: true,
                        }
                    })
                })
                .collect(),
            presence: Presence::Present,
        }
    }

    fn board(white: u32, black: u32) -> Board {
        Board { white, black }
    }

    use Colour::{Black as B, White as W};

    /// Five players after two rounds of `total_rounds`: 1 beat 2 and 3
    /// with White (W W, 2 points); 2 lost to 1 and beat 4, with Black both
    /// times (B B, 1 point); 3 drew 4 with White and lost to 1 (W B, ½);
    /// 4 (B W, ½); 5 had the pairing-allocated bye twice (2 points).
    fn field(total_rounds: u32) -> SwissTournament {
        SwissTournament {
            players: vec![
                player(1, &[(2, W, 2), (3, W, 2)]),
                player(2, &[(1, B, 0), (4, B, 2)]),
                player(3, &[(4, W, 1), (1, B, 0)]),
                player(4, &[(3, B, 1), (2, W, 0)]),
                player(5, &[(0, W, 2), (0, W, 2)]),
            ],
            rounds_played: 2,
            total_rounds,
            first_colour: W,
            rules: PairingRules::default(),
        }
    }

    fn clauses(
        t: &SwissTournament,
        boards: &[Board],
        bye: Option<u32>,
        e: Edition,
    ) -> Vec<&'static str> {
        let p = RoundPairing {
            boards: boards.to_vec(),
            bye,
        };
        violations(t, &p, e).into_iter().map(|v| v.clause).collect()
    }

    #[test]
    fn dutch17_c_1_a_rematch_is_refused() {
        // 1 and 2 met in round 1: pairing them again breaks dutch17 C.1
        // (dutch26 C.1 alike), and so does 3-4 (they drew in round 1).
        // 5-3 is new (5 White, 3 Black after W B: no colour rule broken),
        // and 4 has had no bye: the second pairing breaks C.1 once.
        let t = field(7);
        let got = clauses(&t, &[board(2, 1), board(3, 4)], Some(5), Edition::Dutch2017);
        assert_eq!(got, vec!["dutch17 C.1", "dutch17 C.1", "dutch17 C.2"]);
        let got = clauses(&t, &[board(2, 1), board(5, 3)], Some(4), Edition::Dutch2026);
        assert_eq!(got, vec!["dutch26 C.1"]);
    }

    #[test]
    fn dutch17_c_2_no_second_bye_and_c_1_allows_new_pairs() {
        // 3-5 and 1-4 are new pairs; the bye to 2, who has played both
        // rounds, breaks nothing: no clause at all. The bye to 5 (the
        // pairing-allocated bye already, dutch17 C.2) is refused.
        let t = field(7);
        assert!(clauses(&t, &[board(4, 1), board(5, 3)], Some(2), Edition::Dutch2017).is_empty());
        let got = clauses(&t, &[board(4, 1), board(2, 3)], Some(5), Edition::Dutch2017);
        assert_eq!(got, vec!["dutch17 C.2"]);
    }

    #[test]
    fn dutch17_c_3_three_whites_running_except_a_topscorer_in_the_last_round() {
        // 1 had White twice (difference +2): White again is a third White
        // running and a difference of +3, refused by dutch17 C.3 in round
        // 3 of 7. In round 3 of 3, 1 (2 points of 2, more than half) is a
        // topscorer (dutch17 A.7) and may take it; 2 (B B, 1 point of 2,
        // not more than half) may not take a third Black either way.
        let early = field(7);
        let got = clauses(
            &early,
            &[board(1, 4), board(5, 3)],
            Some(2),
            Edition::Dutch2017,
        );
        assert_eq!(got, vec!["dutch17 C.3"]);
        let last = field(3);
        assert!(clauses(
            &last,
            &[board(1, 4), board(5, 3)],
            Some(2),
            Edition::Dutch2017
        )
        .is_empty());
        let got = clauses(
            &last,
            &[board(3, 2), board(4, 1)],
            Some(5),
            Edition::Dutch2026,
        );
        assert_eq!(got, vec!["dutch26 C.3", "dutch26 C.2"]);
    }
}
