//! Peak memory and time of the Lambda functions on the largest competitions
//! Arbiter is sized for: a Swiss event of 4,000 players in round 3 (rounds
//! 1 and 2 played), ACWC of 1,000 entrants (round 1 published), World
//! Masters of 300 teams (round one closed, round two drawn; and in the
//! final, three rounds closed), a club ladder of 10,000 members. Each is
//! built in memory through `decide` and `apply`
//! (`arbiter_domain::testkit::large`) and stored on moto as the snapshot of
//! its first commit; then the real `arbiter-lambda` runs under the emulated
//! Runtime API (`arbiter_e2e::lambda`) as deployed: one typical command
//! through `POST …/actions` (the `act` function), then the heaviest reads
//! (the competition's view, its standings) through the `competitions`
//! function, each read in a process of its own so its peak is its own.
//!
//! Ignored by default (minutes of building in a debug test); the table in
//! docs/deploy.md came from the release binary:
//!
//! ```sh
//! cargo build --release -p arbiter-lambda
//! eval "$(scripts/moto.sh)"; export ARBITER_DYNAMO_ENDPOINT
//! ARBITER_LAMBDA_BIN=$CARGO_TARGET_DIR/release/arbiter-lambda \
//!   cargo test -p arbiter-e2e --test e2e lambda_scale:: -- --ignored --nocapture --test-threads=1
//! ```
//!
//! `ARBITER_SCALE_DIVISOR=10` builds each competition a tenth of the size.

use arbiter_domain::competition::{Actor, Commit, CompetitionId};
use arbiter_domain::testkit::large::{self, Case};
use arbiter_e2e::lambda::events::{HttpRequest, Signed};
use arbiter_e2e::lambda::runtime_api::RESPONSE_LIMIT;
use arbiter_e2e::lambda::{self, Deployment};
use arbiter_service::{encode_commit, encode_snapshot};
use arbiter_store::{Append, DueChange, DynamoStore, Store};
use std::time::Instant;

/// The template's memory size of every function measured here, in MiB.
const MEMORY_MB: u64 = 256;

fn divisor() -> u32 {
    std::env::var("ARBITER_SCALE_DIVISOR")
        .ok()
        .and_then(|d| d.parse().ok())
        .filter(|d| *d > 0)
        .unwrap_or(1)
}

/// `build(size / divisor())`, on scale_dynamo's thread with room for the
/// pairing engine's recursion over thousands of players in a debug build.
fn built(build: impl FnOnce(u32) -> Case + Send + 'static, size: u32) -> Case {
    super::scale_dynamo::built(build, size / divisor())
}

/// Stores `case`'s state as competition `name`'s first commit with its
/// snapshot, as the service would have after folding its whole log.
pub(crate) async fn seed(store: &impl Store, name: &str, case: &Case) -> usize {
    let mut state = case.state.clone();
    state.id = CompetitionId::try_from(name).expect("valid id");
    state.version = 1;
    let first = Commit {
        version: 1,
        at: case.ctx.now,
        actor: Actor::User("org".try_into().expect("valid user")),
        command: "create".into(),
        events: vec![],
        idempotency: None,
    };
    let snapshot = encode_snapshot(&state);
    let bytes = snapshot.body.len();
    store
        .append(Append {
            competition: name.into(),
            expected_version: 0,
            commit: encode_commit(&first),
            snapshot: Some(snapshot),
            members_added: vec![],
            due: DueChange::Unchanged,
            receipt: None,
        })
        .await
        .expect("the large state stored");
    bytes
}

/// One request through a function: its status, wall time and the
/// function's peak RSS so far.
struct Row {
    what: String,
    function: &'static str,
    status: u16,
    /// The answer's body as JSON text.
    bytes: usize,
    ms: f64,
    peak_mib: f64,
}

async fn timed(d: &mut Deployment, function: &'static str, what: &str, req: HttpRequest) -> Row {
    let start = Instant::now();
    let answer = d.http(&req).await;
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    if answer.status >= 400 {
        eprintln!("{what}: {} {}", answer.status, answer.body);
    }
    let peak_kb = d
        .measured()
        .into_iter()
        .find(|m| m.handler == function)
        .and_then(|m| m.peak_rss_kb)
        .unwrap_or(0);
    Row {
        what: what.to_owned(),
        function,
        status: answer.status,
        bytes: answer.body.to_string().len(),
        ms,
        peak_mib: peak_kb as f64 / 1024.0,
    }
}

/// The command cold (a fresh `act` process loads the competition) and
/// again warm; each read cold and warm in a fresh `competitions` process.
/// A command whose action has a route of its own (a registration) goes
/// there, its body without the `action`.
async fn measure(name: &str, case: Case, reads: &[&str]) -> Vec<Row> {
    let Some((binary, endpoint)) = lambda::prerequisites() else {
        return vec![];
    };
    let table = format!("arbiter-scale-{}-{name}", std::process::id());
    let store = DynamoStore::local(&endpoint, table.clone()).await;
    store.create_table().await.expect("create table");
    let snapshot_bytes = seed(&store, name, &case).await;
    eprintln!("{name}: snapshot of {snapshot_bytes} B stored");
    let faketime = lambda::libfaketime();
    let mut d = Deployment::new(binary, faketime, &table, &endpoint, case.ctx.now);
    let who = match &case.ctx.actor {
        Actor::User(u) => u.to_string(),
        other => panic!("a user's command, not {other:?}"),
    };
    let base = format!("/v1/competitions/{name}");
    let (route, body) = match case.body["action"].as_str() {
        Some("join") => {
            let mut body = case.body.clone();
            body.as_object_mut().map(|b| b.remove("action"));
            ("/registrations", body)
        }
        _ => ("/actions", case.body.clone()),
    };
    let function = if route == "/actions" {
        "act"
    } else {
        "register"
    };
    let post = || {
        HttpRequest::post(
            &format!("{base}{route}"),
            body.clone(),
            Some(Signed::user(&who)),
        )
    };
    let mut rows = vec![
        timed(&mut d, function, "command, cold", post()).await,
        timed(&mut d, function, "command again, warm", post()).await,
    ];
    for read in reads {
        d.kill("competitions");
        let path = format!("{base}{read}");
        let get = || HttpRequest::get(&path, Some(Signed::user(&who)));
        let label = format!("GET …{read}");
        rows.push(timed(&mut d, "competitions", &format!("{label}, cold"), get()).await);
        rows.push(timed(&mut d, "competitions", &format!("{label}, warm"), get()).await);
    }
    d.shutdown();
    for r in &rows {
        println!(
            "| {name} | {} | `{}` | {} | {} | {:.0} | {:.1} | {:.0}% |",
            r.what,
            r.function,
            r.status,
            r.bytes,
            r.ms,
            r.peak_mib,
            100.0 * r.peak_mib / MEMORY_MB as f64
        );
    }
    rows
}

/// Every request answered without a server error, within the template's
/// 15 s, under half the function's memory, its body well under Lambda's
/// response limit.
fn fit(name: &str, rows: &[Row]) {
    for r in rows {
        assert!(r.status < 500, "{name} {}: {}", r.what, r.status);
        assert!(
            r.bytes < RESPONSE_LIMIT / 2,
            "{name} {}: {} B",
            r.what,
            r.bytes
        );
        assert!(r.ms < 15_000.0, "{name} {}: {:.0} ms", r.what, r.ms);
        assert!(
            r.peak_mib < MEMORY_MB as f64 / 2.0,
            "{name} {}: {:.1} MiB",
            r.what,
            r.peak_mib
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "minutes of building; run for docs/deploy.md's table"]
async fn swiss_of_4000_players_in_round_3() {
    let case = built(|n| large::swiss_in_round(n, 3), 4000);
    let rows = measure("scale-swiss", case, &["", "/standings", "/pairings/3"]).await;
    fit("swiss", &rows);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "minutes of building; run for docs/deploy.md's table"]
async fn acwc_of_1000_players() {
    let case = built(large::acwc, 1000);
    let rows = measure("scale-acwc", case, &["", "/standings"]).await;
    fit("acwc", &rows);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "minutes of building; run for docs/deploy.md's table"]
async fn world_masters_of_300_teams_in_round_two() {
    let case = built(|n| large::world_masters_in_round(n, 2), 300);
    let rows = measure("scale-wm", case, &["", "/standings", "/boards/2"]).await;
    fit("world masters", &rows);
}

/// The final drawn: the view holds the standings of three closed rounds.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "minutes of building; run for docs/deploy.md's table"]
async fn world_masters_of_300_teams_in_the_final() {
    let case = built(|n| large::world_masters_in_round(n, 4), 300);
    let rows = measure("scale-wm-final", case, &["", "/standings"]).await;
    fit("world masters", &rows);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "minutes of building; run for docs/deploy.md's table"]
async fn club_of_10000_members() {
    let case = built(large::ladder, 10_000);
    let rows = measure("scale-club", case, &["", "/leaderboard"]).await;
    fit("club", &rows);
}

/// What one append writes, in DynamoDB's units, by its documented rules
/// (on-demand): a transactional write costs 2 write request units per KB
/// of each item, rounded up per item; the `ConditionCheck` on the version
/// before is billed as a transactional write of the checked item (taken at
/// that item's size: an upper bound); a global secondary index's copy of a
/// written item costs 1 unit per KB.
#[derive(Debug, Default, Clone, Copy)]
struct Units {
    appends: u64,
    write: u64,
    snapshots: u64,
}

/// The bytes a commit item holds besides its body: `PK` (`C#` and the
/// competition id), `SK` (`V#` and 20 digits), the attribute names `body`
/// and `tok` and the 36-character token.
const COMMIT_ITEM_OVERHEAD: usize = 2 + 2 + 16 + 2 + 22 + 4 + 3 + 36;

/// A member item: keys, `GSI1PK` `U#<user>`, `GSI1SK` `C#<competition>`.
const MEMBER_ITEM_BYTES: usize = 100;

fn kb_units(bytes: usize) -> u64 {
    bytes.div_ceil(1024).max(1) as u64
}

/// Every commit of `log` appended as the service appends it: the snapshot
/// taken when [`Since::due`] says (inline in the commit's item while the
/// two fit, else in parts), a member item for each registration, the
/// deadline item when the next deadline moves. Units per command name.
fn write_units(log: &[Commit]) -> std::collections::BTreeMap<String, Units> {
    use arbiter_service::Since;
    use arbiter_store::dynamo::{MAX_ITEM_BYTES, SNAPSHOT_PART_BYTES};
    let id = CompetitionId::try_from("scale-swiss").expect("valid id");
    let mut by_command = std::collections::BTreeMap::<String, Units>::new();
    let (mut state, mut since, mut previous_item) = (None, Since::NEW, 0usize);
    for commit in log {
        let body = encode_commit(commit).body.len();
        let due_before = state
            .as_ref()
            .and_then(|s: &arbiter_domain::competition::Competition| s.next_due());
        let next = arbiter_domain::competition::apply(state.take(), &id, commit);
        let snapshot = since.due(body).then(|| encode_snapshot(&next).body.len());
        let item = COMMIT_ITEM_OVERHEAD + body;
        let mut write = match snapshot {
            Some(s) if item + s + 8 <= MAX_ITEM_BYTES => 2 * kb_units(item + s + 8),
            Some(s) => {
                let parts = s.div_ceil(SNAPSHOT_PART_BYTES);
                let last = s - (parts - 1) * SNAPSHOT_PART_BYTES;
                2 * kb_units(item + 10)
                    + 2 * (parts as u64 - 1) * kb_units(SNAPSHOT_PART_BYTES + 60)
                    + 2 * kb_units(last + 60)
            }
            None => 2 * kb_units(item),
        };
        if commit.version > 1 {
            write += 2 * kb_units(previous_item);
        }
        if commit.command == "register" {
            write += 2 * kb_units(MEMBER_ITEM_BYTES) + kb_units(MEMBER_ITEM_BYTES);
        }
        if next.next_due() != due_before {
            write += 3;
        }
        previous_item = match snapshot {
            Some(s) if item + s + 8 <= MAX_ITEM_BYTES => item + s + 8,
            _ => item,
        };
        since = since.after(commit.version, body, snapshot);
        let u = by_command.entry(commit.command.clone()).or_default();
        u.appends += 1;
        u.write += write;
        u.snapshots += u64::from(snapshot.is_some());
        state = Some(next);
    }
    if let Some(s) = &state {
        eprintln!(
            "final snapshot {} B, next snapshot after {} B more of log",
            encode_snapshot(s).body.len(),
            since.snapshot_bytes.saturating_sub(since.log_bytes)
        );
    }
    by_command
}

/// A Swiss event of `players` over `rounds` rounds, every result reported:
/// the write units of its commits by command, and a warm command's read
/// (one strongly consistent query of the commits since: 1 read unit).
fn swiss_write_units(players: u32, rounds: u32) {
    let (mut d, boards) = std::thread::Builder::new()
        .stack_size(256 * 1024 * 1024)
        .spawn(move || large::swiss_played(players, rounds))
        .expect("a thread")
        .join()
        .expect("built");
    large::report_swiss_round(&mut d, rounds, &boards);
    let units = write_units(d.log());
    println!("Swiss of {players} players, {rounds} rounds:");
    println!("| command | appends | write units | per append | snapshots |");
    for (command, u) in &units {
        println!(
            "| {command} | {} | {} | {:.2} | {} |",
            u.appends,
            u.write,
            u.write as f64 / u.appends as f64,
            u.snapshots
        );
    }
}

#[test]
#[ignore = "a minute of building; run for docs/deploy.md's cost table"]
fn swiss_of_100_players_write_units_over_11_rounds() {
    swiss_write_units(100, 11);
}

#[test]
#[ignore = "minutes of building; run for docs/deploy.md's cost table"]
fn swiss_of_4000_players_write_units_over_3_rounds() {
    swiss_write_units(4000 / divisor(), 3);
}
