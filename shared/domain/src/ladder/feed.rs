//! The ladder's deadlines for the calendar feed ([`crate::ical`]).

use super::decay;
use super::state::Ladder;
use crate::envelope::Envelope;
use crate::envelope::UserId;
use crate::ical::Deadline;
use chrono::DateTime;
use chrono::Utc;

/// The contract's calendar: the deadlines the feeds list (see [`crate::rulebook`]).
impl crate::rulebook::Calendar for Ladder {
    /// The close of the current decay week (club II.6: Saturday 00:00 club
    /// time), each ban's expiry (club II.9.2: 00:00 club time on the expiry
    /// Friday), shown on the leaderboard, so public, and each Court opinion
    /// still owed (club III.3.10), for the judges of the majority.
    fn deadlines(
        &self,
        _env: &Envelope,
        _viewer: Option<&UserId>,
        _now: DateTime<Utc>,
    ) -> Vec<Deadline> {
        let state = self;
        let mut out: Vec<Deadline> = decay::next_close(state)
            .map(|t| {
                Deadline::new(
                    format!("week-{}", t.format("%Y-%m-%d")),
                    t,
                    "The ladder's week closes",
                    "club II.6",
                )
            })
            .into_iter()
            .collect();
        for (user, m) in &state.members {
            if let Some(at) = m.ban.as_ref().and_then(|b| b.ends_at) {
                out.push(
                    Deadline::new(
                        format!("ban-{user}"),
                        at,
                        format!("{user}'s ban ends"),
                        "club II.9.2",
                    )
                    .for_users([user.clone()]),
                );
            }
        }
        for (id, a) in &state.appeals {
            let Some(j) = a
                .judgement
                .as_ref()
                .filter(|_| a.opinion.is_none() && !a.opinion_overdue)
            else {
                continue;
            };
            out.push(
                Deadline::new(
                    format!("opinion-{id}"),
                    j.opinion_due,
                    format!("Court opinion on appeal {id} due"),
                    "club III.3.10",
                )
                .for_users(j.majority.iter().cloned()),
            );
        }
        out
    }
}
