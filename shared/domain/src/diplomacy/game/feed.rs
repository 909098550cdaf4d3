//! The board's deadlines for the calendar feed ([`crate::ical`]).

use super::state::{Board, NmrCase};
use crate::envelope::Envelope;
use crate::envelope::UserId;
use crate::ical::Deadline;
use chrono::DateTime;
use chrono::Utc;

/// The contract's calendar: the deadlines the feeds list (see [`crate::rulebook`]).
impl crate::rulebook::Calendar for Board {
    /// The current phase's order deadline (wm D.VII.4.b), with every extension
    /// granted so far already in it (wm D.VII.5 moves the deadline, so the
    /// phase's event moves and keeps its UID), for the players who have
    /// something to order; and the NMR follow-ups (wm D.VII.6.a, wm B.8.f).
    ///
    /// The early adjudication of wm D.VII.2 is not listed: it exists only once
    /// every set is final, and whether a set is final is the power's secret.
    /// A 1901 phase withheld for an NMR (wm D.VII.6.b) has no deadline until
    /// the GM sets one.
    fn deadlines(
        &self,
        _env: &Envelope,
        _viewer: Option<&UserId>,
        _now: DateTime<Utc>,
    ) -> Vec<Deadline> {
        let state = self;
        let (Some(position), None) = (state.position.as_ref(), state.result.as_ref()) else {
            return Vec::new();
        };
        let player = |p| state.seats.get(&p).map(|s| s.player.clone());
        let mut out = Vec::new();
        if let (Some(at), false) = (state.deadline, state.withheld) {
            let players = position.powers_to_order().into_iter().filter_map(player);
            out.push(
                Deadline::new(
                    format!("phase-{}", position.phase),
                    at,
                    format!("Orders for {} due", position.phase),
                    "wm D.VII.4.b",
                )
                .for_users(players),
            );
        }
        for (power, case) in &state.nmrs {
            out.push(match case {
                NmrCase::AwaitingContact { phase, contact_by } => Deadline::new(
                    format!("nmr-{}-{phase}", power.name().to_ascii_lowercase()),
                    *contact_by,
                    format!("{} contacts the GM after missing {phase}", power.title()),
                    "wm D.VII.6.a",
                )
                .for_users(player(*power)),
                NmrCase::ReplacementSought { replace_by } => Deadline::new(
                    format!("replacement-{}", power.name().to_ascii_lowercase()),
                    *replace_by,
                    format!(
                        "A replacement for {} is found, or civil disorder",
                        power.title()
                    ),
                    "wm B.8.f",
                ),
            });
        }
        out
    }
}
