//! The `competitions` function: what every kind shares. Create a competition
//! (the caller becomes its organizer), grant and revoke roles, read a
//! competition, list the caller's competitions, read the audit log, say who
//! the caller is, list competitions publicly; and the API description itself.

use arbiter_domain::competition::{
    Actor, Command, CompetitionId, Context, Game, Kind, Role, UserId,
};
use arbiter_domain::resource::{Query, Resource};
use arbiter_http::request::{idempotency, json_body, query_number};
use arbiter_http::{created, dispatch, json, App, Call, Problem, Route};
use arbiter_store::Store;
use bytes::Bytes;
use http::{Method, Request, Response, StatusCode};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use std::sync::Arc;

mod listing;

/// The checked-in OpenAPI document, served as is.
pub const OPENAPI: &str = include_str!("../../../docs/openapi.json");

pub const ROUTES: &[Route] = &[
    Route::public(Method::GET, "/openapi.json", "getOpenApi"),
    Route::new(Method::POST, "/v1/competitions", "createCompetition"),
    Route::new(Method::GET, "/v1/competitions", "listMyCompetitions"),
    Route::new(Method::GET, "/v1/competitions/{id}", "getCompetition"),
    Route::new(Method::POST, "/v1/competitions/{id}/roles", "grantRole"),
    Route::new(
        Method::DELETE,
        "/v1/competitions/{id}/roles/{user}/{role}",
        "revokeRole",
    ),
    Route::new(Method::GET, "/v1/competitions/{id}/log", "getLog"),
    Route::new(Method::GET, "/v1/competitions/{id}/rules", "getRules"),
    Route::new(Method::GET, "/v1/competitions/{id}/trf", "getTrf"),
    Route::new(Method::POST, "/v1/competitions/{id}/tick", "tick"),
    // A kind's read resources (standings, rounds, ...); the literal routes
    // above win over these, here and in API Gateway.
    Route::new(
        Method::GET,
        "/v1/competitions/{id}/{resource}",
        "getResource",
    ),
    Route::new(
        Method::GET,
        "/v1/competitions/{id}/{resource}/{key}",
        "getResourceEntry",
    ),
    Route::new(Method::POST, "/v1/competitions/{id}/public", "setPublic"),
    Route::new(Method::GET, "/v1/me", "getMe"),
    Route::public(
        Method::GET,
        "/v1/public/competitions",
        "listPublicCompetitions",
    ),
];

/// The most log entries one page returns.
const MAX_LOG_PAGE: u64 = 500;

pub async fn handle<S: Store>(app: Arc<App<S>>, req: Request<Bytes>) -> Response<Bytes> {
    dispatch(&app, ROUTES, req, |call| async {
        match call.operation {
            "getOpenApi" => Ok(openapi()),
            "createCompetition" => create(&app, call).await,
            "listMyCompetitions" => mine(&app, call).await,
            "getCompetition" => get(&app, call).await,
            "grantRole" => grant(&app, call).await,
            "revokeRole" => revoke(&app, call).await,
            "getLog" => log(&app, call).await,
            "getRules" => rules(&app, call).await,
            "getTrf" => trf(&app, call).await,
            "getResource" | "getResourceEntry" => resource(&app, call).await,
            "tick" => tick(&app, call).await,
            "setPublic" => listing::set_public(&app, call).await,
            "getMe" => listing::me(&app, call).await,
            "listPublicCompetitions" => listing::public(&app, call).await,
            other => unreachable!("route without operation {other}"),
        }
    })
    .await
}

fn openapi() -> Response<Bytes> {
    let mut r = Response::new(Bytes::from_static(OPENAPI.as_bytes()));
    r.headers_mut().insert(
        http::header::CONTENT_TYPE,
        http::HeaderValue::from_static("application/json"),
    );
    r
}

pub fn competition_id(call: &Call) -> Result<CompetitionId, Problem> {
    CompetitionId::try_from(call.param("id")).map_err(|_| Problem::not_found("no such competition"))
}

pub fn context(call: &Call) -> Context {
    let caller = call.caller();
    Context {
        actor: Actor::User(caller.user.clone()),
        may_organize: caller.may_organize,
        now: call.now,
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateBody {
    /// Optional client-chosen id (a-z, 0-9, '-'); generated otherwise.
    id: Option<String>,
    kind: Kind,
    name: String,
}

async fn create<S: Store>(app: &App<S>, call: Call) -> Result<Response<Bytes>, Problem> {
    let body: CreateBody = json_body(&call.request)?;
    let idem = idempotency(&call.request)?;
    let id = match (&body.id, &idem) {
        (Some(id), _) => {
            CompetitionId::try_from(id.as_str()).map_err(|r| Problem::invalid(r.detail))?
        }
        // A retried create must find the competition its first attempt made,
        // so the id is derived from the caller and the key.
        (None, Some(idem)) => {
            let digest = Sha256::new()
                .chain_update(call.caller().user.as_str())
                .chain_update([0])
                .chain_update(&idem.key)
                .finalize();
            CompetitionId::try_from(format!("c-{}", &hex::encode(digest)[..20])).expect("valid id")
        }
        (None, None) => CompetitionId::try_from(format!(
            "c-{}",
            &uuid::Uuid::new_v4().simple().to_string()[..20]
        ))
        .expect("valid id"),
    };
    let command = Command::Create {
        kind: body.kind,
        name: body.name,
    };
    let receipt = app
        .service
        .execute(&id, &command, &context(&call), idem)
        .await?;
    Ok(created(&format!("/v1/competitions/{id}"), &receipt))
}

async fn mine<S: Store>(app: &App<S>, call: Call) -> Result<Response<Bytes>, Problem> {
    let ids = app.service.competitions_of(&call.caller().user).await?;
    Ok(json(
        StatusCode::OK,
        &serde_json::json!({ "competitions": ids }),
    ))
}

async fn get<S: Store>(app: &App<S>, call: Call) -> Result<Response<Bytes>, Problem> {
    let id = competition_id(&call)?;
    let state = app
        .service
        .load(&id)
        .await?
        .ok_or_else(|| Problem::not_found("no such competition"))?;
    call.saw(state.version);
    Ok(json(StatusCode::OK, &state.view(Some(&call.caller().user))))
}

/// The TD's clock: runs what is due now in this competition, as the
/// schedules would, for the organizer and the officials the kind names.
/// Answers what it did (commits and events appended); the events are read
/// from the log, redacted for each viewer.
async fn tick<S: Store>(app: &App<S>, call: Call) -> Result<Response<Bytes>, Problem> {
    let id = competition_id(&call)?;
    let idem = idempotency(&call.request)?;
    let expected = call.if_match();
    let report = app
        .service
        .tick_if(&id, &context(&call), idem, expected.as_deref())
        .await?;
    Ok(json(StatusCode::OK, &report))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GrantBody {
    user: UserId,
    role: Role,
}

async fn grant<S: Store>(app: &App<S>, call: Call) -> Result<Response<Bytes>, Problem> {
    let id = competition_id(&call)?;
    let body: GrantBody = json_body(&call.request)?;
    let idem = idempotency(&call.request)?;
    let command = Command::GrantRole {
        user: body.user,
        role: body.role,
    };
    let expected = call.if_match();
    let receipt = app
        .service
        .execute_if(&id, &command, &context(&call), idem, expected.as_deref())
        .await?;
    Ok(json(StatusCode::OK, &receipt))
}

async fn revoke<S: Store>(app: &App<S>, call: Call) -> Result<Response<Bytes>, Problem> {
    let id = competition_id(&call)?;
    let user = UserId::try_from(call.param("user")).map_err(|r| Problem::invalid(r.detail))?;
    let role: Role =
        serde_json::from_value(serde_json::Value::String(call.param("role").to_owned()))
            .map_err(|_| Problem::invalid(format!("unknown role {:?}", call.param("role"))))?;
    let command = Command::RevokeRole { user, role };
    let expected = call.if_match();
    let receipt = app
        .service
        .execute_if(&id, &command, &context(&call), None, expected.as_deref())
        .await?;
    Ok(json(StatusCode::OK, &receipt))
}

async fn log<S: Store>(app: &App<S>, call: Call) -> Result<Response<Bytes>, Problem> {
    let id = competition_id(&call)?;
    let after = query_number(&call.request, "after", 0)?;
    let limit = query_number(&call.request, "limit", 100)?.clamp(1, MAX_LOG_PAGE);
    let commits = app.service.log(&id, after, limit as usize).await?;
    let state = app
        .service
        .load(&id)
        .await?
        .ok_or_else(|| Problem::not_found("no such competition"))?;
    call.saw(state.version);
    let next_after = (commits.len() as u64 == limit).then(|| commits.last().map(|c| c.version));
    let viewer = Some(&call.caller().user);
    let entries: Vec<_> = commits
        .iter()
        .map(|c| c.log_entry(&state, viewer))
        .collect();
    Ok(json(
        StatusCode::OK,
        &serde_json::json!({ "competition": id, "entries": entries, "next_after": next_after.flatten() }),
    ))
}

/// A Nomic game's rule book in the seed's export format, now or as of `at`
/// (RFC 3339): every version stays readable (nomic 108, 109). The same
/// document as the `rules` resource.
async fn rules<S: Store>(app: &App<S>, call: Call) -> Result<Response<Bytes>, Problem> {
    let competition = arbiter_http::load_competition(app, &call).await?;
    if !matches!(competition.game, Game::Nomic(_)) {
        return Err(Problem::not_found("only Nomic games have a rule book"));
    }
    read(&competition, "rules", None, &call)
}

/// A chess event as TRF-16, which other pairing software reads: a Swiss
/// event's completed rounds, an ACWC championship's Qualification. The same
/// document as the `trf` resource.
async fn trf<S: Store>(app: &App<S>, call: Call) -> Result<Response<Bytes>, Problem> {
    let competition = arbiter_http::load_competition(app, &call).await?;
    if !matches!(competition.game, Game::Swiss(_) | Game::Acwc(_)) {
        return Err(Problem::not_found("only chess events have a TRF"));
    }
    read(&competition, "trf", None, &call)
}

/// `GET /v1/competitions/{id}/{resource}[/{key}]`: one of the kind's read
/// resources, as the caller may see it, paged by `?limit=N&cursor=C`.
async fn resource<S: Store>(app: &App<S>, call: Call) -> Result<Response<Bytes>, Problem> {
    let competition = arbiter_http::load_competition(app, &call).await?;
    let key = call.params.get("key").map(str::to_owned);
    read(&competition, call.param("resource"), key, &call)
}

fn read(
    competition: &arbiter_domain::competition::Competition,
    name: &str,
    key: Option<String>,
    call: &Call,
) -> Result<Response<Bytes>, Problem> {
    let params = call
        .request
        .uri()
        .query()
        .map(|q| form_urlencoded::parse(q.as_bytes()).into_owned().collect())
        .unwrap_or_default();
    let query = Query::new(key, params)?;
    let viewer = Some(&call.caller().user);
    match competition
        .game
        .resource(competition, name, &query, viewer)?
    {
        Resource::Json(value) => Ok(json(StatusCode::OK, &value)),
        Resource::Text(text) => {
            let mut r = Response::new(Bytes::from(text));
            r.headers_mut().insert(
                http::header::CONTENT_TYPE,
                http::HeaderValue::from_static("text/plain; charset=utf-8"),
            );
            Ok(r)
        }
    }
}
