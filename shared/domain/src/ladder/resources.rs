//! The ladder's read resources: the published leaderboard (club J.3) and one
//! member's history. Games and scores are public; the anti-cheat reports
//! (club I.9.5–I.9.9) and a member's own counters (`me` in the view: fraud
//! violations, streaks) are not in either.
//!
//! - `leaderboard`: rank, member, score, ban and monitoring, a page at a time.
//! - `members/{member}`: the member's score and rank, and their games,
//!   newest first, a page at a time; their weeks and deductions to them alone.

use super::view::{leaderboard, leaderboard_row};
use super::Ladder;
use crate::competition::UserId;
use crate::refusal::Refusal;
use crate::resource::{unknown, Query, Resource};
use serde_json::json;

pub const NAMES: &[&str] = &["leaderboard", "members"];

pub fn resource(
    state: &Ladder,
    name: &str,
    query: &Query,
    viewer: Option<&UserId>,
) -> Result<Resource, Refusal> {
    match name {
        "leaderboard" => query.no_key().and_then(|()| board(state, query)),
        "members" => history(state, query, viewer),
        _ => Err(unknown("a club ladder", name, NAMES)),
    }
}

fn board(state: &Ladder, query: &Query) -> Result<Resource, Refusal> {
    let rows = leaderboard(state);
    let total = rows.len();
    let lines = rows
        .into_iter()
        .enumerate()
        .map(|(i, (u, score))| leaderboard_row(state, i + 1, &u, score));
    query
        .page(
            lines,
            json!({ "total": total, "closed_through": state.closed_through }),
        )
        .map(Resource::Json)
}

fn history(state: &Ladder, query: &Query, viewer: Option<&UserId>) -> Result<Resource, Refusal> {
    let key = query.key("members")?;
    let (user, member) = UserId::try_from(key)
        .ok()
        .and_then(|u| state.members.get_key_value(&u))
        .ok_or_else(|| Refusal::not_found(format!("{key:?} is not a member")))?;
    // The leaderboard's order (by score, then id), counted in one pass
    // instead of sorting every member.
    let ahead = |(u, m): (&UserId, &super::Member)| {
        !m.removed && (m.score > member.score || (m.score == member.score && u < user))
    };
    let rank = (!member.removed).then(|| state.members.iter().filter(|e| ahead(*e)).count() + 1);
    let games = state
        .games
        .of(user)
        .map(|(id, g)| json!({ "game": id, "details": g }));
    let mut extra = json!({
        "member": user,
        "score": member.score,
        "rank": rank,
        "joined_at": member.joined_at,
        "removed": member.removed,
    });
    // The view shows a member's own record (`me`) to that member alone; the
    // weekly attendance and the decay's deductions are read the same way.
    if viewer == Some(user) {
        extra["weeks"] = json!(member.weeks);
        extra["deductions"] = json!(member.deductions);
    }
    query.page(games, extra).map(Resource::Json)
}
