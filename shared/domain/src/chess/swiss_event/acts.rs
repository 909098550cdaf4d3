//! What a person may do now in a Swiss event: enter, report their board's
//! result, ask for a bye; the arbiter sets the event up, pairs the next
//! round and enters the results still missing. `decide` says which are open.

use super::settings::Settings;
use super::state::SwissEvent;
use super::vocabulary::{Command, Entry, GameResult};
use crate::envelope::{Envelope, UserId};
use crate::rulebook::{Acts, Offer, Preset};

/// How many boards without a result the arbiter is offered at once.
const OFFICIALS_BOARDS: usize = 8;

impl Acts for SwissEvent {
    fn offers(&self, env: &Envelope, viewer: &UserId) -> Vec<Offer<Command>> {
        let mut offers = Vec::new();
        if super::decide::is_official(env, viewer) {
            offers.extend(officials(self));
        }
        offers.extend(players(self, viewer));
        offers
    }

    /// The regulations organizers start from most: the seed's own (the
    /// Dutch system, dutch H's tie-breaks), a club night whose results the
    /// arbiter confirms, and a large open accelerated by Baku (C.04.5.1).
    fn presets() -> Vec<Preset> {
        let preset = |name, about, settings| Preset {
            name,
            about,
            action: "set-up",
            fields: serde_json::json!({ "settings": settings }),
        };
        vec![
            preset(
                "FIDE-rated weekend",
                "Five rounds by the Dutch system, ties broken as dutch H says.",
                serde_json::json!({"rounds": 5, "system": "dutch-2006"}),
            ),
            preset(
                "Club night",
                "Four rounds; a result counts once the arbiter confirms it; half-point byes on request, one each.",
                serde_json::json!({"rounds": 4, "results_need_arbiter": true, "half_point_byes": 1}),
            ),
            preset(
                "Large open, accelerated",
                "Nine rounds with Baku acceleration (C.04.5.1) and two half-point byes until round 7.",
                serde_json::json!({"rounds": 9, "acceleration": "baku", "half_point_byes": 2, "half_point_byes_until_round": 7}),
            ),
        ]
    }
}

fn officials(state: &SwissEvent) -> Vec<Offer<Command>> {
    let mut offers = Vec::new();
    if state.settings.is_none() {
        let sample: Settings = serde_json::from_value(serde_json::json!({ "rounds": 5 }))
            .expect("five rounds are regulations");
        offers.push(Offer::new(
            "Set the event up",
            Command::SetUp { settings: sample },
            &[],
        ));
    }
    let next = state.next_round();
    offers.push(Offer::new(
        format!("Pair round {next}"),
        Command::PairRound,
        &[],
    ));
    // The first boards still without a result: on a large event the rest
    // wait their turn (the form of every act enters any board).
    for (round, game) in missing_results(state).take(OFFICIALS_BOARDS) {
        offers.push(Offer::new(
            format!("Enter the result of board {} (round {round})", game.board),
            Command::SetResult {
                round,
                board: game.board,
                result: GameResult::Draw,
                reason: None,
            },
            &["round", "board"],
        ));
    }
    offers
}

fn players(state: &SwissEvent, viewer: &UserId) -> Vec<Offer<Command>> {
    let mut offers = vec![Offer::new(
        "Enter the event",
        Command::Register {
            player: None,
            entry: Entry {
                name: viewer.as_str().to_owned(),
                rating: 0,
                title: String::new(),
                federation: String::new(),
                fide_id: None,
            },
        },
        &["player"],
    )];
    for (round, game) in missing_results(state) {
        if let Some(white) = game.side(viewer) {
            let (colour, opponent) = if white {
                ("White", &game.black)
            } else {
                ("Black", &game.white)
            };
            let name = state
                .players
                .get(opponent)
                .map_or(opponent.as_str(), |p| p.entry.name.as_str());
            offers.push(Offer::new(
                format!(
                    "Report the result of your game, board {}: {colour} against {name}",
                    game.board
                ),
                Command::ReportResult {
                    round,
                    board: game.board,
                    result: GameResult::Draw,
                },
                &["round", "board"],
            ));
        }
    }
    let next = state.next_round();
    offers.push(Offer::new(
        format!("Ask for a half-point bye in round {next}"),
        Command::RequestBye {
            round: next,
            through: None,
            player: None,
        },
        &["player"],
    ));
    offers.push(Offer::new(
        "Withdraw from the event",
        Command::Withdraw { player: None },
        &["player"],
    ));
    offers
}

/// The games of the last round without a result, with the round's number.
fn missing_results(state: &SwissEvent) -> impl Iterator<Item = (u32, &super::state::Game)> {
    state.rounds.last().into_iter().flat_map(|r| {
        r.games
            .iter()
            .filter(|g| g.result.is_none())
            .map(move |g| (r.number, g))
    })
}
