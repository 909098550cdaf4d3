//! The wm B.6 violations of a seating, counted from scratch. The draw reports
//! these for its own result; a TD distributing players by hand (wm A.3.ii)
//! can check a seating the same way.

use super::draw::DrawRequest;
use crate::diplomacy::map::Power;
use crate::diplomacy::tournament::model::{Seating, TeamId};
use crate::envelope::UserId;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// One breach of a wm B.6 rule ("wherever possible"). Boards are indices
/// into the draw's seatings; pairs of players or teams are in ascending
/// order. The variants are in the rules' order, so a sorted list reads a to e.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(tag = "breach", rename_all = "kebab-case")]
pub enum Violation {
    /// wm B.6.a: two players of `team` play `power` in this team round.
    TeammatesOnOnePower {
        team: TeamId,
        power: Power,
        players: [UserId; 2],
    },
    /// wm B.6.b: two players of `team` play on `board`.
    TeammatesOnOneBoard {
        team: TeamId,
        board: usize,
        players: [UserId; 2],
    },
    /// wm B.6.c: `player` plays `power` on `board` and played it before.
    PowerPlayedAgain {
        player: UserId,
        power: Power,
        board: usize,
    },
    /// wm B.6.d: the two players met on an earlier board and meet again.
    PlayersMeetAgain { board: usize, players: [UserId; 2] },
    /// wm B.6.e: the two teams each have a player on every one of these
    /// boards (two or more) of this round.
    TeamsFaceAgain {
        teams: [TeamId; 2],
        boards: Vec<usize>,
    },
}

impl Violation {
    /// The clause breached, e.g. `wm B.6.c`.
    pub fn clause(&self) -> &'static str {
        match self {
            Violation::TeammatesOnOnePower { .. } => "wm B.6.a",
            Violation::TeammatesOnOneBoard { .. } => "wm B.6.b",
            Violation::PowerPlayedAgain { .. } => "wm B.6.c",
            Violation::PlayersMeetAgain { .. } => "wm B.6.d",
            Violation::TeamsFaceAgain { .. } => "wm B.6.e",
        }
    }

    /// Index of the clause: 0 for a to 4 for e.
    pub fn clause_index(&self) -> usize {
        match self {
            Violation::TeammatesOnOnePower { .. } => 0,
            Violation::TeammatesOnOneBoard { .. } => 1,
            Violation::PowerPlayedAgain { .. } => 2,
            Violation::PlayersMeetAgain { .. } => 3,
            Violation::TeamsFaceAgain { .. } => 4,
        }
    }

    /// How many breaches this is: one per pair of players (a, b, d) or per
    /// player (c); for e, each meeting after the first (`boards - 1`).
    pub fn weight(&self) -> usize {
        match self {
            Violation::TeamsFaceAgain { boards, .. } => boards.len() - 1,
            _ => 1,
        }
    }
}

/// Breaches per clause, a to e, of a list of violations: the quantity the
/// draw minimises in that (lexicographic) order.
pub fn counts(violations: &[Violation]) -> [usize; 5] {
    let mut c = [0; 5];
    for v in violations {
        c[v.clause_index()] += v.weight();
    }
    c
}

fn pair<T: Ord + Clone>(a: &T, b: &T) -> [T; 2] {
    if a <= b {
        [a.clone(), b.clone()]
    } else {
        [b.clone(), a.clone()]
    }
}

/// Every wm B.6 breach of `seatings` as a draw of `request`, sorted. Players
/// on the boards but not among the entrants count as teamless.
pub fn audit(request: &DrawRequest, seatings: &[Seating]) -> Vec<Violation> {
    let team_of: BTreeMap<&UserId, &TeamId> = request
        .entrants
        .iter()
        .filter_map(|e| e.team.as_ref().map(|t| (&e.player, t)))
        .collect();
    let (played, met) = earlier_boards(request);

    let mut out = Vec::new();
    let mut on_power: BTreeMap<(&TeamId, Power), Vec<&UserId>> = BTreeMap::new();
    let mut faced: BTreeMap<[&TeamId; 2], Vec<usize>> = BTreeMap::new();
    for (b, board) in seatings.iter().enumerate() {
        let seated: Vec<(Power, &UserId)> = board.seats.iter().map(|(&p, u)| (p, u)).collect();
        board_breaches(b, &seated, &team_of, &played, &met, &mut on_power, &mut out);
        let teams: BTreeSet<&TeamId> = seated
            .iter()
            .filter_map(|(_, u)| team_of.get(u).copied())
            .collect();
        let teams: Vec<&TeamId> = teams.into_iter().collect();
        for (i, &t) in teams.iter().enumerate() {
            for &u in &teams[i + 1..] {
                faced.entry([t, u]).or_default().push(b);
            }
        }
    }
    if request.team_round {
        teammates_on_one_power(on_power, &mut out);
    }
    teams_face_again(faced, &mut out);
    out.sort();
    out
}

/// The history's boards: who played which power, and which pairs of players met.
fn earlier_boards(request: &DrawRequest) -> (BTreeSet<(&UserId, Power)>, BTreeSet<[&UserId; 2]>) {
    let mut played: BTreeSet<(&UserId, Power)> = BTreeSet::new();
    let mut met: BTreeSet<[&UserId; 2]> = BTreeSet::new();
    for board in &request.history {
        for (&power, player) in &board.seats {
            played.insert((player, power));
            for other in board.seats.values() {
                if other != player {
                    met.insert(pair(&player, &other));
                }
            }
        }
    }
    (played, met)
}

/// wm B.6.b–d on board `b`: teammates on one board, powers played again,
/// players meeting again; notes who of each team plays which power (B.6.a).
fn board_breaches<'a>(
    b: usize,
    seated: &[(Power, &'a UserId)],
    team_of: &BTreeMap<&UserId, &'a TeamId>,
    played: &BTreeSet<(&UserId, Power)>,
    met: &BTreeSet<[&UserId; 2]>,
    on_power: &mut BTreeMap<(&'a TeamId, Power), Vec<&'a UserId>>,
    out: &mut Vec<Violation>,
) {
    for (i, &(power, player)) in seated.iter().enumerate() {
        let team = team_of.get(player).copied();
        if let Some(t) = team {
            on_power.entry((t, power)).or_default().push(player);
        }
        if played.contains(&(player, power)) {
            out.push(Violation::PowerPlayedAgain {
                player: player.clone(),
                power,
                board: b,
            });
        }
        for &(_, other) in &seated[i + 1..] {
            if met.contains(&pair(&player, &other)) {
                out.push(Violation::PlayersMeetAgain {
                    board: b,
                    players: pair(player, other),
                });
            }
            if let (Some(t), Some(u)) = (team, team_of.get(other).copied()) {
                if t == u {
                    out.push(Violation::TeammatesOnOneBoard {
                        team: t.clone(),
                        board: b,
                        players: pair(player, other),
                    });
                }
            }
        }
    }
}

/// wm B.6.a: every pair of teammates on one power in this team round.
fn teammates_on_one_power(
    on_power: BTreeMap<(&TeamId, Power), Vec<&UserId>>,
    out: &mut Vec<Violation>,
) {
    for ((team, power), players) in on_power {
        for (i, &p) in players.iter().enumerate() {
            for &q in &players[i + 1..] {
                out.push(Violation::TeammatesOnOnePower {
                    team: team.clone(),
                    power,
                    players: pair(p, q),
                });
            }
        }
    }
}

/// wm B.6.e: every pair of teams that shared two or more boards.
fn teams_face_again(faced: BTreeMap<[&TeamId; 2], Vec<usize>>, out: &mut Vec<Violation>) {
    for ([t, u], boards) in faced {
        if boards.len() > 1 {
            out.push(Violation::TeamsFaceAgain {
                teams: [t.clone(), u.clone()],
                boards,
            });
        }
    }
}
