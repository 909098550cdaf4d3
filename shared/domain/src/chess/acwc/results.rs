//! Match results (acwc VI.G, I.C): either player reports, the opponent
//! confirms or disputes, the TD settles; scores checked against the match
//! rules (III.F.1, III.G.2). The Final's games one by one and the sealed
//! Armageddon bids (III.H, III.H.6.ii).

use super::decide::{
    actor, check_final_game, final_of, find_match, own_open_match, plain, require_td, settings, Out,
};
use super::final_match::{FinalGame, FinalPhase};
use super::negotiation::check_score;
use super::state::Championship;
use super::vocabulary::{Event, MatchId, Stage, FINAL};
use crate::envelope::{Context, Envelope, UserId};
use crate::refusal::Refusal;

/// acwc VI.G: a player reports the match score; the same score reported by
/// the opponent confirms the pending report.
pub(super) fn report_result(
    state: &Championship,
    match_id: &MatchId,
    first: u32,
    second: u32,
    ctx: &Context,
) -> Result<Out, Refusal> {
    let u = actor(ctx)?;
    let s = settings(state)?;
    let m = own_open_match(state, match_id, u)?;
    check_score(
        first,
        second,
        s.format.games_per_match,
        m.stage == Stage::Qualification,
    )?;
    match &m.report {
        Some(r) if &r.by != u && r.first == first && r.second == second && r.disputed.is_none() => {
            Ok(plain(Event::ResultConfirmed {
                match_id: match_id.clone(),
                by: u.clone(),
            }))
        }
        Some(_) => Err(Refusal::conflict(format!(
            "a result of match {match_id} is already reported; confirm or dispute it"
        ))),
        None => Ok(plain(Event::ResultReported {
            match_id: match_id.clone(),
            by: u.clone(),
            first,
            second,
        })),
    }
}

/// acwc III.H, VI.G: a finalist reports the next game of the Final.
pub(super) fn report_final_game(
    state: &Championship,
    game: u32,
    winner: Option<&UserId>,
    ctx: &Context,
) -> Result<Out, Refusal> {
    let u = actor(ctx)?;
    let (f, s) = final_of(state)?;
    if !f.is_finalist(u) {
        return Err(Refusal::forbidden(
            "acwc VI.G",
            "only the finalists report the Final's games",
        ));
    }
    check_final_game(state, game, winner)?;
    if state.pending_final_game.is_some() {
        return Err(Refusal::conflict(
            "a game is already reported; confirm or dispute it",
        ));
    }
    if f.phase(&s.format) == FinalPhase::ArmageddonBidding {
        return Err(Refusal::rule(
            "acwc III.H.6.ii",
            "both time bids come before the Armageddon game",
        ));
    }
    Ok(plain(Event::FinalGameReported {
        game,
        by: u.clone(),
        winner: winner.cloned(),
    }))
}

/// acwc VI.G: the reporter's opponent confirms an undisputed report, of a
/// match or of a game of the Final.
pub(super) fn confirm_result(
    state: &Championship,
    match_id: &MatchId,
    ctx: &Context,
) -> Result<Out, Refusal> {
    let u = actor(ctx)?;
    if match_id == FINAL {
        return confirm_final_game(state, match_id, u);
    }
    let m = own_open_match(state, match_id, u)?;
    match &m.report {
        Some(r) if &r.by != u && r.disputed.is_none() => Ok(plain(Event::ResultConfirmed {
            match_id: match_id.clone(),
            by: u.clone(),
        })),
        _ => Err(Refusal::conflict(format!(
            "no undisputed report of the opponent waits in match {match_id}"
        ))),
    }
}

/// acwc VI.G: a finalist confirms the opponent's report of a game of the
/// Final, which records the game.
fn confirm_final_game(
    state: &Championship,
    match_id: &MatchId,
    u: &UserId,
) -> Result<Out, Refusal> {
    let (f, _) = final_of(state)?;
    let p = state
        .pending_final_game
        .as_ref()
        .ok_or_else(|| Refusal::not_found("no game of the Final waits for confirmation"))?;
    if !f.is_finalist(u) || &p.by == u || p.disputed.is_some() {
        return Err(Refusal::forbidden(
            "acwc VI.G",
            "the reporter's opponent confirms an undisputed report",
        ));
    }
    Ok(vec![
        (
            Event::ResultConfirmed {
                match_id: match_id.clone(),
                by: u.clone(),
            },
            None,
        ),
        (
            Event::FinalGameRecorded {
                game: p.game,
                result: FinalGame {
                    winner: p.winner.clone(),
                },
            },
            Some("acwc VI.G".into()),
        ),
    ])
}

/// acwc I.C: the reporter's opponent disputes the pending report, of a
/// match or of a game of the Final; the TD settles.
pub(super) fn dispute_result(
    state: &Championship,
    match_id: &MatchId,
    reason: &str,
    ctx: &Context,
) -> Result<Out, Refusal> {
    let u = actor(ctx)?;
    let pending_by = if match_id == FINAL {
        let (f, _) = final_of(state)?;
        if !f.is_finalist(u) {
            return Err(Refusal::forbidden(
                "acwc VI.G",
                "only the finalists dispute the Final's games",
            ));
        }
        state
            .pending_final_game
            .as_ref()
            .filter(|p| p.disputed.is_none())
            .map(|p| &p.by)
    } else {
        let m = own_open_match(state, match_id, u)?;
        m.report
            .as_ref()
            .filter(|r| r.disputed.is_none())
            .map(|r| &r.by)
    };
    match pending_by {
        Some(by) if by != u => Ok(vec![(
            Event::ResultDisputed {
                match_id: match_id.clone(),
                by: u.clone(),
                reason: reason.to_owned(),
            },
            Some("acwc I.C".into()),
        )]),
        _ => Err(Refusal::conflict(format!(
            "no report of the opponent to dispute in {match_id}"
        ))),
    }
}

/// acwc I.C: the TD settles a match that is not finished.
pub(super) fn settle_result(
    env: &Envelope,
    state: &Championship,
    match_id: &MatchId,
    first: u32,
    second: u32,
    reason: &str,
    ctx: &Context,
) -> Result<Out, Refusal> {
    require_td(env, ctx)?;
    let s = settings(state)?;
    let m = find_match(state, match_id)?;
    if m.finished() {
        return Err(Refusal::conflict(format!("match {match_id} is finished")));
    }
    check_score(
        first,
        second,
        s.format.games_per_match,
        m.stage == Stage::Qualification,
    )?;
    Ok(vec![(
        Event::ResultSettled {
            match_id: match_id.clone(),
            first,
            second,
            reason: reason.to_owned(),
        },
        Some("acwc I.C".into()),
    )])
}

/// acwc I.C: the TD settles the next game of the Final, which records it.
pub(super) fn settle_final_game(
    env: &Envelope,
    state: &Championship,
    game: u32,
    winner: Option<&UserId>,
    reason: &str,
    ctx: &Context,
) -> Result<Out, Refusal> {
    require_td(env, ctx)?;
    final_of(state)?;
    check_final_game(state, game, winner)?;
    Ok(vec![
        (
            Event::FinalGameSettled {
                game,
                winner: winner.cloned(),
                reason: reason.to_owned(),
            },
            Some("acwc I.C".into()),
        ),
        (
            Event::FinalGameRecorded {
                game,
                result: FinalGame {
                    winner: winner.cloned(),
                },
            },
            Some("acwc I.C".into()),
        ),
    ])
}

/// acwc III.H.6.ii: a finalist's sealed time bid for White, once the Final
/// goes to Armageddon.
pub(super) fn bid_for_white(
    state: &Championship,
    seconds: u32,
    ctx: &Context,
) -> Result<Out, Refusal> {
    let u = actor(ctx)?;
    let (f, s) = final_of(state)?;
    if !f.is_finalist(u) {
        return Err(Refusal::forbidden(
            "acwc III.H.6.ii",
            "only the finalists bid",
        ));
    }
    if f.phase(&s.format) != FinalPhase::ArmageddonBidding {
        return Err(Refusal::rule(
            "acwc III.H.6",
            "bids are made only when the Final goes to Armageddon",
        ));
    }
    if f.bids.contains_key(u) {
        return Err(Refusal::conflict("your sealed bid is already in"));
    }
    if seconds == 0 || seconds > s.format.armageddon_black_seconds {
        return Err(Refusal::rule(
            "acwc III.H.6.ii",
            format!(
                "a bid is 1 to {} seconds (Black's time)",
                s.format.armageddon_black_seconds
            ),
        ));
    }
    Ok(vec![(
        Event::BidSubmitted {
            player: u.clone(),
            seconds: Some(seconds),
        },
        Some("acwc III.H.6.ii".into()),
    )])
}
