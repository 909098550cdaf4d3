//! Property tests of the World Masters draw (wm B.5–B.6) over random
//! tournaments: 1–60 teams in round one, sign-ups that give a team one
//! player per power or not, then a later round of a random subset of the
//! players with round one (and sometimes a third, made-up round) as history,
//! some teamless players, team round or not.
//!
//! Every board has seven distinct powers and seven distinct players,
//! everyone is seated exactly once, round one keeps the teams' powers (wm
//! B.5), and the violations reported are exactly those present, recounted
//! here from scratch (wm B.6.a–e).

use arbiter_domain::competition::UserId;
use arbiter_domain::diplomacy::map::Power;
use arbiter_domain::diplomacy::tournament::assignment::{draw, Draw, DrawRequest, Violation};
use arbiter_domain::diplomacy::tournament::model::{Entrant, Seating, Stage};
use arbiter_domain::testkit::u;
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::collections::{HashMap, HashSet};

/// The violations of `d`, recounted without the library's audit.
fn recount(req: &DrawRequest, d: &Draw) -> Vec<Violation> {
    let team: HashMap<&UserId, &String> = req
        .entrants
        .iter()
        .filter_map(|e| e.team.as_ref().map(|t| (&e.player, t)))
        .collect();
    let sorted = |a: &UserId, b: &UserId| {
        let mut v = [a.clone(), b.clone()];
        v.sort();
        v
    };
    let played: HashSet<(&UserId, Power)> = req
        .history
        .iter()
        .flat_map(|h| h.seats.iter().map(|(&p, u)| (u, p)))
        .collect();
    let mut met: HashSet<(&UserId, &UserId)> = HashSet::new();
    for h in &req.history {
        for a in h.seats.values() {
            for b in h.seats.values() {
                met.insert((a, b));
            }
        }
    }
    let mut out = Vec::new();
    // Flatten: (board, power, player).
    let seats: Vec<(usize, Power, &UserId)> = d
        .seatings
        .iter()
        .enumerate()
        .flat_map(|(b, s)| s.seats.iter().map(move |(&p, u)| (b, p, u)))
        .collect();
    for (i, &(b1, p1, u1)) in seats.iter().enumerate() {
        // c: this power on any earlier board.
        if played.contains(&(u1, p1)) {
            out.push(Violation::PowerPlayedAgain {
                player: u1.clone(),
                power: p1,
                board: b1,
            });
        }
        for &(b2, p2, u2) in &seats[i + 1..] {
            let same_team = matches!((team.get(u1), team.get(u2)), (Some(a), Some(b)) if a == b);
            if same_team && p1 == p2 && req.team_round {
                out.push(Violation::TeammatesOnOnePower {
                    team: team[u1].clone(),
                    power: p1,
                    players: sorted(u1, u2),
                });
            }
            if b1 != b2 {
                continue;
            }
            if same_team {
                out.push(Violation::TeammatesOnOneBoard {
                    team: team[u1].clone(),
                    board: b1,
                    players: sorted(u1, u2),
                });
            }
            if met.contains(&(u1, u2)) {
                out.push(Violation::PlayersMeetAgain {
                    board: b1,
                    players: sorted(u1, u2),
                });
            }
        }
    }
    // e: for every pair of teams, the boards holding both.
    let mut teams: Vec<&String> = team.values().copied().collect();
    teams.sort();
    teams.dedup();
    for (i, &t) in teams.iter().enumerate() {
        for &u in &teams[i + 1..] {
            let boards: Vec<usize> = d
                .seatings
                .iter()
                .enumerate()
                .filter(|(_, s)| {
                    let has = |x: &String| s.seats.values().any(|p| team.get(p) == Some(&x));
                    has(t) && has(u)
                })
                .map(|(b, _)| b)
                .collect();
            if boards.len() > 1 {
                out.push(Violation::TeamsFaceAgain {
                    teams: [t.clone(), u.clone()],
                    boards,
                });
            }
        }
    }
    out.sort();
    out
}

fn check(req: &DrawRequest, seed: u64) -> Draw {
    let d = draw(req, seed).expect("a valid request is drawn");
    assert_eq!(d, draw(req, seed).unwrap(), "deterministic");
    assert_eq!(d.seatings.len() * 7, req.entrants.len());
    let mut seen = HashSet::new();
    for s in &d.seatings {
        let powers: HashSet<Power> = s.seats.keys().copied().collect();
        assert_eq!(powers.len(), 7, "seven distinct powers");
        let players: HashSet<&UserId> = s.seats.values().collect();
        assert_eq!(players.len(), 7, "seven distinct players");
        for u in s.seats.values() {
            assert!(seen.insert(u.clone()), "{u} seated twice");
        }
    }
    let entered: HashSet<UserId> = req.entrants.iter().map(|e| e.player.clone()).collect();
    assert_eq!(seen, entered, "everyone seated exactly once");
    if req.stage == Stage::RoundOne {
        for e in &req.entrants {
            let board = d
                .seatings
                .iter()
                .find(|s| s.seats.values().any(|u| u == &e.player))
                .unwrap();
            assert_eq!(
                board.seats.get(&e.power.unwrap()),
                Some(&e.player),
                "wm B.5"
            );
        }
    }
    assert_eq!(d.violations, recount(req, &d), "reported = present");
    d
}

/// Round one: `teams` teams of seven; `regular` gives each team one player
/// per power, otherwise the powers are shuffled across teams (equal numbers
/// per power, wm B.5).
fn round_one(teams: usize, regular: bool, rng: &mut impl Rng) -> DrawRequest {
    let mut powers: Vec<Power> = (0..teams).flat_map(|_| Power::ALL).collect();
    if !regular {
        powers.shuffle(rng);
    }
    let entrants = powers
        .iter()
        .enumerate()
        .map(|(i, &p)| Entrant {
            player: u(&format!("p{i}")),
            team: Some(format!("T{}", i / 7)),
            power: Some(p),
        })
        .collect();
    DrawRequest::new(Stage::RoundOne, entrants, vec![])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn tournament_draw_seats_everyone_and_reports_every_breach(
        teams in 1usize..=60,
        regular in any::<bool>(),
        boards_two in 1usize..=30,
        teamless in 0usize..=10,
        team_round in any::<bool>(),
        third_round in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let req1 = round_one(teams, regular, &mut rng);
        let one = check(&req1, seed);

        // A later round: a random subset plus teamless reserves.
        let mut history = one.seatings;
        if third_round {
            // A made-up extra round over the same players.
            let mut shuffled: Vec<UserId> = req1.entrants.iter().map(|e| e.player.clone()).collect();
            shuffled.shuffle(&mut rng);
            history.extend(shuffled.chunks(7).map(|c| Seating {
                seats: Power::ALL.iter().copied().zip(c.iter().cloned()).collect(),
            }));
        }
        let reserves = teamless.min(7 * boards_two);
        let from_round_one = (7 * boards_two - reserves).min(req1.entrants.len());
        let total = (from_round_one + reserves) / 7 * 7;
        prop_assume!(total > 0);
        let mut entrants: Vec<Entrant> = req1
            .entrants
            .choose_multiple(&mut rng, from_round_one)
            .map(|e| Entrant { power: None, ..e.clone() })
            .collect();
        entrants.extend((0..reserves).map(|i| Entrant {
            player: u(&format!("r{i}")),
            team: None,
            power: None,
        }));
        entrants.truncate(total);
        let mut req2 = DrawRequest::new(Stage::RoundTwo, entrants, history);
        req2.team_round = team_round;
        if !team_round {
            req2.stage = Stage::SemiFinal;
        }
        check(&req2, seed ^ 1);
    }
}
