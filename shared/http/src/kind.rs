//! Kind commands over REST: a request body is a kind's command without its
//! `action` tag (the route says which action), or with it (`/actions`).

use crate::Problem;
use arbiter_domain::chess::acwc;
use arbiter_domain::competition::{Command, Competition, Game, Kind};
use arbiter_domain::diplomacy::game as board;
use arbiter_domain::diplomacy::tournament;
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
/// (acwc II; the `register` function fetches the player facts first); a team
/// or an individual enters the World Masters (wm B.2).
pub fn registration(kind: Kind) -> Option<&'static str> {
    match kind {
        Kind::Nomic => Some("seat-player"),
        Kind::ClubLadder => Some("join"),
        Kind::SwissMatch => Some("register"),
        Kind::DiplomacyTournament => Some("register"),
        _ => None,
    }
}

/// `POST /votes`: a vote on a Nomic proposal (nomic 113); a Court of
/// Appeals panel vote (club III.3.8); a secret vote on a Diplomacy
/// proposal (wm D.IX); a TMC vote (wm A.6).
pub fn vote(kind: Kind) -> Option<&'static str> {
    match kind {
        Kind::Nomic | Kind::DiplomacyGame | Kind::DiplomacyTournament => Some("record-vote"),
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

/// `POST /rounds`: pair and publish the next round (acwc IV.D–E); draw the
/// next World Masters round's boards and powers (wm B.5–B.6).
pub fn round(kind: Kind) -> Option<&'static str> {
    match kind {
        Kind::SwissMatch | Kind::DiplomacyTournament => Some("pair-round"),
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
        Game::DiplomacyTournament(_) => {
            let mut body = body;
            if tournament::Command::draws_lots(action) && body.get("seed").is_none() {
                body["seed"] = Value::from(fresh_seed());
            }
            Ok(Command::Tournament(
                serde_json::from_value::<tournament::Command>(body).map_err(invalid)?,
            ))
        }
    }
}

/// A seed for a draw the caller did not seed (wm B.2, B.6, C.7.f): drawn
/// here, at the edge, so the domain stays pure; the event stores it so the
/// draw can be audited and replayed. std's `RandomState` is keyed from the
/// operating system's randomness.
fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish()
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
