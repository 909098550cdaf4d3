//! The conformance suite on the embedded (redb) adapter.

use arbiter_store::conformance::{fresh_id, plain};
use arbiter_store::{EmbeddedStore, FeedEntry, NotifyStore, OpenBackend, Store, StoreError};
use redb::StorageBackend;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

fn open() -> EmbeddedStore {
    // Each test gets its own file; the directory is removed when the process ends.
    let dir = tempfile::tempdir().expect("temp dir").keep();
    EmbeddedStore::open(dir.join("arbiter.redb")).expect("open store")
}

arbiter_store::conformance_tests!(async { open() }, 1000);
arbiter_store::notify_conformance_tests!(async { open() });

#[tokio::test]
async fn embedded_store_is_durable_across_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("arbiter.redb");
    {
        let store = EmbeddedStore::open(&path).unwrap();
        store.append(plain("club", 1, "created")).await.unwrap();
    }
    // Dropping the last handle released the file.
    let store = EmbeddedStore::open(&path).expect("reopen");
    let loaded = store.load("club").await.unwrap().unwrap();
    assert_eq!(loaded.commits.len(), 1);
    assert_eq!(loaded.commits[0].body, b"created");
}

/// Every feed entry, read page by page as a follower does.
async fn whole_feed(store: &EmbeddedStore) -> Vec<FeedEntry> {
    let mut all = Vec::new();
    loop {
        let page = store
            .feed(all.last().map_or(0, |e: &FeedEntry| e.seq), 7)
            .await
            .unwrap();
        if page.is_empty() {
            return all;
        }
        all.extend(page);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn feed_numbers_concurrent_commits_without_gaps() {
    const COMPETITIONS: usize = 4;
    const WRITERS_EACH: usize = 2;
    const COMMITS_EACH: usize = 20;
    let store = open();
    assert_eq!(store.feed_end().await.unwrap(), 0);
    assert!(store.feed(0, 10).await.unwrap().is_empty());
    let ids: Vec<String> = (0..COMPETITIONS).map(|_| fresh_id("feed")).collect();
    // Two writers per competition, so conflicts happen: a refused append
    // takes no number.
    let mut tasks = Vec::new();
    for c in &ids {
        for w in 0..WRITERS_EACH {
            let (store, c) = (store.clone(), c.clone());
            tasks.push(tokio::spawn(async move {
                for i in 0..COMMITS_EACH / WRITERS_EACH {
                    loop {
                        let v = store.load(&c).await.unwrap().map_or(0, |l| l.version());
                        match store.append(plain(&c, v + 1, &format!("{w}:{i}"))).await {
                            Ok(()) => break,
                            Err(StoreError::Conflict) => continue,
                            Err(e) => panic!("append: {e}"),
                        }
                    }
                }
            }));
        }
    }
    for t in futures::future::join_all(tasks).await {
        t.unwrap();
    }
    let feed = whole_feed(&store).await;
    let total = COMPETITIONS * COMMITS_EACH;
    assert_eq!(
        feed.iter().map(|e| e.seq).collect::<Vec<_>>(),
        (1..=total as u64).collect::<Vec<_>>(),
        "numbered 1, 2, 3, … with no gap"
    );
    assert_eq!(store.feed_end().await.unwrap(), total as u64);
    // Each competition's commits appear exactly once, in version order.
    let mut seen: BTreeMap<&str, Vec<u64>> = BTreeMap::new();
    for e in &feed {
        seen.entry(e.competition.as_str())
            .or_default()
            .push(e.version);
    }
    for c in &ids {
        let versions = store
            .commits(c, 0, 1000)
            .await
            .unwrap()
            .iter()
            .map(|c| c.version)
            .collect::<Vec<_>>();
        assert_eq!(versions, (1..=COMMITS_EACH as u64).collect::<Vec<_>>());
        assert_eq!(seen.remove(c.as_str()), Some(versions), "feed of {c}");
    }
    assert!(seen.is_empty(), "nothing but these commits");
    // A follower at the end sees nothing until the next commit, then only it.
    let end = store.feed_end().await.unwrap();
    assert!(store.feed(end, 10).await.unwrap().is_empty());
    assert!(store.feed(u64::MAX, 10).await.unwrap().is_empty());
    store
        .append(plain(&ids[0], COMMITS_EACH as u64 + 1, "last"))
        .await
        .unwrap();
    assert_eq!(
        store.feed(end, 10).await.unwrap(),
        vec![FeedEntry {
            seq: end + 1,
            competition: ids[0].clone(),
            version: COMMITS_EACH as u64 + 1
        }]
    );
}

#[tokio::test]
async fn feed_continues_across_reopen_and_ignores_notifier_writes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("arbiter.redb");
    {
        let store = EmbeddedStore::open(&path).unwrap();
        store.append(plain("club", 1, "created")).await.unwrap();
        store
            .put_subscription("club", "s", b"sub".to_vec())
            .await
            .unwrap();
        let t = chrono::Utc::now();
        assert!(store
            .claim("club/m1/s", t, chrono::Duration::hours(1))
            .await
            .unwrap());
        // Refused: no number taken.
        assert_eq!(
            store.append(plain("club", 1, "again")).await,
            Err(StoreError::Conflict)
        );
        store.append(plain("club", 2, "second")).await.unwrap();
        assert_eq!(store.feed_end().await.unwrap(), 2);
    }
    let store = EmbeddedStore::open(&path).unwrap();
    store.append(plain("other", 1, "created")).await.unwrap();
    let feed = store.feed(0, 10).await.unwrap();
    let entries: Vec<_> = feed
        .iter()
        .map(|e| (e.seq, e.competition.as_str(), e.version))
        .collect();
    assert_eq!(
        entries,
        vec![(1, "club", 1), (2, "club", 2), (3, "other", 1)]
    );
    assert_eq!(store.feed(1, 1).await.unwrap()[0].seq, 2, "limit honoured");
    // The notifier's data survived the reopen too.
    assert_eq!(store.subscriptions("club").await.unwrap().len(), 1);
    assert!(!store
        .claim("club/m1/s", chrono::Utc::now(), chrono::Duration::hours(1))
        .await
        .unwrap());
}

/// The store's file, whose writes fail while `full` is set: a full disk.
#[derive(Debug)]
struct Disk {
    file: redb::backends::FileBackend,
    full: Arc<AtomicBool>,
}

impl Disk {
    fn room(&self) -> std::io::Result<()> {
        if self.full.load(Ordering::SeqCst) {
            return Err(std::io::Error::new(
                std::io::ErrorKind::StorageFull,
                "No space left on device",
            ));
        }
        Ok(())
    }
}

impl StorageBackend for Disk {
    fn len(&self) -> std::io::Result<u64> {
        self.file.len()
    }
    fn read(&self, offset: u64, len: usize) -> std::io::Result<Vec<u8>> {
        self.file.read(offset, len)
    }
    fn set_len(&self, len: u64) -> std::io::Result<()> {
        self.room()?;
        self.file.set_len(len)
    }
    fn sync_data(&self, eventual: bool) -> std::io::Result<()> {
        self.room()?;
        self.file.sync_data(eventual)
    }
    fn write(&self, offset: u64, data: &[u8]) -> std::io::Result<()> {
        self.room()?;
        self.file.write(offset, data)
    }
}

/// The store's file at `path` on a [`Disk`] that is full while `full` is set.
fn disk_at(path: &std::path::Path, full: &Arc<AtomicBool>) -> OpenBackend {
    let (path, full) = (path.to_owned(), Arc::clone(full));
    Arc::new(move || {
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)?;
        let file = redb::backends::FileBackend::new(file).map_err(std::io::Error::other)?;
        Ok(Box::new(Disk {
            file,
            full: Arc::clone(&full),
        }) as Box<dyn StorageBackend>)
    })
}

/// After a full disk the store must not stay failed ("Previous I/O error
/// occurred", a 503 to every request) until the server restarts: reads go on
/// while the disk is full, writes resume once space is free, and nothing
/// acknowledged is lost.
#[tokio::test]
async fn after_a_full_disk_writes_resume_once_space_is_free() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("arbiter.redb");
    let full = Arc::new(AtomicBool::new(false));
    let open = disk_at(&path, &full);
    let store = EmbeddedStore::open_with(open).expect("open");
    store.append(plain("club", 1, "created")).await.unwrap();

    full.store(true, Ordering::SeqCst);
    let refused = store.append(plain("club", 2, "joined")).await;
    assert!(
        matches!(refused, Err(StoreError::Unavailable(_))),
        "{refused:?}"
    );
    let loaded = store.load("club").await.expect("reads go on").unwrap();
    assert_eq!(loaded.commits.len(), 1, "the acknowledged commit is there");

    full.store(false, Ordering::SeqCst);
    store
        .append(plain("club", 2, "joined"))
        .await
        .expect("writes resume once space is free");
    let loaded = store.load("club").await.unwrap().unwrap();
    let bodies: Vec<&[u8]> = loaded.commits.iter().map(|c| c.body.as_slice()).collect();
    assert_eq!(bodies, [b"created".as_slice(), b"joined".as_slice()]);
    drop(store);
    let again = EmbeddedStore::open(&path).expect("the file opens clean");
    assert_eq!(again.load("club").await.unwrap().unwrap().commits.len(), 2);
}

/// A disk that stays full for several writes, is freed, fills again, and is
/// freed again: reads answer throughout, each write while full is refused
/// (and nothing of it lands), and writes resume each time space is free,
/// with no restart. The store checks for room before reopening its file.
#[tokio::test]
async fn a_disk_full_for_many_writes_then_freed_twice_keeps_reading_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("arbiter.redb");
    let full = Arc::new(AtomicBool::new(false));
    let open = disk_at(&path, &full);
    let room: arbiter_store::embedded::RoomProbe = {
        let full = Arc::clone(&full);
        Arc::new(move || {
            if full.load(Ordering::SeqCst) {
                Err(std::io::Error::new(
                    std::io::ErrorKind::StorageFull,
                    "No space left on device",
                ))
            } else {
                Ok(())
            }
        })
    };
    let store = EmbeddedStore::open_with_room(open, room).expect("open");
    store.append(plain("club", 1, "created")).await.unwrap();
    let mut version = 1;
    for round in 0..2 {
        full.store(true, Ordering::SeqCst);
        for _ in 0..6 {
            let refused = store.append(plain("club", version + 1, "joined")).await;
            assert!(
                matches!(refused, Err(StoreError::Unavailable(_))),
                "{refused:?}"
            );
            let loaded = store
                .load("club")
                .await
                .expect("reads go on while full")
                .unwrap();
            assert_eq!(
                loaded.commits.len() as u64,
                version,
                "round {round}: nothing landed"
            );
        }
        full.store(false, Ordering::SeqCst);
        store
            .append(plain("club", version + 1, "joined"))
            .await
            .expect("writes resume once space is free");
        version += 1;
        assert_eq!(
            store.load("club").await.unwrap().unwrap().commits.len() as u64,
            version
        );
    }
    drop(store);
    let again = EmbeddedStore::open(&path).expect("the file opens clean");
    assert_eq!(again.load("club").await.unwrap().unwrap().commits.len(), 3);
}
