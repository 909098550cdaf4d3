//! The frame every page shares (language, title, viewport, the one
//! stylesheet, a breadcrumb and a footer) and the small pieces the kinds'
//! pages are built from: tables with headed columns, definition lists, and a
//! reading of any JSON value for the parts of a view no kind page lays out.
//!
//! maud escapes every string it is given, so a name or a rule text holding
//! `<script>` is shown as text, never run.

use maud::{html, Markup, PreEscaped, DOCTYPE};
use serde_json::Value;

/// Where the pages live under the server's origin.
pub const ROOT: &str = "/pages";

/// A link in the breadcrumb: its text and its address.
pub type Crumb = (String, String);

/// A whole HTML document: `title` is the page's own name (the browser tab
/// and the `<h1>`), `crumbs` the way back up, `body` the content.
pub fn document(title: &str, crumbs: &[Crumb], body: Markup) -> String {
    let page = html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) " · Arbiter" }
                // No icon: the browser asks for none.
                link rel="icon" href="data:,";
                link rel="stylesheet" href={ (ROOT) "/style.css" };
            }
            body {
                header {
                    nav aria-label="Breadcrumb" {
                        ul {
                            li { a href=(ROOT) { "Public competitions" } }
                            @for (text, href) in crumbs {
                                li { a href=(href) { (text) } }
                            }
                        }
                    }
                    h1 { (title) }
                }
                main { (body) }
                footer {
                    p { "Served by Arbiter: what the rules let anyone see, nothing more." }
                }
            }
        }
    };
    page.into_string()
}

/// A table with a caption, a header row (`scope="col"`) and, for each row,
/// its first cell as the row's header (`scope="row"`). Wide tables scroll
/// inside their own box so the page stays readable on a phone.
pub fn table(caption: &str, head: &[&str], rows: &[Vec<Markup>]) -> Markup {
    let head: Vec<Markup> = head.iter().map(|h| html! { (h) }).collect();
    table_of(None, caption, &head, rows)
}

/// [`table`] with header cells laid out (an abbreviation with its
/// `<abbr title>`) and classes for the stylesheet: `nowrap` keeps every
/// cell on one line (names, crosstable cells), the box scrolling instead;
/// `pin3` keeps the third column (the names) in sight while it scrolls;
/// `wide` widens the page for a table that needs it (a crosstable).
pub fn table_of(
    class: Option<&str>,
    caption: &str,
    head: &[Markup],
    rows: &[Vec<Markup>],
) -> Markup {
    html! {
        div.scroll role="region" aria-label=(caption) tabindex="0" {
            table class=[class] {
                // The span can keep to the left while a wide table scrolls.
                caption { span { (caption) } }
                thead { tr { @for h in head { th scope="col" { (h) } } } }
                tbody {
                    @for row in rows {
                        tr {
                            @for (i, cell) in row.iter().enumerate() {
                                @if i == 0 { th scope="row" { (cell) } } @else { td { (cell) } }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A scalar as text: strings bare, numbers and booleans as JSON writes them,
/// null as a dash.
pub fn text(v: &Value) -> String {
    match v {
        Value::Null => "–".to_owned(),
        Value::String(s) => match s.parse::<chrono::DateTime<chrono::Utc>>() {
            // An instant reads as a date and a time, in UTC as the rules set it.
            Ok(t) => t.format("%Y-%m-%d %H:%M UTC").to_string(),
            Err(_) => s.clone(),
        },
        Value::Bool(b) => if *b { "yes" } else { "no" }.to_owned(),
        Value::Number(n) => n.to_string(),
        other => other.to_string(),
    }
}

/// A change as a reader writes one: `+8`, `−12` (a real minus sign, not a
/// hyphen), `0`.
pub fn signed(n: i64) -> String {
    match n {
        0 => "0".to_owned(),
        n if n > 0 => format!("+{n}"),
        n => format!("\u{2212}{}", n.unsigned_abs()),
    }
}

/// `v` as text when it is a scalar, else [`any`].
pub fn cell(v: &Value) -> Markup {
    match v {
        Value::Array(_) | Value::Object(_) => any(v, 3),
        scalar => html! { (text(scalar)) },
    }
}

/// A field name as a heading: `first_round` reads "First round".
pub fn label(key: &str) -> String {
    let words = key.replace(['_', '-'], " ");
    let mut chars = words.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Any JSON value, laid out: an object as a definition list, a list of
/// objects as a table of their fields, other lists as a list, scalars as
/// text. `depth` bounds the nesting (deeper parts are shown as JSON text).
pub fn any(v: &Value, depth: usize) -> Markup {
    if depth == 0 && (v.is_object() || v.is_array()) {
        return html! { code { (v.to_string()) } };
    }
    match v {
        Value::Object(map) if map.is_empty() => html! { span.muted { "none" } },
        Value::Object(map) => html! {
            dl {
                @for (k, v) in map {
                    dt { (label(k)) }
                    dd { (any(v, depth - 1)) }
                }
            }
        },
        Value::Array(items) if items.is_empty() => html! { span.muted { "none" } },
        Value::Array(items) if items.iter().all(Value::is_object) => {
            let mut keys: Vec<&str> = Vec::new();
            for item in items {
                for k in item.as_object().into_iter().flat_map(|m| m.keys()) {
                    if !keys.contains(&k.as_str()) {
                        keys.push(k);
                    }
                }
            }
            let head: Vec<String> = keys.iter().map(|k| label(k)).collect();
            html! {
                // Focusable, so a keyboard can scroll a wide table.
                div.scroll tabindex="0" {
                    table {
                        thead { tr { @for h in &head { th scope="col" { (h) } } } }
                        tbody {
                            @for item in items {
                                tr { @for k in &keys { td { (any(&item[*k], depth - 1)) } } }
                            }
                        }
                    }
                }
            }
        }
        Value::Array(items) => html! {
            ul { @for item in items { li { (any(item, depth - 1)) } } }
        },
        scalar => html! { (text(scalar)) },
    }
}

/// An SVG document made by this crate or the domain, placed as is: its text
/// comes from code that escapes what it draws.
pub fn trusted_svg(svg: &str) -> Markup {
    PreEscaped(svg.to_owned())
}

/// The 404 page: the same for a private competition as for none at all.
pub fn not_found() -> String {
    document(
        "Not found",
        &[],
        html! { p { "No public page here. The competition may not exist, or its organizer has not made it public." } },
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_change_is_signed_with_a_real_minus() {
        assert_eq!(super::signed(8), "+8");
        assert_eq!(super::signed(-12), "\u{2212}12");
        assert_eq!(super::signed(0), "0");
        assert_eq!(super::signed(i64::MIN), format!("\u{2212}{}", 1u64 << 63));
    }
}
