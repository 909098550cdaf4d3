//! The teacher's powers (club III.6): "Mrs Doran has the abilities to
//! perform without subject to Court of Appeals review: Ban any Member from
//! the Leaderboard (via banning from room, or independently)".
//!
//! The teacher's ban is school discipline, not moderator power: J.14 ("These
//! Terms shall not be held to constraint any Coundon Staff's ability to
//! conduct and discharge their official duties") keeps the moderators' limits
//! off it, so it needs no Friday expiry (II.9.2), names no offence for
//! double jeopardy (III.2.2), and needs no declaration (III.2.4). It still
//! states its reason, for the log. The Court cannot hear it (see
//! `court::petition`), so only the teacher lifts it early.

use super::decide::{rec, text, Decider};
use super::Event;
use crate::envelope::{Role, UserId};
use crate::ladder::Recorded;
use crate::refusal::Refusal;
use chrono::NaiveDate;

fn require_teacher(d: &Decider, what: &str) -> Result<(), Refusal> {
    if d.env.has_role(d.actor, Role::Teacher) {
        Ok(())
    } else {
        Err(Refusal::forbidden(
            "club III.6",
            format!("only the teacher may {what}"),
        ))
    }
}

/// club III.6.1: the teacher bans any member ("via banning from room, or
/// independently": the ban is the same either way), until the start of
/// `expires` (club time) or until lifted.
pub(super) fn ban(
    d: &Decider,
    member: &UserId,
    reason: &str,
    expires: Option<NaiveDate>,
) -> Result<Vec<Recorded>, Refusal> {
    require_teacher(d, "ban a member without Court review")?;
    let reason = text(reason, "club III.6", "the reason")?;
    let m = d
        .state
        .members
        .get(member)
        .ok_or_else(|| Refusal::not_found(format!("{member} is not a member")))?;
    if let Some(date) = expires {
        if d.settings().ban_ends(date) <= d.now {
            return Err(Refusal::invalid(
                "club III.6: a ban's expiry is in the future",
            ));
        }
    }
    if m.banned_at(d.now) {
        return Err(Refusal::conflict(format!(
            "{member} is already banned: that ban stands"
        )));
    }
    Ok(vec![rec(
        Event::TeacherBanned {
            power_use: d.state.fresh_id(),
            member: member.clone(),
            by: d.actor.clone(),
            reason,
            expires,
        },
        "club III.6.1",
    )])
}

/// club III.6: the teacher lifts a ban the teacher imposed.
pub(super) fn lift_ban(
    d: &Decider,
    member: &UserId,
    reason: &str,
) -> Result<Vec<Recorded>, Refusal> {
    require_teacher(d, "lift the teacher's ban")?;
    let reason = text(reason, "club III.6", "the reason")?;
    let ban = d
        .state
        .members
        .get(member)
        .and_then(|m| m.ban.as_ref())
        .filter(|b| b.active_at(d.now))
        .ok_or_else(|| Refusal::not_found(format!("{member} is not banned")))?;
    let teachers = d
        .state
        .powers
        .get(&ban.power_use)
        .is_some_and(|p| matches!(p.power, super::Power::TeacherBan));
    if !teachers {
        return Err(Refusal::rule(
            "club II.9.4",
            "only the Court of Appeals may remove a moderator's ban",
        ));
    }
    Ok(vec![rec(
        Event::TeacherBanLifted {
            member: member.clone(),
            power_use: ban.power_use,
            by: d.actor.clone(),
            reason,
        },
        "club III.6",
    )])
}
