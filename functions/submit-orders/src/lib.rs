//! The `submit-orders` function: stores a power's Diplomacy orders for the current phase and answers a receipt (wm D.VII.7).
//!
//! The HTTP plumbing is complete; each competition kind's rules plug in
//! here as its issue lands. Until then the route answers 501 naming the
//! kind (404 for an unknown competition, 401 without a token).

use arbiter_http::{dispatch, kind, kind_action, App, Route};
use arbiter_store::Store;
use bytes::Bytes;
use http::{Method, Request, Response};
use std::sync::Arc;

pub const ROUTES: &[Route] = &[Route::new(
    Method::POST,
    "/v1/competitions/{id}/orders",
    "submitOrders",
)];

pub async fn handle<S: Store>(app: Arc<App<S>>, req: Request<Bytes>) -> Response<Bytes> {
    let app = &*app;
    dispatch(app, ROUTES, req, |call| async move {
        kind_action(app, &call, Some(kind::orders)).await
    })
    .await
}
