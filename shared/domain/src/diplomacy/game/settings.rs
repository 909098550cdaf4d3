//! The game's set-up: players per power, last year, turn lengths and the
//! house rules the GM states at the outset where he has a choice (wm D.I.1.b:
//! D.II.2, D.III.3, D.VII.3, D.X.1). Fixed once the game starts, except by a
//! unanimous vote with the GM (wm D.IX.5); visible to everyone.

use crate::diplomacy::map::Power;
use crate::envelope::UserId;
use crate::refusal::Refusal;
use crate::vocabulary::OldSpelling;
use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The settings' keys as first spelt (kebab-case), still read
/// ([`crate::vocabulary`]).
pub const OLD_SPELLINGS: &[OldSpelling] = &[
    OldSpelling::key("last-year", "last_year"),
    OldSpelling::key("first-deadline", "first_deadline"),
    OldSpelling::key("turn-lengths", "turn_lengths"),
    OldSpelling::key("players-consent-to-faster", "players_consent_to_faster"),
    OldSpelling::key("house-rules", "house_rules"),
    OldSpelling::key("order-set-identification", "order_set_identification"),
    OldSpelling::key("partial-order-sets", "partial_order_sets"),
    OldSpelling::key("late-orders", "late_orders"),
    OldSpelling::key("movement-hours", "movement_hours"),
    OldSpelling::key("retreat-hours", "retreat_hours"),
    OldSpelling::key("adjustment-hours", "adjustment_hours"),
    OldSpelling::key("start-hour", "start_hour"),
];

/// wm D.III.3: how a revised partial order set is read.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum PartialOrderSets {
    /// Default: the revised set replaces every earlier set entirely.
    #[default]
    Replace,
    /// Alternative rule: the most recent order for each unit is used.
    MergeByUnit,
}

/// wm D.VII.3: orders arriving after the deadline.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum LateOrders {
    /// Default: not accepted after the deadline.
    #[default]
    Refused,
    /// Alternative rule: accepted until the start of adjudication.
    AcceptedUntilAdjudication,
}

/// wm D.X.1: which press the GM publishes.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum PressRule {
    /// White, grey and dark-grey press; never black.
    #[default]
    Standard,
    /// Alternative rule A: white and grey only.
    AlternativeA,
    /// Alternative rule B: white only.
    AlternativeB,
    /// Alternative rule C: no press published by the GM.
    AlternativeC,
}

/// The house rules where the GM has discretion (wm D.I.1.b).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HouseRules {
    /// wm D.II.2: the GM's requirements for identifying an order set. The
    /// service always requires the phase an order set is for.
    #[serde(default = "default_identification", alias = "order-set-identification")]
    pub order_set_identification: String,
    #[serde(default, alias = "partial-order-sets")]
    pub partial_order_sets: PartialOrderSets,
    #[serde(default, alias = "late-orders")]
    pub late_orders: LateOrders,
    #[serde(default)]
    pub press: PressRule,
}

fn default_identification() -> String {
    "each order set names the phase it is for (e.g. S1901M)".into()
}

impl Default for HouseRules {
    fn default() -> Self {
        Self {
            order_set_identification: default_identification(),
            partial_order_sets: PartialOrderSets::default(),
            late_orders: LateOrders::default(),
            press: PressRule::default(),
        }
    }
}

impl HouseRules {
    /// wm D.II.2: the stated policy must say something, briefly.
    pub fn validate(&self) -> Result<(), Refusal> {
        let n = self.order_set_identification.trim().chars().count();
        if n == 0 || n > 500 {
            return Err(Refusal::rule(
                "wm D.II.2",
                "the order-set identification policy must be stated in 1 to 500 characters",
            ));
        }
        Ok(())
    }
}

/// wm D.VII.4.a: the length of each kind of turn, in hours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TurnLengths {
    #[serde(alias = "movement-hours")]
    pub movement_hours: u32,
    #[serde(alias = "retreat-hours")]
    pub retreat_hours: u32,
    #[serde(alias = "adjustment-hours")]
    pub adjustment_hours: u32,
}

/// wm D.VII.4.a: at least 3 days for movement.
pub const MIN_MOVEMENT_HOURS: u32 = 72;
/// wm D.VII.4.a: at least 1 day for retreats and adjustments.
pub const MIN_RETREAT_OR_ADJUSTMENT_HOURS: u32 = 24;

impl Default for TurnLengths {
    /// wm D.VII.4.a: "typically one season per week".
    fn default() -> Self {
        Self {
            movement_hours: 120,
            retreat_hours: 24,
            adjustment_hours: 24,
        }
    }
}

impl TurnLengths {
    /// wm D.VII.4.a: never faster than the minimums without the surviving
    /// players' consent; never longer than four weeks (a ruling).
    pub fn validate(&self, players_consent_to_faster: bool) -> Result<(), Refusal> {
        let all = [
            self.movement_hours,
            self.retreat_hours,
            self.adjustment_hours,
        ];
        if all.iter().any(|h| *h == 0 || *h > 24 * 28) {
            return Err(Refusal::invalid("turn lengths must be 1 to 672 hours"));
        }
        if !players_consent_to_faster
            && (self.movement_hours < MIN_MOVEMENT_HOURS
                || self.retreat_hours < MIN_RETREAT_OR_ADJUSTMENT_HOURS
                || self.adjustment_hours < MIN_RETREAT_OR_ADJUSTMENT_HOURS)
        {
            return Err(Refusal::rule(
                "wm D.VII.4.a",
                "movement turns need at least 3 days and retreats and adjustments at least 1, unless the surviving players consent",
            ));
        }
        Ok(())
    }
}

/// Everything the GM states when setting up the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "DiplomacyGameSettings")]
pub struct Settings {
    /// The player of each of the seven powers.
    pub players: BTreeMap<Power, UserId>,
    /// wm B.3: the game is scored at the end of this year's Fall.
    #[serde(alias = "last-year")]
    pub last_year: u16,
    /// Deadline of Spring 1901, in UTC (wm D.VII.4.b).
    #[serde(alias = "first-deadline")]
    pub first_deadline: DateTime<Utc>,
    #[serde(default, alias = "turn-lengths")]
    pub turn_lengths: TurnLengths,
    /// wm D.VII.4.a: the players consented to turns faster than the minimums.
    #[serde(default, alias = "players-consent-to-faster")]
    pub players_consent_to_faster: bool,
    #[serde(default, alias = "house-rules")]
    pub house_rules: HouseRules,
    /// wm D.III.1: each player's agreed abbreviation list, public.
    #[serde(default)]
    pub abbreviations: BTreeMap<Power, BTreeMap<String, String>>,
    /// wm B.8.a: in a team round, the captain of each power's team, who
    /// chooses its replacement.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub captains: BTreeMap<Power, UserId>,
    /// wm B.8.b: in a team round, the members of each power's team, told with
    /// the captain of an NMR.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub teams: BTreeMap<Power, BTreeSet<UserId>>,
    /// The time zone the board's players read its deadlines in, when the GM
    /// names one (an IANA name such as `Europe/London`): the pages show
    /// each deadline in it beside UTC, in which the rules set them
    /// (wm D.VII.4.b).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_zone: Option<String>,
}

/// wm A.1: a team has at least seven players and may add a captain, a GM and
/// replacements; a list far longer than that is a mistake, not a team.
pub const MAX_TEAM_MEMBERS: usize = 30;

impl Settings {
    /// Validates the set-up at `now` (wm D.I.1.b, D.VII.4.a).
    pub fn validate(&self, gm: Option<&UserId>, now: DateTime<Utc>) -> Result<(), Refusal> {
        if self.players.len() != Power::ALL.len() {
            return Err(Refusal::invalid("each of the seven powers needs a player"));
        }
        let distinct: BTreeSet<&UserId> = self.players.values().collect();
        if distinct.len() != self.players.len() {
            return Err(Refusal::invalid("a player plays one power"));
        }
        if gm.is_some_and(|g| distinct.contains(g)) {
            return Err(Refusal::rule(
                "wm D.I.1.a",
                "the GM does not play on the board",
            ));
        }
        if !(1901..=1999).contains(&self.last_year) {
            return Err(Refusal::invalid("the last year must be 1901 to 1999"));
        }
        self.turn_lengths.validate(self.players_consent_to_faster)?;
        // wm D.III.1: every agreed abbreviation names a real place.
        for (power, list) in &self.abbreviations {
            if let Some((k, v)) = list.iter().find(|(k, v)| {
                k.trim().is_empty() || crate::diplomacy::map::parse_location(v).is_none()
            }) {
                return Err(Refusal::rule(
                    "wm D.III.1",
                    format!("{power:?}'s abbreviation `{k}` names no place (`{v}`)"),
                ));
            }
        }
        self.house_rules.validate()?;
        if let Some(zone) = self.time_zone.as_deref() {
            if zone.parse::<chrono_tz::Tz>().is_err() {
                return Err(Refusal::invalid(format!(
                    "{zone:?} is no time zone (an IANA name such as Europe/London)"
                )));
            }
        }
        // wm B.8.b: a power's team is who hears of its NMR; it names someone,
        // and no more people than a team has (the captain may be listed too).
        if let Some(power) = self
            .teams
            .iter()
            .find(|(_, team)| team.is_empty() || team.len() > MAX_TEAM_MEMBERS)
            .map(|(p, _)| p)
        {
            return Err(Refusal::rule(
                "wm B.8.b",
                format!("{power:?}'s team must list 1 to {MAX_TEAM_MEMBERS} members"),
            ));
        }
        let min = if self.players_consent_to_faster {
            1
        } else {
            MIN_MOVEMENT_HOURS
        };
        super::deadline::within_horizon(self.first_deadline, now)?;
        if self.first_deadline < now + Duration::hours(i64::from(min)) {
            return Err(Refusal::rule(
                "wm D.VII.4.a",
                "Spring 1901 needs at least 3 days before its deadline",
            ));
        }
        Ok(())
    }

    /// The board's own time zone, if it names one that exists.
    pub fn zone(&self) -> Option<chrono_tz::Tz> {
        self.time_zone.as_deref().and_then(|z| z.parse().ok())
    }

    pub fn hours_for(&self, kind: crate::diplomacy::position::PhaseKind) -> u32 {
        use crate::diplomacy::position::PhaseKind;
        match kind {
            PhaseKind::Movement => self.turn_lengths.movement_hours,
            PhaseKind::Retreat => self.turn_lengths.retreat_hours,
            PhaseKind::Adjustment => self.turn_lengths.adjustment_hours,
        }
    }
}
