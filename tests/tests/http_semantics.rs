//! HTTP as clients expect it, over both stores: ETags and
//! `If-None-Match`, `If-Match` on commands, absolute `Location`s,
//! `Retry-After`, `GET /v1/me`, the public listing, CORS, and paging the
//! same way on every list.

use arbiter_domain::chess::acwc::testkit::settings_2019;
use arbiter_domain::chess::acwc::{PlayerFacts, Settings};
use arbiter_e2e::{on_both_stores, TestServer, TestStore, TEST_ORIGIN};
use arbiter_facts::{FactsError, FactsSource};
use futures::future::BoxFuture;
use reqwest::{Method, RequestBuilder, Response, StatusCode};
use serde_json::{json, Value};
use std::sync::Arc;

/// `who` (an organizer when `org`) calls `path` with `body`, headers added by `with`.
fn call<S: TestStore>(
    s: &TestServer<S>,
    method: Method,
    path: &str,
    who: &str,
    body: Option<Value>,
) -> RequestBuilder {
    let req = s
        .http
        .request(method, s.url(path))
        .bearer_auth(s.token(who, who == "org"));
    match body {
        Some(b) => req.json(&b),
        None => req,
    }
}

fn header(r: &Response, name: &str) -> String {
    r.headers()
        .get(name)
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default()
}

async fn ladder<S: TestStore>(s: &TestServer<S>, id: &str) {
    s.create(&json!({"id": id, "kind": "club-ladder", "name": "Friday Chess Club"}))
        .await;
}

/// RFC 9110 §8.8.3, §13.1.2: each GET is tagged by the version it shows
/// (and its body, which differs by viewer); a matching If-None-Match is a
/// 304 with no body; a change makes the old tag stale.
async fn etags_and_if_none_match<S: TestStore>(s: TestServer<S>) {
    ladder(&s, "club").await;
    let get = |who: &str| call(&s, Method::GET, "/v1/competitions/club", who, None);
    let r = get("org").send().await.unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let tag = header(&r, "etag");
    // One commit so far: version 1.
    assert!(tag.starts_with("\"v1-"), "{tag}");
    let again = get("org")
        .header("if-none-match", &tag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(header(&again, "etag"), tag);
    assert!(again.bytes().await.unwrap().is_empty());
    let grant = json!({"user": "bob", "role": "player"});
    let r = call(
        &s,
        Method::POST,
        "/v1/competitions/club/roles",
        "org",
        Some(grant),
    );
    assert_eq!(r.send().await.unwrap().status(), StatusCode::OK);
    let changed = get("org")
        .header("if-none-match", &tag)
        .send()
        .await
        .unwrap();
    assert_eq!(changed.status(), StatusCode::OK);
    assert!(header(&changed, "etag").starts_with("\"v2-"));
    // Every other GET is tagged too, by its body.
    let log = call(&s, Method::GET, "/v1/competitions/club/log", "org", None);
    assert!(header(&log.send().await.unwrap(), "etag").starts_with("\"v2-"));
    let mine = call(&s, Method::GET, "/v1/competitions", "org", None);
    assert!(header(&mine.send().await.unwrap(), "etag").starts_with('"'));
}
on_both_stores!(etags_and_if_none_match, super::etags_and_if_none_match);

/// RFC 9110 §13.1.1: a command sent with the ETag of the state it was
/// decided on is applied; with a stale one it is refused with 412 and
/// changes nothing.
async fn if_match_refuses_a_stale_version<S: TestStore>(s: TestServer<S>) {
    ladder(&s, "club").await;
    let r = call(&s, Method::GET, "/v1/competitions/club", "org", None);
    let v1 = header(&r.send().await.unwrap(), "etag");
    let grant = |user: &str, tag: &str| {
        let body = json!({"user": user, "role": "player"});
        call(
            &s,
            Method::POST,
            "/v1/competitions/club/roles",
            "org",
            Some(body),
        )
        .header("if-match", tag.to_owned())
    };
    let ok = grant("bob", &v1).send().await.unwrap();
    assert_eq!(ok.status(), StatusCode::OK);
    let stale = grant("cat", &v1).send().await.unwrap();
    assert_eq!(stale.status(), StatusCode::PRECONDITION_FAILED);
    assert_eq!(header(&stale, "content-type"), "application/problem+json");
    let problem: Value = stale.json().await.unwrap();
    assert_eq!(problem["type"], "/problems/precondition-failed");
    assert_eq!(problem["clause"], "RFC 9110 §13.1.1");
    // Still version 2: cat was not made a player.
    let state = s.get("/v1/competitions/club", &s.token("org", true)).await;
    assert_eq!(state["version"], 2);
    assert!(state["roles"].get("cat").is_none());
    // `*` names any current state; the TD's clock takes If-Match too.
    assert_eq!(
        grant("cat", "*").send().await.unwrap().status(),
        StatusCode::OK
    );
    let tick = call(&s, Method::POST, "/v1/competitions/club/tick", "org", None)
        .header("if-match", v1.clone());
    assert_eq!(
        tick.send().await.unwrap().status(),
        StatusCode::PRECONDITION_FAILED
    );
}
on_both_stores!(
    if_match_refuses_a_stale_version,
    super::if_match_refuses_a_stale_version
);

/// RFC 9110 §10.2.2: a 201's Location is absolute, under the server's
/// public address.
async fn locations_are_absolute<S: TestStore>(s: TestServer<S>) {
    let body = json!({"id": "spring", "kind": "club-ladder", "name": "Spring"});
    let r = call(&s, Method::POST, "/v1/competitions", "org", Some(body));
    let r = r.send().await.unwrap();
    assert_eq!(r.status(), StatusCode::CREATED);
    assert_eq!(header(&r, "location"), s.url("/v1/competitions/spring"));
    let hook = json!({"channel": "webhook", "url": "https://hooks.example.org/a", "scope": "mine"});
    let path = "/v1/competitions/spring/subscriptions";
    let r = call(&s, Method::POST, path, "org", Some(hook))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::CREATED, "{:?}", r.text().await);
    assert!(header(&r, "location").starts_with(&s.url(path)));
}
on_both_stores!(locations_are_absolute, super::locations_are_absolute);

/// `GET /v1/me`: the caller, their platform roles and their competitions
/// across kinds with their roles in each.
async fn me_lists_roles_and_competitions<S: TestStore>(s: TestServer<S>) {
    ladder(&s, "club").await;
    s.create(&json!({"id": "vote", "kind": "nomic", "name": "Nomic"}))
        .await;
    let grant = json!({"user": "bob", "role": "moderator"});
    let r = call(
        &s,
        Method::POST,
        "/v1/competitions/club/roles",
        "org",
        Some(grant),
    );
    assert_eq!(r.send().await.unwrap().status(), StatusCode::OK);
    let org = s.get("/v1/me", &s.token("org", true)).await;
    assert_eq!(org["user"], "org");
    assert_eq!(org["roles"], json!(["organizer"]));
    let kinds: Vec<&str> = org["competitions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["club-ladder", "nomic"]);
    assert_eq!(org["competitions"][0]["roles"], json!(["organizer"]));
    let bob = s.get("/v1/me", &s.token("bob", false)).await;
    assert_eq!(bob["roles"], json!([]));
    assert_eq!(bob["competitions"][0]["id"], "club");
    assert_eq!(bob["competitions"][0]["roles"], json!(["moderator"]));
    // One page holds `limit` competitions in id order ("club" < "vote"); the
    // cursor names the last one served, and the last page has none.
    let first = s.get("/v1/me?limit=1", &s.token("org", true)).await;
    assert_eq!(first["competitions"].as_array().unwrap().len(), 1);
    assert_eq!(first["competitions"][0]["id"], "club");
    assert_eq!(first["next_cursor"], "club");
    let second = s
        .get("/v1/me?limit=1&cursor=club", &s.token("org", true))
        .await;
    assert_eq!(second["competitions"][0]["id"], "vote");
    assert_eq!(second["next_cursor"], Value::Null);
    assert_eq!(org["next_cursor"], Value::Null, "both fit the default page");
}
on_both_stores!(
    me_lists_roles_and_competitions,
    super::me_lists_roles_and_competitions
);

/// The organizer lists a competition publicly (`POST .../public`, the
/// `set-public` command, arbiter roles); anyone reads the listing without
/// signing in, a page at a time.
async fn public_listing_pages_without_auth<S: TestStore>(s: TestServer<S>) {
    for id in ["a-club", "b-club", "c-club"] {
        ladder(&s, id).await;
    }
    let publish = |id: &str, who: &str, public: bool| {
        let path = format!("/v1/competitions/{id}/public");
        call(
            &s,
            Method::POST,
            &path,
            who,
            Some(json!({"public": public})),
        )
        .send()
    };
    let r = publish("a-club", "bob", true).await.unwrap();
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    let refusal: Value = r.json().await.unwrap();
    assert_eq!(refusal["clause"], "arbiter roles");
    for id in ["a-club", "b-club", "c-club"] {
        assert_eq!(
            publish(id, "org", true).await.unwrap().status(),
            StatusCode::OK
        );
    }
    assert_eq!(
        publish("b-club", "org", false).await.unwrap().status(),
        StatusCode::OK
    );
    let http = &s.http;
    let page = |query: &str| {
        let url = s.url(&format!("/v1/public/competitions{query}"));
        async move {
            http.get(url)
                .send()
                .await
                .unwrap()
                .json::<Value>()
                .await
                .unwrap()
        }
    };
    let first = page("?limit=1").await;
    assert_eq!(first["competitions"][0]["id"], "a-club");
    assert_eq!(first["next_cursor"], "a-club");
    // b-club was withdrawn: the page after a-club holds nothing listed.
    let second = page("?limit=1&cursor=a-club").await;
    assert_eq!(second["competitions"], json!([]));
    let third = page("?limit=1&cursor=b-club").await;
    assert_eq!(third["competitions"][0]["id"], "c-club");
    assert_eq!(third["competitions"][0]["public"], true);
    assert_eq!(third["next_cursor"], Value::Null);
}
on_both_stores!(
    public_listing_pages_without_auth,
    super::public_listing_pages_without_auth
);

/// The Fetch standard's CORS protocol: a preflight from an allowed origin is
/// answered (204, not 405) with what it may send; another origin is not
/// allowed; an answer lets the allowed origin read ETag and Location.
async fn cors_preflight_and_answers<S: TestStore>(s: TestServer<S>) {
    let preflight = |origin: &str| {
        s.http
            .request(Method::OPTIONS, s.url("/v1/competitions/club/roles"))
            .header("origin", origin)
            .header("access-control-request-method", "POST")
            .header("access-control-request-headers", "authorization, if-match")
            .send()
    };
    let ok = preflight(TEST_ORIGIN).await.unwrap();
    assert_eq!(ok.status(), StatusCode::NO_CONTENT);
    assert_eq!(header(&ok, "access-control-allow-origin"), TEST_ORIGIN);
    assert!(header(&ok, "access-control-allow-methods").contains("POST"));
    assert!(header(&ok, "access-control-allow-headers").contains("if-match"));
    let other = preflight("https://elsewhere.example").await.unwrap();
    assert_eq!(header(&other, "access-control-allow-origin"), "");
    let r = call(&s, Method::GET, "/v1/competitions", "org", None)
        .header("origin", TEST_ORIGIN)
        .send()
        .await
        .unwrap();
    assert_eq!(header(&r, "access-control-allow-origin"), TEST_ORIGIN);
    assert!(header(&r, "access-control-expose-headers").contains("etag"));
}
on_both_stores!(
    cors_preflight_and_answers,
    super::cors_preflight_and_answers
);

/// A player-facts source that never answers.
struct Down;

impl FactsSource for Down {
    fn player_facts<'a>(
        &'a self,
        _: &'a str,
        _: &'a Settings,
    ) -> BoxFuture<'a, Result<PlayerFacts, FactsError>> {
        Box::pin(async { Err(FactsError::Unavailable("connection refused".into())) })
    }

    fn name(&self) -> &'static str {
        "down"
    }
}

/// RFC 9110 §10.2.3: a 503 says when to retry.
async fn unavailable_says_when_to_retry<S: TestStore>(s: TestServer<S>) {
    s.create(&json!({"id": "acwc", "kind": "acwc", "name": "ACWC"}))
        .await;
    let configure = json!({"action": "configure", "settings": settings_2019()});
    let r = call(
        &s,
        Method::POST,
        "/v1/competitions/acwc/actions",
        "org",
        Some(configure),
    );
    assert_eq!(r.send().await.unwrap().status(), StatusCode::OK);
    let entry = json!({"account": "Ogul1"});
    let path = "/v1/competitions/acwc/registrations";
    let r = call(&s, Method::POST, path, "ann", Some(entry))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(header(&r, "retry-after"), "1");
}

mod unavailable {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn embedded() {
        let s = arbiter_e2e::embedded_with(Some(Arc::new(Down))).await;
        unavailable_says_when_to_retry(s).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn dynamo() {
        if let Some(s) = arbiter_e2e::dynamo_with(Some(Arc::new(Down))).await {
            unavailable_says_when_to_retry(s).await;
        }
    }
}

/// `who` GETs `path`: the status, the media type and the body.
async fn get_as<S: TestStore>(s: &TestServer<S>, path: &str, who: &str) -> (u16, String, Value) {
    let r = call(s, Method::GET, path, who, None).send().await.unwrap();
    let status = r.status().as_u16();
    let media = header(&r, "content-type");
    (status, media, r.json().await.unwrap_or(Value::Null))
}

/// `page`, the answer of `GET route`, fits the 200 schema the OpenAPI
/// document gives it.
fn fits_the_document(route: &str, page: &Value) {
    let doc = arbiter::openapi::document();
    let schema =
        &doc["paths"][route]["get"]["responses"]["200"]["content"]["application/json"]["schema"];
    let mut root = schema.clone();
    root["components"] = doc["components"].clone();
    root["$schema"] = json!("https://json-schema.org/draft/2020-12/schema");
    let validator = jsonschema::validator_for(&root).expect("the schema compiles");
    let errors: Vec<String> = validator.iter_errors(page).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{route}: {page}: {errors:?}");
}

/// Every list pages the same way. `limit` rows after `cursor`;
/// the answer's `next_cursor` is the next `cursor`, null on the last page
/// (also when the last page is exactly full).
async fn every_list_pages_by_cursor_and_limit<S: TestStore>(s: TestServer<S>) {
    ladder(&s, "club").await;
    ladder(&s, "club2").await;
    for user in ["bob", "carl"] {
        let grant = json!({"user": user, "role": "player"});
        let r = call(
            &s,
            Method::POST,
            "/v1/competitions/club/roles",
            "org",
            Some(grant),
        );
        assert_eq!(r.send().await.unwrap().status(), StatusCode::OK);
    }
    for url in ["https://hooks.example.org/a", "https://hooks.example.org/b"] {
        let hook = json!({"channel": "webhook", "url": url});
        let path = "/v1/competitions/club/subscriptions";
        let r = call(&s, Method::POST, path, "org", Some(hook));
        assert_eq!(r.send().await.unwrap().status(), StatusCode::CREATED);
    }
    // The log holds versions 1 (create), 2 and 3 (the grants).
    let log = "/v1/competitions/club/log";
    let (mut cursor, mut versions) = (String::new(), Vec::new());
    loop {
        let (status, _, page) = get_as(&s, &format!("{log}?limit=1{cursor}"), "org").await;
        assert_eq!(status, 200, "{page}");
        fits_the_document("/v1/competitions/{id}/log", &page);
        versions.extend(
            page["entries"]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| e["version"].clone()),
        );
        match page["next_cursor"].as_str() {
            Some(next) => cursor = format!("&cursor={next}"),
            None => break,
        }
    }
    assert_eq!(
        versions,
        [1, 2, 3],
        "three pages of one, the last without a cursor"
    );
    // Two competitions and two subscriptions: two pages of one each.
    for (path, route, rows) in [
        ("/v1/competitions", "/v1/competitions", "competitions"),
        ("/v1/me", "/v1/me", "competitions"),
        (
            "/v1/competitions/club/subscriptions",
            "/v1/competitions/{id}/subscriptions",
            "subscriptions",
        ),
    ] {
        let (_, _, first) = get_as(&s, &format!("{path}?limit=1"), "org").await;
        fits_the_document(route, &first);
        assert_eq!(first[rows].as_array().unwrap().len(), 1, "{path}: {first}");
        let next = first["next_cursor"].as_str().expect("a next page");
        let (_, _, second) = get_as(&s, &format!("{path}?limit=1&cursor={next}"), "org").await;
        assert_eq!(
            second[rows].as_array().unwrap().len(),
            1,
            "{path}: {second}"
        );
        assert_ne!(first[rows][0], second[rows][0], "{path}");
        assert_eq!(second["next_cursor"], Value::Null, "{path}");
    }
    let (status, _, letters) = get_as(&s, "/v1/competitions/club/dead-letters", "org").await;
    assert_eq!(status, 200);
    assert_eq!(letters, json!({"dead_letters": [], "next_cursor": null}));
    fits_the_document("/v1/competitions/{id}/dead-letters", &letters);
}
on_both_stores!(
    every_list_pages_by_cursor_and_limit,
    super::every_list_pages_by_cursor_and_limit
);

/// A `limit` out of range (zero, negative, not a number, u64::MAX) or a
/// cursor the API did not hand out is a 400 problem on every list, never a
/// 500 nor a quietly changed page.
async fn a_bad_cursor_or_limit_is_refused_on_every_list<S: TestStore>(s: TestServer<S>) {
    ladder(&s, "club").await;
    let max = "18446744073709551615";
    let common = ["%21%21", "%00", "A", ""];
    let lists: [(&str, &[&str]); 7] = [
        ("/v1/competitions", &[]),
        ("/v1/me", &[]),
        ("/v1/public/competitions", &[]),
        // Version 2 is past the club's one commit.
        ("/v1/competitions/club/log", &["-1", max, "2", "1.5"]),
        (
            "/v1/competitions/club/subscriptions",
            &["-1", "sub-", "sub-XYZ"],
        ),
        ("/v1/competitions/club/dead-letters", &["-1", max, "p"]),
        ("/v1/competitions/club/leaderboard", &["-1", max, "p"]),
    ];
    for (path, cursors) in lists {
        let (status, _, _) = get_as(&s, path, "org").await;
        assert_eq!(status, 200, "{path}");
        let limits = ["0", "-1", "abc", "", max, "1e3", "100000"].map(|l| format!("limit={l}"));
        let cursors = common.iter().chain(cursors).map(|c| format!("cursor={c}"));
        for query in limits.into_iter().chain(cursors) {
            let (status, media, body) = get_as(&s, &format!("{path}?{query}"), "org").await;
            assert_eq!(status, 400, "{path}?{query}: {body}");
            assert!(
                media.starts_with("application/problem+json"),
                "{path}?{query}: {media}"
            );
        }
    }
}
on_both_stores!(
    a_bad_cursor_or_limit_is_refused_on_every_list,
    super::a_bad_cursor_or_limit_is_refused_on_every_list
);
