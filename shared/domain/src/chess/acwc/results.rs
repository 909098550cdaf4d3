//! Match results (acwc VI.G, I.C): either player reports, the opponent
//! confirms or disputes, the TD settles; scores checked against the match
//! rules (III.F.1, III.G.2). The Final's games one by one and the sealed
//! Armageddon bids (III.H, III.H.6.ii).

use super::decide::{
    actor, check_final_game, final_of, find_match, own_open_match, plain, require_td, settings, Out,
};
use super::final_match::{FinalGame, FinalPhase};
use super::negotiation::check_score;
use super::vocabulary::{Command, Event, Stage, FINAL};
use crate::competition::{Competition, Context};
use crate::refusal::Refusal;

/// Decides the result commands.
pub(super) fn decide(
    env: &Competition,
    state: &super::state::Championship,
    command: &Command,
    ctx: &Context,
) -> Result<Out, Refusal> {
    match command {
        Command::ReportResult {
            match_id,
            first,
            second,
        } => {
            let u = actor(ctx)?;
            let s = settings(state)?;
            let m = own_open_match(state, match_id, u)?;
            check_score(
                *first,
                *second,
                s.format.games_per_match,
                m.stage == Stage::Qualification,
            )?;
            match &m.report {
                Some(r)
                    if &r.by != u
                        && r.first == *first
                        && r.second == *second
                        && r.disputed.is_none() =>
                {
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
                    first: *first,
                    second: *second,
                })),
            }
        }
        Command::ReportFinalGame { game, winner } => {
            let u = actor(ctx)?;
            let (f, s) = final_of(state)?;
            if !f.is_finalist(u) {
                return Err(Refusal::forbidden(
                    "acwc VI.G",
                    "only the finalists report the Final's games",
                ));
            }
            check_final_game(state, *game, winner.as_ref())?;
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
                game: *game,
                by: u.clone(),
                winner: winner.clone(),
            }))
        }
        Command::ConfirmResult { match_id } => {
            let u = actor(ctx)?;
            if match_id == FINAL {
                let (f, _) = final_of(state)?;
                let p = state.pending_final_game.as_ref().ok_or_else(|| {
                    Refusal::not_found("no game of the Final waits for confirmation")
                })?;
                if !f.is_finalist(u) || &p.by == u || p.disputed.is_some() {
                    return Err(Refusal::forbidden(
                        "acwc VI.G",
                        "the reporter's opponent confirms an undisputed report",
                    ));
                }
                return Ok(vec![
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
                ]);
            }
            let m = own_open_match(state, match_id, u)?;
            match &m.report {
                Some(r) if &r.by != u && r.disputed.is_none() => {
                    Ok(plain(Event::ResultConfirmed {
                        match_id: match_id.clone(),
                        by: u.clone(),
                    }))
                }
                _ => Err(Refusal::conflict(format!(
                    "no undisputed report of the opponent waits in match {match_id}"
                ))),
            }
        }
        Command::DisputeResult { match_id, reason } => {
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
                        reason: reason.clone(),
                    },
                    Some("acwc I.C".into()),
                )]),
                _ => Err(Refusal::conflict(format!(
                    "no report of the opponent to dispute in {match_id}"
                ))),
            }
        }
        Command::SettleResult {
            match_id,
            first,
            second,
            reason,
        } => {
            require_td(env, ctx)?;
            let s = settings(state)?;
            let m = find_match(state, match_id)?;
            if m.finished() {
                return Err(Refusal::conflict(format!("match {match_id} is finished")));
            }
            check_score(
                *first,
                *second,
                s.format.games_per_match,
                m.stage == Stage::Qualification,
            )?;
            Ok(vec![(
                Event::ResultSettled {
                    match_id: match_id.clone(),
                    first: *first,
                    second: *second,
                    reason: reason.clone(),
                },
                Some("acwc I.C".into()),
            )])
        }
        Command::SettleFinalGame {
            game,
            winner,
            reason,
        } => {
            require_td(env, ctx)?;
            final_of(state)?;
            check_final_game(state, *game, winner.as_ref())?;
            Ok(vec![
                (
                    Event::FinalGameSettled {
                        game: *game,
                        winner: winner.clone(),
                        reason: reason.clone(),
                    },
                    Some("acwc I.C".into()),
                ),
                (
                    Event::FinalGameRecorded {
                        game: *game,
                        result: FinalGame {
                            winner: winner.clone(),
                        },
                    },
                    Some("acwc I.C".into()),
                ),
            ])
        }
        Command::BidForWhite { seconds } => {
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
            if *seconds == 0 || *seconds > s.format.armageddon_black_seconds {
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
                    seconds: Some(*seconds),
                },
                Some("acwc III.H.6.ii".into()),
            )])
        }
        _ => Err(Refusal::invalid("not a result command")),
    }
}
