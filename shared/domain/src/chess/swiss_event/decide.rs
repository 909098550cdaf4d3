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
use crate::competition::ROLES_CLAUSE;
use crate::competition::{Actor, Competition, Context, Event as Envelope, Recorded, Role, UserId};
use crate::refusal::Refusal;

/// Decides a command against the event.
pub fn decide(
    env: &Competition,
    state: &SwissEvent,
    command: &Command,
    ctx: &Context,
) -> Result<Vec<Recorded>, Refusal> {
    let events = match command {
        Command::SetUp { settings } => entries::set_up(env, state, settings, ctx)?,
        Command::Register { player, entry } => {
            entries::register(env, state, player.as_ref(), entry, ctx)?
        }
        Command::Withdraw { player } => entries::withdraw(env, state, player.as_ref(), ctx)?,
        Command::Reinstate { player } => entries::reinstate(env, state, player, ctx)?,
        Command::RequestBye { round, player } => {
            entries::absence(env, state, *round, player.as_ref(), true, ctx)?
        }
        Command::AnnounceAbsence { round, player } => {
            entries::absence(env, state, *round, player.as_ref(), false, ctx)?
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
        } => rounds::set_pairing(env, state, *round, boards, bye.as_ref(), reason, ctx)?,
        Command::ImportTrf { trf, players } => rounds::import_trf(env, state, trf, players, ctx)?,
        Command::ReportResult {
            round,
            board,
            result,
        } => results::report(state, *round, *board, *result, ctx)?,
        Command::DisputeResult { round, board } => results::dispute(state, *round, *board, ctx)?,
        Command::SetResult {
            round,
            board,
            result,
            reason,
        } => results::set(env, state, *round, *board, *result, reason.as_deref(), ctx)?,
    };
    Ok(events)
}

/// An event the caller's act records.
fn recorded(event: Event) -> Recorded {
    Recorded::new(Envelope::Swiss(event))
}

/// An event a rule makes happen.
fn by_rule(event: Event, clause: &str) -> Recorded {
    Recorded::by_rule(Envelope::Swiss(event), clause)
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
pub fn is_official(env: &Competition, user: &UserId) -> bool {
    env.has_role(user, Role::Organizer) || env.has_role(user, Role::Arbiter)
}

fn require_official(env: &Competition, ctx: &Context) -> Result<(), Refusal> {
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
fn acting_for(
    env: &Competition,
    player: Option<&UserId>,
    ctx: &Context,
) -> Result<UserId, Refusal> {
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
