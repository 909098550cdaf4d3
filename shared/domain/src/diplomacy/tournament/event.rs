//! What happens in a tournament.

use super::governance::GovernanceEvent;
use super::model::{BoardReport, Stage, TeamId};
use super::state::{BoardEntry, DrawViolation, Settings, Team, Winners};
use crate::diplomacy::map::Power;
use crate::envelope::UserId;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "WorldMastersEvent")]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// wm A.3.i: the TD set the dates.
    Configured {
        settings: Settings,
    },
    /// wm A.1, B.2, B.5: a team entered with its round-one powers.
    TeamRegistered {
        team: TeamId,
        entry: Team,
    },
    /// wm B.2: an individual entered, to be grouped into a team.
    SignedUp {
        player: UserId,
    },
    /// wm B.2: individuals grouped at random in sevens under an appointed
    /// captain; the rest start the official reserve list.
    EntriesClosed {
        seed: u64,
        teams: BTreeMap<TeamId, Team>,
        reserves: Vec<UserId>,
    },
    /// wm B.5, B.6, A.9: a round's boards, powers and observers.
    RoundPaired {
        stage: Stage,
        seed: u64,
        boards: Vec<BoardEntry>,
        violations: Vec<DrawViolation>,
    },
    /// A board of the current round finished (or was cut off, wm B.3).
    BoardReported {
        board: usize,
        report: BoardReport,
        #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
        reserve_takeovers: BTreeSet<Power>,
    },
    /// wm C.6–C.10: who goes on. The standings that decided it follow
    /// from the reports and the seed; the state works them out when the
    /// event is applied, so the event stays small.
    RoundClosed {
        stage: Stage,
        seed: u64,
        advancing: Vec<UserId>,
        eliminated: Vec<UserId>,
    },
    /// wm B.8.d: the TD calls the reserves for a position.
    ReservesCalled {
        call: super::reserves::ReserveCall,
    },
    /// wm B.8.d: a reserve answers in time.
    ReserveAnswered {
        call: u32,
        reserve: UserId,
    },
    /// wm B.8.d–f, B.9: who was accepted, or nobody (civil disorder).
    CallClosed {
        call: u32,
        accepted: Option<UserId>,
    },
    /// wm C.10: a qualifier declined the final.
    FinalDeclined {
        player: UserId,
    },
    /// wm C.11–C.13.
    TournamentWon {
        winners: Winners,
    },
    /// wm A.6: an assistant stands in as TD (or no longer does).
    ActingTd {
        assistant: Option<UserId>,
    },
    Governance(GovernanceEvent),
    /// The address `user` mails the tournament from (lower case).
    MailAddressRegistered {
        user: UserId,
        address: String,
    },
}

impl crate::rulebook::Membership for Event {
    /// Users this event makes members (a team brings seven or more).
    fn members_added(&self) -> Vec<&UserId> {
        match self {
            Event::TeamRegistered { entry, .. } => entry.members().collect(),
            Event::SignedUp { player } => vec![player],
            _ => vec![],
        }
    }
}

/// A tournament event recorded because `clause` acted.
pub(super) fn by_rule(event: Event, clause: &'static str) -> super::Recorded {
    super::Recorded::by_rule(event, clause)
}
