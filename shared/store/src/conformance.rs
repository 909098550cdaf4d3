//! The one conformance suite every adapter passes.
//!
//! Each check takes a store and uses fresh competition and user ids, so checks
//! can share one backend (one local DynamoDB-compatible server) and run in
//! parallel. [`conformance_tests!`](crate::conformance_tests) turns the suite
//! into `#[tokio::test]` functions for an adapter:
//!
//! ```ignore
//! arbiter_store::conformance_tests!(async { EmbeddedStore::open(path).unwrap() }, 1000);
//! arbiter_store::notify_conformance_tests!(async { EmbeddedStore::open(path).unwrap() });
//! ```
//!
//! The [`NotifyStore`] checks have their own macro, so an adapter of the log
//! alone can still run the first.

use crate::{
    Append, CommitRecord, DeadLetterRecord, DueChange, NotifyStore, ReceiptRecord, Snapshot, Store,
    StoreError, SubscriptionRecord,
};
use chrono::{DateTime, Duration, TimeZone, Utc};
use std::collections::BTreeSet;
use std::sync::atomic::{AtomicU64, Ordering};

/// A competition or user id no other check (or earlier run against the same
/// server) uses.
pub fn fresh_id(prefix: &str) -> String {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    format!("{prefix}-{}-{nanos:x}-{n}", std::process::id())
}

fn at(hour: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, hour, 0, 0).unwrap()
}

fn commit(version: u64, body: &str) -> CommitRecord {
    CommitRecord {
        version,
        body: body.as_bytes().to_vec(),
    }
}

/// The simplest append: commit `version` with `body`, nothing else.
pub fn plain(competition: &str, version: u64, body: &str) -> Append {
    Append {
        competition: competition.to_owned(),
        expected_version: version - 1,
        commit: commit(version, body),
        snapshot: None,
        members_added: vec![],
        due: DueChange::Unchanged,
        receipt: None,
    }
}

fn kept(id: &str, body: &str, at: DateTime<Utc>) -> ReceiptRecord {
    ReceiptRecord {
        id: id.to_owned(),
        body: body.as_bytes().to_vec(),
        at,
        expires: at + Duration::hours(24),
    }
}

/// A receipt is written with its commit and read back until it expires; an
/// append carrying an unexpired receipt of the same id is a conflict (the
/// retry that raced its first attempt must replay, not commit again), and
/// once the receipt expired the id may be used again. Receipts of one
/// competition are not another's, and never enter a load or the log.
pub async fn receipts_are_kept_with_their_commit_for_their_window(store: &impl Store) {
    let (c, other) = (fresh_id("receipts"), fresh_id("receipts-other"));
    let t0: DateTime<Utc> = "2026-11-21T10:00:00Z".parse().unwrap();
    let hour = Duration::hours(1);
    assert_eq!(store.receipt(&c, "k1", t0).await.unwrap(), None);
    store
        .append(Append {
            receipt: Some(kept("k1", "first answer", t0)),
            ..plain(&c, 1, "created")
        })
        .await
        .unwrap();
    let read = |at| store.receipt(&c, "k1", at);
    assert_eq!(read(t0).await.unwrap(), Some(b"first answer".to_vec()));
    assert_eq!(
        read(t0 + hour * 23).await.unwrap(),
        Some(b"first answer".to_vec())
    );
    assert_eq!(
        read(t0 + hour * 24).await.unwrap(),
        None,
        "expired after 24 h"
    );
    assert_eq!(store.receipt(&other, "k1", t0).await.unwrap(), None);
    // The same key again, at the right version, within the window: refused,
    // and nothing of it is written.
    let again = Append {
        receipt: Some(kept("k1", "second answer", t0 + hour)),
        ..plain(&c, 2, "duplicate")
    };
    assert_eq!(store.append(again).await, Err(StoreError::Conflict));
    assert_eq!(store.load(&c).await.unwrap().unwrap().version(), 1);
    assert_eq!(read(t0).await.unwrap(), Some(b"first answer".to_vec()));
    // Another key is another request.
    store
        .append(Append {
            receipt: Some(kept("k2", "other", t0 + hour)),
            ..plain(&c, 2, "second")
        })
        .await
        .unwrap();
    // After the window the id is free again.
    store
        .append(Append {
            receipt: Some(kept("k1", "a day later", t0 + hour * 25)),
            ..plain(&c, 3, "third")
        })
        .await
        .unwrap();
    assert_eq!(
        read(t0 + hour * 25).await.unwrap(),
        Some(b"a day later".to_vec())
    );
    let loaded = store.load(&c).await.unwrap().unwrap();
    assert_eq!(loaded.commits.len(), 3, "receipts are not commits");
    assert_eq!(store.commits(&c, 0, 10).await.unwrap().len(), 3);
}

pub async fn append_and_load(store: &impl Store) {
    let c = fresh_id("load");
    assert_eq!(store.load(&c).await.unwrap(), None, "unknown competition");
    store.append(plain(&c, 1, "one")).await.unwrap();
    store.append(plain(&c, 2, "two")).await.unwrap();
    let loaded = store.load(&c).await.unwrap().expect("exists");
    assert_eq!(loaded.snapshot, None);
    assert_eq!(loaded.commits, vec![commit(1, "one"), commit(2, "two")]);
    assert_eq!(loaded.version(), 2);
    // Other competitions are not affected.
    assert_eq!(store.load(&fresh_id("other")).await.unwrap(), None);
}

pub async fn conflicting_append_is_refused_and_writes_nothing(store: &impl Store) {
    let c = fresh_id("conflict");
    let user = fresh_id("user");
    store.append(plain(&c, 1, "first")).await.unwrap();
    // A second writer that also decided on version 0 loses, with all its
    // companions: snapshot, member, deadline.
    let loser = Append {
        competition: c.clone(),
        expected_version: 0,
        commit: commit(1, "second"),
        snapshot: Some(Snapshot {
            version: 1,
            body: b"state".to_vec(),
        }),
        members_added: vec![user.clone()],
        due: DueChange::Set(at(1)),
        receipt: Some(kept("lost", "the loser's answer", at(1))),
    };
    assert_eq!(store.append(loser).await, Err(StoreError::Conflict));
    assert_eq!(store.receipt(&c, "lost", at(1)).await.unwrap(), None);
    let loaded = store.load(&c).await.unwrap().unwrap();
    assert_eq!(loaded.snapshot, None);
    assert_eq!(loaded.commits, vec![commit(1, "first")]);
    assert!(store.competitions_of(&user).await.unwrap().is_empty());
    let due = store.due_before(at(2), 1000).await.unwrap();
    assert!(due.iter().all(|d| d.competition != c));
    // A writer ahead of the log (expected 5 when the log has 1) is refused too.
    let ahead = Append {
        expected_version: 5,
        commit: commit(6, "ahead"),
        ..plain(&c, 1, "x")
    };
    assert_eq!(store.append(ahead).await, Err(StoreError::Conflict));
    assert_eq!(store.load(&c).await.unwrap().unwrap().version(), 1);
}

pub async fn malformed_append_is_invalid(store: &impl Store) {
    let c = fresh_id("invalid");
    let skips = Append {
        commit: commit(3, "x"),
        ..plain(&c, 1, "x")
    };
    assert!(matches!(
        store.append(skips).await,
        Err(StoreError::Invalid(_))
    ));
    let stale_snapshot = Append {
        snapshot: Some(Snapshot {
            version: 0,
            body: vec![],
        }),
        ..plain(&c, 1, "x")
    };
    assert!(matches!(
        store.append(stale_snapshot).await,
        Err(StoreError::Invalid(_))
    ));
    assert_eq!(store.load(&c).await.unwrap(), None);
}

pub async fn load_starts_at_latest_snapshot(store: &impl Store) {
    let c = fresh_id("snap");
    for v in 1..=5u64 {
        let mut a = plain(&c, v, &format!("c{v}"));
        if v == 3 {
            a.snapshot = Some(Snapshot {
                version: 3,
                body: b"after 3".to_vec(),
            });
        }
        store.append(a).await.unwrap();
    }
    let loaded = store.load(&c).await.unwrap().unwrap();
    assert_eq!(
        loaded.snapshot,
        Some(Snapshot {
            version: 3,
            body: b"after 3".to_vec()
        })
    );
    assert_eq!(loaded.commits, vec![commit(4, "c4"), commit(5, "c5")]);
    assert_eq!(loaded.version(), 5);
    // A snapshot at the newest commit leaves nothing to fold.
    let mut a = plain(&c, 6, "c6");
    a.snapshot = Some(Snapshot {
        version: 6,
        body: b"after 6".to_vec(),
    });
    store.append(a).await.unwrap();
    let loaded = store.load(&c).await.unwrap().unwrap();
    assert_eq!(loaded.snapshot.unwrap().version, 6);
    assert!(loaded.commits.is_empty());
    assert_eq!(store.load(&c).await.unwrap().unwrap().version(), 6);
    // The whole log stays readable behind the snapshot.
    let all = store.commits(&c, 0, 100).await.unwrap();
    assert_eq!(
        all.iter().map(|c| c.version).collect::<Vec<_>>(),
        vec![1, 2, 3, 4, 5, 6]
    );
}

/// The largest snapshot the checks append: about what a club ladder of
/// 10,000 members with a year of history gzips to, and past what one
/// DynamoDB item holds (400 KB) several times over.
pub const LARGE_SNAPSHOT_BYTES: usize = 3 * 1024 * 1024;

/// `len` bytes that do not compress (a snapshot is gzipped already).
pub fn incompressible(len: usize) -> Vec<u8> {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

/// A snapshot of the largest size is read back whole and
/// exactly, with the commits after it, and the log around it stays as it
/// was: however an adapter splits it, nothing of it shows in a page of the
/// log. Answers the competition's id, for adapter checks of how it is kept.
pub async fn large_snapshot_is_read_back_whole(store: &impl Store) -> String {
    let c = fresh_id("large");
    let body = incompressible(LARGE_SNAPSHOT_BYTES);
    for v in 1..=3u64 {
        let mut a = plain(&c, v, &format!("c{v}"));
        if v == 2 {
            a.snapshot = Some(Snapshot {
                version: 2,
                body: body.clone(),
            });
        }
        store.append(a).await.unwrap();
    }
    let loaded = store.load(&c).await.unwrap().unwrap();
    let snapshot = loaded.snapshot.expect("the snapshot");
    assert_eq!(snapshot.version, 2);
    assert!(
        snapshot.body == body,
        "the snapshot comes back byte for byte"
    );
    assert_eq!(loaded.commits, vec![commit(3, "c3")]);
    let all = store.commits(&c, 0, 100).await.unwrap();
    assert_eq!(all, vec![commit(1, "c1"), commit(2, "c2"), commit(3, "c3")]);
    c
}

pub async fn commits_page_in_order(store: &impl Store) {
    let c = fresh_id("page");
    for v in 1..=25u64 {
        store.append(plain(&c, v, &v.to_string())).await.unwrap();
    }
    let first = store.commits(&c, 0, 10).await.unwrap();
    assert_eq!(first.first().unwrap().version, 1);
    assert_eq!(first.len(), 10);
    let third = store.commits(&c, 20, 10).await.unwrap();
    assert_eq!(
        third.iter().map(|c| c.version).collect::<Vec<_>>(),
        vec![21, 22, 23, 24, 25]
    );
    assert!(store.commits(&c, 25, 10).await.unwrap().is_empty());
}

/// The deadline index. Other checks may share the backend, so only entries of
/// this check's competitions are looked at, and instants are far in the past
/// of any other check's (year 2026 vs. this check's 1990s).
pub async fn due_index_answers_before_t(store: &impl Store) {
    let base = Utc.with_ymd_and_hms(1990, 1, 1, 0, 0, 0).unwrap()
        + Duration::days(i64::from(std::process::id() % 3000));
    let t = |h: i64| base + Duration::hours(h);
    let (a, b, c) = (fresh_id("due-a"), fresh_id("due-b"), fresh_id("due-c"));
    let ours = |due: Vec<crate::Due>| -> Vec<(String, DateTime<Utc>)> {
        due.into_iter()
            .filter(|d| [&a, &b, &c].contains(&&d.competition))
            .map(|d| (d.competition, d.at))
            .collect()
    };
    for (id, h) in [(&a, 3), (&b, 1), (&c, 5)] {
        store
            .append(Append {
                due: DueChange::Set(t(h)),
                ..plain(id, 1, "created")
            })
            .await
            .unwrap();
    }
    assert_eq!(
        ours(store.due_before(t(3), 10_000).await.unwrap()),
        vec![(b.clone(), t(1)), (a.clone(), t(3))],
        "due at or before t, earliest first"
    );
    // Moving a's deadline replaces its entry; clearing b's removes it;
    // an append that leaves the deadline unchanged keeps c's.
    store
        .append(Append {
            due: DueChange::Set(t(7)),
            ..plain(&a, 2, "moved")
        })
        .await
        .unwrap();
    store
        .append(Append {
            due: DueChange::Clear,
            ..plain(&b, 2, "done")
        })
        .await
        .unwrap();
    store
        .append(plain(&c, 2, "nothing due changes"))
        .await
        .unwrap();
    assert_eq!(
        ours(store.due_before(t(10), 10_000).await.unwrap()),
        vec![(c.clone(), t(5)), (a.clone(), t(7))]
    );
    assert!(ours(store.due_before(t(4), 10_000).await.unwrap()).is_empty());
}

/// The earliest deadline of the index. Other checks may share the backend,
/// so this one's deadline is set before whatever is earliest already (and
/// before the 1990s of [`due_index_answers_before_t`]).
pub async fn next_due_is_the_earliest_deadline(store: &impl Store) {
    let before = store.next_due().await.unwrap();
    let floor = Utc.with_ymd_and_hms(1975, 1, 1, 0, 0, 0).unwrap();
    let mine = before.map_or(floor, |b| (b - Duration::hours(1)).min(floor));
    let x = fresh_id("next-due");
    store
        .append(Append {
            due: DueChange::Set(mine),
            ..plain(&x, 1, "created")
        })
        .await
        .unwrap();
    assert_eq!(store.next_due().await.unwrap(), Some(mine));
    // The same instant as due_before's first answer.
    assert_eq!(
        store
            .due_before(mine, 1)
            .await
            .unwrap()
            .first()
            .map(|d| d.at),
        Some(mine)
    );
    // Moving the deadline moves the answer; clearing it takes it away.
    let moved = mine + Duration::minutes(30);
    store
        .append(Append {
            due: DueChange::Set(moved),
            ..plain(&x, 2, "moved")
        })
        .await
        .unwrap();
    assert_eq!(store.next_due().await.unwrap(), Some(moved));
    store
        .append(Append {
            due: DueChange::Clear,
            ..plain(&x, 3, "done")
        })
        .await
        .unwrap();
    let after = store.next_due().await.unwrap();
    assert!(after.is_none_or(|t| t > moved), "{after:?}");
}

pub async fn members_index_lists_a_users_competitions(store: &impl Store) {
    let user = fresh_id("member");
    let other = fresh_id("member");
    let (x, y) = (fresh_id("comp-x"), fresh_id("comp-y"));
    store
        .append(Append {
            members_added: vec![user.clone()],
            ..plain(&y, 1, "created")
        })
        .await
        .unwrap();
    store
        .append(Append {
            members_added: vec![user.clone(), other.clone()],
            ..plain(&x, 1, "created")
        })
        .await
        .unwrap();
    // Adding a member twice is harmless.
    store
        .append(Append {
            members_added: vec![user.clone()],
            ..plain(&x, 2, "again")
        })
        .await
        .unwrap();
    let mut expected = vec![x.clone(), y.clone()];
    expected.sort();
    assert_eq!(store.competitions_of(&user).await.unwrap(), expected);
    assert_eq!(store.competitions_of(&other).await.unwrap(), vec![x]);
    assert!(store
        .competitions_of(&fresh_id("nobody"))
        .await
        .unwrap()
        .is_empty());
}

/// 8 writers append `total` commits to one competition at once, each
/// reloading and retrying on conflict, snapshotting every 10 commits as the
/// service does: every commit lands exactly once, versions are contiguous.
///
/// What is proved does not grow with `total`: each append is a race that a
/// writer wins or loses, and the suite checks that losers really lost
/// (conflicts are counted and must have happened), that nothing was lost or
/// duplicated, and reads the log back in pages of 64 so paging is crossed
/// whatever the size. A few hundred commits give thousands of lost races.
pub async fn concurrent_writers_lose_and_duplicate_nothing<S: Store + Clone>(
    store: &S,
    total: usize,
) {
    const WRITERS: usize = 8;
    let c = fresh_id("race");
    let per_writer = total / WRITERS;
    let mut tasks = Vec::new();
    for w in 0..WRITERS {
        let store = store.clone();
        let c = c.clone();
        tasks.push(tokio::spawn(async move {
            let mut conflicts = 0u64;
            for i in 0..per_writer {
                let body = format!("{w}:{i}");
                loop {
                    let version = store.load(&c).await.unwrap().map_or(0, |l| l.version());
                    let mut a = plain(&c, version + 1, &body);
                    if (version + 1) % 10 == 0 {
                        a.snapshot = Some(Snapshot {
                            version: version + 1,
                            body: body.clone().into_bytes(),
                        });
                    }
                    match store.append(a).await {
                        Ok(()) => break,
                        Err(StoreError::Conflict) => conflicts += 1,
                        Err(e) => panic!("append failed: {e}"),
                    }
                }
            }
            conflicts
        }));
    }
    let mut conflicts = 0;
    for t in futures::future::join_all(tasks).await {
        conflicts += t.expect("writer task");
    }
    assert!(conflicts > 0, "the writers raced: some appends lost");
    let mut all = Vec::new();
    let mut after = 0;
    loop {
        let page = store.commits(&c, after, 64).await.unwrap();
        let Some(last) = page.last() else { break };
        after = last.version;
        all.extend(page);
    }
    let expected_total = per_writer * WRITERS;
    assert_eq!(all.len(), expected_total, "no commit lost");
    for (i, commit) in all.iter().enumerate() {
        assert_eq!(commit.version, i as u64 + 1, "versions are contiguous");
    }
    let bodies: BTreeSet<_> = all.iter().map(|c| c.body.clone()).collect();
    assert_eq!(bodies.len(), expected_total, "no commit duplicated");
    // And each writer's commits landed in the order it made them.
    for w in 0..WRITERS {
        let mine: Vec<usize> = all
            .iter()
            .filter_map(|c| {
                let s = String::from_utf8(c.body.clone()).unwrap();
                let (who, i) = s.split_once(':').unwrap();
                (who == w.to_string()).then(|| i.parse().unwrap())
            })
            .collect();
        assert_eq!(mine, (0..per_writer).collect::<Vec<_>>());
    }
    assert_eq!(
        store.load(&c).await.unwrap().unwrap().version(),
        expected_total as u64
    );
}

fn subscription(id: &str, body: &str) -> SubscriptionRecord {
    SubscriptionRecord {
        id: id.to_owned(),
        body: body.as_bytes().to_vec(),
    }
}

fn dead_letter(competition: &str, id: &str, hour: u32, body: &str) -> DeadLetterRecord {
    DeadLetterRecord {
        competition: competition.to_owned(),
        at: at(hour),
        id: id.to_owned(),
        body: body.as_bytes().to_vec(),
    }
}

pub async fn subscriptions_are_put_replaced_listed_and_deleted(store: &impl NotifyStore) {
    let (c, other) = (fresh_id("subs"), fresh_id("subs-other"));
    assert!(store.subscriptions(&c).await.unwrap().is_empty());
    for (id, body) in [("s2", "two"), ("s1", "one"), ("s3", "three")] {
        store
            .put_subscription(&c, id, body.as_bytes().to_vec())
            .await
            .unwrap();
    }
    store
        .put_subscription(&other, "s1", b"elsewhere".to_vec())
        .await
        .unwrap();
    // Putting an id again replaces its body.
    store
        .put_subscription(&c, "s2", b"two again".to_vec())
        .await
        .unwrap();
    assert_eq!(
        store.subscriptions(&c).await.unwrap(),
        vec![
            subscription("s1", "one"),
            subscription("s2", "two again"),
            subscription("s3", "three")
        ],
        "in id order, replaced in place"
    );
    assert!(store.delete_subscription(&c, "s1").await.unwrap());
    assert!(!store.delete_subscription(&c, "s1").await.unwrap(), "gone");
    assert!(!store.delete_subscription(&c, "never").await.unwrap());
    assert_eq!(
        store.subscriptions(&c).await.unwrap(),
        vec![subscription("s2", "two again"), subscription("s3", "three")]
    );
    // The other competition's subscription of the same id is its own.
    assert_eq!(
        store.subscriptions(&other).await.unwrap(),
        vec![subscription("s1", "elsewhere")]
    );
}

pub async fn claims_hold_for_their_window(store: &impl NotifyStore) {
    let k = fresh_id("claim");
    let window = Duration::hours(1);
    let t0 = at(8);
    assert!(store.claim(&k, t0, window).await.unwrap(), "free");
    assert!(
        !store
            .claim(&k, t0 + Duration::minutes(30), window)
            .await
            .unwrap(),
        "claimed within the window"
    );
    assert!(
        !store
            .claim(&k, t0 + window - Duration::milliseconds(1), window)
            .await
            .unwrap(),
        "a moment before the window ends"
    );
    // At least `window` old: lapsed, and the new claim starts a new window.
    let t1 = t0 + window;
    assert!(store.claim(&k, t1, window).await.unwrap(), "window over");
    assert!(!store
        .claim(&k, t1 + Duration::minutes(1), window)
        .await
        .unwrap());
    // Released after a failed delivery: the next claim wins at once.
    store.release(&k).await.unwrap();
    assert!(store
        .claim(&k, t1 + Duration::minutes(2), window)
        .await
        .unwrap());
    // Releasing a key nobody claimed is harmless; keys are independent.
    store.release(&fresh_id("claim-none")).await.unwrap();
    assert!(store
        .claim(&fresh_id("claim-other"), t1, window)
        .await
        .unwrap());
    // Keys up to 1 KB are fine, longer ones are refused.
    let long = format!("{k}-{}", "x".repeat(crate::MAX_CLAIM_KEY_BYTES));
    let longest = &long[..crate::MAX_CLAIM_KEY_BYTES];
    assert!(store.claim(longest, t0, window).await.unwrap());
    assert!(!store.claim(longest, t0, window).await.unwrap());
    assert!(matches!(
        store.claim(&long, t0, window).await,
        Err(StoreError::Invalid(_))
    ));
}

/// 16 tasks claim one free key at once: exactly one wins.
pub async fn concurrent_claims_have_one_winner<S: NotifyStore + Clone>(store: &S) {
    const CLAIMERS: usize = 16;
    let k = fresh_id("claim-race");
    let tasks: Vec<_> = (0..CLAIMERS)
        .map(|_| {
            let store = store.clone();
            let k = k.clone();
            tokio::spawn(async move { store.claim(&k, at(9), Duration::hours(1)).await })
        })
        .collect();
    let mut wins = 0;
    for t in futures::future::join_all(tasks).await {
        if t.expect("claim task").expect("claim") {
            wins += 1;
        }
    }
    assert_eq!(wins, 1, "exactly one of {CLAIMERS} concurrent claims wins");
}

pub async fn dead_letters_come_newest_first(store: &impl NotifyStore) {
    let (c, other) = (fresh_id("dead"), fresh_id("dead-other"));
    assert!(store.dead_letters(&c, 10).await.unwrap().is_empty());
    for letter in [
        dead_letter(&c, "m-b", 2, "b"),
        dead_letter(&c, "m-a", 1, "a"),
        dead_letter(&c, "m-c", 3, "c"),
        dead_letter(&other, "m-a", 4, "elsewhere"),
    ] {
        store.put_dead_letter(letter).await.unwrap();
    }
    assert_eq!(
        store.dead_letters(&c, 10).await.unwrap(),
        vec![
            dead_letter(&c, "m-c", 3, "c"),
            dead_letter(&c, "m-b", 2, "b"),
            dead_letter(&c, "m-a", 1, "a"),
        ]
    );
    assert_eq!(
        store.dead_letters(&c, 2).await.unwrap(),
        vec![
            dead_letter(&c, "m-c", 3, "c"),
            dead_letter(&c, "m-b", 2, "b")
        ],
        "limit honoured"
    );
    // The same message again (it failed once more) replaces the first.
    store
        .put_dead_letter(dead_letter(&c, "m-a", 5, "a again"))
        .await
        .unwrap();
    assert_eq!(
        store.dead_letters(&c, 10).await.unwrap(),
        vec![
            dead_letter(&c, "m-a", 5, "a again"),
            dead_letter(&c, "m-c", 3, "c"),
            dead_letter(&c, "m-b", 2, "b"),
        ]
    );
    assert_eq!(
        store.dead_letters(&other, 10).await.unwrap(),
        vec![dead_letter(&other, "m-a", 4, "elsewhere")]
    );
}

/// Subscriptions and dead letters live beside a competition's log (in
/// DynamoDB, in its partition): a load and the audit log see the commits
/// and the snapshot exactly, and nothing else.
pub async fn notifier_items_stay_out_of_the_log<S: Store + NotifyStore>(store: &S) {
    let c = fresh_id("beside");
    // Before the first commit: a competition with only notifier items has no log.
    store
        .put_subscription(&c, "early", b"sub".to_vec())
        .await
        .unwrap();
    store
        .put_dead_letter(dead_letter(&c, "early", 1, "dead"))
        .await
        .unwrap();
    assert_eq!(store.load(&c).await.unwrap(), None);
    assert!(store.commits(&c, 0, 100).await.unwrap().is_empty());
    for v in 1..=5u64 {
        let mut a = plain(&c, v, &format!("c{v}"));
        if v == 2 {
            a.snapshot = Some(Snapshot {
                version: 2,
                body: b"after 2".to_vec(),
            });
        }
        store.append(a).await.unwrap();
        let id = format!("s{v}");
        store
            .put_subscription(&c, &id, b"sub".to_vec())
            .await
            .unwrap();
        store
            .put_dead_letter(dead_letter(&c, &id, 2, "dead"))
            .await
            .unwrap();
    }
    let loaded = store.load(&c).await.unwrap().unwrap();
    assert_eq!(
        loaded.snapshot,
        Some(Snapshot {
            version: 2,
            body: b"after 2".to_vec()
        })
    );
    assert_eq!(
        loaded.commits,
        vec![commit(3, "c3"), commit(4, "c4"), commit(5, "c5")]
    );
    let all = store.commits(&c, 0, 100).await.unwrap();
    assert_eq!(
        all,
        (1..=5u64)
            .map(|v| commit(v, &format!("c{v}")))
            .collect::<Vec<_>>()
    );
    assert_eq!(
        store.commits(&c, 1, 2).await.unwrap(),
        vec![commit(2, "c2"), commit(3, "c3")]
    );
    assert!(store.commits(&c, 5, 10).await.unwrap().is_empty());
    assert_eq!(store.subscriptions(&c).await.unwrap().len(), 6);
    assert_eq!(store.dead_letters(&c, 100).await.unwrap().len(), 6);
    // The next append is still exactly version 6.
    assert_eq!(
        store.append(plain(&c, 5, "stale")).await,
        Err(StoreError::Conflict)
    );
    store.append(plain(&c, 6, "c6")).await.unwrap();
    assert_eq!(store.load(&c).await.unwrap().unwrap().version(), 6);
}

/// The notifier's calls refuse what the adapters could not store alike.
pub async fn notifier_refuses_bad_competition_ids(store: &impl NotifyStore) {
    for bad in ["", "a#b"] {
        assert!(matches!(
            store.put_subscription(bad, "s", vec![]).await,
            Err(StoreError::Invalid(_))
        ));
        assert!(matches!(
            store.subscriptions(bad).await,
            Err(StoreError::Invalid(_))
        ));
        assert!(matches!(
            store.put_dead_letter(dead_letter(bad, "m", 1, "x")).await,
            Err(StoreError::Invalid(_))
        ));
    }
    assert!(matches!(
        store.claim("", at(1), Duration::hours(1)).await,
        Err(StoreError::Invalid(_))
    ));
}

/// Generates the suite as `#[tokio::test]` functions. `$make` is an async
/// block that yields a store; `$race` is how many commits the concurrency
/// check appends (the embedded store's tests append 1,000; a few hundred
/// already give thousands of lost races, see
/// [`concurrent_writers_lose_and_duplicate_nothing`]).
#[macro_export]
macro_rules! conformance_tests {
    ($make:expr, $race:expr) => {
        #[tokio::test]
        async fn conformance_append_and_load() {
            $crate::conformance::append_and_load(&$make.await).await;
        }
        #[tokio::test]
        async fn conformance_conflicting_append_is_refused_and_writes_nothing() {
            $crate::conformance::conflicting_append_is_refused_and_writes_nothing(&$make.await)
                .await;
        }
        #[tokio::test]
        async fn conformance_malformed_append_is_invalid() {
            $crate::conformance::malformed_append_is_invalid(&$make.await).await;
        }
        #[tokio::test]
        async fn conformance_load_starts_at_latest_snapshot() {
            $crate::conformance::load_starts_at_latest_snapshot(&$make.await).await;
        }
        #[tokio::test]
        async fn conformance_large_snapshot_is_read_back_whole() {
            $crate::conformance::large_snapshot_is_read_back_whole(&$make.await).await;
        }
        #[tokio::test]
        async fn conformance_commits_page_in_order() {
            $crate::conformance::commits_page_in_order(&$make.await).await;
        }
        #[tokio::test]
        async fn conformance_due_index_answers_before_t() {
            $crate::conformance::due_index_answers_before_t(&$make.await).await;
        }
        #[tokio::test]
        async fn conformance_next_due_is_the_earliest_deadline() {
            $crate::conformance::next_due_is_the_earliest_deadline(&$make.await).await;
        }
        #[tokio::test]
        async fn conformance_members_index_lists_a_users_competitions() {
            $crate::conformance::members_index_lists_a_users_competitions(&$make.await).await;
        }
        #[tokio::test]
        async fn conformance_receipts_are_kept_with_their_commit_for_their_window() {
            $crate::conformance::receipts_are_kept_with_their_commit_for_their_window(&$make.await)
                .await;
        }
        #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
        async fn conformance_concurrent_writers_lose_and_duplicate_nothing() {
            $crate::conformance::concurrent_writers_lose_and_duplicate_nothing(&$make.await, $race)
                .await;
        }
    };
}

/// Generates the [`NotifyStore`] checks as `#[tokio::test]` functions, for an
/// adapter that is a [`Store`] too. `$make` is as for
/// [`conformance_tests!`](crate::conformance_tests).
#[macro_export]
macro_rules! notify_conformance_tests {
    ($make:expr) => {
        #[tokio::test]
        async fn conformance_subscriptions_are_put_replaced_listed_and_deleted() {
            $crate::conformance::subscriptions_are_put_replaced_listed_and_deleted(&$make.await)
                .await;
        }
        #[tokio::test]
        async fn conformance_claims_hold_for_their_window() {
            $crate::conformance::claims_hold_for_their_window(&$make.await).await;
        }
        #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
        async fn conformance_concurrent_claims_have_one_winner() {
            $crate::conformance::concurrent_claims_have_one_winner(&$make.await).await;
        }
        #[tokio::test]
        async fn conformance_dead_letters_come_newest_first() {
            $crate::conformance::dead_letters_come_newest_first(&$make.await).await;
        }
        #[tokio::test]
        async fn conformance_notifier_items_stay_out_of_the_log() {
            $crate::conformance::notifier_items_stay_out_of_the_log(&$make.await).await;
        }
        #[tokio::test]
        async fn conformance_notifier_refuses_bad_competition_ids() {
            $crate::conformance::notifier_refuses_bad_competition_ids(&$make.await).await;
        }
    };
}
