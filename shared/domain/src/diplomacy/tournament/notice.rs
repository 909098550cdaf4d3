//! What a tournament's commits make the TD tell people: the draw of
//! a round, to each seated player (their board and power) and publicly (wm A.3.ii:
//! the TD distributes the players to boards); the closing of a round and the
//! winners, publicly (wm C.7–C.13). TMC votes (wm A.6) cause no notice.

use super::model::Stage;
use super::state::{BoardEntry, Winners};
use super::{Event, Tournament};
use crate::envelope::{Committed, Envelope, UserId};
use crate::notice::{competition_link, About, Audience, Notice, Topic};
use std::collections::BTreeSet;

/// wm A.3.ii: "Coordinating and or delegate distribution of all players to boards".
const DRAW: &str = "wm A.3.ii";

/// wm A.3.ii: a round's draw, to each seated player (their own board and
/// power) and publicly (every board).
fn round_paired(about: &About, stage: Stage, boards: &[BoardEntry]) -> Vec<Notice> {
    let notice = |topic: Topic, clause: &str, audience: Audience, subject: &str, text: String| {
        about.notice(topic, clause, audience, subject, text)
    };
    let mut out = Vec::new();
    let title = format!("{} drawn", stage_name(stage));
    let mut lines = Vec::new();
    for (i, board) in boards.iter().enumerate() {
        let seats: Vec<String> = board
            .seating
            .seats
            .iter()
            .map(|(p, u)| format!("{} {u}", p.title()))
            .collect();
        lines.push(format!("Board {}: {}", i + 1, seats.join(", ")));
        // One notice per player: each is told their own seat.
        for (p, u) in &board.seating.seats {
            out.push(notice(
                Topic::Announcement,
                DRAW,
                Audience::Users(BTreeSet::from([u.clone()])),
                &title,
                format!(
                    "{}: you play {} on board {}.",
                    stage_name(stage),
                    p.title(),
                    i + 1
                ),
            ));
        }
    }
    out.push(notice(
        Topic::Announcement,
        DRAW,
        Audience::Public,
        &title,
        format!("{}:\n{}", title, lines.join("\n")),
    ));
    out
}

/// wm C.11: the individual winner, the team winner and the best countries.
fn winners_text(state: &Tournament, winners: &Winners) -> String {
    let mut text = format!("Individual winner: {}.", winners.individual);
    if let Some(team) = &winners.team {
        let name = state.teams.get(team).map(|t| t.name.as_str());
        text.push_str(&format!(" Team winner: {}.", name.unwrap_or(team.as_str())));
    }
    let best: Vec<String> = winners
        .best_countries
        .iter()
        .map(|(p, u)| format!("{} {u}", p.title()))
        .collect();
    if !best.is_empty() {
        text.push_str(&format!(" Best countries: {}.", best.join(", ")));
    }
    text
}

fn names(users: &[UserId]) -> String {
    users
        .iter()
        .map(UserId::as_str)
        .collect::<Vec<_>>()
        .join(", ")
}

fn stage_name(stage: Stage) -> &'static str {
    match stage {
        Stage::RoundOne => "Round one",
        Stage::RoundTwo => "Round two",
        Stage::SemiFinal => "The semi-final",
        Stage::Final => "The final",
    }
}

/// The contract's notices: who the rules say must be told (see [`crate::rulebook`]).
impl crate::rulebook::Notices for Tournament {
    /// The notices a commit causes; `state` is the tournament after the commit.
    fn notices(&self, env: &Envelope, commit: &Committed<'_, Self::Event>) -> Vec<Notice> {
        let state = self;
        let mut out = Vec::new();
        for entry in &commit.events {
            let (index, event) = (entry.index, entry.event);
            let about = About::new(index, event, competition_link(env));
            let notice =
                |topic: Topic, clause: &str, audience: Audience, subject: &str, text: String| {
                    about.notice(topic, clause, audience, subject, text)
                };
            let clause = entry.clause;
            match event {
                Event::RoundPaired { stage, boards, .. } => {
                    out.extend(round_paired(&about, *stage, boards));
                }
                Event::RoundClosed {
                    stage, advancing, ..
                } => {
                    let text = if advancing.is_empty() {
                        format!("{} is closed.", stage_name(*stage))
                    } else {
                        format!(
                            "{} is closed. Advancing, in ranking order: {}.",
                            stage_name(*stage),
                            names(advancing)
                        )
                    };
                    out.push(notice(
                        Topic::Results,
                        clause.unwrap_or("wm C.7"),
                        Audience::Public,
                        &format!("{} closed", stage_name(*stage)),
                        text,
                    ));
                }
                Event::TournamentWon { winners } => {
                    let text = winners_text(state, winners);
                    out.push(notice(
                        Topic::Results,
                        clause.unwrap_or("wm C.11"),
                        Audience::Public,
                        "The tournament's winners",
                        text,
                    ));
                }
                _ => {}
            }
        }
        out
    }
}
