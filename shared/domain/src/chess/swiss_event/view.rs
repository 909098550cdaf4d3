//! What everyone may see of a Swiss event: the regulations, the entrants
//! with their pairing numbers, every round's pairings and results, and the
//! standings after the completed rounds. A Swiss keeps no secret: entries,
//! pairings, results and disputes are all published (dutch F1), so every
//! event is shown to every viewer.

use super::due::next_due;
use super::engine::pairing_numbers;
use super::settings::Settings;
use super::standings::{standings, Standing, Tiebreak};
use super::state::{Round, SwissEvent};
use super::vocabulary::{Absence, Entry, Event};
use crate::envelope::{Envelope, UserId};
use chrono::{DateTime, Utc};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;

/// A Swiss event, the same for every viewer (dutch F1).
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "SwissView")]
pub struct View<'a> {
    /// The regulations; `null` until set up.
    pub settings: Option<&'a Settings>,
    /// The entrants, by user.
    pub players: Vec<Entrant<'a>>,
    /// The rounds paired so far, with their boards and results.
    pub rounds: &'a [Round],
    /// dutch H: the standings after the completed rounds.
    pub standings: Standings,
    pub next_round: NextRound,
    /// Whether every round has been played.
    pub finished: bool,
}

/// One entrant.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "SwissEntrant")]
pub struct Entrant<'a> {
    pub player: &'a UserId,
    /// dutch A2: the pairing number; `null` for no one the order lists.
    pub number: Option<u32>,
    pub entry: &'a Entry,
    /// The first round the player may be paired in (late entries).
    pub first_round: u32,
    /// dutch F5: withdrawn, not paired from this round on.
    pub withdrawn_from: Option<u32>,
    /// Rounds the player asked not to be paired in, by round number.
    pub absences: &'a BTreeMap<u32, Absence>,
}

/// dutch H: the lines after `after_round` completed rounds.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "SwissStandings")]
pub struct Standings {
    pub after_round: usize,
    /// The tie-breaks' names, in the order they break ties.
    pub tiebreaks: Vec<&'static str>,
    pub lines: Vec<Standing>,
}

/// The round to pair next.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "SwissNextRound")]
pub struct NextRound {
    pub number: u32,
    /// When the regulations schedule it; `null` when they do not.
    pub scheduled_at: Option<DateTime<Utc>>,
}

/// The contract's secrecy: what each viewer may see of an event (see [`crate::rulebook`]).
impl crate::rulebook::Secrecy for SwissEvent {
    /// Nothing in a Swiss is secret: pairings, results and entries are
    /// published (dutch F1).
    /// Every event is public (see the module doc).
    fn redact(
        &self,
        _env: &Envelope,
        event: &Self::Event,
        _viewer: Option<&UserId>,
    ) -> Option<Self::Event> {
        Some(event.clone())
    }

    fn conceals_actor(_event: &Event) -> bool {
        false
    }
}

/// The contract's view: the state as a viewer may see it (see [`crate::rulebook`]).
impl crate::rulebook::Views for SwissEvent {
    /// The kind's view (see [`View`]).
    fn view(&self, _env: &Envelope, _viewer: Option<&UserId>) -> serde_json::Value {
        let state = self;
        let numbers = pairing_numbers(state);
        let players = state
            .players
            .iter()
            .map(|(id, p)| Entrant {
                player: id,
                number: numbers.get(id).copied(),
                entry: &p.entry,
                first_round: p.first_round,
                withdrawn_from: p.withdrawn_from,
                absences: &p.absences,
            })
            .collect();
        let tiebreaks = state
            .settings
            .as_ref()
            .map_or_else(Tiebreak::dutch_h, |s| s.tiebreaks.clone());
        let need = state.need_arbiter();
        let completed = state.rounds.iter().take_while(|r| r.complete(need)).count();
        let view = View {
            settings: state.settings.as_ref(),
            players,
            rounds: &state.rounds,
            standings: Standings {
                after_round: completed,
                tiebreaks: tiebreaks.iter().map(|t| t.name()).collect(),
                lines: standings(state, &tiebreaks),
            },
            next_round: NextRound {
                number: state.next_round(),
                scheduled_at: next_due(state),
            },
            finished: state.finished(),
        };
        serde_json::to_value(view).unwrap_or(Value::Null)
    }

    /// The schema of [`view`]'s answer.
    fn view_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        generator.subschema_for::<View>()
    }
}
