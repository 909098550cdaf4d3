//! The browser app signing people in as in AWS: through the user pool's
//! hosted UI (a fake provider on loopback, `arbiter_e2e::idp`), the
//! authorization code flow with PKCE, and the API's functions reading the
//! claims the app hands them, as API Gateway's authorizer would pass them.
//!
//! - signing in sends the browser to the provider with a state and an S256
//!   challenge, and keeps the state and verifier in a cookie of its own;
//! - a return to another browser, or with another state, is refused,
//!   redeems no code and sets no session;
//! - the right return redeems the code (the provider checks the verifier)
//!   and makes the verified ID token the session;
//! - the session acts through the API: an organizer creates a competition
//!   and lists it from its desk; a player may not create one;
//! - an ID token for another client, from another issuer, expired, or
//!   signed with a key the provider does not publish is refused, at the
//!   callback and as a session cookie; the keys are fetched once;
//! - signing out clears the session and ends the provider's session too.

use arbiter_domain::competition::{CompetitionId, Role, UserId};
use arbiter_e2e::form_browser::{Answer, Browser};
use arbiter_e2e::idp::{FakeIdp, Minted, CLIENT_ID};
use arbiter_e2e::{TestServer, TestStore};
use arbiter_http::{App, Authenticator};
use std::collections::HashMap;

/// Cognito's `sub`s are UUIDs.
const ANN: &str = "3c1f9a2e-5b7d-4e08-9a61-0d2c4b8e7f13";
const BOB: &str = "9e4b1c7a-2f3d-4a56-8b90-1e2d3c4f5a6b";

/// Signs in through the hosted UI.
trait HostedSignIn {
    /// Starts a sign-in: where the app sends the browser.
    async fn start_sign_in(&mut self) -> String;

    /// Signs in at the provider as whoever `id_token` names.
    async fn sign_in(&mut self, idp: &FakeIdp, id_token: String) -> Answer;
}

impl<S: TestStore> HostedSignIn for Browser<'_, S> {
    async fn start_sign_in(&mut self) -> String {
        let a = self.get("/app/sign-in").await;
        assert_eq!(a.status, 303, "{}", a.body);
        a.location
    }

    async fn sign_in(&mut self, idp: &FakeIdp, id_token: String) -> Answer {
        let at_provider = self.start_sign_in().await;
        let back = idp.authorize(&at_provider, id_token);
        self.get(&back).await
    }
}

fn query(url: &str) -> HashMap<String, String> {
    let (_, q) = url.split_once('?').expect("a query");
    form_urlencoded::parse(q.as_bytes()).into_owned().collect()
}

/// A server whose app signs people in through `idp`, as in AWS.
fn through<S: TestStore>(idp: &FakeIdp) -> impl FnOnce(App<S>) -> App<S> + '_ {
    move |mut app| {
        let base = app.public_base.clone().expect("the server's address");
        app.auth = Authenticator::ApiGateway {
            sign_in: Some(idp.sign_in(&base)),
        };
        app
    }
}

async fn the_sign_in_redirect_carries_state_and_challenge<S: TestStore>(s: &TestServer<S>) {
    let mut visitor = Browser::new(s);
    let a = visitor.get("/app/sign-in").await;
    assert_eq!(a.status, 303);
    let q = query(&a.location);
    assert_eq!(q["response_type"], "code");
    assert_eq!(q["client_id"], CLIENT_ID);
    assert_eq!(q["redirect_uri"], s.url("/app/callback"));
    assert_eq!(q["scope"], "openid email profile");
    assert_eq!(q["code_challenge_method"], "S256");
    let challenge = &q["code_challenge"];
    assert_eq!(challenge.len(), 43, "SHA-256 in base64url: {challenge}");
    assert!(challenge
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
    let kept = a.sets("arbiter_sign_in").expect("the pending sign-in");
    for attribute in ["HttpOnly", "Secure", "SameSite=Lax", "Path=/app/callback"] {
        assert!(kept.contains(attribute), "{kept}");
    }
    let (state, verifier) = visitor.jar["arbiter_sign_in"]
        .split_once('.')
        .expect("state.verifier");
    assert_eq!(&q["state"], state);
    assert!(!a.location.contains(verifier), "the verifier stays home");
    // The development sign-in is not there beside the provider.
    let dev = visitor.post("/app/sign-in", &[("user", "ann")]).await;
    assert_eq!(dev.status, 404);
    assert!(!dev.signs_in());
}

async fn foreign_returns_are_refused<S: TestStore>(s: &TestServer<S>, idp: &FakeIdp) {
    let mut ann = Browser::new(s);
    let at_provider = ann.start_sign_in().await;
    let back = idp.authorize(&at_provider, idp.id_token(ANN, &[], Minted::Good));

    // Another browser, which started no sign-in, brings ann's code back.
    let mut eve = Browser::new(s);
    let stolen = eve.get(&back).await;
    assert_eq!(stolen.status, 400, "{}", stolen.body);
    assert!(!stolen.signs_in());
    assert!(stolen.body.contains("href=\"/app/sign-in\""), "a way back");

    // Ann's browser, with another state.
    let state = &query(&back)["state"];
    let forged = back.replace(&format!("state={state}"), "state=forged");
    let refused = ann.get(&forged).await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(!refused.signs_in());
    assert!(refused.body.contains("state"), "{}", refused.body);
    assert_eq!(idp.unredeemed(), 1, "no code was redeemed");
    assert!(!ann.jar.contains_key("arbiter_session"));
}

async fn bad_tokens_are_refused<S: TestStore>(s: &TestServer<S>, idp: &FakeIdp) {
    for minted in [
        Minted::ForAnotherClient,
        Minted::FromAnotherIssuer,
        Minted::Expired,
        Minted::WithAnUnpublishedKey,
    ] {
        let token = idp.id_token(ANN, &["organizers"], minted);
        let mut b = Browser::new(s);
        let a = b.sign_in(idp, token.clone()).await;
        assert_eq!(a.status, 401, "{minted:?}: {}", a.body);
        assert!(!a.signs_in(), "{minted:?}");
        // Nor is it a session when a browser sends it as one.
        b.jar.insert("arbiter_session".into(), token);
        let front = b.get("/").await;
        assert!(!front.body.contains("Signed in as"), "{minted:?}");
        let new = b.get("/app/new").await;
        assert_eq!(new.status, 303, "{minted:?}");
        assert!(new.location.ends_with("/app/sign-in"), "{}", new.location);
    }
}

async fn signing_in_through_the_hosted_ui<S: TestStore>(s: TestServer<S>, idp: FakeIdp) {
    the_sign_in_redirect_carries_state_and_challenge(&s).await;
    foreign_returns_are_refused(&s, &idp).await;

    let mut ann = Browser::new(&s);
    let back = ann
        .sign_in(&idp, idp.id_token(ANN, &["organizers"], Minted::Good))
        .await;
    assert_eq!(back.status, 303, "{}", back.body);
    assert_eq!(back.location, s.url("/"));
    let session = back.sets("arbiter_session").expect("a session");
    for attribute in ["HttpOnly", "Secure", "SameSite=Lax", "Path=/"] {
        assert!(session.contains(attribute), "{session}");
    }
    assert!(!ann.jar.contains_key("arbiter_sign_in"), "used once");
    let front = ann.get("/").await;
    assert!(front.body.contains(ANN), "{}", front.body);
    let csp = front.headers["content-security-policy"].to_str().unwrap();
    assert!(
        csp.contains(&format!("form-action 'self' {};", idp.base)),
        "{csp}"
    );

    // The organizer creates a competition and lists it, through the API.
    let csrf = ann.csrf("/app/new").await;
    let made = ann
        .post(
            "/app/new",
            &[("csrf", &csrf), ("kind", "swiss"), ("name", "Hosted night")],
        )
        .await;
    assert_eq!(made.status, 303, "{}", made.body);
    let id = made.location.rsplit('/').next().unwrap().to_owned();
    let desk = format!("/app/c/{id}");
    let csrf = ann.csrf(&desk).await;
    let listed = ann
        .post(
            &desk,
            &[
                ("csrf", &csrf),
                ("_act", "set-public"),
                ("_slot", "test"),
                ("_key", "hosted-set-public"),
                ("public", "true"),
            ],
        )
        .await;
    assert_eq!(listed.status, 303, "{}", listed.body);
    let c = s
        .app
        .service
        .load(&CompetitionId::try_from(id.as_str()).unwrap())
        .await
        .unwrap()
        .expect("created");
    let ann_id = UserId::try_from(ANN).unwrap();
    assert!(c.roles[&ann_id].contains(&Role::Organizer), "{:?}", c.roles);
    assert!(c.public);

    // A player, not in the organizers group, may not create one.
    let mut bob = Browser::new(&s);
    let signed = bob
        .sign_in(&idp, idp.id_token(BOB, &[], Minted::Good))
        .await;
    assert_eq!(signed.status, 303, "{}", signed.body);
    let csrf = bob.csrf("/app/new").await;
    let refused = bob
        .post(
            "/app/new",
            &[("csrf", &csrf), ("kind", "swiss"), ("name", "Not mine")],
        )
        .await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert!(refused.body.contains("class=\"refusal\""));

    bad_tokens_are_refused(&s, &idp).await;
    assert_eq!(idp.key_fetches(), 1, "the keys are fetched once and kept");

    // Signing out clears the session and ends the provider's.
    let csrf = ann.csrf("/").await;
    let out = ann.post("/app/sign-out", &[("csrf", &csrf)]).await;
    assert_eq!(out.status, 303, "{}", out.body);
    assert!(
        out.location.starts_with(&format!("{}/logout?", idp.base)),
        "{}",
        out.location
    );
    let q = query(&out.location);
    assert_eq!(q["client_id"], CLIENT_ID);
    assert_eq!(q["logout_uri"], s.url("/"));
    assert!(out
        .sets("arbiter_session")
        .is_some_and(|c| c.contains("Max-Age=0")));
    assert!(!ann.get("/").await.body.contains("Signed in as"));
}

mod hosted_sign_in {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn embedded() {
        let idp = FakeIdp::start().await;
        let s = arbiter_e2e::embedded_configured(through(&idp)).await;
        signing_in_through_the_hosted_ui(s, idp).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn dynamo() {
        let idp = FakeIdp::start().await;
        if let Some(s) = arbiter_e2e::dynamo_configured(through(&idp)).await {
            signing_in_through_the_hosted_ui(s, idp).await;
        }
    }
}
