//! Deciding commands: who may do what, and what each command records.
//! Whatever falls due by `now` follows in the same commit ([`super::due`]).

mod corrections;
mod entries;
mod fair_play;
mod forfeits;
mod rounds;

use super::due::{due_by_time, follow_ups_owned, Ruled};
use super::final_match::FinalPhase;
use super::state::{apply, Championship, Match};
use super::vocabulary::{Command, Event, MatchId, Stage};
use super::{negotiation, results};
use crate::chess::acwc::Recorded;
use crate::envelope::{Context, Envelope, Role, UserId, ROLES_CLAUSE};
use crate::refusal::Refusal;
use crate::rulebook::Route;
use chrono::DateTime;
use chrono::Utc;

pub(super) type Out = Vec<(Event, Option<String>)>;

pub(super) fn plain(e: Event) -> Out {
    vec![(e, None)]
}

pub(super) fn by_rule(ruled: Vec<Ruled>) -> Out {
    ruled.into_iter().map(|(e, c)| (e, Some(c))).collect()
}

/// Whether nothing can fall due after `events`, read from what they touch
/// rather than from the whole championship. Time has brought nothing due since the last commit
/// ([`due_by_time`]; every other follow-up is brought only by events, and
/// each commit was followed up until nothing more was due), and the events
/// only add to a match's negotiation or report (or enter a player before
/// any match exists), or finish one match of the current round while
/// another is still open. Such events award nothing by forfeit, change no
/// stage, complete no round (acwc IV.D–E) and add no deadline that has
/// passed (an offer made after Wednesday does not count for acwc V.C, so it
/// cannot bring V.E–F due), so nothing follows them. Every other command is
/// followed up on a copy of the state; the common commands of a round thus
/// cost the same in a championship of any size.
fn quiet(state: &Championship, events: &Out, now: chrono::DateTime<chrono::Utc>) -> bool {
    let local = events.iter().all(|(e, _)| match e {
        Event::TimeOffered { .. }
        | Event::MatchTimeAgreed { .. }
        | Event::ResultReported { .. } => true,
        Event::Registered { .. } => state.matches.is_empty(),
        Event::ResultConfirmed { match_id, .. } | Event::ResultSettled { match_id, .. } => {
            events.len() == 1 && round_stays_open(state, match_id)
        }
        _ => false,
    });
    local && !due_by_time(state, now)
}

/// acwc IV.D–E: finishing the unfinished match `id` of the current round
/// leaves the round open: another of its matches is unfinished. A score
/// (confirmed or settled) is not a forfeit, so acwc VI.F cannot follow.
fn round_stays_open(state: &Championship, id: &MatchId) -> bool {
    let Some(m) = state.matches.get(id).filter(|m| !m.finished()) else {
        return false;
    };
    let current = state.rounds_of(state.stage).last();
    current.is_some_and(|r| r.stage == m.stage && r.number == m.round)
        && state.matches.unfinished_count(m.stage, m.round) >= 2
}

pub(super) fn actor(ctx: &Context) -> Result<&UserId, Refusal> {
    ctx.actor
        .user()
        .ok_or_else(|| Refusal::forbidden(ROLES_CLAUSE, "schedules only tick"))
}

/// acwc I.C: the TD's commands.
pub(super) fn require_td<'a>(env: &Envelope, ctx: &'a Context) -> Result<&'a UserId, Refusal> {
    let u = actor(ctx)?;
    if env.has_role(u, Role::TournamentDirector) {
        Ok(u)
    } else {
        Err(Refusal::forbidden(
            "acwc I.C",
            "only the Tournament Director may do this",
        ))
    }
}

pub(super) fn settings(state: &Championship) -> Result<&super::settings::Settings, Refusal> {
    state
        .settings
        .as_ref()
        .ok_or_else(|| Refusal::conflict("the organizer has not set the championship up yet"))
}

pub(super) fn find_match<'a>(state: &'a Championship, id: &MatchId) -> Result<&'a Match, Refusal> {
    state
        .matches
        .get(id)
        .ok_or_else(|| Refusal::not_found(format!("no match {id}")))
}

/// A match of `u` that is still being played.
pub(super) fn own_open_match<'a>(
    state: &'a Championship,
    id: &MatchId,
    u: &UserId,
) -> Result<&'a Match, Refusal> {
    let m = find_match(state, id)?;
    if !m.plays(u) {
        return Err(Refusal::forbidden(
            "acwc VI.G",
            format!("{u} does not play match {id}"),
        ));
    }
    if m.finished() {
        return Err(Refusal::conflict(format!("match {id} is finished")));
    }
    Ok(m)
}

/// Decides `command` alone, one topic at a time: the set-up and the
/// entries, the rounds, the negotiation, the results, the forfeits, the TD's
/// corrections and fair play.
fn decide_command(
    env: &Envelope,
    state: &Championship,
    command: &Command,
    ctx: &Context,
) -> Result<Out, Refusal> {
    match command {
        Command::Configure { settings } => entries::configure(env, state, settings, ctx),
        Command::GrantException { user, reason } => {
            entries::grant_exception(env, state, user, reason, ctx)
        }
        Command::Register { facts } => entries::register(env, state, facts, actor(ctx)?, ctx.now),
        Command::EnterPlayer { player, facts } => {
            entries::enter_player(env, state, player, facts, ctx)
        }
        Command::ReviewEntry {
            user,
            admit,
            reason,
        } => entries::review_entry(env, state, user, *admit, reason, ctx),
        Command::Withdraw => entries::withdraw(state, ctx),
        Command::PairRound => rounds::pair_round(env, state, ctx),
        Command::OfferTime { match_id, at } => negotiation::offer_time(state, match_id, *at, ctx),
        Command::AcceptOffer { match_id, at } => {
            negotiation::accept_offer(state, match_id, *at, ctx)
        }
        Command::FixMatchTime { match_id, at } => {
            negotiation::fix_match_time(env, state, match_id, *at, ctx)
        }
        Command::RuleOnNegotiation { match_id, at_fault } => {
            negotiation::rule_on_negotiation(env, state, match_id, at_fault.as_ref(), ctx)
        }
        Command::ReportResult {
            match_id,
            first,
            second,
        } => results::report_result(state, match_id, *first, *second, ctx),
        Command::ReportFinalGame { game, winner } => {
            results::report_final_game(state, *game, winner.as_ref(), ctx)
        }
        Command::ConfirmResult { match_id } => results::confirm_result(state, match_id, ctx),
        Command::DisputeResult { match_id, reason } => {
            results::dispute_result(state, match_id, reason, ctx)
        }
        Command::SettleResult {
            match_id,
            first,
            second,
            reason,
        } => results::settle_result(env, state, match_id, *first, *second, reason, ctx),
        Command::SettleFinalGame {
            game,
            winner,
            reason,
        } => results::settle_final_game(env, state, *game, winner.as_ref(), reason, ctx),
        Command::BidForWhite { seconds } => results::bid_for_white(state, *seconds, ctx),
        _ => decide_conduct(env, state, command, ctx),
    }
}

/// The conduct of the championship: forfeits, the TD's corrections and fair
/// play (acwc I.C, VI, VII).
fn decide_conduct(
    env: &Envelope,
    state: &Championship,
    command: &Command,
    ctx: &Context,
) -> Result<Out, Refusal> {
    match command {
        Command::ClaimNoShow { match_id, choice } => {
            forfeits::claim_no_show(state, match_id, *choice, ctx)
        }
        Command::CallBreak { match_id } => forfeits::call_break(state, match_id, ctx),
        Command::ClaimAbandonedGame { match_id, left_at } => {
            forfeits::claim_abandoned_game(state, match_id, *left_at, ctx)
        }
        Command::DeclareForfeit {
            match_id,
            loser,
            reason: _,
        } => forfeits::declare_forfeit(env, state, match_id, loser, ctx),
        Command::Disqualify { player, reason } => {
            fair_play::disqualify(env, state, player, reason, ctx)
        }
        Command::RecordMark { player, mark } => {
            fair_play::record_mark(env, state, player, mark, ctx)
        }
        Command::CorrectResult {
            match_id,
            first,
            second,
            reason,
        } => corrections::correct_result(env, state, match_id, *first, *second, reason, ctx),
        Command::CorrectFinalGame {
            game,
            winner,
            reason,
        } => corrections::correct_final_game(env, state, *game, winner.as_ref(), reason, ctx),
        Command::Reinstate { player, reason } => {
            corrections::reinstate(env, state, player, reason, ctx)
        }
        Command::UndoForfeit { match_id, reason } => {
            corrections::undo_forfeit(env, state, match_id, reason, ctx)
        }
        Command::ReportCheating { accused, details } => {
            fair_play::report_cheating(state, accused, details, ctx)
        }
        Command::RuleOnCheatingReport { report, guilty } => {
            fair_play::rule_on_cheating_report(env, state, *report, *guilty, ctx)
        }
        // decide_command decides every other command itself.
        other => Err(Refusal::invalid(format!(
            "{} is not a command of the championship's conduct",
            crate::rulebook::Action::name(other)
        ))),
    }
}

pub(super) fn round_of<'a>(
    state: &'a Championship,
    m: &Match,
) -> Result<&'a super::state::Round, Refusal> {
    state
        .rounds
        .iter()
        .find(|r| r.stage == m.stage && r.number == m.round)
        .ok_or_else(|| Refusal::not_found("the match's round"))
}

pub(super) fn final_of(
    state: &Championship,
) -> Result<(&super::final_match::FinalMatch, &super::settings::Settings), Refusal> {
    match (&state.final_match, &state.settings) {
        (Some(f), Some(s)) if state.stage == Stage::Final => Ok((f, s)),
        _ => Err(Refusal::conflict("the Final is not being played")),
    }
}

/// acwc III.H: the next game's number, and a winner who is a finalist.
pub(super) fn check_final_game(
    state: &Championship,
    game: u32,
    winner: Option<&UserId>,
) -> Result<(), Refusal> {
    let (f, s) = final_of(state)?;
    if let FinalPhase::Decided { .. } = f.phase(&s.format) {
        return Err(Refusal::conflict("the Final is decided"));
    }
    if game != f.games_played() + 1 {
        return Err(Refusal::conflict(format!(
            "the next game of the Final is game {}",
            f.games_played() + 1
        )));
    }
    if let Some(w) = winner {
        if !f.is_finalist(w) {
            return Err(Refusal::invalid(format!("{w} does not play the Final")));
        }
    }
    Ok(())
}

/// The contract's rules: vocabulary, decisions and offices (see [`crate::rulebook`]).
impl crate::rulebook::Rules for Championship {
    type Command = Command;

    type Event = Event;

    const TITLE: &'static str = "an ACWC championship";

    /// acwc I.C: the Tournament Director.
    const OFFICIALS: &'static [Role] = &[Role::TournamentDirector];

    /// acwc II a player registers; acwc IV.D–E the next round is paired.
    fn route_action(route: Route) -> Option<&'static str> {
        match route {
            Route::Registrations => Some("register"),
            Route::Rounds => Some("pair-round"),
            Route::Votes | Route::Orders => None,
        }
    }

    /// acwc II: the organizer enters a player through the same route.
    fn route_actions(route: Route) -> Vec<&'static str> {
        match route {
            Route::Registrations => vec!["register", "enter-player"],
            other => Self::route_action(other).into_iter().collect(),
        }
    }

    /// acwc II: a registration names a Lichess account, whose facts the
    /// edge fetches (see [`super::entry`]).
    fn route_body_schema(
        route: Route,
        generator: &mut schemars::SchemaGenerator,
    ) -> Option<schemars::Schema> {
        (route == Route::Registrations).then(|| {
            let entry = super::entry::schema(generator);
            schemars::json_schema!({ "title": "acwc registration", "allOf": [entry] })
        })
    }

    /// Whatever fell due by `ctx.now` follows in the same commit.
    /// Decides `command`, then whatever falls due by `ctx.now`.
    fn decide(
        &self,
        env: &Envelope,
        command: &Self::Command,
        ctx: &Context,
    ) -> Result<Vec<super::Recorded>, Refusal> {
        let state = self;
        let mut events = decide_command(env, state, command, ctx)?;
        if !quiet(state, &events, ctx.now) {
            let mut after = state.clone();
            for (e, _) in &events {
                apply(&mut after, e, ctx.now);
            }
            events.extend(by_rule(follow_ups_owned(after, ctx.now)));
        }
        Ok(events
            .into_iter()
            .map(|(e, c)| match c {
                Some(c) => Recorded::by_rule(e, c),
                None => Recorded::new(e),
            })
            .collect())
    }

    fn apply(&mut self, event: &Self::Event, at: DateTime<Utc>) {
        super::state::apply(self, event, at)
    }

    /// acwc I.D: the TD will not participate, so an entrant is not made TD.
    fn may_grant(&self, _env: &Envelope, user: &UserId, role: Role) -> Result<(), Refusal> {
        if role == Role::TournamentDirector && self.entrant(user).is_some() {
            return Err(Refusal::rule(
                "acwc I.D",
                format!("the TD will not participate: {user} has entered"),
            ));
        }
        Ok(())
    }
}
