//! A round's page: its pairings and results board by board (a Swiss
//! round's ratings beside the names where any are entered), its bye, the
//! players not paired, and for a Dutch-system Swiss how the round was
//! paired (the `explanations` resource).

use super::people::People;
use super::{points_words, round_links, round_name, rounds};
use crate::chess::swiss::dutch::explain::text_of;
use crate::chess::{half_points_label, half_points_text};
use crate::page::layout::{table, table_of, text};
use crate::page::Public;
use maud::{html, Markup};
use serde_json::Value;

/// Round `n`'s page body; `None` when it is not paired.
pub fn page(p: &Public, n: u64) -> Option<Markup> {
    let round = rounds(p)
        .into_iter()
        .find(|r| r["round"].as_u64() == Some(n))?;
    let people = People::of(p);
    let body = if round.get("games").is_some() {
        swiss(p, &round, &people)
    } else {
        acwc(&round, &people)
    };
    Some(html! {
        (round_links(p, Some(n)))
        (body)
        @if let Some(e) = p.resource("explanations", Some(&n.to_string())) {
            (explanation(&e))
        }
    })
}

/// The boards: four columns (board, White, result, Black), each name with
/// its rating, so a phone shows a whole board without scrolling.
fn swiss(p: &Public, r: &Value, people: &People) -> Markup {
    let player = |id: &Value| {
        let rating = people.get(&text(id)).map_or(0, |e| e.rating);
        html! {
            (people.link(p, id))
            @if rating > 0 { " " span.muted { (rating) } }
        }
    };
    let rows: Vec<Vec<Markup>> = r["games"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|g| {
            vec![
                html! { (text(&g["board"])) },
                player(&g["white"]),
                html! { (game_result(g)) },
                player(&g["black"]),
            ]
        })
        .collect();
    let caption = format!("Pairings and results of {}", round_name(r).to_lowercase());
    let head = [
        html! { abbr title="Board" { "Bo." } },
        html! { "White" },
        html! { "Result" },
        html! { "Black" },
    ];
    html! {
        (table_of(None, &caption, &head, &rows))
        @if let Some(bye) = r.get("bye").filter(|b| !b.is_null()) {
            p { "Pairing bye (1 point): " (people.link(p, bye)) }
        }
        (not_paired(p, r, people))
    }
}

/// The players not paired in the round, each with the points the round
/// gave him (a requested half-point bye ½, an absence 0).
fn not_paired(p: &Public, r: &Value, people: &People) -> Markup {
    let Some(list) = r["not_paired"].as_object().filter(|o| !o.is_empty()) else {
        return html! {};
    };
    let mut list: Vec<(&String, &Value)> = list.iter().collect();
    let number = |id: &str| people.get(id).and_then(|e| e.number).unwrap_or(u64::MAX);
    list.sort_by_key(|(id, _)| number(id));
    html! {
        h2 { "Not paired" }
        ul {
            @for (id, half) in list {
                li {
                    (people.link(p, &Value::from(id.as_str())))
                    ": " (half_points_label(half.as_u64().unwrap_or(0)))
                }
            }
        }
    }
}

/// A Swiss game's result as a pairing sheet prints it: "1–0", "½–½",
/// "+–−" for a forfeit; "pending" until it is in, and whether a
/// player's report still waits (for the opponent or the arbiter) or is
/// disputed.
fn game_result(g: &Value) -> String {
    let shown = match g["result"].as_str() {
        Some("1-0") => "1–0",
        Some("0-1") => "0–1",
        Some("1/2-1/2") => "½–½",
        Some("+-") => "+–−",
        Some("-+") => "−–+",
        Some("--") => "−–−",
        Some(other) => other,
        None => "pending",
    };
    match g["status"]["status"].as_str() {
        Some("reported") if !g["result"].is_null() => format!("{shown} (reported)"),
        Some("disputed") => format!("{shown} (disputed)"),
        _ => shown.to_owned(),
    }
}

fn acwc(r: &Value, people: &People) -> Markup {
    let rows: Vec<Vec<Markup>> = r["matches"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|m| {
            vec![
                html! { (text(&m["id"])) },
                html! { (people.shown(&m["first"])) },
                html! { (people.shown(&m["second"])) },
                html! { (match_result(m, people)) },
            ]
        })
        .collect();
    let caption = format!("Pairings and results of {}", round_name(r).to_lowercase());
    html! {
        @if let Some(d) = r.get("deadline").filter(|d| !d.is_null()) { p { "Deadline: " (text(d)) } }
        (table(&caption, &["Match", "First", "Second", "Score"], &rows))
        @if let Some(bye) = r.get("bye").filter(|b| !b.is_null()) {
            p { "Bye: " (people.shown(bye)) }
        }
    }
}

/// An ACWC match's result: the score in games ("6½–3½", the first
/// player's first), or who won it and how.
pub fn match_result(m: &Value, people: &People) -> String {
    let o = &m["outcome"];
    match o["outcome"].as_str() {
        Some("score") => format!(
            "{}–{}",
            half_points_text(o["first"].as_u64().unwrap_or(0)),
            half_points_text(o["second"].as_u64().unwrap_or(0))
        ),
        Some(_) => format!(
            "won by {} ({})",
            people.shown(&o["winner"]),
            text(&o["award"])
        ),
        None => "not yet played".to_owned(),
    }
}

/// "How this round was paired": each board's reasons with their clauses,
/// the bye, the score brackets (folded away), and the arbiter's reason for
/// a round paired by hand (the `explanations` resource, Dutch events).
fn explanation(e: &Value) -> Markup {
    let name = |n: &Value| {
        let key = text(n);
        let who = &e["players"][&key]["name"];
        format!("{key} {}", text(who))
    };
    let notes = |v: &Value| -> Markup {
        html! {
            ul.reasons {
                @for n in v.as_array().into_iter().flatten() {
                    li { strong { (text(&n["clause"])) } " " (text(&n["text"])) }
                }
            }
        }
    };
    let engine = &e["engine"];
    let system = engine["system"].as_str().unwrap_or("dutch-2006");
    let by_engine = e["published_is_engines"].as_bool() == Some(true);
    html! {
        h2 { "How this round was paired" }
        @if let Some(reason) = e["manual"].as_str() {
            p { "Paired by hand by the arbiter: " (reason) }
            @for o in e["overridden"].as_array().into_iter().flatten() {
                p { strong { (text(&o["clause"])) } " kept broken by the arbiter's decision: " (text(&o["what"])) }
            }
        }
        @if !by_engine {
            p { "The published pairing is not the engine's; the engine's pairing of the same round, and why, follows." }
        }
        p.muted { "By the FIDE Dutch system, " (text_of(system)) "; players by starting number." }
        ol.boards {
            @for b in engine["boards"].as_array().into_iter().flatten() {
                li {
                    strong { (name(&b["white"])) " – " (name(&b["black"])) }
                    (notes(&b["notes"]))
                }
            }
        }
        @if let Some(bye) = engine.get("bye").filter(|b| !b.is_null()) {
            p { strong { (text(&bye["clause"])) } " " (text(&bye["text"])) }
        }
        details {
            summary { "Score brackets, highest first" }
            @for b in engine["brackets"].as_array().into_iter().flatten() {
                h3 { (points_words(&b["score"])) }
                @if b["notes"].as_array().is_some_and(|n| n.is_empty()) {
                    p.muted { (if system == "dutch-2006" { "Paired in order (dutch C6), every criterion met." } else { "Paired with every criterion met." }) }
                } @else {
                    (notes(&b["notes"]))
                }
            }
        }
        @if let Some(later) = engine.get("later_wording").filter(|l| !l.is_null()) {
            p { strong { "Later wording" } " " (text(&later["text"])) }
        }
    }
}
