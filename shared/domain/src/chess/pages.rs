//! Chess pages, for a Swiss event and an ACWC championship: standings with
//! their tiebreak columns, each round's pairings and results, a crosstable,
//! and (ACWC) the Candidates and the Final's score game by game.
//!
//! Both kinds publish their rounds as `rounds[]` in the view; a Swiss
//! round's boards are `games` (`white`, `black`, `result`), an ACWC round's
//! `matches` (`first`, `second`, `outcome` in half games).

use crate::page::layout::{any, label, table, text};
use crate::page::Public;
use crate::page::{page_of, Page};
use maud::{html, Markup};
use serde_json::Value;

fn render(p: &Public, page: &[&str]) -> Option<Page> {
    let nav = nav(p);
    match page {
        [] => Some(page_of(p, None, &nav, front(p))),
        ["crosstable"] => Some(page_of(p, Some("Crosstable"), &nav, crosstable(p))),
        ["round", n] => {
            let n: u64 = n.parse().ok()?;
            let round = rounds(p)
                .into_iter()
                .find(|r| r["round"].as_u64() == Some(n))?;
            let body = html! {
                (round_body(&round, &names(p)))
                @if let Some(e) = p.resource("explanations", Some(&n.to_string())) {
                    (explanation(&e))
                }
            };
            Some(page_of(p, Some(&format!("Round {n}")), &nav, body))
        }
        ["final"] if acwc(p) => Some(page_of(p, Some("Final"), &nav, final_match(p))),
        _ => None,
    }
}

fn paths(p: &Public) -> Vec<String> {
    let mut all = vec!["crosstable".to_owned()];
    all.extend(
        rounds(p)
            .iter()
            .map(|r| format!("round/{}", text(&r["round"]))),
    );
    if acwc(p) {
        all.push("final".to_owned());
    }
    all
}

fn acwc(p: &Public) -> bool {
    p.view.get("qualification").is_some()
}

fn nav(p: &Public) -> Vec<(&'static str, String)> {
    let mut nav = vec![("Crosstable", p.link("crosstable"))];
    if acwc(p) {
        nav.push(("Final", p.link("final")));
    }
    nav
}

/// The rounds with one number each: a Swiss round's `number` (ACWC's
/// Candidates rounds are numbered after the Qualification's).
fn rounds(p: &Public) -> Vec<Value> {
    let list = p.view["rounds"].as_array().cloned().unwrap_or_default();
    list.into_iter()
        .enumerate()
        .map(|(i, mut r)| {
            if r.get("number").is_some() {
                r["round"] = r["number"].clone();
            } else {
                // ACWC numbers rounds within their stage; the pages number
                // them in order of play.
                r["stage_round"] = r["round"].clone();
                r["round"] = Value::from(i as u64 + 1);
            }
            r
        })
        .collect()
}

fn front(p: &Public) -> Markup {
    html! {
        @if let Some(champion) = p.view.get("champion").filter(|c| !c.is_null()) {
            p { strong { "Champion: " (text(champion)) } }
        }
        (standings(p))
        @if acwc(p) { (candidates(p)) }
        h2 { "Rounds" }
        ul {
            @for r in rounds(p) {
                li { a href=(p.link(&format!("round/{}", text(&r["round"])))) { (round_name(&r)) } }
            }
        }
        @if rounds(p).is_empty() { p.muted { "No round is paired yet." } }
    }
}

fn round_name(r: &Value) -> String {
    match r.get("stage") {
        Some(stage) => format!(
            "Round {} ({} {})",
            text(&r["round"]),
            label(&text(stage)),
            text(&r["stage_round"])
        ),
        None => format!("Round {}", text(&r["round"])),
    }
}

/// The standings: a Swiss event's lines with each tiebreak as a column, or
/// an ACWC Qualification's table with its columns.
fn standings(p: &Public) -> Markup {
    if acwc(p) {
        let lines = p.view["qualification"]["standings"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let cols = [
            "points",
            "opponents_seeds",
            "average_opponent_seed",
            "seeding_rating",
        ];
        let mut head = vec!["Rank", "Player"];
        let labels: Vec<String> = cols.iter().map(|c| label(c)).collect();
        head.extend(labels.iter().map(String::as_str));
        let rows: Vec<Vec<Markup>> = lines
            .iter()
            .map(|l| {
                let mut row = vec![html! { (text(&l["rank"])) }, html! { (text(&l["player"])) }];
                row.extend(cols.iter().map(|c| html! { (text(&l[*c])) }));
                row
            })
            .collect();
        return html! { h2 { "Qualification standings" } (table("Qualification standings", &head, &rows)) };
    }
    let st = &p.view["standings"];
    let tiebreaks: Vec<String> = st["tiebreaks"]
        .as_array()
        .into_iter()
        .flatten()
        .map(text)
        .collect();
    let mut head = vec!["Place", "Player", "Rating", "Points"];
    head.extend(tiebreaks.iter().map(String::as_str));
    let rows: Vec<Vec<Markup>> = st["lines"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|l| {
            let mut row = vec![
                html! { (text(&l["place"])) },
                html! { (text(&l["name"])) },
                html! { (text(&l["rating"])) },
                html! { (text(&l["points"])) },
            ];
            row.extend(
                tiebreaks
                    .iter()
                    .map(|t| html! { (text(&l["tiebreaks"][t])) }),
            );
            row
        })
        .collect();
    let caption = format!("Standings after round {}", text(&st["after_round"]));
    html! { h2 { "Standings" } (table(&caption, &head, &rows)) }
}

fn candidates(p: &Public) -> Markup {
    let c = &p.view["candidates"];
    let empty = c["seats"].as_array().is_none_or(Vec::is_empty);
    html! {
        @if !empty {
            h2 { "Candidates" }
            (any(&c["standings"], 3))
        }
    }
}

/// A match's or a game's result as the rules publish it.
fn result(m: &Value) -> String {
    if let Some(r) = m.get("result") {
        return text(r);
    }
    match m["outcome"]["outcome"].as_str() {
        Some("score") => format!(
            "{}–{}",
            half_games(&m["outcome"]["first"]),
            half_games(&m["outcome"]["second"])
        ),
        Some(_) => format!(
            "won by {} ({})",
            text(&m["outcome"]["winner"]),
            text(&m["outcome"]["award"])
        ),
        None => "not yet played".to_owned(),
    }
}

/// Half games as points: 13 reads "6½".
fn half_games(v: &Value) -> String {
    crate::chess::half_points_text(v.as_u64().unwrap_or(0))
}

/// Each player's id with what a page shows for him: a Swiss entrant's
/// starting number and name ("3 Carla"), as crosstables print them;
/// players the view does not list (ACWC) keep their id.
type Names = std::collections::BTreeMap<String, String>;

fn names(p: &Public) -> Names {
    p.view["players"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|e| {
            let id = e["player"].as_str()?;
            let name = e["entry"]["name"].as_str().unwrap_or(id);
            let shown = match e["number"].as_u64() {
                Some(n) => format!("{n} {name}"),
                None => name.to_owned(),
            };
            Some((id.to_owned(), shown))
        })
        .collect()
}

fn shown(names: &Names, v: &Value) -> String {
    let id = text(v);
    names.get(&id).cloned().unwrap_or(id)
}

fn round_body(r: &Value, names: &Names) -> Markup {
    let boards: Vec<Value> = r
        .get("games")
        .or_else(|| r.get("matches"))
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let swiss = r.get("games").is_some();
    let head: &[&str] = if swiss {
        &["Board", "White", "Black", "Result"]
    } else {
        &["Match", "First", "Second", "Score"]
    };
    let rows: Vec<Vec<Markup>> = boards
        .iter()
        .map(|b| {
            let (no, a, z) = if swiss {
                ("board", "white", "black")
            } else {
                ("id", "first", "second")
            };
            vec![
                html! { (text(&b[no])) },
                html! { (shown(names, &b[a])) },
                html! { (shown(names, &b[z])) },
                html! { (result(b)) },
            ]
        })
        .collect();
    html! {
        @if let Some(d) = r.get("deadline").filter(|d| !d.is_null()) { p { "Deadline: " (text(d)) } }
        (table(&format!("Pairings and results of {}", round_name(r).to_lowercase()), head, &rows))
        @if let Some(bye) = r.get("bye").filter(|b| !b.is_null()) { p { "Bye: " (shown(names, bye)) } }
        @if let Some(np) = r.get("not_paired").filter(|n| n.as_object().is_some_and(|o| !o.is_empty())) {
            h2 { "Not paired" } (any(np, 2))
        }
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
        p.muted { "By the FIDE Dutch system, 1992–2006 text; players by starting number." }
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
                h3 { (text(&b["score"])) " points" }
                @if b["notes"].as_array().is_some_and(|n| n.is_empty()) {
                    p.muted { "Paired in order (dutch C6), every criterion met." }
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

/// Each player's row, each round's column: the opponent, the colour (Swiss)
/// and the result from the player's side.
fn crosstable(p: &Public) -> Markup {
    let rounds = rounds(p);
    let players: Vec<String> = if acwc(p) {
        p.view["qualification"]["standings"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|l| text(&l["player"]))
            .collect()
    } else {
        p.view["standings"]["lines"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|l| text(&l["player"]))
            .collect()
    };
    let numbers: Vec<String> = rounds
        .iter()
        .map(|r| format!("R{}", text(&r["round"])))
        .collect();
    let mut head = vec!["Player"];
    head.extend(numbers.iter().map(String::as_str));
    let names = names(p);
    let rows: Vec<Vec<Markup>> = players
        .iter()
        .map(|pl| {
            let mut row = vec![html! { (names.get(pl).unwrap_or(pl)) }];
            row.extend(rounds.iter().map(|r| html! { (cross_cell(r, pl, &names)) }));
            row
        })
        .collect();
    html! {
        p { "Each cell: the opponent, the colour (w/b) where there is one, and the result from this player's side." }
        (table("Crosstable", &head, &rows))
    }
}

fn cross_cell(r: &Value, player: &str, names: &Names) -> String {
    if r["bye"].as_str() == Some(player) {
        return "bye".to_owned();
    }
    for g in r["games"].as_array().into_iter().flatten() {
        let res = text(&g["result"]);
        if g["white"].as_str() == Some(player) {
            return format!("{} w {}", shown(names, &g["black"]), side(&res, true));
        }
        if g["black"].as_str() == Some(player) {
            return format!("{} b {}", shown(names, &g["white"]), side(&res, false));
        }
    }
    for m in r["matches"].as_array().into_iter().flatten() {
        let first = m["first"].as_str() == Some(player);
        if first || m["second"].as_str() == Some(player) {
            let opp = if first { &m["second"] } else { &m["first"] };
            return format!("{} {}", text(opp), result(m));
        }
    }
    "–".to_owned()
}

/// A game's result from one side: "1", "0", "½", "+" or "−" for forfeits.
fn side(result: &str, white: bool) -> String {
    let (w, b) = match result {
        "1-0" => ("1", "0"),
        "0-1" => ("0", "1"),
        "1/2-1/2" => ("½", "½"),
        "+-" => ("+", "−"),
        "-+" => ("−", "+"),
        "--" => ("−", "−"),
        "=-=" => ("=", "="),
        _ => ("?", "?"),
    };
    if white { w } else { b }.to_owned()
}

/// The Final: its score, phase, and each game played.
fn final_match(p: &Public) -> Markup {
    let f = &p.view["final"];
    if f.is_null() {
        return html! { p { "The Final has not begun." } };
    }
    let first = text(&f["first"]);
    let second = text(&f["second"]);
    html! {
        h2 { "Score" }
        p.score { (first) " " (text(&f["score"][&first])) " – " (text(&f["score"][&second])) " " (second) }
        dl {
            dt { "Games played" } dd { (text(&f["games_played"])) }
            dt { "Higher seed" } dd { (text(&f["higher_seed"])) }
            dt { "Phase" } dd { (any(&f["phase"], 2)) }
            dt { "Decided" } dd { (text(&f["decided"])) }
        }
        h2 { "Games" }
        (any(&f["games"], 3))
    }
}

impl crate::rulebook::Pages for crate::chess::swiss_event::SwissEvent {
    fn page(public: &Public, path: &[&str]) -> Option<Page> {
        render(public, path)
    }

    fn page_paths(public: &Public) -> Vec<String> {
        paths(public)
    }
}

impl crate::rulebook::Pages for crate::chess::acwc::Championship {
    fn page(public: &Public, path: &[&str]) -> Option<Page> {
        render(public, path)
    }

    fn page_paths(public: &Public) -> Vec<String> {
        paths(public)
    }
}
