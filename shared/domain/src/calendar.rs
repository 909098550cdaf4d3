//! Time as the rulebooks speak of it: UTC deadlines ("Sunday 23:59:59 UTC",
//! acwc IV.F), UK days for Nomic (nomic 106: "all times specified in rules in
//! UK time"), the club's own time zone, ISO weeks.
//!
//! The domain never reads a clock: every function here takes the instant it
//! reasons about.

use chrono::{DateTime, Datelike, Days, NaiveDate, NaiveTime, TimeZone, Utc, Weekday};
use chrono_tz::Tz;

/// The time zone the Nomic rules are written in (nomic 106).
pub const UK: Tz = chrono_tz::Europe::London;

/// The last instant of the ISO week containing `t`: Sunday 23:59:59 UTC
/// (acwc IV.F: "all matches ... must be completed by Sunday 23:59:59 UTC").
pub fn week_deadline_utc(t: DateTime<Utc>) -> DateTime<Utc> {
    let date = t.date_naive();
    let to_sunday = 6 - date.weekday().num_days_from_monday();
    let sunday = date + Days::new(u64::from(to_sunday));
    Utc.from_utc_datetime(&sunday.and_time(NaiveTime::from_hms_opt(23, 59, 59).expect("valid")))
}

/// The start (00:00 UTC) of the Monday after the week containing `t`: when
/// the next round is published (acwc IV.D).
pub fn next_monday_utc(t: DateTime<Utc>) -> DateTime<Utc> {
    let date = t.date_naive();
    let days = 7 - date.weekday().num_days_from_monday();
    let monday = date + Days::new(u64::from(days));
    Utc.from_utc_datetime(&monday.and_time(NaiveTime::MIN))
}

/// The calendar day `t` falls on in `zone`.
pub fn local_date(t: DateTime<Utc>, zone: Tz) -> NaiveDate {
    t.with_timezone(&zone).date_naive()
}

/// The first instant of the day after `t`'s day in `zone`, as UTC: the end of
/// a UK day (nomic 113: voting completes at the end of the day).
///
/// Daylight-saving transitions in the UK happen at 01:00/02:00, never at
/// midnight, so local midnight always exists exactly once.
pub fn end_of_local_day(t: DateTime<Utc>, zone: Tz) -> DateTime<Utc> {
    let next = local_date(t, zone) + Days::new(1);
    zone.from_local_datetime(&next.and_time(NaiveTime::MIN))
        .earliest()
        .expect("local midnight exists in zones without midnight transitions")
        .with_timezone(&Utc)
}

/// Whether `t` falls on a Saturday or Sunday in `zone` (nomic 201: proposals
/// posted at the weekend are void).
pub fn is_weekend(t: DateTime<Utc>, zone: Tz) -> bool {
    matches!(local_date(t, zone).weekday(), Weekday::Sat | Weekday::Sun)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::at;

    #[test]
    fn acwc_iv_f_week_deadline_is_sunday_23_59_59_utc() {
        // 2026-11-18 is a Wednesday; its ISO week ends Sunday 2026-11-22.
        assert_eq!(
            week_deadline_utc(at("2026-11-18T10:00:00Z")),
            at("2026-11-22T23:59:59Z")
        );
        // A Sunday is in its own week.
        assert_eq!(
            week_deadline_utc(at("2026-11-22T23:59:59Z")),
            at("2026-11-22T23:59:59Z")
        );
    }

    #[test]
    fn acwc_iv_d_next_monday_is_midnight_utc() {
        assert_eq!(
            next_monday_utc(at("2026-11-22T23:59:59Z")),
            at("2026-11-23T00:00:00Z")
        );
        assert_eq!(
            next_monday_utc(at("2026-11-23T00:00:00Z")),
            at("2026-11-30T00:00:00Z")
        );
    }

    #[test]
    fn nomic_113_end_of_uk_day_follows_daylight_saving() {
        // Summer: UK is UTC+1, so the UK day of 2026-07-01 ends at 23:00 UTC.
        assert_eq!(
            end_of_local_day(at("2026-07-01T12:00:00Z"), UK),
            at("2026-07-01T23:00:00Z")
        );
        // 23:30 UTC on 1 July is already 2 July in the UK.
        assert_eq!(
            end_of_local_day(at("2026-07-01T23:30:00Z"), UK),
            at("2026-07-02T23:00:00Z")
        );
        // Winter: UK is UTC.
        assert_eq!(
            end_of_local_day(at("2026-12-01T12:00:00Z"), UK),
            at("2026-12-02T00:00:00Z")
        );
    }

    #[test]
    fn nomic_201_weekend_is_judged_in_uk_time() {
        // Friday 2026-07-03 23:30 UTC is Saturday 00:30 in London.
        assert!(is_weekend(at("2026-07-03T23:30:00Z"), UK));
        assert!(!is_weekend(at("2026-07-03T22:30:00Z"), UK));
    }
}
