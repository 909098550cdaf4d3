//! `arbiter serve` notifies by following the embedded store's feed: each
//! commit reaches the notifier once, in order; the cursor survives a restart; and
//! e-mail lands as `.eml` files in the outbox folder.

use arbiter::in_process::InProcess;
use arbiter::notifications::{local_notifier, Follower};
use arbiter::transport::Transport;
use chrono::{DateTime, Utc};
use http::Method;
use serde_json::{json, Value};
use std::sync::Arc;

const SEED: &str = include_str!("../../shared/domain/src/nomic/initial-rules.json");
const GAME: &str = "/v1/competitions/lunch-nomic";

fn at(s: &str) -> DateTime<Utc> {
    s.parse().expect("an instant")
}

async fn ok(rt: &InProcess, who: &str, organizer: bool, path: &str, body: Value) -> Value {
    let (status, answer) = rt
        .call(who, organizer, Method::POST, path, Some(body.clone()))
        .await;
    assert!(
        (200..300).contains(&status),
        "{who} {path} {body}: {status} {answer}"
    );
    answer
}

/// Every `.eml` file in `dir`, as text.
fn mails(dir: &std::path::Path) -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .map(|e| std::fs::read_to_string(e.expect("entry").path()).expect("readable"))
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

/// Drains the feed: steps until the follower stands still; commits processed.
async fn drain(follower: &Follower<arbiter_store::EmbeddedStore>, cursor: &mut u64) -> usize {
    let mut commits = 0;
    loop {
        let (next, report) = follower.step(*cursor).await.expect("a step");
        commits += report.commits;
        if next == *cursor {
            return commits;
        }
        *cursor = next;
    }
}

/// nomic 209: a points change goes out as e-mail to the announcements subscriber;
/// the follower reads each commit once and resumes from its cursor after a restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_follower_notifies_each_commit_once_and_resumes_after_a_restart() {
    let setup = at("2026-03-14T10:00:00Z");
    let rt = InProcess::new(setup).expect("runtime");
    let store = rt.app.service.store().clone();
    let dir = tempfile::tempdir().expect("a folder");
    let outbox = dir.path().join("outbox");
    let cursor_file = dir.path().join("notify.cursor");
    let clock = Arc::clone(&rt.clock);
    let now: Arc<dyn Fn() -> DateTime<Utc> + Send + Sync> =
        Arc::new(move || arbiter_http::Clock::now(&*clock));
    let follower = |notifier| Follower::new(Arc::new(notifier), store.clone(), cursor_file.clone());

    // A first start stands at the end of the feed: nothing yet.
    let first = follower(local_notifier(store.clone(), &outbox, now.clone()));
    let mut cursor = first.cursor().await.expect("cursor");
    assert_eq!(cursor, 0);

    ok(
        &rt,
        "org",
        true,
        "/v1/competitions",
        json!({"id": "lunch-nomic", "kind": "nomic", "name": "Lunch Nomic"}),
    )
    .await;
    let seed: Value = serde_json::from_str(SEED).expect("seed");
    ok(
        &rt,
        "org",
        false,
        &format!("{GAME}/actions"),
        json!({"action": "import-rules", "rules": seed}),
    )
    .await;
    for (p, day) in [
        ("chris", "monday"),
        ("dave", "tuesday"),
        ("ben", "wednesday"),
        ("alext", "thursday"),
    ] {
        ok(
            &rt,
            "org",
            false,
            &format!("{GAME}/registrations"),
            json!({"player": p, "day": day}),
        )
        .await;
    }
    rt.set_time(at("2026-03-15T12:00:00Z"));
    ok(
        &rt,
        "org",
        false,
        &format!("{GAME}/actions"),
        json!({"action": "begin"}),
    )
    .await;
    rt.set_time(at("2026-03-15T13:00:00Z"));
    ok(
        &rt,
        "kim",
        false,
        &format!("{GAME}/subscriptions"),
        json!({"channel": "email", "address": "points@club.example.org", "scope": "announcements"}),
    )
    .await;

    // 1 create + 1 import + 4 registrations + 1 begin; subscriptions are not commits.
    assert_eq!(drain(&first, &mut cursor).await, 7);
    assert!(mails(&outbox).is_empty(), "nothing announceable yet");

    // chris proposes on Monday (his day); three for and one against; the UK day ends.
    rt.set_time(at("2026-03-16T09:00:00Z"));
    let receipt = ok(
        &rt,
        "chris",
        false,
        &format!("{GAME}/actions"),
        json!({"action": "propose", "change": {"op": "enact", "text": ["x"]}}),
    )
    .await;
    let proposal = receipt["events"]
        .as_array()
        .expect("events")
        .iter()
        .find(|e| e["event"] == "proposal-submitted")
        .expect("submitted")["number"]
        .as_u64()
        .expect("a number");
    rt.set_time(at("2026-03-16T10:00:00Z"));
    for (who, vote) in [
        ("chris", "yes"),
        ("dave", "yes"),
        ("ben", "yes"),
        ("alext", "no"),
    ] {
        ok(
            &rt,
            who,
            false,
            &format!("{GAME}/votes"),
            json!({"proposal": proposal, "vote": vote}),
        )
        .await;
    }
    rt.set_time(at("2026-03-17T00:00:00Z"));
    arbiter::server::fire(
        Arc::clone(&rt.app),
        "adjudicate-deadline",
        "nomic-end-of-day",
    )
    .await
    .expect("end of day");

    // A restart: a new follower reads the saved cursor and sees only what is new.
    let second = follower(local_notifier(store.clone(), &outbox, now.clone()));
    let mut resumed = second.cursor().await.expect("cursor");
    assert_eq!(resumed, cursor);
    // 1 proposal + 4 votes + 1 end of day.
    assert_eq!(drain(&second, &mut resumed).await, 6);
    let sent = mails(&outbox);
    let points: Vec<&String> = sent.iter().filter(|m| m.contains("nomic 209")).collect();
    assert!(!points.is_empty(), "{sent:#?}");
    // nomic 203: floor(max(10, 215 - 290) * 3 / 4) = floor(7.5) = 7 for the proposer;
    // 207: the proposal failed unanimity (one no), so 10 off: 7 - 10 = -3.
    let mut subjects: Vec<&str> = points
        .iter()
        .map(|m| {
            assert!(m.contains("To: points@club.example.org"), "{m}");
            m.lines()
                .find_map(|l| l.strip_prefix("Subject: "))
                .expect("a subject")
        })
        .collect();
    subjects.sort();
    assert_eq!(subjects, ["chris: -3 (-10)", "chris: 7 (+7)"]);
    // Nothing more comes from stepping at the end, from either follower.
    assert_eq!(drain(&second, &mut resumed).await, 0);
    assert_eq!(drain(&first, &mut resumed.clone()).await, 0);
    assert_eq!(mails(&outbox), sent);
}
