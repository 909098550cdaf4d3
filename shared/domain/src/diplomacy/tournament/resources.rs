//! The World Masters' read resources, showing what the view shows: every
//! draw, report and standing is published; a TMC ballot is its voter's
//! alone (wm A.6), so a motion shows its published outcome and count, and
//! the caller's own ballot to the caller.
//!
//! - `rounds`: each round's stage, board count, violations and whether it
//!   is closed; `boards/{round}`: one round's boards (seats, observer,
//!   report), a page at a time.
//! - `standings/{round}` (the last closed round without one): the team
//!   standings and the players' standings (wm C.6–C.13), players paged.
//! - `motions`: the TMC's motions with their published outcomes.

use super::closing::close;
use super::model::Stage;
use super::state::{BoardEntry, DrawViolation, Round, Tournament, Winners};
use super::view::MotionShown;
use crate::envelope::Envelope;
use crate::envelope::UserId;
use crate::refusal::Refusal;
use crate::resource::{json_resource, unknown, Page, Query, Resource, ResourceSchema};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;

pub const NAMES: &[&str] = &["rounds", "boards", "standings", "motions"];

/// The round numbered `key` (1 for the first round drawn).
fn round_at<'a>(state: &'a Tournament, key: &str) -> Result<(usize, &'a Round), Refusal> {
    key.parse::<usize>()
        .ok()
        .and_then(|n| Some((n, state.rounds.get(n.checked_sub(1)?)?)))
        .ok_or_else(|| Refusal::not_found(format!("no round {key:?} has been drawn")))
}

/// Every round drawn, a page at a time, with the stage drawn next.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "WorldMastersRoundsPage")]
struct RoundsPage<'a> {
    /// wm B.1: the stage drawn next; `null` once the final is drawn.
    next_stage: Option<Stage>,
    /// wm C.11–C.13: the winners, once decided.
    winners: Option<&'a Winners>,
    #[serde(flatten)]
    page: Page<RoundLine<'a>>,
}

/// One round: its stage, draw seed, board count and violations (wm B.5),
/// and once closed how many go on.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "WorldMastersRoundLine")]
struct RoundLine<'a> {
    round: usize,
    stage: Stage,
    seed: u64,
    boards: usize,
    violations: &'a [DrawViolation],
    closed: bool,
    /// How many go on; `null` while the round is open.
    advancing: Option<usize>,
}

fn rounds(state: &Tournament, query: &Query) -> Result<Resource, Refusal> {
    let rows = state.rounds.iter().enumerate().map(|(i, r)| RoundLine {
        round: i + 1,
        stage: r.stage,
        seed: r.seed,
        boards: r.boards.len(),
        violations: &r.violations,
        closed: r.advancing.is_some(),
        advancing: r.advancing.as_ref().map(Vec::len),
    });
    json_resource(&RoundsPage {
        next_stage: super::rounds::next_stage(state),
        winners: state.winners.as_ref(),
        page: query.page_of(rows),
    })
}

/// One round's boards (seats, observer, report), a page at a time.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "WorldMastersBoardsPage")]
struct BoardsPage<'a> {
    round: usize,
    stage: Stage,
    #[serde(flatten)]
    page: Page<BoardLine<'a>>,
}

#[derive(Serialize, JsonSchema)]
#[schemars(rename = "WorldMastersBoardLine")]
struct BoardLine<'a> {
    /// 1 for the round's first board.
    board: usize,
    entry: &'a BoardEntry,
}

fn boards(state: &Tournament, query: &Query) -> Result<Resource, Refusal> {
    let (n, round) = round_at(state, query.key("boards")?)?;
    let rows = round.boards.iter().enumerate().map(|(i, entry)| BoardLine {
        board: i + 1,
        entry,
    });
    json_resource(&BoardsPage {
        round: n,
        stage: round.stage,
        page: query.page_of(rows),
    })
}

/// wm C.6–C.13: a closed round's standings: the players' lines a page at a
/// time (`items`), beside the team table of the round (after round one
/// `team_credits`, after round two `teams`; the semi-final has its own
/// table's fields).
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "WorldMastersStandingsPage")]
struct StandingsPage {
    round: usize,
    stage: Stage,
    /// The team table and any other field of the round's standings.
    #[serde(flatten)]
    table: BTreeMap<String, Value>,
    #[serde(flatten)]
    players: Page<Value>,
}

/// wm C.6–C.13: a closed round's standings, worked out from its reports and
/// closing seed as the view does; the players' list is paged, the team
/// table (a few dozen teams) comes whole.
fn standings(state: &Tournament, query: &Query) -> Result<Resource, Refusal> {
    let (n, round) = match &query.key {
        Some(key) => round_at(state, key)?,
        None => state
            .rounds
            .iter()
            .enumerate()
            .rev()
            .find(|(_, r)| r.advancing.is_some())
            .map(|(i, r)| (i + 1, r))
            .ok_or_else(|| Refusal::not_found("no round has been closed"))?,
    };
    let (Some(advancing), Some(seed)) = (&round.advancing, round.close_seed) else {
        return Err(Refusal::not_found(format!("round {n} is not closed")));
    };
    let table = close(state, round, advancing.len(), seed)?.standings;
    let (table, players) = match table {
        Value::Object(mut fields) => {
            let players = fields.remove("players").unwrap_or(Value::Null);
            (fields.into_iter().collect(), players)
        }
        other => (BTreeMap::new(), other),
    };
    let rows = match players {
        Value::Array(rows) => rows,
        Value::Null => vec![],
        one => vec![one],
    };
    json_resource(&StandingsPage {
        round: n,
        stage: round.stage,
        table,
        players: query.page_of(rows),
    })
}

/// wm A.6: the ballots stay with their voters; the outcome and count are
/// published when the motion closes.
fn motions(
    state: &Tournament,
    query: &Query,
    viewer: Option<&UserId>,
) -> Result<Resource, Refusal> {
    let rows = state
        .motions
        .iter()
        .rev()
        .map(|m| MotionShown::of(m, viewer));
    json_resource(&query.page_of(rows))
}

/// The contract's read resources (see [`crate::rulebook`]).
impl crate::rulebook::Resources for Tournament {
    const RESOURCES: &'static [&'static str] = NAMES;

    /// What each resource answers, for the API document.
    fn resource_schemas(
        generator: &mut schemars::SchemaGenerator,
    ) -> Vec<crate::resource::ResourceSchema> {
        vec![
            ResourceSchema::whole::<RoundsPage>("rounds", generator),
            ResourceSchema::keyed::<BoardsPage>("boards", generator),
            ResourceSchema::whole::<StandingsPage>("standings", generator)
                .and_entry::<StandingsPage>(generator),
            ResourceSchema::whole::<Page<MotionShown>>("motions", generator),
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
            "rounds" => query.no_key().and_then(|()| rounds(state, query)),
            "boards" => boards(state, query),
            "standings" => standings(state, query),
            "motions" => query.no_key().and_then(|()| motions(state, query, viewer)),
            _ => Err(unknown(
                <Self as crate::rulebook::Rules>::TITLE,
                name,
                Self::RESOURCES,
            )),
        }
    }
}
