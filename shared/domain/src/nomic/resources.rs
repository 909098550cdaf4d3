//! A Nomic game's read resources. Nothing in Nomic is secret (votes are cast
//! in the game's voting thread, nomic 113), so every viewer reads the same.
//!
//! - `rules?at=INSTANT`: the rule book now, or as it stood at an RFC 3339
//!   instant (nomic 108, 109: every version stays readable).
//! - `points`: each player's points (nomic 209) and the points thread, newest
//!   entry first, a page at a time.
//! - `proposals`: the ballots' published outcomes, newest first, a page at a
//!   time; `proposals/{number}`: one proposal with its votes and tally.

use super::proposal::{Proposal, ProposalStatus, Tally, Threshold};
use super::rulebook::RuleBookExport;
use super::state::Nomic;
use super::view::PointsLine;
use crate::envelope::Envelope;
use crate::envelope::UserId;
use crate::refusal::Refusal;
use crate::resource::{json_resource, unknown, Page, Query, Resource, ResourceSchema};
use chrono::{DateTime, Utc};
use schemars::JsonSchema;
use serde::Serialize;

pub const NAMES: &[&str] = &["rules", "points", "proposals"];

/// nomic 209: each player's points and the points thread, newest first.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "NomicPoints")]
struct Points<'a> {
    players: Vec<PlayerPoints<'a>>,
    /// nomic 210: the winner, once there is one.
    winner: Option<&'a UserId>,
    #[serde(flatten)]
    thread: Page<PointsLine<'a>>,
}

#[derive(Serialize, JsonSchema)]
#[schemars(rename = "NomicPlayerPoints")]
struct PlayerPoints<'a> {
    player: &'a UserId,
    points: i64,
}

/// The ballots' published outcomes, newest first, and what adoption needs
/// now (nomic 204).
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "NomicProposals")]
struct Proposals<'a> {
    threshold: Threshold,
    #[serde(flatten)]
    page: Page<Outcome<'a>>,
}

/// One proposal's published outcome (its votes: `proposals/{number}`).
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "NomicProposalOutcome")]
struct Outcome<'a> {
    number: u32,
    proposer: &'a UserId,
    submitted_at: DateTime<Utc>,
    closes_at: DateTime<Utc>,
    status: ProposalStatus,
    tally: Option<Tally>,
    took_effect_at: Option<DateTime<Utc>>,
}

/// An RFC 3339 instant; a client that left the offset's `+` unencoded sent
/// a space.
pub fn instant(at: &str) -> Result<DateTime<Utc>, Refusal> {
    DateTime::parse_from_rfc3339(at)
        .or_else(|_| DateTime::parse_from_rfc3339(&at.replace(' ', "+")))
        .map(|t| t.with_timezone(&Utc))
        .map_err(|_| Refusal::invalid("at must be an RFC 3339 instant"))
}

/// nomic 108, 109: the rule book now, or as of `at`.
fn rules(state: &Nomic, query: &Query) -> Result<Resource, Refusal> {
    let book = match query.param("at") {
        None => Some(state.rules.current.clone()),
        Some(at) => state.rule_book_at(instant(at)?),
    };
    let book = book.ok_or_else(|| Refusal::not_found("no rule book was in effect then"))?;
    json_resource(&book)
}

/// nomic 209: the points and the thread that records each award.
fn points(state: &Nomic, query: &Query) -> Result<Resource, Refusal> {
    let players = state
        .players
        .keys()
        .map(|u| PlayerPoints {
            player: u,
            points: state.points.get(u).copied().unwrap_or(0),
        })
        .collect();
    let thread = state.points_thread.iter().rev().map(PointsLine::of);
    json_resource(&Points {
        players,
        winner: state.winner.as_ref(),
        thread: query.page_of(thread),
    })
}

fn proposals(state: &Nomic, query: &Query) -> Result<Resource, Refusal> {
    if let Some(key) = &query.key {
        let found = key
            .parse::<u32>()
            .ok()
            .and_then(|n| state.proposal(n))
            .ok_or_else(|| Refusal::not_found(format!("no proposal {key:?}")))?;
        return json_resource(found);
    }
    let rows = state.proposals.iter().rev().map(|p| Outcome {
        number: p.number,
        proposer: &p.proposer,
        submitted_at: p.submitted_at,
        closes_at: p.closes_at,
        status: p.status,
        tally: p.tally,
        took_effect_at: p.took_effect_at,
    });
    json_resource(&Proposals {
        threshold: state.threshold,
        page: query.page_of(rows),
    })
}

/// The contract's read resources (see [`crate::rulebook`]).
impl crate::rulebook::Resources for Nomic {
    const RESOURCES: &'static [&'static str] = NAMES;

    /// What each resource answers, for the API document.
    fn resource_schemas(
        generator: &mut schemars::SchemaGenerator,
    ) -> Vec<crate::resource::ResourceSchema> {
        vec![
            ResourceSchema::whole::<RuleBookExport>("rules", generator),
            ResourceSchema::whole::<Points>("points", generator),
            ResourceSchema::whole::<Proposals>("proposals", generator)
                .and_entry::<Proposal>(generator),
        ]
    }

    fn resource(
        &self,
        _env: &Envelope,
        name: &str,
        query: &crate::resource::Query,
        _viewer: Option<&UserId>,
    ) -> Result<crate::resource::Resource, Refusal> {
        let state = self;
        match name {
            "rules" => query.no_key().and_then(|()| rules(state, query)),
            "points" => query.no_key().and_then(|()| points(state, query)),
            "proposals" => proposals(state, query),
            _ => Err(unknown(
                <Self as crate::rulebook::Rules>::TITLE,
                name,
                Self::RESOURCES,
            )),
        }
    }
}
