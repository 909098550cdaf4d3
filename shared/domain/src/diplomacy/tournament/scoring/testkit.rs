//! Builders for the tournament's scoring and advancement tests.

use super::{BoardScore, CountedGame, Points, PositionScore, RoundBoard, RoundScores};
use crate::competition::UserId;
use crate::diplomacy::game::event::EndReason;
use crate::diplomacy::game::state::GameResult;
use crate::diplomacy::map::Power;
use crate::diplomacy::tournament::advancement::Standing;
use crate::diplomacy::tournament::model::{BoardReport, Entrant, Seating, Stage, Tenure};
use std::collections::{BTreeMap, BTreeSet};

pub use crate::testkit::u;

pub fn pts(n: i128) -> Points {
    Points::whole(n)
}

pub fn centres(c: [usize; 7]) -> BTreeMap<Power, usize> {
    Power::ALL.into_iter().zip(c).collect()
}

/// A board of `stage` whose players are `{id}-{power}`, one tenure each,
/// ended by `reason` with `final_centres`; every year up to `recorded_to`
/// ends with the final centres.
pub fn board(
    id: &str,
    started: u64,
    stage: Stage,
    reason: EndReason,
    final_centres: [usize; 7],
    recorded_to: u16,
) -> RoundBoard {
    let players: BTreeMap<Power, UserId> = Power::ALL
        .into_iter()
        .map(|p| (p, u(&format!("{id}-{p:?}"))))
        .collect();
    let tenures = players
        .iter()
        .map(|(p, player)| {
            (
                *p,
                vec![Tenure {
                    player: player.clone(),
                    seasons: stage.seasons(),
                    permanent: true,
                }],
            )
        })
        .collect();
    RoundBoard {
        id: id.into(),
        started,
        seating: Seating { seats: players },
        report: BoardReport {
            result: GameResult {
                reason,
                phase: format!("F{recorded_to}M"),
                centers: centres(final_centres),
                eliminated: vec![],
            },
            year_end_centers: (1901..=recorded_to)
                .map(|y| (y, centres(final_centres)))
                .collect(),
            tenures,
            game: None,
        },
        reserve_takeovers: BTreeSet::new(),
    }
}

/// Seats `player` at `power` in place of the generated one.
pub fn seat(b: &mut RoundBoard, power: Power, player: &str, seasons: u32) {
    b.seating.seats.insert(power, u(player));
    b.report.tenures.insert(
        power,
        vec![Tenure {
            player: u(player),
            seasons,
            permanent: true,
        }],
    );
}

pub fn entrant(player: &str, team: Option<&str>) -> Entrant {
    Entrant {
        player: u(player),
        team: team.map(Into::into),
        power: None,
    }
}

/// A counted game (wm C.15) with the values the tiebreaks read.
pub fn game(
    player: &str,
    board: &str,
    power: Power,
    points: Points,
    bonus: i128,
    count_back: &[usize],
) -> CountedGame {
    CountedGame {
        player: u(player),
        board: board.into(),
        power,
        points,
        bonus: pts(bonus),
        count_back: count_back.to_vec(),
        final_centers: 0,
    }
}

/// A round scored by hand: counted games and power totals, no boards.
pub fn round(stage: Stage, games: Vec<CountedGame>, totals: &[(Power, i128)]) -> RoundScores {
    let mut power_totals: BTreeMap<Power, Points> =
        Power::ALL.into_iter().map(|p| (p, Points::ZERO)).collect();
    for (p, t) in totals {
        power_totals.insert(*p, pts(*t));
    }
    RoundScores {
        stage,
        boards: vec![],
        counted: games.into_iter().map(|g| (g.player.clone(), g)).collect(),
        power_totals,
        team_points: BTreeMap::new(),
    }
}

/// A scored board with only who sat where (wm C.12.a reads it).
pub fn seated_board(id: &str, seated: &[(Power, &str)]) -> BoardScore {
    BoardScore {
        id: id.into(),
        started: 0,
        positions: seated
            .iter()
            .map(|(p, player)| {
                (
                    *p,
                    PositionScore {
                        power: *p,
                        seated: u(player),
                        score: Points::ZERO,
                        bonus: Points::ZERO,
                        team: None,
                        team_points: Points::ZERO,
                        forfeited: false,
                        players: vec![],
                        year_end_centers: BTreeMap::new(),
                    },
                )
            })
            .collect(),
    }
}

/// A hand-made ranking: `subjects` in order, places 1, 2, …
pub fn standings<S: Clone>(subjects: &[S]) -> Vec<Standing<S>> {
    subjects
        .iter()
        .enumerate()
        .map(|(i, s)| Standing {
            place: i + 1,
            subject: s.clone(),
            keys: vec![],
            decided_by: None,
        })
        .collect()
}

/// The subjects of a ranking in order, as strings.
pub fn order<S: ToString>(st: &[Standing<S>]) -> Vec<String> {
    st.iter().map(|s| s.subject.to_string()).collect()
}

/// Each place's deciding clause.
pub fn decided<S>(st: &[Standing<S>]) -> Vec<Option<&'static str>> {
    st.iter().map(|s| s.decided_by).collect()
}
