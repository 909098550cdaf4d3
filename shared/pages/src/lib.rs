//! Arbiter's public pages: server-rendered HTML for what anyone may see of
//! a competition its organizer lists publicly, with no script, one small
//! stylesheet, and pictures as SVG. Each kind lays out its own pages in its
//! folder (`arbiter_domain::rulebook::Pages`); this crate serves them with
//! the index of public competitions and the calendar feeds.
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

#[cfg(test)]
mod tests;

pub use arbiter_domain::page::{layout, Page, STYLESHEET, TIME_SCRIPT};

use arbiter_domain::competition::Competition;
use arbiter_domain::page::layout::{document, ROOT};
use chrono::{DateTime, Utc};
use maud::html;

/// The index: the competitions listed publicly as of `now`, each with a
/// link to its front page and its line in the kind's words (kind, where it
/// stands, size, dates), and a link to the next page of the listing after
/// `next`.
pub fn index(listed: &[&Competition], next: Option<&str>, now: DateTime<Utc>) -> Page {
    let body = html! {
        @if listed.is_empty() {
            p { "No competition is listed publicly yet." }
        } @else {
            ul.cards {
                @for c in listed {
                    @let line = c.game.listing(c, now);
                    li {
                        h2 { a href=(front(c)) { (c.name) } }
                        p { strong { (line.kind) } " · " (line.status) }
                        @let more: Vec<&String> = line.size.iter().chain(line.dates.iter()).collect();
                        @if !more.is_empty() {
                            p.muted {
                                @for (i, part) in more.iter().enumerate() {
                                    @if i > 0 { " · " }
                                    (part)
                                }
                            }
                        }
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
    render_answered(state, page, now, None)
}

/// [`render`], where the competition's players answer by mail at
/// `<id>@<mail_domain>` (a board's orders, wm D.II.2): its front page says
/// where.
pub fn render_answered(
    state: &Competition,
    page: &[&str],
    now: DateTime<Utc>,
    mail_domain: Option<&str>,
) -> Option<Page> {
    let mut rendered = rendered(state, page, now)?;
    let address = mail_domain
        .filter(|_| page.is_empty() && state.kind.answered_by_mail())
        .map(|d| format!("{}@{d}", state.id));
    if let Some(address) = address {
        let note = html! {
            p.mail { "Orders, votes and press by e-mail to "
                a href={ "mailto:" (address) } { (address) } " (wm D.II.2)." }
        };
        rendered.body =
            rendered
                .body
                .replacen("</main>", &format!("{}</main>", note.into_string()), 1);
    }
    Some(rendered)
}

fn rendered(state: &Competition, page: &[&str], now: DateTime<Utc>) -> Option<Page> {
    if page == ["calendar.ics"] {
        let deadlines = state.game.deadlines(state, None, now);
        return Some(Page {
            content_type: "text/calendar; charset=utf-8",
            body: arbiter_domain::ical::competition_feed(state, &deadlines, now),
            immutable: false,
        });
    }
    state.game.page(state, page, now)
}

/// Every page of a competition as it stands, as paths under its front page
/// (`""` is the front page itself): what a crawler, the secrecy search and
/// the browser tests visit.
pub fn paths(state: &Competition) -> Vec<String> {
    let mut all = vec![String::new(), "calendar.ics".to_owned()];
    all.extend(state.game.page_paths(state));
    all
}

/// The 404 page, the same for a private competition as for an unknown one.
pub fn not_found() -> Page {
    Page::html(layout::not_found())
}

/// A competition's front page address.
pub fn front(state: &Competition) -> String {
    arbiter_domain::page::front(&state.id)
}
