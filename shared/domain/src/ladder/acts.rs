//! What a person may do now on the club ladder: join (club II.1) or ask to
//! be removed (club II.8). The moderators' and the Court's acts (games,
//! penalties, appeals) have too many fields to sample and are reached
//! through the forms of every act. `decide` says which are open.

use super::command::Command;
use super::state::Ladder;
use crate::envelope::{Envelope, UserId};
use crate::rulebook::{Acts, Offer};

impl Acts for Ladder {
    fn offers(&self, _env: &Envelope, _viewer: &UserId) -> Vec<Offer<Command>> {
        vec![
            Offer::new("Join the ladder", Command::Join { member: None }, &[]),
            Offer::new(
                "Ask to be removed from the ladder",
                Command::RequestRemoval {},
                &[],
            ),
        ]
    }
}
