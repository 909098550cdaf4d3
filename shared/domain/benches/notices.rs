//! Criterion benchmark of turning a commit into notices: the ACWC
//! round publication of a 201-player Qualification round (acwc IV.E), which tells
//! each of 200 paired players their own opponent, the bye's player theirs, and
//! the public the whole list — every recipient checked against the API's
//! redaction on the way out.
//!
//! `cargo bench -p arbiter-domain --bench notices`

use arbiter_domain::chess::acwc::testkit::{at, facts, settings_2019, World};
use arbiter_domain::chess::acwc::Command;
use criterion::{criterion_group, criterion_main, Criterion};

const PLAYERS: u32 = 201;

fn published_round() -> World {
    let mut w = World::configured(at("2019-09-10T12:00:00Z"), settings_2019());
    for i in 1..=PLAYERS {
        w.run(
            &format!("p{i}"),
            Command::Register {
                facts: facts(&format!("acc{i}"), 2400 - i),
            },
        )
        .expect("registered");
    }
    // acwc IV.D: Monday 30 September 00:00 UTC publishes round one.
    w.now = at("2019-09-30T00:00:00Z");
    w.tick();
    w
}

fn round_publication(c: &mut Criterion) {
    let w = published_round();
    let commit = w.log().last().expect("the publication");
    let count = w.competition().notices(commit).len();
    assert_eq!(
        count,
        PLAYERS as usize + 1,
        "one per player and the public list"
    );
    c.bench_function("notices of a 201-player round publication", |b| {
        b.iter(|| w.competition().notices(commit))
    });
}

criterion_group!(benches, round_publication);
criterion_main!(benches);
