//! Signing people in through an OpenID Connect provider: in AWS, the
//! Cognito user pool's hosted UI, by the authorization code flow with PKCE
//! (RFC 7636), and the ID tokens it issues checked against the keys the
//! pool publishes.
//!
//! The protocol's own parts are plain functions: the PKCE challenge, the
//! pending sign-in the browser keeps until it comes back ([`Pending`]), the
//! addresses the browser is sent to ([`Oidc`]) and the checks of an ID
//! token ([`verify_id_token`]). The provider's two endpoints, the token
//! exchange and the key set, are behind the [`IdentityProvider`] port;
//! [`HttpIdentityProvider`] is its reqwest adapter, and tests put a fake on
//! loopback behind it or a fake of their own in its place.

use crate::auth::ORGANIZERS;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
pub use jsonwebtoken::jwk::JwkSet;
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

#[cfg(test)]
mod tests;

/// The scopes the app asks for: an ID token (`openid`) naming the person.
pub const SCOPES: &str = "openid email profile";

/// A deployment's identity provider, as the app uses it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Oidc {
    /// Where the browser signs in (or signs up) and consents.
    pub authorize_url: String,
    /// Where the app redeems a code for tokens.
    pub token_url: String,
    /// Where the browser ends the provider's own session.
    pub logout_url: String,
    /// The provider's signing keys (a JWK set).
    pub jwks_url: String,
    /// The `iss` of its ID tokens.
    pub issuer: String,
    /// The app client: the `aud` of its ID tokens.
    pub client_id: String,
    /// Where the provider sends the browser back with a code: the app's
    /// `/app/callback`, exactly as registered with the provider.
    pub redirect_uri: String,
    /// Where the provider's logout sends the browser back: the front door,
    /// registered with the provider too.
    pub signed_out_uri: String,
}

impl Oidc {
    /// A Cognito user pool's: its hosted UI at `hosted_ui`
    /// (`https://<prefix>.auth.<region>.amazoncognito.com`) and its issuer
    /// (`https://cognito-idp.<region>.amazonaws.com/<pool id>`), which
    /// publishes the keys under `/.well-known/jwks.json`.
    pub fn cognito(
        hosted_ui: &str,
        issuer: &str,
        client_id: &str,
        redirect_uri: &str,
        signed_out_uri: &str,
    ) -> Self {
        let ui = hosted_ui.trim_end_matches('/');
        let issuer = issuer.trim_end_matches('/');
        Oidc {
            authorize_url: format!("{ui}/oauth2/authorize"),
            token_url: format!("{ui}/oauth2/token"),
            logout_url: format!("{ui}/logout"),
            jwks_url: format!("{issuer}/.well-known/jwks.json"),
            issuer: issuer.to_owned(),
            client_id: client_id.to_owned(),
            redirect_uri: redirect_uri.to_owned(),
            signed_out_uri: signed_out_uri.to_owned(),
        }
    }

    /// The provider the environment names (template.yaml sets these on the
    /// app function). `None` unless every one is set: a deployment without
    /// an address to come back to has no hosted sign-in.
    pub fn from_env() -> Option<Self> {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        Some(Self::cognito(
            &var("OIDC_HOSTED_UI_URL")?,
            &var("OIDC_ISSUER")?,
            &var("OIDC_CLIENT_ID")?,
            &var("OIDC_REDIRECT_URI")?,
            &var("OIDC_SIGNED_OUT_URI")?,
        ))
    }

    /// The address that starts `pending` at the provider.
    pub fn authorize(&self, pending: &Pending) -> String {
        let query = form_urlencoded::Serializer::new(String::new())
            .append_pair("response_type", "code")
            .append_pair("client_id", &self.client_id)
            .append_pair("redirect_uri", &self.redirect_uri)
            .append_pair("scope", SCOPES)
            .append_pair("state", &pending.state)
            .append_pair("code_challenge", &pending.challenge())
            .append_pair("code_challenge_method", "S256")
            .finish();
        format!("{}?{query}", self.authorize_url)
    }

    /// The address that ends the provider's session and comes back to the
    /// front door.
    pub fn logout(&self) -> String {
        let query = form_urlencoded::Serializer::new(String::new())
            .append_pair("client_id", &self.client_id)
            .append_pair("logout_uri", &self.signed_out_uri)
            .finish();
        format!("{}?{query}", self.logout_url)
    }

    /// The origin of the provider's pages (`https://host[:port]`), which a
    /// page's Content-Security-Policy must allow forms to be sent on to.
    pub fn origin(&self) -> &str {
        origin_of(&self.logout_url)
    }
}

fn origin_of(url: &str) -> &str {
    let Some((_, rest)) = url.split_once("://") else {
        return url;
    };
    let end = rest
        .find('/')
        .map_or(url.len(), |i| url.len() - rest.len() + i);
    &url[..end]
}

/// The PKCE challenge of `verifier`: `BASE64URL(SHA256(verifier))`, the
/// `S256` method (RFC 7636 §4.2).
pub fn pkce_challenge(verifier: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

/// A sign-in the browser has started: the `state` the provider must send
/// back, and the PKCE verifier only the app and the browser know. It stays
/// in the browser (a short-lived cookie) until the provider sends it back,
/// so the app keeps nothing between the two requests.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pending {
    pub state: String,
    pub verifier: String,
}

impl Pending {
    /// A fresh one: 122 random bits of state and 244 of verifier, from
    /// the operating system's random source (uuid's v4).
    pub fn draw() -> Self {
        let random = || uuid::Uuid::new_v4().simple().to_string();
        Pending {
            state: random(),
            verifier: format!("{}{}", random(), random()),
        }
    }

    pub fn challenge(&self) -> String {
        pkce_challenge(&self.verifier)
    }

    /// The cookie value that keeps it: `state.verifier`.
    pub fn to_cookie(&self) -> String {
        format!("{}.{}", self.state, self.verifier)
    }

    /// The pending sign-in a cookie value kept, if it is one.
    pub fn from_cookie(value: &str) -> Option<Self> {
        let (state, verifier) = value.split_once('.')?;
        // RFC 7636 §4.1: 43 to 128 unreserved characters.
        let unreserved = |s: &str| {
            s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-._~".contains(&b))
        };
        let fits = !state.is_empty()
            && unreserved(state)
            && (43..=128).contains(&verifier.len())
            && unreserved(verifier);
        fits.then(|| Pending {
            state: state.to_owned(),
            verifier: verifier.to_owned(),
        })
    }

    /// The verifier to redeem the code with, if the provider sent back
    /// this sign-in's state: another state is another browser's sign-in
    /// (or a forged one, RFC 6749 §10.12) and is refused.
    pub fn check(&self, returned: &str) -> Result<&str, SignInError> {
        let same = returned.len() == self.state.len()
            && returned
                .bytes()
                .zip(self.state.bytes())
                .fold(0u8, |acc, (a, b)| acc | (a ^ b))
                == 0;
        if same {
            Ok(&self.verifier)
        } else {
            Err(SignInError::StateMismatch)
        }
    }
}

/// Why a sign-in or a session was not accepted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SignInError {
    #[error("this browser started no sign-in here, or it took too long")]
    NotStarted,
    #[error("the identity provider sent back another sign-in's state")]
    StateMismatch,
    #[error("the identity provider refused: {0}")]
    Refused(String),
    #[error("the identity provider did not answer: {0}")]
    Unavailable(String),
    #[error("the ID token was not accepted: {0}")]
    Token(String),
}

impl SignInError {
    /// The HTTP status a page answering it carries.
    pub fn status(&self) -> http::StatusCode {
        match self {
            SignInError::Unavailable(_) => http::StatusCode::BAD_GATEWAY,
            SignInError::Token(_) => http::StatusCode::UNAUTHORIZED,
            _ => http::StatusCode::BAD_REQUEST,
        }
    }
}

/// What a verified ID token says about the person.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct IdClaims {
    pub sub: String,
    /// When the token expires (seconds since the epoch).
    pub exp: i64,
    #[serde(rename = "cognito:groups", default)]
    pub groups: Vec<String>,
    /// Cognito's: `id` for an ID token, `access` for an access token.
    #[serde(default)]
    token_use: Option<String>,
}

impl IdClaims {
    /// Member of the organizers group: may create competitions.
    pub fn may_organize(&self) -> bool {
        self.groups.iter().any(|g| g == ORGANIZERS)
    }
}

/// The claims of `token` if it is an ID token `issuer` signed with a key
/// of `keys` (RS256) for the client `audience`, and has not expired (by
/// the system's time, with the JWT library's minute of leeway).
pub fn verify_id_token(
    token: &str,
    keys: &JwkSet,
    issuer: &str,
    audience: &str,
) -> Result<IdClaims, SignInError> {
    let bad = |e: &dyn std::fmt::Display| SignInError::Token(e.to_string());
    let kid = key_id(token)?;
    let jwk = keys.find(&kid).ok_or_else(|| {
        SignInError::Token("it is signed with a key the provider does not publish".into())
    })?;
    let key = DecodingKey::from_jwk(jwk).map_err(|e| bad(&e))?;
    // One algorithm only: a token may not choose how it is checked.
    let mut validation = Validation::new(Algorithm::RS256);
    validation.set_issuer(&[issuer]);
    validation.set_audience(&[audience]);
    validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
    let claims = jsonwebtoken::decode::<IdClaims>(token, &key, &validation)
        .map_err(|e| bad(&e))?
        .claims;
    match claims.token_use.as_deref() {
        None | Some("id") => Ok(claims),
        Some(other) => Err(SignInError::Token(format!(
            "it is an {other} token, not an ID token"
        ))),
    }
}

/// The `kid` of a token's header: the key it claims to be signed with.
fn key_id(token: &str) -> Result<String, SignInError> {
    let header =
        jsonwebtoken::decode_header(token).map_err(|e| SignInError::Token(e.to_string()))?;
    if header.alg != Algorithm::RS256 {
        return Err(SignInError::Token(format!(
            "it is signed with {:?}, not RS256",
            header.alg
        )));
    }
    header
        .kid
        .ok_or_else(|| SignInError::Token("it names no key".into()))
}

/// An answer of the provider, boxed so the port is object-safe.
pub type Answer<'a, T> = Pin<Box<dyn Future<Output = Result<T, SignInError>> + Send + 'a>>;

/// The provider's endpoints the app calls.
pub trait IdentityProvider: Send + Sync {
    /// POSTs `form` to the token endpoint at `url`: the ID token it
    /// answers.
    fn redeem<'a>(&'a self, url: &'a str, form: &'a [(&'a str, &'a str)]) -> Answer<'a, String>;

    /// The key set published at `url`.
    fn keys<'a>(&'a self, url: &'a str) -> Answer<'a, JwkSet>;
}

/// The provider over HTTPS (reqwest).
#[derive(Debug, Clone)]
pub struct HttpIdentityProvider {
    http: reqwest::Client,
}

impl Default for HttpIdentityProvider {
    fn default() -> Self {
        let http = reqwest::Client::builder()
            .user_agent(concat!("arbiter/", env!("CARGO_PKG_VERSION")))
            // A browser waits on the callback: fail within its patience.
            .timeout(Duration::from_secs(10))
            .build()
            .expect("an HTTP client with default settings");
        Self { http }
    }
}

#[derive(Deserialize)]
struct TokenAnswer {
    id_token: Option<String>,
    error: Option<String>,
    error_description: Option<String>,
}

impl IdentityProvider for HttpIdentityProvider {
    fn redeem<'a>(&'a self, url: &'a str, form: &'a [(&'a str, &'a str)]) -> Answer<'a, String> {
        Box::pin(async move {
            let unavailable = |e: reqwest::Error| SignInError::Unavailable(e.to_string());
            let r = self
                .http
                .post(url)
                .form(form)
                .send()
                .await
                .map_err(unavailable)?;
            let status = r.status();
            let answer: TokenAnswer = r.json().await.map_err(unavailable)?;
            match (answer.id_token, status.is_success()) {
                (Some(token), true) => Ok(token),
                _ if status.is_server_error() => Err(SignInError::Unavailable(format!(
                    "the token endpoint answered {status}"
                ))),
                _ => Err(SignInError::Refused(
                    answer
                        .error_description
                        .or(answer.error)
                        .unwrap_or_else(|| format!("the token endpoint answered {status}")),
                )),
            }
        })
    }

    fn keys<'a>(&'a self, url: &'a str) -> Answer<'a, JwkSet> {
        Box::pin(async move {
            let unavailable = |e: reqwest::Error| SignInError::Unavailable(e.to_string());
            self.http
                .get(url)
                .send()
                .await
                .and_then(reqwest::Response::error_for_status)
                .map_err(unavailable)?
                .json()
                .await
                .map_err(unavailable)
        })
    }
}

/// How long a key set is trusted to be complete: a token naming another
/// key fetches the set again only after this, so forged key ids cannot
/// make the app fetch on every request, while a rotated key is picked up
/// within a minute.
const KEYS_FRESH: Duration = Duration::from_secs(60);

struct Keys {
    set: Arc<JwkSet>,
    fetched: Instant,
}

/// The deployment's hosted sign-in: its provider, the port to it, and the
/// provider's keys, fetched once and kept.
pub struct HostedSignIn {
    pub oidc: Oidc,
    provider: Arc<dyn IdentityProvider>,
    keys: RwLock<Option<Keys>>,
}

impl std::fmt::Debug for HostedSignIn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HostedSignIn")
            .field("oidc", &self.oidc)
            .finish_non_exhaustive()
    }
}

impl HostedSignIn {
    pub fn new(oidc: Oidc, provider: Arc<dyn IdentityProvider>) -> Self {
        Self {
            oidc,
            provider,
            keys: RwLock::new(None),
        }
    }

    /// Redeems the provider's `code` with the pending sign-in's verifier:
    /// the ID token, verified, and its claims.
    pub async fn redeem(
        &self,
        code: &str,
        verifier: &str,
    ) -> Result<(String, IdClaims), SignInError> {
        let o = &self.oidc;
        let form = [
            ("grant_type", "authorization_code"),
            ("client_id", o.client_id.as_str()),
            ("code", code),
            ("redirect_uri", o.redirect_uri.as_str()),
            ("code_verifier", verifier),
        ];
        let token = self.provider.redeem(&o.token_url, &form).await?;
        let claims = self.verify(&token).await?;
        Ok((token, claims))
    }

    /// The claims of an ID token this provider issued to this client.
    pub async fn verify(&self, token: &str) -> Result<IdClaims, SignInError> {
        let kid = key_id(token)?;
        let keys = self.keys_naming(&kid).await?;
        verify_id_token(token, &keys, &self.oidc.issuer, &self.oidc.client_id)
    }

    /// The key set, fetched when none is kept yet, or when it lacks `kid`
    /// and is no longer fresh.
    async fn keys_naming(&self, kid: &str) -> Result<Arc<JwkSet>, SignInError> {
        if let Some(kept) = self.kept() {
            if kept.set.find(kid).is_some() || kept.fetched.elapsed() < KEYS_FRESH {
                return Ok(kept.set);
            }
        }
        let set = Arc::new(self.provider.keys(&self.oidc.jwks_url).await?);
        let mut kept = self.keys.write().unwrap_or_else(|e| e.into_inner());
        *kept = Some(Keys {
            set: Arc::clone(&set),
            fetched: Instant::now(),
        });
        Ok(set)
    }

    fn kept(&self) -> Option<Keys> {
        let kept = self.keys.read().unwrap_or_else(|e| e.into_inner());
        kept.as_ref().map(|k| Keys {
            set: Arc::clone(&k.set),
            fetched: k.fetched,
        })
    }
}
