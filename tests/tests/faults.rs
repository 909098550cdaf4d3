//! DynamoDB that throttles, fails and delivers twice, under the Lambda
//! functions: every function's DynamoDB endpoint is a fault-injecting proxy
//! (`arbiter_e2e::faults`) in front of moto, and the test kills function
//! processes (SIGKILL) at chosen points, among them between an append and
//! its answer. Concurrent clients register players in Swiss events, keyed
//! (`Idempotency-Key`, retried after a failure or a lost answer) and not;
//! a Diplomacy board's deadline sweep is delivered twice at once. Then the
//! history is read back through the local server on the same table, with
//! no faults, and checked:
//!
//! - every command answered 2xx is in the log exactly once, at the version
//!   its answer named; none answered 4xx is in it;
//! - a keyed command retried is answered the same each time it is answered;
//! - a command whose every send was answered 503 "nothing was changed"
//!   (`/problems/unavailable`) is not in the log (a write that may have
//!   landed answers `/problems/outcome-unknown`);
//! - versions run 1, 2, 3 … with none skipped or repeated;
//! - the state loaded (snapshot and tail) equals the fold of the whole log;
//! - the sweep delivered twice at once moved the board one phase.
//!
//! The seed is fixed (`SEED`); `ARBITER_FAULT_SEED` replays another. It is
//! printed, with the operations, the faults by kind, the kills and the
//! verdict. Skipped, saying why, without moto or the debug `arbiter-lambda`.

use arbiter_domain::competition::{apply, CompetitionId};
use arbiter_e2e::faults::proxy::{Dynamo, Hold, Proxy};
use arbiter_e2e::faults::Schedule;
use arbiter_e2e::lambda::events::{HttpRequest, Signed};
use arbiter_e2e::lambda::{self, Answer, Deployment, Invoked};
use arbiter_store::{DynamoStore, Store};
use chrono::{DateTime, Duration, Utc};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::sync::Arc;

const SEED: u64 = 0x5eed_2026_0105;
/// The share of DynamoDB requests that meet a fault.
const FAULT_RATE: f64 = 0.2;
const CLIENTS: usize = 8;
pub(crate) const EVENTS: [&str; 4] = ["faults-a", "faults-b", "faults-c", "faults-d"];
const PLAYERS: usize = 40;
/// Sends of one keyed command before the client gives up.
const KEYED_TRIES: usize = 8;
const BOARD: &str = "/v1/competitions/faults-board";

fn t(hours: i64) -> DateTime<Utc> {
    "2026-01-05T12:00:00Z".parse::<DateTime<Utc>>().unwrap() + Duration::hours(hours)
}

pub(crate) fn path(event: &str) -> String {
    format!("/v1/competitions/{event}")
}

fn player(event: usize, i: usize) -> Signed {
    Signed::user(&format!("e{event}p{i:02}"))
}

/// One send of a command and what came of it.
#[derive(Debug, Clone)]
pub(crate) enum Sent {
    Answered(u16, Value),
    /// The process was killed, or exited, before answering.
    Lost,
}

/// A command and every send of it.
#[derive(Debug)]
pub(crate) struct Op {
    pub(crate) event: usize,
    pub(crate) user: String,
    pub(crate) keyed: bool,
    pub(crate) sends: Vec<Sent>,
}

/// One client: its own functions (a sandbox of each, as concurrent
/// invocations get in Lambda), its own listener on the proxy.
struct Client {
    d: Deployment,
    proxy: Proxy,
    rng: ChaCha8Rng,
    kills: u64,
}

impl Client {
    async fn new(binary: &std::path::Path, dynamo: &Arc<Dynamo>, table: &str, n: u64) -> Self {
        let proxy = Proxy::start(Arc::clone(dynamo)).await;
        let faketime = lambda::libfaketime();
        let d = Deployment::new(binary.to_owned(), faketime, table, &proxy.url(), t(0));
        Self {
            d,
            proxy,
            rng: ChaCha8Rng::seed_from_u64(dynamo.schedule.seed.wrapping_add(n)),
            kills: 0,
        }
    }

    /// Sends `request` once, maybe killing its process on the way: before
    /// the request (a cold start), at its first DynamoDB request, or
    /// between its append and its answer.
    async fn send(&mut self, request: &HttpRequest) -> Sent {
        let roll: f64 = self.rng.gen();
        let hold = if roll < 0.06 {
            Some(self.proxy.arm(Hold::AfterNextWrite))
        } else if roll < 0.09 {
            Some(self.proxy.arm(Hold::NextRequest))
        } else {
            if roll < 0.11 {
                self.d.kill("competitions");
                self.kills += 1;
            }
            None
        };
        let killed = async {
            let held = match hold {
                Some(held) => held.await.is_ok(),
                None => false,
            };
            if !held {
                std::future::pending::<()>().await;
            }
        };
        let sent = self.d.http_or_kill(request, killed).await;
        self.proxy.disarm();
        match sent {
            Ok(Answer { status, body, .. }) => Sent::Answered(status, body),
            Err(Invoked::Killed) => {
                self.kills += 1;
                Sent::Lost
            }
            Err(Invoked::Exited(_)) => Sent::Lost,
            Err(other) => panic!("{} {}: {other:?}", request.method, request.target),
        }
    }

    /// Sends a command until it is answered other than 5xx (a keyed one up
    /// to [`KEYED_TRIES`] times, with its key; an unkeyed one once).
    async fn command(&mut self, request: HttpRequest, keyed: bool) -> Vec<Sent> {
        let mut sends = Vec::new();
        for _ in 0..if keyed { KEYED_TRIES } else { 1 } {
            let sent = self.send(&request).await;
            let done = matches!(sent, Sent::Answered(status, _) if status < 500);
            sends.push(sent);
            if done {
                break;
            }
        }
        sends
    }

    /// A set-up command that must be done: keyed, retried.
    async fn must(&mut self, who: &Signed, target: &str, body: Value, key: &str) {
        let request =
            HttpRequest::post(target, body, Some(who.clone())).with_header("Idempotency-Key", key);
        let sends = self.command(request, true).await;
        match sends.last() {
            Some(Sent::Answered(200 | 201, _)) => {}
            other => panic!("{target} {key}: {other:?} after {} sends", sends.len()),
        }
    }

    /// Registers client `n`'s share of the players of every event,
    /// events interleaved so that clients contend for each.
    async fn register(&mut self, n: usize) -> Vec<Op> {
        let mut ops = Vec::new();
        for i in (n..PLAYERS).step_by(CLIENTS) {
            for (event, id) in EVENTS.iter().enumerate() {
                let who = player(event, i);
                let entry =
                    json!({"name": format!("Player {event}/{i}"), "rating": 2400 - i as i64});
                let keyed = self.rng.gen_bool(0.5);
                let mut request = HttpRequest::post(
                    &format!("{}/registrations", path(id)),
                    json!({"entry": entry}),
                    Some(who.clone()),
                );
                if keyed {
                    request = request.with_header("Idempotency-Key", &format!("reg-{event}-{i}"));
                }
                let sends = self.command(request, keyed).await;
                ops.push(Op {
                    event,
                    user: who.sub,
                    keyed,
                    sends,
                });
            }
        }
        ops
    }
}

/// Creates the events (and the board) through the faults, keyed.
async fn set_up(c: &mut Client) {
    let org = Signed::organizer("org");
    for event in EVENTS {
        let body = json!({"id": event, "kind": "swiss", "name": event});
        c.must(&org, "/v1/competitions", body, &format!("create-{event}"))
            .await;
        let body = json!({"user": "arb", "role": "arbiter"});
        c.must(
            &org,
            &format!("{}/roles", path(event)),
            body,
            &format!("arb-{event}"),
        )
        .await;
        let settings = json!({"rounds": 3, "late_entries_until_round": 1});
        let body = json!({"action": "set-up", "settings": settings});
        let arb = Signed::user("arb");
        c.must(
            &arb,
            &format!("{}/actions", path(event)),
            body,
            &format!("setup-{event}"),
        )
        .await;
    }
    let body = json!({"id": "faults-board", "kind": "diplomacy-game", "name": "Board"});
    c.must(&org, "/v1/competitions", body, "create-board").await;
    let body = json!({"user": "gm", "role": "game-master"});
    c.must(&org, &format!("{BOARD}/roles"), body, "gm-board")
        .await;
    let powers = [
        "AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY",
    ];
    let players: serde_json::Map<String, Value> = powers
        .iter()
        .map(|p| (p.to_string(), json!(format!("{}-player", p.to_lowercase()))))
        .collect();
    let settings = json!({
        "players": players, "last_year": 1903, "first_deadline": t(120),
        "turn_lengths": {"movement_hours": 120, "retreat_hours": 24, "adjustment_hours": 24},
    });
    let body = json!({"action": "set-up", "settings": settings});
    c.must(
        &Signed::user("gm"),
        &format!("{BOARD}/actions"),
        body,
        "setup-board",
    )
    .await;
    // Every power's (preliminary) orders in, so that the deadline
    // adjudicates the phase (wm D.II.1) rather than withholding it.
    for p in powers {
        let orders: &[&str] = if p == "ENGLAND" {
            &["F LON - NTH"]
        } else {
            &[]
        };
        let body = json!({"power": p, "phase": "S1901M", "orders": orders, "final": false});
        let who = Signed::user(&format!("{}-player", p.to_lowercase()));
        c.must(
            &who,
            &format!("{BOARD}/orders"),
            body,
            &format!("orders-{p}"),
        )
        .await;
    }
}

/// Runs the `deadline-sweep` schedule until one run reports no failure
/// (EventBridge Scheduler retries a failed target): the runs it took.
async fn sweep_until_done(c: &mut Client) -> u32 {
    for run in 1..=10 {
        let (handler, input) = c.d.template.schedule("deadline-sweep");
        let (handler, input) = (handler.to_owned(), input.clone());
        let killed = std::future::pending();
        match c.d.invoke_or_kill(&handler, &handler, input, killed).await {
            Invoked::Response(r) if r["failed"] == 0 => return run,
            _ => continue,
        }
    }
    panic!("the deadline sweep failed 10 runs in a row");
}

/// Every entry of the log of `id`, all pages, read without faults.
pub(crate) async fn whole_log<S: arbiter_e2e::TestStore>(
    local: &arbiter_e2e::TestServer<S>,
    id: &str,
) -> Vec<Value> {
    let token = local.token("arb", false);
    let mut entries = Vec::new();
    let mut target = format!("{}/log?limit=50", path(id));
    loop {
        let page = local.get(&target, &token).await;
        entries.extend(page["entries"].as_array().cloned().unwrap_or_default());
        match page["next_cursor"]
            .as_str()
            .map(str::to_owned)
            .or(page["next_cursor"].as_u64().map(|c| c.to_string()))
        {
            Some(cursor) => target = format!("{}/log?limit=50&cursor={cursor}", path(id)),
            None => return entries,
        }
    }
}

/// The state the store loads (snapshot and the commits after it) and the
/// fold of the whole log from version 1, as JSON.
pub(crate) async fn loaded_and_folded<S: Store>(store: &S, id: &str) -> (Value, Value) {
    let cid = CompetitionId::try_from(id).unwrap();
    let loaded = store.load(id).await.unwrap().expect("a log");
    let mut state = loaded.snapshot.as_ref().map(|s| {
        arbiter_service::decode_snapshot(s)
            .unwrap()
            .expect("current format")
    });
    for record in &loaded.commits {
        state = Some(apply(
            state,
            &cid,
            &arbiter_service::decode_commit(record).unwrap(),
        ));
    }
    let mut folded = None;
    let mut after = 0;
    loop {
        let page = store.commits(id, after, 100).await.unwrap();
        let Some(last) = page.last() else { break };
        after = last.version;
        for record in &page {
            folded = Some(apply(
                folded,
                &cid,
                &arbiter_service::decode_commit(record).unwrap(),
            ));
        }
    }
    (json!(state), json!(folded))
}

/// The user an entry's actor names, if a user.
fn actor(entry: &Value) -> String {
    entry["actor"]["user"]
        .as_str()
        .or(entry["actor"].as_str())
        .unwrap_or_default()
        .to_owned()
}

/// The problems found in the history of the registrations.
pub(crate) fn check_registrations(ops: &[Op], logs: &[Vec<Value>], problems: &mut Vec<String>) {
    for (event, log) in logs.iter().enumerate() {
        let versions: Vec<u64> = log.iter().filter_map(|e| e["version"].as_u64()).collect();
        let expected: Vec<u64> = (1..=log.len() as u64).collect();
        if versions != expected {
            problems.push(format!("{}: versions {versions:?}", EVENTS[event]));
        }
    }
    for op in ops {
        let log = &logs[op.event];
        let at: Vec<u64> = log
            .iter()
            .filter(|e| actor(e) == op.user && e["command"] == "register")
            .filter_map(|e| e["version"].as_u64())
            .collect();
        let answered: Vec<(u16, &Value)> = op
            .sends
            .iter()
            .filter_map(|s| match s {
                Sent::Answered(status, body) => Some((*status, body)),
                Sent::Lost => None,
            })
            .collect();
        let ok: Vec<&Value> = answered
            .iter()
            .filter(|(s, _)| (200..300).contains(s))
            .map(|(_, b)| *b)
            .collect();
        let what = format!("{} {} (keyed {})", EVENTS[op.event], op.user, op.keyed);
        if at.len() > 1 {
            problems.push(format!("{what}: applied {} times, at {at:?}", at.len()));
        }
        if let Some(first) = ok.first() {
            if at.len() != 1 {
                problems.push(format!(
                    "{what}: answered 2xx but in the log {} times",
                    at.len()
                ));
            }
            if let (Some(v), Some(logged)) = (first["version"].as_u64(), at.first()) {
                if v != *logged {
                    problems.push(format!("{what}: answered version {v}, logged at {logged}"));
                }
            }
            if ok.iter().any(|b| b != first) {
                problems.push(format!("{what}: answered differently: {ok:?}"));
            }
        }
        for (status, body) in &answered {
            if (400..500).contains(status) {
                problems.push(format!("{what}: refused {status}: {body}"));
            }
            // Retries spent: 503 to retry later, never a 500.
            let retry_later = *status == 503
                && (body["type"] == "/problems/unavailable"
                    || body["type"] == "/problems/outcome-unknown");
            if *status >= 500 && !retry_later {
                problems.push(format!("{what}: answered {status}: {body}"));
            }
        }
        // Every send answered, each "nothing was changed": then nothing was.
        let nothing_changed =
            |(s, b): &(u16, &Value)| *s == 503 && b["type"] == "/problems/unavailable";
        if !at.is_empty()
            && answered.len() == op.sends.len()
            && answered.iter().all(nothing_changed)
        {
            problems.push(format!(
                "{what}: answered 'nothing was changed' but in the log"
            ));
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_commands_through_faults_and_kills_keep_a_whole_history() {
    let Some((binary, endpoint)) = lambda::prerequisites() else {
        return;
    };
    let seed = Schedule::seed_from_env(SEED);
    println!("fault seed {seed} (replay: ARBITER_FAULT_SEED={seed})");
    let table = format!("arbiter-faults-{}", std::process::id());
    let store = DynamoStore::local(&endpoint, table.clone()).await;
    store.create_table().await.expect("create table");
    let dynamo = Dynamo::new(&endpoint, Schedule::new(seed, FAULT_RATE));
    let started = std::time::Instant::now();

    let mut first = Client::new(&binary, &dynamo, &table, 0).await;
    set_up(&mut first).await;
    let mut clients = vec![first];
    for n in 1..CLIENTS as u64 {
        clients.push(Client::new(&binary, &dynamo, &table, n).await);
    }
    let runs = futures::future::join_all(clients.into_iter().enumerate().map(|(n, mut c)| {
        tokio::spawn(async move {
            let ops = c.register(n).await;
            (c, ops)
        })
    }))
    .await;
    let (mut clients, ops): (Vec<Client>, Vec<Vec<Op>>) =
        runs.into_iter().map(|r| r.expect("a client")).unzip();
    let ops: Vec<Op> = ops.into_iter().flatten().collect();

    // The board's deadline passes; the sweep is delivered to two sandboxes
    // at once, and once more after.
    let (a, b) = clients.split_at_mut(1);
    a[0].d.set_time(t(120));
    b[0].d.set_time(t(120));
    let (ra, rb) = tokio::join!(sweep_until_done(&mut a[0]), sweep_until_done(&mut b[0]));
    let rc = sweep_until_done(&mut a[0]).await;

    // Read back with no faults.
    let local = arbiter_e2e::dynamo_on(&endpoint, &table).await;
    local.clock.set(t(120));
    let mut logs = Vec::new();
    for event in EVENTS {
        logs.push(whole_log(&local, event).await);
    }
    let mut problems = Vec::new();
    check_registrations(&ops, &logs, &mut problems);
    for id in EVENTS.iter().copied().chain(["faults-board"]) {
        let (loaded, folded) = loaded_and_folded(&store, id).await;
        if loaded != folded {
            problems.push(format!(
                "{id}: the state loaded differs from the fold of its log"
            ));
        }
    }
    let board = local.get(BOARD, &local.token("gm", false)).await;
    let phase = board["game"]["position"]["phase"].clone();
    if phase != "F1901M" {
        problems.push(format!(
            "the sweep delivered 2+1 times moved the board to {phase}"
        ));
    }
    let board_log = whole_log(&local, "faults-board").await;
    let adjudications = board_log.iter().filter(|e| actor(e).is_empty()).count();

    // The report.
    let sends: usize = ops.iter().map(|o| o.sends.len()).sum();
    let status = |o: &Op| match o.sends.last() {
        Some(Sent::Answered(s, _)) => s.to_string(),
        _ => "lost".into(),
    };
    let mut outcomes: BTreeMap<String, usize> = BTreeMap::new();
    for op in &ops {
        *outcomes.entry(status(op)).or_default() += 1;
    }
    let kills: u64 = clients.iter().map(|c| c.kills).sum();
    println!(
        "{} registrations ({} keyed), {sends} sends, last answers {outcomes:?}",
        ops.len(),
        ops.iter().filter(|o| o.keyed).count()
    );
    println!(
        "sweep runs until done: {ra} and {rb} at once, then {rc}; board log {} entries, {adjudications} by no user",
        board_log.len()
    );
    println!("kills: {kills}");
    println!(
        "DynamoDB writes applied: {}, transactions answered from their token: {}",
        dynamo.writes.load(std::sync::atomic::Ordering::Relaxed),
        dynamo
            .token_replays
            .load(std::sync::atomic::Ordering::Relaxed)
    );
    for (kind, n) in dynamo.schedule.counts() {
        println!("fault {kind}: {n}");
    }
    println!("wall time {:.1} s", started.elapsed().as_secs_f64());
    for c in &mut clients {
        c.d.shutdown();
    }
    verdict(seed, &problems);
}

/// A send that timed out on the client's side reaches DynamoDB after its
/// retry was cancelled by a `TransactionConflict`; the append's next
/// attempt (a new token) then meets the commit that first send wrote. That
/// commit is the command's own: it is answered 200, at its version, and is
/// in the log once. (It was answered 409 "already entered": the store took
/// its own commit for another writer's, and the service decided the
/// registration again on top of it.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_send_that_lands_after_its_cancelled_retry_is_the_commit_not_a_rival() {
    use arbiter_e2e::faults::Fault;
    let Ok(endpoint) = std::env::var("ARBITER_DYNAMO_ENDPOINT") else {
        eprintln!("skipped: ARBITER_DYNAMO_ENDPOINT is not set (start scripts/moto.sh)");
        return;
    };
    let table = format!("arbiter-late-send-{}", std::process::id());
    let store = DynamoStore::local(&endpoint, table.clone()).await;
    store.create_table().await.expect("create table");
    let attempt = arbiter_store::dynamo::SDK_ATTEMPT_TIMEOUT;
    let script = vec![
        // Create, arbiter, set-up: one transaction each, untouched.
        Fault::None,
        Fault::None,
        Fault::None,
        // The registration: its first send is held past the attempt
        // timeout (it lands later), the SDK's retry of it is cancelled,
        // and the append's next attempt arrives after the first landed.
        Fault::Delay(attempt + std::time::Duration::from_millis(500)),
        Fault::TransactionConflict,
        Fault::Delay(attempt - std::time::Duration::from_millis(500)),
    ];
    let dynamo = Dynamo::new(&endpoint, Schedule::scripted(script));
    let proxy = Proxy::start(Arc::clone(&dynamo)).await;
    let local = arbiter_e2e::dynamo_on(&proxy.url(), &table).await;
    local
        .create(&json!({"id": "late-send", "kind": "swiss", "name": "Late send"}))
        .await;
    let open = "/v1/competitions/late-send";
    let (status, _) = local
        .post_as(
            "org",
            t(0),
            &format!("{open}/roles"),
            &json!({"user": "arb", "role": "arbiter"}),
        )
        .await;
    assert_eq!(status, 200);
    let settings = json!({"rounds": 3, "late_entries_until_round": 1});
    let body = json!({"action": "set-up", "settings": settings});
    let (status, _) = local
        .post_as("arb", t(0), &format!("{open}/actions"), &body)
        .await;
    assert_eq!(status, 200);
    let entry = json!({"entry": {"name": "Ann", "rating": 2000}});
    let (status, answer) = local
        .post_as("ann", t(0), &format!("{open}/registrations"), &entry)
        .await;
    // create 1, arbiter 2, set-up 3: the registration is version 4.
    assert_eq!((status, &answer["version"]), (200, &json!(4)), "{answer}");
    let counts = dynamo.schedule.counts();
    assert_eq!(
        counts.get("transaction cancelled: TransactionConflict"),
        Some(&1)
    );
    let log = whole_log(&local, "late-send").await;
    let ann: Vec<&Value> = log.iter().filter(|e| actor(e) == "ann").collect();
    assert_eq!(ann.len(), 1, "{log:?}");
    assert_eq!(ann[0]["version"], 4);
}

/// The checker's verdict, printed; a broken history fails the test with
/// the seed that replays it.
pub(crate) fn verdict(seed: u64, problems: &[String]) {
    let verdict = if problems.is_empty() {
        "whole"
    } else {
        "BROKEN"
    };
    println!("verdict: {verdict}");
    assert!(
        problems.is_empty(),
        "seed {seed} (ARBITER_FAULT_SEED={seed} replays it):\n{}",
        problems.join("\n")
    );
}
