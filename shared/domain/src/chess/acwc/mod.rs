//! The Antichess World Championship (acwc): registration and eligibility,
//! the Swiss qualification with Monrad pairing, the Candidates round-robin,
//! the Final, match results, time negotiation, forfeits and deadlines.
//!
//! This module plugs into the competition envelope through the functions
//! below; [`crate::competition`] calls them. Everything is pure.

use crate::competition::{Competition, Context, Recorded, UserId};
use crate::refusal::Refusal;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// The rules state of one competition of this kind.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Championship {}

/// A request to this kind's rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum Command {
    /// Placeholder until the kind's commands land.
    Noop,
}

impl Command {
    pub fn name(&self) -> &'static str {
        match self {
            Command::Noop => "noop",
        }
    }
}

/// Something that happened under this kind's rules. Serialized inside the
/// envelope's event, so its tag is `event`, not `type`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// Placeholder until the kind's events land.
    Noted,
}

impl Event {
    /// The user this event makes a member of the competition, if any.
    pub fn member_added(&self) -> Option<&UserId> {
        None
    }
}

/// Decides a command of this kind.
pub fn decide(
    _env: &Competition,
    _state: &Championship,
    _command: &Command,
    _ctx: &Context,
) -> Result<Vec<Recorded>, Refusal> {
    Err(Refusal::not_implemented("not yet"))
}

/// Folds an event into the state; total, never refuses.
pub fn apply(_state: &mut Championship, _event: &Event, _at: DateTime<Utc>) {}

/// What falls due by `ctx.now`.
pub fn tick(
    _env: &Competition,
    _state: &Championship,
    _ctx: &Context,
) -> Result<Vec<Recorded>, Refusal> {
    Ok(vec![])
}

/// The next instant a schedule must act.
pub fn next_due(_state: &Championship) -> Option<DateTime<Utc>> {
    None
}

/// The kind's view for `viewer`.
pub fn view(
    _env: &Competition,
    _state: &Championship,
    _viewer: Option<&UserId>,
) -> serde_json::Value {
    serde_json::Value::Null
}

/// The event as `viewer` may see it in the audit log; `None` hides it.
pub fn redact(
    _env: &Competition,
    _state: &Championship,
    event: &Event,
    _viewer: Option<&UserId>,
) -> Option<Event> {
    Some(event.clone())
}
