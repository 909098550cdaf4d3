//! Deadlines (wm D.VII): stored in UTC (D.VII.4.b), kept out of the players'
//! weekly unavailability windows (D.VII.2), extended (D.VII.5), and the NMR
//! contact period of 48 or 96 hours (D.VII.6.a).

use crate::refusal::Refusal;
use chrono::{DateTime, Datelike, Duration, Timelike, Utc, Weekday};
use serde::{Deserialize, Serialize};

/// Minutes in a week.
const WEEK: i64 = 7 * 24 * 60;

/// wm D.VII.2: the longest weekly unavailability window.
pub const MAX_WINDOW_HOURS: u16 = 64;

/// wm D.VII.2: a player's weekly unavailability window, in UTC: it starts on
/// `weekday` (0 = Monday … 6 = Sunday) at `start_hour`:00 and lasts `hours`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Unavailability {
    pub weekday: u8,
    #[serde(alias = "start-hour")]
    pub start_hour: u8,
    pub hours: u16,
}

fn minute_of_week(t: DateTime<Utc>) -> i64 {
    i64::from(t.weekday().num_days_from_monday()) * 1440
        + i64::from(t.hour()) * 60
        + i64::from(t.minute())
}

impl Unavailability {
    pub fn valid(&self) -> bool {
        self.weekday < 7 && self.start_hour < 24 && (1..=MAX_WINDOW_HOURS).contains(&self.hours)
    }

    fn start(&self) -> i64 {
        i64::from(self.weekday) * 1440 + i64::from(self.start_hour) * 60
    }

    /// Minutes into this window that `t` lies, if it lies in it.
    fn offset(&self, t: DateTime<Utc>) -> Option<i64> {
        let off = (minute_of_week(t) - self.start()).rem_euclid(WEEK);
        (off < i64::from(self.hours) * 60).then_some(off)
    }

    /// Whether `t` lies inside this week's (or last week's) occurrence.
    pub fn contains(&self, t: DateTime<Utc>) -> bool {
        self.offset(t).is_some()
    }

    /// The end of the occurrence containing `t`.
    fn end_after(&self, t: DateTime<Utc>) -> Option<DateTime<Utc>> {
        let off = self.offset(t)?;
        let base = t
            - Duration::seconds(i64::from(t.second()))
            - Duration::nanoseconds(i64::from(t.nanosecond()));
        Some(base + Duration::minutes(i64::from(self.hours) * 60 - off))
    }
}

/// wm D.VII.2: the first instant at or after `t` outside every window
/// ("the GM must not set the next deadline within the same period").
pub fn clear_of_windows<'a>(
    mut t: DateTime<Utc>,
    windows: impl Iterator<Item = &'a Unavailability> + Clone,
) -> DateTime<Utc> {
    // Each step leaves one window; 64 steps leave any set of seven windows.
    for _ in 0..64 {
        match windows.clone().find_map(|w| w.end_after(t)) {
            Some(end) => t = end,
            None => return t,
        }
    }
    t
}

/// wm D.VII.2: how many hours of the week at least one window covers.
pub fn hours_covered<'a>(windows: impl Iterator<Item = &'a Unavailability> + Clone) -> i64 {
    let monday = DateTime::<Utc>::from_timestamp(0, 0).expect("epoch") + Duration::days(4); // 1970-01-05 was a Monday
    let covered = (0..WEEK)
        .filter(|m| {
            let t = monday + Duration::minutes(*m);
            windows.clone().any(|w| w.contains(t))
        })
        .count() as i64;
    covered / 60
}

/// Ruling (wm D.VII.2): windows that together cover more than 96 hours of a
/// week leave less than three available days, the length of a movement turn;
/// the GM then warns the TD.
pub const CONFLICT_HOURS: i64 = 96;

/// wm D.VII.6.a: the NMR'd player has 48 hours from the publication at `t`,
/// or 96 hours if the period includes a weekend (Saturday or Sunday, UTC).
pub fn contact_period_end(t: DateTime<Utc>) -> DateTime<Utc> {
    let end48 = t + Duration::hours(48);
    let mut day = t.date_naive();
    let weekend = loop {
        if matches!(day.weekday(), Weekday::Sat | Weekday::Sun) {
            break true;
        }
        if day >= end48.date_naive() {
            break false;
        }
        day = day.succ_opt().expect("date in range");
    };
    if weekend {
        t + Duration::hours(96)
    } else {
        end48
    }
}

/// How far ahead of now a deadline may be set: a year. The rules name no
/// limit, but a phase runs for days (wm D.VII.4); a deadline further off is
/// a slip of the keyboard, and bounding it keeps every later step
/// (extensions, windows, NMR periods) inside the dates a calendar can hold.
pub const DEADLINE_HORIZON_DAYS: i64 = 366;

/// Refuses a deadline more than [`DEADLINE_HORIZON_DAYS`] after `now`.
pub fn within_horizon(deadline: DateTime<Utc>, now: DateTime<Utc>) -> Result<(), Refusal> {
    let limit = now.checked_add_signed(Duration::days(DEADLINE_HORIZON_DAYS));
    if limit.is_none_or(|limit| deadline > limit) {
        return Err(Refusal::invalid(format!(
            "a deadline is set at most {DEADLINE_HORIZON_DAYS} days ahead"
        )));
    }
    Ok(())
}

/// wm D.VII.5: an extension must be requested at least 12 hours ahead.
pub const EXTENSION_NOTICE_HOURS: i64 = 12;
/// wm D.VII.5: never more than 7 days of extensions for one position.
pub const MAX_EXTENSION_HOURS: u32 = 7 * 24;
/// Ruling (wm D.VII.5, D.VII.4.a): the guaranteed extension is at most three
/// days, the shortest movement turn. The clause gives every player "one
/// guaranteed extension" and leaves "further extensions" to the GM within 7
/// days; a guaranteed extension of the whole 7 days would leave the GM
/// nothing to decide and let one player stop the board for a week.
pub const MAX_GUARANTEED_EXTENSION_HOURS: u32 = 72;

/// wm D.VII.2: at least 24 hours between adjudications.
pub const MIN_HOURS_BETWEEN_ADJUDICATIONS: i64 = 24;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::at;

    #[test]
    fn wm_d_vii_2_deadline_inside_window_moves_to_its_end() {
        // Friday 17:00 UTC for 64 hours: until Monday 09:00.
        let w = Unavailability {
            weekday: 4,
            start_hour: 17,
            hours: 64,
        };
        // 2026-11-21 is a Saturday.
        let moved = clear_of_windows(at("2026-11-21T12:00:00Z"), [w].iter());
        assert_eq!(moved, at("2026-11-23T09:00:00Z"));
        let untouched = clear_of_windows(at("2026-11-24T12:00:00Z"), [w].iter());
        assert_eq!(untouched, at("2026-11-24T12:00:00Z"));
    }

    #[test]
    fn wm_d_vii_2_overlapping_windows_are_all_left() {
        let a = Unavailability {
            weekday: 4,
            start_hour: 17,
            hours: 64,
        };
        let b = Unavailability {
            weekday: 0,
            start_hour: 0,
            hours: 24,
        };
        assert_eq!(
            clear_of_windows(at("2026-11-21T12:00:00Z"), [a, b].iter()),
            at("2026-11-24T00:00:00Z")
        );
        assert_eq!(hours_covered([a, b].iter()), 64 + 15);
    }

    #[test]
    fn wm_d_vii_6_a_contact_period_is_96_hours_over_a_weekend() {
        // Tuesday: 48 hours.
        assert_eq!(
            contact_period_end(at("2026-11-17T10:00:00Z")),
            at("2026-11-19T10:00:00Z")
        );
        // Thursday 10:00 + 48 h reaches Saturday: 96 hours.
        assert_eq!(
            contact_period_end(at("2026-11-19T10:00:00Z")),
            at("2026-11-23T10:00:00Z")
        );
    }
}
