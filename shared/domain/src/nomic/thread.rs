//! The voting thread read with the rules' own words: a message that opens
//! with "Rule-change:" (nomic 107), "Vote: Yes" or "Vote: No" (113), "Point
//! of Order:", "Judgement:", "Dispute:", "I agree with Judgement" or "I
//! disagree with Judgement" (214) is a move; any other message is talk and
//! changes nothing.
//!
//! The words are read as players type them: letter case and the spaces
//! around the colon do not matter, the colon does (the rules quote it).
//! What follows "Rule-change:" is the proposal as the proposer wrote it
//! (nomic 107: the proposer decides its form). Arbiter executes four
//! wordings of it on adoption:
//!
//! ```text
//! Rule-change: enact: <the new rule's text>
//! Rule-change: amend Rule 203 to read: <the rule's new text>
//! Rule-change: repeal Rule 207
//! Rule-change: transmute Rule 109
//! ```
//!
//! Anything else is still a proper proposal, voted on as written
//! ([`RuleChange::AsWritten`]). Paragraphs of a rule's text are separated
//! by blank lines.

use super::proposal::{RuleChange, Vote};

/// What a voting-thread message says, before the references it makes by
/// replying are resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    /// nomic 107: "Rule-change:" and the proposal.
    RuleChange(RuleChange),
    /// nomic 113: "Vote: Yes" or "Vote: No".
    Vote(Vote),
    /// nomic 113: "Vote:" followed by neither Yes nor No.
    UnclearVote,
    /// nomic 214: "Point of Order:" and the statement to be judged.
    PointOfOrder(String),
    /// nomic 214: "Judgement:" and the decision.
    Judgement(String),
    /// nomic 214: "Dispute:".
    Dispute,
    /// nomic 214: "I agree with Judgement...".
    Agree,
    /// nomic 214: "I disagree with Judgement...".
    Disagree,
}

/// The move `text` makes, or `None` when it opens with none of the rules'
/// words (talk in the thread).
pub fn read(text: &str) -> Option<Said> {
    let text = text.trim_start();
    if let Some(rest) = after_words(text, &["rule-change"], true) {
        return Some(Said::RuleChange(rule_change(rest)));
    }
    if let Some(rest) = after_words(text, &["vote"], true) {
        return Some(vote(rest));
    }
    if let Some(rest) = after_words(text, &["point", "of", "order"], true) {
        return Some(Said::PointOfOrder(rest.trim().to_owned()));
    }
    // nomic 214 spells it both ways ("Judgement", "invoking Judgment").
    let judgement =
        |t| after_words(t, &["judgement"], true).or_else(|| after_words(t, &["judgment"], true));
    if let Some(rest) = judgement(text) {
        return Some(Said::Judgement(rest.trim().to_owned()));
    }
    if after_words(text, &["dispute"], true).is_some() {
        return Some(Said::Dispute);
    }
    let opinion = |verb| {
        ["judgement", "judgment"]
            .iter()
            .any(|j| after_words(text, &["i", verb, "with", j], false).is_some())
    };
    if opinion("agree") {
        return Some(Said::Agree);
    }
    if opinion("disagree") {
        return Some(Said::Disagree);
    }
    None
}

fn vote(rest: &str) -> Said {
    let word: String = rest
        .trim_start()
        .chars()
        .take_while(|c| c.is_alphabetic())
        .collect();
    match word.to_lowercase().as_str() {
        "yes" => Said::Vote(Vote::Yes),
        "no" => Said::Vote(Vote::No),
        _ => Said::UnclearVote,
    }
}

/// The text after `words` at the start of `text` (any case, any spaces
/// between the words), and after a colon when `colon` is asked for; `None`
/// when `text` does not open with them.
fn after_words<'a>(text: &'a str, words: &[&str], colon: bool) -> Option<&'a str> {
    let mut rest = text;
    for (i, word) in words.iter().enumerate() {
        if i > 0 {
            let trimmed = rest.trim_start();
            if trimmed.len() == rest.len() {
                return None;
            }
            rest = trimmed;
        }
        let head = rest.get(..word.len())?;
        if !head.eq_ignore_ascii_case(word) {
            return None;
        }
        rest = &rest[word.len()..];
    }
    if colon {
        return rest.trim_start().strip_prefix(':');
    }
    // Without a colon the phrase must end at a word's end ("I agree with
    // Judgements" is not the phrase).
    match rest.chars().next() {
        Some(c) if c.is_alphanumeric() => None,
        _ => Some(rest),
    }
}

/// nomic 107, 103: the proposal as written, executed where it has one of the
/// four wordings of the module's documentation.
fn rule_change(rest: &str) -> RuleChange {
    let text = rest.trim();
    if let Some(body) = after_words(text, &["enact"], true) {
        return RuleChange::Enact {
            text: paragraphs(body),
        };
    }
    if let Some((rule, body)) = amendment(text) {
        return RuleChange::Amend {
            rule,
            text: paragraphs(body),
        };
    }
    if let Some(rule) = rule_alone(text, "repeal") {
        return RuleChange::Repeal { rule };
    }
    if let Some(rule) = rule_alone(text, "transmute") {
        return RuleChange::Transmute { rule };
    }
    RuleChange::AsWritten {
        text: text.to_owned(),
    }
}

/// "amend Rule 203 to read: ..." as (203, the new text).
fn amendment(text: &str) -> Option<(u32, &str)> {
    let rest = after_words(text, &["amend", "rule"], false)?;
    let (rule, rest) = number(rest)?;
    let body = after_words(rest.trim_start(), &["to", "read"], true)?;
    Some((rule, body))
}

/// "repeal Rule 207" (and nothing after it but a full stop).
fn rule_alone(text: &str, verb: &str) -> Option<u32> {
    let rest = after_words(text, &[verb, "rule"], false)?;
    let (rule, rest) = number(rest)?;
    matches!(rest.trim(), "" | ".").then_some(rule)
}

/// The rule number opening `text` (after spaces), and what follows it.
fn number(text: &str) -> Option<(u32, &str)> {
    let text = text.trim_start();
    let digits = text.chars().take_while(char::is_ascii_digit).count();
    let n = text.get(..digits)?.parse().ok()?;
    Some((n, &text[digits..]))
}

/// A rule's paragraphs: the text split at blank lines, each trimmed.
fn paragraphs(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    for line in text.trim().lines() {
        if line.trim().is_empty() {
            if !current.is_empty() {
                out.push(current.join("\n"));
                current.clear();
            }
        } else {
            current.push(line.trim_end());
        }
    }
    if !current.is_empty() {
        out.push(current.join("\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// nomic 113: "Vote: Yes" / "Vote: No", as typed.
    #[test]
    fn nomic_113_votes_are_read_in_any_case_with_any_spacing() {
        assert_eq!(read("Vote: Yes"), Some(Said::Vote(Vote::Yes)));
        assert_eq!(read("  vote:no"), Some(Said::Vote(Vote::No)));
        assert_eq!(read("VOTE : yes!"), Some(Said::Vote(Vote::Yes)));
        assert_eq!(read("Vote: maybe"), Some(Said::UnclearVote));
        // Without the colon it is talk about voting, not a vote.
        assert_eq!(read("Vote yes everyone"), None);
        assert_eq!(read("I will vote: yes"), None);
    }

    /// nomic 107: the four executed wordings, and anything else as written.
    #[test]
    fn nomic_107_rule_changes_are_read_as_written_or_executed() {
        assert_eq!(
            read("Rule-change: repeal Rule 207"),
            Some(Said::RuleChange(RuleChange::Repeal { rule: 207 }))
        );
        assert_eq!(
            read("rule-change: Transmute rule 109."),
            Some(Said::RuleChange(RuleChange::Transmute { rule: 109 }))
        );
        assert_eq!(
            read("Rule-change: amend Rule 203 to read: Points are\ndoubled.\n\nSecond paragraph."),
            Some(Said::RuleChange(RuleChange::Amend {
                rule: 203,
                text: vec!["Points are\ndoubled.".into(), "Second paragraph.".into()],
            }))
        );
        assert_eq!(
            read("Rule-change: enact: Every player wears a hat."),
            Some(Said::RuleChange(RuleChange::Enact {
                text: vec!["Every player wears a hat.".into()],
            }))
        );
        // "repeal Rule 207 and 208" is not the executed wording: as written.
        assert_eq!(
            read("Rule-change: repeal Rule 207 and 208"),
            Some(Said::RuleChange(RuleChange::AsWritten {
                text: "repeal Rule 207 and 208".into()
            }))
        );
        assert_eq!(read("Rule change: enact: x"), None);
    }

    /// nomic 214: the Judgement's words, each with its colon or phrase.
    #[test]
    fn nomic_214_points_of_order_judgements_and_opinions_are_read() {
        assert_eq!(
            read("Point of Order: 301 was late"),
            Some(Said::PointOfOrder("301 was late".into()))
        );
        assert_eq!(
            read("point  of order:it was"),
            Some(Said::PointOfOrder("it was".into()))
        );
        assert_eq!(
            read("Judgement: it was not late"),
            Some(Said::Judgement("it was not late".into()))
        );
        assert_eq!(read("Dispute: no"), Some(Said::Dispute));
        assert_eq!(read("I agree with Judgement 2"), Some(Said::Agree));
        assert_eq!(read("i disagree with judgement..."), Some(Said::Disagree));
        assert_eq!(read("I agree with Judgements"), None);
        assert_eq!(read("Good morning"), None);
        assert_eq!(read(""), None);
    }
}
