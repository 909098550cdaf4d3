//! Reading a DynamoDB Streams batch (the Lambda event of the `notify` function) into
//! the commits it holds.
//!
//! The table's stream carries new images of every item written; a commit is the item
//! `PK = C#<competition>`, `SK = V#<version, 20 digits>` with its body in `body`
//! (see `arbiter_store::dynamo`). Everything else (members, deadlines, claims,
//! subscriptions, modifications and removals) is skipped: the event source's filter
//! already drops most of it, and the rest must not reach the notifier either.
//!
//! A record that cannot be read is skipped and counted, never an error: one bad
//! record would otherwise be retried until it expires and hold up every commit
//! behind it on its shard.

use crate::dispatch::CommitRef;
use arbiter_store::CommitRecord;
use base64::Engine as _;
use serde::Deserialize;
use std::collections::HashMap;

/// A stream batch: `{"Records": [...]}`.
#[derive(Debug, Deserialize)]
struct Batch {
    #[serde(rename = "Records", default)]
    records: Vec<serde_json::Value>,
}

#[derive(Debug, Deserialize)]
struct Record {
    #[serde(rename = "eventName")]
    event_name: String,
    dynamodb: Change,
}

#[derive(Debug, Deserialize)]
struct Change {
    #[serde(rename = "NewImage")]
    new_image: HashMap<String, Attribute>,
}

/// The two attribute shapes a commit item uses.
#[derive(Debug, Deserialize)]
enum Attribute {
    S(String),
    B(String),
    #[serde(other)]
    Other,
}

/// What a batch held.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Parsed {
    pub commits: Vec<CommitRef>,
    /// Records that are not new commits (other items, modifications, removals).
    pub skipped: usize,
    /// Records that looked like commits but could not be read.
    pub unreadable: usize,
}

/// The commits of a stream batch, in the batch's order.
pub fn commits_of(event: &serde_json::Value) -> Parsed {
    let mut parsed = Parsed::default();
    let Ok(batch) = Batch::deserialize(event) else {
        parsed.unreadable += 1;
        return parsed;
    };
    for value in batch.records {
        match read(&value) {
            Read::Commit(c) => parsed.commits.push(c),
            Read::Skip => parsed.skipped += 1,
            Read::Unreadable(why) => {
                tracing::error!(why, "unreadable stream record skipped");
                parsed.unreadable += 1;
            }
        }
    }
    parsed
}

enum Read {
    Commit(CommitRef),
    Skip,
    Unreadable(&'static str),
}

fn read(value: &serde_json::Value) -> Read {
    let Ok(record) = Record::deserialize(value) else {
        // REMOVE records have no new image, and other sources other shapes.
        return Read::Skip;
    };
    if record.event_name != "INSERT" {
        return Read::Skip;
    }
    let image = &record.dynamodb.new_image;
    let (Some(Attribute::S(pk)), Some(Attribute::S(sk))) = (image.get("PK"), image.get("SK"))
    else {
        return Read::Skip;
    };
    let (Some(competition), Some(version)) = (pk.strip_prefix("C#"), sk.strip_prefix("V#")) else {
        return Read::Skip;
    };
    let Ok(version) = version.parse::<u64>() else {
        return Read::Unreadable("commit sort key is not a version");
    };
    if competition.is_empty() || version == 0 {
        return Read::Unreadable("commit key names no competition or version 0");
    }
    let Some(Attribute::B(body)) = image.get("body") else {
        return Read::Unreadable("commit item without a binary body");
    };
    let Ok(body) = base64::engine::general_purpose::STANDARD.decode(body) else {
        return Read::Unreadable("commit body is not base64");
    };
    Read::Commit(CommitRef {
        competition: competition.to_owned(),
        record: CommitRecord { version, body },
    })
}

/// The stream record DynamoDB would emit for `commit` of `competition` (tests and
/// replays build batches with it).
pub fn record_of(competition: &str, commit: &CommitRecord, sequence: u64) -> serde_json::Value {
    let pk = format!("C#{competition}");
    let sk = format!("V#{:020}", commit.version);
    serde_json::json!({
        "eventID": format!("{sequence:032x}"),
        "eventName": "INSERT",
        "eventVersion": "1.1",
        "eventSource": "aws:dynamodb",
        "awsRegion": "eu-west-1",
        "dynamodb": {
            "ApproximateCreationDateTime": 1_763_700_000,
            "Keys": {"PK": {"S": pk}, "SK": {"S": sk}},
            "NewImage": {
                "PK": {"S": pk},
                "SK": {"S": sk},
                "body": {"B": base64::engine::general_purpose::STANDARD.encode(&commit.body)}
            },
            "SequenceNumber": format!("{sequence}"),
            "SizeBytes": commit.body.len() + 64,
            "StreamViewType": "NEW_IMAGE"
        },
        "eventSourceARN": "arn:aws:dynamodb:eu-west-1:123456789012:table/arbiter/stream/2026-11-21T00:00:00.000"
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    fn commit(version: u64) -> CommitRecord {
        CommitRecord {
            version,
            body: format!("{{\"v\":{version}}}").into_bytes(),
        }
    }

    #[test]
    fn commits_are_read_and_everything_else_is_skipped() {
        let member = json!({"eventName": "INSERT", "dynamodb": {"NewImage": {
            "PK": {"S": "C#club"}, "SK": {"S": "M#ann"}}}});
        let removal = json!({"eventName": "REMOVE", "dynamodb": {"Keys": {
            "PK": {"S": "C#club"}, "SK": {"S": "V#00000000000000000001"}}}});
        let claim = json!({"eventName": "INSERT", "dynamodb": {"NewImage": {
            "PK": {"S": "N#ntf-1|email:a@b.c"}, "SK": {"S": "N"}}}});
        let bad_body = json!({"eventName": "INSERT", "dynamodb": {"NewImage": {
            "PK": {"S": "C#club"}, "SK": {"S": "V#00000000000000000009"}, "body": {"B": "%%%"}}}});
        let event = json!({"Records": [
            record_of("club", &commit(1), 1), member, removal, claim,
            record_of("nomic", &commit(7), 2), bad_body,
        ]});
        let parsed = commits_of(&event);
        assert_eq!(
            parsed.commits,
            vec![
                CommitRef {
                    competition: "club".into(),
                    record: commit(1)
                },
                CommitRef {
                    competition: "nomic".into(),
                    record: commit(7)
                },
            ]
        );
        assert_eq!((parsed.skipped, parsed.unreadable), (3, 1));
    }

    proptest! {
        /// Bad input never crashes: any JSON is read into some commits or none.
        #[test]
        fn any_json_is_read_without_panicking(text in ".{0,400}") {
            let value = serde_json::from_str(&text).unwrap_or(serde_json::Value::String(text));
            let _ = commits_of(&value);
            let _ = commits_of(&json!({"Records": [value]}));
        }

        #[test]
        fn a_record_round_trips(comp in "[a-z0-9-]{1,64}", version in 1u64..u64::MAX,
                                body in proptest::collection::vec(any::<u8>(), 0..200)) {
            let record = CommitRecord { version, body };
            let parsed = commits_of(&json!({"Records": [record_of(&comp, &record, 1)]}));
            prop_assert_eq!(parsed.commits, vec![CommitRef { competition: comp, record }]);
        }
    }
}
