//! Signed webhooks in the Standard Webhooks format
//! (<https://www.standardwebhooks.com/>): a JSON POST any of its libraries
//! verifies with the subscription's `whsec_` secret.
//!
//! Headers on every try:
//! - `webhook-id`: the message id, the same on every try and every replay, so
//!   the receiver drops the duplicates our retries may cause;
//! - `webhook-timestamp`: unix seconds when the try was made;
//! - `webhook-signature`: `v1,` and the base64 HMAC-SHA256 of
//!   `"{id}.{timestamp}.{body}"`, keyed with the secret's bytes (the base64
//!   after `whsec_`).
//!
//! Signing the timestamp with the body lets a receiver refuse replays older
//! than it likes (the libraries allow five minutes).

use crate::channel::{check_url, Channel};
use crate::message::{Message, Target};
use crate::outcome::{Delivered, DeliveryError};
use crate::retry::{retry_after_header, Attempt, Retrier};
use base64::engine::general_purpose::STANDARD as BASE64;
use base64::Engine;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::sync::Arc;

/// The message id header.
pub const ID_HEADER: &str = "webhook-id";
/// The timestamp header.
pub const TIMESTAMP_HEADER: &str = "webhook-timestamp";
/// The signature header.
pub const SIGNATURE_HEADER: &str = "webhook-signature";
/// The prefix of a Standard Webhooks secret.
pub const SECRET_PREFIX: &str = "whsec_";

/// The HMAC key a secret stands for: the bytes its base64 after `whsec_`
/// encodes (a secret that is not base64 keys with its own bytes).
pub fn key_of(secret: &str) -> Vec<u8> {
    let encoded = secret.strip_prefix(SECRET_PREFIX).unwrap_or(secret);
    BASE64
        .decode(encoded)
        .unwrap_or_else(|_| secret.as_bytes().to_vec())
}

/// A new secret: 32 random bytes from two v4 UUIDs (244 random bits), as
/// `whsec_` and their base64.
pub fn new_secret() -> String {
    let mut bytes = Vec::with_capacity(32);
    bytes.extend_from_slice(uuid::Uuid::new_v4().as_bytes());
    bytes.extend_from_slice(uuid::Uuid::new_v4().as_bytes());
    format!("{SECRET_PREFIX}{}", BASE64.encode(bytes))
}

fn mac(secret: &str, id: &str, timestamp: i64, body: &[u8]) -> Hmac<Sha256> {
    // HMAC takes keys of any length, so this cannot fail.
    let mut mac =
        Hmac::<Sha256>::new_from_slice(&key_of(secret)).expect("HMAC accepts any key length");
    mac.update(id.as_bytes());
    mac.update(b".");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    mac
}

/// The `webhook-signature` value for message `id` with `body` sent at `timestamp`.
pub fn sign(secret: &str, id: &str, timestamp: i64, body: &[u8]) -> String {
    let digest = mac(secret, id, timestamp, body).finalize().into_bytes();
    format!("v1,{}", BASE64.encode(digest))
}

/// Checks a `webhook-signature` header the way a receiver should: any of its
/// space-separated `v1,` signatures, compared in constant time.
pub fn verify(secret: &str, id: &str, timestamp: i64, body: &[u8], header: &str) -> bool {
    header.split(' ').any(|candidate| {
        let Some(sig) = candidate
            .strip_prefix("v1,")
            .and_then(|b| BASE64.decode(b).ok())
        else {
            return false;
        };
        mac(secret, id, timestamp, body).verify_slice(&sig).is_ok()
    })
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
            .header(ID_HEADER, id)
            .header(TIMESTAMP_HEADER, timestamp.to_string())
            .header(SIGNATURE_HEADER, sign(secret, id, timestamp, body))
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
