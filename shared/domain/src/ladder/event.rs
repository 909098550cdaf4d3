//! The club ladder's events: what happened, with every number a decision
//! computed (rating changes, deductions, adjustments), so that a replay never
//! recomputes a rule. How each folds into the state is in `fold`.

use super::court::{AppealSubject, Judgement, Vote};
use super::decay::Deduction;
use super::elo::GameResult;
use super::game::{Bell, Oversight, RematchOutcome, Timing};
use super::remedy::Remedy;
use super::sanction::{DeclarationChannel, FraudStep};
use super::settings::Settings;
use super::RemovalGrounds;
use crate::envelope::UserId;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// A change to one member's score, as actually applied (after the floor).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Adjustment {
    pub member: UserId,
    pub delta: i64,
}

/// A change to a ban by the Court (club II.9.3–II.9.4) or by voiding.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct BanChange {
    pub member: UserId,
    /// The new expiry (a Friday); `None` with `lifted: false` is permanent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expires: Option<NaiveDate>,
    pub lifted: bool,
}

/// What undoing or replacing a decision changes (club III.2.4.2 voiding,
/// III.3.8 overturning, II.6.3 restoring a decay, III.5 reverting).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Amendment {
    /// The use of power amended, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power_use: Option<u64>,
    /// Whether that use of power is void from now on.
    #[serde(default)]
    pub void: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub adjustments: Vec<Adjustment>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ban: Option<BanChange>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lift_monitor: Option<UserId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub void_game: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub restore_game: Option<u64>,
    /// club II.6.3: the week whose decay is restored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub restore_decay: Option<NaiveDate>,
    /// club III.5: settings restored by annulling a technical modification.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<Settings>,
    /// club III.5: the technical modification annulled, taken out of the
    /// settings' history as well (see `terms`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub modification: Option<u64>,
    /// club III.2: the result `restore_game` had before a correction.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub restore_result: Option<GameResult>,
    /// club II.12.2: the removed member the Court puts back on the
    /// leaderboard.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reinstate: Option<UserId>,
}

/// Something that happened under the club's Terms. Serialized inside the
/// envelope's event, so its tag is `event`, not `type`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "ClubLadderEvent")]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    SettingsConfigured {
        settings: Settings,
    },
    MemberJoined {
        member: UserId,
        score: i64,
        rejoined: bool,
    },
    AttendanceRecorded {
        session: NaiveDate,
        member: UserId,
        minutes: u32,
        present: bool,
    },
    GameRegistered {
        game: u64,
        white: UserId,
        black: UserId,
        result: GameResult,
        played_at: DateTime<Utc>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        session: Option<NaiveDate>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        moderator: Option<UserId>,
        chessclock: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bell: Option<Bell>,
        /// club II.10.3: the moderator who oversaw the game.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        oversight: Option<Oversight>,
        registered_by: UserId,
        /// club II.10.4: awaiting a moderator's approval.
        pending: bool,
        white_delta: i64,
        black_delta: i64,
    },
    GameApproved {
        game: u64,
        by: UserId,
        white_delta: i64,
        black_delta: i64,
    },
    GameRejected {
        game: u64,
        by: UserId,
        reason: String,
    },
    EndingObjected {
        game: u64,
        petitioner: UserId,
        session: NaiveDate,
    },
    RematchRecorded {
        game: u64,
        by: UserId,
        outcome: RematchOutcome,
        /// club I.6–I.8: how the rematch was timed.
        #[serde(default, skip_serializing_if = "Timing::is_untimed")]
        timing: Timing,
        /// club I.6: the overseeing moderator exempted it from the limit.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        exempted: bool,
        /// The game's final result, when the rematch changed it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        result: Option<GameResult>,
        /// club I.8.2: the expired rematch decided on material (I.5).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bell: Option<Bell>,
        white_delta: i64,
        black_delta: i64,
    },
    OnlineGameStarted {
        game: u64,
        white: UserId,
        black: UserId,
        day: NaiveDate,
    },
    OnlineGameFinished {
        game: u64,
        result: GameResult,
        pending: bool,
        white_delta: i64,
        black_delta: i64,
    },
    GameVoided {
        game: u64,
        reason: String,
        adjustments: Vec<Adjustment>,
    },
    WeekClosed {
        week: NaiveDate,
        deductions: Vec<Deduction>,
        /// The last member covered, when a large week closes in parts.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        through: Option<UserId>,
    },
    RemovalRequested {
        member: UserId,
    },
    MemberRemoved {
        member: UserId,
        grounds: RemovalGrounds,
        /// The Chief Justice who removed the member; none when the deadline
        /// sweep complied with a request (II.8, II.12).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<UserId>,
    },
    /// club III.2, J.11: a game registered by honest mistake, voided (no
    /// `result`) or corrected to `result`; `adjustments` reverse its rating
    /// changes and rate the corrected result on the restored scores.
    GameCorrected {
        power_use: u64,
        game: u64,
        by: UserId,
        reason: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        result: Option<GameResult>,
        previous: GameResult,
        adjustments: Vec<Adjustment>,
    },
    ScoreChanged {
        power_use: u64,
        member: UserId,
        by: UserId,
        delta: i64,
        reason: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        offence: Option<String>,
    },
    FraudPenalized {
        power_use: u64,
        member: UserId,
        by: UserId,
        offence: String,
        reason: String,
        step: FraudStep,
        discretion: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        game: Option<u64>,
        /// The game's changes reversed (first step, and any named game).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        reversal: Vec<Adjustment>,
        /// The step's own change to the member's score.
        delta: i64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ban_expires: Option<NaiveDate>,
        banned: bool,
    },
    /// club I.2.1: a penalty for unsportsmanlike conduct or cheating, or a
    /// combination of them given as one use of power: `forfeit` is the
    /// member's game given to the opponent (`previous` its result before,
    /// `adjustments` the changes to both scores), then `delta` deducted, then
    /// a ban until `ban_expires`.
    ConductPenalized {
        power_use: u64,
        member: UserId,
        by: UserId,
        offence: String,
        reason: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        forfeit: Option<u64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        previous: Option<GameResult>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        adjustments: Vec<Adjustment>,
        delta: i64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ban_expires: Option<NaiveDate>,
    },
    Banned {
        power_use: u64,
        member: UserId,
        by: UserId,
        reason: String,
        expires: NaiveDate,
        offence: String,
    },
    BanExpired {
        member: UserId,
        power_use: u64,
    },
    /// club III.6: the teacher's ban; `expires: None` lasts until lifted.
    TeacherBanned {
        power_use: u64,
        member: UserId,
        by: UserId,
        reason: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        expires: Option<NaiveDate>,
    },
    /// club III.6: the teacher lifts the teacher's ban.
    TeacherBanLifted {
        member: UserId,
        power_use: u64,
        by: UserId,
        reason: String,
    },
    Monitored {
        power_use: u64,
        member: UserId,
        by: UserId,
        suspicion: String,
    },
    MonitorLifted {
        member: UserId,
        power_use: u64,
        by: UserId,
        reason: String,
    },
    ChessclockRequirement {
        member: UserId,
        required: bool,
    },
    Declared {
        power_use: u64,
        by: UserId,
        statement: String,
        channel: DeclarationChannel,
    },
    PenaltyVoided {
        power_use: u64,
        amendment: Amendment,
    },
    AppealFiled {
        appeal: u64,
        appellant: UserId,
        subject: AppealSubject,
        grounds: String,
        en_banc: bool,
        parties: BTreeSet<UserId>,
    },
    HearingSupported {
        appeal: u64,
        justice: UserId,
    },
    HearingGranted {
        appeal: u64,
        by: Vec<UserId>,
        /// En banc: every justice sits (III.3.5.3, III.3.9).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        bench: Vec<UserId>,
    },
    PanelEmpanelled {
        appeal: u64,
        justices: Vec<UserId>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        conflicts_ignored: Vec<UserId>,
    },
    VoteCast {
        appeal: u64,
        justice: UserId,
        vote: Vote,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bar_appeals_until: Option<NaiveDate>,
    },
    AppealDecided {
        appeal: u64,
        judgement: Judgement,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        amendment: Option<Amendment>,
    },
    Reevaluated {
        appeal: u64,
        by: UserId,
        statement: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        remedy: Option<Remedy>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        amendment: Option<Amendment>,
    },
    OpinionPublished {
        appeal: u64,
        author: UserId,
        text: String,
        late: bool,
    },
    OpinionOverdue {
        appeal: u64,
    },
    TechnicallyModified {
        modification: u64,
        by: UserId,
        description: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        settings: Option<Settings>,
        previous: Settings,
    },
    /// club IV.1: the Chief Justice changed the Terms, in force from the
    /// event's instant (IV.2); `previous` are the settings until then.
    TermsChanged {
        change: u64,
        by: UserId,
        description: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        settings: Option<Settings>,
        previous: Settings,
    },
    /// club III.4: an authority not explicitly granted, exercised by the
    /// Chief Justice.
    ResidualAuthorityExercised {
        act: u64,
        by: UserId,
        description: String,
    },
    AntiCheatReportFiled {
        report: u64,
        game: u64,
        member: UserId,
        raw: String,
        redacted: String,
    },
    AntiCheatReleased {
        report: u64,
        to: UserId,
    },
    RawOrderVoted {
        appeal: u64,
        justice: UserId,
        ordered: bool,
    },
}

impl crate::rulebook::Membership for Event {
    /// The user this event makes a member of the competition, if any.
    fn members_added(&self) -> Vec<&UserId> {
        match self {
            Event::MemberJoined { member, .. } => vec![member],
            _ => vec![],
        }
    }
}
