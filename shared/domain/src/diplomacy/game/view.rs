//! What each viewer may see (wm D.VIII.4, D.IX.2, D.X.2): orders only to
//! their power and the GM until adjudicated; no individual vote or tally to
//! anyone but the voter; a grey or dark-grey author to the author alone.

use super::deadline::Unavailability;
use super::event::Event;
use super::press::Press;
use super::replacement::Seat;
use super::settings::Settings;
use super::state::{
    Board, ExtensionAccount, GameResult, Holiday, NmrCase, PhaseRecord, Submission,
};
use super::vote::{Ballot, Proposal};
use crate::diplomacy::game::position::Position;
use crate::diplomacy::map::Power;
use crate::envelope::{Envelope, Role, UserId};
use chrono::{DateTime, Utc};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;

pub(super) fn is_gm(env: &Envelope, viewer: Option<&UserId>) -> bool {
    viewer.is_some_and(|u| env.has_role(u, Role::GameMaster))
}

fn is_td(env: &Envelope, viewer: Option<&UserId>) -> bool {
    viewer.is_some_and(|u| env.has_role(u, Role::TournamentDirector))
}

pub(super) fn viewer_power(state: &Board, viewer: Option<&UserId>) -> Option<Power> {
    viewer.and_then(|u| state.power_of(u))
}

/// One Diplomacy board as the viewer may see it: before set-up only its
/// status; then the board, with orders before adjudication only to their
/// power and the GM (wm D.VIII.4), ballots only to their voter (wm D.IX.2).
#[derive(Serialize, JsonSchema)]
#[serde(untagged)]
#[schemars(rename = "DiplomacyGameView")]
pub enum View<'a> {
    AwaitingSetUp { status: AwaitingSetUp },
    Board(Box<Shown<'a>>),
}

/// The board has not been set up.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum AwaitingSetUp {
    AwaitingSetUp,
}

#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[schemars(rename = "DiplomacyGameStatus")]
pub enum Status {
    Playing,
    Ended,
}

/// A set-up board as the viewer may see it.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "DiplomacyGameShown")]
pub struct Shown<'a> {
    pub status: Status,
    pub settings: &'a Settings,
    /// Who plays each power.
    pub seats: &'a BTreeMap<Power, Seat>,
    /// The current position; `null` before the game starts.
    pub position: Option<&'a Position>,
    /// wm D.VII: the phase deadline.
    pub deadline: Option<DateTime<Utc>>,
    /// Whether the phase's adjudication is withheld.
    pub withheld: bool,
    /// wm D.VIII.4: the adjudicated phases, published.
    pub history: &'a [PhaseRecord],
    /// wm D.VIII.4: this phase's orders of the powers the viewer may see
    /// (their own; the GM every power's), by power name.
    pub orders: BTreeMap<&'static str, PowerOrders<'a>>,
    /// wm D.II.1: the powers that have sent an order set for this phase, to
    /// anyone: that a power has ordered, never what (wm D.VIII.4).
    pub orders_in: Vec<Power>,
    /// wm D.VII.5: each position's extension account.
    pub extensions: &'a BTreeMap<Power, ExtensionAccount>,
    pub holidays: &'a [Holiday],
    /// Unavailability windows the viewer may see: their own; the GM and
    /// the TD everyone's.
    pub windows: BTreeMap<String, &'a Unavailability>,
    /// wm D.VII.6: open NMR cases.
    pub nmrs: &'a BTreeMap<Power, NmrCase>,
    /// wm D.IX: draw, concession and house-rule proposals.
    pub proposals: &'a [Proposal],
    /// wm D.IX.2: the viewer's own ballots, by proposal id; never a tally.
    pub my_ballots: BTreeMap<String, &'a Ballot>,
    /// wm D.X: press as the viewer may read it (an author hidden but to
    /// themselves).
    pub press: Vec<Press>,
    /// The result, once the game ends.
    pub result: Option<&'a GameResult>,
    /// wm C.1–C.4: board scores, published with the result.
    pub scores: Option<BTreeMap<Power, f64>>,
    /// Flags for the GM and the TD: present only to them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub td_flags: Option<&'a [String]>,
}

/// A power's order sets this phase and the orders that count.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "DiplomacyGamePowerOrders")]
pub struct PowerOrders<'a> {
    pub submissions: &'a [Submission],
    pub counted: Option<Vec<String>>,
}

fn shown<'a>(env: &Envelope, state: &'a Board, viewer: Option<&UserId>) -> View<'a> {
    let Some(settings) = &state.settings else {
        return View::AwaitingSetUp {
            status: AwaitingSetUp::AwaitingSetUp,
        };
    };
    let gm = is_gm(env, viewer);
    let own = viewer_power(state, viewer);
    // wm D.VIII.4: current orders to their power and the GM only.
    let orders = state
        .submissions
        .iter()
        .filter(|(p, _)| gm || own == Some(**p))
        .map(|(p, subs)| {
            let counted = state.counted_orders(*p);
            (
                p.name(),
                PowerOrders {
                    submissions: subs,
                    counted,
                },
            )
        })
        .collect();
    // wm D.IX.2: the viewer's own ballots only; never a tally.
    let my_ballots = state
        .ballots
        .iter()
        .filter_map(|(id, b)| {
            let key = match (own, gm) {
                (Some(p), _) => Some(p),
                (None, true) => None,
                (None, false) => return None,
            };
            b.get(&key).map(|ballot| (id.to_string(), ballot))
        })
        .collect();
    let windows = state
        .windows
        .iter()
        .filter(|(u, _)| gm || is_td(env, viewer) || Some(*u) == viewer)
        .map(|(u, w)| (u.to_string(), w))
        .collect();
    View::Board(Box::new(Shown {
        status: if state.result.is_some() {
            Status::Ended
        } else {
            Status::Playing
        },
        settings,
        seats: &state.seats,
        position: state.position.as_ref(),
        deadline: state.deadline,
        withheld: state.withheld,
        history: &state.history,
        orders,
        orders_in: state
            .submissions
            .iter()
            .filter(|(_, subs)| !subs.is_empty())
            .map(|(p, _)| *p)
            .collect(),
        extensions: &state.extensions,
        holidays: &state.holidays,
        windows,
        nmrs: &state.nmrs,
        proposals: &state.proposals,
        my_ballots,
        press: state.press.iter().map(|p| p.for_viewer(viewer)).collect(),
        result: state.result.as_ref(),
        scores: state.result.as_ref().map(super::score::board_scores),
        td_flags: (gm || is_td(env, viewer)).then_some(state.td_flags.as_slice()),
    }))
}

/// The contract's secrecy: what each viewer may see of an event (see [`crate::rulebook`]).
impl crate::rulebook::Secrecy for Board {
    /// wm D.VIII.4 orders before adjudication, wm D.IX.2 individual votes,
    /// wm D.X.2 grey and private press.
    /// The event as `viewer` may see it in the audit log; `None` hides it.
    fn redact(
        &self,
        env: &Envelope,
        event: &Self::Event,
        viewer: Option<&UserId>,
    ) -> Option<Self::Event> {
        let state = self;
        let gm = is_gm(env, viewer);
        match event {
            Event::OrdersSubmitted { power, receipt, .. } => {
                let published = state
                    .history
                    .iter()
                    .any(|r| r.before.phase == receipt.phase);
                (published || gm || viewer_power(state, viewer) == Some(*power))
                    .then(|| event.clone())
            }
            // wm D.VII.1: the GM who entered a power's ballot knows it already.
            Event::VoteRecorded {
                power, entered_by, ..
            } => {
                let mine = match power {
                    Some(p) => viewer_power(state, viewer) == Some(*p),
                    None => gm,
                };
                (mine || (gm && entered_by.is_some())).then(|| event.clone())
            }
            Event::PressPublished { press } => Some(Event::PressPublished {
                press: press.for_viewer(viewer),
            }),
            Event::UnavailabilityDeclared { player, .. } => {
                (gm || is_td(env, viewer) || viewer == Some(player)).then(|| event.clone())
            }
            Event::UnavailabilityConflictFlagged { .. } => {
                (gm || is_td(env, viewer)).then(|| event.clone())
            }
            // An address is personal: the GM, the TD and its owner see it.
            Event::MailAddressRegistered { player, .. } => {
                Some(if gm || is_td(env, viewer) || viewer == Some(player) {
                    event.clone()
                } else {
                    Event::MailAddressRegistered {
                        player: player.clone(),
                        address: String::new(),
                    }
                })
            }
            _ => Some(event.clone()),
        }
    }

    /// The actor of a vote or a proposal, or of non-white press, would
    /// reveal a secret (wm D.IX.2, D.X.2); so would the player who told the
    /// GM of an unavailability window, when the deadline it moves is
    /// published in the same commit (wm D.VII.2: the player informs the GM).
    fn conceals_actor(event: &Self::Event) -> bool {
        match event {
            Event::VoteRecorded { .. }
            | Event::ProposalMade { .. }
            | Event::UnavailabilityDeclared { .. } => true,
            Event::PressPublished { press } => press.kind != super::press::PressKind::White,
            _ => false,
        }
    }
}

/// The contract's view: the state as a viewer may see it (see [`crate::rulebook`]).
impl crate::rulebook::Views for Board {
    /// The board as `viewer` may see it (see [`View`]).
    fn view(&self, env: &Envelope, viewer: Option<&UserId>) -> serde_json::Value {
        let state = self;
        serde_json::to_value(shown(env, state, viewer)).unwrap_or(Value::Null)
    }

    /// The schema of [`view`]'s answer.
    fn view_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        generator.subschema_for::<View>()
    }
}
