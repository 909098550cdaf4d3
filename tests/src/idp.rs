//! A fake OpenID Connect provider on loopback, standing in for the Cognito
//! user pool's hosted UI.
//!
//! The person's visit to the provider's pages is a call of
//! [`FakeIdp::authorize`]: given the address the app sent the browser to,
//! it answers the address the provider would send the browser back to.
//! The two endpoints the app calls itself are served over HTTP, as Cognito
//! serves them: `POST /oauth2/token` (a code redeems once, for the client
//! and redirect it was issued to, with the PKCE verifier of its challenge)
//! and `GET /.well-known/jwks.json` (the public half of
//! `tests/fixtures/idp-test-key.pem`). The issuer is the fake's own
//! address, so its keys are where a Cognito issuer's are.

use arbiter_http::oidc::{HostedSignIn, HttpIdentityProvider, Oidc};
use axum::extract::State;
use axum::http::StatusCode;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The app client the fake knows.
pub const CLIENT_ID: &str = "arbiter-test-client";
/// The id of the one key it publishes.
pub const KID: &str = "arbiter-test-key-1";
const KEY: &str = include_str!("../fixtures/idp-test-key.pem");
const JWKS: &str = include_str!("../fixtures/idp-test-jwks.json");

/// How a minted ID token departs from a good one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Minted {
    Good,
    ForAnotherClient,
    FromAnotherIssuer,
    Expired,
    WithAnUnpublishedKey,
}

/// A code the provider issued, and what redeems it.
struct Grant {
    client_id: String,
    redirect_uri: String,
    challenge: String,
    id_token: String,
}

#[derive(Default)]
struct Provider {
    codes: HashMap<String, Grant>,
    issued: u64,
    key_fetches: usize,
}

type Shared = Arc<Mutex<Provider>>;

#[derive(Clone)]
pub struct FakeIdp {
    pub base: String,
    state: Shared,
}

impl FakeIdp {
    pub async fn start() -> Self {
        let state = Shared::default();
        let app = axum::Router::new()
            .route("/oauth2/token", axum::routing::post(token))
            .route("/.well-known/jwks.json", axum::routing::get(jwks))
            .with_state(Arc::clone(&state));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind loopback");
        let addr = listener.local_addr().expect("local addr");
        tokio::spawn(async move { axum::serve(listener, app).await.expect("idp serves") });
        FakeIdp {
            base: format!("http://{addr}"),
            state,
        }
    }

    /// The hosted sign-in of an app served at `app_base`, through this
    /// provider, over HTTP as in AWS.
    pub fn sign_in(&self, app_base: &str) -> Arc<HostedSignIn> {
        let oidc = Oidc::cognito(
            &self.base,
            &self.base,
            CLIENT_ID,
            &format!("{app_base}/app/callback"),
            &format!("{app_base}/"),
        );
        Arc::new(HostedSignIn::new(
            oidc,
            Arc::new(HttpIdentityProvider::default()),
        ))
    }

    /// An ID token for `sub` in `groups`, as Cognito shapes it.
    pub fn id_token(&self, sub: &str, groups: &[&str], minted: Minted) -> String {
        let now = chrono::Utc::now().timestamp();
        let mut claims = json!({
            "sub": sub,
            "email": format!("{sub}@example.org"),
            "email_verified": true,
            "cognito:username": sub,
            "cognito:groups": groups,
            "iss": self.base,
            "aud": CLIENT_ID,
            "token_use": "id",
            "auth_time": now,
            "iat": now,
            "exp": now + 3600,
        });
        let mut kid = KID;
        match minted {
            Minted::Good => {}
            Minted::ForAnotherClient => claims["aud"] = json!("another-client"),
            Minted::FromAnotherIssuer => claims["iss"] = json!("https://issuer.example"),
            Minted::Expired => claims["exp"] = json!(now - 600),
            Minted::WithAnUnpublishedKey => kid = "a-key-nobody-published",
        }
        let mut header = Header::new(Algorithm::RS256);
        header.kid = Some(kid.to_owned());
        let key = EncodingKey::from_rsa_pem(KEY.as_bytes()).expect("the test key");
        jsonwebtoken::encode(&header, &claims, &key).expect("signs")
    }

    /// The person signs in at the provider's page `authorize` (where the
    /// app sent the browser): where the provider sends the browser back,
    /// with a code that redeems for `id_token`. Fails the test on a
    /// request Cognito would refuse.
    pub fn authorize(&self, authorize: &str, id_token: String) -> String {
        let (path, query) = authorize.split_once('?').expect("a query");
        assert_eq!(path, format!("{}/oauth2/authorize", self.base));
        let q: HashMap<String, String> = form_urlencoded::parse(query.as_bytes())
            .into_owned()
            .collect();
        assert_eq!(q["response_type"], "code");
        assert_eq!(q["client_id"], CLIENT_ID);
        assert_eq!(q["code_challenge_method"], "S256");
        let scopes: Vec<&str> = q["scope"].split(' ').collect();
        assert!(scopes.contains(&"openid"), "{scopes:?}");
        let mut p = self.state.lock().expect("provider");
        p.issued += 1;
        let code = format!("code-{}", p.issued);
        p.codes.insert(
            code.clone(),
            Grant {
                client_id: q["client_id"].clone(),
                redirect_uri: q["redirect_uri"].clone(),
                challenge: q["code_challenge"].clone(),
                id_token,
            },
        );
        let back = form_urlencoded::Serializer::new(String::new())
            .append_pair("code", &code)
            .append_pair("state", &q["state"])
            .finish();
        format!("{}?{back}", q["redirect_uri"])
    }

    /// How often the app fetched the key set.
    pub fn key_fetches(&self) -> usize {
        self.state.lock().expect("provider").key_fetches
    }

    /// Codes issued and not yet redeemed.
    pub fn unredeemed(&self) -> usize {
        self.state.lock().expect("provider").codes.len()
    }
}

async fn jwks(State(state): State<Shared>) -> axum::Json<Value> {
    state.lock().expect("provider").key_fetches += 1;
    axum::Json(serde_json::from_str(JWKS).expect("the fixture is JSON"))
}

/// RFC 6749 §4.1.3 with RFC 7636 §4.6: the code, for its client and
/// redirect, with the verifier whose S256 is its challenge; once.
async fn token(
    State(state): State<Shared>,
    axum::Form(form): axum::Form<HashMap<String, String>>,
) -> (StatusCode, axum::Json<Value>) {
    let field = |name: &str| form.get(name).map(String::as_str).unwrap_or_default();
    let refused = |error: &str| (StatusCode::BAD_REQUEST, axum::Json(json!({"error": error})));
    if field("grant_type") != "authorization_code" {
        return refused("unsupported_grant_type");
    }
    let Some(grant) = state.lock().expect("provider").codes.remove(field("code")) else {
        return refused("invalid_grant");
    };
    let challenge = URL_SAFE_NO_PAD.encode(Sha256::digest(field("code_verifier").as_bytes()));
    if grant.client_id != field("client_id")
        || grant.redirect_uri != field("redirect_uri")
        || grant.challenge != challenge
    {
        return refused("invalid_grant");
    }
    let tokens = json!({
        "id_token": grant.id_token,
        "access_token": "an-access-token-the-app-does-not-use",
        "refresh_token": "a-refresh-token-the-app-does-not-use",
        "token_type": "Bearer",
        "expires_in": 3600,
    });
    (StatusCode::OK, axum::Json(tokens))
}
