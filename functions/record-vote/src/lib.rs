//! The `record-vote` function: casts a vote on any ballot: Nomic proposals, Diplomacy proposals, TMC votes, Court of Appeals panels.
//!
//! The HTTP plumbing is complete; each competition kind's rules plug in
//! here as its issue lands. Until then the route answers 501 naming the
//! kind (404 for an unknown competition, 401 without a token).

use arbiter_http::{dispatch, not_yet_for_kind, App, Route};
use arbiter_store::Store;
use bytes::Bytes;
use http::{Method, Request, Response};
use std::sync::Arc;

pub const ROUTES: &[Route] = &[Route::new(Method::POST, "/v1/competitions/{id}/votes", "recordVote")];

pub async fn handle<S: Store>(app: Arc<App<S>>, req: Request<Bytes>) -> Response<Bytes> {
    let app = &*app;
    dispatch(app, ROUTES, req, |call| async move { not_yet_for_kind(app, &call, "voting").await }).await
}
