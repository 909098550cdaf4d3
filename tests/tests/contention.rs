//! Eight writers on one competition at once, over HTTP on both
//! stores. Every command lands (no `409 version-conflict` after the
//! retries): the service retries a lost race after a jittered, growing wait,
//! so the losers do not collide again in lockstep.

use arbiter_e2e::{on_both_stores, TestServer, TestStore};
use serde_json::json;
use std::sync::Arc;

const WRITERS: usize = 8;
const EACH: usize = 10;

async fn eight_writers_all_land<S: TestStore>(s: TestServer<S>) {
    s.create(&json!({"id": "busy", "kind": "nomic", "name": "Busy"}))
        .await;
    let s = Arc::new(s);
    let mut tasks = tokio::task::JoinSet::new();
    for w in 0..WRITERS {
        let s = Arc::clone(&s);
        tasks.spawn(async move {
            let mut statuses = vec![];
            for i in 0..EACH {
                let (status, answer) = s
                    .post_as(
                        "org",
                        arbiter_e2e::start_time(),
                        "/v1/competitions/busy/roles",
                        &json!({"user": format!("w{w}-u{i}"), "role": "player"}),
                    )
                    .await;
                statuses.push((status, answer));
            }
            statuses
        });
    }
    let mut landed = 0;
    while let Some(done) = tasks.join_next().await {
        for (status, answer) in done.expect("a writer") {
            assert_eq!(status, 200, "{answer}");
            landed += 1;
        }
    }
    assert_eq!(landed, WRITERS * EACH);
    let view = s.get("/v1/competitions/busy", &s.token("org", false)).await;
    // The creation, then one commit per grant.
    assert_eq!(view["version"], 1 + WRITERS * EACH, "{view}");
}
on_both_stores!(eight_writers, super::eight_writers_all_land);
