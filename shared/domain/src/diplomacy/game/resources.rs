//! A board's read resources, kept as secret as the view (wm D.VIII.4: a
//! power's orders are its player's and the GM's until adjudicated; wm
//! D.IX.2: no ballot or tally is read here at all).
//!
//! - `phase`: the current phase, position, deadline and who must order.
//! - `orders`: the caller's own orders this phase (the GM: every power's).
//! - `history`: the published orders and results of past phases, newest
//!   first, a page at a time; `history/{phase}` one phase (`F1901M`).
//! - `options`: the legal orders of each of the caller's units this phase
//!   (the GM names a power with `?power=`).
//! - `submissions`: whose orders are in: the GM reads every power's, a
//!   player only their own, anyone else nothing (wm D.VIII.4).

use super::position::Position;
use super::state::{Board, GameResult, PhaseRecord};
use super::view::{is_gm, viewer_power, PowerOrders, Status};
use crate::diplomacy::cli::{read_position, AdjudicateInput, RulesInput};
use crate::diplomacy::map::Power;
use crate::diplomacy::options::{options as legal_options, Options};
use crate::envelope::{Envelope, UserId};
use crate::refusal::Refusal;
use crate::resource::{json_resource, unknown, Page, Query, Resource, ResourceSchema};
use chrono::{DateTime, Utc};
use schemars::JsonSchema;
use serde::Serialize;
use std::collections::BTreeMap;

pub const NAMES: &[&str] = &["phase", "orders", "history", "options", "submissions"];

/// The current phase: position, deadline and who must order.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "DiplomacyGamePhaseNow")]
struct PhaseNow<'a> {
    status: Status,
    /// The phase's name (`S1901M`); `null` before the game starts.
    phase: Option<&'a str>,
    /// wm D.VII: the phase deadline.
    deadline: Option<DateTime<Utc>>,
    withheld: bool,
    position: Option<&'a Position>,
    /// The powers that order this phase.
    to_order: Option<Vec<Power>>,
    result: Option<&'a GameResult>,
}

/// wm D.VIII.4: the orders of this phase the caller may read (their own
/// power's; the GM every power's), by power name.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "DiplomacyGameOrdersNow")]
struct OrdersNow<'a> {
    phase: Option<&'a str>,
    orders: BTreeMap<&'static str, PowerOrders<'a>>,
}

/// wm D.VIII.4: the adjudicated phases, newest first.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "DiplomacyGameHistoryPage")]
struct HistoryPage<'a> {
    /// How many phases have been adjudicated.
    phases: usize,
    #[serde(flatten)]
    page: Page<&'a PhaseRecord>,
}

/// The legal orders of each of a power's units this phase.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "DiplomacyGameOptions")]
struct PowerOptions<'a> {
    phase: &'a str,
    power: &'static str,
    options: Options,
}

/// wm D.VIII.4: whose orders are in, among the powers the caller may read.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "DiplomacyGameSubmissions")]
struct Submissions {
    powers: Vec<SubmissionLine>,
}

#[derive(Serialize, JsonSchema)]
#[schemars(rename = "DiplomacyGameSubmissionLine")]
struct SubmissionLine {
    power: &'static str,
    /// Whether the power has submitted orders this phase.
    #[serde(rename = "in")]
    is_in: bool,
    /// Whether its last order set is final.
    #[serde(rename = "final")]
    is_final: bool,
}

fn phase(state: &Board) -> Result<Resource, Refusal> {
    let position = state.position.as_ref();
    json_resource(&PhaseNow {
        status: if state.result.is_some() {
            Status::Ended
        } else {
            Status::Playing
        },
        phase: position.map(|p| p.phase.as_str()),
        deadline: state.deadline,
        withheld: state.withheld,
        position,
        to_order: position.map(|p| p.powers_to_order()),
        result: state.result.as_ref(),
    })
}

/// The powers whose current orders `viewer` may read (wm D.VIII.4).
fn readable_powers(env: &Envelope, state: &Board, viewer: Option<&UserId>) -> Vec<Power> {
    if is_gm(env, viewer) {
        Power::ALL.to_vec()
    } else {
        viewer_power(state, viewer).into_iter().collect()
    }
}

fn orders(env: &Envelope, state: &Board, viewer: Option<&UserId>) -> Result<Resource, Refusal> {
    let powers = readable_powers(env, state, viewer);
    let orders = powers
        .into_iter()
        .filter_map(|p| {
            let submissions = state.submissions.get(&p)?;
            let counted = state.counted_orders(p);
            Some((
                p.name(),
                PowerOrders {
                    submissions,
                    counted,
                },
            ))
        })
        .collect();
    let phase = state.position.as_ref().map(|p| p.phase.as_str());
    json_resource(&OrdersNow { phase, orders })
}

/// wm D.VIII.4: adjudicated phases are published with every order as written
/// and as read, and its result.
fn history(state: &Board, query: &Query) -> Result<Resource, Refusal> {
    if let Some(key) = &query.key {
        let record = state
            .history
            .iter()
            .find(|r| r.before.phase.eq_ignore_ascii_case(key))
            .ok_or_else(|| Refusal::not_found(format!("phase {key:?} has not been adjudicated")))?;
        return json_resource(record);
    }
    json_resource(&HistoryPage {
        phases: state.history.len(),
        page: query.page_of(state.history.iter().rev()),
    })
}

fn options(
    env: &Envelope,
    state: &Board,
    query: &Query,
    viewer: Option<&UserId>,
) -> Result<Resource, Refusal> {
    let power = match query.param("power") {
        Some(name) => {
            let p = Power::parse(name)
                .ok_or_else(|| Refusal::invalid(format!("{name:?} is not a power")))?;
            if !readable_powers(env, state, viewer).contains(&p) {
                return Err(Refusal::forbidden(
                    "wm D.VIII.4",
                    "a power's orders are its player's and the GM's",
                ));
            }
            p
        }
        None => viewer_power(state, viewer)
            .ok_or_else(|| Refusal::not_found("you hold no power on this board"))?,
    };
    let (phase, options) = power_options(state, power)?;
    json_resource(&PowerOptions {
        phase,
        power: power.name(),
        options,
    })
}

/// The legal orders of each of `power`'s units in the board's current
/// phase, with the phase's code.
pub(super) fn power_options(state: &Board, power: Power) -> Result<(&str, Options), Refusal> {
    let position = state
        .position
        .as_ref()
        .ok_or_else(|| Refusal::not_found("the board has no position yet"))?;
    let input = AdjudicateInput {
        phase: position.phase.clone(),
        units: position.units.clone(),
        dislodged: position.dislodged.clone(),
        contested: position.contested.clone(),
        centers: position.centers.clone(),
        orders: Default::default(),
        rules: RulesInput::default(),
    };
    let (phase, board, centers, dislodged) =
        read_position(&input).map_err(|e| Refusal::invalid(format!("the position: {e}")))?;
    let options = legal_options(phase.kind, &board, &centers, &dislodged, power);
    Ok((&position.phase, options))
}

/// wm D.VIII.4: whether a power has ordered tells something of its orders,
/// so it is shown only to those who may read them.
fn submissions(
    env: &Envelope,
    state: &Board,
    viewer: Option<&UserId>,
) -> Result<Resource, Refusal> {
    let to_order = state
        .position
        .as_ref()
        .map(|p| p.powers_to_order())
        .unwrap_or_default();
    let rows: Vec<_> = readable_powers(env, state, viewer)
        .into_iter()
        .filter(|p| to_order.contains(p))
        .map(|p| {
            let subs = state.submissions.get(&p);
            SubmissionLine {
                power: p.name(),
                is_in: subs.is_some_and(|s| !s.is_empty()),
                is_final: subs.and_then(|s| s.last()).is_some_and(|s| s.is_final),
            }
        })
        .collect();
    json_resource(&Submissions { powers: rows })
}

/// The contract's read resources (see [`crate::rulebook`]).
impl crate::rulebook::Resources for Board {
    const RESOURCES: &'static [&'static str] = NAMES;

    /// What each resource answers, for the API document.
    fn resource_schemas(
        generator: &mut schemars::SchemaGenerator,
    ) -> Vec<crate::resource::ResourceSchema> {
        vec![
            ResourceSchema::whole::<PhaseNow>("phase", generator),
            ResourceSchema::whole::<OrdersNow>("orders", generator),
            ResourceSchema::whole::<HistoryPage>("history", generator)
                .and_entry::<PhaseRecord>(generator),
            ResourceSchema::whole::<PowerOptions>("options", generator),
            ResourceSchema::whole::<Submissions>("submissions", generator),
        ]
    }

    fn resource(
        &self,
        env: &Envelope,
        name: &str,
        query: &crate::resource::Query,
        viewer: Option<&UserId>,
    ) -> Result<crate::resource::Resource, Refusal> {
        let state = self;
        let known = NAMES.contains(&name);
        if known && state.settings.is_none() {
            return Err(Refusal::not_found("the board has not been set up"));
        }
        match name {
            "phase" => query.no_key().and_then(|()| phase(state)),
            "orders" => query.no_key().and_then(|()| orders(env, state, viewer)),
            "history" => history(state, query),
            "options" => query
                .no_key()
                .and_then(|()| options(env, state, query, viewer)),
            "submissions" => query
                .no_key()
                .and_then(|()| submissions(env, state, viewer)),
            _ => Err(unknown(
                <Self as crate::rulebook::Rules>::TITLE,
                name,
                Self::RESOURCES,
            )),
        }
    }
}
