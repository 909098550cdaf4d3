//! What a Nomic game's commits announce: every change of a player's
//! points in the points thread's own form, `<player>: <total> (<change>)`
//! (nomic 209); the completion of a vote (nomic 113), a Judgement coming into
//! effect (nomic 214) and the winner (nomic 210, 215). Nomic has no secrets: votes
//! are cast in the open thread, so every notice is public.

use super::state::points_line;
use super::{Event, Nomic};
use crate::envelope::{Committed, Envelope};
use crate::notice::{competition_link, About, Audience, Notice, Topic};

/// nomic 214: the Judgement on `point` comes into effect, with the Judge's
/// decision; nothing for an unknown point.
fn judgement_invoked(state: &Nomic, about: &About, clause: &str, point: u32) -> Option<Notice> {
    let p = state.point_of_order(point)?;
    let decision = p
        .judgement
        .as_ref()
        .map(|j| format!(" by {}: {}", j.judge, j.decision))
        .unwrap_or_default();
    Some(about.notice(
        Topic::Announcement,
        clause,
        Audience::Public,
        format!("Judgement on point of order {point} in effect"),
        format!(
            "The Judgement on point of order {point} (\"{}\") comes into effect{decision}.",
            p.statement
        ),
    ))
}

/// The contract's notices: who the rules say must be told (see [`crate::rulebook`]).
impl crate::rulebook::Notices for Nomic {
    /// The notices a commit causes; `state` is the game after the commit.
    fn notices(&self, env: &Envelope, commit: &Committed<'_, Self::Event>) -> Vec<Notice> {
        let state = self;
        let mut out = Vec::new();
        for entry in &commit.events {
            let (index, event) = (entry.index, entry.event);
            let clause = entry.clause;
            let about = About::new(index, event, competition_link(env));
            let notice = |topic: Topic, clause: &str, subject: String, text: String| {
                about.notice(topic, clause, Audience::Public, subject, text)
            };
            match event {
                // nomic 209: "announce their new total followed by the change in
                // parenthesis"; a change of nothing changes no number.
                Event::PointsChanged {
                    player,
                    change,
                    total,
                    proposal,
                    ..
                } if *change != 0 => {
                    let line = format!("{player}: {}", points_line(*total, *change));
                    let why = clause.map(|c| format!(" ({c})")).unwrap_or_default();
                    out.push(notice(
                        Topic::Points,
                        "nomic 209",
                        line.clone(),
                        format!("{line}\nAfter proposal {proposal}{why}."),
                    ));
                }
                Event::VotingCompleted {
                    proposal,
                    tally,
                    adopted,
                    ..
                } => {
                    let result = if *adopted { "adopted" } else { "defeated" };
                    out.push(notice(
                        Topic::Announcement,
                        clause.unwrap_or("nomic 113"),
                        format!("Proposal {proposal} {result}"),
                        format!(
                            "The vote on proposal {proposal} is complete: {} for, {} against. \
                             The proposal is {result}.",
                            tally.yes, tally.no
                        ),
                    ));
                }
                Event::JudgementInvoked { point, .. } => {
                    let clause = clause.unwrap_or("nomic 214");
                    out.extend(judgement_invoked(state, &about, clause, *point));
                }
                Event::GameWon { player, points } => {
                    let clause = clause.unwrap_or("nomic 210");
                    let text = if clause == "nomic 215" {
                        format!("{player} wins under rule 215, with {points} points.")
                    } else {
                        format!(
                            "{player} is the first player to achieve {} points ({points}) and wins.",
                            state.settings.winning_points
                        )
                    };
                    out.push(notice(
                        Topic::Results,
                        clause,
                        format!("{player} wins"),
                        text,
                    ))
                }
                _ => {}
            }
        }
        out
    }
}

/// The contract's mail: nobody acts by mailing Nomic (see [`crate::rulebook::ByMail`]).
impl crate::rulebook::ByMail for Nomic {}
