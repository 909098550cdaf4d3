//! The tournament's state and how each [`Event`] folds into it.

use super::event::Event;
use super::governance::Motion;
use super::model::{BoardReport, Entrant, Seating, Stage, TeamId};
use crate::diplomacy::map::Power;
use crate::envelope::UserId;
use crate::vocabulary::OldSpelling;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The settings' key as first spelt, still read ([`crate::vocabulary`]).
pub const OLD_SPELLINGS: &[OldSpelling] = &[OldSpelling::key("entry-deadline", "entry_deadline")];

/// wm A.3.i: the dates the TD sets.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "WorldMastersSettings")]
pub struct Settings {
    /// wm B.2: teams and individuals are accepted up to this instant.
    #[serde(alias = "entry-deadline")]
    pub entry_deadline: DateTime<Utc>,
}

/// A team (wm A.1): at least seven players, perhaps a non-playing captain,
/// a non-playing GM and replacements.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Team {
    pub name: String,
    /// Who completed the sign-up (wm B.5 gives them round one's powers).
    pub registered_by: Option<UserId>,
    pub captain: Option<UserId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gm: Option<UserId>,
    /// The seven playing members with their round-one powers (wm B.5).
    pub players: BTreeMap<Power, UserId>,
    #[serde(default)]
    pub replacements: Vec<UserId>,
    /// wm B.2: grouped at random from individual sign-ups.
    #[serde(default)]
    pub grouped: bool,
}

impl Team {
    /// Everyone the team involves (wm A.10: "one of his teammates").
    pub fn members(&self) -> impl Iterator<Item = &UserId> {
        self.players
            .values()
            .chain(&self.replacements)
            .chain(&self.captain)
            .chain(&self.gm)
    }
}

/// One board of a round.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct BoardEntry {
    pub seating: Seating,
    /// wm A.9: the board's tournament observer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub observer: Option<UserId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub report: Option<BoardReport>,
    /// wm B.8.e: positions a reserve took over because the team gave no
    /// replacement; the team forfeits their points.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub reserve_takeovers: BTreeSet<Power>,
}

/// wm B.6, A.9: a constraint of the draw that could not be met: the clause
/// and what was breached.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct DrawViolation {
    pub clause: String,
    pub breach: serde_json::Value,
}

/// One of the four rounds (wm B.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "WorldMastersRound")]
pub struct Round {
    pub stage: Stage,
    /// The draw's seed: the draw can be audited and replayed.
    pub seed: u64,
    pub boards: Vec<BoardEntry>,
    pub violations: Vec<DrawViolation>,
    /// The seed the round was closed with (its dice, wm C.7.f).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub close_seed: Option<u64>,
    /// Set when the round is closed: who goes on, in ranking order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub advancing: Option<Vec<UserId>>,
}

/// The tournament's winners (wm C.11–C.13).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Winners {
    pub individual: UserId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team: Option<TeamId>,
    pub best_countries: BTreeMap<Power, UserId>,
}

/// The tournament (wm A–C).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tournament {
    pub settings: Option<Settings>,
    pub teams: BTreeMap<TeamId, Team>,
    /// wm B.2: individual sign-ups awaiting grouping, in order.
    pub individuals: Vec<UserId>,
    /// wm B.2, B.8.d: the official reserve list, in order.
    pub reserves: Vec<UserId>,
    pub entries_closed: bool,
    pub rounds: Vec<Round>,
    /// wm B.8.d: calls to the reserves, numbered from 1.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub calls: Vec<super::reserves::ReserveCall>,
    /// wm C.10: qualifiers who declined the final.
    pub declined_final: BTreeSet<UserId>,
    /// wm A.6, A.7: the TMC's motions, numbered from 1.
    pub motions: Vec<Motion>,
    /// wm A.6: an assistant TD standing in as TD leaves the sitting body.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub acting_td: Option<UserId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winners: Option<Winners>,
    /// Everyone a team involves, with the team (the first by id, should
    /// two name the same person): kept with [`Tournament::teams`] by the
    /// fold, so that checking an entry (wm A.1, B.2) does not read every
    /// team of a large tournament.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub rosters: BTreeMap<UserId, TeamId>,
    /// The address each user mails the tournament from, by address.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub mail_addresses: BTreeMap<String, UserId>,
}

impl Tournament {
    /// The team `player` plays for, if any.
    pub fn team_of(&self, player: &UserId) -> Option<&TeamId> {
        self.rosters.get(player)
    }

    /// Enters `team` as `id`, and its people in [`Tournament::rosters`].
    fn insert_team(&mut self, id: &TeamId, team: &Team) {
        if let Some(old) = self.teams.insert(id.clone(), team.clone()) {
            for m in old.members() {
                if self.rosters.get(m) == Some(id) {
                    self.rosters.remove(m);
                }
            }
        }
        for m in team.members() {
            let first = self.rosters.entry(m.clone()).or_insert_with(|| id.clone());
            if id < first {
                *first = id.clone();
            }
        }
    }

    /// Whether `user` has entered (on a team, as an individual or reserve).
    pub fn entered(&self, user: &UserId) -> bool {
        self.team_of(user).is_some()
            || self.individuals.contains(user)
            || self.reserves.contains(user)
    }

    /// Every team's playing members with their team and round-one power.
    pub fn entrants(&self) -> Vec<Entrant> {
        self.teams
            .iter()
            .flat_map(|(id, t)| {
                t.players.iter().map(move |(power, player)| Entrant {
                    player: player.clone(),
                    team: Some(id.clone()),
                    power: Some(*power),
                })
            })
            .collect()
    }

    pub fn current_round(&self) -> Option<&Round> {
        self.rounds.last()
    }
}

/// Folds one event into the state: entries (wm B.2), rounds (wm B.1, C.6–C.13),
/// calls to the reserves (wm B.8.d) and the rest, each in its own step.
pub fn apply(state: &mut Tournament, event: &Event, _at: DateTime<Utc>) {
    match event {
        Event::Configured { settings } => state.settings = Some(settings.clone()),
        Event::TeamRegistered { team, entry } => state.insert_team(team, entry),
        Event::SignedUp { player } => state.individuals.push(player.clone()),
        Event::EntriesClosed {
            teams, reserves, ..
        } => state.close_entries(teams, reserves),
        Event::RoundPaired {
            stage,
            seed,
            boards,
            violations,
        } => state
            .rounds
            .push(Round::drawn(*stage, *seed, boards, violations)),
        Event::BoardReported {
            board,
            report,
            reserve_takeovers,
        } => state.report_board(*board, report, reserve_takeovers),
        Event::RoundClosed {
            advancing,
            eliminated,
            seed,
            ..
        } => state.close_round(*seed, advancing, eliminated),
        Event::ReservesCalled { call } => state.calls.push(call.clone()),
        Event::ReserveAnswered { call, reserve } => state.answer_call(*call, reserve),
        Event::CallClosed { call, accepted } => state.close_call(*call, accepted.clone()),
        Event::FinalDeclined { player } => {
            state.declined_final.insert(player.clone());
        }
        Event::TournamentWon { winners } => state.winners = Some(winners.clone()),
        Event::ActingTd { assistant } => state.acting_td = assistant.clone(),
        Event::Governance(e) => super::governance::apply(&mut state.motions, e),
        Event::MailAddressRegistered { user, address } => {
            crate::diplomacy::game::mail::keep_address(&mut state.mail_addresses, user, address)
        }
    }
}

impl Round {
    /// wm A.3.ii, B.5–B.6: a round as the TD drew it, not yet closed.
    fn drawn(
        stage: Stage,
        seed: u64,
        boards: &[BoardEntry],
        violations: &[DrawViolation],
    ) -> Round {
        Round {
            stage,
            seed,
            boards: boards.to_vec(),
            violations: violations.to_vec(),
            close_seed: None,
            advancing: None,
        }
    }
}

/// The steps of [`apply`], one per event that changes more than a field.
impl Tournament {
    /// wm B.2: entries close: the individuals, grouped in sevens, enter as
    /// teams, and the rest start the official reserve list.
    fn close_entries(&mut self, teams: &BTreeMap<TeamId, Team>, reserves: &[UserId]) {
        for (id, team) in teams {
            self.insert_team(id, team);
        }
        self.individuals.clear();
        self.reserves.extend(reserves.iter().cloned());
        self.entries_closed = true;
    }

    /// A board of the current round reported, with the positions a reserve
    /// took over (wm B.8.e).
    fn report_board(&mut self, board: usize, report: &BoardReport, takeovers: &BTreeSet<Power>) {
        let entry = self.rounds.last_mut().and_then(|r| r.boards.get_mut(board));
        if let Some(b) = entry {
            b.report = Some(report.clone());
            b.reserve_takeovers = takeovers.clone();
        }
    }

    /// wm C.6–C.10: the current round closed with its dice and who goes on.
    fn close_round(&mut self, seed: u64, advancing: &[UserId], eliminated: &[UserId]) {
        if let Some(r) = self.rounds.last_mut() {
            r.close_seed = Some(seed);
            r.advancing = Some(advancing.to_vec());
        }
        // wm B.8.d: eliminees join the pool of reserves, each once (a
        // reserve seated in a later round may be eliminated again).
        for p in eliminated {
            if !self.reserves.contains(p) {
                self.reserves.push(p.clone());
            }
        }
    }

    /// wm B.8.d: a reserve answers call `id`.
    fn answer_call(&mut self, id: u32, reserve: &UserId) {
        if let Some(c) = self.calls.iter_mut().find(|c| c.id == id) {
            c.answers.push(reserve.clone());
        }
    }

    /// wm B.8.d–f: call `id` closed, with the reserve accepted, if any.
    fn close_call(&mut self, id: u32, accepted: Option<UserId>) {
        if let Some(c) = self.calls.iter_mut().find(|c| c.id == id) {
            c.closed = true;
            c.accepted = accepted;
        }
    }
}
