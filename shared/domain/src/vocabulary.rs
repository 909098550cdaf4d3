//! One vocabulary for the API: every JSON key in snake_case, every chess
//! result in chess notation (`1-0`, `0-1`, `1/2-1/2`). The spellings the
//! kinds used before they agreed are still read, so stored logs and
//! snapshots stay readable and clients have one release to move; a request
//! that uses one is answered with a note naming the new spelling (the HTTP
//! edge sends it as the `Deprecation` and `Arbiter-Deprecated` headers).
//! Each kind lists its own old spellings ([`crate::rulebook::Rules::OLD_SPELLINGS`]).

use serde_json::Value;

/// Where an old spelling can stand in a request body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// As an object's key, at any depth (`first-deadline`).
    Key,
    /// As the string value of this key, at any depth (`"result": "white-wins"`).
    ValueOf(&'static str),
}

/// A spelling still read but no longer written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OldSpelling {
    pub old: &'static str,
    pub new: &'static str,
    pub place: Place,
}

impl OldSpelling {
    pub const fn key(old: &'static str, new: &'static str) -> Self {
        Self {
            old,
            new,
            place: Place::Key,
        }
    }

    pub const fn value_of(key: &'static str, old: &'static str, new: &'static str) -> Self {
        Self {
            old,
            new,
            place: Place::ValueOf(key),
        }
    }

    /// How the deprecation note names it (ASCII, for a header):
    /// `first-deadline -> first_deadline`,
    /// `result: white-wins -> 1-0`.
    pub fn note(&self) -> String {
        match self.place {
            Place::Key => format!("{} -> {}", self.old, self.new),
            Place::ValueOf(key) => format!("{key}: {} -> {}", self.old, self.new),
        }
    }
}

/// The old spellings of `table` that `body` uses, each once, in table order.
pub fn old_spellings_in<'t>(body: &Value, table: &'t [OldSpelling]) -> Vec<&'t OldSpelling> {
    let mut found = vec![false; table.len()];
    visit(body, table, &mut found);
    table
        .iter()
        .zip(found)
        .filter_map(|(s, hit)| hit.then_some(s))
        .collect()
}

fn visit(value: &Value, table: &[OldSpelling], found: &mut [bool]) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                for (i, s) in table.iter().enumerate() {
                    let hit = match s.place {
                        Place::Key => key == s.old,
                        Place::ValueOf(k) => key == k && inner.as_str() == Some(s.old),
                    };
                    found[i] |= hit;
                }
                visit(inner, table, found);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| visit(v, table, found)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const TABLE: &[OldSpelling] = &[
        OldSpelling::key("first-deadline", "first_deadline"),
        OldSpelling::value_of("result", "white-wins", "1-0"),
    ];

    #[test]
    fn old_keys_and_values_are_found_at_any_depth_once() {
        let body = json!({
            "action": "set-up",
            "settings": {"first-deadline": "2026-01-01T00:00:00Z"},
            "games": [{"result": "white-wins"}, {"result": "white-wins"}]
        });
        let found: Vec<String> = old_spellings_in(&body, TABLE)
            .iter()
            .map(|s| s.note())
            .collect();
        assert_eq!(
            found,
            [
                "first-deadline -> first_deadline",
                "result: white-wins -> 1-0"
            ]
        );
    }

    #[test]
    fn new_spellings_and_look_alikes_are_not_noted() {
        // The old value under another key, and the old key as a value, are
        // someone's data, not the old vocabulary.
        let body = json!({
            "first_deadline": "first-deadline",
            "comment": "white-wins",
            "result": "1-0"
        });
        assert!(old_spellings_in(&body, TABLE).is_empty());
    }
}
