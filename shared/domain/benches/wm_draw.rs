//! Criterion benchmarks of the World Masters draw (wm B.5–B.6): round one
//! of 150 teams (1,050 players on 150 boards), and round two's 49 boards
//! (wm B.4: more than 147 teams) of 343 players with round one as history;
//! round two when 49 whole teams advance; and round one of 42 teams, where
//! wm B.6.e cannot hold and the search runs to its limits.
//!
//! `cargo bench -p arbiter-domain --bench wm_draw` (add `-- round_one` or
//! `-- round_two` to run one).

use arbiter_domain::competition::UserId;
use arbiter_domain::diplomacy::map::Power;
use arbiter_domain::diplomacy::tournament::assignment::{draw, round_two, DrawRequest};
use arbiter_domain::diplomacy::tournament::model::{Entrant, Stage};
use criterion::{criterion_group, criterion_main, Criterion};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::time::Duration;

const TEAMS: usize = 150;

fn round_one() -> DrawRequest {
    round_one_of(TEAMS)
}

fn round_one_of(teams: usize) -> DrawRequest {
    let entrants = (0..teams)
        .flat_map(|t| {
            Power::ALL.iter().map(move |&p| Entrant {
                player: UserId::try_from(format!("team{t}-{}", p.name())).unwrap(),
                team: Some(format!("team{t}")),
                power: Some(p),
            })
        })
        .collect();
    DrawRequest::new(Stage::RoundOne, entrants, vec![])
}

fn round_two_request() -> DrawRequest {
    let one = round_one();
    let drawn = draw(&one, 2026).unwrap();
    assert_eq!(drawn.counts(), [0; 5]);
    let boards = round_two(TEAMS).unwrap().boards;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let advancing = one
        .entrants
        .choose_multiple(&mut rng, 7 * boards)
        .map(|e| Entrant {
            power: None,
            ..e.clone()
        })
        .collect();
    DrawRequest::new(Stage::RoundTwo, advancing, drawn.seatings)
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("wm_draw");
    g.sample_size(20).measurement_time(Duration::from_secs(5));
    let one = round_one();
    eprintln!("round one breaches: {:?}", draw(&one, 1).unwrap().counts());
    let mut seed = 0u64;
    g.bench_function("round_one_150_teams", |b| {
        b.iter(|| {
            seed += 1;
            draw(&one, seed).unwrap()
        })
    });
    let two = round_two_request();
    assert_eq!(two.entrants.len(), 343);
    eprintln!("round two breaches: {:?}", draw(&two, 1).unwrap().counts());
    g.bench_function("round_two_49_boards", |b| {
        b.iter(|| {
            seed += 1;
            draw(&two, seed).unwrap()
        })
    });
    // A hard round two: 49 whole teams advance (the first 343 players), so
    // a–e together need a near-design; the search may run to its limits.
    let mut whole = two.clone();
    whole.entrants = one
        .entrants
        .iter()
        .take(343)
        .map(|e| Entrant {
            power: None,
            ..e.clone()
        })
        .collect();
    eprintln!(
        "whole teams breaches: {:?}",
        draw(&whole, 1).unwrap().counts()
    );
    g.bench_function("round_two_49_whole_teams", |b| {
        b.iter(|| {
            seed += 1;
            draw(&whole, seed).unwrap()
        })
    });
    // The slow case: 42 teams, where wm B.6.e cannot hold (21 * 42 = 882
    // meetings of pairs of teams, 861 pairs), so the search runs to its
    // limits.
    let small = round_one_of(42);
    eprintln!("42 teams breaches: {:?}", draw(&small, 1).unwrap().counts());
    g.bench_function("round_one_42_teams", |b| {
        b.iter(|| {
            seed += 1;
            draw(&small, seed).unwrap()
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
