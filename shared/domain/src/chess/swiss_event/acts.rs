//! What a person may do now in a Swiss event: enter, report their board's
//! result, ask for a bye; the arbiter sets the event up, pairs the next
//! round and enters the results still missing. `decide` says which are open.

use super::settings::Settings;
use super::state::SwissEvent;
use super::vocabulary::{Command, Entry, GameResult};
use crate::envelope::{Envelope, UserId};
use crate::rulebook::{Acts, Offer};

impl Acts for SwissEvent {
    fn offers(&self, env: &Envelope, viewer: &UserId) -> Vec<Offer<Command>> {
        let mut offers = Vec::new();
        if super::decide::is_official(env, viewer) {
            offers.extend(officials(self));
        }
        offers.extend(players(self, viewer));
        offers
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
    for (round, game) in missing_results(state) {
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
        if game.side(viewer).is_some() {
            offers.push(Offer::new(
                format!("Report the result of your game, board {}", game.board),
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
