//! The `submit-orders` function: stores a power's Diplomacy orders for the current phase and answers a receipt (wm D.VII.7).
//!
//! The body is the kind's command without its `action`: each kind names the
//! action this route performs (`Rules::route_action`). A kind without one
//! answers 404 naming the kind, as does an unknown competition; 401 without
//! a token.

use arbiter_http::{dispatch, kind_action, App, KindRoute, Route};
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
        kind_action(app, &call, Some(KindRoute::Orders)).await
    })
    .await
}
