//! What a board's commits make the GM and the TD tell people: NMRs to
//! the TD, the captain and the team (wm B.8.b) or, in an individual round, to the
//! TD, the GM and the player (wm D.VII.6); adjudications and vote results to the
//! players (wm D.IX.2); reminders before a deadline to whoever has not yet sent
//! final orders (wm D.VII.1).
//!
//! Texts are built from the event and the public state only: powers, phases,
//! deadlines, proposals and their results. Orders before adjudication and
//! individual votes never appear; submitting orders, voting, proposing and press
//! cause no notice at all, so not even their timing is told.

use super::due::{in_civil_disorder, must_order};
use super::event::{EndReason, Event};
use super::score::board_scores;
use super::state::{Board, GameResult};
use super::vote::ProposalKind;
use crate::diplomacy::map::Power;
use crate::diplomacy::position::{Phase, PhaseKind};
use crate::envelope::{Committed, Envelope, Role, UserId};
use crate::notice::{competition_link, hours_due, utc, About, Audience, Notice, Reminder, Topic};
use chrono::{DateTime, Utc};
use std::collections::BTreeSet;

/// The clause cited by an NMR notice of an individual round when the event
/// records none (wm D.VII.6.c: after 1901 the NMR'd power's units hold).
const NMR_PROCEDURE: &str = "wm D.VII.6.c";

/// wm D.IX.2: a proposal's result, as subject and text: the result only,
/// never a vote or a tally.
fn proposal_decided(state: &Board, id: u32, passed: bool) -> (String, String) {
    let what = state
        .proposals
        .iter()
        .find(|p| p.id == id)
        .map(|p| {
            format!(
                "{} (voted with the orders of {})",
                describe(&p.kind),
                p.phase
            )
        })
        .unwrap_or_else(|| "a proposal".into());
    let result = if passed { "passed" } else { "failed" };
    let subject = format!("Proposal {id} {result}");
    // wm D.IX.2: the result only, never a vote or a tally.
    let text = format!("Proposal {id}, {what}, {result}.");
    (subject, text)
}

/// What every notice of one event shares.
struct Draft(About);

impl Draft {
    fn notice(
        &self,
        topic: Topic,
        clause: &str,
        audience: Audience,
        subject: &str,
        text: &str,
    ) -> Notice {
        self.0.notice(topic, clause, audience, subject, text)
    }

    /// wm D.IX.2: what the GM publishes goes to the seven players and the GMs by
    /// their own subscriptions, and to the board's public channels.
    fn to_players_and_public(
        &self,
        env: &Envelope,
        state: &Board,
        topic: Topic,
        clause: &str,
        subject: &str,
        text: &str,
    ) -> [Notice; 2] {
        let users = players(state)
            .into_iter()
            .chain(holders(env, &[Role::GameMaster]));
        [
            self.notice(
                topic,
                clause,
                Audience::Users(users.collect()),
                subject,
                text,
            ),
            self.notice(topic, clause, Audience::Public, subject, text),
        ]
    }
}

/// wm B.8.b: in a team round the GM tells the TD, who e-mails the captain and
/// the team; otherwise (wm D.VII.6.a) the player must contact the GM, so the TD,
/// the GM and the player hear of it.
fn nmr(
    env: &Envelope,
    state: &Board,
    draft: &Draft,
    power: Power,
    phase: &str,
    contact_by: DateTime<Utc>,
    recorded: Option<&str>,
) -> Notice {
    let held = match Phase::parse(phase).map(|p| p.kind) {
        Some(PhaseKind::Movement) | None => "its units held (wm D.VII.6.c)",
        Some(_) => "the phase was adjudicated without its orders (wm D.VII.6.a)",
    };
    let subject = format!("NMR: {} in {phase}", power.title());
    let next = format!(
        "Its player must contact the GM by {}, or the replacement procedure of wm B.8 \
         starts (wm D.VII.6.a).",
        utc(contact_by)
    );
    match team_of(state, power) {
        Some(team) => {
            let users = holders(env, TDS).chain(team).collect();
            let text = format!(
                "{} sent no orders for {phase}: {held}. {next} In a team round the captain \
                 chooses the replacement (wm B.8.a).",
                power.title()
            );
            draft.notice(
                Topic::Nmr,
                "wm B.8.b",
                Audience::Users(users),
                &subject,
                &text,
            )
        }
        None => {
            let users = holders(env, TDS)
                .chain(holders(env, &[Role::GameMaster]))
                .chain(state.seats.get(&power).map(|s| s.player.clone()))
                .collect();
            let text = format!(
                "{} sent no orders for {phase}: {held}. {next}",
                power.title()
            );
            let clause = recorded.unwrap_or(NMR_PROCEDURE);
            draft.notice(Topic::Nmr, clause, Audience::Users(users), &subject, &text)
        }
    }
}

/// wm D.VII.6.b: an NMR in Spring or Fall 1901 withholds the results and the
/// player is replaced at once. One notice for all the missing powers, so that
/// nobody hears twice of one event.
fn withheld(
    env: &Envelope,
    state: &Board,
    draft: &Draft,
    phase: &str,
    missing: &[Power],
    recorded: Option<&str>,
) -> Notice {
    let mut users: BTreeSet<UserId> = holders(env, TDS)
        .chain(holders(env, &[Role::GameMaster]))
        .collect();
    for power in missing {
        users.extend(team_of(state, *power).unwrap_or_default());
        users.extend(state.seats.get(power).map(|s| s.player.clone()));
    }
    let names: Vec<&str> = missing.iter().map(|p| p.title()).collect();
    let text = format!(
        "No orders from {} for {phase}. In 1901 the GM does not release results with an \
         NMR; the player is replaced immediately (wm D.VII.6.b), by the team's captain's \
         choice in a team round (wm B.8.a).",
        names.join(", ")
    );
    draft.notice(
        Topic::Nmr,
        recorded.unwrap_or("wm D.VII.6.b"),
        Audience::Users(users),
        &format!("NMR in {phase}: results withheld"),
        &text,
    )
}

/// The TD and the assistant TDs, who act for the TD (wm A.2).
const TDS: &[Role] = &[Role::TournamentDirector, Role::AssistantTournamentDirector];

fn holders<'a>(env: &'a Envelope, roles: &'a [Role]) -> impl Iterator<Item = UserId> + 'a {
    roles.iter().flat_map(|r| env.holders(*r)).cloned()
}

/// The players now seated, replacements included.
fn players(state: &Board) -> BTreeSet<UserId> {
    state.seats.values().map(|s| s.player.clone()).collect()
}

/// wm B.8.a–b: a power's captain and team, when the board is in a team round.
fn team_of(state: &Board, power: Power) -> Option<BTreeSet<UserId>> {
    let settings = state.settings.as_ref()?;
    let captain = settings.captains.get(&power);
    let team = settings.teams.get(&power);
    if captain.is_none() && team.is_none() {
        return None;
    }
    Some(
        captain
            .into_iter()
            .chain(team.into_iter().flatten())
            .cloned()
            .collect(),
    )
}

/// wm D.VIII.4, D.IX.2: the phase adjudicated, the next one and its deadline, who
/// sent no orders, and the scores if the game ended. No orders are quoted.
fn adjudication_text(
    state: &Board,
    commit: &Committed<'_, Event>,
    phase: &str,
    nmr: &[Power],
    next: &str,
) -> String {
    let mut text = format!("{phase} has been adjudicated.");
    if !nmr.is_empty() {
        let names: Vec<&str> = nmr.iter().map(|p| p.title()).collect();
        text.push_str(&format!(
            " No orders were received from {}.",
            names.join(", ")
        ));
    }
    let ended = commit.any(|e| matches!(e, Event::GameEnded { .. }));
    match (&state.result, ended) {
        (Some(result), true) => {
            text.push_str(&format!("\n{}\n{}", ending(result), scores(result)));
        }
        _ => {
            // The next deadline is set in the same commit (wm D.VII.4.a).
            let deadline = commit.find_map(|e| match e {
                Event::DeadlineSet { phase, deadline } if phase == next => Some(*deadline),
                _ => None,
            });
            let deadline = deadline.or(state.deadline.filter(|_| state.phase() == Some(next)));
            match deadline {
                Some(d) => text.push_str(&format!(" Next phase: {next}, deadline {}.", utc(d))),
                None => text.push_str(&format!(" Next phase: {next}.")),
            }
        }
    }
    text
}

/// How the game ended (wm B.3, C.4, D.IX.3–4).
fn ending(result: &GameResult) -> String {
    let how = match &result.reason {
        EndReason::LastYear => "the last year was played (wm B.3)".to_owned(),
        EndReason::Solo { power } => format!("{} won a solo (wm C.4)", power.title()),
        EndReason::Draw => "a draw was agreed (wm D.IX.4)".to_owned(),
        EndReason::Concession { to } => {
            format!("the win was conceded to {} (wm D.IX.3)", to.title())
        }
    };
    format!("The game has ended in {}: {how}.", result.phase)
}

/// wm C.1–C.4: the board's scores, as published with the result.
fn scores(result: &GameResult) -> String {
    let lines: Vec<String> = board_scores(result)
        .into_iter()
        .map(|(p, s)| {
            let centres = result.centers.get(&p).copied().unwrap_or(0);
            format!("{}: {} ({centres} centres)", p.title(), number(s))
        })
        .collect();
    format!("Board scores (wm C.1–C.4): {}.", lines.join("; "))
}

/// A score to two decimals at most (shared bonuses are fractions, wm C.3).
fn number(x: f64) -> String {
    let s = format!("{x:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// wm D.IX.3–5: what a proposal proposes (public once made).
fn describe(kind: &ProposalKind) -> String {
    match kind {
        ProposalKind::Draw { powers } => {
            let names: Vec<&str> = powers.iter().map(|p| p.title()).collect();
            format!("a draw among {}", names.join(", "))
        }
        ProposalKind::Concession { to } => format!("a concession to {}", to.title()),
        ProposalKind::HouseRuleChange { .. } => "a change of the house rules".into(),
    }
}

/// The contract's notices: who the rules say must be told (see [`crate::rulebook`]).
impl crate::rulebook::Notices for Board {
    /// The notices a commit causes; `env` and `state` are after the commit.
    fn notices(&self, env: &Envelope, commit: &Committed<'_, Self::Event>) -> Vec<Notice> {
        let state = self;
        // wm D.IX.2: a game ended by vote is published instead of an adjudication;
        // a game ended by adjudication is told with it.
        let adjudicated = commit.any(|e| matches!(e, Event::PhaseAdjudicated { .. }));
        let mut out = Vec::new();
        for entry in &commit.events {
            let (index, event, recorded) = (entry.index, entry.event, entry.clause);
            let draft = Draft(About::new(index, event, competition_link(env)));
            match event {
                Event::NmrRecorded {
                    power,
                    phase,
                    contact_by,
                } => out.push(nmr(
                    env,
                    state,
                    &draft,
                    *power,
                    phase,
                    *contact_by,
                    recorded,
                )),
                Event::AdjudicationWithheld { phase, missing } => {
                    out.push(withheld(env, state, &draft, phase, missing, recorded));
                }
                Event::PhaseAdjudicated {
                    phase, nmr, next, ..
                } => {
                    let text = adjudication_text(state, commit, phase, nmr, &next.phase);
                    let subject = format!("{phase} adjudicated; next phase {}", next.phase);
                    out.extend(draft.to_players_and_public(
                        env,
                        state,
                        Topic::Adjudication,
                        "wm D.IX.2",
                        &subject,
                        &text,
                    ));
                }
                Event::ProposalDecided { id, passed } => {
                    let (subject, text) = proposal_decided(state, *id, *passed);
                    out.extend(draft.to_players_and_public(
                        env,
                        state,
                        Topic::VoteResult,
                        "wm D.IX.2",
                        &subject,
                        &text,
                    ));
                }
                Event::GameEnded { .. } if !adjudicated => {
                    if let Some(result) = &state.result {
                        let text = format!("{}\n{}", ending(result), scores(result));
                        out.extend(draft.to_players_and_public(
                            env,
                            state,
                            Topic::Results,
                            recorded.unwrap_or("wm D.IX.4"),
                            "The game has ended",
                            &text,
                        ));
                    }
                }
                _ => {}
            }
        }
        out
    }

    /// wm D.VII.1: powers that have not ordered as the deadline nears.
    /// The reminders due at `now` for the current phase's deadline (wm D.VII.1): to
    /// the players of the powers that must order in this phase and have not marked
    /// a set final. Nothing while the phase is withheld or once the game is over.
    fn reminders(&self, env: &Envelope, now: DateTime<Utc>) -> Vec<Reminder> {
        let state = self;
        let (Some(position), Some(deadline)) = (&state.position, state.deadline) else {
            return Vec::new();
        };
        if state.result.is_some() || state.withheld || now >= deadline {
            return Vec::new();
        }
        // wm D.VII.2: retreats and adjustments involve only some powers; a power in
        // civil disorder (wm B.8.f) orders nothing.
        let users: BTreeSet<UserId> = must_order(position, &in_civil_disorder(state))
            .into_iter()
            .filter(|p| !state.is_final(*p))
            .filter_map(|p| state.seats.get(&p).map(|s| s.player.clone()))
            .collect();
        if users.is_empty() {
            return Vec::new();
        }
        let phase = &position.phase;
        hours_due(deadline, now)
            .map(|h| Reminder {
                deadline,
                hours_before: h,
                occasion: phase.clone(),
                users: users.clone(),
                clause: "wm D.VII.1".into(),
                subject: format!("{phase}: orders due {}", utc(deadline)),
                // Shared by every recipient: about the reader alone, never the others.
                text: format!(
                    "You have not yet submitted final orders for {phase}. The deadline is {} \
                     (less than {h} hour{} away). The lack of a reminder does not excuse a \
                     failure to submit orders (wm D.VII.1).",
                    utc(deadline),
                    if h == 1 { "" } else { "s" },
                ),
                link: competition_link(env),
            })
            .collect()
    }
}
