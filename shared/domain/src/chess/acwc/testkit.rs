//! A small builder for ACWC tests and simulations: a championship driven
//! through the envelope's `decide`/`apply` with a fake clock. Pure.

use super::eligibility::{PlayerFacts, RatingPoint};
use super::settings::Settings;
use super::state::Championship;
use super::vocabulary::Command;
use crate::competition::{
    self, Actor, Commit, Competition, CompetitionId, Context, Game, Kind, Recorded, Role, UserId,
};
use crate::refusal::Refusal;
use chrono::{DateTime, Duration, Utc};
use std::collections::BTreeMap;

pub fn at(s: &str) -> DateTime<Utc> {
    s.parse().expect("an RFC 3339 instant")
}

pub fn user(s: &str) -> UserId {
    UserId::try_from(s).expect("a valid user id")
}

/// The 2019 championship's settings ([`Settings::acwc_2019`]).
pub fn settings_2019() -> Settings {
    Settings::acwc_2019()
}

/// Facts of an eligible account whose seeding rating is `rating`.
pub fn facts(account: &str, rating: u32) -> PlayerFacts {
    PlayerFacts {
        account: account.into(),
        account_created_at: at("2018-01-01T00:00:00Z"),
        rated_games: BTreeMap::from([("antichess".to_string(), 500)]),
        rating_history: vec![RatingPoint {
            at: at("2019-06-01T00:00:00Z"),
            rating,
        }],
        marks: vec![],
        other_accounts: vec![],
        unverified: vec![],
    }
}

/// A championship with organizer `org` and TD `td`, and a fake clock.
pub struct World {
    pub c: Competition,
    pub now: DateTime<Utc>,
    /// The audit log: every commit folded so far.
    pub log: Vec<Commit>,
}

impl World {
    pub fn new(now: DateTime<Utc>) -> Self {
        let id = CompetitionId::try_from("acwc").expect("valid id");
        let create = competition::Command::Create {
            kind: Kind::Acwc,
            name: "ACWC 2019".into(),
        };
        let ctx = Context {
            actor: Actor::User(user("org")),
            may_organize: true,
            now,
        };
        let events = competition::decide(None, &create, &ctx).expect("created");
        let first = commit(1, now, Actor::User(user("org")), &create, events);
        let c = competition::apply(None, &id, &first);
        let mut w = Self {
            c,
            now,
            log: vec![first],
        };
        w.envelope(
            "org",
            competition::Command::GrantRole {
                user: user("td"),
                role: Role::TournamentDirector,
            },
        )
        .expect("TD granted");
        w
    }

    /// A world configured with `settings`.
    pub fn configured(now: DateTime<Utc>, settings: Settings) -> Self {
        let mut w = Self::new(now);
        w.run("org", Command::Configure { settings })
            .expect("configured");
        w
    }

    pub fn champ(&self) -> &Championship {
        match &self.c.game {
            Game::Acwc(c) => c,
            _ => unreachable!("an ACWC competition"),
        }
    }

    fn decided(
        &mut self,
        actor: Actor,
        command: competition::Command,
    ) -> Result<Vec<Recorded>, Refusal> {
        let ctx = Context {
            actor: actor.clone(),
            may_organize: false,
            now: self.now,
        };
        let events = competition::decide(Some(&self.c), &command, &ctx)?;
        if !events.is_empty() {
            let version = self.c.version + 1;
            let id = self.c.id.clone();
            let commit = commit(version, self.now, actor, &command, events.clone());
            self.c = competition::apply(Some(self.c.clone()), &id, &commit);
            self.log.push(commit);
            check_indexes(&self.c);
        }
        Ok(events)
    }

    pub fn envelope(
        &mut self,
        actor: &str,
        command: competition::Command,
    ) -> Result<Vec<Recorded>, Refusal> {
        self.decided(Actor::User(user(actor)), command)
    }

    /// `actor` issues an ACWC command at `self.now`.
    pub fn run(&mut self, actor: &str, command: Command) -> Result<Vec<Recorded>, Refusal> {
        self.envelope(actor, competition::Command::Acwc(command))
    }

    /// A schedule ticks at `self.now`.
    pub fn tick(&mut self) -> Vec<Recorded> {
        self.decided(
            Actor::Schedule("deadline-sweep".into()),
            competition::Command::Tick,
        )
        .expect("a tick never refuses")
    }

    pub fn advance(&mut self, by: Duration) {
        self.now += by;
    }
}

fn commit(
    version: u64,
    at: DateTime<Utc>,
    actor: Actor,
    command: &competition::Command,
    events: Vec<Recorded>,
) -> Commit {
    Commit {
        version,
        at,
        actor,
        command: command.name().into(),
        events,
        idempotency: None,
    }
}

/// The open and negotiating matches of each round, read from the
/// index the state keeps, are those its matches show, in the state and in
/// its JSON read back (a snapshot); and so are the holders of each role.
fn check_indexes(env: &Competition) {
    crate::testkit::check_role_index(env);
    let json = serde_json::to_value(env).expect("a state serializes");
    let back: Competition = serde_json::from_value(json).expect("a state reads back");
    for c in [env, &back] {
        let competition::Game::Acwc(s) = &c.game else {
            unreachable!("a championship")
        };
        for r in &s.rounds {
            let ms = || r.matches.iter().map(|id| &s.matches[id]);
            let ids = |it: Vec<&super::state::Match>| {
                let mut v: Vec<String> = it.into_iter().map(|m| m.id.clone()).collect();
                v.sort();
                v
            };
            let open = ids(ms().filter(|m| !m.finished()).collect());
            let negotiating = ids(ms()
                .filter(|m| !m.finished())
                .filter(|m| m.negotiation.time.is_none() && !m.negotiation.failed)
                .collect());
            assert_eq!(ids(s.matches.unfinished(r.stage, r.number).collect()), open);
            assert_eq!(
                ids(s.matches.negotiating(r.stage, r.number).collect()),
                negotiating
            );
            assert_eq!(s.round_complete(r), open.is_empty());
        }
    }
}
