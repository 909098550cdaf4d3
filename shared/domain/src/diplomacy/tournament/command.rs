//! The tournament's commands and who may issue them.

use super::entries::{self, require_td, TeamEntry};
use super::event::{by_rule, Event};
use super::governance::{self, Ballot, MotionKind};
use super::model::BoardReport;
use super::reserves;
use super::rounds;
use super::state::{Settings, Tournament};
use crate::competition::{Competition, Context, Recorded, Role, UserId};
use crate::diplomacy::map::Power;
use crate::refusal::Refusal;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// A request to the tournament's rules. Commands that draw lots carry a
/// seed the service chose, stored with what it drew (wm B.2, B.6, C.7.f).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
}

impl Command {
    pub fn name(&self) -> &'static str {
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
        }
    }

    /// Whether the command needs a seed the caller did not give.
    pub fn draws_lots(action: &str) -> bool {
        matches!(action, "close-entries" | "pair-round" | "close-round")
    }
}

pub fn decide(
    env: &Competition,
    state: &Tournament,
    command: &Command,
    ctx: &Context,
) -> Result<Vec<Recorded>, Refusal> {
    let acting = state.acting_td.as_ref();
    match command {
        Command::Configure { settings } => {
            require_td(env, state, ctx, "wm A.3.i", "sets the tournament's dates")?;
            if state.entries_closed {
                return Err(Refusal::rule(
                    "wm B.2",
                    "entries are closed; the entry deadline is history",
                ));
            }
            Ok(vec![by_rule(
                Event::Configured {
                    settings: settings.clone(),
                },
                "wm A.3.i",
            )])
        }
        Command::Register { team } => entries::register(env, state, ctx, team.as_ref()),
        Command::CloseEntries { seed } => entries::close(env, state, ctx, *seed),
        Command::PairRound { seed } => rounds::pair(env, state, ctx, *seed),
        Command::ReportBoard {
            board,
            report,
            reserve_takeovers,
        } => rounds::report(env, state, ctx, *board, report, reserve_takeovers),
        Command::CloseRound { seed } => rounds::close(env, state, ctx, *seed),
        Command::DeclineFinal => rounds::decline_final(state, ctx),
        Command::CallReserves {
            board,
            power,
            permanent,
        } => reserves::call(env, state, ctx, *board, *power, *permanent),
        Command::AnswerCall { call } => reserves::answer(state, ctx, *call),
        Command::CloseCall { call } => reserves::close(env, state, ctx, *call),
        Command::ActAsTd { assistant } => {
            let is_td = ctx
                .actor
                .user()
                .is_some_and(|u| env.has_role(u, Role::TournamentDirector));
            if !is_td {
                return Err(Refusal::forbidden(
                    "wm A.6",
                    "only the TD hands the post to an assistant",
                ));
            }
            if let Some(a) = assistant {
                if !env.has_role(a, Role::AssistantTournamentDirector) {
                    return Err(Refusal::rule(
                        "wm A.2",
                        format!("{a} is not an assistant TD"),
                    ));
                }
            }
            Ok(vec![by_rule(
                Event::ActingTd {
                    assistant: assistant.clone(),
                },
                "wm A.6",
            )])
        }
        Command::OpenMotion { motion } => {
            governance::open(env, &state.motions, acting, ctx, motion)
        }
        Command::RecordVote { motion, ballot } => {
            governance::vote(env, &state.motions, acting, ctx, *motion, *ballot)
        }
        Command::CloseMotion { motion, tie_break } => {
            governance::close(env, &state.motions, acting, ctx, *motion, *tie_break)
        }
        Command::RuleOnChange { motion, approve } => {
            governance::rule_on_change(env, &state.motions, acting, ctx, *motion, *approve)
        }
        Command::AcceptQuestion { motion } => {
            governance::accept_question(&state.motions, ctx, *motion)
        }
    }
}
