//! The board's front page: while it is played, the phase in words, the
//! deadline (in UTC, in the board's own time zone if it names one, and by
//! a small script in the reader's own time with a countdown) and which
//! powers have their orders in; once it is over, how it ended in words and
//! the scores. Then the map linked to its full-size picture, the powers,
//! the supply centres year by year, the press and the proposals.

use super::chart;
use super::{map, phases, power, title, words, Phase};
use crate::diplomacy::game::event::EndReason;
use crate::diplomacy::game::position::Position;
use crate::diplomacy::game::settings::Settings;
use crate::diplomacy::game::state::GameResult;
use crate::diplomacy::map::Power;
use crate::diplomacy::position::{Phase as PhaseCode, PhaseKind, Season};
use crate::page::layout::{table, text};
use crate::page::{layout::ROOT, Public};
use chrono::{DateTime, SecondsFormat, Utc};
use maud::{html, Markup};
use serde_json::Value;
use std::collections::BTreeMap;

/// The front page's body.
pub fn body(p: &Public) -> Markup {
    if p.view["status"] == "awaiting-set-up" {
        return html! { p { "The board has not been set up yet." } };
    }
    let all = phases(p);
    let settings: Option<Settings> = serde_json::from_value(p.view["settings"].clone()).ok();
    let result: Option<GameResult> = serde_json::from_value(p.view["result"].clone()).ok();
    let caption = match (&result, all.last()) {
        (Some(_), _) => "The final position.".to_owned(),
        (None, Some(now)) => format!("The board in {}.", words(&now.code)),
        (None, None) => String::new(),
    };
    html! {
        @match &result {
            Some(r) => (ended(p, r, &all, settings.as_ref())),
            None => (playing(p, all.last(), settings.as_ref())),
        }
        // The map and the powers side by side on a wide screen, as a
        // player's board and its table; the page widens for them.
        div.board.wide {
            @if let Some(last) = all.last() {
                div {
                    (map(p, all.len(), last, &caption))
                    p { a href=(p.link(&format!("phase/{}", all.len()))) { "This phase, with its orders" }
                        " · " a href=(p.link("phases")) { "Every phase" } }
                }
            }
            div {
                h2 { "Powers" }
                (powers(p, all.last(), result.as_ref()))
            }
        }
        h2 { "Supply centres" }
        (chart::section(&chart::years(all.iter().map(|ph| &ph.position))))
        (press(p))
        (proposals(p))
        @if result.is_none() && p.view["deadline"].is_string() {
            // Reads each deadline in the reader's own time and counts down
            // to it; the page reads fully without it.
            script src={ (ROOT) "/time.js" } defer {}
        }
    }
}

/// A board being played: its phase, deadline, orders in and last year.
fn playing(p: &Public, now: Option<&Phase>, settings: Option<&Settings>) -> Markup {
    let Some(now) = now else {
        return html! { p { "The game has not started." } };
    };
    let deadline = p.view["deadline"]
        .as_str()
        .and_then(|s| s.parse::<DateTime<Utc>>().ok());
    let zone = settings.and_then(Settings::zone);
    let due = must_order(&now.position);
    let orders_in = orders_in(p);
    let ready: Vec<&Power> = due.iter().filter(|d| orders_in.contains(d)).collect();
    html! {
        h2 { (words(&now.code)) }
        dl.now {
            dt { "Orders due" }
            dd {
                @if p.view["withheld"] == Value::Bool(true) {
                    "Withheld: an order set of 1901 is missing, and the GM sets a new deadline (wm D.VII.6.b)."
                } @else if let Some(at) = deadline {
                    (deadline_in(at, zone))
                } @else {
                    "not set"
                }
            }
            dt { "Orders in" }
            dd {
                @if due.is_empty() {
                    "nobody has anything to order this phase"
                } @else {
                    (ready.len()) " of " (due.len())
                    @if !ready.is_empty() {
                        ": " (ready.iter().map(|p| p.title()).collect::<Vec<_>>().join(", "))
                    }
                }
            }
            @if let Some(s) = settings {
                dt { "Last year" }
                dd { "The game ends after Fall " (s.last_year) " (wm B.3), or sooner: 18 centres win, or the players agree a draw or a concession." }
            }
        }
    }
}

/// A deadline in UTC and, when the board names one, in its own time zone:
/// a `<time>` the page's script reads in the reader's time and counts
/// down to.
fn deadline_in(at: DateTime<Utc>, zone: Option<chrono_tz::Tz>) -> Markup {
    html! {
        time datetime=(at.to_rfc3339_opts(SecondsFormat::Secs, true)) data-countdown="" {
            (at.format("%a %-d %b %Y, %H:%M UTC"))
        }
        @if let Some(z) = zone.filter(|z| *z != chrono_tz::UTC) {
            br;
            (at.with_timezone(&z).format("%a %-d %b, %H:%M %Z")) " (" (z.name()) ")"
        }
    }
}

/// The powers that have something to order in `position`'s phase: units
/// to move, units to retreat, or builds or removals due.
fn must_order(position: &Position) -> Vec<Power> {
    let Some(kind) = PhaseCode::parse(&position.phase).map(|ph| ph.kind) else {
        return Vec::new();
    };
    Power::ALL
        .into_iter()
        .filter(|p| match kind {
            PhaseKind::Movement => position.units.get(p.name()).is_some_and(|u| !u.is_empty()),
            PhaseKind::Retreat => position
                .dislodged
                .get(p.name())
                .is_some_and(|u| !u.is_empty()),
            PhaseKind::Adjustment => position.adjustments.get(p.name()).is_some_and(|n| *n != 0),
        })
        .collect()
}

/// wm D.II.1: the powers whose orders are in for the phase being played.
fn orders_in(p: &Public) -> Vec<Power> {
    p.view["orders_in"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|v| Power::parse(v.as_str()?))
        .collect()
}

/// A finished board: how it ended, in words.
fn ended(p: &Public, r: &GameResult, all: &[Phase], settings: Option<&Settings>) -> Markup {
    let last_played = all
        .iter()
        .rev()
        .find(|ph| ph.adjudicated)
        .and_then(|ph| PhaseCode::parse(&ph.code));
    let left_out: Vec<&str> = r.eliminated.iter().map(|p| p.title()).collect();
    html! {
        h2 { "Result" }
        p.result { (ending(r, last_played, settings.map(|s| s.last_year))) }
        @if !left_out.is_empty() {
            p { (list(&left_out)) ", left out of the draw, "
                @if left_out.len() == 1 { "counts" } @else { "count" } " as eliminated (wm D.IX.4)." }
        }
        @if p.view["scores"].is_object() { p.muted { "Scores by wm C.1–C.4, to two decimals." } }
    }
}

/// How the game ended, in a sentence. A solo or the last year ends it
/// when a phase is adjudicated (`last_played`, the last one that was); a
/// draw or a concession instead of adjudicating `r.phase`.
pub(crate) fn ending(
    r: &GameResult,
    last_played: Option<PhaseCode>,
    last_year: Option<u16>,
) -> String {
    let after = last_played.map_or_else(String::new, |ph| format!(" after {}", season_year(ph)));
    let when = PhaseCode::parse(&r.phase).map_or_else(|| r.phase.clone(), season_year);
    let sharing: Vec<&str> = r
        .centers
        .iter()
        .filter(|(p, n)| **n > 0 && !r.eliminated.contains(p))
        .map(|(p, _)| p.title())
        .collect();
    match &r.reason {
        EndReason::Solo { power } => format!(
            "{} won with {} supply centres{after}.",
            power.title(),
            r.centers.get(power).copied().unwrap_or(0)
        ),
        EndReason::LastYear => match last_year {
            Some(y) => {
                format!("The game ended{after}, the last year ({y}) set at the outset (wm B.3).")
            }
            None => format!("The game ended{after}, the last year set at the outset (wm B.3)."),
        },
        EndReason::Draw => format!(
            "Draw agreed in {when}, shared by {} (wm D.IX.4).",
            list(&sharing)
        ),
        EndReason::Concession { to } => format!(
            "The game was conceded to {} in {when} (wm D.IX.3).",
            to.title()
        ),
    }
}

/// `Fall 1905`: a phase's season and year (an adjustment phase's, Winter).
fn season_year(ph: PhaseCode) -> String {
    let season = match (ph.kind, ph.season) {
        (PhaseKind::Adjustment, _) | (_, Season::Winter) => "Winter",
        (_, Season::Spring) => "Spring",
        (_, Season::Fall) => "Fall",
    };
    format!("{season} {}", ph.year)
}

/// `Austria, England and France`.
fn list(names: &[&str]) -> String {
    match names {
        [] => "nobody".to_owned(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The powers, most centres first (once the game is over, best score
/// first): who plays each, its centres, while the game is played its units
/// and whether its orders are in, once it is over its score; and a note
/// where a seat has one.
fn powers(p: &Public, now: Option<&Phase>, result: Option<&GameResult>) -> Markup {
    let position = now.map(|ph| &ph.position);
    let due = position.map(must_order).unwrap_or_default();
    let orders_in = orders_in(p);
    let scores: BTreeMap<Power, f64> =
        serde_json::from_value(p.view["scores"].clone()).unwrap_or_default();
    let count =
        |pw: Power, what: &BTreeMap<String, Vec<String>>| what.get(pw.name()).map_or(0, Vec::len);
    let mut order: Vec<Power> = Power::ALL.to_vec();
    let centres = |pw: Power| position.map_or(0, |pos| count(pw, &pos.centers));
    order.sort_by(|a, b| {
        let (sa, sb) = (scores.get(a).copied(), scores.get(b).copied());
        sb.unwrap_or(0.0)
            .total_cmp(&sa.unwrap_or(0.0))
            .then(centres(*b).cmp(&centres(*a)))
            .then(a.cmp(b))
    });
    let mut rows: Vec<Vec<Markup>> = order
        .iter()
        .map(|pw| {
            let seat = &p.view["seats"][pw.name()];
            let units = position.map_or(0, |pos| count(*pw, &pos.units));
            let mut row = vec![
                html! { (power(pw.name())) br; span.muted { (text(&seat["player"])) } },
                html! { (centres(*pw)) },
            ];
            row.push(match result {
                Some(_) => {
                    html! { (scores.get(pw).map_or_else(|| "–".to_owned(), |s| format!("{s:.2}"))) }
                }
                None => html! { (units) },
            });
            if result.is_none() {
                row.push(match () {
                    _ if !due.contains(pw) => html! { span.muted { "nothing to order" } },
                    _ if orders_in.contains(pw) => html! { "in" },
                    _ => html! { "awaited" },
                });
            }
            row.push(html! { (note(p, seat, *pw, result)) });
            row
        })
        .collect();
    let mut head: Vec<&str> = if result.is_some() {
        vec!["Power", "Centres", "Score", "Note"]
    } else {
        vec!["Power", "Centres", "Units", "Orders", "Note"]
    };
    let noted = order
        .iter()
        .any(|pw| !note(p, &p.view["seats"][pw.name()], *pw, result).is_empty());
    if !noted {
        head.pop();
        for row in &mut rows {
            row.pop();
        }
    }
    let caption = if result.is_some() {
        "Every power and its player, best score first"
    } else {
        "Every power and its player, most centres first"
    };
    table(caption, &head, &rows)
}

/// What else a reader should know of a seat: civil disorder, a missed
/// phase, a replacement, an elimination.
fn note(p: &Public, seat: &Value, pw: Power, result: Option<&GameResult>) -> String {
    let mut notes: Vec<String> = Vec::new();
    if seat["civil_disorder"] == Value::Bool(true) {
        notes.push("civil disorder (wm B.8.f)".into());
    }
    if let Some(original) = seat["replacement"]["original"].as_str() {
        notes.push(format!("replacing {original} (wm B.7)"));
    }
    if p.view["nmrs"].get(pw.name()).is_some() {
        notes.push("missed orders (wm D.VII.6)".into());
    }
    if result.is_some_and(|r| r.eliminated.contains(&pw) || r.centers.get(&pw) == Some(&0)) {
        notes.push("eliminated".into());
    }
    notes.join("; ")
}

/// The press as published, newest first (wm D.X): white press with its
/// power, grey unsigned, dark grey with the name it claims.
fn press(p: &Public) -> Markup {
    let Some(items) = p.view["press"].as_array().filter(|a| !a.is_empty()) else {
        return html! {};
    };
    html! {
        h2 { "Press" }
        ol.press reversed {
            @for item in items.iter().rev() {
                li {
                    p.muted {
                        (words(item["phase"].as_str().unwrap_or_default())) " · "
                        @match item["kind"].as_str() {
                            Some("white") => { "from " (title(item["power"].as_str().unwrap_or("a power"))) }
                            Some("dark-grey") => { "signed “" (item["attributed_to"].as_str().unwrap_or_default()) "” (dark grey: unverified)" }
                            _ => { "unsigned (grey)" }
                        }
                    }
                    p { (item["text"].as_str().unwrap_or_default()) }
                }
            }
        }
    }
}

/// The proposals put to the vote and, once decided, whether they passed;
/// never a ballot or a tally (wm D.IX.2).
fn proposals(p: &Public) -> Markup {
    let Some(items) = p.view["proposals"].as_array().filter(|a| !a.is_empty()) else {
        return html! {};
    };
    html! {
        h2 { "Proposals" }
        ul {
            @for item in items {
                li {
                    (proposal(item)) ", for " (words(item["phase"].as_str().unwrap_or_default())) ": "
                    @match item["passed"].as_bool() {
                        Some(true) => { "passed" }
                        Some(false) => { "failed" }
                        None => { "open (the votes stay secret, wm D.IX.2)" }
                    }
                }
            }
        }
    }
}

fn proposal(item: &Value) -> String {
    match item["proposal"].as_str() {
        Some("draw") => {
            let names: Vec<String> = item["powers"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|v| v.as_str().map(title))
                .collect();
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            format!("A draw shared by {}", list(&names))
        }
        Some("concession") => format!(
            "A concession to {}",
            title(item["to"].as_str().unwrap_or_default())
        ),
        Some("house-rule-change") => "A change of the house rules".into(),
        _ => "A proposal".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(reason: EndReason, phase: &str, eliminated: &[Power]) -> GameResult {
        // AUS ENG FRA GER ITA RUS TUR = 0 4 18 5 3 4 0.
        GameResult {
            reason,
            phase: phase.into(),
            centers: Power::ALL.into_iter().zip([0, 4, 18, 5, 3, 4, 0]).collect(),
            eliminated: eliminated.to_vec(),
        }
    }

    #[test]
    fn a_finished_board_says_how_it_ended_in_words() {
        // By hand: a solo found when Fall 1905's retreats were adjudicated
        // reads "after Fall 1905"; the last year after Winter 1907's
        // adjustments; a draw in Spring 1904 is shared by the powers with
        // centres not left out (Austria and Turkey have none, Italy is left
        // out); a concession names its phase too.
        let fall = PhaseCode::parse("F1905R");
        let solo = result(
            EndReason::Solo {
                power: Power::France,
            },
            "W1905A",
            &[],
        );
        assert_eq!(
            ending(&solo, fall, Some(1907)),
            "France won with 18 supply centres after Fall 1905."
        );
        let winter = PhaseCode::parse("W1907A");
        let last = result(EndReason::LastYear, "S1908M", &[]);
        assert_eq!(
            ending(&last, winter, Some(1907)),
            "The game ended after Winter 1907, the last year (1907) set at the outset (wm B.3)."
        );
        let draw = result(EndReason::Draw, "S1904M", &[Power::Italy]);
        assert_eq!(
            ending(&draw, PhaseCode::parse("W1903A"), Some(1907)),
            "Draw agreed in Spring 1904, shared by England, France, Germany and Russia (wm D.IX.4)."
        );
        let conceded = result(EndReason::Concession { to: Power::France }, "F1904M", &[]);
        assert_eq!(
            ending(&conceded, None, None),
            "The game was conceded to France in Fall 1904 (wm D.IX.3)."
        );
    }
}
