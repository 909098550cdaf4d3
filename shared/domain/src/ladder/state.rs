//! The club ladder's state, and how each of its events folds into it.
//! Total: an event that was decided is applied whatever the state, and
//! every number comes from the event (rating changes, deductions,
//! adjustments), never recomputed.

use super::decay;
use super::elo::{GameResult, FLOOR};
use super::game::{self, GameStatus};
use super::member::Ban;
use super::modification::ResidualAct;
use super::sanction::PowerStatus;
use super::terms::{Superseded, TermsChange};
use super::{
    Amendment, AntiCheatReport, Appeal, Event, Game, Member, Modification, PowerUse, Settings,
};
use crate::envelope::UserId;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

mod anticheat;
mod court;
mod game_table;
mod games;
mod member_table;

pub use game_table::Games;
pub use member_table::Members;
mod members;
mod modifications;
mod sanctions;

/// The rules state of one club ladder.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ladder {
    /// The club's settings now (J.5, J.9, II.3, II.6).
    pub settings: Settings,
    /// When the ladder first acted: its first week is the one containing this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opened: Option<DateTime<Utc>>,
    /// Everyone who ever joined, removed ones included (II.7: they re-enter
    /// as new), with the leaderboard's order kept beside them.
    #[serde(default)]
    pub members: Members,
    /// Games entered into the leaderboard, by id, each member's kept apart.
    #[serde(default, with = "game_table")]
    pub games: Games,
    /// club I.9.1: the one online game in progress.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub online_in_progress: Option<u64>,
    /// Uses of moderator power that need a declaration (III.2.4).
    #[serde(default, with = "crate::string_keys")]
    pub powers: BTreeMap<u64, PowerUse>,
    /// The Court's cases (III.3).
    #[serde(default, with = "crate::string_keys")]
    pub appeals: BTreeMap<u64, Appeal>,
    /// The Chief Justice's technical modifications (III.5).
    #[serde(default, with = "crate::string_keys")]
    pub modifications: BTreeMap<u64, Modification>,
    /// The Chief Justice's changes of the Terms (IV.1), by id.
    #[serde(default, with = "crate::string_keys")]
    pub terms_changes: BTreeMap<u64, TermsChange>,
    /// club IV.2: the settings no longer in force, oldest first, each with
    /// the instant it ceased to apply (see [`Ladder::settings_at`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub superseded: Vec<Superseded>,
    /// The Chief Justice's acts of residual authority (III.4).
    #[serde(default, with = "crate::string_keys")]
    pub residual_acts: BTreeMap<u64, ResidualAct>,
    /// Online-chess anti-cheat information (I.9.4–I.9.9): private.
    #[serde(default, with = "crate::string_keys")]
    pub reports: BTreeMap<u64, AntiCheatReport>,
    /// club II.6: the last week (by its Friday) whose decay was applied.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub closed_through: Option<NaiveDate>,
    /// club II.6: the last member whose part of the next week is closed,
    /// while a large week closes over several ticks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub closing: Option<UserId>,
    /// The next id for games, power uses, appeals, modifications, changes of
    /// the Terms and reports.
    #[serde(default)]
    pub next_id: u64,
    /// Members who were ever banned or asked to be removed (club II.8,
    /// II.9): the only ones whose deadlines [`super::due`] looks at, so
    /// finding the next deadline does not read every member of a large
    /// club. Kept by the fold wherever a ban or a removal request is set.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub watched: BTreeSet<UserId>,
    /// The uses of power still awaiting their declaration (club III.2.4,
    /// III.2.4.2), kept by the fold, so that finding the next void does
    /// not read every use of power the ladder ever recorded.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub undeclared: BTreeSet<u64>,
    /// The appeals decided whose written opinion is still awaited (club
    /// III.3.10), kept by the fold, so that finding the next overdue opinion
    /// does not read every appeal ever filed.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub opinions_awaited: BTreeSet<u64>,
}

impl Ladder {
    /// Notes that `user` now has a ban or a removal request (see
    /// [`Ladder::watched`]).
    pub(crate) fn watch(&mut self, user: &UserId) {
        if !self.watched.contains(user) {
            self.watched.insert(user.clone());
        }
    }

    /// A fresh id; ids are shared by every numbered thing of the ladder.
    pub fn fresh_id(&self) -> u64 {
        self.next_id.max(1)
    }

    /// The member `user` if they are on the leaderboard now (not removed).
    pub fn current_member(&self, user: &UserId) -> Option<&Member> {
        self.members.get(user).filter(|m| !m.removed)
    }

    fn saw_id(&mut self, id: u64) {
        self.next_id = self.next_id.max(id + 1);
    }

    /// Brings [`Ladder::undeclared`] and [`Ladder::opinions_awaited`] up to
    /// date after an event: the uses of power recorded from id `from` on
    /// (ids only grow) join the first, `power` and `appeal` are looked at
    /// again, and whatever is no longer awaited leaves. The cost is that of
    /// the deadlines still open, not of the ladder's history.
    fn keep_deadlines(&mut self, from: u64, power: Option<u64>, appeal: Option<u64>) {
        let fresh: Vec<u64> = self.powers.range(from..).map(|(id, _)| *id).collect();
        self.undeclared.extend(fresh.into_iter().chain(power));
        self.opinions_awaited.extend(appeal);
        let powers = &self.powers;
        self.undeclared
            .retain(|id| powers.get(id).is_some_and(PowerUse::awaiting_declaration));
        let appeals = &self.appeals;
        self.opinions_awaited.retain(|id| {
            appeals
                .get(id)
                .is_some_and(|a| a.judgement.is_some() && a.opinion.is_none() && !a.opinion_overdue)
        });
    }
}

/// The use of power and the appeal an event may have moved in or out of
/// the deadlines kept by [`Ladder::keep_deadlines`]: an amendment can give
/// a voided penalty back its force, a judgement asks for an opinion.
fn deadline_ids(event: &Event) -> (Option<u64>, Option<u64>) {
    let amended = |a: &Amendment| a.power_use;
    match event {
        Event::PenaltyVoided { amendment, .. } => (amended(amendment), None),
        Event::AppealDecided {
            appeal, amendment, ..
        } => (amendment.as_ref().and_then(amended), Some(*appeal)),
        Event::Reevaluated {
            appeal, amendment, ..
        } => (amendment.as_ref().and_then(amended), Some(*appeal)),
        _ => (None, None),
    }
}

fn add_score(state: &mut Ladder, member: &UserId, delta: i64) {
    if let Some(mut m) = state.members.get_mut(member) {
        m.score = (m.score + delta).max(FLOOR);
    }
}

/// Applies an amendment (club III.2.4.2, III.3.8, II.6.3, III.5).
pub(super) fn amend(state: &mut Ladder, a: &Amendment) {
    for adj in &a.adjustments {
        add_score(state, &adj.member, adj.delta);
        if let Some(p) = a.power_use.and_then(|id| state.powers.get_mut(&id)) {
            *p.net.entry(adj.member.clone()).or_default() += adj.delta;
        }
    }
    if let Some(p) = a.power_use.and_then(|id| state.powers.get_mut(&id)) {
        p.status = if a.void {
            PowerStatus::Void
        } else {
            PowerStatus::Amended
        };
    }
    let zone_settings = state.settings.clone();
    if let Some(change) = &a.ban {
        if let Some(mut m) = state.members.get_mut(&change.member) {
            if change.lifted {
                m.ban = None;
            } else if let Some(ban) = m.ban.as_mut() {
                ban.expires = change.expires;
                ban.ends_at = change.expires.map(|d| zone_settings.ban_ends(d));
            } else if let Some(id) = a.power_use {
                m.ban = Some(Ban {
                    power_use: id,
                    reason: "reimposed by the Court".into(),
                    expires: change.expires,
                    ends_at: change.expires.map(|d| zone_settings.ban_ends(d)),
                });
            }
        }
        state.watch(&change.member);
    }
    if let Some(member) = &a.lift_monitor {
        if let Some(mut m) = state.members.get_mut(member) {
            m.monitor = None;
        }
    }
    if let Some(id) = a.void_game {
        set_rated(state, id, false);
    }
    if let Some(id) = a.restore_game {
        set_rated(state, id, true);
        if let Some(result) = a.restore_result {
            // club III.2: an annulled correction gives the game back its
            // result; the adjustments undo the correction's changes.
            if let Some(g) = state.games.get_mut(&id) {
                g.result = result;
                shift_deltas(g, &a.adjustments);
            }
        }
    }
    if let Some(member) = &a.reinstate {
        // club II.12.2: the removal is undone; the member is counted in
        // games again, with the score kept since the removal.
        if let Some(mut m) = state.members.get_mut(member) {
            m.removed = false;
            m.removal = None;
        }
    }
    if let Some(week) = a.restore_decay {
        for adj in &a.adjustments {
            if let Some(mut m) = state.members.get_mut(&adj.member) {
                m.deductions.remove(&week);
            }
        }
    }
    if let Some(id) = a.modification {
        state.take_out_modification(id);
    }
    if let Some(s) = &a.settings {
        state.settings = s.clone();
    }
}

/// Adds each adjustment of a game's players to the game's current effect.
fn shift_deltas(g: &mut Game, adjustments: &[super::Adjustment]) {
    for adj in adjustments {
        if adj.member == g.white {
            g.white_delta += adj.delta;
        } else if adj.member == g.black {
            g.black_delta += adj.delta;
        }
    }
}

/// Moves a game between rated and void, keeping the week's game counts
/// (club II.6.2) in step with the change.
fn set_rated(state: &mut Ladder, id: u64, rated: bool) {
    let (from, to) = if rated {
        (GameStatus::Void, GameStatus::Rated)
    } else {
        (GameStatus::Rated, GameStatus::Void)
    };
    if state.games.get(&id).is_some_and(|g| g.status == from) {
        game::count_in_week(state, id, rated);
    }
    if let Some(g) = state.games.get_mut(&id) {
        g.status = to;
    }
}

/// Folds an event into the state; total, never refuses. Each event goes to
/// its topic's fold, every variant named, so that a new event cannot fall
/// through unfolded.
pub(super) fn apply(state: &mut Ladder, event: &Event, at: DateTime<Utc>) {
    if state.opened.is_none() {
        state.opened = Some(at);
    }
    let from = state.next_id;
    fold(state, event, at);
    let (power, appeal) = deadline_ids(event);
    state.keep_deadlines(from, power, appeal);
}

fn fold(state: &mut Ladder, event: &Event, at: DateTime<Utc>) {
    match event {
        Event::SettingsConfigured { .. }
        | Event::TechnicallyModified { .. }
        | Event::TermsChanged { .. }
        | Event::ResidualAuthorityExercised { .. } => modifications::apply(state, event, at),
        Event::MemberJoined { .. }
        | Event::AttendanceRecorded { .. }
        | Event::RemovalRequested { .. }
        | Event::MemberRemoved { .. } => members::apply(state, event, at),
        Event::GameRegistered { .. } | Event::GameApproved { .. } | Event::GameRejected { .. } => {
            games::register(state, event)
        }
        Event::EndingObjected { .. } | Event::RematchRecorded { .. } => {
            games::rematch(state, event, at)
        }
        Event::OnlineGameStarted { .. } | Event::OnlineGameFinished { .. } => {
            games::online(state, event, at)
        }
        Event::GameVoided { .. } => games::void_online(state, event),
        Event::WeekClosed {
            week,
            deductions,
            through,
        } => decay::apply_week(state, *week, deductions, through.as_ref()),
        Event::ScoreChanged { .. } => sanctions::score_change(state, event, at),
        Event::GameCorrected { .. } => correct_game(state, event, at),
        Event::FraudPenalized { .. } => sanctions::fraud(state, event, at),
        Event::ConductPenalized { .. } => penalize_conduct(state, event, at),
        Event::Banned { .. }
        | Event::BanExpired { .. }
        | Event::TeacherBanned { .. }
        | Event::TeacherBanLifted { .. } => sanctions::ban(state, event, at),
        Event::Monitored { .. }
        | Event::MonitorLifted { .. }
        | Event::ChessclockRequirement { .. } => sanctions::monitor(state, event, at),
        Event::Declared { .. } | Event::PenaltyVoided { .. } => {
            sanctions::declaration(state, event, at)
        }
        Event::AppealFiled { .. }
        | Event::HearingSupported { .. }
        | Event::HearingGranted { .. }
        | Event::PanelEmpanelled { .. } => court::hearing(state, event, at),
        Event::VoteCast { .. }
        | Event::AppealDecided { .. }
        | Event::Reevaluated { .. }
        | Event::OpinionPublished { .. }
        | Event::OpinionOverdue { .. } => court::decision(state, event, at),
        Event::AntiCheatReportFiled { .. }
        | Event::AntiCheatReleased { .. }
        | Event::RawOrderVoted { .. } => anticheat::apply(state, event),
    }
}

/// club III.2, J.11: a game voided or corrected by a moderator, with no
/// penalty; a use of power to declare (III.2.4), whose net effect on each
/// player is kept so that the Court can annul it.
fn correct_game(state: &mut Ladder, event: &Event, at: DateTime<Utc>) {
    let Event::GameCorrected {
        power_use,
        game,
        by,
        reason,
        result,
        previous,
        adjustments,
    } = event
    else {
        unreachable!("state::apply sends game corrections only")
    };
    state.saw_id(*power_use);
    let mut net: BTreeMap<UserId, i64> = BTreeMap::new();
    for adj in adjustments {
        add_score(state, &adj.member, adj.delta);
        *net.entry(adj.member.clone()).or_default() += adj.delta;
    }
    match result {
        None => set_rated(state, *game, false),
        Some(r) => {
            if let Some(g) = state.games.get_mut(game) {
                g.result = *r;
                shift_deltas(g, adjustments);
            }
        }
    }
    let member = state.games.get(game).map(|g| g.white.clone());
    let mut p = super::PowerUse::new(
        super::Power::Correction {
            game: *game,
            result: *result,
            previous: *previous,
        },
        by,
        member.as_ref().unwrap_or(by),
        reason,
        None,
        at,
        net,
    );
    p.game = Some(*game);
    state.powers.insert(*power_use, p);
}

/// club I.2.1: a penalty for conduct, or a combination given as one use of
/// power: the forfeited game given to the opponent, the deduction, the ban.
fn penalize_conduct(state: &mut Ladder, event: &Event, at: DateTime<Utc>) {
    let Event::ConductPenalized {
        power_use,
        member,
        by,
        offence,
        reason,
        forfeit,
        previous,
        adjustments,
        delta,
        ban_expires,
    } = event
    else {
        unreachable!("state::apply sends conduct penalties only")
    };
    state.saw_id(*power_use);
    let mut net: BTreeMap<UserId, i64> = BTreeMap::new();
    for adj in adjustments {
        add_score(state, &adj.member, adj.delta);
        *net.entry(adj.member.clone()).or_default() += adj.delta;
    }
    if let Some(g) = forfeit.and_then(|id| state.games.get_mut(&id)) {
        g.result = if &g.white == member {
            GameResult::BlackWins
        } else {
            GameResult::WhiteWins
        };
        shift_deltas(g, adjustments);
    }
    add_score(state, member, *delta);
    *net.entry(member.clone()).or_default() += delta;
    let ends_at = ban_expires.map(|d| state.settings.ban_ends(d));
    if let Some(mut m) = state.members.get_mut(member) {
        m.offences.insert(offence.clone());
        if ban_expires.is_some() {
            m.ban = Some(Ban {
                power_use: *power_use,
                reason: reason.clone(),
                expires: *ban_expires,
                ends_at,
            });
        }
    }
    if ban_expires.is_some() {
        state.watch(member);
    }
    let mut p = super::PowerUse::new(
        super::Power::Conduct {
            previous: *previous,
        },
        by,
        member,
        reason,
        Some(offence.clone()),
        at,
        net,
    );
    p.ban = ban_expires.is_some();
    p.game = *forfeit;
    state.powers.insert(*power_use, p);
}
