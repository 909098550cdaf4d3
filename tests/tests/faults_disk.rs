//! The embedded store's disk fails under the local server: concurrent
//! clients register players in Swiss events, keyed (`Idempotency-Key`,
//! sent again in every later phase until answered) and not, while the
//! data folder is full, freed, full again, read-only, and writable again.
//! Then the history is read back and checked as `faults` checks the
//! Lambda path's (`faults::check_registrations`): every command answered
//! 2xx in the log exactly once at the version its answer named, keyed
//! retries answered the same, versions 1…n, no "nothing was changed" that
//! changed something, the state loaded equal to the fold of the log. Reads
//! must answer in every phase, and writes must resume when space returns.
//!
//! The data folder is a small tmpfs (`mount -t tmpfs -o size=…`, as
//! root), so "full" is the kernel's own `ENOSPC`: a filler file takes
//! every free byte, then is removed. A tmpfs cannot be remounted read-only
//! while the store holds its file open for writing (the kernel answers
//! `EBUSY`), so the read-only phase is tried that way first and otherwise
//! played by a layer over the store's file operations that answers
//! `EROFS` to every write; the output says which. The server is the one
//! `arbiter serve` runs (`arbiter::server::router`), in this process so
//! that the test reads the same store afterwards. Skipped, saying why,
//! where tmpfs cannot be mounted (not root).
//!
//! Bounded: a fixed number of operations per client and phase, no sleeps;
//! the seed (`ARBITER_FAULT_SEED`) picks which commands are keyed.

use super::faults::{check_registrations, loaded_and_folded, path, whole_log, Op, Sent, EVENTS};
use arbiter_e2e::faults::Schedule;
use arbiter_e2e::TestServer;
use arbiter_store::embedded::{OpenBackend, RoomProbe};
use arbiter_store::EmbeddedStore;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use redb::StorageBackend;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

const SEED: u64 = 0xd15c_2026_0105;
const CLIENTS: usize = 4;
/// New registrations each client sends in each phase.
const OPS_PER_PHASE: usize = 2;
const PHASES: [&str; 5] = ["full", "freed", "full again", "read-only", "writable"];
/// The tmpfs: room for the store's file and its growth, little more.
const DISK_MB: u64 = 24;
/// Sends of a keyed command still unanswered after the last phase.
const SETTLE_TRIES: usize = 8;

/// A small tmpfs holding the store's file, unmounted when dropped.
struct DataFolder {
    _dir: tempfile::TempDir,
    mount: PathBuf,
    /// Set while the read-only phase is played by the layer over the file.
    read_only: Arc<AtomicBool>,
}

fn run(args: &[&str]) -> Result<(), String> {
    let out = Command::new(args[0])
        .args(&args[1..])
        .output()
        .map_err(|e| format!("{}: {e}", args.join(" ")))?;
    if out.status.success() {
        return Ok(());
    }
    Err(format!(
        "{}: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr).trim()
    ))
}

impl DataFolder {
    fn mount() -> Result<Self, String> {
        let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
        let mount = dir.path().join("data");
        std::fs::create_dir(&mount).map_err(|e| e.to_string())?;
        let size = format!("size={DISK_MB}m");
        run(&[
            "mount",
            "-t",
            "tmpfs",
            "-o",
            &size,
            "tmpfs",
            path_str(&mount),
        ])?;
        Ok(Self {
            _dir: dir,
            mount,
            read_only: Arc::default(),
        })
    }

    fn store_file(&self) -> PathBuf {
        self.mount.join("arbiter.redb")
    }

    /// Takes every free byte with a filler file: the bytes it took.
    fn fill(&self) -> u64 {
        let mut filler = std::fs::File::create(self.mount.join("filler")).expect("filler");
        let mut taken = 0;
        for chunk in [1 << 20, 4096, 1] {
            let bytes = vec![0u8; chunk];
            while filler.write_all(&bytes).is_ok() {
                taken += chunk as u64;
            }
        }
        taken
    }

    fn free(&self) {
        std::fs::remove_file(self.mount.join("filler")).expect("the filler goes");
    }

    /// Makes the folder read-only: how.
    fn read_only(&self) -> String {
        match run(&["mount", "-o", "remount,ro", path_str(&self.mount)]) {
            Ok(()) => "tmpfs remounted read-only".into(),
            Err(refused) => {
                self.read_only.store(true, Ordering::SeqCst);
                format!("EROFS from the layer over the file (the remount was refused: {refused})")
            }
        }
    }

    fn writable(&self) {
        if self.read_only.swap(false, Ordering::SeqCst) {
            return;
        }
        run(&["mount", "-o", "remount,rw", path_str(&self.mount)]).expect("remount rw");
    }

    /// The store's file, through the read-only layer.
    fn open(&self) -> OpenBackend {
        let (path, read_only) = (self.store_file(), Arc::clone(&self.read_only));
        Arc::new(move || {
            let file = std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&path)?;
            let file = redb::backends::FileBackend::new(file).map_err(std::io::Error::other)?;
            Ok(Box::new(Layer {
                file,
                read_only: Arc::clone(&read_only),
            }) as Box<dyn StorageBackend>)
        })
    }

    /// Room for a write: a small file beside the store's, written, synced
    /// and removed (what the store's own probe does), unless read-only.
    fn room(&self) -> RoomProbe {
        let (probe, read_only) = (self.mount.join("room-probe"), Arc::clone(&self.read_only));
        Arc::new(move || {
            refuse_if(&read_only)?;
            let written = std::fs::File::create(&probe)
                .and_then(|mut f| f.write_all(&[0u8; 256 * 1024]).and_then(|()| f.sync_all()));
            let _ = std::fs::remove_file(&probe);
            written
        })
    }
}

impl Drop for DataFolder {
    fn drop(&mut self) {
        let _ = run(&["umount", "-l", path_str(&self.mount)]);
    }
}

fn path_str(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 temporary path")
}

fn refuse_if(read_only: &AtomicBool) -> std::io::Result<()> {
    if read_only.load(Ordering::SeqCst) {
        return Err(std::io::Error::new(
            std::io::ErrorKind::ReadOnlyFilesystem,
            "Read-only file system",
        ));
    }
    Ok(())
}

/// The store's file; every write refused while `read_only` is set.
#[derive(Debug)]
struct Layer {
    file: redb::backends::FileBackend,
    read_only: Arc<AtomicBool>,
}

impl StorageBackend for Layer {
    fn len(&self) -> std::io::Result<u64> {
        self.file.len()
    }
    fn read(&self, offset: u64, len: usize) -> std::io::Result<Vec<u8>> {
        self.file.read(offset, len)
    }
    fn set_len(&self, len: u64) -> std::io::Result<()> {
        refuse_if(&self.read_only)?;
        self.file.set_len(len)
    }
    fn sync_data(&self, eventual: bool) -> std::io::Result<()> {
        refuse_if(&self.read_only)?;
        self.file.sync_data(eventual)
    }
    fn write(&self, offset: u64, data: &[u8]) -> std::io::Result<()> {
        refuse_if(&self.read_only)?;
        self.file.write(offset, data)
    }
}

type Server = TestServer<EmbeddedStore>;

/// A registration and where it stands.
struct Pending {
    op: Op,
    body: Value,
    done: bool,
}

/// Sends registration `p` once (with its key, if keyed): the outcome.
async fn send(s: &Server, p: &mut Pending) -> String {
    let ev = EVENTS[p.op.event];
    let mut request = s
        .http
        .post(s.url(&format!("{}/registrations", path(ev))))
        .bearer_auth(s.token(&p.op.user, false))
        .json(&p.body);
    if p.op.keyed {
        request = request.header("Idempotency-Key", format!("reg-{}", p.op.user));
    }
    let sent = match request.send().await {
        Ok(r) => {
            let status = r.status().as_u16();
            Sent::Answered(status, r.json().await.unwrap_or(Value::Null))
        }
        Err(_) => Sent::Lost,
    };
    p.done = matches!(sent, Sent::Answered(status, _) if status < 500);
    let out = outcome(&sent);
    p.op.sends.push(sent);
    out
}

/// Registration number `i`: its event, player and whether it is keyed.
fn registration(i: usize, rng: &mut ChaCha8Rng) -> Pending {
    let event = i % EVENTS.len();
    let n = i / EVENTS.len();
    Pending {
        op: Op {
            event,
            user: format!("d{event}p{n:02}"),
            keyed: rng.gen_bool(0.5),
            sends: Vec::new(),
        },
        body: json!({"entry": {"name": format!("Player {event}/{n}"), "rating": 2400 - n as i64}}),
        done: false,
    }
}

/// One client's turn in a phase: its keyed commands still unanswered once
/// more, then its new ones. The outcomes of its sends.
async fn turn(s: &Server, mine: &mut Vec<Pending>, new: Vec<Pending>) -> Vec<String> {
    let mut outcomes = Vec::new();
    for p in mine.iter_mut().filter(|p| p.op.keyed && !p.done) {
        outcomes.push(send(s, p).await);
    }
    for mut p in new {
        outcomes.push(send(s, &mut p).await);
        mine.push(p);
    }
    outcomes
}

async fn set_up(s: &Server) {
    for ev in EVENTS {
        s.create(&json!({"id": ev, "kind": "swiss", "name": ev}))
            .await;
        let now = arbiter_http::Clock::now(&*s.clock);
        let roles = json!({"user": "arb", "role": "arbiter"});
        let (status, _) = s
            .post_as("org", now, &format!("{}/roles", path(ev)), &roles)
            .await;
        assert_eq!(status, 200);
        let settings = json!({"rounds": 3, "late_entries_until_round": 1});
        let body = json!({"action": "set-up", "settings": settings});
        let (status, _) = s
            .post_as("arb", now, &format!("{}/actions", path(ev)), &body)
            .await;
        assert_eq!(status, 200);
    }
}

/// How each answer of `sends` counts among the faults' outcomes.
fn outcome(sent: &Sent) -> String {
    match sent {
        Sent::Answered(s @ 200..=299, _) => format!("{s}"),
        Sent::Answered(s, body) => format!("{s} {}", body["type"].as_str().unwrap_or("?")),
        Sent::Lost => "lost".into(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_embedded_store_through_full_freed_and_read_only_disks_keeps_a_whole_history() {
    let folder = match DataFolder::mount() {
        Ok(folder) => folder,
        Err(why) => {
            eprintln!("skipped: no tmpfs for the data folder ({why}); run as root");
            return;
        }
    };
    let seed = Schedule::seed_from_env(SEED);
    println!("disk seed {seed} (replay: ARBITER_FAULT_SEED={seed}); tmpfs of {DISK_MB} MB");
    let store = EmbeddedStore::open_with_room(folder.open(), folder.room()).expect("open");
    let s = TestServer::start(store.clone()).await;
    set_up(&s).await;

    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut clients: Vec<Vec<Pending>> = (0..CLIENTS).map(|_| Vec::new()).collect();
    let mut next = 0;
    let mut problems = Vec::new();
    for phase in PHASES {
        let how = match phase {
            "full" | "full again" => format!("filler took {} KiB", folder.fill() / 1024),
            "freed" => {
                folder.free();
                "filler removed".into()
            }
            "read-only" => {
                folder.free();
                folder.read_only()
            }
            _ => {
                folder.writable();
                "writable again".into()
            }
        };
        let work: Vec<(Vec<Pending>, Vec<Pending>)> = clients
            .drain(..)
            .map(|mine| {
                let new = (0..OPS_PER_PHASE)
                    .map(|_| {
                        next += 1;
                        registration(next - 1, &mut rng)
                    })
                    .collect();
                (mine, new)
            })
            .collect();
        let turns = futures::future::join_all(work.into_iter().map(|(mut mine, new)| {
            let s = &s;
            async move {
                let outcomes = turn(s, &mut mine, new).await;
                (mine, outcomes)
            }
        }))
        .await;
        let mut counts: BTreeMap<String, usize> = BTreeMap::new();
        for (mine, outcomes) in turns {
            clients.push(mine);
            for o in outcomes {
                *counts.entry(o).or_default() += 1;
            }
        }
        let reads = reads_answer(&s).await;
        println!("phase {phase} ({how}): answers {counts:?}; reads {reads}");
        if reads != "all 200" {
            problems.push(format!("{phase}: reads answered {reads}"));
        }
        if phase == "writable" && !counts.keys().any(|k| k.starts_with('2')) {
            problems.push("writes did not resume once the disk was writable".into());
        }
    }
    for _ in 0..SETTLE_TRIES {
        for p in clients
            .iter_mut()
            .flatten()
            .filter(|p| p.op.keyed && !p.done)
        {
            send(&s, p).await;
        }
    }
    let ops: Vec<Op> = clients.into_iter().flatten().map(|p| p.op).collect();
    let mut logs = Vec::new();
    for ev in EVENTS {
        logs.push(whole_log(&s, ev).await);
    }
    check_registrations(&ops, &logs, &mut problems);
    for ev in EVENTS {
        let (loaded, folded) = loaded_and_folded(&store, ev).await;
        if loaded != folded {
            problems.push(format!(
                "{ev}: the state loaded differs from the fold of its log"
            ));
        }
    }
    let mut last: BTreeMap<String, usize> = BTreeMap::new();
    for op in &ops {
        *last
            .entry(op.sends.last().map_or("none".into(), outcome))
            .or_default() += 1;
    }
    let logged: usize = logs.iter().map(Vec::len).sum();
    println!(
        "{} registrations ({} keyed), {} sends, last answers {last:?}; {logged} log entries",
        ops.len(),
        ops.iter().filter(|o| o.keyed).count(),
        ops.iter().map(|o| o.sends.len()).sum::<usize>()
    );
    super::faults::verdict(seed, &problems);
}

/// Every event read once: "all 200", or the statuses that were not.
async fn reads_answer(s: &Server) -> String {
    let mut bad = Vec::new();
    for ev in EVENTS {
        let r = s
            .http
            .get(s.url(&path(ev)))
            .bearer_auth(s.token("arb", false))
            .send()
            .await;
        match r.map(|r| r.status().as_u16()) {
            Ok(200) => {}
            other => bad.push(format!("{ev}: {other:?}")),
        }
    }
    if bad.is_empty() {
        "all 200".into()
    } else {
        bad.join(", ")
    }
}
