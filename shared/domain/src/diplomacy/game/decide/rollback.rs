//! Correcting an adjudication (wm D.VIII.1): the TD's consent and the GM's
//! rollback of the latest adjudication.

use super::{require_gm, require_started};
use crate::diplomacy::game::deadline::{clear_of_windows, within_horizon};
use crate::diplomacy::game::event::{by_rule, Event};
use crate::diplomacy::game::state::Board;
use crate::diplomacy::game::Recorded;
use crate::envelope::{Context, Envelope, Role};
use crate::refusal::Refusal;
use chrono::{DateTime, Utc};

/// wm D.VIII.1: the TD consents to rolling back `phase`, the latest
/// adjudication.
pub(super) fn consent_to_rollback(
    env: &Envelope,
    state: &Board,
    ctx: &Context,
    phase: &str,
) -> Result<Vec<Recorded>, Refusal> {
    if !ctx
        .actor
        .user()
        .is_some_and(|u| env.has_role(u, Role::TournamentDirector))
    {
        return Err(Refusal::forbidden(
            "wm D.VIII.1",
            "only the TD consents to a rollback",
        ));
    }
    require_started(state)?;
    last_adjudicated(state, phase)?;
    Ok(vec![by_rule(
        Event::RollbackConsented {
            phase: phase.to_owned(),
        },
        "wm D.VIII.1",
    )])
}

/// wm D.VIII.1: with the TD's consent, the GM rolls the latest adjudication
/// back, with a new deadline for `phase`.
pub(super) fn rollback(
    env: &Envelope,
    state: &Board,
    ctx: &Context,
    phase: &str,
    deadline: DateTime<Utc>,
) -> Result<Vec<Recorded>, Refusal> {
    require_gm(env, ctx, "rolls back")?;
    require_started(state)?;
    last_adjudicated(state, phase)?;
    if !state.rollback_consents.contains(phase) {
        return Err(Refusal::rule(
            "wm D.VIII.1",
            "a rollback needs the TD's express consent",
        ));
    }
    if deadline <= ctx.now {
        return Err(Refusal::invalid("the new deadline must be in the future"));
    }
    within_horizon(deadline, ctx.now)?;
    let deadline = clear_of_windows(deadline, state.windows.values());
    Ok(vec![by_rule(
        Event::RolledBack {
            phase: phase.to_owned(),
            deadline,
        },
        "wm D.VIII.1",
    )])
}

/// wm D.VIII.1: only the latest adjudication can be corrected; an error not
/// pointed out before the next adjudication stands.
fn last_adjudicated(state: &Board, phase: &str) -> Result<(), Refusal> {
    match state.history.last() {
        Some(r) if r.before.phase == phase => Ok(()),
        _ if state.history.iter().any(|r| r.before.phase == phase) => Err(Refusal::rule(
            "wm D.VIII.1",
            "another adjudication was published since; the error stands",
        )),
        _ => Err(Refusal::not_found("that phase has not been adjudicated")),
    }
}
