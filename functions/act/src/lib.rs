//! The `act` function: a competition kind's actions that fit no other
//! function — Nomic proposals, Points of Order and Judgements, club games,
//! sanctions, appeals and declarations. The body is the kind's command with
//! its `action` tag, e.g. `{"action": "propose", "change": {...}}`.
//!
//! Actions with a function of their own (votes, registrations) are refused
//! here with a pointer to their route, so each thing has one way to be done.

use arbiter_http::{dispatch, kind_action, App, Route};
use arbiter_store::Store;
use bytes::Bytes;
use http::{Method, Request, Response};
use std::sync::Arc;

pub const ROUTES: &[Route] = &[Route::new(
    Method::POST,
    "/v1/competitions/{id}/actions",
    "act",
)];

pub async fn handle<S: Store>(app: Arc<App<S>>, req: Request<Bytes>) -> Response<Bytes> {
    let app = &*app;
    dispatch(app, ROUTES, req, |call| async move {
        kind_action(app, &call, None).await
    })
    .await
}
