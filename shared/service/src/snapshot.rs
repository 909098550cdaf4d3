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
/// keeps the members with a deadline apart (issue #19), which a snapshot of
/// format 1 lacks.
pub const FORMAT: u32 = 2;

/// Snapshots larger than this are gzipped.
pub const COMPRESS_ABOVE: usize = 16 * 1024;

/// gzip's magic bytes; a JSON snapshot starts with `{`.
const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

#[derive(Serialize)]
struct SnapshotOut<'a> {
    format: u32,
    state: &'a Competition,
}

#[derive(Deserialize)]
struct SnapshotIn {
    format: u32,
    state: serde_json::Value,
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
    let parsed: SnapshotIn = if snapshot.body.starts_with(&GZIP_MAGIC) {
        let mut json = Vec::new();
        GzDecoder::new(snapshot.body.as_slice())
            .read_to_end(&mut json)
            .map_err(|e| unreadable(&e))?;
        serde_json::from_slice(&json).map_err(|e| unreadable(&e))?
    } else {
        serde_json::from_slice(&snapshot.body).map_err(|e| unreadable(&e))?
    };
    if parsed.format != FORMAT {
        return Ok(None);
    }
    serde_json::from_value(parsed.state)
        .map(Some)
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
    fn a_corrupt_gzipped_snapshot_is_an_error_not_a_panic() {
        let mut snapshot = encode_snapshot(&competition(200_000));
        snapshot.body.truncate(100);
        assert!(decode_snapshot(&snapshot)
            .unwrap_err()
            .contains("unreadable"));
    }
}
