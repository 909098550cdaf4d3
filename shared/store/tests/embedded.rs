//! The conformance suite on the embedded (redb) adapter.

use arbiter_store::EmbeddedStore;

fn open() -> EmbeddedStore {
    // Each test gets its own file; the directory is removed when the process ends.
    let dir = tempfile::tempdir().expect("temp dir").keep();
    EmbeddedStore::open(dir.join("arbiter.redb")).expect("open store")
}

arbiter_store::conformance_tests!(async { open() }, 1000);

#[tokio::test]
async fn embedded_store_is_durable_across_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("arbiter.redb");
    {
        let store = EmbeddedStore::open(&path).unwrap();
        use arbiter_store::Store;
        store
            .append(arbiter_store::conformance::plain("club", 1, "created"))
            .await
            .unwrap();
    }
    // Dropping the last handle released the file.
    let store = EmbeddedStore::open(&path).expect("reopen");
    use arbiter_store::Store;
    let loaded = store.load("club").await.unwrap().unwrap();
    assert_eq!(loaded.commits.len(), 1);
    assert_eq!(loaded.commits[0].body, b"created");
}
