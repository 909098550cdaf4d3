//! What a person may do now in the World Masters: enter a team or sign up
//! alone while entries are open (wm B.2); the TD closes entries, draws the
//! next round (wm A.3.ii, B.5) and closes a round (wm C). `decide` says
//! which are open; the seeds are the edge's to draw.

use super::command::Command;
use super::state::Tournament;
use crate::envelope::{Envelope, UserId};
use crate::rulebook::{Acts, Offer};

impl Acts for Tournament {
    fn offers(&self, _env: &Envelope, _viewer: &UserId) -> Vec<Offer<Command>> {
        let mut offers = Vec::new();
        // A team's seven players are the entrants' to name (wm B.2, B.5).
        let team = serde_json::from_value(
            serde_json::json!({"id": "team", "name": "Team", "players": {}}),
        );
        if let (false, Ok(team)) = (self.entries_closed, team) {
            offers.push(Offer::open(
                "Enter a team",
                Command::Register { team: Some(team) },
            ));
        }
        offers.extend([
            Offer::new("Sign up alone", Command::Register { team: None }, &["team"]),
            Offer::new("Close entries", Command::CloseEntries { seed: 0 }, &[]),
            Offer::new("Draw the next round", Command::PairRound { seed: 0 }, &[]),
            Offer::new("Close the round", Command::CloseRound { seed: 0 }, &[]),
        ]);
        offers
    }
}
