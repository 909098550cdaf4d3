//! The tournament's shared vocabulary (wm A–C).

use crate::diplomacy::game::state::GameResult;
use crate::diplomacy::map::Power;
use crate::envelope::{CompetitionId, UserId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A team's id, unique in the tournament (wm A.1).
pub type TeamId = String;

/// wm B.1, B.3: the four rounds and when each ends.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
#[schemars(rename = "WorldMastersStage")]
pub enum Stage {
    /// Round one, a team round.
    RoundOne,
    /// Round two: a team round, or the semi-final when fewer than 42 teams
    /// entered (wm B.4).
    RoundTwo,
    SemiFinal,
    Final,
}

impl Stage {
    /// wm B.3: the last year played: Fall 1909 for the team rounds, 1912 for
    /// the semi-final, 1915 for the final.
    pub fn last_year(self) -> u16 {
        match self {
            Stage::RoundOne | Stage::RoundTwo => 1909,
            Stage::SemiFinal => 1912,
            Stage::Final => 1915,
        }
    }

    /// wm C.14: Spring and Fall seasons in a game of this stage.
    pub fn seasons(self) -> u32 {
        2 * u32::from(self.last_year() - 1900)
    }
}

/// A player of the tournament and their team (None: a reserve or
/// non-associated player, wm B.2, C.7.e).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    pub player: UserId,
    pub team: Option<TeamId>,
    /// Round one only: the power the team's sign-up assigned (wm B.5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power: Option<Power>,
}

/// One board of a round: who plays each power.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Seating {
    pub seats: BTreeMap<Power, UserId>,
}

/// wm C.14: one player's part in a board: the Spring and Fall seasons they
/// played, seasons lost to early termination credited to whoever was active
/// at the end.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Tenure {
    pub player: UserId,
    pub seasons: u32,
    /// wm C.15: the player was permanent in this position (the initial
    /// player not replaced for good, or a permanent replacement).
    pub permanent: bool,
}

/// A finished (or cut-off, wm B.3) board as reported to the tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct BoardReport {
    /// The board's result: reason, final centres, eliminations.
    pub result: GameResult,
    /// Centres per power at the end of each year played (wm C.7.d count-back).
    #[serde(deserialize_with = "years")]
    pub year_end_centers: BTreeMap<u16, BTreeMap<Power, usize>>,
    /// Who played each power, in order, and for how long (wm C.14). A
    /// power played by its initial player throughout has one tenure.
    pub tenures: BTreeMap<Power, Vec<Tenure>>,
    /// The board's own competition here (a `diplomacy-game`), when it was
    /// played on this service: the round's page links its pages.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<CompetitionId>,
}

/// Reads a map keyed by year. JSON keys are strings; serde reads them as
/// numbers only when it sees the JSON itself, not inside a command whose
/// tag it has already buffered, so the years are parsed here.
fn years<'de, D, V>(deserializer: D) -> Result<BTreeMap<u16, V>, D::Error>
where
    D: serde::Deserializer<'de>,
    V: Deserialize<'de>,
{
    BTreeMap::<String, V>::deserialize(deserializer)?
        .into_iter()
        .map(|(year, v)| {
            year.parse::<u16>()
                .map(|y| (y, v))
                .map_err(|_| serde::de::Error::custom(format!("{year:?} is not a year")))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn year_keyed_maps_read_inside_a_tagged_command() {
        #[derive(Deserialize)]
        #[serde(tag = "action")]
        enum Tagged {
            Report { report: BoardReport },
        }
        let json = r#"{"action": "Report", "report": {
            "result": {"reason": {"by": "last-year"}, "phase": "F1909M", "centers": {}, "eliminated": []},
            "year_end_centers": {"1901": {"FRANCE": 5}},
            "tenures": {}}}"#;
        let Tagged::Report { report } = serde_json::from_str(json).unwrap();
        assert_eq!(report.year_end_centers[&1901][&Power::France], 5);
        let bad = json.replace("\"1901\"", "\"MCMI\"");
        assert!(serde_json::from_str::<Tagged>(&bad).is_err());
    }
}
