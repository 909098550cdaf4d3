//! Turning stored bytes into a competition's state and back.
//!
//! Snapshots carry a format number. When the domain's state changes shape,
//! bump [`FORMAT`]: older snapshots are then ignored and the state is folded
//! from the whole log, which stays the source of truth.
//!
//! A large state is gzipped: a DynamoDB item (the commit with its snapshot)
//! holds at most 400 KB, and a tournament's or a ladder's JSON compresses
//! about tenfold. Small snapshots stay plain JSON, readable in the console.

use arbiter_domain::competition::{apply, Commit, Competition, CompetitionId};
use arbiter_store::{CommitRecord, Snapshot};
use flate2::read::GzDecoder;
use flate2::write::GzEncoder;
use serde::{Deserialize, Serialize};
use std::io::{Read, Write};

/// The shape of [`Competition`] that snapshots hold. 2: the club ladder
/// keeps the members with a deadline apart, so that finding the next
/// deadline of a large club reads only them; a snapshot of format 1 lacks
/// them. 3: it also keeps apart the undeclared uses of power and the awaited
/// opinions.
pub const FORMAT: u32 = 3;

/// Snapshots larger than this are gzipped.
pub const COMPRESS_ABOVE: usize = 16 * 1024;

/// gzip's magic bytes; a JSON snapshot starts with `{`.
const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

#[derive(Serialize)]
struct SnapshotOut<'a> {
    format: u32,
    state: &'a Competition,
}

/// A snapshot's format alone: read first (serde skips the state without
/// building it), so that a state of an older shape is never parsed.
#[derive(Deserialize)]
struct FormatIn {
    format: u32,
}

/// A snapshot of the current format, its state read straight into
/// [`Competition`]: a large state never exists as a `serde_json::Value`,
/// which takes several times the memory of the typed state.
#[derive(Deserialize)]
struct SnapshotIn {
    state: Competition,
}

/// The log since the last snapshot, in stored bytes: what decides when the
/// next snapshot is taken (see [`Since::due`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Since {
    /// The version the count runs to.
    pub version: u64,
    /// The stored size of the last snapshot (0: none yet).
    pub snapshot_bytes: usize,
    /// The stored size of the commits after it, up to `version`.
    pub log_bytes: usize,
}

/// Below this much log since the last snapshot, none is taken: a small
/// competition's load folds a few commits rather than snapshot each time.
pub const LOG_FLOOR: usize = 16 * 1024;

impl Since {
    /// A competition with no commit yet.
    pub const NEW: Since = Since {
        version: 0,
        snapshot_bytes: 0,
        log_bytes: 0,
    };

    /// Whether the commit of `commit_bytes` that follows should carry a
    /// snapshot: once the log since the last one is at least as large as
    /// that snapshot (and [`LOG_FLOOR`]). A snapshot costs about its
    /// state's size; taken only after as many bytes of commits, its cost
    /// spread over those commits is a bounded multiple of their own size,
    /// however large the competition. A load reads at most
    /// about twice the snapshot.
    pub fn due(&self, commit_bytes: usize) -> bool {
        self.log_bytes.saturating_add(commit_bytes) >= self.snapshot_bytes.max(LOG_FLOOR)
    }

    /// The count after commit `version` of `commit_bytes`, appended with
    /// `snapshot` (its stored size) or without.
    pub fn after(&self, version: u64, commit_bytes: usize, snapshot: Option<usize>) -> Since {
        match snapshot {
            Some(bytes) => Since {
                version,
                snapshot_bytes: bytes,
                log_bytes: 0,
            },
            None => Since {
                version,
                snapshot_bytes: self.snapshot_bytes,
                log_bytes: self.log_bytes.saturating_add(commit_bytes),
            },
        }
    }

    /// The count after the stored `commits` (in order) that follow it.
    pub fn folded(&self, commits: &[CommitRecord]) -> Since {
        commits
            .iter()
            .fold(*self, |s, c| s.after(c.version, c.body.len(), None))
    }
}

pub fn encode_commit(commit: &Commit) -> CommitRecord {
    CommitRecord {
        version: commit.version,
        body: serde_json::to_vec(commit).expect("commits serialize"),
    }
}

pub fn decode_commit(record: &CommitRecord) -> Result<Commit, String> {
    let commit: Commit = serde_json::from_slice(&record.body)
        .map_err(|e| format!("commit {} is unreadable: {e}", record.version))?;
    if commit.version != record.version {
        return Err(format!(
            "commit stored as version {} says it is {}",
            record.version, commit.version
        ));
    }
    Ok(commit)
}

pub fn encode_snapshot(state: &Competition) -> Snapshot {
    let json = serde_json::to_vec(&SnapshotOut {
        format: FORMAT,
        state,
    })
    .expect("state serializes");
    let body = if json.len() > COMPRESS_ABOVE {
        let mut gz = GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(&json).expect("writing to memory");
        gz.finish().expect("writing to memory")
    } else {
        json
    };
    Snapshot {
        version: state.version,
        body,
    }
}

/// The state in a snapshot, or `None` when the snapshot is of an older format
/// (the caller then folds the whole log).
pub fn decode_snapshot(snapshot: &Snapshot) -> Result<Option<Competition>, String> {
    let unreadable =
        |e: &dyn std::fmt::Display| format!("snapshot {} is unreadable: {e}", snapshot.version);
    let gunzipped;
    let json = if snapshot.body.starts_with(&GZIP_MAGIC) {
        let mut json = Vec::new();
        GzDecoder::new(snapshot.body.as_slice())
            .read_to_end(&mut json)
            .map_err(|e| unreadable(&e))?;
        gunzipped = json;
        gunzipped.as_slice()
    } else {
        snapshot.body.as_slice()
    };
    let header: FormatIn = serde_json::from_slice(json).map_err(|e| unreadable(&e))?;
    if header.format != FORMAT {
        return Ok(None);
    }
    serde_json::from_slice::<SnapshotIn>(json)
        .map(|s| Some(s.state))
        .map_err(|e| unreadable(&e))
}

/// Folds `commits` (in order, following `state`) into the state.
pub fn fold(
    id: &CompetitionId,
    mut state: Option<Competition>,
    commits: &[CommitRecord],
) -> Result<Option<Competition>, String> {
    for record in commits {
        let expected = state.as_ref().map_or(1, |s| s.version + 1);
        if record.version != expected {
            return Err(format!(
                "log of {id} jumps from version {} to {}",
                expected - 1,
                record.version
            ));
        }
        let commit = decode_commit(record)?;
        state = Some(apply(state, id, &commit));
    }
    Ok(state)
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_domain::competition::{Actor, Event, Kind, Recorded, UserId};

    fn competition(name_len: usize) -> Competition {
        let id = CompetitionId::try_from("snap").unwrap();
        let organizer = UserId::try_from("org").unwrap();
        let commit = Commit {
            version: 1,
            at: "2026-11-21T10:00:00Z".parse().unwrap(),
            actor: Actor::User(organizer.clone()),
            command: "create".into(),
            events: vec![Recorded::new(Event::Created {
                kind: Kind::Nomic,
                // Varied text, so it compresses like real state, not to nothing.
                name: (0..name_len)
                    .map(|i| char::from(b'a' + (i * 7 % 26) as u8))
                    .collect(),
                organizer,
            })],
            idempotency: None,
        };
        apply(None, &id, &commit)
    }

    fn record(version: u64, bytes: usize) -> CommitRecord {
        CommitRecord {
            version,
            body: vec![b'x'; bytes],
        }
    }

    #[test]
    fn a_snapshot_is_due_once_the_log_since_the_last_is_as_large_as_it() {
        // Last snapshot 100,000 bytes at version 10; commits of 30,000,
        // 30,000 and 30,000 bytes make 90,000 < 100,000: none due yet. The
        // next commit of 10,000 makes exactly 100,000: due.
        let s = Since {
            version: 10,
            snapshot_bytes: 100_000,
            log_bytes: 0,
        }
        .folded(&[record(11, 30_000), record(12, 30_000), record(13, 30_000)]);
        assert_eq!((s.version, s.log_bytes), (13, 90_000));
        assert!(!s.due(9_999));
        assert!(s.due(10_000));
        // Taken with commit 14 (a 40,000-byte snapshot): the count restarts.
        let s = s.after(14, 10_000, Some(40_000));
        assert_eq!(
            s,
            Since {
                version: 14,
                snapshot_bytes: 40_000,
                log_bytes: 0
            }
        );
        // Below the floor (16 KiB = 16,384 bytes) nothing is due, however
        // small the snapshot: 100-byte snapshot, 16,383 bytes of log.
        let small = Since {
            version: 3,
            snapshot_bytes: 100,
            log_bytes: 16_000,
        };
        assert!(!small.due(383));
        assert!(small.due(384));
        assert!(!Since::NEW.due(1_000));
    }

    #[test]
    fn small_snapshots_stay_plain_json() {
        let state = competition(10);
        let snapshot = encode_snapshot(&state);
        assert_eq!(snapshot.body.first(), Some(&b'{'));
        assert_eq!(decode_snapshot(&snapshot).unwrap(), Some(state));
    }

    #[test]
    fn large_snapshots_are_gzipped_and_read_back() {
        let state = competition(200_000);
        let snapshot = encode_snapshot(&state);
        assert!(snapshot.body.starts_with(&GZIP_MAGIC));
        assert!(
            snapshot.body.len() < 200_000 / 4,
            "{} bytes",
            snapshot.body.len()
        );
        assert_eq!(decode_snapshot(&snapshot).unwrap(), Some(state));
    }

    #[test]
    fn a_snapshot_of_an_older_format_is_ignored_not_an_error() {
        // Format 2's state lacks fields format 3 needs: it must not be
        // parsed at all, so the caller folds the whole log instead.
        let old = Snapshot {
            version: 7,
            body: br#"{"format":2,"state":{"shape":"of another day"}}"#.to_vec(),
        };
        assert_eq!(decode_snapshot(&old), Ok(None));
        // The state before the format: still read by its format.
        let old_first = Snapshot {
            version: 7,
            body: br#"{"state":{"shape":"of another day"},"format":2}"#.to_vec(),
        };
        assert_eq!(decode_snapshot(&old_first), Ok(None));
    }

    #[test]
    fn a_snapshot_without_a_format_is_an_error() {
        let bad = Snapshot {
            version: 7,
            body: br#"{"state":{}}"#.to_vec(),
        };
        assert!(decode_snapshot(&bad).unwrap_err().contains("unreadable"));
    }

    #[test]
    fn a_corrupt_gzipped_snapshot_is_an_error_not_a_panic() {
        let mut snapshot = encode_snapshot(&competition(200_000));
        snapshot.body.truncate(100);
        assert!(decode_snapshot(&snapshot)
            .unwrap_err()
            .contains("unreadable"));
    }
}
