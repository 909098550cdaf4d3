//! The `competitions` function: what every kind shares. Create a competition
//! (the caller becomes its organizer), grant and revoke roles, read a
//! competition, list the caller's competitions, read the audit log, say who
//! the caller is, list competitions publicly; and the API description itself.

use arbiter_domain::competition::{Command, CompetitionId, Kind, LogEntry, Role, UserId};
use arbiter_domain::resource::{Query, Resource};
use arbiter_http::request::{idempotency, json_body, page_limit, query};
use arbiter_http::{created, dispatch, json, App, Call, Problem, Route};
use arbiter_store::Store;
use bytes::Bytes;
use http::{Method, Request, Response, StatusCode};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::sync::Arc;

pub mod listing;

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
    Route::new(Method::GET, "/v1/competitions/{id}/acts", "getActs"),
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
    Route::public(Method::GET, "/v1/clock", "getClock"),
];

/// A page of the audit log holds this many entries unless the caller asks
/// for another number.
pub const DEFAULT_LOG_PAGE: usize = 100;
/// The most log entries one page returns.
pub const MAX_LOG_PAGE: usize = 500;

pub async fn handle<S: Store>(app: Arc<App<S>>, req: Request<Bytes>) -> Response<Bytes> {
    dispatch(&app, ROUTES, req, |call| async {
        match call.operation {
            "getOpenApi" => Ok(openapi()),
            "createCompetition" => create(&app, call).await,
            "listMyCompetitions" => listing::mine(&app, call).await,
            "getCompetition" => get(&app, call).await,
            "grantRole" => grant(&app, call).await,
            "revokeRole" => revoke(&app, call).await,
            "getLog" => log(&app, call).await,
            "getActs" => acts(&app, call).await,
            "getRules" => rules(&app, call).await,
            "getTrf" => trf(&app, call).await,
            "getResource" | "getResourceEntry" => resource(&app, call).await,
            "tick" => tick(&app, call).await,
            "setPublic" => listing::set_public(&app, call).await,
            "getMe" => listing::me(&app, call).await,
            "listPublicCompetitions" => listing::public(&app, call).await,
            "getClock" => Ok(clock(&app, &call)),
            other => unreachable!("route without operation {other}"),
        }
    })
    .await
}

/// The server's time (`GET /v1/clock`): what deadlines are measured
/// against, which a rehearsal (`arbiter serve --clock`) sets apart from the
/// real time that the `Date` header keeps saying.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ClockView {
    /// The server's now, RFC 3339 in UTC with milliseconds.
    #[serde(serialize_with = "millis")]
    pub now: chrono::DateTime<chrono::Utc>,
    /// Simulated seconds per real second: 1 on the real clock, more in a
    /// fast rehearsal, 0 on a test's clock that only moves when told.
    pub rate: f64,
    /// Whether `now` is a rehearsal's time rather than the real time.
    pub rehearsal: bool,
}

fn millis<S: serde::Serializer>(
    t: &chrono::DateTime<chrono::Utc>,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.serialize_str(&t.to_rfc3339_opts(chrono::SecondsFormat::Millis, true))
}

fn clock<S: Store>(app: &App<S>, call: &Call) -> Response<Bytes> {
    json(
        StatusCode::OK,
        &ClockView {
            now: call.now,
            rate: app.clock.rate(),
            rehearsal: app.clock.rehearsal(),
        },
    )
}

fn openapi() -> Response<Bytes> {
    let mut r = Response::new(Bytes::from_static(OPENAPI.as_bytes()));
    r.headers_mut().insert(
        http::header::CONTENT_TYPE,
        http::HeaderValue::from_static("application/json"),
    );
    r
}

/// The body of `POST /v1/competitions`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateCompetition {
    /// Optional client-chosen id (a-z, 0-9, '-'); generated otherwise.
    pub id: Option<CompetitionId>,
    pub kind: Kind,
    /// 1 to 200 characters (arbiter roles: the create command refuses
    /// others).
    #[schemars(length(min = 1, max = 200))]
    pub name: String,
}

async fn create<S: Store>(app: &App<S>, call: Call) -> Result<Response<Bytes>, Problem> {
    let body: CreateCompetition = json_body(&call.request)?;
    let idem = idempotency(&call.request)?;
    let id = match (&body.id, &idem) {
        (Some(id), _) => id.clone(),
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
        .execute(&id, &command, &call.context(), idem)
        .await?;
    Ok(created(&format!("/v1/competitions/{id}"), &receipt))
}

async fn get<S: Store>(app: &App<S>, call: Call) -> Result<Response<Bytes>, Problem> {
    let id = arbiter_http::competition_id(&call)?;
    let state = app
        .service
        .load(&id)
        .await?
        .ok_or_else(|| Problem::not_found("no such competition"))?;
    call.saw(state.version);
    Ok(json(StatusCode::OK, &state.view(Some(&call.caller().user))))
}

/// What the caller may do now (`GET /v1/competitions/{id}/acts`).
#[derive(Debug, Serialize, JsonSchema)]
pub struct ActList {
    pub competition: CompetitionId,
    /// The kind's offers its rules accept from the caller now, most
    /// pressing first.
    pub acts: Vec<arbiter_domain::competition::Act>,
}

async fn acts<S: Store>(app: &App<S>, call: Call) -> Result<Response<Bytes>, Problem> {
    let state = arbiter_http::load_competition(app, &call).await?;
    let caller = call.caller();
    let list = ActList {
        competition: state.id.clone(),
        acts: state.acts(&caller.user, caller.may_organize, call.now),
    };
    Ok(json(StatusCode::OK, &list))
}

/// The TD's clock: runs what is due now in this competition, as the
/// schedules would, for the organizer and the officials the kind names.
/// Answers what it did (commits and events appended); the events are read
/// from the log, redacted for each viewer.
async fn tick<S: Store>(app: &App<S>, call: Call) -> Result<Response<Bytes>, Problem> {
    let id = arbiter_http::competition_id(&call)?;
    let idem = idempotency(&call.request)?;
    let expected = call.if_match();
    let report = app
        .service
        .tick_if(&id, &call.context(), idem, expected.as_deref())
        .await?;
    Ok(json(StatusCode::OK, &report))
}

/// The body of `POST /v1/competitions/{id}/roles`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RoleGrant {
    pub user: UserId,
    pub role: Role,
}

async fn grant<S: Store>(app: &App<S>, call: Call) -> Result<Response<Bytes>, Problem> {
    let id = arbiter_http::competition_id(&call)?;
    let body: RoleGrant = json_body(&call.request)?;
    let idem = idempotency(&call.request)?;
    let command = Command::GrantRole {
        user: body.user,
        role: body.role,
    };
    let expected = call.if_match();
    let receipt = app
        .service
        .execute_if(&id, &command, &call.context(), idem, expected.as_deref())
        .await?;
    Ok(json(StatusCode::OK, &receipt))
}

async fn revoke<S: Store>(app: &App<S>, call: Call) -> Result<Response<Bytes>, Problem> {
    let id = arbiter_http::competition_id(&call)?;
    let user = UserId::try_from(call.param("user")).map_err(|r| Problem::invalid(r.detail))?;
    let role: Role =
        serde_json::from_value(serde_json::Value::String(call.param("role").to_owned()))
            .map_err(|_| Problem::invalid(format!("unknown role {:?}", call.param("role"))))?;
    let command = Command::RevokeRole { user, role };
    let expected = call.if_match();
    let receipt = app
        .service
        .execute_if(&id, &command, &call.context(), None, expected.as_deref())
        .await?;
    Ok(json(StatusCode::OK, &receipt))
}

/// A page of the audit log (`GET /v1/competitions/{id}/log`).
#[derive(Serialize, JsonSchema)]
pub struct LogPage {
    pub competition: CompetitionId,
    /// The commits after `cursor`, oldest first, as the caller may see them.
    pub entries: Vec<LogEntry>,
    /// Pass as `cursor` for the next page; null on the last. It is the
    /// version of this page's last entry, so a client that follows the log
    /// may also pass the version of the last entry it read.
    pub next_cursor: Option<String>,
}

/// A page of the audit log: `limit` commits after the version `cursor`
/// names. A cursor past the competition's current version names no entry
/// and is refused, as is one that is not a version.
async fn log<S: Store>(app: &App<S>, call: Call) -> Result<Response<Bytes>, Problem> {
    let id = arbiter_http::competition_id(&call)?;
    let limit = page_limit(&call.request, DEFAULT_LOG_PAGE, MAX_LOG_PAGE)?;
    let refused = || Problem::invalid("cursor is not one this API handed out");
    let after = match query(&call.request, "cursor") {
        None => 0,
        Some(c) => c.parse::<u64>().map_err(|_| refused())?,
    };
    // One more than the page tells whether another page follows.
    let mut commits = app.service.log(&id, after, limit + 1).await?;
    let state = app
        .service
        .load(&id)
        .await?
        .ok_or_else(|| Problem::not_found("no such competition"))?;
    if after > state.version {
        return Err(refused());
    }
    call.saw(state.version);
    let more = commits.len() > limit;
    commits.truncate(limit);
    let next_cursor = more
        .then(|| commits.last().map(|c| c.version.to_string()))
        .flatten();
    let viewer = Some(&call.caller().user);
    let page = LogPage {
        competition: id,
        entries: commits
            .iter()
            .map(|c| c.log_entry(&state, viewer))
            .collect(),
        next_cursor,
    };
    Ok(json(StatusCode::OK, &page))
}

/// A Nomic game's rule book in the seed's export format, now or as of `at`
/// (RFC 3339): every version stays readable (nomic 108, 109). The `rules`
/// resource; a kind without one answers 404 naming the resources it has.
async fn rules<S: Store>(app: &App<S>, call: Call) -> Result<Response<Bytes>, Problem> {
    let competition = arbiter_http::load_competition(app, &call).await?;
    read(&competition, "rules", None, &call)
}

/// A chess event as TRF-16, which other pairing software reads: a Swiss
/// event's completed rounds (`?format=2025` for TRF-2025), an ACWC
/// championship's Qualification. The `trf` resource; a kind without one
/// answers 404 naming the resources it has.
async fn trf<S: Store>(app: &App<S>, call: Call) -> Result<Response<Bytes>, Problem> {
    let competition = arbiter_http::load_competition(app, &call).await?;
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
