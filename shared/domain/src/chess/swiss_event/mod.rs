//! A Swiss event (the `swiss` kind): FIDE-rated and online Swiss
//! tournaments run by the Dutch 1992–2006 engine, or by the project's
//! Monrad and round-robin tables.
//!
//! - [`settings`]: the organizer's regulations, validated once (rounds,
//!   system, tie-breaks, half-point byes, late entries, dutch G).
//! - [`vocabulary`]: the commands and events.
//! - [`decide`](mod@decide): who may do what: entries and absences (dutch
//!   A1, A2, F5), rounds (dutch A3–F1 by the engine, F6–F7 by hand, TRF
//!   import), results (dutch F2, F7, G).
//! - [`engine`]: the event as the engines read it (pairing numbers, the
//!   history, presence) and its TRF-16 export.
//! - [`standings`]: points and the tie-breaks (dutch H; FIDE's 2009 rules).
//! - [`due`]: rounds paired at their scheduled time.
//! - [`view`], [`notice`]: what everyone sees and is told.
//!
//! Rulings: `docs/rulings/swiss.md`.

pub mod decide;
pub mod due;
pub mod engine;
mod feed;
pub mod notice;
mod resources;
pub mod settings;
pub mod standings;
pub mod state;
mod view;
pub mod vocabulary;

#[cfg(test)]
mod tests;

pub use engine::export_trf;
pub use settings::{PairingSystem, Settings};
pub use standings::{Standing, Tiebreak};
pub use state::SwissEvent;
pub use vocabulary::{Command, Event, GameResult};

use crate::competition::{Commit, Competition, Context, Recorded, Role, UserId};
use crate::ical::Deadline;
use crate::notice::{Notice, Reminder};
use crate::refusal::Refusal;
use crate::rulebook::{Route, Rulebook};
use chrono::{DateTime, Utc};

impl Rulebook for SwissEvent {
    type Command = Command;
    type Event = Event;

    const TITLE: &'static str = "a Swiss event";

    /// dutch F6, F7: the arbiter runs the event's clock.
    const CLOCK_OFFICIALS: &'static [Role] = &[Role::Arbiter];

    /// The arbiter (dutch F6, F7, G).
    const OFFICIALS: &'static [Role] = &[Role::Arbiter];

    fn command_name(command: &Command) -> &'static str {
        command.name()
    }

    fn route_action(route: Route) -> Option<&'static str> {
        match route {
            Route::Registrations => Some("register"),
            Route::Rounds => Some("pair-round"),
            Route::Votes | Route::Orders => None,
        }
    }

    fn draws_lots(_action: &str) -> bool {
        false
    }

    fn members_added(event: &Event) -> Vec<&UserId> {
        event.member_added().into_iter().collect()
    }

    fn decide(
        &self,
        env: &Competition,
        command: &Command,
        ctx: &Context,
    ) -> Result<Vec<Recorded>, Refusal> {
        decide::decide(env, self, command, ctx)
    }

    fn apply(&mut self, event: &Event, _at: DateTime<Utc>) {
        state::apply(self, event)
    }

    /// The next round at its scheduled time (the regulations' round times).
    fn tick(&self, _env: &Competition, ctx: &Context) -> Result<Vec<Recorded>, Refusal> {
        Ok(due::tick(self, ctx.now))
    }

    fn next_due(&self) -> Option<DateTime<Utc>> {
        due::next_due(self)
    }

    const RESOURCES: &'static [&'static str] = resources::NAMES;

    fn resource_schemas(
        generator: &mut schemars::SchemaGenerator,
    ) -> Vec<crate::resource::ResourceSchema> {
        resources::schemas(generator)
    }

    fn resource(
        &self,
        _env: &Competition,
        name: &str,
        query: &crate::resource::Query,
        _viewer: Option<&UserId>,
    ) -> Result<crate::resource::Resource, Refusal> {
        resources::resource(self, name, query)
    }

    fn view(&self, env: &Competition, viewer: Option<&UserId>) -> serde_json::Value {
        view::view(env, self, viewer)
    }

    fn view_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        view::view_schema(generator)
    }

    /// Nothing in a Swiss is secret: pairings, results and entries are
    /// published (dutch F1).
    fn redact(&self, _env: &Competition, event: &Event, _viewer: Option<&UserId>) -> Option<Event> {
        view::redact(event)
    }

    fn conceals_actor(_event: &Event) -> bool {
        false
    }

    /// The arbiter does not play in the event they direct.
    fn may_grant(&self, _env: &Competition, user: &UserId, role: Role) -> Result<(), Refusal> {
        if role == Role::Arbiter && self.players.contains_key(user) {
            return Err(Refusal::rule(
                settings::REGULATIONS,
                format!("the arbiter does not play in the event: {user} has entered"),
            ));
        }
        Ok(())
    }

    fn notices(&self, env: &Competition, commit: &Commit) -> Vec<Notice> {
        notice::notices(env, self, commit)
    }

    /// No deadline of a Swiss is reminded: rounds start at published times.
    fn reminders(&self, _env: &Competition, _now: DateTime<Utc>) -> Vec<Reminder> {
        vec![]
    }
    fn deadlines(
        &self,
        _env: &Competition,
        _viewer: Option<&UserId>,
        _now: DateTime<Utc>,
    ) -> Vec<Deadline> {
        feed::deadlines(self)
    }
}
