//! The request bodies of the kind routes, from the kinds' command schemas.
//!
//! A dedicated route (`/registrations`, `/votes`, `/orders`, `/rounds`)
//! takes the command its kind names for it ([`Kind::route_action`]) without
//! the `action` tag, which the route supplies; `/actions` takes any other
//! command of the kind, tagged by `action`. The competition's kind decides
//! which alternative applies, so the kinds are an `anyOf`; within a kind,
//! the commands are the `oneOf` that `#[serde(tag = "action")]` derives.

use arbiter_domain::competition::Kind;
use arbiter_domain::rulebook::Route as KindRoute;
use schemars::SchemaGenerator;
use serde_json::{json, Value};

/// The kind route an operation serves: `Some(None)` for `/actions`.
pub fn kind_route(operation: &str) -> Option<Option<KindRoute>> {
    Some(match operation {
        "registerPlayer" => Some(KindRoute::Registrations),
        "recordVote" => Some(KindRoute::Votes),
        "submitOrders" => Some(KindRoute::Orders),
        "pairRound" => Some(KindRoute::Rounds),
        "act" => None,
        _ => return None,
    })
}

/// The `requestBody` of `operation` when it is a kind route.
pub fn kind_body(operation: &str, data: &Value, generator: &mut SchemaGenerator) -> Option<Value> {
    let route = kind_route(operation)?;
    let mut alternatives = Vec::new();
    for &kind in Kind::ALL {
        let schema = match route {
            Some(route) => match kind.route_action(route) {
                Some(action) => route_body(kind, route, action, generator),
                None => continue,
            },
            None => actions_body(kind, generator),
        };
        alternatives.push(schema);
    }
    let mut media = json!({ "schema": { "anyOf": alternatives } });
    if let Some(examples) = data["examples"].get(operation) {
        media["examples"] = examples.clone();
    }
    Some(json!({ "required": true, "content": { "application/json": media } }))
}

/// The kind's command `action` without its tag; a seed the edge draws when
/// the caller sends none is optional.
fn route_body(
    kind: Kind,
    route: KindRoute,
    action: &str,
    generator: &mut SchemaGenerator,
) -> Value {
    if let Some(own) = kind.route_body_schema(route, generator) {
        // The route reads a body of the kind's own (acwc II: an account
        // whose facts the edge fetches, or the organizer's entry).
        return own.to_value();
    }
    let mut variant = variants(kind, generator)
        .into_iter()
        .find(|v| action_of(v) == Some(action))
        .unwrap_or_else(|| panic!("{} has no command {action}", kind.name()));
    if let Some(props) = variant.get_mut("properties").and_then(Value::as_object_mut) {
        props.remove("action");
    }
    let lots = kind.draws_lots(action);
    if let Some(Value::Array(required)) = variant.get_mut("required") {
        required.retain(|r| r != "action" && !(lots && r == "seed"));
    }
    if variant["required"].as_array().is_some_and(Vec::is_empty) {
        if let Some(fields) = variant.as_object_mut() {
            fields.remove("required");
        }
    }
    variant["title"] = format!("{} {action}", kind.name()).into();
    variant
}

/// The kind's commands `/actions` accepts: all but those with a route of
/// their own.
fn actions_body(kind: Kind, generator: &mut SchemaGenerator) -> Value {
    let commands = variants(kind, generator);
    let dedicated: Vec<&str> = commands
        .iter()
        .filter_map(action_of)
        .filter(|a| Kind::dedicated_route(a).is_some())
        .collect();
    let mut schema = json!({ "title": kind.name(), "allOf": [kind.command_schema(generator)] });
    if !dedicated.is_empty() {
        schema["not"] = json!({
            "description": "these actions have a route of their own",
            "required": ["action"],
            "properties": { "action": { "enum": dedicated } },
        });
    }
    schema
}

/// The alternatives of the kind's command enum, one per action.
fn variants(kind: Kind, generator: &mut SchemaGenerator) -> Vec<Value> {
    let reference = kind.command_schema(generator);
    let name = reference
        .get("$ref")
        .and_then(Value::as_str)
        .and_then(|r| r.rsplit('/').next())
        .expect("a kind's command enum is a named schema")
        .to_owned();
    let definition = generator
        .definitions()
        .get(&name)
        .cloned()
        .expect("the command schema is defined");
    definition["oneOf"].as_array().cloned().unwrap_or_default()
}

/// The `action` a command variant's schema fixes.
fn action_of(variant: &Value) -> Option<&str> {
    let action = &variant["properties"]["action"];
    action["const"]
        .as_str()
        .or_else(|| action["enum"][0].as_str())
}
