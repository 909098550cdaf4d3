//! Absences during a match: no-shows, breaks, abandoned games and the TD's
//! forfeits (acwc VI.A–E).

use super::{actor, find_match, own_open_match, require_td, Out};
use crate::chess::acwc::negotiation::{BREAK_MINUTES, GRACE_MINUTES};
use crate::chess::acwc::state::Championship;
use crate::chess::acwc::vocabulary::{Award, Event, MatchId, NoShowChoice};
use crate::envelope::{Context, Envelope, UserId};
use crate::refusal::Refusal;
use chrono::{DateTime, Duration, Utc};

/// acwc VI.D: the appearing player, after the grace period.
pub(super) fn claim_no_show(
    state: &Championship,
    match_id: &MatchId,
    choice: NoShowChoice,
    ctx: &Context,
) -> Result<Out, Refusal> {
    let now = ctx.now;
    let u = actor(ctx)?;
    let m = own_open_match(state, match_id, u)?;
    let Some(time) = m.negotiation.time else {
        return Err(Refusal::rule("acwc VI.D", "the match has no agreed time"));
    };
    if time
        .checked_add_signed(Duration::minutes(GRACE_MINUTES))
        .is_none_or(|t| now < t)
    {
        return Err(Refusal::rule(
            "acwc VI.D",
            format!("the opponent has a {GRACE_MINUTES}-minute grace period after {time}"),
        ));
    }
    let mut out = vec![(
        Event::NoShowClaimed {
            match_id: match_id.clone(),
            by: u.clone(),
            choice,
        },
        Some("acwc VI.D".into()),
    )];
    if choice == NoShowChoice::ClaimWin {
        out.push((
            Event::MatchAwarded {
                match_id: match_id.clone(),
                winner: u.clone(),
                award: Award::Forfeit,
            },
            Some("acwc VI.D".into()),
        ));
    }
    Ok(out)
}

/// acwc VI.A: a player's one break of the match.
pub(super) fn call_break(
    state: &Championship,
    match_id: &MatchId,
    ctx: &Context,
) -> Result<Out, Refusal> {
    let u = actor(ctx)?;
    let m = own_open_match(state, match_id, u)?;
    if m.breaks.contains_key(u) {
        return Err(Refusal::rule(
            "acwc VI.A",
            "each player calls one break a match",
        ));
    }
    Ok(vec![(
        Event::BreakCalled {
            match_id: match_id.clone(),
            by: u.clone(),
            ends_at: ctx.now + Duration::minutes(BREAK_MINUTES),
        },
        Some("acwc VI.A".into()),
    )])
}

/// acwc VI.E: the game of an opponent who left at `left_at` and did not
/// come back in time.
pub(super) fn claim_abandoned_game(
    state: &Championship,
    match_id: &MatchId,
    left_at: DateTime<Utc>,
    ctx: &Context,
) -> Result<Out, Refusal> {
    let now = ctx.now;
    let u = actor(ctx)?;
    let m = own_open_match(state, match_id, u)?;
    // acwc VI.A: an opponent on a break is not gone until it ends.
    if let Some(ends) = m.breaks.get(m.opponent(u)).filter(|e| **e > now) {
        return Err(Refusal::rule(
            "acwc VI.A",
            format!("the opponent's break lasts until {ends}"),
        ));
    }
    if left_at > now || now < left_at + Duration::minutes(GRACE_MINUTES) {
        return Err(Refusal::rule(
            "acwc VI.E",
            format!("a player who leaves has {GRACE_MINUTES} minutes to come back"),
        ));
    }
    Ok(vec![(
        Event::GameClaimed {
            match_id: match_id.clone(),
            by: u.clone(),
            left_at,
        },
        Some("acwc VI.E".into()),
    )])
}

/// acwc VI.B: the TD awards the match to the opponent of `loser`.
pub(super) fn declare_forfeit(
    env: &Envelope,
    state: &Championship,
    match_id: &MatchId,
    loser: &UserId,
    ctx: &Context,
) -> Result<Out, Refusal> {
    require_td(env, ctx)?;
    let m = find_match(state, match_id)?;
    if !m.plays(loser) {
        return Err(Refusal::invalid(format!(
            "{loser} does not play match {match_id}"
        )));
    }
    if m.finished() {
        return Err(Refusal::conflict(format!("match {match_id} is finished")));
    }
    Ok(vec![(
        Event::MatchAwarded {
            match_id: match_id.clone(),
            winner: m.opponent(loser).clone(),
            award: Award::Forfeit,
        },
        Some("acwc VI.B".into()),
    )])
}
