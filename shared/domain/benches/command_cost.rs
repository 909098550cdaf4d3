//! Issue #19: what one command costs the domain in a small and a large
//! competition of each kind, side by side. The cost should not grow with
//! the competition.
//!
//! Timed, per command, what the service does with the state it keeps in
//! memory: the next deadline before, `decide`, `apply` in place, the next
//! deadline after. Set-up (not timed): the competition driven to the size
//! through the same functions.
//!
//! - ACWC: a player offers a time in round 1 (40 and 1,000 players);
//! - club ladder: a new member joins (100 and 10,000 members), also in a
//!   club whose every member was once penalised (one use of power each);
//! - Swiss: a round 1 result is reported (100 and 4,000 players);
//! - World Masters: a team signs up (30 and 300 teams).
//!
//! `cargo bench -p arbiter-domain --bench command_cost`

use arbiter_domain::competition::{self, Competition};
use arbiter_domain::testkit::large::{
    acwc, commit, ladder, ladder_with_history, swiss, world_masters, Case,
};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};

/// The service's work on one command, the state taken by value.
fn one_command(state: Competition, case: &Case) -> Competition {
    let before = state.next_due();
    let events = competition::decide(Some(&state), &case.command, &case.ctx).expect("decided");
    let commit = commit(Some(&state), &case.command, &case.ctx, events);
    let id = state.id.clone();
    let after = competition::apply(Some(state), &id, &commit);
    std::hint::black_box((before, after.next_due()));
    after
}

fn bench(c: &mut Criterion) {
    type Build = fn(u32) -> Case;
    let kinds: [(&str, Build, u32, u32); 5] = [
        ("acwc offer-time", acwc, 40, 1000),
        ("club-ladder join", ladder, 100, 10_000),
        (
            "club-ladder join after penalties",
            ladder_with_history,
            100,
            10_000,
        ),
        ("swiss report-result", swiss, 100, 4000),
        ("world-masters register", world_masters, 30, 300),
    ];
    let mut group = c.benchmark_group("command_cost");
    group.sample_size(20);
    for (name, build, small, large) in kinds {
        for size in [small, large] {
            let case = build(size);
            group.bench_function(format!("{name}/{size}"), |b| {
                b.iter_batched(
                    || case.state.clone(),
                    |state| one_command(state, &case),
                    BatchSize::LargeInput,
                )
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
