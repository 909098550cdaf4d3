//! `explanations/{round}`: why a round was paired as it was. For the Dutch
//! system the engine pairs the round again from the rounds before it and
//! says, clause by clause, why each board, float, colour and the bye
//! ([`crate::chess::swiss::dutch::explain`] for the 1992–2006 text,
//! [`crate::chess::swiss::dutch::explain_later`] for the 2017 and 2026
//! editions); a round the arbiter paired by
//! hand shows his reason and any absolute criterion he kept broken, beside
//! what the engine would have paired.

use super::engine::{pairing_numbers, tournament};
use super::state::{Round, SwissEvent};
use super::vocabulary::Overridden;
use crate::chess::swiss::dutch::{self, explain::Explanation};
use crate::chess::swiss::RoundPairing;
use crate::envelope::UserId;
use crate::refusal::Refusal;
use schemars::JsonSchema;
use serde::Serialize;
use std::collections::BTreeMap;

/// A player named in an explanation by pairing number.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "SwissExplainedPlayer")]
pub struct Named<'a> {
    pub player: &'a UserId,
    pub name: &'a str,
}

/// Why one round was paired as it was.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "SwissExplanation")]
pub struct RoundExplanation<'a> {
    pub round: u32,
    /// The pairing numbers the explanation uses, with the players.
    pub players: BTreeMap<u32, Named<'a>>,
    /// The arbiter's reason, when the round was paired by hand.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub manual: Option<&'a str>,
    /// The absolute criteria the arbiter's pairing breaks, kept by his decision.
    pub overridden: &'a [Overridden],
    /// Whether the published pairing is the engine's (false for a round paired
    /// by hand otherwise, or paired before a correction reached it, dutch F7).
    pub published_is_engines: bool,
    /// The engine's pairing of the round, with its reasons.
    pub engine: Explanation,
}

/// The explanation of `round` (events paired by an edition of the Dutch
/// system).
pub fn round_explanation<'a>(
    state: &'a SwissEvent,
    round: &'a Round,
) -> Result<RoundExplanation<'a>, Refusal> {
    let settings = state
        .settings
        .as_ref()
        .ok_or_else(|| Refusal::not_found("the event has no regulations yet"))?;
    let Some(edition) = settings.system.dutch_edition() else {
        return Err(Refusal::not_found(
            "explanations are given for the Dutch system; the Monrad and round-robin tables decide by their order",
        ));
    };
    let t = tournament(state, settings, round.number - 1);
    let (engine_pairing, engine) = dutch::explain_edition(&t, edition)
        .map_err(|e| Refusal::rule(edition.absolute_clause(), e.to_string()))?;
    let numbers = pairing_numbers(state);
    let players = numbers
        .iter()
        .map(|(id, &n)| {
            let name = state.players[id].entry.name.as_str();
            (n, Named { player: id, name })
        })
        .collect();
    let published = published(round, &numbers);
    Ok(RoundExplanation {
        round: round.number,
        players,
        manual: round.manual.as_deref(),
        overridden: &round.overridden,
        published_is_engines: published.same_as(&engine_pairing),
        engine,
    })
}

fn published(round: &Round, numbers: &BTreeMap<&UserId, u32>) -> RoundPairing {
    let n = |u: &UserId| numbers.get(u).copied().unwrap_or(0);
    RoundPairing {
        boards: round
            .games
            .iter()
            .map(|g| crate::chess::swiss::Board {
                white: n(&g.white),
                black: n(&g.black),
            })
            .collect(),
        bye: round.bye.as_ref().map(n),
    }
}
