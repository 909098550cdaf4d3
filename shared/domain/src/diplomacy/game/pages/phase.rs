//! The phases: their list, and each one's page with its map and, once
//! adjudicated, its orders and what became of each (wm D.VIII.4).

use super::{map, phases, power, title, words, Phase};
use crate::diplomacy::cli::OrderResult;
use crate::page::layout::text;
use crate::page::Public;
use maud::{html, Markup};

/// Every phase in order of play, in words, the one being played marked.
pub fn list(p: &Public) -> Markup {
    html! {
        ol {
            @for (i, ph) in phases(p).iter().enumerate() {
                li { a href=(p.link(&format!("phase/{}", i + 1))) { (words(&ph.code)) }
                    @if !ph.adjudicated { " (being played)" } }
            }
        }
    }
}

/// Phase `n`: the way to the phases either side, its map, its orders.
pub fn body(p: &Public, n: usize, phase: &Phase) -> Markup {
    let count = phases(p).len();
    let caption = if phase.adjudicated {
        format!(
            "The board at the start of {}, its orders drawn as arrows (a failed order dashed and crossed).",
            words(&phase.code)
        )
    } else {
        format!("The board now, in {}.", words(&phase.code))
    };
    html! {
        nav aria-label="Phases" {
            ul {
                @if n > 1 { li { a rel="prev" href=(p.link(&format!("phase/{}", n - 1))) { "← Previous phase" } } }
                @if n < count { li { a rel="next" href=(p.link(&format!("phase/{}", n + 1))) { "Next phase →" } } }
            }
        }
        div.board.wide {
            (map(p, n, phase, &caption))
            div {
                h2 { "Orders" }
                @if phase.adjudicated {
                    p { "Adjudicated " (text(&phase.record["adjudicated_at"])) "." }
                    (orders(phase))
                    @if let Some(nmr) = phase.record["nmr"].as_array().filter(|a| !a.is_empty()) {
                        p { "No orders received from "
                            (nmr.iter().map(|v| title(v.as_str().unwrap_or_default())).collect::<Vec<_>>().join(", "))
                            " (their units held)." }
                    }
                } @else {
                    p { "Orders are secret until the phase is adjudicated." }
                }
            }
        }
    }
}

/// The orders as written, each with its result and why, grouped by power
/// (the power heading its group of rows, as webDiplomacy lists them).
fn orders(phase: &Phase) -> Markup {
    let mut groups: Vec<(&str, Vec<&OrderResult>)> = Vec::new();
    for r in &phase.results {
        match groups.last_mut() {
            Some((p, list)) if *p == r.power => list.push(r),
            _ => groups.push((&r.power, vec![r])),
        }
    }
    html! {
        div.scroll role="region" aria-label="Orders and results" tabindex="0" {
            table.orders {
                caption { span { "Orders and results" } }
                thead { tr { th scope="col" { "Power" } th scope="col" { "Order" } th scope="col" { "Result" } } }
                @for (who, list) in &groups {
                    tbody {
                        @for (i, r) in list.iter().enumerate() {
                            tr {
                                @if i == 0 { th scope="rowgroup" rowspan=(list.len()) { (power(who)) } }
                                td { (r.written.clone().or_else(|| r.order.clone()).unwrap_or_default()) }
                                td { (r.outcome) @if let Some(why) = &r.reason { br; span.muted { (why) } } }
                            }
                        }
                    }
                }
            }
        }
    }
}
