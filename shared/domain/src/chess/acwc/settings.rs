//! The championship's set-up, chosen by the organizer and validated once:
//! the eligibility dates (acwc II.A, II.C), the seeding dates (III.E), the
//! variant and time control (III.A), the stage structure (III.B, III.F–H) and
//! the pre-qualified players (III.C–D).

use crate::envelope::UserId;
use crate::refusal::Refusal;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// A time control: minutes on the clock plus an increment in seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct TimeControl {
    pub minutes: u32,
    pub increment_seconds: u32,
}

/// acwc III.B, III.F–H: the shape of the three stages. The 2019 numbers are
/// the default ([`Format::acwc_2019`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Format {
    /// acwc III.F.1, III.G.1: games per Qualification and Candidates match (10).
    pub games_per_match: u32,
    /// acwc III.F.2: `None` = at least 5, ceil(log2 n) above 32 entrants.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub qualification_rounds: Option<u32>,
    /// acwc III.F.3: players who go from the Qualification to the Candidates (3).
    pub qualifiers: u32,
    /// acwc III.H.1: games of the Final (12).
    pub final_games: u32,
    /// acwc III.H.3: games added by each extension (2).
    pub final_extension: u32,
    /// acwc III.H.4: after this many games the two-point margin is dropped (24).
    pub margin_dropped_after: u32,
    /// acwc III.H.6: after this many games, Armageddon (30).
    pub armageddon_after: u32,
    /// acwc III.H.5: the time control of the extensions after the margin is dropped (2+0).
    pub rapid_time_control: TimeControl,
    /// acwc III.H.6.i: Black's time in the Armageddon game, in seconds (180).
    pub armageddon_black_seconds: u32,
    /// Not in the rules, off by default: the Qualification's III.F.4.3 walk
    /// looks ahead to avoid rematches (`monrad::pair_with_lookahead`), so
    /// its pairings can differ from the procedure players check by hand.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rematch_lookahead: bool,
}

impl Format {
    /// The stage structure of the 2019 rules.
    pub fn acwc_2019() -> Self {
        Self {
            games_per_match: 10,
            qualification_rounds: None,
            qualifiers: 3,
            final_games: 12,
            final_extension: 2,
            margin_dropped_after: 24,
            armageddon_after: 30,
            rapid_time_control: TimeControl {
                minutes: 2,
                increment_seconds: 0,
            },
            armageddon_black_seconds: 180,
            rematch_lookahead: false,
        }
    }
}

impl Default for Format {
    fn default() -> Self {
        Self::acwc_2019()
    }
}

/// Every per-championship choice, in one validated value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "AcwcSettings")]
pub struct Settings {
    /// acwc III.A: the Lichess variant, e.g. `antichess`.
    pub variant: String,
    /// acwc III.A: the time control of every game (2+5).
    pub time_control: TimeControl,
    /// acwc II.A.1: the account must be created before this instant.
    pub account_cutoff: DateTime<Utc>,
    /// acwc II.A.2: rated games in the variant counted before this instant.
    pub games_cutoff: DateTime<Utc>,
    /// acwc II.A.2: how many rated games are needed (100).
    pub minimum_rated_games: u32,
    /// acwc II.C.1–2: an engine/booster mark after this instant refuses the
    /// entry, one before it sends the entry to the TD's review.
    pub mark_cutoff: DateTime<Utc>,
    /// acwc III.E: the rating at this instant counts for the seeding rating.
    pub rating_date: DateTime<Utc>,
    /// acwc III.E: the highest rating from this instant up to the rating date counts too.
    pub rating_window_start: DateTime<Utc>,
    /// acwc IV.D: registration closes and the first round is published at
    /// this instant (a Monday 00:00 UTC in 2019).
    pub qualification_starts: DateTime<Utc>,
    /// acwc III.B, III.F–H: the stage structure.
    #[serde(default)]
    pub format: Format,
    /// acwc III.C: the previous winner, straight to the Final.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub holder: Option<UserId>,
    /// acwc III.D: the previous runner-up, straight to the Candidates.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runner_up: Option<UserId>,
}

impl Settings {
    /// The 2019 championship as its rules set it up: account cutoff 1 March
    /// 2019, games and rating date 1 September 2019 (acwc II.A, III.E),
    /// marks since 1 September 2017 (acwc II.C), the Qualification from
    /// Monday 30 September 2019, the 2019 format. `arbiter simulate acwc`
    /// runs it; an organizer's own championship starts from it.
    pub fn acwc_2019() -> Self {
        let at = |s: &str| s.parse().expect("a valid 2019 instant");
        Self {
            variant: "antichess".into(),
            time_control: TimeControl {
                minutes: 2,
                increment_seconds: 5,
            },
            account_cutoff: at("2019-03-01T00:00:00Z"),
            games_cutoff: at("2019-09-01T00:00:00Z"),
            minimum_rated_games: 100,
            mark_cutoff: at("2017-09-01T00:00:00Z"),
            rating_date: at("2019-09-01T00:00:00Z"),
            rating_window_start: at("2018-09-01T00:00:00Z"),
            qualification_starts: at("2019-09-30T00:00:00Z"),
            format: Format::acwc_2019(),
            holder: None,
            runner_up: None,
        }
    }

    /// Refuses settings the rules cannot run with.
    pub fn validate(&self) -> Result<(), Refusal> {
        let f = &self.format;
        let bad =
            |clause: &'static str, detail: &str| Err(Refusal::rule(clause, detail.to_owned()));
        if self.variant.trim().is_empty() {
            return bad("acwc III.A", "the variant must be named");
        }
        if self.time_control.minutes == 0 {
            return bad("acwc III.A", "the time control needs time on the clock");
        }
        if self.rating_window_start >= self.rating_date {
            return bad(
                "acwc III.E",
                "the rating window must start before the rating date",
            );
        }
        if self.account_cutoff > self.qualification_starts
            || self.games_cutoff > self.qualification_starts
            || self.rating_date > self.qualification_starts
        {
            return bad(
                "acwc II.A",
                "the account, games and rating dates must not be after the start of the Qualification",
            );
        }
        if f.games_per_match > 100
            || f.final_games > 100
            || f.armageddon_after > 200
            || f.final_extension > 100
            || f.qualification_rounds.is_some_and(|r| r > 50)
            || f.armageddon_black_seconds > 3600
        {
            return bad(
                "acwc III.B",
                "the stage structure's numbers are out of any sensible range",
            );
        }
        if f.games_per_match == 0 || f.games_per_match % 2 == 1 {
            return bad(
                "acwc III.F.1",
                "a match has a positive, even number of games",
            );
        }
        if f.qualification_rounds == Some(0) {
            return bad("acwc III.F.2", "the Qualification has at least one round");
        }
        if f.qualifiers == 0 || f.qualifiers > 8 {
            return bad(
                "acwc III.F.3",
                "between 1 and 8 players go to the Candidates",
            );
        }
        if f.final_games == 0
            || f.final_games % 2 == 1
            || f.final_extension == 0
            || f.final_extension % 2 == 1
            || f.margin_dropped_after < f.final_games
            || !(f.margin_dropped_after - f.final_games).is_multiple_of(f.final_extension)
            || f.armageddon_after < f.margin_dropped_after
            || (f.armageddon_after - f.margin_dropped_after) % 2 == 1
        {
            return bad(
                "acwc III.H",
                "the Final needs an even number of games, even extensions reaching the margin drop, and an even number of 2+0 games before Armageddon",
            );
        }
        if f.armageddon_black_seconds == 0 {
            return bad("acwc III.H.6.i", "Black needs time in the Armageddon game");
        }
        if self.holder.is_some() && self.holder == self.runner_up {
            return bad(
                "acwc III.D",
                "the previous winner and runner-up are different players",
            );
        }
        Ok(())
    }

    /// acwc III.F.2: the number of Qualification rounds for `entrants`.
    pub fn qualification_rounds(&self, entrants: u32) -> u32 {
        self.format
            .qualification_rounds
            .unwrap_or_else(|| crate::chess::swiss::monrad::number_of_rounds(entrants))
    }
}
