//! The game's deadlines for the calendar feed ([`crate::ical`]).

use super::proposal::ProposalStatus;
use super::state::Nomic;
use super::turns::{uk_date, AllocatedDay};
use crate::calendar::UK;
use crate::envelope::Envelope;
use crate::envelope::UserId;
use crate::ical::Deadline;
use chrono::{DateTime, Days, NaiveTime, TimeZone, Utc};

/// The first `hour`:00 UK time on an allocated `day` that is after `now`
/// (nomic 106: UK time, GMT or BST).
fn next_allocated(day: AllocatedDay, hour: u32, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
    let time = NaiveTime::from_hms_opt(hour.min(23), 0, 0)?;
    (0..8u64)
        .filter_map(|i| uk_date(now).checked_add_days(Days::new(i)))
        .filter(|d| AllocatedDay::of(*d) == Some(day))
        .filter_map(|d| UK.from_local_datetime(&d.and_time(time)).earliest())
        .map(|t| t.with_timezone(&Utc))
        .find(|t| *t > now)
}

/// The contract's calendar: the deadlines the feeds list (see [`crate::rulebook`]).
impl crate::rulebook::Calendar for Nomic {
    /// Votes completing (nomic 113: at the end of the UK day the proposal was
    /// submitted), the switch to simple majority (nomic 204), each active Point
    /// of Order's next step (nomic 214, the Judge's own while unjudged), and
    /// each player's next allocated day's proposal deadline (nomic 201, 202:
    /// before 19:00 UK time), all public.
    fn deadlines(
        &self,
        _env: &Envelope,
        _viewer: Option<&UserId>,
        now: DateTime<Utc>,
    ) -> Vec<Deadline> {
        let state = self;
        if state.winner.is_some() {
            return Vec::new();
        }
        let mut out: Vec<Deadline> = state
            .proposals
            .iter()
            .filter(|p| p.status == ProposalStatus::Voting)
            .map(|p| {
                let n = p.number;
                Deadline::new(
                    format!("vote-{n}"),
                    p.closes_at,
                    format!("Voting on proposal {n} completes"),
                    "nomic 113",
                )
            })
            .collect();
        out.extend(state.majority_from.map(|t| {
            Deadline::new(
                "simple-majority",
                t,
                "Adoption becomes a simple majority",
                "nomic 204",
            )
        }));
        for p in &state.points_of_order {
            let Some(at) = p.due() else { continue };
            let d = Deadline::new(
                format!("point-of-order-{}", p.id),
                at,
                format!("Point of Order {}", p.id),
                "nomic 214",
            );
            out.push(if p.judgement.is_none() {
                d.for_users([p.judge.clone()])
            } else {
                d
            });
        }
        if state.begun_at.is_some() {
            let hour = state.settings.proposal_deadline_hour;
            for (user, day) in &state.players {
                if let Some(at) = next_allocated(*day, hour, now) {
                    let key = format!("proposal-{user}-{}", uk_date(at));
                    let summary =
                        format!("{user}'s allocated day: proposals before {hour}:00 UK time");
                    out.push(
                        Deadline::new(key, at, summary, "nomic 202").for_users([user.clone()]),
                    );
                }
            }
        }
        out
    }
}
