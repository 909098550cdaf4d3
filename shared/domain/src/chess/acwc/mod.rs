//! The Antichess World Championship (acwc, 2019 rules): registration and
//! eligibility, the Swiss qualification with Monrad pairing, the Candidates
//! round-robin, the Final, match results, time negotiation, forfeits and
//! deadlines.
//!
//! - [`settings`]: the organizer's set-up, validated once (II, III.A–E).
//! - [`eligibility`]: player facts, eligibility and the seeding rating (II, III.E).
//! - [`vocabulary`]: the commands and events.
//! - [`decide`](mod@decide): who may do what (I.C–D, II, V, VI, VII, VIII),
//!   the TD's final call included (I.C: corrections, reinstatements).
//! - [`due`]: what the rules do by themselves: stages, publication, deadlines
//!   (III.F–H, IV, V.C–H, VI.D, VI.F, VIII).
//! - [`negotiation`]: offers and the match rules of a score (III.F.1, III.G.2, V).
//! - `results`: reports, confirmations, disputes, settlements, bids (VI.G, I.C, III.H).
//! - [`standings`]: Qualification and Candidates tables (III.F.3, III.F.4.1, III.G.3).
//! - [`final_match`]: the Final's state machine (III.H).
//! - [`state`]: the state and how events fold into it.
//! - [`notice`]: pairings, results and round-deadline reminders told (IV.D–F).
//!
//! This module plugs into the competition envelope through its
//! [`Rulebook`] implementation below. Everything is pure. Rulings on
//! ambiguous clauses are in `docs/rulings/acwc.md`.

pub mod decide;
pub mod due;
pub mod eligibility;
mod feed;
pub mod final_match;
pub mod negotiation;
pub mod notice;
mod resources;
mod results;
pub mod settings;
pub mod standings;
pub mod state;
#[cfg(any(test, feature = "testkit"))]
pub mod testkit;
mod view;
mod view_schema;
pub mod vocabulary;

#[cfg(test)]
mod tests;

pub use eligibility::{Mark, MarkKind, PlayerFacts, RatingPoint, Seeding};
pub use final_match::{Armageddon, FinalGame, FinalMatch, FinalPhase};
pub use settings::{Format, Settings, TimeControl};
pub use state::{Championship, Entrant, EntrantStatus, Match, Outcome, Round};
pub use view::qualification_trf;
pub use vocabulary::{
    Award, Command, Disqualification, Event, MatchId, NoShowChoice, Pairing, Stage, FINAL,
};

use crate::competition::{Commit, Competition, Context, Recorded, Role, UserId};
use crate::ical::Deadline;
use crate::notice::{Notice, Reminder};
use crate::refusal::Refusal;
use crate::rulebook::{Route, Rulebook};
use chrono::{DateTime, Utc};

/// The championship's side of the contract; every function is the rule
/// module's own (see the module list above).
impl Rulebook for Championship {
    type Command = Command;
    type Event = Event;

    const TITLE: &'static str = "an ACWC championship";

    /// acwc I.C: the TD runs the championship's clock.
    const CLOCK_OFFICIALS: &'static [Role] = &[Role::TournamentDirector];

    /// acwc I.C: the Tournament Director.
    const OFFICIALS: &'static [Role] = &[Role::TournamentDirector];

    fn command_name(command: &Command) -> &'static str {
        command.name()
    }

    /// acwc II a player registers; acwc IV.D–E the next round is paired.
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

    /// Whatever fell due by `ctx.now` follows in the same commit.
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

    /// The start of the Qualification, round publication (IV.D–E), the
    /// round deadline (IV.F), the negotiation deadlines (V), a failed
    /// rescheduling (VI.D).
    fn tick(&self, _env: &Competition, ctx: &Context) -> Result<Vec<Recorded>, Refusal> {
        Ok(due::follow_ups(self, ctx.now)
            .into_iter()
            .map(|(e, clause)| Recorded::by_rule(crate::competition::Event::Acwc(e), clause))
            .collect())
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
        view_schema::view_schema(generator)
    }

    /// acwc VII.A: an accusation is the TD's and its author's alone.
    fn redact(&self, env: &Competition, event: &Event, viewer: Option<&UserId>) -> Option<Event> {
        view::redact(env, self, event, viewer)
    }

    /// The championship's secret (an accusation) is withheld whole by
    /// `redact`, actor and time with it; every other act is public.
    fn conceals_actor(_event: &Event) -> bool {
        false
    }

    /// acwc I.D: the TD will not participate, so an entrant is not made TD.
    fn may_grant(&self, _env: &Competition, user: &UserId, role: Role) -> Result<(), Refusal> {
        if role == Role::TournamentDirector && self.entrant(user).is_some() {
            return Err(Refusal::rule(
                "acwc I.D",
                format!("the TD will not participate: {user} has entered"),
            ));
        }
        Ok(())
    }

    fn notices(&self, env: &Competition, commit: &Commit) -> Vec<Notice> {
        notice::notices(env, self, commit)
    }

    /// acwc IV.F: players whose match is unplayed as the round deadline nears.
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
