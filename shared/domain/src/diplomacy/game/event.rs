//! What happens on a board. Serialized inside the envelope's event, so the
//! tag is `event`; no variant has a `type` or `kind` field at its top level.

use super::deadline::Unavailability;
use super::position::Position;
use super::press::Press;
use super::replacement::ReplacementPeriod;
use super::settings::{HouseRules, Settings};
use super::state::OrderReceipt;
use super::vote::{Ballot, Proposal};
use crate::diplomacy::cli::OrderResult;
use crate::diplomacy::map::Power;
use crate::envelope::UserId;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Why the game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", tag = "by")]
pub enum EndReason {
    /// wm B.3: the last year was played.
    LastYear,
    /// 18 centres (wm C.4).
    Solo { power: Power },
    /// wm D.IX.4: an agreed draw.
    Draw,
    /// wm D.IX.3: an agreed concession.
    Concession { to: Power },
}

/// Something that happened under the board's rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "DiplomacyGameEvent")]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// wm D.I.1.b: the game's settings and house rules, public.
    GameSetUp {
        settings: Settings,
    },
    PlayerSeated {
        power: Power,
        player: UserId,
    },
    GameStarted {
        position: Position,
        deadline: DateTime<Utc>,
    },
    /// wm D.II.1, D.VII.7: an order set received; secret until adjudicated.
    OrdersSubmitted {
        power: Power,
        orders: Vec<String>,
        #[serde(rename = "final")]
        is_final: bool,
        receipt: OrderReceipt,
    },
    /// wm D.VII.2, D.VII.4: the current phase's deadline.
    DeadlineSet {
        phase: String,
        deadline: DateTime<Utc>,
    },
    UnavailabilityDeclared {
        player: UserId,
        window: Unavailability,
    },
    /// wm D.VII.2: windows that conflict, flagged to the TD.
    UnavailabilityConflictFlagged {
        detail: String,
    },
    /// wm D.VII.5: the deadline moved by an extension.
    ExtensionGranted {
        power: Power,
        hours: u32,
        charged: bool,
        guaranteed: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        holiday: Option<String>,
        deadline: DateTime<Utc>,
    },
    /// wm D.VII.5: asked late, for the next turn.
    ExtensionQueued {
        power: Power,
        hours: u32,
        guaranteed: bool,
    },
    HolidayDeclared {
        name: String,
        hours: u32,
    },
    /// wm D.VII.6.b: a 1901 phase with an NMR is not adjudicated.
    AdjudicationWithheld {
        phase: String,
        missing: Vec<Power>,
    },
    /// The phase adjudicated: orders as written and read (wm D.VIII.4).
    PhaseAdjudicated {
        phase: String,
        orders: BTreeMap<Power, Vec<String>>,
        results: Vec<OrderResult>,
        nmr: Vec<Power>,
        next: Position,
    },
    /// wm D.VII.6.a, c.
    NmrRecorded {
        power: Power,
        phase: String,
        contact_by: DateTime<Utc>,
    },
    /// wm D.VII.6.a: the player contacted the GM (or sent orders, which
    /// reach the GM: the same contact); wm B.8.c: a player whose replacement
    /// is sought returns while none is seated.
    GmContacted {
        power: Power,
    },
    /// wm B.8.c: civil disorder does not stop the player's later orders;
    /// with them the position is played again.
    CivilDisorderLifted {
        power: Power,
    },
    /// wm D.VII.6.a–b, B.8.
    ReplacementProcedureStarted {
        power: Power,
        replace_by: DateTime<Utc>,
    },
    /// wm B.7: a replacement takes the seat.
    ReplacementAppointed {
        power: Power,
        player: UserId,
        period: ReplacementPeriod,
    },
    ReplacementPeriodDeclared {
        power: Power,
        period: ReplacementPeriod,
        by_player: bool,
    },
    ReplacementMadePermanent {
        power: Power,
    },
    PlayerReturned {
        power: Power,
    },
    /// wm B.8.c: the player replaced submits orders before the replacement
    /// did, and takes the seat back.
    RightOfReturnUsed {
        power: Power,
        player: UserId,
    },
    /// wm B.10: the TD rejected a replacement for a conflict of interest;
    /// the replacement procedure starts again.
    ReplacementRejected {
        power: Power,
        player: UserId,
        reason: String,
        replace_by: DateTime<Utc>,
    },
    /// wm B.8.f.
    CivilDisorder {
        power: Power,
    },
    ProposalMade {
        proposal: Proposal,
    },
    /// wm D.IX.2: secret; redacted for everyone but the voter (and the GM
    /// who entered it, wm D.VII.1).
    VoteRecorded {
        proposal: u32,
        power: Option<Power>,
        ballot: Ballot,
        /// The GM who entered the vote the power's player sent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        entered_by: Option<UserId>,
    },
    /// wm D.IX.2: only the result is published.
    ProposalDecided {
        id: u32,
        passed: bool,
    },
    HouseRulesChanged {
        house_rules: HouseRules,
    },
    PressPublished {
        press: Press,
    },
    RollbackConsented {
        phase: String,
    },
    /// wm D.VIII.1–2: a unit put where it should have been, or taken off
    /// the board (`placed: None`).
    UnitPlacementCorrected {
        power: Power,
        unit: String,
        placed: Option<String>,
    },
    /// wm D.VIII.3: an extra unit that has stood through more than one
    /// adjudication stays; the next build/disband phase counts it, so the
    /// imbalance is rectified there.
    ExtraUnitNoted {
        power: Power,
        unit: String,
        appeared_in: String,
    },
    /// wm D.VIII.1: the last adjudication undone with the TD's consent.
    RolledBack {
        phase: String,
        deadline: DateTime<Utc>,
    },
    GameEnded {
        reason: EndReason,
        centers: BTreeMap<Power, usize>,
        eliminated: Vec<Power>,
    },
    /// wm D.II.2: the address `player` mails the board from (lower case).
    MailAddressRegistered {
        player: UserId,
        address: String,
    },
}

impl crate::rulebook::Membership for Event {
    /// The user this event seats on the board: a player or replacement.
    fn members_added(&self) -> Vec<&UserId> {
        match self {
            Event::PlayerSeated { player, .. } | Event::ReplacementAppointed { player, .. } => {
                vec![player]
            }
            _ => vec![],
        }
    }
}

/// A board event recorded because `clause` acted.
pub(super) fn by_rule(event: Event, clause: &'static str) -> super::Recorded {
    super::Recorded::by_rule(event, clause)
}

/// A board event no particular clause made happen.
pub(super) fn plain(event: Event) -> super::Recorded {
    super::Recorded::new(event)
}
