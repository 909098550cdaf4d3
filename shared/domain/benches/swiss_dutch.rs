//! Criterion benchmarks: the Dutch engine of each edition pairing round 6 of
//! a 100-player tournament, round 11 of a 1,000-player one and round 14 of a
//! 10,000-player one, side by side on the same tournaments (one group per
//! size, one row per edition), and the 2006 engine with its explanation
//! (`dutch-2006_explained`). The tournaments are generated deterministically
//! by simulating the earlier rounds with the 2006 engine (seeded results).
//!
//! `cargo bench -p arbiter-domain --bench swiss_dutch -- 1000_players` (or
//! `100_players`, `10000_players`, or an edition such as `dutch-2017`) runs a
//! part. With `ARBITER_BENCH_TRF_DIR` set, each tournament is also written
//! there as TRF (`{players}_players_round_{round}.trf`), so that other engines
//! can be timed on the same history.

use arbiter_domain::chess::swiss::dutch::edition::Edition;
use arbiter_domain::chess::swiss::{dutch, simulate, RoundPairing, SwissTournament};
use arbiter_domain::chess::trf;
use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Duration;

/// The editions benchmarked side by side.
const EDITIONS: [&str; 3] = ["dutch-2006", "dutch-2017", "dutch-2026"];

/// The engine of one edition, by its settings name.
fn engine(edition: &str, t: &SwissTournament) -> Result<RoundPairing, String> {
    match Edition::from_name(edition) {
        Some(e) => dutch::pair_edition(t, e).map_err(|e| e.to_string()),
        None => Err(format!("no engine for edition {edition}")),
    }
}

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

/// One size: every edition pairs the same tournament, then the 2006 engine
/// explains it.
fn size(c: &mut Criterion, players: u32, round: u32, measurement: Duration) {
    let t = tournament(players, round);
    assert_eq!(t.round_to_pair(), round);
    if let Some(dir) = std::env::var_os("ARBITER_BENCH_TRF_DIR") {
        let file = std::path::Path::new(&dir).join(format!("{players}_players_round_{round}.trf"));
        std::fs::write(&file, trf::write(&t.to_trf())).expect("the TRF written");
    }
    let mut g = c.benchmark_group(format!("{players}_players_round_{round}"));
    g.sample_size(10).measurement_time(measurement);
    for edition in EDITIONS {
        g.bench_function(edition, |b| {
            b.iter(|| engine(edition, &t).expect("pairing"))
        });
    }
    g.bench_function("dutch-2006_explained", |b| {
        b.iter(|| dutch::explain::explain(&t).expect("pairing"))
    });
    g.finish();
}

fn dutch_100_and_1000(c: &mut Criterion) {
    size(c, 100, 6, Duration::from_secs(5));
    size(c, 1_000, 11, Duration::from_secs(5));
}

fn dutch_10000_round_14(c: &mut Criterion) {
    if !std::env::args().any(|a| a.contains("1000_players")) {
        size(c, 10_000, 14, Duration::from_secs(20));
    }
}

criterion_group!(benches, dutch_100_and_1000, dutch_10000_round_14);
criterion_main!(benches);
