//! The event as the pairing engines read it: pairing numbers by dutch A2,
//! each player's history of rounds, and presence for the round to pair
//! (dutch F5). The same history written as a TRF is the event's export
//! (see [`super::report`]).

use super::settings::{Acceleration, PairingSystem, Settings};
use super::state::{Player, Round, SwissEvent};
use super::vocabulary::{Absence, BoardForm, Pairing};
use crate::chess::round_robin;
use crate::chess::swiss::{
    dutch, monrad, Baku, Board, Colour, PairingRules, Presence, RoundOutcome, RoundPairing,
    SwissPlayer, SwissTournament,
};
use crate::envelope::UserId;
use crate::refusal::Refusal;
use std::collections::BTreeMap;

/// dutch A2: rating, then title, then name (the user id keeps the order
/// total).
fn a2(a: &(&UserId, &Player), b: &(&UserId, &Player)) -> std::cmp::Ordering {
    let ((a, pa), (b, pb)) = (a, b);
    pb.entry
        .rating
        .cmp(&pa.entry.rating)
        .then(pa.title().cmp(&pb.title()))
        .then(pa.entry.name.cmp(&pb.entry.name))
        .then(a.cmp(b))
}

/// dutch A2: every entrant in pairing order. Players imported from a TRF
/// keep its starting ranks; the others (late entrants included) take
/// their place by A2 among them, so the pairing numbers of a TRF export
/// follow A2 over the whole field. The engines read only the relative
/// order of the players they pair, so later numbers do not change an
/// earlier round's pairing.
pub fn pairing_order(state: &SwissEvent) -> Vec<&UserId> {
    let (mut ranked, mut others): (Vec<_>, Vec<_>) = state
        .players
        .iter()
        .partition(|(_, p)| p.starting_rank.is_some());
    ranked.sort_by_key(|(u, p)| (p.starting_rank, *u));
    others.sort_by(a2);
    let mut order = Vec::with_capacity(state.players.len());
    let (mut r, mut o) = (ranked.into_iter().peekable(), others.into_iter().peekable());
    loop {
        let take_other = match (r.peek(), o.peek()) {
            (Some(x), Some(y)) => a2(y, x).is_lt(),
            (None, Some(_)) => true,
            (Some(_), None) => false,
            (None, None) => break,
        };
        let next = if take_other { o.next() } else { r.next() };
        order.extend(next.map(|(u, _)| u));
    }
    order
}

/// Each entrant's pairing number (1 = first in A2 order).
pub fn pairing_numbers(state: &SwissEvent) -> BTreeMap<&UserId, u32> {
    pairing_order(state).into_iter().zip(1u32..).collect()
}

/// What `player` did in `round` (complete or not: a game without a result
/// counts as unplayed, scoring nothing).
fn outcome(
    round: &Round,
    player: &UserId,
    p: &Player,
    settings: &Settings,
    numbers: &BTreeMap<&UserId, u32>,
) -> RoundOutcome {
    if round.bye.as_ref() == Some(player) {
        return RoundOutcome::PairingBye;
    }
    if let Some(hp) = round.not_paired.get(player) {
        return RoundOutcome::NotPaired { half_points: *hp };
    }
    for g in &round.games {
        let Some(white) = g.side(player) else {
            continue;
        };
        let opponent = if white { &g.black } else { &g.white };
        let (w, b) = g.result.map_or((0, 0), |r| r.half_points());
        return RoundOutcome::Game {
            opponent: numbers.get(opponent).copied().unwrap_or(0),
            colour: if white { Colour::White } else { Colour::Black },
            half_points: if white { w } else { b },
            played: g.result.is_some_and(|r| r.played()),
        };
    }
    // Entered after this round was paired, or withdrawn before it.
    let half_points = if round.number < p.first_round {
        settings.late_entry_half_points
    } else {
        0
    };
    RoundOutcome::NotPaired { half_points }
}

/// dutch F5: whether `p` is to be paired in `round`.
fn presence(p: &Player, round: u32) -> Presence {
    if p.withdrawn_in(round) {
        Presence::Withdrawn
    } else if p.absences.contains_key(&round) || p.first_round > round {
        Presence::Absent
    } else {
        Presence::Present
    }
}

/// The event as a tournament to pair: rounds `1..=played` as history, and
/// presence for round `played + 1`.
pub fn tournament(state: &SwissEvent, settings: &Settings, played: u32) -> SwissTournament {
    let numbers = pairing_numbers(state);
    let players = pairing_order(state)
        .into_iter()
        .map(|id| {
            let p = &state.players[id];
            SwissPlayer {
                number: numbers[id],
                name: p.entry.name.clone(),
                rating: p.entry.rating,
                title: p.title(),
                rounds: state
                    .rounds
                    .iter()
                    .take(played as usize)
                    .map(|r| Some(outcome(r, id, p, settings, &numbers)))
                    .collect(),
                presence: presence(p, played + 1),
            }
        })
        .collect();
    SwissTournament {
        players,
        rounds_played: played,
        total_rounds: settings.rounds,
        first_colour: settings.first_colour,
        rules: PairingRules {
            prohibited: prohibited_pairs(state, &numbers),
            acceleration: (settings.acceleration == Acceleration::Baku)
                .then(|| baku(state, settings, &numbers)),
        },
    }
}

/// The regulations' prohibited pairings as pairs of pairing numbers.
fn prohibited_pairs(state: &SwissEvent, numbers: &BTreeMap<&UserId, u32>) -> Vec<(u32, u32)> {
    let mut pairs = Vec::new();
    for group in &state.prohibited {
        let ns: Vec<u32> = group
            .iter()
            .filter_map(|u| numbers.get(u).copied())
            .collect();
        for (i, &a) in ns.iter().enumerate() {
            pairs.extend(ns[i + 1..].iter().map(|&b| (a, b)));
        }
    }
    pairs
}

/// C.04.5.1 for the event: GA is fixed by the players entered for round 1;
/// after late entries "the last GA-player shall be the same", so GA runs to
/// that player's pairing number now.
fn baku(state: &SwissEvent, settings: &Settings, numbers: &BTreeMap<&UserId, u32>) -> Baku {
    let first: Vec<&UserId> = pairing_order(state)
        .into_iter()
        .filter(|id| state.players[*id].first_round <= 1)
        .collect();
    let mut method = Baku::for_field(first.len() as u32, settings.rounds);
    let last = (method.last_ga as usize).min(first.len());
    method.last_ga = last
        .checked_sub(1)
        .and_then(|k| first.get(k))
        .and_then(|id| numbers.get(id).copied())
        .unwrap_or(0);
    method
}

/// Pairs `round` with the event's system; the boards in publishing order.
pub fn pair(
    state: &SwissEvent,
    settings: &Settings,
    round: u32,
) -> Result<(Vec<Pairing>, Option<UserId>), Refusal> {
    let t = tournament(state, settings, round - 1);
    let pairing = match settings.system {
        PairingSystem::Dutch2006 | PairingSystem::Dutch2017 | PairingSystem::Dutch2026 => {
            let edition = settings.system.dutch_edition().expect("a Dutch edition");
            dutch::pair_edition(&t, edition).map_err(|e| {
                Refusal::rule(
                    edition.absolute_clause(),
                    format!("{e}; the arbiter may pair the round by hand with set-pairing and override_absolute"),
                )
            })?
        }
        PairingSystem::MonradAcwc => monrad::pair(&t)
            .map(|m| m.pairing)
            .map_err(|e| Refusal::rule("acwc III.F.4", e.to_string()))?,
        PairingSystem::RoundRobin => {
            round_robin::pair_from_history(&t).map_err(|e| Refusal::rule("round-robin", e))?
        }
    };
    Ok(to_boards(state, &pairing))
}

/// A pairing by numbers as boards of users.
fn to_boards(state: &SwissEvent, pairing: &RoundPairing) -> (Vec<Pairing>, Option<UserId>) {
    let order = pairing_order(state);
    let user = |n: u32| order[(n - 1) as usize].clone();
    let boards = pairing
        .boards
        .iter()
        .zip(1u32..)
        .map(|(b, board)| Pairing {
            board,
            white: user(b.white),
            black: user(b.black),
        })
        .collect();
    (boards, pairing.bye.map(user))
}

/// Each absolute criterion a manual pairing breaks (dutch B1/B2 for the
/// 1992–2006 text, dutch17 C.1–C.3 and dutch26 C.1–C.3 for the later
/// editions), as the clause and what breaks it ("board 3 - 7").
pub fn manual_breaks(
    state: &SwissEvent,
    settings: &Settings,
    round: u32,
    boards: &[BoardForm],
    bye: Option<&UserId>,
) -> Vec<(&'static str, String)> {
    let Some(edition) = settings.system.dutch_edition() else {
        return Vec::new();
    };
    let numbers = pairing_numbers(state);
    let number = |u: &UserId| numbers.get(u).copied().unwrap_or(0);
    let pairing = RoundPairing {
        boards: boards
            .iter()
            .map(|b| Board {
                white: number(&b.white),
                black: number(&b.black),
            })
            .collect(),
        bye: bye.map(number),
    };
    let t = tournament(state, settings, round - 1);
    dutch::violations_edition(&t, &pairing, edition)
        .into_iter()
        .map(|v| {
            let what = match v.board.black {
                0 => format!("the bye to {}", v.board.white),
                black => format!("board {} - {black}", v.board.white),
            };
            (v.clause, what)
        })
        .collect()
}

/// Whether at least two players are to be paired in `round`: what the
/// schedule asks after every command, answered from the first two present
/// players rather than a list of all of them.
pub fn two_present(state: &SwissEvent, round: u32) -> bool {
    state
        .players
        .values()
        .filter(|p| matches!(presence(p, round), Presence::Present))
        .take(2)
        .count()
        == 2
}

/// Who is to be paired in `round`, and who is not with their half points
/// (dutch F5: an announced absence scores 0; a half-point bye 1).
pub fn presences(state: &SwissEvent, round: u32) -> (Vec<&UserId>, Vec<(UserId, u32)>) {
    let mut present = Vec::new();
    let mut absent = Vec::new();
    for (id, p) in &state.players {
        match presence(p, round) {
            Presence::Present => present.push(id),
            Presence::Withdrawn => {}
            Presence::Absent => {
                if let Some(a) = p.absences.get(&round) {
                    let hp = match a {
                        Absence::HalfPointBye => 1,
                        Absence::Announced => 0,
                    };
                    absent.push((id.clone(), hp));
                }
            }
        }
    }
    (present, absent)
}
