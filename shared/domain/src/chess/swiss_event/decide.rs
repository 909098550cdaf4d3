//! Who may do what in a Swiss event: entries and absences
//! ([`entries`]), rounds ([`rounds`]) and results ([`results`]).
//!
//! The organizer and the arbiter run the event; a player acts for
//! themselves. Every refusal names the clause that refused.

mod entries;
mod results;
mod rounds;

pub use rounds::scheduled_pairing as rounds_due;

use super::settings::{Settings, REGULATIONS};
use super::state::SwissEvent;
use super::vocabulary::{Command, Event};
use crate::chess::swiss_event::Recorded;
use crate::envelope::Ruled;
use crate::envelope::ROLES_CLAUSE;
use crate::envelope::{Actor, Context, Envelope, Role, UserId};
use crate::refusal::Refusal;
use crate::rulebook::Route;
use chrono::DateTime;
use chrono::Utc;

/// An event the caller's act records.
fn recorded(event: Event) -> Recorded {
    Recorded::new(event)
}

/// An event a rule makes happen.
fn by_rule(event: Event, clause: &str) -> Recorded {
    Recorded::by_rule(event, clause)
}

/// The user who sent the command; schedules do not enter or play.
fn caller(ctx: &Context) -> Result<&UserId, Refusal> {
    match &ctx.actor {
        Actor::User(u) => Ok(u),
        Actor::Schedule(_) => Err(Refusal::forbidden(
            ROLES_CLAUSE,
            "a schedule acts only on what falls due",
        )),
    }
}

/// Whether `user` runs the event: its organizer or its arbiter.
pub fn is_official(env: &Envelope, user: &UserId) -> bool {
    env.has_role(user, Role::Organizer) || env.has_role(user, Role::Arbiter)
}

fn require_official(env: &Envelope, ctx: &Context) -> Result<(), Refusal> {
    if is_official(env, caller(ctx)?) {
        Ok(())
    } else {
        Err(Refusal::forbidden(
            ROLES_CLAUSE,
            "only the organizer and the arbiter do this",
        ))
    }
}

/// The player a command is about: the caller, or `player` when the caller
/// runs the event.
fn acting_for(env: &Envelope, player: Option<&UserId>, ctx: &Context) -> Result<UserId, Refusal> {
    let me = caller(ctx)?;
    match player {
        Some(p) if p != me => {
            require_official(env, ctx)?;
            Ok(p.clone())
        }
        _ => Ok(me.clone()),
    }
}

fn settings(state: &SwissEvent) -> Result<&Settings, Refusal> {
    state
        .settings
        .as_ref()
        .ok_or_else(|| Refusal::rule(REGULATIONS, "the event has no regulations yet (set-up)"))
}

/// The contract's rules: vocabulary, decisions and offices (see [`crate::rulebook`]).
impl crate::rulebook::Rules for SwissEvent {
    type Command = Command;

    type Event = Event;

    const TITLE: &'static str = "a Swiss event";

    /// The arbiter (dutch F6, F7, G).
    const OFFICIALS: &'static [Role] = &[Role::Arbiter];

    fn route_action(route: Route) -> Option<&'static str> {
        match route {
            Route::Registrations => Some("register"),
            Route::Rounds => Some("pair-round"),
            Route::Votes | Route::Orders => None,
        }
    }

    /// Decides a command against the event.
    fn decide(
        &self,
        env: &Envelope,
        command: &Self::Command,
        ctx: &Context,
    ) -> Result<Vec<Ruled<Self::Event>>, Refusal> {
        let state = self;
        let events = match command {
            Command::SetUp { settings } => entries::set_up(env, state, settings, ctx)?,
            Command::Register { player, entry } => {
                entries::register(env, state, player.as_ref(), entry, ctx)?
            }
            Command::Withdraw { player } => entries::withdraw(env, state, player.as_ref(), ctx)?,
            Command::Reinstate { player } => entries::reinstate(env, state, player, ctx)?,
            Command::RequestBye {
                round,
                through,
                player,
            } => {
                let rounds = *round..=through.unwrap_or(*round);
                entries::absence(env, state, rounds, player.as_ref(), true, ctx)?
            }
            Command::AnnounceAbsence {
                round,
                through,
                player,
            } => {
                let rounds = *round..=through.unwrap_or(*round);
                entries::absence(env, state, rounds, player.as_ref(), false, ctx)?
            }
            Command::ProhibitPairings { players } => {
                entries::prohibit(env, state, players, true, ctx)?
            }
            Command::LiftProhibition { players } => {
                entries::prohibit(env, state, players, false, ctx)?
            }
            Command::CancelAbsence { round, player } => {
                entries::cancel_absence(env, state, *round, player.as_ref(), ctx)?
            }
            Command::PairRound => rounds::pair_round(env, state, ctx)?,
            Command::SetPairing {
                round,
                boards,
                bye,
                reason,
                override_absolute,
            } => {
                let manual = rounds::Manual {
                    boards,
                    bye: bye.as_ref(),
                    reason,
                    override_absolute: *override_absolute,
                };
                rounds::set_pairing(env, state, *round, &manual, ctx)?
            }
            Command::ImportTrf { trf, players } => {
                rounds::import_trf(env, state, trf, players, ctx)?
            }
            Command::ReportResult {
                round,
                board,
                result,
            } => results::report(state, *round, *board, *result, ctx)?,
            Command::DisputeResult { round, board } => {
                results::dispute(state, *round, *board, ctx)?
            }
            Command::SetResult {
                round,
                board,
                result,
                reason,
            } => results::set(env, state, *round, *board, *result, reason.as_deref(), ctx)?,
        };
        Ok(events)
    }

    fn apply(&mut self, event: &Self::Event, _at: DateTime<Utc>) {
        super::state::apply(self, event)
    }

    /// The arbiter does not play in the event they direct.
    fn may_grant(&self, _env: &Envelope, user: &UserId, role: Role) -> Result<(), Refusal> {
        if role == Role::Arbiter && self.players.contains_key(user) {
            return Err(Refusal::rule(
                super::settings::REGULATIONS,
                format!("the arbiter does not play in the event: {user} has entered"),
            ));
        }
        Ok(())
    }
}
