//! Requests to a board (wm D): what a player, the GM or the TD may ask;
//! `decide` says who may and what follows.

use super::deadline::Unavailability;
use super::press::PressKind;
use super::replacement::ReplacementPeriod;
use super::settings::Settings;
use super::vote::{Ballot, ProposalKind};
use crate::diplomacy::map::Power;
use crate::envelope::UserId;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// A request to the board's rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "DiplomacyGameCommand")]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum Command {
    /// GM: sets the game up and starts Spring 1901 (wm D.I.1.b).
    SetUp { settings: Settings },
    /// The power's current player: an order set for `phase` (wm D.II).
    SubmitOrders {
        power: Power,
        phase: String,
        orders: Vec<String>,
        #[serde(rename = "final", default)]
        is_final: bool,
    },
    /// GM: enters an order set the power's player sent the GM by e-mail
    /// (wm D.VII.1: orders count from when the GM receives them). The
    /// player's own orders, not a proxy's (wm D.II.3); the receipt names
    /// the GM who entered them.
    EnterOrders {
        power: Power,
        phase: String,
        orders: Vec<String>,
        #[serde(rename = "final", default)]
        is_final: bool,
    },
    /// GM: the current phase's deadline (wm D.VII.2, D.VII.4).
    SetDeadline { deadline: DateTime<Utc> },
    /// A player: the weekly unavailability window (wm D.VII.2).
    DeclareUnavailability { window: Unavailability },
    /// The power's player (or the GM, for a holiday): an extension (wm D.VII.5).
    RequestExtension {
        power: Power,
        hours: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        holiday: Option<String>,
        #[serde(default)]
        for_later_turn: bool,
    },
    /// GM: a further, discretionary extension (wm D.VII.5).
    GrantExtension { power: Power, hours: u32 },
    /// TD: a holiday eligible for free extensions (wm D.VII.5).
    DeclareHoliday { name: String, hours: u32 },
    /// The NMR'd power's player: contacts the GM (wm D.VII.6.a).
    ContactGm { power: Power },
    /// GM: records the replacement chosen (wm B.7–B.8).
    AppointReplacement {
        power: Power,
        player: UserId,
        period: ReplacementPeriod,
    },
    /// The replaced player or the replacement: the announced period (wm B.7).
    DeclareReplacementPeriod {
        power: Power,
        period: ReplacementPeriod,
    },
    /// wm B.10: the TD rejects a replacement for a conflict of interest.
    RejectReplacement { power: Power, reason: String },
    /// A player (or the GM, for a house-rule change): a proposal (wm D.IX).
    Propose {
        #[serde(flatten)]
        proposal: ProposalKind,
    },
    /// A remaining player (or the GM, on a house-rule change): a secret,
    /// revisable vote (wm D.IX.1–2).
    RecordVote { proposal: u32, ballot: Ballot },
    /// GM: enters a vote the power's player sent the GM (wm D.VII.1,
    /// D.IX.2); as secret as the player's own.
    EnterVote {
        power: Power,
        proposal: u32,
        ballot: Ballot,
    },
    /// A player: press (wm D.X).
    SendPress {
        press: PressKind,
        text: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        attributed_to: Option<String>,
    },
    /// TD: consents to rolling back `phase` (wm D.VIII.1).
    ConsentToRollback { phase: String },
    /// GM: rolls the last adjudication back (wm D.VIII.1).
    Rollback {
        phase: String,
        deadline: DateTime<Utc>,
    },
    /// The GM (or the TD): the address `player` mails the board from (wm
    /// D.II.2: the GM states how orders are sent). A mail to the board's
    /// address from it is that player's act, for the power they hold then;
    /// again to change it. Shown only to the GM, the TD and the player.
    RegisterMailAddress { player: UserId, address: String },
    /// GM: wm D.VIII.2, `unit` of `power` is erroneously in a space another
    /// unit holds; it goes to `should_be` (where it should have been) if
    /// that is vacant, otherwise off the board.
    CorrectDoubleOccupancy {
        power: Power,
        unit: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        should_be: Option<String>,
    },
    /// GM: wm D.VIII.3, `unit` of `power` is an extra unit, first shown by
    /// the adjudication of `appeared_in`.
    CorrectExtraUnit {
        power: Power,
        unit: String,
        appeared_in: String,
    },
}

impl crate::rulebook::Action for Command {
    fn name(&self) -> &'static str {
        match self {
            Command::SetUp { .. } => "set-up",
            Command::SubmitOrders { .. } => "submit-orders",
            Command::EnterOrders { .. } => "enter-orders",
            Command::SetDeadline { .. } => "set-deadline",
            Command::DeclareUnavailability { .. } => "declare-unavailability",
            Command::RequestExtension { .. } => "request-extension",
            Command::GrantExtension { .. } => "grant-extension",
            Command::DeclareHoliday { .. } => "declare-holiday",
            Command::ContactGm { .. } => "contact-gm",
            Command::AppointReplacement { .. } => "appoint-replacement",
            Command::DeclareReplacementPeriod { .. } => "declare-replacement-period",
            Command::RejectReplacement { .. } => "reject-replacement",
            Command::Propose { .. } => "propose",
            Command::RecordVote { .. } => "record-vote",
            Command::EnterVote { .. } => "enter-vote",
            Command::SendPress { .. } => "send-press",
            Command::ConsentToRollback { .. } => "consent-to-rollback",
            Command::Rollback { .. } => "rollback",
            Command::CorrectDoubleOccupancy { .. } => "correct-double-occupancy",
            Command::CorrectExtraUnit { .. } => "correct-extra-unit",
            Command::RegisterMailAddress { .. } => "register-mail-address",
        }
    }
}
