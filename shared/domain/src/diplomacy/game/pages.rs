//! Diplomacy board pages: the map of every phase (the domain's own drawing,
//! `diplomacy::picture`), the orders beside it with what became of each
//! once adjudicated (wm D.VIII.4 publishes them), and previous/next links.
//!
//! Phases are numbered from 1 in order of play: the adjudicated ones from
//! the board's `history`, then the phase now being played, whose orders are
//! secret until adjudication and so not shown here.

use crate::diplomacy::cli::OrderResult;
use crate::diplomacy::game::position::Position;
use crate::diplomacy::picture;
use crate::page::layout::{any, table, text};
use crate::page::Public;
use crate::page::{page_of, Page};
use maud::{html, Markup};
use serde_json::Value;

fn render(p: &Public, page: &[&str]) -> Option<Page> {
    let nav = vec![("Phases", p.link("phases"))];
    match page {
        [] => Some(page_of(p, None, &nav, front(p))),
        ["phases"] => Some(page_of(p, Some("Phases"), &nav, phase_list(p))),
        ["phase", n] => {
            let n: usize = n.parse().ok()?;
            let phase = phases(p).into_iter().nth(n.checked_sub(1)?)?;
            let title = format!("Phase {n}: {}", phase.code);
            Some(page_of(p, Some(&title), &nav, phase_body(p, n, &phase)))
        }
        // The phase being played (or the last one): a stable address to
        // link from elsewhere.
        ["map.svg"] => {
            let phase = phases(p).pop()?;
            let svg = picture::draw(&phase.position, &phase.results);
            Some(Page::svg(svg, false))
        }
        ["map", file] => {
            let n: usize = file.strip_suffix(".svg")?.parse().ok()?;
            let phase = phases(p).into_iter().nth(n.checked_sub(1)?)?;
            let svg = picture::draw(&phase.position, &phase.results);
            Some(Page::svg(svg, phase.adjudicated))
        }
        _ => None,
    }
}

fn paths(p: &Public) -> Vec<String> {
    let mut all = vec!["phases".to_owned()];
    let count = phases(p).len();
    if count > 0 {
        all.push("map.svg".to_owned());
    }
    for n in 1..=count {
        all.push(format!("phase/{n}"));
        all.push(format!("map/{n}.svg"));
    }
    all
}

/// One phase as the pages show it.
struct Phase {
    code: String,
    position: Position,
    results: Vec<OrderResult>,
    adjudicated: bool,
    record: Value,
}

fn phases(p: &Public) -> Vec<Phase> {
    let mut all: Vec<Phase> = p.view["history"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|r| {
            let position: Position = serde_json::from_value(r["before"].clone()).ok()?;
            Some(Phase {
                code: position.phase.clone(),
                results: serde_json::from_value(r["results"].clone()).unwrap_or_default(),
                position,
                adjudicated: true,
                record: r.clone(),
            })
        })
        .collect();
    if let Ok(position) = serde_json::from_value::<Position>(p.view["position"].clone()) {
        all.push(Phase {
            code: position.phase.clone(),
            position,
            results: Vec::new(),
            adjudicated: false,
            record: Value::Null,
        });
    }
    all
}

fn front(p: &Public) -> Markup {
    let all = phases(p);
    html! {
        dl {
            dt { "Status" } dd { (text(&p.view["status"])) }
            dt { "Deadline" } dd { (text(&p.view["deadline"])) }
            @if !p.view["result"].is_null() { dt { "Result" } dd { (any(&p.view["result"], 3)) } }
            @if !p.view["scores"].is_null() { dt { "Scores" } dd { (any(&p.view["scores"], 3)) } }
        }
        @if !all.is_empty() {
            h2 { "Now: " (all[all.len() - 1].code) }
            (map(p, all.len(), &all[all.len() - 1]))
            p { a href=(p.link(&format!("phase/{}", all.len()))) { "This phase" } " · " a href=(p.link("phases")) { "Every phase" } }
        }
        h2 { "Powers" }
        (seats(p))
        h2 { "Press" }
        (any(&p.view["press"], 3))
        h2 { "Proposals" }
        (any(&p.view["proposals"], 3))
    }
}

fn seats(p: &Public) -> Markup {
    let rows: Vec<Vec<Markup>> = p.view["seats"]
        .as_object()
        .into_iter()
        .flatten()
        .map(|(power, s)| {
            let centres = p.view["position"]["centers"][power]
                .as_array()
                .map_or(0, Vec::len);
            vec![
                html! { (power) },
                html! { (text(&s["player"])) },
                html! { (centres) },
                html! { @if s["civil_disorder"] == Value::Bool(true) { "civil disorder" } },
            ]
        })
        .collect();
    table(
        "Powers",
        &["Power", "Player", "Supply centres", "Note"],
        &rows,
    )
}

fn phase_list(p: &Public) -> Markup {
    html! {
        ol {
            @for (i, ph) in phases(p).iter().enumerate() {
                li { a href=(p.link(&format!("phase/{}", i + 1))) { (ph.code) }
                    @if !ph.adjudicated { " (being played)" } }
            }
        }
    }
}

/// The map of phase `n` as an image with its position in words as its
/// text alternative (the SVG also carries a title and a description).
fn map(p: &Public, n: usize, phase: &Phase) -> Markup {
    let mut alt = format!("Map of {}:", phase.code);
    for (power, units) in &phase.position.units {
        alt.push_str(&format!(" {power} {};", units.join(", ")));
    }
    html! {
        figure {
            img src=(p.link(&format!("map/{n}.svg"))) alt=(alt) width="600" height="520";
            figcaption.muted { "Board at the start of " (phase.code) @if phase.adjudicated { ", with its orders drawn as arrows" } "." }
        }
    }
}

fn phase_body(p: &Public, n: usize, phase: &Phase) -> Markup {
    let count = phases(p).len();
    let rows: Vec<Vec<Markup>> = phase
        .results
        .iter()
        .map(|r| {
            vec![
                html! { (r.power) },
                html! { (r.written.clone().or_else(|| r.order.clone()).unwrap_or_default()) },
                html! { (r.outcome) @if let Some(why) = &r.reason { " (" (why) ")" } },
            ]
        })
        .collect();
    html! {
        nav aria-label="Phases" {
            ul {
                @if n > 1 { li { a rel="prev" href=(p.link(&format!("phase/{}", n - 1))) { "← Previous phase" } } }
                @if n < count { li { a rel="next" href=(p.link(&format!("phase/{}", n + 1))) { "Next phase →" } } }
            }
        }
        div.board {
            (map(p, n, phase))
            div {
                h2 { "Orders" }
                @if phase.adjudicated {
                    p { "Adjudicated " (text(&phase.record["adjudicated_at"])) "." }
                    (table("Orders and results", &["Power", "Order", "Result"], &rows))
                    @if phase.record["nmr"].as_array().is_some_and(|a| !a.is_empty()) {
                        p { "No orders received from: " (any(&phase.record["nmr"], 2)) }
                    }
                } @else {
                    p { "Orders are secret until the phase is adjudicated." }
                }
            }
        }
    }
}

impl crate::rulebook::Pages for super::Board {
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
