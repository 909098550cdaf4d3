//! A form as HTML: a labelled control per field (the schema's description
//! under it), the fields the rules fixed shown read-only, the refusal of
//! the last attempt beside the form it came from, and the hidden fields
//! every post carries (the anti-forgery token, which form it is, and an
//! idempotency key so a double click acts once).

use crate::form::{Field, Form, Input};
use crate::read::Unread;
use maud::{html, Markup};
use serde_json::{Map, Value};

/// A form placed on a screen.
pub struct Placed<'a> {
    pub form: &'a Form,
    /// Where the form posts.
    pub post_to: &'a str,
    /// The heading over it.
    pub title: String,
    /// Which form of the screen it is, so an answer lands beside it.
    pub slot: String,
    /// The fields the rules fixed, with their values.
    pub fixed: &'a Map<String, Value>,
    /// What the last attempt sent, to show again after a refusal.
    pub values: &'a [(String, String)],
    pub refusal: Option<&'a Refusal>,
    pub csrf: &'a str,
    /// A fresh key per rendering: the same submission sent twice acts once.
    pub key: String,
    /// What the kind shows beside this act (trusted HTML it drew: a map).
    pub beside: Option<&'a str>,
}

/// Why the last attempt was refused, as shown beside its form.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Refusal {
    pub detail: String,
    /// The clause the rules refused it under (`dutch C1`, `nomic 202`).
    pub clause: Option<String>,
    pub unread: Vec<Unread>,
}

pub fn placed(p: &Placed) -> Markup {
    let id = |f: &Field| format!("{}-{}", p.slot, f.name());
    html! {
        form.act.wide[p.beside.is_some()] method="post" action=(p.post_to) aria-labelledby={ (p.slot) "-title" } {
            h3 id={ (p.slot) "-title" } { (p.title) }
            @if let Some(help) = &p.form.help { p.muted { (help) } }
            @if let Some(r) = p.refusal { (refusal(r)) }
            @if let Some(aid) = p.beside { (maud::PreEscaped(aid)) }
            input type="hidden" name="csrf" value=(p.csrf);
            input type="hidden" name="_act" value=(p.form.action);
            @if let Some(v) = &p.form.variant { input type="hidden" name="_variant" value=(v); }
            input type="hidden" name="_slot" value=(p.slot);
            input type="hidden" name="_key" value=(p.key);
            @for f in p.form.fields.iter().filter(|f| fixed(p, f).is_some()) {
                (field(f, &id(f), fixed(p, f), typed(p, f)))
            }
            @for f in p.form.fields.iter().filter(|f| (f.required || f.hidden) && fixed(p, f).is_none()) {
                (field(f, &id(f), None, typed(p, f)))
            }
            @let optional: Vec<&Field> = p.form.fields.iter().filter(|f| !f.required && !f.hidden && fixed(p, f).is_none()).collect();
            @if optional.len() > 3 {
                details {
                    summary { "More options (" (optional.len()) ")" }
                    @for f in &optional { (field(f, &id(f), None, typed(p, f))) }
                }
            } @else {
                @for f in &optional { (field(f, &id(f), None, typed(p, f))) }
            }
            button type="submit" { (submit_label(p.form)) }
        }
    }
}

/// The value the rules fixed for `f`: its own, or nothing at all when an
/// object it sits in is fixed to nothing (a player signing up alone names
/// no team).
fn fixed<'v>(p: &'v Placed, f: &Field) -> Option<&'v Value> {
    if let Some(v) = p.fixed.get(&f.name()) {
        return Some(v);
    }
    (1..f.path.len())
        .map(|n| f.path[..n].join("."))
        .find_map(|prefix| p.fixed.get(&prefix).filter(|v| v.is_null()))
}

/// What the last attempt sent for `f`, to show again.
fn typed(p: &Placed, f: &Field) -> Option<String> {
    p.values
        .iter()
        .find(|(n, _)| *n == f.name())
        .map(|(_, v)| v.clone())
}

fn submit_label(form: &Form) -> String {
    crate::form::words(&form.action)
}

/// A refusal, with its clause, as an alert.
pub fn refusal(r: &Refusal) -> Markup {
    html! {
        div.refusal role="alert" {
            @if let Some(clause) = &r.clause { span.clause { "Refused under " (clause) ": " } }
            @else { span.clause { "Refused: " } }
            (r.detail)
            @if !r.unread.is_empty() {
                ul { @for u in &r.unread { li { code { (u.field) } " " (u.why) } } }
            }
        }
    }
}

/// One field: hidden for a variant's tag, read-only when fixed, else its
/// control with the value last typed or the schema's default.
fn field(f: &Field, id: &str, fixed: Option<&Value>, typed: Option<String>) -> Markup {
    let name = f.name();
    if f.hidden {
        return html! { input type="hidden" name=(name) value=(shown(f, f.default.as_ref())); };
    }
    if let Some(v) = fixed {
        if v.is_null() {
            // Fixed to nothing: the person acts for themselves.
            return html! {};
        }
        return html! {
            div.field {
                label for=(id) { (f.label()) }
                input type="text" id=(id) name=(name) value=(shown(f, Some(v))) readonly;
            }
        };
    }
    let value = typed.unwrap_or_else(|| shown(f, f.default.as_ref()));
    let value = match f.input {
        // A browser's date-and-time control takes `2026-12-01T19:00`.
        Input::DateTime => value
            .parse::<chrono::DateTime<chrono::Utc>>()
            .map(|t| t.format("%Y-%m-%dT%H:%M").to_string())
            .unwrap_or(value),
        _ => value,
    };
    let help_id = format!("{id}-help");
    let described = f.help.as_ref().map(|_| help_id.clone());
    html! {
        @if f.input == Input::Check {
            div.field {
                div.check {
                    input type="checkbox" id=(id) name=(name) value="true" checked[value == "true"] aria-describedby=[described.as_deref()];
                    label for=(id) { (f.label()) }
                }
                @if let Some(h) = &f.help { span.help id=(help_id) { (h) } }
            }
        } @else {
            div.field {
                label for=(id) { (f.label()) @if !f.required { span.muted { " (optional)" } } }
                (control(f, id, &value, described.as_deref()))
                @if let Some(h) = &f.help { span.help id=(help_id) { (h) } }
            }
        }
    }
}

fn control(f: &Field, id: &str, value: &str, described: Option<&str>) -> Markup {
    let name = f.name();
    match &f.input {
        Input::Choice(options) => html! {
            select id=(id) name=(name) required[f.required] aria-describedby=[described] {
                @if !f.required { option value="" { "—" } }
                @for o in options {
                    option value=(o.value) selected[o.value == value] {
                        (o.value) @if let Some(m) = &o.meaning { " — " (m) }
                    }
                }
            }
        },
        Input::Lines { .. } => html! {
            textarea id=(id) name=(name) rows="4" aria-describedby=[described] placeholder="One per line" { (value) }
        },
        Input::Json => html! {
            textarea id=(id) name=(name) rows="4" aria-describedby=[described] placeholder="JSON" { (value) }
        },
        Input::Text if prose(f) => html! {
            textarea id=(id) name=(name) rows="3" required[f.required] aria-describedby=[described] { (value) }
        },
        other => {
            let (kind, step) = match other {
                Input::Integer => ("number", Some("1")),
                Input::Number => ("number", Some("any")),
                Input::Date => ("date", None),
                Input::DateTime => ("datetime-local", None),
                _ => ("text", None),
            };
            html! {
                input type=(kind) id=(id) name=(name) value=(value) step=[step] required[f.required] aria-describedby=[described];
                @if matches!(other, Input::DateTime) { span.help { "UTC" } }
            }
        }
    }
}

/// Whether a text field holds prose, and so gets a box of several lines.
fn prose(f: &Field) -> bool {
    const PROSE: &[&str] = &[
        "text",
        "statement",
        "reason",
        "grounds",
        "details",
        "decision",
        "description",
        "trf",
    ];
    f.path.last().is_some_and(|l| PROSE.contains(&l.as_str()))
}

/// A value as `f`'s control shows it (see [`crate::read`]), or nothing.
fn shown(f: &Field, v: Option<&Value>) -> String {
    v.and_then(|v| crate::read::held(&f.input, v))
        .unwrap_or_default()
}
