//! The API over HTTP on loopback, on both stores: the README's curl tour,
//! authentication, error mapping, idempotency, schedules.

use arbiter_e2e::TestStore;
use arbiter_e2e::{on_both_stores, TestServer};
use reqwest::{Response, StatusCode};
use serde_json::{json, Value};

async fn problem(r: Response, status: StatusCode) -> Value {
    assert_eq!(r.status(), status);
    assert_eq!(r.headers()["content-type"], "application/problem+json");
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["status"], status.as_u16());
    body
}

async fn create<S: TestStore>(s: &TestServer<S>, token: &str, body: Value) -> Response {
    s.http
        .post(s.url("/v1/competitions"))
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .unwrap()
}

/// Create a competition, grant a role, read the competition and its log.
async fn tour<S: TestStore>(s: TestServer<S>) {
    let ann = s.token("ann", true);
    let r = create(
        &s,
        &ann,
        json!({"id": "spring-club", "kind": "club-ladder", "name": "Friday Chess Club"}),
    )
    .await;
    assert_eq!(r.status(), StatusCode::CREATED);
    // Absolute (RFC 9110 §10.2.2), under the server's address.
    assert_eq!(
        r.headers()["location"],
        s.url("/v1/competitions/spring-club").as_str()
    );
    let receipt: Value = r.json().await.unwrap();
    assert_eq!(receipt["version"], 1);
    assert_eq!(receipt["events"][0]["type"], "created");

    let r = s
        .http
        .post(s.url("/v1/competitions/spring-club/roles"))
        .bearer_auth(&ann)
        .json(&json!({"user": "bob", "role": "moderator"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);

    let bob = s.token("bob", false);
    let c: Value = s.get("/v1/competitions/spring-club", &bob).await;
    assert_eq!(c["kind"], "club-ladder");
    assert_eq!(c["roles"]["bob"], json!(["moderator"]));
    assert_eq!(c["roles"]["ann"], json!(["organizer"]));
    assert!(
        c.get("receipts").is_none(),
        "idempotency receipts are not part of the view"
    );

    let mine: Value = s.get("/v1/competitions", &bob).await;
    assert_eq!(mine["competitions"], json!(["spring-club"]));

    let log: Value = s.get("/v1/competitions/spring-club/log", &bob).await;
    let entries = log["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[0]["actor"], json!({"user": "ann"}));
    assert_eq!(
        entries[0]["at"], "2026-11-21T10:00:00Z",
        "the fake clock's time"
    );
    assert_eq!(entries[1]["command"], "grant-role");
    assert_eq!(
        entries[1]["events"][0],
        json!({"type": "role-granted", "user": "bob", "role": "moderator"})
    );

    // Revoking the last organizer is refused by the platform's role rule.
    let r = s
        .http
        .delete(s.url("/v1/competitions/spring-club/roles/ann/organizer"))
        .bearer_auth(&ann)
        .send()
        .await
        .unwrap();
    let p = problem(r, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert_eq!(p["clause"], "arbiter roles");
    let r = s
        .http
        .delete(s.url("/v1/competitions/spring-club/roles/bob/moderator"))
        .bearer_auth(&ann)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
}
on_both_stores!(curl_tour, super::tour);

/// No token, a bad token, the wrong role.
async fn auth<S: TestStore>(s: TestServer<S>) {
    let body = json!({"kind": "nomic", "name": "n"});
    let r = s
        .http
        .post(s.url("/v1/competitions"))
        .json(&body)
        .send()
        .await
        .unwrap();
    let r_headers = r.headers().clone();
    problem(r, StatusCode::UNAUTHORIZED).await;
    assert_eq!(r_headers["www-authenticate"], "Bearer");
    problem(
        create(&s, "not-a-token", body.clone()).await,
        StatusCode::UNAUTHORIZED,
    )
    .await;
    // A player (no organizer right) may not create.
    let p = problem(
        create(&s, &s.token("pat", false), body.clone()).await,
        StatusCode::FORBIDDEN,
    )
    .await;
    assert_eq!(p["clause"], "arbiter roles");
    // Only the organizer grants roles.
    let ann = s.token("ann", true);
    create(
        &s,
        &ann,
        json!({"id": "auth-test", "kind": "nomic", "name": "n"}),
    )
    .await;
    let r = s
        .http
        .post(s.url("/v1/competitions/auth-test/roles"))
        .bearer_auth(s.token("pat", false))
        .json(&json!({"user": "pat", "role": "organizer"}))
        .send()
        .await
        .unwrap();
    problem(r, StatusCode::FORBIDDEN).await;
    // The public route needs no token.
    let r = s.http.get(s.url("/openapi.json")).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let doc: Value = r.json().await.unwrap();
    assert_eq!(doc["openapi"], "3.1.0");
}
on_both_stores!(authentication, super::auth);

/// Bad input of every kind gets the right problem and never a 500.
async fn errors<S: TestStore>(s: TestServer<S>) {
    let ann = s.token("ann", true);
    let post = |path: &str| s.http.post(s.url(path)).bearer_auth(&ann);
    let r = post("/v1/competitions")
        .header("content-type", "application/json")
        .body("{\"kind\":")
        .send()
        .await
        .unwrap();
    assert_eq!(
        problem(r, StatusCode::BAD_REQUEST).await["type"],
        "/problems/malformed-json"
    );
    let r = post("/v1/competitions")
        .json(&json!({"kind": "chess-boxing", "name": "x"}))
        .send()
        .await
        .unwrap();
    assert_eq!(
        problem(r, StatusCode::BAD_REQUEST).await["type"],
        "/problems/invalid-request"
    );
    let r = post("/v1/competitions")
        .json(&json!({"id": "UPPER", "kind": "nomic", "name": "x"}))
        .send()
        .await
        .unwrap();
    problem(r, StatusCode::BAD_REQUEST).await;
    let r = post("/v1/competitions")
        .header("content-type", "text/plain")
        .body("hello")
        .send()
        .await
        .unwrap();
    problem(r, StatusCode::UNSUPPORTED_MEDIA_TYPE).await;
    let big = format!("{{\"name\":\"{}\"}}", "x".repeat(3 * 1024 * 1024));
    let r = post("/v1/competitions")
        .header("content-type", "application/json")
        .body(big)
        .send()
        .await
        .unwrap();
    assert_eq!(
        r.headers()["connection"],
        "close",
        "the unread body spoils the connection"
    );
    problem(r, StatusCode::PAYLOAD_TOO_LARGE).await;
    let r = s
        .http
        .get(s.url("/v1/nowhere"))
        .bearer_auth(&ann)
        .send()
        .await
        .unwrap();
    problem(r, StatusCode::NOT_FOUND).await;
    let r = s
        .http
        .put(s.url("/v1/competitions"))
        .bearer_auth(&ann)
        .send()
        .await
        .unwrap();
    let allow = r.headers()["allow"].to_str().unwrap().to_owned();
    problem(r, StatusCode::METHOD_NOT_ALLOWED).await;
    assert_eq!(allow, "GET, POST");
    let r = s
        .http
        .get(s.url("/v1/competitions/no-such-thing"))
        .bearer_auth(&ann)
        .send()
        .await
        .unwrap();
    problem(r, StatusCode::NOT_FOUND).await;
    let r = s
        .http
        .get(s.url("/v1/competitions/no-such-thing/log"))
        .bearer_auth(&ann)
        .send()
        .await
        .unwrap();
    problem(r, StatusCode::NOT_FOUND).await;
    let r = s
        .http
        .get(s.url("/v1/competitions/x/log?limit=many"))
        .bearer_auth(&ann)
        .send()
        .await
        .unwrap();
    problem(r, StatusCode::BAD_REQUEST).await;
    // The same id twice.
    let body = json!({"id": "twice", "kind": "nomic", "name": "x"});
    assert_eq!(
        create(&s, &ann, body.clone()).await.status(),
        StatusCode::CREATED
    );
    problem(create(&s, &ann, body).await, StatusCode::CONFLICT).await;
    // A kind's command with missing fields is a 400 naming the action.
    let r = post("/v1/competitions/twice/registrations")
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    let p = problem(r, StatusCode::BAD_REQUEST).await;
    assert!(p["detail"].as_str().unwrap().contains("seat-player"), "{p}");
    // Each route reaches its kind's command: orders to a Diplomacy board,
    // rounds to an ACWC championship (a body of the wrong shape names it).
    for (kind, id, path, action) in [
        ("diplomacy-game", "board-1", "orders", "submit-orders"),
        ("diplomacy-game", "board-1", "votes", "record-vote"),
        ("acwc", "acwc-1", "rounds", "pair-round"),
        ("diplomacy-tournament", "wm-1", "rounds", "pair-round"),
        ("diplomacy-tournament", "wm-1", "votes", "record-vote"),
    ] {
        let body = json!({"id": id, "kind": kind, "name": "x"});
        let created = create(&s, &ann, body).await.status();
        assert!(created == StatusCode::CREATED || created == StatusCode::CONFLICT);
        let r = post(&format!("/v1/competitions/{id}/{path}"))
            .json(&json!({"unexpected": true}))
            .send()
            .await
            .unwrap();
        let status = r.status();
        let p: Value = r.json().await.unwrap();
        assert!(
            status == StatusCode::BAD_REQUEST
                || status == StatusCode::UNPROCESSABLE_ENTITY
                || status == StatusCode::FORBIDDEN
                || status == StatusCode::CONFLICT,
            "{path}: {status} {p}"
        );
        assert_ne!(
            status,
            StatusCode::NOT_IMPLEMENTED,
            "{path} reaches the {kind} rules"
        );
        if status == StatusCode::BAD_REQUEST {
            assert!(
                p["detail"].as_str().unwrap().contains(action),
                "{path}: {p}"
            );
        }
    }
    // A route a kind has no action for answers 404 naming the kind; unknown ids 404.
    for path in ["orders", "rounds"] {
        let r = post(&format!("/v1/competitions/twice/{path}"))
            .json(&json!({"action": "x"}))
            .send()
            .await
            .unwrap();
        let p = problem(r, StatusCode::NOT_FOUND).await;
        assert!(
            p["detail"]
                .as_str()
                .unwrap()
                .contains("a Nomic game (nomic)"),
            "{p}"
        );
    }
    for path in ["registrations", "rounds", "orders", "votes", "actions"] {
        let r = post(&format!("/v1/competitions/ghost/{path}"))
            .json(&json!({}))
            .send()
            .await
            .unwrap();
        problem(r, StatusCode::NOT_FOUND).await;
    }
}
on_both_stores!(error_mapping, super::errors);

/// A client that lost the answer retries with the same Idempotency-Key.
async fn idempotency<S: TestStore>(s: TestServer<S>) {
    let ann = s.token("ann", true);
    let create_once = || {
        s.http
            .post(s.url("/v1/competitions"))
            .bearer_auth(&ann)
            .header("idempotency-key", "create-1")
            .json(&json!({"kind": "diplomacy-game", "name": "Board 7"}))
            .send()
    };
    let first = create_once().await.unwrap();
    assert_eq!(first.status(), StatusCode::CREATED);
    let location = first.headers()["location"].to_str().unwrap().to_owned();
    let first: Value = first.json().await.unwrap();
    let second = create_once().await.unwrap();
    assert_eq!(second.headers()["location"].to_str().unwrap(), location);
    assert_eq!(second.json::<Value>().await.unwrap(), first);
    let mine: Value = s.get("/v1/competitions", &ann).await;
    assert_eq!(
        mine["competitions"].as_array().unwrap().len(),
        1,
        "one competition, not two"
    );

    let grant = |key: &'static str, user: &'static str| {
        s.http
            .post(format!("{location}/roles"))
            .bearer_auth(&ann)
            .header("idempotency-key", key)
            .json(&json!({"user": user, "role": "player"}))
            .send()
    };
    let a: Value = grant("g-1", "bob").await.unwrap().json().await.unwrap();
    let b: Value = grant("g-1", "bob").await.unwrap().json().await.unwrap();
    assert_eq!(a, b);
    // The same key for a different request is refused and changes nothing.
    let r = grant("g-1", "cat").await.unwrap();
    problem(r, StatusCode::BAD_REQUEST).await;
    let path = location
        .strip_prefix(&s.base)
        .expect("a Location on this server");
    let log: Value = s.get(&format!("{path}/log"), &ann).await;
    assert_eq!(log["entries"].as_array().unwrap().len(), 2);
    assert!(
        log.to_string().find("g-1").is_none(),
        "keys do not leak through the log"
    );
}
on_both_stores!(idempotent_retries, super::idempotency);

/// Every schedule runs through its function; twice, or two at once, changes
/// nothing twice; a schedule sent to the wrong function is refused.
async fn schedules<S: TestStore>(s: TestServer<S>) {
    let notifications = arbiter_e2e::notifications::Notifications::start(&s).await;
    for schedule in arbiter_service::schedules::SCHEDULES {
        if schedule.function == notify::FUNCTION {
            // The notifier is not on the request path: its function takes the event.
            let event = json!({"schedule": schedule.name});
            let (a, b) = tokio::join!(
                notifications.deliver(event.clone()),
                notifications.deliver(event)
            );
            assert_eq!((a.failed, b.failed), (0, 0));
            continue;
        }
        let (a, b) = tokio::join!(
            arbiter::server::fire(s.app.clone(), schedule.function, schedule.name),
            arbiter::server::fire(s.app.clone(), schedule.function, schedule.name)
        );
        assert_eq!(a.unwrap().failed, 0);
        assert_eq!(b.unwrap().failed, 0);
    }
    let wrong = arbiter::server::fire(s.app.clone(), "apply-decay", "nomic-end-of-day").await;
    assert_eq!(wrong.unwrap_err().status.as_u16(), 400);
}
on_both_stores!(schedule_runs, super::schedules);

#[tokio::test]
async fn fake_clock_moves_only_when_told() {
    let s = arbiter_e2e::embedded().await;
    let ann = s.token("ann", true);
    s.clock.advance(chrono::Duration::days(2));
    create(
        &s,
        &ann,
        json!({"id": "later", "kind": "nomic", "name": "n"}),
    )
    .await;
    let c: Value = s.get("/v1/competitions/later", &ann).await;
    assert_eq!(c["created_at"], "2026-11-23T10:00:00Z");
}
