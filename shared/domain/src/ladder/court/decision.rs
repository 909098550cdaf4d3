//! The bench's votes and the Court's decision by majority (club III.3.8),
//! binding en banc (III.3.9.2), with any refusal of further ban appeals
//! (II.9.5).

use super::{bans, base, Appeal, AppealStatus, AppealSubject, Judgement, Vote, OPINION_DAYS};
use crate::envelope::UserId;
use crate::ladder::decide::{rec, text, Decider};
use crate::ladder::Recorded;
use crate::ladder::{remedy, Event};
use crate::refusal::Refusal;
use chrono::{Duration, NaiveDate};
use std::collections::BTreeSet;

/// A justice's vote, with the date until which it refuses further ban
/// appeals (II.9.5).
type Ballot<'a> = (&'a UserId, &'a Vote, Option<NaiveDate>);

/// club III.3.3, III.3.8: the appeal is being heard, and the actor sits on
/// its bench and has not voted yet.
pub(super) fn check_voter(d: &Decider, a: &Appeal, id: u64) -> Result<(), Refusal> {
    if a.status != AppealStatus::Sitting {
        return Err(Refusal::conflict(format!("appeal {id} is not being heard")));
    }
    if !a.bench.contains(d.actor) {
        return Err(Refusal::forbidden(
            "club III.3.3",
            "only the justices hearing the case vote",
        ));
    }
    if a.votes.contains_key(d.actor) {
        return Err(Refusal::conflict("you have already voted"));
    }
    Ok(())
}

/// club III.3.8: an overturn's remedy must fit the subject, and only a
/// moderator's decision is remanded, with conditions; club II.9.5: further
/// appeals are refused only in ban cases, for a finite time.
pub(super) fn check_vote(
    d: &Decider,
    a: &Appeal,
    vote: &Vote,
    bar: Option<NaiveDate>,
) -> Result<(), Refusal> {
    let (subject, appellant) = base(d.state, a);
    match vote {
        Vote::Overturn { remedy } => {
            remedy::amendment_for(d, subject, appellant, remedy)?;
        }
        Vote::Remand { conditions } => {
            text(conditions, "club III.3.8", "the conditions of the remand")?;
            if !matches!(
                subject,
                AppealSubject::PowerUse { .. } | AppealSubject::MonitorPersistence { .. }
            ) {
                return Err(Refusal::rule(
                    "club III.3.8",
                    "only a moderator's decision is remanded",
                ));
            }
        }
        Vote::Uphold => {}
    }
    if let Some(until) = bar {
        if !bans(d.state, a) {
            return Err(Refusal::rule(
                "club II.9.5",
                "further appeals are refused only in ban cases",
            ));
        }
        if until <= d.settings().local_date(d.now) {
            return Err(Refusal::invalid(
                "club II.9.5: the refusal lasts a finite time from now",
            ));
        }
    }
    Ok(())
}

/// club III.3.8: the Court's decision once the actor's `vote` is cast: the
/// decision a majority of the bench agrees on, or, once every justice has
/// voted without a majority, the original decision stands; `None` while
/// undecided. En banc judgements bind (III.3.9.2).
pub(super) fn decide(
    d: &Decider,
    a: &Appeal,
    id: u64,
    vote: &Vote,
    bar: Option<NaiveDate>,
) -> Result<Option<Recorded>, Refusal> {
    let mut votes: Vec<Ballot> = a.votes.iter().map(|(u, (v, b))| (u, v, *b)).collect();
    votes.push((d.actor, vote, bar));
    let needed = a.bench.len() / 2 + 1;
    let with_mine: Vec<_> = votes
        .iter()
        .filter(|(_, v, _)| v.key() == vote.key())
        .collect();
    let decided = if with_mine.len() >= needed {
        Some(vote.key())
    } else if votes.len() == a.bench.len() {
        Some(Vote::Uphold.key())
    } else {
        None
    };
    let Some(key) = decided else { return Ok(None) };
    let majority: Vec<_> = votes.iter().filter(|(_, v, _)| v.key() == key).collect();
    let decision = decision(vote, &key, &majority);
    let (subject, appellant) = base(d.state, a);
    let amendment = match &decision {
        Vote::Overturn { remedy } => Some(remedy::amendment_for(d, subject, appellant, remedy)?),
        _ => None,
    };
    let bar_appeals_until = majority
        .iter()
        .map(|(_, _, b)| *b)
        .collect::<Option<Vec<_>>>()
        .and_then(|bars| bars.into_iter().min());
    Ok(Some(rec(
        Event::AppealDecided {
            appeal: id,
            judgement: Judgement {
                decision,
                majority: majority.iter().map(|(u, _, _)| (*u).clone()).collect(),
                decided_at: d.now,
                opinion_due: d.now + Duration::days(OPINION_DAYS),
                bar_appeals_until,
                binding: a.en_banc,
            },
            amendment,
        },
        if a.en_banc {
            "club III.3.9.2"
        } else {
            "club III.3.8"
        },
    )))
}

/// The decision the `majority` agrees on (its key `key`): a remand joins
/// the majority's conditions.
fn decision(vote: &Vote, key: &str, majority: &[&Ballot]) -> Vote {
    match vote {
        _ if key == Vote::Uphold.key() => Vote::Uphold,
        Vote::Remand { .. } => Vote::Remand {
            conditions: majority
                .iter()
                .filter_map(|(_, v, _)| match v {
                    Vote::Remand { conditions } => Some(conditions.trim().to_owned()),
                    _ => None,
                })
                .collect::<BTreeSet<_>>()
                .into_iter()
                .collect::<Vec<_>>()
                .join("; "),
        },
        other => other.clone(),
    }
}
