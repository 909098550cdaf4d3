//! The fold of match results (acwc VI.G): reports, confirmations,
//! disputes and settlements, matches awarded, the TD's corrections (I.C),
//! and the Final's games and sealed Armageddon bids (III.H, III.H.6.ii).

use super::{Championship, Outcome, PendingGame, Report};
use crate::chess::acwc::vocabulary::{Award, Event, Stage, FINAL};
use crate::envelope::UserId;

/// acwc VI.G: a result reported, then confirmed or disputed; the Final's
/// games one by one.
pub(super) fn report(state: &mut Championship, event: &Event) {
    match event {
        Event::ResultReported {
            match_id,
            by,
            first,
            second,
        } => {
            state.matches.update(match_id, |m| {
                m.report = Some(Report {
                    by: by.clone(),
                    first: *first,
                    second: *second,
                    disputed: None,
                });
            });
        }
        Event::FinalGameReported { game, by, winner } => {
            state.pending_final_game = Some(PendingGame {
                game: *game,
                by: by.clone(),
                winner: winner.clone(),
                disputed: None,
            });
        }
        Event::ResultConfirmed { match_id, .. } => {
            if match_id == FINAL {
                state.pending_final_game = None;
            } else {
                state.matches.update(match_id, |m| {
                    if let Some(r) = m.report.take() {
                        m.outcome = Some(Outcome::Score {
                            first: r.first,
                            second: r.second,
                        });
                    }
                });
            }
        }
        Event::ResultDisputed {
            match_id, reason, ..
        } => {
            if match_id == FINAL {
                if let Some(p) = &mut state.pending_final_game {
                    p.disputed = Some(reason.clone());
                }
            } else {
                state.matches.update(match_id, |m| {
                    if let Some(r) = m.report.as_mut() {
                        r.disputed = Some(reason.clone());
                    }
                });
            }
        }
        _ => unreachable!("state::apply sends reports, confirmations and disputes only"),
    }
}

/// A result settled by the TD (acwc VI.G), a match awarded (VI.B, VI.D,
/// VI.F), or a withdrawn Candidate's games disregarded (VIII.B).
pub(super) fn settle(state: &mut Championship, event: &Event) {
    match event {
        Event::ResultSettled {
            match_id,
            first,
            second,
            ..
        } => {
            state.matches.update(match_id, |m| {
                m.report = None;
                m.outcome = Some(Outcome::Score {
                    first: *first,
                    second: *second,
                });
            });
        }
        Event::FinalGameSettled { .. } => state.pending_final_game = None,
        Event::MatchAwarded {
            match_id,
            winner,
            award,
        } => {
            state.matches.update(match_id, |m| {
                m.report = None;
                let before = m.outcome.replace(Outcome::Awarded {
                    winner: winner.clone(),
                    award: award.clone(),
                });
                // VIII.A.2: kept, for a reinstatement (I.C).
                if *award == Award::EngineMark {
                    m.overturned = before.filter(|o| matches!(o, Outcome::Score { .. }));
                }
            });
        }
        Event::CandidateGamesDisregarded { player } => {
            state.matches.update_all(|m| {
                if m.stage == Stage::Candidates && m.plays(player) {
                    m.disregarded = true;
                }
            });
        }
        _ => unreachable!("state::apply sends settlements and awards only"),
    }
}

/// acwc III.H: the Armageddon bids (III.H.6.ii) and colours, and the
/// Final's games recorded.
pub(super) fn final_games(state: &mut Championship, event: &Event) {
    match event {
        Event::BidSubmitted { player, seconds } => {
            if let (Some(f), Some(s)) = (&mut state.final_match, seconds) {
                f.bids.insert(player.clone(), *s);
            }
        }
        Event::ArmageddonColoursFixed { armageddon } => {
            if let Some(f) = &mut state.final_match {
                f.armageddon = Some(armageddon.clone());
            }
        }
        Event::FinalGameRecorded { result, .. } => {
            if let (Some(f), Some(s)) = (&mut state.final_match, &state.settings) {
                f.record(result.clone(), &s.format);
            }
        }
        _ => unreachable!("state::apply sends the Final's bids and games only"),
    }
}

/// acwc I.C: the TD's final call: a result corrected, a match reopened (a
/// forfeit undone, a player reinstated during the round), a reinstated
/// Candidate's games restored (VIII.B undone).
pub(super) fn correct(state: &mut Championship, event: &Event) {
    if let Event::FinalGameCorrected { game, winner, .. } = event {
        let slot = state
            .final_match
            .as_mut()
            .and_then(|f| f.games.get_mut((*game as usize).wrapping_sub(1)));
        if let Some(g) = slot {
            g.winner = winner.clone();
        }
        return;
    }
    match event {
        Event::ResultCorrected {
            match_id,
            first,
            second,
            ..
        } => {
            state.matches.update(match_id, |m| {
                m.outcome = Some(Outcome::Score {
                    first: *first,
                    second: *second,
                });
                m.overturned = None;
            });
        }
        Event::MatchReopened { match_id, .. } => {
            state.matches.update(match_id, |m| {
                m.outcome = None;
                m.report = None;
                m.overturned = None;
                m.no_show = None;
                m.negotiation.time = None;
            });
        }
        Event::CandidateGamesRestored { player } => restore_candidate_games(state, player),
        _ => unreachable!("state::apply sends the TD's corrections only"),
    }
}

/// acwc I.C, VIII.B: a reinstated Candidate's disregarded matches count
/// again: those with a result, and those of the current round, against
/// players still in the championship.
fn restore_candidate_games(state: &mut Championship, player: &UserId) {
    let current = state.rounds_of(Stage::Candidates).last().map(|r| r.number);
    let restored: Vec<_> = state
        .matches
        .values()
        .filter(|m| m.stage == Stage::Candidates && m.disregarded && m.plays(player))
        .filter(|m| state.active(m.opponent(player)))
        .filter(|m| m.outcome.is_some() || Some(m.round) == current)
        .map(|m| m.id.clone())
        .collect();
    for id in restored {
        state.matches.update(&id, |m| {
            m.disregarded = false;
        });
    }
}
