//! What everyone may see of a Swiss event: the regulations, the entrants
//! with their pairing numbers, every round's pairings and results, and the
//! standings after the completed rounds. A Swiss keeps no secret: entries,
//! pairings, results and disputes are all published (dutch F1), so every
//! event is shown to every viewer.

use super::due::next_due;
use super::engine::pairing_numbers;
use super::standings::{standings, Tiebreak};
use super::state::SwissEvent;
use super::vocabulary::Event;
use crate::competition::{Competition, UserId};
use serde_json::{json, Value};

/// The kind's view, the same for every viewer.
pub fn view(_env: &Competition, state: &SwissEvent, _viewer: Option<&UserId>) -> Value {
    let numbers = pairing_numbers(state);
    let players: Vec<Value> = state
        .players
        .iter()
        .map(|(id, p)| {
            json!({
                "player": id,
                "number": numbers.get(id),
                "entry": p.entry,
                "first_round": p.first_round,
                "withdrawn_from": p.withdrawn_from,
                "absences": p.absences,
            })
        })
        .collect();
    let tiebreaks = state
        .settings
        .as_ref()
        .map_or_else(Tiebreak::dutch_h, |s| s.tiebreaks.clone());
    let need = state.need_arbiter();
    let completed = state.rounds.iter().take_while(|r| r.complete(need)).count();
    json!({
        "settings": state.settings,
        "players": players,
        "rounds": state.rounds,
        "standings": {
            "after_round": completed,
            "tiebreaks": tiebreaks.iter().map(|t| t.name()).collect::<Vec<_>>(),
            "lines": standings(state, &tiebreaks),
        },
        "next_round": {
            "number": state.next_round(),
            "scheduled_at": next_due(state),
        },
        "finished": state.finished(),
    })
}

/// Every event is public (see the module doc).
pub fn redact(event: &Event) -> Option<Event> {
    Some(event.clone())
}
