//! A Nomic game's read resources. Nothing in Nomic is secret (votes are cast
//! in the game's voting thread, nomic 113), so every viewer reads the same.
//!
//! - `rules?at=INSTANT`: the rule book now, or as it stood at an RFC 3339
//!   instant (nomic 108, 109: every version stays readable).
//! - `points`: each player's points (nomic 209) and the points thread, newest
//!   entry first, a page at a time.
//! - `proposals`: the ballots' published outcomes, newest first, a page at a
//!   time; `proposals/{number}`: one proposal with its votes and tally.

use super::state::Nomic;
use crate::refusal::Refusal;
use crate::resource::{json_resource, unknown, Query, Resource};
use chrono::{DateTime, Utc};
use serde_json::json;

pub const NAMES: &[&str] = &["rules", "points", "proposals"];

pub fn resource(state: &Nomic, name: &str, query: &Query) -> Result<Resource, Refusal> {
    match name {
        "rules" => query.no_key().and_then(|()| rules(state, query)),
        "points" => query.no_key().and_then(|()| points(state, query)),
        "proposals" => proposals(state, query),
        _ => Err(unknown("a Nomic game", name, NAMES)),
    }
}

/// An RFC 3339 instant; a client that left the offset's `+` unencoded sent
/// a space.
pub fn instant(at: &str) -> Result<DateTime<Utc>, Refusal> {
    DateTime::parse_from_rfc3339(at)
        .or_else(|_| DateTime::parse_from_rfc3339(&at.replace(' ', "+")))
        .map(|t| t.with_timezone(&Utc))
        .map_err(|_| Refusal::invalid("at must be an RFC 3339 instant"))
}

/// nomic 108, 109: the rule book now, or as of `at`.
fn rules(state: &Nomic, query: &Query) -> Result<Resource, Refusal> {
    let book = match query.param("at") {
        None => Some(state.rules.current.clone()),
        Some(at) => state.rule_book_at(instant(at)?),
    };
    let book = book.ok_or_else(|| Refusal::not_found("no rule book was in effect then"))?;
    json_resource(&book)
}

/// nomic 209: the points and the thread that records each award.
fn points(state: &Nomic, query: &Query) -> Result<Resource, Refusal> {
    let players: Vec<_> = state
        .players
        .keys()
        .map(|u| json!({ "player": u, "points": state.points.get(u).copied().unwrap_or(0) }))
        .collect();
    let thread = state.points_thread.iter().rev().map(
        |e| json!({ "player": e.player, "line": e.line(), "proposal": e.proposal, "at": e.at }),
    );
    let extra = json!({ "players": players, "winner": state.winner });
    query.page(thread, extra).map(Resource::Json)
}

fn proposals(state: &Nomic, query: &Query) -> Result<Resource, Refusal> {
    if let Some(key) = &query.key {
        let found = key
            .parse::<u32>()
            .ok()
            .and_then(|n| state.proposal(n))
            .ok_or_else(|| Refusal::not_found(format!("no proposal {key:?}")))?;
        return json_resource(found);
    }
    let rows = state.proposals.iter().rev().map(|p| {
        json!({
            "number": p.number, "proposer": p.proposer, "submitted_at": p.submitted_at,
            "closes_at": p.closes_at, "status": p.status, "tally": p.tally,
            "took_effect_at": p.took_effect_at,
        })
    });
    query
        .page(rows, json!({ "threshold": state.threshold }))
        .map(Resource::Json)
}
