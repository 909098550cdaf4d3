//! club I.2: unsportsmanlike conduct and cheating, penalised "through score
//! deductions, time penalties, game forfeiture, banning or a combination of
//! them" (I.2.1). A combination is one decision: one use of moderator power,
//! declared once (III.2.4) and heard as one matter (III.3), naming its
//! offence once, so that a later penalty for the same offence is refused
//! (III.2.2 double jeopardy). A time penalty is given at the board (the
//! Leaderboard keeps no clock, I.7) and is not recorded here.

use super::decide::{rec, text, Decider};
use super::elo::{clamped, GameResult};
use super::{correction, sanction, Adjustment, Event};
use crate::envelope::UserId;
use crate::ladder::Recorded;
use crate::refusal::Refusal;
use chrono::NaiveDate;

/// The penalties of one I.2.1 decision; at least one is given.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Penalties {
    /// Points deducted (II.3), a positive number.
    pub deduction: Option<i64>,
    /// The game forfeited by the member: their opponent is given the win.
    pub forfeit: Option<u64>,
    /// A ban until this Friday (II.9).
    pub ban_expires: Option<NaiveDate>,
}

/// club I.2.1: a moderator penalises a member's unsportsmanlike conduct or
/// cheating with one or a combination of penalties.
pub(super) fn penalize_conduct(
    d: &Decider,
    member: &UserId,
    offence: &str,
    reason: &str,
    p: Penalties,
) -> Result<Vec<Recorded>, Refusal> {
    d.require_moderator("club I.2.1", "penalise conduct")?;
    let reason = text(reason, "club III.2.2", "a reason (due process)")?;
    let offence = text(offence, "club III.2.2", "the offence")?;
    if p.deduction.is_none() && p.forfeit.is_none() && p.ban_expires.is_none() {
        return Err(Refusal::rule(
            "club I.2.1",
            "name the penalty: a score deduction, a game forfeited, a ban, or a combination",
        ));
    }
    let m = sanction::target(d, member)?;
    if m.removed {
        return Err(Refusal::not_found(format!(
            "{member} is not on the leaderboard"
        )));
    }
    sanction::not_twice(m, member, &offence)?;
    if let Some(expires) = p.ban_expires {
        sanction::check_new_ban(d, m, member, expires)?;
    }
    let (previous, adjustments) = match p.forfeit {
        Some(id) => forfeiture(d, member, id)?,
        None => (None, vec![]),
    };
    let delta = match p.deduction {
        Some(points) if points <= 0 || points > 10_000 => {
            return Err(Refusal::invalid(
                "a score deduction is a positive number of points",
            ))
        }
        Some(points) => {
            // Deducted from the score the forfeiture leaves (II.2's floor).
            let after: i64 = m.score
                + adjustments
                    .iter()
                    .filter(|a| &a.member == member)
                    .map(|a| a.delta)
                    .sum::<i64>();
            clamped(after, -points)
        }
        None => 0,
    };
    Ok(vec![rec(
        Event::ConductPenalized {
            power_use: d.state.fresh_id(),
            member: member.clone(),
            by: d.actor.clone(),
            offence,
            reason,
            forfeit: p.forfeit,
            previous,
            adjustments,
            delta,
            ban_expires: p.ban_expires,
        },
        "club I.2.1",
    )])
}

/// club I.2.1 "game forfeiture": the member's game `id` becomes a win for
/// their opponent, rated as a corrected result is (III.2); the game's result
/// before, and the changes to both scores.
fn forfeiture(
    d: &Decider,
    member: &UserId,
    id: u64,
) -> Result<(Option<GameResult>, Vec<Adjustment>), Refusal> {
    let g = d
        .state
        .games
        .get(&id)
        .ok_or_else(|| Refusal::not_found(format!("no game {id}")))?;
    if !g.involves(member) {
        return Err(Refusal::invalid(format!("{member} did not play game {id}")));
    }
    let result = if &g.white == member {
        GameResult::BlackWins
    } else {
        GameResult::WhiteWins
    };
    correction::check_correctable(d, id, g, Some(result))?;
    Ok((Some(g.result), correction::adjustments(d, g, Some(result))))
}
