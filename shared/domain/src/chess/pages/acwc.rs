//! An ACWC championship's front page (the champion, the Qualification's
//! standings, the Candidates' table, the rounds) and its Final, every
//! player by the Lichess account he entered with.

use super::people::People;
use super::{points, round_links};
use crate::page::layout::{any, table, text};
use crate::page::Public;
use maud::{html, Markup};
use serde_json::Value;

pub fn front(p: &Public) -> Markup {
    let people = People::of(p);
    html! {
        @if let Some(champion) = p.view.get("champion").filter(|c| !c.is_null()) {
            p { strong { "Champion: " (people.shown(champion)) } }
        }
        (qualification(p, &people))
        (candidates(p, &people))
        h2 { "Rounds" }
        (round_links(p, None))
    }
}

/// A seeding rating or a sum of them (acwc III.E: the average of two
/// ratings, so a half at most): "2390", "2385.5".
fn seed(v: &Value) -> String {
    match v.as_f64() {
        Some(x) if x.fract() == 0.0 => format!("{x:.0}"),
        Some(x) => format!("{x:.1}"),
        None => text(v),
    }
}

fn rows_of(v: &Value) -> Vec<Value> {
    v.as_array().cloned().unwrap_or_default()
}

/// acwc III.F: the Qualification's table.
fn qualification(p: &Public, people: &People) -> Markup {
    let head = [
        "Rank",
        "Player",
        "Points",
        "Opponents' seeds",
        "Average opponent seed",
        "Seeding rating",
    ];
    let rows: Vec<Vec<Markup>> = rows_of(&p.view["qualification"]["standings"])
        .iter()
        .map(|l| {
            vec![
                html! { (text(&l["rank"])) },
                html! { (people.shown(&l["player"])) },
                html! { (points(&l["points"])) },
                html! { (seed(&l["opponents_seeds"])) },
                html! { (seed(&l["average_opponent_seed"])) },
                html! { (seed(&l["seeding_rating"])) },
            ]
        })
        .collect();
    html! { h2 { "Qualification standings" } (table("Qualification standings", &head, &rows)) }
}

/// acwc III.G: the Candidates' table, once the seats are taken.
fn candidates(p: &Public, people: &People) -> Markup {
    let c = &p.view["candidates"];
    if c["seats"].as_array().is_none_or(Vec::is_empty) {
        return html! {};
    }
    let head = ["Rank", "Player", "Points", "Sub-scores", "Seeding rating"];
    let rows: Vec<Vec<Markup>> = rows_of(&c["standings"])
        .iter()
        .map(|l| {
            vec![
                html! { (text(&l["rank"])) },
                html! { (people.shown(&l["player"])) },
                html! { (points(&l["points"])) },
                html! { (points(&l["sub_scores"])) },
                html! { (seed(&l["seeding_rating"])) },
            ]
        })
        .collect();
    html! { h2 { "Candidates" } (table("Candidates standings", &head, &rows)) }
}

/// The Final: its score, phase, and each game played.
pub fn final_match(p: &Public) -> Markup {
    let f = &p.view["final"];
    if f.is_null() {
        return html! { p { "The Final has not begun." } };
    }
    let people = People::of(p);
    let (first, second) = (&f["first"], &f["second"]);
    let score = |who: &Value| points(&f["score"][text(who)]);
    let games: Vec<Vec<Markup>> = rows_of(&f["games"])
        .iter()
        .enumerate()
        .map(|(i, g)| vec![html! { (i + 1) }, html! { (winner(&g["winner"], &people)) }])
        .collect();
    html! {
        h2 { "Score" }
        p.score { (people.shown(first)) " " (score(first)) " – " (score(second)) " " (people.shown(second)) }
        dl {
            dt { "Games played" } dd { (text(&f["games_played"])) }
            dt { "Higher seed" } dd { (people.shown(&f["higher_seed"])) }
            dt { "Stage of the Final" } dd { (phase(&f["phase"], &people)) }
            @if let Some(a) = f.get("armageddon").filter(|a| !a.is_null()) {
                dt { "Armageddon" }
                dd {
                    "White " (people.shown(&a["white"])) " (" (text(&a["white_seconds"])) " s), "
                    "Black " (people.shown(&a["black"])) " (" (text(&a["black_seconds"])) " s)"
                }
            }
            @if let Some(g) = f.get("armageddon_game").filter(|g| !g.is_null()) {
                dt { "Armageddon game" } dd { (winner(&g["winner"], &people)) }
            }
        }
        h2 { "Games" }
        @if games.is_empty() {
            p.muted { "No game is played yet." }
        } @else {
            (table("Games of the Final", &["Game", "Result"], &games))
        }
    }
}

fn winner(w: &Value, people: &People) -> String {
    if w.is_null() {
        "Draw".to_owned()
    } else {
        format!("Won by {}", people.shown(w))
    }
}

/// acwc III.H: where the Final stands, in words.
fn phase(v: &Value, people: &People) -> Markup {
    let through = text(&v["through"]);
    match v["phase"].as_str() {
        Some("match") => html! { "Main match, judged after game " (through) },
        Some("rapid") => html! { "Rapid extension (2+0), judged after game " (through) },
        Some("armageddon-bidding") => html! { "Armageddon: waiting for the sealed bids" },
        Some("armageddon") => html! { "Armageddon: the game is to be played" },
        Some("decided") => html! { "Decided: " (people.shown(&v["champion"])) " is champion" },
        _ => any(v, 2),
    }
}
