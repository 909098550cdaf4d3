//! The browser app over HTTP, as a browser sends it (form posts, the
//! session cookie, Origin and Sec-Fetch-Site headers), on both stores:
//!
//! - signing in sets an `HttpOnly; Secure; SameSite=Lax` cookie, and every
//!   app page forbids scripts in its Content-Security-Policy;
//! - a post from another origin, without the form's token or with another
//!   session's token is refused (403) and changes nothing;
//! - a signed-out visitor sees a public competition's desk with no form, and
//!   a private one not at all (the same 404 as an unknown one);
//! - a Swiss event run from the desk: set up, listed, four players enter,
//!   round 1 paired, each player sees "report the result of your game" for
//!   their own board only and reports it; the standings count it;
//! - a refusal is shown beside its form with its clause;
//! - a Diplomacy power's player sees a form for its own orders only, and a
//!   crafted post for another power is refused (wm D.II); no other viewer's
//!   app page shows orders before adjudication (wm D.III).

use arbiter_e2e::form_browser::{encode, Answer, Browser};
use arbiter_e2e::{on_both_stores, TestServer, TestStore};
use arbiter_http::Clock;
use serde_json::{json, Value};

/// The app's own steps, over the shared browser.
trait Desk {
    async fn sign_in(&mut self, user: &str, organizer: bool);

    /// Posts the desk form of `action` with `fields`.
    async fn act(&mut self, id: &str, action: &str, fields: &[(&str, &str)]) -> Answer;
}

impl<S: TestStore> Desk for Browser<'_, S> {
    async fn sign_in(&mut self, user: &str, organizer: bool) {
        let a = self.dev_sign_in(user, organizer).await;
        assert_eq!(a.status, 303, "{}", a.body);
        let cookie = a.sets("arbiter_session").expect("a session cookie").clone();
        for attribute in ["HttpOnly", "Secure", "SameSite=Lax", "Path=/"] {
            assert!(cookie.contains(attribute), "{cookie}");
        }
    }

    async fn act(&mut self, id: &str, action: &str, fields: &[(&str, &str)]) -> Answer {
        let desk = format!("/app/c/{id}");
        let csrf = self.csrf(&desk).await;
        // A fresh key per post, as each rendering of a page draws one.
        static POSTS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = POSTS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let key = format!("{action}-{n}");
        let mut all = vec![
            ("csrf", csrf.as_str()),
            ("_act", action),
            ("_slot", "test"),
            ("_key", key.as_str()),
        ];
        all.extend_from_slice(fields);
        self.post(&desk, &all).await
    }
}

fn attribute_after(page: &str, marker: &str) -> String {
    page.split_once(marker)
        .and_then(|(_, rest)| rest.split_once('"'))
        .map(|(v, _)| v.to_owned())
        .unwrap_or_default()
}

async fn version<S: TestStore>(s: &TestServer<S>, id: &str) -> u64 {
    let token = s.token("ann", true);
    s.get(&format!("/v1/competitions/{id}"), &token).await["version"]
        .as_u64()
        .expect("a version")
}

async fn the_app_acts_for_signed_in_people_only<S: TestStore>(s: TestServer<S>) {
    let mut visitor = Browser::new(&s);
    let front = visitor.get("/").await;
    assert_eq!(front.status, 200);
    let csp = front.headers["content-security-policy"].to_str().unwrap();
    // No inline script: scripts come only from this server's own files.
    assert!(csp.contains("default-src 'none'"), "{csp}");
    assert!(csp.contains("script-src 'self';"), "{csp}");
    assert!(
        front.body.contains("href=\"/app/sign-in\""),
        "{}",
        front.body
    );

    // Signing in from another site is refused (login forgery).
    let forged = visitor
        .post_from("/app/sign-in", &[("user", "ann")], "https://evil.example")
        .await;
    assert_eq!(forged.status, 403, "{}", forged.body);
    assert!(forged.headers.get("set-cookie").is_none());

    let mut ann = Browser::new(&s);
    ann.sign_in("ann", true).await;
    let csrf = ann.csrf("/app/new").await;
    let made = ann
        .post(
            "/app/new",
            &[("csrf", &csrf), ("kind", "swiss"), ("name", "Club night")],
        )
        .await;
    assert_eq!(made.status, 303, "{}", made.body);
    let id = made.location.rsplit('/').next().unwrap().to_owned();
    let desk = format!("/app/c/{id}");

    // Private: the same 404 to a visitor as an unknown competition.
    assert_eq!(visitor.get(&desk).await.status, 404);
    assert_eq!(visitor.get("/app/c/no-such-thing").await.status, 404);

    // Forged posts change nothing.
    let before = version(&s, &id).await;
    let csrf = ann.csrf(&desk).await;
    let base = [("_act", "set-public"), ("_slot", "x"), ("public", "true")];
    let mut with_token = base.to_vec();
    with_token.push(("csrf", &csrf));
    let foreign = ann
        .post_from(&desk, &with_token, "https://evil.example")
        .await;
    assert_eq!(foreign.status, 403, "another origin");
    assert_eq!(ann.post(&desk, &base).await.status, 403, "no token");
    let mut bob = Browser::new(&s);
    bob.sign_in("bob", false).await;
    let bobs = bob.csrf("/").await;
    let mut wrong = base.to_vec();
    wrong.push(("csrf", &bobs));
    assert_eq!(
        ann.post(&desk, &wrong).await.status,
        403,
        "another session's token"
    );
    let cross = ann
        .send(
            ann.http
                .post(s.url(&desk))
                .header("sec-fetch-site", "cross-site")
                .header("content-type", "application/x-www-form-urlencoded")
                .body(encode(&with_token)),
        )
        .await;
    assert_eq!(cross.status, 403, "Sec-Fetch-Site: cross-site");
    assert_eq!(
        version(&s, &id).await,
        before,
        "refused posts change nothing"
    );

    // The organizer sets the event up and lists it, from the desk.
    assert_eq!(
        ann.act(&id, "set-up", &[("settings.rounds", "2")])
            .await
            .status,
        303
    );
    assert_eq!(
        ann.act(&id, "set-public", &[("public", "true")])
            .await
            .status,
        303
    );
    let public_desk = visitor.get(&desk).await;
    assert_eq!(public_desk.status, 200);
    assert!(
        !public_desk.body.contains("<form class=\"act\""),
        "a visitor gets no form"
    );

    // Four players enter; the organizer pairs round 1.
    let names = ["bob", "cat", "dan", "eve"];
    let mut players = Vec::new();
    for (n, name) in names.iter().enumerate() {
        let mut p = Browser::new(&s);
        p.sign_in(name, false).await;
        assert!(p.get(&desk).await.body.contains("Enter the event"));
        let rating = (2000 - 100 * n).to_string();
        let entered = p
            .act(
                &id,
                "register",
                &[("entry.name", name), ("entry.rating", &rating)],
            )
            .await;
        assert_eq!(entered.status, 303, "{}", entered.body);
        players.push(p);
    }
    // A player may not pair: the refusal is shown beside the form, with
    // its clause, and changes nothing.
    let before = version(&s, &id).await;
    let refused = players[0].act(&id, "pair-round", &[]).await;
    assert_eq!(refused.status, 403, "{}", refused.body);
    assert!(
        refused.body.contains("class=\"refusal\""),
        "{}",
        refused.body
    );
    assert!(
        refused.body.contains("Refused under arbiter roles"),
        "{}",
        refused.body
    );
    assert_eq!(version(&s, &id).await, before);
    assert_eq!(ann.act(&id, "pair-round", &[]).await.status, 303);

    // Each player is offered their own board's result, and reports it.
    // By rating, board 1 is bob (2000) against dan (1800), board 2 cat
    // against eve (dutch A1, C.04.2 round 1: top half against bottom half).
    for (p, board) in players.iter_mut().take(2).zip(["1", "2"]) {
        let page = p.get(&desk).await.body;
        let offer = format!("Report the result of your game, board {board}");
        assert!(page.contains(&offer), "{page}");
        let other = if board == "1" { "board 2" } else { "board 1" };
        assert!(!page.contains(&format!("your game, {other}")));
        let reported = p
            .act(
                &id,
                "report-result",
                &[("round", "1"), ("board", board), ("result", "1-0")],
            )
            .await;
        assert_eq!(reported.status, 303, "{}", reported.body);
        assert!(p
            .get(&reported.location.replace(&s.base, ""))
            .await
            .body
            .contains("Done: report result"));
    }
    let token = s.token("ann", true);
    let standings = s
        .get(&format!("/v1/competitions/{id}/standings"), &token)
        .await;
    let points: Vec<(String, Value)> = standings["lines"]
        .as_array()
        .or_else(|| standings["items"].as_array())
        .into_iter()
        .flatten()
        .map(|l| {
            (
                l["player"].as_str().unwrap_or_default().to_owned(),
                l["points"].clone(),
            )
        })
        .collect();
    assert!(
        points
            .iter()
            .any(|(p, pts)| p == "bob" && pts.to_string().starts_with('1')),
        "bob won board 1: {standings}"
    );
    // bob subscribes to his notices by e-mail from the desk, and stops.
    let bob = &mut players[0];
    let sub = bob
        .act(
            &id,
            "subscribe",
            &[
                ("_variant", "email"),
                ("channel", "email"),
                ("address", "bob@example.org"),
            ],
        )
        .await;
    assert_eq!(sub.status, 303, "{}", sub.body);
    let page = bob.get(&desk).await.body;
    assert!(page.contains("Stop email to bob@example.org"), "{page}");
    let sub_id = attribute_after(&page, "name=\"subscription\" value=\"");
    assert!(!sub_id.is_empty());
    let stop = bob
        .act(&id, "unsubscribe", &[("subscription", &sub_id)])
        .await;
    assert_eq!(stop.status, 303, "{}", stop.body);
    assert!(bob.get(&desk).await.body.contains("You receive no notices"));
}

on_both_stores!(app_swiss, super::the_app_acts_for_signed_in_people_only);

async fn a_power_sees_and_sends_its_own_orders_only<S: TestStore>(s: TestServer<S>) {
    let powers = [
        "AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY",
    ];
    let id = "app-board";
    s.create(&json!({"id": id, "kind": "diplomacy-game", "name": "Board"}))
        .await;
    let players: serde_json::Map<String, Value> = powers
        .iter()
        .map(|p| (p.to_string(), json!(format!("{}-player", p.to_lowercase()))))
        .collect();
    let first = s.clock.now() + chrono::Duration::hours(96);
    let (status, answer) = s
        .post_as(
            "org",
            s.clock.now(),
            &format!("/v1/competitions/{id}/roles"),
            &json!({"user": "gm", "role": "game-master"}),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    let settings = json!({"players": players, "last_year": 1903, "first_deadline": first});
    let (status, answer) = s
        .post_as(
            "gm",
            s.clock.now(),
            &format!("/v1/competitions/{id}/actions"),
            &json!({"action": "set-up", "settings": settings}),
        )
        .await;
    assert_eq!(status, 200, "{answer}");

    let mut france = Browser::new(&s);
    france.sign_in("france-player", false).await;
    let desk = format!("/app/c/{id}");
    let page = france.get(&desk).await.body;
    assert!(
        page.contains("Enter FRANCE&#39;s orders for S1901M")
            || page.contains("Enter FRANCE's orders for S1901M"),
        "{page}"
    );
    assert!(!page.contains("GERMANY&#39;s orders") && !page.contains("GERMANY's orders"));
    assert!(
        !page.contains("Every act"),
        "a player gets no officials' forms"
    );

    let sent = france
        .act(
            id,
            "submit-orders",
            &[
                ("power", "FRANCE"),
                ("phase", "S1901M"),
                ("orders", "A PAR - BUR\nA MAR - SPA\nF BRE - MAO"),
            ],
        )
        .await;
    assert_eq!(sent.status, 303, "{}", sent.body);
    // wm D.VII.7: the desk then shows what was received, with its digest.
    let receipt = france.get(&sent.location).await.body;
    assert!(receipt.contains("What it recorded"), "{receipt}");
    let receipt = receipt.to_lowercase();
    assert!(
        receipt.contains("a par - bur") && receipt.contains("sha256"),
        "{}",
        receipt
            .split("<main>")
            .nth(1)
            .unwrap_or_default()
            .chars()
            .take(1500)
            .collect::<String>()
    );
    // wm D.II: a crafted post for another power is refused.
    let crafted = france
        .act(
            id,
            "submit-orders",
            &[
                ("power", "GERMANY"),
                ("phase", "S1901M"),
                ("orders", "A BER - KIE"),
            ],
        )
        .await;
    assert!(
        crafted.status == 403 || crafted.status == 422,
        "{} {}",
        crafted.status,
        crafted.body.split("<main>").nth(1).unwrap_or_default()
    );
    assert!(crafted.body.contains("class=\"refusal\""));

    // wm D.III: before adjudication no one else's app page shows them.
    // (`A MAR - SPA`: no German unit could support it, so it is in none
    // of Germany's legal orders either, which her map carries.)
    let mut germany = Browser::new(&s);
    germany.sign_in("germany-player", false).await;
    let mut gm = Browser::new(&s);
    gm.sign_in("gm", false).await;
    let mut visitor = Browser::new(&s);
    for (who, b) in [("germany", &mut germany), ("visitor", &mut visitor)] {
        for path in [desk.clone(), format!("{desk}/log"), "/".to_owned()] {
            let page = b.get(&path).await.body;
            assert!(
                !page.contains("MAR - SPA"),
                "{who} reads France's orders at {path}"
            );
        }
    }
    // The GM's desk holds every act, the orders of any power among them.
    assert!(gm.get(&desk).await.body.contains("Every act"));
}

on_both_stores!(
    app_diplomacy,
    super::a_power_sees_and_sends_its_own_orders_only
);
