//! Signed webhooks: a JSON POST that the receiver can authenticate.
//!
//! Headers on every try:
//! - `X-Arbiter-Timestamp`: unix seconds when the try was made;
//! - `X-Arbiter-Signature`: `sha256=` and the hex HMAC-SHA256, keyed with the
//!   subscription's secret, of `"{timestamp}.{body}"`;
//! - `Idempotency-Key`: the message id, the same on every try and every replay.
//!
//! Signing the timestamp with the body lets a receiver refuse replays older than it
//! likes; the idempotency key lets it drop the duplicates our retries may cause.

use crate::channel::{check_url, Channel, Delivered, DeliveryError};
use crate::message::{Message, Target};
use crate::retry::{retry_after_header, Attempt, Retrier};
use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::sync::Arc;

/// The timestamp header.
pub const TIMESTAMP_HEADER: &str = "X-Arbiter-Timestamp";
/// The signature header.
pub const SIGNATURE_HEADER: &str = "X-Arbiter-Signature";
/// The idempotency header.
pub const IDEMPOTENCY_HEADER: &str = "Idempotency-Key";

fn mac(secret: &[u8], timestamp: i64, body: &[u8]) -> Hmac<Sha256> {
    // HMAC takes keys of any length, so this cannot fail.
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC accepts any key length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    mac
}

/// The `X-Arbiter-Signature` value for `body` sent at `timestamp`.
pub fn sign(secret: &[u8], timestamp: i64, body: &[u8]) -> String {
    format!(
        "sha256={}",
        hex::encode(mac(secret, timestamp, body).finalize().into_bytes())
    )
}

/// Checks a signature header the way a receiver should: in constant time.
pub fn verify(secret: &[u8], timestamp: i64, body: &[u8], header: &str) -> bool {
    let Some(hex_sig) = header.strip_prefix("sha256=") else {
        return false;
    };
    let Ok(sig) = hex::decode(hex_sig) else {
        return false;
    };
    mac(secret, timestamp, body).verify_slice(&sig).is_ok()
}

/// The webhook adapter.
#[derive(Clone)]
pub struct WebhookChannel {
    client: reqwest::Client,
    retrier: Retrier,
    clock: Arc<dyn Fn() -> i64 + Send + Sync>,
}

impl std::fmt::Debug for WebhookChannel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WebhookChannel")
            .field("retrier", &self.retrier)
            .finish_non_exhaustive()
    }
}

impl WebhookChannel {
    /// A webhook adapter using the wall clock for timestamps.
    pub fn new(client: reqwest::Client, retrier: Retrier) -> Self {
        Self::with_clock(client, retrier, Arc::new(|| chrono::Utc::now().timestamp()))
    }

    /// A webhook adapter whose timestamps come from `clock` (unix seconds), for tests.
    pub fn with_clock(
        client: reqwest::Client,
        retrier: Retrier,
        clock: Arc<dyn Fn() -> i64 + Send + Sync>,
    ) -> Self {
        WebhookChannel {
            client,
            retrier,
            clock,
        }
    }

    async fn attempt(&self, url: &reqwest::Url, secret: &str, body: &[u8], id: &str) -> Attempt {
        let timestamp = (self.clock)();
        let response = self
            .client
            .post(url.clone())
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .header(TIMESTAMP_HEADER, timestamp.to_string())
            .header(SIGNATURE_HEADER, sign(secret.as_bytes(), timestamp, body))
            .header(IDEMPOTENCY_HEADER, id)
            .body(body.to_vec())
            .send()
            .await;
        let response = match response {
            Ok(r) => r,
            Err(e) => return Attempt::from_transport(e),
        };
        let status = response.status();
        if status.is_success() {
            return Attempt::Sent(None);
        }
        let retry_after = retry_after_header(response.headers());
        let detail = response.text().await.unwrap_or_default();
        Attempt::from_status(
            "webhook",
            status.as_u16(),
            truncate_detail(detail),
            retry_after,
        )
    }
}

/// Keeps error bodies short in errors and dead letters.
pub(crate) fn truncate_detail(detail: String) -> String {
    crate::text::truncate_utf16(&detail, 500)
}

impl Channel for WebhookChannel {
    async fn deliver(
        &self,
        target: &Target,
        message: &Message,
    ) -> Result<Delivered, DeliveryError> {
        let Target::Webhook { url, secret, .. } = target else {
            return Err(DeliveryError::WrongTarget {
                channel: "webhook",
                target: target.kind(),
            });
        };
        let url = check_url(url)?;
        let body = serde_json::to_vec(message).expect("a message serialises");
        self.retrier
            .run(target, message, || {
                self.attempt(&url, secret, &body, message.id.as_str())
            })
            .await
    }
}
