//! Petitions to the Court (club III.3): who may petition on what, who the
//! case involves, whether it is heard en banc, and when a matter may not be
//! petitioned (again).

use super::{appeal, bans, AppealSubject};
use crate::envelope::UserId;
use crate::ladder::decide::Decider;
use crate::ladder::{Power, PowerStatus};
use crate::refusal::Refusal;
use chrono::NaiveDate;
use std::collections::BTreeSet;

/// Whether a petition is heard en banc, who it involves, and the clause it
/// is filed under.
pub(super) type Standing = (bool, BTreeSet<UserId>, &'static str);

/// The standing of the actor's petition on `subject`.
pub(super) fn standing(d: &Decider, subject: &AppealSubject) -> Result<Standing, Refusal> {
    match subject {
        AppealSubject::Chessclock { .. } => Err(Refusal::rule(
            "club II.11.3",
            "a chessclock requirement cannot be petitioned to the Court",
        )),
        AppealSubject::PowerUse { power_use } => use_of_power(d, *power_use),
        AppealSubject::MonitorPersistence { member } => monitor_persistence(d, member),
        AppealSubject::Decay { week } => decay(d, week),
        AppealSubject::TechnicalModification { modification }
            if d.state.terms_changes.contains_key(modification) =>
        {
            Err(Refusal::rule(
                "club IV.1",
                "the Terms are changed unilaterally by the Chief Justice: a change of the Terms is not a technical modification and cannot be challenged en banc",
            ))
        }
        AppealSubject::TechnicalModification { modification } => {
            let me = d.actor;
            let m = d.state.modifications.get(modification).ok_or_else(|| {
                Refusal::not_found(format!("no technical modification {modification}"))
            })?;
            Ok((
                true,
                BTreeSet::from([me.clone(), m.by.clone()]),
                "club III.5",
            ))
        }
        AppealSubject::Judgement { appeal: target } => judgement(d, subject, *target),
        AppealSubject::Game { game } => played_game(d, *game),
        AppealSubject::Removal { member } => removal(d, member),
    }
}

/// club II.12.2: "If the actions taken are not supported by Acts in these
/// Terms, the Court of Appeals may hear the petition": the member removed
/// (II.7, II.8) petitions while the removal stands (not after rejoining,
/// which enters them as new, II.7.1). The Chief Justice who removed them is
/// a party (III.3.5.2).
fn removal(d: &Decider, member: &UserId) -> Result<Standing, Refusal> {
    let me = d.actor;
    if member != me {
        return Err(Refusal::forbidden(
            "club II.12.2",
            "the member removed petitions against the removal",
        ));
    }
    let r = d
        .state
        .members
        .get(me)
        .filter(|m| m.removed)
        .and_then(|m| m.removal.as_ref())
        .ok_or_else(|| {
            Refusal::rule(
                "club II.12.2",
                "you are not removed from the leaderboard: there is no removal to petition",
            )
        })?;
    let mut parties = BTreeSet::from([me.clone()]);
    parties.extend(r.by.clone());
    Ok((false, parties, "club II.12.2"))
}

/// club III.3: the member concerned appeals a moderator's use of power
/// (a ban: II.9.3, unless the Court refused more appeals, II.9.5; a monitor:
/// II.10.6).
fn use_of_power(d: &Decider, power_use: u64) -> Result<Standing, Refusal> {
    let me = d.actor;
    let today = d.settings().local_date(d.now);
    let p = d
        .state
        .powers
        .get(&power_use)
        .ok_or_else(|| Refusal::not_found(format!("no use of power {power_use}")))?;
    if matches!(p.power, Power::TeacherBan) {
        return Err(Refusal::rule(
            "club III.6",
            "the teacher bans without subject to Court of Appeals review",
        ));
    }
    // A game's correction concerns both its players.
    let corrected_player = matches!(p.power, Power::Correction { .. })
        && p.game
            .and_then(|g| d.state.games.get(&g))
            .is_some_and(|g| g.involves(me));
    if &p.member != me && !corrected_player {
        return Err(Refusal::forbidden(
            "club III.3",
            "the member concerned appeals",
        ));
    }
    if p.status == PowerStatus::Void {
        return Err(Refusal::conflict("that decision is already void"));
    }
    if p.ban {
        let barred = d
            .state
            .appeals
            .values()
            .filter(|a| &a.appellant == me && bans(d.state, a))
            .find_map(|a| {
                a.judgement
                    .as_ref()
                    .and_then(|j| j.bar_appeals_until)
                    .filter(|until| *until > today)
            });
        if let Some(until) = barred {
            return Err(Refusal::rule(
                "club II.9.5",
                format!("the Court refuses further ban appeals until {until}"),
            ));
        }
    }
    let clause = match p.power {
        Power::Monitor => "club II.10.6",
        Power::Ban => "club II.9.3",
        _ => "club III.3",
    };
    Ok((false, BTreeSet::from([me.clone(), p.by.clone()]), clause))
}

/// club II.10.5: the monitored member challenges a monitor once the
/// following session has passed.
fn monitor_persistence(d: &Decider, member: &UserId) -> Result<Standing, Refusal> {
    let me = d.actor;
    let order = d
        .state
        .members
        .get(member)
        .and_then(|m| m.monitor.as_ref())
        .filter(|_| member == me)
        .ok_or_else(|| Refusal::not_found("you are not monitored"))?;
    let following = d.settings().next_session_after(order.since);
    if d.now < d.settings().session_closes(following) {
        return Err(Refusal::rule(
            "club II.10.5",
            format!(
                "a monitor may be challenged once the following session ({following}) has passed"
            ),
        ));
    }
    Ok((
        false,
        BTreeSet::from([me.clone(), order.by.clone()]),
        "club II.10.5",
    ))
}

/// club II.6.3: a member who lost points to decay in `week` appeals it en
/// banc.
fn decay(d: &Decider, week: &NaiveDate) -> Result<Standing, Refusal> {
    let me = d.actor;
    let decayed = d
        .state
        .members
        .get(me)
        .is_some_and(|m| m.deductions.contains_key(week));
    if !decayed {
        return Err(Refusal::rule(
            "club II.6.3",
            format!("you lost no points to decay in the week of {week}"),
        ));
    }
    Ok((true, BTreeSet::from([me.clone()]), "club II.6.3"))
}

/// club III.3.9: a party appeals a panel's judgement en banc, once; an en
/// banc judgement is final (III.3.9.2).
fn judgement(d: &Decider, subject: &AppealSubject, target: u64) -> Result<Standing, Refusal> {
    let me = d.actor;
    let t = appeal(d, target)?;
    if t.judgement.is_none() {
        return Err(Refusal::rule(
            "club III.3.9",
            "there is no judgement to appeal yet",
        ));
    }
    if t.en_banc || matches!(t.subject, AppealSubject::Judgement { .. }) {
        return Err(Refusal::rule(
            "club III.3.9.2",
            "an en banc judgement is final and binding",
        ));
    }
    if !t.parties.contains(me) {
        return Err(Refusal::forbidden(
            "club III.3.9",
            "a party to the case appeals its judgement",
        ));
    }
    let taken = d.state.appeals.values().any(|a| a.subject == *subject);
    if taken {
        return Err(Refusal::rule(
            "club III.3.9.2",
            "the en banc appeal is the final appeal",
        ));
    }
    Ok((true, t.parties.clone(), "club III.3.9"))
}

/// club III.3, I.9.7: a player of the game appeals it.
fn played_game(d: &Decider, game: u64) -> Result<Standing, Refusal> {
    let me = d.actor;
    let g = d
        .state
        .games
        .get(&game)
        .ok_or_else(|| Refusal::not_found(format!("no game {game}")))?;
    if !g.involves(me) {
        return Err(Refusal::forbidden(
            "club III.3",
            "a player of the game appeals",
        ));
    }
    let clause = if g.online { "club I.9.7" } else { "club III.3" };
    Ok((
        false,
        BTreeSet::from([g.white.clone(), g.black.clone()]),
        clause,
    ))
}

/// The matter of `subject` is not before the Court, and has not been
/// judged unless it may be petitioned again.
pub(super) fn check_matter_open(d: &Decider, subject: &AppealSubject) -> Result<(), Refusal> {
    if d.state
        .appeals
        .values()
        .any(|a| a.open() && a.subject == *subject)
    {
        return Err(Refusal::conflict(
            "an appeal on this matter is already before the Court",
        ));
    }
    // Once judged, a matter goes further only en banc (III.3.9); ban cases
    // may be petitioned again, unless the Court refused more (II.9.5).
    let ban_case = matches!(subject, AppealSubject::PowerUse { power_use }
        if d.state.powers.get(power_use).is_some_and(|p| p.ban));
    let judged = d
        .state
        .appeals
        .values()
        .any(|a| a.judgement.is_some() && a.subject == *subject);
    if judged && !ban_case && !matches!(subject, AppealSubject::Judgement { .. }) {
        return Err(Refusal::rule(
            "club III.3.9",
            "the Court has judged this matter: its judgement may be appealed en banc",
        ));
    }
    Ok(())
}
