//! What a ladder's commits make the club tell people: a moderator's
//! declaration of a use of power, to everyone club III.2.4.1 a) names (all the
//! moderators, justices, the Chief Justice and the accused); a penalty voided for
//! want of one (III.2.4.2); and the Court's decisions (III.3.8, III.3.9.2) to the
//! appellant, the parties and the officers; and a change of the Terms
//! (IV.1–IV.3) to every member and officer.
//!
//! Anti-cheat information (club I.9.5) causes no notice: its events are not
//! matched here, and the envelope's guard would drop them for anyone who may
//! not read them anyway.

use super::court::{Appeal, AppealSubject, Judgement, Vote};
use super::sanction::{Power, PowerUse};
use super::{Event, Ladder};
use crate::envelope::{Committed, Envelope, Role, UserId};
use crate::notice::{competition_link, About, Audience, Notice, Topic};
use std::collections::BTreeSet;

/// club III.2.4, III.2.4.1 a): a moderator's declaration of use of power
/// `id`, to the officers and everyone it concerns.
fn declared(
    env: &Envelope,
    about: &About,
    (id, p): (u64, &PowerUse),
    by: &UserId,
    statement: &str,
) -> Notice {
    about.notice(
        Topic::Declaration,
        "club III.2.4",
        declaration_audience(env, p),
        format!("Declaration: {} against {}", what(p), p.member),
        format!(
            "{by} declares use of power {id}: {} against {} on {}.\n\
             Reasoning: {statement}",
            what(p),
            p.member,
            p.at.format("%Y-%m-%d"),
        ),
    )
}

/// club III.2.4.2: use of power `id` is void for want of a declaration; those
/// a declaration would have gone to are told.
fn penalty_voided(
    env: &Envelope,
    about: &About,
    clause: &str,
    (id, p): (u64, &PowerUse),
) -> Notice {
    about.notice(
        Topic::Announcement,
        clause,
        declaration_audience(env, p),
        format!("Penalty void: {} against {}", what(p), p.member),
        format!(
            "Use of power {id} ({} against {} by {}) is void.",
            what(p),
            p.member,
            p.by
        ),
    )
}

/// club III.3.8, III.3.9.2: the Court's decision on appeal `id`, to the
/// appellant, the parties and the officers.
fn appeal_decided(
    env: &Envelope,
    about: &About,
    clause: &str,
    id: u64,
    a: &Appeal,
    judgement: &Judgement,
) -> Notice {
    let decision = match &judgement.decision {
        Vote::Uphold => "the original decision is upheld".to_owned(),
        Vote::Overturn { .. } => {
            "the decision is overturned and replaced by the Court's own".to_owned()
        }
        Vote::Remand { conditions } => format!(
            "the decision is remanded to the moderator to re-evaluate on these \
             conditions: {conditions}"
        ),
    };
    let binding = if judgement.binding {
        " This en banc judgement is final and binding."
    } else {
        ""
    };
    let mut audience = officers(env);
    audience.insert(a.appellant.clone());
    audience.extend(a.parties.iter().cloned());
    about.notice(
        Topic::Announcement,
        clause,
        Audience::Users(audience),
        format!("Appeal {id} decided"),
        format!(
            "The Court of Appeals decided appeal {id} ({}) by {}: {decision}.{binding}",
            subject(&a.subject),
            a.appellant
        ),
    )
}

/// club IV.2, IV.3: change `change` of the Terms by `by`, published at the
/// commit's instant, to every member on the leaderboard and every officer.
fn terms_changed(
    env: &Envelope,
    state: &Ladder,
    about: &About,
    commit: &Committed<'_, Event>,
    (change, by, description): (u64, &UserId, &str),
) -> Notice {
    about.notice(
        Topic::Announcement,
        "club IV.2",
        Audience::Users(members(state).chain(officers(env)).collect()),
        format!("The Terms have changed (change {change})"),
        format!(
            "{by} changed the Terms; the new Terms apply from {} (club IV.2).\n\
             What changed: {description}\n\
             Keeping up to date with the Terms is each member's responsibility (club IV.3).",
            published(state, commit),
        ),
    )
}

/// club IV.3: every member on the leaderboard.
fn members(state: &Ladder) -> impl Iterator<Item = UserId> + '_ {
    state
        .members
        .iter()
        .filter(|(_, m)| !m.removed)
        .map(|(u, _)| u.clone())
}

/// club IV.2: the instant of publication, in club time.
fn published(state: &Ladder, commit: &Committed<'_, Event>) -> String {
    let zone = state.settings.zone();
    commit
        .at
        .with_timezone(&zone)
        .format("%Y-%m-%d %H:%M %Z")
        .to_string()
}

/// club III.2.4.1 a): whom a declaration of use of power `p` goes to: the
/// officers and everyone it concerns.
fn declaration_audience(env: &Envelope, p: &PowerUse) -> Audience {
    Audience::Users(officers(env).into_iter().chain(concerned(p)).collect())
}

/// club III.2.4.1 a): "all the Moderators, Justices, Chief Justice".
fn officers(env: &Envelope) -> BTreeSet<UserId> {
    [Role::Moderator, Role::Justice, Role::ChiefJustice]
        .into_iter()
        .flat_map(|r| env.holders(r))
        .cloned()
        .collect()
}

/// club III.2.4.1 a): "and the accused"; with them, any member whose score the
/// use of power changed (a reversed game's opponent, II.5).
fn concerned(p: &PowerUse) -> impl Iterator<Item = UserId> + '_ {
    std::iter::once(p.member.clone()).chain(
        p.net
            .iter()
            .filter(|(_, delta)| **delta != 0)
            .map(|(u, _)| u.clone()),
    )
}

/// What was done (club I.2.1, II.3, II.5, II.9, II.10).
fn what(p: &PowerUse) -> String {
    match &p.power {
        Power::ScoreChange { delta } => format!("a score change of {delta:+}"),
        Power::Fraud { step, .. } => format!("a fraud penalty ({step:?})"),
        Power::Correction {
            game, result: None, ..
        } => format!("the voiding of game {game}"),
        Power::Correction {
            game,
            result: Some(r),
            ..
        } => format!("the correction of game {game} to {r:?}"),
        Power::Ban => "a ban".into(),
        Power::Conduct { .. } => "a penalty for conduct".into(),
        Power::Monitor => "monitoring".into(),
        Power::TeacherBan => "the teacher's ban".into(),
    }
}

fn subject(s: &AppealSubject) -> String {
    match s {
        AppealSubject::PowerUse { power_use } => format!("use of power {power_use}"),
        AppealSubject::MonitorPersistence { member } => format!("the monitoring of {member}"),
        AppealSubject::Decay { week } => format!("the decay of the week of {week}"),
        AppealSubject::TechnicalModification { modification } => {
            format!("technical modification {modification}")
        }
        AppealSubject::Judgement { appeal } => format!("the judgement on appeal {appeal}"),
        AppealSubject::Game { game } => format!("game {game}"),
        AppealSubject::Chessclock { member } => format!("the chessclock of {member}"),
        AppealSubject::Removal { member } => format!("the removal of {member}"),
    }
}

/// The contract's notices: who the rules say must be told (see [`crate::rulebook`]).
impl crate::rulebook::Notices for Ladder {
    /// The notices a commit causes; `state` is the ladder after the commit.
    fn notices(&self, env: &Envelope, commit: &Committed<'_, Self::Event>) -> Vec<Notice> {
        let state = self;
        let mut out = Vec::new();
        for entry in &commit.events {
            let about = About::new(entry.index, entry.event, competition_link(env));
            let notice = match entry.event {
                Event::Declared {
                    power_use,
                    by,
                    statement,
                    ..
                } => {
                    let p = state.powers.get(power_use);
                    p.map(|p| declared(env, &about, (*power_use, p), by, statement))
                }
                Event::PenaltyVoided { power_use, .. } => {
                    let clause = entry.clause.unwrap_or("club III.2.4.2");
                    let p = state.powers.get(power_use);
                    p.map(|p| penalty_voided(env, &about, clause, (*power_use, p)))
                }
                Event::TermsChanged {
                    change,
                    by,
                    description,
                    ..
                } => Some(terms_changed(
                    env,
                    state,
                    &about,
                    commit,
                    (*change, by, description),
                )),
                Event::AppealDecided {
                    appeal, judgement, ..
                } => {
                    let clause = entry.clause.unwrap_or("club III.3.8");
                    let a = state.appeals.get(appeal);
                    a.map(|a| appeal_decided(env, &about, clause, *appeal, a, judgement))
                }
                _ => None,
            };
            out.extend(notice);
        }
        out
    }
}

/// The contract's mail: nobody acts by mailing Ladder (see [`crate::rulebook::ByMail`]).
impl crate::rulebook::ByMail for Ladder {}
