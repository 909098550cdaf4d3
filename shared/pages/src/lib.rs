//! Arbiter's public pages: server-rendered HTML for what anyone may see of
//! a competition its organizer lists publicly, with no script, one small
//! stylesheet, and pictures as SVG.
//!
//! Pure: every page is a function of the competition's state and `now`. A
//! page reads nothing but what an outsider reads through the API: the
//! kind's view for no viewer (`Competition::view(None)`) and its read
//! resources for no viewer. So a page can show no secret the API would keep
//! from someone without an account; the kind conformance suite searches
//! every page of every state its scripts reach for every secret.
//!
//! Addresses (under [`layout::ROOT`], `/pages`): `{id}` is a competition's
//! front page, `{id}/{page}` and `{id}/{page}/{key}` its other pages
//! ([`paths`] lists them all), `{id}/calendar.ics` its deadlines.

pub mod layout;

mod chess;
mod diplomacy;
pub(crate) mod ladder;
mod nomic;
mod source;
mod tournament;

#[cfg(test)]
mod tests;

use arbiter_domain::competition::{Competition, Game};
use chrono::{DateTime, Utc};
use layout::{document, Crumb, ROOT};
use maud::{html, Markup};
use source::Public;

/// The one stylesheet every page links.
pub const STYLESHEET: &str = include_str!("style.css");

/// A rendered page: its media type and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    pub content_type: &'static str,
    pub body: String,
    /// Whether the page can never change (a finished phase's map): caches
    /// may keep it for good.
    pub immutable: bool,
}

impl Page {
    pub(crate) fn html(body: String) -> Self {
        Self {
            content_type: "text/html; charset=utf-8",
            body,
            immutable: false,
        }
    }

    pub(crate) fn svg(body: String, immutable: bool) -> Self {
        Self {
            content_type: "image/svg+xml",
            body,
            immutable,
        }
    }
}

/// The index: the competitions listed publicly, each with a link to its
/// front page, and a link to the next page of the listing after `next`.
pub fn index(listed: &[&Competition], next: Option<&str>) -> Page {
    let body = html! {
        @if listed.is_empty() {
            p { "No competition is listed publicly yet." }
        } @else {
            ul {
                @for c in listed {
                    li {
                        a href=(front(c)) { (c.name) }
                        " "
                        span.muted { "(" (kind_title(c)) ")" }
                    }
                }
            }
        }
        @if let Some(after) = next {
            p { a href={ (ROOT) "?cursor=" (after) } { "More competitions" } }
        }
    };
    Page::html(document("Public competitions", &[], body))
}

/// The page at `page` (the path's segments after the competition's id,
/// none for its front page) of a competition, as of `now`; `None` when it
/// has no such page. The caller checks that the competition is public.
pub fn render(state: &Competition, page: &[&str], now: DateTime<Utc>) -> Option<Page> {
    let public = Public::new(state);
    if page == ["calendar.ics"] {
        let deadlines = state.game.deadlines(state, None, now);
        return Some(Page {
            content_type: "text/calendar; charset=utf-8",
            body: arbiter_domain::ical::competition_feed(state, &deadlines, now),
            immutable: false,
        });
    }
    match &state.game {
        Game::Swiss(_) | Game::Acwc(_) => chess::render(&public, page),
        Game::ClubLadder(_) => ladder::render(&public, page),
        Game::DiplomacyGame(_) => diplomacy::render(&public, page),
        Game::DiplomacyTournament(_) => tournament::render(&public, page),
        Game::Nomic(_) => nomic::render(&public, page),
    }
}

/// Every page of a competition as it stands, as paths under its front page
/// (`""` is the front page itself): what a crawler, the secrecy search and
/// the browser tests visit.
pub fn paths(state: &Competition) -> Vec<String> {
    let public = Public::new(state);
    let mut all = vec![String::new(), "calendar.ics".to_owned()];
    all.extend(match &state.game {
        Game::Swiss(_) | Game::Acwc(_) => chess::paths(&public),
        Game::ClubLadder(_) => ladder::paths(&public),
        Game::DiplomacyGame(_) => diplomacy::paths(&public),
        Game::DiplomacyTournament(_) => tournament::paths(&public),
        Game::Nomic(_) => nomic::paths(&public),
    });
    all
}

/// The 404 page, the same for a private competition as for an unknown one.
pub fn not_found() -> Page {
    Page::html(layout::not_found())
}

/// A competition's front page address.
pub fn front(state: &Competition) -> String {
    format!("{ROOT}/{}", state.id)
}

fn kind_title(state: &Competition) -> &'static str {
    state.kind.title()
}

/// A page of competition `public`: its title after the competition's name,
/// the way back to the front page, and the kind's navigation above `body`.
fn page_of(public: &Public, title: Option<&str>, nav: &[(&str, String)], body: Markup) -> Page {
    let name = &public.state.name;
    let mut crumbs: Vec<Crumb> = Vec::new();
    let heading = match title {
        Some(t) => {
            crumbs.push((name.clone(), front(public.state)));
            format!("{name}: {t}")
        }
        None => name.clone(),
    };
    let body = html! {
        p.muted { (kind_title(public.state)) " · organized by " (public.state.organizer) }
        @if !nav.is_empty() {
            nav aria-label="Pages of this competition" {
                ul {
                    li { a href=(front(public.state)) { "Overview" } }
                    @for (text, href) in nav { li { a href=(href) { (text) } } }
                    li { a href={ (front(public.state)) "/calendar.ics" } { "Calendar (iCal)" } }
                }
            }
        }
        (body)
    };
    Page::html(document(&heading, &crumbs, body))
}
