//! What a page may read: the competition as an outsider sees it through the
//! API, and nothing else. The kind's view and its read resources are asked
//! for with no viewer, so the kind's own redaction (the same code the API
//! runs) decides what reaches a page.

use arbiter_domain::competition::Competition;
use arbiter_domain::resource::{Query, Resource, MAX_LIMIT};
use serde_json::Value;

/// A competition seen from outside.
pub struct Public<'a> {
    pub state: &'a Competition,
    /// The kind's view for no viewer (`game` of `GET /v1/competitions/{id}`).
    pub view: Value,
}

impl<'a> Public<'a> {
    pub fn new(state: &'a Competition) -> Self {
        Self {
            view: state.game.view(state, None),
            state,
        }
    }

    /// The read resource `name` (under `key`) for no viewer, its first
    /// page of the most rows; `None` when the kind refuses it (no such
    /// entry) or answers text.
    pub fn resource(&self, name: &str, key: Option<&str>) -> Option<Value> {
        self.resource_with(name, key, &[])
    }

    /// [`Public::resource`] with query parameters (a rule book `at` a date).
    pub fn resource_with(
        &self,
        name: &str,
        key: Option<&str>,
        params: &[(&str, &str)],
    ) -> Option<Value> {
        let mut all: std::collections::BTreeMap<String, String> = params
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        all.insert("limit".to_owned(), MAX_LIMIT.to_string());
        let query = Query::new(key.map(str::to_owned), all).ok()?;
        match self.state.game.resource(self.state, name, &query, None) {
            Ok(Resource::Json(v)) => Some(v),
            _ => None,
        }
    }

    /// The address of this competition's page `rest` (`round/3`).
    pub fn link(&self, rest: &str) -> String {
        format!("{}/{rest}", crate::front(self.state))
    }
}
