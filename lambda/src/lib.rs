//! Every Lambda function of the template runs this one program; the
//! function's `Handler` (Lambda passes it to a custom runtime as `_HANDLER`)
//! names the handler it serves. See `lambda/Cargo.toml` for why one binary.

use arbiter_http::lambda::{serve_http, serve_http_and_schedule, serve_schedule, Error};
use std::future::Future;
use std::pin::Pin;

/// The Handler names, one per function crate under `functions/`; a test
/// compares them with template.yaml.
pub const FUNCTIONS: &[&str] = &[
    "act",
    "adjudicate-deadline",
    "app",
    "apply-decay",
    "competitions",
    "inbound-mail",
    "notify",
    "pages",
    "pair-round",
    "record-vote",
    "register",
    "submit-orders",
    "subscriptions",
    "telegram",
];

/// A function's serving loop, boxed: each arm's future is large, and one
/// boxed type keeps `run`'s own future small.
type Serving = Pin<Box<dyn Future<Output = Result<(), Error>>>>;

/// Serves the function named `handler` until the runtime stops it.
pub async fn run(handler: &str) -> Result<(), Error> {
    match serving(handler) {
        Some(serving) => serving.await,
        None => Err(unknown(handler)),
    }
}

/// Why `handler` cannot be served: no function has that name.
pub fn unknown(handler: &str) -> Error {
    format!(
        "no function is called {handler:?} (the Handler in template.yaml must be one of {FUNCTIONS:?})"
    )
    .into()
}

fn serving(handler: &str) -> Option<Serving> {
    Some(match handler {
        "act" => Box::pin(serve_http(act::handle)),
        "app" => Box::pin(serve_http(app::handle)),
        "adjudicate-deadline" => Box::pin(serve_schedule(adjudicate_deadline::on_schedule)),
        "apply-decay" => Box::pin(serve_schedule(apply_decay::on_schedule)),
        "competitions" => Box::pin(serve_http(competitions::handle)),
        "inbound-mail" => Box::pin(inbound_mail::serve()),
        "notify" => Box::pin(notify::serve()),
        "pages" => Box::pin(serve_http(pages::handle)),
        "pair-round" => Box::pin(serve_http_and_schedule(
            pair_round::handle,
            pair_round::on_schedule,
        )),
        "record-vote" => Box::pin(serve_http(record_vote::handle)),
        "register" => Box::pin(serve_http(register::handle)),
        "submit-orders" => Box::pin(serve_http(submit_orders::handle)),
        "subscriptions" => Box::pin(serve_http(subscriptions::handle)),
        "telegram" => Box::pin(serve_http(telegram::handle)),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every listed name has a handler, and an unknown Handler is refused
    /// with the names it could have been (no panic, no silent default).
    #[test]
    fn every_listed_function_has_a_handler_and_nothing_else_does() {
        for name in FUNCTIONS {
            assert!(serving(name).is_some(), "{name}");
        }
        assert!(serving("bootstrap").is_none());
        assert!(serving("").is_none());
    }
}
