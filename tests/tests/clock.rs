//! The server's time, `GET /v1/clock`, and deadlines that land at their
//! instant on the local server (the deadline task of `arbiter serve`), on
//! both stores, with a clock the test sets.

use arbiter_e2e::{on_both_stores, TestServer, TestStore};
use arbiter_http::FakeClock;
use chrono::{DateTime, Duration, Utc};
use serde_json::{json, Value};
use std::sync::Arc;

const GAME: &str = "/v1/competitions/lunch-nomic";

/// `GET /v1/clock` answers the app's clock, not the real time, without a token.
async fn clock_answers_the_servers_now<S: TestStore>(s: TestServer<S>) {
    let t: DateTime<Utc> = "2019-09-02T20:00:00.115Z".parse().unwrap();
    s.clock.set(t);
    let r = s
        .http
        .get(s.url("/v1/clock"))
        .send()
        .await
        .expect("request");
    assert_eq!(r.status(), 200);
    let clock: Value = r.json().await.expect("JSON");
    assert_eq!(
        clock,
        json!({"now": "2019-09-02T20:00:00.115Z", "rate": 0.0, "rehearsal": true})
    );
}
on_both_stores!(clock_route, super::clock_answers_the_servers_now);

async fn post<S: TestStore>(s: &TestServer<S>, who: &str, path: &str, body: Value) {
    let r = s
        .http
        .post(s.url(&format!("{GAME}{path}")))
        .bearer_auth(s.token(who, false))
        .json(&body)
        .send()
        .await
        .expect("request");
    let status = r.status().as_u16();
    let answer: Value = r.json().await.expect("JSON answer");
    assert_eq!(status, 200, "{who} {path} {body}: {answer}");
}

async fn proposal_status<S: TestStore>(s: &TestServer<S>) -> String {
    let game = s.get(GAME, &s.token("chris", false)).await["game"].clone();
    game["proposals"][0]["status"].as_str().unwrap().to_owned()
}

/// nomic 113: a vote completes at the end of the UK day it was proposed on.
/// The command that sets the deadline wakes the deadline task; started two
/// seconds before midnight, the task sleeps until midnight on the app's
/// clock and sweeps: the vote completes within a second of
/// midnight, not at the next five-minute sweep (which this test never runs).
async fn a_deadline_is_swept_at_its_instant<S: TestStore>(s: TestServer<S>, clock: Arc<FakeClock>) {
    clock.set("2026-03-14T10:00:00Z".parse().unwrap());
    s.create(&json!({"id": "lunch-nomic", "kind": "nomic", "name": "Lunchtime Nomic"}))
        .await;
    post(&s, "org", "/actions", json!({"action": "import-rules"})).await;
    for (player, day) in [("chris", "monday"), ("dave", "tuesday")] {
        post(
            &s,
            "org",
            "/registrations",
            json!({"player": player, "day": day}),
        )
        .await;
    }
    post(&s, "org", "/actions", json!({"action": "begin"})).await;
    // Monday 16 March 2026, GMT: chris's day (nomic 202), before 19:00.
    // The proposal sets the deadline (and wakes the task to read it).
    clock.set("2026-03-16T12:00:00Z".parse().unwrap());
    let change = json!({"op": "amend", "rule": 206, "text": ["An adopted rule-change takes full effect at once."]});
    post(
        &s,
        "chris",
        "/actions",
        json!({"action": "propose", "change": change}),
    )
    .await;
    for who in ["chris", "dave"] {
        post(&s, who, "/votes", json!({"proposal": 301, "vote": "yes"})).await;
    }
    let midnight: DateTime<Utc> = "2026-03-17T00:00:00Z".parse().unwrap();
    assert_eq!(
        arbiter_store::Store::next_due(s.app.service.store())
            .await
            .unwrap(),
        Some(midnight)
    );
    // Two seconds before the end of the day, the task starts (a test's
    // clock jumps, which a real or rehearsal one never does: started before
    // the jump, it would sleep on the time it read).
    clock.set(midnight - Duration::seconds(2));
    arbiter::scheduler::spawn_deadlines(Arc::clone(&s.app));
    assert_eq!(proposal_status(&s).await, "voting");
    // Polled in real time: at most a few seconds.
    let mut status = proposal_status(&s).await;
    for _ in 0..100 {
        if status != "voting" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        status = proposal_status(&s).await;
    }
    assert_eq!(status, "in-effect");
    let log = s.get(&format!("{GAME}/log"), &s.token("org", true)).await;
    let last = log["entries"].as_array().unwrap().last().unwrap().clone();
    let at: DateTime<Utc> = last["at"].as_str().unwrap().parse().unwrap();
    println!(
        "swept {} ms after the deadline",
        (at - midnight).num_milliseconds()
    );
    assert!(
        at >= midnight && at < midnight + Duration::seconds(1),
        "swept at {at}: {last}"
    );
    assert!(last.to_string().contains("deadline-sweep"), "{last}");
}

mod deadline_instant {
    use super::*;

    fn running() -> Arc<FakeClock> {
        Arc::new(FakeClock::running(arbiter_e2e::start_time()))
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn embedded() {
        let clock = running();
        let app_clock = Arc::clone(&clock);
        let s = arbiter_e2e::embedded_configured(move |mut app| {
            app.clock = app_clock;
            app
        })
        .await;
        a_deadline_is_swept_at_its_instant(s, clock).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn dynamo() {
        let clock = running();
        let app_clock = Arc::clone(&clock);
        let configured = arbiter_e2e::dynamo_configured(move |mut app| {
            app.clock = app_clock;
            app
        })
        .await;
        if let Some(s) = configured {
            a_deadline_is_swept_at_its_instant(s, clock).await;
        }
    }
}
