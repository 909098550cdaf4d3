//! wm B.5–B.6: the draw of a round's boards and powers.
//!
//! **wm B.5.** In round one the team's sign-up assigned each player a power
//! ([`Entrant::power`]); the draw keeps it and only chooses boards. In later
//! rounds powers are drawn at random, and no seeding takes place in any
//! round: the draw ignores scores and ranks.
//!
//! **wm B.6** ("applied wherever possible"), a–e, is a constraint problem.
//! The draw satisfies every rule when it can find such a seating; otherwise
//! it minimises the breaches in the rules' order, lexicographically: the
//! fewest of a first, then of b, and so on. Breaches are counted as in
//! [`super::audit::Violation::weight`]: pairs of teammates on one power (a)
//! or one board (b), players on a power they played before (c), pairs of
//! players who met before (d), and each meeting of two teams in a round
//! after their first (e). The search is a seeded construction followed by a
//! local search over swaps; [`Draw::violations`] lists what it could not
//! avoid. The search is a heuristic: it finds a seating breaking nothing in
//! the ordinary cases (see the tests and benches), but it does not prove that
//! a reported breach was unavoidable.
//!
//! **Randomness.** Everything random comes from `seed` (ChaCha8): the same
//! request and seed give the same draw, so a draw can be audited and
//! replayed. The order of the entrants in the request does not matter.

use super::audit::{audit, counts, Violation};
use super::search;
use crate::diplomacy::map::Power;
use crate::diplomacy::tournament::model::{Entrant, Seating, Stage, TeamId};
use crate::envelope::UserId;
use crate::refusal::Refusal;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// What to draw: a round's players and the tournament so far.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawRequest {
    pub stage: Stage,
    /// wm B.6.a applies: round one, and round two when it is a team round
    /// (not when it is the semi-final, wm B.4). Never the semi-final or the
    /// final.
    pub team_round: bool,
    /// The round's players, a multiple of seven. In round one each has the
    /// power their team assigned (wm B.5); in later rounds none has one.
    pub entrants: Vec<Entrant>,
    /// Every board of the earlier rounds, as seated: who played which power
    /// (wm B.6.c) and who met whom (wm B.6.d).
    #[serde(default)]
    pub history: Vec<Seating>,
}

impl DrawRequest {
    /// A request for `stage`, a team round if it is round one or round two
    /// (use [`DrawRequest::team_round`] to draw round two as the semi-final).
    pub fn new(stage: Stage, entrants: Vec<Entrant>, history: Vec<Seating>) -> Self {
        Self {
            stage,
            team_round: matches!(stage, Stage::RoundOne | Stage::RoundTwo),
            entrants,
            history,
        }
    }
}

/// A drawn round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Draw {
    /// The boards, seven players each, one per power.
    pub seatings: Vec<Seating>,
    /// The wm B.6 rules the draw could not satisfy, sorted (a first).
    pub violations: Vec<Violation>,
}

impl Draw {
    /// Breaches per clause, a to e (see [`Violation::weight`]).
    pub fn counts(&self) -> [usize; 5] {
        counts(&self.violations)
    }
}

/// wm B.5–B.6: draws `request`'s round from `seed`.
///
/// Refused when the players cannot fill boards of seven powers: no players
/// or not a multiple of seven, a player twice, in round one a player without
/// an assigned power or unequal numbers per power (wm B.5), in a later round
/// a player with a preset power (wm B.5: drawn at random), or a team round
/// that cannot be one (the semi-final and final, wm B.3–B.4).
pub fn draw(request: &DrawRequest, seed: u64) -> Result<Draw, Refusal> {
    validate(request)?;
    let problem = problem(request);
    let slots = search::solve(&problem, seed);
    let boards = problem.boards;
    let mut seatings = vec![Seating::default(); boards];
    for (e, &slot) in slots.iter().enumerate() {
        let player = problem.players[e].clone();
        seatings[slot / 7]
            .seats
            .insert(Power::ALL[slot % 7], player);
    }
    let violations = audit(request, &seatings);
    debug_assert_eq!(
        counts(&violations).map(|c| c as i64),
        search::cost_of(&problem, &slots),
        "the search's running count and the audit agree"
    );
    Ok(Draw {
        seatings,
        violations,
    })
}

fn validate(request: &DrawRequest) -> Result<(), Refusal> {
    let n = request.entrants.len();
    if n == 0 || !n.is_multiple_of(7) {
        // wm D.I.3: the Hasbro game seats seven great powers a board.
        return Err(
            Refusal::invalid(format!("{n} players cannot fill boards of seven")).citing("wm D.I.3"),
        );
    }
    let mut seen = BTreeSet::new();
    for e in &request.entrants {
        if !seen.insert(&e.player) {
            // wm C.15: a player qualifies once, on their first game.
            return Err(
                Refusal::invalid(format!("{} is entered twice", e.player)).citing("wm C.15")
            );
        }
    }
    match (request.stage, request.team_round) {
        (Stage::SemiFinal | Stage::Final, true) => {
            return Err(Refusal::rule(
                "wm B.4",
                "only round one and round two can be team rounds",
            ))
        }
        (Stage::RoundOne, false) => {
            return Err(Refusal::rule("wm B.3", "round one is a team round"))
        }
        _ => {}
    }
    let boards = n / 7;
    if request.stage == Stage::RoundOne {
        let mut per_power: BTreeMap<Power, usize> = BTreeMap::new();
        for e in &request.entrants {
            let Some(p) = e.power else {
                return Err(Refusal::rule(
                    "wm B.5",
                    format!("{} has no power from their team's sign-up", e.player),
                ));
            };
            *per_power.entry(p).or_default() += 1;
        }
        for p in Power::ALL {
            let k = per_power.get(&p).copied().unwrap_or(0);
            if k != boards {
                return Err(Refusal::rule(
                    "wm B.5",
                    format!(
                        "{k} players were assigned {} but round one has {boards} boards",
                        p.name()
                    ),
                ));
            }
        }
    } else if let Some(e) = request.entrants.iter().find(|e| e.power.is_some()) {
        return Err(Refusal::rule(
            "wm B.5",
            format!(
                "powers after round one are drawn at random; {} has one preset",
                e.player
            ),
        ));
    }
    Ok(())
}

/// The request in indices: entrants sorted by player id (so the order given
/// does not matter), teams by id.
fn problem(request: &DrawRequest) -> search::Problem {
    let mut entrants: Vec<&Entrant> = request.entrants.iter().collect();
    entrants.sort_by(|a, b| a.player.cmp(&b.player));
    let team_ids: BTreeSet<&TeamId> = entrants.iter().filter_map(|e| e.team.as_ref()).collect();
    let team_index: BTreeMap<&TeamId, u32> = team_ids
        .iter()
        .enumerate()
        .map(|(i, &t)| (t, i as u32))
        .collect();
    let index: BTreeMap<&UserId, u32> = entrants
        .iter()
        .enumerate()
        .map(|(i, e)| (&e.player, i as u32))
        .collect();
    let n = entrants.len();
    let mut played = vec![0u8; n];
    let mut met: Vec<Vec<u32>> = vec![Vec::new(); n];
    for board in &request.history {
        let here: Vec<(Power, Option<u32>)> = board
            .seats
            .iter()
            .map(|(&p, u)| (p, index.get(u).copied()))
            .collect();
        for &(p, i) in &here {
            let Some(i) = i else { continue };
            played[i as usize] |= 1 << power_index(p);
            for &(_, j) in &here {
                if let Some(j) = j {
                    if j != i {
                        met[i as usize].push(j);
                    }
                }
            }
        }
    }
    for m in &mut met {
        m.sort_unstable();
        m.dedup();
    }
    search::Problem {
        players: entrants.iter().map(|e| e.player.clone()).collect(),
        boards: n / 7,
        team: entrants
            .iter()
            .map(|e| e.team.as_ref().map_or(search::NO_TEAM, |t| team_index[t]))
            .collect(),
        teams: team_ids.len(),
        fixed_power: (request.stage == Stage::RoundOne).then(|| {
            entrants
                .iter()
                .map(|e| power_index(e.power.expect("validated")) as u8)
                .collect()
        }),
        played,
        met,
        team_round: request.team_round,
    }
}

pub(super) fn power_index(p: Power) -> usize {
    Power::ALL
        .iter()
        .position(|&q| q == p)
        .expect("one of the seven")
}
