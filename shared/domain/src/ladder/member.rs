//! Members of the leaderboard: joining (club II.1, J.12), presence at
//! sessions (J.9), removal by the Chief Justice (II.7) and on request (II.8).

use super::decide::{rec, Decider};
use super::elo::FLOOR;
use super::{Attendee, Event, Ladder, RemovalGrounds, Settings};
use crate::envelope::{Role, UserId, ROLES_CLAUSE};
use crate::ladder::Recorded;
use crate::refusal::Refusal;
use chrono::{DateTime, Days, Duration, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// club II.8: the Chief Justice complies with a removal request within 7 days.
pub const REMOVAL_REQUEST_DAYS: i64 = 7;

/// club II.7: the window of weeks looked at.
pub const INACTIVITY_WEEKS: usize = 6;

/// club II.9: a ban. Its expiry is a Friday (II.9.2); none is permanent (II.5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ban {
    pub power_use: u64,
    pub reason: String,
    pub expires: Option<NaiveDate>,
    /// 00:00 club time on the expiry Friday.
    pub ends_at: Option<DateTime<Utc>>,
}

impl Ban {
    pub fn active_at(&self, t: DateTime<Utc>) -> bool {
        self.ends_at.is_none_or(|end| t < end)
    }
}

/// club II.10: a monitor placed on a member.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MonitorOrder {
    pub power_use: u64,
    pub by: UserId,
    pub since: DateTime<Utc>,
    pub suspicion: String,
}

/// One member's week: presence at its session (J.9) and games played (II.6.2).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "ClubLadderWeekRecord")]
pub struct WeekRecord {
    pub present: bool,
    pub minutes: u32,
    pub games: u32,
    /// Whether the week has been closed by the decay (II.6).
    pub closed: bool,
}

/// A member of the leaderboard (club J.9: a student who has joined).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Member {
    pub score: i64,
    pub joined_at: DateTime<Utc>,
    /// club II.7: removed and not rejoined.
    pub removed: bool,
    pub ban: Option<Ban>,
    pub monitor: Option<MonitorOrder>,
    /// club II.11: must use a chessclock.
    pub chessclock: bool,
    /// club II.5: violations so far; they survive removal (ruling).
    pub fraud_violations: u32,
    /// club III.2.2: offences already penalised.
    pub offences: BTreeSet<String>,
    /// club II.6.1: consecutive weeks not present.
    pub absent_streak: u32,
    /// club II.6.2: consecutive weeks without a game.
    pub idle_streak: u32,
    /// Recent weeks by their Friday (the last six closed ones and any open).
    pub weeks: BTreeMap<NaiveDate, WeekRecord>,
    /// club II.6.3: recent decay deductions, by week, for appeals.
    pub deductions: BTreeMap<NaiveDate, i64>,
    /// club I.9.2: the last day this member played online.
    pub last_online_day: Option<NaiveDate>,
    /// club II.8: when the member asked to be removed.
    pub removal_requested: Option<DateTime<Utc>>,
    /// club II.12.2: the removal in force, which the member may petition.
    #[serde(default)]
    pub removal: Option<Removal>,
}

/// club II.7, II.8: a removal by the Chief Justice, kept while it stands so
/// that the Court can hear a petition against it (II.12.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Removal {
    pub grounds: RemovalGrounds,
    /// The Chief Justice who removed the member (none: the deadline sweep).
    pub by: Option<UserId>,
    pub at: DateTime<Utc>,
}

impl Member {
    pub fn new(score: i64, at: DateTime<Utc>) -> Self {
        Self {
            score,
            joined_at: at,
            removed: false,
            ban: None,
            monitor: None,
            chessclock: false,
            fraud_violations: 0,
            offences: BTreeSet::new(),
            absent_streak: 0,
            idle_streak: 0,
            weeks: BTreeMap::new(),
            deductions: BTreeMap::new(),
            last_online_day: None,
            removal_requested: None,
            removal: None,
        }
    }

    /// club II.7: "entered into the Leaderboard as per Act 1 and 2": a new
    /// score and a fresh record; the fraud record, penalised offences, the
    /// chessclock requirement and any expired ban stay with the person.
    pub fn rejoin(&mut self, score: i64, at: DateTime<Utc>) {
        let keep = (
            self.fraud_violations,
            std::mem::take(&mut self.offences),
            self.chessclock,
        );
        let ban = self.ban.take();
        *self = Member::new(score, at);
        (self.fraud_violations, self.offences, self.chessclock) = keep;
        self.ban = ban;
    }

    pub fn remove(&mut self) {
        self.removed = true;
        self.monitor = None;
        self.removal_requested = None;
        self.removal = None;
        self.absent_streak = 0;
        self.idle_streak = 0;
        self.weeks.clear();
    }

    pub fn banned_at(&self, t: DateTime<Utc>) -> bool {
        self.ban.as_ref().is_some_and(|b| b.active_at(t))
    }
}

/// club J.5, II.3, J.9: the organizer sets the club up; afterwards the
/// Chief Justice changes the settings, with the Terms (IV.1) or by a
/// technical modification (III.5).
pub(super) fn configure(d: &Decider, settings: &Settings) -> Result<Vec<Recorded>, Refusal> {
    if !d.env.has_role(d.actor, Role::Organizer) {
        return Err(Refusal::forbidden(
            ROLES_CLAUSE,
            "the organizer sets the club up",
        ));
    }
    if !d.state.members.is_empty() || !d.state.games.is_empty() {
        return Err(Refusal::rule(
            "club III.5",
            "the club is running: the Chief Justice changes the settings, with the Terms (IV.1) or by a technical modification",
        ));
    }
    settings.validate()?;
    Ok(vec![rec(
        Event::SettingsConfigured {
            settings: settings.clone(),
        },
        "club J.5",
    )])
}

/// club II.1: any student joins with 100 points; club J.12: a moderator may
/// add a non-member who is playing; club II.7: a member removed while banned
/// may not rejoin until the ban ends.
pub(super) fn join(d: &Decider, member: Option<&UserId>) -> Result<Vec<Recorded>, Refusal> {
    let who = member.unwrap_or(d.actor);
    if who != d.actor && !d.is_moderator(d.actor) {
        return Err(Refusal::forbidden(
            "club II.1",
            "students join the leaderboard themselves; a moderator may add a player (J.12)",
        ));
    }
    let rejoined = match d.state.members.get(who) {
        Some(m) if !m.removed => {
            return Err(Refusal::conflict(format!("{who} is already a member")))
        }
        Some(m) if m.banned_at(d.now) => {
            return Err(Refusal::rule(
                "club II.7",
                format!("{who} was removed while banned and may not rejoin until the ban ends"),
            ))
        }
        Some(_) => true,
        None => false,
    };
    Ok(vec![rec(
        Event::MemberJoined {
            member: who.clone(),
            score: FLOOR,
            rejoined,
        },
        "club II.1",
    )])
}

/// club J.9: a moderator records presence at a session; present means at
/// least `presence_minutes` (5) in the room, under the Terms in force when
/// the session opened (IV.2). A week already closed by the decay is
/// corrected only on appeal (II.6.3).
pub(super) fn record_attendance(
    d: &Decider,
    session: NaiveDate,
    attendees: &[Attendee],
) -> Result<Vec<Recorded>, Refusal> {
    d.require_moderator("club J.9", "record attendance")?;
    let s = d.state.settings_at(d.settings().session_opens(session));
    if s.week_of(session) != session {
        return Err(Refusal::rule(
            "club J.5",
            format!("{session} is not a Friday: there is no session"),
        ));
    }
    if s.session_opens(session) > d.now {
        return Err(Refusal::rule(
            "club J.9",
            "attendance is recorded once the session has begun",
        ));
    }
    let closing = d.state.closing.is_some() && super::decay::next_week(d.state) == Some(session);
    if closing || d.state.closed_through.is_some_and(|c| c >= session) {
        return Err(Refusal::rule(
            "club II.6.3",
            "that week's decay has been applied; a member corrects it by appeal",
        ));
    }
    let length = (s.session_end - s.session_start).num_minutes();
    let mut out = Vec::with_capacity(attendees.len());
    for a in attendees {
        if d.state.current_member(&a.member).is_none() {
            return Err(Refusal::not_found(format!("{} is not a member", a.member)));
        }
        if i64::from(a.minutes) > length {
            return Err(Refusal::invalid(format!(
                "the session lasts {length} minutes"
            )));
        }
        out.push(rec(
            Event::AttendanceRecorded {
                session,
                member: a.member.clone(),
                minutes: a.minutes,
                present: a.minutes >= s.presence_minutes,
            },
            "club J.9",
        ));
    }
    Ok(out)
}

/// club II.7: over the last six closed weeks, (weeks absent, games played).
pub fn inactivity(state: &Ladder, member: &Member) -> (usize, u32) {
    let Some(last) = state.closed_through else {
        return (0, 0);
    };
    let from = last - Days::new(7 * (INACTIVITY_WEEKS as u64 - 1));
    member
        .weeks
        .range(from..=last)
        .filter(|(_, w)| w.closed)
        .fold((0, 0), |(absent, games), (_, w)| {
            (absent + usize::from(!w.present), games + w.games)
        })
}

/// Whether `member` is a party to a hearing under way (club II.8.1).
pub fn in_hearing(state: &Ladder, member: &UserId) -> bool {
    state
        .appeals
        .values()
        .any(|a| a.hearing_under_way() && a.parties.contains(member))
}

/// club II.8: a member asks the Chief Justice to be removed.
pub(super) fn request_removal(d: &Decider) -> Result<Vec<Recorded>, Refusal> {
    let m = d
        .state
        .current_member(d.actor)
        .ok_or_else(|| Refusal::not_found("you are not a member"))?;
    if m.removal_requested.is_some() {
        return Err(Refusal::conflict("your removal is already requested"));
    }
    Ok(vec![rec(
        Event::RemovalRequested {
            member: d.actor.clone(),
        },
        "club II.8",
    )])
}

/// club II.8, II.8.1: the request is due; it waits while banned or in a hearing.
pub fn removal_due(state: &Ladder, member: &Member, user: &UserId) -> Option<DateTime<Utc>> {
    let asked = member.removal_requested?;
    if member.removed || in_hearing(state, user) {
        return None;
    }
    let due = asked + Duration::days(REMOVAL_REQUEST_DAYS);
    Some(match member.ban.as_ref() {
        Some(b) => due.max(b.ends_at?),
        None => due,
    })
}

/// club II.7, II.8: the Chief Justice removes a member. Only the member's
/// place on the leaderboard goes (club II.8.2: "Removing a Member does not
/// affect their status as Moderator or Justice, only their ability to be
/// counted in games"): roles are the competition's, which removal leaves
/// alone, and J.8 keeps the removed member out of games.
pub(super) fn remove(
    d: &Decider,
    user: &UserId,
    grounds: RemovalGrounds,
) -> Result<Vec<Recorded>, Refusal> {
    let clause = match grounds {
        RemovalGrounds::Inactivity => "club II.7",
        RemovalGrounds::Request => "club II.8",
    };
    d.require_chief(clause, "remove a member")?;
    let m = d
        .state
        .current_member(user)
        .ok_or_else(|| Refusal::not_found(format!("{user} is not a member")))?;
    match grounds {
        RemovalGrounds::Inactivity => {
            let (absent, games) = inactivity(d.state, m);
            if absent <= 3 || games > 2 {
                return Err(Refusal::rule(
                    "club II.7",
                    format!(
                        "{user} was absent {absent} of the past six weeks and played {games} games: \
                         removal needs more than three absences and at most two games"
                    ),
                ));
            }
        }
        RemovalGrounds::Request => {
            if m.removal_requested.is_none() {
                return Err(Refusal::rule(
                    "club II.8",
                    format!("{user} has not asked to be removed"),
                ));
            }
            if m.banned_at(d.now) || in_hearing(d.state, user) {
                return Err(Refusal::rule(
                    "club II.8.1",
                    format!("{user} is banned or in a Court hearing: the request waits until that has passed"),
                ));
            }
        }
    }
    Ok(vec![rec(
        Event::MemberRemoved {
            member: user.clone(),
            grounds,
            by: Some(d.actor.clone()),
        },
        clause,
    )])
}
