//! The port every adapter implements, and the HTTP client and URL check the
//! adapters share. What a delivery ends in is in [`crate::outcome`].

use crate::message::{Message, Target};
use std::future::Future;

// The port's answers, reachable beside it as well as from the crate root.
pub use crate::outcome::{Delivered, DeliveryError};

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
