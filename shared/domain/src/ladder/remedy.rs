//! What the Court puts in place when it overturns a decision (club III.3.8
//! b), and what a moderator may put in place on remand (III.3.8 a): the
//! remedies, and the amendment each makes to the matter appealed.

use super::decide::Decider;
use super::elo::clamped;
use super::settings::SESSION_DAY;
use super::{game, sanction, terms, Amendment, AppealSubject, BanChange, Power};
use crate::envelope::UserId;
use crate::refusal::Refusal;
use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};

/// club III.3.8 c) or b): what an overturning decision puts in place.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "remedy", rename_all = "kebab-case")]
pub enum Remedy {
    /// Undo entirely (lift, restore, revert, void).
    Annul,
    /// club II.3: the score change is this many points instead.
    Rescore { delta: i64 },
    /// club II.9.3: the ban now expires on this Friday (`None`: permanent).
    Reban {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        expires: Option<NaiveDate>,
    },
}

fn check_expiry(d: &Decider, expires: Option<NaiveDate>) -> Result<(), Refusal> {
    if let Some(date) = expires {
        if date.weekday() != SESSION_DAY || d.settings().ban_ends(date) <= d.now {
            return Err(Refusal::rule(
                "club II.9.2",
                "a ban expires on a future Friday",
            ));
        }
    }
    Ok(())
}

/// club III.3.8: `remedy` does not fit the matter appealed.
fn unfit(remedy: &Remedy) -> Refusal {
    Refusal::rule(
        "club III.3.8",
        format!("{remedy:?} does not fit this matter"),
    )
}

/// What `remedy` changes for the matter `subject` brought by `appellant`.
pub(super) fn amendment_for(
    d: &Decider,
    subject: &AppealSubject,
    appellant: &UserId,
    remedy: &Remedy,
) -> Result<Amendment, Refusal> {
    let state = d.state;
    match (subject, remedy) {
        (AppealSubject::PowerUse { power_use }, _) => use_of_power(d, *power_use, remedy),
        (AppealSubject::MonitorPersistence { member }, Remedy::Annul) => {
            let order = state.members.get(member).and_then(|m| m.monitor.as_ref());
            Ok(Amendment {
                power_use: order.map(|o| o.power_use),
                void: true,
                lift_monitor: Some(member.clone()),
                ..Amendment::default()
            })
        }
        (AppealSubject::Decay { week }, Remedy::Annul) => {
            let lost = state
                .members
                .get(appellant)
                .and_then(|m| m.deductions.get(week))
                .copied()
                .unwrap_or(0);
            Ok(Amendment {
                adjustments: vec![super::Adjustment {
                    member: appellant.clone(),
                    delta: -lost,
                }],
                restore_decay: Some(*week),
                ..Amendment::default()
            })
        }
        (AppealSubject::TechnicalModification { modification }, Remedy::Annul) => {
            let m = state
                .modifications
                .get(modification)
                .ok_or_else(|| Refusal::not_found("no such modification"))?;
            // Only what the modification changed goes back: a change of the
            // Terms made since stands (club IV.1 is not the Court's to undo).
            Ok(Amendment {
                settings: m
                    .settings
                    .as_ref()
                    .map(|s| terms::without(&state.settings, s, &m.previous)),
                modification: m.settings.as_ref().map(|_| *modification),
                ..Amendment::default()
            })
        }
        (AppealSubject::Removal { member }, Remedy::Annul) => reinstatement(d, member),
        (AppealSubject::Game { game: id }, Remedy::Annul) => {
            let g = state
                .games
                .get(id)
                .ok_or_else(|| Refusal::not_found(format!("no game {id}")))?;
            Ok(Amendment {
                adjustments: game::reversal(state, g),
                void_game: Some(*id),
                ..Amendment::default()
            })
        }
        _ => Err(unfit(remedy)),
    }
}

/// club II.12.2: the Court grants a petition against a removal: the member
/// is reinstated, if the removal still stands (a member who rejoined since
/// was entered as new, II.7.1, and has nothing left to reinstate).
fn reinstatement(d: &Decider, member: &UserId) -> Result<Amendment, Refusal> {
    let removed = d
        .state
        .members
        .get(member)
        .is_some_and(|m| m.removed && m.removal.is_some());
    if !removed {
        return Err(Refusal::rule(
            "club II.12.2",
            format!("{member} is no longer removed: there is nothing to reinstate"),
        ));
    }
    Ok(Amendment {
        reinstate: Some(member.clone()),
        ..Amendment::default()
    })
}

/// What `remedy` changes for a moderator's use of power: annulled
/// entirely, a score change rescored (club II.3), or a ban's expiry changed
/// (II.9.3). For a penalty whose reasoning the Court finds wanting, these
/// are the two ways club III.2.4.3 names to invalidate it: "in entirety"
/// (`Annul`) or "in severity" (`Rescore`, `Reban`).
fn use_of_power(d: &Decider, power_use: u64, remedy: &Remedy) -> Result<Amendment, Refusal> {
    let state = d.state;
    let p = state
        .powers
        .get(&power_use)
        .ok_or_else(|| Refusal::not_found(format!("no use of power {power_use}")))?;
    match remedy {
        Remedy::Annul => Ok(sanction::annulment(state, power_use, p)),
        Remedy::Rescore { delta } if matches!(p.power, Power::ScoreChange { .. }) => {
            let net = p.net.get(&p.member).copied().unwrap_or(0);
            let score = state
                .members
                .get(&p.member)
                .map_or(super::FLOOR, |m| m.score);
            Ok(Amendment {
                power_use: Some(power_use),
                adjustments: vec![super::Adjustment {
                    member: p.member.clone(),
                    delta: clamped(score, delta - net),
                }],
                ..Amendment::default()
            })
        }
        Remedy::Reban { expires } if p.ban => {
            check_expiry(d, *expires)?;
            Ok(Amendment {
                power_use: Some(power_use),
                ban: Some(BanChange {
                    member: p.member.clone(),
                    expires: *expires,
                    lifted: false,
                }),
                ..Amendment::default()
            })
        }
        _ => Err(unfit(remedy)),
    }
}
