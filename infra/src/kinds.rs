//! `arbiter kinds`: the competition kinds this build runs, read off the
//! registry, so that scripts, clients and tests outside Rust (schemathesis,
//! the typed client, the browser scenario) follow it instead of keeping a
//! list of their own.

use arbiter_domain::competition::Kind;
use arbiter_domain::rulebook::Route;
use serde::Serialize;
use std::collections::BTreeMap;

/// One kind as `arbiter kinds --json` lists it.
#[derive(Debug, Serialize)]
pub struct Listed {
    /// The name every request and log uses (`"kind"` on create).
    pub name: &'static str,
    /// How refusals name it ("a Swiss event").
    pub title: &'static str,
    /// The action each dedicated route performs for it
    /// (`registrations`, `votes`, `orders`, `rounds`).
    pub routes: BTreeMap<&'static str, &'static str>,
    /// Its read resources (`GET /v1/competitions/{id}/{resource}`).
    pub resources: &'static [&'static str],
}

/// Every registered kind, in registry order.
pub fn all() -> Vec<Listed> {
    Kind::ALL
        .iter()
        .map(|&kind| Listed {
            name: kind.name(),
            title: kind.title(),
            routes: Route::ALL
                .into_iter()
                .filter_map(|route| Some((route.segment(), kind.route_action(route)?)))
                .collect(),
            resources: kind.resources(),
        })
        .collect()
}

/// What `arbiter kinds` prints: `name<TAB>title` lines, or the JSON list.
pub fn listing(json: bool) -> String {
    let kinds = all();
    if json {
        let mut out = serde_json::to_string_pretty(&kinds).unwrap_or_default();
        out.push('\n');
        return out;
    }
    kinds
        .iter()
        .map(|k| format!("{}\t{}\n", k.name, k.title))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_registered_kind_is_listed_by_name_and_title_in_registry_order() {
        let lines = listing(false);
        let names: Vec<&str> = lines.lines().filter_map(|l| l.split('\t').next()).collect();
        let registered: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
        assert_eq!(names, registered);
        // By hand, two of them as the rulebooks' kinds title themselves.
        assert!(lines.contains("nomic\ta Nomic game\n"), "{lines}");
        assert!(lines.contains("swiss\ta Swiss event\n"), "{lines}");
    }

    #[test]
    fn the_json_names_each_kinds_routes_as_its_rules_do() {
        let listed: serde_json::Value = serde_json::from_str(&listing(true)).unwrap();
        let nomic = listed
            .as_array()
            .unwrap()
            .iter()
            .find(|k| k["name"] == "nomic")
            .unwrap();
        // nomic 201 the organizer seats a player; nomic 113 a vote.
        assert_eq!(nomic["routes"]["registrations"], "seat-player");
        assert_eq!(nomic["routes"]["votes"], "record-vote");
        assert!(nomic["routes"].get("orders").is_none());
        assert!(nomic["resources"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r == "rules"));
    }
}
