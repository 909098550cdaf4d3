//! Turns in UK time (nomic 106): allocated days (nomic 201), the 19:00
//! deadline for proper proposals (nomic 202), complete circuits of turns
//! (nomic 204), and the order in which Judges are found (nomic 214).

use crate::calendar::{local_date, UK};
use crate::envelope::UserId;
use chrono::{DateTime, Datelike, Days, NaiveDate, NaiveTime, TimeZone, Timelike, Utc, Weekday};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// nomic 201: each player is allocated one day a week. Only weekdays can be
/// allocated: anything posted on a Saturday or Sunday is void.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum AllocatedDay {
    Monday,
    Tuesday,
    Wednesday,
    Thursday,
    Friday,
}

impl AllocatedDay {
    pub const ALL: [AllocatedDay; 5] = [
        AllocatedDay::Monday,
        AllocatedDay::Tuesday,
        AllocatedDay::Wednesday,
        AllocatedDay::Thursday,
        AllocatedDay::Friday,
    ];

    /// The allocated day a date falls on; `None` at the weekend.
    pub fn of(date: NaiveDate) -> Option<Self> {
        match date.weekday() {
            Weekday::Mon => Some(Self::Monday),
            Weekday::Tue => Some(Self::Tuesday),
            Weekday::Wed => Some(Self::Wednesday),
            Weekday::Thu => Some(Self::Thursday),
            Weekday::Fri => Some(Self::Friday),
            Weekday::Sat | Weekday::Sun => None,
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// nomic 202: a proposal is proper only "before 7pm on their allocated day".
pub const PROPOSAL_DEADLINE_HOUR: u32 = 19;

/// nomic 106: the UK day an instant falls on.
pub fn uk_date(t: DateTime<Utc>) -> NaiveDate {
    local_date(t, UK)
}

/// nomic 106, 202: whether `t` is before `hour`:00 UK time (GMT or BST);
/// the Initial Set's hour is [`PROPOSAL_DEADLINE_HOUR`].
pub fn before_proposal_deadline(t: DateTime<Utc>, hour: u32) -> bool {
    t.with_timezone(&UK).time().hour() < hour
}

/// nomic 106: the first instant after the UK day `date`, as UTC. UK
/// daylight-saving changes happen at 01:00 UTC, so local midnight exists.
pub fn end_of_uk_date(date: NaiveDate) -> DateTime<Utc> {
    let next = date + Days::new(1);
    UK.from_local_datetime(&next.and_time(NaiveTime::MIN))
        .earliest()
        .map_or_else(
            || Utc.from_utc_datetime(&next.and_time(NaiveTime::MIN)),
            |t| t.with_timezone(&Utc),
        )
}

/// nomic 106: an instant as a UK reader gives it, e.g. `Wed 18 Mar 23:59`
/// (the first instant after a day reads as that day's 24:00, i.e. 23:59 is
/// the last minute to act).
pub fn uk_time(t: DateTime<Utc>) -> String {
    let local = (t - chrono::Duration::seconds(1)).with_timezone(&UK);
    if t.with_timezone(&UK).time() == NaiveTime::MIN {
        return local.format("%a %-d %b 23:59").to_string();
    }
    t.with_timezone(&UK).format("%a %-d %b %H:%M").to_string()
}

/// The first weekday on or after `date`: the day on which someone can act
/// (nomic 201: weekend messages are void).
pub fn serving_date(date: NaiveDate) -> NaiveDate {
    let mut d = date;
    while AllocatedDay::of(d).is_none() {
        d = d + Days::new(1);
    }
    d
}

/// nomic 204: the end of the `circuits`-th (the second) complete circuit of
/// turns, for a game begun at `begun` whose players hold `days`. The first
/// turn is the first allocated day on or after the UK day the game began; a
/// circuit is one turn of every player in order of days, one week, so the
/// second circuit ends at the end of the last allocated day of the week
/// after the first circuit's.
pub fn end_of_circuit(
    begun: DateTime<Utc>,
    days: &[AllocatedDay],
    circuits: u32,
) -> Option<DateTime<Utc>> {
    if days.is_empty() {
        return None;
    }
    let allocated = |d: NaiveDate| AllocatedDay::of(d).is_some_and(|a| days.contains(&a));
    let start = uk_date(begun);
    let first = (0..7)
        .map(|k| start + Days::new(k))
        .find(|d| allocated(*d))?;
    let last_of_first = (0..7)
        .rev()
        .map(|k| first + Days::new(k))
        .find(|d| allocated(*d))?;
    let weeks = u64::from(circuits.max(1) - 1);
    Some(end_of_uk_date(last_of_first + Days::new(7 * weeks)))
}

/// The player whose allocated day is `day`.
pub fn player_of(players: &BTreeMap<UserId, AllocatedDay>, day: AllocatedDay) -> Option<&UserId> {
    players.iter().find(|(_, d)| **d == day).map(|(u, _)| u)
}

/// nomic 214: the player whose allocated day precedes `from` in the order
/// of days (cyclically), skipping the player whose day is `serving`.
/// Starts with the day before `from`; `None` when nobody qualifies.
pub fn preceding_player(
    players: &BTreeMap<UserId, AllocatedDay>,
    from: AllocatedDay,
    serving: Option<AllocatedDay>,
) -> Option<UserId> {
    (1..=5)
        .map(|k| AllocatedDay::ALL[(from.index() + 5 - k) % 5])
        .filter(|d| Some(*d) != serving)
        .find_map(|d| player_of(players, d).cloned())
}
