//! Games: validity (club J.5–J.12), registration by members (II.4), approval
//! of monitored members' games (II.10.4), the bell (I.5), objections and
//! rematches (I.6) with their timing on a chessclock (I.7) or an announced
//! limit (I.8), the chessclock requirement (II.11) and online games
//! (I.9.1–I.9.3, I.9.6, I.9.10).

mod bell;
mod objection;
mod online;
mod oversight;
mod rematch;
mod validity;

pub(super) use bell::adjudicate_bell;
use bell::on_material;
pub(super) use objection::{object, record_rematch};
pub(super) use online::{finish_online, reversal, start_online, void_online};
pub use oversight::{Oversight, OversightExtent};

use super::decide::{rec, text, Decider};
use super::elo::{self, clamped, GameResult};
use super::{Adjustment, Event, Ladder};
use crate::envelope::UserId;
use crate::ladder::Recorded;
use crate::refusal::Refusal;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "ClubLadderGameStatus")]
#[serde(rename_all = "kebab-case")]
pub enum GameStatus {
    /// An online game being played (I.9.1).
    InProgress,
    /// club II.10.4: awaiting a moderator's approval.
    Pending,
    /// Entered into the leaderboard.
    Rated,
    /// club II.10.4: not approved.
    Rejected,
    /// Reversed (II.5, I.9.10, or by the Court).
    Void,
}

/// club I.5: pieces of the opponent a player took.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(default)]
pub struct Material {
    pub pawns: u8,
    pub knights: u8,
    pub bishops: u8,
    pub rooks: u8,
    pub queens: u8,
}

impl Material {
    /// club I.5: pawns 1, bishops and knights 3, rooks 5, queen 9.
    pub fn points(&self) -> u32 {
        u32::from(self.pawns)
            + 3 * (u32::from(self.knights) + u32::from(self.bishops))
            + 5 * u32::from(self.rooks)
            + 9 * u32::from(self.queens)
    }

    /// A side has 8 pawns; promotions may add pieces, never more than 15 in all.
    fn plausible(&self) -> bool {
        self.pawns <= 8
            && u32::from(self.pawns)
                + u32::from(self.knights)
                + u32::from(self.bishops)
                + u32::from(self.rooks)
                + u32::from(self.queens)
                <= 15
    }
}

/// club I.5: how a moderator decided a game at the bell.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Bell {
    pub white_captured: Material,
    pub black_captured: Material,
    pub white_points: u32,
    pub black_points: u32,
}

/// club I.6: what became of a rematch.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "outcome", rename_all = "kebab-case")]
pub enum RematchOutcome {
    /// Played to a result (mate, resignation, agreement); final.
    Played { result: GameResult },
    /// club I.7.6: "If a player's timer reaches zero, then the game is
    /// immediately ended with their opponent winning." Only on a chessclock.
    FlagFall { flagged: UserId },
    /// club I.8.2: the announced limit expired; "the game shall be instantly
    /// ended as per Act 5", decided on captured material (I.5). Only with an
    /// announced limit (I.8).
    TimeExpired {
        /// Black's pieces White took.
        white_captured: Material,
        /// White's pieces Black took.
        black_captured: Material,
    },
    /// "If the petitioner fails to play the rematch, then the original game is final."
    PetitionerAbsent,
    /// "If the opposing player fails to play the rematch, then the game played is forfeit."
    OpponentAbsent,
}

impl RematchOutcome {
    /// Whether the rematch was played (a game, and presence, in its week).
    pub fn played(&self) -> bool {
        matches!(
            self,
            RematchOutcome::Played { .. }
                | RematchOutcome::FlagFall { .. }
                | RematchOutcome::TimeExpired { .. }
        )
    }
}

/// club I.8.1: what a Moderator or Justice was informed of for a game
/// time-limited without a chessclock, as the overseer records it.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(default)]
pub struct Informed {
    /// The time limit.
    pub limit: bool,
    /// When the game began.
    pub start: bool,
    /// Any pauses throughout the game (true also when there were none).
    pub pauses: bool,
    /// When the game should end.
    pub end: bool,
}

impl Informed {
    /// The I.8.1 items the overseer was not informed of.
    fn missing(&self) -> Vec<&'static str> {
        [
            (self.limit, "the time limit"),
            (self.start, "when the game began"),
            (self.pauses, "any pauses"),
            (self.end, "when the game should end"),
        ]
        .into_iter()
        .filter(|(told, _)| !told)
        .map(|(_, what)| what)
        .collect()
    }
}

/// club I.6–I.8: how a rematch was timed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Timing {
    /// No time limit (I.4). A rematch is untimed only when the overseeing
    /// moderator exempts it (I.6); also what a rematch not played records.
    #[default]
    Untimed,
    /// club I.7: timed on a chessclock ("preferred", I.6).
    Chessclock {
        /// Minutes on each player's timer.
        minutes_each: u32,
        /// club I.7.1: the overseer attests that a Moderator or Justice was
        /// present throughout the game.
        present_throughout: bool,
        /// club I.7.2: the players who approved and assented to the
        /// chessclock (a player required to use one, II.11, need not: II.11.1).
        #[serde(default)]
        assented: BTreeSet<UserId>,
    },
    /// club I.8: time-limited without a chessclock.
    Announced {
        /// The limit, in minutes for each player (I.6's "5 minutes each").
        minutes_each: u32,
        /// club I.8.1: what a Moderator or Justice was informed of.
        informed: Informed,
    },
}

impl Timing {
    pub fn is_untimed(&self) -> bool {
        matches!(self, Timing::Untimed)
    }

    fn minutes_each(&self) -> Option<u32> {
        match self {
            Timing::Untimed => None,
            Timing::Chessclock { minutes_each, .. } | Timing::Announced { minutes_each, .. } => {
                Some(*minutes_each)
            }
        }
    }
}

/// club I.6: a player's objection to a game's ending.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "ClubLadderObjection")]
pub struct Objection {
    pub petitioner: UserId,
    /// The following session, where the rematch is played.
    pub session: NaiveDate,
    pub outcome: Option<RematchOutcome>,
}

/// A game entered into (or awaiting) the leaderboard.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "ClubLadderGame")]
pub struct Game {
    pub white: UserId,
    pub black: UserId,
    pub result: GameResult,
    pub played_at: DateTime<Utc>,
    pub online: bool,
    pub session: Option<NaiveDate>,
    pub moderator: Option<UserId>,
    pub chessclock: bool,
    pub bell: Option<Bell>,
    /// club II.10.3: the moderator who oversaw it, if recorded.
    pub oversight: Option<Oversight>,
    pub registered_by: UserId,
    pub status: GameStatus,
    /// The game's current effect on each player's score.
    pub white_delta: i64,
    pub black_delta: i64,
    pub objection: Option<Objection>,
}

impl Game {
    pub fn involves(&self, u: &UserId) -> bool {
        &self.white == u || &self.black == u
    }
}

/// Puts a game's changes on the scores and counts it in its week (II.6.2).
pub(super) fn rate(state: &mut Ladder, id: u64, white_delta: i64, black_delta: i64) {
    let Some(g) = state.games.get(&id) else {
        return;
    };
    // IV.2: the game's date by the Terms in force when it was played.
    let week = state.settings.week_of(state.local_date_at(g.played_at));
    for (p, delta) in [
        (g.white.clone(), white_delta),
        (g.black.clone(), black_delta),
    ] {
        if let Some(mut m) = state.members.get_mut(&p) {
            m.score = (m.score + delta).max(elo::FLOOR);
            m.weeks.entry(week).or_default().games += 1;
        }
    }
}

/// club II.6.2: a game voided (or restored) stops (or starts again) counting
/// as a game played in its week, if that week is still on record.
pub(super) fn count_in_week(state: &mut Ladder, id: u64, counts: bool) {
    let Some(g) = state.games.get(&id) else {
        return;
    };
    // IV.2: the game's date by the Terms in force when it was played.
    let week = state.settings.week_of(state.local_date_at(g.played_at));
    for p in [g.white.clone(), g.black.clone()] {
        let Some(mut m) = state.members.get_mut(&p) else {
            continue;
        };
        if let Some(w) = m.weeks.get_mut(&week) {
            w.games = if counts {
                w.games + 1
            } else {
                w.games.saturating_sub(1)
            };
        }
    }
}

/// club I.6, J.9: a rematch played is a game, and presence, in its week.
pub(super) fn rematch_played(state: &mut Ladder, id: u64, at: DateTime<Utc>) {
    let Some(g) = state.games.get(&id) else {
        return;
    };
    let week = state.settings.week_of(state.local_date_at(at));
    for p in [g.white.clone(), g.black.clone()] {
        if let Some(mut m) = state.members.get_mut(&p) {
            let w = m.weeks.entry(week).or_default();
            w.games += 1;
            w.present = true;
        }
    }
}

fn invalid(clause: &'static str, why: String) -> Refusal {
    Refusal::rule(
        clause,
        format!("invalid games are not entered into the leaderboard (club J.11): {why}"),
    )
}

/// club J.7, J.8, J.12: the players may play at `played_at`.
fn check_players(
    d: &Decider,
    players: [&UserId; 2],
    played_at: DateTime<Utc>,
    session: Option<NaiveDate>,
) -> Result<(), Refusal> {
    for p in players {
        let Some(m) = d.state.members.get(p) else {
            return Err(invalid(
                "club J.12",
                format!("{p} is not a member; a non-member's game is valid only if they join in the same session"),
            ));
        };
        if m.banned_at(played_at) {
            return Err(invalid("club J.7", format!("{p} is banned")));
        }
        // club II.8.2: removal ends being counted in games, not an office.
        if m.removed {
            return Err(invalid(
                "club J.8",
                format!("{p} was removed from the leaderboard and has not rejoined"),
            ));
        }
        if m.joined_at > played_at && session != Some(d.state.local_date_at(m.joined_at)) {
            return Err(invalid(
                "club J.12",
                format!("{p} joined after the game and not in the same session"),
            ));
        }
    }
    Ok(())
}

/// The facts of a game played in the room.
pub(super) struct Played<'a> {
    pub white: &'a UserId,
    pub black: &'a UserId,
    pub played_at: DateTime<Utc>,
    pub room: &'a str,
    pub moderator: &'a UserId,
    pub chessclock: bool,
    /// club II.10.3: who oversaw it.
    pub oversight: Option<&'a Oversight>,
}

/// club II.4: members register their games; club J.5–J.12 decide validity;
/// club II.10.4: a monitored member's game waits for a moderator.
pub(super) fn register(
    d: &Decider,
    g: Played,
    result: GameResult,
    bell: Option<Bell>,
) -> Result<Vec<Recorded>, Refusal> {
    validity::check_registrar(d, &g)?;
    let session = validity::session(d, &g)?;
    check_players(d, [g.white, g.black], g.played_at, Some(session))?;
    if bell.is_none() {
        validity::check_chessclock(d, &g)?;
    }
    validity::check_not_registered(d, &g)?;
    oversight::check(d, &g)?;
    let monitored = [g.white, g.black]
        .iter()
        .any(|p| d.state.members.get(*p).is_some_and(|m| m.monitor.is_some()));
    let (white_delta, black_delta) = if monitored {
        (0, 0)
    } else {
        deltas(d.state, g.white, g.black, result, (false, g.played_at))
    };
    let clause = if bell.is_some() {
        "club I.5"
    } else if monitored {
        "club II.10.4"
    } else {
        "club II.4"
    };
    Ok(vec![rec(
        Event::GameRegistered {
            game: d.state.fresh_id(),
            white: g.white.clone(),
            black: g.black.clone(),
            result,
            played_at: g.played_at,
            session: Some(session),
            moderator: Some(g.moderator.clone()),
            chessclock: g.chessclock,
            bell,
            oversight: g.oversight.cloned(),
            registered_by: d.actor.clone(),
            pending: monitored,
            white_delta,
            black_delta,
        },
        clause,
    )])
}

fn score(state: &Ladder, u: &UserId) -> i64 {
    state.members.get(u).map_or(elo::FLOOR, |m| m.score)
}

/// club II.3, I.9.3: the changes a result makes now, on the scores now, with
/// the K in force when the game was played (IV.2).
fn deltas(
    state: &Ladder,
    white: &UserId,
    black: &UserId,
    result: GameResult,
    (online, played_at): (bool, DateTime<Utc>),
) -> (i64, i64) {
    elo::changes(
        score(state, white),
        score(state, black),
        result,
        state.settings_at(played_at).elo_k,
        online,
    )
}

fn game<'a>(d: &'a Decider, id: u64) -> Result<&'a super::Game, Refusal> {
    d.state
        .games
        .get(&id)
        .ok_or_else(|| Refusal::not_found(format!("no game {id}")))
}

/// club III.3.5: "Moderators shall not act in games they took part of".
fn not_a_player(d: &Decider, g: &super::Game) -> Result<(), Refusal> {
    if g.involves(d.actor) {
        return Err(Refusal::rule(
            "club III.3.5",
            "a moderator may not act in a game they took part in",
        ));
    }
    Ok(())
}

/// club II.10.4: "any game added involving the Member must be approved as
/// valid by the previous, or any, Moderator".
pub(super) fn approve(d: &Decider, id: u64) -> Result<Vec<Recorded>, Refusal> {
    d.require_moderator("club II.10.4", "approve a monitored member's game")?;
    let g = game(d, id)?;
    not_a_player(d, g)?;
    if g.status != GameStatus::Pending {
        return Err(Refusal::conflict(format!(
            "game {id} is not awaiting approval"
        )));
    }
    let (white_delta, black_delta) = deltas(
        d.state,
        &g.white,
        &g.black,
        g.result,
        (g.online, g.played_at),
    );
    Ok(vec![rec(
        Event::GameApproved {
            game: id,
            by: d.actor.clone(),
            white_delta,
            black_delta,
        },
        "club II.10.4",
    )])
}

/// club II.10.4: a moderator does not approve a monitored member's game.
pub(super) fn reject(d: &Decider, id: u64, reason: &str) -> Result<Vec<Recorded>, Refusal> {
    d.require_moderator("club II.10.4", "reject a monitored member's game")?;
    let reason = text(reason, "club III.2.2", "a reason")?;
    let g = game(d, id)?;
    not_a_player(d, g)?;
    if g.status != GameStatus::Pending {
        return Err(Refusal::conflict(format!(
            "game {id} is not awaiting approval"
        )));
    }
    Ok(vec![rec(
        Event::GameRejected {
            game: id,
            by: d.actor.clone(),
            reason,
        },
        "club II.10.4",
    )])
}
