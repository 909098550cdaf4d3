//! Chess pages, for a Swiss event and an ACWC championship, laid out as
//! chess-results.com and Lichess lay out a Swiss: the standings with each
//! tie-break under its name (the final standings and the podium once the
//! last round is over), each round's pairings and results, a crosstable,
//! each Swiss player's games with a performance rating, the TRF to
//! download, and (ACWC) the Candidates and the Final's score game by game.
//! Every player is shown by starting number, title and name, never by the
//! user id the API keys him by.
//!
//! Both kinds publish their rounds as `rounds[]` in the view; a Swiss
//! round's boards are `games` (`white`, `black`, `result`), an ACWC round's
//! `matches` (`first`, `second`, `outcome` in half games).

mod acwc;
mod crosstable;
mod people;
mod player;
mod round;
mod standings;

use crate::page::layout::{label, text};
use crate::page::Public;
use crate::page::{page_of, Page};
use maud::{html, Markup};
use people::People;
use serde_json::Value;

/// The TRF files a Swiss event's pages serve, each with the read resource
/// it is and the link's text. The API's own routes ask for an account;
/// the pages read the same resource as no viewer, as they read the rest.
const TRF_FILES: [(&str, &str, &str); 2] = [
    ("trf.txt", "trf", "Download TRF (FIDE)"),
    ("trf-2025.txt", "trf-2025", "TRF-2025"),
];

fn render(p: &Public, page: &[&str]) -> Option<Page> {
    let nav = nav(p);
    let titled = |title: &str, body: Markup| Some(page_of(p, Some(title), &nav, body));
    match page {
        [] => Some(page_of(p, None, &nav, front(p))),
        ["crosstable"] => titled("Crosstable", crosstable::crosstable(p)),
        ["round", n] => {
            let n: u64 = n.parse().ok()?;
            titled(&format!("Round {n}"), round::page(p, n)?)
        }
        ["player", n] if !acwc(p) => {
            let (title, body) = player::page(p, n.parse().ok()?)?;
            titled(&title, body)
        }
        ["final"] if acwc(p) => titled("Final", acwc::final_match(p)),
        [file] if !acwc(p) => {
            let (_, resource, _) = TRF_FILES.iter().find(|(f, _, _)| f == file)?;
            Some(Page::text(p.text_resource(resource)?))
        }
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
    } else {
        all.extend(People::of(p).numbers().map(|n| format!("player/{n}")));
        all.extend(TRF_FILES.iter().map(|(f, _, _)| (*f).to_owned()));
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

fn front(p: &Public) -> Markup {
    if acwc(p) {
        acwc::front(p)
    } else {
        standings::front(p)
    }
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

/// A link to every round, `current` marked as the page shown.
fn round_links(p: &Public, current: Option<u64>) -> Markup {
    let rounds = rounds(p);
    html! {
        @if rounds.is_empty() {
            p.muted { "No round is paired yet." }
        } @else {
            nav aria-label="Rounds" {
                ul {
                    @for r in &rounds {
                        @let n = r["round"].as_u64();
                        li {
                            @if n == current {
                                strong aria-current="page" { (round_name(r)) }
                            } @else {
                                a href=(p.link(&format!("round/{}", text(&r["round"])))) { (round_name(r)) }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Points as a crosstable prints them: 3.5 reads "3½".
fn points(v: &Value) -> String {
    crate::chess::half_points_text(half_points(v))
}

/// Points with their unit: "4½ points", "1 point", "½ point".
fn points_words(v: &Value) -> String {
    crate::chess::half_points_label(half_points(v))
}

/// A score in points (a JSON number, possibly "2.5") as half points.
fn half_points(v: &Value) -> u64 {
    (v.as_f64().unwrap_or(0.0) * 2.0).round().max(0.0) as u64
}

impl crate::rulebook::Pages for crate::chess::swiss_event::SwissEvent {
    fn page(public: &Public, path: &[&str]) -> Option<Page> {
        render(public, path)
    }

    fn page_paths(public: &Public) -> Vec<String> {
        paths(public)
    }

    fn listing(public: &Public) -> crate::page::Listing {
        crate::chess::swiss_event::listing::of(public)
    }
}

impl crate::rulebook::Pages for crate::chess::acwc::Championship {
    fn page(public: &Public, path: &[&str]) -> Option<Page> {
        render(public, path)
    }

    fn page_paths(public: &Public) -> Vec<String> {
        paths(public)
    }

    fn listing(public: &Public) -> crate::page::Listing {
        crate::chess::acwc::listing::of(public)
    }
}

#[cfg(test)]
mod tests;
