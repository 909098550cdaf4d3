//! What a page may read: the competition as an outsider sees it through the
//! API, and nothing else. The kind's view and its read resources are asked
//! for with no viewer, so the kind's own redaction (the same code the API
//! runs) decides what reaches a page.

use crate::envelope::Envelope;
use crate::refusal::Refusal;
use crate::resource::{Query, Resource, MAX_LIMIT};
use chrono::{DateTime, Utc};
use serde_json::Value;

/// How a page asks the kind for a read resource, as no viewer.
type ReadResource<'a> = Box<dyn Fn(&str, &Query) -> Result<Resource, Refusal> + 'a>;

/// A competition seen from outside.
pub struct Public<'a> {
    pub env: &'a Envelope,
    /// How refusals and pages name the kind ("a Swiss event").
    pub title: &'static str,
    /// The kind's view for no viewer (`game` of `GET /v1/competitions/{id}`).
    pub view: Value,
    /// When the page is read (the pages function gives the hour): what is
    /// open now, whose day it is. A page's paths never depend on it.
    pub now: DateTime<Utc>,
    resource: ReadResource<'a>,
}

impl<'a> Public<'a> {
    /// What anyone may read of a competition at `now`: its envelope, its
    /// kind's `title`, its kind's `view` for no viewer, and its kind's read
    /// resources for no viewer.
    pub fn new(
        env: &'a Envelope,
        title: &'static str,
        view: Value,
        now: DateTime<Utc>,
        resource: impl Fn(&str, &Query) -> Result<Resource, Refusal> + 'a,
    ) -> Self {
        Self {
            env,
            title,
            view,
            now,
            resource: Box::new(resource),
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
        match self.read(name, key, params)? {
            Resource::Json(v) => Some(v),
            Resource::Text(_) => None,
        }
    }

    /// The read resource `name` that answers text (a TRF), for no viewer;
    /// `None` when the kind refuses it or answers JSON.
    pub fn text_resource(&self, name: &str) -> Option<String> {
        match self.read(name, None, &[])? {
            Resource::Text(t) => Some(t),
            Resource::Json(_) => None,
        }
    }

    fn read(&self, name: &str, key: Option<&str>, params: &[(&str, &str)]) -> Option<Resource> {
        let mut all: std::collections::BTreeMap<String, String> = params
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        all.insert("limit".to_owned(), MAX_LIMIT.to_string());
        let query = Query::new(key.map(str::to_owned), all).ok()?;
        (self.resource)(name, &query).ok()
    }

    /// The address of this competition's page `rest` (`round/3`).
    pub fn link(&self, rest: &str) -> String {
        format!("{}/{rest}", super::front(&self.env.id))
    }
}
