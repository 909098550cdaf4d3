//! Who may issue each tournament command, and what it decides: entries
//! (wm B.2), rounds and reports (wm B, C), reserves (wm B.8–B.9) and the TD
//! and TMC's governance (wm A.2–A.7).

use super::command::Command;
use super::entries::{self, require_td};
use super::event::{by_rule, Event};
use super::governance;
use super::reserves;
use super::rounds;
use super::state::{Settings, Tournament};
use crate::competition::{Competition, Context, Recorded, Role, UserId};
use crate::refusal::Refusal;

/// Decides a tournament command.
pub fn decide(
    env: &Competition,
    state: &Tournament,
    command: &Command,
    ctx: &Context,
) -> Result<Vec<Recorded>, Refusal> {
    let acting = state.acting_td.as_ref();
    match command {
        Command::Configure { settings } => configure(env, state, ctx, settings),
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
        Command::ActAsTd { assistant } => act_as_td(env, ctx, assistant.as_ref()),
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

/// wm A.3.i: the TD sets the tournament's dates, while entries are open
/// (wm B.2).
fn configure(
    env: &Competition,
    state: &Tournament,
    ctx: &Context,
    settings: &Settings,
) -> Result<Vec<Recorded>, Refusal> {
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

/// wm A.6: the TD hands the post to an assistant TD (wm A.2), or takes it
/// back (`None`).
fn act_as_td(
    env: &Competition,
    ctx: &Context,
    assistant: Option<&UserId>,
) -> Result<Vec<Recorded>, Refusal> {
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
            assistant: assistant.cloned(),
        },
        "wm A.6",
    )])
}
