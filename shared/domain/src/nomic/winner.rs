//! nomic 215: "If the legality of a move cannot be determined with
//! finality, or if by the Judge's best reasoning, not overruled, a move
//! appears equally legal and illegal, then the player whose move is in
//! question is the winner. If the rules are changed so that further play is
//! impossible, the player who's allocated day it is the winner. This rule
//! takes precedence over every other rule determining the winner."
//!
//! The Judge records the finding with the Judgement ([`Finding`]); it wins
//! the game for the mover when the Judgement is invoked (not overruled). The
//! organizer declares play impossible; the player whose allocated day it is
//! wins. At one instant, a win under 215 is decided before any other (see
//! `due`), so 210 cannot pre-empt it.

use super::judgement::Finding;
use super::proposal::ProposalStatus;
use super::record::Recorder;
use super::state::Nomic;
use super::turns::{uk_date, AllocatedDay};
use super::vocabulary::Event;
use crate::envelope::{Context, Envelope, Role, UserId, ROLES_CLAUSE};
use crate::refusal::Refusal;
use chrono::{DateTime, Utc};

/// nomic 215: the player whose move a finding concerns: the one the Judge
/// names, else the proposer of the proposal the Point of Order names. A
/// mover is named only with a finding, and must still be playing (a player
/// who forfeited cannot win, nomic 115).
pub fn mover(
    state: &Nomic,
    point: u32,
    finding: Option<Finding>,
    named: Option<&UserId>,
) -> Result<Option<UserId>, Refusal> {
    if finding.is_none() {
        return match named {
            Some(_) => Err(Refusal::invalid(
                "nomic 215: the player whose move is in question is named only with a finding",
            )),
            None => Ok(None),
        };
    }
    let proposer = state
        .point_of_order(point)
        .and_then(|p| p.proposal)
        .and_then(|n| state.proposal(n))
        .map(|p| p.proposer.clone());
    let Some(mover) = named.cloned().or(proposer) else {
        return Err(Refusal::rule(
            "nomic 215",
            "name the player whose move is in question: the Point of Order names no proposal",
        ));
    };
    if !state.players.contains_key(&mover) {
        return Err(Refusal::rule(
            "nomic 215",
            format!("{mover} is not a player in the game and cannot win it"),
        ));
    }
    Ok(Some(mover))
}

/// nomic 215: the Judgement on `point`, now invoked (not overruled), carries
/// a finding: the player whose move is in question wins, unless someone has
/// already won or the mover has since forfeited (nomic 115).
pub fn win_by_finding(rec: &mut Recorder, point: u32) {
    let Some(mover) = rec
        .state
        .point_of_order(point)
        .and_then(|p| p.judgement.as_ref())
        .filter(|j| j.finding.is_some())
        .and_then(|j| j.mover.clone())
    else {
        return;
    };
    if rec.state.winner.is_some() || !rec.state.players.contains_key(&mover) {
        return;
    }
    let points = rec.state.points.get(&mover).copied().unwrap_or(0);
    rec.emit(
        Event::GameWon {
            player: mover,
            points,
        },
        "nomic 215",
    );
}

/// nomic 215: the organizer declares that the rules, as changed, make
/// further play impossible; the player whose allocated day it is (UK time,
/// nomic 106) wins. Refused before any rule-change has taken effect (the
/// Initial Set is playable), and on a day that is nobody's.
pub fn declare_play_impossible(
    rec: &mut Recorder,
    env: &Envelope,
    reason: &str,
    ctx: &Context,
) -> Result<(), Refusal> {
    let Some(by) = ctx
        .actor
        .user()
        .filter(|u| env.has_role(u, Role::Organizer))
        .cloned()
    else {
        return Err(Refusal::forbidden(
            ROLES_CLAUSE,
            "only the organizer declares play impossible",
        ));
    };
    let reason = reason.trim();
    if reason.is_empty() || reason.chars().count() > super::judgement::MAX_STATEMENT_CHARS {
        return Err(Refusal::invalid(format!(
            "nomic 215: say which change makes play impossible, 1 to {} characters",
            super::judgement::MAX_STATEMENT_CHARS
        )));
    }
    check_playing(&rec.state)?;
    let changed = rec
        .state
        .proposals
        .iter()
        .any(|p| p.status == ProposalStatus::InEffect);
    if !changed {
        return Err(Refusal::rule(
            "nomic 215",
            "no rule-change has taken effect: the rules in the Initial Set allow play",
        ));
    }
    let Some(player) = day_player(&rec.state, ctx.now) else {
        return Err(Refusal::rule(
            "nomic 215",
            "today is no player's allocated day: declare it on a day that is someone's",
        ));
    };
    rec.emit(
        Event::PlayDeclaredImpossible {
            by,
            reason: reason.to_owned(),
            at: ctx.now,
        },
        "nomic 215",
    );
    let points = rec.state.points.get(&player).copied().unwrap_or(0);
    rec.emit(Event::GameWon { player, points }, "nomic 215");
    Ok(())
}

/// The game has begun and nobody has won yet (nomic 101, 210).
fn check_playing(state: &Nomic) -> Result<(), Refusal> {
    if state.begun_at.is_none() {
        return Err(Refusal::rule("nomic 101", "the game has not begun"));
    }
    if let Some(w) = &state.winner {
        return Err(Refusal::rule(
            "nomic 210",
            format!("the game is over: {w} won"),
        ));
    }
    Ok(())
}

/// nomic 201, 106: the player whose allocated day the UK date of `now` is.
pub fn day_player(state: &Nomic, now: DateTime<Utc>) -> Option<UserId> {
    let day = AllocatedDay::of(uk_date(now))?;
    state
        .players
        .iter()
        .find(|(_, d)| **d == day)
        .map(|(u, _)| u.clone())
}
