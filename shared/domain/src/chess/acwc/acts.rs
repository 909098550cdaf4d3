//! What a person may do now in an ACWC championship: a player of a match
//! confirms the opponent's report (acwc I.C) or reports the result; the TD
//! pairs the next round (acwc IV). `decide` says which are open; entering
//! with one's facts goes through the registration form.

use super::state::Championship;
use super::vocabulary::Command;
use crate::envelope::{Envelope, UserId};
use crate::rulebook::{Acts, Offer};

impl Acts for Championship {
    fn offers(&self, _env: &Envelope, viewer: &UserId) -> Vec<Offer<Command>> {
        let mut offers = vec![Offer::new("Pair the next round", Command::PairRound, &[])];
        let mine = self
            .matches
            .values()
            .filter(|m| m.outcome.is_none() && !m.disregarded)
            .filter(|m| &m.first == viewer || &m.second == viewer);
        for m in mine {
            let against = if &m.first == viewer {
                &m.second
            } else {
                &m.first
            };
            offers.push(Offer::new(
                format!("Confirm the reported result against {against}"),
                Command::ConfirmResult {
                    match_id: m.id.clone(),
                },
                &["match_id"],
            ));
            offers.push(Offer::new(
                format!("Report the result of your match against {against}"),
                Command::ReportResult {
                    match_id: m.id.clone(),
                    first: 1,
                    second: 1,
                },
                &["match_id"],
            ));
        }
        offers
    }
}
