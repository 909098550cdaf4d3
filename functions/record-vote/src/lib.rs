//! The `record-vote` function: casts a vote on any ballot: Nomic proposals, Diplomacy proposals, TMC votes, Court of Appeals panels.
//!
//! The body is the kind's command without its `action` (the route names
//! it: see `arbiter_http::kind`). Kinds whose rules have not landed answer
//! 501 naming the kind; an unknown competition 404.

use arbiter_http::{dispatch, kind, kind_action, App, Route};
use arbiter_store::Store;
use bytes::Bytes;
use http::{Method, Request, Response};
use std::sync::Arc;

pub const ROUTES: &[Route] = &[Route::new(
    Method::POST,
    "/v1/competitions/{id}/votes",
    "recordVote",
)];

pub async fn handle<S: Store>(app: Arc<App<S>>, req: Request<Bytes>) -> Response<Bytes> {
    let app = &*app;
    dispatch(app, ROUTES, req, |call| async move {
        kind_action(app, &call, Some(kind::vote)).await
    })
    .await
}
