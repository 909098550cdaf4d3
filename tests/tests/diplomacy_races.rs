//! Concurrent order submissions and overlapping deadline sweeps against one
//! board over HTTP: whatever the interleaving, the phase is
//! adjudicated exactly once, on exactly the last order set the server
//! accepted before the deadline (wm D.II.1, D.III.3, D.VII.3), and orders
//! arriving at or after the deadline are refused.

use arbiter_e2e::TestServer;
use arbiter_e2e::TestStore;
use chrono::{DateTime, Duration, Utc};
use proptest::prelude::*;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, OnceLock};
use tokio::runtime::Runtime;
use tokio::task::JoinSet;

const POWERS: [&str; 7] = [
    "AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY",
];

/// France's three units and some orders each may get.
const FRENCH_ORDERS: [[&str; 4]; 3] = [
    ["F BRE H", "F BRE - MAO", "F BRE - ENG", "F BRE - PIC"],
    ["A PAR H", "A PAR - BUR", "A PAR - PIC", "A PAR - GAS"],
    ["A MAR H", "A MAR - SPA", "A MAR - BUR", "A MAR - PIE"],
];

/// Monday 5 January 2026, 12:00 UTC, plus `hours`.
fn t(hours: i64) -> DateTime<Utc> {
    "2026-01-05T12:00:00Z".parse::<DateTime<Utc>>().unwrap() + Duration::hours(hours)
}

/// The deadline of Spring 1901 in every case.
fn deadline() -> DateTime<Utc> {
    t(120)
}

fn player(power: &str) -> String {
    format!("{}-player", power.to_lowercase())
}

/// One French order set: for each unit, an order or none (a partial set).
fn order_set() -> impl Strategy<Value = Vec<String>> {
    proptest::collection::vec(proptest::option::of(0usize..4), 3).prop_map(|picks| {
        picks
            .into_iter()
            .enumerate()
            .filter_map(|(unit, pick)| pick.map(|o| FRENCH_ORDERS[unit][o].to_owned()))
            .collect()
    })
}

/// A moment before the deadline: concurrent French submissions and sweeps.
#[derive(Debug, Clone)]
struct Batch {
    submissions: Vec<(Vec<String>, bool)>,
    sweeps: usize,
}

fn batch() -> impl Strategy<Value = Batch> {
    (
        proptest::collection::vec((order_set(), any::<bool>()), 1..5),
        0usize..3,
    )
        .prop_map(|(submissions, sweeps)| Batch {
            submissions,
            sweeps,
        })
}

/// One case: batches before the deadline, then at the deadline `late`
/// submissions racing `sweeps` sweeps, then `overlapping` more sweeps.
#[derive(Debug, Clone)]
struct Race {
    batches: Vec<Batch>,
    late: Vec<Vec<String>>,
    sweeps: usize,
    overlapping: usize,
}

fn race() -> impl Strategy<Value = Race> {
    (
        proptest::collection::vec(batch(), 1..5),
        proptest::collection::vec(order_set(), 0..3),
        1usize..4,
        1usize..3,
    )
        .prop_map(|(batches, late, sweeps, overlapping)| Race {
            batches,
            late,
            sweeps,
            overlapping,
        })
}

/// A French submission at `now`; the receipt's version if accepted, or
/// the refusal's clause.
async fn submit<S: TestStore>(
    s: Arc<TestServer<S>>,
    board: String,
    orders: Vec<String>,
    is_final: bool,
    now: DateTime<Utc>,
) -> Result<(u64, Vec<String>), String> {
    let body = json!({"power": "FRANCE", "phase": "S1901M", "orders": orders, "final": is_final});
    let (status, answer) = s
        .post_as("france-player", now, &format!("{board}/orders"), &body)
        .await;
    match status {
        200 => Ok((answer["version"].as_u64().unwrap(), orders)),
        _ => Err(answer["clause"].as_str().unwrap_or("none").to_owned()),
    }
}

async fn sweep<S: TestStore>(s: Arc<TestServer<S>>, now: DateTime<Utc>) {
    s.fire("deadline-sweep", now).await;
}

async fn play<S: TestStore>(s: Arc<TestServer<S>>, race: Race) {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let id = format!("race-{}", NEXT.fetch_add(1, Ordering::Relaxed));
    let board = format!("/v1/competitions/{id}");
    s.clock.set(t(0));
    s.create(&json!({"id": id, "kind": "diplomacy-game", "name": "race"}))
        .await;
    let roles = json!({"user": "gm", "role": "game-master"});
    let (status, _) = s
        .post_as("org", t(0), &format!("{board}/roles"), &roles)
        .await;
    assert_eq!(status, 200);
    let players: serde_json::Map<String, Value> = POWERS
        .iter()
        .map(|p| (p.to_string(), json!(player(p))))
        .collect();
    let set_up = json!({"action": "set-up", "settings": {"players": players, "last_year": 1910, "first_deadline": deadline()}});
    let (status, answer) = s
        .post_as("gm", t(0), &format!("{board}/actions"), &set_up)
        .await;
    assert_eq!(status, 200, "{answer}");
    // The others send preliminary holds, so nothing is adjudicated early.
    for p in POWERS.into_iter().filter(|p| *p != "FRANCE") {
        let body = json!({"power": p, "phase": "S1901M", "orders": [], "final": false});
        let (status, _) = s
            .post_as(&player(p), t(1), &format!("{board}/orders"), &body)
            .await;
        assert_eq!(status, 200);
    }

    let mut accepted: Vec<(u64, Vec<String>)> = Vec::new();
    for (i, b) in race.batches.iter().enumerate() {
        let now = t(2 + i as i64);
        let mut tasks = JoinSet::new();
        for (orders, is_final) in b.submissions.clone() {
            let s = Arc::clone(&s);
            let board = board.clone();
            tasks.spawn(async move { Some(submit(s, board, orders, is_final, now).await) });
        }
        for _ in 0..b.sweeps {
            let s = Arc::clone(&s);
            tasks.spawn(async move {
                sweep(s, now).await;
                None
            });
        }
        while let Some(done) = tasks.join_next().await {
            if let Some(result) = done.unwrap() {
                accepted.push(result.expect("wm D.VII.3 orders before the deadline are accepted"));
            }
        }
    }

    // At the deadline: late orders race the sweeps; all are refused.
    let mut tasks = JoinSet::new();
    for orders in race.late.clone() {
        let s = Arc::clone(&s);
        let board = board.clone();
        tasks.spawn(async move { Some(submit(s, board, orders, true, deadline()).await) });
    }
    for _ in 0..race.sweeps {
        let s = Arc::clone(&s);
        tasks.spawn(async move {
            sweep(s, deadline()).await;
            None
        });
    }
    while let Some(done) = tasks.join_next().await {
        if let Some(result) = done.unwrap() {
            let clause = result.expect_err("wm D.VII.3 late orders are refused");
            // Refused as late, or, once adjudicated, as orders for a phase
            // that is no longer open.
            assert!(clause == "wm D.VII.3" || clause == "wm D.II.4", "{clause}");
        }
    }
    let later = deadline() + Duration::minutes(1);
    let mut tasks = JoinSet::new();
    for _ in 0..race.overlapping {
        tasks.spawn(sweep(Arc::clone(&s), later));
    }
    while tasks.join_next().await.is_some() {}

    // Exactly one adjudication, on the last accepted set.
    let gm = s.token("gm", false);
    let log = s.get(&format!("{board}/log?limit=500"), &gm).await;
    let adjudications = log["entries"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| c["events"].as_array().unwrap())
        .filter(|e| e["event"] == "phase-adjudicated")
        .count();
    assert_eq!(adjudications, 1, "adjudicated once");
    let game = s.get(&board, &gm).await["game"].clone();
    assert_eq!(game["position"]["phase"], "F1901M");
    let history = game["history"].as_array().unwrap();
    assert_eq!(history.len(), 1);
    let (_, last) = accepted
        .iter()
        .max_by_key(|(version, _)| *version)
        .expect("a batch has a submission");
    let counted: Vec<String> = history[0]["orders"]["FRANCE"]
        .as_array()
        .map(|a| a.iter().map(|o| o.as_str().unwrap().to_owned()).collect())
        .unwrap_or_default();
    assert_eq!(
        &counted, last,
        "wm D.III.3 the last set before the deadline"
    );
}

struct Harness<S> {
    runtime: Runtime,
    server: Arc<TestServer<S>>,
}

fn embedded() -> &'static Harness<arbiter_store::EmbeddedStore> {
    static H: OnceLock<Harness<arbiter_store::EmbeddedStore>> = OnceLock::new();
    H.get_or_init(|| {
        let runtime = Runtime::new().unwrap();
        let server = Arc::new(runtime.block_on(arbiter_e2e::embedded()));
        Harness { runtime, server }
    })
}

fn dynamo() -> Option<&'static Harness<arbiter_store::DynamoStore>> {
    static H: OnceLock<Option<Harness<arbiter_store::DynamoStore>>> = OnceLock::new();
    H.get_or_init(|| {
        let runtime = Runtime::new().unwrap();
        let server = runtime.block_on(arbiter_e2e::dynamo())?;
        Some(Harness {
            runtime,
            server: Arc::new(server),
        })
    })
    .as_ref()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn embedded_last_set_before_the_deadline_is_adjudicated_once(race in race()) {
        let h = embedded();
        h.runtime.block_on(play(Arc::clone(&h.server), race));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]

    #[test]
    fn dynamo_last_set_before_the_deadline_is_adjudicated_once(race in race()) {
        if let Some(h) = dynamo() {
            h.runtime.block_on(play(Arc::clone(&h.server), race));
        }
    }
}
