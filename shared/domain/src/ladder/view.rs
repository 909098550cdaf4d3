//! What callers see: the public leaderboard and the Court's docket (club
//! J.3: the leaderboard is published; III.3: hearings are public), and the
//! audit log with the online-chess anti-cheat information withheld from all
//! but the Chief Justice and, as I.9.5–I.9.9 allow, the Court.

use super::court::appeal_game;
use super::game::GameStatus;
use super::{Event, Ladder};
use crate::competition::{Competition, Role, UserId};
use serde_json::{json, Value};

/// The leaderboard: members on it, by score (then id).
pub fn leaderboard(state: &Ladder) -> Vec<(UserId, i64)> {
    let mut rows: Vec<(UserId, i64)> = state
        .members
        .iter()
        .filter(|(_, m)| !m.removed)
        .map(|(u, m)| (u.clone(), m.score))
        .collect();
    rows.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    rows
}

/// One line of the leaderboard (club I) as the view and the `leaderboard`
/// resource show it.
pub(super) fn leaderboard_row(state: &Ladder, rank: usize, member: &UserId, score: i64) -> Value {
    let m = &state.members[member];
    json!({
        "rank": rank,
        "member": member,
        "score": score,
        "banned": m.ban.as_ref().map(|b| b.expires.map_or("permanent".to_owned(), |d| d.to_string())),
        "monitored": m.monitor.is_some(),
        "chessclock": m.chessclock,
    })
}

pub(super) fn view(_env: &Competition, state: &Ladder, viewer: Option<&UserId>) -> Value {
    let board: Vec<Value> = leaderboard(state)
        .into_iter()
        .enumerate()
        .map(|(i, (u, score))| leaderboard_row(state, i + 1, &u, score))
        .collect();
    let pending: Vec<u64> = state
        .games
        .iter()
        .filter(|(_, g)| g.status == GameStatus::Pending)
        .map(|(id, _)| *id)
        .collect();
    let rematches: Vec<Value> = state
        .games
        .iter()
        .filter_map(|(id, g)| {
            let o = g.objection.as_ref().filter(|o| o.outcome.is_none())?;
            Some(json!({ "game": id, "petitioner": o.petitioner, "session": o.session }))
        })
        .collect();
    let powers: Vec<Value> = state
        .powers
        .iter()
        .map(|(id, p)| {
            json!({
                "power_use": id, "power": p.power, "by": p.by, "member": p.member, "reason": p.reason,
                "at": p.at, "status": p.status, "declared": p.declared, "declaration_due": p.declaration_due(),
            })
        })
        .collect();
    let appeals: Vec<Value> = state
        .appeals
        .iter()
        .map(|(id, a)| {
            json!({
                "appeal": id, "appellant": a.appellant, "subject": a.subject, "grounds": a.grounds,
                "status": a.status, "en_banc": a.en_banc, "bench": a.bench, "judgement": a.judgement,
                "opinion": a.opinion, "opinion_overdue": a.opinion_overdue,
            })
        })
        .collect();
    let me = viewer.and_then(|v| state.members.get(v)).map(|m| {
        json!({
            "score": m.score, "removed": m.removed, "absent_streak": m.absent_streak,
            "idle_streak": m.idle_streak, "fraud_violations": m.fraud_violations,
            "removal_requested": m.removal_requested,
        })
    });
    json!({
        "settings": state.settings,
        "closed_through": state.closed_through,
        "leaderboard": board,
        "pending_games": pending,
        "online_game_in_progress": state.online_in_progress,
        "rematches": rematches,
        "powers": powers,
        "appeals": appeals,
        "modifications": state.modifications,
        "terms_changes": state.terms_changes,
        "superseded_settings": state.superseded,
        "residual_acts": state.residual_acts,
        "me": me,
    })
}

/// How much of a report a viewer may see.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Access {
    None,
    Redacted,
    Raw,
}

/// club I.9.5: the Chief Justice has complete access; redacted information
/// goes to moderators and justices it was released to and to the Court at
/// the start of an appeal on the game (club I.9.8); raw information to the Court
/// on a majority order (I.9.9). Everyone else has none.
fn access(env: &Competition, state: &Ladder, report: u64, game: u64, viewer: &UserId) -> Access {
    if env.has_role(viewer, Role::ChiefJustice) {
        return Access::Raw;
    }
    let court = state.appeals.values().filter(|a| {
        a.granted_at.is_some() && a.bench.contains(viewer) && appeal_game(state, a) == Some(game)
    });
    if court.clone().any(|a| a.raw_ordered) {
        return Access::Raw;
    }
    let released = state
        .reports
        .get(&report)
        .is_some_and(|r| r.released_to.contains(viewer));
    if released || court.count() > 0 {
        Access::Redacted
    } else {
        Access::None
    }
}

/// The audit log's events as `viewer` may see them (club I.9.5–I.9.9; see
/// `access`): a filed report in full, redacted or not at all; a release only
/// to its recipient and to those who may see the report, since it tells that
/// the information exists and who holds it. Everything else is public.
pub(super) fn redact(
    env: &Competition,
    state: &Ladder,
    event: &Event,
    viewer: Option<&UserId>,
) -> Option<Event> {
    match event {
        Event::AntiCheatReportFiled {
            report,
            game,
            member,
            redacted,
            ..
        } => match access(env, state, *report, *game, viewer?) {
            Access::Raw => Some(event.clone()),
            Access::Redacted => Some(Event::AntiCheatReportFiled {
                report: *report,
                game: *game,
                member: member.clone(),
                raw: "[withheld: club I.9.5]".into(),
                redacted: redacted.clone(),
            }),
            Access::None => None,
        },
        Event::AntiCheatReleased { report, to } => {
            let v = viewer?;
            let game = state.reports.get(report)?.game;
            (v == to || access(env, state, *report, game, v) != Access::None).then(|| event.clone())
        }
        _ => Some(event.clone()),
    }
}
