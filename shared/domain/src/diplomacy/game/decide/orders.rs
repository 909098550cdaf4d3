//! Order sets (wm D.II, D.VII): submitted by the power's player, or entered
//! by the GM from the player's e-mail (D.VII.1); and the player's return
//! after an NMR or civil disorder, which an order set makes (D.VII.6.a,
//! B.8.c).

use super::{digest, require_gm, require_player_of, require_started, settings};
use crate::diplomacy::game::event::{by_rule, Event};
use crate::diplomacy::game::settings::LateOrders;
use crate::diplomacy::game::state::{Board, NmrCase, OrderReceipt};
use crate::diplomacy::game::Recorded;
use crate::diplomacy::map::Power;
use crate::envelope::{Context, Envelope, UserId};
use crate::refusal::Refusal;

/// wm D.II.1–4, D.III.3, D.VII.3, D.VII.7: the power's current player
/// submits a set.
pub(super) fn submit_orders(
    state: &Board,
    ctx: &Context,
    power: Power,
    phase: &str,
    orders: &[String],
    is_final: bool,
) -> Result<Vec<Recorded>, Refusal> {
    require_started(state)?;
    // wm B.8.c: the player replaced returns with orders while the
    // replacement has not yet ordered.
    let seat = state.seats.get(&power);
    let returner = seat
        .and_then(|s| s.may_return.as_ref())
        .filter(|p| ctx.actor.user() == Some(*p));
    let Some(returner) = returner else {
        require_player_of(state, ctx, power)?;
        return accept(state, ctx, power, phase, orders, is_final, None);
    };
    let mut events = vec![by_rule(
        Event::RightOfReturnUsed {
            power,
            player: returner.clone(),
        },
        "wm B.8.c",
    )];
    events.extend(accept(state, ctx, power, phase, orders, is_final, None)?);
    Ok(events)
}

/// wm D.VII.1: the GM enters a set the power's player sent by e-mail; time
/// of submission is when the GM receives the orders. These are the player's
/// own orders, so no proxy (wm D.II.3); the receipt names the GM who entered
/// them, and they stay as secret as the player's own until adjudicated
/// (wm D.VIII.4).
pub(super) fn enter_orders(
    env: &Envelope,
    state: &Board,
    ctx: &Context,
    power: Power,
    phase: &str,
    orders: &[String],
    is_final: bool,
) -> Result<Vec<Recorded>, Refusal> {
    require_gm(env, ctx, "enters orders a player sent (wm D.VII.1)")?;
    require_started(state)?;
    if !state.seats.contains_key(&power) {
        return Err(Refusal::not_found("no such power"));
    }
    let gm = ctx.actor.user().cloned();
    accept(state, ctx, power, phase, orders, is_final, gm)
}

/// wm D.II.4, D.VII.3, D.VII.7: a set for the current phase, in time; its
/// receipt; and the player's return if the power had missed orders.
fn accept(
    state: &Board,
    ctx: &Context,
    power: Power,
    phase: &str,
    orders: &[String],
    is_final: bool,
    entered_by: Option<UserId>,
) -> Result<Vec<Recorded>, Refusal> {
    let position = require_started(state)?;
    if phase != position.phase {
        return Err(Refusal::rule(
            "wm D.II.4",
            format!(
                "orders are for one turn only: this set names {phase}, the current phase is {}; no perpetual or advance orders",
                position.phase
            ),
        ));
    }
    if orders.len() > 64 || orders.iter().any(|l| l.chars().count() > 500) {
        return Err(Refusal::invalid("at most 64 order lines of 500 characters"));
    }
    let late_rule = settings(state).house_rules.late_orders;
    if state.deadline.is_some_and(|d| ctx.now >= d) && late_rule == LateOrders::Refused {
        return Err(Refusal::rule(
            "wm D.VII.3",
            "orders are not accepted after the deadline",
        ));
    }
    let mut events = vec![by_rule(
        Event::OrdersSubmitted {
            power,
            orders: orders.to_vec(),
            is_final,
            receipt: OrderReceipt {
                received_at: ctx.now,
                phase: phase.to_owned(),
                sha256: digest(orders),
                entered_by,
            },
        },
        "wm D.VII.7",
    )];
    events.extend(returns(state, power));
    Ok(events)
}

/// The power's player is back: orders reach the GM, so they are the contact
/// wm D.VII.6.a asks for; while a replacement is sought and none is seated
/// the player keeps the right of return (wm B.8.c); and civil disorder does
/// not preclude the player's later orders (wm B.8.c), which end it.
fn returns(state: &Board, power: Power) -> Vec<Recorded> {
    let mut events = Vec::new();
    match state.nmrs.get(&power) {
        Some(NmrCase::AwaitingContact { .. }) => {
            events.push(by_rule(Event::GmContacted { power }, "wm D.VII.6.a"));
        }
        Some(NmrCase::ReplacementSought { .. }) => {
            events.push(by_rule(Event::GmContacted { power }, "wm B.8.c"));
        }
        None => {}
    }
    if state.seats.get(&power).is_some_and(|s| s.civil_disorder) {
        events.push(by_rule(Event::CivilDisorderLifted { power }, "wm B.8.c"));
    }
    events
}
