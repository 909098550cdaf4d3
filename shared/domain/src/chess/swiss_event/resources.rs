//! A Swiss event's read resources. A Swiss keeps no secret (dutch F1:
//! pairings and results are published), so every viewer reads the same.
//!
//! - `standings`: the lines after the completed rounds, every tie-break's
//!   value, and the clause that put each line ahead of the next (dutch H).
//! - `rounds`: each round's time, board count, bye and whether it is complete.
//! - `pairings/{round}`: one round's boards, its bye and unpaired players.
//! - `games/{round}.{board}`: one game.
//! - `trf`: the event as TRF-16 (text).

use super::engine::export_trf;
use super::standings::{standings, Standing, Tiebreak};
use super::state::{Round, SwissEvent};
use crate::refusal::Refusal;
use crate::resource::{json_resource, unknown, Query, Resource};
use serde::Serialize;
use serde_json::json;

pub const NAMES: &[&str] = &["standings", "rounds", "pairings", "games", "trf"];

/// The resource `name` (every viewer reads the same, see the module doc).
pub fn resource(state: &SwissEvent, name: &str, query: &Query) -> Result<Resource, Refusal> {
    match name {
        "standings" => query.no_key().and_then(|()| standings_page(state, query)),
        "rounds" => query.no_key().and_then(|()| rounds_page(state, query)),
        "pairings" => pairings(state, query),
        "games" => game(state, query),
        "trf" => query.no_key().map(|()| Resource::Text(export_trf(state))),
        _ => Err(unknown("a Swiss event", name, NAMES)),
    }
}

fn tiebreaks(state: &SwissEvent) -> Vec<Tiebreak> {
    state
        .settings
        .as_ref()
        .map_or_else(Tiebreak::dutch_h, |s| s.tiebreaks.clone())
}

/// A standings line with the clause behind its `ahead_by`.
#[derive(Serialize)]
struct Line {
    #[serde(flatten)]
    standing: Standing,
    /// dutch H: the clause that ranks this line above the next one (points,
    /// then the listed tie-breaks); `None` where the place is shared.
    decided_by: Option<&'static str>,
}

fn decided_by(standing: &Standing, tiebreaks: &[Tiebreak]) -> Option<&'static str> {
    match standing.ahead_by.as_deref()? {
        "points" => Some("dutch H"),
        name => tiebreaks
            .iter()
            .find(|t| t.name() == name)
            .map(|t| t.clause()),
    }
}

fn standings_page(state: &SwissEvent, query: &Query) -> Result<Resource, Refusal> {
    let tiebreaks = tiebreaks(state);
    let need = state.need_arbiter();
    let completed = state.rounds.iter().take_while(|r| r.complete(need)).count();
    let lines = standings(state, &tiebreaks);
    let total = lines.len();
    let rows = lines.into_iter().map(|standing| Line {
        decided_by: decided_by(&standing, &tiebreaks),
        standing,
    });
    let columns: Vec<_> = tiebreaks
        .iter()
        .map(|t| json!({ "name": t.name(), "clause": t.clause() }))
        .collect();
    let extra = json!({ "after_round": completed, "tiebreaks": columns, "total": total });
    query.page(rows, extra).map(Resource::Json)
}

/// When round `number` starts by the regulations (dutch regulations' times).
fn starts_at(state: &SwissEvent, number: u32) -> Option<chrono::DateTime<chrono::Utc>> {
    let times = &state.settings.as_ref()?.round_times;
    times.get(number.checked_sub(1)? as usize).copied()
}

fn rounds_page(state: &SwissEvent, query: &Query) -> Result<Resource, Refusal> {
    let need = state.need_arbiter();
    let scheduled = state.settings.as_ref().map_or(0, |s| s.rounds);
    let rows = (1..=scheduled.max(state.rounds.len() as u32)).map(|n| {
        let round = state.round(n);
        json!({
            "round": n,
            "starts_at": starts_at(state, n),
            "paired": round.is_some(),
            "boards": round.map(|r| r.games.len()),
            "bye": round.and_then(|r| r.bye.as_ref()),
            "complete": round.map(|r| r.complete(need)),
        })
    });
    query
        .page(rows, json!({ "rounds": scheduled }))
        .map(Resource::Json)
}

fn round_of<'a>(state: &'a SwissEvent, key: &str) -> Result<&'a Round, Refusal> {
    key.parse::<u32>()
        .ok()
        .and_then(|n| state.round(n))
        .ok_or_else(|| Refusal::not_found(format!("no round {key:?} has been paired")))
}

fn pairings(state: &SwissEvent, query: &Query) -> Result<Resource, Refusal> {
    let round = round_of(state, query.key("pairings")?)?;
    let extra = json!({
        "round": round.number,
        "starts_at": starts_at(state, round.number),
        "bye": round.bye,
        "not_paired": round.not_paired,
        "manual": round.manual,
        "complete": round.complete(state.need_arbiter()),
    });
    query.page(&round.games, extra).map(Resource::Json)
}

fn game(state: &SwissEvent, query: &Query) -> Result<Resource, Refusal> {
    let key = query.key("games")?;
    let (round, board) = key
        .split_once('.')
        .ok_or_else(|| Refusal::not_found(format!("a game is round.board, not {key:?}")))?;
    let round = round_of(state, round)?;
    let game = board
        .parse::<u32>()
        .ok()
        .and_then(|b| round.game(b))
        .ok_or_else(|| {
            Refusal::not_found(format!("round {} has no board {board:?}", round.number))
        })?;
    json_resource(&json!({ "round": round.number, "game": game }))
}
