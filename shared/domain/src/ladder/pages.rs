//! Club ladder pages: the leaderboard (club J.3 publishes it) with each
//! member's games won, drawn and lost and the latest games, each member's
//! games from their own side with a chart of their score, and the Court's
//! docket with its published opinions and the moderators' declared uses of
//! their powers (club III.3: hearings are public), as the view shows them
//! to anyone.

use super::elo::GameResult;
use crate::page::layout::{any, signed, table_of, text, trusted_svg};
use crate::page::{count, date, instant, Listing, Public};
use crate::page::{page_of, Page};
use chrono::{DateTime, Datelike, NaiveDate, Utc};
use chrono_tz::Tz;
use maud::{html, Markup};
use serde_json::Value;
use std::fmt::Write;

fn render(p: &Public, page: &[&str]) -> Option<Page> {
    let nav = vec![("Court and declarations", p.link("court"))];
    match page {
        [] => Some(page_of(p, None, &nav, leaderboard(p))),
        ["court"] => Some(page_of(p, Some("Court and declarations"), &nav, court(p))),
        ["member", user] => {
            let history = p.resource("members", Some(user))?;
            Some(page_of(p, Some(user), &nav, member(p, user, &history)))
        }
        _ => None,
    }
}

fn paths(p: &Public) -> Vec<String> {
    let mut all = vec!["court".to_owned()];
    all.extend(members(p).iter().map(|m| format!("member/{m}")));
    all
}

fn members(p: &Public) -> Vec<String> {
    p.view["leaderboard"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|l| text(&l["member"]))
        .collect()
}

/// The club's line in the index: its members, the latest game and the
/// weeks closed (club II.6).
fn listing(p: &Public) -> Listing {
    let members = p.view["leaderboard"].as_array().map_or(0, Vec::len);
    let latest = p.view["recent_games"][0]["details"]["played_at"].clone();
    let status = match instant(&latest) {
        Some(t) => format!("Latest game {}", day(p, t)),
        None => "No games counted yet".to_owned(),
    };
    Listing {
        kind: "Club ladder",
        status,
        dates: Some(format!("Since {}", date(p.env.created_at))),
        size: (members > 0).then(|| count(members, "member", "members")),
    }
}

/// The club's clock (its settings' zone; club J.5's sessions are local).
fn zone(p: &Public) -> Tz {
    p.view["settings"]["time_zone"]
        .as_str()
        .and_then(|z| z.parse().ok())
        .unwrap_or(chrono_tz::Europe::London)
}

/// An instant as the club's date: `6 Mar 2026`.
fn day(p: &Public, t: DateTime<Utc>) -> String {
    t.with_timezone(&zone(p)).format("%-d %b %Y").to_string()
}

/// A game's date in the club's zone, the year left out when it is this
/// year's (`6 Feb`, `12 Dec 2025`); "date unknown" rather than a dash.
fn played(p: &Public, game: &Value) -> String {
    let Some(t) = instant(&game["played_at"]) else {
        return "date unknown".to_owned();
    };
    let zone = zone(p);
    let (when, now) = (t.with_timezone(&zone), p.now.with_timezone(&zone));
    if when.year() == now.year() {
        when.format("%-d %b").to_string()
    } else {
        when.format("%-d %b %Y").to_string()
    }
}

fn leaderboard(p: &Public) -> Markup {
    let head = [
        html! { "Rank" },
        html! { "Member" },
        html! { "Score" },
        html! { abbr title="Won" { "W" } },
        html! { abbr title="Drawn" { "D" } },
        html! { abbr title="Lost" { "L" } },
    ];
    let rows: Vec<Vec<Markup>> = p.view["leaderboard"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|l| {
            let m = text(&l["member"]);
            vec![
                html! { (text(&l["rank"])) },
                html! {
                    a href=(p.link(&format!("member/{m}"))) { (m) }
                    @if let Some(until) = l["banned"].as_str() {
                        br; span.muted { "banned " (banned(until)) }
                    }
                },
                html! { (text(&l["score"])) },
                html! { (text(&l["won"])) },
                html! { (text(&l["drawn"])) },
                html! { (text(&l["lost"])) },
            ]
        })
        .collect();
    html! {
        h2 { "Leaderboard" }
        @if rows.is_empty() {
            p { "No member has joined yet." }
        } @else {
            (table_of(None, "Score (club II.3) and rated games won, drawn and lost", &head, &rows))
        }
        @if let Some(week) = p.view["closed_through"].as_str().and_then(|d| d.parse::<NaiveDate>().ok()) {
            p.muted { "Weeks closed through " (week.format("%-d %b %Y")) " (club II.6: absences counted)." }
        }
        h2 { "Recent games" }
        (recent(p))
    }
}

/// Plain column headings.
fn heads(names: &[&str]) -> Vec<Markup> {
    names.iter().map(|n| html! { (n) }).collect()
}

/// club II.9: a ban's end, in words.
fn banned(until: &str) -> String {
    match until.parse::<NaiveDate>() {
        Ok(d) => format!("until {}", d.format("%-d %b %Y")),
        Err(_) => until.to_owned(),
    }
}

/// A game's result as the view writes it (read in either vocabulary).
fn result(g: &Value) -> Option<GameResult> {
    serde_json::from_value(g["result"].clone()).ok()
}

/// A result as a chess reader writes it: `1–0`, `½–½`, `0–1`.
fn score(g: &Value) -> &'static str {
    match result(g) {
        Some(GameResult::WhiteWins) => "1\u{2013}0",
        Some(GameResult::BlackWins) => "0\u{2013}1",
        Some(GameResult::Draw) => "\u{bd}\u{2013}\u{bd}",
        None => "?",
    }
}

/// A player and their change in this game: `ann +8`.
fn side(p: &Public, g: &Value, colour: &str) -> Markup {
    let who = text(&g[colour]);
    let change = g[format!("{colour}_delta")].as_i64().unwrap_or(0);
    html! {
        a href=(p.link(&format!("member/{who}"))) { (who) }
        " " span.muted { (signed(change)) }
    }
}

/// The latest rated games, the latest played first.
fn recent(p: &Public) -> Markup {
    let rows: Vec<Vec<Markup>> = p.view["recent_games"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|line| {
            let g = &line["details"];
            vec![
                html! { (played(p, g)) },
                side(p, g, "white"),
                html! { (score(g)) },
                side(p, g, "black"),
            ]
        })
        .collect();
    html! {
        @if rows.is_empty() {
            p { "No games counted yet." }
        } @else {
            (table_of(Some("dated"), "Each player's score change beside their name", &heads(&["Date", "White", "Result", "Black"]), &rows))
        }
    }
}

fn court(p: &Public) -> Markup {
    html! {
        h2 { "Appeals and the Court's opinions" }
        (any(&p.view["appeals"], 3))
        h2 { "Moderators' uses of their powers and declarations" }
        (any(&p.view["powers"], 3))
        h2 { "Rematches ordered" }
        (any(&p.view["rematches"], 3))
    }
}

/// A game's outcome for `user`: "Won", "Drew" or "Lost".
fn outcome(g: &Value, user: &str) -> &'static str {
    let white = g["white"].as_str() == Some(user);
    match (result(g), white) {
        (Some(GameResult::Draw), _) => "Drew",
        (Some(GameResult::WhiteWins), true) | (Some(GameResult::BlackWins), false) => "Won",
        _ => "Lost",
    }
}

/// A game that does not count as it stands, in words; `None` when rated.
fn standing(status: &Value) -> Option<&'static str> {
    match status.as_str() {
        Some("rated") => None,
        Some("pending") => Some("awaiting a moderator's approval (club II.10.4)"),
        Some("rejected") => Some("not approved (club II.10.4)"),
        Some("void") => Some("void, not counted"),
        Some("in-progress") => Some("being played"),
        _ => Some("not counted"),
    }
}

/// One member's page: their score, rank and record, the chart, and their
/// games from their side.
fn member(p: &Public, user: &str, history: &Value) -> Markup {
    let games: Vec<&Value> = history["items"].as_array().into_iter().flatten().collect();
    let rows: Vec<Vec<Markup>> = games
        .iter()
        .map(|g| {
            let d = &g["details"];
            let white = d["white"].as_str() == Some(user);
            let (opp, delta, colour) = if white {
                (text(&d["black"]), &d["white_delta"], "White")
            } else {
                (text(&d["white"]), &d["black_delta"], "Black")
            };
            let note = standing(&d["status"]);
            vec![
                html! { (played(p, d)) },
                html! {
                    (outcome(d, user)) " against "
                    a href=(p.link(&format!("member/{opp}"))) { (opp) }
                    span.muted { " with " (colour) }
                    @if let Some(note) = note { br; span.muted { "(" (note) ")" } }
                },
                html! { @if note.is_none() { (signed(delta.as_i64().unwrap_or(0))) } @else { span.muted { "none" } } },
            ]
        })
        .collect();
    let line = p.view["leaderboard"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|l| l["member"].as_str() == Some(user));
    let points = score_line(history);
    html! {
        dl {
            dt { "Score" } dd { (text(&history["score"])) }
            dt { "Rank" } dd { @if history["rank"].is_null() { "off the leaderboard" } @else { (text(&history["rank"])) } }
            @if let Some(l) = line {
                dt { "Rated games" }
                dd { (text(&l["won"])) " won, " (text(&l["drawn"])) " drawn, " (text(&l["lost"])) " lost" }
            }
            dt { "Joined" } dd { (instant(&history["joined_at"]).map_or_else(|| "date unknown".to_owned(), |t| day(p, t))) }
        }
        h2 { "Score through the games" }
        @if games.is_empty() {
            p { "No games counted yet." }
        } @else {
            figure {
                (trusted_svg(&chart(user, &points)))
                figcaption.muted { "Worked back from today's score by each game's published change; deductions for absence are not public and are not drawn." }
            }
        }
        h2 { "Games" }
        @if !rows.is_empty() {
            (table_of(Some("dated"), "Newest first, with the change to the score", &heads(&["Date", "Game", "Change"]), &rows))
        }
    }
}

/// The score after each game, oldest first: today's score, less each
/// game's change going back from the newest.
fn score_line(history: &Value) -> Vec<i64> {
    let user = history["member"].as_str().unwrap_or_default();
    let mut score = history["score"].as_i64().unwrap_or(0);
    let mut line = vec![score];
    for g in history["items"].as_array().into_iter().flatten() {
        let d = &g["details"];
        let key = if d["white"].as_str() == Some(user) {
            "white_delta"
        } else {
            "black_delta"
        };
        score -= d[key].as_i64().unwrap_or(0);
        line.push(score);
    }
    line.reverse();
    line
}

/// A line chart of `points` as SVG: labelled, scaled to its box, with the
/// lowest and highest score written on the axis.
pub fn chart(user: &str, points: &[i64]) -> String {
    let (w, h, pad) = (600i64, 240i64, 40i64);
    let lo = points.iter().copied().min().unwrap_or(0);
    let hi = points.iter().copied().max().unwrap_or(0).max(lo + 1);
    let n = points.len().max(2) as i64 - 1;
    let left = pad + 20;
    let xy = |i: usize, s: i64| {
        (
            left + (i as i64) * (w - left - pad) / n,
            h - pad - (s - lo) * (h - 2 * pad) / (hi - lo),
        )
    };
    let mut path = String::new();
    let mut dots = String::new();
    for (i, s) in points.iter().enumerate() {
        let (x, y) = xy(i, *s);
        let _ = write!(path, "{}{x},{y}", if i == 0 { "M" } else { " L" });
        let _ = write!(
            dots,
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"4\" fill=\"#0b4fa8\"/>"
        );
    }
    let desc = format!(
        "Score of {} after each of {} games: {}",
        esc(user),
        points.len().saturating_sub(1),
        points
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    );
    format!(
        concat!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"100%\" role=\"img\" aria-labelledby=\"chart-t chart-d\">",
            "<title id=\"chart-t\">Score history of {user}</title><desc id=\"chart-d\">{desc}</desc>",
            "<rect width=\"{w}\" height=\"{h}\" fill=\"#fff\"/>",
            "<line x1=\"{left}\" y1=\"{base}\" x2=\"{right}\" y2=\"{base}\" stroke=\"#4a4a4a\"/>",
            "<line x1=\"{left}\" y1=\"{top}\" x2=\"{left}\" y2=\"{base}\" stroke=\"#4a4a4a\"/>",
            "<text x=\"2\" y=\"{top}\" font-size=\"22\" fill=\"#1b1b1b\">{hi}</text>",
            "<text x=\"2\" y=\"{base}\" font-size=\"22\" fill=\"#1b1b1b\">{lo}</text>",
            "<path d=\"{path}\" fill=\"none\" stroke=\"#0b4fa8\" stroke-width=\"3\"/>{dots}</svg>"
        ),
        w = w,
        h = h,
        left = left,
        dots = dots,
        user = esc(user),
        desc = desc,
        base = h - pad,
        right = w - pad,
        top = pad,
        hi = hi,
        lo = lo,
        path = path,
    )
}

/// Text for SVG markup.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

impl crate::rulebook::Pages for super::Ladder {
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

#[cfg(test)]
mod tests {
    use super::chart;

    #[test]
    fn the_rating_chart_is_labelled_and_scaled_to_its_points() {
        // Scores 100, 108, 100: lowest 100 on the baseline (y = 240 - 40),
        // highest 108 at the top (y = 40); three points evenly across the
        // plot from x = 60 (after the axis labels) to 560, so at 60, 310, 560.
        let svg = chart("bob", &[100, 108, 100]);
        assert!(svg.contains("role=\"img\""));
        assert!(svg.contains("<title id=\"chart-t\">Score history of bob</title>"));
        assert!(svg.contains("M60,200 L310,40 L560,200"), "{svg}");
        let odd = chart("<b>", &[]);
        assert!(odd.contains("&lt;b&gt;") && !odd.contains("<b>"));
    }
}
