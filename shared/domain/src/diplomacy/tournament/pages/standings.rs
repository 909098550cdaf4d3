//! A closed round's standings as tables a person reads: place, name (a
//! team by its name, a player with their team), the score the ranking
//! rests on to two decimals, and, where a tie was broken, the tie-break in
//! the rulebook's words with its value.

use super::names::Names;
use crate::page::layout::table;
use maud::{html, Markup};
use serde_json::Value;

/// A round's standings: each table its close publishes (the team table,
/// the boards of a semi-final, the overall ranking, the winners' tables),
/// then the players' table (`items`), each under its own heading. `top`
/// keeps only the first lines of long tables (the front page).
pub fn section(s: &Value, names: &Names, top: Option<usize>) -> Markup {
    let fields = s.as_object().cloned().unwrap_or_default();
    // The winners' and the teams' tables first, as a reader looks for them.
    const FIRST: [&str; 6] = [
        "individual",
        "teams",
        "team_credits",
        "qualifiers",
        "overall",
        "boards",
    ];
    let mut keys: Vec<&String> = fields
        .keys()
        .filter(|k| !matches!(k.as_str(), "items" | "next_cursor" | "round" | "stage"))
        .collect();
    keys.sort_by_key(|k| FIRST.iter().position(|f| f == k).unwrap_or(FIRST.len()));
    html! {
        @for key in keys {
            (field(key, &fields[key], names, top))
        }
        @if s["items"].as_array().is_some_and(|a| !a.is_empty()) {
            h3 { "Players" }
            (lines("Player standings, in order", &s["items"], names, top))
        }
    }
}

/// One field of a round's close, by what it holds.
fn field(key: &str, v: &Value, names: &Names, top: Option<usize>) -> Markup {
    match key {
        // Round one: each team's credits (wm C.6) beside its standing.
        "team_credits" => html! {
            h3 { "Teams" }
            (lines("Team standings, with the credits each player takes on (wm C.6)", &with_credits(v), names, top))
        },
        "teams" => html! { h3 { "Teams" } (lines("Team standings, in order", v, names, top)) },
        "overall" => {
            html! { h3 { "Overall" } (lines("Overall standings, every player in order", v, names, top)) }
        }
        "individual" => {
            html! { h3 { "Individual" } (lines("Individual standings of the final, in order", v, names, top)) }
        }
        "qualifiers" => html! {
            h3 { "Qualified for the final" }
            ol { @for q in v.as_array().into_iter().flatten() { li { (names.player(q.as_str().unwrap_or_default())) } } }
        },
        "boards" => html! {
            @for b in v.as_array().into_iter().flatten() {
                h3 { "Board " (b["board"].as_str().unwrap_or_default()) }
                (lines("Standings on this board, in order", &b["standings"], names, top))
            }
        },
        "best_countries" => html! {
            h3 { "Best countries (wm C.13)" }
            @for (power, list) in v.as_object().into_iter().flatten() {
                h4 { (crate::diplomacy::game::power_label(power)) }
                (lines("Standings of this country's players, best first", list, names, top.map(|_| 3)))
            }
        },
        _ => crate::page::layout::any(v, 3),
    }
}

/// The team standing lines with each team's credits set beside them.
fn with_credits(v: &Value) -> Value {
    let credits = &v["credits"];
    let mut lines = v["standings"].clone();
    for line in lines.as_array_mut().into_iter().flatten() {
        let team = line["subject"].as_str().unwrap_or_default().to_owned();
        line["credits"] = credits[team].clone();
    }
    lines
}

/// Standing lines (`place`, `subject`, `keys`, `decided_by`) as a table:
/// place, name, the first key (what the ranking rests on), the tie-break
/// that decided the place, and credits where they are given.
fn lines(caption: &str, v: &Value, names: &Names, top: Option<usize>) -> Markup {
    let all = v.as_array().cloned().unwrap_or_default();
    let shown = top.map_or(all.len(), |n| n.min(all.len()));
    let score_clause = all
        .first()
        .and_then(|l| l["keys"][0]["clause"].as_str())
        .unwrap_or_default()
        .to_owned();
    let credits = all.iter().any(|l| !l["credits"].is_null());
    let broken = all[..shown].iter().any(|l| tie_broken(l).is_some());
    let mut head = vec!["Place", "Name", score_heading(&score_clause)];
    if credits {
        head.push("Credits");
    }
    if broken {
        head.push("Tie broken by");
    }
    let rows: Vec<Vec<Markup>> = all[..shown]
        .iter()
        .map(|l| {
            let mut row = vec![
                html! { (l["place"].as_u64().map_or_else(|| "–".to_owned(), |p| p.to_string())) },
                names.subject(&l["subject"]),
                html! { (key_value(&l["keys"][0]["value"])) },
            ];
            if credits {
                row.push(html! { (l["credits"].as_u64().map_or_else(|| "–".to_owned(), |c| c.to_string())) });
            }
            if broken {
                row.push(html! { (tie_broken(l).unwrap_or_default()) });
            }
            row
        })
        .collect();
    html! {
        (table(caption, &head, &rows))
        @if shown < all.len() { p.muted { "The first " (shown) " of " (all.len()) "; all on the round's page." } }
    }
}

/// What a ranking's first key measures, by its clause.
fn score_heading(clause: &str) -> &'static str {
    match clause {
        "wm C.6" => "Team score",
        "wm C.7" => "Score with credits",
        "wm C.8" => "Round two + half round one",
        "wm C.9" => "Semi-final score",
        "wm C.11" => "Centres in the final",
        "wm C.12" => "Team score",
        "wm C.13" => "Score",
        _ => "Score",
    }
}

/// A key's value as text: scores to two decimals, counts and places as
/// whole numbers, a count-back as its first few years' centres.
pub fn key_value(v: &Value) -> String {
    let inner = &v["value"];
    match v["kind"].as_str() {
        Some("higher" | "lower") => two_decimals(inner),
        Some("count" | "place") => inner
            .as_u64()
            .map_or_else(|| "–".to_owned(), |n| n.to_string()),
        Some("flag") => if inner == &Value::Bool(true) {
            "yes"
        } else {
            "no"
        }
        .to_owned(),
        Some("sequence") => {
            let all: Vec<String> = inner
                .as_array()
                .into_iter()
                .flatten()
                .map(two_decimals_or_whole)
                .collect();
            if all.len() > 3 {
                format!("{}, …", all[..3].join(", "))
            } else {
                all.join(", ")
            }
        }
        _ => "–".to_owned(),
    }
}

/// A number (`{"approx": 119.83333333333333, "exact": "719/6"}` or a bare
/// number) to two decimals: 119.83.
pub fn two_decimals(v: &Value) -> String {
    v["approx"]
        .as_f64()
        .or_else(|| v.as_f64())
        .map_or_else(|| "–".to_owned(), |x| format!("{x:.2}"))
}

/// A count-back entry: centres are whole, so no decimals unless it has any.
fn two_decimals_or_whole(v: &Value) -> String {
    match v["approx"].as_f64().or_else(|| v.as_f64()) {
        Some(x) if x.fract() == 0.0 => format!("{x:.0}"),
        Some(x) => format!("{x:.2}"),
        None => "–".to_owned(),
    }
}

/// The tie-break that decided a line's place against the line above, in
/// words with its value; none when the first key (the score) alone
/// decided, or nothing did (the first line).
fn tie_broken(line: &Value) -> Option<String> {
    let first = line["keys"][0]["clause"].as_str();
    let clause = line["decided_by"].as_str().filter(|c| Some(*c) != first)?;
    let value = line["keys"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|k| k["clause"].as_str() == Some(clause))
        .map(|k| format!(": {}", key_value(&k["value"])))
        .unwrap_or_default();
    Some(format!("{} ({clause}){value}", tie_break(clause)))
}

/// A tie-break in the rulebook's words (wm C.6–C.13).
fn tie_break(clause: &str) -> &'static str {
    match clause {
        "wm C.6.a" => "score without the best player",
        "wm C.6.b" => "best player",
        "wm C.7.a" | "wm C.8.a" | "wm C.9.a" => "least successful country",
        "wm C.7.b" => "score without credits",
        "wm C.7.c" | "wm C.8.b" => "positional bonus",
        "wm C.7.d" | "wm C.8.c" | "wm C.9.b" | "wm C.11.a" | "wm C.13.b" => "count-back",
        "wm C.7.e" | "wm C.8.d" => "team's rank",
        "wm C.7.f" | "wm C.13.c" => "dice",
        "wm C.8.e" => "round one rank",
        "wm C.9.c" => "round two rank",
        "wm C.11.b" => "semi-final rank",
        "wm C.12.a" => "players in round two",
        "wm C.12.b" => "score without the best round two score",
        "wm C.12.c" => "score without the best round one score",
        "wm C.12.d" => "rank after round one",
        "wm C.13.a" => "round two outranks round one",
        _ => "tie-break",
    }
}
