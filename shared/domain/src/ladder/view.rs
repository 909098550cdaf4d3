//! What callers see: the public leaderboard and the Court's docket (club
//! J.3: the leaderboard is published; III.3: hearings are public), and the
//! audit log with the online-chess anti-cheat information withheld from all
//! but the Chief Justice and, as I.9.5–I.9.9 allow, the Court.

use super::court::{appeal_game, AppealStatus, AppealSubject, Judgement, Opinion};
use super::elo::GameResult;
use super::game::{Game, GameStatus};
use super::modification::{Modification, ResidualAct};
use super::sanction::{Declaration, Power, PowerStatus};
use super::settings::Settings;
use super::terms::{Superseded, TermsChange};
use super::{Event, Ladder};
use crate::envelope::{Envelope, Role, UserId};
use chrono::{DateTime, NaiveDate, Utc};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;

/// The leaderboard: members on it, by score (then id), read from the order
/// the state keeps (no sort of the club).
pub fn leaderboard(state: &Ladder) -> impl ExactSizeIterator<Item = (&UserId, i64)> {
    state.members.ranked()
}

/// One line of the leaderboard (club I, J.3).
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "ClubLadderLeaderboardRow")]
pub struct LeaderboardRow {
    pub rank: usize,
    pub member: UserId,
    pub score: i64,
    /// club II.9: the ban's end date, `permanent`, or `null` when not banned.
    pub banned: Option<String>,
    /// club I.9: under a monitoring order.
    pub monitored: bool,
    /// club II.11: must use a chessclock.
    pub chessclock: bool,
    /// The member's rated games won, drawn and lost (club II.3: the games
    /// whose changes make the score).
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
}

/// A member's rated games won, drawn and lost, from the member's side.
fn record(state: &Ladder, member: &UserId) -> (u32, u32, u32) {
    let (mut won, mut drawn, mut lost) = (0, 0, 0);
    for (_, g) in state.games.of(member) {
        if g.status != GameStatus::Rated {
            continue;
        }
        match (g.result, &g.white == member) {
            (GameResult::Draw, _) => drawn += 1,
            (GameResult::WhiteWins, true) | (GameResult::BlackWins, false) => won += 1,
            _ => lost += 1,
        }
    }
    (won, drawn, lost)
}

/// One line of the leaderboard (club I) as the view and the `leaderboard`
/// resource show it.
pub(super) fn leaderboard_row(
    state: &Ladder,
    rank: usize,
    member: &UserId,
    score: i64,
) -> LeaderboardRow {
    let m = &state.members[member];
    let (won, drawn, lost) = record(state, member);
    LeaderboardRow {
        rank,
        member: member.clone(),
        score,
        banned: m
            .ban
            .as_ref()
            .map(|b| b.expires.map_or("permanent".to_owned(), |d| d.to_string())),
        monitored: m.monitor.is_some(),
        chessclock: m.chessclock,
        won,
        drawn,
        lost,
    }
}

/// How many of the latest games the view shows.
pub const RECENT_GAMES: usize = 10;

/// A game as the leaderboard's recent games show it.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "ClubLadderRecentGame")]
pub struct RecentGame<'a> {
    pub game: u64,
    pub details: &'a Game,
}

/// The latest rated games (club J.3: the leaderboard's games are public):
/// of the [`RECENT_GAMES`] last registered, the latest played first.
fn recent_games(state: &Ladder) -> Vec<RecentGame<'_>> {
    let mut games: Vec<RecentGame> = state
        .games
        .iter()
        .rev()
        .filter(|(_, g)| g.status == GameStatus::Rated)
        .take(RECENT_GAMES)
        .map(|(id, g)| RecentGame {
            game: *id,
            details: g,
        })
        .collect();
    games.sort_by_key(|g| std::cmp::Reverse(g.details.played_at));
    games
}

/// The ladder as the viewer may see it: the public leaderboard and the
/// Court's docket (club J.3, III.3); `me` is the viewer's own counters,
/// `null` to anyone who is not a member.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "ClubLadderView")]
pub struct View<'a> {
    pub settings: &'a Settings,
    /// The last session day closed.
    pub closed_through: Option<NaiveDate>,
    pub leaderboard: Vec<LeaderboardRow>,
    /// The latest rated games, the latest played first.
    pub recent_games: Vec<RecentGame<'a>>,
    /// Games reported and not yet confirmed, by id.
    pub pending_games: Vec<u64>,
    pub online_game_in_progress: Option<u64>,
    /// Open petitions for a rematch.
    pub rematches: Vec<Rematch<'a>>,
    /// club III.2.4: each use of moderator power.
    pub powers: Vec<PowerLine<'a>>,
    /// club III.3: the Court's cases.
    pub appeals: Vec<AppealLine<'a>>,
    /// club III.5: technical modifications, by id.
    pub modifications: &'a BTreeMap<u64, Modification>,
    /// club IV.1: changes of the Terms, by id.
    pub terms_changes: &'a BTreeMap<u64, TermsChange>,
    /// Settings no longer in force, with when they stopped applying.
    pub superseded_settings: &'a [Superseded],
    /// club III.4: the Chief Justice's residual acts, by id.
    pub residual_acts: &'a BTreeMap<u64, ResidualAct>,
    /// The viewer's own standing; `null` to non-members.
    pub me: Option<Me>,
}

#[derive(Serialize, JsonSchema)]
#[schemars(rename = "ClubLadderRematch")]
pub struct Rematch<'a> {
    pub game: u64,
    pub petitioner: &'a UserId,
    pub session: NaiveDate,
}

#[derive(Serialize, JsonSchema)]
#[schemars(rename = "ClubLadderPowerLine")]
pub struct PowerLine<'a> {
    pub power_use: u64,
    pub power: &'a Power,
    pub by: &'a UserId,
    pub member: &'a UserId,
    pub reason: &'a str,
    pub at: DateTime<Utc>,
    pub status: PowerStatus,
    /// club III.2.4: the public declaration, once made.
    pub declared: Option<&'a Declaration>,
    pub declaration_due: DateTime<Utc>,
}

#[derive(Serialize, JsonSchema)]
#[schemars(rename = "ClubLadderAppealLine")]
pub struct AppealLine<'a> {
    pub appeal: u64,
    pub appellant: &'a UserId,
    pub subject: &'a AppealSubject,
    pub grounds: &'a str,
    pub status: AppealStatus,
    pub en_banc: bool,
    pub bench: &'a [UserId],
    pub judgement: Option<&'a Judgement>,
    pub opinion: Option<&'a Opinion>,
    pub opinion_overdue: bool,
}

/// A member's own counters (club II.4, II.10, I.9).
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "ClubLadderMe")]
pub struct Me {
    pub score: i64,
    pub removed: bool,
    pub absent_streak: u32,
    pub idle_streak: u32,
    pub fraud_violations: u32,
    pub removal_requested: Option<DateTime<Utc>>,
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
fn access(env: &Envelope, state: &Ladder, report: u64, game: u64, viewer: &UserId) -> Access {
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

/// The contract's secrecy: what each viewer may see of an event (see [`crate::rulebook`]).
impl crate::rulebook::Secrecy for Ladder {
    /// club I.9.5–I.9.9: anti-cheat information is withheld.
    /// The audit log's events as `viewer` may see them (club I.9.5–I.9.9; see
    /// `access`): a filed report in full, redacted or not at all; a release only
    /// to its recipient and to those who may see the report, since it tells that
    /// the information exists and who holds it. Everything else is public.
    fn redact(
        &self,
        env: &Envelope,
        event: &Self::Event,
        viewer: Option<&UserId>,
    ) -> Option<Self::Event> {
        let state = self;
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
                (v == to || access(env, state, *report, game, v) != Access::None)
                    .then(|| event.clone())
            }
            _ => Some(event.clone()),
        }
    }

    /// The club's acts are public; its secrets (anti-cheat reports) are
    /// withheld whole by `redact`, actor and time with them.
    fn conceals_actor(_event: &Event) -> bool {
        false
    }
}

/// The contract's view: the state as a viewer may see it (see [`crate::rulebook`]).
impl crate::rulebook::Views for Ladder {
    fn view(&self, _env: &Envelope, viewer: Option<&UserId>) -> serde_json::Value {
        let state = self;
        let board = leaderboard(state)
            .enumerate()
            .map(|(i, (u, score))| leaderboard_row(state, i + 1, u, score))
            .collect();
        let pending_games = state
            .games
            .iter()
            .filter(|(_, g)| g.status == GameStatus::Pending)
            .map(|(id, _)| *id)
            .collect();
        let rematches = state
            .games
            .iter()
            .filter_map(|(id, g)| {
                let o = g.objection.as_ref().filter(|o| o.outcome.is_none())?;
                Some(Rematch {
                    game: *id,
                    petitioner: &o.petitioner,
                    session: o.session,
                })
            })
            .collect();
        let powers = state
            .powers
            .iter()
            .map(|(id, p)| PowerLine {
                power_use: *id,
                power: &p.power,
                by: &p.by,
                member: &p.member,
                reason: &p.reason,
                at: p.at,
                status: p.status,
                declared: p.declared.as_ref(),
                declaration_due: p.declaration_due(),
            })
            .collect();
        let appeals = state
            .appeals
            .iter()
            .map(|(id, a)| AppealLine {
                appeal: *id,
                appellant: &a.appellant,
                subject: &a.subject,
                grounds: &a.grounds,
                status: a.status,
                en_banc: a.en_banc,
                bench: &a.bench,
                judgement: a.judgement.as_ref(),
                opinion: a.opinion.as_ref(),
                opinion_overdue: a.opinion_overdue,
            })
            .collect();
        let me = viewer.and_then(|v| state.members.get(v)).map(|m| Me {
            score: m.score,
            removed: m.removed,
            absent_streak: m.absent_streak,
            idle_streak: m.idle_streak,
            fraud_violations: m.fraud_violations,
            removal_requested: m.removal_requested,
        });
        let view = View {
            settings: &state.settings,
            closed_through: state.closed_through,
            leaderboard: board,
            recent_games: recent_games(state),
            pending_games,
            online_game_in_progress: state.online_in_progress,
            rematches,
            powers,
            appeals,
            modifications: &state.modifications,
            terms_changes: &state.terms_changes,
            superseded_settings: &state.superseded,
            residual_acts: &state.residual_acts,
            me,
        };
        serde_json::to_value(view).unwrap_or(Value::Null)
    }

    /// The schema of [`view`]'s answer.
    fn view_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        generator.subschema_for::<View>()
    }
}
