//! Who the caller is and where they take part (`GET /v1/me`), the caller's
//! competitions (`GET /v1/competitions`), and the competitions their
//! organizers list publicly (`GET /v1/public/competitions`, no sign-in
//! needed; an organizer lists one with `POST .../public`).
//!
//! Every listing pages as every list of the API does: `limit` rows after
//! `cursor`, the next page's cursor in `next_cursor` (null on the last).
//! Here a cursor is the id of the last competition of the previous page, so
//! a competition created since lands in its place in id order.

use arbiter_domain::competition::{Command, Competition, CompetitionId, Kind, Role, UserId};
use arbiter_http::request::{json_body, page_limit, query};
use arbiter_http::{json, App, Call, Problem};
use arbiter_store::Store;
use bytes::Bytes;
use chrono::{DateTime, Utc};
use http::{Response, StatusCode};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// A page of a listing holds this many competitions unless the caller asks
/// for another number.
pub const DEFAULT_PAGE: usize = 20;
/// The most competitions one page of a listing holds.
pub const MAX_PAGE: usize = 100;

/// A competition as a listing shows it: no kind state, no roster.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CompetitionSummary {
    pub id: CompetitionId,
    pub kind: Kind,
    pub name: String,
    pub created_at: DateTime<Utc>,
    pub organizer: UserId,
    /// The competition's version (its number of commits).
    #[schemars(range(min = 1))]
    pub version: u64,
    /// Listed in `GET /v1/public/competitions`.
    pub public: bool,
}

impl From<&Competition> for CompetitionSummary {
    fn from(state: &Competition) -> Self {
        Self {
            id: state.id.clone(),
            kind: state.kind,
            name: state.name.clone(),
            created_at: state.created_at,
            organizer: state.organizer.clone(),
            version: state.version,
            public: state.public,
        }
    }
}

/// A competition the caller belongs to, with their roles in it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Membership {
    #[serde(flatten)]
    pub competition: CompetitionSummary,
    pub roles: BTreeSet<Role>,
}

/// The caller (`GET /v1/me`).
#[derive(Debug, Serialize, JsonSchema)]
pub struct Me {
    pub user: UserId,
    /// Platform roles: `organizer` may create competitions.
    pub roles: Vec<String>,
    /// A page of the competitions the caller belongs to, in id order.
    pub competitions: Vec<Membership>,
    /// Pass as `cursor` for the next page; null on the last.
    pub next_cursor: Option<String>,
}

/// A page of the caller's competitions (`GET /v1/competitions`): their ids.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CompetitionList {
    /// Ids, in id order.
    pub competitions: Vec<CompetitionId>,
    /// Pass as `cursor` for the next page; null on the last.
    pub next_cursor: Option<String>,
}

/// A page of the public listing (`GET /v1/public/competitions`).
#[derive(Debug, Serialize, JsonSchema)]
pub struct PublicPage {
    /// In id order; fewer than `limit` when listed competitions were
    /// withdrawn since.
    pub competitions: Vec<CompetitionSummary>,
    /// Pass as `cursor` for the next page; null on the last.
    pub next_cursor: Option<String>,
}

/// The organizer's `set-public` command's body.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SetPublic {
    /// `true` lists the competition publicly; `false` withdraws it.
    pub public: bool,
}

/// The listing's `limit` and `cursor`: a cursor is a competition id (the
/// last of the previous page); anything else is refused.
fn paging(call: &Call) -> Result<(usize, Option<CompetitionId>), Problem> {
    let limit = page_limit(&call.request, DEFAULT_PAGE, MAX_PAGE)?;
    let cursor = query(&call.request, "cursor")
        .map(|c| {
            CompetitionId::try_from(c.as_str())
                .map_err(|_| Problem::invalid("cursor is not one this API handed out"))
        })
        .transpose()?;
    Ok((limit, cursor))
}

/// One page of `ids` in id order: `limit` after `cursor`, and the cursor of
/// the next page when there are more.
fn page_of_ids(
    mut ids: Vec<CompetitionId>,
    cursor: Option<&CompetitionId>,
    limit: usize,
) -> (Vec<CompetitionId>, Option<String>) {
    ids.sort();
    ids.retain(|id| cursor.is_none_or(|after| id > after));
    let next_cursor = (ids.len() > limit).then(|| ids[limit - 1].to_string());
    ids.truncate(limit);
    (ids, next_cursor)
}

/// A page of the ids of the competitions the caller belongs to.
pub async fn mine<S: Store>(app: &App<S>, call: Call) -> Result<Response<Bytes>, Problem> {
    let (limit, cursor) = paging(&call)?;
    let ids = app.service.competitions_of(&call.caller().user).await?;
    let (competitions, next_cursor) = page_of_ids(ids, cursor.as_ref(), limit);
    let page = CompetitionList {
        competitions,
        next_cursor,
    };
    Ok(json(StatusCode::OK, &page))
}

/// The caller: their id, their platform roles (`organizer`: may create
/// competitions), and a page of the competitions they belong to, in id
/// order, with their roles in each. Only the page's competitions are loaded,
/// however many the caller belongs to.
pub async fn me<S: Store>(app: &App<S>, call: Call) -> Result<Response<Bytes>, Problem> {
    let caller = call.caller();
    let (limit, cursor) = paging(&call)?;
    let ids = app.service.competitions_of(&caller.user).await?;
    let (ids, next_cursor) = page_of_ids(ids, cursor.as_ref(), limit);
    let mut competitions = Vec::new();
    for id in &ids {
        if let Some(state) = app.service.load(id).await? {
            competitions.push(Membership {
                competition: CompetitionSummary::from(&*state),
                roles: state.roles.get(&caller.user).cloned().unwrap_or_default(),
            });
        }
    }
    let me = Me {
        user: caller.user.clone(),
        roles: caller
            .may_organize
            .then(|| "organizer".to_owned())
            .into_iter()
            .collect(),
        competitions,
        next_cursor,
    };
    Ok(json(StatusCode::OK, &me))
}

/// A page of the public listing.
pub async fn public<S: Store>(app: &App<S>, call: Call) -> Result<Response<Bytes>, Problem> {
    let (limit, cursor) = paging(&call)?;
    let page = app
        .service
        .public_competitions(cursor.as_ref().map(CompetitionId::as_str), limit)
        .await?;
    let page = PublicPage {
        competitions: page
            .competitions
            .iter()
            .map(|s| CompetitionSummary::from(&**s))
            .collect(),
        next_cursor: page.next,
    };
    Ok(json(StatusCode::OK, &page))
}

/// The organizer lists the competition publicly (`{"public": true}`) or
/// withdraws it (`false`).
pub async fn set_public<S: Store>(app: &App<S>, call: Call) -> Result<Response<Bytes>, Problem> {
    let id = arbiter_http::competition_id(&call)?;
    let body: SetPublic = json_body(&call.request)?;
    let command = Command::SetPublic {
        public: body.public,
    };
    arbiter_http::execute(app, &call, &id, &command).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(names: &[&str]) -> Vec<CompetitionId> {
        names
            .iter()
            .map(|n| CompetitionId::try_from(*n).unwrap())
            .collect()
    }

    #[test]
    fn a_listing_pages_by_id_after_the_cursor() {
        // Sorted: a, b, c, d. Two after none: a, b, more to come (cursor b);
        // two after b: c, d, the last page.
        let all = ids(&["d", "b", "a", "c"]);
        let (first, next) = page_of_ids(all.clone(), None, 2);
        assert_eq!(first, ids(&["a", "b"]));
        assert_eq!(next.as_deref(), Some("b"));
        let cursor = CompetitionId::try_from("b").unwrap();
        let (second, next) = page_of_ids(all, Some(&cursor), 2);
        assert_eq!(second, ids(&["c", "d"]));
        assert_eq!(next, None);
    }
}
