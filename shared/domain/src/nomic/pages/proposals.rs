//! Proposals as cards a player reads: the number and proposer, the change
//! shown on the rule's text (struck and added words for an amendment, the
//! new rule for an enactment, the rule struck for a repeal, the rule's
//! status for a transmutation, nomic 103), where the vote stands (nomic
//! 113, 204, 206, 207) and its votes and points (nomic 113, 209), which the
//! game publishes as they are cast.

use super::diff::{diff, Change, Paragraph};
use crate::nomic::turns::uk_time;
use crate::page::layout::text;
use crate::page::{instant, Public};
use maud::{html, Markup};
use serde_json::Value;
use std::collections::BTreeMap;

/// The rule books as they stood when each proposal was made, read once per
/// instant: what a proposal changes is shown on the text it was voted on.
pub struct Books<'p, 'a> {
    p: &'p Public<'a>,
    at: BTreeMap<String, Value>,
}

impl<'p, 'a> Books<'p, 'a> {
    pub fn new(p: &'p Public<'a>) -> Self {
        Self {
            p,
            at: BTreeMap::new(),
        }
    }

    /// The rule `change` targets, as it stood when `proposal` was made:
    /// the record the proposal fixed (`target_id`), else the rule in effect
    /// under that number.
    fn target(&mut self, proposal: &Value) -> Option<Value> {
        let number = proposal["change"]["rule"].as_u64()?;
        let when = proposal["submitted_at"].as_str()?.to_owned();
        let p = self.p;
        let book = self.at.entry(when.clone()).or_insert_with(|| {
            p.resource_with("rules", None, &[("at", &when)])
                .unwrap_or(Value::Null)
        });
        let rules = &book["rules"];
        if let Some(id) = proposal["target_id"].as_str() {
            return rules.get(id).cloned();
        }
        rules
            .as_object()?
            .values()
            .find(|r| r["ineffect"] == "1" && number_of(r) == Some(number))
            .cloned()
    }
}

/// A rule's number, read from its label (`109[I]` is 109).
fn number_of(rule: &Value) -> Option<u64> {
    rule["label"].as_str()?.trim_end_matches("[I]").parse().ok()
}

/// Whether a rule's label marks it immutable (nomic 102).
fn immutable(rule: &Value) -> bool {
    rule["label"].as_str().is_some_and(|l| l.ends_with("[I]"))
}

/// A rule's paragraphs.
fn paragraphs(rule: &Value) -> Vec<String> {
    rule["text"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|t| t.as_str().map(str::to_owned))
        .collect()
}

/// One proposal as a card under an `h3`.
pub fn card(p: &Public, books: &mut Books, proposal: &Value) -> Markup {
    let n = text(&proposal["number"]);
    let status = proposal["status"].as_str().unwrap_or_default();
    let (badge, word) = badge(status);
    html! {
        article.card id={ "p" (n) } {
            h3 { "Proposal " (n) " " span class={ "badge " (badge) } { (word) } }
            p.muted {
                "By " strong { (text(&proposal["proposer"])) }
                @if let Some(t) = instant(&proposal["submitted_at"]) { ", " (uk_time(t)) " UK time" }
            }
            p { (where_it_stands(p, proposal)) }
            (change(books, proposal))
            (votes(p, proposal))
            (points(p, proposal))
        }
    }
}

/// The status's badge class and word: open, adopted, defeated.
fn badge(status: &str) -> (&'static str, &'static str) {
    match status {
        "voting" => ("open", "Open"),
        "awaiting-judgement" | "in-effect" => ("adopted", "Adopted"),
        "defeated" => ("defeated", "Defeated"),
        _ => ("lapsed", "Lapsed"),
    }
}

/// Where the vote stands, with its deadline or its outcome.
fn where_it_stands(p: &Public, proposal: &Value) -> Markup {
    let at = |k: &str| instant(&proposal[k]).map(uk_time).unwrap_or_default();
    let penalty = text(&p.view["settings"]["defeat_penalty"]);
    match proposal["status"].as_str().unwrap_or_default() {
        "voting" => {
            html! { "Voting open until " strong { (at("closes_at")) " UK time" } " (nomic 113: the end of the day it was made)." }
        }
        "awaiting-judgement" => {
            html! { "Adopted; it takes effect once every Judgement on it is invoked (nomic 214)." }
        }
        "in-effect" if proposal["took_effect_at"] == proposal["closes_at"] => html! {
            "Adopted when voting closed, " (at("closes_at")) " UK time, and in effect from then (nomic 206)."
        },
        "in-effect" => html! {
            "Adopted when voting closed, " (at("closes_at")) " UK time; in effect since " (at("took_effect_at")) " UK time, once the Judgements on it were invoked (nomic 214)."
        },
        "defeated" => {
            html! { "Defeated when voting closed at " (at("closes_at")) " UK time; the proposer lost " (penalty) " points (nomic 207)." }
        }
        _ => {
            html! { "Adopted, but it could not take effect: the rule it changed was gone, or the change would break nomic 116 or 211." }
        }
    }
}

/// What the proposal does to the rule book, shown on the rule's text.
fn change(books: &mut Books, proposal: &Value) -> Markup {
    let c = &proposal["change"];
    let rule = text(&c["rule"]);
    let new = paragraphs(c);
    let adopted = proposal["status"] == "in-effect";
    let renumbered = html! {
        @if adopted { " " span.muted { "(now rule " (text(&proposal["number"])) ", nomic 109)" } }
    };
    match c["op"].as_str().unwrap_or_default() {
        "enact" => html! {
            h4 { "Enact a new rule" (renumbered) }
            (marked(&diff(&[], &new)))
        },
        "amend" => {
            let old = books
                .target(proposal)
                .map(|r| paragraphs(&r))
                .unwrap_or_default();
            html! {
                h4 { "Amend rule " (rule) (renumbered) }
                @if old.is_empty() { p.muted { "The rule's text before is not on record; the new text:" } }
                (marked(&diff(&old, &new)))
            }
        }
        "repeal" => {
            let old = books
                .target(proposal)
                .map(|r| paragraphs(&r))
                .unwrap_or_default();
            html! {
                h4 { "Repeal rule " (rule) }
                (marked(&diff(&old, &[])))
            }
        }
        "transmute" => {
            let target = books.target(proposal);
            let was_immutable = target.as_ref().is_some_and(immutable);
            let (from, to) = if was_immutable {
                ("immutable", "mutable")
            } else {
                ("mutable", "immutable")
            };
            html! {
                h4 { "Transmute rule " (rule) (renumbered) }
                p.diff { "Rule " (rule) " becomes " del { (from) } " " ins { (to) } " (nomic 103, 111)." }
                @if let Some(r) = target {
                    details { summary { "The rule's text, unchanged" } (marked(&diff(&paragraphs(&r), &paragraphs(&r)))) }
                }
            }
        }
        _ => html! {
            h4 { "A rule-change in the proposer's own form" }
            p.muted { "Arbiter does not rewrite the book for it: adopted, it guides play as voted on (nomic 107)." }
            div.diff { p { (text(&c["text"])) } }
        },
    }
}

/// The marked-up text: struck words in `del`, added words in `ins`.
fn marked(text: &[Paragraph]) -> Markup {
    html! {
        div.diff {
            @for para in text {
                p {
                    @for (i, (change, words)) in para.iter().enumerate() {
                        @if i > 0 { " " }
                        @match change {
                            Change::Kept => (words),
                            Change::Struck => del { (words) },
                            Change::Added => ins { (words) },
                        }
                    }
                }
            }
        }
    }
}

/// The votes as the voting thread holds them (nomic 113: public as cast),
/// who has not voted while voting is open, and the count once complete.
fn votes(p: &Public, proposal: &Value) -> Markup {
    let cast = proposal["votes"].as_object();
    let by = |vote: &str| -> Vec<String> {
        cast.into_iter()
            .flatten()
            .filter(|(_, v)| *v == vote)
            .map(|(who, _)| who.clone())
            .collect()
    };
    let (yes, no) = (by("yes"), by("no"));
    let open = proposal["status"] == "voting";
    let waiting: Vec<String> = p.view["players"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|s| s["player"].as_str())
        .filter(|who| cast.is_none_or(|c| !c.contains_key(*who)))
        .map(str::to_owned)
        .collect();
    let tally = &proposal["tally"];
    html! {
        ul.votes {
            li { strong { "Yes (" (yes.len()) "): " } (names(&yes)) }
            li { strong { "No (" (no.len()) "): " } (names(&no)) }
            @if open && !waiting.is_empty() {
                li.muted { "Not voted yet: " (waiting.join(", ")) }
            }
        }
        @if !tally.is_null() {
            p.muted {
                "Count: " (text(&tally["yes"])) " yes, " (text(&tally["no"])) " no, of "
                (text(&tally["eligible"])) " players"
                @if proposal["needs_all_eligible"] == true { "; every player's yes needed (nomic 111)" }
                "."
            }
        }
    }
}

fn names(who: &[String]) -> String {
    if who.is_empty() {
        "nobody".to_owned()
    } else {
        who.join(", ")
    }
}

/// The points the vote awarded, as the points thread records them (nomic
/// 209: the new total and the change).
fn points(p: &Public, proposal: &Value) -> Markup {
    let lines: Vec<String> = p.view["points_thread"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|l| l["proposal"] == proposal["number"])
        .map(|l| format!("{} {}", text(&l["player"]), text(&l["line"])))
        .collect();
    html! {
        @if !lines.is_empty() {
            p.muted { "Points (nomic 209): " (lines.join("; ")) }
        }
    }
}
