//! World Masters pages: the rounds, each round's boards, and the team and
//! individual standings of each closed round, as the tournament's read
//! resources show them to anyone.

use crate::page::layout::{any, table, text};
use crate::page::Public;
use crate::page::{page_of, Page};
use maud::{html, Markup};
use serde_json::Value;

fn render(p: &Public, page: &[&str]) -> Option<Page> {
    let nav = vec![("Teams", p.link("teams"))];
    match page {
        [] => Some(page_of(p, None, &nav, front(p))),
        ["teams"] => Some(page_of(p, Some("Teams and players"), &nav, teams(p))),
        ["round", n] => {
            let boards = p.resource("boards", Some(n))?;
            let standings = p.resource("standings", Some(n));
            let title = format!("Round {n}");
            Some(page_of(
                p,
                Some(&title),
                &nav,
                round(&boards, standings.as_ref()),
            ))
        }
        _ => None,
    }
}

fn paths(p: &Public) -> Vec<String> {
    let mut all = vec!["teams".to_owned()];
    all.extend(
        rounds(p)
            .iter()
            .map(|r| format!("round/{}", text(&r["round"]))),
    );
    all
}

fn rounds(p: &Public) -> Vec<Value> {
    p.resource("rounds", None)
        .and_then(|r| r["items"].as_array().cloned())
        .unwrap_or_default()
}

fn front(p: &Public) -> Markup {
    let rows: Vec<Vec<Markup>> = rounds(p)
        .iter()
        .map(|r| {
            let n = text(&r["round"]);
            vec![
                html! { a href=(p.link(&format!("round/{n}"))) { "Round " (n) } },
                html! { (text(&r["stage"])) },
                html! { (text(&r["boards"])) },
                html! { @if r["closed"] == Value::Bool(true) { "closed" } @else { "in play" } },
            ]
        })
        .collect();
    html! {
        @if let Some(w) = p.view.get("winners").filter(|w| !w.is_null()) {
            h2 { "Winners" } (any(w, 3))
        }
        p { "Next stage: " (text(&p.view["next_stage"])) }
        h2 { "Rounds" }
        (table("Rounds", &["Round", "Stage", "Boards", "State"], &rows))
        @if let Some(latest) = p.resource("standings", None) {
            h2 { "Standings after round " (text(&latest["round"])) }
            (standings(&latest))
        }
        h2 { "Motions of the Tournament Management Committee" }
        (any(&p.resource("motions", None).map(|m| m["items"].clone()).unwrap_or_default(), 3))
    }
}

fn teams(p: &Public) -> Markup {
    html! {
        h2 { "Teams" }
        (any(&p.view["teams"], 3))
        h2 { "Individual entries" }
        (any(&p.view["individuals"], 3))
        h2 { "Reserves" }
        (any(&p.view["reserves"], 3))
    }
}

/// A closed round's standings: the team table and the players' table,
/// with whatever other fields the round's close publishes.
fn standings(s: &Value) -> Markup {
    let mut rest = s.clone();
    if let Some(map) = rest.as_object_mut() {
        for k in ["items", "next_cursor", "round", "stage"] {
            map.remove(k);
        }
    }
    html! {
        (any(&rest, 3))
        h3 { "Individual standings" }
        (any(&s["items"], 3))
    }
}

fn round(boards: &Value, standings: Option<&Value>) -> Markup {
    html! {
        p { "Stage: " (text(&boards["stage"])) }
        h2 { "Boards" }
        (any(&boards["items"], 4))
        @if let Some(s) = standings {
            h2 { "Standings" }
            (standings_body(s))
        }
    }
}

fn standings_body(s: &Value) -> Markup {
    standings(s)
}

impl crate::rulebook::Pages for super::Tournament {
    fn page(public: &Public, path: &[&str]) -> Option<Page> {
        render(public, path)
    }

    fn page_paths(public: &Public) -> Vec<String> {
        paths(public)
    }

    fn listing(public: &Public) -> crate::page::Listing {
        super::listing::of(public)
    }
}
