//! The `register` function: joins a player to a competition after the eligibility rules of its kind.
//!
//! The body is the kind's command without its `action`: each kind names the
//! action this route performs (`Rulebook::route_action`). A kind without one
//! answers 404 naming the kind, as does an unknown competition.
//!
//! An ACWC entry needs the player's facts (acwc II.A, II.C,
//! III.E), fetched here — the one place with I/O — before the pure decision:
//!
//! - `{"account": "Ogul1"}`: the caller registers with their Lichess
//!   account; the facts come from the app's facts source.
//! - `{"player": "ann", "account": "Ogul1"}`: the organizer enters a player,
//!   the facts fetched the same way.
//! - `{"player": "ann", "facts": {...}}`: the organizer enters a player with
//!   facts they entered (what the public API cannot tell: dated marks, other
//!   accounts).
//!
//! Players never supply their own facts.

use arbiter_domain::chess::acwc::{self, PlayerFacts};
use arbiter_domain::competition::{Command, Competition, Kind, UserId};
use arbiter_domain::Refusal;
use arbiter_facts::FactsError;

use arbiter_http::{
    dispatch, execute, kind_action, load_competition, request, App, Call, KindRoute, Problem, Route,
};
use arbiter_store::Store;
use bytes::Bytes;
use http::{Method, Request, Response};
use serde::Deserialize;
use std::sync::Arc;

pub const ROUTES: &[Route] = &[Route::new(
    Method::POST,
    "/v1/competitions/{id}/registrations",
    "registerPlayer",
)];

pub async fn handle<S: Store>(app: Arc<App<S>>, req: Request<Bytes>) -> Response<Bytes> {
    let app = &*app;
    dispatch(app, ROUTES, req, |call| async move {
        let body: serde_json::Value = request::json_body(&call.request)?;
        let competition = load_competition(app, &call).await?;
        if competition.kind == Kind::Acwc {
            return acwc_entry(app, &call, competition, body).await;
        }
        // Let go of the state before the command takes it to change in
        // place: a state still held here would be copied whole, a cost that
        // grows with the competition.
        drop(competition);
        kind_action(app, &call, Some(KindRoute::Registrations)).await
    })
    .await
}

/// The schema of an ACWC registration body, for the API document.
pub fn acwc_entry_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
    generator.subschema_for::<Entry>()
}

/// An ACWC registration body: a player's own Lichess `account`, or the
/// organizer's entry of a `player` by account or with entered `facts`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "AcwcEntry")]
#[serde(deny_unknown_fields)]
struct Entry {
    #[serde(default)]
    account: Option<String>,
    #[serde(default)]
    player: Option<UserId>,
    #[serde(default)]
    facts: Option<PlayerFacts>,
}

/// acwc II: fetches the facts the body does not carry, then decides the entry.
async fn acwc_entry<S: Store>(
    app: &App<S>,
    call: &Call,
    competition: Arc<Competition>,
    body: serde_json::Value,
) -> Result<Response<Bytes>, Problem> {
    let entry: Entry =
        serde_json::from_value(body).map_err(|e| Problem::invalid(format!("registration: {e}")))?;
    let facts = match (entry.facts, entry.account) {
        (Some(_), Some(_)) => {
            return Err(Problem::invalid(
                "send either an account (its facts are fetched) or entered facts, not both",
            ))
        }
        (Some(_), None) if entry.player.is_none() => {
            return Err(Problem::invalid(
                "players register with their account: {\"account\": \"...\"}; only an organizer enters facts, naming the player",
            ))
        }
        (Some(facts), None) => facts,
        (None, Some(account)) => fetch(app, &competition, &account).await?,
        (None, None) => {
            return Err(Problem::invalid(
                "name the Lichess account: {\"account\": \"...\"}",
            ))
        }
    };
    let command = match entry.player {
        Some(player) => acwc::Command::EnterPlayer { player, facts },
        None => acwc::Command::Register { facts },
    };
    let id = competition.id.clone();
    // As in `handle`: the command changes the state in place, uncopied.
    drop(competition);
    execute(app, call, &id, &Command::Acwc(command)).await
}

/// The facts of `account` through the app's facts source.
async fn fetch<S: Store>(
    app: &App<S>,
    competition: &Competition,
    account: &str,
) -> Result<PlayerFacts, Problem> {
    let arbiter_domain::competition::Game::Acwc(champ) = &competition.game else {
        return Err(Problem::invalid("not an ACWC championship"));
    };
    let settings = champ.settings.as_ref().ok_or_else(|| {
        Problem::from(Refusal::conflict(
            "the organizer has not set the championship up yet",
        ))
    })?;
    let source = app.facts.as_ref().ok_or_else(|| {
        Problem::from(Refusal::invalid(
            "this deployment has no player-facts source: an organizer enters players with their facts",
        ))
    })?;
    source
        .player_facts(account, settings)
        .await
        .map_err(|e| match e {
            FactsError::UnknownAccount(a) => Problem::from(Refusal::rule(
                "acwc II.A",
                format!("{} knows no account named {a:?}", source.name()),
            )),
            FactsError::Unavailable(detail) => Problem::facts_unavailable(source.name(), detail),
        })
}
