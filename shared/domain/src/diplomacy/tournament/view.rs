//! What each viewer may see: everything but TMC ballots, which only their
//! voter reads (the count is published when the motion closes).

use super::event::Event;
use super::governance::GovernanceEvent;
use super::state::Tournament;
use crate::competition::{Competition, UserId};
use serde_json::{json, Value};

/// The tournament as `viewer` may see it.
pub fn view(_env: &Competition, state: &Tournament, viewer: Option<&UserId>) -> Value {
    let motions: Vec<Value> = state
        .motions
        .iter()
        .map(|m| {
            let mut v = json!(m);
            v["ballots"] = json!({});
            v["binding"] = json!(m.binding());
            if let Some(b) = viewer.and_then(|u| m.ballots.get(u)) {
                v["my_ballot"] = json!(b);
            }
            v
        })
        .collect();
    // The standings of each closed round are worked out from its reports
    // and closing seed (wm C.6–C.13), with every tiebreak's value.
    let rounds: Vec<Value> = state
        .rounds
        .iter()
        .map(|round| {
            let mut v = json!(round);
            if let (Some(advancing), Some(seed)) = (&round.advancing, round.close_seed) {
                if let Ok(c) = super::closing::close(state, round, advancing.len(), seed) {
                    v["standings"] = c.standings;
                }
            }
            v
        })
        .collect();
    json!({
        "settings": state.settings,
        "teams": state.teams,
        "individuals": state.individuals,
        "reserves": state.reserves,
        "entries_closed": state.entries_closed,
        "next_stage": super::rounds::next_stage(state),
        "rounds": rounds,
        "declined_final": state.declined_final,
        "motions": motions,
        "acting_td": state.acting_td,
        "winners": state.winners,
    })
}

/// The event as `viewer` may see it in the audit log; `None` hides it.
pub fn redact(event: &Event, viewer: Option<&UserId>) -> Option<Event> {
    match event {
        Event::Governance(GovernanceEvent::TmcVoteRecorded { voter, .. }) => {
            (viewer == Some(voter)).then(|| event.clone())
        }
        _ => Some(event.clone()),
    }
}

/// wm A.6: a TMC vote's commit names its voter to the voter alone.
pub fn conceals_actor(event: &Event) -> bool {
    matches!(
        event,
        Event::Governance(GovernanceEvent::TmcVoteRecorded { .. })
    )
}
