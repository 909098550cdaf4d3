//! What a person may do now on the club ladder: join (club II.1) or ask to
//! be removed (club II.8); a member registers a game played in a session
//! (club II.4) and petitions the Court (club III.3). The moderators' and the
//! justices' acts are reached through the forms of every act.

use super::command::Command;
use super::court::AppealSubject;
use super::elo::GameResult;
use super::state::Ladder;
use crate::envelope::{Envelope, Role, UserId};
use crate::rulebook::{Acts, Offer, Preset};

impl Acts for Ladder {
    fn offers(&self, env: &Envelope, viewer: &UserId) -> Vec<Offer<Command>> {
        let mut offers = vec![
            Offer::new("Join the ladder", Command::Join { member: None }, &[]),
            Offer::new(
                "Ask to be removed from the ladder",
                Command::RequestRemoval {},
                &[],
            ),
        ];
        if env.has_role(viewer, Role::Player) {
            offers.push(Offer::open(
                "Register a game you played (club II.4)",
                Command::RegisterGame {
                    white: viewer.clone(),
                    black: viewer.clone(),
                    result: GameResult::Draw,
                    played_at: env.created_at,
                    room: String::new(),
                    moderator: viewer.clone(),
                    chessclock: false,
                    oversight: None,
                },
            ));
            offers.push(Offer::open(
                "Petition the Court (club III.3)",
                Command::FileAppeal {
                    subject: AppealSubject::Game { game: 0 },
                    grounds: String::new(),
                },
            ));
        }
        offers
    }

    /// The club's Terms as written: room 322 on Fridays 12:30–13:10 London
    /// time, K = 32, present after 5 minutes, the weekly deductions.
    fn presets() -> Vec<Preset> {
        let settings = super::settings::Settings::default();
        vec![Preset {
            name: "The club's Terms",
            about: "club J.5, J.9, II.3, II.6: the Terms' own session, K factor, presence and deductions.",
            action: "configure",
            fields: serde_json::json!({ "settings": settings }),
        }]
    }
}
