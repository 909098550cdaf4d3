//! On DynamoDB (moto in the test command): the largest
//! competitions of the targets (ACWC 1,000 players, a club of 10,000
//! members each once penalised, a Swiss event of 4,000 players paired, World
//! Masters 300 teams), stored, loaded and appended to by the service, with no
//! item of the table over DynamoDB's 400 KB, and a command that reads a
//! bounded number of items: cold (nothing in memory), the page of commits and
//! the snapshot's parts, a query page per MB; warm, one query of the commits
//! since.
//!
//! The state is built in memory through `decide` and `apply`
//! (`arbiter_domain::testkit::large`, as the command-cost bench builds it)
//! and stored as the snapshot of the competition's first commit, so the test
//! does not spend minutes appending its tens of thousands of commits one by
//! one.

use arbiter_domain::competition::CompetitionId;
use arbiter_domain::testkit::large::{acwc, ladder_with_history, swiss, world_masters, Case};
use arbiter_store::dynamo::item_size;

/// DynamoDB's item limit.
const ITEM_LIMIT: usize = 400 * 1024;

/// `build`'s case, built on a thread with room for the pairing engine's
/// recursion over 4,000 players in a debug build (a test thread has 2 MB).
pub(crate) fn built(build: impl FnOnce(u32) -> Case + Send + 'static, size: u32) -> Case {
    std::thread::Builder::new()
        .stack_size(256 * 1024 * 1024)
        .spawn(move || build(size))
        .expect("a thread")
        .join()
        .expect("the case built")
}

async fn largest(name: &str, case: Case) {
    let Some(server) = arbiter_e2e::dynamo().await else {
        return;
    };
    let service = &server.app.service;
    let store = service.store();
    let id = CompetitionId::try_from(name).expect("valid id");
    let snapshot_bytes = super::lambda_scale::seed(store, name, &case).await;

    // Cold: loaded from the table, decided, appended (with a new snapshot,
    // since this process has counted nothing since the last one).
    let before = store.reads();
    let receipt = service
        .execute(&id, &case.command, &case.ctx, None)
        .await
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(receipt.version, 2, "{name}: the command appended");
    let cold = store.reads() - before;
    let bound = 1 + snapshot_bytes.div_ceil(1024 * 1024) as u64 + 1;
    assert!(
        cold <= bound,
        "{name}: {cold} reads cold, more than {bound}"
    );

    // Warm: the state is in memory; one query finds nothing newer. The
    // same command again is refused or applied; either way, one read.
    let before = store.reads();
    let _ = service.execute(&id, &case.command, &case.ctx, None).await;
    let warm = store.reads() - before;
    assert_eq!(
        warm, 1,
        "{name}: a warm command reads the commits since, once"
    );

    let stored = store.items_of(name).await.expect("the competition's items");
    let largest_item = stored.iter().map(item_size).max().unwrap_or(0);
    let items = stored.len();
    eprintln!(
        "{name}: snapshot {snapshot_bytes} B in {items} items, largest {largest_item} B; \
         reads cold {cold}, warm {warm}"
    );
    assert!(
        largest_item < ITEM_LIMIT,
        "{name}: an item of {largest_item} B"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acwc_of_1000_players() {
    largest("scale-acwc", built(acwc, 1000)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn club_of_10000_members_each_once_penalised() {
    largest("scale-club", built(ladder_with_history, 10_000)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn swiss_of_4000_players() {
    largest("scale-swiss", built(swiss, 4000)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn world_masters_of_300_teams() {
    largest("scale-wm", built(world_masters, 300)).await;
}

/// A kind's action through its route reads the competition once: the body
/// is read as the kind's command against the state the service decides on,
/// not against a copy loaded beforehand. Warm (the competition in memory),
/// that one read is the query for commits since: by hand, seat-player on a
/// Nomic game (nomic 201) costs one read, and so does a registration, which
/// first asks the kind kept in memory.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kind_action_reads_its_competition_once() {
    let Some(server) = arbiter_e2e::dynamo().await else {
        return;
    };
    let now = arbiter_e2e::start_time();
    server
        .create(&serde_json::json!({"id": "one-read", "kind": "nomic", "name": "One read"}))
        .await;
    let store = server.app.service.store();
    let import = serde_json::json!({"action": "import-rules"});
    let before = store.reads();
    let (status, answer) = server
        .post_as("org", now, "/v1/competitions/one-read/actions", &import)
        .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(store.reads() - before, 1, "an action reads once");
    let seat = serde_json::json!({"player": "ann", "day": "monday"});
    let before = store.reads();
    let (status, answer) = server
        .post_as("org", now, "/v1/competitions/one-read/registrations", &seat)
        .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(store.reads() - before, 1, "a registration reads once");
}
