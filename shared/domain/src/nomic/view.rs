//! What callers see of a Nomic game. Votes are public (they are cast in the
//! game's voting thread, nomic 113), so every viewer sees everything.

use super::due::next_due;
use super::state::Nomic;
use crate::competition::UserId;
use serde_json::{json, Value};

/// The game as JSON: players with days and points, the points thread
/// (nomic 209), the rule book now, proposals with their votes, Points of
/// Order, the adoption threshold (nomic 204) and the winner (nomic 210).
pub fn view(state: &Nomic, _viewer: Option<&UserId>) -> Value {
    let players: Vec<Value> = state
        .players
        .iter()
        .map(|(user, day)| {
            json!({
                "player": user,
                "day": day,
                "points": state.points.get(user).copied().unwrap_or(0),
            })
        })
        .collect();
    let thread: Vec<Value> = state
        .points_thread
        .iter()
        .map(|e| {
            json!({
                "player": e.player,
                "line": e.line(),
                "proposal": e.proposal,
                "at": e.at,
            })
        })
        .collect();
    json!({
        "players": players,
        "points_thread": thread,
        "begun_at": state.begun_at,
        "settings": state.settings,
        "forfeited": state.forfeited,
        "threshold": state.threshold,
        "majority_from": state.majority_from,
        "next_proposal_number": state.next_number(),
        "proposals": state.proposals,
        "points_of_order": state.points_of_order,
        "winner": state.winner,
        "next_due": next_due(state),
        "rules": state.rules.current.to_json(),
    })
}
