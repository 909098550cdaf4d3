//! The API document describes what the kinds answer: on every state the
//! script reaches, as every viewer, the competition (with its kind's view)
//! fits the document's `Competition`, and each resource fits the schema its
//! kind gives it (`Rulebook::resource_schemas`).

use super::checks::{runs, viewers};
use super::harness::user;
use super::scripts::Script;
use arbiter_domain::resource::{Body, Query, Resource};
use serde_json::{json, Value};

/// Keys that name an entry of some kind's resource in the scripts' states
/// (a round, a game, a stage's round, a phase, a member, a proposal).
const KEYS: [&str; 12] = [
    "1",
    "2",
    "1.1",
    "2.1",
    "qualification-1",
    "final",
    "F1901M",
    "S1901M",
    "S1901R",
    "301",
    "302",
    "ann",
];

/// A validator for `schema`, resolving `#/components/...` in `doc`.
fn validator(doc: &Value, schema: &Value) -> jsonschema::Validator {
    let mut root = schema.clone();
    root["components"] = doc["components"].clone();
    root["$schema"] = json!("https://json-schema.org/draft/2020-12/schema");
    jsonschema::validator_for(&root).unwrap_or_else(|e| panic!("schema does not compile: {e}"))
}

fn check(validator: &jsonschema::Validator, what: &str, value: &Value) {
    let errors: Vec<String> = validator
        .iter_errors(value)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{what}: {value}: {errors:?}");
}

/// A resource's JSON schema, as the document holds it.
fn json_schema(body: Option<Body>) -> Option<Value> {
    match body? {
        Body::Json(schema) => Some(schema.to_value()),
        Body::Text => None,
    }
}

pub fn views_and_resources(script: &Script) {
    let doc = arbiter::openapi::document();
    let competition = validator(&doc, &json!({ "$ref": "#/components/schemas/Competition" }));
    let mut generator = arbiter::openapi::generator();
    // Each resource with the validators of its two forms.
    let described: Vec<_> = script
        .kind
        .resource_schemas(&mut generator)
        .into_iter()
        .map(|r| {
            let whole = json_schema(r.whole).map(|s| validator(&doc, &s));
            let entry = json_schema(r.entry).map(|s| validator(&doc, &s));
            (r.name, whole, entry)
        })
        .collect();
    let mut checked = 0;
    for run in runs(script) {
        let state = run.state();
        for viewer in viewers(script) {
            let viewer = viewer.map(user);
            let view = serde_json::to_value(state.view(viewer.as_ref())).expect("a view");
            check(&competition, &format!("view as {viewer:?}"), &view);
            for (name, whole, entry) in &described {
                let whole = whole.iter().map(|v| (v, None));
                let entries = entry
                    .iter()
                    .flat_map(|v| KEYS.iter().map(move |k| (v, Some(*k))));
                for (schema, key) in whole.chain(entries) {
                    let query = match key {
                        Some(k) => Query::first_page().with_key(k),
                        None => Query::first_page(),
                    };
                    let answer = state.game.resource(state, name, &query, viewer.as_ref());
                    let Ok(Resource::Json(value)) = answer else {
                        continue;
                    };
                    check(schema, &format!("{name}/{key:?} as {viewer:?}"), &value);
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 0, "no resource answered");
}
