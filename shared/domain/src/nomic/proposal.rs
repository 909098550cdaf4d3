//! Proposals, votes and points: nomic 103 (kinds of rule-change), 104, 105,
//! 107, 109, 111, 113, 203, 204, 205, 207, 208, 210.

use crate::envelope::UserId;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// nomic 109: proposal numbers begin with 301.
pub const FIRST_PROPOSAL_NUMBER: u32 = 301;
/// nomic 207: a defeated proposal costs its proposer 10 points.
pub const DEFEAT_PENALTY: i64 = 10;
/// nomic 205: each dissenter on a winning proposal gains 10 points.
pub const DISSENT_BONUS: i64 = 10;
/// nomic 210: the first player to achieve 200 points wins.
pub const WINNING_POINTS: i64 = 200;

/// nomic 103: a rule-change. Serialized with its tag `op`:
/// `{"op": "amend", "rule": 203, "text": ["..."]}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "op", rename_all = "kebab-case")]
pub enum RuleChange {
    /// nomic 103(1): enact a new (mutable) rule.
    Enact { text: Vec<String> },
    /// nomic 103(1): repeal a mutable rule.
    Repeal { rule: u32 },
    /// nomic 103(1): amend a mutable rule; the text replaces the rule's.
    Amend { rule: u32, text: Vec<String> },
    /// nomic 103(3), 111: transmute a rule, immutable to mutable or back.
    Transmute { rule: u32 },
    /// nomic 107: a rule-change in a form of the proposer's own that Arbiter
    /// does not execute (see `nomic::thread`). It is voted on and scored like
    /// any other; adopted, it guides play in the form voted on and leaves the
    /// book's text as it is, and what it changes is for a Judgement (nomic
    /// 214) to settle.
    AsWritten { text: String },
}

impl RuleChange {
    /// The number of the rule the change targets, if any.
    pub fn target(&self) -> Option<u32> {
        match self {
            RuleChange::Enact { .. } | RuleChange::AsWritten { .. } => None,
            RuleChange::Repeal { rule }
            | RuleChange::Amend { rule, .. }
            | RuleChange::Transmute { rule } => Some(*rule),
        }
    }
}

/// nomic 113: "Vote: Yes" or "Vote: No".
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
#[schemars(rename = "NomicVote")]
pub enum Vote {
    Yes,
    No,
}

/// What adoption needs.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Threshold {
    /// nomic 204: unanimous among the votes cast.
    #[default]
    Unanimity,
    /// nomic 204, after two complete circuits: a simple majority of the votes cast.
    SimpleMajority,
    /// nomic 111: unanimous among the eligible voters (every player, nomic 105).
    UnanimityOfEligibleVoters,
}

/// The count of a completed vote.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Tally {
    pub yes: u32,
    pub no: u32,
    /// nomic 105: every player is an eligible voter.
    pub eligible: u32,
    /// Yes votes of the players eligible at completion (a player who
    /// forfeited, nomic 115, is no longer one).
    #[serde(default)]
    pub eligible_yes: u32,
}

impl Tally {
    /// Counts `votes`; `eligible` are the players eligible at completion.
    pub fn of<'a>(
        votes: &BTreeMap<UserId, Vote>,
        eligible: impl Iterator<Item = &'a UserId>,
    ) -> Self {
        let yes = votes.values().filter(|v| **v == Vote::Yes).count() as u32;
        let (mut n, mut eligible_yes) = (0, 0);
        for p in eligible {
            n += 1;
            if votes.get(p) == Some(&Vote::Yes) {
                eligible_yes += 1;
            }
        }
        Tally {
            yes,
            no: votes.len() as u32 - yes,
            eligible: n,
            eligible_yes,
        }
    }

    /// V, the votes cast (nomic 203).
    pub fn cast(&self) -> u32 {
        self.yes + self.no
    }

    /// nomic 104, 111, 204: whether the count adopts the change. With no
    /// vote cast nothing is adopted (ruling: unanimity of nobody is no
    /// support, and 203's Y/V is undefined).
    pub fn adopts(&self, threshold: Threshold) -> bool {
        match threshold {
            Threshold::Unanimity => self.cast() > 0 && self.no == 0,
            Threshold::SimpleMajority => 2 * self.yes > self.cast(),
            Threshold::UnanimityOfEligibleVoters => {
                self.eligible > 0 && self.eligible_yes == self.eligible && self.no == 0
            }
        }
    }
}

/// nomic 203: Floor(max{10, R-290} * Y / V); zero when no vote was cast.
pub fn proposer_points(highest_rule: u32, tally: &Tally) -> i64 {
    if tally.cast() == 0 {
        return 0;
    }
    let base = (i64::from(highest_rule) - 290).max(10);
    // Integer division of non-negative numbers is the floor.
    base * i64::from(tally.yes) / i64::from(tally.cast())
}

/// Where a proposal stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ProposalStatus {
    /// nomic 113: voting until the end of the UK day it was submitted.
    Voting,
    /// nomic 214: adopted while a related Judgement is pending; takes effect
    /// when every related Judgement is invoked.
    AwaitingJudgement,
    /// nomic 206: in effect since the completion of its vote (or, nomic 214,
    /// the invocation of the last related Judgement).
    InEffect,
    /// nomic 207: defeated.
    Defeated,
    /// Adopted, but could not take effect: the rule it changed was gone, or
    /// it would break nomic 116 or 211 at that moment.
    Lapsed,
}

/// nomic 107, 109: a proper proposal, numbered, never modified.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "NomicProposal")]
pub struct Proposal {
    pub number: u32,
    pub proposer: UserId,
    pub change: RuleChange,
    pub submitted_at: DateTime<Utc>,
    /// nomic 113: the end of the UK day of submission.
    pub closes_at: DateTime<Utc>,
    /// The record id of the targeted rule, fixed at submission so later
    /// renumbering (nomic 110) does not lose it.
    pub target_id: Option<String>,
    /// nomic 111: an immutable rule becoming mutable needs every eligible vote.
    pub needs_all_eligible: bool,
    /// nomic 113, 208: one vote per player, in order cast.
    pub votes: BTreeMap<UserId, Vote>,
    pub status: ProposalStatus,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tally: Option<Tally>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub took_effect_at: Option<DateTime<Utc>>,
}
