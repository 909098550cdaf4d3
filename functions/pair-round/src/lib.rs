//! The `pair-round` function: pairs and publishes the next round, when the organizer asks and on the weekly schedule (acwc IV.D).
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
    "/v1/competitions/{id}/rounds",
    "pairRound",
)];

pub async fn handle<S: Store>(app: Arc<App<S>>, req: Request<Bytes>) -> Response<Bytes> {
    let app = &*app;
    dispatch(app, ROUTES, req, |call| async move {
        kind_action(app, &call, Some(KindRoute::Rounds)).await
    })
    .await
}

/// The function's name in the schedule table.
pub const FUNCTION: &str = "pair-round";

/// The weekly publication schedule: ticks every competition due.
pub async fn on_schedule<S: Store>(
    app: Arc<App<S>>,
    event: arbiter_http::ScheduleEvent,
) -> Result<arbiter_service::SweepReport, arbiter_http::Problem> {
    arbiter_http::run_schedule(&app, FUNCTION, &event).await
}
