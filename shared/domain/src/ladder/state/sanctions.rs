//! The fold of uses of moderator power: score changes (club II.3), the
//! fraud ladder (II.5), bans (II.9), monitors (II.10), the chessclock
//! requirement (II.11), public declarations (III.2.4) and voiding when none
//! is made (III.2.4.2).

use super::{add_score, amend};
use crate::envelope::UserId;
use crate::ladder::game::{self, GameStatus};
use crate::ladder::member::{Ban, MonitorOrder};
use crate::ladder::sanction::{Declaration, Power, PowerUse};
use crate::ladder::{Event, Ladder};
use chrono::{DateTime, Utc};
use std::collections::BTreeMap;

/// club II.3: a moderator's change to a score.
pub(super) fn score_change(state: &mut Ladder, event: &Event, at: DateTime<Utc>) {
    match event {
        Event::ScoreChanged {
            power_use,
            member,
            by,
            delta,
            reason,
            offence,
        } => {
            state.saw_id(*power_use);
            add_score(state, member, *delta);
            if let (Some(o), Some(mut m)) = (offence, state.members.get_mut(member)) {
                m.offences.insert(o.clone());
            }
            state.powers.insert(
                *power_use,
                PowerUse::new(
                    Power::ScoreChange { delta: *delta },
                    by,
                    member,
                    reason,
                    offence.clone(),
                    at,
                    BTreeMap::from([(member.clone(), *delta)]),
                ),
            );
        }
        _ => unreachable!("state::apply sends score changes only"),
    }
}

/// club II.5: a step of the fraud ladder, voiding any named game.
pub(super) fn fraud(state: &mut Ladder, event: &Event, at: DateTime<Utc>) {
    match event {
        Event::FraudPenalized {
            power_use,
            member,
            by,
            offence,
            reason,
            step,
            discretion,
            game,
            reversal,
            delta,
            ban_expires,
            banned,
        } => {
            state.saw_id(*power_use);
            let mut net: BTreeMap<UserId, i64> = BTreeMap::new();
            for adj in reversal {
                add_score(state, &adj.member, adj.delta);
                *net.entry(adj.member.clone()).or_default() += adj.delta;
            }
            if let Some(id) = *game {
                if state
                    .games
                    .get(&id)
                    .is_some_and(|g| g.status == GameStatus::Rated)
                {
                    game::count_in_week(state, id, false);
                }
                if let Some(g) = state.games.get_mut(&id) {
                    g.status = GameStatus::Void;
                }
            }
            add_score(state, member, *delta);
            *net.entry(member.clone()).or_default() += delta;
            let ends_at = ban_expires.map(|d| state.settings.ban_ends(d));
            if let Some(mut m) = state.members.get_mut(member) {
                m.fraud_violations += 1;
                m.offences.insert(offence.clone());
                if *banned {
                    m.ban = Some(Ban {
                        power_use: *power_use,
                        reason: reason.clone(),
                        expires: *ban_expires,
                        ends_at,
                    });
                }
            }
            if *banned {
                state.watch(member);
            }
            let mut p = PowerUse::new(
                Power::Fraud {
                    step: *step,
                    discretion: *discretion,
                },
                by,
                member,
                reason,
                Some(offence.clone()),
                at,
                net,
            );
            p.ban = *banned;
            p.game = *game;
            state.powers.insert(*power_use, p);
        }
        _ => unreachable!("state::apply sends fraud penalties only"),
    }
}

/// club II.9: a ban imposed, and its expiry; club III.6: the teacher's ban
/// imposed and lifted.
pub(super) fn ban(state: &mut Ladder, event: &Event, at: DateTime<Utc>) {
    match event {
        Event::Banned {
            power_use,
            member,
            by,
            reason,
            expires,
            offence,
        } => {
            state.saw_id(*power_use);
            let ends_at = Some(state.settings.ban_ends(*expires));
            if let Some(mut m) = state.members.get_mut(member) {
                m.offences.insert(offence.clone());
                m.ban = Some(Ban {
                    power_use: *power_use,
                    reason: reason.clone(),
                    expires: Some(*expires),
                    ends_at,
                });
            }
            state.watch(member);
            let mut p = PowerUse::new(
                Power::Ban,
                by,
                member,
                reason,
                Some(offence.clone()),
                at,
                BTreeMap::new(),
            );
            p.ban = true;
            state.powers.insert(*power_use, p);
        }
        Event::BanExpired { member, .. } | Event::TeacherBanLifted { member, .. } => {
            if let Some(mut m) = state.members.get_mut(member) {
                m.ban = None;
            }
        }
        Event::TeacherBanned {
            power_use,
            member,
            by,
            reason,
            expires,
        } => {
            state.saw_id(*power_use);
            let ends_at = expires.map(|d| state.settings.ban_ends(d));
            if let Some(mut m) = state.members.get_mut(member) {
                m.ban = Some(Ban {
                    power_use: *power_use,
                    reason: reason.clone(),
                    expires: *expires,
                    ends_at,
                });
            }
            state.watch(member);
            let mut p = PowerUse::new(
                Power::TeacherBan,
                by,
                member,
                reason,
                None,
                at,
                BTreeMap::new(),
            );
            p.ban = true;
            state.powers.insert(*power_use, p);
        }
        _ => unreachable!("state::apply sends bans only"),
    }
}

/// club II.10: a monitor imposed and lifted; II.11: the chessclock requirement.
pub(super) fn monitor(state: &mut Ladder, event: &Event, at: DateTime<Utc>) {
    match event {
        Event::Monitored {
            power_use,
            member,
            by,
            suspicion,
        } => {
            state.saw_id(*power_use);
            if let Some(mut m) = state.members.get_mut(member) {
                m.monitor = Some(MonitorOrder {
                    power_use: *power_use,
                    by: by.clone(),
                    since: at,
                    suspicion: suspicion.clone(),
                });
            }
            let mut p = PowerUse::new(
                Power::Monitor,
                by,
                member,
                suspicion,
                None,
                at,
                BTreeMap::new(),
            );
            p.monitor = true;
            state.powers.insert(*power_use, p);
        }
        Event::MonitorLifted { member, .. } => {
            if let Some(mut m) = state.members.get_mut(member) {
                m.monitor = None;
            }
        }
        Event::ChessclockRequirement { member, required } => {
            if let Some(mut m) = state.members.get_mut(member) {
                m.chessclock = *required;
            }
        }
        _ => unreachable!("state::apply sends monitors and the chessclock requirement only"),
    }
}

/// club III.2.4: a use of power declared, or voided when it was not
/// (III.2.4.2).
pub(super) fn declaration(state: &mut Ladder, event: &Event, at: DateTime<Utc>) {
    match event {
        Event::Declared {
            power_use,
            statement,
            channel,
            ..
        } => {
            if let Some(p) = state.powers.get_mut(power_use) {
                p.declared = Some(Declaration {
                    at,
                    statement: statement.clone(),
                    channel: *channel,
                });
            }
        }
        Event::PenaltyVoided { amendment, .. } => amend(state, amendment),
        _ => unreachable!("state::apply sends declarations and voided penalties only"),
    }
}
