//! The command loop against the embedded store: retries, idempotency, crash
//! safety, snapshots, and the store-operation budget of a command.

use arbiter_domain::competition::{
    Actor, Command, CompetitionId, Context, Idempotency, Kind, Role, UserId,
};
use arbiter_domain::refusal::RefusalKind;
use arbiter_service::{Service, ServiceConfig, ServiceError};
use arbiter_store::{
    Append, CommitRecord, Counted, Due, EmbeddedStore, Loaded, Store, StoreError, Version,
};
use chrono::{DateTime, Utc};

fn store() -> EmbeddedStore {
    let dir = tempfile::tempdir().unwrap().keep();
    EmbeddedStore::open(dir.join("test.redb")).unwrap()
}

fn user(s: &str) -> UserId {
    UserId::try_from(s).unwrap()
}

fn id(s: &str) -> CompetitionId {
    CompetitionId::try_from(s).unwrap()
}

fn now() -> DateTime<Utc> {
    "2026-11-21T10:00:00Z".parse().unwrap()
}

fn ctx(who: &str) -> Context {
    Context {
        actor: Actor::User(user(who)),
        may_organize: true,
        now: now(),
    }
}

fn create() -> Command {
    Command::Create {
        kind: Kind::Nomic,
        name: "Lunchtime Nomic".into(),
    }
}

fn grant(who: &str) -> Command {
    Command::GrantRole {
        user: user(who),
        role: Role::Player,
    }
}

#[tokio::test]
async fn create_grant_and_load() {
    let svc = Service::new(store());
    let c = id("nomic-1");
    let r = svc.execute(&c, &create(), &ctx("ann"), None).await.unwrap();
    assert_eq!(r.version, 1);
    svc.execute(&c, &grant("bob"), &ctx("ann"), None)
        .await
        .unwrap();
    let state = svc.load(&c).await.unwrap().unwrap();
    assert_eq!(state.version, 2);
    assert!(state.has_role(&user("bob"), Role::Player));
    assert_eq!(
        svc.competitions_of(&user("bob")).await.unwrap(),
        vec![c.clone()]
    );
    let log = svc.log(&c, 0, 10).await.unwrap();
    assert_eq!(log.len(), 2);
    assert_eq!(log[1].command, "grant-role");
    assert_eq!(log[1].actor, Actor::User(user("ann")));
}

#[tokio::test]
async fn a_refusal_changes_nothing() {
    let svc = Service::new(store());
    let c = id("nomic-2");
    svc.execute(&c, &create(), &ctx("ann"), None).await.unwrap();
    let err = svc
        .execute(&c, &grant("cat"), &ctx("bob"), None)
        .await
        .unwrap_err();
    assert!(matches!(err, ServiceError::Refused(ref r) if r.kind == RefusalKind::Forbidden));
    assert_eq!(svc.load(&c).await.unwrap().unwrap().version, 1);
    assert!(svc.competitions_of(&user("cat")).await.unwrap().is_empty());
}

#[tokio::test]
async fn idempotency_key_replays_the_first_receipt() {
    let svc = Service::new(store());
    let c = id("nomic-3");
    svc.execute(&c, &create(), &ctx("ann"), None).await.unwrap();
    let idem = Idempotency {
        key: "retry-me".into(),
        request_digest: "digest-a".into(),
    };
    let first = svc
        .execute(&c, &grant("bob"), &ctx("ann"), Some(idem.clone()))
        .await
        .unwrap();
    // The client lost the answer and retries: same receipt, no new commit,
    // even though deciding again would now be a conflict (bob already plays).
    let again = svc
        .execute(&c, &grant("bob"), &ctx("ann"), Some(idem.clone()))
        .await
        .unwrap();
    assert_eq!(first, again);
    assert_eq!(svc.load(&c).await.unwrap().unwrap().version, 2);
    // The same key for another request is refused.
    let other = Idempotency {
        request_digest: "digest-b".into(),
        ..idem
    };
    let err = svc
        .execute(&c, &grant("cat"), &ctx("ann"), Some(other))
        .await
        .unwrap_err();
    assert!(matches!(err, ServiceError::Refused(ref r) if r.kind == RefusalKind::Invalid));
}

/// Idempotency holds however busy the competition is: the state used to
/// remember the last 256 keys of all its users, so 300 keyed commands
/// retried afterwards committed again. Each (user, key) is now kept in the
/// store for 24 hours: 300 commands, each retried once in order and once
/// beside a fresh command, commit 300 times; a key is the user's own (the
/// same key from another user is another request); after 24 hours the key
/// is free again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idempotency_keys_are_kept_per_user_whatever_the_traffic() {
    let svc = Service::new(store());
    let c = id("nomic-busy");
    svc.execute(&c, &create(), &ctx("ann"), None).await.unwrap();
    let idem = |i: usize| Idempotency {
        key: format!("key-{i}"),
        request_digest: format!("grant p{i}"),
    };
    let mut first = Vec::new();
    for i in 0..300 {
        let r = svc
            .execute(&c, &grant(&format!("p{i}")), &ctx("ann"), Some(idem(i)))
            .await
            .unwrap();
        first.push(r);
    }
    assert_eq!(svc.load(&c).await.unwrap().unwrap().version, 301);
    for (i, receipt) in first.iter().enumerate() {
        let again = svc
            .execute(&c, &grant(&format!("p{i}")), &ctx("ann"), Some(idem(i)))
            .await
            .unwrap();
        assert_eq!(&again, receipt, "retry of key-{i}");
    }
    // Retries racing one another and fresh commands.
    let tasks: Vec<_> = (0..40)
        .map(|i| {
            let svc = svc.clone();
            let c = c.clone();
            tokio::spawn(async move {
                let (again, new, ann) =
                    (grant(&format!("p{i}")), grant(&format!("q{i}")), ctx("ann"));
                let retry = svc.execute(&c, &again, &ann, Some(idem(i)));
                let fresh = svc.execute(&c, &new, &ann, None);
                let (retry, fresh) = tokio::join!(retry, fresh);
                (retry.unwrap(), fresh.unwrap())
            })
        })
        .collect();
    for (i, t) in tasks.into_iter().enumerate() {
        let (retry, _) = t.await.unwrap();
        assert_eq!(retry, first[i], "racing retry of key-{i}");
    }
    // 300 keyed commands and 40 fresh ones: nothing committed twice.
    assert_eq!(svc.load(&c).await.unwrap().unwrap().version, 341);
    // Another user's key-0 is another request.
    let bob = svc
        .execute(&c, &grant("r0"), &ctx("bob"), Some(idem(0)))
        .await;
    assert!(
        bob.is_err(),
        "bob is no organizer: his own request was decided"
    );
    // A day later the key answers a new request.
    let later = Context {
        now: now() + chrono::Duration::hours(24),
        ..ctx("ann")
    };
    let reused = svc
        .execute(
            &c,
            &grant("late"),
            &later,
            Some(Idempotency {
                key: "key-0".into(),
                request_digest: "grant late".into(),
            }),
        )
        .await
        .unwrap();
    assert_eq!(reused.version, 342);
}

#[tokio::test]
async fn snapshots_give_the_same_state_as_folding_the_log() {
    let snapshotting = Service::with_config(
        store(),
        ServiceConfig {
            snapshot_every: 4,
            max_attempts: 8,
        },
    );
    let folding = Service::with_config(
        snapshotting.store().clone(),
        ServiceConfig {
            snapshot_every: u64::MAX,
            max_attempts: 8,
        },
    );
    let c = id("nomic-4");
    snapshotting
        .execute(&c, &create(), &ctx("ann"), None)
        .await
        .unwrap();
    for i in 0..10 {
        snapshotting
            .execute(&c, &grant(&format!("p{i}")), &ctx("ann"), None)
            .await
            .unwrap();
    }
    let loaded = snapshotting
        .store()
        .load(c.as_str())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(loaded.snapshot.as_ref().map(|s| s.version), Some(8));
    assert_eq!(
        loaded.commits.len(),
        3,
        "commits 9, 10, 11 follow the snapshot"
    );
    let via_snapshot = snapshotting.load(&c).await.unwrap().unwrap();
    let mut via_log = None;
    for record in folding.store().commits(c.as_str(), 0, 100).await.unwrap() {
        let commit = serde_json::from_slice(&record.body).unwrap();
        via_log = Some(arbiter_domain::competition::apply(via_log, &c, &commit));
    }
    assert_eq!(Some(&*via_snapshot), via_log.as_ref());
}

#[tokio::test]
async fn one_load_and_one_conditional_write_per_command() {
    let counted = Counted::new(store());
    let svc = Service::new(counted.clone());
    let c = id("nomic-5");
    svc.execute(&c, &create(), &ctx("ann"), None).await.unwrap();
    let before = counted.counts();
    svc.execute(&c, &grant("bob"), &ctx("ann"), None)
        .await
        .unwrap();
    let after = counted.counts();
    // The state the first command left is remembered: the second reads only
    // the commits after it (none), in one request, then appends once.
    assert_eq!(after.loads, before.loads);
    assert_eq!(after.reads - before.reads, 1);
    assert_eq!(after.appends - before.appends, 1);
}

#[tokio::test]
async fn a_remembered_state_sees_what_another_process_appended() {
    // Two services over one store, as two Lambda containers share a table.
    let shared = store();
    let (a, b) = (Service::new(shared.clone()), Service::new(shared));
    let c = id("nomic-7");
    a.execute(&c, &create(), &ctx("ann"), None).await.unwrap();
    assert_eq!(a.load(&c).await.unwrap().unwrap().version, 1);
    b.execute(&c, &grant("bob"), &ctx("ann"), None)
        .await
        .unwrap();
    let seen = a.load(&c).await.unwrap().unwrap();
    assert_eq!(seen.version, 2);
    assert!(seen.has_role(&user("bob"), Role::Player));
    // A writes on top of B's commit, not on its stale memory of version 1.
    let r = a
        .execute(&c, &grant("cat"), &ctx("ann"), None)
        .await
        .unwrap();
    assert_eq!(r.version, 3);
    let via_b = b.load(&c).await.unwrap().unwrap();
    assert!(via_b.has_role(&user("cat"), Role::Player));
    assert!(via_b.has_role(&user("bob"), Role::Player));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn racing_writers_are_retried_and_all_land() {
    let svc = Service::new(store());
    let c = id("nomic-6");
    svc.execute(&c, &create(), &ctx("ann"), None).await.unwrap();
    let tasks: Vec<_> = (0..16)
        .map(|i| {
            let svc = svc.clone();
            let c = c.clone();
            tokio::spawn(async move {
                svc.execute(&c, &grant(&format!("p{i}")), &ctx("ann"), None)
                    .await
            })
        })
        .collect();
    for t in tasks {
        t.await.unwrap().unwrap();
    }
    let state = svc.load(&c).await.unwrap().unwrap();
    assert_eq!(state.version, 17);
    assert_eq!(state.holders(Role::Player).count(), 16);
}

/// A store whose appends fail as if the process died between deciding and
/// writing (or the network dropped the write).
#[derive(Clone)]
struct CrashingAppends(EmbeddedStore);

impl Store for CrashingAppends {
    async fn load(&self, c: &str) -> Result<Option<Loaded>, StoreError> {
        self.0.load(c).await
    }
    async fn append(&self, _a: Append) -> Result<(), StoreError> {
        Err(StoreError::Unavailable("crashed before the write".into()))
    }
    async fn commits(
        &self,
        c: &str,
        after: Version,
        limit: usize,
    ) -> Result<Vec<CommitRecord>, StoreError> {
        self.0.commits(c, after, limit).await
    }
    async fn due_before(&self, t: DateTime<Utc>, limit: usize) -> Result<Vec<Due>, StoreError> {
        self.0.due_before(t, limit).await
    }
    async fn next_due(&self) -> Result<Option<DateTime<Utc>>, StoreError> {
        self.0.next_due().await
    }

    async fn competitions_of(&self, u: &str) -> Result<Vec<String>, StoreError> {
        self.0.competitions_of(u).await
    }
    async fn receipt(
        &self,
        c: &str,
        id: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<Vec<u8>>, StoreError> {
        self.0.receipt(c, id, now).await
    }
}

#[tokio::test]
async fn a_crash_between_decide_and_append_leaves_no_partial_state() {
    let healthy = Service::new(store());
    let c = id("nomic-7");
    healthy
        .execute(&c, &create(), &ctx("ann"), None)
        .await
        .unwrap();
    let crashing = Service::new(CrashingAppends(healthy.store().clone()));
    let err = crashing
        .execute(&c, &grant("bob"), &ctx("ann"), None)
        .await
        .unwrap_err();
    assert!(matches!(
        err,
        ServiceError::Store(StoreError::Unavailable(_))
    ));
    let state = healthy.load(&c).await.unwrap().unwrap();
    assert_eq!(state.version, 1);
    assert!(!state.has_role(&user("bob"), Role::Player));
    assert!(healthy
        .competitions_of(&user("bob"))
        .await
        .unwrap()
        .is_empty());
    // And the same command succeeds once the store is back.
    healthy
        .execute(&c, &grant("bob"), &ctx("ann"), None)
        .await
        .unwrap();
    assert_eq!(healthy.load(&c).await.unwrap().unwrap().version, 2);
}

#[tokio::test]
async fn a_sweep_that_finds_nothing_due_writes_nothing_and_can_run_twice() {
    let svc = Service::new(store());
    let c = id("nomic-8");
    svc.execute(&c, &create(), &ctx("ann"), None).await.unwrap();
    // Put the competition in the deadline index the way a kind with a
    // deadline would, with a commit the domain accepts.
    let record = svc.store().commits(c.as_str(), 0, 1).await.unwrap();
    let mut commit: arbiter_domain::competition::Commit =
        serde_json::from_slice(&record[0].body).unwrap();
    commit.version = 2;
    commit.events = vec![arbiter_domain::competition::Recorded::new(
        arbiter_domain::competition::Event::RoleGranted {
            user: user("bob"),
            role: Role::Player,
        },
    )];
    svc.store()
        .append(Append {
            competition: c.as_str().into(),
            expected_version: 1,
            commit: CommitRecord {
                version: 2,
                body: serde_json::to_vec(&commit).unwrap(),
            },
            snapshot: None,
            members_added: vec![],
            due: arbiter_store::DueChange::Set(now()),
            receipt: None,
        })
        .await
        .unwrap();
    let first = svc.sweep("deadline-sweep", now()).await.unwrap();
    let second = svc.sweep("deadline-sweep", now()).await.unwrap();
    assert_eq!((first.due, first.changed, first.failed), (1, 0, 0));
    assert_eq!(first, second);
    assert_eq!(svc.load(&c).await.unwrap().unwrap().version, 2);
}

/// The notifier asks for the state right after an older commit when it replays a
/// batch or starts behind: it must be exactly the fold of the log up to there, not
/// the latest state.
#[tokio::test]
async fn state_at_is_the_fold_of_the_log_up_to_that_commit() {
    let service = Service::with_config(
        store(),
        ServiceConfig {
            snapshot_every: 4,
            max_attempts: 8,
        },
    );
    let c = id("nomic-5");
    service
        .execute(&c, &create(), &ctx("ann"), None)
        .await
        .unwrap();
    for i in 0..9 {
        service
            .execute(&c, &grant(&format!("p{i}")), &ctx("ann"), None)
            .await
            .unwrap();
    }
    assert_eq!(service.state_at(&c, 0).await.unwrap(), None);
    let mut folded = None;
    for record in service.store().commits(c.as_str(), 0, 100).await.unwrap() {
        let commit = serde_json::from_slice(&record.body).unwrap();
        folded = Some(arbiter_domain::competition::apply(folded, &c, &commit));
        let at = service.state_at(&c, record.version).await.unwrap();
        assert_eq!(at, folded, "state after commit {}", record.version);
    }
    // Version 10 is the latest; 11 does not exist.
    assert!(service.state_at(&c, 11).await.is_err());
}

/// With the default configuration a snapshot is written once the
/// commits since the last one hold as many stored bytes as it, and at least
/// 16 KB (16,384 bytes), not every so many commits: a small competition's
/// first snapshot comes with the first commit that brings the log to 16,384
/// bytes, and the snapshot after it only once the log since has grown as
/// large again.
#[tokio::test]
async fn a_snapshot_waits_for_as_many_bytes_of_log_as_it_holds() {
    let svc = Service::new(store());
    let c = id("nomic-bytes");
    svc.execute(&c, &create(), &ctx("ann"), None).await.unwrap();
    for i in 0..200 {
        svc.execute(&c, &grant(&format!("player-{i:04}")), &ctx("ann"), None)
            .await
            .unwrap();
    }
    let commits = svc.store().commits(c.as_str(), 0, 1000).await.unwrap();
    // Where the rule puts the snapshots, from the stored sizes: the first
    // version whose running total reaches 16,384 bytes; then the first
    // whose total since reaches that snapshot's size (or 16,384).
    let mut expected = vec![];
    let (mut since, mut threshold) = (0usize, 16_384usize);
    let mut snapshots = vec![];
    for record in &commits {
        since += record.body.len();
        if since >= threshold {
            expected.push(record.version);
            let loaded = arbiter_service::encode_snapshot(
                &svc.state_at(&c, record.version).await.unwrap().unwrap(),
            );
            threshold = loaded.body.len().max(16_384);
            since = 0;
            snapshots.push(loaded.body.len());
        }
    }
    assert!(
        !expected.is_empty(),
        "201 commits of a few hundred bytes pass 16 KB"
    );
    let loaded = svc.store().load(c.as_str()).await.unwrap().unwrap();
    assert_eq!(
        loaded.snapshot.as_ref().map(|s| s.version),
        expected.last().copied(),
        "the latest snapshot is where the byte count puts it; sizes {snapshots:?}"
    );
    assert_eq!(
        loaded.commits.len() as u64,
        201 - expected.last().unwrap(),
        "every later commit follows it"
    );
}
