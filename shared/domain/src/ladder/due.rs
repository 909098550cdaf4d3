//! What the schedules decide ("club-decay", Saturday 00:00 club time, and the
//! five-minute "deadline-sweep"): whatever has fallen due by `now`, oldest
//! first; a very large week closes one part per tick (see
//! [`super::decay::CHUNK_BYTES`]), and stays due until its last part. Each item, once applied, is no longer due, so a tick repeated, late
//! or doubled decides each thing once; a tick with nothing due decides nothing.

use super::decide::rec;
use super::{court, decay, member, sanction, state, Event, Ladder, RemovalGrounds};
use crate::envelope::Context;
use crate::envelope::Ruled;
use crate::envelope::{Envelope, UserId};
use crate::ladder::Recorded;
use crate::refusal::Refusal;
use chrono::{DateTime, NaiveDate, Utc};

/// Something due, in the order ties are broken.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Due {
    /// club III.2.4.2: an undeclared penalty is void.
    Void(u64),
    /// club II.9.2: a ban reaches its Friday.
    BanEnd(UserId, u64),
    /// club II.6: a week closes.
    Week(NaiveDate),
    /// club II.8: a removal request reaches its seven days.
    Removal(UserId),
    /// club III.3.10: an opinion is overdue.
    Opinion(u64),
}

/// The members who may have a deadline: only a ban (club II.9.2) or a
/// removal request (club II.8) gives one, and the fold keeps those members
/// in [`Ladder::watched`], so a large club's other members are not read.
fn watched(state: &Ladder) -> impl Iterator<Item = (&UserId, &super::member::Member)> {
    state
        .watched
        .iter()
        .filter_map(|u| state.members.get(u).map(|m| (u, m)))
}

fn due_items(state: &Ladder, now: DateTime<Utc>) -> Vec<(DateTime<Utc>, Due)> {
    let mut items: Vec<(DateTime<Utc>, Due)> = sanction::voids_due(state, now)
        .into_iter()
        .map(|(t, id)| (t, Due::Void(id)))
        .collect();
    for (u, m) in watched(state) {
        if let Some(end) = m
            .ban
            .as_ref()
            .and_then(|b| b.ends_at.map(|e| (e, b.power_use)))
        {
            if end.0 <= now {
                items.push((end.0, Due::BanEnd(u.clone(), end.1)));
            }
        }
        if let Some(t) = member::removal_due(state, m, u).filter(|t| *t <= now) {
            items.push((t, Due::Removal(u.clone())));
        }
    }
    if let Some(w) = decay::due_week(state, now) {
        items.push((state.week_closes_at(w), Due::Week(w)));
    }
    items.extend(
        court::opinions_overdue(state, now)
            .into_iter()
            .map(|(t, id)| (t, Due::Opinion(id))),
    );
    items.sort();
    items
}

fn decide_item(state: &Ladder, item: &Due) -> Option<Recorded> {
    Some(match item {
        Due::Void(id) => {
            let p = state.powers.get(id)?;
            rec(
                Event::PenaltyVoided {
                    power_use: *id,
                    amendment: sanction::annulment(state, *id, p),
                },
                "club III.2.4.2",
            )
        }
        Due::BanEnd(member, power_use) => rec(
            Event::BanExpired {
                member: member.clone(),
                power_use: *power_use,
            },
            "club II.9.2",
        ),
        Due::Week(w) => rec(decay::close_week(state, *w), "club II.6"),
        Due::Removal(member) => rec(
            Event::MemberRemoved {
                member: member.clone(),
                grounds: RemovalGrounds::Request,
                by: None,
            },
            "club II.8",
        ),
        Due::Opinion(id) => rec(Event::OpinionOverdue { appeal: *id }, "club III.3.10"),
    })
}

/// Everything due by `now`, each decided on the state its predecessors left.
pub(super) fn tick(_env: &Envelope, state: &Ladder, now: DateTime<Utc>) -> Vec<Recorded> {
    let items = due_items(state, now);
    let Some((_, first)) = items.first() else {
        return vec![];
    };
    let more_weeks = decay::next_week(state)
        .map(|w| state.week_closes_at(w + chrono::Days::new(7)) <= now)
        .unwrap_or(false);
    if items.len() == 1 && !more_weeks {
        // The common case (one week closing over a large club): no copy.
        return decide_item(state, first).into_iter().collect();
    }
    let mut scratch = state.clone();
    let mut out = vec![];
    while let Some((_, item)) = due_items(&scratch, now).into_iter().next() {
        let Some(r) = decide_item(&scratch, &item) else {
            break;
        };
        let partial = matches!(
            r.event,
            Event::WeekClosed {
                through: Some(_),
                ..
            }
        );
        state::apply(&mut scratch, &r.event, now);
        out.push(r);
        if partial {
            // One part of a large week per tick keeps each commit small; the
            // week is still due, so the next tick closes the next part.
            break;
        }
    }
    out
}

/// The next instant a schedule must act. Reads only what may fall due (the
/// next week, the members in [`Ladder::watched`], the uses of power in
/// [`Ladder::undeclared`], the appeals in [`Ladder::opinions_awaited`]),
/// never the whole membership or history.
pub(super) fn next_due(state: &Ladder) -> Option<DateTime<Utc>> {
    let declarations = state
        .undeclared
        .iter()
        .filter_map(|id| state.powers.get(id))
        .filter(|p| p.awaiting_declaration())
        .map(|p| p.declaration_due());
    let members = watched(state).flat_map(|(u, m)| {
        let ban = m.ban.as_ref().and_then(|b| b.ends_at);
        [ban, member::removal_due(state, m, u)]
            .into_iter()
            .flatten()
    });
    let opinions = state
        .opinions_awaited
        .iter()
        .filter_map(|id| state.appeals.get(id))
        .filter(|a| a.opinion.is_none() && !a.opinion_overdue)
        .filter_map(|a| a.judgement.as_ref().map(|j| j.opinion_due));
    decay::next_close(state)
        .into_iter()
        .chain(declarations)
        .chain(members)
        .chain(opinions)
        .min()
}

/// The contract's schedule: what falls due, and when (see [`crate::rulebook`]).
impl crate::rulebook::Schedule for Ladder {
    /// Declaration deadlines (III.2.4.2), ban expiries (II.9.2), weekly
    /// decay (II.6), removals on request (II.8), overdue opinions (III.3.10).
    fn tick(&self, env: &Envelope, ctx: &Context) -> Result<Vec<Ruled<Self::Event>>, Refusal> {
        Ok(tick(env, self, ctx.now))
    }

    fn next_due(&self) -> Option<DateTime<Utc>> {
        next_due(self)
    }
}
