//! Unit tests per clause, named after it, with the expectation worked by
//! hand from the rules in each test's comment.

mod entries;
mod report;
mod results;
mod rounds;
mod standings;
mod standings_c07;

use crate::competition::{Command, Kind, Recorded, Role};
use crate::refusal::Refusal;
use crate::testkit::{at, u, Harness};
use serde_json::{json, Value};

/// An event of `rounds` rounds set up by the organizer with `extra`
/// regulations, the arbiter `arb` granted.
fn event(rounds: u32, extra: Value) -> Harness {
    let mut h = Harness::new(
        Kind::Swiss,
        at("2026-03-01T10:00:00Z"),
        &[("arb", Role::Arbiter)],
    );
    let mut settings = json!({ "rounds": rounds });
    if let (Some(s), Some(e)) = (settings.as_object_mut(), extra.as_object()) {
        s.extend(e.clone());
    }
    act(
        &mut h,
        "org",
        json!({"action": "set-up", "settings": settings}),
    )
    .expect("set up");
    h
}

fn act(h: &mut Harness, actor: &str, body: Value) -> Result<Vec<Recorded>, Refusal> {
    let cmd: Command = Kind::Swiss.command(body).expect("a Swiss command");
    h.run(actor, cmd)
}

/// `name` enters with `rating` (a user id of the same name).
fn enter(h: &mut Harness, name: &str, rating: u32) {
    act(
        h,
        name,
        json!({"action": "register", "entry": {"name": name, "rating": rating}}),
    )
    .expect("entered");
}

/// The first `n` of a, b, c, ... enter, rated 2400, 2300, 2200, ...
fn field(h: &mut Harness, n: u8) {
    for k in 0..n {
        let name = char::from(b'a' + k).to_string();
        enter(h, &name, 2400 - 100 * u32::from(k));
    }
}

fn state(h: &Harness) -> &super::SwissEvent {
    h.state()
}

/// Round `r`'s boards as `white-black` names, and the bye.
fn boards(h: &Harness, r: u32) -> (Vec<String>, Option<String>) {
    let round = state(h).round(r).expect("paired");
    (
        round
            .games
            .iter()
            .map(|g| format!("{}-{}", g.white, g.black))
            .collect(),
        round.bye.as_ref().map(|b| b.to_string()),
    )
}

fn pair(h: &mut Harness) {
    act(h, "arb", json!({"action": "pair-round"})).expect("paired");
}

/// The arbiter records `result` on every board of round `r` in turn
/// (`results[i]` for board i + 1).
fn results(h: &mut Harness, r: u32, results: &[&str]) {
    for (i, res) in results.iter().enumerate() {
        act(
            h,
            "arb",
            json!({"action": "set-result", "round": r, "board": i + 1, "result": res}),
        )
        .expect("result set");
    }
}
