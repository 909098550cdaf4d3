//! The state of a Swiss event and how its events fold into it.

use super::settings::Settings;
use super::vocabulary::{Absence, Entry, Event, GameResult, Pairing};
use crate::chess::swiss::Title;
use crate::envelope::UserId;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// One entrant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub entry: Entry,
    /// The first round the player may be paired in (late entries).
    pub first_round: u32,
    /// The starting rank an imported TRF gave (dutch A2's order as the
    /// event had it before Arbiter ran it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starting_rank: Option<u32>,
    /// dutch F5: withdrawn, not paired from this round on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub withdrawn_from: Option<u32>,
    /// Rounds the player asked not to be paired in, and why (kept once the
    /// round is paired: the regulations count half-point byes taken).
    #[serde(
        default,
        skip_serializing_if = "BTreeMap::is_empty",
        with = "crate::string_keys"
    )]
    pub absences: BTreeMap<u32, Absence>,
}

impl Player {
    /// dutch A2(c): the title in pairing order.
    pub fn title(&self) -> Title {
        Title::parse(&self.entry.title)
    }

    /// Whether the player is withdrawn for `round`.
    pub fn withdrawn_in(&self, round: u32) -> bool {
        self.withdrawn_from.is_some_and(|r| r <= round)
    }
}

/// Where a game's result stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "SwissResultStatus")]
#[serde(tag = "status", rename_all = "kebab-case")]
pub enum ResultStatus {
    /// No result yet.
    Pending,
    /// Reported by a player; stands unless the opponent disputes it (and,
    /// where the regulations say so, until the arbiter confirms it).
    Reported { by: UserId },
    /// The opponent disputes the report: the arbiter decides.
    Disputed { by: UserId },
    /// Set or confirmed by the arbiter.
    Final,
}

/// One board of a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "SwissGame")]
pub struct Game {
    pub board: u32,
    pub white: UserId,
    pub black: UserId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
    pub status: ResultStatus,
}

impl Game {
    /// Whether the result counts: reported and undisputed (and, where the
    /// regulations say so, confirmed by the arbiter).
    pub fn counts(&self, need_arbiter: bool) -> bool {
        match self.status {
            ResultStatus::Final => true,
            ResultStatus::Reported { .. } => !need_arbiter,
            ResultStatus::Pending | ResultStatus::Disputed { .. } => false,
        }
    }

    /// The colour `player` has on this board, if they play on it.
    pub fn side(&self, player: &UserId) -> Option<bool> {
        if &self.white == player {
            Some(true)
        } else if &self.black == player {
            Some(false)
        } else {
            None
        }
    }
}

/// One paired round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "SwissRound")]
pub struct Round {
    pub number: u32,
    pub games: Vec<Game>,
    /// dutch A5: the pairing-allocated bye (one point).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bye: Option<UserId>,
    /// Players not paired and their half points for the round.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub not_paired: BTreeMap<UserId, u32>,
    /// The arbiter's reason, when the round was paired by hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub manual: Option<String>,
    /// The absolute criteria the arbiter's pairing breaks, kept by his decision.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub overridden: Vec<super::vocabulary::Overridden>,
    /// dutch F7: a result of an earlier round was corrected after this
    /// round was published, so the arbiter may pair it again.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub corrected_since: bool,
}

impl Round {
    /// Whether every game has a result that counts.
    pub fn complete(&self, need_arbiter: bool) -> bool {
        self.games.iter().all(|g| g.counts(need_arbiter))
    }

    /// Whether any result has been recorded on any board.
    pub fn has_results(&self) -> bool {
        self.games.iter().any(|g| g.status != ResultStatus::Pending)
    }

    pub fn game(&self, board: u32) -> Option<&Game> {
        board
            .checked_sub(1)
            .and_then(|i| self.games.get(i as usize))
    }
}

/// A Swiss event.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct SwissEvent {
    /// The regulations; `None` until set up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<Settings>,
    pub players: BTreeMap<UserId, Player>,
    /// The paired rounds, round 1 first.
    pub rounds: Vec<Round>,
    /// Groups of players none of whom is paired against another of them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prohibited: Vec<BTreeSet<UserId>>,
}

impl SwissEvent {
    /// The round to pair next.
    pub fn next_round(&self) -> u32 {
        self.rounds.len() as u32 + 1
    }

    pub fn round(&self, number: u32) -> Option<&Round> {
        number
            .checked_sub(1)
            .and_then(|i| self.rounds.get(i as usize))
    }

    /// Whether the results of the regulations' kind are in on every board
    /// of the last paired round (true before round 1).
    pub fn last_round_complete(&self) -> bool {
        let need = self.need_arbiter();
        self.rounds.last().is_none_or(|r| r.complete(need))
    }

    pub fn need_arbiter(&self) -> bool {
        self.settings
            .as_ref()
            .is_some_and(|s| s.results_need_arbiter)
    }

    /// Whether every round of the event is paired and complete.
    pub fn finished(&self) -> bool {
        self.settings
            .as_ref()
            .is_some_and(|s| self.rounds.len() as u32 >= s.rounds)
            && self.last_round_complete()
    }
}

/// Folds one event into the state.
pub fn apply(state: &mut SwissEvent, event: &Event) {
    match event {
        Event::SetUp { settings } => state.settings = Some(settings.clone()),
        Event::Registered {
            player,
            entry,
            first_round,
            starting_rank,
        } => {
            state.players.insert(
                player.clone(),
                Player {
                    entry: entry.clone(),
                    first_round: *first_round,
                    starting_rank: *starting_rank,
                    withdrawn_from: None,
                    absences: BTreeMap::new(),
                },
            );
        }
        Event::Withdrew { player, from_round } => {
            if let Some(p) = state.players.get_mut(player) {
                p.withdrawn_from = Some(*from_round);
            }
        }
        Event::Reinstated { player, .. } => {
            if let Some(p) = state.players.get_mut(player) {
                p.withdrawn_from = None;
            }
        }
        Event::AbsenceRecorded {
            player,
            round,
            absence,
        } => {
            if let Some(p) = state.players.get_mut(player) {
                p.absences.insert(*round, *absence);
            }
        }
        Event::PairingsProhibited { players } => {
            if !state.prohibited.contains(players) {
                state.prohibited.push(players.clone());
            }
        }
        Event::ProhibitionLifted { players } => state.prohibited.retain(|g| g != players),
        Event::AbsenceCancelled { player, round } => {
            if let Some(p) = state.players.get_mut(player) {
                p.absences.remove(round);
            }
        }
        Event::RoundPaired {
            round,
            boards,
            bye,
            not_paired,
            manual,
            overridden,
        } => apply_pairing(state, *round, boards, bye, not_paired, (manual, overridden)),
        Event::ResultReported {
            round,
            board,
            result,
            by,
        } => set_result(
            state,
            *round,
            *board,
            *result,
            ResultStatus::Reported { by: by.clone() },
        ),
        Event::ResultDisputed { round, board, by } => {
            if let Some(g) = game_mut(state, *round, *board) {
                g.status = ResultStatus::Disputed { by: by.clone() };
            }
        }
        Event::ResultSet {
            round,
            board,
            result,
            ..
        } => apply_result_set(state, *round, *board, *result),
    }
}

/// The arbiter's result. dutch F7: a correction reaches pairings yet to be
/// made, so the rounds published after it may be paired again.
fn apply_result_set(state: &mut SwissEvent, round: u32, board: u32, result: GameResult) {
    let corrected = state
        .round(round)
        .and_then(|r| r.game(board))
        .is_some_and(|g| g.result.is_some_and(|old| old != result));
    set_result(state, round, board, result, ResultStatus::Final);
    if corrected {
        for later in state.rounds.iter_mut().skip(round as usize) {
            later.corrected_since = true;
        }
    }
}

fn apply_pairing(
    state: &mut SwissEvent,
    round: u32,
    boards: &[Pairing],
    bye: &Option<UserId>,
    not_paired: &[super::vocabulary::NotPaired],
    (manual, overridden): (&Option<String>, &[super::vocabulary::Overridden]),
) {
    let paired = Round {
        number: round,
        games: boards
            .iter()
            .map(|b| Game {
                board: b.board,
                white: b.white.clone(),
                black: b.black.clone(),
                result: None,
                status: ResultStatus::Pending,
            })
            .collect(),
        bye: bye.clone(),
        not_paired: not_paired
            .iter()
            .map(|n| (n.player.clone(), n.half_points))
            .collect(),
        manual: manual.clone(),
        overridden: overridden.to_vec(),
        corrected_since: false,
    };
    let index = round.saturating_sub(1) as usize;
    if index < state.rounds.len() {
        state.rounds[index] = paired;
    } else {
        state.rounds.push(paired);
    }
}

fn game_mut(state: &mut SwissEvent, round: u32, board: u32) -> Option<&mut Game> {
    let r = state.rounds.get_mut(round.checked_sub(1)? as usize)?;
    r.games.get_mut(board.checked_sub(1)? as usize)
}

fn set_result(
    state: &mut SwissEvent,
    round: u32,
    board: u32,
    result: GameResult,
    status: ResultStatus,
) {
    if let Some(g) = game_mut(state, round, board) {
        g.result = Some(result);
        g.status = status;
    }
}
