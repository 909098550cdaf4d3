//! One Diplomacy board run by the World Masters rules (wm D): orders,
//! deadlines, NMRs, extensions, replacements, votes and press.
//!
//! This module plugs into the competition envelope through its
//! [`Rulebook`] implementation below. Everything is pure.
//!
//! - [`settings`]: the set-up and house rules stated at the outset (wm D.I.1.b).
//! - [`command`]: the commands.
//! - [`decide`](mod@decide): who may issue each, and what follows; submission
//!   and receipts (wm D.II, D.VII.7), deadlines, windows and extensions
//!   (wm D.VII.2–5), replacements (wm B.7), press (wm D.X), rollbacks
//!   (wm D.VIII.1).
//! - [`due`]: adjudication at the deadline or early, the 1901 NMR rule, NMR
//!   follow-up (wm D.VII.6, B.8) and the closing of votes (wm D.IX).
//! - [`score`]: a finished board's score (wm C.1–C.4).
//! - [`view`]: what each viewer may see (wm D.VIII.4, D.IX.2, D.X.2).
//! - [`notice`]: who is told of NMRs, adjudications and vote results, and
//!   reminded of deadlines (wm B.8.b, D.IX.2, D.VII.1).

pub mod command;
pub mod deadline;
pub mod decide;
pub mod due;
pub mod event;
mod feed;
pub mod notice;
pub mod position;
pub mod press;
pub mod replacement;
mod resources;
pub mod score;
pub mod settings;
pub mod state;
pub mod view;
pub mod vote;

// Named so that `cargo test diplomacy_game` selects them.
#[cfg(test)]
#[path = "tests/mod.rs"]
mod diplomacy_game_tests;

pub use command::Command;
pub use event::Event;
pub use state::Board;

use crate::competition::{Commit, Competition, Context, Recorded, Role, UserId};
use crate::ical::Deadline;
use crate::notice::{Notice, Reminder};
use crate::refusal::Refusal;
use crate::rulebook::{Route, Rulebook};
use chrono::{DateTime, Utc};

/// The board's side of the contract; every function is the rule module's
/// own (see the module list above).
impl Rulebook for Board {
    type Command = Command;
    type Event = Event;

    const TITLE: &'static str = "a Diplomacy board";

    /// wm D.VII the GM adjudicates the board; wm A.3 the TD and the
    /// assistant TDs run a tournament board's clock.
    const CLOCK_OFFICIALS: &'static [Role] = &[
        Role::GameMaster,
        Role::TournamentDirector,
        Role::AssistantTournamentDirector,
    ];

    /// wm D the Game Master; wm A.2 the TD and assistant TDs of the
    /// tournament the board belongs to.
    const OFFICIALS: &'static [Role] = &[
        Role::GameMaster,
        Role::TournamentDirector,
        Role::AssistantTournamentDirector,
    ];

    fn command_name(command: &Command) -> &'static str {
        command.name()
    }

    /// wm D.II a power's orders; wm D.IX a secret vote.
    fn route_action(route: Route) -> Option<&'static str> {
        match route {
            Route::Orders => Some("submit-orders"),
            Route::Votes => Some("record-vote"),
            Route::Registrations | Route::Rounds => None,
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

    fn apply(&mut self, event: &Event, at: DateTime<Utc>) {
        state::apply(self, event, at)
    }

    fn tick(&self, env: &Competition, ctx: &Context) -> Result<Vec<Recorded>, Refusal> {
        due::tick(env, self, ctx)
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
        env: &Competition,
        name: &str,
        query: &crate::resource::Query,
        viewer: Option<&UserId>,
    ) -> Result<crate::resource::Resource, Refusal> {
        resources::resource(env, self, name, query, viewer)
    }

    fn view(&self, env: &Competition, viewer: Option<&UserId>) -> serde_json::Value {
        view::view(env, self, viewer)
    }

    fn view_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        view::view_schema(generator)
    }

    /// wm D.VIII.4 orders before adjudication, wm D.IX.2 individual votes,
    /// wm D.X.2 grey and private press.
    fn redact(&self, env: &Competition, event: &Event, viewer: Option<&UserId>) -> Option<Event> {
        view::redact(env, self, event, viewer)
    }

    /// The actor of a vote or a proposal, or of non-white press, would
    /// reveal a secret (wm D.IX.2, D.X.2); so would the player who told the
    /// GM of an unavailability window, when the deadline it moves is
    /// published in the same commit (wm D.VII.2: the player informs the GM).
    fn conceals_actor(event: &Event) -> bool {
        match event {
            Event::VoteRecorded { .. }
            | Event::ProposalMade { .. }
            | Event::UnavailabilityDeclared { .. } => true,
            Event::PressPublished { press } => press.kind != press::PressKind::White,
            _ => false,
        }
    }

    /// wm A.1, A.12: a board's GM is a non-playing, neutral party, so a user
    /// who holds one of its powers is not made its GM (they would read every
    /// power's orders before the adjudication).
    fn may_grant(&self, _env: &Competition, user: &UserId, role: Role) -> Result<(), Refusal> {
        match self.power_of(user) {
            Some(power) if role == Role::GameMaster => Err(Refusal::rule(
                "wm A.1",
                format!("the GM does not play: {user} holds {power:?} on this board (wm A.1 a non-playing GM; wm A.12 a neutral party)"),
            )),
            _ => Ok(()),
        }
    }

    fn notices(&self, env: &Competition, commit: &Commit) -> Vec<Notice> {
        notice::notices(env, self, commit)
    }

    /// wm D.VII.1: powers that have not ordered as the deadline nears.
    fn reminders(&self, env: &Competition, now: DateTime<Utc>) -> Vec<Reminder> {
        notice::reminders(env, self, now)
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
