//! The state of one Nomic game and how events fold into it.

use super::enactment;
use super::group::Chat;
use super::judgement::{Judgement, PointOfOrder};
use super::proposal::{Proposal, ProposalStatus, RuleChange, Threshold, FIRST_PROPOSAL_NUMBER};
use super::rulebook::{Revision, RuleBook};
use super::settings::Settings;
use super::turns::{end_of_circuit, AllocatedDay};
use super::vocabulary::Event;
use crate::envelope::UserId;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One line of the points thread (nomic 209): `150 (+4)`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PointsEntry {
    pub player: UserId,
    pub change: i64,
    pub total: i64,
    pub proposal: u32,
    pub at: DateTime<Utc>,
}

impl PointsEntry {
    /// nomic 209: the new total followed by the change in parenthesis.
    pub fn line(&self) -> String {
        points_line(self.total, self.change)
    }
}

/// nomic 209's form: "their new total followed by the change in parenthesis",
/// e.g. `150 (+4)`. The points thread and the notices both write it.
pub fn points_line(total: i64, change: i64) -> String {
    format!("{total} ({change:+})")
}

/// The rules state of a Nomic game.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Nomic {
    /// Every version of the rule book.
    pub rules: RuleBook,
    /// nomic 201: each player's allocated day.
    pub players: BTreeMap<UserId, AllocatedDay>,
    /// nomic 201: scores start at zero.
    pub points: BTreeMap<UserId, i64>,
    /// nomic 209: the points thread.
    pub points_thread: Vec<PointsEntry>,
    pub begun_at: Option<DateTime<Utc>>,
    /// The game's numbers, fixed when it begins.
    pub settings: Settings,
    /// The record id of rule 204 when the game began: amending it before
    /// the end of the second circuit stops the switch to a majority.
    pub adoption_rule_id: Option<String>,
    /// nomic 204: when adoption becomes a simple majority, unless 204 is
    /// amended first.
    pub majority_from: Option<DateTime<Utc>>,
    /// nomic 204: what adoption needs now.
    pub threshold: Threshold,
    /// Proposals in order of number, from 301 (nomic 109).
    pub proposals: Vec<Proposal>,
    /// Points of Order in order raised, from 1 (nomic 214).
    pub points_of_order: Vec<PointOfOrder>,
    /// nomic 115: players who forfeited, with the day they held.
    #[serde(default)]
    pub forfeited: BTreeMap<UserId, AllocatedDay>,
    /// nomic 210: the first player to achieve 200 points.
    pub winner: Option<UserId>,
    /// The group the game is played in, for its chat bot.
    #[serde(default, skip_serializing_if = "Chat::is_empty")]
    pub chat: Chat,
}

impl Nomic {
    /// nomic 109: the number the next proper proposal receives.
    pub fn next_number(&self) -> u32 {
        FIRST_PROPOSAL_NUMBER + self.proposals.len() as u32
    }

    pub fn proposal(&self, number: u32) -> Option<&Proposal> {
        let i = number.checked_sub(FIRST_PROPOSAL_NUMBER)? as usize;
        self.proposals.get(i)
    }

    fn proposal_mut(&mut self, number: u32) -> Option<&mut Proposal> {
        let i = number.checked_sub(FIRST_PROPOSAL_NUMBER)? as usize;
        self.proposals.get_mut(i)
    }

    pub fn point_of_order(&self, id: u32) -> Option<&PointOfOrder> {
        self.points_of_order.get(id.checked_sub(1)? as usize)
    }

    fn point_of_order_mut(&mut self, id: u32) -> Option<&mut PointOfOrder> {
        self.points_of_order.get_mut(id.checked_sub(1)? as usize)
    }

    /// The player acting in `ctx`, if they have a seat (nomic 201).
    pub fn seated(&self, ctx: &crate::envelope::Context) -> Option<UserId> {
        ctx.actor
            .user()
            .filter(|u| self.players.contains_key(*u))
            .cloned()
    }

    /// nomic 105: the eligible voters, every player.
    pub fn eligible_voters(&self) -> u32 {
        self.players.len() as u32
    }

    /// The rule book as it stood at `at` (every version stays readable).
    pub fn rule_book_at(&self, at: DateTime<Utc>) -> Option<super::rulebook::RuleBookExport> {
        self.rules.as_of(at)
    }
}

/// Folds an event into the state; total, never refuses. Each event goes to
/// its topic's fold, every variant named, so that a new event cannot fall
/// through unfolded.
pub fn apply(state: &mut Nomic, event: &Event, at: DateTime<Utc>) {
    match event {
        Event::RulesImported { .. }
        | Event::PlayerSeated { .. }
        | Event::GameBegun { .. }
        | Event::PlayerForfeited { .. } => apply_players(state, event, at),
        Event::ProposalSubmitted { .. }
        | Event::VoteCast { .. }
        | Event::VotingCompleted { .. }
        | Event::RuleChangeTookEffect { .. }
        | Event::RuleChangeLapsed { .. }
        | Event::AdoptionBecameSimpleMajority { .. } => apply_proposals(state, event),
        Event::PointsChanged { .. }
        | Event::GameWon { .. }
        | Event::PlayDeclaredImpossible { .. } => apply_points(state, event),
        Event::PointOfOrderRaised { .. }
        | Event::JudgementInvoked { .. }
        | Event::JudgeReplaced { .. } => apply_points_of_order(state, event),
        Event::JudgementPronounced { .. }
        | Event::JudgementDisputed { .. }
        | Event::OpinionExpressed { .. } => apply_judgements(state, event),
        Event::ThreadsLinked { .. }
        | Event::ChatAccountLinked { .. }
        | Event::MessageNoted { .. } => apply_chat(&mut state.chat, event),
    }
}

/// The Initial Set imported (nomic 101), players seated on their days
/// (201), the game begun with its numbers (201, 204), and forfeits (115).
fn apply_players(state: &mut Nomic, event: &Event, at: DateTime<Utc>) {
    match event {
        Event::RulesImported { rules } => state.rules = RuleBook::import(rules.clone(), at),
        Event::PlayerSeated { player, day } => {
            state.players.insert(player.clone(), *day);
            state.points.entry(player.clone()).or_insert(0);
        }
        Event::GameBegun { at, settings } => {
            state.begun_at = Some(*at);
            state.settings = *settings;
            for p in state.points.values_mut() {
                *p = settings.starting_points;
            }
            let days: Vec<AllocatedDay> = state.players.values().copied().collect();
            state.majority_from = end_of_circuit(*at, &days, settings.circuits_before_majority);
            state.adoption_rule_id = state.rules.current.find(204).map(|r| r.id.to_owned());
        }
        Event::PlayerForfeited { player, .. } => {
            if let Some(day) = state.players.remove(player) {
                state.forfeited.insert(player.clone(), day);
            }
        }
        _ => unreachable!("apply sends the game's players only"),
    }
}

/// Proposals (nomic 107, 109), votes and their completion (113), the
/// change taking effect (206) or lapsing, and adoption by simple majority
/// (204).
fn apply_proposals(state: &mut Nomic, event: &Event) {
    match event {
        Event::ProposalSubmitted {
            number,
            proposer,
            change,
            at,
            closes_at,
            target_id,
            needs_all_eligible,
        } => state.proposals.push(Proposal {
            number: *number,
            proposer: proposer.clone(),
            change: change.clone(),
            submitted_at: *at,
            closes_at: *closes_at,
            target_id: target_id.clone(),
            needs_all_eligible: *needs_all_eligible,
            votes: BTreeMap::new(),
            status: ProposalStatus::Voting,
            tally: None,
            took_effect_at: None,
        }),
        Event::VoteCast {
            proposal,
            player,
            vote,
        } => {
            if let Some(p) = state.proposal_mut(*proposal) {
                p.votes.entry(player.clone()).or_insert(*vote);
            }
        }
        Event::VotingCompleted {
            proposal,
            tally,
            adopted,
            ..
        } => {
            if let Some(p) = state.proposal_mut(*proposal) {
                p.tally = Some(*tally);
                p.status = if *adopted {
                    ProposalStatus::AwaitingJudgement
                } else {
                    ProposalStatus::Defeated
                };
            }
        }
        Event::RuleChangeTookEffect { proposal, at } => take_effect(state, *proposal, *at),
        Event::RuleChangeLapsed { proposal, .. } => {
            if let Some(p) = state.proposal_mut(*proposal) {
                p.status = ProposalStatus::Lapsed;
            }
        }
        Event::AdoptionBecameSimpleMajority { .. } => {
            state.threshold = Threshold::SimpleMajority;
            state.majority_from = None;
        }
        _ => unreachable!("apply sends proposals and votes only"),
    }
}

/// The points thread (nomic 209) and the winner (210, 215).
fn apply_points(state: &mut Nomic, event: &Event) {
    match event {
        Event::PointsChanged {
            player,
            change,
            total,
            proposal,
            at,
        } => {
            state.points.insert(player.clone(), *total);
            state.points_thread.push(PointsEntry {
                player: player.clone(),
                change: *change,
                total: *total,
                proposal: *proposal,
                at: *at,
            });
        }
        Event::GameWon { player, .. } => {
            if state.winner.is_none() {
                state.winner = Some(player.clone());
            }
        }
        // nomic 215: recorded for the log; the win follows as its own event.
        Event::PlayDeclaredImpossible { .. } => {}
        _ => unreachable!("apply sends points and the winner only"),
    }
}

/// nomic 214: a Point of Order raised, its Judge replaced, and its
/// Judgement invoked.
fn apply_points_of_order(state: &mut Nomic, event: &Event) {
    match event {
        Event::PointOfOrderRaised {
            point,
            player,
            statement,
            proposal,
            judge,
            judge_until,
            at,
        } => state.points_of_order.push(PointOfOrder {
            id: *point,
            raised_by: player.clone(),
            statement: statement.clone(),
            proposal: *proposal,
            raised_at: *at,
            judge: judge.clone(),
            judge_until: *judge_until,
            former_judges: vec![],
            judgement: None,
            invoked_at: None,
        }),
        Event::JudgementInvoked { point, at } => {
            if let Some(p) = state.point_of_order_mut(*point) {
                p.invoked_at = Some(*at);
            }
        }
        Event::JudgeReplaced {
            point,
            judge,
            new_judge,
            judge_until,
            ..
        } => {
            if let Some(p) = state.point_of_order_mut(*point) {
                p.former_judges.push(judge.clone());
                p.judge = new_judge.clone();
                p.judge_until = *judge_until;
                p.judgement = None;
            }
        }
        _ => unreachable!("apply sends Points of Order only"),
    }
}

/// nomic 214: a Judgement pronounced, disputed, and the other players'
/// opinions on it.
fn apply_judgements(state: &mut Nomic, event: &Event) {
    match event {
        Event::JudgementPronounced {
            point,
            judge,
            decision,
            at,
            finding,
            mover,
        } => {
            if let Some(p) = state.point_of_order_mut(*point) {
                p.judgement = Some(Judgement {
                    judge: judge.clone(),
                    decision: decision.clone(),
                    pronounced_at: *at,
                    finding: *finding,
                    mover: mover.clone(),
                    disputed_by: None,
                    disputed_at: None,
                    opinions: BTreeMap::new(),
                });
            }
        }
        Event::JudgementDisputed { point, player, at } => {
            if let Some(j) = state
                .point_of_order_mut(*point)
                .and_then(|p| p.judgement.as_mut())
            {
                j.disputed_by = Some(player.clone());
                j.disputed_at = Some(*at);
            }
        }
        Event::OpinionExpressed {
            point,
            player,
            opinion,
        } => {
            if let Some(j) = state
                .point_of_order_mut(*point)
                .and_then(|p| p.judgement.as_mut())
            {
                j.opinions.entry(player.clone()).or_insert(*opinion);
            }
        }
        _ => unreachable!("apply sends Judgements only"),
    }
}

/// nomic 206, 108: the change rewrites the rule book from `at`, never before.
fn take_effect(state: &mut Nomic, number: u32, at: DateTime<Utc>) {
    let Some(p) = state.proposal(number).cloned() else {
        return;
    };
    if let Ok(rules) = enactment::revise(
        &state.rules.current,
        &p,
        at,
        state.settings.mutable_rule_cap,
    ) {
        // nomic 204: amending (or repealing) 204 before the end of the second
        // circuit keeps unanimity.
        if let (Some(id), Some(from)) = (&state.adoption_rule_id, state.majority_from) {
            let amends = matches!(
                p.change,
                RuleChange::Amend { .. } | RuleChange::Repeal { .. }
            );
            if amends && p.target_id.as_ref() == Some(id) && rules.contains_key(id) && at <= from {
                state.majority_from = None;
            }
        }
        if !rules.is_empty() {
            state.rules.revise(Revision {
                at,
                proposal: number,
                rules,
            });
        }
    }
    if let Some(p) = state.proposal_mut(number) {
        p.status = ProposalStatus::InEffect;
        p.took_effect_at = Some(at);
    }
}

/// The group's threads, its players' accounts and its noted messages.
fn apply_chat(chat: &mut Chat, event: &Event) {
    match event {
        Event::ThreadsLinked { threads } => chat.threads = Some(threads.clone()),
        Event::ChatAccountLinked {
            player,
            account,
            code,
        } => {
            chat.accounts.retain(|_, p| p != player);
            chat.accounts.insert(account.clone(), player.clone());
            chat.used_codes.insert(code.clone());
        }
        Event::MessageNoted { message, noted } => {
            chat.messages.insert(message.clone(), *noted);
        }
        _ => unreachable!("apply sends the group's events only"),
    }
}
