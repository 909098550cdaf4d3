//! Rematches (club I.6): the objection whose rematch is due, the result a
//! rematch puts in place of the original one, and the timing a played
//! rematch needs (I.6–I.8, II.11).

use super::{on_material, score, Bell, Game, Objection, RematchOutcome, Timing};
use crate::envelope::UserId;
use crate::ladder::decide::Decider;
use crate::ladder::elo::{self, clamped, GameResult};
use crate::refusal::Refusal;

/// club I.6: the objection to game `id` whose rematch is pending, once the
/// session it is played at has opened.
pub(super) fn pending<'a>(d: &Decider, g: &'a Game, id: u64) -> Result<&'a Objection, Refusal> {
    let Some(objection) = g.objection.as_ref().filter(|o| o.outcome.is_none()) else {
        return Err(Refusal::rule(
            "club I.6",
            format!("game {id} has no rematch pending"),
        ));
    };
    let s = d.settings();
    if d.now < s.session_opens(objection.session) {
        return Err(Refusal::rule(
            "club I.6",
            format!(
                "the rematch is played at the session of {}",
                objection.session
            ),
        ));
    }
    Ok(objection)
}

/// The result that replaces the original one (`None`: the original is
/// final), and how the bell decided it: as played; I.7.6: the player whose
/// flag fell loses; I.8.2: an announced limit that expired ends it as per
/// Act 5 (captured material); a petitioner who does not play leaves the
/// original final; an opponent who does not play forfeits.
pub(super) fn result(
    d: &Decider,
    g: &Game,
    objection: &Objection,
    outcome: &RematchOutcome,
    timing: &Timing,
    exempted: bool,
) -> Result<(Option<GameResult>, Option<Bell>), Refusal> {
    let petitioner_is_white = objection.petitioner == g.white;
    Ok(match outcome {
        RematchOutcome::PetitionerAbsent => (None, None),
        RematchOutcome::OpponentAbsent if petitioner_is_white => {
            (Some(GameResult::WhiteWins), None)
        }
        RematchOutcome::OpponentAbsent => (Some(GameResult::BlackWins), None),
        RematchOutcome::Played { result } => {
            check_timing(d, g, timing, exempted)?;
            (Some(*result), None)
        }
        RematchOutcome::FlagFall { flagged } => {
            if !matches!(timing, Timing::Chessclock { .. }) {
                return Err(Refusal::rule(
                    "club I.7.6",
                    "a flag falls only on a chessclock; without one an expired limit is decided as per Act 5 (I.8.2)",
                ));
            }
            let result = if flagged == &g.white {
                GameResult::BlackWins
            } else if flagged == &g.black {
                GameResult::WhiteWins
            } else {
                return Err(Refusal::invalid(format!(
                    "{flagged} does not play this game"
                )));
            };
            check_timing(d, g, timing, exempted)?;
            (Some(result), None)
        }
        RematchOutcome::TimeExpired {
            white_captured,
            black_captured,
        } => {
            if !matches!(timing, Timing::Announced { .. }) {
                return Err(Refusal::rule(
                    "club I.8.2",
                    "only a limit announced without a chessclock (I.8) expires to be decided as per Act 5; on a chessclock the flag falls (I.7.6)",
                ));
            }
            check_timing(d, g, timing, exempted)?;
            let (result, bell) = on_material(*white_captured, *black_captured)?;
            (Some(result), Some(bell))
        }
    })
}

/// The score changes of the rematch's `result`: none when the original is
/// final.
pub(super) fn deltas(d: &Decider, g: &Game, result: Option<GameResult>) -> (i64, i64) {
    match result {
        None => (0, 0),
        Some(result) => {
            // Undo the original game, then rate the final result on the
            // restored scores.
            let (sw, sb) = (score(d.state, &g.white), score(d.state, &g.black));
            let (rw, rb) = (clamped(sw, -g.white_delta), clamped(sb, -g.black_delta));
            // club IV.2: the rematch is rated with the K in force at its session.
            let k = g.objection.as_ref().map_or(d.settings().elo_k, |o| {
                let opens = d.settings().session_opens(o.session);
                d.state.settings_at(opens).elo_k
            });
            let (nw, nb) = elo::changes(sw + rw, sb + rb, result, k, g.online);
            (rw + nw, rb + nb)
        }
    }
}

/// club I.6–I.8, II.11: the timing of a rematch that was played.
/// I.6: 5 minutes each unless the overseeing moderator exempts it; II.11: a
/// member required to use a chessclock uses one; I.7.1: on a chessclock a
/// Moderator or Justice present throughout; I.7.2: both players assent
/// (null for a member under club II.11, II.11.1); I.8.1: without one, a Moderator
/// or Justice informed of the limit, the start, any pauses and the end.
fn check_timing(d: &Decider, g: &Game, timing: &Timing, exempted: bool) -> Result<(), Refusal> {
    if timing.minutes_each() == Some(0) {
        return Err(Refusal::invalid("a time limit is at least one minute"));
    }
    if !exempted && timing.minutes_each() != Some(5) {
        return Err(Refusal::rule(
            "club I.6",
            "rematches are time limited to 5 minutes each (a chessclock preferred) unless the overseeing moderator exempts them",
        ));
    }
    let required = |p: &UserId| d.state.members.get(p).is_some_and(|m| m.chessclock);
    if !matches!(timing, Timing::Chessclock { .. }) {
        if let Some(p) = [&g.white, &g.black].into_iter().find(|p| required(p)) {
            return Err(Refusal::rule(
                "club II.11",
                format!("{p} must use a chessclock in every game, a rematch included"),
            ));
        }
    }
    match timing {
        Timing::Chessclock {
            present_throughout,
            assented,
            ..
        } => {
            if let Some(p) = assented.iter().find(|p| !g.involves(p)) {
                return Err(Refusal::invalid(format!(
                    "{p} does not play this game; only its players assent to a chessclock"
                )));
            }
            if !present_throughout {
                return Err(Refusal::rule(
                    "club I.7.1",
                    "a game on a chessclock needs a Moderator or Justice present throughout",
                ));
            }
            for p in [&g.white, &g.black] {
                if !assented.contains(p) && !required(p) {
                    return Err(Refusal::rule(
                        "club I.7.2",
                        format!("{p} did not approve and assent to the chessclock being used"),
                    ));
                }
            }
        }
        Timing::Announced { informed, .. } => {
            let missing = informed.missing();
            if !missing.is_empty() {
                return Err(Refusal::rule(
                    "club I.8.1",
                    format!(
                        "a Moderator or Justice must be informed of {}",
                        missing.join(", ")
                    ),
                ));
            }
        }
        Timing::Untimed => {}
    }
    Ok(())
}
