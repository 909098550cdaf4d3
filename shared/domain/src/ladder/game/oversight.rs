//! club II.10.3: "When monitored, any games played by a Member must be
//! overseen (either partially, or in entirety) by a Moderator". The game
//! records who oversaw it and how much of it.

use super::{invalid, Played};
use crate::envelope::UserId;
use crate::ladder::decide::Decider;
use crate::refusal::Refusal;
use serde::{Deserialize, Serialize};

/// club II.10.3: how much of the game the moderator oversaw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum OversightExtent {
    /// "partially": part of the game, such as its ending.
    Partial,
    /// "in entirety": the whole game.
    Entire,
}

/// club II.10.3: the moderator who oversaw a game, and for how much of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Oversight {
    pub moderator: UserId,
    pub extent: OversightExtent,
}

/// club II.10.3: a game of a monitored member names a moderator who oversaw
/// it, partially or entirely; that moderator holds moderator power (a
/// moderator, a justice, III.3.4, or the Chief Justice) and did not play
/// (III.3.5). Oversight of a game with no monitored player is recorded when
/// given, under the same conditions.
pub(in crate::ladder) fn check(d: &Decider, g: &Played) -> Result<(), Refusal> {
    let monitored = [g.white, g.black]
        .into_iter()
        .find(|p| d.state.members.get(*p).is_some_and(|m| m.monitor.is_some()));
    let Some(o) = g.oversight else {
        return match monitored {
            Some(p) => Err(invalid(
                "club II.10.3",
                format!("{p} is monitored: a moderator must oversee the game, partially or entirely, and be named"),
            )),
            None => Ok(()),
        };
    };
    if !d.is_moderator(&o.moderator) {
        return Err(invalid(
            "club II.10.3",
            format!(
                "{} is not a moderator and cannot oversee a game",
                o.moderator
            ),
        ));
    }
    if &o.moderator == g.white || &o.moderator == g.black {
        return Err(Refusal::rule(
            "club III.3.5",
            "a moderator may not oversee a game they took part in (club II.10.3)",
        ));
    }
    Ok(())
}
