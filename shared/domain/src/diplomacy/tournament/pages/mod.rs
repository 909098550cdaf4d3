//! World Masters pages: where the tournament stands and its winners, the
//! rounds, each round's boards with their results, and the team and
//! individual standings of each closed round, as the tournament's read
//! resources show them to anyone: teams by name, players with their team,
//! scores to two decimals, each tie-break in the rulebook's words.

mod boards;
mod names;
mod standings;

use crate::diplomacy::tournament::model::Stage;
use crate::page::layout::{table, text};
use crate::page::Public;
use crate::page::{page_of, Page};
use maud::{html, Markup};
use names::Names;
use serde_json::Value;

fn render(p: &Public, page: &[&str]) -> Option<Page> {
    let nav = vec![("Teams", p.link("teams"))];
    match page {
        [] => Some(page_of(p, None, &nav, front(p))),
        ["teams"] => Some(page_of(p, Some("Teams and players"), &nav, teams(p))),
        ["round", n] => {
            let boards = all_pages(p, "boards", Some(n))?;
            let standings = all_pages(p, "standings", Some(n));
            let title = format!("Round {n}: {}", stage(&boards["stage"]));
            Some(page_of(
                p,
                Some(&title),
                &nav,
                round(p, &boards, standings.as_ref()),
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

/// The most pages of a resource a page reads: enough for every player of
/// the largest tournament the service runs.
const MAX_PAGES: usize = 20;

/// A paged read resource whole: its first page with the items of every
/// later page appended.
fn all_pages(p: &Public, name: &str, key: Option<&str>) -> Option<Value> {
    let mut whole = p.resource(name, key)?;
    for _ in 0..MAX_PAGES {
        let Some(cursor) = whole["next_cursor"].as_str().map(str::to_owned) else {
            break;
        };
        let Some(next) = p.resource_with(name, key, &[("cursor", &cursor)]) else {
            break;
        };
        if let (Some(items), Some(more)) = (whole["items"].as_array_mut(), next["items"].as_array())
        {
            items.extend(more.iter().cloned());
        }
        whole["next_cursor"] = next["next_cursor"].clone();
    }
    Some(whole)
}

/// A stage in words (`semi-final`: "Semi-final").
fn stage(v: &Value) -> &'static str {
    match serde_json::from_value::<Stage>(v.clone()) {
        Ok(Stage::RoundOne) => "Round one",
        Ok(Stage::RoundTwo) => "Round two",
        Ok(Stage::SemiFinal) => "Semi-final",
        Ok(Stage::Final) => "Final",
        Err(_) => "–",
    }
}

fn front(p: &Public) -> Markup {
    let names = Names::of(&p.view);
    let rows: Vec<Vec<Markup>> = rounds(p)
        .iter()
        .map(|r| {
            let n = text(&r["round"]);
            vec![
                html! { a href=(p.link(&format!("round/{n}"))) { "Round " (n) } },
                html! { (stage(&r["stage"])) },
                html! { (text(&r["boards"])) },
                html! {
                    @if r["closed"] == Value::Bool(true) {
                        "closed" @if let Some(a) = r["advancing"].as_u64() { ": " (a) " go on" }
                    } @else { "in play" }
                },
            ]
        })
        .collect();
    let latest = all_pages(p, "standings", None);
    html! {
        @if let Some(w) = p.view.get("winners").filter(|w| !w.is_null()) {
            h2 { "Winners" }
            (winners(w, &names))
        }
        p { (where_it_stands(p)) }
        h2 { "Rounds" }
        (table("Rounds", &["Round", "Stage", "Boards", "State"], &rows))
        @if let Some(latest) = latest {
            @let n = text(&latest["round"]);
            h2 { "Standings after round " (n) ", " (stage(&latest["stage"]).to_lowercase()) }
            (standings::section(&latest, &names, Some(10)))
            p { a href=(p.link(&format!("round/{n}"))) { "Round " (n) ": every board and every player's standing" } }
        }
        (motions(p))
    }
}

/// The tournament's state in a sentence: entries open, the next round, or
/// over.
fn where_it_stands(p: &Public) -> String {
    let v = &p.view;
    if !v["winners"].is_null() {
        return "The tournament is over.".into();
    }
    if v["settings"].is_null() {
        return "The tournament director has not set the tournament up yet.".into();
    }
    if v["entries_closed"] != Value::Bool(true) {
        return format!(
            "Entries are open until {} (wm B.2).",
            text(&v["settings"]["entry_deadline"])
        );
    }
    match v["next_stage"].is_null() {
        true => "Every round has been drawn.".into(),
        false => format!(
            "Next to be drawn: {}.",
            stage(&v["next_stage"]).to_lowercase()
        ),
    }
}

/// wm C.11–C.13: the individual winner, the team, the best countries.
fn winners(w: &Value, names: &Names) -> Markup {
    html! {
        dl {
            dt { "Individual" } dd { (names.player(w["individual"].as_str().unwrap_or_default())) }
            @if let Some(team) = w["team"].as_str() { dt { "Team" } dd { (names.team(team)) } }
            @for (power, player) in w["best_countries"].as_object().into_iter().flatten() {
                dt { "Best " (crate::diplomacy::game::power_label(power)) }
                dd { (names.player(player.as_str().unwrap_or_default())) }
            }
        }
    }
}

/// wm A.6, A.7: the TMC's motions with their published outcomes; never a
/// ballot.
fn motions(p: &Public) -> Markup {
    let items = p
        .resource("motions", None)
        .and_then(|m| m["items"].as_array().cloned())
        .unwrap_or_default();
    if items.is_empty() {
        return html! {};
    }
    html! {
        h2 { "Motions of the Tournament Management Committee" }
        ul {
            @for m in &items {
                li {
                    "Motion " (text(&m["id"])) ": " (motion(m)) " — "
                    @match m["outcome"].as_str() {
                        Some(o) => { (o.replace('-', " ")) }
                        None => { "open" }
                    }
                    @if let (Some(yes), Some(no)) = (m["count"]["yes"].as_u64(), m["count"]["no"].as_u64()) {
                        " (" (yes) " for, " (no) " against)"
                    }
                }
            }
        }
    }
}

fn motion(m: &Value) -> String {
    let s = |k: &str| m[k].as_str().unwrap_or_default().to_owned();
    match m["motion"].as_str() {
        Some("decision") => format!("decision: {}", s("question")),
        Some("appeal") => format!("appeal of {}: {}", s("appellant"), s("matter")),
        Some("house-rule-change") => format!("house rule change: {}", s("change")),
        Some("override") => format!("override of the veto of motion {}", text(&m["of"])),
        _ => "motion".into(),
    }
}

/// wm A.1, B.2: the teams with their players and captains, the individual
/// sign-ups and the reserves, every team by its name.
fn teams(p: &Public) -> Markup {
    let v = &p.view;
    let rows: Vec<Vec<Markup>> = v["teams"]
        .as_object()
        .into_iter()
        .flatten()
        .map(|(id, t)| {
            vec![
                html! { (t["name"].as_str().unwrap_or(id))
                    @if let Some(c) = t["captain"].as_str() { br; span.muted { "captain " (c) } }
                    @if t["grouped"] == Value::Bool(true) { br; span.muted { "grouped from individual sign-ups (wm B.2)" } } },
                html! {
                    @for (power, player) in t["players"].as_object().into_iter().flatten() {
                        (crate::diplomacy::game::power_label(power)) ": " (player.as_str().unwrap_or_default()) br;
                    }
                },
            ]
        })
        .collect();
    let people = |k: &str| -> Vec<String> {
        v[k].as_array()
            .into_iter()
            .flatten()
            .filter_map(|u| u.as_str().map(str::to_owned))
            .collect()
    };
    let (individuals, reserves) = (people("individuals"), people("reserves"));
    html! {
        h2 { "Teams" }
        (table("Teams and their captains, the players with their round-one powers (wm B.5)", &["Team", "Players"], &rows))
        h2 { "Individual entries" }
        @if individuals.is_empty() { p.muted { "none waiting to be grouped" } }
        @else { ol { @for u in &individuals { li { (u) } } } }
        h2 { "Reserves" }
        @if reserves.is_empty() { p.muted { "none" } }
        @else { ol { @for u in &reserves { li { (u) } } } }
    }
}

/// A round: its stage, the draw's unmet constraints, its boards, and its
/// standings once closed.
fn round(p: &Public, boards: &Value, standings: Option<&Value>) -> Markup {
    let names = Names::of(&p.view);
    let last_year =
        serde_json::from_value::<Stage>(boards["stage"].clone()).map_or(1909, Stage::last_year);
    let n = text(&boards["round"]);
    let violations = rounds(p)
        .into_iter()
        .find(|r| text(&r["round"]) == n)
        .and_then(|r| r["violations"].as_array().cloned())
        .unwrap_or_default();
    html! {
        p { (stage(&boards["stage"])) ", played to Fall " (last_year) " (wm B.3)." }
        @if !violations.is_empty() {
            details {
                summary { "Constraints of the draw that could not be met (" (violations.len()) ")" }
                ul { @for v in &violations { li { (text(&v["clause"])) ": " (crate::page::layout::any(&v["breach"], 2)) } } }
            }
        }
        @if let Some(s) = standings {
            h2 { "Standings" }
            (standings::section(s, &names, None))
        }
        h2 { "Boards" }
        @for b in boards["items"].as_array().into_iter().flatten() {
            (boards::board(b, last_year, &names))
        }
    }
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
