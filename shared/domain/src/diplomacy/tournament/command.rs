//! The tournament's commands (who may issue each is decided in `decide`).

use super::entries::TeamEntry;
use super::governance::{Ballot, MotionKind};
use super::model::BoardReport;
use super::state::Settings;
use crate::diplomacy::map::Power;
use crate::envelope::UserId;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// A request to the tournament's rules. Commands that draw lots carry a
/// seed the service chose, stored with what it drew (wm B.2, B.6, C.7.f).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "WorldMastersCommand")]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum Command {
    /// wm A.3.i: the TD sets the dates.
    Configure { settings: Settings },
    /// wm B.2: a team enters (`team`), or the caller enters alone.
    Register {
        #[serde(default)]
        team: Option<TeamEntry>,
    },
    /// wm B.2: the TD closes entries and groups the individuals.
    CloseEntries { seed: u64 },
    /// wm A.3.ii, B.5–B.6: the TD draws the next round's boards.
    PairRound { seed: u64 },
    /// A board's GM (or the TD) reports its result.
    ReportBoard {
        board: usize,
        report: BoardReport,
        /// wm B.8.e: positions a reserve took over for want of a team
        /// replacement.
        #[serde(default)]
        reserve_takeovers: BTreeSet<Power>,
    },
    /// wm C.6–C.13: the TD closes the round: standings and advancement.
    CloseRound { seed: u64 },
    /// wm C.10: a qualifier declines the final.
    DeclineFinal,
    /// wm B.8.d: the TD calls the reserves for a position.
    CallReserves {
        board: usize,
        power: Power,
        #[serde(default)]
        permanent: bool,
    },
    /// wm B.8.d: a reserve answers a call.
    AnswerCall { call: u32 },
    /// wm B.8.d–f, B.9: the TD closes a call after its period.
    CloseCall { call: u32 },
    /// wm A.6: the TD hands the post to an assistant, or takes it back.
    ActAsTd { assistant: Option<UserId> },
    /// wm A.3.v, A.5–A.7: a motion for the TMC.
    OpenMotion {
        #[serde(flatten)]
        motion: MotionKind,
    },
    /// wm A.6: a TMC vote.
    RecordVote { motion: u32, ballot: Ballot },
    /// wm A.6: the TD closes a vote, breaking a tie if there is one.
    CloseMotion {
        motion: u32,
        #[serde(default)]
        tie_break: Option<Ballot>,
    },
    /// wm A.7: the TD approves or vetoes an adopted house-rule change.
    RuleOnChange { motion: u32, approve: bool },
    /// wm D.I.2.a: a party to an appeal accepts the question ruled on.
    AcceptQuestion { motion: u32 },
    /// The TD: the address `user` (a TMC member, a reserve, a qualifier)
    /// mails the tournament from; a mail to its address from it is that
    /// user's act. Shown only to the TD and the user.
    RegisterMailAddress { user: UserId, address: String },
}

impl Command {
    /// Whether the command needs a seed the caller did not give.
    pub fn draws_lots(action: &str) -> bool {
        matches!(action, "close-entries" | "pair-round" | "close-round")
    }
}

impl crate::rulebook::Action for Command {
    fn name(&self) -> &'static str {
        match self {
            Command::Configure { .. } => "configure",
            Command::Register { .. } => "register",
            Command::CloseEntries { .. } => "close-entries",
            Command::PairRound { .. } => "pair-round",
            Command::ReportBoard { .. } => "report-board",
            Command::CloseRound { .. } => "close-round",
            Command::DeclineFinal => "decline-final",
            Command::CallReserves { .. } => "call-reserves",
            Command::AnswerCall { .. } => "answer-call",
            Command::CloseCall { .. } => "close-call",
            Command::ActAsTd { .. } => "act-as-td",
            Command::OpenMotion { .. } => "open-motion",
            Command::RecordVote { .. } => "record-vote",
            Command::CloseMotion { .. } => "close-motion",
            Command::RuleOnChange { .. } => "rule-on-change",
            Command::AcceptQuestion { .. } => "accept-question",
            Command::RegisterMailAddress { .. } => "register-mail-address",
        }
    }
}
