//! What falls due with time: vote completion at the end of the UK day
//! (nomic 113) with its points (nomic 203, 205, 207) and effect (nomic 206),
//! the switch to simple majority after two circuits (nomic 204), and the
//! windows of Judgements (nomic 214). The schedules `nomic-end-of-day` and
//! `deadline-sweep` run the kind's `Rulebook::tick`; every command catches up first too,
//! so a decision never sees a stale state.

use super::enactment;
use super::judgement::Opinion;
use super::proposal::{proposer_points, ProposalStatus, Tally, Threshold, Vote};
use super::record::Recorder;
use super::state::Nomic;
use super::turns::{end_of_uk_date, preceding_player, serving_date, uk_date, AllocatedDay};
use super::vocabulary::Event;
use super::winner;
use crate::envelope::Context;
use crate::envelope::Envelope;
use crate::envelope::Ruled;
use crate::refusal::Refusal;
use chrono::{DateTime, Utc};

/// Something the clock makes due; at one instant, in this order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Due {
    /// nomic 215: an undisputed Judgement carrying a finding is invoked; it
    /// comes first, as 215 "takes precedence over every other rule
    /// determining the winner".
    Finding(u32),
    /// nomic 113: the vote on a proposal completes.
    VoteCompletes(u32),
    /// nomic 204: adoption becomes a simple majority.
    MajoritySwitch,
    /// nomic 214: a Point of Order's window or Judge's day ends.
    PointOfOrder(u32),
}

/// The earliest thing due, with its instant. At one instant, Judgements
/// whose finding wins the game under nomic 215 come first; then votes
/// complete before the switch to majority (a vote completing at the end of
/// the second circuit is still counted under unanimity), then the other
/// Points of Order.
fn earliest(state: &Nomic) -> Option<(DateTime<Utc>, Due)> {
    if state.winner.is_some() {
        return None;
    }
    let votes = state
        .proposals
        .iter()
        .filter(|p| p.status == ProposalStatus::Voting)
        .map(|p| (p.closes_at, Due::VoteCompletes(p.number)));
    let switch = state.majority_from.map(|t| (t, Due::MajoritySwitch));
    let points = state.points_of_order.iter().filter_map(|p| {
        let wins = p
            .judgement
            .as_ref()
            .is_some_and(|j| j.finding.is_some() && j.disputed_at.is_none());
        p.due().map(|t| {
            if wins {
                (t, Due::Finding(p.id))
            } else {
                (t, Due::PointOfOrder(p.id))
            }
        })
    });
    votes.chain(switch).chain(points).min()
}

/// The next instant a schedule must act.
pub fn next_due(state: &Nomic) -> Option<DateTime<Utc>> {
    earliest(state).map(|(t, _)| t)
}

/// Decides, in order, everything that has fallen due by `rec.now`.
pub fn catch_up(rec: &mut Recorder) {
    // Each step removes what it handled, so this ends; the bound is a guard.
    for _ in 0..10_000 {
        let Some((at, due)) = earliest(&rec.state) else {
            return;
        };
        if at > rec.now {
            return;
        }
        match due {
            Due::VoteCompletes(n) => complete_vote(rec, n, at),
            Due::MajoritySwitch => {
                rec.emit(Event::AdoptionBecameSimpleMajority { at }, "nomic 204")
            }
            Due::Finding(id) | Due::PointOfOrder(id) => point_of_order_due(rec, id, at),
        }
    }
}

/// nomic 113, 104, 111, 204, 203, 205, 207, 206: the vote on proposal `n`
/// completes at `at`, the end of the UK day it was submitted.
fn complete_vote(rec: &mut Recorder, n: u32, at: DateTime<Utc>) {
    let Some(p) = rec.state.proposal(n).cloned() else {
        return;
    };
    let tally = Tally::of(&p.votes, rec.state.players.keys());
    let (threshold, clause) = if p.needs_all_eligible {
        (Threshold::UnanimityOfEligibleVoters, "nomic 111")
    } else {
        (rec.state.threshold, "nomic 204")
    };
    let adopted = tally.adopts(threshold);
    // nomic 203: R is the highest numbered rule existing when the vote
    // completes, before this change takes effect.
    let highest = rec.state.rules.current.highest_number();
    rec.emit(
        Event::VotingCompleted {
            proposal: n,
            tally,
            threshold,
            adopted,
            at,
        },
        clause,
    );
    if tally.cast() > 0 {
        rec.points(
            &p.proposer,
            proposer_points(highest, &tally),
            n,
            at,
            "nomic 203",
        );
    }
    if adopted {
        // nomic 205: once adoption no longer needs unanimity.
        if rec.state.threshold == Threshold::SimpleMajority {
            for (voter, _) in p.votes.iter().filter(|(_, v)| **v == Vote::No) {
                rec.points(voter, rec.state.settings.dissent_bonus, n, at, "nomic 205");
            }
        }
        let pending = rec
            .state
            .points_of_order
            .iter()
            .any(|po| po.proposal == Some(n) && po.active());
        if !pending {
            take_effect(rec, n, at, "nomic 206");
        }
    } else {
        rec.points(
            &p.proposer,
            -rec.state.settings.defeat_penalty,
            n,
            at,
            "nomic 207",
        );
    }
}

/// nomic 206 (or 214): the change takes effect at `at`, or lapses when it
/// can no longer be made (nomic 103, 116, 211).
fn take_effect(rec: &mut Recorder, n: u32, at: DateTime<Utc>, clause: &str) {
    let Some(p) = rec.state.proposal(n) else {
        return;
    };
    match enactment::revise(
        &rec.state.rules.current,
        p,
        at,
        rec.state.settings.mutable_rule_cap,
    ) {
        Ok(_) => rec.emit(Event::RuleChangeTookEffect { proposal: n, at }, clause),
        Err(e) => rec.emit(
            Event::RuleChangeLapsed {
                proposal: n,
                reason: e.detail,
                at,
            },
            e.clause,
        ),
    }
}

/// nomic 214: an adopted change waiting for Judgements takes effect once
/// every related Judgement is invoked.
pub fn settle_awaiting(rec: &mut Recorder, at: DateTime<Utc>) {
    let ready: Vec<u32> = rec
        .state
        .proposals
        .iter()
        .filter(|p| p.status == ProposalStatus::AwaitingJudgement)
        .filter(|p| {
            !rec.state
                .points_of_order
                .iter()
                .any(|po| po.proposal == Some(p.number) && po.active())
        })
        .map(|p| p.number)
        .collect();
    for n in ready {
        take_effect(rec, n, at, "nomic 214");
    }
}

/// nomic 214: the Judgement comes into effect, and so may changes waiting
/// for it; nomic 215: a finding in it makes the mover the winner.
pub fn invoke(rec: &mut Recorder, point: u32, at: DateTime<Utc>) {
    rec.emit(Event::JudgementInvoked { point, at }, "nomic 214");
    winner::win_by_finding(rec, point);
    settle_awaiting(rec, at);
}

/// nomic 214: the Judge of `point` hands over at `at` to the player
/// preceding them, skipping the player whose day the new Judge serves on.
pub fn replace_judge(rec: &mut Recorder, point: u32, at: DateTime<Utc>, overruled: bool) {
    let Some(po) = rec.state.point_of_order(point) else {
        return;
    };
    let judge = po.judge.clone();
    let serving = serving_date(uk_date(at));
    let judge_day = rec
        .state
        .players
        .get(&judge)
        .or_else(|| rec.state.forfeited.get(&judge))
        .copied();
    let new_judge = judge_day
        .and_then(|d| preceding_player(&rec.state.players, d, AllocatedDay::of(serving)))
        .unwrap_or_else(|| judge.clone());
    rec.emit(
        Event::JudgeReplaced {
            point,
            judge,
            new_judge,
            overruled,
            judge_until: end_of_uk_date(serving),
            at,
        },
        "nomic 214",
    );
}

fn point_of_order_due(rec: &mut Recorder, id: u32, at: DateTime<Utc>) {
    let Some(po) = rec.state.point_of_order(id) else {
        return;
    };
    match &po.judgement {
        // nomic 214: "If the Judge has not invoked Judgement by the end of
        // the day, they forfeit their position".
        None => replace_judge(rec, id, at, false),
        // nomic 214: "If no one disputes the decision within an hour".
        Some(j) if j.disputed_at.is_none() => invoke(rec, id, at),
        // An agreement would already have invoked it; so everyone who spoke
        // within the hour from the dispute disagreed: overruled.
        Some(j) => {
            debug_assert!(!j.opinions.values().any(|o| *o == Opinion::Agree));
            replace_judge(rec, id, at, true)
        }
    }
}

/// The contract's schedule: what falls due, and when (see [`crate::rulebook`]).
impl crate::rulebook::Schedule for Nomic {
    /// Vote completion at the end of the UK day (nomic 113), the switch to
    /// simple majority (nomic 204), Judgement windows and Judges' days
    /// (nomic 214).
    fn tick(&self, _env: &Envelope, ctx: &Context) -> Result<Vec<Ruled<Self::Event>>, Refusal> {
        let mut rec = Recorder::new(self, ctx.now);
        catch_up(&mut rec);
        Ok(rec.out)
    }

    fn next_due(&self) -> Option<DateTime<Utc>> {
        next_due(self)
    }
}
