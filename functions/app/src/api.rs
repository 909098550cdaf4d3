//! The app acts through the API itself: a submitted form becomes the
//! request a client would send (the same path, body, token and
//! idempotency key) and is handed, in the same process, to the API function
//! that owns the route. So the roles, the secrecy, the idempotency and the
//! refusals of a form are exactly the API's, with nothing to keep in step.
//!
//! The request proves its sender both ways the API's functions read: the
//! session's token as a bearer (read by a local server's dev
//! authenticator) and the claims API Gateway's authorizer would have passed
//! on (read in AWS, where the app verified the session's ID token itself:
//! its own routes have no authorizer).

use crate::session::Session;
use arbiter_domain::competition::{Competition, Kind};
use arbiter_http::auth::Claims;
use arbiter_http::{App, Route};
use arbiter_store::{NotifyStore, Store};
use bytes::Bytes;
use http::{header, HeaderValue, Method, Request, Response};
use serde_json::Value;
use std::sync::Arc;

/// The API functions a form may reach, with their routes.
const FUNCTIONS: &[(&str, &[Route])] = &[
    ("register", register::ROUTES),
    ("pair-round", pair_round::ROUTES),
    ("submit-orders", submit_orders::ROUTES),
    ("record-vote", record_vote::ROUTES),
    ("act", act::ROUTES),
    ("subscriptions", subscriptions::ROUTES),
    ("competitions", competitions::ROUTES),
];

/// What the API answered.
pub enum Answer {
    /// A 2xx, with its body and `Location` when it gave one.
    Done {
        body: Value,
        location: Option<String>,
    },
    /// A problem: its detail and the clause that refused, if one did.
    Refused {
        status: http::StatusCode,
        detail: String,
        clause: Option<String>,
    },
}

/// Sends `method path` with `body` as the session's user.
pub async fn call<S: Store + NotifyStore>(
    app: &Arc<App<S>>,
    session: &Session,
    method: Method,
    path: &str,
    body: Option<&Value>,
    key: Option<&str>,
) -> Answer {
    let bytes = body.map(|b| Bytes::from(b.to_string())).unwrap_or_default();
    let mut req = Request::new(bytes);
    *req.method_mut() = method.clone();
    *req.uri_mut() = match path.parse() {
        Ok(uri) => uri,
        Err(_) => return refused(http::StatusCode::NOT_FOUND, "no such address"),
    };
    let headers = req.headers_mut();
    if let Ok(v) = HeaderValue::from_str(&format!("Bearer {}", session.token)) {
        headers.insert(header::AUTHORIZATION, v);
    }
    if body.is_some() {
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
    }
    if let Some(v) = key.and_then(|k| HeaderValue::from_str(k).ok()) {
        headers.insert("idempotency-key", v);
    }
    req.extensions_mut().insert(Claims::of(&session.caller));
    read(to_function(app, &method, req).await)
}

/// The path a kind's action is posted to, and the body it sends there: its
/// own route without the `action` tag, or `POST /actions` with it.
pub fn route_of(competition: &Competition, body: Value) -> (String, Value) {
    let id = &competition.id;
    let action = body["action"].as_str().unwrap_or_default().to_owned();
    match Kind::dedicated_route(&action) {
        Some(route) => (
            format!("/v1/competitions/{id}/{}", route.segment()),
            without_action(body),
        ),
        None => (format!("/v1/competitions/{id}/actions"), body),
    }
}

/// A form's body without the `action` it carries: what a route that names
/// its own action reads.
pub fn without_action(mut body: Value) -> Value {
    if let Value::Object(fields) = &mut body {
        fields.remove("action");
    }
    body
}

async fn to_function<S: Store + NotifyStore>(
    app: &Arc<App<S>>,
    method: &Method,
    req: Request<Bytes>,
) -> Response<Bytes> {
    let path = req.uri().path().to_owned();
    let owner = FUNCTIONS
        .iter()
        .filter(|(_, routes)| {
            routes
                .iter()
                .any(|r| r.method == *method && r.matches(&path).is_some())
        })
        .map(|(name, _)| *name)
        .next()
        .unwrap_or("competitions");
    let app = Arc::clone(app);
    match owner {
        "register" => register::handle(app, req).await,
        "pair-round" => pair_round::handle(app, req).await,
        "submit-orders" => submit_orders::handle(app, req).await,
        "record-vote" => record_vote::handle(app, req).await,
        "act" => act::handle(app, req).await,
        "subscriptions" => subscriptions::handle(app, req).await,
        _ => competitions::handle(app, req).await,
    }
}

fn read(response: Response<Bytes>) -> Answer {
    let status = response.status();
    let location = response
        .headers()
        .get(header::LOCATION)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let body: Value = serde_json::from_slice(response.body()).unwrap_or(Value::Null);
    if status.is_success() {
        return Answer::Done { body, location };
    }
    Answer::Refused {
        status,
        detail: body["detail"]
            .as_str()
            .unwrap_or("the request was refused")
            .to_owned(),
        clause: body["clause"].as_str().map(str::to_owned),
    }
}

fn refused(status: http::StatusCode, detail: &str) -> Answer {
    Answer::Refused {
        status,
        detail: detail.to_owned(),
        clause: None,
    }
}
