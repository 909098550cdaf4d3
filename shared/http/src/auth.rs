//! Who is calling. One [`Caller`] type whatever proved it:
//!
//! - **In AWS** the HTTP API's JWT authorizer has already verified a Cognito
//!   token; the Lambda adapter copies its claims into a [`Claims`] request
//!   extension, and [`Authenticator::ApiGateway`] reads `sub` and
//!   `cognito:groups` from it.
//! - **Locally** `arbiter serve` verifies HS256 dev tokens that `arbiter
//!   token USER [--role organizer]` mints with the same secret
//!   ([`Authenticator::Dev`]).
//!
//! The browser app's session is a cookie holding a token, which no
//! authorizer sees (the app's routes have none): [`Authenticator::session`]
//! verifies it itself, a dev token locally and, in AWS, an ID token of the
//! user pool against the pool's published keys ([`crate::oidc`]).

use crate::oidc::HostedSignIn;
use crate::problem::Problem;
use arbiter_domain::competition::UserId;
use chrono::{DateTime, Utc};
use http::{header, Request};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::Arc;

/// The group (Cognito) or role (dev token) that may create competitions.
pub const ORGANIZERS: &str = "organizers";
const DEV_ISSUER: &str = "arbiter-dev";

/// An authenticated caller.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Caller {
    pub user: UserId,
    /// Member of the organizers group: may create competitions.
    pub may_organize: bool,
}

/// JWT claims the API Gateway authorizer verified, as a request extension.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Claims(pub HashMap<String, String>);

impl Claims {
    /// The claims the authorizer would pass on for `caller`, rendered as
    /// API Gateway renders them (the groups array as `[a b]`): what the app
    /// hands the API's functions for a session it has verified itself.
    pub fn of(caller: &Caller) -> Self {
        let mut claims = HashMap::from([("sub".to_owned(), caller.user.as_str().to_owned())]);
        if caller.may_organize {
            claims.insert("cognito:groups".to_owned(), format!("[{ORGANIZERS}]"));
        }
        Claims(claims)
    }
}

#[derive(Debug, Serialize, Deserialize)]
struct DevClaims {
    sub: String,
    iss: String,
    exp: i64,
    #[serde(default)]
    groups: Vec<String>,
}

/// How requests prove who sent them.
#[derive(Clone)]
pub enum Authenticator {
    /// Dev tokens signed with this secret (local runtime).
    Dev { secret: Vec<u8> },
    /// Claims already verified by the API Gateway JWT authorizer; the
    /// app's sessions verified against the user pool's keys when the
    /// deployment signs people in through the pool's hosted UI.
    ApiGateway { sign_in: Option<Arc<HostedSignIn>> },
}

impl std::fmt::Debug for Authenticator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Authenticator::Dev { .. } => f.write_str("Dev { secret: <hidden> }"),
            Authenticator::ApiGateway { sign_in } => f
                .debug_struct("ApiGateway")
                .field("sign_in", sign_in)
                .finish(),
        }
    }
}

/// Mints a dev token for `user`, valid until `expires`.
pub fn mint_dev_token(
    secret: &[u8],
    user: &UserId,
    groups: &[String],
    expires: DateTime<Utc>,
) -> String {
    let claims = DevClaims {
        sub: user.as_str().to_owned(),
        iss: DEV_ISSUER.into(),
        exp: expires.timestamp(),
        groups: groups.to_vec(),
    };
    jsonwebtoken::encode(
        &Header::new(Algorithm::HS256),
        &claims,
        &EncodingKey::from_secret(secret),
    )
    .expect("HS256 signing does not fail")
}

impl Authenticator {
    /// The secret dev tokens are signed with; `None` in AWS, where the
    /// identity provider signs people in.
    pub fn dev_secret(&self) -> Option<&[u8]> {
        match self {
            Authenticator::Dev { secret } => Some(secret),
            Authenticator::ApiGateway { .. } => None,
        }
    }

    /// The deployment's hosted sign-in, if it has one.
    pub fn hosted_sign_in(&self) -> Option<&HostedSignIn> {
        match self {
            Authenticator::ApiGateway { sign_in } => sign_in.as_deref(),
            Authenticator::Dev { .. } => None,
        }
    }

    /// The caller a session's token names (the browser app's cookie), or
    /// 401: a dev token locally, an ID token of the user pool in AWS.
    pub async fn session(&self, token: &str) -> Result<Caller, Problem> {
        match self {
            Authenticator::Dev { secret } => dev_caller(secret, token),
            Authenticator::ApiGateway { sign_in: Some(s) } => {
                let claims = s
                    .verify(token)
                    .await
                    .map_err(|e| Problem::unauthenticated(e.to_string()))?;
                caller(&claims.sub, claims.may_organize())
            }
            Authenticator::ApiGateway { sign_in: None } => Err(Problem::unauthenticated(
                "this deployment has no sign-in for the app",
            )),
        }
    }

    /// The caller of `req`, or 401.
    pub fn authenticate<B>(&self, req: &Request<B>) -> Result<Caller, Problem> {
        match self {
            Authenticator::Dev { secret } => dev_caller(secret, bearer(req)?),
            Authenticator::ApiGateway { .. } => {
                let claims = req.extensions().get::<Claims>().ok_or_else(|| {
                    Problem::unauthenticated("no verified token reached the function")
                })?;
                let sub = claims
                    .0
                    .get("sub")
                    .ok_or_else(|| Problem::unauthenticated("the token has no subject"))?;
                // API Gateway renders the groups array as "[a b]" or "[a,b]".
                let organizer = claims.0.get("cognito:groups").is_some_and(|g| {
                    g.trim_matches(|c| c == '[' || c == ']')
                        .split([',', ' '])
                        .any(|x| x.trim().trim_matches('"') == ORGANIZERS)
                });
                caller(sub, organizer)
            }
        }
    }
}

/// The caller a dev token signed with `secret` names, or 401.
fn dev_caller(secret: &[u8], token: &str) -> Result<Caller, Problem> {
    let mut validation = Validation::new(Algorithm::HS256);
    validation.set_issuer(&[DEV_ISSUER]);
    validation.set_required_spec_claims(&["exp", "sub", "iss"]);
    let data =
        jsonwebtoken::decode::<DevClaims>(token, &DecodingKey::from_secret(secret), &validation)
            .map_err(|e| Problem::unauthenticated(format!("the token was not accepted: {e}")))?;
    caller(
        &data.claims.sub,
        data.claims.groups.iter().any(|g| g == ORGANIZERS),
    )
}

fn caller(sub: &str, may_organize: bool) -> Result<Caller, Problem> {
    let user = UserId::try_from(sub)
        .map_err(|_| Problem::unauthenticated("the token's subject is not a usable user id"))?;
    Ok(Caller { user, may_organize })
}

fn bearer<B>(req: &Request<B>) -> Result<&str, Problem> {
    let value = req
        .headers()
        .get(header::AUTHORIZATION)
        .ok_or_else(|| Problem::unauthenticated("send Authorization: Bearer <token>"))?
        .to_str()
        .map_err(|_| Problem::unauthenticated("the Authorization header is not text"))?;
    let (scheme, token) = value
        .split_once(' ')
        .ok_or_else(|| Problem::unauthenticated("send Authorization: Bearer <token>"))?;
    if !scheme.eq_ignore_ascii_case("bearer") || token.trim().is_empty() {
        return Err(Problem::unauthenticated(
            "send Authorization: Bearer <token>",
        ));
    }
    Ok(token.trim())
}

#[cfg(test)]
mod tests {
    use super::*;
    use http::StatusCode;

    const SECRET: &[u8] = b"test secret, at least long enough";

    fn later() -> DateTime<Utc> {
        Utc::now() + chrono::Duration::hours(1)
    }

    fn with_auth(value: &str) -> Request<()> {
        Request::builder()
            .header("authorization", value)
            .body(())
            .unwrap()
    }

    fn ann() -> UserId {
        UserId::try_from("ann").unwrap()
    }

    #[test]
    fn dev_token_round_trip() {
        let auth = Authenticator::Dev {
            secret: SECRET.to_vec(),
        };
        let token = mint_dev_token(SECRET, &ann(), &[ORGANIZERS.into()], later());
        let caller = auth
            .authenticate(&with_auth(&format!("Bearer {token}")))
            .unwrap();
        assert_eq!(caller.user, ann());
        assert!(caller.may_organize);
        let player = mint_dev_token(SECRET, &ann(), &[], later());
        assert!(
            !auth
                .authenticate(&with_auth(&format!("bearer {player}")))
                .unwrap()
                .may_organize
        );
    }

    #[test]
    fn missing_bad_forged_and_expired_tokens_are_401() {
        let auth = Authenticator::Dev {
            secret: SECRET.to_vec(),
        };
        let forged = mint_dev_token(b"another secret entirely!!", &ann(), &[], later());
        let expired = mint_dev_token(SECRET, &ann(), &[], Utc::now() - chrono::Duration::hours(2));
        let cases = [
            Request::builder().body(()).unwrap(),
            with_auth("Basic YW5uOnB3"),
            with_auth("Bearer "),
            with_auth("Bearer not.a.jwt"),
            with_auth(&format!("Bearer {forged}")),
            with_auth(&format!("Bearer {expired}")),
        ];
        for req in cases {
            let err = auth.authenticate(&req).unwrap_err();
            assert_eq!(err.status, StatusCode::UNAUTHORIZED, "{}", err.detail);
        }
    }

    #[test]
    fn api_gateway_claims_give_the_caller() {
        let auth = Authenticator::ApiGateway { sign_in: None };
        let mut req = Request::builder().body(()).unwrap();
        assert_eq!(
            auth.authenticate(&req).unwrap_err().status,
            StatusCode::UNAUTHORIZED
        );
        req.extensions_mut().insert(Claims(HashMap::from([
            ("sub".to_owned(), "ann".to_owned()),
            (
                "cognito:groups".to_owned(),
                "[players organizers]".to_owned(),
            ),
        ])));
        let caller = auth.authenticate(&req).unwrap();
        assert_eq!(caller.user, ann());
        assert!(caller.may_organize);
        // A header token is ignored in AWS: only the authorizer's claims count.
        let mut req = with_auth("Bearer whatever");
        req.extensions_mut().insert(Claims(HashMap::from([(
            "sub".to_owned(),
            "bob".to_owned(),
        )])));
        let caller = auth.authenticate(&req).unwrap();
        assert_eq!(caller.user.as_str(), "bob");
        assert!(!caller.may_organize);
    }

    /// The claims the app renders for a session it verified are read back
    /// as the same caller, organizer or not.
    #[test]
    fn rendered_claims_read_back_as_the_caller() {
        let auth = Authenticator::ApiGateway { sign_in: None };
        for may_organize in [true, false] {
            let caller = Caller {
                user: ann(),
                may_organize,
            };
            let mut req = Request::builder().body(()).unwrap();
            req.extensions_mut().insert(Claims::of(&caller));
            assert_eq!(auth.authenticate(&req).unwrap(), caller);
        }
    }

    #[tokio::test]
    async fn without_a_hosted_sign_in_no_session_is_accepted() {
        let auth = Authenticator::ApiGateway { sign_in: None };
        let token = mint_dev_token(SECRET, &ann(), &[], later());
        let err = auth.session(&token).await.unwrap_err();
        assert_eq!(err.status, StatusCode::UNAUTHORIZED);
    }
}
