//! Kind commands over REST: a request body is a kind's command without its
//! `action` tag (the route says which action), or with it (`/actions`).

use crate::Problem;
use arbiter_domain::competition::{Command, Competition, Kind};
use arbiter_domain::rulebook::Route as KindRoute;
use arbiter_domain::Refusal;
use serde_json::Value;

/// Reads `body` as the command `action` of `competition`'s kind. A draw
/// the caller did not seed gets a fresh seed here (see [`fresh_seed`]).
pub fn command(competition: &Competition, action: &str, body: Value) -> Result<Command, Problem> {
    let Value::Object(mut fields) = body else {
        return Err(Problem::invalid("the body must be a JSON object"));
    };
    fields.insert("action".into(), Value::String(action.to_owned()));
    if competition.kind.draws_lots(action) && !fields.contains_key("seed") {
        fields.insert("seed".into(), Value::from(fresh_seed()));
    }
    competition
        .kind
        .command(Value::Object(fields))
        .map_err(|e| Problem::invalid(format!("{action}: {e}")))
}

/// The action `route` performs on `competition`; a route its kind does not
/// offer is a 404 naming the kind.
pub fn route_action(competition: &Competition, route: KindRoute) -> Result<&'static str, Problem> {
    competition.kind.route_action(route).ok_or_else(|| {
        Problem::from(Refusal::not_found(format!(
            "{} ({}) has no such operation",
            competition.kind.title(),
            competition.kind.name()
        )))
    })
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
    if let Some(route) = Kind::dedicated_route(action) {
        return Err(Problem::invalid(format!(
            "{action} has its own route: {}",
            route.path()
        )));
    }
    Ok(action.to_owned())
}
