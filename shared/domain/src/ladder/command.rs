//! The club ladder's commands: one per thing a member, moderator, justice or
//! the Chief Justice may ask of the Terms. Each maps onto one REST call; the
//! `action` tag names it.

use super::court::{AppealSubject, Vote};
use super::elo::GameResult;
use super::game::{Material, Oversight, RematchOutcome, Timing};
use super::sanction::{DeclarationChannel, FraudStep};
use super::settings::Settings;
use crate::envelope::UserId;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

/// One member's presence at a session (club J.9).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Attendee {
    pub member: UserId,
    /// Minutes spent in the room during the session.
    pub minutes: u32,
}

/// Why the Chief Justice removes a member.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum RemovalGrounds {
    /// club II.7: absent more than three of six weeks, at most two games.
    Inactivity,
    /// club II.8: the member asked.
    Request,
}

/// A request to the club ladder's rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "ClubLadderCommand")]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum Command {
    /// club J.5, II.3, J.9: set the club's settings up (organizer, before
    /// anyone joins).
    Configure { settings: Settings },
    /// club II.1: join with 100 points (yourself), or J.12: a moderator adds
    /// a non-member who is playing in this session.
    Join {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        member: Option<UserId>,
    },
    /// club J.9: a moderator records who was present at a session.
    RecordAttendance {
        session: NaiveDate,
        attendees: Vec<Attendee>,
    },
    /// club II.4: a player (or a moderator) registers a game played in a
    /// session (J.5–J.12).
    RegisterGame {
        white: UserId,
        black: UserId,
        result: GameResult,
        played_at: DateTime<Utc>,
        room: String,
        /// club J.6: the moderator present in the room.
        moderator: UserId,
        /// club II.11: whether a chessclock was used.
        #[serde(default)]
        chessclock: bool,
        /// club II.10.3: the moderator who oversaw the game, partially or
        /// entirely (required when a player is monitored).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        oversight: Option<Oversight>,
    },
    /// club II.10.4: a moderator approves a monitored member's game.
    ApproveGame { game: u64 },
    /// club II.10.4: a moderator refuses to approve it.
    RejectGame { game: u64, reason: String },
    /// club I.5: a moderator ends a game at the bell (or, I.8.2, at the end
    /// of a limit the players agreed) and decides it on captured material.
    AdjudicateBell {
        white: UserId,
        black: UserId,
        played_at: DateTime<Utc>,
        room: String,
        /// Black's pieces White took.
        white_captured: Material,
        /// White's pieces Black took.
        black_captured: Material,
    },
    /// club I.6: a player objects to a bell ending; a rematch follows at the
    /// next session.
    ObjectToEnding { game: u64 },
    /// club I.6: the overseeing moderator or justice records the rematch;
    /// I.7 (on a chessclock) and I.8 (a limit without one) govern its timing.
    RecordRematch {
        game: u64,
        outcome: RematchOutcome,
        /// club I.6–I.8: how it was timed (5 minutes each unless exempted).
        #[serde(default, skip_serializing_if = "Timing::is_untimed")]
        timing: Timing,
        /// club I.6: the overseeing moderator exempts it from the time limit.
        #[serde(default)]
        exempted: bool,
    },
    /// club I.9: an online game starts (one at a time, one per player a day).
    StartOnlineGame { white: UserId, black: UserId },
    /// club I.9.3, I.9.6: an online game ends (a player or a justice reports).
    FinishOnlineGame { game: u64, result: GameResult },
    /// club I.9.10: the Chief Justice voids an online game for an error.
    VoidOnlineGame { game: u64, reason: String },
    /// club II.7: the Chief Justice removes a member.
    RemoveMember {
        member: UserId,
        grounds: RemovalGrounds,
    },
    /// club II.8: a member asks to be removed.
    RequestRemoval {},
    /// club III.2, J.11: a moderator voids (no `result`) or corrects (a
    /// `result`) an over-the-board game registered by honest mistake, with
    /// no fraud penalty; declared under III.2.4.
    CorrectGame {
        game: u64,
        reason: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        result: Option<GameResult>,
    },
    /// club II.3: a moderator changes a score.
    ChangeScore {
        member: UserId,
        delta: i64,
        reason: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        offence: Option<String>,
    },
    /// club II.5: a moderator penalises fraud on the ladder of II.5.
    PenalizeFraud {
        member: UserId,
        /// What was done, naming the offence once (III.2.2).
        offence: String,
        reason: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        game: Option<u64>,
        /// club II.5: "moderators may use discretion": a different step.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        step: Option<FraudStep>,
    },
    /// club I.2.1: a moderator penalises unsportsmanlike conduct or cheating
    /// by a deduction of `deduction` points, the forfeiture of the member's
    /// game `forfeit`, a ban until `ban_expires`, or a combination: one use
    /// of power for one offence (III.2.2).
    PenalizeConduct {
        member: UserId,
        offence: String,
        reason: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        deduction: Option<i64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        forfeit: Option<u64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ban_expires: Option<NaiveDate>,
    },
    /// club II.9: an independent moderator bans a member until a Friday.
    Ban {
        member: UserId,
        reason: String,
        expires: NaiveDate,
        offence: String,
    },
    /// club III.6: the teacher bans a member, beyond the Court's review;
    /// without `expires`, until the teacher lifts it.
    TeacherBan {
        member: UserId,
        reason: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        expires: Option<NaiveDate>,
    },
    /// club III.6: the teacher lifts the teacher's ban.
    LiftTeacherBan { member: UserId, reason: String },
    /// club II.10.1: a moderator monitors a member on reasonable suspicion.
    Monitor { member: UserId, suspicion: String },
    /// club II.10.2: any moderator lifts a monitor.
    LiftMonitor { member: UserId, reason: String },
    /// club II.11: the Chief Justice requires (or stops requiring) a
    /// member to use a chessclock.
    RequireChessclock { member: UserId, required: bool },
    /// club III.2.4: the moderator declares a use of power.
    Declare {
        power_use: u64,
        statement: String,
        channel: DeclarationChannel,
    },
    /// club III.3: petition the Court.
    FileAppeal {
        subject: AppealSubject,
        grounds: String,
    },
    /// club III.3.6: the Chief Justice, or two independent justices, grant a hearing.
    GrantHearing { appeal: u64 },
    /// club III.3.7: the Chief Justice selects the panel of three.
    Empanel { appeal: u64, justices: Vec<UserId> },
    /// club III.3.8: a justice on the bench votes (routed by `record-vote`).
    CastVote {
        appeal: u64,
        vote: Vote,
        /// club II.9.5: refuse further ban appeals until this date.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bar_appeals_until: Option<NaiveDate>,
    },
    /// club III.3.8 a): the moderator re-evaluates a remanded decision.
    Reevaluate {
        appeal: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        remedy: Option<super::remedy::Remedy>,
        statement: String,
    },
    /// club III.3.10: a justice of the majority publishes the opinion.
    PublishOpinion { appeal: u64, text: String },
    /// club III.5: the Chief Justice makes (and announces) a technical modification.
    ModifyTechnically {
        description: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        settings: Option<Settings>,
    },
    /// club IV.1: the Chief Justice changes the Terms, in force from now
    /// (IV.2); `settings` are the new settings, if the change touches any.
    ChangeTerms {
        description: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        settings: Option<Settings>,
    },
    /// club III.4: the Chief Justice exercises an authority the Terms do not
    /// explicitly grant, recorded in the public log.
    ExerciseResidualAuthority { description: String },
    /// club I.9.5: the Chief Justice files anti-cheat information on an online game.
    FileAntiCheatReport {
        game: u64,
        member: UserId,
        raw: String,
        redacted: String,
    },
    /// club I.9.5: the Chief Justice releases redacted information to a moderator or justice.
    ReleaseAntiCheat { report: u64, to: UserId },
    /// club I.9.9: a justice on the bench votes to order the raw information.
    OrderRawAntiCheat { appeal: u64 },
}

impl crate::rulebook::Action for Command {
    fn name(&self) -> &'static str {
        match self {
            Command::Configure { .. } => "configure",
            Command::Join { .. } => "join",
            Command::RecordAttendance { .. } => "record-attendance",
            Command::RegisterGame { .. } => "register-game",
            Command::ApproveGame { .. } => "approve-game",
            Command::RejectGame { .. } => "reject-game",
            Command::AdjudicateBell { .. } => "adjudicate-bell",
            Command::ObjectToEnding { .. } => "object-to-ending",
            Command::RecordRematch { .. } => "record-rematch",
            Command::StartOnlineGame { .. } => "start-online-game",
            Command::FinishOnlineGame { .. } => "finish-online-game",
            Command::VoidOnlineGame { .. } => "void-online-game",
            Command::RemoveMember { .. } => "remove-member",
            Command::RequestRemoval { .. } => "request-removal",
            Command::CorrectGame { .. } => "correct-game",
            Command::ChangeScore { .. } => "change-score",
            Command::PenalizeFraud { .. } => "penalize-fraud",
            Command::PenalizeConduct { .. } => "penalize-conduct",
            Command::Ban { .. } => "ban",
            Command::TeacherBan { .. } => "teacher-ban",
            Command::LiftTeacherBan { .. } => "lift-teacher-ban",
            Command::Monitor { .. } => "monitor",
            Command::LiftMonitor { .. } => "lift-monitor",
            Command::RequireChessclock { .. } => "require-chessclock",
            Command::Declare { .. } => "declare",
            Command::FileAppeal { .. } => "file-appeal",
            Command::GrantHearing { .. } => "grant-hearing",
            Command::Empanel { .. } => "empanel",
            Command::CastVote { .. } => "cast-vote",
            Command::Reevaluate { .. } => "reevaluate",
            Command::PublishOpinion { .. } => "publish-opinion",
            Command::ModifyTechnically { .. } => "modify-technically",
            Command::ChangeTerms { .. } => "change-terms",
            Command::ExerciseResidualAuthority { .. } => "exercise-residual-authority",
            Command::FileAntiCheatReport { .. } => "file-anti-cheat-report",
            Command::ReleaseAntiCheat { .. } => "release-anti-cheat",
            Command::OrderRawAntiCheat { .. } => "order-raw-anti-cheat",
        }
    }
}
