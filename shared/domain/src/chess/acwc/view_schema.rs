//! The kind's view as typed structs: `view.rs` fills them under the rules
//! on secrecy, and the API document's schema of an ACWC `game` is derived
//! from them, so the two cannot drift apart. The TD's extra fields (acwc
//! VII.A, II.B, IV.F) are a group flattened in only for the TD. A field
//! that may be `null` is always written, though the schema (as schemars
//! derives an `Option`) does not list it as required.

use super::eligibility::Seeding;
use super::final_match::{Armageddon, FinalGame, FinalPhase};
use super::settings::{Settings, TimeControl};
use super::standings::{CandidatesRow, QualificationRow};
use super::state::{CheatingReport, EntrantStatus, Match, Offer, PendingGame, Report};
use super::vocabulary::{MatchId, Stage};
use crate::envelope::UserId;
use chrono::{DateTime, Utc};
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::Serialize;
use std::collections::BTreeMap;

/// An ACWC championship as the viewer may see it: cheating reports,
/// exceptions and flagged matches only for the TD (acwc VII.A).
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "AcwcView")]
pub struct View<'a> {
    /// The championship's settings; `null` until configured.
    pub settings: Option<&'a Settings>,
    /// The stage being played (acwc III).
    pub stage: Stage,
    /// Entries in registration order (acwc II); an entry in review or
    /// denied only to the TD (II.C.2).
    pub entrants: Vec<EntrantLine<'a>>,
    /// acwc III.F: the Qualification.
    pub qualification: QualificationTable,
    /// acwc III.G: the Candidates.
    pub candidates: CandidatesTable<'a>,
    /// acwc IV.E: the published rounds, in publishing order.
    pub rounds: Vec<RoundShown<'a>>,
    /// The viewer's own matches still being played, with their negotiation
    /// (acwc V); empty to anyone who plays none.
    pub schedule: Vec<ScheduleLine<'a>>,
    /// acwc III.H: the Final; `null` until it is set up.
    #[serde(rename = "final")]
    pub final_match: Option<FinalShown<'a>>,
    /// The champion, once decided.
    pub champion: Option<&'a UserId>,
    /// Present only to the TD.
    #[serde(flatten)]
    pub td: Option<TdOnly<'a>>,
}

/// What only the TD sees (acwc VII.A: accusations are private to the TD).
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "AcwcTdOnly")]
pub struct TdOnly<'a> {
    /// TD only: accusations and their rulings (acwc VII.A).
    pub cheating_reports: &'a [CheatingReport],
    /// TD only: entry exceptions granted, with reasons, by player (acwc II.B).
    pub exceptions: &'a BTreeMap<UserId, String>,
    /// TD only: unfinished matches flagged or with a disputed result
    /// (acwc IV.F, V.H, VI.G).
    pub flagged_matches: Vec<&'a MatchId>,
}

/// One entry (acwc II).
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "AcwcEntrantLine")]
pub struct EntrantLine<'a> {
    pub player: &'a UserId,
    /// The Lichess account entered.
    pub account: &'a str,
    /// acwc III.E: the average of the two ratings of `seeding`.
    pub seeding_rating: f64,
    pub seeding: Seeding,
    /// Where the entry stands, as `{"status": ...}`.
    pub status: &'a EntrantStatus,
    /// acwc II.B: the exception the entry was admitted under, if any.
    pub exception: Option<&'a str>,
    /// acwc VI.F: matches the player forfeited.
    pub forfeits: usize,
}

/// The Qualification's length and table (acwc III.F).
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "AcwcQualificationTable")]
pub struct QualificationTable {
    /// The number of rounds (acwc III.F.2).
    pub rounds: u32,
    /// The table; empty before the Qualification starts.
    pub standings: Vec<QualificationRow>,
}

/// The Candidates' seats and table (acwc III.G).
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "AcwcCandidatesTable")]
pub struct CandidatesTable<'a> {
    /// By Berger number (index + 1).
    pub seats: &'a [UserId],
    pub standings: Vec<CandidatesRow>,
}

/// One published round with its matches, each with its agreed time (acwc
/// IV.E, V.A: "it must be shared in the pairings forum post").
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "AcwcRoundShown")]
pub struct RoundShown<'a> {
    pub stage: Stage,
    pub round: u32,
    pub published_at: DateTime<Utc>,
    /// acwc IV.F: Sunday 23:59:59 UTC.
    pub deadline: DateTime<Utc>,
    /// The player with the bye, if any.
    pub bye: Option<&'a UserId>,
    pub matches: Vec<&'a Match>,
}

/// One of the viewer's unfinished matches (acwc V).
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "AcwcScheduleLine")]
pub struct ScheduleLine<'a> {
    pub match_id: &'a MatchId,
    pub opponent: &'a UserId,
    /// The agreed or fixed start time.
    pub time: Option<DateTime<Utc>>,
    pub offers: &'a [Offer],
    /// A score waiting for confirmation (acwc VI.G).
    pub report: Option<&'a Report>,
}

/// The Final's score and state (acwc III.H).
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "AcwcFinalShown")]
pub struct FinalShown<'a> {
    /// The holder (III.C), or the Challenger's opponent under VIII.C.
    pub first: &'a UserId,
    /// The Challenger.
    pub second: &'a UserId,
    /// acwc III.H.6.iii: who plays White on equal bids.
    pub higher_seed: &'a UserId,
    /// Each finalist's points over the regular games, by player.
    pub score: BTreeMap<&'a str, f64>,
    /// Regular games in order (not the Armageddon game).
    pub games: &'a [FinalGame],
    /// Games played, the Armageddon game included.
    pub games_played: u32,
    pub phase: FinalPhase,
    /// The next game's time control; `null` for Armageddon (III.H.6).
    pub next_time_control: Option<TimeControl>,
    /// acwc III.H.6.ii: the bids submitted, each sealed until both are in.
    pub bids: Vec<Bid<'a>>,
    /// acwc III.H.6: colours and clocks, once both bids are in.
    pub armageddon: Option<&'a Armageddon>,
    /// acwc III.H.6.i: the Armageddon game's result, once played.
    pub armageddon_game: Option<&'a FinalGame>,
    /// A game reported and waiting for the opponent's confirmation.
    pub pending_game: Option<&'a PendingGame>,
    /// Whether the Final is over.
    pub decided: bool,
}

/// acwc III.H.6.ii: a sealed bid for White; `seconds` is `null` to all but
/// its bidder until both bids are in.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "AcwcBid")]
pub struct Bid<'a> {
    pub player: &'a UserId,
    pub seconds: Option<u32>,
}

/// The schema of the kind's view (see [`View`]).
pub fn view_schema(generator: &mut SchemaGenerator) -> Schema {
    generator.subschema_for::<View>()
}
