//! acwc II: what a registration body asks for. A player registers with
//! their Lichess account, whose facts (acwc II.A, II.C, III.E) the edge
//! fetches before the pure decision; the organizer enters a player by
//! account the same way, or with facts they entered (what the public API
//! cannot tell: dated marks, other accounts). Players never supply their own
//! facts.

use super::{Command, PlayerFacts};
use crate::envelope::UserId;
use crate::refusal::Refusal;
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::Deserialize;

/// An ACWC registration body: a player's own Lichess `account`, or the
/// organizer's entry of a `player` by account or with entered `facts`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(rename = "AcwcEntry")]
#[serde(deny_unknown_fields)]
pub struct Entry {
    #[serde(default)]
    account: Option<String>,
    #[serde(default)]
    player: Option<UserId>,
    #[serde(default)]
    facts: Option<PlayerFacts>,
}

/// What an entry needs before it can be decided.
#[derive(Debug, Clone, PartialEq)]
pub enum EntryRequest {
    /// The organizer entered the facts: the command is ready.
    Ready(Command),
    /// The facts of `account` must be fetched first, for `player` (the
    /// organizer's entry) or for the caller.
    Fetch {
        account: String,
        player: Option<UserId>,
    },
}

impl EntryRequest {
    /// Reads a registration body.
    pub fn read(body: serde_json::Value) -> Result<Self, Refusal> {
        let entry: Entry = serde_json::from_value(body)
            .map_err(|e| Refusal::invalid(format!("registration: {e}")))?;
        match (entry.facts, entry.account) {
            (Some(_), Some(_)) => Err(Refusal::invalid(
                "send either an account (its facts are fetched) or entered facts, not both",
            )),
            (Some(_), None) if entry.player.is_none() => Err(Refusal::invalid(
                "players register with their account: {\"account\": \"...\"}; only an organizer enters facts, naming the player",
            )),
            (Some(facts), None) => Ok(Self::Ready(command(entry.player, facts))),
            (None, Some(account)) => Ok(Self::Fetch {
                account,
                player: entry.player,
            }),
            (None, None) => Err(Refusal::invalid(
                "name the Lichess account: {\"account\": \"...\"}",
            )),
        }
    }
}

/// The entry of `player` (the organizer's) or of the caller, with `facts`.
pub fn command(player: Option<UserId>, facts: PlayerFacts) -> Command {
    match player {
        Some(player) => Command::EnterPlayer { player, facts },
        None => Command::Register { facts },
    }
}

/// The schema of a registration body, for the API document.
pub fn schema(generator: &mut SchemaGenerator) -> Schema {
    generator.subschema_for::<Entry>()
}
