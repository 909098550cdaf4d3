//! The commands this kind decides and the events it records.
//!
//! Who may issue each command: the organizer sets up ([`Command::Configure`]);
//! players register, withdraw, negotiate, report and claim; the TD
//! (`Role::TournamentDirector`, acwc I.C) grants exceptions, reviews entries,
//! settles disputes, fixes times, declares forfeits and disqualifies, and
//! makes the final call: corrects results, undoes forfeits, reinstates.

use super::eligibility::{Mark, PlayerFacts, Seeding};
use super::final_match::{Armageddon, FinalGame};
use super::settings::Settings;
use crate::envelope::UserId;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// A match's id: `q<round>.<board>` (Qualification), `c<round>.<board>`
/// (Candidates), `final`.
pub type MatchId = String;

/// The id of the Final.
pub const FINAL: &str = "final";

/// A request to this kind's rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "AcwcCommand")]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum Command {
    /// Organizer: the championship's set-up (dates, variant, time control,
    /// stages, pre-qualified players). Allowed until the Qualification starts.
    Configure { settings: Settings },
    /// TD: an exception to the entry requirements (acwc II.B), with a reason.
    GrantException { user: UserId, reason: String },
    /// Any user but the TD: enter with an account's facts (acwc II).
    Register { facts: PlayerFacts },
    /// Organizer: enters `player` with facts the organizer supplies or had
    /// fetched (acwc II); the same eligibility rules as [`Command::Register`].
    EnterPlayer { player: UserId, facts: PlayerFacts },
    /// TD: admit or deny an entry in the review queue (acwc II.C.2).
    ReviewEntry {
        user: UserId,
        admit: bool,
        reason: String,
    },
    /// A player withdraws (acwc VIII).
    Withdraw,
    /// TD: disqualifies a player (acwc II.C, VI, VII, VIII).
    Disqualify {
        player: UserId,
        reason: Disqualification,
    },
    /// TD (or the service on the TD's behalf): a new Lichess mark on a
    /// player's account during the championship (acwc VII.C).
    RecordMark { player: UserId, mark: Mark },
    /// TD: publish the next round now if it is due (acwc IV.D–E).
    PairRound,
    /// A player of the match: a proposed start time in UTC (acwc V.B–D).
    OfferTime {
        match_id: MatchId,
        at: DateTime<Utc>,
    },
    /// The opponent of an offer: accept it; the match time is fixed (acwc V).
    AcceptOffer {
        match_id: MatchId,
        at: DateTime<Utc>,
    },
    /// The player chosen by acwc V.E/V.I, or the TD (V.F, V.I): fix the time.
    FixMatchTime {
        match_id: MatchId,
        at: DateTime<Utc>,
    },
    /// TD: who is at fault after both made their offers (acwc V.H–I);
    /// `None`: nobody, the TD fixes the time.
    RuleOnNegotiation {
        match_id: MatchId,
        at_fault: Option<UserId>,
    },
    /// A player of the match: the score in half games, first player first (acwc VI.G).
    ReportResult {
        match_id: MatchId,
        first: u32,
        second: u32,
    },
    /// A finalist: the result of game `game` (1-based) of the Final (acwc III.H, VI.G).
    ReportFinalGame { game: u32, winner: Option<UserId> },
    /// The opponent of the reporter: confirm the pending report (acwc VI.G).
    ConfirmResult { match_id: MatchId },
    /// The opponent of the reporter: dispute it; the TD settles (acwc I.C).
    DisputeResult { match_id: MatchId, reason: String },
    /// TD: settle a disputed or flagged match (acwc I.C, IV.F).
    SettleResult {
        match_id: MatchId,
        first: u32,
        second: u32,
        reason: String,
    },
    /// TD: settle a disputed game of the Final (acwc I.C).
    SettleFinalGame {
        game: u32,
        winner: Option<UserId>,
        reason: String,
    },
    /// A finalist: the sealed time bid for White, in seconds (acwc III.H.6.ii).
    BidForWhite { seconds: u32 },
    /// The appearing player, 10 minutes after the agreed time (acwc VI.D).
    ClaimNoShow {
        match_id: MatchId,
        choice: NoShowChoice,
    },
    /// A player of the match calls their one break, between two games
    /// (acwc VI.A); it lasts at most 10 minutes.
    CallBreak { match_id: MatchId },
    /// A player whose opponent left at `left_at` and did not return within
    /// 10 minutes claims the game (acwc VI.E).
    ClaimAbandonedGame {
        match_id: MatchId,
        left_at: DateTime<Utc>,
    },
    /// TD: a forfeit (acwc VI.B, VI.D).
    DeclareForfeit {
        match_id: MatchId,
        loser: UserId,
        reason: String,
    },
    /// TD (acwc I.C, the final call): corrects the result of a finished
    /// match of the stage being played, confirmed or awarded, to this score.
    /// The standings change at once; rounds already published stand, later
    /// rounds are paired on the corrected standings. A forfeit replaced this
    /// way no longer counts for VI.F.
    CorrectResult {
        match_id: MatchId,
        first: u32,
        second: u32,
        reason: String,
    },
    /// TD (acwc I.C): undoes a disqualification. The player is paired again
    /// from the next round of the stage they were disqualified in; matches
    /// turned over for an engine mark (VIII.A.2) get their scores back; the
    /// current round's matches awarded or disregarded because they left
    /// (VIII.A.1, VIII.B) are played after all; earlier rounds stand.
    Reinstate { player: UserId, reason: String },
    /// TD (acwc I.C): undoes a forfeit (VI.B, VI.D) of the current round: the
    /// match is played after all, its time agreed or fixed anew; it no longer
    /// counts for VI.F. A forfeit of an earlier round is replaced by a score
    /// with [`Command::CorrectResult`].
    UndoForfeit { match_id: MatchId, reason: String },
    /// TD (acwc I.C, the final call): corrects the result of game `game`
    /// (1-based) of the Final, already recorded, while the Final is
    /// undecided. If the corrected games decided the Final at an earlier
    /// checkpoint (III.H), the champion is decided then and there.
    CorrectFinalGame {
        game: u32,
        winner: Option<UserId>,
        reason: String,
    },
    /// Any player: a private accusation to the TD (acwc VII.A).
    ReportCheating { accused: UserId, details: String },
    /// TD: the finding on a report (acwc VII.B).
    RuleOnCheatingReport { report: u32, guilty: bool },
}

impl crate::rulebook::Action for Command {
    fn name(&self) -> &'static str {
        match self {
            Command::Configure { .. } => "configure",
            Command::GrantException { .. } => "grant-exception",
            Command::Register { .. } => "register",
            Command::EnterPlayer { .. } => "enter-player",
            Command::ReviewEntry { .. } => "review-entry",
            Command::Withdraw => "withdraw",
            Command::Disqualify { .. } => "disqualify",
            Command::RecordMark { .. } => "record-mark",
            Command::PairRound => "pair-round",
            Command::OfferTime { .. } => "offer-time",
            Command::AcceptOffer { .. } => "accept-offer",
            Command::FixMatchTime { .. } => "fix-match-time",
            Command::RuleOnNegotiation { .. } => "rule-on-negotiation",
            Command::ReportResult { .. } => "report-result",
            Command::ReportFinalGame { .. } => "report-final-game",
            Command::ConfirmResult { .. } => "confirm-result",
            Command::DisputeResult { .. } => "dispute-result",
            Command::SettleResult { .. } => "settle-result",
            Command::SettleFinalGame { .. } => "settle-final-game",
            Command::BidForWhite { .. } => "bid-for-white",
            Command::ClaimNoShow { .. } => "claim-no-show",
            Command::CallBreak { .. } => "call-break",
            Command::ClaimAbandonedGame { .. } => "claim-abandoned-game",
            Command::DeclareForfeit { .. } => "declare-forfeit",
            Command::CorrectResult { .. } => "correct-result",
            Command::CorrectFinalGame { .. } => "correct-final-game",
            Command::Reinstate { .. } => "reinstate",
            Command::UndoForfeit { .. } => "undo-forfeit",
            Command::ReportCheating { .. } => "report-cheating",
            Command::RuleOnCheatingReport { .. } => "rule-on-cheating-report",
        }
    }
}

/// acwc VI.D: what the appearing player chooses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum NoShowChoice {
    ClaimWin,
    Reschedule,
}

/// Why a player was disqualified.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "ground", rename_all = "kebab-case")]
pub enum Disqualification {
    /// acwc II.C.4: entered with a second account.
    SecondAccount,
    /// acwc VI.F: forfeited two matches.
    TwoForfeits,
    /// acwc VII.A: accused someone in public.
    PublicAccusation,
    /// acwc VII.B: found guilty of cheating.
    Cheating,
    /// acwc VII.C, VIII.A.2: an engine mark.
    EngineMark,
    /// acwc VII.C: a booster mark.
    BoosterMark,
    /// Any other ground the TD states (acwc I.C).
    Other { reason: String },
}

impl Disqualification {
    /// The clause the ground comes from.
    pub fn clause(&self) -> &'static str {
        match self {
            Disqualification::SecondAccount => "acwc II.C.4",
            Disqualification::TwoForfeits => "acwc VI.F",
            Disqualification::PublicAccusation => "acwc VII.A",
            Disqualification::Cheating => "acwc VII.B",
            Disqualification::EngineMark | Disqualification::BoosterMark => "acwc VII.C",
            Disqualification::Other { .. } => "acwc I.C",
        }
    }
}

/// A stage of the championship (acwc III.B).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
#[schemars(rename = "AcwcStage")]
pub enum Stage {
    Registration,
    Qualification,
    Candidates,
    Final,
    Finished,
}

/// One published match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "AcwcPairing")]
pub struct Pairing {
    pub match_id: MatchId,
    pub first: UserId,
    pub second: UserId,
}

/// How a match ended when it was not simply played and confirmed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Award {
    /// acwc VI.B, VI.D, VI.F: the loser forfeited.
    Forfeit,
    /// acwc VIII.A.1: the loser withdrew or was disqualified before playing.
    Withdrawal,
    /// acwc VIII.A.2: a finished match turned over after an engine mark.
    EngineMark,
}

/// Something that happened under this kind's rules. Serialized inside the
/// envelope's event, so its tag is `event`, not `type`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "AcwcEvent")]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    Configured {
        settings: Settings,
    },
    ExceptionGranted {
        user: UserId,
        reason: String,
    },
    /// acwc II: an entry; `review` set when it waits for the TD (II.C.2);
    /// `other_accounts`: the accounts the facts say the same person owns
    /// (II.C.4), shown to the officials only.
    Registered {
        player: UserId,
        account: String,
        seeding: Seeding,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        review: Option<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        other_accounts: Vec<String>,
    },
    EntryReviewed {
        player: UserId,
        admitted: bool,
        reason: String,
    },
    /// acwc II.C.4: `user` tried to enter with `account`, a second account of
    /// `entered` (named in either one's facts).
    SecondAccountDetected {
        user: UserId,
        account: String,
        entered: UserId,
    },
    Withdrew {
        player: UserId,
    },
    Disqualified {
        player: UserId,
        reason: Disqualification,
    },
    MarkRecorded {
        player: UserId,
        mark: Mark,
    },
    /// acwc III.F: the Qualification's players in pairing-number order.
    QualificationStarted {
        players: Vec<UserId>,
        rounds: u32,
    },
    /// acwc III.G: the Candidates' seats (Berger numbers 1..n).
    CandidatesStarted {
        seats: Vec<UserId>,
    },
    /// acwc III.H, VIII.C: the Final's two players.
    FinalStarted {
        first: UserId,
        second: UserId,
        higher_seed: UserId,
    },
    /// acwc IV.D–E: a round's pairings, in publishing order.
    RoundPublished {
        stage: Stage,
        round: u32,
        pairings: Vec<Pairing>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bye: Option<UserId>,
        deadline: DateTime<Utc>,
    },
    TimeOffered {
        match_id: MatchId,
        by: UserId,
        at: DateTime<Utc>,
    },
    MatchTimeAgreed {
        match_id: MatchId,
        at: DateTime<Utc>,
    },
    MatchTimeFixed {
        match_id: MatchId,
        by: UserId,
        at: DateTime<Utc>,
    },
    /// acwc V.E–F, V.H–I: who is at fault and who now fixes the time
    /// (`chooser: None`: the TD).
    NegotiationFailed {
        match_id: MatchId,
        at_fault: Vec<UserId>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        chooser: Option<UserId>,
    },
    ResultReported {
        match_id: MatchId,
        by: UserId,
        first: u32,
        second: u32,
    },
    FinalGameReported {
        game: u32,
        by: UserId,
        winner: Option<UserId>,
    },
    ResultConfirmed {
        match_id: MatchId,
        by: UserId,
    },
    ResultDisputed {
        match_id: MatchId,
        by: UserId,
        reason: String,
    },
    ResultSettled {
        match_id: MatchId,
        first: u32,
        second: u32,
        reason: String,
    },
    FinalGameSettled {
        game: u32,
        winner: Option<UserId>,
        reason: String,
    },
    /// A match decided without (or against) its score.
    MatchAwarded {
        match_id: MatchId,
        winner: UserId,
        award: Award,
    },
    /// acwc VIII.B: a Candidate's games no longer count.
    CandidateGamesDisregarded {
        player: UserId,
    },
    /// acwc I.C: the TD's correction of a finished match's result.
    ResultCorrected {
        match_id: MatchId,
        first: u32,
        second: u32,
        reason: String,
    },
    /// acwc I.C: the TD's correction of a recorded game of the Final.
    FinalGameCorrected {
        game: u32,
        winner: Option<UserId>,
        reason: String,
    },
    /// acwc I.C: a finished match is to be played after all (a forfeit
    /// undone, or a player reinstated during the round).
    MatchReopened {
        match_id: MatchId,
        reason: String,
    },
    /// acwc I.C: a disqualification undone; the player is active again.
    Reinstated {
        player: UserId,
        reason: String,
    },
    /// acwc I.C, VIII.B: a reinstated Candidate's games count again: those
    /// with a result, and the current round's, against players still in.
    CandidateGamesRestored {
        player: UserId,
    },
    /// acwc IV.F, V.H: the TD must act on this match.
    MatchFlagged {
        match_id: MatchId,
        reason: String,
    },
    NoShowClaimed {
        match_id: MatchId,
        by: UserId,
        choice: NoShowChoice,
    },
    GameClaimed {
        match_id: MatchId,
        by: UserId,
        left_at: DateTime<Utc>,
    },
    /// acwc VI.A: a break until `ends_at`.
    BreakCalled {
        match_id: MatchId,
        by: UserId,
        ends_at: DateTime<Utc>,
    },
    /// acwc III.H.6.ii: a sealed bid; `seconds` hidden until both are in.
    BidSubmitted {
        player: UserId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seconds: Option<u32>,
    },
    ArmageddonColoursFixed {
        armageddon: Armageddon,
    },
    FinalGameRecorded {
        game: u32,
        result: FinalGame,
    },
    ChampionDecided {
        champion: UserId,
    },
    /// acwc VII.A: private to the TD.
    CheatingReported {
        report: u32,
        by: UserId,
        accused: UserId,
        details: String,
    },
    CheatingReportRuled {
        report: u32,
        guilty: bool,
    },
}

impl crate::rulebook::Membership for Event {
    /// The user this event makes a member of the competition, if any.
    fn members_added(&self) -> Vec<&UserId> {
        match self {
            Event::Registered { player, .. } => vec![player],
            _ => vec![],
        }
    }
}
