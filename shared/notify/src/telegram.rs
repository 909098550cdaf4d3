//! Telegram bots: `POST {base}/bot{token}/sendMessage` with `{"chat_id", "text"}`.
//!
//! Groups that play in a Telegram chat get reminders (wm D.VII.1) and pairings
//! (acwc IV.E) there. Telegram refuses texts over 4096 characters, so the text is cut
//! cleanly. It answers `{"ok": true, "result": {...}}` or `{"ok": false, "error_code",
//! "description", "parameters": {"retry_after": n}}`; the latter's `retry_after` is
//! obeyed on 429.

use crate::channel::{check_url, Channel};
use crate::message::{Message, Target};
use crate::outcome::{Delivered, DeliveryError};
use crate::retry::{retry_after_header, seconds, Attempt, Retrier};
use crate::text::truncate_utf16;
use crate::webhook::truncate_detail;

/// Telegram's limit on a message's text.
pub const TELEGRAM_MAX: usize = 4096;

/// The production API base.
pub const TELEGRAM_API: &str = "https://api.telegram.org";

/// The Telegram adapter: one bot, any chat.
#[derive(Clone)]
pub struct TelegramChannel {
    client: reqwest::Client,
    retrier: Retrier,
    base: String,
    token: String,
}

impl std::fmt::Debug for TelegramChannel {
    // The token is a credential: never in logs.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TelegramChannel")
            .field("base", &self.base)
            .finish_non_exhaustive()
    }
}

impl TelegramChannel {
    /// A bot at `base` (use [`TELEGRAM_API`] in production) with its `token`.
    pub fn new(
        client: reqwest::Client,
        retrier: Retrier,
        base: impl Into<String>,
        token: impl Into<String>,
    ) -> Self {
        TelegramChannel {
            client,
            retrier,
            base: base.into().trim_end_matches('/').to_string(),
            token: token.into(),
        }
    }

    async fn attempt(&self, url: &reqwest::Url, body: &serde_json::Value) -> Attempt {
        let response = match self.client.post(url.clone()).json(body).send().await {
            Ok(r) => r,
            Err(e) => return Attempt::from_transport(e),
        };
        let status = response.status();
        let header_wait = retry_after_header(response.headers());
        let text = response.text().await.unwrap_or_default();
        let json: Option<serde_json::Value> = serde_json::from_str(&text).ok();
        let ok = json
            .as_ref()
            .and_then(|j| j.get("ok"))
            .and_then(|o| o.as_bool());
        if status.is_success() && ok == Some(true) {
            let id = json
                .as_ref()
                .and_then(|j| j.pointer("/result/message_id"))
                .map(|i| i.to_string());
            return Attempt::Sent(id);
        }
        let description = json
            .as_ref()
            .and_then(|j| j.get("description"))
            .and_then(|d| d.as_str())
            .map(str::to_string)
            .unwrap_or(text);
        let body_wait = json
            .as_ref()
            .and_then(|j| j.pointer("/parameters/retry_after"))
            .and_then(|r| r.as_f64())
            .and_then(seconds);
        let code = if status.is_success() {
            // `ok: false` under a 200: take Telegram's own code, else treat as a refusal.
            json.as_ref()
                .and_then(|j| j.get("error_code"))
                .and_then(|c| c.as_u64())
                .and_then(|c| u16::try_from(c).ok())
                .unwrap_or(400)
        } else {
            status.as_u16()
        };
        Attempt::from_status(
            "telegram",
            code,
            truncate_detail(description),
            body_wait.or(header_wait),
        )
    }
}

impl Channel for TelegramChannel {
    async fn deliver(
        &self,
        target: &Target,
        message: &Message,
    ) -> Result<Delivered, DeliveryError> {
        let Target::Telegram { chat_id } = target else {
            return Err(DeliveryError::WrongTarget {
                channel: "telegram",
                target: target.kind(),
            });
        };
        let url =
            check_url(&format!("{}/bot{}/sendMessage", self.base, self.token)).map_err(|_| {
                DeliveryError::BadUrl {
                    url: self.base.clone(),
                    reason: "not an HTTPS base URL".into(),
                }
            })?;
        // Numeric ids go as numbers, `@channel` names as strings, as the API takes both.
        let chat: serde_json::Value = match chat_id.parse::<i64>() {
            Ok(n) => n.into(),
            Err(_) => chat_id.clone().into(),
        };
        let body = serde_json::json!({
            "chat_id": chat,
            "text": truncate_utf16(&message.render_plain(), TELEGRAM_MAX),
        });
        self.retrier
            .run(target, message, || self.attempt(&url, &body))
            .await
    }
}
