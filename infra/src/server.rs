//! One HTTP port for every function: a request is routed to the function
//! whose routes have its path, exactly as API Gateway routes it in AWS.

use arbiter_http::problem::Problem;
use arbiter_http::request::MAX_BODY;
use arbiter_http::{App, Route, ScheduleEvent};
use arbiter_service::SweepReport;
use arbiter_store::{NotifyStore, Store};
use bytes::Bytes;
use http::{Request, Response};
use std::sync::Arc;

/// Every HTTP function with its routes, in the order the router tries them.
pub const HTTP_FUNCTIONS: &[(&str, &[Route])] = &[
    ("competitions", competitions::ROUTES),
    ("register", register::ROUTES),
    ("pair-round", pair_round::ROUTES),
    ("submit-orders", submit_orders::ROUTES),
    ("record-vote", record_vote::ROUTES),
    ("act", act::ROUTES),
    ("subscriptions", subscriptions::ROUTES),
    ("pages", pages::ROUTES),
    ("app", app::ROUTES),
    ("telegram", telegram::ROUTES),
    ("inbound-mail", inbound_mail::ROUTES),
];

/// Every route of the API.
pub fn all_routes() -> impl Iterator<Item = (&'static str, &'static Route)> {
    HTTP_FUNCTIONS
        .iter()
        .flat_map(|(name, routes)| routes.iter().map(move |r| (*name, r)))
}

/// The function owning the route for `method` and `path`: the most literal
/// route with both (`POST …/rounds` before `GET …/{resource}`), as API
/// Gateway chooses; else the first with the path, which answers 405.
pub fn owner(method: &http::Method, path: &str) -> Option<&'static str> {
    all_routes()
        .filter(|(_, r)| r.method == *method && r.matches(path).is_some())
        .min_by_key(|(_, r)| r.placeholders())
        .or_else(|| all_routes().find(|(_, r)| r.matches(path).is_some()))
        .map(|(name, _)| name)
}

/// Hands `req` to the function that owns its route, answering CORS on the
/// way (a deployment's HTTP API does that itself).
pub async fn route<S: Store + NotifyStore>(
    app: Arc<App<S>>,
    req: Request<Bytes>,
) -> Response<Bytes> {
    if let Some(preflight) = app.cors.preflight(req.method(), req.headers()) {
        return preflight;
    }
    let headers = req.headers().clone();
    let cors = app.cors.clone();
    let mut response = to_function(app, req).await;
    cors.decorate(&headers, &mut response);
    response
}

async fn to_function<S: Store + NotifyStore>(
    app: Arc<App<S>>,
    req: Request<Bytes>,
) -> Response<Bytes> {
    let path = req.uri().path();
    let owner = owner(req.method(), path);
    match owner {
        Some("competitions") => competitions::handle(app, req).await,
        Some("register") => register::handle(app, req).await,
        Some("pair-round") => pair_round::handle(app, req).await,
        Some("submit-orders") => submit_orders::handle(app, req).await,
        Some("record-vote") => record_vote::handle(app, req).await,
        Some("act") => act::handle(app, req).await,
        Some("subscriptions") => subscriptions::handle(app, req).await,
        Some("pages") => pages::handle(app, req).await,
        Some("app") => app::handle(app, req).await,
        Some("telegram") => telegram::handle(app, req).await,
        Some("inbound-mail") => inbound_mail::handle(app, req).await,
        _ => Problem::not_found(format!("no resource at {path}")).into_response(),
    }
}

/// Runs a schedule's function, as EventBridge Scheduler would.
pub async fn fire<S: Store>(
    app: Arc<App<S>>,
    function: &str,
    schedule: &str,
) -> Result<SweepReport, Problem> {
    let event = ScheduleEvent {
        schedule: schedule.to_owned(),
    };
    match function {
        "pair-round" => pair_round::on_schedule(app, event).await,
        "apply-decay" => apply_decay::on_schedule(app, event).await,
        "adjudicate-deadline" => adjudicate_deadline::on_schedule(app, event).await,
        // The notifier is not part of the request path; the runtime that has one
        // runs its schedule (see `scheduler::spawn`).
        other => Err(Problem::invalid(format!("{other} runs no schedule here"))),
    }
}

/// The axum application: every request goes through [`route`].
pub fn router<S: Store + NotifyStore + Clone>(app: Arc<App<S>>) -> axum::Router {
    axum::Router::new().fallback(move |req: axum::extract::Request| {
        let app = Arc::clone(&app);
        async move {
            let (parts, body) = req.into_parts();
            let response = match axum::body::to_bytes(body, MAX_BODY).await {
                Ok(bytes) => route(app, Request::from_parts(parts, bytes)).await,
                Err(_) => {
                    // The rest of the body is never read, so this connection
                    // cannot carry another request: tell the client not to
                    // reuse it (RFC 9110 15.5.14).
                    let mut response = Problem::too_large(MAX_BODY).into_response();
                    response.headers_mut().insert(
                        http::header::CONNECTION,
                        http::HeaderValue::from_static("close"),
                    );
                    response
                }
            };
            response.map(axum::body::Body::from)
        }
    })
}
