//! Tournament observers (wm A.9–A.10): the TD makes sure each game has one;
//! assistant TDs and TMC members may not serve; nobody observes a game in
//! which they or a teammate play or are the GM.

use super::state::{BoardEntry, DrawViolation, Tournament};
use crate::envelope::{Envelope, Role, UserId};
use serde_json::json;
use std::collections::BTreeMap;

/// wm A.10: whether `observer` is directly involved in `board`: plays on it
/// or has a teammate (player, replacement, captain or GM) who does.
fn involved(state: &Tournament, observer: &UserId, board: &BoardEntry) -> bool {
    let team = state.team_of(observer);
    board
        .seating
        .seats
        .values()
        .any(|p| p == observer || (team.is_some() && state.team_of(p) == team))
}

/// wm A.9–A.10: gives each board an observer, spreading the load (the
/// fewest boards so far, then name order); a board nobody may observe is
/// reported for the TD to appoint more observers.
pub fn assign(env: &Envelope, state: &Tournament, boards: &mut [BoardEntry]) -> Vec<DrawViolation> {
    let pool: Vec<&UserId> = env
        .holders(Role::Observer)
        .filter(|u| {
            !env.has_role(u, Role::AssistantTournamentDirector) && !env.has_role(u, Role::TmcMember)
        })
        .collect();
    let mut load: BTreeMap<&UserId, usize> = pool.iter().map(|u| (*u, 0)).collect();
    let mut missing = Vec::new();
    for (i, board) in boards.iter_mut().enumerate() {
        let chosen = pool
            .iter()
            .filter(|o| !involved(state, o, board))
            .min_by_key(|o| (load[*o], **o))
            .copied();
        match chosen {
            Some(o) => {
                *load.get_mut(o).expect("in the pool") += 1;
                board.observer = Some(o.clone());
            }
            None => missing.push(DrawViolation {
                clause: "wm A.9".into(),
                breach: json!({ "board": i, "no-eligible-observer": true }),
            }),
        }
    }
    missing
}
