//! The set-up and the entries: who enters, under which account, and who
//! leaves (acwc I.D, II, IV.D, VIII).

use super::{actor, by_rule, plain, require_td, settings, Out};
use crate::chess::acwc::due::leave;
use crate::chess::acwc::eligibility::{check, Eligibility, PlayerFacts, Seeding};
use crate::chess::acwc::settings::Settings;
use crate::chess::acwc::state::{Championship, EntrantStatus};
use crate::chess::acwc::vocabulary::{Disqualification, Event, Stage};
use crate::envelope::{Context, Envelope, Role, UserId, ROLES_CLAUSE};
use crate::refusal::Refusal;
use chrono::{DateTime, Utc};

/// acwc IV.D: registration is open until the Qualification starts, judged
/// by the command's clock: a command at or after the start instant comes
/// after the start even when no tick has yet recorded it.
pub(super) fn registration_open(state: &Championship, now: DateTime<Utc>) -> bool {
    state.stage == Stage::Registration
        && state
            .settings
            .as_ref()
            .is_none_or(|s| now < s.qualification_starts)
}

/// The organizer sets the championship up, until the Qualification starts
/// (acwc IV.D).
pub(super) fn configure(
    env: &Envelope,
    state: &Championship,
    settings: &Settings,
    ctx: &Context,
) -> Result<Out, Refusal> {
    let u = actor(ctx)?;
    if !env.has_role(u, Role::Organizer) {
        return Err(Refusal::forbidden(
            ROLES_CLAUSE,
            "only the organizer sets the championship up",
        ));
    }
    if !registration_open(state, ctx.now) {
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

/// acwc II.B: the TD's exception to the entry requirements, with its reason.
pub(super) fn grant_exception(
    env: &Envelope,
    state: &Championship,
    user: &UserId,
    reason: &str,
    ctx: &Context,
) -> Result<Out, Refusal> {
    require_td(env, ctx)?;
    if reason.trim().is_empty() {
        return Err(Refusal::invalid("an exception is recorded with its reason"));
    }
    if !registration_open(state, ctx.now) {
        return Err(Refusal::rule("acwc IV.D", "registration is closed"));
    }
    Ok(plain(Event::ExceptionGranted {
        user: user.clone(),
        reason: reason.trim().to_owned(),
    }))
}

/// acwc II: the organizer enters another player.
pub(super) fn enter_player(
    env: &Envelope,
    state: &Championship,
    player: &UserId,
    facts: &PlayerFacts,
    ctx: &Context,
) -> Result<Out, Refusal> {
    let u = actor(ctx)?;
    if !env.has_role(u, Role::Organizer) {
        return Err(Refusal::forbidden(
            "acwc II",
            "only the organizer enters another player; players register themselves",
        ));
    }
    register(env, state, facts, player, ctx.now)
}

/// acwc II.C.2: the TD admits or denies an entry waiting for review. An
/// entry still in review when the Qualification starts is left out (IV.D):
/// from then on it can only be denied.
pub(super) fn review_entry(
    env: &Envelope,
    state: &Championship,
    user: &UserId,
    admit: bool,
    reason: &str,
    ctx: &Context,
) -> Result<Out, Refusal> {
    require_td(env, ctx)?;
    if admit && !registration_open(state, ctx.now) {
        return Err(Refusal::rule(
            "acwc IV.D",
            "the Qualification has started: an entry still in review is left out",
        ));
    }
    match state.entrant(user).map(|e| &e.status) {
        Some(EntrantStatus::Review { .. }) => Ok(vec![(
            Event::EntryReviewed {
                player: user.clone(),
                admitted: admit,
                reason: reason.to_owned(),
            },
            Some("acwc II.C.2".into()),
        )]),
        _ => Err(Refusal::not_found(format!(
            "{user} has no entry waiting for review"
        ))),
    }
}

/// acwc VIII: a player withdraws.
pub(super) fn withdraw(state: &Championship, ctx: &Context) -> Result<Out, Refusal> {
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

/// acwc I.D, II: the entry of `u` at `now`.
pub(super) fn register(
    env: &Envelope,
    state: &Championship,
    facts: &PlayerFacts,
    u: &UserId,
    now: DateTime<Utc>,
) -> Result<Out, Refusal> {
    let s = settings(state)?;
    check_may_enter(env, state, u, now)?;
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
    if let Some(out) = second_account(state, facts, u, account)? {
        return Ok(out);
    }
    entry(state, facts, s, u, account)
}

/// acwc I.D, IV.D: `u` is not the TD, registration is open at `now`, and
/// `u` has not entered yet.
fn check_may_enter(
    env: &Envelope,
    state: &Championship,
    u: &UserId,
    now: DateTime<Utc>,
) -> Result<(), Refusal> {
    if env.has_role(u, Role::TournamentDirector) {
        return Err(Refusal::forbidden(
            "acwc I.D",
            "the TD does not take part in the championship",
        ));
    }
    if !registration_open(state, now) {
        return Err(Refusal::rule(
            "acwc IV.D",
            "registration closed when the Qualification started",
        ));
    }
    if state.entrant(u).is_some() {
        return Err(Refusal::conflict(format!("{u} has already entered")));
    }
    Ok(())
}

/// II.C.4: a second account disqualifies the entered one too, whichever
/// entry's facts name the other: `u`'s facts list an entered account, or an
/// entered account's facts list `account`. `None` when neither does.
fn second_account(
    state: &Championship,
    facts: &PlayerFacts,
    u: &UserId,
    account: &str,
) -> Result<Option<Out>, Refusal> {
    let names = |list: &[String], a: &str| list.iter().any(|o| o.trim().eq_ignore_ascii_case(a));
    let Some(entered) = state
        .entrants
        .iter()
        .find(|e| names(&facts.other_accounts, &e.account) || names(&e.other_accounts, account))
    else {
        return Ok(None);
    };
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
    Ok(Some(out))
}

/// acwc II.A, II.C.2: the entry, eligible or waiting for the TD's review.
fn entry(
    state: &Championship,
    facts: &PlayerFacts,
    s: &Settings,
    u: &UserId,
    account: &str,
) -> Result<Out, Refusal> {
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
            other_accounts: facts
                .other_accounts
                .iter()
                .map(|o| o.trim().to_owned())
                .filter(|o| !o.is_empty() && !o.eq_ignore_ascii_case(account))
                .collect(),
        },
        Some(clause.to_owned()),
    )])
}
