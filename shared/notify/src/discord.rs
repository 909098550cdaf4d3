//! Discord channel webhooks: `POST {webhook_url}` with `{"content": ...}`.
//!
//! Club III.2.4 accepts declarations on the club's Discord, so confirmations and
//! reminders go back to the same channel. Discord refuses content over 2000 characters,
//! so the text is cut cleanly ([`crate::truncate_utf16`]) rather than refused. On 429,
//! Discord says how long to wait in the JSON body's `retry_after` (seconds, may be
//! fractional) and in `Retry-After`; the body wins as the more precise.

use crate::channel::{check_url, Channel};
use crate::message::{Message, Target};
use crate::outcome::{Delivered, DeliveryError};
use crate::retry::{retry_after_header, seconds, Attempt, Retrier};
use crate::text::truncate_utf16;
use crate::webhook::truncate_detail;

/// Discord's limit on a message's content.
pub const DISCORD_MAX: usize = 2000;

/// The Discord adapter.
#[derive(Debug, Clone)]
pub struct DiscordChannel {
    client: reqwest::Client,
    retrier: Retrier,
}

impl DiscordChannel {
    /// A Discord adapter; the webhook URL comes with each target.
    pub fn new(client: reqwest::Client, retrier: Retrier) -> Self {
        DiscordChannel { client, retrier }
    }

    async fn attempt(&self, url: &reqwest::Url, body: &serde_json::Value) -> Attempt {
        // `wait=true` makes Discord answer with the created message, whose id we keep.
        let mut url = url.clone();
        url.query_pairs_mut().append_pair("wait", "true");
        let response = match self.client.post(url).json(body).send().await {
            Ok(r) => r,
            Err(e) => return Attempt::from_transport(e),
        };
        let status = response.status();
        let header_wait = retry_after_header(response.headers());
        let text = response.text().await.unwrap_or_default();
        let json: Option<serde_json::Value> = serde_json::from_str(&text).ok();
        if status.is_success() {
            let id = json
                .as_ref()
                .and_then(|j| j.get("id"))
                .and_then(|i| i.as_str())
                .map(str::to_string);
            return Attempt::Sent(id);
        }
        let body_wait = json
            .as_ref()
            .and_then(|j| j.get("retry_after"))
            .and_then(|r| r.as_f64())
            .and_then(seconds);
        Attempt::from_status(
            "discord",
            status.as_u16(),
            truncate_detail(text),
            body_wait.or(header_wait),
        )
    }
}

impl Channel for DiscordChannel {
    async fn deliver(
        &self,
        target: &Target,
        message: &Message,
    ) -> Result<Delivered, DeliveryError> {
        let Target::Discord { webhook_url } = target else {
            return Err(DeliveryError::WrongTarget {
                channel: "discord",
                target: target.kind(),
            });
        };
        let url = check_url(webhook_url)?;
        // No pings: a rules notice must not mention @everyone by accident.
        let body = serde_json::json!({
            "content": truncate_utf16(&message.render_plain(), DISCORD_MAX),
            "allowed_mentions": { "parse": [] },
        });
        self.retrier
            .run(target, message, || self.attempt(&url, &body))
            .await
    }
}
