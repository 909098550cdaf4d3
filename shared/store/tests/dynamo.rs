//! The conformance suite on the DynamoDB adapter, against a local
//! DynamoDB-compatible server:
//!
//! ```sh
//! eval "$(scripts/moto.sh)"    # sets ARBITER_DYNAMO_ENDPOINT
//! cargo test -p arbiter-store
//! ```
//!
//! Without `ARBITER_DYNAMO_ENDPOINT` these tests fail, unless
//! `ARBITER_SKIP_DYNAMO=1` says to skip them.

use arbiter_store::{DynamoStore, Store, StoreError};
use tokio::sync::OnceCell;

/// Commits the concurrency check appends (8 writers): `ARBITER_DYNAMO_RACE`,
/// or 240. Against `scripts/moto.sh` on 2 cores 1,000 take about 4 minutes
/// (moto serves one request at a time, and each commit costs about 16 of
/// them when 8 writers contend). 240 commits are still thousands of lost
/// races, 24 snapshots and four pages of reading back: the suite proves per
/// append that nothing is lost or doubled, so more commits prove no more.
fn race_commits() -> usize {
    std::env::var("ARBITER_DYNAMO_RACE")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(240)
}

/// `None` when the run skips DynamoDB; panics when it may not.
fn endpoint() -> Option<String> {
    if let Ok(url) = std::env::var("ARBITER_DYNAMO_ENDPOINT") {
        if !url.is_empty() {
            return Some(url);
        }
    }
    if std::env::var("ARBITER_SKIP_DYNAMO").as_deref() == Ok("1") {
        eprintln!("note: ARBITER_SKIP_DYNAMO=1: the DynamoDB store tests are skipped");
        return None;
    }
    panic!(
        "ARBITER_DYNAMO_ENDPOINT is not set: start the local DynamoDB-compatible server with \
         `eval \"$(scripts/moto.sh)\"` (from the repository root) and run the tests again, \
         or set ARBITER_SKIP_DYNAMO=1 to skip the DynamoDB store tests"
    );
}

const TABLE_PREFIX: &str = "arbiter-test-";

/// One table per test process, created by the first test that needs it;
/// that test also drops the tables of earlier test processes that have
/// ended, so a long-running moto does not grow without bound.
async fn store_at(url: String) -> DynamoStore {
    static TABLE: OnceCell<()> = OnceCell::const_new();
    let store = DynamoStore::local(&url, format!("{TABLE_PREFIX}{}", std::process::id())).await;
    TABLE
        .get_or_init(|| async {
            drop_tables_of_ended_runs(&store).await;
            store
                .create_table()
                .await
                .unwrap_or_else(|e| panic!("cannot create the test table at {url}: {e}"));
        })
        .await;
    store
}

/// Best effort, and only where `/proc` tells which processes still run.
async fn drop_tables_of_ended_runs(store: &DynamoStore) {
    if !std::path::Path::new("/proc/self").exists() {
        return;
    }
    let Ok(tables) = store.client().list_tables().send().await else {
        return;
    };
    for name in tables.table_names() {
        let Some(pid) = name.strip_prefix(TABLE_PREFIX) else {
            continue;
        };
        let ended = pid.parse::<u32>().is_ok_and(|pid| {
            pid != std::process::id() && !std::path::Path::new(&format!("/proc/{pid}")).exists()
        });
        if ended {
            let _ = store.client().delete_table().table_name(name).send().await;
        }
    }
}

/// The store for one check, or `return` from the test when DynamoDB is skipped.
macro_rules! store_or_skip {
    () => {
        match endpoint() {
            Some(url) => store_at(url).await,
            None => return,
        }
    };
}

// `$make` is a plain block, so its `return` leaves the test itself when
// DynamoDB is skipped; otherwise it yields the future of the store.
arbiter_store::conformance_tests!(
    {
        match endpoint() {
            Some(url) => store_at(url),
            None => return,
        }
    },
    race_commits()
);

arbiter_store::notify_conformance_tests!({
    match endpoint() {
        Some(url) => store_at(url),
        None => return,
    }
});

#[tokio::test]
async fn oversized_commit_item_is_invalid() {
    let store = store_or_skip!();
    let c = arbiter_store::conformance::fresh_id("big");
    let mut append = arbiter_store::conformance::plain(&c, 1, "x");
    append.commit.body = vec![0; 410 * 1024];
    assert!(matches!(
        store.append(append).await,
        Err(StoreError::Invalid(_))
    ));
    assert_eq!(store.load(&c).await.unwrap(), None);
    // Just under the limit is fine.
    let mut append = arbiter_store::conformance::plain(&c, 1, "x");
    append.commit.body = vec![7; 390 * 1024];
    store.append(append).await.unwrap();
    let loaded = store.load(&c).await.unwrap().unwrap();
    assert_eq!(loaded.commits[0].body.len(), 390 * 1024);
    // A commit and a snapshot too large for one item together: the
    // snapshot goes into part items of its own.
    let mut append = arbiter_store::conformance::plain(&c, 2, "x");
    append.commit.body = vec![1; 300 * 1024];
    append.snapshot = Some(arbiter_store::Snapshot {
        version: 2,
        body: vec![2; 150 * 1024],
    });
    store.append(append).await.unwrap();
    let loaded = store.load(&c).await.unwrap().unwrap();
    assert_eq!(loaded.snapshot.unwrap().body, vec![2; 150 * 1024]);
    assert!(loaded.commits.is_empty());
}

/// A snapshot of the largest size is split so that no item of
/// the competition nears DynamoDB's 400 KB, and a load reads it with a
/// bounded number of requests: the page of commits, then one query of its
/// parts (a page per MB).
#[tokio::test]
async fn a_large_snapshot_is_split_under_the_item_limit_and_loaded_in_few_reads() {
    use arbiter_store::conformance::{large_snapshot_is_read_back_whole, LARGE_SNAPSHOT_BYTES};
    use aws_sdk_dynamodb::types::AttributeValue;
    let store = store_or_skip!();
    let c = large_snapshot_is_read_back_whole(&store).await;
    let items = store.items_of(&c).await.unwrap();
    let largest = items
        .iter()
        .map(arbiter_store::dynamo::item_size)
        .max()
        .unwrap();
    assert!(largest <= 360 * 1024, "an item of {largest} bytes");
    let parts = items
        .iter()
        .filter(|i| matches!(i.get("SK"), Some(AttributeValue::S(sk)) if sk.starts_with("P#")))
        .count();
    assert_eq!(
        parts,
        LARGE_SNAPSHOT_BYTES.div_ceil(arbiter_store::dynamo::SNAPSHOT_PART_BYTES)
    );
    // The load: one page of commits down to the snapshot's, then its parts,
    // at most 1 MB a page.
    let before = store.reads();
    store.load(&c).await.unwrap().unwrap();
    let reads = store.reads() - before;
    let bound = 1 + LARGE_SNAPSHOT_BYTES.div_ceil(1024 * 1024) as u64 + 1;
    assert!(reads <= bound, "{reads} reads, more than {bound}");
}

#[tokio::test]
async fn duplicate_members_in_one_append_are_written_once() {
    let store = store_or_skip!();
    let c = arbiter_store::conformance::fresh_id("dup");
    let user = arbiter_store::conformance::fresh_id("dup-user");
    let append = arbiter_store::Append {
        members_added: vec![user.clone(), user.clone()],
        ..arbiter_store::conformance::plain(&c, 1, "created")
    };
    store.append(append).await.unwrap();
    assert_eq!(store.competitions_of(&user).await.unwrap(), vec![c]);
}

#[tokio::test]
async fn load_reads_past_the_first_page_to_the_snapshot() {
    let store = store_or_skip!().with_load_page(2);
    let c = arbiter_store::conformance::fresh_id("deep");
    for v in 1..=12u64 {
        let mut a = arbiter_store::conformance::plain(&c, v, &format!("c{v}"));
        if v == 1 {
            a.snapshot = Some(arbiter_store::Snapshot {
                version: 1,
                body: b"s1".to_vec(),
            });
        }
        store.append(a).await.unwrap();
    }
    let loaded = store.load(&c).await.unwrap().unwrap();
    assert_eq!(loaded.snapshot.unwrap().version, 1);
    assert_eq!(
        loaded.commits.iter().map(|c| c.version).collect::<Vec<_>>(),
        (2..=12).collect::<Vec<_>>()
    );
    // And a log without any snapshot is read to its start.
    let d = arbiter_store::conformance::fresh_id("deep-nosnap");
    for v in 1..=5u64 {
        store
            .append(arbiter_store::conformance::plain(&d, v, "x"))
            .await
            .unwrap();
    }
    let loaded = store.load(&d).await.unwrap().unwrap();
    assert_eq!(loaded.snapshot, None);
    assert_eq!(loaded.version(), 5);
    assert_eq!(loaded.commits.len(), 5);
}

/// `create_table` makes `ttl` the TTL attribute (so DynamoDB deletes lapsed
/// claims), and running it on the existing table again is harmless.
#[tokio::test]
async fn create_table_enables_ttl_and_is_idempotent() {
    let store = store_or_skip!();
    store
        .create_table()
        .await
        .expect("again on the existing table");
    let ttl = store
        .client()
        .describe_time_to_live()
        .table_name(store.table())
        .send()
        .await
        .unwrap();
    let ttl = ttl.time_to_live_description().expect("a TTL description");
    assert_eq!(
        ttl.time_to_live_status(),
        Some(&aws_sdk_dynamodb::types::TimeToLiveStatus::Enabled)
    );
    assert_eq!(ttl.attribute_name(), Some(arbiter_store::dynamo::TTL));
}

/// A claim item carries its `ttl`: the end of its window in epoch seconds.
#[tokio::test]
async fn claim_item_carries_the_end_of_its_window_as_ttl() {
    use arbiter_store::NotifyStore;
    use aws_sdk_dynamodb::types::AttributeValue;
    let store = store_or_skip!();
    let key = arbiter_store::conformance::fresh_id("ttl");
    let now = chrono::DateTime::from_timestamp_millis(1_700_000_000_500).unwrap();
    assert!(store
        .claim(&key, now, chrono::Duration::minutes(10))
        .await
        .unwrap());
    let item = store
        .client()
        .get_item()
        .table_name(store.table())
        .key("PK", AttributeValue::S(format!("N#{key}")))
        .key("SK", AttributeValue::S("N".into()))
        .consistent_read(true)
        .send()
        .await
        .unwrap();
    let item = item.item().expect("the claim item");
    assert_eq!(
        item.get("ttl"),
        Some(&AttributeValue::N("1700000601".into()))
    );
    assert_eq!(
        item.get("at"),
        Some(&AttributeValue::N("1700000000500".into()))
    );
}
