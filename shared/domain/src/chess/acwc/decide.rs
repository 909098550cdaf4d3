//! Deciding commands: who may do what, and what each command records.
//! Whatever falls due by `now` follows in the same commit ([`super::due`]).

use super::due::{follow_ups, leave, Ruled};
use super::eligibility::{check, Eligibility, Seeding};
use super::final_match::FinalPhase;
use super::negotiation::{BREAK_MINUTES, GRACE_MINUTES};
use super::state::{apply, Championship, EntrantStatus, Match};
use super::vocabulary::{Award, Command, Disqualification, Event, MatchId, NoShowChoice, Stage};
use crate::competition::{self, Competition, Context, Recorded, Role, UserId, ROLES_CLAUSE};
use crate::refusal::Refusal;
use chrono::Duration;

pub(super) type Out = Vec<(Event, Option<String>)>;

pub(super) fn plain(e: Event) -> Out {
    vec![(e, None)]
}

pub(super) fn by_rule(ruled: Vec<Ruled>) -> Out {
    ruled.into_iter().map(|(e, c)| (e, Some(c))).collect()
}

/// Decides `command`, then whatever falls due by `ctx.now`.
pub fn decide(
    env: &Competition,
    state: &Championship,
    command: &Command,
    ctx: &Context,
) -> Result<Vec<Recorded>, Refusal> {
    let mut events = decide_command(env, state, command, ctx)?;
    let mut after = state.clone();
    for (e, _) in &events {
        apply(&mut after, e, ctx.now);
    }
    events.extend(by_rule(follow_ups(&after, ctx.now)));
    Ok(events
        .into_iter()
        .map(|(e, c)| match c {
            Some(c) => Recorded::by_rule(competition::Event::Acwc(e), c),
            None => Recorded::new(competition::Event::Acwc(e)),
        })
        .collect())
}

pub(super) fn actor(ctx: &Context) -> Result<&UserId, Refusal> {
    ctx.actor
        .user()
        .ok_or_else(|| Refusal::forbidden(ROLES_CLAUSE, "schedules only tick"))
}

/// acwc I.C: the TD's commands.
pub(super) fn require_td<'a>(env: &Competition, ctx: &'a Context) -> Result<&'a UserId, Refusal> {
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

fn decide_command(
    env: &Competition,
    state: &Championship,
    command: &Command,
    ctx: &Context,
) -> Result<Out, Refusal> {
    let now = ctx.now;
    match command {
        Command::Configure { settings } => {
            let u = actor(ctx)?;
            if !env.has_role(u, Role::Organizer) {
                return Err(Refusal::forbidden(
                    ROLES_CLAUSE,
                    "only the organizer sets the championship up",
                ));
            }
            if state.stage != Stage::Registration {
                return Err(Refusal::rule(
                    "acwc IV.D",
                    "the set-up is fixed once the Qualification has started",
                ));
            }
            settings.validate()?;
            Ok(plain(Event::Configured {
                settings: settings.clone(),
            }))
        }
        Command::GrantException { user, reason } => {
            require_td(env, ctx)?;
            if reason.trim().is_empty() {
                return Err(Refusal::invalid("an exception is recorded with its reason"));
            }
            if state.stage != Stage::Registration {
                return Err(Refusal::rule("acwc II.B", "registration is closed"));
            }
            Ok(plain(Event::ExceptionGranted {
                user: user.clone(),
                reason: reason.trim().to_owned(),
            }))
        }
        Command::Register { facts } => register(env, state, facts, actor(ctx)?),
        Command::EnterPlayer { player, facts } => {
            let u = actor(ctx)?;
            if !env.has_role(u, Role::Organizer) {
                return Err(Refusal::forbidden(
                    "acwc II",
                    "only the organizer enters another player; players register themselves",
                ));
            }
            register(env, state, facts, player)
        }
        Command::ReviewEntry {
            user,
            admit,
            reason,
        } => {
            require_td(env, ctx)?;
            match state.entrant(user).map(|e| &e.status) {
                Some(EntrantStatus::Review { .. }) => Ok(vec![(
                    Event::EntryReviewed {
                        player: user.clone(),
                        admitted: *admit,
                        reason: reason.clone(),
                    },
                    Some("acwc II.C.2".into()),
                )]),
                _ => Err(Refusal::not_found(format!(
                    "{user} has no entry waiting for review"
                ))),
            }
        }
        Command::Withdraw => {
            let u = actor(ctx)?;
            match state.entrant(u) {
                Some(e) if e.active() || matches!(e.status, EntrantStatus::Review { .. }) => {}
                _ => {
                    return Err(Refusal::not_found(format!(
                        "{u} is not in the championship"
                    )))
                }
            }
            if state.stage == Stage::Finished {
                return Err(Refusal::conflict("the championship is over"));
            }
            Ok(by_rule(leave(
                state,
                u,
                Event::Withdrew { player: u.clone() },
                "acwc VIII",
            )))
        }
        Command::Disqualify { player, reason } => {
            require_td(env, ctx)?;
            disqualify(state, player, reason.clone(), reason.clause())
        }
        Command::RecordMark { player, mark } => {
            require_td(env, ctx)?;
            let s = settings(state)?;
            let e = state
                .entrant(player)
                .ok_or_else(|| Refusal::not_found(format!("{player} has not entered")))?;
            let mut out = plain(Event::MarkRecorded {
                player: player.clone(),
                mark: *mark,
            });
            let reason = match mark.kind {
                super::eligibility::MarkKind::Engine => Disqualification::EngineMark,
                super::eligibility::MarkKind::Booster => Disqualification::BoosterMark,
            };
            if e.active() && mark.at >= e.registered_at {
                // VII.C: marked during the championship, for other games.
                out.extend(by_rule(leave(
                    state,
                    player,
                    Event::Disqualified {
                        player: player.clone(),
                        reason,
                    },
                    "acwc VII.C",
                )));
            } else if e.active() && mark.at >= s.mark_cutoff {
                out.extend(by_rule(leave(
                    state,
                    player,
                    Event::Disqualified {
                        player: player.clone(),
                        reason,
                    },
                    "acwc II.C.1",
                )));
            }
            Ok(out)
        }
        Command::PairRound => {
            let u = actor(ctx)?;
            if !env.has_role(u, Role::TournamentDirector) && !env.has_role(u, Role::Organizer) {
                return Err(Refusal::forbidden(
                    "acwc I.C",
                    "the TD or the organizer publishes rounds",
                ));
            }
            settings(state)?;
            if follow_ups(state, now).is_empty() {
                return Err(Refusal::conflict(
                    "no round is due: the current round's matches are not all complete (acwc IV.E)",
                ));
            }
            Ok(vec![])
        }
        Command::OfferTime { .. }
        | Command::AcceptOffer { .. }
        | Command::FixMatchTime { .. }
        | Command::RuleOnNegotiation { .. } => super::negotiation::decide(env, state, command, ctx),
        Command::ReportResult { .. }
        | Command::ReportFinalGame { .. }
        | Command::ConfirmResult { .. }
        | Command::DisputeResult { .. }
        | Command::SettleResult { .. }
        | Command::SettleFinalGame { .. }
        | Command::BidForWhite { .. } => super::results::decide(env, state, command, ctx),
        Command::ClaimNoShow { match_id, choice } => {
            let u = actor(ctx)?;
            let m = own_open_match(state, match_id, u)?;
            let Some(time) = m.negotiation.time else {
                return Err(Refusal::rule("acwc VI.D", "the match has no agreed time"));
            };
            if time
                .checked_add_signed(Duration::minutes(GRACE_MINUTES))
                .is_none_or(|t| now < t)
            {
                return Err(Refusal::rule(
                    "acwc VI.D",
                    format!("the opponent has a {GRACE_MINUTES}-minute grace period after {time}"),
                ));
            }
            let mut out = vec![(
                Event::NoShowClaimed {
                    match_id: match_id.clone(),
                    by: u.clone(),
                    choice: *choice,
                },
                Some("acwc VI.D".into()),
            )];
            if *choice == NoShowChoice::ClaimWin {
                out.push((
                    Event::MatchAwarded {
                        match_id: match_id.clone(),
                        winner: u.clone(),
                        award: Award::Forfeit,
                    },
                    Some("acwc VI.D".into()),
                ));
            }
            Ok(out)
        }
        Command::CallBreak { match_id } => {
            let u = actor(ctx)?;
            let m = own_open_match(state, match_id, u)?;
            if m.breaks.contains_key(u) {
                return Err(Refusal::rule(
                    "acwc VI.A",
                    "each player calls one break a match",
                ));
            }
            Ok(vec![(
                Event::BreakCalled {
                    match_id: match_id.clone(),
                    by: u.clone(),
                    ends_at: now + Duration::minutes(BREAK_MINUTES),
                },
                Some("acwc VI.A".into()),
            )])
        }
        Command::ClaimAbandonedGame { match_id, left_at } => {
            let u = actor(ctx)?;
            let m = own_open_match(state, match_id, u)?;
            // acwc VI.A: an opponent on a break is not gone until it ends.
            if let Some(ends) = m.breaks.get(m.opponent(u)).filter(|e| **e > now) {
                return Err(Refusal::rule(
                    "acwc VI.A",
                    format!("the opponent's break lasts until {ends}"),
                ));
            }
            if *left_at > now || now < *left_at + Duration::minutes(GRACE_MINUTES) {
                return Err(Refusal::rule(
                    "acwc VI.E",
                    format!("a player who leaves has {GRACE_MINUTES} minutes to come back"),
                ));
            }
            Ok(vec![(
                Event::GameClaimed {
                    match_id: match_id.clone(),
                    by: u.clone(),
                    left_at: *left_at,
                },
                Some("acwc VI.E".into()),
            )])
        }
        Command::DeclareForfeit {
            match_id,
            loser,
            reason: _,
        } => {
            require_td(env, ctx)?;
            let m = find_match(state, match_id)?;
            if !m.plays(loser) {
                return Err(Refusal::invalid(format!(
                    "{loser} does not play match {match_id}"
                )));
            }
            if m.finished() {
                return Err(Refusal::conflict(format!("match {match_id} is finished")));
            }
            Ok(vec![(
                Event::MatchAwarded {
                    match_id: match_id.clone(),
                    winner: m.opponent(loser).clone(),
                    award: Award::Forfeit,
                },
                Some("acwc VI.B".into()),
            )])
        }
        Command::ReportCheating { accused, details } => {
            let u = actor(ctx)?;
            if state.entrant(accused).is_none() {
                return Err(Refusal::not_found(format!("{accused} has not entered")));
            }
            if details.trim().is_empty() {
                return Err(Refusal::invalid("say what you saw"));
            }
            Ok(vec![(
                Event::CheatingReported {
                    report: state.cheating_reports.len() as u32 + 1,
                    by: u.clone(),
                    accused: accused.clone(),
                    details: details.clone(),
                },
                Some("acwc VII.A".into()),
            )])
        }
        Command::RuleOnCheatingReport { report, guilty } => {
            require_td(env, ctx)?;
            let r = state
                .cheating_reports
                .iter()
                .find(|r| r.report == *report)
                .ok_or_else(|| Refusal::not_found(format!("no report {report}")))?;
            if r.guilty.is_some() {
                return Err(Refusal::conflict(format!(
                    "report {report} is already ruled on"
                )));
            }
            let mut out = vec![(
                Event::CheatingReportRuled {
                    report: *report,
                    guilty: *guilty,
                },
                Some("acwc VII.B".into()),
            )];
            if *guilty && state.active(&r.accused) {
                out.extend(by_rule(leave(
                    state,
                    &r.accused,
                    Event::Disqualified {
                        player: r.accused.clone(),
                        reason: Disqualification::Cheating,
                    },
                    "acwc VII.B",
                )));
            }
            Ok(out)
        }
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

fn disqualify(
    state: &Championship,
    player: &UserId,
    reason: Disqualification,
    clause: &str,
) -> Result<Out, Refusal> {
    match state.entrant(player) {
        Some(e) if e.active() || matches!(e.status, EntrantStatus::Review { .. }) => {}
        _ => {
            return Err(Refusal::not_found(format!(
                "{player} is not in the championship"
            )))
        }
    }
    Ok(by_rule(leave(
        state,
        player,
        Event::Disqualified {
            player: player.clone(),
            reason,
        },
        clause,
    )))
}

/// acwc I.D, II: the entry of `u`.
fn register(
    env: &Competition,
    state: &Championship,
    facts: &super::eligibility::PlayerFacts,
    u: &UserId,
) -> Result<Out, Refusal> {
    let s = settings(state)?;
    if env.has_role(u, Role::TournamentDirector) {
        return Err(Refusal::forbidden(
            "acwc I.D",
            "the TD does not take part in the championship",
        ));
    }
    if state.stage != Stage::Registration {
        return Err(Refusal::rule(
            "acwc IV.D",
            "registration closed when the Qualification started",
        ));
    }
    if state.entrant(u).is_some() {
        return Err(Refusal::conflict(format!("{u} has already entered")));
    }
    let account = facts.account.trim();
    if account.is_empty() {
        return Err(Refusal::invalid("the account must be named"));
    }
    let same = |a: &str| a.eq_ignore_ascii_case(account);
    if state.entrants.iter().any(|e| same(&e.account)) {
        return Err(Refusal::conflict(format!(
            "the account {account} has already entered"
        )));
    }
    // II.C.4: a second account disqualifies the entered one too.
    if let Some(entered) = state.entrants.iter().find(|e| {
        facts
            .other_accounts
            .iter()
            .any(|o| o.eq_ignore_ascii_case(&e.account))
    }) {
        if !(entered.active() || matches!(entered.status, EntrantStatus::Review { .. })) {
            return Err(Refusal::rule(
                "acwc II.C.4",
                format!("{} already entered with another account", entered.player),
            ));
        }
        let mut out = vec![(
            Event::SecondAccountDetected {
                user: u.clone(),
                account: account.to_owned(),
                entered: entered.player.clone(),
            },
            Some("acwc II.C.4".to_owned()),
        )];
        out.extend(by_rule(leave(
            state,
            &entered.player,
            Event::Disqualified {
                player: entered.player.clone(),
                reason: Disqualification::SecondAccount,
            },
            "acwc II.C.4",
        )));
        return Ok(out);
    }
    let exception = state.exceptions.contains_key(u);
    let review = match check(facts, s, exception)? {
        Eligibility::Eligible => None,
        Eligibility::Review(r) => Some(r),
    };
    let clause = if review.is_some() {
        "acwc II.C.2"
    } else {
        "acwc II.A"
    };
    Ok(vec![(
        Event::Registered {
            player: u.clone(),
            account: account.to_owned(),
            seeding: Seeding::from_history(&facts.rating_history, s),
            review,
        },
        Some(clause.to_owned()),
    )])
}
