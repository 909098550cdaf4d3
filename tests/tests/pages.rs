//! The public pages over HTTP: a competition's pages answer only
//! once its organizer lists it publicly; a private one answers the same 404
//! as an unknown one; every page carries an ETag that answers 304, and a
//! Cache-Control. (The secrecy search over every page of every kind is in
//! the kind conformance suite: `kind_conformance/checks.rs`.)

use arbiter_e2e::{on_both_stores, start_time, TestServer, TestStore};
use chrono::Duration;
use serde_json::{json, Value};

const ID: &str = "pages-swiss";

async fn act<S: TestStore>(s: &TestServer<S>, who: &str, route: &str, body: Value) {
    let now = start_time() + Duration::hours(1);
    let (status, answer) = s
        .post_as(who, now, &format!("/v1/competitions/{ID}/{route}"), &body)
        .await;
    assert_eq!(status, 200, "{who} {body}: {answer}");
}

async fn get<S: TestStore>(s: &TestServer<S>, path: &str) -> reqwest::Response {
    s.http.get(s.url(path)).send().await.expect("request")
}

/// Four players, round 1 paired.
async fn swiss<S: TestStore>(s: &TestServer<S>) {
    s.create(&json!({"id": ID, "kind": "swiss", "name": "Autumn <Open>"}))
        .await;
    act(
        s,
        "org",
        "actions",
        json!({"action": "set-up", "settings": {"rounds": 3}}),
    )
    .await;
    for (p, rating) in [("ann", 2200), ("bob", 2100), ("cat", 2000), ("dan", 1900)] {
        act(
            s,
            p,
            "registrations",
            json!({"entry": {"name": p, "rating": rating}}),
        )
        .await;
    }
    act(s, "org", "rounds", json!({})).await;
}

async fn public_pages_are_cached_and_private_ones_are_not_found<S: TestStore>(s: TestServer<S>) {
    swiss(&s).await;
    // Private: the same 404 as a competition that does not exist.
    let private = get(&s, &format!("/pages/{ID}")).await;
    assert_eq!(private.status(), 404);
    let private_body = private.text().await.unwrap();
    let unknown = get(&s, "/pages/no-such-competition").await;
    assert_eq!(unknown.status(), 404);
    assert_eq!(unknown.text().await.unwrap(), private_body);
    for sub in ["round/1", "crosstable", "calendar.ics"] {
        assert_eq!(
            get(&s, &format!("/pages/{ID}/{sub}")).await.status(),
            404,
            "{sub}"
        );
    }
    let index = get(&s, "/pages").await.text().await.unwrap();
    assert!(!index.contains(ID), "{index}");

    // Listed: the index links it and every page answers.
    let (status, answer) = s
        .post_as(
            "org",
            start_time() + Duration::hours(2),
            &format!("/v1/competitions/{ID}/public"),
            &json!({"public": true}),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    let index = get(&s, "/pages").await.text().await.unwrap();
    assert!(index.contains(&format!("href=\"/pages/{ID}\"")), "{index}");
    assert!(
        index.contains("Autumn &lt;Open&gt;"),
        "names are escaped: {index}"
    );

    let front = get(&s, &format!("/pages/{ID}")).await;
    assert_eq!(front.status(), 200);
    assert_eq!(front.headers()["content-type"], "text/html; charset=utf-8");
    assert_eq!(front.headers()["cache-control"], "public, max-age=60");
    let policy = front.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        policy.contains("script-src 'self';") && !policy.contains("unsafe"),
        "{policy}"
    );
    let tag = front.headers()["etag"].to_str().unwrap().to_owned();
    assert!(tag.starts_with("\"v"), "the ETag names the version: {tag}");
    let body = front.text().await.unwrap();
    assert!(
        body.contains("<html lang=\"en\">") && body.contains("Standings"),
        "{body}"
    );

    let again = s
        .http
        .get(s.url(&format!("/pages/{ID}")))
        .header("if-none-match", &tag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);
    assert!(again.text().await.unwrap().is_empty());

    let round = get(&s, &format!("/pages/{ID}/round/1")).await;
    assert_eq!(round.status(), 200);
    let round = round.text().await.unwrap();
    assert!(round.contains("<th scope=\"col\">White</th>"), "{round}");
    let ics = get(&s, &format!("/pages/{ID}/calendar.ics")).await;
    assert_eq!(
        ics.headers()["content-type"],
        "text/calendar; charset=utf-8"
    );
    assert!(ics.text().await.unwrap().starts_with("BEGIN:VCALENDAR"));
    let css = get(&s, "/pages/style.css").await;
    assert_eq!(css.headers()["content-type"], "text/css; charset=utf-8");
    // The one script (deadlines in the reader's time), from this origin
    // only: a page's policy runs no other.
    let js = get(&s, "/pages/time.js").await;
    assert_eq!(js.status(), 200);
    assert_eq!(
        js.headers()["content-type"],
        "text/javascript; charset=utf-8"
    );
    assert!(js.text().await.unwrap().contains("data-countdown"));
    assert_eq!(get(&s, &format!("/pages/{ID}/round/9")).await.status(), 404);
    assert_eq!(
        get(&s, &format!("/pages/{ID}/nonsense")).await.status(),
        404
    );

    // Withdrawn: not found again.
    let (status, _) = s
        .post_as(
            "org",
            start_time() + Duration::hours(3),
            &format!("/v1/competitions/{ID}/public"),
            &json!({"public": false}),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(get(&s, &format!("/pages/{ID}")).await.status(), 404);
}

on_both_stores!(
    pages_of_a_listed_competition,
    super::public_pages_are_cached_and_private_ones_are_not_found
);
