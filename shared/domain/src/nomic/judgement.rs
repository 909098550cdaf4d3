//! Points of Order and Judgements (nomic 214).
//!
//! A player raises a Point of Order; the Judge (the player whose allocated
//! day precedes the current day) pronounces a Judgement; for one hour any
//! other player may dispute it; after a dispute, the other players have one
//! hour to agree or disagree. A single agreement, or no dispute within the
//! hour, invokes the Judgement; a dispute that nobody agrees with within the
//! hour overrules the Judge. An overruled Judge, or one who has not
//! pronounced by the end of the day, passes the Point of Order to the player
//! preceding them, skipping the player whose day it is.
//!
//! A Judgement may carry a finding under nomic 215 (the move in question is
//! equally legal and illegal, or its legality cannot be determined with
//! finality): invoked, it makes the mover the winner.

use crate::envelope::UserId;
use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Longest Point of Order statement or Judgement decision, in characters.
pub const MAX_STATEMENT_CHARS: usize = 20_000;

/// nomic 214: "No player may have more than three active points of order".
pub const MAX_ACTIVE_POINTS_OF_ORDER: usize = 3;

/// nomic 214: the one-hour windows to dispute, then to agree or disagree.
pub fn window() -> Duration {
    Duration::hours(1)
}

/// nomic 214: "I agree with Judgement..." or "I disagree with Judgement...".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Opinion {
    Agree,
    Disagree,
}

/// nomic 215: a Judge's finding that a move's legality is not settled,
/// which, if the Judge is not overruled, makes the player whose move is in
/// question the winner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Finding {
    /// "by the Judge's best reasoning, not overruled, a move appears equally
    /// legal and illegal".
    EquallyLegalAndIllegal,
    /// "the legality of a move cannot be determined with finality".
    Undeterminable,
}

/// nomic 214: the Judge's pronounced verdict on a Point of Order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "NomicJudgement")]
pub struct Judgement {
    pub judge: UserId,
    pub decision: String,
    pub pronounced_at: DateTime<Utc>,
    /// nomic 215: the Judge's finding, if the move's legality is not settled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finding: Option<Finding>,
    /// nomic 215: the player whose move is in question, with a finding.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mover: Option<UserId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disputed_by: Option<UserId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disputed_at: Option<DateTime<Utc>>,
    #[serde(default)]
    pub opinions: BTreeMap<UserId, Opinion>,
}

impl Judgement {
    /// When the tick must act on this Judgement: invoke it an hour after the
    /// pronouncement if undisputed, overrule the Judge an hour after a
    /// dispute nobody agreed with.
    pub fn due(&self) -> DateTime<Utc> {
        self.disputed_at.unwrap_or(self.pronounced_at) + window()
    }
}

/// nomic 214: a Point of Order and its current Judge.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct PointOfOrder {
    /// 1, 2, 3... in order raised.
    pub id: u32,
    pub raised_by: UserId,
    pub statement: String,
    /// The proposal the question concerns, if any: an adopted change waits
    /// for every related Judgement (nomic 214, over nomic 206).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proposal: Option<u32>,
    pub raised_at: DateTime<Utc>,
    pub judge: UserId,
    /// The end of the day by which the Judge must pronounce, else forfeit.
    pub judge_until: DateTime<Utc>,
    /// The Judges overruled or forfeited so far, in order.
    #[serde(default)]
    pub former_judges: Vec<UserId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub judgement: Option<Judgement>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invoked_at: Option<DateTime<Utc>>,
}

impl PointOfOrder {
    /// nomic 214: active until its Judgement is invoked.
    pub fn active(&self) -> bool {
        self.invoked_at.is_none()
    }

    /// When the tick must act on this Point of Order, if ever.
    pub fn due(&self) -> Option<DateTime<Utc>> {
        if !self.active() {
            return None;
        }
        Some(match &self.judgement {
            None => self.judge_until,
            Some(j) => j.due(),
        })
    }
}
