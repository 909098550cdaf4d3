//! The contract every competition kind fulfils.
//!
//! A kind is its rules state plus the functions below; the envelope
//! ([`crate::competition`]) knows kinds only through this trait and the
//! registry ([`crate::kinds`]) that lists them. Nothing here has a default:
//! a new kind says, for each seam, what its rulebook makes of it (who may see
//! an event, who may hold a role, what falls due), so no secret or role rule
//! can be left to an envelope fallback.
//!
//! The kind conformance suite (`tests/tests/kind_conformance/`) checks every
//! registered kind against this contract; `docs/kinds.md` shows how to add one.

use crate::competition::{Commit, Competition, Context, Recorded, Role, UserId};
use crate::ical::Deadline;
use crate::notice::{Notice, Reminder};
use crate::refusal::Refusal;
use crate::resource::{Query, Resource, ResourceSchema};
use chrono::{DateTime, Utc};
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt::Debug;

/// The routes the API gives the actions most kinds share; each kind names
/// the action a route performs for it, or none (the route is then a 404
/// naming the kind).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route {
    /// `POST /registrations`: entering the competition.
    Registrations,
    /// `POST /votes`: a vote the rules provide for.
    Votes,
    /// `POST /orders`: a Diplomacy power's orders.
    Orders,
    /// `POST /rounds`: pairing or drawing the next round.
    Rounds,
}

/// One competition kind's rules, as the envelope uses them.
///
/// `Self` is the kind's rules state (what a snapshot stores); its commands
/// are tagged by `action` and its events by `event`. Both derive their JSON
/// Schema from their serde attributes, so the API document (`arbiter
/// openapi`) describes every kind's bodies and log entries as they are read
/// and written; a kind without them does not compile.
pub trait Rulebook:
    Default + Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static
{
    type Command: Clone
        + Debug
        + PartialEq
        + Serialize
        + DeserializeOwned
        + JsonSchema
        + Send
        + Sync;
    type Event: Clone + Debug + PartialEq + Serialize + DeserializeOwned + JsonSchema + Send + Sync;

    /// How refusals name the kind ("a club ladder").
    const TITLE: &'static str;

    /// The officials who, besides the organizer, may run what is due now
    /// instead of waiting for the schedule (the TD's clock).
    const CLOCK_OFFICIALS: &'static [Role];

    /// The offices the kind's rulebook names, besides the organizer and the
    /// players every kind has: a grant of any other role is refused, since
    /// no rule of this kind would give it meaning or bound it.
    const OFFICIALS: &'static [Role];

    /// The command's name in the audit log (its `action` tag).
    fn command_name(command: &Self::Command) -> &'static str;

    /// The action `route` performs for this kind; `None`: not offered.
    fn route_action(route: Route) -> Option<&'static str>;

    /// Whether `action` draws lots and so needs a seed the caller did not
    /// give: the edge draws one, the event keeps it, the domain stays pure.
    fn draws_lots(action: &str) -> bool;

    /// Users who become members through `event` (they hold the player role
    /// in the envelope and find the competition in "my competitions").
    fn members_added(event: &Self::Event) -> Vec<&UserId>;

    /// Decides a command of this kind against the state; pure.
    fn decide(
        &self,
        env: &Competition,
        command: &Self::Command,
        ctx: &Context,
    ) -> Result<Vec<Recorded>, Refusal>;

    /// Folds an event into the state; total, never refuses.
    fn apply(&mut self, event: &Self::Event, at: DateTime<Utc>);

    /// What falls due by `ctx.now`. Nothing due: no events, so a tick run
    /// twice, or two at once, changes the state once.
    fn tick(&self, env: &Competition, ctx: &Context) -> Result<Vec<Recorded>, Refusal>;

    /// The next instant a schedule must act.
    fn next_due(&self) -> Option<DateTime<Utc>>;

    /// The kind's state as `viewer` may see it.
    fn view(&self, env: &Competition, viewer: Option<&UserId>) -> serde_json::Value;

    /// The read resources the kind answers (`standings`, `rounds`, ...), as
    /// `GET /v1/competitions/{id}/{resource}` names them.
    const RESOURCES: &'static [&'static str];

    /// The resource `name` as `viewer` may see it: never more than
    /// [`Rulebook::view`] shows them, paged by `query` where it is a list.
    /// A name not in [`Rulebook::RESOURCES`] is refused as not found.
    fn resource(
        &self,
        env: &Competition,
        name: &str,
        query: &Query,
        viewer: Option<&UserId>,
    ) -> Result<Resource, Refusal>;

    /// What each of [`Rulebook::RESOURCES`] answers, in the same order, for
    /// the API document.
    fn resource_schemas(generator: &mut SchemaGenerator) -> Vec<ResourceSchema>;

    /// The JSON Schema of what [`Rulebook::view`] answers (the `game` of a
    /// competition), for the API document.
    fn view_schema(generator: &mut SchemaGenerator) -> Schema;

    /// The event as `viewer` may see it in the log and in notices: `None`
    /// withholds it, a copy may be redacted. No default: each kind decides
    /// what its rules keep secret.
    fn redact(
        &self,
        env: &Competition,
        event: &Self::Event,
        viewer: Option<&UserId>,
    ) -> Option<Self::Event>;

    /// Whether the log hides who made the commit holding `event` from every
    /// viewer but that actor (wm D.IX.2 who voted, wm D.X.2 grey press).
    fn conceals_actor(event: &Self::Event) -> bool;

    /// The kind's rules on who may hold `role` (wm A.1, acwc I.D, ...): a
    /// grant they forbid is refused naming the clause.
    fn may_grant(&self, env: &Competition, user: &UserId, role: Role) -> Result<(), Refusal>;

    /// The notices `commit` causes; `self` is the state after it.
    fn notices(&self, env: &Competition, commit: &Commit) -> Vec<Notice>;

    /// The deadline reminders due at `now`.
    fn reminders(&self, env: &Competition, now: DateTime<Utc>) -> Vec<Reminder>;

    /// Every deadline the rules set that `viewer` may see, for the calendar
    /// feeds ([`crate::ical`]): what falls due, when, under which clause and
    /// for whom. A deadline whose existence would tell a secret (an early
    /// adjudication once every set is final) is left out. `now` places the
    /// recurring ones (nomic 201's allocated days).
    fn deadlines(
        &self,
        env: &Competition,
        viewer: Option<&UserId>,
        now: DateTime<Utc>,
    ) -> Vec<Deadline>;
}
