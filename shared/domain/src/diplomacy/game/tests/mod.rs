//! Unit tests, one or more per clause, named after it, by concept; this
//! module holds the builder they share.

mod corrections;
mod deadlines;
mod gm_entry;
mod nmr;
mod notices;
mod orders;
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
use crate::competition::{
    self as env, Actor, Command as EnvCommand, Commit, Competition, CompetitionId, Context, Game,
    Kind, Role, UserId,
};
use crate::diplomacy::map::Power;
use crate::refusal::{Refusal, RefusalKind};
use crate::rulebook::parts::*;
use chrono::{DateTime, Duration, Utc};
use std::collections::{BTreeMap, BTreeSet};

fn u(s: &str) -> UserId {
    UserId::try_from(s).unwrap()
}

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
    comp: Competition,
    log: Vec<Commit>,
}

impl Game1 {
    fn bare() -> Self {
        let id = CompetitionId::try_from("board").unwrap();
        let create = EnvCommand::Create {
            kind: Kind::DiplomacyGame,
            name: "b".into(),
        };
        let events = env::decide(None, &create, &ctx("org", start(), true)).unwrap();
        let first = commit(1, "org", create, events, start());
        let mut g = Game1 {
            comp: env::apply(None, &id, &first),
            log: vec![first],
        };
        g.env(
            "org",
            EnvCommand::GrantRole {
                user: u("gm"),
                role: Role::GameMaster,
            },
        )
        .unwrap();
        g.env(
            "org",
            EnvCommand::GrantRole {
                user: u("td"),
                role: Role::TournamentDirector,
            },
        )
        .unwrap();
        g
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

    fn env_at(
        &mut self,
        actor: &str,
        cmd: EnvCommand,
        now: DateTime<Utc>,
    ) -> Result<Vec<env::Recorded>, Refusal> {
        let c = if actor.starts_with("schedule") {
            Context {
                actor: Actor::Schedule("deadline-sweep".into()),
                may_organize: false,
                now,
            }
        } else {
            ctx(actor, now, false)
        };
        let events = env::decide(Some(&self.comp), &cmd, &c)?;
        if !events.is_empty() {
            let mut cm = commit(self.comp.version + 1, actor, cmd, events.clone(), now);
            cm.actor = c.actor.clone();
            let id = self.comp.id.clone();
            self.comp = env::apply(Some(self.comp.clone()), &id, &cm);
            self.log.push(cm);
        }
        Ok(events)
    }

    fn run(
        &mut self,
        actor: &str,
        cmd: Command,
        now: DateTime<Utc>,
    ) -> Result<Vec<Event>, Refusal> {
        Ok(board_events(self.env_at(
            actor,
            EnvCommand::DiplomacyGame(cmd),
            now,
        )?))
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

    fn tick(&mut self, now: DateTime<Utc>) -> Vec<Event> {
        board_events(self.env_at("schedule", EnvCommand::Tick, now).unwrap())
    }

    fn board(&self) -> &Board {
        match &self.comp.game {
            Game::DiplomacyGame(b) => b,
            _ => unreachable!(),
        }
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
        serde_json::to_string(&self.board().view(&self.comp, Some(&u(viewer)))).unwrap()
    }
}

fn ctx(actor: &str, now: DateTime<Utc>, may_organize: bool) -> Context {
    Context {
        actor: Actor::User(u(actor)),
        may_organize,
        now,
    }
}

fn commit(
    version: u64,
    actor: &str,
    cmd: EnvCommand,
    events: Vec<env::Recorded>,
    at: DateTime<Utc>,
) -> Commit {
    Commit {
        version,
        at,
        actor: Actor::User(u(actor)),
        command: cmd.name().into(),
        events,
        idempotency: None,
    }
}

fn board_events(rs: Vec<env::Recorded>) -> Vec<Event> {
    rs.into_iter()
        .filter_map(|r| match r.event {
            env::Event::DiplomacyGame(e) => Some(e),
            _ => None,
        })
        .collect()
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
            .log
            .iter()
            .map(|c| c.log_entry(&self.comp, Some(&u(viewer))))
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
