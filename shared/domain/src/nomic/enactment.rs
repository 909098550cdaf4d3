//! How an adopted rule-change rewrites the rule book: enactment, repeal,
//! amendment and transmutation (nomic 103), the proposal's number (nomic
//! 109), references that follow the number (nomic 110), and the limits on
//! mutable rules (nomic 116, 211).

use super::proposal::{Proposal, RuleChange};
use super::rulebook::{rewrite_references, Label, RuleBookExport, RuleRecord};
use super::turns::uk_date;
use chrono::{DateTime, Utc};
use std::collections::BTreeMap;

/// Why a rule-change cannot be made: the clause and a sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Impossible {
    pub clause: &'static str,
    pub detail: String,
}

fn impossible(clause: &'static str, detail: String) -> Impossible {
    Impossible { clause, detail }
}

/// nomic 103, 116, 211: whether `change`, targeting the record `target_id`
/// (as resolved at submission), can be made to `book` with at most `cap`
/// mutable rules (nomic 211: 25). `Ok(label)` gives the targeted rule's label.
/// What the targeted rule is about is never asked: a change to the rules
/// that allow or apply rule-changes, even to the rule under whose authority
/// the change itself is adopted, is checked like any other (nomic 117).
pub fn check(
    book: &RuleBookExport,
    change: &RuleChange,
    target_id: Option<&str>,
    cap: usize,
) -> Result<Option<Label>, Impossible> {
    let target = match (change.target(), target_id) {
        (None, _) => None,
        (Some(n), id) => {
            let rule = match id {
                Some(id) => book.rules.get(id).filter(|r| r.in_effect()),
                None => book.find(n).map(|r| r.record),
            };
            let Some(rule) = rule else {
                return Err(impossible(
                    "nomic 103",
                    format!("rule {n} is not in effect"),
                ));
            };
            Some(rule.parsed_label())
        }
    };
    let mutable = book.mutable_count();
    match (change, target) {
        (RuleChange::Enact { .. }, _) if mutable >= cap => Err(impossible(
            "nomic 211",
            format!("there are already {mutable} mutable rules; at most {cap}"),
        )),
        (RuleChange::Repeal { rule } | RuleChange::Amend { rule, .. }, Some(l)) if l.immutable => {
            Err(impossible(
                "nomic 103",
                format!("rule {rule} is immutable: it may be transmuted, not amended or repealed"),
            ))
        }
        (RuleChange::Repeal { rule }, Some(_)) if mutable <= 1 => Err(impossible(
            "nomic 116",
            format!("repealing rule {rule} would leave no mutable rule"),
        )),
        (RuleChange::Transmute { rule }, Some(l)) if l.immutable && mutable >= cap => {
            Err(impossible(
                "nomic 211",
                format!("making rule {rule} mutable would exceed {cap} mutable rules"),
            ))
        }
        (RuleChange::Transmute { rule }, Some(l)) if !l.immutable && mutable <= 1 => {
            Err(impossible(
                "nomic 116",
                format!("making rule {rule} immutable would leave no mutable rule"),
            ))
        }
        _ => Ok(target),
    }
}

/// The records `proposal` writes when it takes effect at `at` (nomic 206).
/// The changed rule takes the proposal's number (nomic 109) and every
/// reference to its old number follows (nomic 110).
pub fn revise(
    book: &RuleBookExport,
    proposal: &Proposal,
    at: DateTime<Utc>,
    cap: usize,
) -> Result<BTreeMap<String, RuleRecord>, Impossible> {
    let target = check(book, &proposal.change, proposal.target_id.as_deref(), cap)?;
    let date = uk_date(at).format("%Y-%m-%d").to_string();
    let number = proposal.number;
    let mut out = BTreeMap::new();
    let target_id = proposal.target_id.clone().or_else(|| {
        proposal
            .change
            .target()
            .and_then(|n| book.find(n))
            .map(|r| r.id.to_owned())
    });
    match (&proposal.change, target, target_id) {
        // nomic 107: it guides play as voted on; the book's text stays.
        (RuleChange::AsWritten { .. }, _, _) => return Ok(out),
        (RuleChange::Enact { text }, _, _) => {
            let id = book.next_id();
            out.insert(id.clone(), enacted(text, number, date, id));
            return Ok(out);
        }
        (RuleChange::Repeal { .. }, Some(_), Some(id)) => {
            let mut rec = book.rules[&id].clone();
            rec.ineffect = "0".into();
            rec.date = date;
            out.insert(id, rec);
            return Ok(out);
        }
        (RuleChange::Amend { text, .. }, Some(old), Some(id)) => {
            let mut rec = book.rules[&id].clone();
            rec.text = text.clone();
            rec.label = Label { number, ..old }.render();
            rec.date = date;
            out.insert(id, rec);
        }
        (RuleChange::Transmute { .. }, Some(old), Some(id)) => {
            let mut rec = book.rules[&id].clone();
            rec.label = Label {
                number,
                immutable: !old.immutable,
            }
            .render();
            rec.date = date;
            out.insert(id, rec);
        }
        _ => {
            return Err(impossible(
                "nomic 103",
                "the rule-change has no rule to change".into(),
            ))
        }
    }
    if let Some(old) = target {
        follow_renumbering(book, &mut out, old.number, number);
    }
    Ok(out)
}

/// nomic 103: the record of a newly enacted (mutable) rule numbered
/// `number`, under the record id `id`.
fn enacted(text: &[String], number: u32, date: String, id: String) -> RuleRecord {
    RuleRecord {
        text: text.to_vec(),
        notes: vec![],
        label: Label {
            number,
            immutable: false,
        }
        .render(),
        ineffect: "1".into(),
        date,
        linksto: vec![],
        proplinks: vec![id],
        extra: BTreeMap::new(),
    }
}

/// nomic 110: references to the old number follow, in every rule in effect;
/// the rewritten records join `out`, over any `out` already holds.
fn follow_renumbering(
    book: &RuleBookExport,
    out: &mut BTreeMap<String, RuleRecord>,
    old: u32,
    new: u32,
) {
    for (id, rec) in &book.rules {
        let base = out.get(id).unwrap_or(rec);
        if !base.in_effect() {
            continue;
        }
        if let Some(updated) = follow_references(base, old, new) {
            out.insert(id.clone(), updated);
        }
    }
}

/// nomic 110: the record with references to `old` rewritten to `new`.
fn follow_references(rec: &RuleRecord, old: u32, new: u32) -> Option<RuleRecord> {
    let mut changed = false;
    let mut rec = rec.clone();
    for p in rec.text.iter_mut() {
        if let Some(t) = rewrite_references(p, old, new) {
            *p = t;
            changed = true;
        }
    }
    for n in rec.notes.iter_mut() {
        if let Some(t) = rewrite_references(&n.content, old, new) {
            n.content = t;
            changed = true;
        }
    }
    changed.then_some(rec)
}
