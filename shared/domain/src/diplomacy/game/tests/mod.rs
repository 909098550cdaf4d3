//! Unit tests, one or more per clause, named after it, by concept; this
//! module holds the builder they share, a thin layer over the crate's
//! scenario that adds the board's players, GM and TD, its settings and the
//! vocabulary of orders and votes.

mod corrections;
mod deadlines;
mod gm_entry;
mod mail;
mod nmr;
mod notices;
mod orders;
mod pages;
mod placements;
mod press;
mod returns;
mod setup;
mod votes;

use super::deadline::Unavailability;
use super::event::{EndReason, Event};
use super::press::PressKind;
use super::replacement::ReplacementPeriod;
use super::settings::{HouseRules, LateOrders, PartialOrderSets, PressRule, Settings, TurnLengths};
use super::state::{Board, NmrCase};
use super::vote::{Ballot, ProposalKind};
use super::Command;
use crate::competition::{self as env, Command as EnvCommand, Competition, Game, Role, UserId};
use crate::diplomacy::map::Power;
use crate::refusal::{Refusal, RefusalKind};
use crate::rulebook::parts::*;
use crate::testkit::{u, Scenario, SWEEP};
use chrono::{DateTime, Duration, Utc};
use std::collections::{BTreeMap, BTreeSet};
use std::ops::{Deref, DerefMut};

/// Monday 5 January 2026, noon UTC.
fn start() -> DateTime<Utc> {
    "2026-01-05T12:00:00Z".parse().unwrap()
}

fn h(hours: i64) -> DateTime<Utc> {
    start() + Duration::hours(hours)
}

fn player(p: Power) -> String {
    format!("{}-player", p.name().to_lowercase())
}

fn settings(f: impl FnOnce(&mut Settings)) -> Settings {
    let mut s = Settings {
        players: Power::ALL.into_iter().map(|p| (p, u(&player(p)))).collect(),
        last_year: 1903,
        first_deadline: h(120),
        turn_lengths: TurnLengths::default(),
        players_consent_to_faster: false,
        house_rules: HouseRules::default(),
        abbreviations: BTreeMap::new(),
        captains: BTreeMap::new(),
        teams: BTreeMap::new(),
        time_zone: None,
    };
    f(&mut s);
    s
}

/// A draw including every power (wm D.IX.4).
fn draw_all() -> ProposalKind {
    ProposalKind::Draw {
        powers: Power::ALL.into_iter().collect(),
    }
}

struct Game1 {
    scenario: Scenario<Board>,
}

impl Deref for Game1 {
    type Target = Scenario<Board>;
    fn deref(&self) -> &Scenario<Board> {
        &self.scenario
    }
}

impl DerefMut for Game1 {
    fn deref_mut(&mut self) -> &mut Scenario<Board> {
        &mut self.scenario
    }
}

impl Game1 {
    /// A board with its GM `gm` and TD `td`, not set up.
    fn bare() -> Self {
        let officials = [("gm", Role::GameMaster), ("td", Role::TournamentDirector)];
        let scenario = Scenario::named("board", "b", start(), &officials);
        Game1 { scenario }
    }

    fn new() -> Self {
        Self::with(|_| {})
    }

    fn with(f: impl FnOnce(&mut Settings)) -> Self {
        let mut g = Self::bare();
        g.run(
            "gm",
            Command::SetUp {
                settings: settings(f),
            },
            start(),
        )
        .unwrap();
        g
    }

    fn env(&mut self, actor: &str, cmd: EnvCommand) -> Result<Vec<env::Recorded>, Refusal> {
        self.env_at(actor, cmd, start())
    }

    /// `actor` issues `cmd` at `now`; any `schedule...` is the deadline
    /// sweep.
    fn env_at(
        &mut self,
        actor: &str,
        cmd: EnvCommand,
        now: DateTime<Utc>,
    ) -> Result<Vec<env::Recorded>, Refusal> {
        let actor = if actor.starts_with("schedule") {
            SWEEP
        } else {
            actor
        };
        self.when(actor, now, cmd).recorded()
    }

    fn run(
        &mut self,
        actor: &str,
        cmd: Command,
        now: DateTime<Utc>,
    ) -> Result<Vec<Event>, Refusal> {
        self.when(actor, now, cmd).events()
    }

    /// `who` seats `player` for `power` (wm B.7).
    fn appoint(
        &mut self,
        who: &str,
        power: Power,
        player: &str,
        period: ReplacementPeriod,
        now: DateTime<Utc>,
    ) -> Result<Vec<Event>, Refusal> {
        self.run(
            who,
            Command::AppointReplacement {
                power,
                player: u(player),
                period,
            },
            now,
        )
    }

    /// `by`'s player proposes a draw including every power (wm D.IX).
    fn propose_draw(&mut self, by: Power, now: DateTime<Utc>) {
        let proposal = draw_all();
        self.run(&player(by), Command::Propose { proposal }, now)
            .unwrap();
    }

    /// Every power's player votes yes on `proposal` (wm D.IX).
    fn all_vote_yes(&mut self, proposal: u32, now: DateTime<Utc>) {
        for p in Power::ALL {
            let vote = Command::RecordVote {
                proposal,
                ballot: Ballot::Yes,
            };
            self.run(&player(p), vote, now).unwrap();
        }
    }

    fn tick(&mut self, now: DateTime<Utc>) -> Vec<Event> {
        self.scenario.tick(now).then_events()
    }

    fn board(&self) -> &Board {
        self.state()
    }

    fn phase(&self) -> String {
        self.board().phase().unwrap().to_owned()
    }

    fn submit(
        &mut self,
        p: Power,
        orders: &[&str],
        fin: bool,
        now: DateTime<Utc>,
    ) -> Result<Vec<Event>, Refusal> {
        let phase = self.phase();
        self.run(
            &player(p),
            Command::SubmitOrders {
                power: p,
                phase,
                orders: orders.iter().map(|s| s.to_string()).collect(),
                is_final: fin,
            },
            now,
        )
    }

    /// Every power submits (empty: all hold), final.
    fn all_final(&mut self, now: DateTime<Utc>) {
        for p in self.board().position.as_ref().unwrap().powers_to_order() {
            if self.board().counted_orders(p).is_none() || !self.board().is_final(p) {
                self.submit(p, &[], true, now).unwrap();
            }
        }
    }

    fn view(&self, viewer: &str) -> String {
        let view = self.board().view(self.competition(), Some(&u(viewer)));
        serde_json::to_string(&view).unwrap()
    }
}

fn refused(r: Result<Vec<Event>, Refusal>, clause: &str) {
    let err = r.expect_err("should be refused");
    assert_eq!(err.clause.as_deref(), Some(clause), "{err:?}");
}

fn adjudicated(events: &[Event]) -> bool {
    events
        .iter()
        .any(|e| matches!(e, Event::PhaseAdjudicated { .. }))
}

impl Game1 {
    fn log(&self, viewer: &str) -> String {
        let entries: Vec<_> = self
            .scenario
            .log()
            .iter()
            .map(|c| c.log_entry(self.competition(), Some(&u(viewer))))
            .collect();
        serde_json::to_string(&entries).unwrap()
    }

    /// Plays 1901 with everyone's orders final at each deadline-free early
    /// adjudication, a day apart.
    fn play_1901(&mut self) -> DateTime<Utc> {
        let mut now = h(24);
        while self.phase().contains("1901") {
            self.all_final(now);
            assert!(adjudicated(&self.tick(now)), "{} adjudicates", self.phase());
            now += Duration::hours(24);
        }
        now
    }
}
