//! Kind commands over REST: a request body is a kind's command without its
//! `action` tag (the route says which action), or with it (`/actions`). Each
//! is read against the competition the command is decided on, so the
//! competition's kind says what the body must be.

use arbiter_domain::competition::{Command, Competition, Kind};
use arbiter_domain::rulebook::Route as KindRoute;
use arbiter_domain::Refusal;
use serde_json::{Map, Value};

/// Reads a `POST /actions` body (it names its `action`) as a command of
/// `competition`'s kind, refusing an action that has a route of its own:
/// each thing has one way to be done.
pub fn action(competition: &Competition, body: Value) -> Result<Command, Refusal> {
    let mut fields = object(body)?;
    let action = fields
        .get("action")
        .and_then(Value::as_str)
        .ok_or_else(|| Refusal::invalid("name the action: {\"action\": \"...\", ...}"))?
        .to_owned();
    if let Some(route) = Kind::dedicated_route(&action) {
        return Err(Refusal::invalid(format!(
            "{action} has its own route: {}",
            route.path()
        )));
    }
    if competition.kind.channel_only(&action) {
        return Err(Refusal::forbidden(
            arbiter_domain::envelope::ROLES_CLAUSE,
            format!("{action} comes only from the game's chat bot, for the player it identified"),
        ));
    }
    seed_if_drawn(competition.kind, &action, &mut fields);
    read(competition.kind, &action, fields)
}

/// Reads a dedicated route's body (without `action`: the route says which)
/// as the command `action` of `competition`'s kind.
pub fn command(competition: &Competition, action: &str, body: Value) -> Result<Command, Refusal> {
    let mut fields = object(body)?;
    fields.insert("action".into(), Value::String(action.to_owned()));
    seed_if_drawn(competition.kind, action, &mut fields);
    read(competition.kind, action, fields)
}

/// The action `route` performs on `competition`; a route its kind does not
/// offer is a 404 naming the kind.
pub fn route_action(competition: &Competition, route: KindRoute) -> Result<&'static str, Refusal> {
    competition.kind.route_action(route).ok_or_else(|| {
        Refusal::not_found(format!(
            "{} ({}) has no such operation",
            competition.kind.title(),
            competition.kind.name()
        ))
    })
}

fn object(body: Value) -> Result<Map<String, Value>, Refusal> {
    match body {
        Value::Object(fields) => Ok(fields),
        _ => Err(Refusal::invalid("the body must be a JSON object")),
    }
}

fn read(kind: Kind, action: &str, fields: Map<String, Value>) -> Result<Command, Refusal> {
    kind.command(Value::Object(fields))
        .map_err(|e| Refusal::invalid(format!("{action}: {e}")))
}

/// A draw the caller did not seed (wm B.2, B.6, C.7.f) gets a seed drawn
/// here, at the edge, so the domain stays pure; the event stores it so the
/// draw can be audited and replayed.
fn seed_if_drawn(kind: Kind, action: &str, fields: &mut Map<String, Value>) {
    if kind.draws_lots(action) && !fields.contains_key("seed") {
        fields.insert("seed".into(), Value::from(fresh_seed()));
    }
}

/// std's `RandomState` is keyed from the operating system's randomness.
fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish()
}
