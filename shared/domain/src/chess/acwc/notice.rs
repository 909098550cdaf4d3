//! What a championship's commits make the TD tell people: each
//! round's pairings, to every paired player and publicly (acwc IV.D–E); the
//! stages' outcomes and the champion (acwc III.F.3, III.G.3, III.H, VIII.C); and
//! reminders before the round's deadline to players whose match has no result
//! (acwc IV.F).
//!
//! Texts use only what the rules publish: pairings, rounds, deadlines, seats and
//! the champion. Accusations, sealed bids and results awaiting confirmation are
//! never told.

use super::state::{Championship, Round};
use super::vocabulary::{Event, Pairing, Stage};
use crate::envelope::{Committed, Envelope, UserId};
use crate::notice::{competition_link, hours_due, utc, About, Audience, Notice, Reminder, Topic};
use chrono::{DateTime, Utc};
use std::collections::BTreeSet;

/// acwc IV.E: "The pairings for all subsequent rounds will be published"; the
/// first round's (IV.D) are published the same way, and the topic is one.
const PAIRINGS: &str = "acwc IV.E";

/// acwc IV.F: "All matches of a round must be completed by Sunday 23:59:59 UTC."
const ROUND_DEADLINE: &str = "acwc IV.F";

/// acwc IV.D–E: a published round's pairings, to each paired player (their
/// own opponent), to the player with the bye, and publicly, with the
/// round's deadline (IV.F).
fn round_published(
    state: &Championship,
    about: &About,
    stage: Stage,
    round: u32,
    pairings: &[Pairing],
    bye: Option<&UserId>,
    deadline: DateTime<Utc>,
) -> Vec<Notice> {
    let who = |u: &UserId| display(state, u);
    let notice = |topic: Topic, clause: &str, audience: Audience, subject: &str, text: &str| {
        about.notice(topic, clause, audience, subject, text)
    };
    let mut out = Vec::new();
    let title = format!("{} round {round}", stage_name(stage));
    let due = format!(
        "All matches of the round must be completed by {} ({ROUND_DEADLINE}).",
        utc(deadline)
    );
    // One notice per player, so each is told their own opponent.
    for p in pairings {
        for (me, opponent) in [(&p.first, &p.second), (&p.second, &p.first)] {
            let opponent = who(opponent);
            let text = format!(
                "{title}: you play {opponent} (match {}, {}). {due}",
                p.match_id,
                listing(state, p)
            );
            out.push(notice(
                Topic::Pairings,
                PAIRINGS,
                Audience::Users(BTreeSet::from([me.clone()])),
                &format!("{title}: you play {opponent}"),
                &text,
            ));
        }
    }
    if let Some(b) = bye {
        out.push(notice(
            Topic::Pairings,
            PAIRINGS,
            Audience::Users(BTreeSet::from([b.clone()])),
            &format!("{title}: you have the bye"),
            &format!("{title}: you have the bye and play no match this round."),
        ));
    }
    let mut lines: Vec<String> = pairings
        .iter()
        .map(|p| format!("{}: {}", p.match_id, listing(state, p)))
        .collect();
    lines.extend(bye.iter().map(|b| format!("bye: {}", who(b))));
    out.push(notice(
        Topic::Pairings,
        PAIRINGS,
        Audience::Public,
        &format!("{title} pairings"),
        &format!("{title} pairings:\n{}\n{due}", lines.join("\n")),
    ));
    out
}

/// The players of the round's matches that are not finished.
fn unfinished_players(state: &Championship, round: &Round) -> BTreeSet<UserId> {
    round
        .matches
        .iter()
        .filter_map(|id| state.matches.get(id))
        .filter(|m| !m.finished())
        .flat_map(|m| [m.first.clone(), m.second.clone()])
        .collect()
}

/// A pairing as the tables show it: the player listed first against the other.
fn listing(state: &Championship, p: &Pairing) -> String {
    format!(
        "{} - {}",
        display(state, &p.first),
        display(state, &p.second)
    )
}

fn names(state: &Championship, users: &[UserId]) -> String {
    let names: Vec<String> = users.iter().map(|u| display(state, u)).collect();
    names.join(", ")
}

/// A player by their public account name (acwc II: the account entered), or
/// their user id when the entry is unknown.
fn display(state: &Championship, user: &UserId) -> String {
    state
        .entrant(user)
        .map(|e| e.account.clone())
        .unwrap_or_else(|| user.to_string())
}

fn stage_name(stage: Stage) -> &'static str {
    match stage {
        Stage::Registration => "Registration",
        Stage::Qualification => "Qualification",
        Stage::Candidates => "Candidates",
        Stage::Final => "Final",
        Stage::Finished => "Finished",
    }
}

fn stage_slug(stage: Stage) -> &'static str {
    match stage {
        Stage::Registration => "registration",
        Stage::Qualification => "qualification",
        Stage::Candidates => "candidates",
        Stage::Final => "final",
        Stage::Finished => "finished",
    }
}

/// The contract's notices: who the rules say must be told (see [`crate::rulebook`]).
impl crate::rulebook::Notices for Championship {
    /// The notices a commit causes; `state` is the championship after the commit.
    fn notices(&self, env: &Envelope, commit: &Committed<'_, Self::Event>) -> Vec<Notice> {
        let state = self;
        let who = |u: &UserId| display(state, u);
        let mut out = Vec::new();
        for entry in &commit.events {
            let (index, event) = (entry.index, entry.event);
            let about = About::new(index, event, competition_link(env));
            let notice =
                |topic: Topic, clause: &str, audience: Audience, subject: &str, text: &str| {
                    about.notice(topic, clause, audience, subject, text)
                };
            let clause = entry.clause;
            match event {
                Event::RoundPublished {
                    stage,
                    round,
                    pairings,
                    bye,
                    deadline,
                } => out.extend(round_published(
                    state,
                    &about,
                    *stage,
                    *round,
                    pairings,
                    bye.as_ref(),
                    *deadline,
                )),
                Event::CandidatesStarted { seats } => out.push(notice(
                    Topic::Results,
                    clause.unwrap_or("acwc III.F.3"),
                    Audience::Public,
                    "The Qualification is over",
                    &format!(
                        "The Qualification is over. The Candidates are: {}.",
                        names(state, seats)
                    ),
                )),
                Event::FinalStarted { first, second, .. } => out.push(notice(
                    Topic::Results,
                    clause.unwrap_or("acwc III.G.3"),
                    Audience::Public,
                    "The Final",
                    &format!(
                        "The Final will be played between {} and {}.",
                        who(first),
                        who(second)
                    ),
                )),
                Event::ChampionDecided { champion } => out.push(notice(
                    Topic::Results,
                    clause.unwrap_or("acwc III.H"),
                    Audience::Public,
                    "The champion",
                    &format!("{} is the champion.", who(champion)),
                )),
                _ => {}
            }
        }
        out
    }

    /// acwc IV.F: players whose match is unplayed as the round deadline nears.
    /// The reminders due at `now` before the current round's deadline (acwc IV.F),
    /// to the players of its matches that have no result yet.
    fn reminders(&self, env: &Envelope, now: DateTime<Utc>) -> Vec<Reminder> {
        let state = self;
        if !matches!(state.stage, Stage::Qualification | Stage::Candidates) {
            return Vec::new();
        }
        let Some(round) = state.current_round().filter(|r| r.stage == state.stage) else {
            return Vec::new();
        };
        let deadline = round.deadline;
        if now >= deadline {
            return Vec::new();
        }
        let users = unfinished_players(state, round);
        if users.is_empty() {
            return Vec::new();
        }
        let title = format!("{} round {}", stage_name(round.stage), round.number);
        hours_due(deadline, now)
            .map(|h| Reminder {
                deadline,
                hours_before: h,
                occasion: format!("{}-round-{}", stage_slug(round.stage), round.number),
                users: users.clone(),
                clause: ROUND_DEADLINE.into(),
                subject: format!("{title}: your match is due by {}", utc(deadline)),
                // Shared by both players of a match and by everyone reminded: it
                // speaks of the reader's own match only.
                text: format!(
                    "Your {title} match has no result recorded yet. All matches of the round \
                     must be completed by {} ({ROUND_DEADLINE}).",
                    utc(deadline)
                ),
                link: competition_link(env),
            })
            .collect()
    }
}

/// The contract's mail: nobody acts by mailing Championship (see [`crate::rulebook::ByMail`]).
impl crate::rulebook::ByMail for Championship {}
