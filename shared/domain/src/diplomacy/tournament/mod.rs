//! The World Masters team tournament above single boards (wm A–C): teams and
//! entries, four rounds, boards and powers, scores and advancement, and the
//! TD/TMC's governance.
//!
//! - [`model`]: the shared vocabulary: teams, seatings, board reports.
//! - [`assignment`]: the size of round two (wm B.4) and the draw of boards
//!   and powers under wm B.5–B.6.
//! - [`scoring`]: players' and teams' scores (wm C.1–C.5, C.14–C.15).
//! - [`advancement`]: team credits, advancement, winners and trophies
//!   (wm C.6–C.13).
//! - [`entries`]: teams, sign-ups and the reserve list (wm A.1, A.4, A.8, B.2, B.5).
//! - [`rounds`]: drawing rounds, board reports, closing rounds (wm B, C).
//! - [`simulate`]: random but legal board results for simulations.
//! - [`reserves`]: replacements from the pool of reserves (wm B.8.d–f, B.9).
//! - [`governance`]: the TD and the TMC's votes (wm A.2–A.7).
//! - [`notice`]: the draw and the rounds' results told (wm A.3.ii, C.7–C.13).

pub mod advancement;
pub mod assignment;
pub mod closing;
pub mod command;
pub mod decide;
pub mod entries;
pub mod event;
mod feed;
pub mod governance;
pub mod model;
pub mod notice;
pub mod observers;
pub mod reserves;
mod resources;
pub mod rounds;
pub mod scoring;
pub mod simulate;
pub mod state;
pub mod view;

#[cfg(test)]
mod seating_tests;
#[cfg(test)]
mod tests;

pub use command::Command;
pub use event::Event;
pub use state::Tournament;

use crate::competition::{Commit, Competition, Context, Recorded, Role, UserId};
use crate::ical::Deadline;
use crate::notice::{Notice, Reminder};
use crate::refusal::Refusal;
use crate::rulebook::{Route, Rulebook};
use chrono::{DateTime, Utc};

/// The tournament's side of the contract; every function is the rule
/// module's own (see the module list above).
impl Rulebook for Tournament {
    type Command = Command;
    type Event = Event;

    const TITLE: &'static str = "a World Masters tournament";

    /// wm A.3: the TD and the assistant TDs.
    const CLOCK_OFFICIALS: &'static [Role] =
        &[Role::TournamentDirector, Role::AssistantTournamentDirector];

    /// wm A.2 the TD and assistant TDs, wm A.5 the TMC, wm A.9 the
    /// observers, wm D the boards' Game Masters.
    const OFFICIALS: &'static [Role] = &[
        Role::TournamentDirector,
        Role::AssistantTournamentDirector,
        Role::TmcMember,
        Role::Observer,
        Role::GameMaster,
        Role::Captain,
    ];

    fn command_name(command: &Command) -> &'static str {
        command.name()
    }

    /// wm B.2 entries; wm A.6 the TMC's votes; wm B.5–B.6 the draw.
    fn route_action(route: Route) -> Option<&'static str> {
        match route {
            Route::Registrations => Some("register"),
            Route::Votes => Some("record-vote"),
            Route::Rounds => Some("pair-round"),
            Route::Orders => None,
        }
    }

    /// wm B.2, B.6, C.7.f: the draws of entries, rounds and ties.
    fn draws_lots(action: &str) -> bool {
        Command::draws_lots(action)
    }

    fn members_added(event: &Event) -> Vec<&UserId> {
        event.members_added()
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

    /// Nothing in a tournament falls due by the clock: the TD closes entries
    /// and rounds (each draw needs a fresh seed), and the boards keep their
    /// own deadlines.
    fn tick(&self, _env: &Competition, _ctx: &Context) -> Result<Vec<Recorded>, Refusal> {
        Ok(vec![])
    }

    fn next_due(&self) -> Option<DateTime<Utc>> {
        None
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
        viewer: Option<&UserId>,
    ) -> Result<crate::resource::Resource, Refusal> {
        resources::resource(self, name, query, viewer)
    }

    fn view(&self, env: &Competition, viewer: Option<&UserId>) -> serde_json::Value {
        view::view(env, self, viewer)
    }

    fn view_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        view::view_schema(generator)
    }

    /// wm A.6: how each TMC member voted stays with the TMC.
    fn redact(&self, _env: &Competition, event: &Event, viewer: Option<&UserId>) -> Option<Event> {
        view::redact(event, viewer)
    }

    fn conceals_actor(event: &Event) -> bool {
        view::conceals_actor(event)
    }

    /// wm A.4: the TD may not play nor have an affiliation with a team (the
    /// assistant TDs, who stand in for the TD, likewise); wm A.8: nor may TMC
    /// members (as registration already refuses officials on a team); wm A.10:
    /// assistant TDs and TMC members may not serve as Tournament Observers.
    fn may_grant(&self, env: &Competition, user: &UserId, role: Role) -> Result<(), Refusal> {
        let director = matches!(
            role,
            Role::TournamentDirector | Role::AssistantTournamentDirector
        );
        if director && self.entered(user) {
            return Err(Refusal::rule(
                "wm A.4",
                format!("the TD may not play nor be affiliated with a team: {user} has entered"),
            ));
        }
        if role == Role::TmcMember && self.entered(user) {
            return Err(Refusal::rule(
                "wm A.8",
                format!("TMC members do not play nor join a team: {user} has entered"),
            ));
        }
        let may_not_observe = [Role::AssistantTournamentDirector, Role::TmcMember];
        if role == Role::Observer && may_not_observe.iter().any(|r| env.has_role(user, *r)) {
            return Err(Refusal::rule(
                "wm A.10",
                format!(
                    "assistant TDs and TMC members may not serve as Tournament Observers ({user})"
                ),
            ));
        }
        if may_not_observe.contains(&role) && env.has_role(user, Role::Observer) {
            return Err(Refusal::rule(
                "wm A.10",
                format!(
                    "{user} is a Tournament Observer, which assistant TDs and TMC members may not be"
                ),
            ));
        }
        Ok(())
    }

    fn notices(&self, env: &Competition, commit: &Commit) -> Vec<Notice> {
        notice::notices(env, self, commit)
    }

    /// The tournament's own deadlines are the TD's; its boards remind their
    /// powers themselves.
    fn reminders(&self, _env: &Competition, _now: DateTime<Utc>) -> Vec<Reminder> {
        Vec::new()
    }
    fn deadlines(
        &self,
        env: &Competition,
        viewer: Option<&UserId>,
        _now: DateTime<Utc>,
    ) -> Vec<Deadline> {
        feed::deadlines(env, self, viewer)
    }
}
