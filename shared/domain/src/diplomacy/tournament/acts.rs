//! What a person may do now in the World Masters: sign up alone (wm B.2;
//! a team's entry goes through the form of every act, its seven players
//! being the entrants' to name); the TD closes entries, draws the next
//! round (wm A.3.ii, B.5) and closes a round (wm C). `decide` says which
//! are open; the seeds are the edge's to draw.

use super::command::Command;
use super::state::Tournament;
use crate::envelope::{Envelope, UserId};
use crate::rulebook::{Acts, Offer};

impl Acts for Tournament {
    fn offers(&self, _env: &Envelope, _viewer: &UserId) -> Vec<Offer<Command>> {
        vec![
            Offer::new("Sign up alone", Command::Register { team: None }, &[]),
            Offer::new("Close entries", Command::CloseEntries { seed: 0 }, &[]),
            Offer::new("Draw the next round", Command::PairRound { seed: 0 }, &[]),
            Offer::new("Close the round", Command::CloseRound { seed: 0 }, &[]),
        ]
    }
}
