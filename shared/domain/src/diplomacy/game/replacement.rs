//! Seats and replacements (wm B.7–B.10, D.VII.6): who plays each power now,
//! temporary or permanent replacements and civil disorder. Tournament-level
//! parts (captains choosing, reserve pools, the three-game limit of B.9, the
//! TD's conflict-of-interest veto of B.10) are decided outside the board; the
//! GM records the outcome here.

use crate::envelope::UserId;
use serde::{Deserialize, Serialize};

/// wm B.7: more than four seasons makes a replacement permanent.
pub const MAX_TEMPORARY_SEASONS: u8 = 4;

/// wm B.7: the announced replacement period.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ReplacementPeriod {
    /// For this many seasons (Spring and Fall turns, wm C.14).
    Temporary {
        seasons: u8,
    },
    Permanent,
}

impl ReplacementPeriod {
    /// wm B.7: a period of more than four seasons is permanent.
    pub fn normalized(self) -> Self {
        match self {
            ReplacementPeriod::Temporary { seasons }
                if seasons > MAX_TEMPORARY_SEASONS || seasons == 0 =>
            {
                ReplacementPeriod::Permanent
            }
            p => p,
        }
    }
}

/// A replacement in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "DiplomacyGameReplacement")]
pub struct Replacement {
    /// The player replaced, who returns after a temporary period.
    pub original: UserId,
    pub period: ReplacementPeriod,
    /// wm B.7: the player declared the period (his word is final).
    pub declared_by_player: bool,
    pub seasons_served: u8,
}

/// Who plays a power.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "DiplomacyGameSeat")]
pub struct Seat {
    pub player: UserId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replacement: Option<Replacement>,
    /// wm B.8.f: no replacement found in time.
    #[serde(default)]
    pub civil_disorder: bool,
    /// wm B.8.c: the player replaced keeps the right of return until the
    /// replacement first submits orders.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub may_return: Option<UserId>,
}

impl Seat {
    pub fn new(player: UserId) -> Self {
        Self {
            player,
            replacement: None,
            civil_disorder: false,
            may_return: None,
        }
    }

    pub fn replace(&mut self, player: UserId, period: ReplacementPeriod) {
        let original = match self.replacement.take() {
            Some(r) if r.period != ReplacementPeriod::Permanent => r.original,
            _ => self.player.clone(),
        };
        let period = period.normalized();
        self.replacement = (period != ReplacementPeriod::Permanent).then_some(Replacement {
            original,
            period,
            declared_by_player: false,
            seasons_served: 0,
        });
        // wm B.8.c: a replacement who has not ordered yet is not the official
        // player, so the one it replaced keeps the return.
        let returner = self
            .may_return
            .take()
            .unwrap_or_else(|| self.player.clone());
        self.may_return = Some(returner);
        self.player = player;
        self.civil_disorder = false;
    }

    /// wm B.8.c: the current player submitted orders and is the official
    /// player; the right of return ends.
    pub fn ordered(&mut self) {
        self.may_return = None;
    }

    /// wm B.8.c: the player replaced returns before the replacement ordered.
    pub fn take_back(&mut self) {
        if let Some(player) = self.may_return.take() {
            self.player = player;
            self.replacement = None;
            self.civil_disorder = false;
        }
    }

    pub fn declare(&mut self, period: ReplacementPeriod, by_player: bool) {
        if let Some(r) = self.replacement.as_mut() {
            r.period = period.normalized();
            r.declared_by_player |= by_player;
        }
        if matches!(
            self.replacement.as_ref().map(|r| r.period),
            Some(ReplacementPeriod::Permanent)
        ) {
            self.replacement = None;
        }
    }

    pub fn season_served(&mut self) {
        if let Some(r) = self.replacement.as_mut() {
            r.seasons_served = r.seasons_served.saturating_add(1);
        }
    }

    pub fn make_permanent(&mut self) {
        self.replacement = None;
    }

    pub fn restore(&mut self) {
        if let Some(r) = self.replacement.take() {
            self.player = r.original;
        }
        self.may_return = None;
    }

    /// wm B.7: a temporary period is over: the player returns.
    pub fn period_over(&self) -> bool {
        matches!(
            &self.replacement,
            Some(Replacement { period: ReplacementPeriod::Temporary { seasons }, seasons_served, .. })
                if seasons_served >= seasons
        )
    }
}
