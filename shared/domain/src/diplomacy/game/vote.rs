//! Proposals and votes (wm D.IX): draws, concessions and house-rule changes,
//! unanimous, secret, revisable until the deadline, only the result published.

use super::settings::HouseRules;
use crate::diplomacy::map::Power;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// What is proposed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", tag = "proposal")]
pub enum ProposalKind {
    /// wm D.IX.4: a draw among `powers`; survivors left out are presumed
    /// eliminated.
    Draw { powers: BTreeSet<Power> },
    /// wm D.IX.3: a win conceded to a single player.
    Concession { to: Power },
    /// wm D.IX.5: a change to the house rules where the GM has discretion.
    HouseRuleChange { house_rules: HouseRules },
}

impl ProposalKind {
    /// wm D.IX.1: draws and concessions end the game.
    pub fn ends_game(&self) -> bool {
        !matches!(self, ProposalKind::HouseRuleChange { .. })
    }
}

/// A proposal put to the vote. The proposer is not recorded publicly.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Proposal {
    pub id: u32,
    #[serde(flatten)]
    pub kind: ProposalKind,
    /// wm D.IX.2: votes are due with the orders of this phase.
    pub phase: String,
    /// None while open; the published result afterwards.
    #[serde(default)]
    pub passed: Option<bool>,
}

/// A vote. Anything else a player might write is unclear and counts as no
/// (wm D.IX.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[schemars(rename = "DiplomacyGameBallot")]
pub enum Ballot {
    Yes,
    No,
    Abstain,
}

/// wm D.IX.1: every voter must say yes. An abstention, a no or an uncast vote
/// defeats the proposal, except that for a game-end proposal whose deadline is
/// a movement deadline, a voter who also NMR'd is deemed to vote yes. Only the
/// outcome leaves this function.
pub fn passes(
    kind: &ProposalKind,
    voters: &[Option<Power>],
    ballots: &BTreeMap<Option<Power>, Ballot>,
    movement_deadline: bool,
    nmr: &[Power],
) -> bool {
    voters.iter().all(|v| match ballots.get(v) {
        Some(Ballot::Yes) => true,
        Some(_) => false,
        None => kind.ends_game() && movement_deadline && v.is_some_and(|p| nmr.contains(&p)),
    })
}
