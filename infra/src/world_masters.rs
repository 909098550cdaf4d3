//! A seeded World Masters team tournament (wm A–C) from sign-up to the
//! final, driven through the REST API: teams and individuals enter, the TD
//! closes entries and draws each round, the boards' GM reports random but
//! legal results, a semi-final qualifier declines the final, and the TD
//! closes every round until the winners are known.
//!
//! The story is written once against [`Transport`]: `arbiter simulate
//! world-masters` runs it in process through the local router, and the
//! end-to-end test runs it over HTTP on both stores.

use arbiter_domain::competition::UserId;
use arbiter_domain::diplomacy::tournament::model::{BoardReport, Seating, Stage};
use arbiter_domain::diplomacy::tournament::simulate::random_report;
use chrono::{DateTime, Duration, Utc};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::fmt::Write as _;

use crate::story::Story;
pub use crate::transport::Transport;

/// The competition's id.
pub const ID: &str = "wm-sim";
const BASE: &str = "/v1/competitions/wm-sim";

/// wm C.9: the semi-final's seven boards need 49 players, so seven teams.
pub const MIN_TEAMS: usize = 7;
/// A bound that keeps a run to minutes.
pub const MAX_TEAMS: usize = 300;

/// The powers as the API spells them, in the map's order.
const POWERS: [&str; 7] = [
    "austria", "england", "france", "germany", "italy", "russia", "turkey",
];

/// Monday 4 January 2027, noon UTC.
fn start() -> DateTime<Utc> {
    "2027-01-04T12:00:00Z".parse().expect("valid instant")
}

/// What a run did, stage by stage.
pub struct Summary {
    pub text: String,
    /// The tournament as the TD reads it at the end.
    pub tournament: Value,
    pub requests: u64,
}

fn team_entry(n: usize) -> Value {
    let id = format!("t{n:03}");
    let players: serde_json::Map<String, Value> = POWERS
        .iter()
        .map(|p| (p.to_uppercase(), json!(format!("{id}-{p}"))))
        .collect();
    json!({
        "id": id,
        "name": format!("Team {n}"),
        "players": players,
        "captain": format!("{id}-captain"),
    })
}

/// Who stands in on a round's boards: the pool's first reserve not playing
/// the round, until they hold three positions (wm B.9), then the next.
struct Standbys {
    pool: Vec<UserId>,
    taken: usize,
}

impl Standbys {
    fn new(state: &Value, boards: &[Value]) -> Result<Self, String> {
        let reserves: Vec<UserId> =
            serde_json::from_value(state["reserves"].clone()).map_err(|e| e.to_string())?;
        let seated: BTreeSet<&str> = boards
            .iter()
            .flat_map(|b| b["seating"]["seats"].as_object().into_iter().flatten())
            .filter_map(|(_, p)| p.as_str())
            .collect();
        let pool = reserves
            .into_iter()
            .filter(|r| !seated.contains(r.as_str()))
            .collect();
        Ok(Self { pool, taken: 0 })
    }

    fn next(&mut self) -> Option<UserId> {
        if self.taken >= 3 && !self.pool.is_empty() {
            self.pool.remove(0);
            self.taken = 0;
        }
        self.pool.first().cloned()
    }

    fn took(&mut self, report: &BoardReport, standby: Option<&UserId>) {
        self.taken += report
            .tenures
            .values()
            .filter(|t| t.iter().skip(1).any(|t| Some(&t.player) == standby))
            .count();
    }
}

/// Runs a tournament of `teams` teams (one of them grouped from individual
/// sign-ups, two more individuals left as reserves) with `seed`.
pub async fn run<T: Transport>(t: &T, teams: usize, seed: u64) -> Result<Summary, String> {
    if !(MIN_TEAMS..=MAX_TEAMS).contains(&teams) {
        return Err(format!(
            "--teams must be between {MIN_TEAMS} and {MAX_TEAMS}"
        ));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut s = Story::new(t, start(), BASE);
    let deadline = s.set_up().await?;
    s.enter(teams, deadline).await?;
    // Seeds for the draws come from the run's seed, so a run replays.
    s.ok(
        "td",
        "/actions",
        json!({"action": "close-entries", "seed": rng.gen::<u64>()}),
    )
    .await?;
    let mut text = headline(&s.tournament().await?, teams, seed)?;
    loop {
        let state = s.tournament().await?;
        if state["next_stage"].is_null() {
            break;
        }
        s.now += Duration::days(1);
        if state["next_stage"] == "final" {
            s.decline_final(&state, &mut text).await?;
        }
        s.play_round(&mut rng, &mut text).await?;
    }
    let state = s.tournament().await?;
    write_winners(&mut text, &state);
    Ok(Summary {
        text,
        tournament: state,
        requests: s.requests,
    })
}

impl<T: Transport> Story<'_, T> {
    /// The tournament as the TD reads it.
    async fn tournament(&mut self) -> Result<Value, String> {
        let (status, answer) = self.call("td", http::Method::GET, self.base, None).await;
        if status == 200 {
            Ok(answer["game"].clone())
        } else {
            Err(format!("GET {BASE}: {status} {answer}"))
        }
    }

    /// The organizer creates the tournament and appoints its officials, and
    /// the TD sets the entry deadline two weeks ahead: the deadline.
    async fn set_up(&mut self) -> Result<DateTime<Utc>, String> {
        let (status, answer) = self
            .call(
                "org",
                http::Method::POST,
                "/v1/competitions",
                Some(json!({"id": ID, "kind": "diplomacy-tournament", "name": "World Masters"})),
            )
            .await;
        if status != 201 {
            return Err(format!("create: {status} {answer}"));
        }
        let mut officials = vec![
            ("td", "tournament-director"),
            ("atd1", "assistant-tournament-director"),
            ("atd2", "assistant-tournament-director"),
            ("gm1", "game-master"),
            ("obs1", "observer"),
            ("obs2", "observer"),
            ("obs3", "observer"),
        ];
        let tmc: Vec<String> = (1..=6).map(|i| format!("tmc{i}")).collect();
        officials.extend(tmc.iter().map(|m| (m.as_str(), "tmc-member")));
        for (user, role) in officials {
            self.ok("org", "/roles", json!({"user": user, "role": role}))
                .await?;
        }
        let deadline = self.now + Duration::days(14);
        self.ok(
            "td",
            "/actions",
            json!({"action": "configure", "settings": {"entry_deadline": deadline}}),
        )
        .await?;
        Ok(deadline)
    }

    /// The entries up to `deadline`: `teams - 1` teams and nine individuals,
    /// then, at the deadline, a sign-up too late.
    async fn enter(&mut self, teams: usize, deadline: DateTime<Utc>) -> Result<(), String> {
        // wm B.2: teams enter through their captains; wm A.8: a TMC member may
        // not play.
        let mut with_tmc = team_entry(0);
        with_tmc["players"]["ITALY"] = json!("tmc1");
        self.refused(
            "t000-captain",
            "/registrations",
            json!({"team": with_tmc}),
            "wm A.8",
        )
        .await?;
        for n in 1..teams {
            let captain = format!("t{n:03}-captain");
            self.ok(&captain, "/registrations", json!({"team": team_entry(n)}))
                .await?;
        }
        // Nine individuals: seven make a grouped team, two start the reserves.
        for i in 1..=9 {
            self.ok(&format!("solo{i}"), "/registrations", json!({}))
                .await?;
        }
        self.now = deadline;
        self.refused("late", "/registrations", json!({}), "wm B.2")
            .await
    }

    /// wm C.10: the last semi-final qualifier declines the final.
    async fn decline_final(&mut self, state: &Value, text: &mut String) -> Result<(), String> {
        let qualifiers = last_round(state)
            .map(|r| r["advancing"].clone())
            .unwrap_or_default();
        if let Some(q) = qualifiers
            .as_array()
            .and_then(|q| q.last())
            .and_then(Value::as_str)
        {
            self.ok(q, "/actions", json!({"action": "decline-final"}))
                .await?;
            writeln!(text, "{q} declines the final (wm C.10)").expect("writing to a string");
        }
        Ok(())
    }

    /// One round: the TD draws it, the boards' GM reports each board weeks
    /// later, the TD closes it; its line goes into `text`.
    async fn play_round(&mut self, rng: &mut ChaCha8Rng, text: &mut String) -> Result<(), String> {
        self.ok("td", "/rounds", json!({"seed": rng.gen::<u64>()}))
            .await?;
        let state = self.tournament().await?;
        let round = last_round(&state).ok_or("no round after pairing")?;
        let stage: Stage =
            serde_json::from_value(round["stage"].clone()).map_err(|e| e.to_string())?;
        let boards = round["boards"].as_array().cloned().unwrap_or_default();
        // Boards run for weeks; their GM reports each.
        self.now += Duration::days(70);
        self.report_boards(rng, &state, stage, &boards).await?;
        self.ok(
            "td",
            "/actions",
            json!({"action": "close-round", "seed": rng.gen::<u64>()}),
        )
        .await?;
        let closed = last_round(&self.tournament().await?).unwrap_or_default();
        write_round(text, &closed, boards.len());
        Ok(())
    }

    /// The GM's random but legal report of each of the round's `boards`, with
    /// the reserves standing in.
    async fn report_boards(
        &mut self,
        rng: &mut ChaCha8Rng,
        state: &Value,
        stage: Stage,
        boards: &[Value],
    ) -> Result<(), String> {
        let mut standbys = Standbys::new(state, boards)?;
        for (i, board) in boards.iter().enumerate() {
            let seating: Seating =
                serde_json::from_value(board["seating"].clone()).map_err(|e| e.to_string())?;
            // A reserve may take over several positions (up to three, wm
            // B.9). They qualify once (wm C.15) and the players they replaced
            // not at all, so a seven-team tournament can send 48 players to
            // its semi-final of 49 seats; the draw fills the empty seat
            // from the pool (wm B.8.d).
            let standby = standbys.next();
            let report = random_report(rng, stage, &seating, standby.as_ref());
            standbys.took(&report, standby.as_ref());
            // wm B.8.e: a reserve standing in took over for want of a team
            // replacement.
            let takeovers: BTreeSet<String> = report
                .tenures
                .iter()
                .filter(|(_, t)| t.len() > 1)
                .map(|(p, _)| p.name().to_uppercase())
                .collect();
            self.ok(
                "gm1",
                "/actions",
                json!({"action": "report-board", "board": i, "report": report, "reserve_takeovers": takeovers}),
            )
            .await?;
        }
        Ok(())
    }
}

/// The latest round of the tournament `state`.
fn last_round(state: &Value) -> Option<Value> {
    state["rounds"].as_array().and_then(|r| r.last()).cloned()
}

/// The summary's first line, once entries are closed.
fn headline(state: &Value, teams: usize, seed: u64) -> Result<String, String> {
    let reserves: Vec<UserId> =
        serde_json::from_value(state["reserves"].clone()).map_err(|e| e.to_string())?;
    let mut text = String::new();
    writeln!(
        text,
        "World Masters simulation: {} teams ({} players), {} reserves, seed {seed}",
        state["teams"].as_object().map_or(0, |t| t.len()),
        7 * teams,
        reserves.len()
    )
    .expect("writing to a string");
    Ok(text)
}

/// The wm B.6 rules the draw keeps "wherever possible", each with what one
/// breach counts (wm B.6.a–e).
const SEATING_RULES: [(&str, &str, &str); 5] = [
    (
        "wm B.6.a",
        "teammates on the same power in a team round",
        "pairs of players",
    ),
    (
        "wm B.6.b",
        "teammates on the same board",
        "pairs of players",
    ),
    (
        "wm B.6.c",
        "a player on a power they played before",
        "players",
    ),
    (
        "wm B.6.d",
        "two players who met before meeting again",
        "pairs of players",
    ),
    (
        "wm B.6.e",
        "two teams meeting on more than one board",
        "pairs of teams",
    ),
];

/// A closed round's lines: how many go on, each wm B.6 rule with its
/// breaches and what it means, the boards without an observer (wm A.9) and
/// the seats filled from the reserves (wm B.8.d).
fn write_round(text: &mut String, round: &Value, boards: usize) {
    let mut by_clause: std::collections::BTreeMap<&str, usize> = Default::default();
    for v in round["violations"].as_array().into_iter().flatten() {
        *by_clause
            .entry(v["clause"].as_str().unwrap_or("unknown"))
            .or_default() += 1;
    }
    let stage = round["stage"].as_str().unwrap_or_default();
    let going_on = round["advancing"].as_array().map_or(0, Vec::len);
    let _ = write!(text, "{stage}: {}", plural(boards, "board", "boards"));
    if stage != "final" {
        let _ = write!(text, "; {going_on} players go on");
    }
    let _ = writeln!(text);
    let _ = writeln!(
        text,
        "  seating rules kept wherever possible (wm B.6), breaches:"
    );
    for (clause, rule, unit) in SEATING_RULES {
        let n = by_clause.remove(clause).unwrap_or(0);
        let _ = writeln!(text, "    {clause} ({rule}): {n} {unit}");
    }
    let observers = by_clause.remove("wm A.9").unwrap_or(0);
    let reserves = by_clause.remove("wm B.8.d").unwrap_or(0);
    let _ = writeln!(
        text,
        "  boards without a tournament observer (wm A.9): {observers}"
    );
    let _ = writeln!(
        text,
        "  seats filled from the reserves, too few having qualified (wm B.8.d): {reserves}"
    );
    for (clause, n) in by_clause {
        let _ = writeln!(text, "  other notes of the draw under {clause}: {n}");
    }
}

/// `n` things, in words.
fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The winners' lines (wm C.11–C.13), the team by its name.
fn write_winners(text: &mut String, state: &Value) {
    let w = &state["winners"];
    let team = match w["team"].as_str() {
        Some(id) => match state["teams"][id]["name"].as_str() {
            Some(name) => format!("{name} ({id})"),
            None => id.to_owned(),
        },
        None => "-".to_owned(),
    };
    writeln!(
        text,
        "individual winner (wm C.11): {}\nteam winner (wm C.12): {team}",
        w["individual"].as_str().unwrap_or("-"),
    )
    .expect("writing to a string");
    let best: Vec<String> = w["best_countries"]
        .as_object()
        .into_iter()
        .flatten()
        .map(|(p, u)| format!("{p} {}", u.as_str().unwrap_or("-")))
        .collect();
    writeln!(text, "best countries (wm C.13): {}", best.join(", ")).expect("writing to a string");
}
