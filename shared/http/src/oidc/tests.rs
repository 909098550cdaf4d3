use super::*;
use jsonwebtoken::{EncodingKey, Header};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The end-to-end tests' key (a test key, see the file's preamble).
const KEY: &str = include_str!("../../../../tests/fixtures/idp-test-key.pem");
const JWKS: &str = include_str!("../../../../tests/fixtures/idp-test-jwks.json");
const KID: &str = "arbiter-test-key-1";
const ISSUER: &str = "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_test";
const CLIENT: &str = "test-client";

fn keys() -> JwkSet {
    serde_json::from_str(JWKS).expect("the fixture is a JWK set")
}

fn oidc() -> Oidc {
    Oidc::cognito(
        "https://arbiter-1.auth.eu-west-1.amazoncognito.com/",
        ISSUER,
        CLIENT,
        "https://api.example.org/app/callback",
        "https://api.example.org/",
    )
}

fn claims() -> Value {
    json!({
        "sub": "0f6c3a52-ann",
        "iss": ISSUER,
        "aud": CLIENT,
        "exp": chrono::Utc::now().timestamp() + 3600,
        "token_use": "id",
        "cognito:groups": ["organizers"],
    })
}

fn sign(claims: &Value, kid: &str) -> String {
    let mut header = Header::new(Algorithm::RS256);
    header.kid = Some(kid.to_owned());
    let key = EncodingKey::from_rsa_pem(KEY.as_bytes()).expect("the fixture is an RSA key");
    jsonwebtoken::encode(&header, claims, &key).expect("signs")
}

fn with(field: &str, value: Value) -> Value {
    let mut c = claims();
    c[field] = value;
    c
}

fn query_of(url: &str) -> Vec<(String, String)> {
    let (_, query) = url.split_once('?').expect("a query");
    form_urlencoded::parse(query.as_bytes())
        .into_owned()
        .collect()
}

fn field<'a>(pairs: &'a [(String, String)], name: &str) -> &'a str {
    pairs
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
        .unwrap_or_else(|| panic!("no {name}"))
}

/// RFC 7636 Appendix B. By hand: the verifier's SHA-256 is the 32 octets
/// 13 d3 1e 96 1a 1a d8 ec 2f 16 b1 0c 4c 98 2e 08
/// 76 a8 78 ad 6d f1 44 56 6e e1 89 4a cb 70 f9 c3;
/// base64url takes them six bits at a time, so the first three,
/// 00010011 11010011 00011110, are 000100 111101 001100 011110 = 4 61 12
/// 30 = "E9Me", and the last two with two zero bits of padding are
/// 111110 011100 001100 = 62 28 12 = "-cM" (43 characters, no `=`).
#[test]
fn the_challenge_is_rfc_7636_appendix_b() {
    assert_eq!(
        pkce_challenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
        "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
    );
}

#[test]
fn a_drawn_sign_in_survives_its_cookie_and_differs_from_the_next() {
    let p = Pending::draw();
    assert!((43..=128).contains(&p.verifier.len()), "{}", p.verifier);
    assert_eq!(Pending::from_cookie(&p.to_cookie()), Some(p.clone()));
    assert_eq!(p.challenge().len(), 43);
    let q = Pending::draw();
    assert_ne!(p.state, q.state);
    assert_ne!(p.verifier, q.verifier);
}

#[test]
fn a_cookie_that_is_no_pending_sign_in_is_none() {
    let verifier = "v".repeat(43);
    for value in [
        String::new(),
        "no-dot".to_owned(),
        format!(".{verifier}"),
        "state.too-short".to_owned(),
        format!("state.{}", "v".repeat(129)),
        format!("st ate.{verifier}"),
        format!("state.{}+", "v".repeat(43)),
    ] {
        assert_eq!(Pending::from_cookie(&value), None, "{value}");
    }
    assert!(Pending::from_cookie(&format!("state.{verifier}")).is_some());
}

#[test]
fn only_the_sign_ins_own_state_gives_its_verifier() {
    let p = Pending {
        state: "abc123".into(),
        verifier: "v".repeat(43),
    };
    assert_eq!(p.check("abc123"), Ok(p.verifier.as_str()));
    for other in ["", "abc12", "abc1234", "ABC123", "xyz789"] {
        assert_eq!(p.check(other), Err(SignInError::StateMismatch), "{other}");
    }
}

#[test]
fn the_authorize_address_carries_the_flow_state_and_challenge() {
    let o = oidc();
    let p = Pending::draw();
    let url = o.authorize(&p);
    assert!(url.starts_with("https://arbiter-1.auth.eu-west-1.amazoncognito.com/oauth2/authorize?"));
    let q = query_of(&url);
    assert_eq!(field(&q, "response_type"), "code");
    assert_eq!(field(&q, "client_id"), CLIENT);
    assert_eq!(
        field(&q, "redirect_uri"),
        "https://api.example.org/app/callback"
    );
    assert_eq!(field(&q, "scope"), "openid email profile");
    assert_eq!(field(&q, "state"), p.state);
    assert_eq!(field(&q, "code_challenge"), pkce_challenge(&p.verifier));
    assert_eq!(field(&q, "code_challenge_method"), "S256");
    assert!(!url.contains(&p.verifier), "the verifier stays home");
}

#[test]
fn the_logout_address_and_the_providers_origin() {
    let o = oidc();
    let q = query_of(&o.logout());
    assert!(o
        .logout()
        .starts_with("https://arbiter-1.auth.eu-west-1.amazoncognito.com/logout?"));
    assert_eq!(field(&q, "client_id"), CLIENT);
    assert_eq!(field(&q, "logout_uri"), "https://api.example.org/");
    assert_eq!(
        o.origin(),
        "https://arbiter-1.auth.eu-west-1.amazoncognito.com"
    );
    assert_eq!(o.jwks_url, format!("{ISSUER}/.well-known/jwks.json"));
    assert_eq!(origin_of("http://127.0.0.1:8080"), "http://127.0.0.1:8080");
}

#[test]
fn a_good_id_token_gives_its_claims() {
    let c = verify_id_token(&sign(&claims(), KID), &keys(), ISSUER, CLIENT).expect("accepted");
    assert_eq!(c.sub, "0f6c3a52-ann");
    assert!(c.may_organize());
    let player = with("cognito:groups", json!(["players"]));
    let c = verify_id_token(&sign(&player, KID), &keys(), ISSUER, CLIENT).expect("accepted");
    assert!(!c.may_organize());
}

#[test]
fn foreign_expired_and_access_tokens_are_refused() {
    let hour_ago = chrono::Utc::now().timestamp() - 3600;
    let mut no_audience = claims();
    no_audience.as_object_mut().unwrap().remove("aud");
    let cases = [
        (
            "another client's",
            sign(&with("aud", json!("other-client")), KID),
        ),
        (
            "another issuer's",
            sign(&with("iss", json!("https://evil.example")), KID),
        ),
        ("expired", sign(&with("exp", json!(hour_ago)), KID)),
        (
            "access token",
            sign(&with("token_use", json!("access")), KID),
        ),
        ("no audience", sign(&no_audience, KID)),
        ("unpublished key", sign(&claims(), "another-key")),
        ("tampered", {
            let t = sign(&claims(), KID);
            let (head, sig) = t.rsplit_once('.').unwrap();
            let forged = sign(&with("sub", json!("mallory")), KID);
            let body = forged.split('.').nth(1).unwrap();
            format!("{}.{body}.{sig}", head.split('.').next().unwrap())
        }),
        ("HS256 with the public key as secret", {
            let mut header = Header::new(Algorithm::HS256);
            header.kid = Some(KID.into());
            jsonwebtoken::encode(
                &header,
                &claims(),
                &EncodingKey::from_secret(JWKS.as_bytes()),
            )
            .unwrap()
        }),
        ("not a token", "not.a.token".to_owned()),
    ];
    for (what, token) in cases {
        let refused = verify_id_token(&token, &keys(), ISSUER, CLIENT);
        assert!(
            matches!(refused, Err(SignInError::Token(_))),
            "{what}: {refused:?}"
        );
    }
}

/// An in-memory provider: the token it answers, the forms it was sent,
/// how often its keys were fetched.
#[derive(Default)]
struct Fake {
    token: Mutex<Option<Result<String, SignInError>>>,
    forms: Mutex<Vec<Vec<(String, String)>>>,
    key_fetches: AtomicUsize,
}

impl IdentityProvider for Fake {
    fn redeem<'a>(&'a self, _url: &'a str, form: &'a [(&'a str, &'a str)]) -> Answer<'a, String> {
        let owned = form
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        self.forms.lock().unwrap().push(owned);
        let answer = self.token.lock().unwrap().clone();
        Box::pin(async move { answer.expect("a token set") })
    }

    fn keys<'a>(&'a self, _url: &'a str) -> Answer<'a, JwkSet> {
        self.key_fetches.fetch_add(1, Ordering::Relaxed);
        Box::pin(async { Ok(keys()) })
    }
}

fn hosted(fake: &Arc<Fake>) -> HostedSignIn {
    let provider: Arc<dyn IdentityProvider> = fake.clone();
    HostedSignIn::new(oidc(), provider)
}

#[tokio::test]
async fn redeeming_sends_the_code_and_verifier_and_verifies_the_answer() {
    let fake = Arc::new(Fake::default());
    *fake.token.lock().unwrap() = Some(Ok(sign(&claims(), KID)));
    let s = hosted(&fake);
    let (token, c) = s
        .redeem("the-code", "the-verifier")
        .await
        .expect("redeemed");
    assert_eq!(c.sub, "0f6c3a52-ann");
    assert_eq!(s.verify(&token).await.expect("a session"), c);
    let forms = fake.forms.lock().unwrap().clone();
    let form = &forms[0];
    assert_eq!(field(form, "grant_type"), "authorization_code");
    assert_eq!(field(form, "client_id"), CLIENT);
    assert_eq!(field(form, "code"), "the-code");
    assert_eq!(
        field(form, "redirect_uri"),
        "https://api.example.org/app/callback"
    );
    assert_eq!(field(form, "code_verifier"), "the-verifier");

    *fake.token.lock().unwrap() = Some(Ok(sign(&with("aud", json!("x")), KID)));
    assert!(matches!(
        s.redeem("c", "v").await,
        Err(SignInError::Token(_))
    ));
    *fake.token.lock().unwrap() = Some(Err(SignInError::Refused("invalid_grant".into())));
    assert!(matches!(
        s.redeem("c", "v").await,
        Err(SignInError::Refused(_))
    ));
}

#[tokio::test]
async fn keys_are_fetched_once_even_for_tokens_naming_unknown_keys() {
    let fake = Arc::new(Fake::default());
    let s = hosted(&fake);
    for _ in 0..3 {
        s.verify(&sign(&claims(), KID)).await.expect("accepted");
    }
    assert!(s.verify(&sign(&claims(), "forged-kid")).await.is_err());
    assert_eq!(fake.key_fetches.load(Ordering::Relaxed), 1);
}
