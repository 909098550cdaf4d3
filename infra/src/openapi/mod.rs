//! The OpenAPI 3.1 document (`docs/openapi.json`), built from the code.
//!
//! Paths and operations come from the route tables the function crates
//! declare ([`crate::server::all_routes`]), so a route added there appears
//! here. Every kind's commands, events and views are JSON Schemas derived by
//! `schemars` from the same serde attributes that read and write them
//! (`#[serde(tag = "action")]`, `rename_all`, `default`, `flatten`...), so
//! the document follows the wire shape rather than a description of it: a
//! request body on a kind route is a `oneOf` over the kinds' commands for that
//! route, the audit log's events are each kind's event enum, and a
//! competition's `game` is its kind's view. The shared routes' bodies and
//! answers (a competition to create, a role grant, a page of the log, a
//! subscription...) are the handlers' own types, and every list's `cursor`
//! and `limit` come from the constants it pages by (`lists`). What the
//! types cannot say
//! (summaries, descriptions, problem responses, examples, the envelope's
//! notification bodies) is this module's data, `operations.json`.
//!
//! `arbiter openapi --write` rewrites `docs/openapi.json` and the TypeScript
//! client's copy of it; tests fail when either checked-in file differs from
//! what this module builds.

mod bodies;
mod lists;

pub use bodies::kind_route;

use crate::server::all_routes;
use arbiter_domain::competition::{CompetitionView, LogEntry, Receipt};
use arbiter_domain::kinds::Kind;
use arbiter_domain::resource::Body;
use arbiter_http::routing::Route;
use schemars::generate::SchemaSettings;
use schemars::SchemaGenerator;
use serde_json::{json, Map, Value};

/// What the code cannot derive: texts, responses, examples, the envelope's
/// hand-described bodies, keyed by operationId.
const DATA: &str = include_str!("operations.json");

/// Where the document lives in the repository.
pub const PATH: &str = "docs/openapi.json";

/// The TypeScript client's copy, which it builds from wherever its folder is
/// copied; `--write` keeps it the same as [`PATH`].
pub const CLIENT_COPY: &str = "clients/typescript/openapi.json";

/// The document, as `arbiter openapi` prints it.
pub fn render() -> String {
    let mut text = serde_json::to_string_pretty(&document()).expect("a JSON value serializes");
    text.push('\n');
    text
}

/// The whole document.
pub fn document() -> Value {
    let data: Value = serde_json::from_str(DATA).expect("operations.json is JSON");
    let mut generator = generator();
    // The envelope's answers, by the names the data refers to; a receipt's
    // and a log entry's events (`Recorded`) bring every kind's event enum.
    define::<Receipt>(&mut generator);
    define::<LogEntry>(&mut generator);
    define::<CompetitionView>(&mut generator);
    // The envelope's own bodies that have a type.
    define::<arbiter_http::problem::Problem>(&mut generator);
    define::<arbiter_service::TickReport>(&mut generator);
    define::<arbiter_domain::notice::Topic>(&mut generator);
    // The shared routes' bodies and answers, the types their handlers read
    // and write.
    define::<competitions::CreateCompetition>(&mut generator);
    define::<competitions::RoleGrant>(&mut generator);
    define::<competitions::LogPage>(&mut generator);
    define::<competitions::ActList>(&mut generator);
    define::<competitions::listing::CompetitionList>(&mut generator);
    define::<competitions::listing::CompetitionSummary>(&mut generator);
    define::<competitions::listing::Me>(&mut generator);
    define::<competitions::listing::PublicPage>(&mut generator);
    define::<competitions::listing::SetPublic>(&mut generator);
    define::<competitions::ClockView>(&mut generator);
    define::<arbiter_notify::SubscriptionRequest>(&mut generator);
    define::<arbiter_notify::Subscription>(&mut generator);
    define::<subscriptions::SubscriptionPage>(&mut generator);
    define::<subscriptions::DeadLetterPage>(&mut generator);
    define::<telegram::TelegramGroup>(&mut generator);
    define::<telegram::LinkCode>(&mut generator);
    define::<telegram::WebhookAnswer>(&mut generator);
    define::<inbound_mail::QuarantinePage>(&mut generator);
    let mut paths = Map::new();
    for (_, route) in all_routes() {
        let op = operation(&data, route, &mut generator);
        let item = paths
            .entry(route.path.to_owned())
            .or_insert_with(|| json!({}));
        item[route.method.as_str().to_lowercase()] = op;
    }
    let mut schemas = data["components"]["schemas"]
        .as_object()
        .cloned()
        .unwrap_or_default();
    for (name, schema) in generator.take_definitions(true) {
        schemas.insert(name, schema);
    }
    let mut components = data["components"].clone();
    components["schemas"] = Value::Object(schemas);
    let mut document = json!({
        "openapi": data["openapi"],
        "info": data["info"],
        "servers": data["servers"],
        "security": data["security"],
        "paths": paths,
        "components": components,
    });
    open_objects(&mut document);
    document
}

/// Says `additionalProperties: true` on every object schema that names no
/// properties. JSON Schema means that already; generators of typed clients
/// (openapi-typescript) would otherwise read such an object as an empty one.
fn open_objects(value: &mut Value) {
    match value {
        Value::Object(map) => {
            let bare_object = map.get("type") == Some(&json!("object"))
                && !["properties", "additionalProperties", "patternProperties"]
                    .iter()
                    .any(|k| map.contains_key(*k));
            if bare_object {
                map.insert("additionalProperties".into(), json!(true));
            }
            map.values_mut().for_each(open_objects);
        }
        Value::Array(items) => items.iter_mut().for_each(open_objects),
        _ => {}
    }
}

/// JSON Schema 2020-12 (OpenAPI 3.1's dialect), definitions under
/// `components/schemas`.
pub fn generator() -> SchemaGenerator {
    SchemaSettings::draft2020_12()
        .with(|s| s.definitions_path = "/components/schemas".into())
        .into_generator()
}

/// Registers `T` (and what it refers to) under its schema name.
fn define<T: schemars::JsonSchema>(generator: &mut SchemaGenerator) {
    generator.subschema_for::<T>();
}

/// One operation: the data's texts and responses, the path's parameters,
/// and for a kind route the body its kinds' commands take.
fn operation(data: &Value, route: &Route, generator: &mut SchemaGenerator) -> Value {
    let mut op = match data["operations"].get(route.operation) {
        Some(op) => op.clone(),
        // A route the data does not know yet still appears, with what the
        // route table says about it.
        None => json!({
            "summary": route.operation,
            "responses": {
                "200": { "description": "OK", "content": { "application/json": {} } },
                "401": { "$ref": "#/components/responses/Problem" },
                "404": { "$ref": "#/components/responses/Problem" },
            },
        }),
    };
    let mut fields = Map::new();
    fields.insert("operationId".into(), route.operation.into());
    if let Value::Object(rest) = op.take() {
        fields.extend(rest);
    }
    if !route.authenticated {
        fields.insert("security".into(), json!([]));
    }
    let mut parameters: Vec<Value> = path_parameters(data, route.path);
    parameters.extend(lists::parameters(route.operation));
    if let Some(Value::Array(more)) = fields.remove("parameters") {
        parameters.extend(more);
    }
    if !parameters.is_empty() {
        fields.insert("parameters".into(), Value::Array(parameters));
    }
    if let Some(body) = bodies::kind_body(route.operation, data, generator) {
        fields.insert("requestBody".into(), body);
    }
    conditional(route, &mut fields);
    if route.operation.starts_with("getResource") {
        describe_resources(
            &mut fields,
            route.operation == "getResourceEntry",
            generator,
        );
    }
    Value::Object(order(fields))
}

/// HTTP as every route answers it (shared/http's `conditional`): a GET is
/// tagged (`ETag`) and answers 304 to a current `If-None-Match`; a command on
/// a competition takes `If-Match` and answers 412 when it is stale; a 201
/// says where (`Location`); a 503 says when to retry (`Retry-After`).
fn conditional(route: &Route, fields: &mut Map<String, Value>) {
    let responses = fields
        .entry("responses")
        .or_insert_with(|| json!({}))
        .as_object_mut()
        .expect("responses is an object");
    let problem = json!({ "$ref": "#/components/responses/Problem" });
    let header = |name: &str| json!({ "$ref": format!("#/components/headers/{name}") });
    let parameter = if route.method == http::Method::GET {
        if let Some(ok) = responses.get_mut("200") {
            ok["headers"] = json!({ "ETag": header("ETag") });
        }
        responses.insert(
            "304".into(),
            json!({ "$ref": "#/components/responses/NotModified" }),
        );
        Some("IfNoneMatch")
    } else if route.path.starts_with("/v1/competitions/{id}") {
        responses.insert("412".into(), problem);
        Some("IfMatch")
    } else {
        None
    };
    if let Some(created) = responses.get_mut("201") {
        created["headers"] = json!({ "Location": header("Location") });
    }
    if responses.contains_key("503") {
        responses.insert(
            "503".into(),
            json!({ "$ref": "#/components/responses/Unavailable" }),
        );
    }
    if let Some(name) = parameter {
        let reference = json!({ "$ref": format!("#/components/parameters/{name}") });
        let parameters = fields.entry("parameters").or_insert_with(|| json!([]));
        parameters
            .as_array_mut()
            .expect("parameters is an array")
            .push(reference);
    }
}

/// The resources each kind answers, from the kinds' own lists: the
/// `resource` parameter names them, the description lists them by kind, and
/// the JSON answer is one of the kinds' resource schemas (`anyOf`, each
/// titled by kind and resource; the competition's kind and the resource
/// named decide which).
fn describe_resources(
    fields: &mut Map<String, Value>,
    entry: bool,
    generator: &mut SchemaGenerator,
) {
    let mut text = fields
        .get("description")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    text.push_str("\n\nResources by kind:");
    let mut names: Vec<&str> = Vec::new();
    let mut answers = Vec::new();
    for kind in Kind::ALL {
        let mut listed = Vec::new();
        for described in kind.resource_schemas(generator) {
            let body = if entry {
                described.entry
            } else {
                described.whole
            };
            let Some(body) = body else { continue };
            if !names.contains(&described.name) {
                names.push(described.name);
            }
            let title = format!("{} {}", kind.name(), described.name);
            match body {
                Body::Json(schema) => {
                    let mut schema = schema.to_value();
                    if let Value::Object(map) = &mut schema {
                        map.insert("title".into(), title.into());
                    }
                    answers.push(schema);
                    listed.push(format!("`{}`", described.name));
                }
                Body::Text => listed.push(format!("`{}` (text/plain)", described.name)),
            }
        }
        text.push_str(&format!("\n- {}: {}", kind.name(), listed.join(", ")));
    }
    fields.insert("description".into(), text.into());
    if let Some(media) = fields
        .get_mut("responses")
        .and_then(|r| r.get_mut("200"))
        .and_then(|ok| ok.get_mut("content"))
        .and_then(|c| c.get_mut("application/json"))
    {
        media["schema"] = json!({ "anyOf": answers });
    }
    if let Some(Value::Array(parameters)) = fields.get_mut("parameters") {
        for p in parameters.iter_mut().filter(|p| p["name"] == "resource") {
            p["schema"] = json!({ "type": "string", "enum": names });
        }
    }
}

/// The `{name}` placeholders of `path`, typed by the data's
/// `path_parameters` (a string when it does not name them).
fn path_parameters(data: &Value, path: &str) -> Vec<Value> {
    path.split('/')
        .filter_map(|p| p.strip_prefix('{').and_then(|p| p.strip_suffix('}')))
        .map(|name| {
            let schema = data["path_parameters"]
                .get(name)
                .cloned()
                .unwrap_or_else(|| json!({ "type": "string" }));
            json!({ "name": name, "in": "path", "required": true, "schema": schema })
        })
        .collect()
}

/// An operation's fields in the order a reader expects them (serde_json
/// may keep insertion order).
fn order(mut fields: Map<String, Value>) -> Map<String, Value> {
    let mut ordered = Map::new();
    for key in [
        "operationId",
        "summary",
        "description",
        "security",
        "parameters",
        "requestBody",
        "responses",
    ] {
        if let Some(v) = fields.remove(key) {
            ordered.insert(key.into(), v);
        }
    }
    ordered.extend(fields);
    ordered
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_route_is_an_operation() {
        let doc = document();
        let count: usize = doc["paths"]
            .as_object()
            .unwrap()
            .values()
            .map(|item| item.as_object().unwrap().len())
            .sum();
        assert_eq!(count, all_routes().count());
    }

    /// The schema `reference` names in `doc`, or `schema` itself.
    fn resolve<'d>(doc: &'d Value, schema: &'d Value) -> &'d Value {
        match schema["$ref"].as_str() {
            Some(r) => &doc["components"]["schemas"][r.rsplit('/').next().unwrap()],
            None => schema,
        }
    }

    /// A list is an answer with `next_cursor` (or, for the resources, one
    /// of its alternatives): each such operation takes `cursor` and `limit`,
    /// and each operation that takes them answers a `next_cursor`.
    #[test]
    fn every_list_pages_by_cursor_and_limit() {
        let doc = document();
        let mut lists = Vec::new();
        for item in doc["paths"].as_object().unwrap().values() {
            let Some(get) = item.get("get") else { continue };
            let answer = &get["responses"]["200"]["content"]["application/json"]["schema"];
            let alternatives = match answer["anyOf"].as_array() {
                Some(all) => all.iter().collect(),
                None => vec![answer],
            };
            let pages = alternatives
                .iter()
                .any(|a| resolve(&doc, a)["properties"].get("next_cursor").is_some());
            let op = get["operationId"].as_str().unwrap();
            let takes = |name: &str| {
                get["parameters"]
                    .as_array()
                    .is_some_and(|ps| ps.iter().any(|p| p["name"] == name && p["in"] == "query"))
            };
            if pages {
                assert!(
                    takes("cursor") && takes("limit"),
                    "{op} pages without cursor and limit"
                );
                lists.push(op.to_owned());
            } else {
                assert!(
                    !takes("limit"),
                    "{op} takes limit but answers no next_cursor"
                );
            }
        }
        lists.sort();
        let mut declared: Vec<String> = lists::operations().map(str::to_owned).collect();
        declared.sort();
        assert_eq!(lists, declared);
    }
}
