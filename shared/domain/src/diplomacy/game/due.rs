//! What falls due on a board (wm D.VII, D.IX): adjudication at the deadline
//! or early when every order set is final, the 1901 NMR rule, NMR contact
//! and replacement periods, and the closing of votes. A tick that finds
//! nothing due returns no events, so overlapping sweeps adjudicate a phase once.

use super::deadline::{clear_of_windows, contact_period_end, MIN_HOURS_BETWEEN_ADJUDICATIONS};
use super::event::{by_rule, EndReason, Event};
use super::position::{self, Position};
use super::replacement::{Replacement, ReplacementPeriod};
use super::settings::{LateOrders, Settings};
use super::state::{Board, NmrCase};
use super::vote::{self, Ballot, Proposal, ProposalKind};
use crate::diplomacy::game::Recorded;
use crate::diplomacy::map::Power;
use crate::diplomacy::position::{PhaseKind, Season};
use crate::envelope::Ruled;
use crate::envelope::{Context, Envelope, Role};
use crate::refusal::Refusal;
use chrono::{DateTime, Duration, Utc};
use std::collections::BTreeSet;

/// Powers whose seat is in civil disorder (wm B.8.f).
pub(super) fn in_civil_disorder(state: &Board) -> BTreeSet<Power> {
    state
        .seats
        .iter()
        .filter(|(_, s)| s.civil_disorder)
        .map(|(p, _)| *p)
        .collect()
}

/// wm D.VII.2: powers that must order this phase (civil disorder excepted).
pub(super) fn must_order(position: &Position, cd: &BTreeSet<Power>) -> Vec<Power> {
    position
        .powers_to_order()
        .into_iter()
        .filter(|p| !cd.contains(p))
        .collect()
}

/// wm D.VII.2: the earliest instant an early adjudication may be published,
/// when every power with something to order has marked its set final.
fn early_from(state: &Board, position: &Position) -> Option<DateTime<Utc>> {
    let cd = in_civil_disorder(state);
    let powers = must_order(position, &cd);
    if powers.is_empty() || !powers.iter().all(|p| state.is_final(*p)) {
        return None;
    }
    Some(state.last_published? + Duration::hours(MIN_HOURS_BETWEEN_ADJUDICATIONS))
}

/// The next instant a tick must act.
pub fn next_due(state: &Board) -> Option<DateTime<Utc>> {
    let position = state.position.as_ref()?;
    if state.result.is_some() {
        return None;
    }
    let mut due: Vec<DateTime<Utc>> = state
        .nmrs
        .values()
        .map(|c| match c {
            NmrCase::AwaitingContact { contact_by, .. } => *contact_by,
            NmrCase::ReplacementSought { replace_by } => *replace_by,
        })
        .collect();
    if !state.withheld {
        due.extend(state.deadline);
        // wm D.VII.2: the early instant, after the last final set arrived and
        // outside every window (no publication inside one).
        let last_final = state
            .submissions
            .values()
            .filter_map(|s| s.last())
            .map(|s| s.receipt.received_at)
            .max();
        due.extend(early_from(state, position).map(|from| {
            clear_of_windows(from.max(last_final.unwrap_or(from)), state.windows.values())
        }));
    }
    due.into_iter().min()
}

/// wm D.VII.6, D.IX, D.VIII.4: adjudicates the current phase (or withholds it
/// in 1901, or publishes a passed game-end proposal instead).
fn adjudicate_phase(
    state: &Board,
    position: &Position,
    cd: &BTreeSet<Power>,
    now: DateTime<Utc>,
    at_deadline: bool,
) -> Result<Vec<Recorded>, Refusal> {
    let settings = state
        .settings
        .as_ref()
        .expect("started boards have settings");
    let phase = position.parsed_phase();
    let missing: Vec<Power> = must_order(position, cd)
        .into_iter()
        .filter(|p| state.counted_orders(*p).is_none())
        .collect();
    // wm D.VII.6.b: no NMR in Spring 1901 or the Fall 1901 movement phase.
    if phase.year == 1901 && phase.kind == PhaseKind::Movement && !missing.is_empty() {
        return Ok(withhold_1901(state, position, &missing, now));
    }
    // wm D.IX.2: votes close with this phase's orders.
    let movement_at_deadline = phase.kind == PhaseKind::Movement && at_deadline;
    let (mut events, game_end) = close_votes(state, position, cd, movement_at_deadline, &missing);
    if let Some((reason, eliminated)) = game_end {
        // wm D.IX.2: a passed proposal is published instead of the adjudication;
        // wm D.IX.4: SC counts are not changed by vote.
        events.push(by_rule(
            Event::GameEnded {
                reason,
                centers: position.center_counts(),
                eliminated,
            },
            "wm D.IX.4",
        ));
        return Ok(events);
    }
    events.extend(publish_adjudication(
        state,
        position,
        settings,
        phase.kind == PhaseKind::Movement,
        &missing,
        now,
    )?);
    Ok(events)
}

/// wm D.VII.6.b: the 1901 movement phase is not adjudicated while orders
/// are missing; the replacement procedure starts for each missing power not
/// already in it.
fn withhold_1901(
    state: &Board,
    position: &Position,
    missing: &[Power],
    now: DateTime<Utc>,
) -> Vec<Recorded> {
    let mut events = vec![by_rule(
        Event::AdjudicationWithheld {
            phase: position.phase.clone(),
            missing: missing.to_vec(),
        },
        "wm D.VII.6.b",
    )];
    for p in missing {
        if !matches!(state.nmrs.get(p), Some(NmrCase::ReplacementSought { .. })) {
            events.push(by_rule(
                Event::ReplacementProcedureStarted {
                    power: *p,
                    replace_by: contact_period_end(now),
                },
                "wm D.VII.6.b",
            ));
        }
    }
    events
}

/// wm D.IX.1–2: decides the proposals of this phase; the surviving powers
/// (and the GM, on a house-rule change) vote. A passed house-rule change
/// applies (D.IX.5); the first passed draw or concession ends the game, with
/// the powers it eliminates.
fn close_votes(
    state: &Board,
    position: &Position,
    cd: &BTreeSet<Power>,
    movement_at_deadline: bool,
    missing: &[Power],
) -> (Vec<Recorded>, Option<(EndReason, Vec<Power>)>) {
    let mut events = Vec::new();
    let survivors: Vec<Power> = Power::ALL
        .into_iter()
        .filter(|p| position.survives(*p) && !cd.contains(p))
        .collect();
    let mut game_end = None;
    for proposal in state
        .proposals
        .iter()
        .filter(|p| p.passed.is_none() && p.phase == position.phase)
    {
        let mut voters: Vec<Option<Power>> = survivors.iter().copied().map(Some).collect();
        if matches!(proposal.kind, ProposalKind::HouseRuleChange { .. }) {
            voters.push(None);
        }
        let empty = Default::default();
        let ballots = state.ballots.get(&proposal.id).unwrap_or(&empty);
        let passed = vote::passes(
            &proposal.kind,
            &voters,
            ballots,
            movement_at_deadline,
            missing,
        );
        events.push(by_rule(
            Event::ProposalDecided {
                id: proposal.id,
                passed,
            },
            "wm D.IX.1",
        ));
        if passed {
            match &proposal.kind {
                ProposalKind::HouseRuleChange { house_rules } => events.push(by_rule(
                    Event::HouseRulesChanged {
                        house_rules: house_rules.clone(),
                    },
                    "wm D.IX.5",
                )),
                ProposalKind::Draw { powers } => {
                    game_end.get_or_insert((
                        EndReason::Draw,
                        survivors
                            .iter()
                            .filter(|p| !powers.contains(p))
                            .copied()
                            .collect::<Vec<_>>(),
                    ));
                }
                ProposalKind::Concession { to } => {
                    game_end.get_or_insert((EndReason::Concession { to: *to }, Vec::new()));
                }
            }
        }
    }
    (events, game_end)
}

/// wm D.VIII.4: adjudicates the counted orders and publishes the results;
/// then the NMRs, the temporary replacements that hand back after a
/// movement phase, and the game's end or the next deadline.
fn publish_adjudication(
    state: &Board,
    position: &Position,
    settings: &Settings,
    movement: bool,
    missing: &[Power],
    now: DateTime<Utc>,
) -> Result<Vec<Recorded>, Refusal> {
    let orders = Power::ALL
        .into_iter()
        .filter_map(|p| state.counted_orders(p).map(|o| (p, o)))
        .collect();
    let adjudicated = position::adjudicate(position, &orders, &settings.abbreviations)
        .map_err(|e| Refusal::invalid(format!("the position could not be adjudicated: {e}")))?;
    let next = adjudicated.next.clone();
    let mut events = vec![by_rule(
        Event::PhaseAdjudicated {
            phase: position.phase.clone(),
            orders,
            results: adjudicated.results,
            nmr: missing.to_vec(),
            next: next.clone(),
        },
        "wm D.VIII.4",
    )];
    // wm D.VII.6.a, c: the NMR'd player's units held; he must contact the GM.
    for p in missing {
        events.push(by_rule(
            Event::NmrRecorded {
                power: *p,
                phase: position.phase.clone(),
                contact_by: contact_period_end(now),
            },
            "wm D.VII.6.c",
        ));
    }
    // wm B.7: temporary replacements whose period is over hand back.
    if movement {
        for (power, seat) in &state.seats {
            if let Some(Replacement {
                period: ReplacementPeriod::Temporary { seasons },
                seasons_served,
                ..
            }) = &seat.replacement
            {
                if seasons_served + 1 >= *seasons {
                    events.push(by_rule(Event::PlayerReturned { power: *power }, "wm B.7"));
                }
            }
        }
    }
    let solo = adjudicated.solo.as_deref().and_then(Power::parse);
    events.push(end_or_next_deadline(state, settings, &next, solo, now));
    Ok(events)
}

/// wm B.3: the game ends on a solo or after the last year; otherwise
/// wm D.VII.4.a: the next phase's deadline, with the queued extensions, out
/// of every unavailability window.
fn end_or_next_deadline(
    state: &Board,
    settings: &Settings,
    next: &Position,
    solo: Option<Power>,
    now: DateTime<Utc>,
) -> Recorded {
    let next_phase = next.parsed_phase();
    let end = if let Some(solo) = solo {
        Some(EndReason::Solo { power: solo })
    } else if next_phase.year > settings.last_year
        || (next_phase.year == settings.last_year && next_phase.season == Season::Winter)
    {
        Some(EndReason::LastYear)
    } else {
        None
    };
    match end {
        Some(reason) => by_rule(
            Event::GameEnded {
                reason,
                centers: next.center_counts(),
                eliminated: Vec::new(),
            },
            "wm B.3",
        ),
        None => {
            let queued: u32 = state.extensions.values().map(|a| a.queued_hours).sum();
            let hours = i64::from(settings.hours_for(next_phase.kind)) + i64::from(queued);
            let deadline = clear_of_windows(now + Duration::hours(hours), state.windows.values());
            by_rule(
                Event::DeadlineSet {
                    phase: next.phase.clone(),
                    deadline,
                },
                "wm D.VII.4.a",
            )
        }
    }
}

fn voter(
    env: &Envelope,
    state: &Board,
    ctx: &Context,
    kind: &ProposalKind,
) -> Result<Option<Power>, Refusal> {
    let user = ctx
        .actor
        .user()
        .ok_or_else(|| Refusal::forbidden("wm D.IX.1", "players vote"))?;
    if let Some(power) = state.power_of(user) {
        let position = state.position.as_ref().expect("started");
        let seat = &state.seats[&power];
        if seat.civil_disorder || !position.survives(power) {
            return Err(Refusal::rule(
                "wm D.IX.1",
                "only players remaining in the game vote",
            ));
        }
        return Ok(Some(power));
    }
    if matches!(kind, ProposalKind::HouseRuleChange { .. }) && env.has_role(user, Role::GameMaster)
    {
        return Ok(None);
    }
    Err(Refusal::forbidden(
        "wm D.IX.1",
        "only players remaining in the game (and the GM on house rules) vote",
    ))
}

fn started(state: &Board) -> Result<&Position, Refusal> {
    if state.result.is_some() {
        return Err(Refusal::conflict("the game has ended"));
    }
    state
        .position
        .as_ref()
        .ok_or_else(|| Refusal::conflict("the game has not been set up"))
}

/// wm D.IX.2: votes are due with the orders; refused once the deadline has
/// passed unless the game accepts orders until adjudication (wm D.VII.3).
fn open_for_votes(state: &Board, now: DateTime<Utc>) -> Result<(), Refusal> {
    let late =
        state.settings.as_ref().map(|s| s.house_rules.late_orders) == Some(LateOrders::Refused);
    if late && state.deadline.is_some_and(|d| now >= d) {
        return Err(Refusal::rule(
            "wm D.IX.2",
            "votes are due with the orders; the deadline has passed",
        ));
    }
    Ok(())
}

/// wm D.IX.3–5: a proposal, put to the vote with this phase's orders.
pub fn propose(
    env: &Envelope,
    state: &Board,
    ctx: &Context,
    kind: &ProposalKind,
) -> Result<Vec<Recorded>, Refusal> {
    let position = started(state)?;
    voter(env, state, ctx, kind)?;
    open_for_votes(state, ctx.now)?;
    match kind {
        ProposalKind::Draw { powers } => {
            if powers.is_empty() || powers.iter().any(|p| !position.survives(*p)) {
                return Err(Refusal::rule(
                    "wm D.IX.4",
                    "a draw includes one or more survivors only",
                ));
            }
        }
        ProposalKind::Concession { to } => {
            if !position.survives(*to) {
                return Err(Refusal::rule(
                    "wm D.IX.3",
                    "a win is conceded to a single surviving player",
                ));
            }
        }
        ProposalKind::HouseRuleChange { house_rules } => house_rules.validate()?,
    }
    if state.proposals.len() >= 100 {
        return Err(Refusal::invalid("too many proposals on this board"));
    }
    Ok(vec![by_rule(
        Event::ProposalMade {
            proposal: Proposal {
                id: super::decide::next_proposal_id(state),
                kind: kind.clone(),
                phase: position.phase.clone(),
                passed: None,
            },
        },
        "wm D.IX.2",
    )])
}

/// wm D.IX.1–2: a secret vote, revisable until the deadline.
pub fn record_vote(
    env: &Envelope,
    state: &Board,
    ctx: &Context,
    id: u32,
    ballot: Ballot,
) -> Result<Vec<Recorded>, Refusal> {
    started(state)?;
    let proposal = open_proposal(state, id)?;
    let power = voter(env, state, ctx, &proposal.kind)?;
    open_for_votes(state, ctx.now)?;
    Ok(vec![by_rule(
        Event::VoteRecorded {
            proposal: id,
            power,
            ballot,
            entered_by: None,
        },
        "wm D.IX.2",
    )])
}

/// wm D.IX.2: a proposal whose vote is still open.
fn open_proposal(state: &Board, id: u32) -> Result<&Proposal, Refusal> {
    let proposal = state
        .proposals
        .iter()
        .find(|p| p.id == id)
        .ok_or_else(|| Refusal::not_found("no such proposal"))?;
    if proposal.passed.is_some() {
        return Err(Refusal::rule(
            "wm D.IX.2",
            "the vote on this proposal has closed",
        ));
    }
    Ok(proposal)
}

/// wm D.VII.1, D.IX.1–2: the GM (checked by the caller) enters the vote a
/// remaining power's player sent; it is that power's ballot, revisable and
/// secret like one the player records, and names the GM who entered it.
pub fn enter_vote(
    state: &Board,
    ctx: &Context,
    power: Power,
    id: u32,
    ballot: Ballot,
) -> Result<Vec<Recorded>, Refusal> {
    let position = started(state)?;
    open_proposal(state, id)?;
    let seat = state
        .seats
        .get(&power)
        .ok_or_else(|| Refusal::not_found("no such power"))?;
    if seat.civil_disorder || !position.survives(power) {
        return Err(Refusal::rule(
            "wm D.IX.1",
            "only players remaining in the game vote",
        ));
    }
    open_for_votes(state, ctx.now)?;
    Ok(vec![by_rule(
        Event::VoteRecorded {
            proposal: id,
            power: Some(power),
            ballot,
            entered_by: ctx.actor.user().cloned(),
        },
        "wm D.IX.2",
    )])
}

/// The contract's schedule: what falls due, and when (see [`crate::rulebook`]).
impl crate::rulebook::Schedule for Board {
    /// wm D.VII the GM adjudicates the board; wm A.3 the TD and the
    /// assistant TDs run a tournament board's clock.
    const CLOCK_OFFICIALS: &'static [Role] = &[
        Role::GameMaster,
        Role::TournamentDirector,
        Role::AssistantTournamentDirector,
    ];

    /// What falls due by `ctx.now`.
    fn tick(&self, _env: &Envelope, ctx: &Context) -> Result<Vec<Ruled<Self::Event>>, Refusal> {
        let state = self;
        let Some(position) = state.position.as_ref() else {
            return Ok(vec![]);
        };
        if state.result.is_some() {
            return Ok(vec![]);
        }
        let now = ctx.now;
        let mut events = Vec::new();
        let mut cd = in_civil_disorder(state);
        for (power, case) in &state.nmrs {
            match case {
                NmrCase::AwaitingContact { contact_by, .. } if now >= *contact_by => {
                    events.push(by_rule(
                        Event::ReplacementProcedureStarted {
                            power: *power,
                            replace_by: contact_period_end(now),
                        },
                        "wm D.VII.6.a",
                    ));
                }
                NmrCase::ReplacementSought { replace_by } if now >= *replace_by => {
                    cd.insert(*power);
                    events.push(by_rule(Event::CivilDisorder { power: *power }, "wm B.8.f"));
                }
                _ => {}
            }
        }
        if state.withheld {
            return Ok(events);
        }
        let at_deadline = state.deadline.is_some_and(|d| now >= d);
        let early = early_from(state, position).is_some_and(|from| now >= from)
            && !state.windows.values().any(|w| w.contains(now));
        if at_deadline || early {
            events.extend(adjudicate_phase(state, position, &cd, now, at_deadline)?);
        }
        Ok(events)
    }

    fn next_due(&self) -> Option<DateTime<Utc>> {
        next_due(self)
    }
}
