//! The port every adapter implements, and what a delivery can end in.

use crate::message::{Message, Target};
use crate::retry::DeadLetter;
use std::future::Future;

/// A delivered message: how many tries it took and the provider's id if it gave one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delivered {
    /// Tries made, 1 when the first succeeded; 0 when nothing was sent.
    pub attempts: u32,
    /// The provider's id for what it accepted (Telegram message id, SES MessageId, file).
    pub remote_id: Option<String>,
    /// True when the [`crate::Outbox`] skipped the send because the same message id had
    /// already gone to this target within its window.
    pub duplicate: bool,
}

impl Delivered {
    /// A send that happened after `attempts` tries.
    pub fn sent(attempts: u32, remote_id: Option<String>) -> Self {
        Delivered {
            attempts,
            remote_id,
            duplicate: false,
        }
    }
}

/// Why a message was not delivered.
#[derive(Debug, thiserror::Error)]
pub enum DeliveryError {
    /// The receiver refused the message for good (a 4xx other than 429, or `ok: false`):
    /// trying again would not help, so no retry and no dead letter.
    #[error("{channel} refused the message with {status}: {detail}")]
    Rejected {
        channel: &'static str,
        status: u16,
        detail: String,
    },
    /// Every try failed for a reason worth retrying; the dead letter went to the sink.
    #[error("gave up after {} tries: {}", .0.attempts, .0.last_error)]
    Exhausted(Box<DeadLetter>),
    /// The adapter was handed a target of another kind.
    #[error("the {channel} channel cannot deliver to a {target} target")]
    WrongTarget {
        channel: &'static str,
        target: &'static str,
    },
    /// A URL that is not HTTPS (loopback excepted, for tests) or does not parse.
    #[error("refused URL {url}: {reason}")]
    BadUrl { url: String, reason: String },
    /// A header value holding CR or LF, which would let text forge headers.
    #[error("the e-mail header {field} holds a line break")]
    HeaderInjection { field: &'static str },
    /// A value the provider cannot take (an empty recipient list, an invalid address).
    #[error("invalid {field}: {reason}")]
    Invalid { field: &'static str, reason: String },
    /// Writing the local .eml file failed.
    #[error("writing the e-mail file failed: {0}")]
    Io(#[from] std::io::Error),
    /// The e-mail provider's SDK failed (after its own retries).
    #[error("the e-mail provider failed: {0}")]
    Provider(String),
}

/// The delivery port. An adapter delivers one message to one target; retries, dead
/// letters and de-duplication wrap it, so a caller sees one outcome per message.
pub trait Channel: Send + Sync {
    /// Deliver `message` to `target`.
    fn deliver(
        &self,
        target: &Target,
        message: &Message,
    ) -> impl Future<Output = Result<Delivered, DeliveryError>> + Send;
}

/// The HTTP client the adapters should share in production: HTTPS through rustls,
/// and timeouts, because a receiver that never answers would otherwise hold the
/// invocation until the Lambda's own timeout instead of counting as a failed try.
/// Names are resolved at send time and internal answers dropped
/// ([`crate::address::PublicResolver`]), so no name reaches inside.
pub fn default_client() -> reqwest::Client {
    builder()
        .dns_resolver(std::sync::Arc::new(crate::address::PublicResolver))
        .build()
        .expect("a client with rustls builds")
}

/// The client of the local runtime (`arbiter serve` on one machine): as
/// [`default_client`], but a name may resolve to this machine, where a
/// developer's own receiver listens.
pub fn local_client() -> reqwest::Client {
    builder().build().expect("a client with rustls builds")
}

fn builder() -> reqwest::ClientBuilder {
    reqwest::Client::builder()
        .connect_timeout(std::time::Duration::from_secs(5))
        .timeout(std::time::Duration::from_secs(10))
        .user_agent(concat!("arbiter-notify/", env!("CARGO_PKG_VERSION")))
}

/// Refuses URLs that would send a notification in clear text: production targets are
/// HTTPS; plain HTTP is allowed only to loopback hosts, where the test fakes live.
pub fn check_url(url: &str) -> Result<reqwest::Url, DeliveryError> {
    let bad = |reason: &str| DeliveryError::BadUrl {
        url: url.to_string(),
        reason: reason.to_string(),
    };
    let parsed = reqwest::Url::parse(url).map_err(|e| bad(&e.to_string()))?;
    match parsed.scheme() {
        "https" => Ok(parsed),
        "http" => {
            let host = parsed.host_str().unwrap_or("");
            let host = host.trim_start_matches('[').trim_end_matches(']');
            let loopback = host == "localhost"
                || host
                    .parse::<std::net::IpAddr>()
                    .is_ok_and(|a| a.is_loopback());
            if loopback {
                Ok(parsed)
            } else {
                Err(bad("plain HTTP is allowed only to loopback"))
            }
        }
        _ => Err(bad("not an HTTPS URL")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_https_or_loopback_http_is_accepted() {
        assert!(check_url("https://hooks.example.org/a").is_ok());
        assert!(check_url("http://127.0.0.1:8080/a").is_ok());
        assert!(check_url("http://127.9.9.9/a").is_ok());
        assert!(check_url("http://localhost/a").is_ok());
        assert!(check_url("http://[::1]/a").is_ok());
        assert!(check_url("http://10.0.0.1/a").is_err());
        assert!(check_url("http://hooks.example.org/a").is_err());
        assert!(check_url("file:///etc/passwd").is_err());
        assert!(check_url("not a url").is_err());
    }

    #[test]
    fn the_default_client_builds() {
        let _ = default_client();
    }
}
