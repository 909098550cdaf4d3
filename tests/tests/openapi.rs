//! The OpenAPI document is built from the code (`arbiter openapi`): these
//! tests fail when the checked-in `docs/openapi.json` is stale, and when a
//! request body the documentation shows does not fit the document.

use arbiter::openapi;
use arbiter::server::all_routes;
use arbiter_domain::competition::Kind;
use serde_json::{json, Value};
use std::collections::BTreeMap;

fn repo_file(path: &str) -> String {
    let full = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

#[test]
fn the_checked_in_document_is_the_generated_one() {
    let checked_in: Value = serde_json::from_str(&repo_file(openapi::PATH)).unwrap();
    assert!(
        checked_in == openapi::document(),
        "docs/openapi.json is stale: run `cargo run -p arbiter -- openapi --write` \
         from the repository's root and commit the result"
    );
}

/// The TypeScript client builds from its own copy (so its folder builds
/// wherever it is copied); a copy behind the document would type a client
/// against an API that is no longer served.
#[test]
fn the_typescript_clients_copy_is_the_checked_in_document() {
    assert!(
        repo_file(openapi::CLIENT_COPY) == repo_file(openapi::PATH),
        "{} differs from {}: run `cargo run -p arbiter -- openapi --write` \
         (or `npm run sync-openapi` in clients/typescript) and commit the result",
        openapi::CLIENT_COPY,
        openapi::PATH
    );
}

/// A validator for `schema`, resolving `#/components/...` in `doc`.
fn validator(doc: &Value, schema: &Value) -> jsonschema::Validator {
    let mut root = schema.clone();
    root["components"] = doc["components"].clone();
    root["$schema"] = json!("https://json-schema.org/draft/2020-12/schema");
    jsonschema::validator_for(&root).unwrap_or_else(|e| panic!("schema does not compile: {e}"))
}

fn body_schema<'d>(doc: &'d Value, path: &str, method: &str) -> Option<&'d Value> {
    doc["paths"][path][method]["requestBody"]["content"]["application/json"].get("schema")
}

#[test]
fn every_example_in_the_document_fits_its_schema() {
    let doc = openapi::document();
    let mut checked = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let media = &op["requestBody"]["content"]["application/json"];
            let Some(examples) = media["examples"].as_object() else {
                continue;
            };
            let v = validator(&doc, &media["schema"]);
            for (name, example) in examples {
                let errors: Vec<String> = v
                    .iter_errors(&example["value"])
                    .map(|e| e.to_string())
                    .collect();
                assert!(
                    errors.is_empty(),
                    "{method} {path} example {name}: {errors:?}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 10, "only {checked} examples");
}

/// One `curl` of a shell block: method, path, JSON body.
struct Curl {
    method: String,
    path: String,
    body: Option<Value>,
}

/// The curl commands of a Markdown file (continued lines joined).
fn curls(markdown: &str) -> Vec<Curl> {
    let joined = markdown.replace("\\\n", " ");
    joined
        .lines()
        .filter(|l| l.trim_start().starts_with("curl "))
        .filter_map(|line| {
            let url = line.split_whitespace().find_map(|w| {
                let w = w.trim_matches('"');
                w.strip_prefix("$API").map(str::to_owned)
            })?;
            let path = url.split('?').next().unwrap().to_owned();
            let method = line
                .split_once("-X ")
                .map(|(_, rest)| rest.split_whitespace().next().unwrap().to_owned())
                .unwrap_or_else(|| "GET".into());
            let body = line.split_once("-d '").map(|(_, rest)| {
                let text = rest.split('\'').next().unwrap();
                serde_json::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"))
            });
            Some(Curl { method, path, body })
        })
        .collect()
}

#[test]
fn every_request_body_the_docs_show_fits_the_document() {
    let doc = openapi::document();
    let routes: Vec<_> = all_routes().map(|(_, r)| r.clone()).collect();
    let mut files = vec!["README.md".to_owned()];
    for dir in ["docs", "docs/guides"] {
        let path = format!("{}/../{dir}", env!("CARGO_MANIFEST_DIR"));
        for entry in std::fs::read_dir(path).unwrap() {
            let name = entry.unwrap().file_name().into_string().unwrap();
            if name.ends_with(".md") {
                files.push(format!("{dir}/{name}"));
            }
        }
    }
    assert!(
        files
            .iter()
            .filter(|f| f.starts_with("docs/guides/"))
            .count()
            >= 6,
        "a guide for every kind: {files:?}"
    );
    let mut checked = 0;
    for file in files {
        // The kind of each competition the file creates, by id.
        let mut kinds: BTreeMap<String, Kind> = BTreeMap::new();
        for curl in curls(&repo_file(&file)) {
            let method: http::Method = curl.method.parse().unwrap();
            let (route, params) = arbiter_http::routing::find(&routes, &method, &curl.path)
                .unwrap_or_else(|p| panic!("{file}: {} {}: {}", curl.method, curl.path, p.detail));
            let Some(body) = curl.body else { continue };
            let at = format!("{file}: {} {} {body}", curl.method, curl.path);
            let method = curl.method.to_lowercase();
            let schema = body_schema(&doc, route.path, &method)
                .unwrap_or_else(|| panic!("{at}: the document takes no body here"));
            let errors: Vec<String> = validator(&doc, schema)
                .iter_errors(&body)
                .map(|e| format!("{e} at {}", e.instance_path()))
                .collect();
            assert!(errors.is_empty(), "{at}: {errors:?}");
            if route.operation == "createCompetition" {
                let kind: Kind = serde_json::from_value(body["kind"].clone()).unwrap();
                kinds.insert(body["id"].as_str().unwrap().to_owned(), kind);
            } else if let Some(kind) = params.get("id").and_then(|id| kinds.get(id)) {
                // The body also reads as the kind's command, as the route reads it.
                if let Some(kind_route) = openapi::kind_route(route.operation) {
                    let action = match kind_route {
                        Some(r) => kind.route_action(r).expect("the kind offers the route"),
                        None => body["action"]
                            .as_str()
                            .expect("an /actions body names its action"),
                    };
                    let mut command = body.clone();
                    command["action"] = json!(action);
                    if kind.draws_lots(action) && command.get("seed").is_none() {
                        command["seed"] = json!(1);
                    }
                    if !(*kind == Kind::Acwc && route.operation == "registerPlayer") {
                        kind.command(command)
                            .unwrap_or_else(|e| panic!("{at}: {e}"));
                    }
                }
            }
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} bodies found");
}

/// `value` against the named component schema of `doc`.
fn check_component(doc: &Value, name: &str, value: &Value) {
    let schema = json!({ "$ref": format!("#/components/schemas/{name}") });
    let errors: Vec<String> = validator(doc, &schema)
        .iter_errors(value)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{name}: {value}: {errors:?}");
}

#[test]
fn a_new_competition_of_every_kind_and_its_log_fit_the_document() {
    use arbiter_domain::competition::{
        apply, Actor, Commit, CompetitionId, Event, Recorded, UserId,
    };
    let doc = openapi::document();
    let organizer = UserId::try_from("ann").unwrap();
    for &kind in Kind::ALL {
        let id = CompetitionId::try_from(kind.name()).unwrap();
        let commit = Commit {
            version: 1,
            at: "2026-01-01T00:00:00Z".parse().unwrap(),
            actor: Actor::User(organizer.clone()),
            command: "create".into(),
            events: vec![Recorded::new(Event::Created {
                kind,
                name: "A".into(),
                organizer: organizer.clone(),
            })],
            idempotency: None,
        };
        let state = apply(None, &id, &commit);
        for viewer in [None, Some(&organizer)] {
            let view = serde_json::to_value(state.view(viewer)).unwrap();
            check_component(&doc, "Competition", &view);
            let entry = serde_json::to_value(commit.log_entry(&state, viewer)).unwrap();
            check_component(&doc, "LogEntry", &entry);
        }
    }
}
