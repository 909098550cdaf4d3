//! The lists' paging parameters, from the constants the handlers page by.
//!
//! Every list pages the same way: `limit` rows after `cursor`, the answer's
//! `next_cursor` (null on the last page) passed back as the next `cursor`;
//! a limit out of range or a cursor the API did not hand out is a 400
//! problem. The bounds differ by list, so they are read from the handlers'
//! constants here rather than written into `operations.json`.

use arbiter_domain::resource::{DEFAULT_LIMIT, MAX_LIMIT};
use serde_json::{json, Value};

/// One list: its operation, its default and largest `limit`, and what its
/// cursor is.
struct List {
    operation: &'static str,
    default: usize,
    max: usize,
    cursor: &'static str,
}

const OPAQUE: &str = "The `next_cursor` of the previous page (opaque).";
const BY_ID: &str = "The `next_cursor` of the previous page: the id of its last competition.";

const LISTS: &[List] = &[
    List {
        operation: "listMyCompetitions",
        default: competitions::listing::DEFAULT_PAGE,
        max: competitions::listing::MAX_PAGE,
        cursor: BY_ID,
    },
    List {
        operation: "getMe",
        default: competitions::listing::DEFAULT_PAGE,
        max: competitions::listing::MAX_PAGE,
        cursor: BY_ID,
    },
    List {
        operation: "listPublicCompetitions",
        default: competitions::listing::DEFAULT_PAGE,
        max: competitions::listing::MAX_PAGE,
        cursor: BY_ID,
    },
    List {
        operation: "getLog",
        default: competitions::DEFAULT_LOG_PAGE,
        max: competitions::MAX_LOG_PAGE,
        cursor: "The `next_cursor` of the previous page: the version of its last entry \
                 (a client following the log may pass the last version it read). \
                 A version past the competition's current one is refused.",
    },
    List {
        operation: "listMySubscriptions",
        default: subscriptions::DEFAULT_PAGE,
        max: subscriptions::MAX_PAGE,
        cursor: "The `next_cursor` of the previous page: the id of its last subscription.",
    },
    List {
        operation: "listDeadLetters",
        default: subscriptions::DEFAULT_DEAD_LETTERS,
        max: subscriptions::MAX_DEAD_LETTERS,
        cursor: OPAQUE,
    },
    List {
        operation: "getResource",
        default: DEFAULT_LIMIT,
        max: MAX_LIMIT,
        cursor: OPAQUE,
    },
    List {
        operation: "getResourceEntry",
        default: DEFAULT_LIMIT,
        max: MAX_LIMIT,
        cursor: OPAQUE,
    },
];

/// The operations that page.
#[cfg(test)]
pub fn operations() -> impl Iterator<Item = &'static str> {
    LISTS.iter().map(|l| l.operation)
}

/// The `cursor` and `limit` query parameters of `operation`, none when it
/// is not a list.
pub fn parameters(operation: &str) -> Vec<Value> {
    let Some(list) = LISTS.iter().find(|l| l.operation == operation) else {
        return Vec::new();
    };
    vec![
        json!({
            "name": "cursor",
            "in": "query",
            "required": false,
            "description": list.cursor,
            "schema": { "type": "string" },
        }),
        json!({
            "name": "limit",
            "in": "query",
            "required": false,
            "description": format!(
                "Rows per page: 1 to {}, {} when absent; anything else is refused (400).",
                list.max, list.default
            ),
            "schema": {
                "type": "integer",
                "minimum": 1,
                "maximum": list.max,
                "default": list.default,
            },
        }),
    ]
}
