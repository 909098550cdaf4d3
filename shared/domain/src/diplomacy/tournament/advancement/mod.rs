//! Team credits, advancement, winners and trophies (wm C.6–C.13).
//!
//! Inputs are the rounds scored by [`score_round`](super::scoring::score_round)
//! (boards in, C.14–C.15 applied), the entrants with their teams, the
//! rankings of earlier rounds, the number of players advancing (computed
//! elsewhere from wm B.4) and a seed for the 100-sided die. Every output is
//! an ordered list of [`Standing`]s carrying the value of each criterion,
//! so the API can show why each place was decided.
//!
//! Where a clause's chain of tiebreaks does not end in a die, a d100 drawn
//! from the same seed is the last resort, labelled as not in the rules, so
//! every ranking is a total order.

pub mod rank;
#[cfg(test)]
mod tests;

pub use rank::{Key, KeyValue, Standing};

use super::model::{Entrant, Stage, TeamId};
use super::scoring::{CountedGame, Points, RoundScores};
use crate::diplomacy::map::Power;
use crate::envelope::UserId;
use rank::{count_back, rank, totals_removing_highest, DiceRule};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// wm C.6: credits go to the top ten teams, 10 for the first down to 1.
pub const CREDITED_TEAMS: usize = 10;

fn user_name(u: &UserId) -> String {
    u.as_str().to_owned()
}

fn place_of<S: PartialEq>(standings: &[Standing<S>], subject: &S) -> Option<usize> {
    standings
        .iter()
        .find(|s| &s.subject == subject)
        .map(|s| s.place)
}

fn teams_of(entrants: &[Entrant]) -> BTreeMap<UserId, TeamId> {
    entrants
        .iter()
        .filter_map(|e| e.team.clone().map(|t| (e.player.clone(), t)))
        .collect()
}

fn all_teams(entrants: &[Entrant]) -> BTreeSet<TeamId> {
    entrants.iter().filter_map(|e| e.team.clone()).collect()
}

/// A ranking of players with the first `advancing` of them going through.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Advancement {
    pub standings: Vec<Standing<UserId>>,
    /// The first `advancing` players of `standings`, in order.
    pub advancing: Vec<UserId>,
}

impl Advancement {
    fn new(standings: Vec<Standing<UserId>>, advancing: usize) -> Advancement {
        let advancing = standings
            .iter()
            .take(advancing)
            .map(|s| s.subject.clone())
            .collect();
        Advancement {
            standings,
            advancing,
        }
    }
}

/// wm C.7.a–d's keys for a counted game of round one.
fn round_one_tiebreak_keys(r1: &RoundScores, g: &CountedGame) -> [Key; 4] {
    [
        Key::new("wm C.7.a", KeyValue::Lower(r1.power_totals[&g.power])),
        Key::new("wm C.7.b", KeyValue::Higher(g.points)),
        Key::new("wm C.7.c", KeyValue::Higher(g.bonus)),
        Key::new("wm C.7.d", count_back(&g.count_back)),
    ]
}

/// wm C.6.b's "highest ranking individual player based on criterion set
/// out in Rule C.7", before credits exist: C.7 without credits (its score
/// is then C.7.b) and without C.7.e (team ranking is what is being
/// decided), the die of C.7.f last.
pub fn round_one_without_credits(r1: &RoundScores, seed: u64) -> Vec<Standing<UserId>> {
    let subjects = r1
        .counted
        .values()
        .map(|g| {
            let [a, b, c, d] = round_one_tiebreak_keys(r1, g);
            (g.player.clone(), vec![b, a, c, d])
        })
        .collect();
    rank(
        subjects,
        user_name,
        DiceRule {
            seed,
            clause: "wm C.7.f",
        },
    )
}

/// wm C.6: the teams' ranking after round one and their credits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TeamCredits {
    /// Every team, by round-one total (wm C.6), tiebreaks wm C.6.a–b.
    pub standings: Vec<Standing<TeamId>>,
    /// wm C.6: credit per player for the top ten teams (10, 9, … 1).
    pub credits: BTreeMap<TeamId, u32>,
}

/// wm C.6: ranks the teams on their round-one points (the full score of
/// each of their positions, B.8.e forfeits deducted): a) the total with the
/// highest position score removed, then the two highest, …; b) the place
/// of the team's best player in [`round_one_without_credits`]; a d100 last
/// (not in the rules; never reached, as b separates any two teams with a
/// ranked player).
pub fn team_credits(r1: &RoundScores, entrants: &[Entrant], seed: u64) -> TeamCredits {
    let individuals = round_one_without_credits(r1, seed);
    let teams = teams_of(entrants);
    let subjects = all_teams(entrants)
        .into_iter()
        .map(|team| {
            let scores = r1.team_points.get(&team).cloned().unwrap_or_default();
            let best = individuals
                .iter()
                .find(|s| teams.get(&s.subject) == Some(&team))
                .map(|s| s.place);
            let keys = vec![
                Key::new("wm C.6", KeyValue::Higher(scores.iter().copied().sum())),
                Key::new(
                    "wm C.6.a",
                    KeyValue::Sequence(totals_removing_highest(&scores)[1..].to_vec()),
                ),
                Key::new("wm C.6.b", KeyValue::Place(best)),
            ];
            (team, keys)
        })
        .collect();
    let standings = rank(
        subjects,
        |t: &TeamId| t.clone(),
        DiceRule {
            seed,
            clause: "d100 (not in wm C.6)",
        },
    );
    let credits = standings
        .iter()
        .take(CREDITED_TEAMS)
        .map(|s| (s.subject.clone(), (CREDITED_TEAMS + 1 - s.place) as u32))
        .collect();
    TeamCredits { standings, credits }
}

/// wm C.7: advancement from round one to round two. Each player's score is
/// that of their counted game (wm C.15) plus their team's credit (wm C.6);
/// tiebreaks: a) the least successful country (the power with the lowest
/// total score across round one's boards ranks first), b) the score
/// without credits, c) the positional bonus, d) count-back from 1908 down,
/// e) the team's place after round one (players without a team last),
/// f) a d100 from `seed`. `advancing`: how many go through (wm B.4).
pub fn advance_round_one(
    r1: &RoundScores,
    entrants: &[Entrant],
    teams: &TeamCredits,
    advancing: usize,
    seed: u64,
) -> Advancement {
    let team_of = teams_of(entrants);
    let subjects = r1
        .counted
        .values()
        .map(|g| {
            let team = team_of.get(&g.player);
            let credit = team
                .and_then(|t| teams.credits.get(t))
                .copied()
                .unwrap_or(0);
            let [a, b, c, d] = round_one_tiebreak_keys(r1, g);
            let keys = vec![
                Key::new(
                    "wm C.7",
                    KeyValue::Higher(g.points + Points::whole(credit.into())),
                ),
                a,
                b,
                c,
                d,
                Key::new(
                    "wm C.7.e",
                    KeyValue::Place(team.and_then(|t| place_of(&teams.standings, t))),
                ),
            ];
            (g.player.clone(), keys)
        })
        .collect();
    let standings = rank(
        subjects,
        user_name,
        DiceRule {
            seed,
            clause: "wm C.7.f",
        },
    );
    Advancement::new(standings, advancing)
}

/// wm C.8: advancement from round two to the semi-final, on the round-two
/// score plus half the round-one score (counted games, wm C.15; a player
/// without a round-one game adds nothing); tiebreaks: a) the least
/// successful country in round two, b) the round-two positional bonus,
/// c) round two's count-back from 1908, d) the team's place in
/// `team_ranking` (the state passes [`team_winner`]'s standings after
/// round two; players without a team last), e) the place in the round-one
/// ranking of wm C.7 (`round_one`); a d100 last (not in the rules).
pub fn advance_round_two(
    r1: &RoundScores,
    r2: &RoundScores,
    entrants: &[Entrant],
    round_one: &[Standing<UserId>],
    team_ranking: &[Standing<TeamId>],
    advancing: usize,
    seed: u64,
) -> Advancement {
    let team_of = teams_of(entrants);
    let subjects = r2
        .counted
        .values()
        .map(|g| {
            let first = r1
                .counted
                .get(&g.player)
                .map_or(Points::ZERO, |g1| g1.points.scale(1, 2));
            let keys = vec![
                Key::new("wm C.8", KeyValue::Higher(g.points + first)),
                Key::new("wm C.8.a", KeyValue::Lower(r2.power_totals[&g.power])),
                Key::new("wm C.8.b", KeyValue::Higher(g.bonus)),
                Key::new("wm C.8.c", count_back(&g.count_back)),
                Key::new(
                    "wm C.8.d",
                    KeyValue::Place(
                        team_of
                            .get(&g.player)
                            .and_then(|t| place_of(team_ranking, t)),
                    ),
                ),
                Key::new("wm C.8.e", KeyValue::Place(place_of(round_one, &g.player))),
            ];
            (g.player.clone(), keys)
        })
        .collect();
    let standings = rank(
        subjects,
        user_name,
        DiceRule {
            seed,
            clause: "d100 (not in wm C.8)",
        },
    );
    Advancement::new(standings, advancing)
}

/// wm C.9's keys for a semi-final counted game.
fn semi_final_keys(sf: &RoundScores, g: &CountedGame, round_two: &[Standing<UserId>]) -> Vec<Key> {
    vec![
        Key::new("wm C.9", KeyValue::Higher(g.points)),
        Key::new("wm C.9.a", KeyValue::Lower(sf.power_totals[&g.power])),
        Key::new("wm C.9.b", count_back(&g.count_back)),
        Key::new("wm C.9.c", KeyValue::Place(place_of(round_two, &g.player))),
    ]
}

const C9_DICE: &str = "d100 (not in wm C.9)";

/// One semi-final board's ranking (wm C.9).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardQualifier {
    pub board: String,
    pub standings: Vec<Standing<UserId>>,
}

/// wm C.9: the semi-final's result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SemiFinal {
    /// Each board's players whose counted game (wm C.15) it is, ranked;
    /// the first qualifies. Boards in chronological order.
    pub boards: Vec<BoardQualifier>,
    /// The boards' winners, in board order.
    pub qualifiers: Vec<UserId>,
    /// Every semi-finalist by the same criteria across boards: the
    /// "ranking based on criterion set out in C.9" of wm C.10.b and C.11.b.
    pub overall: Vec<Standing<UserId>>,
}

/// wm C.9: the highest-scoring player of each semi-final board advances to
/// the final; tiebreaks: a) the least successful country across the
/// semi-final's boards, b) count-back from 1911, c) the place in the
/// round-two ranking of wm C.8 (`round_two`; empty when round two was the
/// semi-final, wm B.4); a d100 last (not in the rules).
pub fn advance_semi_final(
    sf: &RoundScores,
    round_two: &[Standing<UserId>],
    seed: u64,
) -> SemiFinal {
    let dice = DiceRule {
        seed,
        clause: C9_DICE,
    };
    let boards: Vec<BoardQualifier> = sf
        .boards
        .iter()
        .map(|b| BoardQualifier {
            board: b.id.clone(),
            standings: rank(
                sf.counted
                    .values()
                    .filter(|g| g.board == b.id)
                    .map(|g| (g.player.clone(), semi_final_keys(sf, g, round_two)))
                    .collect(),
                user_name,
                dice,
            ),
        })
        .collect();
    let qualifiers = boards
        .iter()
        .filter_map(|b| b.standings.first().map(|s| s.subject.clone()))
        .collect();
    let overall = rank(
        sf.counted
            .values()
            .map(|g| (g.player.clone(), semi_final_keys(sf, g, round_two)))
            .collect(),
        user_name,
        dice,
    );
    SemiFinal {
        boards,
        qualifiers,
        overall,
    }
}

/// wm C.10: who sits at the final.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FinalSeats {
    /// The qualifiers who play, in board order, then their replacements
    /// in ranking order.
    pub players: Vec<UserId>,
    /// The otherwise non-qualifying semi-finalists who did not decline,
    /// ranked for replacing those who declined.
    pub replacements: Vec<Standing<UserId>>,
}

/// wm C.10: each qualifier in `declined` is replaced by the best
/// non-qualifying semi-finalist (not in `declined` either) on the
/// semi-final positional bonus; tiebreaks: a) the semi-final score,
/// b) the place in the semi-final's overall ranking by wm C.9's criteria;
/// a d100 last (not in the rules).
pub fn final_seats(
    sf: &RoundScores,
    semi: &SemiFinal,
    declined: &BTreeSet<UserId>,
    seed: u64,
) -> FinalSeats {
    let qualifiers: BTreeSet<&UserId> = semi.qualifiers.iter().collect();
    let subjects = sf
        .counted
        .values()
        .filter(|g| !qualifiers.contains(&g.player) && !declined.contains(&g.player))
        .map(|g| {
            let keys = vec![
                Key::new("wm C.10", KeyValue::Higher(g.bonus)),
                Key::new("wm C.10.a", KeyValue::Higher(g.points)),
                Key::new(
                    "wm C.10.b",
                    KeyValue::Place(place_of(&semi.overall, &g.player)),
                ),
            ];
            (g.player.clone(), keys)
        })
        .collect();
    let replacements = rank(
        subjects,
        user_name,
        DiceRule {
            seed,
            clause: "d100 (not in wm C.10)",
        },
    );
    let staying: Vec<UserId> = semi
        .qualifiers
        .iter()
        .filter(|q| !declined.contains(*q))
        .cloned()
        .collect();
    let missing = semi.qualifiers.len() - staying.len();
    let players = staying
        .into_iter()
        .chain(replacements.iter().take(missing).map(|s| s.subject.clone()))
        .collect();
    FinalSeats {
        players,
        replacements,
    }
}

/// wm C.11: the individual ranking of the final: centres at the end of the
/// final (a solo counting 34 and the others none, wm C.4–C.5); tiebreaks:
/// a) count-back from 1914, b) the place in the semi-final's overall
/// ranking (`semi_final`); a d100 last (not in the rules). The first is the
/// individual winner.
pub fn individual_winner(
    fin: &RoundScores,
    semi_final: &[Standing<UserId>],
    seed: u64,
) -> Vec<Standing<UserId>> {
    let subjects = fin
        .counted
        .values()
        .map(|g| {
            let keys = vec![
                Key::new("wm C.11", KeyValue::Count(g.final_centers)),
                Key::new("wm C.11.a", count_back(&g.count_back)),
                Key::new(
                    "wm C.11.b",
                    KeyValue::Place(place_of(semi_final, &g.player)),
                ),
            ];
            (g.player.clone(), keys)
        })
        .collect();
    rank(
        subjects,
        user_name,
        DiceRule {
            seed,
            clause: "d100 (not in wm C.11)",
        },
    )
}

/// wm C.12: the team ranking: round-one plus round-two points (each
/// position's full score, wm C.14, less B.8.e forfeits); tiebreaks: a) the
/// number of the team's players seated in round two, b) the total with the
/// highest round-two position scores removed one by one, c) the same for
/// round one, d) the team's place after round one (`round_one_teams`, wm
/// C.6); a d100 last (not in the rules). `r2` is None when round two was
/// the semi-final (wm B.4). The first is the team winner.
pub fn team_winner(
    r1: &RoundScores,
    r2: Option<&RoundScores>,
    entrants: &[Entrant],
    round_one_teams: &[Standing<TeamId>],
    seed: u64,
) -> Vec<Standing<TeamId>> {
    let team_of = teams_of(entrants);
    let in_round_two: BTreeSet<&UserId> = r2
        .map(|r| {
            r.boards
                .iter()
                .flat_map(|b| b.positions.values().map(|p| &p.seated))
                .collect()
        })
        .unwrap_or_default();
    let subjects = all_teams(entrants)
        .into_iter()
        .map(|team| {
            let one = r1.team_points.get(&team).cloned().unwrap_or_default();
            let two = r2
                .and_then(|r| r.team_points.get(&team).cloned())
                .unwrap_or_default();
            let total: Points = one.iter().chain(&two).copied().sum();
            let advanced = in_round_two
                .iter()
                .filter(|p| team_of.get(**p) == Some(&team))
                .count();
            let keys = vec![
                Key::new("wm C.12", KeyValue::Higher(total)),
                Key::new("wm C.12.a", KeyValue::Count(advanced)),
                Key::new(
                    "wm C.12.b",
                    KeyValue::Sequence(
                        totals_removing_highest(&two)[1..]
                            .iter()
                            .map(|t| *t + one.iter().copied().sum())
                            .collect(),
                    ),
                ),
                Key::new(
                    "wm C.12.c",
                    KeyValue::Sequence(
                        totals_removing_highest(&one)[1..]
                            .iter()
                            .map(|t| *t + two.iter().copied().sum())
                            .collect(),
                    ),
                ),
                Key::new(
                    "wm C.12.d",
                    KeyValue::Place(place_of(round_one_teams, &team)),
                ),
            ];
            (team, keys)
        })
        .collect();
    rank(
        subjects,
        |t: &TeamId| t.clone(),
        DiceRule {
            seed,
            clause: "d100 (not in wm C.12)",
        },
    )
}

/// One result with a power in the team rounds (wm C.13).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct CountryResult {
    pub player: UserId,
    pub stage: Stage,
    pub board: String,
}

/// wm C.13: for each power, the results of its permanent players in
/// rounds one and two, by their points; tiebreaks: a) a round-two result
/// outranks a round-one result, b) count-back from 1908, c) a d100 from
/// `seed`. The first of each list wins the power's trophy. `r2` is None
/// when round two was the semi-final (wm B.4: not a team round).
pub fn best_countries(
    r1: &RoundScores,
    r2: Option<&RoundScores>,
    seed: u64,
) -> BTreeMap<Power, Vec<Standing<CountryResult>>> {
    let penultimate = Stage::RoundOne.last_year() - 1;
    let mut per_power: BTreeMap<Power, Vec<(CountryResult, Vec<Key>)>> =
        Power::ALL.into_iter().map(|p| (p, Vec::new())).collect();
    for round in std::iter::once(r1).chain(r2) {
        for board in &round.boards {
            for (power, pos) in &board.positions {
                let centres: Vec<usize> = (1901..=penultimate)
                    .rev()
                    .map(|y| pos.year_end_centers.get(&y).copied().unwrap_or(0))
                    .collect();
                for part in pos.players.iter().filter(|p| p.permanent) {
                    let keys = vec![
                        Key::new("wm C.13", KeyValue::Higher(part.points)),
                        Key::new("wm C.13.a", KeyValue::Flag(round.stage == Stage::RoundTwo)),
                        Key::new("wm C.13.b", count_back(&centres)),
                    ];
                    let result = CountryResult {
                        player: part.player.clone(),
                        stage: round.stage,
                        board: board.id.clone(),
                    };
                    per_power
                        .get_mut(power)
                        .expect("all powers")
                        .push((result, keys));
                }
            }
        }
    }
    per_power
        .into_iter()
        .map(|(power, subjects)| {
            let standings = rank(
                subjects,
                |r: &CountryResult| format!("{power:?}/{:?}/{}/{}", r.stage, r.board, r.player),
                DiceRule {
                    seed,
                    clause: "wm C.13.c",
                },
            );
            (power, standings)
        })
        .collect()
}
