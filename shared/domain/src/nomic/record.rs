//! The recorder every decision writes to: events applied as they are decided
//! to a working copy of the state, so each decision sees the ones before it;
//! points awarded with the winner they make (nomic 203, 205, 207, 210).

use super::state::{apply, Nomic};
use super::vocabulary::Event;
use crate::envelope::UserId;
use crate::nomic::Recorded;
use chrono::{DateTime, Utc};

/// Events decided so far, applied as they are decided to a working copy of
/// the state, so each decision sees the ones before it.
pub struct Recorder {
    pub state: Nomic,
    pub now: DateTime<Utc>,
    pub out: Vec<Recorded>,
}

impl Recorder {
    pub fn new(state: &Nomic, now: DateTime<Utc>) -> Self {
        Self {
            state: state.clone(),
            now,
            out: vec![],
        }
    }

    /// Records `event`, citing `clause` (e.g. `nomic 203`).
    pub fn emit(&mut self, event: Event, clause: &str) {
        apply(&mut self.state, &event, self.now);
        self.out.push(Recorded::by_rule(event, clause));
    }

    /// Records an event no rule caused (an organizer's or player's act).
    pub fn emit_plain(&mut self, event: Event) {
        apply(&mut self.state, &event, self.now);
        self.out.push(Recorded::new(event));
    }

    /// nomic 203, 205, 207, 210: adds points and declares the first player
    /// to reach 200 the winner. Reaching n points is the only way to win
    /// here, and no adopted rule text changes it (nomic 114: winning "may
    /// not be altered from achieving n points"; 215 decides the rest).
    pub fn points(
        &mut self,
        player: &UserId,
        change: i64,
        proposal: u32,
        at: DateTime<Utc>,
        clause: &str,
    ) {
        let total = self.state.points.get(player).copied().unwrap_or(0) + change;
        self.emit(
            Event::PointsChanged {
                player: player.clone(),
                change,
                total,
                proposal,
                at,
            },
            clause,
        );
        if self.state.winner.is_none() && total >= self.state.settings.winning_points {
            self.emit(
                Event::GameWon {
                    player: player.clone(),
                    points: total,
                },
                "nomic 210",
            );
        }
    }
}
