//! Who the caller is and where they take part (`GET /v1/me`), and the
//! competitions their organizers list publicly (`GET /v1/public/competitions`,
//! no sign-in needed; an organizer lists one with `POST .../public`).

use arbiter_domain::competition::{Command, Competition, UserId};
use arbiter_http::request::{json_body, query, query_number};
use arbiter_http::{json, App, Call, Problem};
use arbiter_store::Store;
use bytes::Bytes;
use http::{Response, StatusCode};
use serde::Deserialize;
use serde_json::{json, Value};

/// The most competitions one page of a listing (`/v1/me`, the public
/// listing) holds.
const MAX_PUBLIC_PAGE: u64 = 100;

/// A competition as a listing shows it: no kind state, no roster.
fn summary(state: &Competition) -> Value {
    json!({
        "id": state.id,
        "kind": state.kind,
        "name": state.name,
        "created_at": state.created_at,
        "organizer": state.organizer,
        "version": state.version,
        "public": state.public,
    })
}

/// The caller: their id, their platform roles (`organizer`: may create
/// competitions), and a page of the competitions they belong to, in id
/// order, with their roles in each: `limit` (1 to 100, default 20) after the
/// `cursor` the previous page answered as `next_cursor`. Only the page's
/// competitions are loaded, however many the caller belongs to.
pub async fn me<S: Store>(app: &App<S>, call: Call) -> Result<Response<Bytes>, Problem> {
    let caller = call.caller();
    let limit = query_number(&call.request, "limit", 20)?.clamp(1, MAX_PUBLIC_PAGE) as usize;
    let cursor = query(&call.request, "cursor");
    let mut ids = app.service.competitions_of(&caller.user).await?;
    ids.sort();
    ids.retain(|id| cursor.as_deref().is_none_or(|after| id.as_str() > after));
    let next_cursor = (ids.len() > limit).then(|| ids[limit - 1].as_str().to_owned());
    let mut competitions = Vec::new();
    for id in ids.iter().take(limit) {
        if let Some(state) = app.service.load(id).await? {
            competitions.push(membership(&state, &caller.user));
        }
    }
    let platform: Vec<&str> = caller
        .may_organize
        .then_some("organizer")
        .into_iter()
        .collect();
    Ok(json(
        StatusCode::OK,
        &json!({
            "user": caller.user,
            "roles": platform,
            "competitions": competitions,
            "next_cursor": next_cursor,
        }),
    ))
}

fn membership(state: &Competition, user: &UserId) -> Value {
    let mut entry = summary(state);
    entry["roles"] = json!(state.roles.get(user).cloned().unwrap_or_default());
    entry
}

/// A page of the public listing: `limit` (1 to 100, default 20) after the
/// `cursor` the previous page answered as `next_cursor`.
pub async fn public<S: Store>(app: &App<S>, call: Call) -> Result<Response<Bytes>, Problem> {
    let limit = query_number(&call.request, "limit", 20)?.clamp(1, MAX_PUBLIC_PAGE);
    let cursor = query(&call.request, "cursor");
    let page = app
        .service
        .public_competitions(cursor.as_deref(), limit as usize)
        .await?;
    let listed: Vec<Value> = page.competitions.iter().map(|s| summary(s)).collect();
    Ok(json(
        StatusCode::OK,
        &json!({ "competitions": listed, "next_cursor": page.next }),
    ))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PublicBody {
    public: bool,
}

/// The organizer lists the competition publicly (`{"public": true}`) or
/// withdraws it (`false`).
pub async fn set_public<S: Store>(app: &App<S>, call: Call) -> Result<Response<Bytes>, Problem> {
    let id = crate::competition_id(&call)?;
    let body: PublicBody = json_body(&call.request)?;
    let command = Command::SetPublic {
        public: body.public,
    };
    arbiter_http::execute(app, &call, &id, &command).await
}
