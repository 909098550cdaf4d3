//! `arbiter simulate swiss`: a seeded Swiss event of Lichess size through
//! the REST API, one request at a time: the players enter, a few ask for a
//! half-point bye or withdraw, the arbiter pairs each round with the Dutch
//! engine (the boards come back in the pairing's receipt, so nothing reads
//! the whole event), and White reports every board's result.
//!
//! Results follow the Elo expectation of the ratings with 20% draws, drawn
//! from a ChaCha8 generator seeded with `--seed`: a seed always gives the
//! same event.

use crate::story::Story;
use crate::text_table::{number, Align, TextTable};
use crate::transport::Transport;
use arbiter_domain::chess::half_points_text;
use arbiter_domain::chess::swiss_event::standings::Tiebreak;
use chrono::Duration;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::fmt::Write as _;

pub const ID: &str = "swiss-sim";
const BASE: &str = "/v1/competitions/swiss-sim";

/// Bounds that keep a run to minutes (Lichess Swiss allows 4,000 players
/// and 100 rounds; the kind takes 9,999 players and 100 rounds).
pub const MAX_PLAYERS: u32 = 9999;
pub const MAX_ROUNDS: u32 = 30;

/// What a run did.
pub struct Summary {
    pub text: String,
    pub requests: u64,
}

fn player(i: u32) -> String {
    format!("p{i:04}")
}

/// White's result from the ratings: 20% draws, the rest by Elo.
fn result(rng: &mut ChaCha8Rng, white: f64, black: f64) -> &'static str {
    let expected = 1.0 / (1.0 + 10f64.powf((black - white) / 400.0));
    let r: f64 = rng.gen();
    if r < 0.2 {
        "1/2-1/2"
    } else if r < 0.2 + 0.8 * expected {
        "1-0"
    } else {
        "0-1"
    }
}

/// Runs an event of `players` over `rounds` rounds seeded with `seed`.
pub async fn run<T: Transport>(
    t: &T,
    players: u32,
    rounds: u32,
    seed: u64,
) -> Result<Summary, String> {
    if !(2..=MAX_PLAYERS).contains(&players) || !(1..=MAX_ROUNDS).contains(&rounds) {
        return Err(format!(
            "--players must be 2 to {MAX_PLAYERS} and --rounds 1 to {MAX_ROUNDS}"
        ));
    }
    let mut s = Story::new(
        t,
        "2026-07-01T18:00:00Z".parse().expect("valid instant"),
        BASE,
    );
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    set_up(&mut s, rounds).await?;
    let ratings = enter(&mut s, &mut rng, players).await?;
    let started = std::time::Instant::now();
    for r in 1..=rounds {
        byes_and_withdrawals(&mut s, r, rounds, players).await?;
        play_round(&mut s, &mut rng, r, &ratings).await?;
    }
    let elapsed = started.elapsed();
    let (status, event) = s.call("outsider", http::Method::GET, BASE, None).await;
    if status != 200 {
        return Err(format!("GET {BASE}: {status} {event}"));
    }
    Ok(Summary {
        text: report(&event["game"], players, rounds, seed, elapsed),
        requests: s.requests,
    })
}

/// The organizer creates the event and appoints its arbiter, who sets it up
/// for `rounds` rounds with one half-point bye and Buchholz tie-breaks.
async fn set_up<T: Transport>(s: &mut Story<'_, T>, rounds: u32) -> Result<(), String> {
    let created = json!({"id": ID, "kind": "swiss", "name": "Swiss (simulated)"});
    let (status, answer) = s
        .call("org", http::Method::POST, "/v1/competitions", Some(created))
        .await;
    if status != 201 {
        return Err(format!("create: {status} {answer}"));
    }
    s.ok("org", "/roles", json!({"user": "arb", "role": "arbiter"}))
        .await?;
    let settings = json!({"rounds": rounds, "half_point_byes": 1,
        "tiebreaks": ["buchholz-cut-1", "buchholz", "sonneborn-berger"]});
    s.ok(
        "arb",
        "/actions",
        json!({"action": "set-up", "settings": settings}),
    )
    .await?;
    Ok(())
}

/// The players enter, each with a random rating: the ratings by player.
async fn enter<T: Transport>(
    s: &mut Story<'_, T>,
    rng: &mut ChaCha8Rng,
    players: u32,
) -> Result<BTreeMap<String, f64>, String> {
    let mut ratings = BTreeMap::new();
    for i in 1..=players {
        let rating: u32 = rng.gen_range(1000..2800);
        ratings.insert(player(i), f64::from(rating));
        let entry = json!({"name": format!("Player {i}"), "rating": rating});
        s.ok(&player(i), "/registrations", json!({"entry": entry}))
            .await?;
    }
    Ok(ratings)
}

/// One player in a hundred asks for a half-point bye in the middle round;
/// one in two hundred withdraws after it.
async fn byes_and_withdrawals<T: Transport>(
    s: &mut Story<'_, T>,
    r: u32,
    rounds: u32,
    players: u32,
) -> Result<(), String> {
    if r == rounds.div_ceil(2) {
        for i in (1..=players).step_by(100) {
            s.ok(
                &player(i),
                "/actions",
                json!({"action": "request-bye", "round": r}),
            )
            .await?;
        }
    }
    if r == rounds.div_ceil(2) + 1 {
        for i in (50..=players).step_by(200) {
            s.ok(&player(i), "/actions", json!({"action": "withdraw"}))
                .await?;
        }
    }
    Ok(())
}

/// Round `r`: the arbiter pairs it, White reports every board two hours
/// later, and the next round starts a day after this one.
async fn play_round<T: Transport>(
    s: &mut Story<'_, T>,
    rng: &mut ChaCha8Rng,
    r: u32,
    ratings: &BTreeMap<String, f64>,
) -> Result<(), String> {
    let receipt = s.ok("arb", "/rounds", json!({})).await?;
    let boards = receipt["events"][0]["boards"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    s.now += Duration::hours(2);
    for b in boards {
        let (white, black) = (
            b["white"].as_str().unwrap_or(""),
            b["black"].as_str().unwrap_or(""),
        );
        let res = result(rng, ratings[white], ratings[black]);
        let body =
            json!({"action": "report-result", "round": r, "board": b["board"], "result": res});
        s.ok(white, "/actions", body).await?;
    }
    s.now += Duration::days(1) - Duration::hours(2);
    Ok(())
}

/// How many of the standings' lines the report prints.
const TOP: usize = 10;

/// The event's report: its standings after the last round (the top
/// [`TOP`] lines), each tie-break under its FIDE code with a key to the
/// codes. The request count is printed once, by the caller.
fn report(
    game: &Value,
    players: u32,
    rounds: u32,
    seed: u64,
    rounds_time: std::time::Duration,
) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Swiss simulation: {players} players, {rounds} rounds, seed {seed}"
    );
    let _ = writeln!(
        out,
        "Pairing and reporting every round took {:.2} s.",
        rounds_time.as_secs_f64()
    );
    let standings = &game["standings"];
    let lines = standings["lines"].as_array().cloned().unwrap_or_default();
    let _ = writeln!(
        out,
        "\nStandings after round {} (the first {} of {}):",
        standings["after_round"],
        TOP.min(lines.len()),
        lines.len()
    );
    let tiebreaks: Vec<(String, Tiebreak)> = standings["tiebreaks"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .filter_map(|n| Tiebreak::parse(n).ok().map(|t| (n.to_owned(), t)))
        .collect();
    let codes: Vec<String> = tiebreaks.iter().map(|(_, t)| t.short_code()).collect();
    let mut columns = vec![
        ("Rank", Align::Right),
        ("Player", Align::Left),
        ("Rating", Align::Right),
        ("Points", Align::Right),
    ];
    columns.extend(codes.iter().map(|c| (c.as_str(), Align::Right)));
    let mut table = TextTable::new(&columns);
    for line in lines.iter().take(TOP) {
        let half = (line["points"].as_f64().unwrap_or(0.0) * 2.0)
            .round()
            .max(0.0) as u64;
        let mut row = vec![
            line["place"].to_string(),
            line["name"].as_str().unwrap_or_default().to_owned(),
            line["rating"].to_string(),
            half_points_text(half),
        ];
        row.extend(
            tiebreaks
                .iter()
                .map(|(n, _)| number(line["tiebreaks"][n].as_f64().unwrap_or(0.0))),
        );
        table.row(row);
    }
    out.push_str(&table.render(2));
    if !tiebreaks.is_empty() {
        let key: Vec<String> = tiebreaks
            .iter()
            .map(|(_, t)| format!("{} {}", t.short_code(), t.full_name()))
            .collect();
        let _ = writeln!(out, "Tie-breaks, in order: {}.", key.join("; "));
    }
    out
}
