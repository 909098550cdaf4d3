//! The route table, the OpenAPI document, `template.yaml` and the schedule
//! table describe one API: these tests fail when they drift apart.

use arbiter::server::{all_routes, HTTP_FUNCTIONS};
use arbiter_service::schedules::SCHEDULES;
use std::collections::BTreeSet;
use yaml_rust2::{Yaml, YamlLoader};

fn repo_file(path: &str) -> String {
    let full = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

fn template() -> Yaml {
    YamlLoader::load_from_str(&repo_file("template.yaml"))
        .expect("template.yaml parses")
        .remove(0)
}

/// (handler, resource) for every function in the template: the Handler
/// names which of the one binary's handlers the function serves.
fn functions(t: &Yaml) -> Vec<(String, Yaml)> {
    t["Resources"]
        .as_hash()
        .expect("Resources")
        .values()
        .filter(|r| r["Type"].as_str() == Some("AWS::Serverless::Function"))
        .map(|r| {
            let handler = r["Properties"]["Handler"]
                .as_str()
                .expect("every function names its handler")
                .to_owned();
            (handler, r.clone())
        })
        .collect()
}

fn events<'a>(function: &'a Yaml, kind: &str) -> Vec<&'a Yaml> {
    function["Properties"]["Events"]
        .as_hash()
        .map(|events| {
            events
                .values()
                .filter(|e| e["Type"].as_str() == Some(kind))
                .map(|e| &e["Properties"])
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn openapi_lists_every_route_and_nothing_else() {
    let doc: serde_json::Value = serde_json::from_str(&repo_file("docs/openapi.json")).unwrap();
    assert_eq!(doc["openapi"], "3.1.0");
    let served: serde_json::Value = serde_json::from_str(competitions::OPENAPI).unwrap();
    assert_eq!(served, doc, "the function serves the checked-in document");
    let mut documented = BTreeSet::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let public = op
                .get("security")
                .is_some_and(|s| s.as_array().is_some_and(Vec::is_empty));
            documented.insert((
                method.to_uppercase(),
                path.clone(),
                op["operationId"].as_str().unwrap().to_owned(),
                public,
            ));
        }
    }
    let routed: BTreeSet<_> = all_routes()
        .map(|(_, r)| {
            (
                r.method.to_string(),
                r.path.to_owned(),
                r.operation.to_owned(),
                !r.authenticated,
            )
        })
        .collect();
    assert_eq!(documented, routed);
}

#[test]
fn template_routes_equal_each_functions_routes() {
    let t = template();
    let declared = functions(&t);
    for (name, routes) in HTTP_FUNCTIONS {
        let (_, resource) = declared
            .iter()
            .find(|(binary, _)| binary == name)
            .unwrap_or_else(|| panic!("template.yaml has no function for {name}"));
        let in_template: BTreeSet<_> = events(resource, "HttpApi")
            .into_iter()
            .map(|p| {
                let public = p["Auth"]["Authorizer"].as_str() == Some("NONE");
                (
                    p["Method"].as_str().unwrap().to_uppercase(),
                    p["Path"].as_str().unwrap().to_owned(),
                    public,
                )
            })
            .collect();
        let in_code: BTreeSet<_> = routes
            .iter()
            .map(|r| (r.method.to_string(), r.path.to_owned(), !r.authenticated))
            .collect();
        assert_eq!(in_template, in_code, "routes of {name}");
    }
    // No function in the template answers HTTP without being in the table.
    for (binary, resource) in &declared {
        if !events(resource, "HttpApi").is_empty() {
            assert!(
                HTTP_FUNCTIONS.iter().any(|(n, _)| n == binary),
                "{binary} is not routed locally"
            );
        }
    }
}

#[test]
fn template_schedules_equal_the_schedule_table() {
    let t = template();
    let mut in_template = BTreeSet::new();
    for (binary, resource) in functions(&t) {
        for p in events(&resource, "ScheduleV2") {
            let input: serde_json::Value =
                serde_json::from_str(p["Input"].as_str().expect("schedules pass an Input"))
                    .expect("Input is JSON");
            in_template.insert((
                input["schedule"]
                    .as_str()
                    .expect("Input names the schedule")
                    .to_owned(),
                binary.clone(),
                p["ScheduleExpression"].as_str().unwrap().to_owned(),
                p["ScheduleExpressionTimezone"].as_str().unwrap().to_owned(),
            ));
        }
    }
    let in_code: BTreeSet<_> = SCHEDULES
        .iter()
        .map(|s| {
            (
                s.name.to_owned(),
                s.function.to_owned(),
                s.expression.to_owned(),
                s.timezone.to_owned(),
            )
        })
        .collect();
    assert_eq!(in_template, in_code);
}

#[test]
fn every_function_crate_is_in_the_template_and_the_binary() {
    let t = template();
    let declared: BTreeSet<_> = functions(&t).into_iter().map(|(b, _)| b).collect();
    let dispatched: BTreeSet<_> = arbiter_lambda::FUNCTIONS
        .iter()
        .map(|f| f.to_string())
        .collect();
    assert_eq!(
        declared, dispatched,
        "template Handlers and the binary's dispatch"
    );
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../functions");
    let crates: BTreeSet<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(declared, crates);
}

/// Identical Metadata and CodeUri on every function is what lets `sam build`
/// build the one binary once instead of once per function.
#[test]
fn every_function_is_the_one_binary_built_the_same_way() {
    let t = template();
    let (first_handler, first) = &functions(&t)[0];
    for (handler, resource) in functions(&t) {
        assert_eq!(
            resource["Metadata"]["BuildProperties"]["Binary"].as_str(),
            Some("arbiter-lambda"),
            "{handler}"
        );
        assert_eq!(
            resource["Metadata"], first["Metadata"],
            "{handler} vs {first_handler}"
        );
        assert_eq!(
            resource["Properties"]["CodeUri"], first["Properties"]["CodeUri"],
            "{handler} vs {first_handler}"
        );
    }
}

/// The public pages only read: their function's policies grant no action
/// beyond reading items, so a fault in page rendering cannot change a
/// competition.
#[test]
fn the_pages_function_may_only_read_the_table() {
    let t = template();
    let (_, pages) = functions(&t)
        .into_iter()
        .find(|(handler, _)| handler == "pages")
        .expect("a pages function");
    let policies = pages["Properties"]["Policies"].as_vec().expect("Policies");
    assert!(!policies.is_empty());
    for policy in policies {
        let name = policy.as_str().unwrap_or_else(|| {
            panic!("pages policy {policy:?} is a reference to a managed policy")
        });
        let statements = t["Resources"][name]["Properties"]["PolicyDocument"]["Statement"]
            .as_vec()
            .unwrap_or_else(|| panic!("{name} has statements"));
        for action in statements
            .iter()
            .flat_map(|s| s["Action"].as_vec().expect("Action list"))
        {
            let action = action.as_str().expect("action");
            assert!(
                ["dynamodb:GetItem", "dynamodb:Query"].contains(&action),
                "{name} lets the pages function {action}"
            );
        }
    }
}
