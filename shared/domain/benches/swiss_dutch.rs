//! Criterion benchmarks: the Dutch engine pairing round 6 of a 100-player
//! tournament, round 11 of a 1,000-player one and round 14 of a
//! 10,000-player one, each also with its explanation (`explanations/{round}`). The tournaments are
//! generated deterministically by simulating the earlier rounds with the
//! engine itself (seeded results).
//!
//! `cargo bench -p arbiter-domain --bench swiss_dutch -- 1000_players` (or
//! `100_players`, `10000_players`) runs one size.

use arbiter_domain::chess::swiss::{dutch, simulate, SwissTournament};
use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Duration;

fn tournament(players: u32, round_to_pair: u32) -> SwissTournament {
    let t0 = std::time::Instant::now();
    let mut last = std::time::Instant::now();
    let t = simulate::simulate(
        players,
        round_to_pair.max(15),
        round_to_pair - 1,
        20_260_101,
        simulate::Incidents::default(),
        |t| {
            let p = dutch::pair(t).ok();
            eprintln!(
                "  simulated round {} in {:?}",
                t.round_to_pair(),
                last.elapsed()
            );
            last = std::time::Instant::now();
            p
        },
    );
    eprintln!(
        "setup: {players} players, {} rounds simulated in {:?}",
        round_to_pair - 1,
        t0.elapsed()
    );
    t
}

fn dutch_100_and_1000(c: &mut Criterion) {
    let mut g = c.benchmark_group("dutch");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    for (players, round) in [(100, 6), (1_000, 11)] {
        let t = tournament(players, round);
        assert_eq!(t.round_to_pair(), round);
        g.bench_function(format!("{players}_players_round_{round}"), |b| {
            b.iter(|| dutch::pair(&t).expect("pairing"))
        });
        g.bench_function(format!("{players}_players_round_{round}_explained"), |b| {
            b.iter(|| dutch::explain::explain(&t).expect("pairing"))
        });
    }
    g.finish();
}

fn dutch_10000_round_14(c: &mut Criterion) {
    let mut g = c.benchmark_group("dutch");
    if !std::env::args().any(|a| a.contains("1000_players")) {
        let t = tournament(10_000, 14);
        assert_eq!(t.round_to_pair(), 14);
        g.sample_size(10).measurement_time(Duration::from_secs(20));
        g.bench_function("10000_players_round_14", |b| {
            b.iter(|| dutch::pair(&t).expect("pairing"))
        });
        g.bench_function("10000_players_round_14_explained", |b| {
            b.iter(|| dutch::explain::explain(&t).expect("pairing"))
        });
    }
    g.finish();
}

criterion_group!(benches, dutch_100_and_1000, dutch_10000_round_14);
criterion_main!(benches);
