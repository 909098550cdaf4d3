//! What each viewer may see: everything but TMC ballots, which only their
//! voter reads (the count is published when the motion closes).

use super::event::Event;
use super::governance::{Ballot, GovernanceEvent, Motion};
use super::model::{Stage, TeamId};
use super::state::{Round, Settings, Team, Tournament, Winners};
use crate::envelope::{Envelope, UserId};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// The World Masters tournament as the viewer may see it: everything but
/// the TMC's ballots, each its voter's alone (wm A.6).
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "WorldMastersView")]
pub struct View<'a> {
    /// The regulations; `null` until set up.
    pub settings: Option<&'a Settings>,
    /// wm A.1: the teams, by id.
    pub teams: &'a BTreeMap<TeamId, Team>,
    /// wm B.2: individual sign-ups awaiting grouping, in order.
    pub individuals: &'a [UserId],
    /// wm B.2, B.8.d: the official reserve list, in order.
    pub reserves: &'a [UserId],
    pub entries_closed: bool,
    /// wm B.1: the stage drawn next; `null` once the final is drawn.
    pub next_stage: Option<Stage>,
    /// The rounds drawn so far.
    pub rounds: Vec<RoundShown<'a>>,
    /// wm C.10: qualifiers who declined the final.
    pub declined_final: &'a BTreeSet<UserId>,
    /// wm A.6, A.7: the TMC's motions, numbered from 1.
    pub motions: Vec<MotionShown<'a>>,
    /// wm A.6: an assistant TD standing in as TD.
    pub acting_td: Option<&'a UserId>,
    /// wm C.11–C.13: the winners, once decided.
    pub winners: Option<&'a Winners>,
}

/// A round as drawn, with its standings once it is closed.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "WorldMastersRoundShown")]
pub struct RoundShown<'a> {
    #[serde(flatten)]
    pub round: &'a Round,
    /// wm C.6–C.13: a closed round's standings, worked out from its reports
    /// and closing seed with every tiebreak's value: after round one the
    /// `team_credits` and `players`; after round two the `teams` and
    /// `players`; after the semi-final its table. Absent while the round is
    /// open. ([`View`]'s `view` serialises the rounds without them and
    /// then puts each in place.)
    #[serde(skip_serializing_if = "Option::is_none")]
    pub standings: Option<Value>,
}

/// A TMC motion as the viewer may see it: `ballots` is always empty here
/// (wm A.6: a ballot is its voter's alone; the count is published when the
/// motion closes), `my_ballot` is the viewer's own, present only to a voter.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "WorldMastersMotionShown")]
pub struct MotionShown<'a> {
    #[serde(flatten)]
    pub motion: Motion,
    /// wm A.6, D.I.2.a: whether the decision binds.
    pub binding: bool,
    /// The viewer's own ballot; absent unless the viewer voted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub my_ballot: Option<&'a Ballot>,
}

impl<'a> MotionShown<'a> {
    /// `motion` with its ballots withheld, and `viewer`'s own.
    pub fn of(motion: &'a Motion, viewer: Option<&UserId>) -> Self {
        Self {
            motion: Motion {
                ballots: BTreeMap::new(),
                ..motion.clone()
            },
            binding: motion.binding(),
            my_ballot: viewer.and_then(|u| motion.ballots.get(u)),
        }
    }
}

/// The standings of a closed round, worked out from its reports and closing
/// seed (wm C.6–C.13); `None` while it is open.
fn closed_standings(state: &Tournament, round: &Round) -> Option<Value> {
    let (advancing, seed) = (round.advancing.as_ref()?, round.close_seed?);
    super::closing::close(state, round, advancing.len(), seed)
        .ok()
        .map(|c| c.standings)
}

/// The contract's secrecy: what each viewer may see of an event (see [`crate::rulebook`]).
impl crate::rulebook::Secrecy for Tournament {
    /// wm A.6: how each TMC member voted stays with the TMC.
    /// The event as `viewer` may see it in the audit log; `None` hides it.
    fn redact(
        &self,
        env: &Envelope,
        event: &Self::Event,
        viewer: Option<&UserId>,
    ) -> Option<Self::Event> {
        match event {
            Event::Governance(GovernanceEvent::TmcVoteRecorded { voter, .. }) => {
                (viewer == Some(voter)).then(|| event.clone())
            }
            // An address is personal: the TD and its owner see it.
            Event::MailAddressRegistered { user, .. } => Some(
                if viewer == Some(user)
                    || viewer
                        .is_some_and(|v| env.has_role(v, crate::envelope::Role::TournamentDirector))
                {
                    event.clone()
                } else {
                    Event::MailAddressRegistered {
                        user: user.clone(),
                        address: String::new(),
                    }
                },
            ),
            _ => Some(event.clone()),
        }
    }

    /// wm A.6: a TMC vote's commit names its voter to the voter alone.
    fn conceals_actor(event: &Self::Event) -> bool {
        matches!(
            event,
            Event::Governance(GovernanceEvent::TmcVoteRecorded { .. })
        )
    }
}

/// The contract's view: the state as a viewer may see it (see [`crate::rulebook`]).
impl crate::rulebook::Views for Tournament {
    /// The tournament as `viewer` may see it (see [`View`]). Each closed
    /// round's standings are worked out one round at a time and moved into
    /// the finished JSON: serialising them inside the view would copy a
    /// tree that, at 300 teams, is most of the view's size.
    fn view(&self, _env: &Envelope, viewer: Option<&UserId>) -> serde_json::Value {
        let state = self;
        let rounds = state
            .rounds
            .iter()
            .map(|round| RoundShown {
                round,
                standings: None,
            })
            .collect();
        let view = View {
            settings: state.settings.as_ref(),
            teams: &state.teams,
            individuals: &state.individuals,
            reserves: &state.reserves,
            entries_closed: state.entries_closed,
            next_stage: super::rounds::next_stage(state),
            rounds,
            declined_final: &state.declined_final,
            motions: state
                .motions
                .iter()
                .map(|m| MotionShown::of(m, viewer))
                .collect(),
            acting_td: state.acting_td.as_ref(),
            winners: state.winners.as_ref(),
        };
        let mut value = serde_json::to_value(view).unwrap_or(Value::Null);
        let shown = value.get_mut("rounds").and_then(Value::as_array_mut);
        for (round, shown) in state.rounds.iter().zip(shown.into_iter().flatten()) {
            if let (Some(standings), Some(fields)) =
                (closed_standings(state, round), shown.as_object_mut())
            {
                fields.insert("standings".into(), standings);
            }
        }
        value
    }

    /// The schema of [`view`]'s answer.
    fn view_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        generator.subschema_for::<View>()
    }
}
