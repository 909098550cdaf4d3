//! Property tests of the Dutch engine over random tournaments: 4–300 players,
//! up to 15 rounds, random results, forfeits, withdrawals and absences.
//!
//! In every round in which a valid pairing exists: B1 and B2 hold (dutch B1,
//! B2); every present player is paired or is the one bye (A5, F5); nobody gets
//! a second bye (B1b); the engine never panics and is deterministic.

use arbiter_domain::chess::swiss::{dutch, simulate, Presence, RoundOutcome, SwissTournament};
use proptest::prelude::*;
use rand::SeedableRng;

fn check_round(t: &SwissTournament) -> Option<arbiter_domain::chess::swiss::RoundPairing> {
    let first = dutch::pair(t);
    // deterministic
    assert_eq!(first, dutch::pair(t));
    let p = first.ok()?;
    if let Err(v) = dutch::check_absolute(t, &p) {
        // Notes to B6: in the last round B2 may be waived for players on 50%.
        let half = |n: u32| {
            t.players
                .iter()
                .any(|q| q.number == n && q.half_points() == t.rounds_played)
        };
        let waived = v.clause == "dutch B2"
            && t.round_to_pair() == t.total_rounds
            && (half(v.board.white) || half(v.board.black));
        assert!(waived, "round {}: {v:?}", t.round_to_pair());
    }
    let mut seen = std::collections::HashSet::new();
    for b in &p.boards {
        assert!(
            seen.insert(b.white) && seen.insert(b.black),
            "a player paired twice"
        );
    }
    if let Some(y) = p.bye {
        assert!(seen.insert(y), "bye player also paired");
        let prev = t.players.iter().find(|q| q.number == y).unwrap();
        assert!(
            !prev
                .rounds
                .iter()
                .flatten()
                .any(|o| matches!(o, RoundOutcome::PairingBye)),
            "second bye for {y}"
        );
    }
    let present: std::collections::HashSet<u32> = t
        .players
        .iter()
        .filter(|q| q.presence == Presence::Present)
        .map(|q| q.number)
        .collect();
    assert_eq!(seen, present, "paired set differs from present set");
    assert_eq!(p.bye.is_some(), present.len() % 2 == 1);
    Some(p)
}

fn run(players: u32, rounds: u32, seed: u64, inc: simulate::Incidents) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut t = simulate::new_tournament(players, rounds);
    for _ in 0..rounds {
        match check_round(&t) {
            Some(p) => simulate::play_round(&mut t, &p, &mut rng, inc),
            // No valid pairing: the engine decides this before searching (a
            // maximum-matching test over B1/B2); nothing more to check.
            None => break,
        }
    }
}

proptest! {
    // Full range, few cases: a debug build pairs 300 players in well under a second.
    #![proptest_config(ProptestConfig::with_cases(4))]

    #[test]
    fn swiss_dutch_b1_b2_hold_and_everyone_present_is_paired(
        players in 4u32..=300,
        rounds in 1u32..=15,
        seed in any::<u64>(),
        forfeit in 0u32..60,
        absence in 0u32..60,
        withdrawal in 0u32..30,
    ) {
        run(players, rounds, seed, simulate::Incidents { forfeit, absence, withdrawal });
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn swiss_dutch_b1_b2_hold_in_mid_sized_tournaments(
        players in 4u32..=60,
        rounds in 1u32..=15,
        seed in any::<u64>(),
        forfeit in 0u32..80,
        absence in 0u32..80,
        withdrawal in 0u32..40,
    ) {
        run(players, rounds, seed, simulate::Incidents { forfeit, absence, withdrawal });
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn swiss_dutch_small_tournaments_run_to_the_end(
        players in 4u32..=16,
        seed in any::<u64>(),
        absence in 0u32..150,
    ) {
        run(players, 9, seed, simulate::Incidents { forfeit: 50, absence, withdrawal: 20 });
    }
}
