//! Players' and teams' scores from board reports (wm C.1–C.5, C.14–C.15,
//! B.8.e).
//!
//! A board's own score is [`board_score_parts`] (wm C.1–C.4). This module
//! turns it into what the tournament ranks:
//!
//! - each player's points, pro-rated by the seasons they played (wm C.14);
//! - the team's points for each position: the full score (wm C.14) unless
//!   the team forfeited it (wm B.8.e);
//! - the centres at each year's end with agreed results carried over the
//!   remaining years (wm C.5), for count-backs;
//! - which game counts for each player's advancement (wm C.15).
//!
//! Rulings: `docs/rulings/diplomacy-tournament.md`, section "Scores".

mod points;
#[cfg(test)]
pub(crate) mod testkit;
#[cfg(test)]
mod tests;

pub use points::Points;

use super::model::{BoardReport, Entrant, Seating, Stage, TeamId, Tenure};
use crate::diplomacy::game::event::EndReason;
use crate::diplomacy::game::score::{board_score_parts, ScoreParts, SOLO_SCORED_AS};
use crate::diplomacy::map::Power;
use crate::envelope::UserId;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use thiserror::Error;

/// One board of a round as the tournament state knows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundBoard {
    /// The board's id, unique in the round.
    pub id: String,
    /// When the board started, as a sequence number within the round
    /// (smaller = earlier); wm C.15 counts a player's chronologically first
    /// permanent game. Equal numbers are ordered by `id`.
    pub started: u64,
    /// Who was seated at each power when the board started.
    pub seating: Seating,
    pub report: BoardReport,
    /// wm B.8.e: positions whose captain/team failed to provide a
    /// replacement, so that a reserve-pool player took over: the team
    /// loses the position's points.
    pub reserve_takeovers: BTreeSet<Power>,
}

/// One round's finished boards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundResults {
    pub stage: Stage,
    pub boards: Vec<RoundBoard>,
}

/// Why a board report cannot be scored.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ScoringError {
    #[error("board {board}: {power:?} has no tenures")]
    NoTenures { board: String, power: Power },
    #[error("board {board}: {power:?}'s tenures add up to {got} seasons, the stage has {want} (wm C.14)")]
    SeasonsMismatch {
        board: String,
        power: Power,
        got: u32,
        want: u32,
    },
    #[error("board {board}: {power:?}'s first tenure is not the seated player")]
    FirstTenureNotSeated { board: String, power: Power },
    #[error("board {board}: {power:?} is not seated")]
    NotSeated { board: String, power: Power },
    #[error("board {board}: {power:?} is marked as taken over by a reserve but was never replaced (wm B.8.e)")]
    ForfeitWithoutReplacement { board: String, power: Power },
    #[error("board id {0} appears twice in the round")]
    DuplicateBoard(String),
}

/// One player's part in one position (their tenures summed).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerPart {
    pub player: UserId,
    /// Spring and Fall seasons played, early-termination seasons included
    /// (wm C.14).
    pub seasons: u32,
    /// wm C.15: permanent in this position.
    pub permanent: bool,
    /// wm C.14: true when the points are pro-rated (a standby, or the
    /// initial player replaced for more than one turn).
    pub pro_rated: bool,
    /// The player's individual points for this position.
    pub points: Points,
}

/// One power of a scored board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PositionScore {
    pub power: Power,
    /// The player seated at the start.
    pub seated: UserId,
    /// wm C.1–C.4: the position's full score.
    pub score: Points,
    /// wm C.2–C.3: its positional-bonus part.
    pub bonus: Points,
    /// The team the position belongs to: the seated player's team.
    pub team: Option<TeamId>,
    /// wm C.14: the full score, or zero when forfeited (wm B.8.e).
    pub team_points: Points,
    /// wm B.8.e: the team lost the position's points.
    pub forfeited: bool,
    /// Each player's part, in order of first appearance.
    pub players: Vec<PlayerPart>,
    /// wm C.5: centres at the end of every year 1901 to the stage's last
    /// year, with agreed and solo results carried over the remaining years.
    pub year_end_centers: BTreeMap<u16, usize>,
}

/// A scored board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardScore {
    pub id: String,
    pub started: u64,
    pub positions: BTreeMap<Power, PositionScore>,
}

fn exact_bonus(parts: &ScoreParts) -> Points {
    Points::new(i128::from(parts.bonus_total), i128::from(parts.shared_by))
}

fn exact_score(parts: &ScoreParts) -> Points {
    exact_bonus(parts) + Points::whole(parts.centers as i128)
}

/// wm C.5, C.4, B.3: the centres of each power at the end of every year
/// from 1901 to `stage.last_year()`. Years the report records are kept;
/// the years after the last recorded one are filled in:
///
/// - a solo conceded by vote: the centres at the concession up to the
///   penultimate year, the solo (34 centres, everyone else none, wm C.4)
///   in the final year (wm C.5);
/// - a solo on the board: the solo from the end of the game on (wm C.4);
/// - any other result (an agreed draw, the last year played, wm B.3): the
///   final centres for all remaining years (wm C.5), powers left out of a
///   draw counting none (wm D.IX.4 presumes them eliminated).
pub fn carried_year_end_centers(
    report: &BoardReport,
    stage: Stage,
) -> BTreeMap<u16, BTreeMap<Power, usize>> {
    let last = stage.last_year();
    let mut years: BTreeMap<u16, BTreeMap<Power, usize>> = report
        .year_end_centers
        .iter()
        .filter(|(y, _)| (1901..=last).contains(*y))
        .map(|(y, c)| (*y, c.clone()))
        .collect();
    let first_missing = years.keys().next_back().map_or(1901, |y| y + 1);
    let result = &report.result;
    let finals: BTreeMap<Power, usize> = Power::ALL
        .into_iter()
        .map(|p| {
            let c = result.centers.get(&p).copied().unwrap_or(0);
            (p, if result.eliminated.contains(&p) { 0 } else { c })
        })
        .collect();
    let solo = |winner: Power| -> BTreeMap<Power, usize> {
        Power::ALL
            .into_iter()
            .map(|p| (p, if p == winner { SOLO_SCORED_AS } else { 0 }))
            .collect()
    };
    let on_board_solo = match result.reason {
        EndReason::Solo { power } => Some(power),
        EndReason::Concession { .. } => None,
        _ => result
            .centers
            .iter()
            .find(|(_, c)| **c >= crate::diplomacy::game::score::SOLO_CENTERS)
            .map(|(p, _)| *p),
    };
    for year in first_missing..=last {
        let centers = match (&result.reason, on_board_solo) {
            (EndReason::Concession { to }, _) if year == last => solo(*to),
            (EndReason::Concession { .. }, _) => finals.clone(),
            (_, Some(winner)) => solo(winner),
            _ => finals.clone(),
        };
        years.insert(year, centers);
    }
    years
}

/// wm C.1–C.5, C.14, B.8.e: scores one board of `stage`. `teams` maps each
/// player to their team (reserves and non-associated players: absent or
/// None).
pub fn score_board(
    stage: Stage,
    board: &RoundBoard,
    teams: &BTreeMap<UserId, Option<TeamId>>,
) -> Result<BoardScore, ScoringError> {
    let total = stage.seasons();
    let parts = board_score_parts(&board.report.result);
    let years = carried_year_end_centers(&board.report, stage);
    let mut positions = BTreeMap::new();
    for power in Power::ALL {
        let (seated, tenures) = checked_tenures(board, power, total)?;
        let forfeited = board.reserve_takeovers.contains(&power);
        let score = exact_score(&parts[&power]);
        positions.insert(
            power,
            PositionScore {
                power,
                seated: seated.clone(),
                score,
                bonus: exact_bonus(&parts[&power]),
                team: teams.get(seated).cloned().flatten(),
                team_points: if forfeited { Points::ZERO } else { score },
                forfeited,
                players: player_parts(tenures, seated, score, total),
                year_end_centers: years
                    .iter()
                    .map(|(y, c)| (*y, c.get(&power).copied().unwrap_or(0)))
                    .collect(),
            },
        );
    }
    Ok(BoardScore {
        id: board.id.clone(),
        started: board.started,
        positions,
    })
}

/// The player seated at `power` and the position's tenures, once the report
/// is found consistent: the tenures cover the stage's `total` seasons (wm
/// C.14), start with the seated player, and a position a reserve took over
/// was really handed on (wm B.8.e).
fn checked_tenures(
    board: &RoundBoard,
    power: Power,
    total: u32,
) -> Result<(&UserId, &[Tenure]), ScoringError> {
    let err_board = || board.id.clone();
    let seated = board
        .seating
        .seats
        .get(&power)
        .ok_or_else(|| ScoringError::NotSeated {
            board: err_board(),
            power,
        })?;
    let tenures = board
        .report
        .tenures
        .get(&power)
        .filter(|t| !t.is_empty())
        .ok_or_else(|| ScoringError::NoTenures {
            board: err_board(),
            power,
        })?;
    let got: u32 = tenures.iter().map(|t| t.seasons).sum();
    if got != total {
        return Err(ScoringError::SeasonsMismatch {
            board: err_board(),
            power,
            got,
            want: total,
        });
    }
    if &tenures[0].player != seated {
        return Err(ScoringError::FirstTenureNotSeated {
            board: err_board(),
            power,
        });
    }
    let forfeited = board.reserve_takeovers.contains(&power);
    if forfeited && tenures.iter().all(|t| &t.player == seated) {
        return Err(ScoringError::ForfeitWithoutReplacement {
            board: err_board(),
            power,
        });
    }
    Ok((seated, tenures))
}

/// wm C.14: each player's tenures of one position summed, in order of first
/// appearance, with their points: the initial player replaced for at most
/// one turn keeps the full `score`; standbys and anyone replaced for more
/// than one turn are pro-rated by the seasons they played of `total`.
fn player_parts(tenures: &[Tenure], seated: &UserId, score: Points, total: u32) -> Vec<PlayerPart> {
    let mut players: Vec<PlayerPart> = Vec::new();
    for t in tenures {
        match players.iter_mut().find(|pp| pp.player == t.player) {
            Some(pp) => {
                pp.seasons += t.seasons;
                pp.permanent |= t.permanent;
            }
            None => players.push(PlayerPart {
                player: t.player.clone(),
                seasons: t.seasons,
                permanent: t.permanent,
                pro_rated: true,
                points: Points::ZERO,
            }),
        }
    }
    for pp in &mut players {
        pp.pro_rated = !(&pp.player == seated && pp.seasons + 1 >= total);
        pp.points = if pp.pro_rated {
            score.scale(i128::from(pp.seasons), i128::from(total))
        } else {
            score
        };
    }
    players
}

/// wm C.15: the game that counts for a player's advancement in a round:
/// the chronologically first board on which they were permanent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CountedGame {
    pub player: UserId,
    pub board: String,
    pub power: Power,
    /// Their individual points there (pro-rated or not, wm C.14).
    pub points: Points,
    /// The position's positional bonus (wm C.7.c).
    pub bonus: Points,
    /// wm C.7.d: the position's centres at the end of each year from the
    /// penultimate year down to 1901.
    pub count_back: Vec<usize>,
    /// wm C.11: the position's centres at the end of the stage's last year
    /// (wm C.4–C.5 applied: a solo counts 34).
    pub final_centers: usize,
}

/// A whole round scored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RoundScores {
    pub stage: Stage,
    /// Boards in chronological order (`started`, then id).
    pub boards: Vec<BoardScore>,
    /// wm C.15: each permanent player's counted game.
    pub counted: BTreeMap<UserId, CountedGame>,
    /// wm C.7.a: each power's total score across the round's boards.
    pub power_totals: BTreeMap<Power, Points>,
    /// wm C.12, B.8.e: each team's points per position in the round.
    pub team_points: BTreeMap<TeamId, Vec<Points>>,
}

impl RoundScores {
    /// wm C.12: a team's total for the round (forfeits deducted).
    pub fn team_total(&self, team: &TeamId) -> Points {
        self.team_points
            .get(team)
            .map_or(Points::ZERO, |v| v.iter().copied().sum())
    }

    /// The scored board with this id.
    pub fn board(&self, id: &str) -> Option<&BoardScore> {
        self.boards.iter().find(|b| b.id == id)
    }
}

/// Each entrant's team, for [`score_board`].
pub fn team_map(entrants: &[Entrant]) -> BTreeMap<UserId, Option<TeamId>> {
    entrants
        .iter()
        .map(|e| (e.player.clone(), e.team.clone()))
        .collect()
}

/// wm C.1–C.5, C.14–C.15, B.8.e: scores every board of a round.
pub fn score_round(
    round: &RoundResults,
    entrants: &[Entrant],
) -> Result<RoundScores, ScoringError> {
    let teams = team_map(entrants);
    let mut ids = BTreeSet::new();
    let mut boards = Vec::new();
    for b in &round.boards {
        if !ids.insert(b.id.clone()) {
            return Err(ScoringError::DuplicateBoard(b.id.clone()));
        }
        boards.push(score_board(round.stage, b, &teams)?);
    }
    boards.sort_by(|a, b| (a.started, &a.id).cmp(&(b.started, &b.id)));
    let penultimate = round.stage.last_year() - 1;
    let mut counted: BTreeMap<UserId, CountedGame> = BTreeMap::new();
    let mut power_totals: BTreeMap<Power, Points> =
        Power::ALL.into_iter().map(|p| (p, Points::ZERO)).collect();
    let mut team_points: BTreeMap<TeamId, Vec<Points>> = BTreeMap::new();
    for board in &boards {
        for (power, pos) in &board.positions {
            *power_totals.get_mut(power).expect("all powers") += pos.score;
            if let Some(team) = &pos.team {
                team_points
                    .entry(team.clone())
                    .or_default()
                    .push(pos.team_points);
            }
            for part in pos.players.iter().filter(|p| p.permanent) {
                counted
                    .entry(part.player.clone())
                    .or_insert_with(|| CountedGame {
                        player: part.player.clone(),
                        board: board.id.clone(),
                        power: *power,
                        points: part.points,
                        bonus: pos.bonus,
                        count_back: (1901..=penultimate)
                            .rev()
                            .map(|y| pos.year_end_centers.get(&y).copied().unwrap_or(0))
                            .collect(),
                        final_centers: pos
                            .year_end_centers
                            .get(&round.stage.last_year())
                            .copied()
                            .unwrap_or(0),
                    });
            }
        }
    }
    for v in team_points.values_mut() {
        v.sort_by(|a, b| b.cmp(a));
    }
    Ok(RoundScores {
        stage: round.stage,
        boards,
        counted,
        power_totals,
        team_points,
    })
}
