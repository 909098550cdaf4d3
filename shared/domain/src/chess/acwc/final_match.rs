//! The Final (acwc III.H): a state machine driven by reported game results.
//!
//! - acwc III.H.1, III.H.2 and III.H.3: 12 games; the leader must be two points ahead, otherwise two
//!   more games, and again.
//! - III.H.4: after 24 games any lead wins.
//! - III.H.5: a tie after 24 games is broken by 2+0 games, judged after an
//!   even number of games.
//! - III.H.6: a tie after 30 games goes to Armageddon: sealed time bids for
//!   White, the lower bid plays White (equal bids: the higher seed), Black has
//!   3 minutes and draw odds.

use super::settings::{Format, Settings, TimeControl};
use crate::envelope::UserId;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One game of the Final: the winner, or `None` for a draw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct FinalGame {
    pub winner: Option<UserId>,
}

/// acwc III.H.6: the Armageddon game's colours and clocks, fixed when both bids are in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Armageddon {
    pub white: UserId,
    pub black: UserId,
    pub white_seconds: u32,
    pub black_seconds: u32,
}

/// Where the Final stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "phase", rename_all = "kebab-case")]
#[schemars(rename = "AcwcFinalPhase")]
pub enum FinalPhase {
    /// acwc III.H.1–4: games at the main time control, judged after `through` games.
    Match {
        through: u32,
        margin_half_games: u32,
    },
    /// acwc III.H.5: 2+0 extension games, judged after `through` games.
    Rapid { through: u32 },
    /// acwc III.H.6.ii: waiting for the sealed bids.
    ArmageddonBidding,
    /// acwc III.H.6: the Armageddon game is to be played.
    Armageddon,
    /// The Final is over.
    Decided { champion: UserId },
}

/// The Final between two players.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalMatch {
    /// The first finalist: the holder (III.C), or the Challenger's opponent
    /// under VIII.C.
    pub first: UserId,
    /// The second finalist: the Challenger.
    pub second: UserId,
    /// acwc III.H.6.iii: who plays White on equal bids.
    pub higher_seed: UserId,
    /// Regular games in order (not the Armageddon game).
    pub games: Vec<FinalGame>,
    /// acwc III.H.6.ii: sealed bids, in seconds.
    pub bids: BTreeMap<UserId, u32>,
    pub armageddon: Option<Armageddon>,
    /// acwc III.H.6.i: the Armageddon game's result, once played.
    pub armageddon_game: Option<FinalGame>,
}

impl FinalMatch {
    pub fn new(first: UserId, second: UserId, higher_seed: UserId) -> Self {
        Self {
            first,
            second,
            higher_seed,
            games: vec![],
            bids: BTreeMap::new(),
            armageddon: None,
            armageddon_game: None,
        }
    }

    pub fn is_finalist(&self, u: &UserId) -> bool {
        &self.first == u || &self.second == u
    }

    pub fn opponent(&self, u: &UserId) -> &UserId {
        if &self.first == u {
            &self.second
        } else {
            &self.first
        }
    }

    /// A finalist's score in half games over the regular games.
    pub fn half_games(&self, u: &UserId) -> u32 {
        self.games
            .iter()
            .map(|g| match &g.winner {
                Some(w) if w == u => 2,
                Some(_) => 0,
                None => 1,
            })
            .sum()
    }

    /// The phase, derived from the games and bids (acwc III.H).
    pub fn phase(&self, format: &Format) -> FinalPhase {
        if let Some(champion) = self.champion(format) {
            return FinalPhase::Decided { champion };
        }
        let n = self.games.len() as u32;
        if n >= format.armageddon_after {
            return if self.armageddon.is_some() {
                FinalPhase::Armageddon
            } else {
                FinalPhase::ArmageddonBidding
            };
        }
        if n >= format.margin_dropped_after {
            // III.H.5: judged after an even number of games.
            return FinalPhase::Rapid {
                through: n + 2 - n % 2,
            };
        }
        // III.H.1, III.H.3: the next checkpoint of the main match.
        let through = if n < format.final_games {
            format.final_games
        } else {
            let past = n - format.final_games;
            format.final_games + (past / format.final_extension + 1) * format.final_extension
        };
        let margin = if through >= format.margin_dropped_after {
            1
        } else {
            4
        };
        FinalPhase::Match {
            through: through.min(format.margin_dropped_after),
            margin_half_games: margin,
        }
    }

    /// acwc III.H: the champion, once the games decide one.
    pub fn champion(&self, format: &Format) -> Option<UserId> {
        if let (Some(a), Some(g)) = (&self.armageddon, &self.armageddon_game) {
            // III.H.6.i: a draw goes to Black.
            return Some(g.winner.clone().unwrap_or_else(|| a.black.clone()));
        }
        let n = self.games.len() as u32;
        let (a, b) = (self.half_games(&self.first), self.half_games(&self.second));
        let leader = match a.cmp(&b) {
            std::cmp::Ordering::Greater => Some(self.first.clone()),
            std::cmp::Ordering::Less => Some(self.second.clone()),
            std::cmp::Ordering::Equal => None,
        };
        let lead = a.abs_diff(b);
        if n < format.final_games || n % 2 == 1 {
            return None;
        }
        let at_checkpoint = (n - format.final_games).is_multiple_of(format.final_extension);
        if n < format.margin_dropped_after {
            // III.H.2: two points ahead (4 half games) at a checkpoint.
            return if at_checkpoint && lead >= 4 {
                leader
            } else {
                None
            };
        }
        // III.H.4–5: from 24 games on, any lead after an even number of games.
        if n <= format.armageddon_after {
            return leader;
        }
        None
    }

    /// The time control of the next game: the championship's own (acwc
    /// III.A, 2+5) through the match and its extensions, 2+0 once the margin
    /// is dropped (III.H.5); none for Armageddon, whose clocks differ by
    /// colour (III.H.6).
    pub fn next_time_control(&self, settings: &Settings) -> Option<TimeControl> {
        match self.phase(&settings.format) {
            FinalPhase::Match { .. } => Some(settings.time_control),
            FinalPhase::Rapid { .. } => Some(settings.format.rapid_time_control),
            // III.H.6: the clocks differ by colour; see `armageddon`.
            _ => None,
        }
    }

    /// acwc III.H.6.ii–iii: colours from the two bids: the lower bid plays
    /// White; equal bids, the higher seed.
    pub fn armageddon_colours(&self, format: &Format) -> Option<Armageddon> {
        let a = *self.bids.get(&self.first)?;
        let b = *self.bids.get(&self.second)?;
        let (white, white_seconds) = match a.cmp(&b) {
            std::cmp::Ordering::Less => (self.first.clone(), a),
            std::cmp::Ordering::Greater => (self.second.clone(), b),
            std::cmp::Ordering::Equal => (self.higher_seed.clone(), a),
        };
        let black = self.opponent(&white).clone();
        Some(Armageddon {
            white,
            black,
            white_seconds,
            black_seconds: format.armageddon_black_seconds,
        })
    }

    /// Records a confirmed game: a regular game, or the Armageddon game.
    pub fn record(&mut self, game: FinalGame, format: &Format) {
        if self.games.len() as u32 >= format.armageddon_after {
            self.armageddon_game = Some(game);
        } else {
            self.games.push(game);
        }
    }

    /// How many games have been played, the Armageddon game included.
    pub fn games_played(&self) -> u32 {
        self.games.len() as u32 + u32::from(self.armageddon_game.is_some())
    }
}
