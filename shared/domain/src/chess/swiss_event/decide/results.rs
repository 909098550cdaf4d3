//! Results: a player's report, the opponent's dispute, and the arbiter's
//! result, correction (dutch F7) and forfeits (dutch F2, G).

use super::{by_rule, caller, recorded, require_official};
use crate::chess::swiss_event::settings::{AbsentWithoutNotice, REGULATIONS};
use crate::chess::swiss_event::state::{Game, ResultStatus, SwissEvent};
use crate::chess::swiss_event::vocabulary::{Event, GameResult};
use crate::chess::swiss_event::Recorded;
use crate::envelope::{Context, Envelope, UserId};
use crate::refusal::Refusal;

fn game(state: &SwissEvent, round: u32, board: u32) -> Result<&Game, Refusal> {
    state
        .round(round)
        .and_then(|r| r.game(board))
        .ok_or_else(|| Refusal::not_found(format!("round {round} has no board {board}")))
}

/// Players report the current round only; earlier rounds are the
/// arbiter's to correct (dutch F7).
fn current(state: &SwissEvent, round: u32) -> Result<(), Refusal> {
    if round as usize == state.rounds.len() {
        Ok(())
    } else {
        Err(Refusal::rule(
            "dutch F7",
            "only the arbiter corrects a result of an earlier round",
        ))
    }
}

/// The caller and their game on `board` of the current round `round`:
/// only the game's players report or dispute its result.
fn own_game<'a>(
    state: &'a SwissEvent,
    round: u32,
    board: u32,
    ctx: &'a Context,
    verb: &str,
) -> Result<(&'a UserId, &'a Game), Refusal> {
    let me = caller(ctx)?;
    let g = game(state, round, board)?;
    if g.side(me).is_none() {
        return Err(Refusal::forbidden(
            REGULATIONS,
            format!("only the game's players {verb} its result"),
        ));
    }
    current(state, round)?;
    Ok((me, g))
}

/// A player of the game reports a result played over the board; the
/// opponent's contrary report disputes it.
pub(super) fn report(
    state: &SwissEvent,
    round: u32,
    board: u32,
    result: GameResult,
    ctx: &Context,
) -> Result<Vec<Recorded>, Refusal> {
    let (me, g) = own_game(state, round, board, ctx, "report")?;
    if !result.played() {
        return Err(Refusal::rule(
            "dutch F2",
            "a forfeit is recorded by the arbiter",
        ));
    }
    match &g.status {
        ResultStatus::Pending => Ok(vec![recorded(Event::ResultReported {
            round,
            board,
            result,
            by: me.clone(),
        })]),
        // The same report again, or the opponent's agreement: nothing new.
        ResultStatus::Reported { .. } if g.result == Some(result) => Ok(vec![]),
        ResultStatus::Reported { by } if by == me => Err(Refusal::conflict(
            "you reported another result: the arbiter corrects it",
        )),
        ResultStatus::Reported { .. } => Ok(vec![recorded(Event::ResultDisputed {
            round,
            board,
            by: me.clone(),
        })]),
        ResultStatus::Disputed { .. } | ResultStatus::Final => Err(Refusal::rule(
            REGULATIONS,
            "the arbiter decides this result",
        )),
    }
}

/// The opponent of the player who reported disputes the report.
pub(super) fn dispute(
    state: &SwissEvent,
    round: u32,
    board: u32,
    ctx: &Context,
) -> Result<Vec<Recorded>, Refusal> {
    let (me, g) = own_game(state, round, board, ctx, "dispute")?;
    match &g.status {
        ResultStatus::Reported { by } if by != me => Ok(vec![recorded(Event::ResultDisputed {
            round,
            board,
            by: me.clone(),
        })]),
        ResultStatus::Disputed { .. } => Ok(vec![]),
        _ => Err(Refusal::rule(
            REGULATIONS,
            "only the opponent's report, before the arbiter's, is disputed",
        )),
    }
}

/// The arbiter sets, confirms or corrects a result. dutch G: a player who
/// lost by not appearing is withdrawn, unless the regulations keep them.
pub(super) fn set(
    env: &Envelope,
    state: &SwissEvent,
    round: u32,
    board: u32,
    result: GameResult,
    reason: Option<&str>,
    ctx: &Context,
) -> Result<Vec<Recorded>, Refusal> {
    require_official(env, ctx)?;
    let g = game(state, round, board)?;
    if reason.is_some_and(|r| r.chars().count() > 1000) {
        return Err(Refusal::invalid("a reason has at most 1000 characters"));
    }
    if g.status == ResultStatus::Final && g.result == Some(result) {
        return Ok(vec![]);
    }
    let correction = g.status == ResultStatus::Final || (round as usize) < state.rounds.len();
    if correction && reason.is_none_or(|r| r.trim().is_empty()) {
        return Err(Refusal::rule("dutch F7", "a correction gives its reason"));
    }
    let mut events = vec![recorded(Event::ResultSet {
        round,
        board,
        result,
        reason: reason.map(|r| r.trim().to_owned()),
    })];
    events.extend(no_show_withdrawals(state, g, result, round));
    Ok(events)
}

fn no_show_withdrawals(
    state: &SwissEvent,
    g: &Game,
    result: GameResult,
    round: u32,
) -> Vec<Recorded> {
    let keeps = state
        .settings
        .as_ref()
        .is_none_or(|s| s.absent_without_notice == AbsentWithoutNotice::StaysIn);
    if keeps || round as usize != state.rounds.len() {
        return vec![];
    }
    let (white, black) = result.no_shows();
    [(white, &g.white), (black, &g.black)]
        .into_iter()
        .filter(|(absent, p)| {
            *absent
                && state
                    .players
                    .get(*p)
                    .is_some_and(|p| p.withdrawn_from.is_none())
        })
        .map(|(_, p)| {
            by_rule(
                Event::Withdrew {
                    player: p.clone(),
                    from_round: state.next_round(),
                },
                "dutch G",
            )
        })
        .collect()
}
