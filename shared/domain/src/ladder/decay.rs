//! The weekly deductions of club II.6: "Deductions automatically apply, with
//! player's score not dropping below 100."
//!
//! The week of a session runs Saturday to Friday and is named by its Friday;
//! the "club-decay" schedule closes it at Saturday 00:00 club time. Closing
//! is idempotent: each week closes once, in order ([`Ladder::closed_through`]),
//! so a schedule that runs twice, late, or twice at once deducts once, and a
//! missed week is caught up by the next tick.
//!
//! A member counts in a week if they joined before its session opened, are
//! on the leaderboard and are not banned at its opening (ruling: a ban is its
//! own penalty, III.2.2). Streaks: II.6.1 counts weeks not present, II.6.2
//! weeks without a game; each deducts from the third week on. A week that
//! II.6.1 already deducts for is not also deducted under II.6.2 (ruling).
//!
//! club IV.2: a week is judged under the Terms in force at its closing
//! instant (the amounts, the threshold and its session's opening), whenever
//! the tick runs: a change published after the week closed does not reach it.

use super::elo::{clamped, FLOOR};
use super::member::{Member, INACTIVITY_WEEKS};
use super::{Event, Ladder, Settings};
use crate::envelope::UserId;
use chrono::{DateTime, Days, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use std::ops::Bound::{self, Excluded, Unbounded};
use std::ops::ControlFlow;

/// club II.6.3: how many weeks of deductions are kept for appeals.
pub const DEDUCTIONS_KEPT: u64 = 12;

/// One member's deduction for one week.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Deduction {
    pub member: UserId,
    /// club II.6.1: the week's absence deduction (15 under the original
    /// Terms), or 0.
    pub absence: i64,
    /// club II.6.2: the week's no-game deduction (5 under the original
    /// Terms), or 0.
    pub idle: i64,
    /// What was taken after the floor (II.2), as a negative number or 0.
    pub applied: i64,
}

/// The next week to close, named by its Friday, if the ladder has opened.
pub fn next_week(state: &Ladder) -> Option<NaiveDate> {
    let opened = state.opened?;
    Some(match state.closed_through {
        Some(w) => w + Days::new(7),
        None => state.settings.week_of(state.local_date_at(opened)),
    })
}

/// When the next week closes.
pub fn next_close(state: &Ladder) -> Option<DateTime<Utc>> {
    next_week(state).map(|w| state.week_closes_at(w))
}

/// The next week to close if it has closed by `now`.
pub fn due_week(state: &Ladder, now: DateTime<Utc>) -> Option<NaiveDate> {
    next_week(state).filter(|w| state.week_closes_at(*w) <= now)
}

/// club IV.2: the Terms the week of `week` is judged under, those in force
/// at its closing instant (Saturday 00:00 club time).
pub fn terms_of_week(state: &Ladder, week: NaiveDate) -> &Settings {
    state.settings_at(state.week_closes_at(week))
}

/// A member's new streaks for the week of `week` (its session opening at
/// `opens`), or `None` if the week does not count for them.
fn streaks(m: &Member, week: NaiveDate, opens: DateTime<Utc>) -> Option<(u32, u32)> {
    if m.removed || m.joined_at >= opens || m.banned_at(opens) {
        return None;
    }
    let w = m.weeks.get(&week);
    let present = w.is_some_and(|w| w.present);
    let played = w.is_some_and(|w| w.games > 0);
    Some((
        if present { 0 } else { m.absent_streak + 1 },
        if played { 0 } else { m.idle_streak + 1 },
    ))
}

/// club II.6.1–II.6.2: the week's deductions for one member with new
/// streaks, in the amounts of the week's `terms`.
fn deduction(
    m: &Member,
    user: &UserId,
    (absent, idle): (u32, u32),
    terms: &Settings,
) -> Option<Deduction> {
    let absence = if absent >= terms.streak_threshold {
        terms.absence_deduction
    } else {
        0
    };
    let idle = if idle >= terms.streak_threshold && absence == 0 {
        terms.idle_deduction
    } else {
        0
    };
    // At the floor nothing is taken; such members are left out of the event
    // (their streaks move on all the same), keeping the week's event small.
    let applied = clamped(m.score, -(absence + idle));
    (applied != 0).then(|| Deduction {
        member: user.clone(),
        absence,
        idle,
        applied,
    })
}

/// club II.6: the most deductions one event carries, in estimated bytes of
/// JSON. A week of a very large club closes over several ticks (a store item
/// holds at most 400 KB); a club of a few hundred closes in one.
pub const CHUNK_BYTES: usize = 256 * 1024;

fn after(cursor: Option<&UserId>) -> (Bound<&UserId>, Bound<&UserId>) {
    (cursor.map_or(Unbounded, Excluded), Unbounded)
}

/// club II.6: closes `week`, or its next part: the deductions of every
/// counting member after the cursor, until [`CHUNK_BYTES`] is reached.
/// `through` names the last member covered when the week is not done.
pub fn close_week(state: &Ladder, week: NaiveDate) -> Event {
    let terms = terms_of_week(state, week);
    let opens = terms.session_opens(week);
    let mut deductions = vec![];
    let mut bytes = 0;
    let mut through = None;
    let mut members = state
        .members
        .range::<UserId, _>(after(state.closing.as_ref()))
        .peekable();
    while let Some((u, m)) = members.next() {
        if let Some(d) = streaks(m, week, opens).and_then(|s| deduction(m, u, s, terms)) {
            bytes += u.as_str().len() + 64;
            deductions.push(d);
        }
        if bytes >= CHUNK_BYTES && members.peek().is_some() {
            through = Some(u.clone());
            break;
        }
    }
    Event::WeekClosed {
        week,
        deductions,
        through,
    }
}

/// Folds a closed week (or part of one): streaks move on, deductions apply
/// (never below the floor), and the record keeps the six weeks club II.7
/// looks at. The week counts as closed once its last part is in.
pub fn apply_week(
    state: &mut Ladder,
    week: NaiveDate,
    deductions: &[Deduction],
    through: Option<&UserId>,
) {
    if state.closed_through.is_some_and(|c| c >= week) {
        return;
    }
    let opens = terms_of_week(state, week).session_opens(week);
    let keep_from = week - Days::new(7 * (INACTIVITY_WEEKS as u64 - 1));
    let deductions_from = week - Days::new(7 * DEDUCTIONS_KEPT);
    let cursor = state.closing.take();
    state
        .members
        .update_range::<UserId, _>(after(cursor.as_ref()), |u, m| {
            if through.is_some_and(|t| u > t) {
                return ControlFlow::Break(());
            }
            match streaks(m, week, opens) {
                Some((absent, idle)) => {
                    m.absent_streak = absent;
                    m.idle_streak = idle;
                }
                // Banned: the week counts for II.7 (not present) but not for decay.
                None if !m.removed && m.joined_at < opens => {}
                None => return ControlFlow::Continue(()),
            }
            m.weeks.entry(week).or_default().closed = true;
            if m.weeks
                .first_key_value()
                .is_some_and(|(d, _)| *d < keep_from)
            {
                m.weeks = m.weeks.split_off(&keep_from);
            }
            if m.deductions
                .first_key_value()
                .is_some_and(|(d, _)| *d < deductions_from)
            {
                m.deductions = m.deductions.split_off(&deductions_from);
            }
            ControlFlow::Continue(())
        });
    for d in deductions {
        if let Some(mut m) = state.members.get_mut(&d.member) {
            m.score = (m.score + d.applied).max(FLOOR);
            if d.applied != 0 {
                m.deductions.insert(week, d.applied);
            }
        }
    }
    match through {
        Some(t) => state.closing = Some(t.clone()),
        None => state.closed_through = Some(week),
    }
}
