//! The roles a competition's rulebooks name, from the organizer who created
//! it to the officials each kind appoints.

use serde::{Deserialize, Serialize};

/// A role within one competition. The rulebooks name them.
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
pub enum Role {
    /// Created the competition; grants and revokes roles.
    Organizer,
    Player,
    /// wm A.1: a team's captain.
    Captain,
    /// wm D: the Game Master of a board.
    GameMaster,
    /// acwc I.C, wm A.2: the Tournament Director.
    TournamentDirector,
    /// wm A.2: up to two assistant TDs.
    AssistantTournamentDirector,
    /// wm A.5: a member of the Tournament Management Committee.
    TmcMember,
    /// wm A.9: a tournament observer.
    Observer,
    /// club III.2: a moderator.
    Moderator,
    /// club III.3: a justice of the Court of Appeals.
    Justice,
    /// club III.3: the Chief Justice.
    ChiefJustice,
    /// club III.6: the school's teacher (Mrs Doran), whose bans the Court
    /// of Appeals does not review.
    Teacher,
    /// dutch F6, F7, G: the arbiter of a Swiss event, who pairs, sets
    /// results and decides what the regulations leave to them.
    Arbiter,
}

impl Role {
    /// Every role the platform knows, in declaration order.
    pub const ALL: [Role; 13] = [
        Role::Organizer,
        Role::Player,
        Role::Captain,
        Role::GameMaster,
        Role::TournamentDirector,
        Role::AssistantTournamentDirector,
        Role::TmcMember,
        Role::Observer,
        Role::Moderator,
        Role::Justice,
        Role::ChiefJustice,
        Role::Teacher,
        Role::Arbiter,
    ];

    /// The role's name as the API spells it.
    pub fn name(self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default()
    }
}
