//! Closing a round (wm C.6–C.13): score every board of every round played,
//! rank the round's players by its clause, and name who goes on; after the
//! final, the winners.

use super::advancement::{self, Standing};
use super::model::{Entrant, Stage, TeamId};
use super::scoring::{score_round, RoundBoard, RoundResults, RoundScores};
use super::state::{Round, Tournament, Winners};
use crate::envelope::UserId;
use crate::refusal::Refusal;
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// What closing a round decides.
pub struct Closing {
    pub advancing: Vec<UserId>,
    /// The round's players, best first (wm B.8.d ranks eliminees by it).
    pub ranking: Vec<UserId>,
    pub standings: Value,
    pub winners: Option<Winners>,
}

/// Everyone who may score for a team: the teams' players and replacements;
/// reserves and grouped-out individuals play for no team (wm B.2, B.8.e).
pub fn entrants(state: &Tournament) -> Vec<Entrant> {
    let mut all: Vec<Entrant> = state.entrants();
    for (id, team) in &state.teams {
        all.extend(team.replacements.iter().map(|p| Entrant {
            player: p.clone(),
            team: Some(id.clone()),
            power: None,
        }));
    }
    all.extend(state.reserves.iter().map(|p| Entrant {
        player: p.clone(),
        team: None,
        power: None,
    }));
    all
}

/// The board ids a round's scores use: `<stage>-<n>`, numbered from 1.
pub fn board_id(stage: Stage, index: usize) -> String {
    let stage = serde_json::to_value(stage)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default();
    format!("{stage}-{}", index + 1)
}

/// wm C.1–C.5, C.14–C.15: a reported round's scores.
pub fn scores(round: &Round, entrants: &[Entrant]) -> Result<RoundScores, Refusal> {
    let boards = round
        .boards
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let report = b.report.clone().ok_or_else(|| {
                Refusal::rule(
                    "wm B.3",
                    format!("board {} has not been reported", board_id(round.stage, i)),
                )
            })?;
            Ok(RoundBoard {
                id: board_id(round.stage, i),
                // The boards of a round start together; C.15 orders them by id.
                started: 0,
                seating: b.seating.clone(),
                report,
                reserve_takeovers: b.reserve_takeovers.clone(),
            })
        })
        .collect::<Result<Vec<_>, Refusal>>()?;
    score_round(
        &RoundResults {
            stage: round.stage,
            boards,
        },
        entrants,
    )
    .map_err(|e| Refusal::rule("wm C.14", e.to_string()))
}

fn round_of(state: &Tournament, stage: Stage) -> Option<&Round> {
    state.rounds.iter().find(|r| r.stage == stage)
}

/// The seed a closed round was closed with (its dice, wm C.7.f).
fn close_seed(round: &Round) -> u64 {
    round.close_seed.unwrap_or(round.seed)
}

/// The rankings of the earlier rounds, recomputed from their reports and
/// stored seeds: pure, so the same every time.
struct Earlier {
    r1: RoundScores,
    r1_teams: advancement::TeamCredits,
    r1_standings: Vec<Standing<UserId>>,
    r2: Option<(RoundScores, Vec<Standing<UserId>>)>,
}

impl Earlier {
    /// The ranking the semi-final's tiebreaks read (wm C.9.c): round two's;
    /// when round two was the semi-final itself (fewer than 42 teams,
    /// wm B.4), round one's.
    fn before_semi_final(&self) -> &[Standing<UserId>] {
        self.r2.as_ref().map_or(&self.r1_standings, |(_, s)| s)
    }
}

fn earlier(state: &Tournament, entrants: &[Entrant], upto: Stage) -> Result<Earlier, Refusal> {
    let first = round_of(state, Stage::RoundOne)
        .ok_or_else(|| Refusal::conflict("round one has not been played").citing("wm B.1"))?;
    let r1 = scores(first, entrants)?;
    let seed = close_seed(first);
    let r1_teams = advancement::team_credits(&r1, entrants, seed);
    let r1_standings = advancement::advance_round_one(&r1, entrants, &r1_teams, 0, seed).standings;
    let r2 = match round_of(state, Stage::RoundTwo) {
        Some(second) if upto > Stage::RoundTwo => {
            let r2 = scores(second, entrants)?;
            let teams = advancement::team_winner(
                &r1,
                Some(&r2),
                entrants,
                &r1_teams.standings,
                close_seed(second),
            );
            let standings = advancement::advance_round_two(
                &r1,
                &r2,
                entrants,
                &r1_standings,
                &teams,
                0,
                close_seed(second),
            )
            .standings;
            Some((r2, standings))
        }
        _ => None,
    };
    Ok(Earlier {
        r1,
        r1_teams,
        r1_standings,
        r2,
    })
}

/// wm C.6–C.13: closes the current round; `advancing` players go on.
pub fn close(
    state: &Tournament,
    round: &Round,
    advancing: usize,
    seed: u64,
) -> Result<Closing, Refusal> {
    let entrants = entrants(state);
    let this = scores(round, &entrants)?;
    match round.stage {
        Stage::RoundOne => Ok(close_round_one(&this, &entrants, advancing, seed)),
        Stage::RoundTwo => close_round_two(state, &this, &entrants, advancing, seed),
        Stage::SemiFinal => close_semi_final(state, &this, &entrants, seed),
        Stage::Final => close_final(state, &this, &entrants, seed),
    }
}

/// Round one: team credits, then the players who go on.
fn close_round_one(
    this: &RoundScores,
    entrants: &[Entrant],
    advancing: usize,
    seed: u64,
) -> Closing {
    let credits = advancement::team_credits(this, entrants, seed);
    let adv = advancement::advance_round_one(this, entrants, &credits, advancing, seed);
    Closing {
        advancing: adv.advancing,
        ranking: subjects(&adv.standings),
        standings: json!({ "team_credits": credits, "players": adv.standings }),
        winners: None,
    }
}

/// Round two: the team standings over both rounds, then the players who go on.
fn close_round_two(
    state: &Tournament,
    this: &RoundScores,
    entrants: &[Entrant],
    advancing: usize,
    seed: u64,
) -> Result<Closing, Refusal> {
    let e = earlier(state, entrants, Stage::RoundTwo)?;
    let teams = advancement::team_winner(&e.r1, Some(this), entrants, &e.r1_teams.standings, seed);
    let adv = advancement::advance_round_two(
        &e.r1,
        this,
        entrants,
        &e.r1_standings,
        &teams,
        advancing,
        seed,
    );
    Ok(Closing {
        advancing: adv.advancing,
        ranking: subjects(&adv.standings),
        standings: json!({ "teams": teams, "players": adv.standings }),
        winners: None,
    })
}

/// The semi-final: its qualifiers go on to the final.
fn close_semi_final(
    state: &Tournament,
    this: &RoundScores,
    entrants: &[Entrant],
    seed: u64,
) -> Result<Closing, Refusal> {
    let e = earlier(state, entrants, Stage::SemiFinal)?;
    let semi = advancement::advance_semi_final(this, e.before_semi_final(), seed);
    Ok(Closing {
        advancing: semi.qualifiers.clone(),
        ranking: subjects(&semi.overall),
        standings: json!(semi),
        winners: None,
    })
}

/// The final: the individual winner, the best team and the best countries.
fn close_final(
    state: &Tournament,
    this: &RoundScores,
    entrants: &[Entrant],
    seed: u64,
) -> Result<Closing, Refusal> {
    let e = earlier(state, entrants, Stage::Final)?;
    let (_, semi) = semi_final(state, entrants, &e)?;
    let individual = advancement::individual_winner(this, &semi.overall, seed);
    let r2 = e.r2.as_ref().map(|(r, _)| r);
    let teams = advancement::team_winner(&e.r1, r2, entrants, &e.r1_teams.standings, seed);
    let countries = advancement::best_countries(&e.r1, r2, seed);
    let winner = individual
        .first()
        .map(|s| s.subject.clone())
        .ok_or_else(|| Refusal::conflict("the final has no players").citing("wm C.11"))?;
    // wm B.4: with round two the semi-final, there is no team
    // competition beyond round one; the team standings still name
    // the best team of the rounds played.
    let team: Option<TeamId> = teams.first().map(|s| s.subject.clone());
    let best: BTreeMap<_, _> = countries
        .iter()
        .filter_map(|(p, s)| s.first().map(|s| (*p, s.subject.player.clone())))
        .collect();
    Ok(Closing {
        advancing: vec![],
        ranking: subjects(&individual),
        standings: json!({
            "individual": individual,
            "teams": teams,
            "best_countries": countries,
        }),
        winners: Some(Winners {
            individual: winner,
            team,
            best_countries: best,
        }),
    })
}

/// wm C.10: the final's seven: the semi-final's qualifiers, those who
/// declined replaced by the best non-qualifiers on round-three bonus.
pub fn final_players(state: &Tournament, seed: u64) -> Result<Vec<UserId>, Refusal> {
    let entrants = entrants(state);
    let e = earlier(state, &entrants, Stage::SemiFinal)?;
    let (sf, semi) = semi_final(state, &entrants, &e)?;
    Ok(advancement::final_seats(&sf, &semi, &state.declined_final, seed).players)
}

/// wm C.9: the played semi-final's scores and qualifiers, as it closed.
fn semi_final(
    state: &Tournament,
    entrants: &[Entrant],
    e: &Earlier,
) -> Result<(RoundScores, advancement::SemiFinal), Refusal> {
    let round = round_of(state, Stage::SemiFinal)
        .ok_or_else(|| Refusal::conflict("the semi-final has not been played").citing("wm C.9"))?;
    let sf = scores(round, entrants)?;
    let semi = advancement::advance_semi_final(&sf, e.before_semi_final(), close_seed(round));
    Ok((sf, semi))
}

fn subjects(standings: &[Standing<UserId>]) -> Vec<UserId> {
    standings.iter().map(|s| s.subject.clone()).collect()
}
