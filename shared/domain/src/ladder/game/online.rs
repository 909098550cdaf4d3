//! Online games (club I.9.1–I.9.3, I.9.6, I.9.10): one at a time, finished
//! by a spectating official, voided with their rating changes reversed.

use super::*;

/// club I.9.1: one online game at once; I.9.2: one per player per day;
/// club J.10: exempt from time and place; J.7, J.8, J.12 still apply.
pub(in crate::ladder) fn start_online(
    d: &Decider,
    white: &UserId,
    black: &UserId,
) -> Result<Vec<Recorded>, Refusal> {
    if d.actor != white && d.actor != black && !d.is_moderator(d.actor) {
        return Err(Refusal::forbidden(
            "club I.9",
            "players start their own online games",
        ));
    }
    if white == black {
        return Err(Refusal::invalid("a game has two players"));
    }
    if let Some(g) = d.state.online_in_progress {
        return Err(Refusal::rule(
            "club I.9.1",
            format!("online game {g} is in progress: one at once"),
        ));
    }
    check_players(d, [white, black], d.now, None)?;
    let day = d.settings().local_date(d.now);
    for p in [white, black] {
        if d.state.members.get(p).and_then(|m| m.last_online_day) == Some(day) {
            return Err(Refusal::rule(
                "club I.9.2",
                format!("{p} has played an online game today"),
            ));
        }
    }
    Ok(vec![rec(
        Event::OnlineGameStarted {
            game: d.state.fresh_id(),
            white: white.clone(),
            black: black.clone(),
            day,
        },
        "club I.9",
    )])
}

/// club I.9.3: online score changes are half the normal change; I.9.6: a
/// spectating justice may end the game; II.10.4 applies to monitored players.
pub(in crate::ladder) fn finish_online(
    d: &Decider,
    id: u64,
    result: GameResult,
) -> Result<Vec<Recorded>, Refusal> {
    let g = game(d, id)?;
    if !g.involves(d.actor) && !d.is_justice(d.actor) {
        return Err(Refusal::forbidden(
            "club I.9.6",
            "a player or a spectating justice ends an online game",
        ));
    }
    if !g.online || g.status != GameStatus::InProgress {
        return Err(Refusal::conflict(format!(
            "game {id} is not an online game in progress"
        )));
    }
    let monitored = [&g.white, &g.black]
        .iter()
        .any(|p| d.state.members.get(*p).is_some_and(|m| m.monitor.is_some()));
    let (white_delta, black_delta) = if monitored {
        (0, 0)
    } else {
        deltas(d.state, &g.white, &g.black, result, (true, g.played_at))
    };
    Ok(vec![rec(
        Event::OnlineGameFinished {
            game: id,
            result,
            pending: monitored,
            white_delta,
            black_delta,
        },
        if monitored {
            "club II.10.4"
        } else {
            "club I.9.3"
        },
    )])
}

/// The adjustments that undo a game's effect.
pub(in crate::ladder) fn reversal(state: &Ladder, g: &super::Game) -> Vec<Adjustment> {
    if g.status != GameStatus::Rated {
        return vec![];
    }
    [(&g.white, g.white_delta), (&g.black, g.black_delta)]
        .into_iter()
        .map(|(p, delta)| Adjustment {
            member: p.clone(),
            delta: clamped(score(state, p), -delta),
        })
        .collect()
}

/// club I.9.10: the Chief Justice voids an online game whose error would
/// jeopardise the leaderboard's integrity.
pub(in crate::ladder) fn void_online(
    d: &Decider,
    id: u64,
    reason: &str,
) -> Result<Vec<Recorded>, Refusal> {
    d.require_chief("club I.9.10", "void an online game")?;
    let reason = text(reason, "club I.9.10", "the error")?;
    let g = game(d, id)?;
    if !g.online || g.status == GameStatus::Void {
        return Err(Refusal::conflict(format!(
            "game {id} is not a standing online game"
        )));
    }
    Ok(vec![rec(
        Event::GameVoided {
            game: id,
            reason,
            adjustments: reversal(d.state, g),
        },
        "club I.9.10",
    )])
}
