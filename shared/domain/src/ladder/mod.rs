//! The club ladder (the Friday Lunch Chess Club's "Chess Terms and
//! Conditions", cited `club`): members, games, Elo, attendance, decay,
//! sanctions and the Court of Appeals.
//!
//! Acts are cited as the Terms' own counters number them: `club J.5` for the
//! unnumbered opening ("Jurisdiction") section, `club II.6.1` for Section II,
//! Act 6, item 1.
//!
//! - [`settings`]: session window, room, time zone, Elo K, weekly
//!   deductions (J.5, J.9, II.3, II.6).
//! - [`elo`]: the floor and the rating arithmetic (II.1–II.3, I.9.3).
//! - `member`: joining, attendance, removal (II.1, J.9, II.7, II.8).
//! - `game`: validity, registration, bell adjudication, rematches, online
//!   games (J.5–J.12, II.4, I.5–I.9, II.10.4).
//! - `decay`: the weekly deductions (II.6).
//! - `sanction`: score changes, the fraud ladder, bans, monitors,
//!   chessclocks, declarations (II.3, II.5, II.9–II.11, III.2).
//! - `correction`: voiding or correcting a game registered by honest
//!   mistake (III.2, J.11), with no fraud penalty.
//! - `court`: appeals, panels, votes, en banc, opinions, technical
//!   modifications, anti-cheat information (III.3, III.5, I.9.5–I.9.9).
//! - `teacher`: the teacher's bans, beyond the Court's review (III.6).
//! - `terms`: changes of the Terms by the Chief Justice (Section IV) and the
//!   history of the settings, each decision judged under those in force.
//! - `notice`: who is told of declarations, voided penalties, the Court's
//!   decisions and changes of the Terms (III.2.4, III.3.8, IV.3).
//! - `story` (with the `testkit` feature): a term of twelve Fridays for a club of 30, for tests to run
//!   through any driver (the domain's own fold, the API over HTTP).
//!
//! This module plugs into the competition envelope through its
//! [`Rulebook`] implementation below. Everything is pure.

mod anticheat;
mod command;
mod conduct;
mod correction;
mod court;
mod decay;
mod decide;
mod due;
pub mod elo;
mod event;
mod feed;
mod game;
mod member;
mod modification;
mod notice;
mod remedy;
mod resources;
mod sanction;
pub mod settings;
mod state;
#[cfg(any(test, feature = "testkit"))]
pub mod story;
mod teacher;
mod terms;
mod view;

#[cfg(test)]
mod testkit;
#[cfg(test)]
mod tests;

pub use anticheat::AntiCheatReport;
pub use command::{Attendee, Command, RemovalGrounds};
pub use court::{Appeal, AppealStatus, AppealSubject, Judgement, Opinion, Vote};
pub use decay::Deduction;
pub use elo::{GameResult, FLOOR};
pub use event::{Adjustment, Amendment, BanChange, Event};
pub use game::{
    Bell, Game, GameStatus, Informed, Material, Objection, Oversight, OversightExtent,
    RematchOutcome, Timing,
};
pub use member::{Ban, Member, MonitorOrder, Removal, WeekRecord};
pub use modification::Modification;
pub use remedy::Remedy;
pub use sanction::{Declaration, DeclarationChannel, FraudStep, Power, PowerStatus, PowerUse};
pub use settings::Settings;
pub use state::Ladder;
pub use terms::{Superseded, TermsChange};

use crate::competition::{Commit, Competition, Context, Recorded, Role, UserId};
use crate::ical::Deadline;
use crate::notice::{Notice, Reminder};
use crate::refusal::Refusal;
use crate::rulebook::{Route, Rulebook};
use chrono::{DateTime, Utc};

/// The club ladder's side of the contract; every function is the rule
/// module's own (see the module list above).
impl Rulebook for Ladder {
    type Command = Command;
    type Event = Event;

    const TITLE: &'static str = "a club ladder";

    /// The club's deadlines (declarations, bans, decay) belong to no
    /// official: only the organizer runs them early.
    const CLOCK_OFFICIALS: &'static [Role] = &[];

    /// club III.2 moderators, III.3 the Court's justices and Chief Justice,
    /// III.6 the teacher.
    const OFFICIALS: &'static [Role] = &[
        Role::Moderator,
        Role::Justice,
        Role::ChiefJustice,
        Role::Teacher,
    ];

    fn command_name(command: &Command) -> &'static str {
        command.name()
    }

    /// club II.1 a student joins; club III.3.8 a panel votes.
    fn route_action(route: Route) -> Option<&'static str> {
        match route {
            Route::Registrations => Some("join"),
            Route::Votes => Some("cast-vote"),
            Route::Orders | Route::Rounds => None,
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

    /// Declaration deadlines (III.2.4.2), ban expiries (II.9.2), weekly
    /// decay (II.6), removals on request (II.8), overdue opinions (III.3.10).
    fn tick(&self, env: &Competition, ctx: &Context) -> Result<Vec<Recorded>, Refusal> {
        Ok(due::tick(env, self, ctx.now))
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

    /// club I.9.5–I.9.9: anti-cheat information is withheld.
    fn redact(&self, env: &Competition, event: &Event, viewer: Option<&UserId>) -> Option<Event> {
        view::redact(env, self, event, viewer)
    }

    /// The club's acts are public; its secrets (anti-cheat reports) are
    /// withheld whole by `redact`, actor and time with them.
    fn conceals_actor(_event: &Event) -> bool {
        false
    }

    /// The Terms set no condition on who holds the club's offices beyond
    /// naming them (club III.2, III.3); conflicts are handled per case
    /// (club III.3 a justice with a conflict does not hear it).
    fn may_grant(&self, _env: &Competition, _user: &UserId, _role: Role) -> Result<(), Refusal> {
        Ok(())
    }

    fn notices(&self, env: &Competition, commit: &Commit) -> Vec<Notice> {
        notice::notices(env, self, commit)
    }

    /// The club sends no deadline reminders: its deadlines are the
    /// officials' own (declarations, opinions).
    fn reminders(&self, _env: &Competition, _now: DateTime<Utc>) -> Vec<Reminder> {
        Vec::new()
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
