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

/// A text the bot posts: to a chat, in a forum topic, as a reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Post<'a> {
    /// A chat id (groups are negative) or `@username`.
    pub chat: &'a str,
    /// A forum topic (`message_thread_id`).
    pub topic: Option<&'a str>,
    /// The message it answers (`reply_parameters.message_id`).
    pub reply_to: Option<i64>,
    pub text: &'a str,
}

impl Post<'_> {
    /// The `sendMessage` body. Numeric ids go as numbers, `@channel` names
    /// as strings, as the API takes both; a reply whose message is gone is
    /// still sent.
    fn body(&self) -> serde_json::Value {
        let number_or_text = |s: &str| -> serde_json::Value {
            match s.parse::<i64>() {
                Ok(n) => n.into(),
                Err(_) => s.into(),
            }
        };
        let mut body = serde_json::json!({
            "chat_id": number_or_text(self.chat),
            "text": truncate_utf16(self.text, TELEGRAM_MAX),
        });
        if let Some(topic) = self.topic {
            body["message_thread_id"] = number_or_text(topic);
        }
        if let Some(id) = self.reply_to {
            body["reply_parameters"] =
                serde_json::json!({"message_id": id, "allow_sending_without_reply": true});
        }
        body
    }
}

impl TelegramChannel {
    fn send_url(&self) -> Result<reqwest::Url, DeliveryError> {
        check_url(&format!("{}/bot{}/sendMessage", self.base, self.token)).map_err(|_| {
            DeliveryError::BadUrl {
                url: self.base.clone(),
                reason: "not an HTTPS base URL".into(),
            }
        })
    }

    /// A bot that only [answers](TelegramChannel::answer) messages it read:
    /// it never retries, so it keeps no dead letters.
    pub fn answering(
        client: reqwest::Client,
        base: impl Into<String>,
        token: impl Into<String>,
    ) -> Self {
        let retrier = Retrier::new(
            crate::RetryPolicy::default(),
            std::sync::Arc::new(crate::NoSleep),
            std::sync::Arc::new(crate::MemoryDeadLetters::default()),
        );
        Self::new(client, retrier, base, token)
    }

    /// Posts `post` once, now: the bot's answer to a message it read. An
    /// answer is worth nothing late, so it is not retried; the id of the
    /// posted message on success.
    pub async fn answer(&self, post: &Post<'_>) -> Result<Option<String>, DeliveryError> {
        match self.attempt(&self.send_url()?, &post.body()).await {
            Attempt::Sent(id) => Ok(id),
            Attempt::Transient { reason, .. } => Err(DeliveryError::Rejected {
                channel: "telegram",
                status: 503,
                detail: reason,
            }),
            Attempt::Final(e) => Err(e),
        }
    }
}

impl Channel for TelegramChannel {
    async fn deliver(
        &self,
        target: &Target,
        message: &Message,
    ) -> Result<Delivered, DeliveryError> {
        let Target::Telegram { chat_id, topic } = target else {
            return Err(DeliveryError::WrongTarget {
                channel: "telegram",
                target: target.kind(),
            });
        };
        let url = self.send_url()?;
        let text = message.render_plain();
        let body = Post {
            chat: chat_id,
            topic: topic.as_deref(),
            reply_to: None,
            text: &text,
        }
        .body();
        self.retrier
            .run(target, message, || self.attempt(&url, &body))
            .await
    }
}
