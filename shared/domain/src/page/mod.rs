//! Arbiter's public pages, as far as every kind shares them: the frame
//! ([`layout`]), what a page may read ([`Public`]), and a rendered [`Page`].
//! Each kind lays out its own pages in its folder (its `pages.rs`, the
//! [`crate::rulebook::Pages`] part of the contract); the `arbiter-pages`
//! crate serves them with the index and the calendar feeds.
//!
//! Pure: a page is a function of what an outsider reads through the API —
//! the kind's view and read resources for no viewer — so a page can show no
//! secret the API would keep from someone without an account. The kind
//! conformance suite searches every page of every state its scripts reach
//! for every secret.

pub mod layout;
mod public;

pub use public::Public;

use crate::envelope::CompetitionId;
use layout::{document, Crumb, ROOT};
use maud::{html, Markup};

/// The one stylesheet every page links.
pub const STYLESHEET: &str = include_str!("style.css");

/// The one script a page may load (`/pages/time.js`): each deadline in the
/// reader's own time, with a countdown. Pages read fully without it.
pub const TIME_SCRIPT: &str = include_str!("time.js");

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
    pub fn html(body: String) -> Self {
        Self {
            content_type: "text/html; charset=utf-8",
            body,
            immutable: false,
        }
    }

    /// Plain text, such as a TRF file to download.
    pub fn text(body: String) -> Self {
        Self {
            content_type: "text/plain; charset=utf-8",
            body,
            immutable: false,
        }
    }

    pub fn svg(body: String, immutable: bool) -> Self {
        Self {
            content_type: "image/svg+xml",
            body,
            immutable,
        }
    }
}

/// A competition as the index of public competitions lists it, each part
/// in the kind's own words: what sort of competition it is ("Swiss
/// event"), where it stands ("Round 3 of 7"), its dates and its size ("12
/// players"). The kind says each ([`crate::rulebook::Pages::listing`]) from
/// what anyone may read, as its pages do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listing {
    /// The kind in words, capitalised: "Swiss event", "Diplomacy board".
    pub kind: &'static str,
    /// Where it stands: "Not started", "Round 3 of 7", "Finished".
    pub status: String,
    /// Its dates in words ("1 Jul 2026 to 5 Jul 2026", "Begun 15 Mar
    /// 2026"); `None` when the rules have set none yet.
    pub dates: Option<String>,
    /// How many take part ("12 players", "8 teams", "7 powers"); `None`
    /// before anyone has.
    pub size: Option<String>,
}

/// A date as the pages write one: `15 Mar 2026`.
pub fn date(t: chrono::DateTime<chrono::Utc>) -> String {
    t.format("%-d %b %Y").to_string()
}

/// An instant the view writes (RFC 3339), if `v` is one.
pub fn instant(v: &serde_json::Value) -> Option<chrono::DateTime<chrono::Utc>> {
    v.as_str()?.parse().ok()
}

/// `n` things, in words: `1 player`, `12 players`.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A competition's front page address.
pub fn front(id: &CompetitionId) -> String {
    format!("{ROOT}/{id}")
}

/// A page of competition `public`: its title after the competition's name,
/// the way back to the front page, and the kind's navigation above `body`.
pub fn page_of(public: &Public, title: Option<&str>, nav: &[(&str, String)], body: Markup) -> Page {
    let env = public.env;
    let name = &env.name;
    let home = front(&env.id);
    let mut crumbs: Vec<Crumb> = Vec::new();
    let heading = match title {
        Some(t) => {
            crumbs.push((name.clone(), home.clone()));
            format!("{name}: {t}")
        }
        None => name.clone(),
    };
    let body = html! {
        p.muted {
            (public.title) " · organized by " (env.organizer) " · "
            // The app acts; the pages only show.
            a href={ "/app/c/" (env.id) } { "Take part" }
        }
        @if !nav.is_empty() {
            nav aria-label="Pages of this competition" {
                ul {
                    li { a href=(home) { "Overview" } }
                    @for (text, href) in nav { li { a href=(href) { (text) } } }
                    li { a href={ (home) "/calendar.ics" } { "Calendar (iCal)" } }
                }
            }
        }
        (body)
    };
    Page::html(document(&heading, &crumbs, body))
}
