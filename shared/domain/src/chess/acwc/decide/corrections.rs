//! The TD's final call (acwc I.C: "the TD … will make the final call"):
//! correcting a finished match's result, reinstating a disqualified player,
//! undoing a forfeit. Each is the TD's alone, carries its reason into the
//! log, and changes only what its doc comment says; rulings in
//! `docs/rulings/acwc.md`.

use super::entries::registration_open;
use super::{final_of, find_match, require_td, settings, Out};
use crate::chess::acwc::final_match::{FinalGame, FinalPhase};
use crate::chess::acwc::negotiation::check_score;
use crate::chess::acwc::state::{apply, Championship, EntrantStatus, Match, Outcome};
use crate::chess::acwc::vocabulary::{Award, Disqualification, Event, MatchId, Stage};
use crate::envelope::{Context, Envelope, UserId};
use crate::refusal::Refusal;
use chrono::{DateTime, Utc};

const FINAL_CALL: &str = "acwc I.C";

fn reason_given(reason: &str) -> Result<String, Refusal> {
    let reason = reason.trim();
    if reason.is_empty() {
        return Err(Refusal::invalid(
            "the TD's final call is recorded with its reason",
        ));
    }
    Ok(reason.to_owned())
}

fn ruled(event: Event) -> (Event, Option<String>) {
    (event, Some(FINAL_CALL.to_owned()))
}

/// acwc I.C: the TD corrects the result of a finished match of the stage
/// being played (a confirmed or settled score, or an award) to a score the
/// match rules allow (III.F.1, III.G.2). The standings follow at once;
/// rounds already published stand and later rounds are paired on the
/// corrected standings. A corrected forfeit no longer counts for VI.F, and a
/// player it had disqualified under VI.F is reinstated.
pub(super) fn correct_result(
    env: &Envelope,
    state: &Championship,
    match_id: &MatchId,
    first: u32,
    second: u32,
    reason: &str,
    ctx: &Context,
) -> Result<Out, Refusal> {
    require_td(env, ctx)?;
    let reason = reason_given(reason)?;
    let s = settings(state)?;
    let m = find_match(state, match_id)?;
    let Some(before) = m.outcome.as_ref().filter(|_| !m.disregarded) else {
        return Err(Refusal::conflict(format!(
            "match {match_id} has no result that counts; an open match is settled (settle-result)"
        )));
    };
    stage_running(state, m)?;
    check_score(
        first,
        second,
        s.format.games_per_match,
        m.stage == Stage::Qualification,
    )?;
    if *before == (Outcome::Score { first, second }) {
        return Err(Refusal::conflict(format!(
            "match {match_id} already stands at that score"
        )));
    }
    let out = vec![ruled(Event::ResultCorrected {
        match_id: match_id.clone(),
        first,
        second,
        reason,
    })];
    Ok(after_forfeit_removed(state, m, out, ctx.now))
}

/// acwc I.C: the TD corrects the result of a recorded game of the Final
/// (III.H), while the Final is undecided (once decided, the championship is
/// over, as a stage's results stand once it is over). The other games stand.
/// If the corrected games decided the Final at an earlier checkpoint (III.H.2,
/// III.H.4–5), the games after it were played in error: the champion is the
/// one that checkpoint gives, decided at once.
pub(super) fn correct_final_game(
    env: &Envelope,
    state: &Championship,
    game: u32,
    winner: Option<&UserId>,
    reason: &str,
    ctx: &Context,
) -> Result<Out, Refusal> {
    require_td(env, ctx)?;
    let reason = reason_given(reason)?;
    let (f, s) = final_of(state)?;
    if let FinalPhase::Decided { .. } = f.phase(&s.format) {
        return Err(Refusal::conflict("the Final is decided"));
    }
    let Some(recorded) = f.games.get((game as usize).wrapping_sub(1)) else {
        return Err(Refusal::conflict(format!(
            "game {game} of the Final is not recorded (games 1 to {} are)",
            f.games.len()
        )));
    };
    if let Some(w) = winner.filter(|w| !f.is_finalist(w)) {
        return Err(Refusal::invalid(format!("{w} does not play the Final")));
    }
    if recorded.winner.as_ref() == winner {
        return Err(Refusal::conflict(format!(
            "game {game} of the Final already stands so"
        )));
    }
    let mut corrected = f.clone();
    corrected.games[game as usize - 1] = FinalGame {
        winner: winner.cloned(),
    };
    let mut out = vec![ruled(Event::FinalGameCorrected {
        game,
        winner: winner.cloned(),
        reason,
    })];
    // III.H: the first checkpoint the corrected games decide, if any.
    corrected.armageddon = None;
    corrected.armageddon_game = None;
    let all = std::mem::take(&mut corrected.games);
    for n in 1..=all.len() {
        corrected.games = all[..n].to_vec();
        if let Some(champion) = corrected.champion(&s.format) {
            out.push((
                Event::ChampionDecided { champion },
                Some("acwc III.H".to_owned()),
            ));
            break;
        }
    }
    Ok(out)
}

/// acwc I.C: the TD undoes a forfeit (VI.B, VI.D) of the current round: the
/// match is to be played after all. Its time is agreed anew (V.A), or where
/// the negotiation had failed, fixed by its chooser or the TD (V.E–I). The
/// forfeit no longer counts for VI.F; a player it had disqualified under
/// VI.F is reinstated. Both players must be in the championship then.
pub(super) fn undo_forfeit(
    env: &Envelope,
    state: &Championship,
    match_id: &MatchId,
    reason: &str,
    ctx: &Context,
) -> Result<Out, Refusal> {
    require_td(env, ctx)?;
    let reason = reason_given(reason)?;
    let m = find_match(state, match_id)?;
    let Some(Outcome::Awarded {
        winner,
        award: Award::Forfeit,
    }) = &m.outcome
    else {
        return Err(Refusal::conflict(format!(
            "match {match_id} was not forfeited"
        )));
    };
    stage_running(state, m)?;
    if state.rounds_of(m.stage).last().map(|r| r.number) != Some(m.round) {
        return Err(Refusal::conflict(format!(
            "round {} is over and later pairings stand: give the score that stands (correct-result)",
            m.round
        )));
    }
    let loser = m.opponent(winner);
    let loser_back = state.active(loser) || two_forfeits_undone(state, loser, 1);
    if !state.active(winner) || !loser_back {
        return Err(Refusal::conflict(format!(
            "both players of match {match_id} must be in the championship to play it (reinstate first)"
        )));
    }
    let out = vec![ruled(Event::MatchReopened {
        match_id: match_id.clone(),
        reason,
    })];
    Ok(after_forfeit_removed(state, m, out, ctx.now))
}

/// acwc VI.F: `player` was disqualified for two forfeits and would have
/// fewer than two once `undone` of them are undone.
fn two_forfeits_undone(state: &Championship, player: &UserId, undone: usize) -> bool {
    state.entrant(player).is_some_and(|e| {
        e.status
            == EntrantStatus::Disqualified {
                reason: Disqualification::TwoForfeits,
            }
    }) && state.forfeits(player).saturating_sub(undone) < 2
}

/// `out` (which removes the result of `m`) and, when `m` was a forfeit that
/// had disqualified its loser under VI.F, the loser's reinstatement: the
/// ground is gone.
fn after_forfeit_removed(state: &Championship, m: &Match, mut out: Out, now: DateTime<Utc>) -> Out {
    let Some(Outcome::Awarded {
        winner,
        award: Award::Forfeit,
    }) = &m.outcome
    else {
        return out;
    };
    let loser = m.opponent(winner);
    let mut after = state.clone();
    for (e, _) in &out {
        apply(&mut after, e, now);
    }
    if two_forfeits_undone(&after, loser, 0) {
        let reason = format!("acwc VI.F: match {} is no longer a forfeit", m.id);
        if let Ok(more) = reinstatement(&after, loser, reason, now) {
            out.extend(more);
        }
    }
    out
}

/// The match's stage is the one being played: once a stage is over its
/// results have decided the next one, which the rules do not re-decide.
fn stage_running(state: &Championship, m: &Match) -> Result<(), Refusal> {
    if m.stage != state.stage {
        return Err(Refusal::conflict(format!(
            "match {} belongs to a stage that is over; its results decided the next one",
            m.id
        )));
    }
    Ok(())
}

/// acwc I.C: the TD reinstates a disqualified player (see
/// [`reinstatement`] for what follows). A player disqualified for two
/// forfeits (VI.F) is reinstated by undoing or correcting one of them.
pub(super) fn reinstate(
    env: &Envelope,
    state: &Championship,
    player: &UserId,
    reason: &str,
    ctx: &Context,
) -> Result<Out, Refusal> {
    require_td(env, ctx)?;
    let reason = reason_given(reason)?;
    let Some(e) = state.entrant(player) else {
        return Err(Refusal::not_found(format!("{player} has not entered")));
    };
    let EntrantStatus::Disqualified { reason: ground } = &e.status else {
        return Err(Refusal::conflict(format!("{player} is not disqualified")));
    };
    if *ground == Disqualification::TwoForfeits && state.forfeits(player) >= 2 {
        return Err(Refusal::rule(
            "acwc VI.F",
            format!("{player} still has two forfeits: undo or correct one first"),
        ));
    }
    reinstatement(state, player, reason, ctx.now)
}

/// acwc I.C: what reinstating `player` changes, by the stage being played:
///
/// - Registration (until the Qualification starts, IV.D): the entry stands
///   again.
/// - Qualification (a player of it, or the holder or runner-up waiting for
///   their stage): paired again from the next round; matches turned over for
///   an engine mark (VIII.A.2) get their scores back; the current round's
///   matches awarded to the opponent because the player left (VIII.A.1) are
///   played after all; earlier rounds' awards stand, those rounds are paired
///   on.
/// - Candidates (a Candidate, or the holder): their disregarded matches
///   (VIII.B) with a result count again and the current round's are played,
///   against players still in; rounds published while they were out are
///   not replayed.
/// - From the Final on: refused, the Final started without them (VIII.C).
fn reinstatement(
    state: &Championship,
    player: &UserId,
    reason: String,
    now: DateTime<Utc>,
) -> Result<Out, Refusal> {
    let s = settings(state)?;
    let holder = s.holder.as_ref() == Some(player);
    let runner_up = s.runner_up.as_ref() == Some(player);
    let allowed = match state.stage {
        Stage::Registration => registration_open(state, now),
        Stage::Qualification => state.qualification.contains(player) || holder || runner_up,
        Stage::Candidates => state.candidates.contains(player) || holder,
        Stage::Final | Stage::Finished => false,
    };
    if !allowed {
        let stage = match state.stage {
            Stage::Registration | Stage::Qualification => "Qualification",
            Stage::Candidates => "Candidates",
            Stage::Final | Stage::Finished => "Final",
        };
        return Err(Refusal::conflict(format!(
            "the {stage} started without {player}; it cannot take them back"
        )));
    }
    let mut out = vec![ruled(Event::Reinstated {
        player: player.clone(),
        reason,
    })];
    match state.stage {
        Stage::Qualification => out.extend(qualification_restored(state, player)),
        Stage::Candidates if state.candidates.contains(player) => {
            out.push(ruled(Event::CandidateGamesRestored {
                player: player.clone(),
            }))
        }
        _ => {}
    }
    Ok(out)
}

/// acwc I.C: a reinstated player's Qualification matches: VIII.A.2
/// turnovers undone, the current round's VIII.A.1 awards reopened.
fn qualification_restored(state: &Championship, player: &UserId) -> Out {
    let current = state
        .rounds_of(Stage::Qualification)
        .last()
        .map(|r| r.number);
    state
        .matches
        .values()
        .filter(|m| m.stage == Stage::Qualification && m.plays(player))
        .filter_map(|m| match (&m.outcome, &m.overturned) {
            (
                Some(Outcome::Awarded {
                    award: Award::EngineMark,
                    ..
                }),
                Some(Outcome::Score { first, second }),
            ) => Some(ruled(Event::ResultCorrected {
                match_id: m.id.clone(),
                first: *first,
                second: *second,
                reason: format!("acwc VIII.A.2 undone: {player} reinstated"),
            })),
            (
                Some(Outcome::Awarded {
                    award: Award::Withdrawal,
                    winner,
                }),
                _,
            ) if winner != player && Some(m.round) == current && state.active(winner) => {
                Some(ruled(Event::MatchReopened {
                    match_id: m.id.clone(),
                    reason: format!("acwc VIII.A.1 undone: {player} reinstated"),
                }))
            }
            _ => None,
        })
        .collect()
}
