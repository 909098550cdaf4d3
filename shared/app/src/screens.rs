//! The app's screens: the front door, sign-in, a new competition, a
//! competition's desk (what the viewer may do now, then every act their
//! roles may try) and its audit log a page at a time.

use crate::form::{words, Form};
use crate::layout::{document, Viewer, ROOT};
use crate::render::{placed, Placed, Refusal};
use arbiter_domain::competition::Act;
use maud::{html, Markup};
use serde_json::{Map, Value};

/// A competition as a list shows it.
#[derive(Debug, Clone)]
pub struct Listed {
    pub id: String,
    pub name: String,
    pub kind: String,
    /// The viewer's roles in it (empty in the public list).
    pub roles: Vec<String>,
}

/// The front door: the viewer's competitions once signed in, and the
/// public ones.
pub fn front(viewer: &Viewer, mine: &[Listed], public: &[Listed]) -> String {
    let body = html! {
        @if viewer.signed_in() {
            h2 { "My competitions" }
            @if mine.is_empty() {
                p.muted { "You take part in no competition yet. Open a public one below to enter it"
                    @if viewer.may_organize { ", or " a href={ (ROOT) "/new" } { "create one" } } "." }
            } @else { (cards(mine)) }
        } @else {
            p { a href={ (ROOT) "/sign-in" } { "Sign in" } " to enter competitions, report results, send orders and vote." }
        }
        h2 { "Public competitions" }
        @if public.is_empty() { p.muted { "No competition is listed publicly yet." } }
        @else { (cards(public)) }
    };
    document("Arbiter", viewer, body)
}

fn cards(list: &[Listed]) -> Markup {
    html! {
        ul.cards {
            @for c in list {
                li {
                    a href={ (ROOT) "/c/" (c.id) } { strong { (c.name) } }
                    " " span.muted { (c.kind) }
                    @if !c.roles.is_empty() { br; span.muted { "You: " (c.roles.join(", ")) } }
                }
            }
        }
    }
}

/// The development sign-in: a user name, and the organizer's right for a
/// demonstration. Deployments sign in with their identity provider.
pub fn sign_in(viewer: &Viewer, refusal: Option<&Refusal>) -> String {
    let body = html! {
        p { "This server signs people in for development: pick a user name. "
            "A deployment signs in with its identity provider instead." }
        @if let Some(r) = refusal { div.refusal role="alert" { (r.detail) } }
        form.act method="post" action={ (ROOT) "/sign-in" } {
            input type="hidden" name="csrf" value=(viewer.csrf);
            div.field {
                label for="user" { "User name" }
                input type="text" id="user" name="user" required autocomplete="username"
                    pattern="[A-Za-z0-9][A-Za-z0-9_.@-]*" aria-describedby="user-help";
                span.help id="user-help" { "Letters, digits and . _ @ -" }
            }
            div.field { div.check {
                input type="checkbox" id="organizer" name="organizer" value="true";
                label for="organizer" { "May create competitions (organizer)" }
            } }
            button type="submit" { "Sign in" }
        }
    };
    document("Sign in", viewer, body)
}

/// A sign-in that did not complete (a stale or foreign return from the
/// identity provider, a token refused, a provider that did not answer),
/// or a deployment with no sign-in: why, and the ways on.
pub fn sign_in_refused(detail: &str) -> String {
    let body = html! {
        div.refusal role="alert" { "You are not signed in: " (detail) "." }
        p { a href={ (ROOT) "/sign-in" } { "Sign in again" } " · " a href="/" { "Back to the front door" } }
    };
    document("Sign-in refused", &Viewer::default(), body)
}

/// A new competition: its kind and name; its settings come next, on its
/// desk, as the kind's set-up form.
pub fn new_competition(
    viewer: &Viewer,
    kinds: &[(&str, &str)],
    refusal: Option<&Refusal>,
) -> String {
    let body = html! {
        @if let Some(r) = refusal { div.refusal role="alert" { (r.detail) } }
        form.act method="post" action={ (ROOT) "/new" } {
            input type="hidden" name="csrf" value=(viewer.csrf);
            div.field {
                label for="kind" { "Kind" }
                select id="kind" name="kind" required {
                    @for (name, title) in kinds { option value=(name) { (title) } }
                }
            }
            div.field {
                label for="name" { "Name" }
                input type="text" id="name" name="name" required maxlength="200";
            }
            button type="submit" { "Create" }
        }
    };
    document("New competition", viewer, body)
}

/// What the last post on a desk came to.
#[derive(Debug, Clone)]
pub enum Outcome {
    /// Done: what, and the events it recorded as the viewer may see them.
    Done(String, Vec<Value>),
    Refused {
        slot: String,
        refusal: Refusal,
        values: Vec<(String, String)>,
    },
}

/// One of the viewer's subscriptions, as the desk lists it.
#[derive(Debug, Clone)]
pub struct Subscribed {
    pub id: String,
    /// The channel and where it goes: "email to ann@example.org".
    pub what: String,
}

/// The desk's notifications: the viewer's subscriptions and the forms to
/// add and end them; for the organizer, the dead letters.
pub struct Notices<'a> {
    pub mine: Vec<Subscribed>,
    pub subscribe: Vec<&'a Form>,
    pub unsubscribe: &'a Form,
    /// Newest first, one line each; `None` for all but the organizer.
    pub dead_letters: Option<Vec<String>>,
}

/// A competition's desk.
pub struct Desk<'a> {
    pub viewer: &'a Viewer,
    pub competition: &'a Listed,
    pub public: bool,
    /// The viewer's acts now, each with its forms (several where the act's
    /// command comes in variants).
    pub acts: Vec<(Act, Vec<&'a Form>)>,
    /// Every form the viewer's roles may try: the kind's and the
    /// envelope's.
    pub every: Vec<&'a Form>,
    pub outcome: Option<&'a Outcome>,
    /// Drawn afresh for each rendering: with a form's slot, the idempotency
    /// key its submission carries.
    pub nonce: &'a str,
    /// The signed-in viewer's notifications.
    pub notices: Option<Notices<'a>>,
    /// The kind's presets: name, what it is, and the action it fills.
    pub presets: &'a [(&'a str, &'a str, &'a str)],
    /// The preset chosen: its action and the command's fields it fills in.
    pub prefill: Option<(&'a str, &'a Value)>,
}

pub fn desk(d: Desk) -> String {
    let id = &d.competition.id;
    let empty = Map::new();
    let acts: Vec<Markup> = d
        .acts
        .iter()
        .enumerate()
        .flat_map(|(n, (act, forms))| {
            let d = &d;
            forms.iter().enumerate().map(move |(k, form)| {
                let title = match &form.variant {
                    Some(v) => format!("{}: {}", act.title, v.replace('-', " ")),
                    None => act.title.clone(),
                };
                let beside = if k == 0 { act.beside.as_deref() } else { None };
                one(d, form, title, act_slot(n, k), &act.fixed, beside)
            })
        })
        .collect();
    let every: Vec<(String, bool, Markup)> = d
        .every
        .iter()
        .map(|form| {
            let title = match &form.variant {
                Some(v) => format!("{}: {}", words(&form.action), v.replace('-', " ")),
                None => words(&form.action),
            };
            let slot = every_slot(form);
            let open = matches!(d.outcome, Some(Outcome::Refused { slot: s, .. }) if *s == slot);
            (
                title.clone(),
                open,
                one(&d, form, title, slot, &empty, None),
            )
        })
        .collect();
    let notices = d.notices.as_ref().map(|n| notices(&d, n));
    // A refusal of a form this screen does not show (sent from an older
    // page, or crafted) is shown at the top.
    let mut shown_slots: Vec<String> = (0..d.acts.len())
        .flat_map(|n| (0..d.acts[n].1.len()).map(move |k| act_slot(n, k)))
        .chain(d.every.iter().map(|f| every_slot(f)))
        .collect();
    if let Some(n) = &d.notices {
        shown_slots.extend(n.subscribe.iter().map(|f| notice_slot(f)));
        shown_slots.extend(n.mine.iter().map(unsubscribe_slot));
    }
    let stray = match d.outcome {
        Some(Outcome::Refused { slot, refusal, .. }) if !shown_slots.contains(slot) => {
            Some(refusal)
        }
        _ => None,
    };
    let body = html! {
        p.muted {
            (d.competition.kind)
            @if !d.competition.roles.is_empty() { " · You: " (d.competition.roles.join(", ")) }
        }
        nav aria-label="Competition" {
            ul {
                @if d.public { li { a href={ "/pages/" (id) } { "Public pages" } } }
                li { a href={ (ROOT) "/c/" (id) "/log" } { "Audit log" } }
            }
        }
        @if let Some(Outcome::Done(what, recorded)) = d.outcome {
            div.done role="status" {
                (what)
                @if !recorded.is_empty() {
                    details {
                        summary { "What it recorded" }
                        @for e in recorded { (arbiter_domain::page::layout::any(e, 3)) }
                    }
                }
            }
        }
        @if let Some(r) = stray { (crate::render::refusal(r)) }
        h2 { "What you may do now" }
        @if acts.is_empty() {
            p.muted { @if d.viewer.signed_in() { "Nothing is yours to do at the moment." }
                @else { a href={ (ROOT) "/sign-in" } { "Sign in" } " to take part." } }
        }
        @for m in acts { (m) }
        @if !every.is_empty() {
            h2 { "Every act" }
            p.muted { "Each command your roles may try, with its fields; the rules refuse what is not open and say why." }
            @for (title, open, m) in every {
                details open[open] { summary { (title) } (m) }
            }
        }
        @if let Some(n) = notices { (n) }
    };
    document(&d.competition.name, d.viewer, body)
}

/// One placed form, with the last attempt's refusal and values when it
/// was this one.
fn one(
    d: &Desk,
    form: &Form,
    title: String,
    slot: String,
    fixed: &Map<String, Value>,
    beside: Option<&str>,
) -> Markup {
    let preset = match d.prefill {
        Some((action, fields)) if action == form.action => crate::read::filled(form, fields),
        _ => Vec::new(),
    };
    let (refusal, values) = match d.outcome {
        Some(Outcome::Refused {
            slot: s,
            refusal,
            values,
        }) if *s == slot => (Some(refusal), values.as_slice()),
        _ => (None, preset.as_slice()),
    };
    let post_to = format!("{ROOT}/c/{}", d.competition.id);
    let presets: Vec<(usize, &str, &str)> = d
        .presets
        .iter()
        .enumerate()
        .filter(|(_, (_, _, action))| *action == form.action)
        .map(|(i, (name, about, _))| (i, *name, *about))
        .collect();
    let form_html = placed(&Placed {
        form,
        post_to: &post_to,
        title,
        key: format!("{}-{slot}", d.nonce),
        slot,
        fixed,
        values,
        refusal,
        csrf: &d.viewer.csrf,
        beside,
    });
    if presets.is_empty() {
        return form_html;
    }
    html! {
        div.presets {
            p { "Start from a preset:" }
            ul {
                @for (i, name, about) in &presets {
                    li { a href={ "?preset=" (i) } { (name) } " — " span.muted { (about) } }
                }
            }
        }
        (form_html)
    }
}

// A form's slot names where on the desk it stands, so that a refusal lands
// beside the form it came from; each kind of place names its forms one way.

/// The `k`th form of the `n`th act the viewer may do now.
fn act_slot(n: usize, k: usize) -> String {
    format!("act-{n}-{k}")
}

/// A form among every act.
fn every_slot(f: &Form) -> String {
    format!("all-{}-{}", f.action, f.variant.as_deref().unwrap_or(""))
}

/// The form ending subscription `m`.
fn unsubscribe_slot(m: &Subscribed) -> String {
    format!("unsubscribe-{}", m.id)
}

/// A form subscribing by a channel.
fn notice_slot(f: &Form) -> String {
    format!("subscribe-{}", f.variant.as_deref().unwrap_or(""))
}

/// The notifications section: my subscriptions, each with its end, the
/// ways to subscribe, and the organizer's dead letters.
fn notices(d: &Desk, n: &Notices) -> Markup {
    let empty = Map::new();
    html! {
        h2 { "Notifications" }
        @if n.mine.is_empty() { p.muted { "You receive no notices from this competition." } }
        @for m in &n.mine {
            @let fixed: Map<String, Value> = [("subscription".to_owned(), Value::String(m.id.clone()))].into_iter().collect();
            (one(d, n.unsubscribe, format!("Stop {}", m.what), unsubscribe_slot(m), &fixed, None))
        }
        @for f in &n.subscribe {
            @let slot = notice_slot(f);
            @let open = matches!(d.outcome, Some(Outcome::Refused { slot: s, .. }) if *s == slot);
            @let title = format!("Subscribe by {}", f.variant.as_deref().unwrap_or("a channel"));
            details open[open] { summary { (title) } (one(d, f, title.clone(), slot, &empty, None)) }
        }
        @if let Some(dead) = &n.dead_letters {
            h3 { "Dead letters" }
            @if dead.is_empty() { p.muted { "Every notice was delivered." } }
            @else { ul { @for line in dead { li { (line) } } } }
        }
    }
}

/// One entry of the audit log as the viewer may see it.
#[derive(Debug, Clone)]
pub struct LogLine {
    pub version: u64,
    pub at: String,
    pub actor: String,
    pub action: String,
    pub events: Vec<String>,
}

/// The audit log, a page at a time.
pub fn log(viewer: &Viewer, competition: &Listed, lines: &[LogLine], next: Option<&str>) -> String {
    let id = &competition.id;
    let body = html! {
        p { a href={ (ROOT) "/c/" (id) } { "Back to the competition" } }
        ol.log {
            @for l in lines {
                li value=(l.version) {
                    strong { (l.action) } " by " (l.actor) " at " time { (l.at) }
                    @if !l.events.is_empty() { br; span.muted { (l.events.join(", ")) } }
                }
            }
        }
        @if let Some(after) = next {
            p { a href={ (ROOT) "/c/" (id) "/log?cursor=" (after) } { "Later entries" } }
        }
    };
    document(&format!("{}: audit log", competition.name), viewer, body)
}
