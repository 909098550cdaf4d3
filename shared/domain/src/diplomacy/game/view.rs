//! What each viewer may see (wm D.VIII.4, D.IX.2, D.X.2): orders only to
//! their power and the GM until adjudicated; no individual vote or tally to
//! anyone but the voter; a grey or dark-grey author to the author alone.

use super::event::Event;
use super::state::Board;
use crate::competition::{Competition, Role, UserId};
use crate::diplomacy::map::Power;
use serde_json::{json, Value};

pub(super) fn is_gm(env: &Competition, viewer: Option<&UserId>) -> bool {
    viewer.is_some_and(|u| env.has_role(u, Role::GameMaster))
}

fn is_td(env: &Competition, viewer: Option<&UserId>) -> bool {
    viewer.is_some_and(|u| env.has_role(u, Role::TournamentDirector))
}

pub(super) fn viewer_power(state: &Board, viewer: Option<&UserId>) -> Option<Power> {
    viewer.and_then(|u| state.power_of(u))
}

/// The board as `viewer` may see it.
pub fn view(env: &Competition, state: &Board, viewer: Option<&UserId>) -> Value {
    if state.settings.is_none() {
        return json!({ "status": "awaiting-set-up" });
    }
    let gm = is_gm(env, viewer);
    let own = viewer_power(state, viewer);
    // wm D.VIII.4: current orders to their power and the GM only.
    let orders: serde_json::Map<String, Value> = state
        .submissions
        .iter()
        .filter(|(p, _)| gm || own == Some(**p))
        .map(|(p, subs)| {
            (
                p.name().to_owned(),
                json!({ "submissions": subs, "counted": state.counted_orders(*p) }),
            )
        })
        .collect();
    // wm D.IX.2: the viewer's own ballots only; never a tally.
    let my_ballots: serde_json::Map<String, Value> = state
        .ballots
        .iter()
        .filter_map(|(id, b)| {
            let key = match (own, gm) {
                (Some(p), _) => Some(p),
                (None, true) => None,
                (None, false) => return None,
            };
            b.get(&key).map(|ballot| (id.to_string(), json!(ballot)))
        })
        .collect();
    let windows: serde_json::Map<String, Value> = state
        .windows
        .iter()
        .filter(|(u, _)| gm || is_td(env, viewer) || Some(*u) == viewer)
        .map(|(u, w)| (u.to_string(), json!(w)))
        .collect();
    let press: Vec<_> = state.press.iter().map(|p| p.for_viewer(viewer)).collect();
    let mut v = json!({
        "status": if state.result.is_some() { "ended" } else { "playing" },
        "settings": state.settings,
        "seats": state.seats,
        "position": state.position,
        "deadline": state.deadline,
        "withheld": state.withheld,
        "history": state.history,
        "orders": orders,
        "extensions": state.extensions,
        "holidays": state.holidays,
        "windows": windows,
        "nmrs": state.nmrs,
        "proposals": state.proposals,
        "my_ballots": my_ballots,
        "press": press,
        "result": state.result,
        // wm C.1–C.4: published with the result.
        "scores": state.result.as_ref().map(super::score::board_scores),
    });
    if gm || is_td(env, viewer) {
        v["td_flags"] = json!(state.td_flags);
    }
    v
}

/// The event as `viewer` may see it in the audit log; `None` hides it.
pub fn redact(
    env: &Competition,
    state: &Board,
    event: &Event,
    viewer: Option<&UserId>,
) -> Option<Event> {
    let gm = is_gm(env, viewer);
    match event {
        Event::OrdersSubmitted { power, receipt, .. } => {
            let published = state
                .history
                .iter()
                .any(|r| r.before.phase == receipt.phase);
            (published || gm || viewer_power(state, viewer) == Some(*power)).then(|| event.clone())
        }
        // wm D.VII.1: the GM who entered a power's ballot knows it already.
        Event::VoteRecorded {
            power, entered_by, ..
        } => {
            let mine = match power {
                Some(p) => viewer_power(state, viewer) == Some(*p),
                None => gm,
            };
            (mine || (gm && entered_by.is_some())).then(|| event.clone())
        }
        Event::PressPublished { press } => Some(Event::PressPublished {
            press: press.for_viewer(viewer),
        }),
        Event::UnavailabilityDeclared { player, .. } => {
            (gm || is_td(env, viewer) || viewer == Some(player)).then(|| event.clone())
        }
        Event::UnavailabilityConflictFlagged { .. } => {
            (gm || is_td(env, viewer)).then(|| event.clone())
        }
        _ => Some(event.clone()),
    }
}
