//! Standings after the completed rounds: points, then the tie-breaks the
//! organizer listed, each as the FIDE Tie-Break Rules of 2009 define it
//! (FIDE Handbook C.02, Annex 3, as printed in the Arbiters' Manual 2014,
//! the edition of the Dutch text's last years), cited as `fide-tb`:
//!
//! - unplayed games of a player's opponents (forfeits, byes, absences)
//!   count as draws when the opponent's score is used (`fide-tb unplayed`);
//! - a round the player did not play counts a virtual opponent who had the
//!   player's score before the round, scored `1 - (the player's score for
//!   the round)` in it, and draws every round after it:
//!   `Svon = SPR + (1 - SfPR) + 0.5 (n - R)` (`fide-tb virtual opponent`).
//!
//! Without a list the seed's own order applies (dutch H): the result of
//! the games between the tied players for first place, then the average
//! rating of the opponents. A tie the list does not break is shared (dutch
//! H: "prize money should be shared"); the lots H ends with are the
//! arbiter's, outside the software.
//!
//! Values are kept exact in half points (Sonneborn-Berger in quarter
//! points) and compared exactly; the average rating as a fraction.

use super::engine::pairing_numbers;
use super::state::SwissEvent;
use crate::chess::swiss::RoundOutcome;
use crate::envelope::UserId;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::collections::BTreeMap;

/// A tie-break an organizer may list.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Tiebreak {
    /// fide-tb Buchholz: the sum of the opponents' scores.
    Buchholz,
    /// fide-tb Buchholz cut 1: less the lowest opponent's score.
    #[serde(rename = "buchholz-cut-1")]
    BuchholzCut1,
    /// fide-tb median Buchholz: less the highest and the lowest.
    BuchholzMedian,
    /// fide-tb Sonneborn-Berger: the scores of the opponents beaten, and
    /// half the scores of those drawn.
    SonnebornBerger,
    /// fide-tb progressive score: the sum of the running score after each
    /// round.
    Progressive,
    /// fide-tb direct encounter: the points scored in the games among the
    /// tied players, when all of them have met.
    DirectEncounter,
    /// dutch H: the same, for the tie for first place only.
    DirectEncounterFirstPlace,
    /// fide-tb the greater number of wins (games won over the board).
    Wins,
    /// dutch H, fide-tb: the average rating of the opponents met over the
    /// board (unrated opponents left out).
    AverageRatingOfOpponents,
}

impl Tiebreak {
    /// dutch H's order, the default.
    pub fn dutch_h() -> Vec<Tiebreak> {
        vec![
            Tiebreak::DirectEncounterFirstPlace,
            Tiebreak::AverageRatingOfOpponents,
        ]
    }

    /// The tie-break's name as the API spells it.
    pub fn name(self) -> &'static str {
        match self {
            Tiebreak::Buchholz => "buchholz",
            Tiebreak::BuchholzCut1 => "buchholz-cut-1",
            Tiebreak::BuchholzMedian => "buchholz-median",
            Tiebreak::SonnebornBerger => "sonneborn-berger",
            Tiebreak::Progressive => "progressive",
            Tiebreak::DirectEncounter => "direct-encounter",
            Tiebreak::DirectEncounterFirstPlace => "direct-encounter-first-place",
            Tiebreak::Wins => "wins",
            Tiebreak::AverageRatingOfOpponents => "average-rating-of-opponents",
        }
    }

    /// The clause that defines it.
    pub fn clause(self) -> &'static str {
        match self {
            Tiebreak::DirectEncounterFirstPlace => "dutch H",
            Tiebreak::AverageRatingOfOpponents => "dutch H",
            _ => "fide-tb",
        }
    }
}

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

/// One round of one player, in half points.
#[derive(Debug, Clone, Copy)]
struct Played<'a> {
    own: u32,
    /// The opponent met over the board; `None` for an unplayed round.
    opponent: Option<&'a UserId>,
}

/// Everything the tie-breaks read, worked out once.
struct Table<'a> {
    /// Completed rounds.
    n: u32,
    rounds: BTreeMap<&'a UserId, Vec<Played<'a>>>,
    /// fide-tb unplayed: each player's score with unplayed games as draws.
    adjusted: BTreeMap<&'a UserId, u32>,
    ratings: BTreeMap<&'a UserId, u32>,
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
        let mut adjusted = BTreeMap::new();
        let mut ratings = BTreeMap::new();
        for p in &t.players {
            let id = by_number[&p.number];
            let played: Vec<Played> = p
                .rounds
                .iter()
                .map(|o| match o {
                    Some(RoundOutcome::Game {
                        opponent,
                        half_points,
                        played: true,
                        ..
                    }) => Played {
                        own: *half_points,
                        opponent: by_number.get(opponent).copied(),
                    },
                    other => Played {
                        own: other.map_or(0, |o| o.half_points()),
                        opponent: None,
                    },
                })
                .collect();
            let adj = played
                .iter()
                .map(|r| if r.opponent.is_some() { r.own } else { 1 })
                .sum();
            adjusted.insert(id, adj);
            ratings.insert(id, p.rating);
            rounds.insert(id, played);
        }
        Table {
            n,
            rounds,
            adjusted,
            ratings,
        }
    }

    fn points(&self, p: &UserId) -> u32 {
        self.rounds[p].iter().map(|r| r.own).sum()
    }

    /// Each round's opponent score for `p`, in half points: the real
    /// opponent's adjusted score, or the virtual opponent's.
    fn opponent_scores(&self, p: &UserId) -> Vec<u32> {
        let mut before = 0;
        let mut out = Vec::new();
        for (k, r) in (1u32..).zip(&self.rounds[p]) {
            out.push(match r.opponent {
                Some(q) => self.adjusted[q],
                // fide-tb virtual opponent, in half points:
                // 2·SPR + (2 − 2·SfPR) + (n − R).
                None => before + (2 - r.own.min(2)) + (self.n - k),
            });
            before += r.own;
        }
        out
    }

    /// A per-player value of `tb`, exact: (numerator, denominator).
    fn value(&self, p: &UserId, tb: Tiebreak) -> (u64, u64) {
        let scores = self.opponent_scores(p);
        let sum: u64 = scores.iter().map(|&s| u64::from(s)).sum();
        let low = scores.iter().min().map_or(0, |&s| u64::from(s));
        let high = scores.iter().max().map_or(0, |&s| u64::from(s));
        let rounds = &self.rounds[p];
        match tb {
            Tiebreak::Buchholz => (sum, 2),
            Tiebreak::BuchholzCut1 => (sum - low, 2),
            Tiebreak::BuchholzMedian if scores.len() >= 2 => (sum - low - high, 2),
            Tiebreak::BuchholzMedian => (0, 2),
            Tiebreak::SonnebornBerger => (
                rounds
                    .iter()
                    .zip(&scores)
                    .map(|(r, s)| u64::from(r.own) * u64::from(*s))
                    .sum(),
                4,
            ),
            Tiebreak::Progressive => {
                let mut running = 0u64;
                let mut total = 0u64;
                for r in rounds {
                    running += u64::from(r.own);
                    total += running;
                }
                (total, 2)
            }
            Tiebreak::Wins => (
                rounds
                    .iter()
                    .filter(|r| r.opponent.is_some() && r.own == 2)
                    .count() as u64,
                1,
            ),
            Tiebreak::AverageRatingOfOpponents => {
                let rated: Vec<u64> = rounds
                    .iter()
                    .filter_map(|r| r.opponent)
                    .map(|q| u64::from(self.ratings[q]))
                    .filter(|&r| r > 0)
                    .collect();
                (rated.iter().sum(), (rated.len() as u64).max(1))
            }
            Tiebreak::DirectEncounter | Tiebreak::DirectEncounterFirstPlace => (0, 1),
        }
    }

    /// fide-tb direct encounter: each member's points against the others
    /// of `group`, when every two of them have met; `None` otherwise.
    fn encounters(&self, group: &[&'a UserId]) -> Option<BTreeMap<&'a UserId, u32>> {
        let mut points = BTreeMap::new();
        for &p in group {
            let mut met = std::collections::BTreeSet::new();
            let mut got = 0;
            for r in &self.rounds[p] {
                if let Some(q) = r.opponent.filter(|q| group.contains(q)) {
                    met.insert(q);
                    got += r.own;
                }
            }
            if met.len() + 1 < group.len() {
                return None;
            }
            points.insert(p, got);
        }
        Some(points)
    }
}

fn compare(a: (u64, u64), b: (u64, u64)) -> Ordering {
    // Higher first: b·a_den against a·b_den.
    (u128::from(b.0) * u128::from(a.1)).cmp(&(u128::from(a.0) * u128::from(b.1)))
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

/// fide-tb direct encounter as shown: each player's points against the
/// players he was tied with when the tie-break was applied, where every two
/// of them had met (the value that decided); 0 for a player alone in his
/// group then, or in a group the encounters could not decide.
struct Encounters<'a>(BTreeMap<(&'a UserId, Tiebreak), u32>);

impl<'a> Encounters<'a> {
    fn new() -> Self {
        Encounters(BTreeMap::new())
    }

    fn record(&mut self, table: &Table<'a>, group: &[&'a UserId], tb: Tiebreak, first: bool) {
        let applies = match tb {
            Tiebreak::DirectEncounter => true,
            Tiebreak::DirectEncounterFirstPlace => first,
            _ => false,
        };
        if !applies || group.len() < 2 {
            return;
        }
        for (p, v) in table.encounters(group).into_iter().flatten() {
            self.0.insert((p, tb), v);
        }
    }

    /// The value shown for `p`, in points.
    fn shown(&self, p: &'a UserId, tb: Tiebreak) -> f64 {
        f64::from(self.0.get(&(p, tb)).copied().unwrap_or(0)) / 2.0
    }
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
                    .map(|&t| match t {
                        Tiebreak::DirectEncounter | Tiebreak::DirectEncounterFirstPlace => {
                            (t.name(), encounters.shown(p, t))
                        }
                        _ => {
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
