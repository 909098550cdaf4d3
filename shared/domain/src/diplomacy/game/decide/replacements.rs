//! Replacements (wm B.7–B.10): seating the replacement chosen, the period
//! it is announced for, and the TD's rejection for a conflict of interest.

use super::{require_gm, require_started, settings};
use crate::diplomacy::game::deadline::contact_period_end;
use crate::diplomacy::game::event::{by_rule, Event};
use crate::diplomacy::game::replacement::{ReplacementPeriod, MAX_TEMPORARY_SEASONS};
use crate::diplomacy::game::state::Board;
use crate::diplomacy::game::Recorded;
use crate::diplomacy::map::Power;
use crate::envelope::{Context, Envelope, Role, UserId};
use crate::refusal::Refusal;

/// wm B.7: the GM seats the replacement chosen; a temporary period longer
/// than the maximum is permanent.
pub(super) fn appoint_replacement(
    env: &Envelope,
    state: &Board,
    ctx: &Context,
    power: Power,
    player: &UserId,
    period: &ReplacementPeriod,
) -> Result<Vec<Recorded>, Refusal> {
    // wm B.8.a: in a team round the team's captain chooses the
    // replacement; the GM seats whoever is chosen.
    let captain = settings(state).captains.get(&power);
    let by_captain = captain.is_some() && ctx.actor.user() == captain;
    if !by_captain {
        require_gm(
            env,
            ctx,
            "or the power's captain seats replacements (wm B.8.a)",
        )?;
    }
    require_started(state)?;
    if state.rejected_replacements.contains(player) {
        return Err(Refusal::rule(
            "wm B.10",
            format!("the TD rejected {player} as a replacement on this board"),
        ));
    }
    if state.power_of(player).is_some() || env.has_role(player, Role::GameMaster) {
        return Err(Refusal::rule(
            "wm B.9",
            "the replacement already has a seat on this board",
        ));
    }
    let mut events = vec![by_rule(
        Event::ReplacementAppointed {
            power,
            player: player.clone(),
            period: period.normalized(),
        },
        "wm B.7",
    )];
    if matches!(period, ReplacementPeriod::Temporary { seasons } if *seasons > MAX_TEMPORARY_SEASONS)
    {
        events.push(by_rule(Event::ReplacementMadePermanent { power }, "wm B.7"));
    }
    Ok(events)
}

/// wm B.7: the period is announced by the player or the replacement; the
/// player's word is final; more than four seasons is permanent.
pub(super) fn declare_period(
    state: &Board,
    ctx: &Context,
    power: Power,
    period: ReplacementPeriod,
) -> Result<Vec<Recorded>, Refusal> {
    require_started(state)?;
    let seat = state
        .seats
        .get(&power)
        .ok_or_else(|| Refusal::not_found("no such power"))?;
    let r = seat.replacement.as_ref().ok_or_else(|| {
        Refusal::rule(
            "wm B.7",
            "no temporary replacement is in progress for this power",
        )
    })?;
    let user = ctx.actor.user();
    let by_player = user == Some(&r.original);
    if !by_player && user != Some(&seat.player) {
        return Err(Refusal::forbidden(
            "wm B.7",
            "only the player or the replacement announces the period",
        ));
    }
    if !by_player && r.declared_by_player && r.period != period.normalized() {
        return Err(Refusal::rule(
            "wm B.7",
            "the player's announced period is final",
        ));
    }
    let mut events = vec![by_rule(
        Event::ReplacementPeriodDeclared {
            power,
            period: period.normalized(),
            by_player,
        },
        "wm B.7",
    )];
    // wm B.7: a period exceeding the original specification is permanent.
    let exceeds = matches!(
        (r.period, period.normalized()),
        (ReplacementPeriod::Temporary { seasons: was }, ReplacementPeriod::Temporary { seasons: now }) if now > was
    );
    if exceeds || period.normalized() == ReplacementPeriod::Permanent {
        events.push(by_rule(Event::ReplacementMadePermanent { power }, "wm B.7"));
    }
    Ok(events)
}

/// wm B.10: the TD may reject a substitution or replacement if, in the TD's
/// sole opinion, it could cause a conflict of interest. The seat returns to
/// the player it replaced and the replacement procedure starts again, so a
/// position without an acceptable replacement in time falls into civil
/// disorder (wm B.8.f).
pub(super) fn reject_replacement(
    env: &Envelope,
    state: &Board,
    ctx: &Context,
    power: Power,
    reason: &str,
) -> Result<Vec<Recorded>, Refusal> {
    if !ctx
        .actor
        .user()
        .is_some_and(|u| env.has_role(u, Role::TournamentDirector))
    {
        return Err(Refusal::forbidden(
            "wm B.10",
            "only the TD rejects a replacement",
        ));
    }
    require_started(state)?;
    let seat = state
        .seats
        .get(&power)
        .ok_or_else(|| Refusal::not_found("no such power"))?;
    let original = settings(state).players.get(&power);
    if original == Some(&seat.player) {
        return Err(Refusal::rule(
            "wm B.10",
            format!("{power:?} is played by its original player, not a replacement"),
        ));
    }
    if reason.trim().is_empty() || reason.chars().count() > 1000 {
        return Err(Refusal::invalid(
            "a rejection gives a reason of 1 to 1000 characters",
        ));
    }
    Ok(vec![by_rule(
        Event::ReplacementRejected {
            power,
            player: seat.player.clone(),
            reason: reason.trim().to_owned(),
            replace_by: contact_period_end(ctx.now),
        },
        "wm B.10",
    )])
}
