//! Opening the file, and opening it again after an I/O error (see the
//! module documentation).

use super::*;

/// Opens the file's storage: [`FileBackend`](redb::backends::FileBackend)
/// on a path, or any other backend ([`EmbeddedStore::open_with`]).
pub type OpenBackend =
    Arc<dyn Fn() -> std::io::Result<Box<dyn StorageBackend>> + Send + Sync + 'static>;

/// Whether the storage can take writes again (see [`room_beside`]).
pub type RoomProbe = Arc<dyn Fn() -> std::io::Result<()> + Send + Sync + 'static>;

/// The bytes written beside the file to see whether writes would land: a
/// write transaction of a few pages needs about this much.
const ROOM_PROBE_BYTES: usize = 256 * 1024;

/// Whether the file system holding `path` takes a write again: a small file
/// beside it written, synced and removed. (The store's own file is locked
/// by the handle kept for reads, so it cannot be opened to try.)
pub(super) fn room_beside(path: &Path) -> std::io::Result<()> {
    use std::io::Write;
    let probe = path.with_extension("room");
    let written = std::fs::File::create(&probe).and_then(|mut f| {
        f.write_all(&[0u8; ROOM_PROBE_BYTES])?;
        f.sync_all()
    });
    let _ = std::fs::remove_file(&probe);
    written
}

/// A boxed backend, as redb takes one.
#[derive(Debug)]
struct Boxed(Box<dyn StorageBackend>);

impl StorageBackend for Boxed {
    fn len(&self) -> std::io::Result<u64> {
        self.0.len()
    }
    fn read(&self, offset: u64, len: usize) -> std::io::Result<Vec<u8>> {
        self.0.read(offset, len)
    }
    fn set_len(&self, len: u64) -> std::io::Result<()> {
        self.0.set_len(len)
    }
    fn sync_data(&self, eventual: bool) -> std::io::Result<()> {
        self.0.sync_data(eventual)
    }
    fn write(&self, offset: u64, data: &[u8]) -> std::io::Result<()> {
        self.0.write(offset, data)
    }
}

/// The file at `path` as redb's own file backend opens it (locked).
pub(super) fn file_backend(path: &Path) -> std::io::Result<Box<dyn StorageBackend>> {
    let file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)?;
    let backend = redb::backends::FileBackend::new(file).map_err(std::io::Error::other)?;
    Ok(Box::new(backend))
}

/// Opens the database on a fresh backend, every table created.
pub(super) fn open_database(open: &OpenBackend) -> Result<Database, StoreError> {
    let backend = open().map_err(unavailable)?;
    let db = Database::builder()
        .create_with_backend(Boxed(backend))
        .map_err(unavailable)?;
    let txn = db.begin_write().map_err(unavailable)?;
    {
        // Every table exists from the start, so readers never meet a
        // missing one (a file made by an older version gains the new ones).
        txn.open_table(COMMITS).map_err(unavailable)?;
        txn.open_table(SNAPSHOTS).map_err(unavailable)?;
        txn.open_table(MEMBERS).map_err(unavailable)?;
        txn.open_table(DUE).map_err(unavailable)?;
        txn.open_table(DUE_OF).map_err(unavailable)?;
        txn.open_table(FEED).map_err(unavailable)?;
        txn.open_table(SUBSCRIPTIONS).map_err(unavailable)?;
        txn.open_table(CLAIMS).map_err(unavailable)?;
        txn.open_table(RECEIPTS).map_err(unavailable)?;
        txn.open_table(DEAD_LETTERS).map_err(unavailable)?;
    }
    txn.commit().map_err(unavailable)?;
    Ok(db)
}

/// Closes the database and opens it again on a fresh backend. A reader
/// still holding the old handle keeps the file locked for the moment its
/// read takes, so the open is tried again until it is released.
pub(super) fn reopen(handle: &Handle, open: &OpenBackend) {
    let old = handle.write().unwrap_or_else(|e| e.into_inner()).take();
    drop(old);
    for _ in 0..200 {
        match open_database(open) {
            Ok(db) => {
                *handle.write().unwrap_or_else(|e| e.into_inner()) = Some(Arc::new(db));
                return;
            }
            Err(e) => {
                tracing::warn!(error = %e, "embedded store: reopening the file");
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
        }
    }
}

pub(super) fn current(handle: &Handle) -> Result<Arc<Database>, StoreError> {
    handle
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .clone()
        .ok_or_else(|| unavailable("the store's file is being reopened after an I/O error"))
}
