//! Nomic: the rule book, proposals, votes, points and judgements, after the
//! seed `nomic-initial-rules.json` (rules 101–118 immutable, 201–215 mutable).
//!
//! - [`rulebook`]: the export format, every version of the book, precedence
//!   (nomic 101, 102, 109, 110, 112, 213).
//! - [`enactment`]: what an adopted rule-change does to the book (nomic 103,
//!   109, 110, 116, 211).
//! - [`turns`]: allocated days, the 19:00 deadline, circuits, the order of
//!   Judges, all in UK time (nomic 106, 201, 202, 204, 214).
//! - [`proposal`]: proposals, votes and points (nomic 104, 105, 107, 111,
//!   113, 203, 204, 205, 207, 208, 210).
//! - [`judgement`]: Points of Order and Judgements (nomic 214).
//! - [`winner`]: the winner when a move's legality is not settled or play
//!   becomes impossible (nomic 215, over nomic 210).
//! - [`settings`]: the game's numbers, the Initial Set's by default.
//! - [`notice`]: the points thread's announcements and the game's news
//!   (nomic 209, 113, 214, 210).
//! - [`vocabulary`]: the commands and events; [`decide`](mod@decide) and
//!   [`due`] decide them; [`state`] folds them.
//!
//! This module plugs into the competition envelope through its
//! [`Rulebook`] implementation below. Everything is pure.

pub mod decide;
pub mod due;
pub mod enactment;
mod feed;
pub mod judgement;
pub mod notice;
pub mod proposal;
mod resources;
pub mod rulebook;
pub mod settings;
pub mod state;
pub mod turns;
mod view;
pub mod vocabulary;
pub mod winner;

#[cfg(test)]
mod tests;

pub use judgement::{Finding, Judgement, Opinion, PointOfOrder};
pub use proposal::{Proposal, ProposalStatus, RuleChange, Tally, Threshold, Vote};
pub use rulebook::{RuleBook, RuleBookExport, RuleRecord};
pub use settings::Settings;
pub use state::{Nomic, PointsEntry};
pub use turns::AllocatedDay;
pub use vocabulary::{Command, Event};

use crate::competition::{Commit, Competition, Context, Recorded, Role, UserId};
use crate::ical::Deadline;
use crate::notice::{Notice, Reminder};
use crate::refusal::Refusal;
use crate::rulebook::{Route, Rulebook};
use chrono::{DateTime, Utc};

/// Nomic's side of the contract; every function is the rule module's own
/// (see the module list above).
impl Rulebook for Nomic {
    type Command = Command;
    type Event = Event;

    const TITLE: &'static str = "a Nomic game";

    /// Nomic's deadlines (the end of the UK day, Judgement windows) belong
    /// to no official: only the organizer runs them early.
    const CLOCK_OFFICIALS: &'static [Role] = &[];

    /// The Initial Set names no office: the Judge is chosen per question by
    /// rotation (nomic 214), not appointed.
    const OFFICIALS: &'static [Role] = &[];

    fn command_name(command: &Command) -> &'static str {
        command.name()
    }

    /// nomic 201 the organizer seats a player; nomic 113 a vote.
    fn route_action(route: Route) -> Option<&'static str> {
        match route {
            Route::Registrations => Some("seat-player"),
            Route::Votes => Some("record-vote"),
            Route::Orders | Route::Rounds => None,
        }
    }

    fn draws_lots(_action: &str) -> bool {
        false
    }

    fn members_added(event: &Event) -> Vec<&UserId> {
        event.member_added().into_iter().collect()
    }

    /// Whatever fell due by `ctx.now` (votes completing, Judgement windows
    /// closing) is decided first, in the same commit.
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

    /// Vote completion at the end of the UK day (nomic 113), the switch to
    /// simple majority (nomic 204), Judgement windows and Judges' days
    /// (nomic 214).
    fn tick(&self, _env: &Competition, ctx: &Context) -> Result<Vec<Recorded>, Refusal> {
        let mut rec = due::Recorder::new(self, ctx.now);
        due::catch_up(&mut rec);
        Ok(rec.out)
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

    fn view(&self, _env: &Competition, viewer: Option<&UserId>) -> serde_json::Value {
        view::view(self, viewer)
    }

    fn view_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        view::view_schema(generator)
    }

    /// Nomic votes are public (cast in the voting thread, nomic 113), and
    /// so is everything else a Nomic game records.
    fn redact(&self, _env: &Competition, event: &Event, _viewer: Option<&UserId>) -> Option<Event> {
        Some(event.clone())
    }

    fn conceals_actor(_event: &Event) -> bool {
        false
    }

    fn may_grant(&self, _env: &Competition, _user: &UserId, _role: Role) -> Result<(), Refusal> {
        Ok(())
    }

    fn notices(&self, env: &Competition, commit: &Commit) -> Vec<Notice> {
        notice::notices(env, self, commit)
    }

    /// Nomic sends no deadline reminders: the points thread and the
    /// game's news (see `notice`) tell players what is open.
    fn reminders(&self, _env: &Competition, _now: DateTime<Utc>) -> Vec<Reminder> {
        Vec::new()
    }
    fn deadlines(
        &self,
        _env: &Competition,
        _viewer: Option<&UserId>,
        now: DateTime<Utc>,
    ) -> Vec<Deadline> {
        feed::deadlines(self, now)
    }
}

/// The rule book as it stood at `at`, in the seed's export format; `None`
/// before the rules were imported. Every version stays readable.
pub fn rule_book_at(state: &Nomic, at: DateTime<Utc>) -> Option<RuleBookExport> {
    state.rule_book_at(at)
}

/// The rule book now, in the seed's export format.
pub fn export_rules(state: &Nomic) -> RuleBookExport {
    state.rules.current.clone()
}
