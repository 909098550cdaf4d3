//! The `pages` function: the public HTML pages of the
//! competitions their organizers list publicly, the index of those, the
//! one stylesheet and the one script (deadlines in the reader's time). No sign-in: a page shows what the rules let anyone see
//! (`arbiter_pages` renders from the kind's view for no viewer). A
//! competition that is not public answers the same 404 as one that does not
//! exist, so the pages tell nobody which private competitions there are.
//!
//! Every page carries an ETag (the competition's version and a digest of the
//! page; `If-None-Match` answers 304) and a `Cache-Control`: a short shared
//! lifetime for pages that change with play, a year and `immutable` for an
//! adjudicated phase's map, which never changes.

use arbiter_domain::competition::CompetitionId;
use arbiter_http::request::query;
use arbiter_http::{dispatch, App, Call, Problem, Route};
use arbiter_pages::Page;
use arbiter_store::Store;
use bytes::Bytes;
use chrono::{DateTime, DurationRound, TimeDelta, Utc};
use http::{header, HeaderValue, Method, Request, Response, StatusCode};
use std::sync::Arc;

pub const ROUTES: &[Route] = &[
    Route::public(Method::GET, "/pages", "getPublicIndexPage"),
    Route::public(Method::GET, "/pages/style.css", "getPagesStylesheet"),
    Route::public(Method::GET, "/pages/time.js", "getPagesTimeScript"),
    Route::public(Method::GET, "/pages/{id}", "getCompetitionPage"),
    Route::public(Method::GET, "/pages/{id}/{page}", "getCompetitionSubpage"),
    Route::public(
        Method::GET,
        "/pages/{id}/{page}/{key}",
        "getCompetitionEntryPage",
    ),
];

/// How long a shared cache may keep a page that changes with play.
const FRESH_SECONDS: u32 = 60;

/// The most competitions the index lists on one page.
const INDEX_PAGE: usize = 100;

pub async fn handle<S: Store>(app: Arc<App<S>>, req: Request<Bytes>) -> Response<Bytes> {
    let app2 = Arc::clone(&app);
    dispatch(&app, ROUTES, req, |call| async move {
        let app = app2;
        match call.operation {
            "getPublicIndexPage" => index(&app, &call).await,
            "getPagesStylesheet" => Ok(asset(arbiter_pages::STYLESHEET, "text/css; charset=utf-8")),
            "getPagesTimeScript" => Ok(asset(
                arbiter_pages::TIME_SCRIPT,
                "text/javascript; charset=utf-8",
            )),
            "getCompetitionPage" | "getCompetitionSubpage" | "getCompetitionEntryPage" => {
                competition(&app, &call).await
            }
            other => unreachable!("route without operation {other}"),
        }
    })
    .await
}

async fn index<S: Store>(app: &App<S>, call: &Call) -> Result<Response<Bytes>, Problem> {
    let cursor = query(&call.request, "cursor");
    let listed = app
        .service
        .public_competitions(cursor.as_deref(), INDEX_PAGE)
        .await?;
    let refs: Vec<&_> = listed.competitions.iter().map(|c| c.as_ref()).collect();
    let page = arbiter_pages::index(&refs, listed.next.as_deref(), as_of_the_hour(call));
    Ok(respond(StatusCode::OK, page))
}

/// A competition's page; 404 for an unknown or private competition, and
/// for a page the competition does not have.
async fn competition<S: Store>(app: &App<S>, call: &Call) -> Result<Response<Bytes>, Problem> {
    let missing = || respond(StatusCode::NOT_FOUND, arbiter_pages::not_found());
    let Ok(id) = CompetitionId::try_from(call.param("id")) else {
        return Ok(missing());
    };
    let Some(state) = app.service.load(&id).await?.filter(|s| s.public) else {
        return Ok(missing());
    };
    let mut segments: Vec<String> = ["page", "key"]
        .iter()
        .filter_map(|k| call.params.get(k).map(str::to_owned))
        .collect();
    // The rule book's date form (`rules?at=2026-03-17`) reads as the page
    // `rules/2026-03-17`, so it works without a script.
    if segments == ["rules"] {
        segments.extend(query(&call.request, "at").filter(|a| !a.is_empty()));
    }
    let segments: Vec<&str> = segments.iter().map(String::as_str).collect();
    let now = as_of_the_hour(call);
    match arbiter_pages::render_answered(&state, &segments, now, app.mail_domain.as_deref()) {
        Some(page) => {
            call.saw(state.version);
            Ok(respond(StatusCode::OK, page))
        }
        None => Ok(missing()),
    }
}

/// Pages are as of the hour: deadlines recur by the day at the finest,
/// and a calendar's stamp that moved each second would defeat the ETag.
fn as_of_the_hour(call: &Call) -> DateTime<Utc> {
    call.now
        .duration_trunc(TimeDelta::hours(1))
        .unwrap_or(call.now)
}

/// A file every page shares (the stylesheet, the script), cached an hour.
fn asset(body: &'static str, content_type: &'static str) -> Response<Bytes> {
    let mut r = Response::new(Bytes::from_static(body.as_bytes()));
    set(&mut r, header::CONTENT_TYPE, content_type);
    set(&mut r, header::CACHE_CONTROL, "public, max-age=3600");
    r
}

fn respond(status: StatusCode, page: Page) -> Response<Bytes> {
    let Page {
        content_type,
        body,
        immutable,
    } = page;
    let mut r = Response::new(Bytes::from(body));
    *r.status_mut() = status;
    set(&mut r, header::CONTENT_TYPE, content_type);
    let cache = if status != StatusCode::OK {
        "no-store".to_owned()
    } else if immutable {
        "public, max-age=31536000, immutable".to_owned()
    } else {
        format!("public, max-age={FRESH_SECONDS}")
    };
    if let Ok(v) = HeaderValue::from_str(&cache) {
        r.headers_mut().insert(header::CACHE_CONTROL, v);
    }
    // The pages draw nothing from elsewhere and run no script but their
    // own (`/pages/time.js`); a picture styles itself with its own
    // `<style>`.
    let policy = if content_type.starts_with("image/svg") {
        "default-src 'none'; style-src 'unsafe-inline'"
    } else {
        "default-src 'none'; style-src 'self'; img-src 'self' data:; script-src 'self'; form-action 'self'"
    };
    set(&mut r, header::CONTENT_SECURITY_POLICY, policy);
    r
}

fn set(r: &mut Response<Bytes>, name: header::HeaderName, value: &'static str) {
    r.headers_mut()
        .insert(name, HeaderValue::from_static(value));
}
