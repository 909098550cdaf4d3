//! A round's boards: who played each power (by name, with their team),
//! how the board ended in words, its centres and board scores to two
//! decimals (wm C.1–C.4), and a link to the board's own pages when it was
//! played here.

use super::names::Names;
use crate::diplomacy::game::score::board_scores;
use crate::diplomacy::map::Power;
use crate::diplomacy::position::Phase;
use crate::diplomacy::tournament::model::BoardReport;
use crate::page::layout::table;
use maud::{html, Markup};
use serde_json::Value;

/// One board of the boards resource (`board`, `entry`): its heading, how it
/// ended, and a line per power.
pub fn board(b: &Value, last_year: u16, names: &Names) -> Markup {
    let n = b["board"].as_u64().unwrap_or(0);
    let entry = &b["entry"];
    let report: Option<BoardReport> = serde_json::from_value(entry["report"].clone()).ok();
    let scores = report.as_ref().map(|r| board_scores(&r.result));
    let takeovers: Vec<Power> =
        serde_json::from_value(entry["reserve_takeovers"].clone()).unwrap_or_default();
    let rows: Vec<Vec<Markup>> = Power::ALL
        .iter()
        .map(|p| {
            let seated = entry["seating"]["seats"][p.name()].as_str().unwrap_or_default();
            let tenures = report.as_ref().and_then(|r| r.tenures.get(p));
            vec![
                crate::diplomacy::game::power_label(p.name()),
                played_by(seated, tenures.map(Vec::as_slice), names),
                html! { (report.as_ref().and_then(|r| r.result.centers.get(p)).map_or_else(|| "–".to_owned(), usize::to_string)) },
                html! {
                    (scores.as_ref().and_then(|s| s.get(p)).map_or_else(|| "–".to_owned(), |s| format!("{s:.2}")))
                    @if takeovers.contains(p) { br; span.muted { "a reserve took over: forfeited (wm B.8.e)" } }
                },
            ]
        })
        .collect();
    html! {
        h3 { "Board " (n) }
        p {
            @match &report {
                Some(r) => { (crate::diplomacy::game::ending_words(&r.result, Phase::parse(&r.result.phase), Some(last_year))) }
                None => { "Not reported yet." }
            }
            @if let Some(o) = entry["observer"].as_str() { " Observer: " (o) "." }
            @if let Some(game) = report.as_ref().and_then(|r| r.game.as_ref()) {
                " " a href=(crate::page::front(game)) { "The board's own pages" }
            }
        }
        (table(&format!("Board {n}, power by power: centres and board scores (wm C.1–C.4)"), &["Power", "Player", "Centres", "Score"], &rows))
    }
}

/// Who played a power: the player seated, or each player in turn with the
/// seasons they played when it changed hands (wm C.14 pro-rates them).
fn played_by(
    seated: &str,
    tenures: Option<&[crate::diplomacy::tournament::model::Tenure]>,
    names: &Names,
) -> Markup {
    match tenures {
        Some(list) if list.len() > 1 => html! {
            @for (i, t) in list.iter().enumerate() {
                @if i > 0 { br; }
                (t.player) " (" (t.seasons) " seasons)"
            }
            br; span.muted { "pro-rated (wm C.14)" }
        },
        _ => names.player(seated),
    }
}
