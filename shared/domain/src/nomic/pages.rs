//! Nomic pages: the game now (whose day it is, what is open and until
//! when, the points that win and the race to them), the rule book now or as
//! of a date (nomic 108, 109 keep every version readable), the proposals as
//! cards with each change shown on the rule's text and the votes as the
//! voting thread publishes them (nomic 113), and the points thread (nomic
//! 209).

mod diff;
mod front;
mod proposals;

use crate::nomic::turns::{uk_date, uk_time, AllocatedDay};
use crate::page::layout::{table, text};
use crate::page::{count, date, instant, Listing, Public};
use crate::page::{page_of, Page};
use maud::{html, Markup};
use proposals::{card, Books};
use serde_json::Value;

/// How many proposals the front page shows, newest first.
const LATEST: usize = 3;

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
        ["proposals"] => Some(page_of(p, Some("Proposals"), &nav, all_proposals(p))),
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

/// The game's line in the index: begun or not, whose day it is, the
/// winner (nomic 201, 210).
fn listing(p: &Public) -> Listing {
    let v = &p.view;
    let players = v["players"].as_array().map_or(0, Vec::len);
    let begun = instant(&v["begun_at"]);
    let today = AllocatedDay::of(uk_date(p.now)).and_then(|d| {
        let day = serde_json::to_value(d).ok()?;
        v["players"]
            .as_array()?
            .iter()
            .find(|s| s["day"] == day)
            .map(|s| text(&s["player"]))
    });
    let status = match (v["winner"].as_str(), begun, today) {
        (Some(w), _, _) => format!("Finished: {w} won"),
        (None, None, _) => "Not begun".to_owned(),
        (None, Some(_), Some(player)) => format!("In play: {player}'s day"),
        (None, Some(_), None) => "In play".to_owned(),
    };
    Listing {
        kind: "Nomic game",
        status,
        dates: begun.map(|t| format!("Begun {}", date(t))),
        size: (players > 0).then(|| count(players, "player", "players")),
    }
}

/// Every proposal, newest first.
fn newest_first<'v>(p: &'v Public) -> Vec<&'v Value> {
    let mut all: Vec<&Value> = p.view["proposals"]
        .as_array()
        .into_iter()
        .flatten()
        .collect();
    all.reverse();
    all
}

fn front(p: &Public) -> Markup {
    let all = newest_first(p);
    let mut books = Books::new(p);
    html! {
        h2 { "Now" }
        (front::now(p))
        h2 { "Score race" }
        (front::race(p))
        h2 { "Latest proposals" }
        @if all.is_empty() {
            p { "No proposal has been made yet." }
        } @else {
            @for q in all.iter().take(LATEST) { (card(p, &mut books, q)) }
            p { a href=(p.link("proposals")) { "All " (count(all.len(), "proposal", "proposals")) } }
        }
    }
}

/// The proposals: those open for voting, then those decided, newest first;
/// then the Points of Order (nomic 214).
fn all_proposals(p: &Public) -> Markup {
    let all = newest_first(p);
    let (open, decided): (Vec<&Value>, Vec<&Value>) =
        all.into_iter().partition(|q| q["status"] == "voting");
    let mut books = Books::new(p);
    html! {
        p { "Proposal numbers begin with 301 (nomic 109). " (next_number(p)) }
        h2 { "Open for voting" }
        @if open.is_empty() { p { "None now." } }
        @for q in open { (card(p, &mut books, q)) }
        h2 { "Decided" }
        @if decided.is_empty() { p { "None yet." } }
        @for q in decided { (card(p, &mut books, q)) }
        (points_of_order(p))
    }
}

/// nomic 109: the number the next proper proposal takes.
fn next_number(p: &Public) -> String {
    let next = text(&p.view["next_proposal_number"]);
    format!("The next proper proposal takes number {next}.")
}

/// nomic 214: each Point of Order, its Judge and Judgement.
fn points_of_order(p: &Public) -> Markup {
    let all: Vec<&Value> = p.view["points_of_order"]
        .as_array()
        .into_iter()
        .flatten()
        .collect();
    html! {
        @if !all.is_empty() {
            h2 { "Points of Order" }
            @for point in all {
                article.card {
                    h3 { "Point of Order " (text(&point["id"])) }
                    p.muted {
                        "Raised by " (text(&point["raised_by"]))
                        @if let Some(t) = instant(&point["raised_at"]) { ", " (uk_time(t)) " UK time" }
                        @if !point["proposal"].is_null() { ", on proposal " (text(&point["proposal"])) }
                        "; Judge: " (text(&point["judge"])) " (nomic 214)."
                    }
                    p { (text(&point["statement"])) }
                    @if let Some(j) = point["judgement"].as_object() {
                        p { strong { "Judgement: " } (text(&j["decision"])) }
                    } @else {
                        p.muted { "No Judgement yet." }
                    }
                }
            }
        }
    }
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

/// The race, then the points thread (nomic 209), newest first.
fn points(p: &Public) -> Markup {
    let rows: Vec<Vec<Markup>> = p.view["points_thread"]
        .as_array()
        .into_iter()
        .flatten()
        .rev()
        .map(|l| {
            vec![
                html! { (instant(&l["at"]).map(uk_time).unwrap_or_default()) },
                html! { (text(&l["player"])) },
                html! { (text(&l["line"])) },
                html! { a href={ (p.link("proposals")) "#p" (text(&l["proposal"])) } { (text(&l["proposal"])) } },
            ]
        })
        .collect();
    html! {
        h2 { "Score race" }
        (front::race(p))
        h2 { "Points thread" }
        @if rows.is_empty() {
            p { "No points have been awarded yet." }
        } @else {
            (table("Points thread, newest first: each new total with its change (nomic 209)", &["When (UK)", "Player", "Total (change)", "Proposal"], &rows))
        }
    }
}

impl crate::rulebook::Pages for super::Nomic {
    fn page(public: &Public, path: &[&str]) -> Option<Page> {
        render(public, path)
    }

    fn page_paths(public: &Public) -> Vec<String> {
        paths(public)
    }

    fn listing(public: &Public) -> Listing {
        listing(public)
    }
}
