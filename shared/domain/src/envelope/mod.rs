//! The envelope core: what every competition has whatever its kind, and what
//! a kind may know of the competition it runs in.
//!
//! This is the layer below the kinds. It names no kind and not the registry
//! ([`crate::competition`]), so a kind imports it without folding the layers:
//! a kind decides with its own state, the envelope and a [`Context`], returns
//! its own events as [`Ruled`] values, and reads a commit back as a
//! [`Committed`] of its own events; the registry wraps and unwraps them.
//!
//! The platform's own role rules are cited as `arbiter roles` (see
//! `docs/rulings.md`): an organizer creates a competition and grants roles;
//! the rulebooks name the roles (TD, GM, TMC, moderators, justices...).

mod ids;
mod role;
mod role_table;

pub use ids::{CompetitionId, UserId};
pub use role::Role;
pub use role_table::Roles;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Clause cited for the platform's own role rules.
pub const ROLES_CLAUSE: &str = "arbiter roles";

/// Who acted: a user, or a schedule (by its name in the schedule table).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Actor {
    User(UserId),
    Schedule(String),
}

impl fmt::Display for Actor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Actor::User(u) => write!(f, "user:{u}"),
            Actor::Schedule(s) => write!(f, "schedule:{s}"),
        }
    }
}

impl Actor {
    pub fn user(&self) -> Option<&UserId> {
        match self {
            Actor::User(u) => Some(u),
            Actor::Schedule(_) => None,
        }
    }
}

/// What a decision may know besides the state: who asks, with which
/// platform-wide rights, and when.
#[derive(Debug, Clone)]
pub struct Context {
    pub actor: Actor,
    /// Whether the identity provider lets this user create competitions
    /// (the `organizers` group in Cognito; `--role organizer` on a dev token).
    pub may_organize: bool,
    pub now: DateTime<Utc>,
}

impl Context {
    /// A user's request, with the platform-wide rights their identity
    /// provider grants.
    pub fn user(user: UserId, may_organize: bool, now: DateTime<Utc>) -> Self {
        Self {
            actor: Actor::User(user),
            may_organize,
            now,
        }
    }

    /// A schedule acting at `now`, by its name in the schedule table.
    pub fn schedule(name: impl Into<String>, now: DateTime<Utc>) -> Self {
        Self {
            actor: Actor::Schedule(name.into()),
            may_organize: false,
            now,
        }
    }
}

/// The envelope's own fields: who runs the competition and how it is
/// listed. Every kind reads them; only the envelope's commands change them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Envelope {
    pub id: CompetitionId,
    pub name: String,
    pub created_at: DateTime<Utc>,
    pub organizer: UserId,
    pub roles: Roles,
    /// The number of commits folded into this state.
    pub version: u64,
    /// Whether the organizer lists it publicly (`set-public`).
    pub public: bool,
}

impl Envelope {
    pub fn has_role(&self, user: &UserId, role: Role) -> bool {
        self.roles.get(user).is_some_and(|r| r.contains(&role))
    }

    /// The users holding `role`, in id order.
    pub fn holders(&self, role: Role) -> impl Iterator<Item = &UserId> {
        self.roles.holders(role)
    }
}

/// A kind's event with the clause that made it happen, when a rule acted:
/// what a kind's decision returns. The registry files it in the log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ruled<E> {
    pub event: E,
    pub clause: Option<String>,
}

impl<E> Ruled<E> {
    /// An event a user's act caused, under no particular clause.
    pub fn new(event: E) -> Self {
        Self {
            event,
            clause: None,
        }
    }

    /// An event a rule made happen, citing it.
    pub fn by_rule(event: E, clause: impl Into<String>) -> Self {
        Self {
            event,
            clause: Some(clause.into()),
        }
    }

    /// The same event under `clause`, or under none.
    pub fn citing(event: E, clause: Option<&str>) -> Self {
        Self {
            event,
            clause: clause.map(str::to_owned),
        }
    }
}

/// A commit as a kind reads it back for its notices: when and by whom it
/// was made, and the kind's own events with their place in the commit.
#[derive(Debug, Clone)]
pub struct Committed<'a, E> {
    pub version: u64,
    pub at: DateTime<Utc>,
    pub actor: &'a Actor,
    pub events: Vec<Entry<'a, E>>,
}

/// One of a kind's events in a [`Committed`].
#[derive(Debug, Clone, Copy)]
pub struct Entry<'a, E> {
    /// The event's index among all the commit's events.
    pub index: usize,
    pub event: &'a E,
    pub clause: Option<&'a str>,
}

impl<'a, E> Committed<'a, E> {
    /// Whether any of the commit's events of this kind matches `test`.
    pub fn any(&self, test: impl Fn(&E) -> bool) -> bool {
        self.events.iter().any(|e| test(e.event))
    }

    /// The first of the commit's events of this kind that `pick` maps.
    pub fn find_map<T>(&self, pick: impl Fn(&'a E) -> Option<T>) -> Option<T> {
        self.events.iter().find_map(|e| pick(e.event))
    }
}
