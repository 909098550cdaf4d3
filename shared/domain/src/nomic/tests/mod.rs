//! Unit tests, one or more per rule, named after it. A small builder, a thin
//! layer over the crate's scenario, drives the envelope
//! (`competition::decide` / `apply`) with the instant of each act given.
//!
//! Calendar used throughout (UK time is GMT until Sunday 29 March 2026):
//! the game begins Sunday 15 March 2026; chris has Mondays, dave Tuesdays,
//! ben Wednesdays, alext Thursdays, alexw Fridays. The second complete
//! circuit ends at the end of Friday 27 March (2026-03-28T00:00Z).

use super::*;
use crate::competition::{self, Actor, Recorded, UserId};
use crate::refusal::Refusal;
use crate::rulebook::Action;
use crate::testkit::Scenario;
pub use crate::testkit::{at, u as user};
use chrono::{DateTime, Utc};
use std::ops::{Deref, DerefMut};

mod chat;
mod judgement_214;
mod notices;
mod pages;
mod points;
mod properties;
mod proposals;
mod rulebook;
mod winner_215;

pub const SEED: &str = crate::nomic::rulebook::INITIAL_SET;

pub fn seed() -> RuleBookExport {
    RuleBookExport::from_json_str(SEED).unwrap()
}

pub const PLAYERS: [(&str, AllocatedDay); 5] = [
    ("chris", AllocatedDay::Monday),
    ("dave", AllocatedDay::Tuesday),
    ("ben", AllocatedDay::Wednesday),
    ("alext", AllocatedDay::Thursday),
    ("alexw", AllocatedDay::Friday),
];

/// A game driven through the envelope.
#[derive(Clone)]
pub struct Game {
    scenario: Scenario<Nomic>,
}

impl Deref for Game {
    type Target = Scenario<Nomic>;
    fn deref(&self) -> &Scenario<Nomic> {
        &self.scenario
    }
}

impl DerefMut for Game {
    fn deref_mut(&mut self) -> &mut Scenario<Nomic> {
        &mut self.scenario
    }
}

impl Game {
    /// Five players, the seed's rules, begun Sunday 15 March 2026.
    pub fn new() -> Self {
        Self::with_rules(seed())
    }

    /// A game created on Saturday 14 March 2026: no rules, no players yet.
    pub fn bare() -> Self {
        let scenario = Scenario::named("nomic", "Nomic", at("2026-03-14T10:00:00Z"), &[]);
        Game { scenario }
    }

    pub fn with_rules(rules: RuleBookExport) -> Self {
        let t = at("2026-03-14T10:00:00Z");
        let mut g = Self::bare();
        g.ok("org", t, Command::ImportRules { rules });
        for (p, day) in PLAYERS {
            g.ok(
                "org",
                t,
                Command::SeatPlayer {
                    player: user(p),
                    day,
                },
            );
        }
        g.ok(
            "org",
            at("2026-03-15T12:00:00Z"),
            Command::Begin {
                settings: Settings::default(),
            },
        );
        g
    }

    pub fn nomic(&self) -> &Nomic {
        self.state()
    }

    pub fn run_as(
        &mut self,
        actor: Actor,
        now: DateTime<Utc>,
        cmd: competition::Command,
    ) -> Result<Vec<Recorded>, Refusal> {
        self.when_by(actor, now, cmd).recorded()
    }

    pub fn run(&mut self, who: &str, now: &str, cmd: Command) -> Result<Vec<Recorded>, Refusal> {
        self.run_at(who, at(now), cmd)
    }

    pub fn run_at(
        &mut self,
        who: &str,
        now: DateTime<Utc>,
        cmd: Command,
    ) -> Result<Vec<Recorded>, Refusal> {
        self.run_as(
            Actor::User(user(who)),
            now,
            competition::Command::Nomic(cmd),
        )
    }

    pub fn ok(&mut self, who: &str, now: DateTime<Utc>, cmd: Command) -> Vec<Recorded> {
        let name = cmd.name();
        self.run_at(who, now, cmd)
            .unwrap_or_else(|e| panic!("{who} {name} at {now}: {e:?}"))
    }

    /// The refusal's clause, for a command that must be refused.
    pub fn refused(&mut self, who: &str, now: &str, cmd: impl Into<Command>) -> String {
        let e = self.run(who, now, cmd.into()).expect_err("must be refused");
        e.clause
            .map(|c| c.into_owned())
            .unwrap_or_else(|| format!("{:?}", e.kind))
    }

    pub fn tick(&mut self, now: &str) -> Vec<Recorded> {
        let tick = competition::Command::Tick;
        self.when("schedule:nomic-end-of-day", at(now), tick)
            .then_recorded()
    }

    pub fn propose(&mut self, who: &str, now: &str, change: RuleChange) -> u32 {
        self.ok(who, at(now), Command::Propose { change });
        self.nomic().proposals.last().unwrap().number
    }

    pub fn vote(&mut self, who: &str, now: &str, proposal: u32, vote: Vote) {
        self.ok(who, at(now), Command::RecordVote { proposal, vote });
    }

    /// Everyone listed votes `vote` at `now`.
    pub fn votes(&mut self, who: &[&str], now: &str, proposal: u32, vote: Vote) {
        for w in who {
            self.vote(w, now, proposal, vote);
        }
    }

    pub fn points(&self, who: &str) -> i64 {
        self.nomic().points[&user(who)]
    }

    pub fn status(&self, n: u32) -> ProposalStatus {
        self.nomic().proposal(n).unwrap().status
    }
}

/// The clauses cited by recorded events, in order.
pub fn clauses(events: &[Recorded]) -> Vec<String> {
    events.iter().filter_map(|r| r.clause.clone()).collect()
}

pub fn amend(rule: u32, text: &str) -> RuleChange {
    RuleChange::Amend {
        rule,
        text: vec![text.into()],
    }
}

pub fn enact(text: &str) -> RuleChange {
    RuleChange::Enact {
        text: vec![text.into()],
    }
}

pub const ALL: [&str; 5] = ["chris", "dave", "ben", "alext", "alexw"];
