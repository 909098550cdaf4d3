//! What a person may do now in an ACWC championship: a player of a match
//! confirms the opponent's report (acwc I.C) or reports the result; the TD
//! pairs the next round (acwc IV); anyone may enter with their Lichess
//! account (acwc II), whose facts the edge fetches. `decide` says which of
//! the others are open.

use super::eligibility::PlayerFacts;
use super::state::Championship;
use super::vocabulary::Command;
use crate::envelope::{Envelope, UserId};
use crate::rulebook::{Acts, Offer, Preset};

impl Acts for Championship {
    fn offers(&self, _env: &Envelope, viewer: &UserId) -> Vec<Offer<Command>> {
        let mut offers = vec![Offer::new("Pair the next round", Command::PairRound, &[])];
        // acwc II: an entry names the account; its facts are fetched before
        // the rules decide, so no sample could stand for them.
        let entered = self.entrants.iter().any(|e| &e.player == viewer);
        if let (false, Some(settings)) = (entered, &self.settings) {
            let facts = PlayerFacts::simulated(viewer.as_str(), 0, settings);
            offers.push(Offer {
                checked: false,
                ..Offer::new(
                    "Enter with your Lichess account",
                    Command::Register { facts },
                    &["player"],
                )
            });
        }
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

    /// The championship the seed sets up: its dates, stages and time
    /// control, for an organizer to move to this year's dates.
    fn presets() -> Vec<Preset> {
        let settings = super::settings::Settings::acwc_2019();
        vec![Preset {
            name: "The 2019 championship",
            about: "acwc II.A, III.B, III.E: the seed's own cut-offs, stages and 2+5 time control; change the dates for this year's.",
            action: "configure",
            fields: serde_json::json!({ "settings": settings }),
        }]
    }
}
