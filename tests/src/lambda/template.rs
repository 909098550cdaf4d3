//! What `template.yaml` says each Lambda function is: its Handler, memory,
//! timeout and environment, the HTTP routes API Gateway sends it and the
//! schedules EventBridge Scheduler sends it. Read from the file itself, so
//! the emulated deployment routes as the real one does.

use std::collections::BTreeMap;
use yaml_rust2::{Yaml, YamlLoader};

/// One HTTP API route: `METHOD /path/{param}`, and whether its JWT
/// authorizer runs (`Auth: {Authorizer: NONE}` says it does not).
#[derive(Debug, Clone)]
pub struct Route {
    pub method: String,
    pub path: String,
    pub authorized: bool,
    pub handler: String,
}

impl Route {
    /// `GET /v1/competitions/{id}`, as API Gateway writes a route key.
    pub fn key(&self) -> String {
        format!("{} {}", self.method, self.path)
    }

    /// The path parameters if `path` matches this route, and how many of
    /// its segments are literal (API Gateway picks the most specific).
    fn matches(&self, method: &str, path: &str) -> Option<(usize, BTreeMap<String, String>)> {
        if self.method != method {
            return None;
        }
        let pattern: Vec<&str> = self.path.split('/').collect();
        let segments: Vec<&str> = path.split('/').collect();
        if pattern.len() != segments.len() {
            return None;
        }
        let mut literal = 0;
        let mut params = BTreeMap::new();
        for (p, s) in pattern.iter().zip(&segments) {
            match p.strip_prefix('{').and_then(|p| p.strip_suffix('}')) {
                Some(name) if !s.is_empty() => {
                    params.insert(name.to_owned(), (*s).to_owned());
                }
                Some(_) => return None,
                None if p == s => literal += 1,
                None => return None,
            }
        }
        Some((literal, params))
    }
}

/// One function of the template.
#[derive(Debug, Clone)]
pub struct Function {
    /// The resource's logical id (`CompetitionsFunction`).
    pub name: String,
    pub handler: String,
    pub memory_mb: u64,
    pub timeout_s: u64,
    /// The function's environment as the template resolves it with its
    /// default parameters, `TABLE_NAME` left to the caller.
    pub environment: BTreeMap<String, String>,
}

/// The functions, routes and schedules of `template.yaml`.
pub struct Template {
    pub functions: Vec<Function>,
    pub routes: Vec<Route>,
    /// (the schedule's `Input` as JSON, the Handler it invokes).
    pub schedules: Vec<(serde_json::Value, String)>,
}

impl Template {
    /// The repository's template.yaml.
    pub fn read() -> Self {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../template.yaml");
        let text = std::fs::read_to_string(&path).expect("template.yaml");
        let doc = YamlLoader::load_from_str(&text)
            .expect("template.yaml parses")
            .remove(0);
        Self::from_yaml(&doc)
    }

    fn from_yaml(doc: &Yaml) -> Self {
        let globals = &doc["Globals"]["Function"];
        let mut template = Template {
            functions: Vec::new(),
            routes: Vec::new(),
            schedules: Vec::new(),
        };
        let resources = doc["Resources"].as_hash().expect("Resources");
        for (name, resource) in resources {
            if resource["Type"].as_str() != Some("AWS::Serverless::Function") {
                continue;
            }
            let p = &resource["Properties"];
            let handler = p["Handler"].as_str().expect("a Handler").to_owned();
            let number = |key: &str| {
                p[key]
                    .as_i64()
                    .or(globals[key].as_i64())
                    .expect("the template or its Globals") as u64
            };
            let mut environment = BTreeMap::new();
            for vars in [
                &globals["Environment"]["Variables"],
                &p["Environment"]["Variables"],
            ] {
                for (k, v) in vars.as_hash().into_iter().flatten() {
                    let k = k.as_str().expect("a variable name").to_owned();
                    environment.insert(k, resolve(doc, v));
                }
            }
            environment.remove("TABLE_NAME");
            template.functions.push(Function {
                name: name.as_str().expect("a logical id").to_owned(),
                handler: handler.clone(),
                memory_mb: number("MemorySize"),
                timeout_s: number("Timeout"),
                environment,
            });
            template.read_events(p, &handler);
        }
        template
    }

    fn read_events(&mut self, properties: &Yaml, handler: &str) {
        for event in properties["Events"]
            .as_hash()
            .into_iter()
            .flatten()
            .map(|e| e.1)
        {
            let e = &event["Properties"];
            match event["Type"].as_str() {
                Some("HttpApi") => self.routes.push(Route {
                    method: e["Method"].as_str().expect("a Method").to_owned(),
                    path: e["Path"].as_str().expect("a Path").to_owned(),
                    authorized: e["Auth"]["Authorizer"].as_str() != Some("NONE"),
                    handler: handler.to_owned(),
                }),
                Some("ScheduleV2") => {
                    let input = e["Input"].as_str().expect("a schedule's Input");
                    let input = serde_json::from_str(input).expect("the Input is JSON");
                    self.schedules.push((input, handler.to_owned()));
                }
                _ => {}
            }
        }
    }

    /// The route API Gateway picks for `method path` (the one with the
    /// most literal segments), with its path parameters; `None`: API
    /// Gateway answers 404 itself, no function runs.
    pub fn route(&self, method: &str, path: &str) -> Option<(&Route, BTreeMap<String, String>)> {
        self.routes
            .iter()
            .filter_map(|r| r.matches(method, path).map(|(n, params)| (n, r, params)))
            .max_by_key(|(n, _, _)| *n)
            .map(|(_, r, params)| (r, params))
    }

    /// The function whose Handler is `handler`.
    pub fn function(&self, handler: &str) -> &Function {
        self.functions
            .iter()
            .find(|f| f.handler == handler)
            .unwrap_or_else(|| panic!("no function has the Handler {handler}"))
    }

    /// The Handler the schedule `name` invokes, and its event.
    pub fn schedule(&self, name: &str) -> (&str, &serde_json::Value) {
        self.schedules
            .iter()
            .find(|(input, _)| input["schedule"] == name)
            .map(|(input, handler)| (handler.as_str(), input))
            .unwrap_or_else(|| panic!("template.yaml has no schedule {name}"))
    }
}

/// A variable's value as a deployment with the default parameters has it.
/// yaml-rust2 drops the intrinsic functions' tags, so they are recognised
/// by shape: a `!Ref` is the bare name of a parameter (its default) or a
/// resource; a `!Sub` string has `${…}`; an `!If` is a three-item list,
/// and every condition a variable tests is an optional parameter, empty by
/// default, so the third item is taken. Resources that do not exist here
/// (the user pool, the API) are named `emulated-…`.
fn resolve(doc: &Yaml, value: &Yaml) -> String {
    match value {
        Yaml::String(s) => resolve_str(doc, s),
        Yaml::Array(items) if items.len() == 3 => resolve(doc, &items[2]),
        Yaml::Integer(n) => n.to_string(),
        Yaml::Boolean(b) => b.to_string(),
        _ => String::new(),
    }
}

fn resolve_str(doc: &Yaml, s: &str) -> String {
    if !doc["Parameters"][s].is_badvalue() {
        return resolve(doc, &doc["Parameters"][s]["Default"]);
    }
    if !doc["Resources"][s].is_badvalue() {
        return format!("emulated-{}", s.to_lowercase());
    }
    let mut out = String::new();
    let mut rest = s;
    while let Some(start) = rest.find("${") {
        out.push_str(&rest[..start]);
        let Some(end) = rest[start..].find('}') else {
            break;
        };
        let name = &rest[start + 2..start + end];
        out.push_str(&match name {
            "AWS::Region" => super::REGION.to_owned(),
            "AWS::URLSuffix" => "amazonaws.com".to_owned(),
            _ => resolve_str(doc, name),
        });
        rest = &rest[start + end + 1..];
    }
    out + rest
}
