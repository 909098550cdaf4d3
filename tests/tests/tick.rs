//! The tournament director's clock, `POST /v1/competitions/{id}/tick`, on
//! both stores: it runs what is due now in one competition exactly as the
//! schedule would, for the organizer and the officials the kind names, and
//! changes the state once however often it is sent.

use arbiter_e2e::TestStore;
use arbiter_e2e::{on_both_stores, TestServer};
use chrono::{DateTime, Utc};
use serde_json::{json, Value};

const GAME: &str = "/v1/competitions/lunch-nomic";

async fn post<S: TestStore>(
    s: &TestServer<S>,
    who: &str,
    now: DateTime<Utc>,
    path: &str,
    body: Value,
) -> (u16, Value) {
    s.post_as(who, now, &format!("{GAME}{path}"), &body).await
}

async fn ok<S: TestStore>(
    s: &TestServer<S>,
    who: &str,
    now: DateTime<Utc>,
    path: &str,
    body: Value,
) {
    let (status, answer) = post(s, who, now, path, body.clone()).await;
    assert_eq!(status, 200, "{who} {path} {body}: {answer}");
}

async fn proposal_status<S: TestStore>(s: &TestServer<S>) -> String {
    let game = s.get(GAME, &s.token("chris", false)).await["game"].clone();
    game["proposals"][0]["status"].as_str().unwrap().to_owned()
}

/// nomic 113: a vote completes at the end of the UK day; the organizer need
/// not wait for the `nomic-end-of-day` schedule to close it.
async fn organizer_runs_what_is_due<S: TestStore>(s: TestServer<S>) {
    let setup: DateTime<Utc> = "2026-03-14T10:00:00Z".parse().unwrap();
    s.clock.set(setup);
    s.create(&json!({"id": "lunch-nomic", "kind": "nomic", "name": "Lunchtime Nomic"}))
        .await;
    // nomic 101: no rule book named, so the shipped Initial Set.
    ok(
        &s,
        "org",
        setup,
        "/actions",
        json!({"action": "import-rules"}),
    )
    .await;
    for (player, day) in [("chris", "monday"), ("dave", "tuesday")] {
        ok(
            &s,
            "org",
            setup,
            "/registrations",
            json!({"player": player, "day": day}),
        )
        .await;
    }
    ok(&s, "org", setup, "/actions", json!({"action": "begin"})).await;
    // Monday 16 March 2026, GMT: chris's day (nomic 202), before 19:00.
    let monday: DateTime<Utc> = "2026-03-16T12:00:00Z".parse().unwrap();
    let change = json!({"op": "amend", "rule": 206, "text": ["An adopted rule-change takes full effect at once."]});
    ok(
        &s,
        "chris",
        monday,
        "/actions",
        json!({"action": "propose", "change": change}),
    )
    .await;
    for who in ["chris", "dave"] {
        ok(
            &s,
            who,
            monday,
            "/votes",
            json!({"proposal": 301, "vote": "yes"}),
        )
        .await;
    }
    assert_eq!(proposal_status(&s).await, "voting");

    // Before the end of the UK day nothing is due: the tick appends nothing.
    let evening: DateTime<Utc> = "2026-03-16T22:00:00Z".parse().unwrap();
    let (status, report) = post(&s, "org", evening, "/tick", json!({})).await;
    assert_eq!(status, 200, "{report}");
    assert_eq!(report["ticks"], 0, "{report}");
    assert_eq!(proposal_status(&s).await, "voting");

    // After midnight UK time a player may not run the clock...
    let after_midnight: DateTime<Utc> = "2026-03-17T00:05:00Z".parse().unwrap();
    let (status, answer) = post(&s, "dave", after_midnight, "/tick", json!({})).await;
    assert_eq!(status, 403, "{answer}");
    assert_eq!(answer["clause"], "arbiter roles");
    assert_eq!(
        proposal_status(&s).await,
        "voting",
        "a refused tick changes nothing"
    );

    // ...the organizer may: the vote completes (nomic 113), unanimously
    // adopted, as `nomic-end-of-day` would have done it.
    let (status, first) = post(&s, "org", after_midnight, "/tick", json!({})).await;
    assert_eq!(status, 200, "{first}");
    assert!(first["ticks"].as_u64().unwrap() >= 1, "{first}");
    assert!(first["events"].as_u64().unwrap() >= 1, "{first}");
    assert_eq!(proposal_status(&s).await, "in-effect");

    // Sent again, or beside the schedule, it changes nothing twice.
    let (status, again) = post(&s, "org", after_midnight, "/tick", json!({})).await;
    assert_eq!(status, 200);
    assert_eq!(again["ticks"], 0, "{again}");
    assert_eq!(again["version"], first["version"]);
    let report = s.fire("nomic-end-of-day", after_midnight).await;
    assert_eq!(report.changed, 0, "{report:?}");

    // An unknown competition is 404, not a tick of nothing.
    let (status, _) = s
        .post_as(
            "org",
            after_midnight,
            "/v1/competitions/nobody-here/tick",
            &json!({}),
        )
        .await;
    assert_eq!(status, 404);
}
on_both_stores!(td_clock, super::organizer_runs_what_is_due);
