//! Uses of moderator power and their limits: score changes (club II.3), the
//! fraud ladder (II.5), bans (II.9), monitors (II.10), the chessclock
//! requirement (II.11), the members' rights (III.2.2), public declarations
//! within seven days (III.2.4) and voiding when none is made (III.2.4.2).

use super::decide::{rec, text, Decider};
use super::elo::{clamped, GameResult, FLOOR};
use super::settings::{first_friday_on_or_after, SESSION_DAY};
use super::{game, Amendment, BanChange, Event, Ladder};
use crate::envelope::UserId;
use crate::ladder::Recorded;
use crate::refusal::Refusal;
use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveTime, Utc};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// club II.5: the steps of the fraud ladder.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum FraudStep {
    /// First violation: "the action must be reversed".
    Reverse,
    /// Second: "points are to be reduced by half".
    Halve,
    /// Third: "reset to 100".
    Reset,
    /// Fourth: "an immediate four week ban".
    FourWeekBan,
    /// Fifth: "a permanent ban".
    PermanentBan,
}

impl FraudStep {
    /// club II.5: the step for the `n`th violation (1-based).
    pub fn for_violation(n: u32) -> Self {
        match n {
            0 | 1 => FraudStep::Reverse,
            2 => FraudStep::Halve,
            3 => FraudStep::Reset,
            4 => FraudStep::FourWeekBan,
            _ => FraudStep::PermanentBan,
        }
    }
}

/// Which moderator power was used.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "ClubLadderPower")]
#[serde(tag = "power", rename_all = "kebab-case")]
pub enum Power {
    ScoreChange {
        delta: i64,
    },
    /// club III.2: a game voided (`result: None`) or corrected, no penalty.
    Correction {
        game: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        result: Option<GameResult>,
        previous: GameResult,
    },
    Fraud {
        step: FraudStep,
        discretion: bool,
    },
    Ban,
    Monitor,
    /// club I.2.1: a penalty for conduct, or a combination of penalties
    /// (deduction, game forfeited, ban) given as one; `previous` is the
    /// forfeited game's result before.
    Conduct {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        previous: Option<GameResult>,
    },
    /// club III.6: the teacher's ban, not moderator power: never declared,
    /// never heard by the Court.
    TeacherBan,
}

/// Whether a use of power still stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "ClubLadderPowerStatus")]
#[serde(rename_all = "kebab-case")]
pub enum PowerStatus {
    Standing,
    /// Changed by the Court or on remand (III.3.8).
    Amended,
    /// club III.2.4.2 (no declaration) or annulled by the Court.
    Void,
}

/// club III.2.4.1: where a declaration was made public.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum DeclarationChannel {
    /// a) an email to all moderators, justices, the Chief Justice and the accused.
    EmailToAll,
    /// b) Discord, in #discussion.
    DiscordDiscussion,
}

/// club III.2.4: a public declaration of a use of power.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "ClubLadderDeclaration")]
pub struct Declaration {
    pub at: DateTime<Utc>,
    pub statement: String,
    pub channel: DeclarationChannel,
}

/// One exercise of moderator power against a member (III.2.4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PowerUse {
    pub power: Power,
    pub by: UserId,
    pub member: UserId,
    pub reason: String,
    pub offence: Option<String>,
    pub at: DateTime<Utc>,
    pub declared: Option<Declaration>,
    pub status: PowerStatus,
    /// Its current effect on scores.
    pub net: BTreeMap<UserId, i64>,
    pub ban: bool,
    pub monitor: bool,
    pub game: Option<u64>,
}

impl PowerUse {
    pub fn new(
        power: Power,
        by: &UserId,
        member: &UserId,
        reason: &str,
        offence: Option<String>,
        at: DateTime<Utc>,
        net: BTreeMap<UserId, i64>,
    ) -> Self {
        Self {
            power,
            by: by.clone(),
            member: member.clone(),
            reason: reason.to_owned(),
            offence,
            at,
            declared: None,
            status: PowerStatus::Standing,
            net,
            ban: false,
            monitor: false,
            game: None,
        }
    }

    /// club III.2.4.2: what voiding applies to: a penalty (a deduction, a
    /// fraud penalty, a ban, a monitor).
    pub fn is_penalty(&self) -> bool {
        match self.power {
            Power::ScoreChange { delta } => delta < 0,
            // An honest mistake put right penalises nobody (no offence).
            Power::Correction { .. } => false,
            _ => true,
        }
    }

    /// club III.2.4: the instant the declaration is due.
    pub fn declaration_due(&self) -> DateTime<Utc> {
        declaration_due(self.at)
    }

    /// club III.2.4: "an individual exercising Moderator powers" declares;
    /// the teacher's ban is the school's power (club III.6), not theirs.
    pub fn needs_declaration(&self) -> bool {
        !matches!(self.power, Power::TeacherBan)
    }

    /// Undeclared and not yet void: voided when the deadline passes.
    pub fn awaiting_declaration(&self) -> bool {
        self.declared.is_none()
            && self.status != PowerStatus::Void
            && self.is_penalty()
            && self.needs_declaration()
    }
}

/// The amendment that undoes a use of power entirely.
pub(super) fn annulment(state: &Ladder, id: u64, p: &PowerUse) -> Amendment {
    let adjustments = p
        .net
        .iter()
        .filter(|(_, d)| **d != 0)
        .map(|(u, d)| super::Adjustment {
            member: u.clone(),
            delta: clamped(state.members.get(u).map_or(FLOOR, |m| m.score), -d),
        })
        .collect();
    let holds = |u: &UserId, ban: bool| {
        state.members.get(u).is_some_and(|m| {
            if ban {
                m.ban.as_ref().is_some_and(|b| b.power_use == id)
            } else {
                m.monitor.as_ref().is_some_and(|o| o.power_use == id)
            }
        })
    };
    Amendment {
        power_use: Some(id),
        void: true,
        adjustments,
        ban: (p.ban && holds(&p.member, true)).then(|| BanChange {
            member: p.member.clone(),
            expires: None,
            lifted: true,
        }),
        lift_monitor: (p.monitor && holds(&p.member, false)).then(|| p.member.clone()),
        restore_game: p.game,
        restore_result: match p.power {
            Power::Correction {
                result: Some(_),
                previous,
                ..
            } => Some(previous),
            // club I.2.1: an annulled forfeiture gives the game back its result.
            Power::Conduct { previous } => previous,
            _ => None,
        },
        ..Amendment::default()
    }
}

/// The target of a use of power: a current member, not the moderator
/// themself (club III.3.5, III.2.2 "free of unreasonable bias").
pub(super) fn target<'a>(d: &'a Decider, member: &UserId) -> Result<&'a super::Member, Refusal> {
    if member == d.actor {
        return Err(Refusal::rule(
            "club III.3.5",
            "a moderator may not act in their own case",
        ));
    }
    d.state
        .members
        .get(member)
        .ok_or_else(|| Refusal::not_found(format!("{member} is not a member")))
}

/// club III.2.2: "no penalty shall twice be issued for the same offence".
pub(super) fn not_twice(m: &super::Member, member: &UserId, offence: &str) -> Result<(), Refusal> {
    if m.offences.contains(offence) {
        return Err(Refusal::rule(
            "club III.2.2",
            format!("{member} was already penalised for {offence:?}: no double jeopardy"),
        ));
    }
    Ok(())
}

/// club II.3: a moderator changes a score, subject to the Court.
pub(super) fn change_score(
    d: &Decider,
    member: &UserId,
    delta: i64,
    reason: &str,
    offence: Option<&str>,
) -> Result<Vec<Recorded>, Refusal> {
    d.require_moderator("club II.3", "change a score")?;
    let reason = text(reason, "club III.2.2", "a reason (due process)")?;
    let m = target(d, member)?;
    if m.removed {
        return Err(Refusal::not_found(format!(
            "{member} is not on the leaderboard"
        )));
    }
    if delta == 0 || delta.unsigned_abs() > 10_000 {
        return Err(Refusal::invalid(
            "a score change is a non-zero number of points",
        ));
    }
    let offence = offence
        .map(|o| text(o, "club III.2.2", "the offence"))
        .transpose()?;
    match &offence {
        Some(o) => not_twice(m, member, o)?,
        // A deduction is a penalty: it names its offence, so that no second
        // penalty is issued for it (III.2.2).
        None if delta < 0 => {
            return Err(Refusal::rule(
                "club III.2.2",
                "a deduction names the offence it penalises",
            ))
        }
        None => {}
    }
    Ok(vec![rec(
        Event::ScoreChanged {
            power_use: d.state.fresh_id(),
            member: member.clone(),
            by: d.actor.clone(),
            delta: clamped(m.score, delta),
            reason,
            offence,
        },
        "club II.3",
    )])
}

/// club II.5 step 4: the first Friday at least four weeks away; the ban ends
/// at its 00:00, so four sessions are missed.
pub fn four_weeks_from(state: &Ladder, now: DateTime<Utc>) -> NaiveDate {
    let s = &state.settings;
    let earliest = now + Duration::weeks(4);
    let mut date = first_friday_on_or_after(s.local_date(earliest));
    if s.instant(date, NaiveTime::MIN) < earliest {
        date = date + chrono::Days::new(7);
    }
    date
}

/// club II.5: the fraud ladder. A named game is voided at every step (a
/// fraudulent game is not entered, J.11, II.4.1); then the step applies. The
/// moderator may choose another step (discretion), with the reason recorded.
pub(super) fn penalize_fraud(
    d: &Decider,
    member: &UserId,
    offence: &str,
    reason: &str,
    game_id: Option<u64>,
    step: Option<FraudStep>,
) -> Result<Vec<Recorded>, Refusal> {
    d.require_moderator("club II.5", "penalise fraud")?;
    let reason = text(reason, "club III.2.2", "a reason (due process)")?;
    let offence = text(offence, "club III.2.2", "the offence")?;
    let m = target(d, member)?;
    not_twice(m, member, &offence)?;
    let ladder_step = FraudStep::for_violation(m.fraud_violations + 1);
    let step = step.unwrap_or(ladder_step);
    let mut reversal = vec![];
    if let Some(id) = game_id {
        let g = d
            .state
            .games
            .get(&id)
            .ok_or_else(|| Refusal::not_found(format!("no game {id}")))?;
        if !g.involves(member) {
            return Err(Refusal::invalid(format!("{member} did not play game {id}")));
        }
        if g.involves(d.actor) {
            return Err(Refusal::rule(
                "club III.3.5",
                "a moderator may not act in a game they took part in",
            ));
        }
        reversal = game::reversal(d.state, g);
    } else if step == FraudStep::Reverse {
        return Err(Refusal::rule(
            "club II.5",
            "a first violation is reversed: name the game whose points are returned",
        ));
    }
    let after_reversal = m.score
        + reversal
            .iter()
            .filter(|a| &a.member == member)
            .map(|a| a.delta)
            .sum::<i64>();
    let target_score = match step {
        FraudStep::Halve => (after_reversal + 1) / 2,
        FraudStep::Reset => FLOOR,
        _ => after_reversal,
    };
    let (ban_expires, banned) = match step {
        FraudStep::FourWeekBan => (Some(four_weeks_from(d.state, d.now)), true),
        FraudStep::PermanentBan => (None, true),
        _ => (None, false),
    };
    Ok(vec![rec(
        Event::FraudPenalized {
            power_use: d.state.fresh_id(),
            member: member.clone(),
            by: d.actor.clone(),
            offence,
            reason,
            step,
            discretion: step != ladder_step,
            game: game_id,
            reversal,
            delta: clamped(after_reversal, target_score - after_reversal),
            ban_expires,
            banned,
        },
        "club II.5",
    )])
}

/// club II.9: an independent moderator bans a member, with a reason
/// (II.9.1) and an expiry on a Friday (II.9.2); a standing ban is changed
/// only by the Court (II.9.4).
pub(super) fn ban(
    d: &Decider,
    member: &UserId,
    reason: &str,
    expires: NaiveDate,
    offence: &str,
) -> Result<Vec<Recorded>, Refusal> {
    d.require_moderator("club II.9", "ban a member")?;
    let reason = text(reason, "club II.9.1", "a valid reason")?;
    let offence = text(offence, "club III.2.2", "the offence")?;
    let m = target(d, member)?;
    check_new_ban(d, m, member, expires)?;
    not_twice(m, member, &offence)?;
    Ok(vec![rec(
        Event::Banned {
            power_use: d.state.fresh_id(),
            member: member.clone(),
            by: d.actor.clone(),
            reason,
            expires,
            offence,
        },
        "club II.9",
    )])
}

/// club II.9.2: a new ban expires on a future Friday; II.9.4: a member
/// already banned is not banned again (that would lengthen the ban).
pub(super) fn check_new_ban(
    d: &Decider,
    m: &super::Member,
    member: &UserId,
    expires: NaiveDate,
) -> Result<(), Refusal> {
    if expires.weekday() != SESSION_DAY {
        return Err(Refusal::rule(
            "club II.9.2",
            format!(
                "a ban expires on a Friday; {expires} is a {}",
                expires.weekday()
            ),
        ));
    }
    if d.settings().ban_ends(expires) <= d.now {
        return Err(Refusal::rule(
            "club II.9.2",
            "a ban's expiry is in the future",
        ));
    }
    if m.banned_at(d.now) {
        return Err(Refusal::rule(
            "club II.9.4",
            format!("{member} is already banned: only the Court may lengthen a ban"),
        ));
    }
    Ok(())
}

/// club II.10.1: a monitor needs reasonable suspicion, stated.
pub(super) fn monitor(
    d: &Decider,
    member: &UserId,
    suspicion: &str,
) -> Result<Vec<Recorded>, Refusal> {
    d.require_moderator("club II.10", "monitor a member")?;
    let suspicion = text(suspicion, "club II.10.1", "the reasonable suspicion")?;
    let m = target(d, member)?;
    if m.removed {
        return Err(Refusal::not_found(format!(
            "{member} is not on the leaderboard"
        )));
    }
    if m.monitor.is_some() {
        return Err(Refusal::conflict(format!("{member} is already monitored")));
    }
    Ok(vec![rec(
        Event::Monitored {
            power_use: d.state.fresh_id(),
            member: member.clone(),
            by: d.actor.clone(),
            suspicion,
        },
        "club II.10.1",
    )])
}

/// club II.10.2: any moderator lifts a monitor when suspicion has gone.
pub(super) fn lift_monitor(
    d: &Decider,
    member: &UserId,
    reason: &str,
) -> Result<Vec<Recorded>, Refusal> {
    d.require_moderator("club II.10.2", "lift a monitor")?;
    let reason = text(reason, "club II.10.2", "why suspicion no longer holds")?;
    let Some(order) = d.state.members.get(member).and_then(|m| m.monitor.as_ref()) else {
        return Err(Refusal::not_found(format!("{member} is not monitored")));
    };
    Ok(vec![rec(
        Event::MonitorLifted {
            member: member.clone(),
            power_use: order.power_use,
            by: d.actor.clone(),
            reason,
        },
        "club II.10.2",
    )])
}

/// club II.11: the Chief Justice alone requires (or releases) a chessclock.
pub(super) fn require_chessclock(
    d: &Decider,
    member: &UserId,
    required: bool,
) -> Result<Vec<Recorded>, Refusal> {
    d.require_chief("club II.11.3", "require a chessclock")?;
    let m = d
        .state
        .members
        .get(member)
        .ok_or_else(|| Refusal::not_found(format!("{member} is not a member")))?;
    if m.chessclock == required {
        return Err(Refusal::conflict("no change"));
    }
    Ok(vec![rec(
        Event::ChessclockRequirement {
            member: member.clone(),
            required,
        },
        "club II.11",
    )])
}

/// club III.2.4: the moderator declares what was done, to whom and why,
/// within seven days.
pub(super) fn declare(
    d: &Decider,
    id: u64,
    statement: &str,
    channel: DeclarationChannel,
) -> Result<Vec<Recorded>, Refusal> {
    let p = d
        .state
        .powers
        .get(&id)
        .ok_or_else(|| Refusal::not_found(format!("no use of power {id}")))?;
    if &p.by != d.actor {
        return Err(Refusal::forbidden(
            "club III.2.4",
            "the moderator who acted declares it",
        ));
    }
    if p.declared.is_some() {
        return Err(Refusal::conflict("already declared"));
    }
    if d.now >= p.declaration_due() {
        return Err(Refusal::rule(
            "club III.2.4",
            "the seven days to declare have passed; the penalty is void (III.2.4.2)",
        ));
    }
    let statement = text(
        statement,
        "club III.2.4",
        "what was done, against whom, and why",
    )?;
    Ok(vec![rec(
        Event::Declared {
            power_use: id,
            by: d.actor.clone(),
            statement,
            channel,
        },
        "club III.2.4.1",
    )])
}

/// club III.2.4.2: penalties undeclared by `now` are void.
pub(super) fn voids_due(state: &Ladder, now: DateTime<Utc>) -> Vec<(DateTime<Utc>, u64)> {
    state
        .undeclared
        .iter()
        .filter_map(|id| state.powers.get(id).map(|p| (id, p)))
        .filter(|(_, p)| p.awaiting_declaration() && p.declaration_due() <= now)
        .map(|(id, p)| (p.declaration_due(), *id))
        .collect()
}

/// club III.2.4: seven days to declare.
pub const DECLARATION_DAYS: i64 = 7;

/// The deadline for declaring a use of power made at `at`.
pub fn declaration_due(at: DateTime<Utc>) -> DateTime<Utc> {
    at + Duration::days(DECLARATION_DAYS)
}
