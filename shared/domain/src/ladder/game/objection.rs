//! Objections to a game's ending and the rematch they lead to (club I.6).

use super::*;

/// club I.6: a player objects to a game's ending; the rematch is at the
/// following session. Only endings a moderator decided (the bell, I.5,
/// or an expired time limit, I.8.2) can be objected to, before that session
/// opens (ruling), and never a rematched game.
pub(in crate::ladder) fn object(d: &Decider, id: u64) -> Result<Vec<Recorded>, Refusal> {
    let g = game(d, id)?;
    if !g.involves(d.actor) {
        return Err(Refusal::forbidden(
            "club I.6",
            "only a player objects to a game's ending",
        ));
    }
    if g.bell.is_none() || g.status != GameStatus::Rated {
        return Err(Refusal::rule(
            "club I.6",
            "only an ending decided at the bell can be objected to",
        ));
    }
    if g.objection.is_some() {
        return Err(Refusal::rule(
            "club I.6",
            "a rematched game is final; a second rematch cannot be performed",
        ));
    }
    let s = d.settings();
    let following = s.next_session_after(g.played_at);
    if d.now >= s.session_opens(following) {
        return Err(Refusal::rule(
            "club I.6",
            format!("the objection had to come before the following session ({following})"),
        ));
    }
    Ok(vec![rec(
        Event::EndingObjected {
            game: id,
            petitioner: d.actor.clone(),
            session: following,
        },
        "club I.6",
    )])
}

/// club I.6: the rematch, overseen by a moderator or justice who did not
/// play, timed as `rematch::check_timing` requires. Its result replaces the
/// original one: as played; I.7.6: the player whose flag fell loses; I.8.2: an
/// announced limit that expired ends it as per Act 5 (captured material).
/// A petitioner who does not play leaves the original final; an opponent
/// who does not play forfeits.
pub(in crate::ladder) fn record_rematch(
    d: &Decider,
    id: u64,
    outcome: &RematchOutcome,
    timing: &Timing,
    exempted: bool,
) -> Result<Vec<Recorded>, Refusal> {
    d.require_moderator("club I.6", "oversee a rematch")?;
    let g = game(d, id)?;
    not_a_player(d, g)?;
    let objection = rematch::pending(d, g, id)?;
    if !outcome.played() && !timing.is_untimed() {
        return Err(Refusal::invalid(
            "a rematch that was not played has no timing",
        ));
    }
    let (result, bell) = rematch::result(d, g, objection, outcome, timing, exempted)?;
    let (white_delta, black_delta) = rematch::deltas(d, g, result);
    let clause = match outcome {
        RematchOutcome::FlagFall { .. } => "club I.7.6",
        RematchOutcome::TimeExpired { .. } => "club I.8.2",
        _ => "club I.6",
    };
    Ok(vec![rec(
        Event::RematchRecorded {
            game: id,
            by: d.actor.clone(),
            outcome: outcome.clone(),
            timing: timing.clone(),
            exempted,
            result,
            bell,
            white_delta,
            black_delta,
        },
        clause,
    )])
}
