//! What one command costs the domain in a small and a large competition
//! of each kind, side by side. The cost should not grow with the
//! competition.
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

use arbiter_domain::competition::{self, Actor, Command, Competition, Context, UserId};
use arbiter_domain::testkit::commit;
use arbiter_domain::testkit::large::{
    acwc, ladder, ladder_with_history, swiss, world_masters, Case,
};
use criterion::{criterion_group, criterion_main, Criterion};

/// The service's work on one command, the state taken by value.
fn one_command(state: Competition, case: &Case) -> Competition {
    run_command(state, &case.command, &case.ctx)
}

fn run_command(state: Competition, command: &Command, ctx: &Context) -> Competition {
    let before = state.next_due();
    let events = competition::decide(Some(&state), command, ctx).expect("decided");
    let commit = commit(Some(&state), command.name(), ctx, events);
    let id = state.id.clone();
    let after = competition::apply(Some(state), &id, &commit);
    std::hint::black_box((before, after.next_due()));
    after
}

/// The time `iters` commands take, each on its own copy of the state. Only
/// [`one_command`] is timed: the copy and its drop are the bench's, not the
/// service's (which keeps one state in memory). Timed one by one, so no
/// batch of copies is allocated or freed inside the timer: freeing the
/// thousands of allocations of a large copy leaves the allocator work to
/// do at the next allocation, whose cost would grow with the competition.
fn timed(case: &Case, iters: u64) -> std::time::Duration {
    let mut total = std::time::Duration::ZERO;
    for _ in 0..iters {
        let state = std::hint::black_box(case.state.clone());
        let start = std::time::Instant::now();
        let after = one_command(state, case);
        total += start.elapsed();
        drop(std::hint::black_box(after));
    }
    total
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
            // Built on the first run, so a name filter skips the setup of
            // the cases it leaves out.
            let mut built: Option<Case> = None;
            group.bench_function(format!("{name}/{size}"), |b| {
                let case = built.get_or_insert_with(|| build(size));
                b.iter_custom(|iters| timed(case, iters))
            });
        }
    }
    // The same join on a state kept warm in memory, as a running service
    // holds it: no fresh copy of the club before each command, a new
    // newcomer each time (the club grows by one per iteration). Set apart
    // from the cases above, whose fresh copy of a large state leaves it out
    // of the caches and the allocator fragmented.
    for size in [100, 10_000] {
        let case = ladder(size);
        let mut state = Some(case.state.clone());
        let mut n = 0u64;
        group.bench_function(format!("club-ladder join, warm state/{size}"), |b| {
            b.iter(|| {
                n += 1;
                let who = UserId::try_from(format!("newcomer{n:09}").as_str()).expect("valid");
                let ctx = Context {
                    actor: Actor::User(who),
                    ..case.ctx.clone()
                };
                let s = state.take().expect("a state");
                state = Some(run_command(s, &case.command, &ctx));
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
