//! The tournament regulations an organizer sets for a Swiss event, validated
//! once: the pairing system, the number of rounds, the tie-breaks, the
//! half-point byes a player may ask for, late entries and the round times.
//!
//! What the Dutch rules leave to "the rules of the tournament" (dutch G) is
//! set here; where the regulations are silent, the defaults are the seed's
//! (dutch G, H).

use super::standings::Tiebreak;
use crate::chess::swiss::Colour;
use crate::refusal::Refusal;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// Clause cited for what the organizer's regulations decide.
pub const REGULATIONS: &str = "swiss regulations";

/// The most rounds an event may have: more than any Swiss runs (Lichess
/// Swiss allows 100), and a bound on every per-round table.
pub const MAX_ROUNDS: u32 = 100;

/// How far ahead a round time may be set: an event is planned within a
/// few years, and no instant near chrono's limits reaches the schedule.
pub const HORIZON_DAYS: i64 = 5 * 366;

/// The pairing system the rounds are made with.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum PairingSystem {
    /// The FIDE (Dutch) system, 1992–2006 wording.
    #[default]
    #[serde(rename = "dutch-2006")]
    Dutch2006,
    /// The FIDE (Dutch) system as in force from 1 July 2017 (dutch17 A.1).
    #[serde(rename = "dutch-2017")]
    Dutch2017,
    /// The FIDE (Dutch) system as revised in 2025, applied from 1 February
    /// 2026 (dutch26 A.1).
    #[serde(rename = "dutch-2026")]
    Dutch2026,
    /// The ACWC 2019 Monrad pairing (acwc III.F.4).
    MonradAcwc,
    /// A (double) round-robin by the Berger tables.
    RoundRobin,
}

impl PairingSystem {
    /// The edition of the Dutch system the rounds are paired by, if Dutch.
    pub fn dutch_edition(self) -> Option<crate::chess::swiss::dutch::edition::Edition> {
        use crate::chess::swiss::dutch::edition::Edition;
        match self {
            PairingSystem::Dutch2006 => Some(Edition::Dutch2006),
            PairingSystem::Dutch2017 => Some(Edition::Dutch2017),
            PairingSystem::Dutch2026 => Some(Edition::Dutch2026),
            PairingSystem::MonradAcwc | PairingSystem::RoundRobin => None,
        }
    }
}

/// dutch G: what happens to a player absent without notice.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum AbsentWithoutNotice {
    /// dutch G's default: "considered to have withdrawn themselves".
    #[default]
    Withdrawn,
    /// The regulations keep the player in: they are paired again.
    StaysIn,
}

/// The event's regulations.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "SwissSettings")]
pub struct Settings {
    /// Rounds to be played, 1 to 100 (`MAX_ROUNDS`).
    pub rounds: u32,
    #[serde(default)]
    pub system: PairingSystem,
    /// The tie-breaks, in order (dutch H when omitted): the 2009 FIDE
    /// tie-break rules' names (`buchholz`, `sonneborn-berger`, ...) or the
    /// FIDE Tie-Break Regulations C.07's (`c07-bh-c1`, `c07-sb`, `c07-de`,
    /// `c07-aro-c1`, ...), not both in one list: they count unplayed rounds
    /// differently (c07 16.4). At most 12, none twice.
    #[serde(default = "Tiebreak::dutch_h")]
    pub tiebreaks: Vec<Tiebreak>,
    /// dutch A7, E5: the colour drawn for the top player in round 1.
    #[serde(default = "white")]
    pub first_colour: Colour,
    /// How many half-point byes one player may ask for (0: none).
    #[serde(default)]
    pub half_point_byes: u32,
    /// The last round a half-point bye may be asked for (0: any round).
    #[serde(default)]
    pub half_point_byes_until_round: u32,
    /// The last round a late entrant may join (1: entries close when
    /// round 1 is paired).
    #[serde(default = "one")]
    pub late_entries_until_round: u32,
    /// Half points a late entrant scores for each round missed (0 or 1).
    #[serde(default)]
    pub late_entry_half_points: u32,
    /// dutch G: a forfeit loss for not appearing withdraws the player.
    #[serde(default)]
    pub absent_without_notice: AbsentWithoutNotice,
    /// Whether a result counts only once the arbiter confirms it; otherwise
    /// a player's report stands unless the opponent disputes it.
    #[serde(default)]
    pub results_need_arbiter: bool,
    /// When each round is paired by the schedule (round 1 first), once the
    /// round before it is complete; rounds past the list are paired on
    /// demand.
    #[serde(default)]
    pub round_times: Vec<DateTime<Utc>>,
    /// C.04.5.1: `baku` gives the top half of the field virtual points for
    /// pairing in the first half of the event (`none`, the default: no
    /// acceleration). Dutch system only.
    #[serde(default, skip_serializing_if = "Acceleration::is_none")]
    pub acceleration: Acceleration,
    /// What the TRF report says of the event beyond its rounds (trf16
    /// 012–122); empty when omitted.
    #[serde(default, skip_serializing_if = "Report::is_empty")]
    pub report: Report,
}

/// How the first rounds are accelerated (FIDE Handbook C.04.5).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Acceleration {
    #[default]
    None,
    /// C.04.5.1 Baku acceleration.
    Baku,
}

impl Acceleration {
    fn is_none(&self) -> bool {
        *self == Acceleration::None
    }
}

/// The most characters a text of the [`Report`] may have.
pub const REPORT_TEXT: usize = 120;

/// The most deputy arbiters a [`Report`] lists.
pub const MAX_DEPUTIES: usize = 20;

/// The facts a FIDE rating officer reads in a TRF's tournament section
/// (trf16 012–122), as the organizer gives them. The dates, the counts of
/// players and the type of tournament come from the event itself.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "SwissReport")]
pub struct Report {
    /// trf16 012: the tournament's name.
    #[serde(default)]
    pub name: String,
    /// trf16 022: the city it is played in.
    #[serde(default)]
    pub city: String,
    /// trf16 032: the organizing federation's three-letter FIDE code.
    #[serde(default)]
    pub federation: String,
    /// trf16 102: the chief arbiter, as the rating report names them (e.g.
    /// `IA Jane Doe`).
    #[serde(default)]
    pub chief_arbiter: String,
    /// trf16 112: the deputy chief arbiters, one each.
    #[serde(default)]
    pub deputy_arbiters: Vec<String>,
    /// trf16 122: the allotted time per moves/game (e.g. `90'/40 + 30' +
    /// 30"/move`).
    #[serde(default)]
    pub time_control: String,
}

impl Report {
    /// Whether nothing is given.
    pub fn is_empty(&self) -> bool {
        self == &Report::default()
    }

    /// Every text on one line and at most [`REPORT_TEXT`] characters; a
    /// federation of three letters; at most [`MAX_DEPUTIES`] deputies.
    fn validate(&self) -> Result<(), String> {
        let texts = [
            &self.name,
            &self.city,
            &self.chief_arbiter,
            &self.time_control,
        ];
        let all = texts.into_iter().chain(&self.deputy_arbiters);
        for t in all.chain([&self.federation]) {
            if t.chars().count() > REPORT_TEXT || t.chars().any(char::is_control) {
                return Err(format!(
                    "a report's text is one line of at most {REPORT_TEXT} characters"
                ));
            }
        }
        let fed = &self.federation;
        if !fed.is_empty() && (fed.len() != 3 || !fed.chars().all(|c| c.is_ascii_uppercase())) {
            return Err("the report's federation is a three-letter FIDE code".into());
        }
        if self.deputy_arbiters.len() > MAX_DEPUTIES {
            return Err(format!("at most {MAX_DEPUTIES} deputy arbiters"));
        }
        Ok(())
    }
}

fn white() -> Colour {
    Colour::White
}

fn one() -> u32 {
    1
}

impl Settings {
    /// The regulations of an event of `rounds` rounds with every default.
    pub fn rounds(rounds: u32) -> Self {
        Settings {
            rounds,
            system: PairingSystem::Dutch2006,
            tiebreaks: Tiebreak::dutch_h(),
            first_colour: Colour::White,
            half_point_byes: 0,
            half_point_byes_until_round: 0,
            late_entries_until_round: 1,
            late_entry_half_points: 0,
            absent_without_notice: AbsentWithoutNotice::Withdrawn,
            results_need_arbiter: false,
            round_times: vec![],
            acceleration: Acceleration::None,
            report: Report::default(),
        }
    }

    /// Checks the regulations once, when they are set at `now`.
    pub fn validate(&self, now: DateTime<Utc>) -> Result<(), Refusal> {
        let bad = |detail: String| Err(Refusal::rule(REGULATIONS, detail));
        if !(1..=MAX_ROUNDS).contains(&self.rounds) {
            return bad(format!("an event has 1 to {MAX_ROUNDS} rounds"));
        }
        if self.late_entry_half_points > 1 {
            return bad("a missed round scores 0 or 1 half point".into());
        }
        if self.tiebreaks.len() > 12 {
            return bad("at most 12 tie-breaks".into());
        }
        if Tiebreak::mixes(&self.tiebreaks) {
            return Err(Refusal::rule(
                "c07 16.4",
                "a list may not mix the 2009 tie-breaks (virtual opponent) with C.07's (dummy opponent): list only one rulebook's",
            ));
        }
        for (i, t) in self.tiebreaks.iter().enumerate() {
            if self.tiebreaks[..i].contains(t) {
                return bad(format!("tie-break {} is listed twice", t.name()));
            }
        }
        if self.round_times.len() > self.rounds as usize {
            return bad("more round times than rounds".into());
        }
        let horizon = now
            .checked_add_signed(chrono::Duration::days(HORIZON_DAYS))
            .unwrap_or(DateTime::<Utc>::MAX_UTC);
        if self.round_times.iter().any(|t| *t > horizon) {
            return bad(format!("round times are at most {HORIZON_DAYS} days ahead"));
        }
        if self.round_times.windows(2).any(|w| w[0] >= w[1]) {
            return bad("round times go forward".into());
        }
        if self.acceleration == Acceleration::Baku && self.system.dutch_edition().is_none() {
            return bad("the Baku acceleration (C.04.5.1) is for the Dutch system".into());
        }
        self.report.validate().or_else(bad)
    }

    /// Whether a half-point bye may be asked for `round` by a player who
    /// has asked for `taken` already.
    pub fn allows_half_point_bye(&self, round: u32, taken: u32) -> Result<(), Refusal> {
        if taken >= self.half_point_byes {
            return Err(Refusal::rule(
                REGULATIONS,
                format!(
                    "the regulations allow {} half-point bye(s) a player",
                    self.half_point_byes
                ),
            ));
        }
        let until = self.half_point_byes_until_round;
        if until != 0 && round > until {
            return Err(Refusal::rule(
                REGULATIONS,
                format!("half-point byes may be asked for up to round {until}"),
            ));
        }
        Ok(())
    }
}
