//! Replacements from the pool of reserves (wm B.8.d–f, B.9): in rounds after
//! the first, when a position needs a replacement the TD calls the pool —
//! the official reserve list and the players eliminated in earlier rounds —
//! and the highest-ranked reserve to answer within the period (48 hours, 96
//! if it includes a weekend) is accepted, unless it would make them a
//! permanent player in more than three games of the round, or a player of
//! more than three games at once (B.9). No answer in time: the position falls
//! into civil disorder (B.8.f), which the board's GM records on the board.

use super::entries::require_td;
use super::event::{by_rule, Event};
use super::model::Stage;
use super::state::Tournament;
use crate::diplomacy::game::deadline::contact_period_end;
use crate::diplomacy::map::Power;
use crate::diplomacy::tournament::Recorded;
use crate::envelope::{Context, Envelope, UserId};
use crate::refusal::Refusal;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// wm B.9: games one player may hold in a round.
pub const MAX_GAMES: usize = 3;

/// A call to the reserves for one position of the current round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ReserveCall {
    pub id: u32,
    /// The board's index in the current round.
    pub board: usize,
    pub power: Power,
    /// A permanent replacement, or a temporary one (wm B.7).
    pub permanent: bool,
    /// wm B.8.d: answers count until then.
    pub closes_at: DateTime<Utc>,
    /// Who answered, in order.
    pub answers: Vec<UserId>,
    /// Set when the call closes: who was accepted, if anyone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accepted: Option<UserId>,
    pub closed: bool,
}

fn find(state: &Tournament, id: u32) -> Result<&ReserveCall, Refusal> {
    state
        .calls
        .iter()
        .find(|c| c.id == id)
        .ok_or_else(|| Refusal::not_found(format!("no reserve call {id}")))
}

/// wm B.8.c–d: the TD calls the reserves for a position of the current
/// round, in rounds after the first.
pub fn call(
    env: &Envelope,
    state: &Tournament,
    ctx: &Context,
    board: usize,
    power: Power,
    permanent: bool,
) -> Result<Vec<Recorded>, Refusal> {
    require_td(env, state, ctx, "wm B.8.b", "calls the reserves")?;
    let round = match state.rounds.last() {
        Some(r) if r.advancing.is_none() => r,
        _ => return Err(Refusal::conflict("no round is being played").citing("wm B.8.d")),
    };
    if round.stage == Stage::RoundOne {
        return Err(Refusal::rule(
            "wm B.8.c",
            "in round one the team captain is the default replacement; the reserves serve later rounds",
        ));
    }
    if round.boards.get(board).is_none() {
        return Err(Refusal::not_found(format!(
            "the round has no board {board}"
        )));
    }
    if state
        .calls
        .iter()
        .any(|c| !c.closed && c.board == board && c.power == power)
    {
        return Err(Refusal::conflict("that position's call is open").citing("wm B.8.d"));
    }
    Ok(vec![by_rule(
        Event::ReservesCalled {
            call: ReserveCall {
                id: state.calls.len() as u32 + 1,
                board,
                power,
                permanent,
                closes_at: contact_period_end(ctx.now),
                answers: vec![],
                accepted: None,
                closed: false,
            },
        },
        "wm B.8.d",
    )])
}

/// wm B.8.d: a reserve answers the call within the period.
pub fn answer(state: &Tournament, ctx: &Context, id: u32) -> Result<Vec<Recorded>, Refusal> {
    let who = ctx
        .actor
        .user()
        .ok_or_else(|| Refusal::forbidden("wm B.8.d", "reserves answer for themselves"))?;
    let call = find(state, id)?;
    if !state.reserves.contains(who) {
        return Err(Refusal::rule(
            "wm B.8.d",
            "only the reserves and earlier rounds' eliminees answer",
        ));
    }
    if call.closed || ctx.now >= call.closes_at {
        return Err(Refusal::rule(
            "wm B.8.d",
            format!("answers were due by {}", call.closes_at),
        ));
    }
    if call.answers.contains(who) {
        return Err(Refusal::conflict("already answered").citing("wm B.8.d"));
    }
    Ok(vec![by_rule(
        Event::ReserveAnswered {
            call: id,
            reserve: who.clone(),
        },
        "wm B.8.d",
    )])
}

/// wm B.8.d: how reserves rank: eliminees of a later round above those of
/// an earlier one, each round's by its standings; an eliminee the standings
/// do not place (no counted game, wm C.15: replaced for good before the
/// end) after that round's placed eliminees, in the pool's order; the
/// official reserve list (who never played) last, in its order.
fn rank_of(state: &Tournament) -> BTreeMap<UserId, (usize, usize)> {
    let mut rank = BTreeMap::new();
    let rounds = state.rounds.len();
    for (i, round) in state.rounds.iter().enumerate() {
        let (Some(advancing), Some(seed)) = (&round.advancing, round.close_seed) else {
            continue;
        };
        let Ok(closing) = super::closing::close(state, round, advancing.len(), seed) else {
            continue;
        };
        let placed: BTreeSet<&UserId> = closing.ranking.iter().collect();
        let seated = super::rounds::players_of(round);
        let unplaced = state
            .reserves
            .iter()
            .filter(|p| seated.contains(p) && !placed.contains(p) && !advancing.contains(p));
        let ranked = closing.ranking.iter().chain(unplaced);
        let mut place = 0;
        for player in ranked {
            if !advancing.contains(player) {
                rank.insert(player.clone(), (rounds - i, place));
                place += 1;
            }
        }
    }
    for (place, reserve) in state.reserves.iter().enumerate() {
        rank.entry(reserve.clone()).or_insert((rounds + 1, place));
    }
    rank
}

/// wm B.8.d: the pool of reserves, highest ranked first, each once.
pub fn pool(state: &Tournament) -> Vec<UserId> {
    let rank = rank_of(state);
    let mut pool: Vec<UserId> = state
        .reserves
        .iter()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .cloned()
        .collect();
    pool.sort_by_key(|p| rank.get(p).copied().unwrap_or((usize::MAX, usize::MAX)));
    pool
}

/// wm B.8.d, B.8.f, C.15: the reserves who take the seats a round's
/// qualifiers leave empty. A round after the first needs `seats` players,
/// but fewer may qualify: a reserve who took over two positions counts once
/// and the players replaced for good count not at all (wm C.15). The empty
/// seat is a position without a player before the game starts; after round
/// one no captain chooses for it (B.8.a serves the team rounds, and the
/// later rounds are individual), so it is filled from the pool as B.8.d
/// fills any position: the highest-ranked reserves not already `entering`
/// (and, for the final, not among those who declined it, wm C.10). The
/// draw cannot seat a power in civil disorder (B.8.f), so a pool too small
/// refuses the draw under that clause.
pub fn fill_seats(
    state: &Tournament,
    entering: &[UserId],
    seats: usize,
) -> Result<Vec<UserId>, Refusal> {
    let missing = seats.saturating_sub(entering.len());
    if missing == 0 {
        return Ok(vec![]);
    }
    let entering: BTreeSet<&UserId> = entering.iter().collect();
    let filled: Vec<UserId> = pool(state)
        .into_iter()
        .filter(|p| !entering.contains(p) && !state.declined_final.contains(p))
        .take(missing)
        .collect();
    if filled.len() < missing {
        return Err(Refusal::rule(
            "wm B.8.f",
            format!(
                "{} players qualified for {seats} seats and the pool of reserves fills only {}; \
                 the rest would be in civil disorder, which a draw cannot seat",
                entering.len(),
                filled.len()
            ),
        ));
    }
    Ok(filled)
}

/// wm B.9: the games `player` holds in the current round: seats drawn plus
/// replacements accepted.
fn games_held(state: &Tournament, player: &UserId) -> usize {
    let seated = state.rounds.last().map_or(0, |r| {
        r.boards
            .iter()
            .filter(|b| b.seating.seats.values().any(|p| p == player))
            .count()
    });
    let accepted = state
        .calls
        .iter()
        .filter(|c| c.accepted.as_ref() == Some(player))
        .count();
    seated + accepted
}

/// wm B.8.d–f, B.9: the TD closes the call once its period is over: the
/// highest-ranked answer who may still take a game is accepted; nobody
/// means civil disorder.
pub fn close(
    env: &Envelope,
    state: &Tournament,
    ctx: &Context,
    id: u32,
) -> Result<Vec<Recorded>, Refusal> {
    require_td(env, state, ctx, "wm B.8.d", "closes a call to the reserves")?;
    let call = find(state, id)?;
    if call.closed {
        return Err(Refusal::conflict("the call is closed").citing("wm B.8.d"));
    }
    if ctx.now < call.closes_at {
        return Err(Refusal::rule(
            "wm B.8.d",
            format!("answers count until {}", call.closes_at),
        ));
    }
    let rank = rank_of(state);
    let last = (usize::MAX, usize::MAX);
    let accepted = call
        .answers
        .iter()
        .filter(|a| games_held(state, a) < MAX_GAMES)
        .min_by_key(|a| rank.get(*a).copied().unwrap_or(last))
        .cloned();
    let clause = if accepted.is_some() {
        "wm B.8.d"
    } else {
        "wm B.8.f"
    };
    Ok(vec![by_rule(
        Event::CallClosed { call: id, accepted },
        clause,
    )])
}
