//! Signing in through the deployment's identity provider (in AWS, the user
//! pool's hosted UI, whose own "Sign up" link signs new people up).
//!
//! `GET /app/sign-in` sends the browser to the provider with a fresh state
//! and PKCE challenge, keeping the state and the verifier in a short-lived
//! cookie of the browser's own; `GET /app/callback` takes the code back
//! only with that state, redeems it with that verifier, verifies the ID
//! token and makes it the session. Every failure is a page saying why,
//! with the way back; none sets a session.

use crate::session;
use crate::{page, see_other};
use arbiter_app::screens;
use arbiter_http::oidc::{HostedSignIn, Pending, SignInError};
use arbiter_http::request::query;
use bytes::Bytes;
use http::{header, HeaderValue, Request, Response, StatusCode};

/// The cookie that keeps a pending sign-in until the provider sends the
/// browser back.
pub const PENDING_COOKIE: &str = "arbiter_sign_in";

/// Where the provider sends the browser back; the cookie goes there only.
pub const CALLBACK: &str = "/app/callback";

/// How long the browser may take at the provider's pages, in seconds.
const PENDING_SECONDS: i64 = 600;

/// `GET /app/sign-in`: off to the provider.
pub fn start(sign_in: &HostedSignIn) -> Response<Bytes> {
    let pending = Pending::draw();
    let mut r = see_other(&sign_in.oidc.authorize(&pending));
    r.headers_mut().append(
        header::SET_COOKIE,
        pending_cookie(&pending.to_cookie(), PENDING_SECONDS),
    );
    r
}

/// `GET /app/callback?code&state`: the session, or why not.
pub async fn callback(sign_in: &HostedSignIn, req: &Request<Bytes>) -> Response<Bytes> {
    let mut r = match finish(sign_in, req).await {
        Ok((token, seconds)) => {
            let mut r = see_other("/");
            r.headers_mut()
                .append(header::SET_COOKIE, session::set_cookie(&token, seconds));
            r
        }
        Err(e) => refused(&e),
    };
    // One use: a reloaded or replayed callback finds no pending sign-in.
    r.headers_mut()
        .append(header::SET_COOKIE, pending_cookie("", 0));
    r
}

/// The verified ID token and how long it has left, in seconds.
async fn finish(
    sign_in: &HostedSignIn,
    req: &Request<Bytes>,
) -> Result<(String, i64), SignInError> {
    // The provider's own refusals (the person cancelled, a bad request)
    // come back as `error`, RFC 6749 §4.1.2.1.
    if let Some(error) = query(req, "error") {
        let why = query(req, "error_description").unwrap_or(error);
        return Err(SignInError::Refused(why));
    }
    let pending = session::cookie(req.headers(), PENDING_COOKIE)
        .and_then(|v| Pending::from_cookie(&v))
        .ok_or(SignInError::NotStarted)?;
    let verifier = pending.check(&query(req, "state").unwrap_or_default())?;
    let code = query(req, "code")
        .filter(|c| !c.is_empty())
        .ok_or_else(|| SignInError::Refused("no code came back".into()))?;
    let (token, claims) = sign_in.redeem(&code, verifier).await?;
    let left = claims.exp - chrono::Utc::now().timestamp();
    Ok((token, left.max(0)))
}

/// The page a failed sign-in shows.
fn refused(e: &SignInError) -> Response<Bytes> {
    if let SignInError::Unavailable(detail) = e {
        tracing::warn!(%detail, "the identity provider did not answer");
    }
    page(e.status(), screens::sign_in_refused(&e.to_string()))
}

/// The page `GET /app/sign-in` shows where there is no way to sign in.
pub fn no_sign_in() -> Response<Bytes> {
    page(
        StatusCode::NOT_FOUND,
        screens::sign_in_refused("this deployment has no sign-in set up yet"),
    )
}

/// Sign-out's way on: the provider ends its own session too (else its
/// next sign-in would pass without asking), then comes back to `/`.
pub fn sign_out(sign_in: &HostedSignIn) -> Response<Bytes> {
    see_other(&sign_in.oidc.logout())
}

/// Lets an app page's forms be sent on to the provider: sign-out's answer
/// redirects there, and browsers hold a form's redirects to the page's
/// `form-action` too.
pub fn allow_forms_to(sign_in: &HostedSignIn, r: &mut Response<Bytes>) {
    let Some(csp) = r
        .headers()
        .get(header::CONTENT_SECURITY_POLICY)
        .and_then(|v| v.to_str().ok())
    else {
        return;
    };
    let widened = csp.replace(
        "form-action 'self'",
        &format!("form-action 'self' {}", sign_in.oidc.origin()),
    );
    if let Ok(v) = HeaderValue::from_str(&widened) {
        r.headers_mut().insert(header::CONTENT_SECURITY_POLICY, v);
    }
}

fn pending_cookie(value: &str, seconds: i64) -> HeaderValue {
    HeaderValue::from_str(&format!(
        "{PENDING_COOKIE}={value}; Path={CALLBACK}; Max-Age={seconds}; HttpOnly; Secure; SameSite=Lax"
    ))
    .expect("a pending sign-in is a cookie value")
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_http::oidc::{Answer, IdentityProvider, JwkSet, Oidc};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    /// A provider that must not be reached: counts the codes it is asked
    /// to redeem, and refuses them.
    #[derive(Default)]
    struct Unreached(AtomicUsize);

    impl IdentityProvider for Unreached {
        fn redeem<'a>(&'a self, _: &'a str, _: &'a [(&'a str, &'a str)]) -> Answer<'a, String> {
            self.0.fetch_add(1, Ordering::Relaxed);
            Box::pin(async { Err(SignInError::Refused("invalid_grant".into())) })
        }

        fn keys<'a>(&'a self, _: &'a str) -> Answer<'a, JwkSet> {
            Box::pin(async { Err(SignInError::Unavailable("unreached".into())) })
        }
    }

    fn hosted(provider: &Arc<Unreached>) -> HostedSignIn {
        let oidc = Oidc::cognito(
            "https://arbiter-1.auth.eu-west-1.amazoncognito.com",
            "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_test",
            "client",
            "https://api.example.org/app/callback",
            "https://api.example.org/",
        );
        let port: Arc<dyn IdentityProvider> = provider.clone();
        HostedSignIn::new(oidc, port)
    }

    fn cookies(r: &Response<Bytes>) -> Vec<String> {
        r.headers()
            .get_all(header::SET_COOKIE)
            .iter()
            .map(|v| v.to_str().unwrap().to_owned())
            .collect()
    }

    fn returning(query: &str, cookie: Option<&str>) -> Request<Bytes> {
        let mut b = Request::builder().uri(format!("{CALLBACK}?{query}"));
        if let Some(c) = cookie {
            b = b.header(header::COOKIE, c);
        }
        b.body(Bytes::new()).unwrap()
    }

    #[test]
    fn signing_in_keeps_the_state_and_verifier_in_the_browser_only() {
        let s = hosted(&Arc::default());
        let r = start(&s);
        assert_eq!(r.status(), StatusCode::SEE_OTHER);
        let to = r.headers()[header::LOCATION].to_str().unwrap();
        let kept = cookies(&r).pop().unwrap();
        for attribute in [
            "HttpOnly",
            "Secure",
            "SameSite=Lax",
            "Path=/app/callback",
            "Max-Age=600",
        ] {
            assert!(kept.contains(attribute), "{kept}");
        }
        let value = kept
            .split(';')
            .next()
            .unwrap()
            .trim_start_matches("arbiter_sign_in=");
        let pending = Pending::from_cookie(value).unwrap();
        assert!(to.contains(&format!("state={}", pending.state)), "{to}");
        assert!(
            to.contains(&format!("code_challenge={}", pending.challenge())),
            "{to}"
        );
        assert!(!to.contains(&pending.verifier));
    }

    /// Another state, no pending sign-in, or the provider's own error:
    /// refused before any code is redeemed, and no session is set.
    #[tokio::test]
    async fn a_foreign_or_unstarted_return_redeems_nothing() {
        let provider = Arc::new(Unreached::default());
        let s = hosted(&provider);
        let pending = Pending::draw();
        let kept = format!("{PENDING_COOKIE}={}", pending.to_cookie());
        let cases = [
            returning("code=c&state=another", Some(&kept)),
            returning("code=c", Some(&kept)),
            returning(&format!("code=c&state={}", pending.state), None),
            returning(
                &format!("code=c&state={}", pending.state),
                Some("arbiter_sign_in=garbage"),
            ),
            returning("error=access_denied&state=x", Some(&kept)),
        ];
        for req in cases {
            let r = callback(&s, &req).await;
            assert_eq!(r.status(), StatusCode::BAD_REQUEST, "{:?}", req.uri());
            let set = cookies(&r);
            assert!(
                set.iter().all(|c| !c.starts_with("arbiter_session=")),
                "{set:?}"
            );
            assert!(
                set.iter().any(|c| c.starts_with("arbiter_sign_in=;")),
                "{set:?}"
            );
            let body = String::from_utf8(r.body().to_vec()).unwrap();
            assert!(body.contains("href=\"/app/sign-in\""), "a way back: {body}");
        }
        assert_eq!(provider.0.load(Ordering::Relaxed), 0);

        // With its own state, the code is redeemed (and here refused).
        let req = returning(&format!("code=c&state={}", pending.state), Some(&kept));
        let r = callback(&s, &req).await;
        assert_eq!(r.status(), StatusCode::BAD_REQUEST);
        assert_eq!(provider.0.load(Ordering::Relaxed), 1);
    }

    #[test]
    fn app_pages_may_send_forms_on_to_the_provider_only() {
        let s = hosted(&Arc::default());
        let mut r = page(StatusCode::OK, String::new());
        allow_forms_to(&s, &mut r);
        let csp = r.headers()[header::CONTENT_SECURITY_POLICY]
            .to_str()
            .unwrap();
        assert!(
            csp.contains("form-action 'self' https://arbiter-1.auth.eu-west-1.amazoncognito.com;"),
            "{csp}"
        );
    }
}
