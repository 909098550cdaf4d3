//! The World Masters' read resources, showing what the view shows: every
//! draw, report and standing is published; a TMC ballot is its voter's
//! alone (wm A.6), so a motion shows its published outcome and count, and
//! the caller's own ballot to the caller.
//!
//! - `rounds`: each round's stage, board count, violations and whether it
//!   is closed; `boards/{round}`: one round's boards (seats, observer,
//!   report), a page at a time.
//! - `standings/{round}` (the last closed round without one): the team
//!   standings and the players' standings (wm C.6–C.13), players paged.
//! - `motions`: the TMC's motions with their published outcomes.

use super::closing::close;
use super::state::{Round, Tournament};
use crate::competition::UserId;
use crate::refusal::Refusal;
use crate::resource::{unknown, Query, Resource};
use serde_json::{json, Value};

pub const NAMES: &[&str] = &["rounds", "boards", "standings", "motions"];

pub fn resource(
    state: &Tournament,
    name: &str,
    query: &Query,
    viewer: Option<&UserId>,
) -> Result<Resource, Refusal> {
    match name {
        "rounds" => query.no_key().and_then(|()| rounds(state, query)),
        "boards" => boards(state, query),
        "standings" => standings(state, query),
        "motions" => query.no_key().and_then(|()| motions(state, query, viewer)),
        _ => Err(unknown("a World Masters tournament", name, NAMES)),
    }
}

/// The round numbered `key` (1 for the first round drawn).
fn round_at<'a>(state: &'a Tournament, key: &str) -> Result<(usize, &'a Round), Refusal> {
    key.parse::<usize>()
        .ok()
        .and_then(|n| Some((n, state.rounds.get(n.checked_sub(1)?)?)))
        .ok_or_else(|| Refusal::not_found(format!("no round {key:?} has been drawn")))
}

fn rounds(state: &Tournament, query: &Query) -> Result<Resource, Refusal> {
    let rows = state.rounds.iter().enumerate().map(|(i, r)| {
        json!({
            "round": i + 1, "stage": r.stage, "seed": r.seed, "boards": r.boards.len(),
            "violations": r.violations, "closed": r.advancing.is_some(),
            "advancing": r.advancing.as_ref().map(Vec::len),
        })
    });
    let extra = json!({ "next_stage": super::rounds::next_stage(state), "winners": state.winners });
    query.page(rows, extra).map(Resource::Json)
}

fn boards(state: &Tournament, query: &Query) -> Result<Resource, Refusal> {
    let (n, round) = round_at(state, query.key("boards")?)?;
    let rows = round
        .boards
        .iter()
        .enumerate()
        .map(|(i, b)| json!({ "board": i + 1, "entry": b }));
    query
        .page(rows, json!({ "round": n, "stage": round.stage }))
        .map(Resource::Json)
}

/// wm C.6–C.13: a closed round's standings, worked out from its reports and
/// closing seed as the view does; the players' list is paged, the team
/// table (a few dozen teams) comes whole.
fn standings(state: &Tournament, query: &Query) -> Result<Resource, Refusal> {
    let (n, round) = match &query.key {
        Some(key) => round_at(state, key)?,
        None => state
            .rounds
            .iter()
            .enumerate()
            .rev()
            .find(|(_, r)| r.advancing.is_some())
            .map(|(i, r)| (i + 1, r))
            .ok_or_else(|| Refusal::not_found("no round has been closed"))?,
    };
    let (Some(advancing), Some(seed)) = (&round.advancing, round.close_seed) else {
        return Err(Refusal::not_found(format!("round {n} is not closed")));
    };
    let table = close(state, round, advancing.len(), seed)?.standings;
    let (mut extra, players) = match table {
        Value::Object(mut fields) => {
            let players = fields.remove("players").unwrap_or(Value::Null);
            (Value::Object(fields), players)
        }
        other => (json!({}), other),
    };
    extra["round"] = json!(n);
    extra["stage"] = json!(round.stage);
    let rows = match players {
        Value::Array(rows) => rows,
        Value::Null => vec![],
        one => vec![one],
    };
    query.page(rows, extra).map(Resource::Json)
}

/// wm A.6: the ballots stay with their voters; the outcome and count are
/// published when the motion closes.
fn motions(
    state: &Tournament,
    query: &Query,
    viewer: Option<&UserId>,
) -> Result<Resource, Refusal> {
    let rows = state.motions.iter().rev().map(|m| {
        let mut v = json!(m);
        v["ballots"] = json!({});
        v["binding"] = json!(m.binding());
        if let Some(b) = viewer.and_then(|u| m.ballots.get(u)) {
            v["my_ballot"] = json!(b);
        }
        v
    });
    query.page(rows, json!({})).map(Resource::Json)
}
