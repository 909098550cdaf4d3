//! The one table of schedules. `template.yaml` declares the same schedules
//! for EventBridge Scheduler and `arbiter serve` runs them with the `cron`
//! crate; a test fails when the two disagree.

use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use std::str::FromStr;

/// A schedule: what runs, when, in which time zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Schedule {
    /// The name passed to the function as `{"schedule": name}`.
    pub name: &'static str,
    /// The function (binary) that runs.
    pub function: &'static str,
    /// An EventBridge Scheduler expression, `cron(min hour dom month dow year)`.
    pub expression: &'static str,
    /// IANA time zone the expression is read in.
    pub timezone: &'static str,
    /// Why it exists, citing the rule.
    pub purpose: &'static str,
}

pub const SCHEDULES: &[Schedule] = &[
    Schedule {
        name: "weekly-round-publication",
        function: "pair-round",
        expression: "cron(0 0 ? * MON *)",
        timezone: "UTC",
        purpose: "acwc IV.D: pairings are published every Monday 00:00 UTC",
    },
    Schedule {
        name: "round-deadline-sweep",
        function: "adjudicate-deadline",
        expression: "cron(0 0 ? * MON *)",
        timezone: "UTC",
        purpose: "acwc IV.F: matches must finish by Sunday 23:59:59 UTC",
    },
    Schedule {
        name: "deadline-sweep",
        function: "adjudicate-deadline",
        expression: "cron(0/5 * * * ? *)",
        timezone: "UTC",
        purpose: "wm D.VII: phase deadlines and NMR checks; club III.2.4 declarations; bans",
    },
    Schedule {
        name: "deadline-reminders",
        function: "notify",
        expression: "cron(0/5 * * * ? *)",
        timezone: "UTC",
        purpose: "wm D.VII.1: reminders 24 hours and 1 hour before deadlines to players who have not finished",
    },
    Schedule {
        name: "club-decay",
        function: "apply-decay",
        expression: "cron(0 0 ? * SAT *)",
        timezone: "Europe/London",
        purpose: "club II.6: weekly inactivity decay, after the Friday session",
    },
    Schedule {
        name: "nomic-end-of-day",
        function: "adjudicate-deadline",
        expression: "cron(0 0 * * ? *)",
        timezone: "Europe/London",
        purpose: "nomic 113: voting completes at the end of the UK day",
    },
];

/// Looks a schedule up by name.
pub fn schedule(name: &str) -> Option<&'static Schedule> {
    SCHEDULES.iter().find(|s| s.name == name)
}

/// The schedule `name` if `function` runs it: an event routed to the wrong
/// function is refused, so it changes nothing.
pub fn schedule_of(function: &str, name: &str) -> Result<&'static Schedule, String> {
    schedule(name)
        .filter(|s| s.function == function)
        .ok_or_else(|| format!("{function} does not run schedule {name:?}"))
}

/// Why an expression cannot run locally.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("schedule {name}: {reason}")]
pub struct ScheduleError {
    pub name: &'static str,
    pub reason: String,
}

impl Schedule {
    /// The expression in the `cron` crate's 7-field syntax: EventBridge's
    /// `cron(m h dom mon dow yr)` with a seconds field in front. EventBridge
    /// requires `?` in one day field; the crate reads `?` as `*` and would
    /// AND the two day fields, which is what a lone `?` means anyway.
    pub fn local_cron(&self) -> Result<cron::Schedule, ScheduleError> {
        let err = |reason: String| ScheduleError {
            name: self.name,
            reason,
        };
        let inner = self
            .expression
            .strip_prefix("cron(")
            .and_then(|s| s.strip_suffix(')'))
            .ok_or_else(|| err("only cron(...) expressions are used".into()))?;
        let fields: Vec<&str> = inner.split_whitespace().collect();
        if fields.len() != 6 {
            return Err(err(format!(
                "EventBridge cron has 6 fields, not {}",
                fields.len()
            )));
        }
        if (fields[2] == "?") == (fields[4] == "?") {
            return Err(err(
                "exactly one of day-of-month and day-of-week must be '?'".into(),
            ));
        }
        cron::Schedule::from_str(&format!("0 {inner}")).map_err(|e| err(e.to_string()))
    }

    pub fn zone(&self) -> Result<Tz, ScheduleError> {
        Tz::from_str(self.timezone).map_err(|e| ScheduleError {
            name: self.name,
            reason: format!("unknown time zone: {e}"),
        })
    }

    /// The first firing strictly after `t`, in UTC, honouring daylight saving.
    pub fn next_after(&self, t: DateTime<Utc>) -> Result<Option<DateTime<Utc>>, ScheduleError> {
        let zone = self.zone()?;
        Ok(self
            .local_cron()?
            .after(&t.with_timezone(&zone))
            .next()
            .map(|d| d.with_timezone(&Utc)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> DateTime<Utc> {
        s.parse().unwrap()
    }

    fn next(name: &str, after: &str) -> DateTime<Utc> {
        schedule(name)
            .unwrap()
            .next_after(at(after))
            .unwrap()
            .unwrap()
    }

    #[test]
    fn every_schedule_parses_and_has_a_valid_zone() {
        for s in SCHEDULES {
            s.local_cron().unwrap();
            s.zone().unwrap();
            assert!(
                schedule(s.name).is_some_and(|found| found == s),
                "names are unique"
            );
        }
    }

    #[test]
    fn acwc_iv_d_publication_fires_monday_midnight_utc() {
        // Sunday 2026-11-22 23:59:59 -> Monday 2026-11-23 00:00.
        assert_eq!(
            next("weekly-round-publication", "2026-11-22T23:59:59Z"),
            at("2026-11-23T00:00:00Z")
        );
    }

    #[test]
    fn club_ii_6_decay_fires_saturday_midnight_london_across_dst() {
        // In summer London is UTC+1: Saturday 00:00 BST is Friday 23:00 UTC.
        assert_eq!(
            next("club-decay", "2026-07-01T00:00:00Z"),
            at("2026-07-03T23:00:00Z")
        );
        // In winter it is UTC.
        assert_eq!(
            next("club-decay", "2026-12-01T00:00:00Z"),
            at("2026-12-05T00:00:00Z")
        );
    }

    #[test]
    fn nomic_113_end_of_day_fires_at_uk_midnight() {
        assert_eq!(
            next("nomic-end-of-day", "2026-07-01T12:00:00Z"),
            at("2026-07-01T23:00:00Z")
        );
        assert_eq!(
            next("nomic-end-of-day", "2026-12-01T12:00:00Z"),
            at("2026-12-02T00:00:00Z")
        );
    }

    #[test]
    fn deadline_sweep_fires_every_five_minutes() {
        assert_eq!(
            next("deadline-sweep", "2026-11-21T10:02:00Z"),
            at("2026-11-21T10:05:00Z")
        );
        assert_eq!(
            next("deadline-sweep", "2026-11-21T10:05:00Z"),
            at("2026-11-21T10:10:00Z")
        );
    }

    #[test]
    fn bad_expressions_are_rejected() {
        let bad = Schedule {
            name: "bad",
            function: "f",
            expression: "cron(0 0 * * MON *)",
            timezone: "Mars/Olympus",
            purpose: "",
        };
        assert!(bad.local_cron().is_err(), "both day fields set");
        assert!(bad.zone().is_err());
        let rate = Schedule {
            expression: "rate(5 minutes)",
            ..bad
        };
        assert!(rate.local_cron().is_err());
    }
}
