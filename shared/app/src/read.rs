//! A submitted form read back into the command's JSON, by the form's own
//! fields: what is not a field of the form is ignored, an empty optional
//! field is left out (so the command's default applies), and a value that
//! cannot be its field's type is named in the answer, beside the field,
//! before anything is sent.

use crate::form::{Field, Form, Input};
use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use serde_json::{Map, Value};

/// A field whose value could not be read: its name and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unread {
    pub field: String,
    pub why: String,
}

/// The command `form` describes, from the submitted `pairs` (name, value):
/// `{"action": ..., ...fields}`.
pub fn read(form: &Form, pairs: &[(String, String)]) -> Result<Value, Vec<Unread>> {
    let mut body = Map::new();
    body.insert("action".into(), Value::String(form.action.clone()));
    let mut unread = Vec::new();
    for field in &form.fields {
        let given = pairs
            .iter()
            .find(|(name, _)| *name == field.name())
            .map(|(_, v)| v.as_str());
        match value(field, given) {
            Ok(Some(v)) => insert(&mut body, &field.path, v),
            Ok(None) => {}
            Err(why) => unread.push(Unread {
                field: field.name(),
                why,
            }),
        }
    }
    if unread.is_empty() {
        Ok(Value::Object(body))
    } else {
        Err(unread)
    }
}

/// A field's value from what was typed; `None`: left out.
fn value(field: &Field, given: Option<&str>) -> Result<Option<Value>, String> {
    if field.input == Input::Check {
        // A checkbox not ticked sends nothing at all.
        return Ok(Some(Value::Bool(given.is_some())));
    }
    let text = given.unwrap_or_default().trim();
    if text.is_empty() {
        return if field.required {
            Err("is required".to_owned())
        } else {
            Ok(None)
        };
    }
    typed(&field.input, text).map(Some)
}

fn typed(input: &Input, text: &str) -> Result<Value, String> {
    match input {
        Input::Text | Input::Choice(_) | Input::Check => Ok(Value::String(text.to_owned())),
        Input::Integer => integer(text),
        Input::Number => text
            .parse::<f64>()
            .ok()
            .and_then(serde_json::Number::from_f64)
            .map(Value::Number)
            .ok_or_else(|| format!("{text:?} is not a number")),
        Input::Lines { integers } => text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(|l| {
                if *integers {
                    integer(l)
                } else {
                    Ok(Value::String(l.to_owned()))
                }
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Value::Array),
        Input::Date => NaiveDate::parse_from_str(text, "%Y-%m-%d")
            .map(|d| Value::String(d.to_string()))
            .map_err(|_| format!("{text:?} is not a date (YYYY-MM-DD)")),
        Input::DateTime => instant(text).map(|t| Value::String(t.to_rfc3339())),
        Input::Json => serde_json::from_str(text).map_err(|e| format!("is not JSON: {e}")),
    }
}

fn integer(text: &str) -> Result<Value, String> {
    if let Ok(n) = text.parse::<u64>() {
        return Ok(Value::from(n));
    }
    text.parse::<i64>()
        .map(Value::from)
        .map_err(|_| format!("{text:?} is not a whole number"))
}

/// An instant typed as RFC 3339, or as a browser's local date and time
/// (`2026-12-01T19:00`), read as UTC: the form says so.
fn instant(text: &str) -> Result<DateTime<Utc>, String> {
    if let Ok(t) = DateTime::parse_from_rfc3339(text) {
        return Ok(t.with_timezone(&Utc));
    }
    ["%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M"]
        .iter()
        .find_map(|f| NaiveDateTime::parse_from_str(text, f).ok())
        .map(|t| t.and_utc())
        .ok_or_else(|| format!("{text:?} is not a date and time (2026-12-01T19:00, UTC)"))
}

/// Puts `v` at `path` inside `body`, making the objects on the way.
fn insert(body: &mut Map<String, Value>, path: &[String], v: Value) {
    match path {
        [] => {}
        [last] => {
            body.insert(last.clone(), v);
        }
        [first, rest @ ..] => {
            let inner = body
                .entry(first.clone())
                .or_insert_with(|| Value::Object(Map::new()));
            if !inner.is_object() {
                *inner = Value::Object(Map::new());
            }
            if let Value::Object(map) = inner {
                insert(map, rest, v);
            }
        }
    }
}

/// What `form` would have sent to carry `fields` (a command's fields, as a
/// preset gives them): each field's value at its path, as its control holds
/// it. The inverse of [`read`] for what the form's controls can hold.
pub fn filled(form: &Form, fields: &Value) -> Vec<(String, String)> {
    form.fields
        .iter()
        .filter_map(|f| {
            let v = f.path.iter().try_fold(fields, |at, k| at.get(k))?;
            Some((f.name(), held(&f.input, v)?))
        })
        .collect()
}

/// A value as its control holds it: text bare, a tick box `true` or
/// nothing, lists one per line, anything else as JSON; what [`read`] reads
/// back into the same value.
pub(crate) fn held(input: &Input, v: &Value) -> Option<String> {
    match (input, v) {
        (_, Value::Null) => None,
        (Input::Check, Value::Bool(b)) => b.then(|| "true".to_owned()),
        (Input::Json, v) => Some(v.to_string()),
        (_, Value::String(s)) => Some(s.clone()),
        (Input::Lines { .. }, Value::Array(items)) => Some(
            items
                .iter()
                .map(|i| i.as_str().map_or_else(|| i.to_string(), str::to_owned))
                .collect::<Vec<_>>()
                .join("\n"),
        ),
        (_, v) => Some(v.to_string()),
    }
}
