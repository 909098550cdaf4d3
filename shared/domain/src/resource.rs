//! Read resources: the small documents players and organizers look at each
//! week (standings, one round's pairings, a board's current phase, one
//! member's history), each read without the whole state of the competition.
//!
//! A kind lists its resources in [`crate::rulebook::Resources::RESOURCES`] and
//! answers them in [`crate::rulebook::Resources::resource`], through the same
//! rules on secrecy as its `view`: a resource shows a viewer nothing the view
//! would not. Lists are paged the same way everywhere: `limit` rows from an
//! opaque `cursor`, the next page's cursor in `next_cursor` (none on the last
//! page). Only the rows of a page are turned into JSON, so a page of 50
//! standings costs 50 rows of output whatever the field's size.

use crate::refusal::Refusal;
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// A page holds this many rows unless the caller asks for another number.
pub const DEFAULT_LIMIT: usize = 50;
/// The most rows one page returns.
pub const MAX_LIMIT: usize = 500;

/// What a resource reads as: JSON, or text in another format (TRF-16).
#[derive(Debug, Clone, PartialEq)]
pub enum Resource {
    Json(Value),
    /// A `text/plain` document.
    Text(String),
}

/// What the caller asked for: the resource's key (the path's last segment,
/// as in `games/3.12`), its query parameters, and the page.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Query {
    pub key: Option<String>,
    pub params: BTreeMap<String, String>,
    pub limit: usize,
    pub offset: usize,
}

impl Query {
    /// Reads the page from `limit` and `cursor` among `params`; a limit that
    /// is not a whole number from 1 to [`MAX_LIMIT`], or a cursor this API
    /// did not hand out, is refused.
    pub fn new(key: Option<String>, params: BTreeMap<String, String>) -> Result<Self, Refusal> {
        let limit = match params.get("limit") {
            None => DEFAULT_LIMIT,
            Some(v) => v
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=MAX_LIMIT).contains(n))
                .ok_or_else(|| {
                    Refusal::invalid(format!(
                        "limit must be a whole number from 1 to {MAX_LIMIT}"
                    ))
                })?,
        };
        let offset = match params.get("cursor") {
            None => 0,
            Some(c) => decode_cursor(c)
                .ok_or_else(|| Refusal::invalid("cursor is not one this API handed out"))?,
        };
        Ok(Self {
            key,
            params,
            limit,
            offset,
        })
    }

    /// A query with no key, no parameters and the first page.
    pub fn first_page() -> Self {
        Self {
            limit: DEFAULT_LIMIT,
            ..Self::default()
        }
    }

    /// The same query for the resource under `key`.
    pub fn with_key(mut self, key: impl Into<String>) -> Self {
        self.key = Some(key.into());
        self
    }

    /// The same query with parameter `name` set.
    pub fn with_param(mut self, name: &str, value: impl Into<String>) -> Self {
        self.params.insert(name.to_owned(), value.into());
        self
    }

    pub fn param(&self, name: &str) -> Option<&str> {
        self.params.get(name).map(String::as_str)
    }

    /// The key a resource needs (`games/{key}`); refused when absent.
    pub fn key(&self, what: &str) -> Result<&str, Refusal> {
        self.key
            .as_deref()
            .ok_or_else(|| Refusal::not_found(format!("name the {what}: …/{what}/{{key}}")))
    }

    /// Refuses a key on a resource that takes none.
    pub fn no_key(&self) -> Result<(), Refusal> {
        match &self.key {
            None => Ok(()),
            Some(k) => Err(Refusal::not_found(format!(
                "this resource has no entry {k:?}"
            ))),
        }
    }

    /// A whole-number parameter, `None` when absent; refused when malformed.
    pub fn number(&self, name: &str) -> Result<Option<u32>, Refusal> {
        self.param(name)
            .map(|v| {
                v.parse()
                    .map_err(|_| Refusal::invalid(format!("{name} must be a whole number")))
            })
            .transpose()
    }

    /// One page of `rows`: rows before the cursor are skipped unserialized,
    /// `limit` rows are kept, and `next_cursor` names the next page (none on
    /// the last).
    pub fn page_of<T>(&self, rows: impl IntoIterator<Item = T>) -> Page<T> {
        let mut rows = rows.into_iter().skip(self.offset);
        let items: Vec<T> = rows.by_ref().take(self.limit).collect();
        let more = rows.next().is_some();
        let next_cursor = more.then(|| encode_cursor(self.offset + self.limit));
        Page { items, next_cursor }
    }

    /// One page of `rows` as `{"items": [...], "next_cursor": ...}`, with
    /// the fields of `extra` (an object) beside them.
    pub fn page<T: Serialize>(
        &self,
        rows: impl IntoIterator<Item = T>,
        extra: Value,
    ) -> Result<Value, Refusal> {
        let page = serde_json::to_value(self.page_of(rows))
            .map_err(|e| Refusal::invalid(e.to_string()))?;
        let mut body = match extra {
            Value::Object(map) => Value::Object(map),
            _ => json!({}),
        };
        body["items"] = page["items"].clone();
        body["next_cursor"] = page["next_cursor"].clone();
        Ok(body)
    }
}

/// One page of a list resource; a resource that says more than its rows
/// flattens this beside its own fields.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Page<T> {
    /// The rows of this page, in the resource's order.
    pub items: Vec<T>,
    /// The `cursor` of the next page; `null` on the last page.
    pub next_cursor: Option<String>,
}

/// What one read resource answers, for the API document (`arbiter
/// openapi`): the schema of `…/{name}` and of `…/{name}/{key}`, each `None`
/// where the resource does not answer that form.
#[derive(Debug, Clone)]
pub struct ResourceSchema {
    pub name: &'static str,
    pub whole: Option<Body>,
    pub entry: Option<Body>,
}

/// A resource's answer: JSON of a schema, or `text/plain`.
#[derive(Debug, Clone)]
pub enum Body {
    Json(Schema),
    Text,
}

impl ResourceSchema {
    /// `…/{name}` answers a `T`, and there is no `…/{name}/{key}`.
    pub fn whole<T: JsonSchema>(name: &'static str, generator: &mut SchemaGenerator) -> Self {
        let schema = generator.subschema_for::<T>();
        Self {
            name,
            whole: Some(Body::Json(schema)),
            entry: None,
        }
    }

    /// Only `…/{name}/{key}`, which answers a `T`.
    pub fn keyed<T: JsonSchema>(name: &'static str, generator: &mut SchemaGenerator) -> Self {
        let schema = generator.subschema_for::<T>();
        Self {
            name,
            whole: None,
            entry: Some(Body::Json(schema)),
        }
    }

    /// `…/{name}/{key}` answers a `T` as well.
    pub fn and_entry<T: JsonSchema>(mut self, generator: &mut SchemaGenerator) -> Self {
        self.entry = Some(Body::Json(generator.subschema_for::<T>()));
        self
    }

    /// A resource not yet described beyond "a JSON object", with or
    /// without a key.
    pub fn untyped(name: &'static str) -> Self {
        let object = || Body::Json(schemars::json_schema!({ "type": "object" }));
        Self {
            name,
            whole: Some(object()),
            entry: Some(object()),
        }
    }

    /// `…/{name}` is a `text/plain` document.
    pub fn text(name: &'static str) -> Self {
        Self {
            name,
            whole: Some(Body::Text),
            entry: None,
        }
    }
}

/// A JSON resource from anything serializable.
pub fn json_resource<T: Serialize>(value: &T) -> Result<Resource, Refusal> {
    serde_json::to_value(value)
        .map(Resource::Json)
        .map_err(|e| Refusal::invalid(e.to_string()))
}

/// The refusal for a name the kind does not list.
pub fn unknown(title: &str, name: &str, names: &[&str]) -> Refusal {
    Refusal::not_found(format!(
        "{title} has no resource {name:?} (it has: {})",
        names.join(", ")
    ))
}

/// Cursors are opaque to clients: `p` then the offset in base 36. Anything
/// else (or an offset that overflows) is not a cursor.
pub fn encode_cursor(offset: usize) -> String {
    let mut digits = Vec::new();
    let mut n = offset;
    loop {
        digits.push(char::from_digit((n % 36) as u32, 36).unwrap_or('0'));
        n /= 36;
        if n == 0 {
            break;
        }
    }
    digits.push('p');
    digits.iter().rev().collect()
}

pub fn decode_cursor(cursor: &str) -> Option<usize> {
    let digits = cursor.strip_prefix('p')?;
    if digits.is_empty() || digits.len() > 12 {
        return None;
    }
    digits.chars().try_fold(0usize, |acc, c| {
        acc.checked_mul(36)?.checked_add(c.to_digit(36)? as usize)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(pairs: &[(&str, &str)]) -> Result<Query, Refusal> {
        let params = pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        Query::new(None, params)
    }

    #[test]
    fn a_cursor_reads_back_as_the_offset_it_encodes() {
        for offset in [0, 1, 35, 36, 50, 4000, 123_456] {
            assert_eq!(decode_cursor(&encode_cursor(offset)), Some(offset));
        }
        // 50 = 1·36 + 14: "p1e".
        assert_eq!(encode_cursor(50), "p1e");
    }

    #[test]
    fn a_bad_limit_or_cursor_is_refused_not_a_panic() {
        for bad in [
            ("limit", "0"),
            ("limit", "501"),
            ("limit", "-1"),
            ("limit", "ten"),
            ("cursor", ""),
            ("cursor", "p"),
            ("cursor", "x12"),
            ("cursor", "p!!"),
            ("cursor", "pzzzzzzzzzzzzzzzzzzzz"),
        ] {
            let r = query(&[bad]).unwrap_err();
            assert_eq!(r.kind, crate::refusal::RefusalKind::Invalid, "{bad:?}");
        }
    }

    #[test]
    fn pages_walk_the_rows_in_order_and_the_last_has_no_cursor() {
        // 7 rows, 3 a page: [0,1,2] [3,4,5] [6], cursors p3 and p6.
        let q = query(&[("limit", "3")]).unwrap();
        let first = q.page(0..7, json!({ "after_round": 2 })).unwrap();
        assert_eq!(first["items"], json!([0, 1, 2]));
        assert_eq!(first["after_round"], 2);
        assert_eq!(first["next_cursor"], "p3");
        let q = query(&[("limit", "3"), ("cursor", "p6")]).unwrap();
        let last = q.page(0..7, Value::Null).unwrap();
        assert_eq!(last["items"], json!([6]));
        assert_eq!(last["next_cursor"], Value::Null);
        // A cursor past the end reads an empty last page.
        let q = query(&[("cursor", "pzz")]).unwrap();
        assert_eq!(q.page(0..7, Value::Null).unwrap()["items"], json!([]));
    }
}
