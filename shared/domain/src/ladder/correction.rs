//! Putting right an over-the-board game registered by honest mistake (club
//! III.2, J.11): a moderator voids a game that should not have been entered
//! (J.11: "Any games which are invalid shall not be entered into the
//! Leaderboard") or corrects its result, without the fraud penalty of II.5,
//! which is for registering fictitious games (II.4.1). It is a use of
//! moderator power, so it is declared within seven days (III.2.4); not a
//! penalty, so an undeclared one is not voided (III.2.4.2 voids penalties).
//!
//! The Elo effect is a reversal, not a recomputation: the game's own recorded
//! changes are undone (each clamped at the floor, II.2), and a corrected
//! result is then rated on the restored scores with the K in force now, as a
//! rematch is (I.6). Games rated since stand as rated: their results were
//! real, and re-rating them would change the scores of members who had no
//! part in the mistake (III.2.2, the right to enjoyment).

use super::decide::{rec, text, Decider};
use super::elo::{self, clamped, GameResult, FLOOR};
use super::game::GameStatus;
use super::{Adjustment, Event, Game};
use crate::envelope::UserId;
use crate::ladder::Recorded;
use crate::refusal::Refusal;

/// club III.2, J.11: a moderator who did not play it voids (`result: None`)
/// or corrects a rated over-the-board game.
pub(super) fn correct_game(
    d: &Decider,
    id: u64,
    reason: &str,
    result: Option<GameResult>,
) -> Result<Vec<Recorded>, Refusal> {
    d.require_moderator("club III.2", "void or correct a game")?;
    let reason = text(reason, "club III.2.2", "a reason (due process)")?;
    let g = d
        .state
        .games
        .get(&id)
        .ok_or_else(|| Refusal::not_found(format!("no game {id}")))?;
    check_correctable(d, id, g, result)?;
    Ok(vec![rec(
        Event::GameCorrected {
            power_use: d.state.fresh_id(),
            game: id,
            by: d.actor.clone(),
            reason,
            result,
            previous: g.result,
            adjustments: adjustments(d, g, result),
        },
        "club III.2",
    )])
}

/// The game is a rated over-the-board game without an objection, the
/// moderator did not play it, and a correction changes its result.
pub(super) fn check_correctable(
    d: &Decider,
    id: u64,
    g: &Game,
    result: Option<GameResult>,
) -> Result<(), Refusal> {
    if g.involves(d.actor) {
        return Err(Refusal::rule(
            "club III.3.5",
            "a moderator may not act in a game they took part in",
        ));
    }
    if g.online {
        return Err(Refusal::rule(
            "club I.9.10",
            format!("game {id} is an online game: the Chief Justice voids those"),
        ));
    }
    if g.status != GameStatus::Rated {
        return Err(Refusal::conflict(format!(
            "game {id} is not on the leaderboard ({:?})",
            g.status
        )));
    }
    if g.objection.is_some() {
        return Err(Refusal::rule(
            "club I.6",
            format!("the ending of game {id} was objected to: its rematch decides it"),
        ));
    }
    if result == Some(g.result) {
        return Err(Refusal::conflict(format!(
            "game {id} is already recorded as {result:?}"
        )));
    }
    Ok(())
}

fn score(d: &Decider, u: &UserId) -> i64 {
    d.state.members.get(u).map_or(FLOOR, |m| m.score)
}

/// The changes to White's and Black's scores: the game's own changes
/// reversed (clamped at the floor), then, for a correction, the corrected
/// result rated on the restored scores.
pub(super) fn adjustments(d: &Decider, g: &Game, result: Option<GameResult>) -> Vec<Adjustment> {
    let (sw, sb) = (score(d, &g.white), score(d, &g.black));
    let (rw, rb) = (clamped(sw, -g.white_delta), clamped(sb, -g.black_delta));
    let (nw, nb) = match result {
        None => (0, 0),
        // club IV.2: the corrected result is that game's, rated with the K
        // in force when it was played.
        Some(r) => {
            let k = d.state.settings_at(g.played_at).elo_k;
            elo::changes(sw + rw, sb + rb, r, k, false)
        }
    };
    [(&g.white, rw + nw), (&g.black, rb + nb)]
        .into_iter()
        .map(|(member, delta)| Adjustment {
            member: member.clone(),
            delta,
        })
        .collect()
}
