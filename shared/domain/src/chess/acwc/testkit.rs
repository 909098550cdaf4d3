//! A small builder for ACWC tests and simulations: a championship driven
//! through the envelope's `decide`/`apply` with a fake clock. Pure. A thin
//! layer over the crate's [`Scenario`], adding the championship's TD, a
//! clock the tests move, eligible players' facts, and the indexes its state
//! keeps, checked after every commit.

use super::eligibility::{PlayerFacts, RatingPoint};
use super::settings::Settings;
use super::state::Championship;
use super::vocabulary::Command;
use crate::competition::{self, Competition, Recorded, Role};
use crate::refusal::Refusal;
use crate::testkit::Scenario;
pub use crate::testkit::{at, u as user};
use chrono::{DateTime, Duration, Utc};
use std::collections::BTreeMap;
use std::ops::{Deref, DerefMut};

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
    scenario: Scenario<Championship>,
    /// When the next command is issued.
    pub now: DateTime<Utc>,
}

impl Deref for World {
    type Target = Scenario<Championship>;
    fn deref(&self) -> &Scenario<Championship> {
        &self.scenario
    }
}

impl DerefMut for World {
    fn deref_mut(&mut self) -> &mut Scenario<Championship> {
        &mut self.scenario
    }
}

impl World {
    pub fn new(now: DateTime<Utc>) -> Self {
        let td = [("td", Role::TournamentDirector)];
        let scenario = Scenario::named("acwc", "ACWC 2019", now, &td).checking(check_indexes);
        World { scenario, now }
    }

    /// A world configured with `settings`.
    pub fn configured(now: DateTime<Utc>, settings: Settings) -> Self {
        let mut w = Self::new(now);
        w.run("org", Command::Configure { settings })
            .expect("configured");
        w
    }

    pub fn champ(&self) -> &Championship {
        self.state()
    }

    pub fn envelope(
        &mut self,
        actor: &str,
        command: competition::Command,
    ) -> Result<Vec<Recorded>, Refusal> {
        let now = self.now;
        self.when(actor, now, command).recorded()
    }

    /// `actor` issues an ACWC command at `self.now`.
    pub fn run(&mut self, actor: &str, command: Command) -> Result<Vec<Recorded>, Refusal> {
        self.envelope(actor, command.into())
    }

    /// A schedule ticks at `self.now`.
    pub fn tick(&mut self) -> Vec<Recorded> {
        let now = self.now;
        self.scenario.tick(now).then_recorded()
    }

    pub fn advance(&mut self, by: Duration) {
        self.now += by;
    }
}

/// The open and negotiating matches of each round, read from the index the
/// state keeps, are those its matches show, in the state and in its JSON
/// read back (a snapshot); and so are the holders of each role.
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
