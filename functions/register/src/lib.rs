//! The `register` function: joins a player to a competition after the eligibility rules of its kind.
//!
//! The body is the kind's command without its `action`: each kind names the
//! action this route performs (`Rules::route_action`). A kind without one
//! answers 404 naming the kind, as does an unknown competition.
//!
//! An ACWC entry needs the player's facts (acwc II.A, II.C, III.E): the
//! championship reads the body (`acwc::entry`), and the facts it names are
//! fetched here — the one place with I/O — before the pure decision:
//!
//! - `{"account": "Ogul1"}`: the caller registers with their Lichess
//!   account; the facts come from the app's facts source.
//! - `{"player": "ann", "account": "Ogul1"}`: the organizer enters a player,
//!   the facts fetched the same way.
//! - `{"player": "ann", "facts": {...}}`: the organizer enters a player with
//!   facts they entered (what the public API cannot tell: dated marks, other
//!   accounts).

use arbiter_domain::chess::acwc::entry::{self, EntryRequest};
use arbiter_domain::chess::acwc::{Championship, PlayerFacts};
use arbiter_domain::competition::{Command, Registered};
use arbiter_domain::Refusal;
use arbiter_facts::FactsError;

use arbiter_http::{
    competition_id, dispatch, execute, kind_action, load_competition, request, App, KindRoute,
    Problem, Route,
};
use arbiter_store::Store;
use bytes::Bytes;
use http::{Method, Request, Response};
use std::sync::Arc;

pub const ROUTES: &[Route] = &[Route::new(
    Method::POST,
    "/v1/competitions/{id}/registrations",
    "registerPlayer",
)];

pub async fn handle<S: Store>(app: Arc<App<S>>, req: Request<Bytes>) -> Response<Bytes> {
    let app = &*app;
    dispatch(app, ROUTES, req, |call| async move {
        let id = competition_id(&call)?;
        if app.service.kind(&id).await? != Some(Championship::KIND) {
            return kind_action(app, &call, Some(KindRoute::Registrations)).await;
        }
        let body: serde_json::Value = request::json_body(&call.request)?;
        let entry = match EntryRequest::read(body)? {
            EntryRequest::Ready(command) => command,
            EntryRequest::Fetch { account, player } => {
                // The facts are fetched for the championship's settings
                // (its rating dates), before the pure decision.
                let competition = load_competition(app, &call).await?;
                let championship = <&Championship>::try_from(&competition.game)?;
                entry::command(player, fetch(app, championship, &account).await?)
            }
        };
        execute(app, &call, &id, &Command::from(entry)).await
    })
    .await
}

/// The facts of `account` through the app's facts source.
async fn fetch<S: Store>(
    app: &App<S>,
    champ: &Championship,
    account: &str,
) -> Result<PlayerFacts, Problem> {
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
