//! The `record-vote` function: casts a vote on any ballot: Nomic proposals, Diplomacy proposals, TMC votes, Court of Appeals panels.
//!
//! The body is the kind's command without its `action`: each kind names the
//! action this route performs (`Rules::route_action`). A kind without one
//! answers 404 naming the kind, as does an unknown competition.

use arbiter_http::{dispatch, kind_action, App, KindRoute, Route};
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
        kind_action(app, &call, Some(KindRoute::Votes)).await
    })
    .await
}
