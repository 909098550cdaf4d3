//! Kind commands over REST: a request body is a kind's command without its
//! `action` tag (the route says which action), or with it (`/actions`).

use crate::Problem;
use arbiter_domain::chess::acwc;
use arbiter_domain::competition::{Command, Competition, Game, Kind};
use arbiter_domain::diplomacy::game as board;
use arbiter_domain::{ladder, nomic};
use serde_json::Value;

/// Actions with a route of their own; `POST /actions` refuses them so each
/// thing has one way to be done.
pub const DEDICATED: &[(&str, &str)] = &[
    ("record-vote", "POST /v1/competitions/{id}/votes"),
    ("cast-vote", "POST /v1/competitions/{id}/votes"),
    ("seat-player", "POST /v1/competitions/{id}/registrations"),
    ("join", "POST /v1/competitions/{id}/registrations"),
    ("register", "POST /v1/competitions/{id}/registrations"),
    ("enter-player", "POST /v1/competitions/{id}/registrations"),
    ("submit-orders", "POST /v1/competitions/{id}/orders"),
    ("pair-round", "POST /v1/competitions/{id}/rounds"),
];

/// Which action a dedicated route performs for a kind.
pub type ActionFor = fn(Kind) -> Option<&'static str>;

/// `POST /registrations`: a Nomic player is seated by the organizer (nomic
/// 201); a student joins the ladder (club II.1); an ACWC player registers
/// (acwc II; the `register` function fetches the player facts first).
pub fn registration(kind: Kind) -> Option<&'static str> {
    match kind {
        Kind::Nomic => Some("seat-player"),
        Kind::ClubLadder => Some("join"),
        Kind::SwissMatch => Some("register"),
        _ => None,
    }
}

/// `POST /votes`: a vote on a Nomic proposal (nomic 113); a Court of
/// Appeals panel vote (club III.3.8); a secret vote on a Diplomacy
/// proposal (wm D.IX).
pub fn vote(kind: Kind) -> Option<&'static str> {
    match kind {
        Kind::Nomic | Kind::DiplomacyGame => Some("record-vote"),
        Kind::ClubLadder => Some("cast-vote"),
        _ => None,
    }
}

/// `POST /orders`: a power's order set for the current phase (wm D.II).
pub fn orders(kind: Kind) -> Option<&'static str> {
    match kind {
        Kind::DiplomacyGame => Some("submit-orders"),
        _ => None,
    }
}

/// `POST /rounds`: pair and publish the next round (acwc IV.D–E).
pub fn round(kind: Kind) -> Option<&'static str> {
    match kind {
        Kind::SwissMatch => Some("pair-round"),
        _ => None,
    }
}

/// Reads `body` as the command `action` of `competition`'s kind.
pub fn command(competition: &Competition, action: &str, body: Value) -> Result<Command, Problem> {
    let Value::Object(mut fields) = body else {
        return Err(Problem::invalid("the body must be a JSON object"));
    };
    fields.insert("action".into(), Value::String(action.to_owned()));
    let body = Value::Object(fields);
    let invalid = |e: serde_json::Error| Problem::invalid(format!("{action}: {e}"));
    match &competition.game {
        Game::Nomic(_) => Ok(Command::Nomic(
            serde_json::from_value::<nomic::Command>(body).map_err(invalid)?,
        )),
        Game::ClubLadder(_) => Ok(Command::Ladder(
            serde_json::from_value::<ladder::Command>(body).map_err(invalid)?,
        )),
        Game::SwissMatch(_) => Ok(Command::Acwc(
            serde_json::from_value::<acwc::Command>(body).map_err(invalid)?,
        )),
        Game::DiplomacyGame(_) => Ok(Command::Board(
            serde_json::from_value::<board::Command>(body).map_err(invalid)?,
        )),
        _ => Err(arbiter_domain::Refusal::not_implemented(format!(
            "{action} is not available for {} competitions yet",
            kind_name(competition)
        ))
        .into()),
    }
}

/// The action named in a `/actions` body, refusing those with a route of their own.
pub fn action_of(body: &Value) -> Result<String, Problem> {
    let action = body
        .get("action")
        .and_then(Value::as_str)
        .ok_or_else(|| Problem::invalid("name the action: {\"action\": \"...\", ...}"))?;
    if let Some((_, route)) = DEDICATED.iter().find(|(a, _)| *a == action) {
        return Err(Problem::invalid(format!(
            "{action} has its own route: {route}"
        )));
    }
    Ok(action.to_owned())
}

/// The kind's name as the API spells it.
pub fn kind_name(competition: &Competition) -> String {
    serde_json::to_value(competition.kind)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}
