//! Fair play: the TD's disqualifications, Lichess marks and cheating
//! reports (acwc II.C, VII).

use super::{actor, by_rule, plain, require_td, settings, Out};
use crate::chess::acwc::due::leave;
use crate::chess::acwc::eligibility::{Mark, MarkKind};
use crate::chess::acwc::state::{Championship, EntrantStatus};
use crate::chess::acwc::vocabulary::{Disqualification, Event};
use crate::envelope::{Context, Envelope, UserId};
use crate::refusal::Refusal;

/// The TD disqualifies `player` under the clause of `reason`.
pub(super) fn disqualify(
    env: &Envelope,
    state: &Championship,
    player: &UserId,
    reason: &Disqualification,
    ctx: &Context,
) -> Result<Out, Refusal> {
    require_td(env, ctx)?;
    remove(state, player, reason.clone(), reason.clause())
}

/// `player`, entered or waiting for review, leaves disqualified.
fn remove(
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

/// acwc VII.C, II.C.1: a new Lichess mark on `player`'s account, and the
/// disqualification it brings.
pub(super) fn record_mark(
    env: &Envelope,
    state: &Championship,
    player: &UserId,
    mark: &Mark,
    ctx: &Context,
) -> Result<Out, Refusal> {
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
        MarkKind::Engine => Disqualification::EngineMark,
        MarkKind::Booster => Disqualification::BoosterMark,
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

/// acwc VII.A: a player's private accusation to the TD.
pub(super) fn report_cheating(
    state: &Championship,
    accused: &UserId,
    details: &str,
    ctx: &Context,
) -> Result<Out, Refusal> {
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
            details: details.to_owned(),
        },
        Some("acwc VII.A".into()),
    )])
}

/// acwc VII.B: the TD's finding on a report; a guilty player still in the
/// championship is disqualified.
pub(super) fn rule_on_cheating_report(
    env: &Envelope,
    state: &Championship,
    report: u32,
    guilty: bool,
    ctx: &Context,
) -> Result<Out, Refusal> {
    require_td(env, ctx)?;
    let r = state
        .cheating_reports
        .iter()
        .find(|r| r.report == report)
        .ok_or_else(|| Refusal::not_found(format!("no report {report}")))?;
    if r.guilty.is_some() {
        return Err(Refusal::conflict(format!(
            "report {report} is already ruled on"
        )));
    }
    let mut out = vec![(
        Event::CheatingReportRuled { report, guilty },
        Some("acwc VII.B".into()),
    )];
    if guilty && state.active(&r.accused) {
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
