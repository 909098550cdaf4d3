//! Deterministic tournament simulation for tests, benchmarks and the local
//! `simulate` tool: players, results drawn from a caller-supplied seed
//! (ChaCha8), forfeits, absences and withdrawals. Pure: no clock, no global
//! randomness.

use super::{
    Board, Colour, Presence, RoundOutcome, RoundPairing, SwissPlayer, SwissTournament, Title,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// How often unusual things happen, per player and round, in per-mille.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Incidents {
    /// A game is forfeited (the lower-numbered player loses by default).
    pub forfeit: u32,
    /// A present player is known absent for the next round (F5).
    pub absence: u32,
    /// A player withdraws for good (F5).
    pub withdrawal: u32,
}

/// A fresh tournament of `players` players (ratings descending with the
/// pairing number), `total_rounds` planned, nothing played.
pub fn new_tournament(players: u32, total_rounds: u32) -> SwissTournament {
    SwissTournament {
        players: (1..=players)
            .map(|n| SwissPlayer {
                number: n,
                name: format!("Player {n:05}"),
                rating: 2800u32.saturating_sub(n * 1800 / players.max(1)),
                title: Title::None,
                rounds: Vec::new(),
                presence: Presence::Present,
            })
            .collect(),
        rounds_played: 0,
        total_rounds,
        first_colour: Colour::White,
        rules: Default::default(),
    }
}

/// Record `pairing` as the next round, drawing results from `rng`.
pub fn play_round(
    t: &mut SwissTournament,
    pairing: &RoundPairing,
    rng: &mut ChaCha8Rng,
    inc: Incidents,
) {
    let r = t.rounds_played as usize;
    let index: std::collections::HashMap<u32, usize> = t
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.number, i))
        .collect();
    for p in &mut t.players {
        p.rounds.resize(r + 1, None);
        if p.presence != Presence::Present {
            p.rounds[r] = Some(RoundOutcome::NotPaired { half_points: 0 });
        }
    }
    for &Board { white, black } in &pairing.boards {
        let (w, b) = (index[&white], index[&black]);
        let forfeit = rng.gen_range(0..1000) < inc.forfeit;
        let (hw, played) = if forfeit {
            (2, false)
        } else {
            let diff = f64::from(t.players[w].rating) - f64::from(t.players[b].rating);
            let expected = 1.0 / (1.0 + 10f64.powf(-diff / 400.0));
            let u: f64 = rng.gen();
            let draw = 0.3;
            let hw = if u < expected - draw / 2.0 {
                2
            } else if u < expected + draw / 2.0 {
                1
            } else {
                0
            };
            (hw, true)
        };
        t.players[w].rounds[r] = Some(RoundOutcome::Game {
            opponent: black,
            colour: Colour::White,
            half_points: hw,
            played,
        });
        t.players[b].rounds[r] = Some(RoundOutcome::Game {
            opponent: white,
            colour: Colour::Black,
            half_points: 2 - hw,
            played,
        });
    }
    if let Some(y) = pairing.bye {
        t.players[index[&y]].rounds[r] = Some(RoundOutcome::PairingBye);
    }
    t.rounds_played += 1;
    for p in &mut t.players {
        match p.presence {
            Presence::Withdrawn => {}
            _ => {
                let x = rng.gen_range(0..1000);
                p.presence = if x < inc.withdrawal {
                    Presence::Withdrawn
                } else if x < inc.withdrawal + inc.absence {
                    Presence::Absent
                } else {
                    Presence::Present
                };
            }
        }
    }
}

/// Simulate `rounds` rounds with `engine`, from `seed`. Stops early (returning
/// what was played) if the engine finds no pairing.
pub fn simulate<E>(
    players: u32,
    total_rounds: u32,
    rounds: u32,
    seed: u64,
    inc: Incidents,
    mut engine: E,
) -> SwissTournament
where
    E: FnMut(&SwissTournament) -> Option<RoundPairing>,
{
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut t = new_tournament(players, total_rounds);
    for _ in 0..rounds {
        let Some(p) = engine(&t) else { break };
        play_round(&mut t, &p, &mut rng, inc);
    }
    t
}
