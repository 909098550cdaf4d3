//! The tournament's governing body (wm A.2–A.7): the TD, up to two
//! assistant TDs and a TMC of five to eight. TMC decisions bind when at
//! least two thirds of the sitting body vote, the sitting body being the
//! TMC and the assistant TDs except one standing in as TD (A.6); the TD
//! votes only to break a tie. House-rule changes need the TD's approval; the
//! TMC overrides a veto by a two-thirds majority with three quarters of the
//! sitting body voting (A.7). Appeals reach the TMC through the TD (A.3.v).
//!
//! Ballots are secret to their voter; the count is published at the close.

use crate::diplomacy::tournament::Recorded;
use crate::envelope::{Context, Envelope, Role, UserId};
use crate::refusal::Refusal;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// wm A.2: the TMC has between 5 and 8 members.
pub const TMC_SIZE: std::ops::RangeInclusive<usize> = 5..=8;

/// wm A.2: at most two assistant TDs.
pub const MAX_ASSISTANTS: usize = 2;

/// What the TMC is asked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "motion", rename_all = "kebab-case")]
pub enum MotionKind {
    /// wm A.5, A.6: a game-specific issue to arbitrate.
    Decision { question: String },
    /// wm A.3.v, D.I.2.a: a dispute between a player and a GM that the TD
    /// could not resolve.
    Appeal {
        appellant: UserId,
        /// The GM of the board in dispute, a party too (wm D.I.2.a).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        gm: Option<UserId>,
        matter: String,
    },
    /// wm A.7: a change or revision to the house rules.
    HouseRuleChange { change: String },
    /// wm A.7: overriding the TD's veto of motion `of`.
    Override { of: u32 },
}

/// A TMC ballot: yes or no (an abstainer simply does not vote).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[schemars(rename = "WorldMastersBallot")]
pub enum Ballot {
    Yes,
    No,
}

/// How a motion ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// wm A.6: fewer than two thirds of the sitting body voted (A.7: three
    /// quarters, for an override).
    NotBinding,
    Passed,
    Rejected,
    /// wm A.7: the TMC adopted a house-rule change; the TD must approve it.
    AwaitingTd,
    Approved,
    Vetoed,
    /// wm A.7: the TMC overrode the TD's veto.
    Overridden,
}

/// The published count of a closed motion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Count {
    pub sitting: usize,
    pub yes: usize,
    pub no: usize,
    /// wm A.6: the TD's tie-breaking vote, when there was a tie.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub td_tie_break: Option<Ballot>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Motion {
    pub id: u32,
    #[serde(flatten)]
    pub kind: MotionKind,
    pub opened_by: UserId,
    /// Secret: each voter reads only their own (see the view).
    pub ballots: BTreeMap<UserId, Ballot>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<Count>,
    /// wm D.I.2.a: the parties who agree the TMC answered the proper and
    /// specific question; the ruling binds them once all have.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub question_accepted_by: BTreeSet<UserId>,
}

impl Motion {
    /// wm D.I.2.a: an appeal's parties: the player and the GM.
    pub fn parties(&self) -> Vec<&UserId> {
        match &self.kind {
            MotionKind::Appeal { appellant, gm, .. } => {
                std::iter::once(appellant).chain(gm).collect()
            }
            _ => vec![],
        }
    }

    /// wm A.6, D.I.2.a: whether the decision binds: decided with the quorum
    /// and, for an appeal, the question accepted by both parties.
    pub fn binding(&self) -> bool {
        matches!(
            self.outcome,
            Some(Outcome::Passed | Outcome::Rejected | Outcome::Approved | Outcome::Overridden)
        ) && self
            .parties()
            .iter()
            .all(|p| self.question_accepted_by.contains(*p))
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "governance", rename_all = "kebab-case")]
pub enum GovernanceEvent {
    MotionOpened {
        motion: Motion,
    },
    /// Secret to the voter (and redacted from the log for everyone else).
    TmcVoteRecorded {
        motion: u32,
        voter: UserId,
        ballot: Ballot,
    },
    MotionClosed {
        motion: u32,
        outcome: Outcome,
        count: Count,
    },
    /// wm A.7: the TD approved or vetoed an adopted change.
    ChangeRuled {
        motion: u32,
        outcome: Outcome,
    },
    /// wm D.I.2.a: a party agrees the TMC answered the proper question.
    QuestionAccepted {
        motion: u32,
        party: UserId,
    },
}

pub fn apply(motions: &mut Vec<Motion>, event: &GovernanceEvent) {
    match event {
        GovernanceEvent::MotionOpened { motion } => motions.push(motion.clone()),
        GovernanceEvent::TmcVoteRecorded {
            motion,
            voter,
            ballot,
        } => {
            if let Some(m) = find_mut(motions, *motion) {
                m.ballots.insert(voter.clone(), *ballot);
            }
        }
        GovernanceEvent::MotionClosed {
            motion,
            outcome,
            count,
        } => {
            if let Some(m) = find_mut(motions, *motion) {
                m.outcome = Some(*outcome);
                m.count = Some(*count);
            }
        }
        GovernanceEvent::ChangeRuled { motion, outcome } => {
            if let Some(m) = find_mut(motions, *motion) {
                m.outcome = Some(*outcome);
            }
        }
        GovernanceEvent::QuestionAccepted { motion, party } => {
            if let Some(m) = find_mut(motions, *motion) {
                m.question_accepted_by.insert(party.clone());
            }
        }
    }
}

fn find_mut(motions: &mut [Motion], id: u32) -> Option<&mut Motion> {
    motions.iter_mut().find(|m| m.id == id)
}

fn find(motions: &[Motion], id: u32) -> Result<&Motion, Refusal> {
    motions
        .iter()
        .find(|m| m.id == id)
        .ok_or_else(|| Refusal::not_found(format!("no motion {id}")))
}

fn rec(event: GovernanceEvent, clause: &'static str) -> Recorded {
    Recorded::by_rule(super::event::Event::Governance(event), clause)
}

/// Who decides for the TD now: an assistant standing in, or the TD.
pub fn is_td(env: &Envelope, acting: Option<&UserId>, user: &UserId) -> bool {
    match acting {
        Some(a) => a == user,
        None => env.has_role(user, Role::TournamentDirector),
    }
}

/// wm A.6: the sitting body: the TMC and the assistant TDs, except an
/// assistant standing in as TD.
pub fn sitting_body(env: &Envelope, acting: Option<&UserId>) -> Vec<UserId> {
    let mut body: Vec<UserId> = env
        .holders(Role::TmcMember)
        .chain(env.holders(Role::AssistantTournamentDirector))
        .filter(|u| Some(*u) != acting)
        .cloned()
        .collect();
    body.sort();
    body.dedup();
    body
}

fn actor(ctx: &Context) -> Result<&UserId, Refusal> {
    ctx.actor
        .user()
        .ok_or_else(|| Refusal::forbidden("wm A.6", "motions are people's business"))
}

/// Opens a motion: the TD brings appeals (A.3.v) and may put any issue;
/// TMC members put issues and house-rule changes (A.5, A.7).
pub fn open(
    env: &Envelope,
    motions: &[Motion],
    acting: Option<&UserId>,
    ctx: &Context,
    kind: &MotionKind,
) -> Result<Vec<Recorded>, Refusal> {
    let who = actor(ctx)?;
    let td = is_td(env, acting, who);
    let member = env.has_role(who, Role::TmcMember);
    let (clause, allowed) = match kind {
        MotionKind::Appeal { .. } => ("wm A.3.v", td),
        MotionKind::Decision { .. } => ("wm A.5", td || member),
        MotionKind::HouseRuleChange { .. } | MotionKind::Override { .. } => ("wm A.7", member),
    };
    if !allowed {
        return Err(Refusal::forbidden(
            clause,
            match kind {
                MotionKind::Appeal { .. } => "appeals reach the TMC through the TD",
                MotionKind::Decision { .. } => "the TD or a TMC member puts an issue to the TMC",
                _ => "house-rule changes and overrides come from the TMC",
            },
        ));
    }
    let text = match kind {
        MotionKind::Decision { question: t }
        | MotionKind::Appeal { matter: t, .. }
        | MotionKind::HouseRuleChange { change: t } => Some(t),
        MotionKind::Override { .. } => None,
    };
    if text.is_some_and(|t| t.trim().is_empty() || t.chars().count() > 5000) {
        return Err(Refusal::invalid("a motion's text is 1 to 5000 characters"));
    }
    if let MotionKind::Override { of } = kind {
        let vetoed = find(motions, *of)?;
        if vetoed.outcome != Some(Outcome::Vetoed) {
            return Err(Refusal::rule(
                "wm A.7",
                format!("motion {of} is not a house-rule change the TD vetoed"),
            ));
        }
        if motions
            .iter()
            .any(|m| m.kind == *kind && m.outcome != Some(Outcome::NotBinding))
        {
            return Err(Refusal::rule(
                "wm A.7",
                format!("motion {of}'s veto has already been put to an override"),
            ));
        }
    }
    let members = env.holders(Role::TmcMember).count();
    if !TMC_SIZE.contains(&members) {
        return Err(Refusal::rule(
            "wm A.2",
            format!("the TMC has between 5 and 8 members; it has {members}"),
        ));
    }
    Ok(vec![rec(
        GovernanceEvent::MotionOpened {
            motion: Motion {
                id: motions.len() as u32 + 1,
                kind: kind.clone(),
                opened_by: who.clone(),
                ballots: BTreeMap::new(),
                outcome: None,
                count: None,
                question_accepted_by: BTreeSet::new(),
            },
        },
        "wm A.6",
    )])
}

/// wm A.6: a member of the sitting body votes; a vote may be changed until
/// the motion closes. The TD does not vote here (only to break a tie).
pub fn vote(
    env: &Envelope,
    motions: &[Motion],
    acting: Option<&UserId>,
    ctx: &Context,
    id: u32,
    ballot: Ballot,
) -> Result<Vec<Recorded>, Refusal> {
    let who = actor(ctx)?;
    let motion = find(motions, id)?;
    if motion.outcome.is_some() {
        return Err(Refusal::rule("wm A.6", format!("motion {id} is closed")));
    }
    if !sitting_body(env, acting).contains(who) {
        return Err(Refusal::forbidden(
            "wm A.6",
            "only the sitting body (the TMC and the assistant TDs not standing in as TD) votes",
        ));
    }
    Ok(vec![rec(
        GovernanceEvent::TmcVoteRecorded {
            motion: id,
            voter: who.clone(),
            ballot,
        },
        "wm A.6",
    )])
}

/// The TD closes a motion: binding only with the quorum; a tie needs the
/// TD's tie-breaking vote (A.6); an override needs three quarters voting
/// and two thirds in favour (A.7).
pub fn close(
    env: &Envelope,
    motions: &[Motion],
    acting: Option<&UserId>,
    ctx: &Context,
    id: u32,
    tie_break: Option<Ballot>,
) -> Result<Vec<Recorded>, Refusal> {
    let who = actor(ctx)?;
    if !is_td(env, acting, who) {
        return Err(Refusal::forbidden("wm A.6", "the TD closes TMC votes"));
    }
    let motion = find(motions, id)?;
    if motion.outcome.is_some() {
        return Err(Refusal::rule("wm A.6", format!("motion {id} is closed")));
    }
    let mut count = tally(motion, &sitting_body(env, acting));
    let (outcome, clause) = motion_outcome(motion, id, &mut count, tie_break)?;
    if tie_break.is_some() && count.td_tie_break.is_none() {
        return Err(Refusal::rule("wm A.6", "the TD votes only to break a tie"));
    }
    Ok(closing_events(motion, id, outcome, count, clause))
}

/// The count of a motion's ballots cast by the sitting `body`.
fn tally(motion: &Motion, body: &[UserId]) -> Count {
    // Ballots of people who have since left the sitting body do not count.
    let cast: Vec<Ballot> = motion
        .ballots
        .iter()
        .filter(|(voter, _)| body.contains(voter))
        .map(|(_, b)| *b)
        .collect();
    let yes = cast.iter().filter(|b| **b == Ballot::Yes).count();
    let no = cast.len() - yes;
    let sitting = body.len();
    Count {
        sitting,
        yes,
        no,
        td_tie_break: None,
    }
}

/// A counted motion's outcome and the clause deciding it; records the TD's
/// tie-breaking vote in `count` when one is needed (wm A.6).
fn motion_outcome(
    motion: &Motion,
    id: u32,
    count: &mut Count,
    tie_break: Option<Ballot>,
) -> Result<(Outcome, &'static str), Refusal> {
    let (sitting, yes, no) = (count.sitting, count.yes, count.no);
    let voted = yes + no;
    Ok(if let MotionKind::Override { .. } = motion.kind {
        // wm A.7: at least 3/4 of the sitting body vote; 2/3 of them in favour.
        if 4 * voted < 3 * sitting {
            (Outcome::NotBinding, "wm A.7")
        } else if 3 * yes >= 2 * voted {
            (Outcome::Overridden, "wm A.7")
        } else {
            (Outcome::Rejected, "wm A.7")
        }
    } else if 3 * voted < 2 * sitting {
        (Outcome::NotBinding, "wm A.6")
    } else {
        let passed = match yes.cmp(&no) {
            std::cmp::Ordering::Greater => true,
            std::cmp::Ordering::Less => false,
            // wm A.3.iii, A.6: the TD breaks a tie.
            std::cmp::Ordering::Equal => {
                let Some(b) = tie_break else {
                    return Err(Refusal::rule(
                        "wm A.6",
                        format!("the vote on motion {id} is tied {yes}-{no}: the TD casts the tie-breaking vote"),
                    ));
                };
                count.td_tie_break = Some(b);
                b == Ballot::Yes
            }
        };
        match (passed, &motion.kind) {
            (true, MotionKind::HouseRuleChange { .. }) => (Outcome::AwaitingTd, "wm A.7"),
            (true, _) => (Outcome::Passed, "wm A.6"),
            (false, _) => (Outcome::Rejected, "wm A.6"),
        }
    })
}

/// The motion's closing; an override that carries also rules on the change
/// it overrode (wm A.7).
fn closing_events(
    motion: &Motion,
    id: u32,
    outcome: Outcome,
    count: Count,
    clause: &'static str,
) -> Vec<Recorded> {
    let mut events = vec![rec(
        GovernanceEvent::MotionClosed {
            motion: id,
            outcome,
            count,
        },
        clause,
    )];
    if let (Outcome::Overridden, MotionKind::Override { of }) = (outcome, &motion.kind) {
        events.push(rec(
            GovernanceEvent::ChangeRuled {
                motion: *of,
                outcome: Outcome::Overridden,
            },
            "wm A.7",
        ));
    }
    events
}

/// wm A.7: the TD approves or vetoes a house-rule change the TMC adopted.
pub fn rule_on_change(
    env: &Envelope,
    motions: &[Motion],
    acting: Option<&UserId>,
    ctx: &Context,
    id: u32,
    approve: bool,
) -> Result<Vec<Recorded>, Refusal> {
    let who = actor(ctx)?;
    if !is_td(env, acting, who) {
        return Err(Refusal::forbidden(
            "wm A.7",
            "the TD approves or vetoes house-rule changes",
        ));
    }
    if find(motions, id)?.outcome != Some(Outcome::AwaitingTd) {
        return Err(Refusal::rule(
            "wm A.7",
            format!("motion {id} is not an adopted change awaiting the TD"),
        ));
    }
    Ok(vec![rec(
        GovernanceEvent::ChangeRuled {
            motion: id,
            outcome: if approve {
                Outcome::Approved
            } else {
                Outcome::Vetoed
            },
        },
        "wm A.7",
    )])
}

/// wm D.I.2.a: a party to an appeal agrees that the TMC's ruling answered
/// the proper and specific question (whether they agree with it is
/// immaterial); once both have, it binds them.
pub fn accept_question(
    motions: &[Motion],
    ctx: &Context,
    id: u32,
) -> Result<Vec<Recorded>, Refusal> {
    let who = actor(ctx)?;
    let motion = find(motions, id)?;
    if !motion.parties().contains(&who) {
        return Err(Refusal::forbidden(
            "wm D.I.2.a",
            "only the player and the GM of an appeal accept its question",
        ));
    }
    if motion.outcome.is_none() {
        return Err(Refusal::rule(
            "wm D.I.2.a",
            format!("the TMC has not ruled on motion {id} yet"),
        ));
    }
    if motion.question_accepted_by.contains(who) {
        return Err(Refusal::conflict("already accepted").citing("wm D.I.2.a"));
    }
    Ok(vec![rec(
        GovernanceEvent::QuestionAccepted {
            motion: id,
            party: who.clone(),
        },
        "wm D.I.2.a",
    )])
}
