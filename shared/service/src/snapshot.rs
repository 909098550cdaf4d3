//! Turning stored bytes into a competition's state and back.
//!
//! Snapshots carry a format number. When the domain's state changes shape,
//! bump [`FORMAT`]: older snapshots are then ignored and the state is folded
//! from the whole log, which stays the source of truth.

use arbiter_domain::competition::{apply, Commit, Competition, CompetitionId};
use arbiter_store::{CommitRecord, Snapshot};
use serde::{Deserialize, Serialize};

/// The shape of [`Competition`] that snapshots hold.
pub const FORMAT: u32 = 1;

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
    Snapshot {
        version: state.version,
        body: serde_json::to_vec(&SnapshotOut {
            format: FORMAT,
            state,
        })
        .expect("state serializes"),
    }
}

/// The state in a snapshot, or `None` when the snapshot is of an older format
/// (the caller then folds the whole log).
pub fn decode_snapshot(snapshot: &Snapshot) -> Result<Option<Competition>, String> {
    let parsed: SnapshotIn = serde_json::from_slice(&snapshot.body)
        .map_err(|e| format!("snapshot {} is unreadable: {e}", snapshot.version))?;
    if parsed.format != FORMAT {
        return Ok(None);
    }
    serde_json::from_value(parsed.state)
        .map(Some)
        .map_err(|e| format!("snapshot {} is unreadable: {e}", snapshot.version))
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
