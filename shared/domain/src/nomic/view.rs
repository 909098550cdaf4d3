//! What callers see of a Nomic game. Votes are public (they are cast in the
//! game's voting thread, nomic 113), so every viewer sees everything.

use super::due::next_due;
use super::judgement::PointOfOrder;
use super::proposal::{Proposal, Threshold};
use super::rulebook::RuleBookExport;
use super::settings::Settings;
use super::state::{Nomic, PointsEntry};
use super::turns::AllocatedDay;
use super::vocabulary::Event;
use crate::envelope::UserId;
use crate::envelope::{Envelope, Role};
use chrono::{DateTime, Utc};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;

/// A Nomic game, the same for every viewer: players with days and points,
/// the points thread (nomic 209), the rule book now, proposals with their
/// votes, Points of Order, the adoption threshold (nomic 204) and the
/// winner (nomic 210).
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "NomicView")]
pub struct View<'a> {
    /// The seated players, by user.
    pub players: Vec<Seat<'a>>,
    /// nomic 209: every award, oldest first.
    pub points_thread: Vec<PointsLine<'a>>,
    /// When the game began; `null` before.
    pub begun_at: Option<DateTime<Utc>>,
    pub settings: &'a Settings,
    /// nomic 115: players who forfeited, with the day they held.
    pub forfeited: &'a BTreeMap<UserId, AllocatedDay>,
    /// nomic 204: what adoption needs now.
    pub threshold: Threshold,
    /// nomic 204: when adoption becomes a simple majority.
    pub majority_from: Option<DateTime<Utc>>,
    /// nomic 107, 109: the number the next proper proposal takes.
    pub next_proposal_number: u32,
    /// Every proposal in order of number, with its votes (nomic 113).
    pub proposals: &'a [Proposal],
    /// nomic 214: Points of Order in order raised, with their Judgements.
    pub points_of_order: &'a [PointOfOrder],
    /// nomic 210: the winner, once there is one.
    pub winner: Option<&'a UserId>,
    /// The next deadline the schedule acts on.
    pub next_due: Option<DateTime<Utc>>,
    /// The rule book now, in the export format (nomic 108).
    pub rules: &'a RuleBookExport,
}

/// A seated player (nomic 201) and their points (nomic 209).
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "NomicSeat")]
pub struct Seat<'a> {
    pub player: &'a UserId,
    /// nomic 201: the player's allocated day.
    pub day: AllocatedDay,
    pub points: i64,
}

/// nomic 209: one line of the points thread.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "NomicPointsLine")]
pub struct PointsLine<'a> {
    pub player: &'a UserId,
    /// The new total followed by the change in parenthesis: `150 (+4)`.
    pub line: String,
    /// The proposal whose vote awarded the points.
    pub proposal: u32,
    pub at: DateTime<Utc>,
}

impl<'a> PointsLine<'a> {
    pub fn of(entry: &'a PointsEntry) -> Self {
        Self {
            player: &entry.player,
            line: entry.line(),
            proposal: entry.proposal,
            at: entry.at,
        }
    }
}

/// The contract's secrecy: what each viewer may see of an event (see [`crate::rulebook`]).
impl crate::rulebook::Secrecy for Nomic {
    /// Nomic votes are public (cast in the voting thread, nomic 113), and
    /// so is everything else a Nomic game records but a player's chat
    /// account and link code, which only they and the organizer see.
    fn redact(
        &self,
        env: &Envelope,
        event: &Self::Event,
        viewer: Option<&UserId>,
    ) -> Option<Self::Event> {
        match event {
            Event::ChatAccountLinked { player, .. }
                if viewer != Some(player)
                    && !viewer.is_some_and(|v| env.has_role(v, Role::Organizer)) =>
            {
                Some(Event::ChatAccountLinked {
                    player: player.clone(),
                    account: String::new(),
                    code: String::new(),
                })
            }
            _ => Some(event.clone()),
        }
    }

    fn conceals_actor(_event: &Self::Event) -> bool {
        false
    }
}

/// The contract's view: the state as a viewer may see it (see [`crate::rulebook`]).
impl crate::rulebook::Views for Nomic {
    /// The game's view (see [`View`]).
    fn view(&self, _env: &Envelope, _viewer: Option<&UserId>) -> serde_json::Value {
        let state = self;
        let players = state
            .players
            .iter()
            .map(|(user, day)| Seat {
                player: user,
                day: *day,
                points: state.points.get(user).copied().unwrap_or(0),
            })
            .collect();
        let view = View {
            players,
            points_thread: state.points_thread.iter().map(PointsLine::of).collect(),
            begun_at: state.begun_at,
            settings: &state.settings,
            forfeited: &state.forfeited,
            threshold: state.threshold,
            majority_from: state.majority_from,
            next_proposal_number: state.next_number(),
            proposals: &state.proposals,
            points_of_order: &state.points_of_order,
            winner: state.winner.as_ref(),
            next_due: next_due(state),
            rules: &state.rules.current,
        };
        serde_json::to_value(view).unwrap_or(Value::Null)
    }

    /// The schema of [`view`]'s answer.
    fn view_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        generator.subschema_for::<View>()
    }
}
