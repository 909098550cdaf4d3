//! The club's own choices, in one place (STYLE "one place for each rule
//! option"): the session window and room of club J.5, the club's time zone,
//! the Elo K of club II.3, the presence threshold of club J.9 and the weekly
//! deductions of club II.6.1–II.6.2. Validated when the club is set up, and
//! thereafter changed by the Chief Justice: by changing the Terms (club IV.1,
//! see `terms`) or by a technical modification (club III.5). Each change
//! applies from its publication (club IV.2); [`super::Ladder::settings_at`]
//! gives the settings in force at any instant.

use crate::refusal::Refusal;
use chrono::{DateTime, Datelike, Days, NaiveDate, NaiveTime, TimeZone, Utc, Weekday};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

/// club J.5: games are played on a Friday; club II.9.2: bans expire on a Friday.
pub const SESSION_DAY: Weekday = Weekday::Fri;

/// club II.6.1: the Terms' points lost per week absent, from the third.
pub const ABSENCE_DEDUCTION: i64 = 15;
/// club II.6.2: the Terms' points lost per week without a game, from the third.
pub const IDLE_DEDUCTION: i64 = 5;
/// club II.6.1–II.6.2: the Terms' week of a streak from which deductions apply.
pub const STREAK_THRESHOLD: u32 = 3;

fn absence_deduction() -> i64 {
    ABSENCE_DEDUCTION
}

fn idle_deduction() -> i64 {
    IDLE_DEDUCTION
}

fn streak_threshold() -> u32 {
    STREAK_THRESHOLD
}

/// The club's settings. The II.6 amounts default to the Terms' own, so
/// settings recorded before they were settings still load.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "ClubLadderSettings")]
pub struct Settings {
    /// club J.5: the room games are played in ("322").
    pub room: String,
    /// club J.5: the session opens at this local time (12:30).
    pub session_start: NaiveTime,
    /// club J.5: the session closes at this local time (13:10).
    pub session_end: NaiveTime,
    /// The IANA zone the club's clock runs in (Europe/London).
    pub time_zone: String,
    /// club II.3: the Elo K factor.
    pub elo_k: u32,
    /// club J.9: minutes in the room that make a member "present" (5).
    pub presence_minutes: u32,
    /// club II.6.1: points lost per week absent, from the threshold week (15).
    #[serde(default = "absence_deduction")]
    pub absence_deduction: i64,
    /// club II.6.2: points lost per week without a game, from the threshold
    /// week (5).
    #[serde(default = "idle_deduction")]
    pub idle_deduction: i64,
    /// club II.6.1–II.6.2: the week of a streak from which deductions apply
    /// ("after and including the third missed": 3).
    #[serde(default = "streak_threshold")]
    pub streak_threshold: u32,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            room: "322".into(),
            session_start: NaiveTime::from_hms_opt(12, 30, 0).expect("valid"),
            session_end: NaiveTime::from_hms_opt(13, 10, 0).expect("valid"),
            time_zone: "Europe/London".into(),
            elo_k: 32,
            presence_minutes: 5,
            absence_deduction: ABSENCE_DEDUCTION,
            idle_deduction: IDLE_DEDUCTION,
            streak_threshold: STREAK_THRESHOLD,
        }
    }
}

impl Settings {
    /// Checks the settings make sense; the club cannot run on bad ones.
    pub fn validate(&self) -> Result<(), Refusal> {
        if self.room.trim().is_empty() || self.room.chars().count() > 64 {
            return Err(Refusal::invalid(
                "club J.5: the room must be 1 to 64 characters",
            ));
        }
        if self.time_zone.parse::<Tz>().is_err() {
            return Err(Refusal::invalid(format!(
                "club J.5: unknown time zone {:?}",
                self.time_zone
            )));
        }
        if self.session_start >= self.session_end {
            return Err(Refusal::invalid(
                "club J.5: the session must start before it ends",
            ));
        }
        if !(1..=100).contains(&self.elo_k) {
            return Err(Refusal::invalid(
                "club II.3: the Elo K factor must be 1 to 100",
            ));
        }
        let length = (self.session_end - self.session_start).num_minutes();
        if self.presence_minutes == 0 || i64::from(self.presence_minutes) > length {
            return Err(Refusal::invalid(
                "club J.9: presence must be at least one minute and fit in the session",
            ));
        }
        // A deduction is a loss (0 abolishes it); the floor (II.2) bounds it
        // in effect, 1000 only keeps the number sane.
        for amount in [self.absence_deduction, self.idle_deduction] {
            if !(0..=1000).contains(&amount) {
                return Err(Refusal::invalid(
                    "club II.6: a weekly deduction is 0 to 1000 points",
                ));
            }
        }
        if !(1..=52).contains(&self.streak_threshold) {
            return Err(Refusal::invalid(
                "club II.6: deductions start from week 1 to 52 of a streak",
            ));
        }
        Ok(())
    }

    /// The club's time zone; settings are validated, so it parses.
    pub fn zone(&self) -> Tz {
        self.time_zone.parse().unwrap_or(chrono_tz::Europe::London)
    }

    /// The club-local date of `t`.
    pub fn local_date(&self, t: DateTime<Utc>) -> NaiveDate {
        t.with_timezone(&self.zone()).date_naive()
    }

    /// A local date and time in the club's zone, as UTC (the earlier instant
    /// if the local time occurs twice, the later one if it is skipped).
    pub fn instant(&self, date: NaiveDate, time: NaiveTime) -> DateTime<Utc> {
        let zone = self.zone();
        let local = date.and_time(time);
        match zone.from_local_datetime(&local).earliest() {
            Some(t) => t.with_timezone(&Utc),
            None => zone
                .from_local_datetime(&(local + chrono::Duration::hours(1)))
                .earliest()
                .map(|t| t.with_timezone(&Utc))
                .unwrap_or_else(|| Utc.from_utc_datetime(&local)),
        }
    }

    /// club J.5: the session `t` falls in (its Friday), if any.
    pub fn session_of(&self, t: DateTime<Utc>) -> Option<NaiveDate> {
        let local = t.with_timezone(&self.zone());
        let time = local.time();
        (local.weekday() == SESSION_DAY && time >= self.session_start && time <= self.session_end)
            .then(|| local.date_naive())
    }

    /// The instant the session of `date` opens.
    pub fn session_opens(&self, date: NaiveDate) -> DateTime<Utc> {
        self.instant(date, self.session_start)
    }

    /// The instant the session of `date` closes (the bell).
    pub fn session_closes(&self, date: NaiveDate) -> DateTime<Utc> {
        self.instant(date, self.session_end)
    }

    /// The week a date belongs to, named by its session day: the first
    /// Friday on or after `date` (weeks run Saturday to Friday, so the weekly
    /// decay at Saturday 00:00 closes the week just ended).
    pub fn week_of(&self, date: NaiveDate) -> NaiveDate {
        first_friday_on_or_after(date)
    }

    /// club II.6: when the week of session `week` is closed and its decay
    /// applied: the following Saturday 00:00 club time.
    pub fn week_closes(&self, week: NaiveDate) -> DateTime<Utc> {
        self.instant(week + Days::new(1), NaiveTime::MIN)
    }

    /// club II.9.2: a ban expiring on Friday `date` ends at 00:00 club time
    /// that day, so the member may play in that day's session.
    pub fn ban_ends(&self, date: NaiveDate) -> DateTime<Utc> {
        self.instant(date, NaiveTime::MIN)
    }

    /// The first session that opens strictly after `t`.
    pub fn next_session_after(&self, t: DateTime<Utc>) -> NaiveDate {
        let mut date = first_friday_on_or_after(self.local_date(t));
        while self.session_opens(date) <= t {
            date = date + Days::new(7);
        }
        date
    }
}

/// The first Friday on or after `date`.
pub fn first_friday_on_or_after(date: NaiveDate) -> NaiveDate {
    let from = date.weekday().num_days_from_monday();
    let to = SESSION_DAY.num_days_from_monday();
    date + Days::new(u64::from((7 + to - from) % 7))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::at;

    #[test]
    fn club_j_5_default_session_is_friday_12_30_to_13_10_in_322_london() {
        let s = Settings::default();
        assert!(s.validate().is_ok());
        // 2026-01-09 is a Friday; London is on GMT in January.
        assert_eq!(
            s.session_of(at("2026-01-09T12:30:00Z")),
            NaiveDate::from_ymd_opt(2026, 1, 9)
        );
        assert_eq!(
            s.session_of(at("2026-01-09T13:10:00Z")),
            NaiveDate::from_ymd_opt(2026, 1, 9)
        );
        assert_eq!(s.session_of(at("2026-01-09T13:11:00Z")), None);
        assert_eq!(s.session_of(at("2026-01-08T12:45:00Z")), None);
        // In summer the club's 12:30 is 11:30 UTC.
        assert_eq!(
            s.session_of(at("2026-06-05T11:45:00Z")),
            NaiveDate::from_ymd_opt(2026, 6, 5)
        );
        assert_eq!(s.session_of(at("2026-06-05T12:45:00Z")), None);
    }

    #[test]
    fn club_j_5_settings_are_validated_at_set_up() {
        let bad_zone = Settings {
            time_zone: "Mars/Olympus".into(),
            ..Settings::default()
        };
        assert!(bad_zone.validate().is_err());
        let backwards = Settings {
            session_start: NaiveTime::from_hms_opt(13, 30, 0).unwrap(),
            ..Settings::default()
        };
        assert!(backwards.validate().is_err());
        let zero_k = Settings {
            elo_k: 0,
            ..Settings::default()
        };
        assert!(zero_k.validate().is_err());
        let no_room = Settings {
            room: " ".into(),
            ..Settings::default()
        };
        assert!(no_room.validate().is_err());
    }

    #[test]
    fn club_ii_6_settings_recorded_without_the_amounts_load_with_the_terms_amounts() {
        // Settings as recorded before the II.6 amounts were settings: the
        // Terms' own amounts apply (II.6.1: 15, II.6.2: 5, from the third week).
        let old = r#"{"room":"322","session_start":"12:30:00","session_end":"13:10:00",
            "time_zone":"Europe/London","elo_k":32,"presence_minutes":5}"#;
        let s: Settings = serde_json::from_str(old).unwrap();
        assert_eq!(
            (s.absence_deduction, s.idle_deduction, s.streak_threshold),
            (15, 5, 3)
        );
        assert_eq!(s, Settings::default());
    }

    #[test]
    fn club_ii_6_deduction_amounts_are_validated() {
        // A deduction is a loss of 0 (abolished) or more; the streak starts
        // counting from its first week at the earliest.
        let abolished = Settings {
            idle_deduction: 0,
            ..Settings::default()
        };
        assert!(abolished.validate().is_ok());
        let bonus = Settings {
            absence_deduction: -15,
            ..Settings::default()
        };
        assert!(bonus.validate().is_err());
        let never = Settings {
            streak_threshold: 0,
            ..Settings::default()
        };
        assert!(never.validate().is_err());
    }

    #[test]
    fn club_ii_6_weeks_close_saturday_midnight_london() {
        let s = Settings::default();
        let fri = NaiveDate::from_ymd_opt(2026, 6, 5).unwrap();
        assert_eq!(
            s.week_of(NaiveDate::from_ymd_opt(2026, 5, 30).unwrap()),
            fri
        );
        assert_eq!(s.week_of(fri), fri);
        // Saturday 00:00 BST is Friday 23:00 UTC.
        assert_eq!(s.week_closes(fri), at("2026-06-05T23:00:00Z"));
        assert_eq!(
            s.next_session_after(at("2026-06-05T12:00:00Z")),
            NaiveDate::from_ymd_opt(2026, 6, 12).unwrap()
        );
    }
}
