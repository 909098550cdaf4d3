//! The `telegram` function: the Telegram bot of a Nomic game.
//!
//! The Nomic seed is written for a Telegram group: rule-changes, votes,
//! Points of Order and Judgements are messages in its voting thread (nomic
//! 107, 113, 214), points are announced in its points thread (209), and
//! messages may not be edited or deleted (212). The bot makes those messages
//! the game's moves:
//!
//! - `POST /v1/telegram` is the bot's webhook (`setWebhook` with a
//!   `secret_token`; every update carries it, compared in constant time). A
//!   voting-thread message that opens with the rules' words is decided as
//!   the move it makes, for the player whose linked account posted it, at
//!   the time it was posted; the bot replies with what it did, or the rule
//!   that refused it. An edit changes nothing (212), and the bot says so. A
//!   total claimed in the points thread is checked (209). Telegram repeats an
//!   update it thinks was lost: each is applied once (its `update_id` is the
//!   command's idempotency key) and answered once.
//! - `PUT /v1/competitions/{id}/telegram` (organizer) names the group's
//!   threads; the points thread is subscribed to the game's announcements,
//!   so every change of points is posted there as the rules show it.
//! - `POST /v1/competitions/{id}/telegram/link-code` (a player) answers a
//!   one-time code to send the bot in a private chat (`/link <code>`).
//!
//! Replies go to the Bot API at the configured base address, so a local run
//! or a test points the bot at a fake on loopback.

pub mod code;
mod setup;
pub mod update;
mod webhook;

pub use setup::{LinkCode, TelegramGroup, TelegramThread};
pub use webhook::WebhookAnswer;

use arbiter_http::{dispatch, App, Problem, Route};
use arbiter_store::{NotifyStore, Store};
use bytes::Bytes;
use http::{Method, Request, Response};
use std::sync::Arc;

pub const ROUTES: &[Route] = &[
    Route::public(Method::POST, "/v1/telegram", "readTelegramUpdate"),
    Route::new(
        Method::PUT,
        "/v1/competitions/{id}/telegram",
        "linkTelegramGroup",
    ),
    Route::new(
        Method::POST,
        "/v1/competitions/{id}/telegram/link-code",
        "makeTelegramLinkCode",
    ),
];

pub async fn handle<S: Store + NotifyStore>(
    app: Arc<App<S>>,
    req: Request<Bytes>,
) -> Response<Bytes> {
    let app = &*app;
    dispatch(app, ROUTES, req, |call| async move {
        let Some(bot) = app.telegram.clone() else {
            return Err(Problem::not_found(
                "this deployment has no Telegram bot (give it a bot token and a webhook secret)",
            ));
        };
        match call.operation {
            "readTelegramUpdate" => webhook::read(app, &bot, &call).await,
            "linkTelegramGroup" => setup::link_group(app, &call).await,
            _ => setup::link_code(app, &bot, &call).await,
        }
    })
    .await
}
