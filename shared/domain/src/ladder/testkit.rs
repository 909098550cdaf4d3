//! A small club for unit tests: given a club at a time, when a command by
//! someone, then events or a refusal naming the act. A thin layer over the
//! crate's [`Scenario`], adding the club's officers, a clock the tests move,
//! the club's vocabulary and the indexes its state keeps, checked after
//! every commit.

use super::{Command, Event, Ladder};
use crate::competition::{self, Competition, Role, UserId};
use crate::refusal::Refusal;
use crate::rulebook::Action;
use crate::testkit::Scenario;
pub use crate::testkit::{at, u};
use chrono::{DateTime, Utc};
use std::collections::BTreeSet;
use std::ops::{Deref, DerefMut};

/// Organizer `org`; moderators `mod1`, `mod2`; justices `j1`–`j4`; Chief Justice `cj`.
pub struct Club {
    scenario: Scenario<Ladder>,
    /// When the next command is issued.
    pub now: DateTime<Utc>,
}

impl Deref for Club {
    type Target = Scenario<Ladder>;
    fn deref(&self) -> &Scenario<Ladder> {
        &self.scenario
    }
}

impl DerefMut for Club {
    fn deref_mut(&mut self) -> &mut Scenario<Ladder> {
        &mut self.scenario
    }
}

impl Club {
    pub fn new() -> Self {
        // Friday 2026-01-09, before the session (London is on GMT).
        let now = at("2026-01-09T12:00:00Z");
        let officers = [
            ("mod1", Role::Moderator),
            ("mod2", Role::Moderator),
            ("j1", Role::Justice),
            ("j2", Role::Justice),
            ("j3", Role::Justice),
            ("j4", Role::Justice),
            ("cj", Role::ChiefJustice),
        ];
        let scenario = Scenario::named("club", "Friday Lunch Chess Club", now, &officers)
            .checking(check_indexes);
        Club { scenario, now }
    }

    pub fn at(&mut self, s: &str) -> &mut Self {
        self.now = at(s);
        self
    }

    pub fn ladder(&self) -> &Ladder {
        self.state()
    }

    pub fn score(&self, who: &str) -> i64 {
        self.ladder().members[&u(who)].score
    }

    pub fn envelope(
        &mut self,
        actor: &str,
        cmd: competition::Command,
    ) -> Result<Vec<Event>, Refusal> {
        let now = self.now;
        self.when(actor, now, cmd).events()
    }

    pub fn run(&mut self, actor: &str, cmd: Command) -> Result<Vec<Event>, Refusal> {
        self.envelope(actor, cmd.into())
    }

    pub fn ok(&mut self, actor: &str, cmd: Command) -> Vec<Event> {
        let name = cmd.name();
        self.run(actor, cmd)
            .unwrap_or_else(|e| panic!("{actor} {name}: {e:?}"))
    }

    /// The refusal's clause.
    pub fn refused(&mut self, actor: &str, cmd: Command) -> String {
        let name = cmd.name();
        match self.run(actor, cmd) {
            Ok(events) => panic!("{actor} {name} was accepted: {events:?}"),
            Err(e) => e
                .clause
                .map(|c| c.into_owned())
                .unwrap_or_else(|| format!("{:?}", e.kind)),
        }
    }

    pub fn tick(&mut self) -> Vec<Event> {
        let now = self.now;
        self.scenario.tick(now).then_events()
    }

    pub fn join(&mut self, names: &[&str]) {
        for n in names {
            self.ok(n, Command::Join { member: None });
        }
    }

    /// `by` declares the last use of power on Discord (III.2.4).
    pub fn declare(&mut self, by: &str) {
        let id = self.last_id();
        self.ok(
            by,
            Command::Declare {
                power_use: id,
                statement: "what was done, to whom, and why".into(),
                channel: super::DeclarationChannel::DiscordDiscussion,
            },
        );
    }

    /// The last id handed out.
    pub fn last_id(&self) -> u64 {
        self.ladder().next_id - 1
    }

    /// `appellant` files `filing`; `cj` grants the hearing and seats
    /// `j1`, `j2`, `j3` (club III.3.3–III.3.5); the appeal's id.
    pub fn heard(&mut self, appellant: &str, filing: Command) -> u64 {
        self.ok(appellant, filing);
        let appeal = self.last_id();
        self.ok("cj", Command::GrantHearing { appeal });
        let justices = vec![u("j1"), u("j2"), u("j3")];
        self.ok("cj", Command::Empanel { appeal, justices });
        appeal
    }

    /// `j1` and `j2`, a majority of the panel, overturn by annulment (club
    /// III.3.8).
    pub fn annulled(&mut self, appeal: u64) {
        for j in ["j1", "j2"] {
            let vote = super::Vote::Overturn {
                remedy: super::Remedy::Annul,
            };
            let cast = Command::CastVote {
                appeal,
                vote,
                bar_appeals_until: None,
            };
            self.ok(j, cast);
        }
    }
}

/// The indexes the club's state keeps are exactly what a reading of the
/// whole ladder finds, in the state and in its JSON read back (a snapshot):
/// checked after every commit of every test that drives a club, so that an
/// event which opens or closes a deadline, or moves a member, cannot slip
/// past them.
fn check_indexes(env: &Competition) {
    crate::testkit::check_role_index(env);
    let json = serde_json::to_value(env).expect("a state serializes");
    let back: Competition = serde_json::from_value(json).expect("a state reads back");
    for env in [env, &back] {
        let competition::Game::ClubLadder(l) = &env.game else {
            unreachable!("a club ladder")
        };
        check_game_index(l);
        check_leaderboard_order(l);
    }
    let competition::Game::ClubLadder(l) = &env.game else {
        unreachable!("a club ladder")
    };
    check_deadline_indexes(l);
}

/// The deadlines the fold keeps apart: undeclared uses of power, opinions
/// awaited, and the members whose ban or removal request is watched.
fn check_deadline_indexes(l: &Ladder) {
    let undeclared: BTreeSet<u64> = l
        .powers
        .iter()
        .filter(|(_, p)| p.awaiting_declaration())
        .map(|(id, _)| *id)
        .collect();
    assert_eq!(l.undeclared, undeclared, "club III.2.4: undeclared powers");
    let awaited: BTreeSet<u64> = l
        .appeals
        .iter()
        .filter(|(_, a)| a.judgement.is_some() && a.opinion.is_none() && !a.opinion_overdue)
        .map(|(id, _)| *id)
        .collect();
    assert_eq!(
        l.opinions_awaited, awaited,
        "club III.3.10: opinions awaited"
    );
    for (user, m) in &l.members {
        if m.ban.is_some() || m.removal_requested.is_some() {
            assert!(
                l.watched.contains(user),
                "club II.8, II.9.2: {user} unwatched"
            );
        }
    }
}

/// Each member's games, read from the index the state keeps, are the games
/// they played, newest first.
fn check_game_index(l: &Ladder) {
    for user in l.members.keys() {
        let indexed: Vec<u64> = l.games.of(user).map(|(id, _)| *id).collect();
        let scanned: Vec<u64> = l
            .games
            .iter()
            .rev()
            .filter(|(_, g)| g.involves(user))
            .map(|(id, _)| *id)
            .collect();
        assert_eq!(indexed, scanned, "the games of {user}");
    }
}

/// club J.3: the leaderboard's kept order is that of a full sort of the
/// members on it, by score (highest first), then id.
fn check_leaderboard_order(l: &Ladder) {
    let mut sorted: Vec<(&UserId, i64)> = l
        .members
        .iter()
        .filter(|(_, m)| !m.removed)
        .map(|(u, m)| (u, m.score))
        .collect();
    sorted.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(b.0)));
    let kept: Vec<(&UserId, i64)> = l.members.ranked().collect();
    assert_eq!(kept, sorted, "club J.3: the leaderboard's order");
}

/// A game in room 322 with `mod1` present.
pub fn game(white: &str, black: &str, result: super::GameResult, played_at: &str) -> Command {
    Command::RegisterGame {
        white: u(white),
        black: u(black),
        result,
        played_at: at(played_at),
        room: "322".into(),
        moderator: u("mod1"),
        chessclock: false,
        oversight: None,
    }
}

/// Everyone named was in the room the whole session.
pub fn attend(session: &str, names: &[&str]) -> Command {
    Command::RecordAttendance {
        session: session.parse().unwrap(),
        attendees: names
            .iter()
            .map(|n| super::Attendee {
                member: u(n),
                minutes: 40,
            })
            .collect(),
    }
}

/// The week-closing events among `events`, as (week, deductions by member).
pub fn closed_weeks(events: &[Event]) -> Vec<(String, Vec<(String, i64)>)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::WeekClosed {
                week, deductions, ..
            } => Some((
                week.to_string(),
                deductions
                    .iter()
                    .map(|d| (d.member.to_string(), d.applied))
                    .collect(),
            )),
            _ => None,
        })
        .collect()
}

/// ann and bob in a fresh club; mod2 puts ann 100 above the floor, so there is
/// a score to take from.
pub fn seeded() -> Club {
    let mut c = Club::new();
    c.join(&["ann", "bob"]);
    c.ok(
        "mod2",
        Command::ChangeScore {
            member: u("ann"),
            delta: 100,
            reason: "seeded".into(),
            offence: None,
        },
    );
    c
}
