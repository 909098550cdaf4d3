//! One vocabulary, over both stores: the spellings the kinds used before
//! they agreed (kebab-case keys, old kind names) are still read, and a
//! request that uses one is answered with RFC 9745's `Deprecation` header
//! and `Arbiter-Deprecated` naming the new spelling; the state is written
//! in the new one. A name that is no kind is refused naming today's kinds
//! only.

use arbiter_e2e::{on_both_stores, TestServer, TestStore};
use reqwest::Response;
use serde_json::{json, Value};

async fn post<S: TestStore>(s: &TestServer<S>, path: &str, who: &str, body: Value) -> Response {
    s.http
        .post(s.url(path))
        .bearer_auth(s.token(who, who == "org"))
        .json(&body)
        .send()
        .await
        .expect("request")
}

fn header(r: &Response, name: &str) -> Option<String> {
    r.headers()
        .get(name)
        .map(|v| v.to_str().unwrap().to_owned())
}

async fn old_spellings_are_read_and_noted<S: TestStore>(s: TestServer<S>) {
    // The World Masters' old kind name and its settings' old key.
    let r = post(
        &s,
        "/v1/competitions",
        "org",
        json!({"id": "wm", "kind": "tournament", "name": "WM"}),
    )
    .await;
    assert_eq!(r.status(), 201);
    assert_eq!(header(&r, "deprecation").as_deref(), Some("@1795824000"));
    assert_eq!(
        header(&r, "arbiter-deprecated").as_deref(),
        Some("kind: tournament -> diplomacy-tournament")
    );
    let roles = json!({"user": "td", "role": "tournament-director"});
    let r = post(&s, "/v1/competitions/wm/roles", "org", roles).await;
    assert_eq!(r.status(), 200, "{:?}", r.text().await);
    assert_eq!(
        header(&r, "deprecation"),
        None,
        "a request in today's words"
    );

    let configure =
        json!({"action": "configure", "settings": {"entry-deadline": "2030-01-01T00:00:00Z"}});
    let r = post(&s, "/v1/competitions/wm/actions", "td", configure).await;
    assert_eq!(r.status(), 200);
    assert_eq!(
        header(&r, "arbiter-deprecated").as_deref(),
        Some("entry-deadline -> entry_deadline")
    );
    let view = s.get("/v1/competitions/wm", &s.token("td", false)).await;
    assert_eq!(view["kind"], "diplomacy-tournament");
    let settings = &view["game"]["settings"];
    assert_eq!(settings["entry_deadline"], "2030-01-01T00:00:00Z", "{view}");
    assert!(settings.get("entry-deadline").is_none(), "{view}");
}

on_both_stores!(
    old_spellings_are_read_and_noted,
    super::old_spellings_are_read_and_noted
);

async fn an_unknown_kind_names_only_todays_kinds<S: TestStore>(s: TestServer<S>) {
    let r = post(
        &s,
        "/v1/competitions",
        "org",
        json!({"id": "x", "kind": "bored", "name": "X"}),
    )
    .await;
    assert_eq!(r.status(), 400);
    assert_eq!(header(&r, "deprecation"), None, "a refusal is not noted");
    let detail = r.text().await.unwrap();
    for kind in [
        "acwc",
        "club-ladder",
        "diplomacy-game",
        "diplomacy-tournament",
        "nomic",
        "swiss",
    ] {
        assert!(detail.contains(kind), "{kind} missing: {detail}");
    }
    for old in ["`board`", "`ladder`", "swiss-match", "`tournament`"] {
        assert!(
            !detail.contains(old),
            "the old name {old} is listed: {detail}"
        );
    }
}

on_both_stores!(
    an_unknown_kind_names_only_todays_kinds,
    super::an_unknown_kind_names_only_todays_kinds
);
