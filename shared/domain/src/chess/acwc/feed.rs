//! The championship's deadlines for the calendar feed ([`crate::ical`]).

use super::due::offers_deadline;
use super::state::Championship;
use super::vocabulary::Stage;
use crate::envelope::Envelope;
use crate::envelope::UserId;
use crate::ical::Deadline;
use chrono::DateTime;
use chrono::Utc;

/// The contract's calendar: the deadlines the feeds list (see [`crate::rulebook`]).
impl crate::rulebook::Calendar for Championship {
    /// The Qualification's start (acwc IV.D) while entries are open; then, for
    /// every published round, the Wednesday offers deadline (acwc V.C) and the
    /// Sunday 23:59:59 UTC round deadline (acwc IV.F), each for the round's
    /// players. Pairings are public, so are their deadlines.
    fn deadlines(
        &self,
        _env: &Envelope,
        _viewer: Option<&UserId>,
        _now: DateTime<Utc>,
    ) -> Vec<Deadline> {
        let state = self;
        let Some(settings) = state.settings.as_ref() else {
            return Vec::new();
        };
        if state.stage == Stage::Registration {
            let start = Deadline::new(
                "qualification-starts",
                settings.qualification_starts,
                "The Qualification starts",
                "acwc IV.D",
            );
            return vec![start];
        }
        let mut out = Vec::new();
        for r in &state.rounds {
            let players: Vec<_> = r
                .matches
                .iter()
                .filter_map(|id| state.matches.get(id))
                .flat_map(|m| [m.first.clone(), m.second.clone()])
                .collect();
            let stage = format!("{:?}", r.stage).to_ascii_lowercase();
            let name = format!("{:?} round {}", r.stage, r.number);
            out.push(
                Deadline::new(
                    format!("{stage}-{}-offers", r.number),
                    offers_deadline(r.deadline),
                    format!("{name}: three time offers each"),
                    "acwc V.C",
                )
                .for_users(players.clone()),
            );
            out.push(
                Deadline::new(
                    format!("{stage}-{}", r.number),
                    r.deadline,
                    format!("{name}: matches completed"),
                    "acwc IV.F",
                )
                .for_users(players),
            );
        }
        out
    }
}
