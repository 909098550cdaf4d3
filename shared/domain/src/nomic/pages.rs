//! Nomic pages: the rule book now or as of a date (nomic 108, 109 keep every
//! version readable), the proposals with their votes as published, and the
//! points thread.

use crate::page::layout::{any, table, text};
use crate::page::Public;
use crate::page::{page_of, Page};
use maud::{html, Markup};
use serde_json::Value;

fn render(p: &Public, page: &[&str]) -> Option<Page> {
    let nav = vec![
        ("Rule book", p.link("rules")),
        ("Proposals", p.link("proposals")),
        ("Points", p.link("points")),
    ];
    match page {
        [] => Some(page_of(p, None, &nav, front(p))),
        ["rules"] => Some(page_of(p, Some("Rule book"), &nav, rules(p, None))),
        ["rules", at] => {
            // A date reads as the end of that day (UTC): the book as it
            // stood once the day's changes had taken effect.
            let instant = if at.contains('T') {
                (*at).to_owned()
            } else {
                format!("{at}T23:59:59Z")
            };
            let book = p.resource_with("rules", None, &[("at", &instant)])?;
            Some(page_of(
                p,
                Some(&format!("Rule book as of {at}")),
                &nav,
                rule_book(p, &book, Some(at)),
            ))
        }
        ["proposals"] => Some(page_of(p, Some("Proposals"), &nav, proposals(p))),
        ["points"] => Some(page_of(p, Some("Points"), &nav, points(p))),
        _ => None,
    }
}

fn paths(_p: &Public) -> Vec<String> {
    vec![
        "rules".to_owned(),
        "proposals".to_owned(),
        "points".to_owned(),
    ]
}

fn front(p: &Public) -> Markup {
    html! {
        @if !p.view["winner"].is_null() { p { strong { "Winner: " (text(&p.view["winner"])) } } }
        (players(p))
        p { "Votes needed: " (text(&p.view["threshold"])) "." }
    }
}

fn players(p: &Public) -> Markup {
    let rows: Vec<Vec<Markup>> = p.view["players"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|pl| {
            vec![
                html! { (text(&pl["player"])) },
                html! { (text(&pl["points"])) },
                html! { (text(&pl["day"])) },
            ]
        })
        .collect();
    html! { h2 { "Players" } (table("Players and points", &["Player", "Points", "Day"], &rows)) }
}

fn rules(p: &Public, at: Option<&str>) -> Markup {
    let book = p.resource("rules", None).unwrap_or(Value::Null);
    rule_book(p, &book, at)
}

/// The rule book in the seed's export form: `rules` keyed by position,
/// each with its `label` (number and mutability), `text` lines and `date`.
fn rule_book(p: &Public, book: &Value, at: Option<&str>) -> Markup {
    let mut entries: Vec<(&String, &Value)> =
        book["rules"].as_object().into_iter().flatten().collect();
    entries.sort_by_key(|(k, _)| k.parse::<u64>().unwrap_or(u64::MAX));
    html! {
        form method="get" action=(p.link("rules")) {
            label { "Rule book as it stood on " input type="date" name="at" value=[at]; }
            " " button type="submit" { "Show" }
        }
        @if let Some(at) = at { p { "As of " (at) "." } }
        @if entries.is_empty() { p { "No rule book has been imported yet." } }
        @for (_, rule) in entries {
            @if rule["ineffect"].as_str() != Some("0") {
                section {
                    h2 { "Rule " (text(&rule["label"])) }
                    @for line in rule["text"].as_array().into_iter().flatten() { p { (text(line)) } }
                    p.muted { "In this form since " (text(&rule["date"])) "." }
                    @let earlier = linked(book, rule);
                    @if !earlier.is_empty() {
                        p.muted { "Amends or renumbers: " (earlier.join(", ")) "." }
                    }
                    @for note in rule["notes"].as_array().into_iter().flatten() {
                        p.muted { "Note (" (text(&note["author"])) ", " (text(&note["date"])) "): " (text(&note["content"])) }
                    }
                }
            }
        }
    }
}

/// The rules a rule links to that are no longer in effect (the versions it
/// amended or renumbered, nomic 108–109), by their labels.
fn linked(book: &Value, rule: &Value) -> Vec<String> {
    rule["linksto"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|k| {
            let other = &book["rules"][k.as_str()?];
            (other["ineffect"].as_str() == Some("0")).then(|| {
                format!(
                    "rule {} (until {})",
                    text(&other["label"]),
                    text(&other["date"])
                )
            })
        })
        .collect()
}

fn proposals(p: &Public) -> Markup {
    html! { (any(&p.view["proposals"], 4)) }
}

fn points(p: &Public) -> Markup {
    html! {
        (players(p))
        h2 { "Points thread" }
        (any(&p.view["points_thread"], 3))
    }
}

impl crate::rulebook::Pages for super::Nomic {
    fn page(public: &Public, path: &[&str]) -> Option<Page> {
        render(public, path)
    }

    fn page_paths(public: &Public) -> Vec<String> {
        paths(public)
    }
}
