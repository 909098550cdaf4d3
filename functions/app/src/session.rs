//! The browser's session and the checks every post passes.
//!
//! - The session is a cookie holding the signed token the API itself
//!   accepts (a dev token locally, the user pool's ID token in AWS):
//!   `HttpOnly` (no script reads it), `SameSite=Lax` (no other
//!   site's form or script sends it along with a post), `Secure` (only over
//!   HTTPS; browsers treat the loopback address as secure, so the local
//!   server works too) and `Path=/`. Tokens never reach `localStorage`.
//! - Every form carries an anti-forgery token derived from the session's
//!   token (HMAC-SHA256 keyed by it): a page of another site can neither
//!   read the cookie nor compute the token.
//! - A post whose `Origin` is not this server's, or that the browser marks
//!   `Sec-Fetch-Site: cross-site`, is refused before anything is read.

use arbiter_domain::Refusal;
use arbiter_http::{Authenticator, Caller, Problem};
use hmac::{Hmac, Mac};
use http::{header, HeaderMap, HeaderValue};
use sha2::Sha256;

/// The session cookie's name.
pub const COOKIE: &str = "arbiter_session";

/// How long a session lasts, in seconds (the token's own expiry too).
pub const LIFETIME_SECONDS: i64 = 12 * 3600;

/// A signed-in browser: who, and the token the API accepts for them.
#[derive(Debug, Clone)]
pub struct Session {
    pub caller: Caller,
    pub token: String,
}

impl Session {
    /// The session of the request's cookie, if it holds a token the
    /// authenticator accepts.
    pub async fn of(auth: &Authenticator, headers: &HeaderMap) -> Option<Session> {
        let token = cookie(headers, COOKIE)?;
        let caller = auth.session(&token).await.ok()?;
        Some(Session { caller, token })
    }

    /// The anti-forgery token of this session's forms.
    pub fn csrf(&self) -> String {
        csrf_of(&self.token)
    }
}

/// The anti-forgery token for a session token.
pub fn csrf_of(token: &str) -> String {
    let mut mac =
        Hmac::<Sha256>::new_from_slice(token.as_bytes()).expect("HMAC takes a key of any length");
    mac.update(b"arbiter app form");
    hex::encode(mac.finalize().into_bytes())
}

/// Refuses a post another site sent: the browser's `Sec-Fetch-Site`, or
/// an `Origin` that is not the request's own host.
pub fn same_origin(headers: &HeaderMap) -> Result<(), Problem> {
    let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    if text("sec-fetch-site") == Some("cross-site") {
        return Err(forbidden());
    }
    if let Some(origin) = text("origin") {
        let host = text("host").unwrap_or_default();
        let own = origin
            .split_once("://")
            .is_some_and(|(_, rest)| rest.eq_ignore_ascii_case(host));
        if !own {
            return Err(forbidden());
        }
    }
    Ok(())
}

/// Refuses a form whose anti-forgery token is not the session's.
pub fn check_csrf(session: &Session, given: Option<&str>) -> Result<(), Problem> {
    let expected = session.csrf();
    let matches = given.is_some_and(|g| {
        g.len() == expected.len()
            && g.bytes()
                .zip(expected.bytes())
                .fold(0u8, |acc, (a, b)| acc | (a ^ b))
                == 0
    });
    if matches {
        Ok(())
    } else {
        Err(forbidden())
    }
}

/// The clause a forged or foreign post is refused under.
pub const FORGERY_CLAUSE: &str = "OWASP CSRF prevention";

fn forbidden() -> Problem {
    Problem::from(Refusal::forbidden(
        FORGERY_CLAUSE,
        "a form is accepted only from this server's own pages, with the token they carry",
    ))
}

/// The `Set-Cookie` value that signs `token` in for `seconds` (the
/// token's own lifetime: the browser drops it when it expires).
pub fn set_cookie(token: &str, seconds: i64) -> HeaderValue {
    HeaderValue::from_str(&format!(
        "{COOKIE}={token}; Path=/; Max-Age={seconds}; HttpOnly; Secure; SameSite=Lax"
    ))
    .expect("a JWT is a cookie value")
}

/// The `Set-Cookie` value that signs out.
pub fn clear_cookie() -> HeaderValue {
    HeaderValue::from_static("arbiter_session=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax")
}

/// The value of cookie `name`, if the request sent it.
pub(crate) fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.to_owned())
        .filter(|v| !v.is_empty())
}
