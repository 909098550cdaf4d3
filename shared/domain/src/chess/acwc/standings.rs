//! Standings: the Qualification (acwc III.F.1, III.F.3, III.F.4.1) through
//! the Monrad engine's history model, and the Candidates (III.G).

use super::state::{Championship, Outcome};
use super::vocabulary::Stage;
use crate::chess::round_robin::{candidates_standings, MatchResult};
use crate::chess::swiss::monrad;
use crate::chess::swiss::{Colour, Presence, RoundOutcome, SwissPlayer, SwissTournament, Title};
use crate::envelope::UserId;
use serde::Serialize;

/// The Qualification as the Monrad engine sees it: pairing number = index
/// + 1, rating = twice the seeding rating (exact; order and sums unchanged).
///
/// A match still being played is a pairing with no points yet.
pub fn qualification_tournament(state: &Championship) -> SwissTournament {
    tournament(state, false)
}

/// The Qualification as far as its matches are finished: a match still being
/// played is no game yet (`None`), so its opponent does not count in the
/// tiebreaks (acwc III.F.3, III.F.4.1) until it is.
fn finished_qualification(state: &Championship) -> SwissTournament {
    tournament(state, true)
}

fn tournament(state: &Championship, finished_only: bool) -> SwissTournament {
    let number = |u: &UserId| {
        state
            .qualification
            .iter()
            .position(|p| p == u)
            .map(|i| i as u32 + 1)
    };
    let rounds: Vec<_> = state.rounds_of(Stage::Qualification).collect();
    let players = state
        .qualification
        .iter()
        .enumerate()
        .map(|(i, u)| {
            let outcomes = rounds
                .iter()
                .map(|r| {
                    if r.bye.as_ref() == Some(u) {
                        return Some(RoundOutcome::PairingBye);
                    }
                    let m = r
                        .matches
                        .iter()
                        .map(|id| &state.matches[id])
                        .find(|m| m.plays(u));
                    Some(match m {
                        Some(m) if finished_only && !m.finished() => return None,
                        Some(m) => RoundOutcome::Game {
                            opponent: number(m.opponent(u)).unwrap_or(0),
                            colour: if &m.first == u {
                                Colour::White
                            } else {
                                Colour::Black
                            },
                            half_points: m.match_points(u).unwrap_or(0),
                            played: matches!(m.outcome, Some(Outcome::Score { .. })),
                        },
                        None => RoundOutcome::NotPaired { half_points: 0 },
                    })
                })
                .collect();
            SwissPlayer {
                number: i as u32 + 1,
                name: state
                    .entrant(u)
                    .map(|e| e.account.clone())
                    .unwrap_or_default(),
                rating: state.seeding_x2(u),
                title: Title::None,
                rounds: outcomes,
                presence: if state.active(u) {
                    Presence::Present
                } else {
                    Presence::Withdrawn
                },
            }
        })
        .collect();
    SwissTournament {
        players,
        rounds_played: rounds.len() as u32,
        total_rounds: state.qualification_rounds,
        first_colour: Colour::White,
        rules: Default::default(),
    }
}

/// A row of the Qualification standings, every tiebreak shown.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[schemars(rename = "AcwcQualificationRow")]
pub struct QualificationRow {
    pub rank: u32,
    pub player: UserId,
    pub number: u32,
    /// acwc III.F.1: match points.
    pub points: f64,
    /// acwc III.F.3: the sum of the opponents' seeding ratings.
    pub opponents_seeds: f64,
    /// acwc III.F.4.1: the average of the opponents' seeding ratings.
    pub average_opponent_seed: f64,
    /// acwc III.E: the own seeding rating.
    pub seeding_rating: f64,
    pub active: bool,
}

/// acwc III.F.3: final order: points, then the sum of opponents' seeds; then
/// (ruling) the III.F.4.1 average and own seeding rating, then pairing number.
/// Only finished matches count: while a round is open its opponents are not
/// yet opponents played.
pub fn qualification_standings(state: &Championship) -> Vec<QualificationRow> {
    let t = finished_qualification(state);
    let mut rows: Vec<QualificationRow> = t
        .players
        .iter()
        .map(|p| QualificationRow {
            rank: 0,
            player: state.qualification[p.number as usize - 1].clone(),
            number: p.number,
            points: f64::from(p.half_points()) / 2.0,
            opponents_seeds: monrad::qualification_tiebreak(p, &t.players) as f64 / 2.0,
            average_opponent_seed: monrad::average_opponent_rating(p, &t.players) / 2.0,
            seeding_rating: f64::from(p.rating) / 2.0,
            active: p.presence == Presence::Present,
        })
        .collect();
    rows.sort_by(|a, b| {
        b.points
            .total_cmp(&a.points)
            .then(b.opponents_seeds.total_cmp(&a.opponents_seeds))
            .then(b.average_opponent_seed.total_cmp(&a.average_opponent_seed))
            .then(b.seeding_rating.total_cmp(&a.seeding_rating))
            .then(a.number.cmp(&b.number))
    });
    for (i, r) in rows.iter_mut().enumerate() {
        r.rank = i as u32 + 1;
    }
    rows
}

/// A row of the Candidates standings.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[schemars(rename = "AcwcCandidatesRow")]
pub struct CandidatesRow {
    pub rank: u32,
    pub player: UserId,
    /// acwc III.G.1: match points.
    pub points: f64,
    /// acwc III.G.3: the summed sub-scores.
    pub sub_scores: f64,
    pub seeding_rating: f64,
    pub active: bool,
}

/// acwc III.G.3: points, then summed sub-scores; (ruling) then seeding rating.
/// acwc VIII.B: disregarded matches do not count.
pub fn candidates_table(state: &Championship) -> Vec<CandidatesRow> {
    // Ruling acwc III.G: a forfeited match counts as won by every game.
    let full = state
        .settings
        .as_ref()
        .map_or(20, |s| s.format.games_per_match * 2);
    let seat = |u: &UserId| state.candidates.iter().position(|p| p == u).unwrap_or(0) as u32 + 1;
    let results: Vec<MatchResult> = state
        .matches
        .values()
        .filter(|m| m.stage == Stage::Candidates && !m.disregarded)
        .filter_map(|m| match &m.outcome {
            Some(Outcome::Score { first, second }) => Some(MatchResult {
                a: seat(&m.first),
                b: seat(&m.second),
                a_half_games: *first,
                b_half_games: *second,
            }),
            Some(Outcome::Awarded { winner, .. }) => {
                let w = seat(winner);
                let l = seat(m.opponent(winner));
                Some(MatchResult {
                    a: w,
                    b: l,
                    a_half_games: full,
                    b_half_games: 0,
                })
            }
            None => None,
        })
        .collect();
    let table = candidates_standings(&results);
    let mut rows: Vec<CandidatesRow> = state
        .candidates
        .iter()
        .enumerate()
        .map(|(i, u)| {
            let s = table.iter().find(|s| s.player == i as u32 + 1);
            CandidatesRow {
                rank: 0,
                player: u.clone(),
                points: f64::from(s.map_or(0, |s| s.match_half_points)) / 2.0,
                sub_scores: f64::from(s.map_or(0, |s| s.sub_score_half_games)) / 2.0,
                seeding_rating: f64::from(state.seeding_x2(u)) / 2.0,
                active: state.active(u),
            }
        })
        .collect();
    rows.sort_by(|a, b| {
        b.active
            .cmp(&a.active)
            .then(b.points.total_cmp(&a.points))
            .then(b.sub_scores.total_cmp(&a.sub_scores))
            .then(b.seeding_rating.total_cmp(&a.seeding_rating))
    });
    for (i, r) in rows.iter_mut().enumerate() {
        r.rank = i as u32 + 1;
    }
    rows
}
