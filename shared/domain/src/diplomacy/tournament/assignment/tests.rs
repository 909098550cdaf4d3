//! Clause-by-clause tests of the draw and round sizes. Each expectation is
//! worked out by hand from the rules in the comment above it.

use super::audit::{audit, Violation};
use super::draw::{draw, Draw, DrawRequest};
use super::ruler::{cyclic_repeats, is_modular_ruler, modular_ruler, near_ruler};
use super::size::{round_two, stage_boards, RoundTwo, RoundTwoKind};
use crate::competition::UserId;
use crate::diplomacy::map::Power;
use crate::diplomacy::tournament::model::{Entrant, Seating, Stage};
use crate::refusal::RefusalKind;
use crate::testkit::u;
use rand::SeedableRng;
use std::collections::{BTreeMap, BTreeSet};

fn entrant(player: &str, team: Option<&str>, power: Option<Power>) -> Entrant {
    Entrant {
        player: u(player),
        team: team.map(str::to_owned),
        power,
    }
}

/// Round one: `teams` teams of seven, team `t`'s player `p` assigned power
/// `p` (wm B.5).
fn round_one_entrants(teams: usize) -> Vec<Entrant> {
    (0..teams)
        .flat_map(|t| {
            Power::ALL.iter().map(move |&p| {
                entrant(
                    &format!("t{t}-{}", p.name()),
                    Some(&format!("team{t}")),
                    Some(p),
                )
            })
        })
        .collect()
}

fn board(players: &[&str]) -> Seating {
    Seating {
        seats: Power::ALL
            .iter()
            .zip(players)
            .map(|(&p, &name)| (p, u(name)))
            .collect(),
    }
}

/// Every board has seven powers and everyone is seated exactly once.
fn assert_well_formed(req: &DrawRequest, d: &Draw) {
    assert_eq!(d.seatings.len(), req.entrants.len() / 7);
    let mut seen = BTreeSet::new();
    for s in &d.seatings {
        assert_eq!(s.seats.len(), 7);
        for u in s.seats.values() {
            assert!(seen.insert(u.clone()), "{u} seated twice");
        }
    }
    let entered: BTreeSet<UserId> = req.entrants.iter().map(|e| e.player.clone()).collect();
    assert_eq!(seen, entered);
    assert_eq!(d.violations, audit(req, &d.seatings));
}

fn drawn(req: &DrawRequest, seed: u64) -> Draw {
    let d = draw(req, seed).expect("drawn");
    assert_well_formed(req, &d);
    d
}

// ---- wm B.4 -------------------------------------------------------------

fn two(boards: usize, kind: RoundTwoKind) -> RoundTwo {
    RoundTwo { boards, kind }
}

#[test]
fn wm_b_4_round_two_sizes_worked_by_hand() {
    use RoundTwoKind::*;
    // teams -> round two. Round one has 7T players, 28 boards advance 196.
    let cases = [
        // Fewer than 42 teams: round two is the semi-final, 7 boards (C.9).
        (7, two(7, SemiFinal)),
        (30, two(7, SemiFinal)),
        (41, two(7, SemiFinal)),
        // 196 > 294 / 2 = 147: the half, floor(42 / 2) = 21 boards.
        (42, two(21, TeamRound)),
        // 196 > 192.5: floor(55 / 2) = 27.
        (55, two(27, TeamRound)),
        // 196 = 392 / 2, not greater: 28.
        (56, two(28, TeamRound)),
        // 140 <= 196 <= 210: 28.
        (60, two(28, TeamRound)),
        // 196 = 588 / 3, not less than a third: 28.
        (84, two(28, TeamRound)),
        // 196 < 595 / 3 = 198.3: ceil(85 / 3) = 29.
        (85, two(29, TeamRound)),
        // 196 < 233.3: ceil(100 / 3) = 34 boards = 238 players >= 233.3.
        (100, two(34, TeamRound)),
        // 147 / 3 = 49 exactly.
        (147, two(49, TeamRound)),
        // More than 147 teams: 49 (the third would be ceil(148 / 3) = 50).
        (148, two(49, TeamRound)),
        (150, two(49, TeamRound)),
        (1000, two(49, TeamRound)),
    ];
    for (teams, want) in cases {
        assert_eq!(round_two(teams).unwrap(), want, "{teams} teams");
    }
    assert_eq!(round_two(100).unwrap().players(), 238);
}

#[test]
fn wm_b_4_team_round_two_stays_within_a_third_and_a_half() {
    // Between the extremes, 7B lies in [7T/3, 7T/2]: B in [T/3, T/2].
    for teams in 42..=147 {
        let b = round_two(teams).unwrap().boards;
        assert!(
            2 * b <= teams && 3 * b >= teams,
            "{teams} teams: {b} boards"
        );
    }
}

#[test]
fn wm_c_9_semi_final_has_seven_boards_and_the_final_one() {
    assert_eq!(stage_boards(Stage::RoundOne, 60).unwrap(), 60);
    assert_eq!(stage_boards(Stage::RoundTwo, 60).unwrap(), 28);
    assert_eq!(stage_boards(Stage::SemiFinal, 60).unwrap(), 7);
    assert_eq!(stage_boards(Stage::Final, 60).unwrap(), 1);
    // Round two as the semi-final.
    assert_eq!(stage_boards(Stage::RoundTwo, 30).unwrap(), 7);
}

#[test]
fn wm_c_9_fewer_than_seven_teams_cannot_fill_the_semi_final() {
    let r = round_two(6).unwrap_err();
    assert_eq!(r.kind, RefusalKind::Rule);
    assert_eq!(r.clause.as_deref(), Some("wm C.9"));
}

// ---- wm B.5 -------------------------------------------------------------

#[test]
fn wm_b_5_round_one_keeps_the_teams_powers() {
    for teams in [1, 5, 12, 50] {
        let req = DrawRequest::new(Stage::RoundOne, round_one_entrants(teams), vec![]);
        let d = drawn(&req, 7);
        for s in &d.seatings {
            for (p, u) in &s.seats {
                assert!(u.as_str().ends_with(p.name()), "{u} moved to {p:?}");
            }
        }
    }
}

#[test]
fn wm_b_5_round_one_player_without_a_power_is_refused() {
    let mut es = round_one_entrants(2);
    es[3].power = None;
    let r = draw(&DrawRequest::new(Stage::RoundOne, es, vec![]), 1).unwrap_err();
    assert_eq!(r.clause.as_deref(), Some("wm B.5"));
}

#[test]
fn wm_b_5_round_one_needs_as_many_players_per_power_as_boards() {
    let mut es = round_one_entrants(2);
    es[0].power = Some(Power::Turkey); // two Austrias become one, Turkey three
    let r = draw(&DrawRequest::new(Stage::RoundOne, es, vec![]), 1).unwrap_err();
    assert_eq!(r.clause.as_deref(), Some("wm B.5"));
}

#[test]
fn wm_b_5_later_rounds_draw_powers_so_none_is_preset() {
    let es = round_one_entrants(1);
    let r = draw(&DrawRequest::new(Stage::RoundTwo, es, vec![]), 1).unwrap_err();
    assert_eq!(r.clause.as_deref(), Some("wm B.5"));
}

#[test]
fn draw_refuses_players_that_cannot_fill_boards_of_seven() {
    let es: Vec<Entrant> = (0..8)
        .map(|i| entrant(&format!("p{i}"), None, None))
        .collect();
    let r = draw(&DrawRequest::new(Stage::SemiFinal, es.clone(), vec![]), 1).unwrap_err();
    assert_eq!(r.kind, RefusalKind::Invalid);
    let mut twice = es[..7].to_vec();
    twice[6] = twice[0].clone();
    let r = draw(&DrawRequest::new(Stage::SemiFinal, twice, vec![]), 1).unwrap_err();
    assert_eq!(r.kind, RefusalKind::Invalid);
    let r = draw(&DrawRequest::new(Stage::SemiFinal, vec![], vec![]), 1).unwrap_err();
    assert_eq!(r.kind, RefusalKind::Invalid);
}

#[test]
fn wm_b_4_the_semi_final_and_final_are_not_team_rounds() {
    let es: Vec<Entrant> = (0..7)
        .map(|i| entrant(&format!("p{i}"), None, None))
        .collect();
    let mut req = DrawRequest::new(Stage::Final, es, vec![]);
    assert!(!req.team_round);
    req.team_round = true;
    assert_eq!(draw(&req, 1).unwrap_err().clause.as_deref(), Some("wm B.4"));
}

// ---- wm B.6.a -----------------------------------------------------------

/// `team` players of team A, the rest teamless, in round two.
fn one_team_round(team: usize, total: usize, stage: Stage) -> DrawRequest {
    let es = (0..total)
        .map(|i| {
            if i < team {
                entrant(&format!("a{i}"), Some("A"), None)
            } else {
                entrant(&format!("x{i}"), None, None)
            }
        })
        .collect();
    DrawRequest::new(stage, es, vec![])
}

#[test]
fn wm_b_6_a_teammates_play_different_powers_when_possible() {
    // Team A has seven players on two boards: b cannot hold (at best 4 + 3
    // teammates, C(4,2) + C(3,2) = 9 pairs), but seven players can take the
    // seven powers: a holds.
    let req = one_team_round(7, 14, Stage::RoundTwo);
    for seed in 0..5 {
        let d = drawn(&req, seed);
        assert_eq!(d.counts(), [0, 9, 0, 0, 0], "seed {seed}");
        let powers: BTreeSet<Power> = d
            .seatings
            .iter()
            .flat_map(|s| s.seats.iter())
            .filter(|(_, u)| u.as_str().starts_with('a'))
            .map(|(&p, _)| p)
            .collect();
        assert_eq!(powers.len(), 7);
    }
}

#[test]
fn wm_b_6_a_reported_when_a_team_has_more_players_than_powers() {
    // Eight players of A over seven powers: one pair shares a power (a = 1),
    // necessarily on different boards; 4 + 4 on two boards: b = 6 + 6 = 12.
    let req = one_team_round(8, 14, Stage::RoundTwo);
    let d = drawn(&req, 3);
    assert_eq!(d.counts(), [1, 12, 0, 0, 0]);
    let a: Vec<&Violation> = d
        .violations
        .iter()
        .filter(|v| v.clause() == "wm B.6.a")
        .collect();
    assert_eq!(a.len(), 1);
    let Violation::TeammatesOnOnePower {
        team,
        power,
        players,
    } = a[0]
    else {
        panic!("{a:?}")
    };
    assert_eq!(team, "A");
    let boards: Vec<usize> = players
        .iter()
        .map(|u| {
            d.seatings
                .iter()
                .position(|s| s.seats.get(power) == Some(u))
                .expect("plays the reported power")
        })
        .collect();
    assert_ne!(boards[0], boards[1]);
}

#[test]
fn wm_b_6_a_applies_only_in_team_rounds() {
    // The same eight players of A in the semi-final: no a to report.
    let req = one_team_round(8, 14, Stage::SemiFinal);
    assert_eq!(drawn(&req, 3).counts(), [0, 12, 0, 0, 0]);
}

// ---- wm B.6.b -----------------------------------------------------------

#[test]
fn wm_b_6_b_no_two_teammates_on_one_board() {
    // Seven teams on seven boards: each board can hold one player of each
    // team (b = 0), and then every board holds all seven teams, so each of
    // the 21 pairs of teams faces on all 7 boards: e = 21 * 6 = 126.
    let req = DrawRequest::new(Stage::RoundOne, round_one_entrants(7), vec![]);
    for seed in 0..3 {
        assert_eq!(drawn(&req, seed).counts(), [0, 0, 0, 0, 126]);
    }
}

#[test]
fn wm_b_6_b_reported_when_a_team_fills_a_board() {
    // One team, one board: all C(7,2) = 21 pairs of teammates.
    let req = DrawRequest::new(Stage::RoundOne, round_one_entrants(1), vec![]);
    let d = drawn(&req, 0);
    assert_eq!(d.counts(), [0, 21, 0, 0, 0]);
    assert!(d.violations.iter().all(|v| matches!(
        v,
        Violation::TeammatesOnOneBoard { team, board: 0, .. } if team == "team0"
    )));
}

#[test]
fn wm_b_6_b_comes_before_e() {
    // Seven teams of two on two boards. Keeping teammates apart (b = 0) puts
    // all seven teams on both boards: 21 pairs of teams face twice, e = 21.
    // Breaking b could lower e, but b comes first.
    let es = (0..14)
        .map(|i| entrant(&format!("p{i}"), Some(&format!("T{}", i / 2)), None))
        .collect();
    let req = DrawRequest::new(Stage::RoundTwo, es, vec![]);
    assert_eq!(drawn(&req, 11).counts(), [0, 0, 0, 0, 21]);
}

// ---- wm B.6.c, B.6.d ----------------------------------------------------

/// Two earlier boards: g0..g6 and h0..h6, player i on power i.
fn two_group_history() -> (Vec<Entrant>, Vec<Seating>) {
    let g: Vec<String> = (0..7).map(|i| format!("g{i}")).collect();
    let h: Vec<String> = (0..7).map(|i| format!("h{i}")).collect();
    let es = g.iter().chain(&h).map(|u| entrant(u, None, None)).collect();
    let hist = vec![
        board(&g.iter().map(String::as_str).collect::<Vec<_>>()),
        board(&h.iter().map(String::as_str).collect::<Vec<_>>()),
    ];
    (es, hist)
}

#[test]
fn wm_b_6_c_no_player_plays_a_power_twice() {
    // Each player avoids the one power they played: possible on any board.
    // Meanwhile two boards drawn from two groups of seven that all met: a
    // board with x of one group holds C(x,2) + C(7-x,2) old pairs, the other
    // board the same; the least, at x = 3 or 4, is 2 * (3 + 6) = 18 (d).
    let (es, hist) = two_group_history();
    let req = DrawRequest::new(Stage::SemiFinal, es, hist.clone());
    for seed in 0..5 {
        let d = drawn(&req, seed);
        assert_eq!(d.counts(), [0, 0, 0, 18, 0], "seed {seed}");
        for s in &d.seatings {
            for (p, u) in &s.seats {
                assert!(hist.iter().all(|h| h.seats.get(p) != Some(u)));
            }
        }
    }
}

#[test]
fn wm_b_6_c_reported_when_a_player_has_played_every_power() {
    // p0 played all seven powers on seven earlier boards (with players not
    // in this round): whatever p0 plays now repeats (c = 1).
    let hist: Vec<Seating> = (0..7)
        .map(|k| {
            let mut names: Vec<String> = (1..7).map(|i| format!("old{k}-{i}")).collect();
            names.insert(k, "p0".to_owned());
            board(&names.iter().map(String::as_str).collect::<Vec<_>>())
        })
        .collect();
    let es = (0..7)
        .map(|i| entrant(&format!("p{i}"), None, None))
        .collect();
    let req = DrawRequest::new(Stage::Final, es, hist);
    let d = drawn(&req, 5);
    assert_eq!(d.counts(), [0, 0, 1, 0, 0]);
    let power = d.seatings[0]
        .seats
        .iter()
        .find(|(_, u)| u.as_str() == "p0")
        .map(|(&p, _)| p)
        .unwrap();
    assert_eq!(
        d.violations,
        vec![Violation::PowerPlayedAgain {
            player: u("p0"),
            power,
            board: 0
        }]
    );
}

#[test]
fn wm_b_6_d_no_two_players_meet_twice() {
    // Seven earlier boards of seven (groups g0..g6), player (g, i) on power
    // i. Seven new boards each taking one player of every group meet no one
    // again; with powers from two orthogonal Latin squares of order 7 no one
    // repeats a power either. So all of a–e can hold: the draw must find it.
    let mut es = Vec::new();
    let mut hist = Vec::new();
    for g in 0..7 {
        let names: Vec<String> = (0..7).map(|i| format!("g{g}p{i}")).collect();
        es.extend(names.iter().map(|u| entrant(u, None, None)));
        hist.push(board(&names.iter().map(String::as_str).collect::<Vec<_>>()));
    }
    let req = DrawRequest::new(Stage::SemiFinal, es, hist);
    for seed in 0..5 {
        let d = drawn(&req, seed);
        assert_eq!(d.counts(), [0; 5], "seed {seed}: {:?}", d.violations);
    }
}

#[test]
fn wm_b_6_d_reported_when_unavoidable() {
    let (es, hist) = two_group_history();
    let req = DrawRequest::new(Stage::SemiFinal, es, hist);
    let d = drawn(&req, 9);
    let met: Vec<&Violation> = d
        .violations
        .iter()
        .filter(|v| v.clause() == "wm B.6.d")
        .collect();
    assert_eq!(met.len(), 18);
    for v in met {
        let Violation::PlayersMeetAgain { board, players } = v else {
            unreachable!()
        };
        // Same group before, same board now.
        assert_eq!(players[0].as_str()[..1], players[1].as_str()[..1]);
        assert!(d.seatings[*board].seats.values().any(|u| u == &players[0]));
        assert!(d.seatings[*board].seats.values().any(|u| u == &players[1]));
    }
}

// ---- wm B.6.e -----------------------------------------------------------

#[test]
fn wm_b_6_e_no_two_teams_face_each_other_twice() {
    // From 43 teams up a modular Golomb ruler may exist; at 50 and 57 and
    // 150 teams the draw must seat round one with nothing breached.
    for teams in [50, 57, 150] {
        let req = DrawRequest::new(Stage::RoundOne, round_one_entrants(teams), vec![]);
        assert_eq!(drawn(&req, 1).counts(), [0; 5], "{teams} teams");
    }
}

#[test]
fn wm_b_6_e_cannot_hold_below_43_teams_and_is_reported() {
    // 30 teams on 30 boards of seven teams: 30 * 21 = 630 meetings of pairs
    // of teams, but only C(30,2) = 435 pairs: at least 195 repeat.
    let req = DrawRequest::new(Stage::RoundOne, round_one_entrants(30), vec![]);
    let d = drawn(&req, 4);
    let [a, b, c, dd, e] = d.counts();
    assert_eq!([a, b, c, dd], [0, 0, 0, 0]);
    assert!(e >= 195, "{e}");
    for v in &d.violations {
        let Violation::TeamsFaceAgain { teams, boards } = v else {
            panic!("{v:?}")
        };
        assert!(teams[0] < teams[1] && boards.len() >= 2);
        for &b in boards {
            for t in teams {
                assert!(d.seatings[b]
                    .seats
                    .values()
                    .any(|u| u.as_str().starts_with(&format!("t{}-", &t[4..]))));
            }
        }
    }
}

#[test]
fn wm_b_6_e_modular_rulers_start_at_48() {
    // 7 marks have 42 non-zero differences; modulo m < 43 two coincide. An
    // exhaustive search (the budget is never reached) finds none modulo 43
    // to 47 either; modulo 48 one exists.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    for m in 1..48 {
        assert!(modular_ruler(m, &mut rng, usize::MAX).is_none(), "{m}");
    }
    // {0, 1, 3, 7, 12, 20, 30} has distinct differences up to 30, so none
    // repeats modulo 61; modulo 60, 30 is its own negative.
    assert!(is_modular_ruler(61, &[0, 1, 3, 7, 12, 20, 30]));
    assert!(!is_modular_ruler(60, &[0, 1, 3, 7, 12, 20, 30]));
    for m in [48, 50, 57, 61, 100, 150] {
        let k = modular_ruler(m, &mut rng, 1_000_000).expect("found");
        assert!(is_modular_ruler(m, &k), "{m}: {k:?}");
        assert_eq!(cyclic_repeats(m, &k), 0);
    }
}

#[test]
fn wm_b_6_e_cyclic_repeats_worked_by_hand() {
    let k = [0, 1, 3, 7, 12, 20, 30];
    // Modulo 43 the 21 differences fall in the classes min(d, 43 - d):
    // 30 -> 13 and 23 -> 20 land on 13 and 20 a second time; each class
    // names 43 pairs of teams, which then share two boards: 2 * 43 = 86.
    assert_eq!(cyclic_repeats(43, &k), 86);
    // Modulo 60 only 30 = 60 / 2 repeats, for its 30 pairs of teams.
    assert_eq!(cyclic_repeats(60, &k), 30);
    assert_eq!(cyclic_repeats(61, &k), 0);
    // Seven teams: every difference 1..6 seven times; classes 1, 2, 3 of 7
    // pairs each share all 7 boards: 3 * 7 * 6 = 126, as in the b test.
    assert_eq!(cyclic_repeats(7, &[0, 1, 2, 3, 4, 5, 6]), 126);
}

#[test]
fn wm_b_6_e_near_rulers_reach_the_cyclic_minimum_below_48_teams() {
    // 40 teams: 21 pairs of marks but 20 classes of differences (20 = 40 / 2
    // names 20 pairs of teams, the others 40 each), so some class repeats.
    // The counting bound is 21 * 40 - C(40, 2) = 840 - 780 = 60 repeats; the
    // best cyclic draw has 80 (an exhaustive enumeration of the C(39, 6) sets
    // of marks containing 0, e.g. {0, 1, 3, 7, 18, 26, 31}). Checked here:
    // {0, 1, 3, 7, 18, 26, 31} has differences 1, 3, 7, 18, 26 -> 14, 31 -> 9,
    // 2, 6, 17, 25 -> 15, 30 -> 10, 4, 15, 23 -> 17, 28 -> 12, 11, 19, 24 -> 16,
    // 8, 13, 5: classes 15 and 17 twice, 40 pairs of teams each: 80.
    assert_eq!(cyclic_repeats(40, &[0, 1, 3, 7, 18, 26, 31]), 80);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
    let k = near_ruler(40, &mut rng, 30, 2_000);
    assert_eq!(cyclic_repeats(40, &k), 80, "{k:?}");
    let req = DrawRequest::new(Stage::RoundOne, round_one_entrants(40), vec![]);
    let [a, b, c, d, e] = drawn(&req, 2).counts();
    assert_eq!([a, b, c, d], [0; 4]);
    assert!((60..=80).contains(&e), "{e}");
    // 43 to 47 teams: no ruler (above), so one class repeats at best: T
    // repeats, e.g. 43.
    let req = DrawRequest::new(Stage::RoundOne, round_one_entrants(43), vec![]);
    assert!(drawn(&req, 2).counts()[4] <= 43);
}

// ---- determinism --------------------------------------------------------

#[test]
fn draw_is_replayed_from_its_seed() {
    let req = DrawRequest::new(Stage::RoundOne, round_one_entrants(20), vec![]);
    assert_eq!(draw(&req, 42).unwrap(), draw(&req, 42).unwrap());
    // As sets of boards (the boards' order alone could differ).
    let distinct: BTreeSet<BTreeSet<Vec<(Power, UserId)>>> = (0..10)
        .map(|s| {
            draw(&req, s)
                .unwrap()
                .seatings
                .into_iter()
                .map(|b| b.seats.into_iter().collect())
                .collect()
        })
        .collect();
    assert_eq!(distinct.len(), 10, "ten seeds, ten different draws");
}

#[test]
fn draw_does_not_depend_on_the_order_of_the_entrants() {
    let es = round_one_entrants(12);
    let mut reversed = es.clone();
    reversed.reverse();
    let a = draw(&DrawRequest::new(Stage::RoundOne, es, vec![]), 3).unwrap();
    let b = draw(&DrawRequest::new(Stage::RoundOne, reversed, vec![]), 3).unwrap();
    assert_eq!(a, b);
}

#[test]
fn draw_round_two_after_round_one_breaks_nothing() {
    // 60 teams; round two's 28 boards (wm B.4) take 196 players, here every
    // team's first players in turn, with round one as history.
    let req1 = DrawRequest::new(Stage::RoundOne, round_one_entrants(60), vec![]);
    let one = drawn(&req1, 8);
    assert_eq!(one.counts(), [0; 5]);
    let boards = round_two(60).unwrap().boards;
    let advancing: Vec<Entrant> = req1
        .entrants
        .iter()
        .step_by(2)
        .take(7 * boards)
        .map(|e| Entrant {
            power: None,
            ..e.clone()
        })
        .collect();
    let req2 = DrawRequest::new(Stage::RoundTwo, advancing, one.seatings.clone());
    let two = drawn(&req2, 8);
    assert_eq!(two.counts(), [0; 5], "{:?}", two.violations);
    let per_team: BTreeMap<&str, usize> = req2.entrants.iter().fold(BTreeMap::new(), |mut m, e| {
        *m.entry(e.team.as_deref().unwrap()).or_default() += 1;
        m
    });
    assert!(per_team.values().any(|&k| k >= 4));
}
