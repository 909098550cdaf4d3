//! One place for the game's numbers: the Initial Set's values by default,
//! chosen when the game begins (e.g. the note on nomic 210: "In
//! non-correspondence games, the initial total is 100").

use super::judgement::MAX_ACTIVE_POINTS_OF_ORDER;
use super::proposal::{DEFEAT_PENALTY, DISSENT_BONUS, WINNING_POINTS};
use super::rulebook::MUTABLE_RULE_CAP;
use super::turns::PROPOSAL_DEADLINE_HOUR;
use crate::refusal::Refusal;
use serde::{Deserialize, Serialize};

/// The numbers the rules of the Initial Set name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
#[schemars(rename = "NomicSettings")]
pub struct Settings {
    /// nomic 201: "All players begin with zero points" (210 note: 100
    /// in non-correspondence games).
    pub starting_points: i64,
    /// nomic 210: the points that win.
    pub winning_points: i64,
    /// nomic 207: what a defeated proposal costs.
    pub defeat_penalty: i64,
    /// nomic 205: what each dissenter on a winning proposal gains.
    pub dissent_bonus: i64,
    /// nomic 202: proposals are proper only before this hour, UK time.
    pub proposal_deadline_hour: u32,
    /// nomic 211: the most mutable rules there may be.
    pub mutable_rule_cap: usize,
    /// nomic 214: the most active Points of Order per player.
    pub max_active_points_of_order: usize,
    /// nomic 204: complete circuits of turns before adoption needs only a
    /// simple majority.
    pub circuits_before_majority: u32,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            starting_points: 0,
            winning_points: WINNING_POINTS,
            defeat_penalty: DEFEAT_PENALTY,
            dissent_bonus: DISSENT_BONUS,
            proposal_deadline_hour: PROPOSAL_DEADLINE_HOUR,
            mutable_rule_cap: MUTABLE_RULE_CAP,
            max_active_points_of_order: MAX_ACTIVE_POINTS_OF_ORDER,
            circuits_before_majority: 2,
        }
    }
}

impl Settings {
    /// Values a game can be played with.
    pub fn validate(&self) -> Result<(), Refusal> {
        let points = |v: i64| (-1_000_000..=1_000_000).contains(&v);
        let ok = points(self.starting_points)
            && points(self.winning_points)
            && self.winning_points > self.starting_points
            && (0..=1_000_000).contains(&self.defeat_penalty)
            && (0..=1_000_000).contains(&self.dissent_bonus)
            && (1..=24).contains(&self.proposal_deadline_hour)
            && (1..=1_000).contains(&self.mutable_rule_cap)
            && (1..=100).contains(&self.max_active_points_of_order)
            && (1..=520).contains(&self.circuits_before_majority);
        if ok {
            Ok(())
        } else {
            Err(Refusal::invalid(
                "settings: winning points above starting points (both within ±1,000,000), penalty and bonus 0 to 1,000,000, \
                 deadline hour 1 to 24, mutable cap 1 to 1,000, points of order 1 to 100, circuits 1 to 520",
            ))
        }
    }
}
