//! Deadlines and their extensions (wm D.VII): the GM's deadlines (D.VII.2,
//! D.VII.4), the players' unavailability windows (D.VII.2), extensions and
//! holidays (D.VII.5), and contacting the GM after an NMR (D.VII.6.a).

use super::{is_gm, require_player_of, require_player_or_original, require_started, settings};
use crate::diplomacy::game::deadline::{
    clear_of_windows, hours_covered, within_horizon, Unavailability, CONFLICT_HOURS,
    EXTENSION_NOTICE_HOURS, MAX_EXTENSION_HOURS, MAX_GUARANTEED_EXTENSION_HOURS,
};
use crate::diplomacy::game::event::{by_rule, Event};
use crate::diplomacy::game::position::Position;
use crate::diplomacy::game::state::{Board, ExtensionAccount, NmrCase};
use crate::diplomacy::game::Recorded;
use crate::diplomacy::map::Power;
use crate::diplomacy::position::PhaseKind;
use crate::envelope::{Context, Envelope, Role};
use crate::refusal::Refusal;
use chrono::{DateTime, Duration, Utc};

/// wm D.VII.4.a: the shortest a phase may be, unless the players consented.
fn minimum_hours(state: &Board, kind: PhaseKind) -> i64 {
    if settings(state).players_consent_to_faster {
        return 0;
    }
    match kind {
        PhaseKind::Movement => 72,
        _ => 24,
    }
}

/// wm D.VII.2, D.VII.4: the GM sets a deadline outside every window and
/// not shorter than the minimum after the last publication.
pub(super) fn set_deadline(
    state: &Board,
    position: &Position,
    deadline: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<Vec<Recorded>, Refusal> {
    if deadline <= now {
        return Err(Refusal::invalid("the deadline must be in the future"));
    }
    within_horizon(deadline, now)?;
    let from = state.last_published.unwrap_or(now);
    if !state.withheld
        && deadline < from + Duration::hours(minimum_hours(state, position.parsed_phase().kind))
    {
        return Err(Refusal::rule(
            "wm D.VII.4.a",
            "movement turns need at least 3 days and retreats and adjustments at least 1",
        ));
    }
    if state.windows.values().any(|w| w.contains(deadline)) {
        return Err(Refusal::rule(
            "wm D.VII.2",
            "no deadline inside a player's unavailability window",
        ));
    }
    Ok(vec![by_rule(
        Event::DeadlineSet {
            phase: position.phase.clone(),
            deadline,
        },
        "wm D.VII.4.b",
    )])
}

/// wm D.VII.2: one weekly window of up to 64 hours per player; a deadline
/// inside it moves to its end; conflicting windows are flagged to the TD.
pub(super) fn declare_unavailability(
    state: &Board,
    ctx: &Context,
    window: Unavailability,
) -> Result<Vec<Recorded>, Refusal> {
    let position = require_started(state)?;
    let user = ctx
        .actor
        .user()
        .ok_or_else(|| Refusal::forbidden("wm D.VII.2", "players declare windows"))?;
    if state.power_of(user).is_none() {
        return Err(Refusal::forbidden(
            "wm D.VII.2",
            "only players declare unavailability",
        ));
    }
    if !window.valid() {
        return Err(Refusal::rule(
            "wm D.VII.2",
            "one weekly window of 1 to 64 hours (weekday 0-6, hour 0-23)",
        ));
    }
    let mut events = vec![by_rule(
        Event::UnavailabilityDeclared {
            player: user.clone(),
            window,
        },
        "wm D.VII.2",
    )];
    let mut windows = state.windows.clone();
    windows.insert(user.clone(), window);
    let covered = hours_covered(windows.values());
    if covered > CONFLICT_HOURS {
        events.push(by_rule(
            Event::UnavailabilityConflictFlagged {
                detail: format!(
                    "unavailability windows cover {covered} hours a week; a compromise is needed"
                ),
            },
            "wm D.VII.2",
        ));
    }
    if let Some(d) = state.deadline {
        let moved = clear_of_windows(d, windows.values());
        if moved != d {
            events.push(by_rule(
                Event::DeadlineSet {
                    phase: position.phase.clone(),
                    deadline: moved,
                },
                "wm D.VII.2",
            ));
        }
    }
    Ok(events)
}

/// wm D.VII.5: the guaranteed extension, a holiday extension, or (late, if
/// asked) one for the next turn.
pub(super) fn request_extension(
    env: &Envelope,
    state: &Board,
    ctx: &Context,
    power: Power,
    hours: u32,
    holiday: Option<&str>,
    for_later_turn: bool,
) -> Result<Vec<Recorded>, Refusal> {
    require_started(state)?;
    if holiday.is_none() || !is_gm(env, ctx) {
        require_player_of(state, ctx, power)?;
    }
    if let Some(name) = holiday {
        let h = state
            .holidays
            .iter()
            .find(|h| h.name == name)
            .ok_or_else(|| Refusal::rule("wm D.VII.5", "the TD has not declared that holiday"))?;
        if hours > h.hours {
            return Err(Refusal::rule(
                "wm D.VII.5",
                format!("the holiday gives at most {} hours", h.hours),
            ));
        }
        return extend(state, ctx, power, hours, false, Some(name));
    }
    let acc = state.extensions.get(&power).cloned().unwrap_or_default();
    if acc.guaranteed_used {
        return Err(Refusal::rule(
            "wm D.VII.5",
            "the guaranteed extension is used; further extensions are at the GM's discretion",
        ));
    }
    // wm D.VII.5: the guaranteed extension is bounded (see the constant).
    if hours > MAX_GUARANTEED_EXTENSION_HOURS {
        return Err(Refusal::rule(
            "wm D.VII.5",
            format!(
                "the guaranteed extension is at most {MAX_GUARANTEED_EXTENSION_HOURS} hours (three days, the shortest movement turn of wm D.VII.4.a); asked {hours}; more is at the GM's discretion"
            ),
        ));
    }
    let late = state
        .deadline
        .is_some_and(|d| ctx.now > d - Duration::hours(EXTENSION_NOTICE_HOURS));
    if late {
        if !for_later_turn {
            return Err(Refusal::rule(
                "wm D.VII.5",
                "extensions must be requested at least 12 hours before the deadline; ask for a later turn instead",
            ));
        }
        check_budget(&acc, hours)?;
        return Ok(vec![by_rule(
            Event::ExtensionQueued {
                power,
                hours,
                guaranteed: true,
            },
            "wm D.VII.5",
        )]);
    }
    extend(state, ctx, power, hours, true, None)
}

fn check_budget(acc: &ExtensionAccount, hours: u32) -> Result<(), Refusal> {
    if hours == 0 || acc.hours.saturating_add(hours) > MAX_EXTENSION_HOURS {
        return Err(Refusal::rule(
            "wm D.VII.5",
            format!(
                "never more than 7 days of extensions for one position; {} hours used",
                acc.hours
            ),
        ));
    }
    Ok(())
}

/// wm D.VII.5: moves the deadline by `hours` (then out of every window).
pub(super) fn extend(
    state: &Board,
    ctx: &Context,
    power: Power,
    hours: u32,
    guaranteed: bool,
    holiday: Option<&str>,
) -> Result<Vec<Recorded>, Refusal> {
    let deadline = state
        .deadline
        .ok_or_else(|| Refusal::conflict("the phase has no deadline to extend"))?;
    if ctx.now > deadline - Duration::hours(EXTENSION_NOTICE_HOURS) {
        return Err(Refusal::rule(
            "wm D.VII.5",
            "extensions must be requested at least 12 hours ahead",
        ));
    }
    let charged = holiday.is_none();
    if charged {
        check_budget(
            &state.extensions.get(&power).cloned().unwrap_or_default(),
            hours,
        )?;
    } else if hours == 0 {
        return Err(Refusal::invalid("an extension has at least one hour"));
    }
    let deadline = clear_of_windows(
        deadline + Duration::hours(i64::from(hours)),
        state.windows.values(),
    );
    Ok(vec![by_rule(
        Event::ExtensionGranted {
            power,
            hours,
            charged,
            guaranteed,
            holiday: holiday.map(str::to_owned),
            deadline,
        },
        "wm D.VII.5",
    )])
}

/// wm D.VII.5: the TD declares a holiday eligible for free extensions.
pub(super) fn declare_holiday(
    env: &Envelope,
    ctx: &Context,
    name: &str,
    hours: u32,
) -> Result<Vec<Recorded>, Refusal> {
    if !ctx
        .actor
        .user()
        .is_some_and(|u| env.has_role(u, Role::TournamentDirector))
    {
        return Err(Refusal::forbidden(
            "wm D.VII.5",
            "only the TD declares holidays",
        ));
    }
    if name.trim().is_empty() || hours == 0 || hours > MAX_EXTENSION_HOURS {
        return Err(Refusal::invalid("a holiday has a name and 1 to 168 hours"));
    }
    Ok(vec![by_rule(
        Event::HolidayDeclared {
            name: name.trim().to_owned(),
            hours,
        },
        "wm D.VII.5",
    )])
}

/// wm D.VII.6.a: the player of a power that missed its orders contacts the
/// GM; wm B.8.c: so may one whose replacement is sought, while none is seated.
pub(super) fn contact_gm(
    state: &Board,
    ctx: &Context,
    power: Power,
) -> Result<Vec<Recorded>, Refusal> {
    require_player_or_original(state, ctx, power)?;
    match state.nmrs.get(&power) {
        Some(NmrCase::AwaitingContact { .. }) => {
            Ok(vec![by_rule(Event::GmContacted { power }, "wm D.VII.6.a")])
        }
        // wm B.8.c: the player keeps the right of return until a
        // replacement is seated.
        Some(NmrCase::ReplacementSought { .. }) => {
            Ok(vec![by_rule(Event::GmContacted { power }, "wm B.8.c")])
        }
        None => Err(Refusal::rule(
            "wm D.VII.6.a",
            "no NMR awaits contact for this power",
        )),
    }
}
