//! Technical modifications by the Chief Justice (club III.5): made if
//! reasonably necessary, publicly announced (III.5.1), and subject to
//! challenge by an en banc hearing (an appeal with matter
//! `technical-modification`, see `court`); and the Chief Justice's residual
//! authority (club III.4).

use super::decide::{rec, text, Decider};
use super::settings::Settings;
use super::Event;
use crate::envelope::UserId;
use crate::ladder::Recorded;
use crate::refusal::Refusal;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// club III.5: a technical modification of the Chief Justice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "ClubLadderModification")]
pub struct Modification {
    /// The Chief Justice who made it (a party to its challenge).
    pub by: UserId,
    pub description: String,
    pub settings: Option<Settings>,
    pub previous: Settings,
    pub at: DateTime<Utc>,
}

/// club III.5: the Chief Justice makes a technical modification, publicly
/// announced (III.5.1: the announcement is the public audit-log entry).
pub(super) fn modify(
    d: &Decider,
    description: &str,
    settings: Option<&Settings>,
) -> Result<Vec<Recorded>, Refusal> {
    d.require_chief("club III.5", "make a technical modification")?;
    let description = text(description, "club III.5.1", "the public announcement")?;
    if let Some(s) = settings {
        s.validate()?;
    }
    Ok(vec![rec(
        Event::TechnicallyModified {
            modification: d.state.fresh_id(),
            by: d.actor.clone(),
            description,
            settings: settings.cloned(),
            previous: d.settings().clone(),
        },
        "club III.5.1",
    )])
}

/// club III.4: an act of the Chief Justice under "Any authority not
/// explicitly granted may be exercised unilaterally by the Chief Justice".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "ClubLadderResidualAct")]
pub struct ResidualAct {
    pub by: UserId,
    pub description: String,
    pub at: DateTime<Utc>,
}

/// club III.4: the Chief Justice exercises an authority not explicitly
/// granted, alone, and it is logged. Within what the Terms allow: the act
/// only records what was done. Scores, games, bans, monitors and settings
/// are authorities the Terms grant explicitly (to moderators, the Court, the
/// Chief Justice under II.7, II.11, III.5 and IV), so they change only by
/// their own commands, never by this one.
pub(super) fn exercise_residual_authority(
    d: &Decider,
    description: &str,
) -> Result<Vec<Recorded>, Refusal> {
    d.require_chief("club III.4", "exercise an authority not explicitly granted")?;
    let description = text(description, "club III.4", "what was done and why")?;
    Ok(vec![rec(
        Event::ResidualAuthorityExercised {
            act: d.state.fresh_id(),
            by: d.actor.clone(),
            description,
        },
        "club III.4",
    )])
}
