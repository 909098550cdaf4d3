//! Stored data reads back. The store keeps a competition as its log of
//! commits and, now and then, a snapshot of its state, both as the JSON the
//! domain's serde writes; a change to the domain's types must keep reading
//! what is already stored. `tests/fixtures/stored/<kind>.json` holds one
//! stored competition per kind, written by an earlier version of the code
//! (see the README there): its commits and the snapshot after the last.

use arbiter_domain::competition::{apply, Commit, Competition, Kind};
use arbiter_domain::vocabulary::{OldSpelling, Place};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/stored")
}

/// One stored competition, as JSON values.
struct Stored {
    log: Vec<Value>,
    snapshot: Value,
}

fn stored(kind: Kind) -> Stored {
    let path = folder().join(format!("{}.json", kind.name()));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "no stored competition of kind {} ({}: {e}): write one with the code \
             that stores it today (see the README beside the others)",
            kind.name(),
            path.display()
        )
    });
    let mut file: Value = serde_json::from_str(&text).expect("a fixture is JSON");
    let log = match file["log"].take() {
        Value::Array(log) => log,
        other => panic!("{}: `log` is not an array: {other}", kind.name()),
    };
    Stored {
        log,
        snapshot: file["snapshot"].take(),
    }
}

fn commits(kind: Kind, log: &[Value]) -> Vec<Commit> {
    log.iter()
        .enumerate()
        .map(|(i, json)| {
            serde_json::from_value(json.clone()).unwrap_or_else(|e| {
                panic!("{} commit {} does not read back: {e}", kind.name(), i + 1)
            })
        })
        .collect()
}

fn snapshot(kind: Kind, json: &Value) -> Competition {
    serde_json::from_value(json.clone())
        .unwrap_or_else(|e| panic!("{} snapshot does not read back: {e}", kind.name()))
}

/// Where two JSON values first differ, as a path: a mismatch names the
/// field instead of printing two whole competitions.
fn first_difference(path: &str, a: &Value, b: &Value) -> Option<String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys = x.keys().chain(y.keys().filter(|k| !x.contains_key(*k)));
            keys.into_iter().find_map(|k| match (x.get(k), y.get(k)) {
                (Some(p), Some(q)) => first_difference(&format!("{path}.{k}"), p, q),
                (p, q) => Some(format!("{path}.{k}: {p:?} != {q:?}")),
            })
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .find_map(|(i, (p, q))| first_difference(&format!("{path}[{i}]"), p, q)),
        _ => (a != b).then(|| format!("{path}: {a} != {b}")),
    }
}

/// `stored` as today's code spells it: the old spellings the kinds still
/// read ([`arbiter_domain::vocabulary`]) written the new way, which is the
/// one change a write-back may make.
fn in_todays_vocabulary(stored: &Value) -> Value {
    let table: Vec<&OldSpelling> = std::iter::once(Kind::OLD_NAMES)
        .chain(Kind::ALL.iter().map(|k| k.old_spellings()))
        .flatten()
        .collect();
    respelt(stored, &table)
}

fn respelt(value: &Value, table: &[&OldSpelling]) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(key, inner)| {
                    let new_key = table
                        .iter()
                        .find(|s| s.place == Place::Key && s.old == key)
                        .map_or(key.as_str(), |s| s.new);
                    let old_value = table.iter().find(|s| {
                        matches!(s.place, Place::ValueOf(k) if k == key)
                            && inner.as_str() == Some(s.old)
                    });
                    let new_value = match old_value {
                        Some(s) => Value::from(s.new),
                        None => respelt(inner, table),
                    };
                    (new_key.to_owned(), new_value)
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(|v| respelt(v, table)).collect()),
        other => other.clone(),
    }
}

/// Panics with `what` and the first difference (today's value first), the
/// stored value read in today's vocabulary.
fn assert_same_json(what: &str, now: &Value, stored: &Value) {
    let stored = &in_todays_vocabulary(stored);
    if let Some(at) = first_difference("", now, stored) {
        panic!("{what}; first difference (now, stored) at {at}");
    }
}

/// A kind added to the registry without a stored competition fails here,
/// and so does a fixture left behind for a kind that is gone.
#[test]
fn every_kind_has_a_stored_competition_of_that_kind() {
    for &kind in Kind::ALL {
        let s = stored(kind);
        assert_eq!(
            snapshot(kind, &s.snapshot).game.kind(),
            kind,
            "{}.json holds another kind",
            kind.name()
        );
        assert!(!s.log.is_empty(), "{}: an empty log", kind.name());
    }
    let names: Vec<String> = Kind::ALL
        .iter()
        .map(|k| format!("{}.json", k.name()))
        .collect();
    for entry in std::fs::read_dir(folder()).expect("the fixtures folder") {
        let name = entry.expect("a readable entry").file_name();
        let name = name.to_string_lossy();
        assert!(
            name == "README.md" || names.iter().any(|n| *n == name),
            "{name} is the stored competition of no kind"
        );
    }
}

/// The log is the source of truth: folding every stored commit with today's
/// `apply` gives the state that was stored as the snapshot.
#[test]
fn stored_commits_fold_into_the_stored_snapshot() {
    for &kind in Kind::ALL {
        let s = stored(kind);
        let expected = snapshot(kind, &s.snapshot);
        let mut state: Option<Competition> = None;
        for (i, commit) in commits(kind, &s.log).iter().enumerate() {
            assert_eq!(commit.version, i as u64 + 1, "{} log order", kind.name());
            state = Some(apply(state, &expected.id, commit));
        }
        let folded = state.expect("at least the creating commit");
        if folded != expected {
            let now = serde_json::to_value(&folded).expect("a state serializes");
            let what = format!("{}: the folded log is not the stored snapshot", kind.name());
            assert_same_json(&what, &now, &s.snapshot);
            panic!(
                "{}: the folded state differs from the snapshot",
                kind.name()
            );
        }
    }
}

/// A snapshot read back and written again is the JSON that was stored: no
/// field is lost, renamed or reshaped on the way through today's types,
/// except an old spelling written the new way.
#[test]
fn stored_snapshots_write_back_the_same_json() {
    for &kind in Kind::ALL {
        let s = stored(kind);
        let again = serde_json::to_value(snapshot(kind, &s.snapshot)).expect("a state serializes");
        let what = format!("{}: the snapshot writes back other JSON", kind.name());
        assert_same_json(&what, &again, &s.snapshot);
    }
}

/// Each stored commit read back and written again is the JSON that was
/// stored: a commit is kept as written, so a new write of it must match.
#[test]
fn stored_commits_write_back_the_same_json() {
    for &kind in Kind::ALL {
        let s = stored(kind);
        for (commit, json) in commits(kind, &s.log).iter().zip(&s.log) {
            let again = serde_json::to_value(commit).expect("a commit serializes");
            let what = format!(
                "{}: commit {} writes back other JSON",
                kind.name(),
                commit.version
            );
            assert_same_json(&what, &again, json);
        }
    }
}
