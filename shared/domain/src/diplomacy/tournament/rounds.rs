//! Rounds (wm B.1, B.3–B.6, A.9–A.10, C): drawing boards, powers and
//! observers, taking board reports, and closing a round with its standings.

use super::assignment::size::TEAM_ROUND_TWO_MIN_TEAMS;
use super::assignment::{draw, stage_boards, DrawRequest};
use super::entries::require_td;
use super::event::{by_rule, Event};
use super::model::{BoardReport, Entrant, Seating, Stage};
use super::state::{BoardEntry, DrawViolation, Round, Tournament};
use crate::diplomacy::map::Power;
use crate::diplomacy::tournament::Recorded;
use crate::envelope::{Context, Envelope, Role, UserId};
use crate::refusal::Refusal;
use std::collections::BTreeSet;

/// wm B.1, B.4: the stage after the rounds played so far.
pub fn next_stage(state: &Tournament) -> Option<Stage> {
    match state.rounds.last().map(|r| r.stage) {
        None => Some(Stage::RoundOne),
        // wm B.4: below 42 teams round two is the semi-final.
        Some(Stage::RoundOne) if state.teams.len() < TEAM_ROUND_TWO_MIN_TEAMS => {
            Some(Stage::SemiFinal)
        }
        Some(Stage::RoundOne) => Some(Stage::RoundTwo),
        Some(Stage::RoundTwo) => Some(Stage::SemiFinal),
        Some(Stage::SemiFinal) => Some(Stage::Final),
        Some(Stage::Final) => None,
    }
}

fn open_round(state: &Tournament) -> Result<&Round, Refusal> {
    match state.rounds.last() {
        Some(r) if r.advancing.is_none() => Ok(r),
        _ => Err(Refusal::conflict("no round is being played").citing("wm B.1")),
    }
}

/// wm A.3.ii, B.5–B.6, A.9–A.10: the TD draws the next round.
pub fn pair(
    env: &Envelope,
    state: &Tournament,
    ctx: &Context,
    seed: u64,
) -> Result<Vec<Recorded>, Refusal> {
    require_td(
        env,
        state,
        ctx,
        "wm A.3.ii",
        "distributes players to boards",
    )?;
    if !state.entries_closed {
        return Err(Refusal::rule(
            "wm B.2",
            "entries must close before round one is drawn",
        ));
    }
    if state.rounds.last().is_some_and(|r| r.advancing.is_none()) {
        return Err(Refusal::rule(
            "wm B.1",
            "the current round has not been closed",
        ));
    }
    let stage = next_stage(state)
        .ok_or_else(|| Refusal::conflict("the final has been played").citing("wm B.1"))?;
    // wm C.9: too few teams cannot fill the semi-final's seven boards.
    super::assignment::round_two(state.teams.len())?;
    let (entrants, filled) = match stage {
        Stage::RoundOne => (state.entrants(), vec![]),
        _ => later_entrants(state, stage, seed)?,
    };
    let history: Vec<Seating> = state
        .rounds
        .iter()
        .flat_map(|r| r.boards.iter().map(|b| b.seating.clone()))
        .collect();
    let players = entrants.len();
    let request = DrawRequest::new(stage, entrants, history);
    let drawn = draw(&request, seed)?;
    let mut boards: Vec<BoardEntry> = drawn
        .seatings
        .into_iter()
        .map(|seating| BoardEntry {
            seating,
            ..BoardEntry::default()
        })
        .collect();
    let mut violations: Vec<DrawViolation> = drawn
        .violations
        .iter()
        .map(|v| DrawViolation {
            clause: v.clause().into(),
            breach: serde_json::to_value(v).unwrap_or_default(),
        })
        .collect();
    violations.extend(filled_seats(&boards, &filled, players));
    violations.extend(super::observers::assign(env, state, &mut boards));
    Ok(vec![by_rule(
        Event::RoundPaired {
            stage,
            seed,
            boards,
            violations,
        },
        "wm B.6",
    )])
}

/// A later round's players: the last round's qualifiers (the final's seats,
/// wm C.9–C.10), and, when they are too few for the round's boards, the
/// reserves who take the empty seats (wm B.8.d, C.15), also returned alone.
fn later_entrants(
    state: &Tournament,
    stage: Stage,
    seed: u64,
) -> Result<(Vec<Entrant>, Vec<UserId>), Refusal> {
    let qualified = match stage {
        Stage::Final => super::closing::final_players(state, seed)?,
        _ => state
            .rounds
            .last()
            .and_then(|r| r.advancing.clone())
            .unwrap_or_default(),
    };
    let seats = 7 * stage_boards(stage, state.teams.len())?;
    let filled = super::reserves::fill_seats(state, &qualified, seats)?;
    let entrants = qualified
        .into_iter()
        .chain(filled.iter().cloned())
        .map(|p| entrant(state, p))
        .collect();
    Ok((entrants, filled))
}

/// wm B.8.d: each seat a reserve took because too few qualified, published
/// with the draw's notes: the reserve, where they sit, and how many of the
/// round's players qualified.
fn filled_seats(boards: &[BoardEntry], filled: &[UserId], players: usize) -> Vec<DrawViolation> {
    let qualified = players - filled.len();
    filled
        .iter()
        .filter_map(|reserve| {
            let (board, power) = boards.iter().enumerate().find_map(|(i, b)| {
                b.seating
                    .seats
                    .iter()
                    .find(|(_, p)| *p == reserve)
                    .map(|(power, _)| (i, *power))
            })?;
            Some(DrawViolation {
                clause: "wm B.8.d".into(),
                breach: serde_json::json!({
                    "reserve": reserve,
                    "board": board,
                    "power": power,
                    "qualified": qualified,
                    "seats": players,
                }),
            })
        })
        .collect()
}

/// A later round's player: their team, no preset power (wm B.5).
fn entrant(state: &Tournament, player: UserId) -> Entrant {
    Entrant {
        team: state.team_of(&player).cloned(),
        player,
        power: None,
    }
}

/// A board's GM or the TD reports a finished (or cut-off, wm B.3) board.
pub fn report(
    env: &Envelope,
    state: &Tournament,
    ctx: &Context,
    board: usize,
    report: &BoardReport,
    reserve_takeovers: &BTreeSet<Power>,
) -> Result<Vec<Recorded>, Refusal> {
    let who = ctx.actor.user();
    let allowed = who.is_some_and(|u| {
        env.has_role(u, Role::GameMaster)
            || super::governance::is_td(env, state.acting_td.as_ref(), u)
    });
    if !allowed {
        return Err(Refusal::forbidden(
            "wm A.11",
            "a GM or the TD reports a board's result",
        ));
    }
    let round = open_round(state)?;
    let entry = round
        .boards
        .get(board)
        .ok_or_else(|| Refusal::not_found(format!("the round has no board {board}")))?;
    if entry.report.is_some() {
        return Err(Refusal::conflict(format!("board {board} is reported")).citing("wm B.3"));
    }
    check_report(round.stage, &entry.seating.seats, report)?;
    // wm B.8.e: only a position someone took over can have been taken over
    // by a reserve.
    if let Some(p) = reserve_takeovers
        .iter()
        .find(|p| report.tenures.get(p).is_none_or(|t| t.len() < 2))
    {
        return Err(Refusal::rule(
            "wm B.8.e",
            format!("{p:?} was not taken over, so no reserve took it over"),
        ));
    }
    Ok(vec![by_rule(
        Event::BoardReported {
            board,
            report: report.clone(),
            reserve_takeovers: reserve_takeovers.clone(),
        },
        "wm B.3",
    )])
}

/// A report must describe the board as drawn: the seven powers, at most 34
/// centres, years within the stage (wm B.3), and for each power tenures that
/// start with the drawn player and cover every Spring and Fall (wm C.14).
fn check_report(
    stage: Stage,
    seats: &std::collections::BTreeMap<Power, UserId>,
    report: &BoardReport,
) -> Result<(), Refusal> {
    let centers = &report.result.centers;
    if centers.len() != 7 || centers.values().sum::<usize>() > 34 {
        return Err(Refusal::rule(
            "wm B.3",
            "a result gives each of the seven powers its centres, 34 at most in all",
        ));
    }
    let last = stage.last_year();
    for (year, counts) in &report.year_end_centers {
        if !(1901..=last).contains(year) || counts.values().sum::<usize>() > 34 {
            return Err(Refusal::rule(
                "wm B.3",
                format!("year {year} is outside the stage (1901 to {last}) or over 34 centres"),
            ));
        }
    }
    for power in Power::ALL {
        let tenures = report.tenures.get(&power).map(Vec::as_slice).unwrap_or(&[]);
        let first = tenures.first().map(|t| &t.player);
        if first != seats.get(&power) {
            return Err(Refusal::rule(
                "wm C.14",
                format!("{power:?}'s first tenure must be its drawn player"),
            ));
        }
        let seasons: u32 = tenures.iter().map(|t| t.seasons).sum();
        if seasons != stage.seasons() {
            return Err(Refusal::rule(
                "wm C.14",
                format!(
                    "{power:?}'s tenures cover {seasons} seasons; the game has {}",
                    stage.seasons()
                ),
            ));
        }
    }
    Ok(())
}

/// wm C.6–C.13: the TD closes the round once every board is reported.
pub fn close(
    env: &Envelope,
    state: &Tournament,
    ctx: &Context,
    seed: u64,
) -> Result<Vec<Recorded>, Refusal> {
    require_td(env, state, ctx, "wm A.3", "closes a round")?;
    let round = open_round(state)?;
    let missing: Vec<usize> = round
        .boards
        .iter()
        .enumerate()
        .filter(|(_, b)| b.report.is_none())
        .map(|(i, _)| i)
        .collect();
    if !missing.is_empty() {
        return Err(Refusal::rule(
            "wm B.3",
            format!("boards {missing:?} have not been reported"),
        ));
    }
    let advancing = match next_stage(state) {
        Some(next) if next != Stage::Final => 7 * stage_boards(next, state.teams.len())?,
        // The semi-final sends each board's top scorer (wm C.9); the final
        // sends no one.
        _ => 0,
    };
    let closing = super::closing::close(state, round, advancing, seed)?;
    let going_on: BTreeSet<&UserId> = closing.advancing.iter().collect();
    let eliminated: Vec<UserId> = players_of(round)
        .into_iter()
        .filter(|p| !going_on.contains(p))
        .cloned()
        .collect();
    let clause = match round.stage {
        Stage::RoundOne => "wm C.7",
        Stage::RoundTwo => "wm C.8",
        Stage::SemiFinal => "wm C.9",
        Stage::Final => "wm C.11",
    };
    let mut events = vec![by_rule(
        Event::RoundClosed {
            stage: round.stage,
            seed,
            advancing: closing.advancing,
            eliminated,
        },
        clause,
    )];
    if let Some(winners) = closing.winners {
        events.push(by_rule(Event::TournamentWon { winners }, "wm C.11"));
    }
    Ok(events)
}

/// wm C.10: a qualifier for the final declines to play.
pub fn decline_final(state: &Tournament, ctx: &Context) -> Result<Vec<Recorded>, Refusal> {
    let who = ctx
        .actor
        .user()
        .ok_or_else(|| Refusal::forbidden("wm C.10", "a qualifier declines for themselves"))?;
    let qualified = match state.rounds.last() {
        Some(r) if r.stage == Stage::SemiFinal => r.advancing.as_ref(),
        _ => None,
    };
    if !qualified.is_some_and(|q| q.contains(who)) {
        return Err(Refusal::rule(
            "wm C.10",
            "only a qualifier for the final, before it is drawn, declines it",
        ));
    }
    if state.declined_final.contains(who) {
        return Err(Refusal::conflict("already declined").citing("wm C.10"));
    }
    Ok(vec![by_rule(
        Event::FinalDeclined {
            player: who.clone(),
        },
        "wm C.10",
    )])
}

/// Everyone who played a board of `round`.
pub fn players_of(round: &Round) -> BTreeSet<&UserId> {
    round
        .boards
        .iter()
        .flat_map(|b| b.seating.seats.values())
        .collect()
}

/// The contract's schedule (see [`crate::rulebook`]): nothing in a
/// tournament falls due by the clock. The TD closes entries and rounds (each
/// draw needs a fresh seed), and the boards keep their own deadlines; the
/// default tick finds nothing due.
impl crate::rulebook::Schedule for Tournament {
    /// wm A.3: the TD and the assistant TDs.
    const CLOCK_OFFICIALS: &'static [Role] =
        &[Role::TournamentDirector, Role::AssistantTournamentDirector];
}
