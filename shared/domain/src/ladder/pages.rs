//! Club ladder pages: the leaderboard (club J.3 publishes it), each member's
//! score through their games as a chart, and the Court's docket with its
//! published opinions and the moderators' declared uses of their powers
//! (club III.3: hearings are public), as the view shows them to anyone.

use crate::page::layout::{any, table, text, trusted_svg};
use crate::page::Public;
use crate::page::{page_of, Page};
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
            Some(page_of(p, Some(user), &nav, member(user, &history)))
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

fn leaderboard(p: &Public) -> Markup {
    let rows: Vec<Vec<Markup>> = p.view["leaderboard"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|l| {
            let m = text(&l["member"]);
            vec![
                html! { (text(&l["rank"])) },
                html! { a href=(p.link(&format!("member/{m}"))) { (m) } },
                html! { (text(&l["score"])) },
                html! { @if !l["banned"].is_null() { "until " (text(&l["banned"])) } },
            ]
        })
        .collect();
    html! {
        h2 { "Leaderboard" }
        p { "Games counted through " (text(&p.view["closed_through"])) "." }
        (table("Leaderboard", &["Rank", "Member", "Score", "Banned"], &rows))
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

/// One member's page: their score, rank and games, and the chart.
fn member(user: &str, history: &Value) -> Markup {
    let games: Vec<&Value> = history["items"].as_array().into_iter().flatten().collect();
    let rows: Vec<Vec<Markup>> = games
        .iter()
        .map(|g| {
            let d = &g["details"];
            let white = d["white"].as_str() == Some(user);
            let (opp, delta) = if white {
                (&d["black"], &d["white_delta"])
            } else {
                (&d["white"], &d["black_delta"])
            };
            vec![
                html! { (text(&g["game"])) },
                html! { (text(&d["played_at"])) },
                html! { (text(opp)) },
                html! { (text(&d["result"])) },
                html! { (text(delta)) },
                html! { (text(&d["status"])) },
            ]
        })
        .collect();
    let points = score_line(history);
    html! {
        dl {
            dt { "Score" } dd { (text(&history["score"])) }
            dt { "Rank" } dd { (text(&history["rank"])) }
            dt { "Joined" } dd { (text(&history["joined_at"])) }
        }
        h2 { "Score through the games" }
        figure {
            (trusted_svg(&chart(user, &points)))
            figcaption.muted { "Worked back from today's score by each game's published change; deductions for absence are not public and are not drawn." }
        }
        (table("Games, newest first", &["Game", "Played", "Opponent", "Result", "Change", "Status"], &rows))
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
