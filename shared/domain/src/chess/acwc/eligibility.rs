//! Player facts and eligibility (acwc II) and the seeding rating (III.E).
//!
//! Facts are plain data: the service fetches them through a port (a Lichess
//! client, or facts the organizer enters) and puts them into the command, so
//! the rules stay pure.

use super::settings::Settings;
use crate::refusal::Refusal;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A Lichess mark on an account.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum MarkKind {
    Engine,
    Booster,
}

/// acwc II.C.1–2, VII.C: a mark and when it was given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Mark {
    pub kind: MarkKind,
    pub at: DateTime<Utc>,
}

/// One point of a rating history in the championship's variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct RatingPoint {
    pub at: DateTime<Utc>,
    pub rating: u32,
}

/// What the platform knows about a player's account.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct PlayerFacts {
    /// The Lichess username.
    pub account: String,
    /// acwc II.A.1: when the account was created.
    pub account_created_at: DateTime<Utc>,
    /// acwc II.A.2: rated games by variant, counted before the games cutoff.
    #[serde(default)]
    pub rated_games: BTreeMap<String, u32>,
    /// acwc III.E: the rating history in the championship's variant.
    #[serde(default)]
    pub rating_history: Vec<RatingPoint>,
    /// acwc II.C: marks on this account and the player's other accounts.
    #[serde(default)]
    pub marks: Vec<Mark>,
    /// acwc II.C.4: other accounts known to belong to the same person.
    #[serde(default)]
    pub other_accounts: Vec<String>,
    /// acwc II.C.1–2: what the source saw but could not establish (a mark
    /// without its kind or date, a closed account). Such an entry waits for
    /// the TD's review instead of being admitted or refused on a guess.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unverified: Vec<String>,
}

impl PlayerFacts {
    /// The facts of a simulated account that meets every condition of
    /// `settings` (acwc II.A: created before the cutoff, enough rated games
    /// in the variant; acwc II.C: no mark) and whose seeding rating is
    /// `rating` (acwc III.E: one rating point inside the window, before the
    /// rating date). `arbiter simulate acwc` enters its players with these.
    pub fn simulated(account: &str, rating: u32, settings: &Settings) -> Self {
        let window = settings.rating_date - settings.rating_window_start;
        Self {
            account: account.into(),
            account_created_at: settings.account_cutoff - chrono::Duration::days(365),
            rated_games: BTreeMap::from([(
                settings.variant.clone(),
                settings.minimum_rated_games.saturating_mul(5).max(1),
            )]),
            rating_history: vec![RatingPoint {
                at: settings.rating_window_start + window / 2,
                rating,
            }],
            marks: vec![],
            other_accounts: vec![],
            unverified: vec![],
        }
    }
}

/// Lichess's starting rating, used when a history has no point before the
/// rating date (ruling `acwc III.E` in docs/rulings/acwc.md).
pub const DEFAULT_RATING: u32 = 1500;

/// acwc III.E: the two ratings the seeding rating averages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Seeding {
    /// The rating at the rating date.
    pub at_rating_date: u32,
    /// The highest rating in the window.
    pub highest_in_window: u32,
}

impl Seeding {
    /// acwc III.E: from a rating history. The rating held at an instant is
    /// the last point at or before it; the window's highest also counts the
    /// rating held when the window opened.
    pub fn from_history(history: &[RatingPoint], settings: &Settings) -> Self {
        let held_at = |t: DateTime<Utc>| {
            history
                .iter()
                .filter(|p| p.at <= t)
                .max_by_key(|p| p.at)
                .map(|p| p.rating)
        };
        let at_rating_date = held_at(settings.rating_date).unwrap_or(DEFAULT_RATING);
        let highest_in_window = history
            .iter()
            .filter(|p| p.at >= settings.rating_window_start && p.at <= settings.rating_date)
            .map(|p| p.rating)
            .chain(held_at(settings.rating_window_start))
            .max()
            .unwrap_or(at_rating_date);
        Self {
            at_rating_date,
            highest_in_window,
        }
    }

    /// Twice the seeding rating: the average kept exact in integers.
    pub fn doubled(&self) -> u32 {
        self.at_rating_date.saturating_add(self.highest_in_window)
    }

    /// acwc III.E: the seeding rating, the average of the two.
    pub fn rating(&self) -> f64 {
        f64::from(self.doubled()) / 2.0
    }
}

/// What the eligibility rules say about an entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Eligibility {
    Eligible,
    /// acwc II.C.2: a mark before the cutoff; the TD reviews the entry.
    Review(String),
}

/// acwc II.A, II.C.1–2: checks an entry's facts. Facts the source could not
/// establish ([`PlayerFacts::unverified`]) send the entry to review (II.C.2). `exception` is the TD's
/// exception to the entry requirements (II.B), which covers II.A only.
pub fn check(
    facts: &PlayerFacts,
    settings: &Settings,
    exception: bool,
) -> Result<Eligibility, Refusal> {
    if !exception {
        if facts.account_created_at >= settings.account_cutoff {
            return Err(Refusal::rule(
                "acwc II.A.1",
                format!(
                    "the account {} was created at {}, not before {}",
                    facts.account, facts.account_created_at, settings.account_cutoff
                ),
            ));
        }
        let games = facts
            .rated_games
            .get(&settings.variant)
            .copied()
            .unwrap_or(0);
        if games < settings.minimum_rated_games {
            return Err(Refusal::rule(
                "acwc II.A.2",
                format!(
                    "{} rated {} games before {}; {} are needed",
                    games, settings.variant, settings.games_cutoff, settings.minimum_rated_games
                ),
            ));
        }
    }
    if let Some(m) = facts.marks.iter().find(|m| m.at >= settings.mark_cutoff) {
        return Err(Refusal::rule(
            "acwc II.C.1",
            format!(
                "an account was marked {:?} at {}, after {}",
                m.kind, m.at, settings.mark_cutoff
            ),
        ));
    }
    if !facts.unverified.is_empty() {
        return Ok(Eligibility::Review(format!(
            "to be checked by the TD: {}",
            facts.unverified.join("; ")
        )));
    }
    if let Some(m) = facts.marks.first() {
        return Ok(Eligibility::Review(format!(
            "marked {:?} at {}, before the cutoff",
            m.kind, m.at
        )));
    }
    Ok(Eligibility::Eligible)
}
