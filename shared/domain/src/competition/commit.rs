//! The audit log's entries: each decided command as a [`Commit`] of
//! [`Recorded`] events, and the same entry as a viewer may read it.

use super::{Competition, Event};
use crate::envelope::{Actor, Committed, CompetitionId, Entry, Ruled, UserId};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// An event with the clause that made it happen, when a rule acted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Recorded {
    #[serde(flatten)]
    pub event: Event,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clause: Option<String>,
}

impl Recorded {
    pub fn new(event: Event) -> Self {
        Self {
            event,
            clause: None,
        }
    }

    pub fn by_rule(event: Event, clause: impl Into<String>) -> Self {
        Self {
            event,
            clause: Some(clause.into()),
        }
    }
}

/// Files a kind's decided events in the log, each as `wrap` makes it one of
/// the competition's events.
pub(super) fn file<E>(ruled: Vec<Ruled<E>>, wrap: fn(E) -> Event) -> Vec<Recorded> {
    ruled
        .into_iter()
        .map(|r| Recorded {
            event: wrap(r.event),
            clause: r.clause,
        })
        .collect()
}

/// The client's Idempotency-Key for a command, with a digest of the request
/// so a key reused for a different request is recognised.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Idempotency {
    pub key: String,
    pub request_digest: String,
}

/// What the audit log names a commit whose every event is withheld from the
/// viewer (club I.9.5).
pub const WITHHELD_COMMAND: &str = "withheld";

/// One decided command: an entry of the audit log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Commit {
    /// 1 for the commit that created the competition, then consecutive.
    pub version: u64,
    pub at: DateTime<Utc>,
    pub actor: Actor,
    pub command: String,
    pub events: Vec<Recorded>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub idempotency: Option<Idempotency>,
}

/// An entry of the audit log as callers see it: the commit without the
/// caller's idempotency key. Kinds with secrets (orders before adjudication,
/// individual votes, redacted data) redact their events here by viewer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct LogEntry {
    pub version: u64,
    /// When the commit was made; `None` on a withheld commit, whose time
    /// would date a secret act (acwc VII.A: when someone accused someone).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<DateTime<Utc>>,
    /// Who acted; `None` when the rules keep it secret from this viewer
    /// (wm D.IX: who voted; wm D.X: who sent grey press).
    pub actor: Option<Actor>,
    pub command: String,
    pub events: Vec<Recorded>,
}

impl Commit {
    /// The entry as `viewer` may see it, given the competition's current
    /// state: each kind hides or redacts its secret events.
    pub fn log_entry(&self, state: &Competition, viewer: Option<&UserId>) -> LogEntry {
        let events: Vec<Recorded> = self
            .events
            .iter()
            .filter_map(|r| {
                Some(Recorded {
                    event: redact_event(state, &r.event, viewer)?,
                    clause: r.clause.clone(),
                })
            })
            .collect();
        let conceals_actor = self.events.iter().any(|r| r.event.conceals_actor());
        let is_actor = matches!((&self.actor, viewer), (Actor::User(a), Some(v)) if a == v);
        // A viewer who may see none of a commit's events learns neither what
        // was done, nor by whom, nor when (club I.9.5 anti-cheat reports,
        // acwc VII.A accusations, whatever secret a kind adds); the version
        // stays (versions are consecutive, so its existence could not be
        // hidden). The actor still sees their own act.
        let withheld = events.is_empty() && !self.events.is_empty() && !is_actor;
        LogEntry {
            version: self.version,
            at: (!withheld).then_some(self.at),
            actor: ((!conceals_actor && !withheld) || is_actor).then(|| self.actor.clone()),
            command: if withheld {
                WITHHELD_COMMAND.to_owned()
            } else {
                self.command.clone()
            },
            events,
        }
    }
}

/// One event as `viewer` may see it, given the competition's current state:
/// `None` when it is withheld from them, a redacted copy when part of it is
/// secret. The audit log and notifications both go through here, so nothing
/// reaches anyone by message that the API would not show them.
pub fn redact_event(state: &Competition, event: &Event, viewer: Option<&UserId>) -> Option<Event> {
    state.game.redact(state, event, viewer)
}

impl Commit {
    /// The commit as one kind reads it: its own events, picked out of the
    /// competition's by `pick`, with their places in the commit.
    pub(super) fn of<'a, E>(&'a self, pick: fn(&'a Event) -> Option<&'a E>) -> Committed<'a, E> {
        Committed {
            version: self.version,
            at: self.at,
            actor: &self.actor,
            events: self
                .events
                .iter()
                .enumerate()
                .filter_map(|(index, r)| {
                    Some(Entry {
                        index,
                        event: pick(&r.event)?,
                        clause: r.clause.as_deref(),
                    })
                })
                .collect(),
        }
    }
}

/// What a successful command answers: where the competition now stands and
/// what happened. Kept for idempotent retries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Receipt {
    pub competition: CompetitionId,
    pub version: u64,
    pub command: String,
    pub events: Vec<Recorded>,
}

/// The answer to the command that made `commit`.
pub fn receipt(id: &CompetitionId, commit: &Commit) -> Receipt {
    Receipt {
        competition: id.clone(),
        version: commit.version,
        command: commit.command.clone(),
        events: commit.events.clone(),
    }
}
