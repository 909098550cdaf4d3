//! The ladder's read resources: the published leaderboard (club J.3) and one
//! member's history. Games and scores are public; the anti-cheat reports
//! (club I.9.5–I.9.9) and a member's own counters (`me` in the view: fraud
//! violations, streaks) are not in either.
//!
//! - `leaderboard`: rank, member, score, ban and monitoring, a page at a time.
//! - `members/{member}`: the member's score and rank, and their games,
//!   newest first, a page at a time; their weeks and deductions to them alone.

use super::game::Game;
use super::member::WeekRecord;
use super::view::{leaderboard, leaderboard_row, LeaderboardRow};
use super::Ladder;
use crate::envelope::Envelope;
use crate::envelope::UserId;
use crate::refusal::Refusal;
use crate::resource::{json_resource, unknown, Page, Query, Resource, ResourceSchema};
use chrono::{DateTime, NaiveDate, Utc};
use schemars::JsonSchema;
use serde::Serialize;
use std::collections::BTreeMap;

pub const NAMES: &[&str] = &["leaderboard", "members"];

/// club J.3: the published leaderboard, a page of lines at a time.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "ClubLadderLeaderboard")]
struct Leaderboard {
    /// How many members are on it.
    total: usize,
    /// The last session day closed.
    closed_through: Option<NaiveDate>,
    #[serde(flatten)]
    lines: Page<LeaderboardRow>,
}

/// One member's standing and games, newest first, a page at a time;
/// `weeks` and `deductions` are present only to the member.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "ClubLadderMemberHistory")]
struct History<'a> {
    member: &'a UserId,
    score: i64,
    /// The place on the leaderboard; `null` when removed.
    rank: Option<usize>,
    joined_at: DateTime<Utc>,
    removed: bool,
    /// club II.10: the member's weekly attendance, to the member alone.
    #[serde(skip_serializing_if = "Option::is_none")]
    weeks: Option<&'a BTreeMap<NaiveDate, WeekRecord>>,
    /// club II.12: the decay's deductions, to the member alone.
    #[serde(skip_serializing_if = "Option::is_none")]
    deductions: Option<&'a BTreeMap<NaiveDate, i64>>,
    #[serde(flatten)]
    games: Page<GameLine<'a>>,
}

#[derive(Serialize, JsonSchema)]
#[schemars(rename = "ClubLadderGameLine")]
struct GameLine<'a> {
    game: u64,
    details: &'a Game,
}

fn board(state: &Ladder, query: &Query) -> Result<Resource, Refusal> {
    let rows = leaderboard(state);
    let total = rows.len();
    let lines = rows
        .enumerate()
        .map(|(i, (u, score))| leaderboard_row(state, i + 1, u, score));
    json_resource(&Leaderboard {
        total,
        closed_through: state.closed_through,
        lines: query.page_of(lines),
    })
}

fn history(state: &Ladder, query: &Query, viewer: Option<&UserId>) -> Result<Resource, Refusal> {
    let key = query.key("members")?;
    let (user, member) = UserId::try_from(key)
        .ok()
        .and_then(|u| state.members.get_key_value(&u))
        .ok_or_else(|| Refusal::not_found(format!("{key:?} is not a member")))?;
    // The leaderboard's order (by score, then id), from the order the
    // state keeps: only the members ranked above are counted.
    let rank = state.members.rank(user);
    let games = state.games.of(user).map(|(id, g)| GameLine {
        game: *id,
        details: g,
    });
    // The view shows a member's own record (`me`) to that member alone; the
    // weekly attendance and the decay's deductions are read the same way.
    let own = viewer == Some(user);
    json_resource(&History {
        member: user,
        score: member.score,
        rank,
        joined_at: member.joined_at,
        removed: member.removed,
        weeks: own.then_some(&member.weeks),
        deductions: own.then_some(&member.deductions),
        games: query.page_of(games),
    })
}

/// The contract's read resources (see [`crate::rulebook`]).
impl crate::rulebook::Resources for Ladder {
    const RESOURCES: &'static [&'static str] = NAMES;

    /// What each resource answers, for the API document.
    fn resource_schemas(
        generator: &mut schemars::SchemaGenerator,
    ) -> Vec<crate::resource::ResourceSchema> {
        vec![
            ResourceSchema::whole::<Leaderboard>("leaderboard", generator),
            ResourceSchema::keyed::<History>("members", generator),
        ]
    }

    fn resource(
        &self,
        _env: &Envelope,
        name: &str,
        query: &crate::resource::Query,
        viewer: Option<&UserId>,
    ) -> Result<crate::resource::Resource, Refusal> {
        let state = self;
        match name {
            "leaderboard" => query.no_key().and_then(|()| board(state, query)),
            "members" => history(state, query, viewer),
            _ => Err(unknown(
                <Self as crate::rulebook::Rules>::TITLE,
                name,
                Self::RESOURCES,
            )),
        }
    }
}
