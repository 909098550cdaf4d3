//! Standings after the completed rounds: points, then the tie-breaks the
//! organizer listed, each as its rulebook defines it: the FIDE Tie-Break
//! Rules of 2009 (`fide-tb`, [`fide2009`]) or the FIDE Tie-Break
//! Regulations C.07 of 2024 (`c07`, [`c07`]); a list holds one or the other
//! ([`Tiebreak::mixes`]).
//!
//! Without a list the seed's own order applies (dutch H): the result of
//! the games between the tied players for first place, then the average
//! rating of the opponents. A tie the list does not break is shared (dutch
//! H: "prize money should be shared"); the lots H ends with are the
//! arbiter's, outside the software.
//!
//! Values are kept exact as fractions (half points, quarter points for
//! Sonneborn-Berger) and compared exactly.

mod c07;
mod fide2009;
mod tiebreak;

pub use tiebreak::{Code, Cut, Tiebreak, C07, NAMES};

use super::engine::pairing_numbers;
use super::state::SwissEvent;
use crate::chess::swiss::{Colour, RoundOutcome};
use crate::envelope::UserId;
use serde::Serialize;
use std::cmp::Ordering;
use std::collections::BTreeMap;

/// One player's line of the standings.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[schemars(rename = "SwissStanding")]
pub struct Standing {
    /// 1 for the first; tied players share the place (dutch H).
    pub place: u32,
    pub player: UserId,
    pub name: String,
    pub rating: u32,
    /// Points after the completed rounds.
    pub points: f64,
    /// The value of each listed tie-break, by name.
    pub tiebreaks: BTreeMap<&'static str, f64>,
    /// What put the player ahead of the next one: `points`, a tie-break's
    /// name, or `None` when they share the place (or are last).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ahead_by: Option<String>,
}

/// How a round went for one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Played over the board.
    Game,
    /// Paired, not played, won.
    ForfeitWin,
    /// Paired, not played, not won (a double forfeit included).
    ForfeitLoss,
    /// dutch A5: the pairing-allocated bye.
    PairingBye,
    /// Not paired: a requested or late-entry bye, an absence, a withdrawal.
    NotPaired,
}

/// One round of one player, in half points.
#[derive(Debug, Clone, Copy)]
struct Played<'a> {
    own: u32,
    /// The opponent met over the board; `None` for an unplayed round.
    opponent: Option<&'a UserId>,
    /// Played over the board with Black.
    black: bool,
    kind: Kind,
}

/// Everything the tie-breaks read, worked out once.
struct Table<'a> {
    /// Completed rounds.
    n: u32,
    rounds: BTreeMap<&'a UserId, Vec<Played<'a>>>,
    ratings: BTreeMap<&'a UserId, u32>,
}

fn played<'a>(o: Option<&RoundOutcome>, by_number: &BTreeMap<u32, &'a UserId>) -> Played<'a> {
    let unplayed = |own, kind| Played {
        own,
        opponent: None,
        black: false,
        kind,
    };
    match o {
        Some(RoundOutcome::Game {
            opponent,
            half_points,
            played: true,
            colour,
        }) => Played {
            own: *half_points,
            opponent: by_number.get(opponent).copied(),
            black: *colour == Colour::Black,
            kind: Kind::Game,
        },
        Some(RoundOutcome::Game { half_points, .. }) if *half_points >= 2 => {
            unplayed(*half_points, Kind::ForfeitWin)
        }
        Some(RoundOutcome::Game { half_points, .. }) => unplayed(*half_points, Kind::ForfeitLoss),
        Some(RoundOutcome::PairingBye) => unplayed(2, Kind::PairingBye),
        Some(RoundOutcome::NotPaired { half_points }) => unplayed(*half_points, Kind::NotPaired),
        None => unplayed(0, Kind::NotPaired),
    }
}

impl<'a> Table<'a> {
    fn new(state: &'a SwissEvent) -> Self {
        let need = state.need_arbiter();
        let n = state.rounds.iter().take_while(|r| r.complete(need)).count() as u32;
        let numbers = pairing_numbers(state);
        let by_number: BTreeMap<u32, &UserId> = numbers.iter().map(|(u, n)| (*n, *u)).collect();
        let settings = state
            .settings
            .clone()
            .unwrap_or_else(|| super::Settings::rounds(1));
        let t = super::engine::tournament(state, &settings, n);
        let mut rounds = BTreeMap::new();
        let mut ratings = BTreeMap::new();
        for p in &t.players {
            let id = by_number[&p.number];
            let list = p.rounds.iter().map(|o| played(o.as_ref(), &by_number));
            ratings.insert(id, p.rating);
            rounds.insert(id, list.collect());
        }
        Table { n, rounds, ratings }
    }

    fn points(&self, p: &UserId) -> u32 {
        self.rounds[p].iter().map(|r| r.own).sum()
    }

    /// A per-player value of `tb`, exact: (numerator, denominator).
    fn value(&self, p: &UserId, tb: Tiebreak) -> (u64, u64) {
        match tb {
            Tiebreak::C07(c) => self.value_c07(p, c),
            _ => self.value_2009(p, tb),
        }
    }
}

fn compare(a: (u64, u64), b: (u64, u64)) -> Ordering {
    // Higher first: b·a_den against a·b_den.
    (u128::from(b.0) * u128::from(a.1)).cmp(&(u128::from(a.0) * u128::from(b.1)))
}

/// `group` sorted by `key`, higher first, split where the key changes.
fn split_by<'a>(
    group: Vec<&'a UserId>,
    key: &BTreeMap<&UserId, (u64, u64)>,
) -> Vec<Vec<&'a UserId>> {
    let mut sorted = group;
    sorted.sort_by(|a, b| compare(key[a], key[b]));
    let mut out: Vec<Vec<&UserId>> = Vec::new();
    for p in sorted {
        match out.last_mut() {
            Some(g) if compare(key[g[0]], key[p]) == Ordering::Equal => g.push(p),
            _ => out.push(vec![p]),
        }
    }
    out
}

/// Splits `group` (tied so far, in order) by `tb`; `first` says whether
/// the group holds first place.
fn split<'a>(
    table: &Table<'a>,
    group: Vec<&'a UserId>,
    tb: Tiebreak,
    first: bool,
) -> Vec<Vec<&'a UserId>> {
    if group.len() < 2 {
        return vec![group];
    }
    let key: BTreeMap<&UserId, (u64, u64)> = match tb {
        Tiebreak::C07(C07 { code: Code::De, .. }) => return table.split_de(group),
        Tiebreak::DirectEncounter | Tiebreak::DirectEncounterFirstPlace => {
            if tb == Tiebreak::DirectEncounterFirstPlace && !first {
                return vec![group];
            }
            match table.encounters(&group) {
                Some(points) => points
                    .into_iter()
                    .map(|(p, v)| (p, (u64::from(v), 1)))
                    .collect(),
                None => return vec![group],
            }
        }
        _ => group.iter().map(|p| (*p, table.value(p, tb))).collect(),
    };
    split_by(group, &key)
}

/// Tied players, and what separates them from the next group down
/// (`None` for the last group).
type Group<'a> = (Vec<&'a UserId>, Option<&'static str>);

/// The standings after the completed rounds, best first.
pub fn standings(state: &SwissEvent, tiebreaks: &[Tiebreak]) -> Vec<Standing> {
    let table = Table::new(state);
    let order = super::engine::pairing_order(state);
    // Points first; ties keep A2 order inside the group for display.
    let mut groups = split_points(&table, order);
    let mut encounters = Encounters::new();
    for &tb in tiebreaks {
        let mut next = Vec::new();
        for (i, (g, below)) in groups.into_iter().enumerate() {
            encounters.record(&table, &g, tb, i == 0);
            let parts = split(&table, g, tb, i == 0);
            let last = parts.len() - 1;
            next.extend(
                parts
                    .into_iter()
                    .enumerate()
                    .map(|(j, part)| (part, if j == last { below } else { Some(tb.name()) })),
            );
        }
        groups = next;
    }
    lines(state, &table, groups, tiebreaks, &encounters)
}

/// Direct encounter as shown: each player's points against the players he
/// was tied with when the tie-break was applied; 0 for a player alone in
/// his group then. The 2009 rule shows them only where every two of the
/// group had met (the value that decided); c07 6 shows the points of the
/// games played among them whether or not all met.
struct Encounters<'a>(BTreeMap<(&'a UserId, Tiebreak), u32>);

impl<'a> Encounters<'a> {
    fn new() -> Self {
        Encounters(BTreeMap::new())
    }

    fn record(&mut self, table: &Table<'a>, group: &[&'a UserId], tb: Tiebreak, first: bool) {
        if group.len() < 2 {
            return;
        }
        let points = match tb {
            Tiebreak::DirectEncounter => table.encounters(group),
            Tiebreak::DirectEncounterFirstPlace if first => table.encounters(group),
            Tiebreak::C07(C07 { code: Code::De, .. }) => Some(table.among(group)),
            _ => None,
        };
        for (p, v) in points.into_iter().flatten() {
            self.0.insert((p, tb), v);
        }
    }

    /// The value shown for `p`, in points.
    fn shown(&self, p: &'a UserId, tb: Tiebreak) -> f64 {
        f64::from(self.0.get(&(p, tb)).copied().unwrap_or(0)) / 2.0
    }
}

fn is_encounter(tb: Tiebreak) -> bool {
    matches!(
        tb,
        Tiebreak::DirectEncounter
            | Tiebreak::DirectEncounterFirstPlace
            | Tiebreak::C07(C07 { code: Code::De, .. })
    )
}

fn split_points<'a>(table: &Table<'a>, order: Vec<&'a UserId>) -> Vec<Group<'a>> {
    let mut sorted = order;
    sorted.sort_by_key(|p| std::cmp::Reverse(table.points(p)));
    let mut out: Vec<Vec<&UserId>> = Vec::new();
    for p in sorted {
        match out.last_mut() {
            Some(g) if table.points(g[0]) == table.points(p) => g.push(p),
            _ => out.push(vec![p]),
        }
    }
    let last = out.len().saturating_sub(1);
    out.into_iter()
        .enumerate()
        .map(|(i, g)| (g, (i != last).then_some("points")))
        .collect()
}

fn lines(
    state: &SwissEvent,
    table: &Table,
    groups: Vec<Group>,
    tiebreaks: &[Tiebreak],
    encounters: &Encounters,
) -> Vec<Standing> {
    let mut out = Vec::new();
    let mut place = 1;
    for (g, below) in groups {
        let size = g.len() as u32;
        for (i, p) in g.into_iter().enumerate() {
            let player = &state.players[p];
            out.push(Standing {
                place,
                player: p.clone(),
                name: player.entry.name.clone(),
                rating: player.entry.rating,
                points: f64::from(table.points(p)) / 2.0,
                tiebreaks: tiebreaks
                    .iter()
                    .map(|&t| {
                        if is_encounter(t) {
                            (t.name(), encounters.shown(p, t))
                        } else {
                            let (num, den) = table.value(p, t);
                            (t.name(), num as f64 / den as f64)
                        }
                    })
                    .collect(),
                ahead_by: below.filter(|_| i as u32 + 1 == size).map(str::to_owned),
            });
        }
        place += size;
    }
    out
}
