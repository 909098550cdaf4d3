//! A Swiss event's read resources. A Swiss keeps no secret (dutch F1:
//! pairings and results are published), so every viewer reads the same.
//!
//! - `standings`: the lines after the completed rounds, every tie-break's
//!   value, and the clause that put each line ahead of the next (dutch H).
//! - `rounds`: each round's time, board count, bye and whether it is complete.
//! - `pairings/{round}`: one round's boards, its bye and unpaired players.
//! - `games/{round}.{board}`: one game.
//! - `trf`: the event as TRF-16 (text); `trf?format=2025` as TRF-2025.
//! - `trf-2025`: the event as TRF-2025 (text).
//! - `explanations/{round}`: why the round was paired as it was (the Dutch
//!   editions).

use super::report::{export, TrfFormat};
use super::standings::{standings, Standing, Tiebreak};
use super::state::{Game, Round, SwissEvent};
use super::vocabulary::Overridden;
use crate::envelope::Envelope;
use crate::envelope::UserId;
use crate::refusal::Refusal;
use crate::resource::{json_resource, unknown, Page, Query, Resource, ResourceSchema};
use chrono::{DateTime, Utc};
use schemars::JsonSchema;
use serde::Serialize;
use std::collections::BTreeMap;

pub const NAMES: &[&str] = &[
    "standings",
    "rounds",
    "pairings",
    "games",
    "trf",
    "trf-2025",
    "explanations",
];

fn tiebreaks(state: &SwissEvent) -> Vec<Tiebreak> {
    state
        .settings
        .as_ref()
        .map_or_else(Tiebreak::dutch_h, |s| s.tiebreaks.clone())
}

/// A standings line with the clause behind its `ahead_by`.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "SwissStandingsLine")]
struct Line {
    #[serde(flatten)]
    standing: Standing,
    /// dutch H: the clause that ranks this line above the next one (points,
    /// then the listed tie-breaks); `None` where the place is shared.
    decided_by: Option<&'static str>,
}

fn decided_by(standing: &Standing, tiebreaks: &[Tiebreak]) -> Option<&'static str> {
    match standing.ahead_by.as_deref()? {
        "points" => Some("dutch H"),
        name => tiebreaks
            .iter()
            .find(|t| t.name() == name)
            .map(|t| t.clause()),
    }
}

/// dutch H: the standings, a page of lines at a time.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "SwissStandingsPage")]
struct StandingsPage {
    /// The completed rounds the lines count.
    after_round: usize,
    /// The tie-breaks in the order they break ties, each with its clause.
    tiebreaks: Vec<Column>,
    /// How many lines there are in all.
    total: usize,
    #[serde(flatten)]
    lines: Page<Line>,
}

/// A tie-break column and the clause that defines it.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "SwissTiebreakColumn")]
struct Column {
    name: &'static str,
    clause: &'static str,
}

fn standings_page(state: &SwissEvent, query: &Query) -> Result<Resource, Refusal> {
    let tiebreaks = tiebreaks(state);
    let need = state.need_arbiter();
    let completed = state.rounds.iter().take_while(|r| r.complete(need)).count();
    let lines = standings(state, &tiebreaks);
    let total = lines.len();
    let rows = lines.into_iter().map(|standing| Line {
        decided_by: decided_by(&standing, &tiebreaks),
        standing,
    });
    let columns = tiebreaks
        .iter()
        .map(|t| Column {
            name: t.name(),
            clause: t.clause(),
        })
        .collect();
    json_resource(&StandingsPage {
        after_round: completed,
        tiebreaks: columns,
        total,
        lines: query.page_of(rows),
    })
}

/// When round `number` starts by the regulations (dutch regulations' times).
fn starts_at(state: &SwissEvent, number: u32) -> Option<chrono::DateTime<chrono::Utc>> {
    let times = &state.settings.as_ref()?.round_times;
    times.get(number.checked_sub(1)? as usize).copied()
}

/// Every round the regulations schedule, paired or not, a page at a time.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "SwissRoundsPage")]
struct RoundsPage<'a> {
    /// How many rounds the regulations schedule.
    rounds: u32,
    #[serde(flatten)]
    page: Page<RoundLine<'a>>,
}

/// One round: when it starts and, once paired, its boards, bye and whether
/// every result counts. The last three are `null` before the pairing.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "SwissRoundLine")]
struct RoundLine<'a> {
    round: u32,
    starts_at: Option<DateTime<Utc>>,
    paired: bool,
    boards: Option<usize>,
    bye: Option<&'a UserId>,
    complete: Option<bool>,
}

fn rounds_page(state: &SwissEvent, query: &Query) -> Result<Resource, Refusal> {
    let need = state.need_arbiter();
    let scheduled = state.settings.as_ref().map_or(0, |s| s.rounds);
    let rows = (1..=scheduled.max(state.rounds.len() as u32)).map(|n| {
        let round = state.round(n);
        RoundLine {
            round: n,
            starts_at: starts_at(state, n),
            paired: round.is_some(),
            boards: round.map(|r| r.games.len()),
            bye: round.and_then(|r| r.bye.as_ref()),
            complete: round.map(|r| r.complete(need)),
        }
    });
    json_resource(&RoundsPage {
        rounds: scheduled,
        page: query.page_of(rows),
    })
}

fn round_of<'a>(state: &'a SwissEvent, key: &str) -> Result<&'a Round, Refusal> {
    key.parse::<u32>()
        .ok()
        .and_then(|n| state.round(n))
        .ok_or_else(|| Refusal::not_found(format!("no round {key:?} has been paired")))
}

/// One round's boards (a page at a time), its bye and unpaired players.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "SwissPairings")]
struct Pairings<'a> {
    round: u32,
    starts_at: Option<DateTime<Utc>>,
    /// dutch A5: the pairing-allocated bye.
    bye: Option<&'a UserId>,
    /// Players not paired and their half points for the round.
    not_paired: &'a BTreeMap<UserId, u32>,
    /// The arbiter's reason, when the round was paired by hand.
    manual: Option<&'a str>,
    /// The absolute criteria the arbiter's pairing breaks, kept by his decision.
    overridden: &'a [Overridden],
    /// Whether every result counts.
    complete: bool,
    #[serde(flatten)]
    boards: Page<&'a Game>,
}

fn pairings(state: &SwissEvent, query: &Query) -> Result<Resource, Refusal> {
    let round = round_of(state, query.key("pairings")?)?;
    json_resource(&Pairings {
        round: round.number,
        starts_at: starts_at(state, round.number),
        bye: round.bye.as_ref(),
        not_paired: &round.not_paired,
        manual: round.manual.as_deref(),
        overridden: &round.overridden,
        complete: round.complete(state.need_arbiter()),
        boards: query.page_of(&round.games),
    })
}

/// One game, `games/{round}.{board}`.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "SwissOneGame")]
struct OneGame<'a> {
    round: u32,
    game: &'a Game,
}

fn game(state: &SwissEvent, query: &Query) -> Result<Resource, Refusal> {
    let key = query.key("games")?;
    let (round, board) = key
        .split_once('.')
        .ok_or_else(|| Refusal::not_found(format!("a game is round.board, not {key:?}")))?;
    let round = round_of(state, round)?;
    let game = board
        .parse::<u32>()
        .ok()
        .and_then(|b| round.game(b))
        .ok_or_else(|| {
            Refusal::not_found(format!("round {} has no board {board:?}", round.number))
        })?;
    json_resource(&OneGame {
        round: round.number,
        game,
    })
}

/// `trf?format=16|2025`: the event as a TRF of that format (TRF-16 by
/// default).
fn trf(state: &SwissEvent, query: &Query) -> Result<Resource, Refusal> {
    let format = TrfFormat::parse(query.param("format"))?;
    Ok(Resource::Text(export(state, format)))
}

/// The contract's read resources (see [`crate::rulebook`]).
impl crate::rulebook::Resources for SwissEvent {
    const RESOURCES: &'static [&'static str] = NAMES;

    /// The resource `name` (every viewer reads the same, see the module doc).
    /// What each resource answers, for the API document.
    fn resource_schemas(
        generator: &mut schemars::SchemaGenerator,
    ) -> Vec<crate::resource::ResourceSchema> {
        vec![
            ResourceSchema::whole::<StandingsPage>("standings", generator),
            ResourceSchema::whole::<RoundsPage>("rounds", generator),
            ResourceSchema::keyed::<Pairings>("pairings", generator),
            ResourceSchema::keyed::<OneGame>("games", generator),
            ResourceSchema::text("trf"),
            ResourceSchema::text("trf-2025"),
            ResourceSchema::keyed::<super::explain::RoundExplanation>("explanations", generator),
        ]
    }

    /// The resource `name` (every viewer reads the same, see the module doc).
    fn resource(
        &self,
        _env: &Envelope,
        name: &str,
        query: &crate::resource::Query,
        _viewer: Option<&UserId>,
    ) -> Result<crate::resource::Resource, Refusal> {
        let state = self;
        match name {
            "standings" => query.no_key().and_then(|()| standings_page(state, query)),
            "rounds" => query.no_key().and_then(|()| rounds_page(state, query)),
            "pairings" => pairings(state, query),
            "games" => game(state, query),
            "trf" => query.no_key().and_then(|()| trf(state, query)),
            "trf-2025" => query
                .no_key()
                .map(|()| Resource::Text(export(state, TrfFormat::Trf2025))),
            "explanations" => {
                let round = round_of(state, query.key("explanations")?)?;
                json_resource(&super::explain::round_explanation(state, round)?)
            }
            _ => Err(unknown(
                <Self as crate::rulebook::Rules>::TITLE,
                name,
                Self::RESOURCES,
            )),
        }
    }
}
