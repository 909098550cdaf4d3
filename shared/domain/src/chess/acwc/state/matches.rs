//! The fold of a match before its result: the negotiation of its start
//! time (acwc V), and what happens at the board: flags for the TD (IV.F,
//! V.H), no-shows (VI.D), games claimed (VI.E) and breaks (VI.A).

use super::{Championship, Offer};
use crate::chess::acwc::vocabulary::{Event, NoShowChoice};
use chrono::{DateTime, Utc};

/// acwc V: a time offered, agreed or fixed, or the negotiation failed.
pub(super) fn negotiation(state: &mut Championship, event: &Event, at: DateTime<Utc>) {
    match event {
        Event::TimeOffered {
            match_id,
            by,
            at: time,
        } => {
            state.matches.update(match_id, |m| {
                m.negotiation.offers.push(Offer {
                    by: by.clone(),
                    at: *time,
                    made_at: at,
                });
            });
        }
        Event::MatchTimeAgreed { match_id, at: time }
        | Event::MatchTimeFixed {
            match_id, at: time, ..
        } => {
            state.matches.update(match_id, |m| {
                m.negotiation.time = Some(*time);
                m.no_show = None;
            });
        }
        Event::NegotiationFailed {
            match_id,
            chooser,
            at_fault,
        } => {
            state.matches.update(match_id, |m| {
                m.negotiation.failed = true;
                m.negotiation.chooser = chooser.clone();
                m.negotiation.at_fault = at_fault.clone();
            });
        }
        _ => unreachable!("state::apply sends negotiation events only"),
    }
}

/// A match flagged for the TD (acwc IV.F, V.H), a no-show claimed (VI.D),
/// a game claimed (VI.E) or a break called (VI.A).
pub(super) fn conduct(state: &mut Championship, event: &Event) {
    match event {
        Event::MatchFlagged { match_id, reason } => {
            state.matches.update(match_id, |m| {
                m.flags.push(reason.clone());
                if reason.starts_with("acwc V.H") {
                    m.negotiation.referred = true;
                }
            });
        }
        Event::NoShowClaimed {
            match_id,
            by,
            choice,
        } => {
            state.matches.update(match_id, |m| {
                m.no_show = Some((by.clone(), *choice));
                if *choice == NoShowChoice::Reschedule {
                    m.negotiation.time = None;
                }
            });
        }
        Event::GameClaimed { .. } => {}
        Event::BreakCalled {
            match_id,
            by,
            ends_at,
        } => {
            state.matches.update(match_id, |m| {
                m.breaks.insert(by.clone(), *ends_at);
            });
        }
        _ => unreachable!("state::apply sends the conduct of matches only"),
    }
}
