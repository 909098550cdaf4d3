//! What the rules make the organizers tell people: committed events turned into
//! notices, and reminders of deadlines.
//!
//! A [`Notice`] says what happened, to whom the rules say it must be told, and which
//! clause says so. Delivery (addresses, channels, retries, de-duplication) lives
//! outside the domain; here everything is a pure function of the competition's state
//! after the commit and the commit itself, so replaying a commit yields the same
//! notices.
//!
//! **Secrecy.** A notice is derived from the event itself and from what the state
//! shows to everyone. The competition then keeps a recipient only if the API shows
//! them the event unredacted, and a public notice only if the event is shown
//! unredacted to someone outside the competition
//! (`crate::competition::Competition::notices`). So no message can carry what its
//! recipient could not read through the API, whatever a kind's builder does.

use crate::envelope::{Envelope, UserId};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// What a notice is about. Subscribers mute topics; the rules forbid muting
/// the ones they require (pairings, nmr, adjudication, vote-result,
/// declaration, points); reminder, results and announcement can be muted.
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
pub enum Topic {
    /// acwc IV.E: a round's pairings are posted.
    Pairings,
    /// Results of matches, games or boards, and standings after them.
    Results,
    /// wm B.8.b: a power missed its orders.
    Nmr,
    /// wm D.IX.2: an adjudication is published.
    Adjudication,
    /// wm D.IX.2: the result of a draw or concession vote is published.
    VoteResult,
    /// club III.2.4: a moderator's declaration.
    Declaration,
    /// nomic 209: a player's points changed.
    Points,
    /// wm D.VII.1: a deadline is near and the recipient has not finished.
    Reminder,
    /// Anything else a kind announces (replacements, judgements, rounds closed...).
    Announcement,
}

impl Topic {
    /// Every topic, for documentation and validation.
    pub const ALL: [Topic; 9] = [
        Topic::Pairings,
        Topic::Results,
        Topic::Nmr,
        Topic::Adjudication,
        Topic::VoteResult,
        Topic::Declaration,
        Topic::Points,
        Topic::Reminder,
        Topic::Announcement,
    ];

    /// The clause that requires notices of this topic to reach their recipients, or
    /// `None` when they are a courtesy a subscriber may mute.
    pub fn required_by(self) -> Option<&'static str> {
        match self {
            Topic::Pairings => Some("acwc IV.E"),
            Topic::Nmr => Some("wm B.8.b"),
            Topic::Adjudication | Topic::VoteResult => Some("wm D.IX.2"),
            Topic::Declaration => Some("club III.2.4"),
            Topic::Points => Some("nomic 209"),
            // wm D.VII.1: "the lack of a reminder will not serve to excuse failure".
            Topic::Reminder | Topic::Results | Topic::Announcement => None,
        }
    }

    /// The topic's kebab-case name.
    pub fn as_str(self) -> &'static str {
        match self {
            Topic::Pairings => "pairings",
            Topic::Results => "results",
            Topic::Nmr => "nmr",
            Topic::Adjudication => "adjudication",
            Topic::VoteResult => "vote-result",
            Topic::Declaration => "declaration",
            Topic::Points => "points",
            Topic::Reminder => "reminder",
            Topic::Announcement => "announcement",
        }
    }
}

/// Who a notice is for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Audience {
    /// Everyone following the competition: its announcement channels (a club's
    /// Discord, a Nomic points thread, an organizer's site).
    Public,
    /// These users, each through their own subscriptions.
    Users(BTreeSet<UserId>),
}

/// One thing the rules make someone tell someone, from one event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Notice {
    /// The event's index inside its commit.
    pub event_index: u32,
    /// The event's kebab-case name (its `event` tag), e.g. `nmr-recorded`.
    pub event: String,
    pub topic: Topic,
    /// The clause that makes this notice happen, e.g. `wm B.8.b`.
    pub clause: String,
    pub audience: Audience,
    /// One line.
    pub subject: String,
    /// Plain text.
    pub text: String,
    /// A client path, e.g. `/v1/competitions/{id}`.
    pub link: String,
}

/// A reminder that a deadline is near, for the users who have not finished.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reminder {
    /// The deadline reminded of.
    pub deadline: DateTime<Utc>,
    /// 24 or 1: which of the two reminders this is ([`REMINDER_HOURS`]).
    pub hours_before: u32,
    /// What falls due, stable for one deadline (e.g. `S1901M`, `round-3`): with the
    /// deadline and the hours it names the reminder for de-duplication.
    pub occasion: String,
    /// Users who have not yet submitted final orders or finished their match.
    pub users: BTreeSet<UserId>,
    pub clause: String,
    pub subject: String,
    pub text: String,
    pub link: String,
}

/// The reminders sent before each deadline, in hours (wm D.VII.1).
pub const REMINDER_HOURS: [u32; 2] = [24, 1];

/// Which of [`REMINDER_HOURS`] have come due at `now` for `deadline`: those whose
/// time (`deadline - hours`) has been reached, and none once the deadline passed.
pub fn hours_due(deadline: DateTime<Utc>, now: DateTime<Utc>) -> impl Iterator<Item = u32> {
    REMINDER_HOURS
        .into_iter()
        .filter(move |h| now < deadline && deadline - chrono::Duration::hours(i64::from(*h)) <= now)
}

/// The kebab-case tag of a kind's event (its `event` field, e.g. `nmr-recorded`),
/// for [`Notice::event`].
pub fn event_tag(event: &impl Serialize) -> String {
    serde_json::to_value(event)
        .ok()
        .and_then(|v| v.get("event")?.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// What every notice about one event shares: its place in the commit, its name and
/// the link. Made once per event, so the name (read off the serialised event) is not
/// worked out again for each of a round's two hundred recipients.
#[derive(Debug, Clone)]
pub struct About {
    pub event_index: u32,
    pub event: String,
    pub link: String,
}

impl About {
    /// The event at `index` of its commit, linking to `link`.
    pub fn new(index: usize, event: &impl Serialize, link: String) -> Self {
        Self {
            event_index: u32::try_from(index).unwrap_or(u32::MAX),
            event: event_tag(event),
            link,
        }
    }

    /// A notice about this event.
    pub fn notice(
        &self,
        topic: Topic,
        clause: &str,
        audience: Audience,
        subject: impl Into<String>,
        text: impl Into<String>,
    ) -> Notice {
        Notice {
            event_index: self.event_index,
            event: self.event.clone(),
            topic,
            clause: clause.into(),
            audience,
            subject: subject.into(),
            text: text.into(),
            link: self.link.clone(),
        }
    }
}

/// An instant as notices state it: UTC, to the second (wm D.VII.4.b: deadlines
/// are stated in GMT; acwc IV.F counts to Sunday 23:59:59 UTC).
pub fn utc(at: DateTime<Utc>) -> String {
    at.format("%Y-%m-%d %H:%M:%S UTC").to_string()
}

/// The path clients open for a competition.
pub fn competition_link(state: &Envelope) -> String {
    format!("/v1/competitions/{}", state.id)
}

/// The path of one commit in the audit log.
pub fn commit_link(state: &Envelope, version: u64) -> String {
    format!(
        "/v1/competitions/{}/log?cursor={}&limit=1",
        state.id,
        version.saturating_sub(1)
    )
}
