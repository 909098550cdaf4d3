//! The largest competitions Arbiter is sized for, built in memory through
//! `decide` and `apply` (no store, no clock): what the command-cost bench
//! times a command on and what the DynamoDB scale test stores and loads.
//!
//! - ACWC: `players` entered, round 1 published; the case: the first player
//!   of the first match offers a time (acwc V);
//! - club ladder: `members` joined; the case: a newcomer joins (club II.1),
//!   also in a club whose every member was once penalised (club III.2.4);
//! - Swiss: `players` registered and round 1 paired; the case: a result of
//!   round 1 reported; or rounds played up to a later one, paired, and a
//!   result of it reported;
//! - World Masters: `teams` signed up; the case: one more team signs up;
//!   or the rounds before a later one played and closed and that one drawn;
//!   the case: a board of it reported.

use super::{actor, context, Harness};
use crate::chess::acwc::testkit::{facts, settings_2019};
use crate::competition::{self, Command, Competition, Context, Event, Kind, Role};
use crate::rulebook::Route;
use chrono::{DateTime, Duration, Utc};
use serde_json::{json, Value};

/// A competition of a kind chosen by value, driven by commands read from
/// JSON as the API reads them; every command must be accepted.
pub struct Driver {
    harness: Harness,
    kind: Kind,
}

impl Driver {
    pub fn new(kind: Kind, now: DateTime<Utc>) -> Self {
        Driver {
            harness: Harness::create("bench", kind, "bench", now),
            kind,
        }
    }

    /// The fake clock: commands are decided at this instant.
    pub fn now(&self) -> DateTime<Utc> {
        self.harness.now
    }

    pub fn set_now(&mut self, now: DateTime<Utc>) {
        self.harness.now = now;
    }

    pub fn ctx(&self, who: &str) -> Context {
        context(actor(who), self.harness.now)
    }

    pub fn run(&mut self, who: &str, command: Command) -> Vec<competition::Recorded> {
        self.harness
            .run(who, command.clone())
            .unwrap_or_else(|r| panic!("{who} {command:?}: {r:?}"))
    }

    pub fn act(&mut self, who: &str, body: Value) -> Vec<competition::Recorded> {
        let command = self.kind.command(body).expect("a command of the kind");
        self.run(who, command)
    }

    pub fn grant(&mut self, who: &str, role: Role) {
        self.harness.grant(&[(who, role)]);
    }

    pub fn state(&self) -> &Competition {
        &self.harness.env
    }

    /// Every commit so far, the creating one first.
    pub fn log(&self) -> &[crate::competition::Commit] {
        &self.harness.log
    }
}

/// A competition, and a command to time on it.
pub struct Case {
    pub state: Competition,
    pub command: Command,
    pub ctx: Context,
    /// The command as the API reads it (`POST …/actions`).
    pub body: Value,
}

impl Case {
    pub fn of(d: &Driver, who: &str, body: Value) -> Self {
        Case {
            state: d.state().clone(),
            command: d.kind.command(body.clone()).expect("a command of the kind"),
            ctx: d.ctx(who),
            body,
        }
    }
}

pub fn acwc(players: u32) -> Case {
    let mut d = Driver::new(Kind::Acwc, "2019-09-01T10:00:00Z".parse().expect("instant"));
    d.grant("td", Role::TournamentDirector);
    let settings = settings_2019();
    d.act("org", json!({"action": "configure", "settings": settings}));
    for i in 1..=players {
        let f = facts(&format!("acc{i}"), 2400 - (i % 1000));
        d.act(&format!("p{i}"), json!({"action": "register", "facts": f}));
    }
    // acwc IV.D: the first round is published when the Qualification starts.
    d.set_now(settings.qualification_starts);
    d.run("schedule:bench", Command::Tick);
    d.set_now(d.now() + Duration::hours(1));
    let competition::Game::Acwc(c) = &d.state().game else {
        unreachable!("an ACWC competition")
    };
    let m = &c.matches[&c.rounds[0].matches[0]];
    let offer =
        json!({"action": "offer-time", "match_id": m.id, "at": d.now() + Duration::days(1)});
    let who = m.first.to_string();
    Case::of(&d, &who, offer)
}

pub fn ladder(members: u32) -> Case {
    let mut d = Driver::new(
        Kind::ClubLadder,
        "2026-01-09T12:00:00Z".parse().expect("instant"),
    );
    for i in 0..members {
        d.act(&format!("m{i:06}"), json!({"action": "join"}));
    }
    Case::of(&d, "newcomer", json!({"action": "join"}))
}

/// A club whose every member was once penalised and the penalty declared
/// (club III.2.4): the uses of power grow with the club, the deadlines do not.
pub fn ladder_with_history(members: u32) -> Case {
    let mut d = Driver::new(
        Kind::ClubLadder,
        "2026-01-09T12:00:00Z".parse().expect("instant"),
    );
    d.grant("mod1", Role::Moderator);
    for i in 0..members {
        let member = format!("m{i:06}");
        d.act(&member, json!({"action": "join"}));
        let penalty = json!({"action": "change-score", "member": member, "delta": -1,
            "reason": "talking during games", "offence": "talking on 9 January"});
        d.act("mod1", penalty);
        let competition::Game::ClubLadder(l) = &d.state().game else {
            unreachable!("a club ladder")
        };
        let declare = json!({"action": "declare", "power_use": l.next_id - 1,
            "statement": "deducted 1 for talking", "channel": "email-to-all"});
        d.act("mod1", declare);
    }
    Case::of(&d, "newcomer", json!({"action": "join"}))
}

pub fn swiss(players: u32) -> Case {
    swiss_in_round(players, 1)
}

/// A Swiss event of `players` whose rounds before `round` are played (every
/// board's result reported: White wins on odd boards, Black on boards
/// divisible by four, the rest drawn) and `round` paired; the case: a result
/// of `round` reported.
pub fn swiss_in_round(players: u32, round: u32) -> Case {
    let (d, boards) = swiss_played(players, round);
    let board = &boards[0];
    let white = board["white"].as_str().expect("a white player").to_owned();
    let body = json!({"action": "report-result", "round": round, "board": board["board"], "result": "1-0"});
    Case::of(&d, &white, body)
}

/// A Swiss event of `players` whose rounds before `round` are played and
/// `round` paired: the driver and `round`'s boards.
pub fn swiss_played(players: u32, round: u32) -> (Driver, Vec<Value>) {
    let mut d = Driver::new(
        Kind::Swiss,
        "2026-07-01T18:00:00Z".parse().expect("instant"),
    );
    d.grant("arb", Role::Arbiter);
    let settings = json!({"rounds": round.max(9), "half_point_byes": 1,
        "tiebreaks": ["buchholz-cut-1", "buchholz", "sonneborn-berger"]});
    d.act("arb", json!({"action": "set-up", "settings": settings}));
    for i in 1..=players {
        let entry = json!({"name": format!("Player {i}"), "rating": 1000 + (i * 7919) % 1800});
        d.act(
            &format!("p{i:04}"),
            json!({"action": "register", "entry": entry}),
        );
    }
    let mut boards = pair_swiss_round(&mut d);
    for r in 1..round {
        report_swiss_round(&mut d, r, &boards);
        d.set_now(d.now() + Duration::days(1) - Duration::hours(2));
        boards = pair_swiss_round(&mut d);
    }
    (d, boards)
}

/// Every board of round `r` reported by White: White wins on odd boards,
/// Black on boards divisible by four, the rest are drawn.
pub fn report_swiss_round(d: &mut Driver, r: u32, boards: &[Value]) {
    for (n, board) in boards.iter().enumerate() {
        let result = match n % 4 {
            0 | 2 => "1-0",
            3 => "0-1",
            _ => "1/2-1/2",
        };
        let body = json!({"action": "report-result", "round": r, "board": board["board"], "result": result});
        d.act(board["white"].as_str().expect("a white player"), body);
    }
}

/// The arbiter pairs the next round (dutch); its boards, two hours later.
pub fn pair_swiss_round(d: &mut Driver) -> Vec<Value> {
    let pair = Kind::Swiss
        .route_action(Route::Rounds)
        .expect("a pairing route");
    let paired = d.act("arb", json!({"action": pair}));
    let Event::Swiss(event) = &paired[0].event else {
        unreachable!("a Swiss event")
    };
    d.set_now(d.now() + Duration::hours(2));
    let event = serde_json::to_value(event).expect("serializes");
    event["boards"].as_array().cloned().unwrap_or_default()
}

fn team_entry(n: u32) -> Value {
    let id = format!("t{n:03}");
    let powers = [
        "AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY",
    ];
    let players: serde_json::Map<String, Value> = powers
        .iter()
        .map(|p| ((*p).to_owned(), json!(format!("{id}-{}", p.to_lowercase()))))
        .collect();
    json!({"id": id, "name": format!("Team {n}"), "players": players, "captain": format!("{id}-captain")})
}

pub fn world_masters(teams: u32) -> Case {
    let d = world_masters_signed_up(teams);
    let n = teams + 1;
    let captain = format!("t{n:03}-captain");
    let register = Kind::DiplomacyTournament
        .route_action(Route::Registrations)
        .expect("a registration route");
    Case::of(
        &d,
        &captain,
        json!({"action": register, "team": team_entry(n)}),
    )
}

/// A World Masters with `teams` signed up, entries still open.
fn world_masters_signed_up(teams: u32) -> Driver {
    let mut d = Driver::new(
        Kind::DiplomacyTournament,
        "2027-01-04T12:00:00Z".parse().expect("instant"),
    );
    d.grant("td", Role::TournamentDirector);
    let deadline = d.now() + Duration::days(14);
    d.act(
        "td",
        json!({"action": "configure", "settings": {"entry_deadline": deadline}}),
    );
    let register = Kind::DiplomacyTournament
        .route_action(Route::Registrations)
        .expect("a registration route");
    for n in 1..=teams {
        let captain = format!("t{n:03}-captain");
        d.act(&captain, json!({"action": register, "team": team_entry(n)}));
    }
    d
}

/// A World Masters of `teams` whose rounds before `round` (1: round one,
/// 2: round two, 3: the semi-final, 4: the final) are drawn, every board
/// reported (random but legal, `simulate::random_report`) and closed, and
/// `round` drawn; the case: the game master reports its first board.
pub fn world_masters_in_round(teams: u32, round: usize) -> Case {
    let mut d = world_masters_signed_up(teams);
    d.grant("gm1", Role::GameMaster);
    for obs in ["obs1", "obs2", "obs3"] {
        d.grant(obs, Role::Observer);
    }
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(7);
    d.set_now(d.now() + Duration::days(14));
    d.act("td", json!({"action": "close-entries", "seed": 11}));
    for _ in 1..round {
        draw_and_report(&mut d, &mut rng);
        d.act("td", json!({"action": "close-round", "seed": 13}));
        d.set_now(d.now() + Duration::days(1));
    }
    let pair = Kind::DiplomacyTournament
        .route_action(Route::Rounds)
        .expect("a draw route");
    d.act("td", json!({"action": pair, "seed": 17}));
    let (stage, seating) = last_round_boards(&d).remove(0);
    let report =
        crate::diplomacy::tournament::simulate::random_report(&mut rng, stage, &seating, None);
    let body =
        json!({"action": "report-board", "board": 0, "report": report, "reserve_takeovers": []});
    Case::of(&d, "gm1", body)
}

/// The TD draws the next round; ten weeks later the game master reports
/// every board.
fn draw_and_report(d: &mut Driver, rng: &mut rand_chacha::ChaCha8Rng) {
    let pair = Kind::DiplomacyTournament
        .route_action(Route::Rounds)
        .expect("a draw route");
    d.act("td", json!({"action": pair, "seed": 5}));
    d.set_now(d.now() + Duration::days(70));
    for (i, (stage, seating)) in last_round_boards(d).into_iter().enumerate() {
        let report =
            crate::diplomacy::tournament::simulate::random_report(rng, stage, &seating, None);
        let report = serde_json::to_value(report).expect("serializes");
        let body = json!({"action": "report-board", "board": i, "report": report, "reserve_takeovers": []});
        d.act("gm1", body);
    }
}

fn last_round_boards(
    d: &Driver,
) -> Vec<(
    crate::diplomacy::tournament::model::Stage,
    crate::diplomacy::tournament::model::Seating,
)> {
    let competition::Game::DiplomacyTournament(t) = &d.state().game else {
        unreachable!("a World Masters tournament")
    };
    let round = t.rounds.last().expect("a round drawn");
    round
        .boards
        .iter()
        .map(|b| (round.stage, b.seating.clone()))
        .collect()
}
