//! The commands a Swiss event accepts (tagged by `action`) and the events it
//! records (tagged by `event`).

use super::settings::Settings;
use crate::envelope::UserId;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// A game's result as the arbiter writes it on the pairing sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "SwissGameResult")]
pub enum GameResult {
    #[serde(rename = "1-0")]
    WhiteWins,
    #[serde(rename = "0-1")]
    BlackWins,
    /// Also read as `½-½`, as it is often typed.
    #[serde(rename = "1/2-1/2", alias = "½-½")]
    Draw,
    /// White wins by forfeit: Black did not appear (dutch F2, G).
    #[serde(rename = "+-")]
    WhiteWinsByForfeit,
    /// Black wins by forfeit.
    #[serde(rename = "-+")]
    BlackWinsByForfeit,
    /// Neither appeared.
    #[serde(rename = "--")]
    DoubleForfeit,
}

impl GameResult {
    /// (White's, Black's) half points.
    pub fn half_points(self) -> (u32, u32) {
        match self {
            GameResult::WhiteWins | GameResult::WhiteWinsByForfeit => (2, 0),
            GameResult::BlackWins | GameResult::BlackWinsByForfeit => (0, 2),
            GameResult::Draw => (1, 1),
            GameResult::DoubleForfeit => (0, 0),
        }
    }

    /// dutch F2: whether the game was played over the board.
    pub fn played(self) -> bool {
        matches!(
            self,
            GameResult::WhiteWins | GameResult::BlackWins | GameResult::Draw
        )
    }

    /// The players who lost by not appearing (dutch G).
    pub fn no_shows(self) -> (bool, bool) {
        match self {
            GameResult::WhiteWinsByForfeit => (false, true),
            GameResult::BlackWinsByForfeit => (true, false),
            GameResult::DoubleForfeit => (true, true),
            _ => (false, false),
        }
    }

    /// The result as written (`1-0`, `+-`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::WhiteWinsByForfeit => "+-",
            GameResult::BlackWinsByForfeit => "-+",
            GameResult::DoubleForfeit => "--",
        }
    }
}

/// What a player gives when entering: dutch A2's ranking data and the
/// federation a TRF records.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// The name as published (and alphabetised, dutch A2(d)).
    pub name: String,
    /// dutch A1, A2(b): the rating (0: unrated).
    #[serde(default)]
    pub rating: u32,
    /// dutch A2(c): the FIDE title (`GM`, `IM`, `WGM`, `WIM`, `FM`, `CM`,
    /// `WFM`, `WCM`, or empty).
    #[serde(default)]
    pub title: String,
    /// The three-letter federation code (may be empty).
    #[serde(default)]
    pub federation: String,
    /// The FIDE id, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fide_id: Option<u64>,
}

/// An absolute criterion a manual pairing breaks, kept by the arbiter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Overridden {
    /// The clause (`dutch B1a`, `dutch B1b`, `dutch B2`; `dutch17 C.1`,
    /// `dutch17 C.2`, `dutch17 C.3` and the same of `dutch26` under the
    /// later editions).
    pub clause: String,
    /// What breaks it, by pairing numbers ("board 3 - 7", "the bye to 9").
    pub what: String,
}

/// One board of a manual pairing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardForm {
    pub white: UserId,
    pub black: UserId,
}

/// One board of a paired round, in publishing order (dutch F1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "SwissPairing")]
pub struct Pairing {
    pub board: u32,
    pub white: UserId,
    pub black: UserId,
}

/// A request to a Swiss event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "SwissCommand")]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum Command {
    /// Organizer or arbiter, before round 1 is paired: the regulations.
    SetUp { settings: Settings },
    /// A player enters (or the arbiter enters `player`).
    Register {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<UserId>,
        entry: Entry,
    },
    /// A player withdraws (or the arbiter withdraws `player`), dutch F5.
    Withdraw {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<UserId>,
    },
    /// The arbiter takes a withdrawn player back into the pairings.
    Reinstate { player: UserId },
    /// A player asks for a half-point bye in a round not yet paired, or in
    /// every round from `round` to `through`.
    RequestBye {
        round: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        through: Option<u32>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<UserId>,
    },
    /// dutch F5: a player known not to play a round (scores 0), or every
    /// round from `round` to `through`.
    AnnounceAbsence {
        round: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        through: Option<u32>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<UserId>,
    },
    /// Organizer or arbiter: none of `players` (siblings, club mates, a
    /// team's members) is to be paired against another of them. The
    /// pairing treats them as having met (dutch B1a, by the regulations).
    ProhibitPairings { players: Vec<UserId> },
    /// Organizer or arbiter: lifts a prohibition given with exactly these
    /// players.
    LiftProhibition { players: Vec<UserId> },
    /// Takes back a bye request or an announced absence before pairing.
    CancelAbsence {
        round: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<UserId>,
    },
    /// Organizer or arbiter: pair the next round with the event's system.
    PairRound,
    /// The arbiter pairs a round by hand, with the reason for the log.
    SetPairing {
        round: u32,
        boards: Vec<BoardForm>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bye: Option<UserId>,
        reason: String,
        /// The arbiter keeps this pairing although it breaks an absolute
        /// criterion (dutch B1, B2; dutch17 C.1–C.3 and dutch26 C.1–C.3 under
        /// the later editions): a rematch, a second bye or a colour the rules forbid,
        /// where no pairing meets them and the event must go on. The chief
        /// arbiter has the last word; the criteria broken are recorded with
        /// the reason. Without it such a pairing is refused, naming the clause.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        override_absolute: bool,
    },
    /// A player of the game reports its result.
    ReportResult {
        round: u32,
        board: u32,
        result: GameResult,
    },
    /// The opponent of the player who reported disputes the report.
    DisputeResult { round: u32, board: u32 },
    /// The arbiter sets (or confirms, or corrects) a result, forfeits
    /// included.
    SetResult {
        round: u32,
        board: u32,
        result: GameResult,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
    /// Organizer or arbiter, before anything is recorded: an event in
    /// progress from its TRF-16 file; `players` names the user of each
    /// starting rank (default `trf-<rank>`).
    ImportTrf {
        trf: String,
        #[serde(default, with = "crate::string_keys")]
        #[schemars(with = "BTreeMap<u32, UserId>")]
        players: BTreeMap<u32, UserId>,
    },
}

impl crate::rulebook::Action for Command {
    fn name(&self) -> &'static str {
        match self {
            Command::SetUp { .. } => "set-up",
            Command::Register { .. } => "register",
            Command::Withdraw { .. } => "withdraw",
            Command::Reinstate { .. } => "reinstate",
            Command::RequestBye { .. } => "request-bye",
            Command::AnnounceAbsence { .. } => "announce-absence",
            Command::CancelAbsence { .. } => "cancel-absence",
            Command::PairRound => "pair-round",
            Command::SetPairing { .. } => "set-pairing",
            Command::ReportResult { .. } => "report-result",
            Command::DisputeResult { .. } => "dispute-result",
            Command::SetResult { .. } => "set-result",
            Command::ImportTrf { .. } => "import-trf",
            Command::ProhibitPairings { .. } => "prohibit-pairings",
            Command::LiftProhibition { .. } => "lift-prohibition",
        }
    }
}

/// Why a player is not paired in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Absence {
    /// A half-point bye the player asked for (the regulations' limit).
    HalfPointBye,
    /// dutch F5: known in advance not to play; scores 0.
    Announced,
}

/// A player not paired in a round, and what they score for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct NotPaired {
    pub player: UserId,
    pub half_points: u32,
}

/// Something that happened to a Swiss event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "SwissEvent")]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    SetUp {
        settings: Settings,
    },
    /// A player entered; `first_round` is the first round they may be
    /// paired in (a late entrant missed the rounds before it).
    Registered {
        player: UserId,
        entry: Entry,
        first_round: u32,
        /// The starting rank an imported TRF gave the player.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        starting_rank: Option<u32>,
    },
    /// dutch F5: not paired from `from_round` on.
    Withdrew {
        player: UserId,
        from_round: u32,
    },
    Reinstated {
        player: UserId,
        from_round: u32,
    },
    AbsenceRecorded {
        player: UserId,
        round: u32,
        absence: Absence,
    },
    AbsenceCancelled {
        player: UserId,
        round: u32,
    },
    /// None of `players` is paired against another of them.
    PairingsProhibited {
        players: BTreeSet<UserId>,
    },
    ProhibitionLifted {
        players: BTreeSet<UserId>,
    },
    /// A round's pairing, published (dutch F1): by the system, or by the
    /// arbiter (`manual` holds the reason). A round paired again replaces
    /// the earlier pairing (dutch F6, F7).
    RoundPaired {
        round: u32,
        boards: Vec<Pairing>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bye: Option<UserId>,
        /// Players not paired and their score for the round (dutch F5,
        /// half-point byes, late entrants, withdrawals).
        not_paired: Vec<NotPaired>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        manual: Option<String>,
        /// The absolute criteria the arbiter's pairing breaks, kept by his
        /// decision (`override_absolute`): clause and board.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        overridden: Vec<Overridden>,
    },
    ResultReported {
        round: u32,
        board: u32,
        result: GameResult,
        by: UserId,
    },
    ResultDisputed {
        round: u32,
        board: u32,
        by: UserId,
    },
    /// The arbiter's result: final.
    ResultSet {
        round: u32,
        board: u32,
        result: GameResult,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
}

impl crate::rulebook::Membership for Event {
    /// Who becomes a member of the competition through this event.
    fn members_added(&self) -> Vec<&UserId> {
        match self {
            Event::Registered { player, .. } => vec![player],
            _ => vec![],
        }
    }
}
