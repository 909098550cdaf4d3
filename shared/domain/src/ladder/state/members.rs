//! The fold of members of the leaderboard: joining (club II.1, J.12),
//! presence at sessions (J.9), removal by the Chief Justice (II.7) and on
//! request (II.8).

use crate::ladder::member::{Member, Removal};
use crate::ladder::{Event, Ladder};
use chrono::{DateTime, Utc};

/// A member joins or rejoins, is present at a session, or is removed.
pub(super) fn apply(state: &mut Ladder, event: &Event, at: DateTime<Utc>) {
    match event {
        Event::MemberJoined { member, score, .. } => {
            if state.members.contains_key(member) {
                if let Some(mut m) = state.members.get_mut(member) {
                    m.rejoin(*score, at);
                }
            } else {
                state
                    .members
                    .insert(member.clone(), Member::new(*score, at));
            }
        }
        Event::AttendanceRecorded {
            session,
            member,
            minutes,
            present,
        } => {
            let week = state.settings.week_of(*session);
            if let Some(mut m) = state.members.get_mut(member) {
                let w = m.weeks.entry(week).or_default();
                w.present = *present;
                w.minutes = *minutes;
            }
        }
        Event::RemovalRequested { member } => {
            if let Some(mut m) = state.members.get_mut(member) {
                m.removal_requested = Some(at);
            }
            state.watch(member);
        }
        Event::MemberRemoved {
            member,
            grounds,
            by,
        } => {
            if let Some(mut m) = state.members.get_mut(member) {
                m.remove();
                m.removal = Some(Removal {
                    grounds: *grounds,
                    by: by.clone(),
                    at,
                });
            }
        }
        _ => unreachable!("state::apply sends membership and attendance only"),
    }
}
