//! What a Swiss event's commits make the arbiter tell people: each
//! player's board, colour and opponent when a round is published (dutch
//! F1) and the round's pairings publicly; a reported result to the
//! opponent, who may dispute it; the arbiter's result to both players; a
//! withdrawal under dutch G to the player.

use super::state::SwissEvent;
use super::vocabulary::{Event, GameResult, Pairing};
use crate::envelope::{Committed, Envelope, UserId};
use crate::notice::{competition_link, About, Audience, Notice, Topic};
use std::collections::BTreeSet;

fn one(u: &UserId) -> Audience {
    Audience::Users(BTreeSet::from([u.clone()]))
}

fn name(state: &SwissEvent, u: &UserId) -> String {
    state
        .players
        .get(u)
        .map_or_else(|| u.to_string(), |p| p.entry.name.clone())
}

fn round_paired(
    state: &SwissEvent,
    about: &About,
    round: u32,
    boards: &[Pairing],
    bye: Option<&UserId>,
) -> Vec<Notice> {
    let mut out = Vec::new();
    let mut listing = String::new();
    for b in boards {
        let (w, bl) = (name(state, &b.white), name(state, &b.black));
        listing.push_str(&format!("{}. {w} - {bl}\n", b.board));
        for (me, colour, opp) in [(&b.white, "White", &bl), (&b.black, "Black", &w)] {
            out.push(about.notice(
                Topic::Pairings,
                "dutch F1",
                one(me),
                format!("Round {round}: board {}, {colour} against {opp}", b.board),
                format!(
                    "Round {round} is paired: you play {opp} on board {} with {colour}.",
                    b.board
                ),
            ));
        }
    }
    if let Some(y) = bye {
        listing.push_str(&format!("bye: {}\n", name(state, y)));
        out.push(about.notice(
            Topic::Pairings,
            "dutch A5",
            one(y),
            format!("Round {round}: you have the bye"),
            format!("Round {round} is paired and you have the bye: one point, no game (dutch A5)."),
        ));
    }
    out.push(about.notice(
        Topic::Pairings,
        "dutch F1",
        Audience::Public,
        format!("Round {round} pairings"),
        listing,
    ));
    out
}

fn reported(
    state: &SwissEvent,
    about: &About,
    round: u32,
    board: u32,
    result: GameResult,
    by: &UserId,
) -> Vec<Notice> {
    let Some(g) = state.round(round).and_then(|r| r.game(board)) else {
        return vec![];
    };
    let opponent = if &g.white == by { &g.black } else { &g.white };
    vec![about.notice(
        Topic::Results,
        "swiss regulations",
        one(opponent),
        format!("Round {round}, board {board}: {} reported {}", name(state, by), result.as_str()),
        format!(
            "{} reported {} for your game on board {board} of round {round}. If that is wrong, dispute it before the next round is paired.",
            name(state, by),
            result.as_str()
        ),
    )]
}

fn result_set(
    state: &SwissEvent,
    about: &About,
    round: u32,
    board: u32,
    result: GameResult,
) -> Vec<Notice> {
    let Some(g) = state.round(round).and_then(|r| r.game(board)) else {
        return vec![];
    };
    let text = format!(
        "The arbiter recorded {} - {}: {} (round {round}, board {board}).",
        name(state, &g.white),
        name(state, &g.black),
        result.as_str()
    );
    [&g.white, &g.black]
        .into_iter()
        .map(|p| {
            about.notice(
                Topic::Results,
                "dutch F7",
                one(p),
                format!("Round {round}, board {board}: {}", result.as_str()),
                text.clone(),
            )
        })
        .collect()
}

/// The contract's notices: who the rules say must be told (see [`crate::rulebook`]).
impl crate::rulebook::Notices for SwissEvent {
    /// The notices a commit causes; `state` is the event after it.
    fn notices(&self, env: &Envelope, commit: &Committed<'_, Self::Event>) -> Vec<Notice> {
        let state = self;
        let mut out = Vec::new();
        for entry in &commit.events {
            let (index, event) = (entry.index, entry.event);
            let about = About::new(index, event, competition_link(env));
            match event {
                Event::RoundPaired {
                    round, boards, bye, ..
                } => out.extend(round_paired(state, &about, *round, boards, bye.as_ref())),
                Event::ResultReported {
                    round,
                    board,
                    result,
                    by,
                } => out.extend(reported(state, &about, *round, *board, *result, by)),
                Event::ResultSet {
                    round,
                    board,
                    result,
                    ..
                } => out.extend(result_set(state, &about, *round, *board, *result)),
                Event::Withdrew { player, from_round } if entry.clause == Some("dutch G") => {
                    out.push(about.notice(
                        Topic::Announcement,
                        "dutch G",
                        one(player),
                        "You are withdrawn",
                        format!(
                            "You lost by not appearing, so you are considered withdrawn and are not paired from round {from_round} on (dutch G). Ask the arbiter to reinstate you."
                        ),
                    ));
                }
                _ => {}
            }
        }
        out
    }
}

/// The contract's mail: nobody acts by mailing SwissEvent (see [`crate::rulebook::ByMail`]).
impl crate::rulebook::ByMail for SwissEvent {}
