//! The rule book as data: the export format of the seed (`rules` keyed by id,
//! each with `label`, `text`, `notes`, `ineffect`, `date`, `linksto`,
//! `proplinks`), its import and export, and every version of it.
//!
//! Implements nomic 101 (the Initial Set), 102 (immutable and mutable rules),
//! 103 (rule-changes), 109 (numbering), 110 (references follow a renumbered
//! rule), 112 and 213 (precedence), 116 (at least one mutable rule) and 211
//! (at most 25 mutable rules).

use crate::refusal::Refusal;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// nomic 211: "At no time may there be more than 25 mutable rules."
pub const MUTABLE_RULE_CAP: usize = 25;

/// Limits on imported and proposed text, so no input makes the state huge.
pub const MAX_RULES: usize = 2_000;
pub const MAX_PARAGRAPHS: usize = 100;
pub const MAX_PARAGRAPH_CHARS: usize = 20_000;

/// A note under a rule, as the export writes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Note {
    pub content: String,
    pub author: String,
    pub date: String,
    /// Fields we do not know, kept so export gives back what import read.
    #[serde(flatten)]
    pub extra: BTreeMap<String, Value>,
}

/// One rule of the export, exactly as the seed spells it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct RuleRecord {
    /// Paragraphs of the rule's text.
    pub text: Vec<String>,
    pub notes: Vec<Note>,
    /// The rule's number, with `[I]` when immutable: `109[I]`, `203`.
    pub label: String,
    /// `"1"` while the rule is in effect, `"0"` once repealed.
    pub ineffect: String,
    /// The date (UK) of the rule's current version, `YYYY-MM-DD`.
    pub date: String,
    /// Ids of the records this rule refers to.
    pub linksto: Vec<String>,
    /// Ids of the records of the proposals that made this rule.
    pub proplinks: Vec<String>,
    #[serde(flatten)]
    pub extra: BTreeMap<String, Value>,
}

/// The rule book export: `rules` keyed by record id, plus whatever else the
/// file carries (`date`, `author`), kept verbatim.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct RuleBookExport {
    pub rules: BTreeMap<String, RuleRecord>,
    #[serde(flatten)]
    pub extra: BTreeMap<String, Value>,
}

/// A rule's number and status, read from its label (nomic 102: `[I]` marks
/// an immutable rule).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Label {
    pub number: u32,
    pub immutable: bool,
}

impl Label {
    /// Parses `203` or `109[I]`; anything else is not a label.
    pub fn parse(s: &str) -> Option<Label> {
        let (digits, immutable) = match s.strip_suffix("[I]") {
            Some(d) => (d, true),
            None => (s, false),
        };
        if digits.is_empty() || digits.len() > 9 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        Some(Label {
            number: digits.parse().ok()?,
            immutable,
        })
    }

    pub fn render(self) -> String {
        if self.immutable {
            format!("{}[I]", self.number)
        } else {
            self.number.to_string()
        }
    }
}

/// A rule in effect, as the engine reasons about it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule<'a> {
    pub id: &'a str,
    pub label: Label,
    pub record: &'a RuleRecord,
}

impl RuleRecord {
    pub fn in_effect(&self) -> bool {
        self.ineffect == "1"
    }

    /// The label, which import has validated.
    pub fn parsed_label(&self) -> Label {
        Label::parse(&self.label).unwrap_or(Label {
            number: 0,
            immutable: false,
        })
    }
}

/// nomic 101: the Initial Set, as the seed gives it (Suber's rules in the
/// house's UK-day edition; origin in `docs/rules/SOURCES.md`). What an
/// organizer imports when they name no other rule book.
pub const INITIAL_SET: &str = include_str!("initial-rules.json");

impl RuleBookExport {
    /// nomic 101: the Initial Set the product ships ([`INITIAL_SET`]).
    pub fn initial_set() -> Self {
        // The shipped file is checked by `initial_set_is_a_valid_rule_book`.
        Self::from_json_str(INITIAL_SET).expect("the shipped Initial Set is a valid rule book")
    }

    /// Reads an export from JSON. Never panics; bad input is `Invalid`.
    pub fn from_json(value: &Value) -> Result<Self, Refusal> {
        let book: RuleBookExport = serde_json::from_value(value.clone())
            .map_err(|e| Refusal::invalid(format!("not a rule book export: {e}")))?;
        book.validate()?;
        Ok(book)
    }

    /// Reads an export from JSON text. Never panics.
    pub fn from_json_str(s: &str) -> Result<Self, Refusal> {
        let value: Value =
            serde_json::from_str(s).map_err(|e| Refusal::invalid(format!("not JSON: {e}")))?;
        Self::from_json(&value)
    }

    /// The export as JSON.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }

    /// What import requires: numeric record ids, labels `N` or `N[I]`,
    /// `ineffect` `0` or `1`, one rule in effect per number (nomic 109), and
    /// sizes within limits.
    pub fn validate(&self) -> Result<(), Refusal> {
        if self.rules.len() > MAX_RULES {
            return Err(Refusal::invalid(format!("at most {MAX_RULES} rules")));
        }
        let mut numbers = BTreeMap::new();
        for (id, r) in &self.rules {
            if id.is_empty() || id.len() > 9 || !id.bytes().all(|b| b.is_ascii_digit()) {
                return Err(Refusal::invalid(format!("rule id {id:?} is not a number")));
            }
            let Some(label) = Label::parse(&r.label) else {
                return Err(Refusal::invalid(format!(
                    "rule {id}: label {:?} is not a number, optionally followed by [I]",
                    r.label
                )));
            };
            if r.ineffect != "0" && r.ineffect != "1" {
                return Err(Refusal::invalid(format!(
                    "rule {id}: ineffect must be \"0\" or \"1\""
                )));
            }
            check_text(&r.text)?;
            if r.in_effect() {
                if let Some(other) = numbers.insert(label.number, id) {
                    return Err(Refusal::rule(
                        "nomic 109",
                        format!(
                            "rules {other} and {id} are both in effect as number {}",
                            label.number
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    /// Rules in effect, by record id.
    pub fn in_effect(&self) -> impl Iterator<Item = Rule<'_>> {
        self.rules
            .iter()
            .filter(|(_, r)| r.in_effect())
            .map(|(id, r)| Rule {
                id,
                label: r.parsed_label(),
                record: r,
            })
    }

    /// The rule in effect numbered `number`.
    pub fn find(&self, number: u32) -> Option<Rule<'_>> {
        self.in_effect().find(|r| r.label.number == number)
    }

    /// nomic 203: R, "the number of the highest numbered existing rule".
    pub fn highest_number(&self) -> u32 {
        self.in_effect().map(|r| r.label.number).max().unwrap_or(0)
    }

    /// nomic 211, 116: how many rules in effect are mutable.
    pub fn mutable_count(&self) -> usize {
        self.in_effect().filter(|r| !r.label.immutable).count()
    }

    /// The id a newly enacted rule's record gets: one more than the largest.
    pub fn next_id(&self) -> String {
        let max = self
            .rules
            .keys()
            .filter_map(|k| k.parse::<u64>().ok())
            .max();
        max.map_or(0, |m| m + 1).to_string()
    }
}

/// Paragraph limits for imported and proposed text.
pub fn check_text(text: &[String]) -> Result<(), Refusal> {
    if text.len() > MAX_PARAGRAPHS || text.iter().any(|p| p.chars().count() > MAX_PARAGRAPH_CHARS) {
        return Err(Refusal::invalid(format!(
            "at most {MAX_PARAGRAPHS} paragraphs of {MAX_PARAGRAPH_CHARS} characters"
        )));
    }
    Ok(())
}

/// nomic 110: rewrites every reference `Rule <old>` (or `rule`, `Rules`) in
/// `text` to `<new>`. `None` when nothing referred to `old`.
pub fn rewrite_references(text: &str, old: u32, new: u32) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    let mut changed = false;
    let mut i = 0;
    while i + 4 <= bytes.len() {
        let word_start = i == 0 || !bytes[i - 1].is_ascii_alphanumeric();
        if word_start && bytes[i..i + 4].eq_ignore_ascii_case(b"rule") {
            let mut j = i + 4;
            if j < bytes.len() && (bytes[j] == b's' || bytes[j] == b'S') {
                j += 1;
            }
            let spaces = j;
            while j < bytes.len() && (bytes[j] == b' ' || bytes[j] == b'\n') {
                j += 1;
            }
            let digits = j;
            while j < bytes.len() && bytes[j].is_ascii_digit() {
                j += 1;
            }
            if j > digits && spaces < digits && text[digits..j].parse::<u32>().ok() == Some(old) {
                out.push_str(&text[copied..digits]);
                out.push_str(&new.to_string());
                copied = j;
                changed = true;
            }
            i = j.max(i + 1);
        } else {
            i += 1;
        }
    }
    if !changed {
        return None;
    }
    out.push_str(&text[copied..]);
    Some(out)
}

/// The rule book of a game and its history: every version stays readable.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleBook {
    /// The book as imported (nomic 101: the Initial Set).
    pub initial: RuleBookExport,
    pub imported_at: Option<DateTime<Utc>>,
    /// Each rule-change that took effect: the records it wrote.
    pub revisions: Vec<Revision>,
    /// The book now: `initial` with every revision laid over it.
    pub current: RuleBookExport,
}

/// The records one rule-change rewrote, and when it took effect (nomic 206).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Revision {
    pub at: DateTime<Utc>,
    pub proposal: u32,
    pub rules: BTreeMap<String, RuleRecord>,
}

impl RuleBook {
    pub fn import(book: RuleBookExport, at: DateTime<Utc>) -> Self {
        Self {
            initial: book.clone(),
            imported_at: Some(at),
            revisions: vec![],
            current: book,
        }
    }

    /// The rule book as it stood at `at`; `None` before the import. A change
    /// that took effect at exactly `at` is included (nomic 206: it takes
    /// full effect at the moment of completion).
    pub fn as_of(&self, at: DateTime<Utc>) -> Option<RuleBookExport> {
        if self.imported_at.is_none_or(|t| at < t) {
            return None;
        }
        let mut book = self.initial.clone();
        for r in self.revisions.iter().take_while(|r| r.at <= at) {
            for (id, rec) in &r.rules {
                book.rules.insert(id.clone(), rec.clone());
            }
        }
        Some(book)
    }

    pub fn revise(&mut self, revision: Revision) {
        for (id, rec) in &revision.rules {
            self.current.rules.insert(id.clone(), rec.clone());
        }
        self.revisions.push(revision);
    }
}

/// Which of two conflicting rules takes precedence, and the rule that says so.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Prevails {
    pub rule: u32,
    pub clause: &'static str,
}

/// nomic 112, 213: of two conflicting rules in effect, which prevails.
/// Immutable over mutable (112); then a rule's own explicit claim to take
/// precedence or to defer (213 ¶2) unless both claim (213 ¶3); then the
/// lower number (213 ¶1). `None` if either number is not a rule in effect.
pub fn prevailing(book: &RuleBookExport, a: u32, b: u32) -> Option<Prevails> {
    let (ra, rb) = (book.find(a)?, book.find(b)?);
    if ra.label.immutable != rb.label.immutable {
        let rule = if ra.label.immutable { a } else { b };
        return Some(Prevails {
            rule,
            clause: "nomic 112",
        });
    }
    let a_over_b = claims_over(ra.record, b) || defers_to(rb.record, a);
    let b_over_a = claims_over(rb.record, a) || defers_to(ra.record, b);
    let rule = match (a_over_b, b_over_a) {
        (true, false) => a,
        (false, true) => b,
        _ => a.min(b),
    };
    Some(Prevails {
        rule,
        clause: "nomic 213",
    })
}

fn paragraphs_lower(r: &RuleRecord) -> String {
    r.text.join(" ").to_lowercase().replace('\n', " ")
}

/// nomic 213 ¶2: the rule says of itself that it takes precedence over
/// `other` (by number, or over "every other rule").
fn claims_over(r: &RuleRecord, other: u32) -> bool {
    let t = paragraphs_lower(r);
    t.contains("precedence over every other rule")
        || t.contains(&format!("precedence over rule {other}"))
}

/// nomic 213 ¶2: the rule says of itself that it defers to `other`.
fn defers_to(r: &RuleRecord, other: u32) -> bool {
    let t = paragraphs_lower(r);
    t.contains(&format!("defers to rule {other}")) || t.contains(&format!("defer to rule {other}"))
}
