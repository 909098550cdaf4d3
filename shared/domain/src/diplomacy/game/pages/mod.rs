//! Diplomacy board pages, as a spectator reads them: the front page says
//! where the game stands in words (the phase, the deadline with a
//! countdown, which powers have their orders in) or how it ended, shows the
//! map linked to its full-size picture, the powers and the supply centres
//! year by year; each phase's page shows its map, its orders with what
//! became of each once adjudicated (wm D.VIII.4 publishes them), and
//! previous/next links.
//!
//! Phases are numbered from 1 in order of play: the adjudicated ones from
//! the board's `history`, then the phase now being played, whose orders are
//! secret until adjudication and so not shown here (only which powers have
//! sent theirs, wm D.II.1).

mod chart;
mod front;
mod phase;

pub(crate) use front::ending;

use crate::diplomacy::cli::OrderResult;
use crate::diplomacy::game::position::Position;
use crate::diplomacy::map::Power;
use crate::diplomacy::picture;
use crate::diplomacy::position::Phase as PhaseCode;
use crate::page::Public;
use crate::page::{page_of, Page};
use maud::{html, Markup};
use serde_json::Value;

fn render(p: &Public, page: &[&str]) -> Option<Page> {
    let nav = vec![("Phases", p.link("phases"))];
    match page {
        [] => Some(page_of(p, None, &nav, front::body(p))),
        ["phases"] => Some(page_of(p, Some("Phases"), &nav, phase::list(p))),
        ["phase", n] => {
            let n: usize = n.parse().ok()?;
            let phase = phases(p).into_iter().nth(n.checked_sub(1)?)?;
            let title = format!("{} (phase {n})", words(&phase.code));
            Some(page_of(p, Some(&title), &nav, phase::body(p, n, &phase)))
        }
        // The phase being played (or the last one): a stable address to
        // link from elsewhere.
        ["map.svg"] => {
            let phase = phases(p).pop()?;
            let svg = picture::draw(&phase.position, &phase.results);
            Some(Page::svg(svg, false))
        }
        ["map", file] => {
            let n: usize = file.strip_suffix(".svg")?.parse().ok()?;
            let phase = phases(p).into_iter().nth(n.checked_sub(1)?)?;
            let svg = picture::draw(&phase.position, &phase.results);
            Some(Page::svg(svg, phase.adjudicated))
        }
        _ => None,
    }
}

fn paths(p: &Public) -> Vec<String> {
    let mut all = vec!["phases".to_owned()];
    let count = phases(p).len();
    if count > 0 {
        all.push("map.svg".to_owned());
    }
    for n in 1..=count {
        all.push(format!("phase/{n}"));
        all.push(format!("map/{n}.svg"));
    }
    all
}

/// One phase as the pages show it.
struct Phase {
    code: String,
    position: Position,
    results: Vec<OrderResult>,
    adjudicated: bool,
    record: Value,
}

fn phases(p: &Public) -> Vec<Phase> {
    let mut all: Vec<Phase> = p.view["history"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|r| {
            let position: Position = serde_json::from_value(r["before"].clone()).ok()?;
            Some(Phase {
                code: position.phase.clone(),
                results: serde_json::from_value(r["results"].clone()).unwrap_or_default(),
                position,
                adjudicated: true,
                record: r.clone(),
            })
        })
        .collect();
    if let Ok(position) = serde_json::from_value::<Position>(p.view["position"].clone()) {
        all.push(Phase {
            code: position.phase.clone(),
            position,
            results: Vec::new(),
            adjudicated: false,
            record: Value::Null,
        });
    }
    all
}

/// A phase code in words (`F1902M`: "Fall 1902, movement"); a code that
/// reads as no phase, as written.
fn words(code: &str) -> String {
    PhaseCode::parse(code).map_or_else(|| code.to_owned(), |p| p.words())
}

/// A power named as people write it (`AUSTRIA`: "Austria").
fn title(name: &str) -> String {
    Power::parse(name).map_or_else(|| name.to_owned(), |p| p.title().to_owned())
}

/// A power's name with a square of its colour on the map before it.
pub(crate) fn power(name: &str) -> Markup {
    let fill = Power::parse(name).map(|p| picture::power_colours(p).0);
    html! {
        @if let Some(fill) = fill {
            svg.swatch width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" {
                rect width="12" height="12" fill=(fill) stroke="#1b1b1b" {}
            }
            " "
        }
        (title(name))
    }
}

/// The map of phase `n` as an image linking to its full-size picture, with
/// the position in words as its text alternative (the SVG also carries a
/// title and a description).
fn map(p: &Public, n: usize, phase: &Phase, caption: &str) -> Markup {
    let mut alt = format!("Map of {}:", words(&phase.code));
    for (who, units) in &phase.position.units {
        alt.push_str(&format!(" {} {};", title(who), units.join(", ")));
    }
    let src = p.link(&format!("map/{n}.svg"));
    let (w, h) = picture::SIZE;
    html! {
        figure.board-map {
            a href=(src) { img src=(src) alt=(alt) width=(w) height=(h); }
            figcaption {
                (caption) " "
                a href=(src) { "Open the full-size map" }
            }
        }
    }
}

impl crate::rulebook::Pages for super::Board {
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
