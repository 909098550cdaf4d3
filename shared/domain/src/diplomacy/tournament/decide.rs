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
use crate::diplomacy::tournament::Recorded;
use crate::envelope::Ruled;
use crate::envelope::{Context, Envelope, Role, UserId};
use crate::refusal::Refusal;
use crate::rulebook::Route;
use chrono::DateTime;
use chrono::Utc;

/// wm A.3.i: the TD sets the tournament's dates, while entries are open
/// (wm B.2).
fn configure(
    env: &Envelope,
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
    env: &Envelope,
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

/// The contract's rules: vocabulary, decisions and offices (see [`crate::rulebook`]).
impl crate::rulebook::Rules for Tournament {
    type Command = Command;

    type Event = Event;

    const TITLE: &'static str = "a World Masters tournament";

    const OLD_SPELLINGS: &'static [crate::vocabulary::OldSpelling] = super::state::OLD_SPELLINGS;

    /// wm A.2 the TD and assistant TDs, wm A.5 the TMC, wm A.9 the
    /// observers, wm D the boards' Game Masters.
    const OFFICIALS: &'static [Role] = &[
        Role::TournamentDirector,
        Role::AssistantTournamentDirector,
        Role::TmcMember,
        Role::Observer,
        Role::GameMaster,
        Role::Captain,
    ];

    /// wm B.2 entries; wm A.6 the TMC's votes; wm B.5–B.6 the draw.
    fn route_action(route: Route) -> Option<&'static str> {
        match route {
            Route::Registrations => Some("register"),
            Route::Votes => Some("record-vote"),
            Route::Rounds => Some("pair-round"),
            Route::Orders => None,
        }
    }

    /// wm B.2, B.6, C.7.f: the draws of entries, rounds and ties.
    fn draws_lots(action: &str) -> bool {
        Command::draws_lots(action)
    }

    /// Decides a tournament command.
    fn decide(
        &self,
        env: &Envelope,
        command: &Self::Command,
        ctx: &Context,
    ) -> Result<Vec<Ruled<Self::Event>>, Refusal> {
        let state = self;
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
            Command::RegisterMailAddress { user, address } => {
                super::mail::register_address(env, state, ctx, user, address)
            }
        }
    }

    fn apply(&mut self, event: &Self::Event, at: DateTime<Utc>) {
        super::state::apply(self, event, at)
    }

    /// wm A.4: the TD may not play nor have an affiliation with a team (the
    /// assistant TDs, who stand in for the TD, likewise); wm A.8: nor may TMC
    /// members (as registration already refuses officials on a team); wm A.10:
    /// assistant TDs and TMC members may not serve as Tournament Observers.
    fn may_grant(&self, env: &Envelope, user: &UserId, role: Role) -> Result<(), Refusal> {
        let director = matches!(
            role,
            Role::TournamentDirector | Role::AssistantTournamentDirector
        );
        if director && self.entered(user) {
            return Err(Refusal::rule(
                "wm A.4",
                format!("the TD may not play nor be affiliated with a team: {user} has entered"),
            ));
        }
        if role == Role::TmcMember && self.entered(user) {
            return Err(Refusal::rule(
                "wm A.8",
                format!("TMC members do not play nor join a team: {user} has entered"),
            ));
        }
        let may_not_observe = [Role::AssistantTournamentDirector, Role::TmcMember];
        if role == Role::Observer && may_not_observe.iter().any(|r| env.has_role(user, *r)) {
            return Err(Refusal::rule(
                "wm A.10",
                format!(
                    "assistant TDs and TMC members may not serve as Tournament Observers ({user})"
                ),
            ));
        }
        if may_not_observe.contains(&role) && env.has_role(user, Role::Observer) {
            return Err(Refusal::rule(
                "wm A.10",
                format!(
                    "{user} is a Tournament Observer, which assistant TDs and TMC members may not be"
                ),
            ));
        }
        Ok(())
    }
}
