//! How each club ladder event folds into the state. Total: an event that was
//! decided is applied whatever the state, and every number comes from the
//! event (rating changes, deductions, adjustments), never recomputed.

use super::decay;
use super::elo::{GameResult, FLOOR};
use super::game::{self, Game, GameStatus, Objection, RematchOutcome};
use super::member::{Ban, Member, MonitorOrder};
use super::modification::Modification;
use super::sanction::{Declaration, Power, PowerStatus, PowerUse};
use super::{anticheat, court, Amendment, Event, Ladder, Vote};
use crate::competition::UserId;
use chrono::{DateTime, Utc};
use std::collections::{BTreeMap, BTreeSet};

fn add_score(state: &mut Ladder, member: &UserId, delta: i64) {
    if let Some(m) = state.members.get_mut(member) {
        m.score = (m.score + delta).max(FLOOR);
    }
}

/// Applies an amendment (club III.2.4.2, III.3.8, II.6.3, III.5).
pub(super) fn amend(state: &mut Ladder, a: &Amendment) {
    for adj in &a.adjustments {
        add_score(state, &adj.member, adj.delta);
        if let Some(p) = a.power_use.and_then(|id| state.powers.get_mut(&id)) {
            *p.net.entry(adj.member.clone()).or_default() += adj.delta;
        }
    }
    if let Some(p) = a.power_use.and_then(|id| state.powers.get_mut(&id)) {
        p.status = if a.void {
            PowerStatus::Void
        } else {
            PowerStatus::Amended
        };
    }
    let zone_settings = state.settings.clone();
    if let Some(change) = &a.ban {
        if let Some(m) = state.members.get_mut(&change.member) {
            if change.lifted {
                m.ban = None;
            } else if let Some(ban) = m.ban.as_mut() {
                ban.expires = change.expires;
                ban.ends_at = change.expires.map(|d| zone_settings.ban_ends(d));
            } else if let Some(id) = a.power_use {
                m.ban = Some(Ban {
                    power_use: id,
                    reason: "reimposed by the Court".into(),
                    expires: change.expires,
                    ends_at: change.expires.map(|d| zone_settings.ban_ends(d)),
                });
            }
        }
    }
    if let Some(member) = &a.lift_monitor {
        if let Some(m) = state.members.get_mut(member) {
            m.monitor = None;
        }
    }
    if let Some(id) = a.void_game {
        set_rated(state, id, false);
    }
    if let Some(id) = a.restore_game {
        set_rated(state, id, true);
    }
    if let Some(week) = a.restore_decay {
        for adj in &a.adjustments {
            if let Some(m) = state.members.get_mut(&adj.member) {
                m.deductions.remove(&week);
            }
        }
    }
    if let Some(s) = &a.settings {
        state.settings = s.clone();
    }
}

/// Moves a game between rated and void, keeping the week's game counts
/// (club II.6.2) in step with the change.
fn set_rated(state: &mut Ladder, id: u64, rated: bool) {
    let (from, to) = if rated {
        (GameStatus::Void, GameStatus::Rated)
    } else {
        (GameStatus::Rated, GameStatus::Void)
    };
    if state.games.get(&id).is_some_and(|g| g.status == from) {
        game::count_in_week(state, id, rated);
    }
    if let Some(g) = state.games.get_mut(&id) {
        g.status = to;
    }
}

/// Folds an event into the state; total, never refuses.
pub(super) fn apply(state: &mut Ladder, event: &Event, at: DateTime<Utc>) {
    if state.opened.is_none() {
        state.opened = Some(at);
    }
    match event {
        Event::SettingsConfigured { settings } => state.settings = settings.clone(),
        Event::MemberJoined { member, score, .. } => match state.members.get_mut(member) {
            Some(m) => m.rejoin(*score, at),
            None => {
                state
                    .members
                    .insert(member.clone(), Member::new(*score, at));
            }
        },
        Event::AttendanceRecorded {
            session,
            member,
            minutes,
            present,
        } => {
            let week = state.settings.week_of(*session);
            if let Some(m) = state.members.get_mut(member) {
                let w = m.weeks.entry(week).or_default();
                w.present = *present;
                w.minutes = *minutes;
            }
        }
        Event::GameRegistered {
            game,
            white,
            black,
            result,
            played_at,
            session,
            moderator,
            chessclock,
            bell,
            registered_by,
            pending,
            white_delta,
            black_delta,
        } => {
            state.saw_id(*game);
            let g = Game {
                white: white.clone(),
                black: black.clone(),
                result: *result,
                played_at: *played_at,
                online: false,
                session: *session,
                moderator: moderator.clone(),
                chessclock: *chessclock,
                bell: bell.clone(),
                registered_by: registered_by.clone(),
                status: if *pending {
                    GameStatus::Pending
                } else {
                    GameStatus::Rated
                },
                white_delta: *white_delta,
                black_delta: *black_delta,
                objection: None,
            };
            if let Some(s) = session {
                let week = state.settings.week_of(*s);
                for p in [white, black] {
                    if let Some(m) = state.members.get_mut(p) {
                        // club J.9: playing in the room is being present.
                        m.weeks.entry(week).or_default().present = true;
                    }
                }
            }
            state.games.insert(*game, g);
            if !*pending {
                game::rate(state, *game, *white_delta, *black_delta);
            }
        }
        Event::GameApproved {
            game,
            white_delta,
            black_delta,
            ..
        } => {
            if let Some(g) = state.games.get_mut(game) {
                g.status = GameStatus::Rated;
                g.white_delta = *white_delta;
                g.black_delta = *black_delta;
            }
            game::rate(state, *game, *white_delta, *black_delta);
        }
        Event::GameRejected { game, .. } => {
            if let Some(g) = state.games.get_mut(game) {
                g.status = GameStatus::Rejected;
            }
        }
        Event::EndingObjected {
            game,
            petitioner,
            session,
        } => {
            if let Some(g) = state.games.get_mut(game) {
                g.objection = Some(Objection {
                    petitioner: petitioner.clone(),
                    session: *session,
                    outcome: None,
                });
            }
        }
        Event::RematchRecorded {
            game,
            outcome,
            result,
            white_delta,
            black_delta,
            ..
        } => {
            let players = state.games.get_mut(game).map(|g| {
                g.white_delta += white_delta;
                g.black_delta += black_delta;
                if let Some(o) = g.objection.as_mut() {
                    o.outcome = Some(outcome.clone());
                }
                // Events recorded before `result` was kept carry it only
                // in a played outcome.
                let played = match outcome {
                    RematchOutcome::Played { result } => Some(*result),
                    _ => None,
                };
                if let Some(r) = result.or(played) {
                    g.result = r;
                }
                (g.white.clone(), g.black.clone())
            });
            if let Some((w, b)) = players {
                add_score(state, &w, *white_delta);
                add_score(state, &b, *black_delta);
            }
            if outcome.played() {
                game::rematch_played(state, *game, at);
            }
        }
        Event::OnlineGameStarted {
            game,
            white,
            black,
            day,
        } => {
            state.saw_id(*game);
            state.online_in_progress = Some(*game);
            for p in [white, black] {
                if let Some(m) = state.members.get_mut(p) {
                    m.last_online_day = Some(*day);
                }
            }
            state.games.insert(
                *game,
                Game {
                    white: white.clone(),
                    black: black.clone(),
                    result: GameResult::Draw,
                    played_at: at,
                    online: true,
                    session: None,
                    moderator: None,
                    chessclock: false,
                    bell: None,
                    registered_by: white.clone(),
                    status: GameStatus::InProgress,
                    white_delta: 0,
                    black_delta: 0,
                    objection: None,
                },
            );
        }
        Event::OnlineGameFinished {
            game,
            result,
            pending,
            white_delta,
            black_delta,
        } => {
            if state.online_in_progress == Some(*game) {
                state.online_in_progress = None;
            }
            if let Some(g) = state.games.get_mut(game) {
                g.result = *result;
                g.status = if *pending {
                    GameStatus::Pending
                } else {
                    GameStatus::Rated
                };
                g.white_delta = *white_delta;
                g.black_delta = *black_delta;
            }
            if !*pending {
                game::rate(state, *game, *white_delta, *black_delta);
            }
        }
        Event::GameVoided {
            game, adjustments, ..
        } => {
            if state.online_in_progress == Some(*game) {
                state.online_in_progress = None;
            }
            let rated = state
                .games
                .get(game)
                .is_some_and(|g| g.status == GameStatus::Rated);
            if rated {
                game::count_in_week(state, *game, false);
            }
            if let Some(g) = state.games.get_mut(game) {
                g.status = GameStatus::Void;
            }
            for adj in adjustments {
                add_score(state, &adj.member, adj.delta);
            }
        }
        Event::WeekClosed {
            week,
            deductions,
            through,
        } => decay::apply_week(state, *week, deductions, through.as_ref()),
        Event::RemovalRequested { member } => {
            if let Some(m) = state.members.get_mut(member) {
                m.removal_requested = Some(at);
            }
        }
        Event::MemberRemoved { member, .. } => {
            if let Some(m) = state.members.get_mut(member) {
                m.remove();
            }
        }
        Event::ScoreChanged {
            power_use,
            member,
            by,
            delta,
            reason,
            offence,
        } => {
            state.saw_id(*power_use);
            add_score(state, member, *delta);
            if let (Some(o), Some(m)) = (offence, state.members.get_mut(member)) {
                m.offences.insert(o.clone());
            }
            state.powers.insert(
                *power_use,
                PowerUse::new(
                    Power::ScoreChange { delta: *delta },
                    by,
                    member,
                    reason,
                    offence.clone(),
                    at,
                    BTreeMap::from([(member.clone(), *delta)]),
                ),
            );
        }
        Event::FraudPenalized {
            power_use,
            member,
            by,
            offence,
            reason,
            step,
            discretion,
            game,
            reversal,
            delta,
            ban_expires,
            banned,
        } => {
            state.saw_id(*power_use);
            let mut net: BTreeMap<UserId, i64> = BTreeMap::new();
            for adj in reversal {
                add_score(state, &adj.member, adj.delta);
                *net.entry(adj.member.clone()).or_default() += adj.delta;
            }
            if let Some(id) = *game {
                if state
                    .games
                    .get(&id)
                    .is_some_and(|g| g.status == GameStatus::Rated)
                {
                    game::count_in_week(state, id, false);
                }
                if let Some(g) = state.games.get_mut(&id) {
                    g.status = GameStatus::Void;
                }
            }
            add_score(state, member, *delta);
            *net.entry(member.clone()).or_default() += delta;
            let ends_at = ban_expires.map(|d| state.settings.ban_ends(d));
            if let Some(m) = state.members.get_mut(member) {
                m.fraud_violations += 1;
                m.offences.insert(offence.clone());
                if *banned {
                    m.ban = Some(Ban {
                        power_use: *power_use,
                        reason: reason.clone(),
                        expires: *ban_expires,
                        ends_at,
                    });
                }
            }
            let mut p = PowerUse::new(
                Power::Fraud {
                    step: *step,
                    discretion: *discretion,
                },
                by,
                member,
                reason,
                Some(offence.clone()),
                at,
                net,
            );
            p.ban = *banned;
            p.game = *game;
            state.powers.insert(*power_use, p);
        }
        Event::Banned {
            power_use,
            member,
            by,
            reason,
            expires,
            offence,
        } => {
            state.saw_id(*power_use);
            let ends_at = Some(state.settings.ban_ends(*expires));
            if let Some(m) = state.members.get_mut(member) {
                m.offences.insert(offence.clone());
                m.ban = Some(Ban {
                    power_use: *power_use,
                    reason: reason.clone(),
                    expires: Some(*expires),
                    ends_at,
                });
            }
            let mut p = PowerUse::new(
                Power::Ban,
                by,
                member,
                reason,
                Some(offence.clone()),
                at,
                BTreeMap::new(),
            );
            p.ban = true;
            state.powers.insert(*power_use, p);
        }
        Event::BanExpired { member, .. } => {
            if let Some(m) = state.members.get_mut(member) {
                m.ban = None;
            }
        }
        Event::Monitored {
            power_use,
            member,
            by,
            suspicion,
        } => {
            state.saw_id(*power_use);
            if let Some(m) = state.members.get_mut(member) {
                m.monitor = Some(MonitorOrder {
                    power_use: *power_use,
                    by: by.clone(),
                    since: at,
                    suspicion: suspicion.clone(),
                });
            }
            let mut p = PowerUse::new(
                Power::Monitor,
                by,
                member,
                suspicion,
                None,
                at,
                BTreeMap::new(),
            );
            p.monitor = true;
            state.powers.insert(*power_use, p);
        }
        Event::MonitorLifted { member, .. } => {
            if let Some(m) = state.members.get_mut(member) {
                m.monitor = None;
            }
        }
        Event::ChessclockRequirement { member, required } => {
            if let Some(m) = state.members.get_mut(member) {
                m.chessclock = *required;
            }
        }
        Event::Declared {
            power_use,
            statement,
            channel,
            ..
        } => {
            if let Some(p) = state.powers.get_mut(power_use) {
                p.declared = Some(Declaration {
                    at,
                    statement: statement.clone(),
                    channel: *channel,
                });
            }
        }
        Event::PenaltyVoided { amendment, .. } => amend(state, amendment),
        Event::AppealFiled {
            appeal,
            appellant,
            subject,
            grounds,
            en_banc,
            parties,
        } => {
            state.saw_id(*appeal);
            state.appeals.insert(
                *appeal,
                court::Appeal::new(appellant, subject, grounds, *en_banc, parties, at),
            );
        }
        Event::HearingSupported { appeal, justice } => {
            if let Some(a) = state.appeals.get_mut(appeal) {
                a.supporters.insert(justice.clone());
            }
        }
        Event::HearingGranted { appeal, bench, .. } => {
            if let Some(a) = state.appeals.get_mut(appeal) {
                a.granted_at = Some(at);
                if bench.is_empty() {
                    a.status = court::AppealStatus::Granted;
                } else {
                    a.bench = bench.clone();
                    a.status = court::AppealStatus::Sitting;
                }
            }
        }
        Event::PanelEmpanelled {
            appeal,
            justices,
            conflicts_ignored,
        } => {
            if let Some(a) = state.appeals.get_mut(appeal) {
                a.bench = justices.clone();
                a.conflicts_ignored = conflicts_ignored.clone();
                a.status = court::AppealStatus::Sitting;
            }
        }
        Event::VoteCast {
            appeal,
            justice,
            vote,
            bar_appeals_until,
        } => {
            if let Some(a) = state.appeals.get_mut(appeal) {
                a.votes
                    .insert(justice.clone(), (vote.clone(), *bar_appeals_until));
            }
        }
        Event::AppealDecided {
            appeal,
            judgement,
            amendment,
        } => {
            if let Some(a) = state.appeals.get_mut(appeal) {
                a.status = match judgement.decision {
                    Vote::Remand { .. } => court::AppealStatus::Remanded,
                    _ => court::AppealStatus::Decided,
                };
                a.judgement = Some(judgement.clone());
            }
            if let Some(am) = amendment {
                amend(state, am);
            }
        }
        Event::Reevaluated {
            appeal, amendment, ..
        } => {
            if let Some(a) = state.appeals.get_mut(appeal) {
                a.status = court::AppealStatus::Reevaluated;
            }
            if let Some(am) = amendment {
                amend(state, am);
            }
        }
        Event::OpinionPublished {
            appeal,
            author,
            text,
            ..
        } => {
            if let Some(a) = state.appeals.get_mut(appeal) {
                a.opinion = Some(court::Opinion {
                    author: author.clone(),
                    text: text.clone(),
                    at,
                });
            }
        }
        Event::OpinionOverdue { appeal } => {
            if let Some(a) = state.appeals.get_mut(appeal) {
                a.opinion_overdue = true;
            }
        }
        Event::TechnicallyModified {
            modification,
            by,
            description,
            settings,
            previous,
        } => {
            state.saw_id(*modification);
            if let Some(s) = settings {
                state.settings = s.clone();
            }
            state.modifications.insert(
                *modification,
                Modification {
                    by: by.clone(),
                    description: description.clone(),
                    settings: settings.clone(),
                    previous: previous.clone(),
                    at,
                },
            );
        }
        Event::AntiCheatReportFiled {
            report,
            game,
            member,
            raw,
            redacted,
        } => {
            state.saw_id(*report);
            state.reports.insert(
                *report,
                anticheat::AntiCheatReport {
                    game: *game,
                    member: member.clone(),
                    raw: raw.clone(),
                    redacted: redacted.clone(),
                    released_to: BTreeSet::new(),
                },
            );
        }
        Event::AntiCheatReleased { report, to } => {
            if let Some(r) = state.reports.get_mut(report) {
                r.released_to.insert(to.clone());
            }
        }
        Event::RawOrderVoted {
            appeal,
            justice,
            ordered,
        } => {
            if let Some(a) = state.appeals.get_mut(appeal) {
                a.raw_votes.insert(justice.clone());
                a.raw_ordered |= *ordered;
            }
        }
    }
}
