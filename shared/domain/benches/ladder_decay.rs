//! Club ladder: the weekly decay (club II.6, `apply-decay`) over 100,000
//! members with a year of history.
//!
//! Set-up (not timed): 100,000 members join, then 52 weeks are closed by
//! real ticks, each week's presence and games written into the members'
//! records (about 75% present, 60% playing, scores spread over 100–1,100).
//! Timed: closing week 53, i.e. the "club-decay" ticks deciding the week's
//! deductions (`ladder::tick`) and folding them into the state
//! (`ladder::apply`), part after part (`decay::CHUNK_BYTES` per commit), until
//! nothing is due: what the schedule's load–decide–append rounds do in the
//! domain. Also timed: deciding the first part alone.
//!
//! `cargo bench -p arbiter-domain --bench ladder_decay`

use arbiter_domain::competition::{Actor, Competition, Context, Kind, UserId};
use arbiter_domain::envelope::Ruled;
use arbiter_domain::ladder::{self, Event, Ladder};
use arbiter_domain::rulebook::parts::*;
use arbiter_domain::testkit::Harness;
use chrono::{DateTime, Days, Utc};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use std::ops::ControlFlow;
use std::time::Duration;

const MEMBERS: usize = 100_000;
const WEEKS: u64 = 52;

fn env_at(now: DateTime<Utc>) -> Competition {
    Harness::create("bench-club", Kind::ClubLadder, "bench", now).env
}

fn ladder_events(recorded: Vec<Ruled<Event>>) -> Vec<Event> {
    recorded.into_iter().map(|r| r.event).collect()
}

/// A cheap deterministic mix of (member, week).
fn mix(i: usize, w: u64) -> u64 {
    let mut x =
        (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ w.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    x ^= x >> 29;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^ (x >> 32)
}

/// The ladder after a year: 52 weeks closed.
fn a_year(env: &Competition) -> (Ladder, DateTime<Utc>) {
    let start: DateTime<Utc> = "2025-01-03T09:00:00Z".parse().unwrap();
    let mut state = Ladder::default();
    for i in 0..MEMBERS {
        let e = Event::MemberJoined {
            member: UserId::try_from(format!("student-{i:06}")).unwrap(),
            score: ladder::FLOOR,
            rejoined: false,
        };
        state.apply(&e, start);
    }
    let mut i = 0;
    state.members.update_range::<UserId, _>(.., |_, m| {
        m.score = 100 + (mix(i, 0) % 1000) as i64;
        i += 1;
        ControlFlow::Continue(())
    });
    let first = state.settings.week_of(state.settings.local_date(start));
    let mut now = start;
    for w in 0..WEEKS {
        let week = first + Days::new(7 * w);
        let mut i = 0;
        state.members.update_range::<UserId, _>(.., |_, m| {
            let r = mix(i, w + 1);
            let rec = m.weeks.entry(week).or_default();
            rec.present = !r.is_multiple_of(4);
            rec.games = if r % 5 < 3 { (r % 3) as u32 + 1 } else { 0 };
            i += 1;
            ControlFlow::Continue(())
        });
        now = state.settings.week_closes(week);
        let ctx = Context {
            actor: Actor::Schedule("club-decay".into()),
            may_organize: false,
            now,
        };
        close_week(env, &mut state, &ctx);
    }
    (state, now)
}

/// Ticks until nothing is due: a week this large closes in parts, one per
/// tick (one commit each). Returns the events, one per commit.
fn close_week(env: &Competition, state: &mut Ladder, ctx: &Context) -> Vec<Vec<Event>> {
    let mut commits = vec![];
    loop {
        let events = ladder_events(state.tick(env, ctx).unwrap());
        if events.is_empty() {
            return commits;
        }
        for e in &events {
            state.apply(e, ctx.now);
        }
        commits.push(events);
    }
}

fn decay_100k(c: &mut Criterion) {
    let env = env_at("2025-01-03T09:00:00Z".parse().unwrap());
    let (year, last) = a_year(&env);
    let week = year.closed_through.unwrap() + Days::new(7);
    let now = year.settings.week_closes(week);
    let ctx = Context {
        actor: Actor::Schedule("club-decay".into()),
        may_organize: false,
        now,
    };
    assert!(now > last);
    // A sanity check of what is timed: the week closes in a few commits,
    // each small enough for a store item; some members lose points.
    let mut probe = year.clone();
    let commits = close_week(&env, &mut probe, &ctx);
    let deductions: usize = commits
        .iter()
        .flatten()
        .map(|e| match e {
            Event::WeekClosed { deductions, .. } => deductions.len(),
            _ => 0,
        })
        .sum();
    let largest = commits
        .iter()
        .map(|c| serde_json::to_vec(c).unwrap().len())
        .max()
        .unwrap();
    eprintln!(
        "week 53: {deductions} deductions in {} commits, the largest {largest} bytes of JSON",
        commits.len()
    );
    assert_eq!(probe.closed_through, Some(week));

    let mut group = c.benchmark_group("ladder_decay");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    group.bench_function("close_week_100k_members_1y_history", |b| {
        b.iter_batched(
            || year.clone(),
            |mut state| {
                close_week(&env, &mut state, &ctx);
                state
            },
            BatchSize::LargeInput,
        )
    });
    group.bench_function("first_part_decide_only", |b| {
        b.iter(|| year.tick(&env, &ctx).unwrap())
    });
    group.finish();
}

criterion_group!(benches, decay_100k);
criterion_main!(benches);
