//! The fold of games: registration by members (club II.4) and approval of
//! monitored members' games (II.10.4), objections and rematches (I.6), and
//! online games (I.9.1–I.9.3, I.9.10).

use super::add_score;
use crate::ladder::elo::GameResult;
use crate::ladder::game::{self, Game, GameStatus, Objection, RematchOutcome};
use crate::ladder::{Event, Ladder};
use chrono::{DateTime, Utc};

/// A game registered (club II.4), approved or rejected (II.10.4).
pub(super) fn register(state: &mut Ladder, event: &Event) {
    match event {
        Event::GameRegistered {
            game,
            white,
            black,
            result,
            played_at,
            session,
            moderator,
            chessclock,
            bell,
            oversight,
            registered_by,
            pending,
            white_delta,
            black_delta,
        } => {
            state.saw_id(*game);
            let g = Game {
                white: white.clone(),
                black: black.clone(),
                result: *result,
                played_at: *played_at,
                online: false,
                session: *session,
                moderator: moderator.clone(),
                chessclock: *chessclock,
                bell: bell.clone(),
                oversight: oversight.clone(),
                registered_by: registered_by.clone(),
                status: if *pending {
                    GameStatus::Pending
                } else {
                    GameStatus::Rated
                },
                white_delta: *white_delta,
                black_delta: *black_delta,
                objection: None,
            };
            if let Some(s) = session {
                let week = state.settings.week_of(*s);
                for p in [white, black] {
                    if let Some(mut m) = state.members.get_mut(p) {
                        // club J.9: playing in the room is being present.
                        m.weeks.entry(week).or_default().present = true;
                    }
                }
            }
            state.games.insert(*game, g);
            if !*pending {
                game::rate(state, *game, *white_delta, *black_delta);
            }
        }
        Event::GameApproved {
            game,
            white_delta,
            black_delta,
            ..
        } => {
            if let Some(g) = state.games.get_mut(game) {
                g.status = GameStatus::Rated;
                g.white_delta = *white_delta;
                g.black_delta = *black_delta;
            }
            game::rate(state, *game, *white_delta, *black_delta);
        }
        Event::GameRejected { game, .. } => {
            if let Some(g) = state.games.get_mut(game) {
                g.status = GameStatus::Rejected;
            }
        }
        _ => unreachable!("state::apply sends game registrations only"),
    }
}

/// An ending objected to, and its rematch (club I.6).
pub(super) fn rematch(state: &mut Ladder, event: &Event, at: DateTime<Utc>) {
    match event {
        Event::EndingObjected {
            game,
            petitioner,
            session,
        } => {
            if let Some(g) = state.games.get_mut(game) {
                g.objection = Some(Objection {
                    petitioner: petitioner.clone(),
                    session: *session,
                    outcome: None,
                });
            }
        }
        Event::RematchRecorded {
            game,
            outcome,
            result,
            white_delta,
            black_delta,
            ..
        } => {
            let players = state.games.get_mut(game).map(|g| {
                g.white_delta += white_delta;
                g.black_delta += black_delta;
                if let Some(o) = g.objection.as_mut() {
                    o.outcome = Some(outcome.clone());
                }
                // Events recorded before `result` was kept carry it only
                // in a played outcome.
                let played = match outcome {
                    RematchOutcome::Played { result } => Some(*result),
                    _ => None,
                };
                if let Some(r) = result.or(played) {
                    g.result = r;
                }
                (g.white.clone(), g.black.clone())
            });
            if let Some((w, b)) = players {
                add_score(state, &w, *white_delta);
                add_score(state, &b, *black_delta);
            }
            if outcome.played() {
                game::rematch_played(state, *game, at);
            }
        }
        _ => unreachable!("state::apply sends objections and rematches only"),
    }
}

/// An online game started and finished (club I.9.1–I.9.3).
pub(super) fn online(state: &mut Ladder, event: &Event, at: DateTime<Utc>) {
    match event {
        Event::OnlineGameStarted {
            game,
            white,
            black,
            day,
        } => {
            state.saw_id(*game);
            state.online_in_progress = Some(*game);
            for p in [white, black] {
                if let Some(mut m) = state.members.get_mut(p) {
                    m.last_online_day = Some(*day);
                }
            }
            state.games.insert(
                *game,
                Game {
                    white: white.clone(),
                    black: black.clone(),
                    result: GameResult::Draw,
                    played_at: at,
                    online: true,
                    session: None,
                    moderator: None,
                    chessclock: false,
                    bell: None,
                    oversight: None,
                    registered_by: white.clone(),
                    status: GameStatus::InProgress,
                    white_delta: 0,
                    black_delta: 0,
                    objection: None,
                },
            );
        }
        Event::OnlineGameFinished {
            game,
            result,
            pending,
            white_delta,
            black_delta,
        } => {
            if state.online_in_progress == Some(*game) {
                state.online_in_progress = None;
            }
            if let Some(g) = state.games.get_mut(game) {
                g.result = *result;
                g.status = if *pending {
                    GameStatus::Pending
                } else {
                    GameStatus::Rated
                };
                g.white_delta = *white_delta;
                g.black_delta = *black_delta;
            }
            if !*pending {
                game::rate(state, *game, *white_delta, *black_delta);
            }
        }
        _ => unreachable!("state::apply sends online games only"),
    }
}

/// club I.9.10: an online game voided by the Chief Justice.
pub(super) fn void_online(state: &mut Ladder, event: &Event) {
    match event {
        Event::GameVoided {
            game, adjustments, ..
        } => {
            if state.online_in_progress == Some(*game) {
                state.online_in_progress = None;
            }
            let rated = state
                .games
                .get(game)
                .is_some_and(|g| g.status == GameStatus::Rated);
            if rated {
                game::count_in_week(state, *game, false);
            }
            if let Some(g) = state.games.get_mut(game) {
                g.status = GameStatus::Void;
            }
            for adj in adjustments {
                add_score(state, &adj.member, adj.delta);
            }
        }
        _ => unreachable!("state::apply sends voided games only"),
    }
}
