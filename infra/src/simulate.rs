//! `arbiter simulate acwc`: a seeded Antichess World Championship run
//! through the local runtime — the embedded store in a temporary directory,
//! the real service and function handlers (requests go through the same
//! router as `arbiter serve`, without a socket), the schedules fired by a
//! fake clock, and the players' facts entered by the organizer into an
//! [`EnteredFacts`] table that registrations read through the facts port.
//!
//! Every choice comes from a ChaCha8 generator seeded with `--seed`, so a
//! seed always gives the same championship. Games follow the Elo expectation
//! of the seeding ratings with 20% draws; Qualification matches stop once a
//! player reaches 5.5 (acwc III.F.1).

use crate::in_process::InProcess;
use crate::server;
use crate::text_table::{number, Align, TextTable};
use crate::transport::Transport;
use arbiter_domain::chess::acwc::standings::{candidates_table, qualification_standings};
use arbiter_domain::chess::acwc::{self, Championship, FinalMatch, FinalPhase, Match, Stage};
use arbiter_domain::chess::half_points_text;
use arbiter_domain::competition::{CompetitionId, UserId};
use arbiter_facts::EnteredFacts;
use chrono::{DateTime, Duration, Utc};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::fmt::Write as _;
use std::sync::Arc;

/// The fewest entrants that fill the Candidates: the runner-up and three
/// qualifiers from a Qualification of at least four (acwc III.C–D, III.F.3).
pub const MIN_PLAYERS: u32 = 6;
/// A bound that keeps a run to minutes.
pub const MAX_PLAYERS: u32 = 2000;

const ID: &str = "acwc-sim";

/// The local runtime with a fake clock, driven by requests.
struct Runtime {
    inner: InProcess,
    now: DateTime<Utc>,
    requests: u64,
}

impl Runtime {
    /// POSTs `body` to `path` as `who` at `self.now`; any status but 2xx is an error.
    async fn post(&mut self, who: &str, path: &str, body: Value) -> Result<Value, String> {
        self.requests += 1;
        self.inner.set_time(self.now);
        let (status, answer) = self
            .inner
            .call(
                who,
                who == "org",
                http::Method::POST,
                path,
                Some(body.clone()),
            )
            .await;
        if (200..300).contains(&status) {
            Ok(answer)
        } else {
            Err(format!(
                "{who} POST {path} {body} at {}: {status} {answer}",
                self.now
            ))
        }
    }

    async fn act(&mut self, who: &str, body: Value) -> Result<Value, String> {
        self.post(who, &format!("/v1/competitions/{ID}/actions"), body)
            .await
    }

    async fn fire(&mut self, schedule: &str) -> Result<(), String> {
        self.inner.set_time(self.now);
        let function = arbiter_service::schedules::schedule(schedule)
            .ok_or("unknown schedule")?
            .function;
        server::fire(Arc::clone(&self.inner.app), function, schedule)
            .await
            .map(|_| ())
            .map_err(|p| p.detail)
    }

    async fn championship(&self) -> Result<Championship, String> {
        let id = CompetitionId::try_from(ID).expect("valid id");
        match self
            .inner
            .app
            .service
            .load(&id)
            .await
            .map_err(|e| e.to_string())?
        {
            Some(c) => <&Championship>::try_from(&c.game)
                .cloned()
                .map_err(|e| e.to_string()),
            None => Err("the championship is gone".into()),
        }
    }
}

fn player(i: u32) -> String {
    format!("p{i:03}")
}

/// The first player's chance of each outcome from the seeding ratings:
/// 20% draws, the rest split by the Elo expectation.
fn game(rng: &mut ChaCha8Rng, first: f64, second: f64) -> Option<bool> {
    let expected = 1.0 / (1.0 + 10f64.powf((second - first) / 400.0));
    let r: f64 = rng.gen();
    if r < 0.2 {
        None
    } else {
        Some(r < 0.2 + 0.8 * expected)
    }
}

/// A match's score in half games; in the Qualification the players stop
/// once one reaches 5.5 (acwc III.F.1).
fn score(rng: &mut ChaCha8Rng, first: f64, second: f64, games: u32, early: bool) -> (u32, u32) {
    let (mut a, mut b) = (0, 0);
    for _ in 0..games {
        match game(rng, first, second) {
            Some(true) => a += 2,
            Some(false) => b += 2,
            None => {
                a += 1;
                b += 1;
            }
        }
        if early && (a > games || b > games) {
            break;
        }
    }
    (a, b)
}

/// Runs a championship of `players` entrants seeded with `seed` and answers
/// the report: Qualification standings (top lines), the Candidates table,
/// the Final's score and the champion; with `notify`, then every notice of the
/// log delivered to e-mail subscribers of everyone it names, timed.
pub async fn acwc(
    players: u32,
    seed: u64,
    notify: bool,
    progress: indicatif::ProgressBar,
) -> Result<String, String> {
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
        return Err(format!(
            "--players must be between {MIN_PLAYERS} and {MAX_PLAYERS}"
        ));
    }
    let start: DateTime<Utc> = "2019-09-02T10:00:00Z".parse().expect("valid instant");
    let table = Arc::new(EnteredFacts::new());
    let mut rt = Runtime {
        inner: InProcess::with(start, Some(table.clone()))?.with_progress(progress),
        now: start,
        requests: 0,
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let settings = rt.set_up().await?;
    rt.register(players, &settings, &table, &mut rng).await?;

    // The weekly schedule publishes the first round (acwc IV.D).
    rt.now = settings.qualification_starts;
    rt.fire("weekly-round-publication").await?;

    // Each step plays what the championship waits for; a bound on the steps
    // turns a championship that never finishes into an error, not a hang.
    for _ in 0..100_000 {
        let c = rt.championship().await?;
        match c.stage {
            Stage::Registration => return Err("the Qualification did not start".into()),
            Stage::Qualification | Stage::Candidates => {
                rt.play_round(&c, &settings, &mut rng).await?
            }
            Stage::Final => rt.play_final(&c, &settings, &mut rng).await?,
            Stage::Finished => {
                let mut text = rt.summary(&c, players, seed);
                if notify {
                    let delivery = crate::notifications::deliver_whole_log(&rt.inner).await?;
                    text.push_str(&format!("{delivery}\n"));
                }
                return Ok(text);
            }
        }
    }
    Err("the championship did not finish".into())
}

/// A player's seeding rating, 1500 for someone not entered.
fn seeding(c: &Championship, u: &UserId) -> f64 {
    c.entrant(u).map_or(1500.0, |e| e.seeding.rating())
}

// The championship's steps, each the requests its organizer and players make.
impl Runtime {
    /// Set-up: the 2019 dates; p001 holds the title, p002 was runner-up.
    async fn set_up(&mut self) -> Result<acwc::Settings, String> {
        self.post(
            "org",
            "/v1/competitions",
            json!({"id": ID, "kind": "acwc", "name": "ACWC (simulated)"}),
        )
        .await?;
        self.post(
            "org",
            &format!("/v1/competitions/{ID}/roles"),
            json!({"user": "td", "role": "tournament-director"}),
        )
        .await?;
        let mut settings = acwc::Settings::acwc_2019();
        settings.holder = Some(UserId::try_from(player(1).as_str()).expect("valid"));
        settings.runner_up = Some(UserId::try_from(player(2).as_str()).expect("valid"));
        self.act("org", json!({"action": "configure", "settings": settings}))
            .await?;
        Ok(settings)
    }

    /// Registration (acwc II): the organizer's table of facts, read through the port.
    async fn register(
        &mut self,
        players: u32,
        settings: &acwc::Settings,
        table: &EnteredFacts,
        rng: &mut ChaCha8Rng,
    ) -> Result<(), String> {
        for i in 1..=players {
            let account = format!("acc{i:03}");
            table.enter(acwc::PlayerFacts::simulated(
                &account,
                rng.gen_range(1400..2600),
                settings,
            ));
            self.post(
                &player(i),
                &format!("/v1/competitions/{ID}/registrations"),
                json!({"account": account}),
            )
            .await?;
        }
        Ok(())
    }

    /// The open matches of the latest Qualification or Candidates round:
    /// each is scheduled, then played, reported and confirmed.
    async fn play_round(
        &mut self,
        c: &Championship,
        settings: &acwc::Settings,
        rng: &mut ChaCha8Rng,
    ) -> Result<(), String> {
        let round = c.rounds.last().ok_or("no round published")?.clone();
        let open: Vec<Match> = round
            .matches
            .iter()
            .map(|id| c.matches[id].clone())
            .filter(|m| !m.finished())
            .collect();
        if open.is_empty() {
            return Err(format!(
                "round {} of the {:?} is complete but nothing followed",
                round.number, round.stage
            ));
        }
        self.now = self.now.max(round.published_at + Duration::hours(1));
        let base = round.published_at + Duration::days(1);
        self.schedule(&open, base).await?;
        // acwc VI.G: the second reports, the first confirms.
        self.now = base + Duration::hours(15);
        let games = settings.format.games_per_match;
        let early = round.stage == Stage::Qualification;
        for m in &open {
            let (first, second) = (seeding(c, &m.first), seeding(c, &m.second));
            let (a, b) = score(rng, first, second, games, early);
            self.act(
                m.second.as_str(),
                json!({"action": "report-result", "match_id": m.id, "first": a, "second": b}),
            )
            .await?;
            self.act(
                m.first.as_str(),
                json!({"action": "confirm-result", "match_id": m.id}),
            )
            .await?;
        }
        Ok(())
    }

    /// acwc V: in each match the first player offers three times from
    /// `base` on, 13 hours apart, and the second accepts the second offer.
    async fn schedule(&mut self, open: &[Match], base: DateTime<Utc>) -> Result<(), String> {
        for m in open {
            for k in 0..3 {
                self.act(
                    m.first.as_str(),
                    json!({"action": "offer-time", "match_id": m.id, "at": base + Duration::hours(13 * k)}),
                )
                .await?;
            }
            self.act(
                m.second.as_str(),
                json!({"action": "accept-offer", "match_id": m.id, "at": base + Duration::hours(13)}),
            )
            .await?;
        }
        Ok(())
    }

    /// The Final's next step, an hour on: the sealed bids before an
    /// Armageddon, or the next game.
    async fn play_final(
        &mut self,
        c: &Championship,
        settings: &acwc::Settings,
        rng: &mut ChaCha8Rng,
    ) -> Result<(), String> {
        let f = c.final_match.clone().ok_or("no Final")?;
        self.now += Duration::hours(1);
        match f.phase(&settings.format) {
            FinalPhase::ArmageddonBidding => self.bid_for_white(&f, rng).await,
            FinalPhase::Decided { .. } => Err("the Final is decided but no champion".into()),
            _ => self.play_final_game(c, &f, rng).await,
        }
    }

    /// acwc III.H.6.ii: sealed bids for White, from each finalist who has
    /// not bid yet.
    async fn bid_for_white(&mut self, f: &FinalMatch, rng: &mut ChaCha8Rng) -> Result<(), String> {
        for p in [&f.first, &f.second] {
            if !f.bids.contains_key(p) {
                let seconds: u32 = rng.gen_range(1..=180);
                self.act(
                    p.as_str(),
                    json!({"action": "bid-for-white", "seconds": seconds}),
                )
                .await?;
            }
        }
        Ok(())
    }

    /// The Final's next game: the first finalist reports it, the second confirms.
    async fn play_final_game(
        &mut self,
        c: &Championship,
        f: &FinalMatch,
        rng: &mut ChaCha8Rng,
    ) -> Result<(), String> {
        let winner = match game(rng, seeding(c, &f.first), seeding(c, &f.second)) {
            Some(true) => Some(f.first.clone()),
            Some(false) => Some(f.second.clone()),
            None => None,
        };
        self.act(
            f.first.as_str(),
            json!({"action": "report-final-game", "game": f.games_played() + 1, "winner": winner}),
        )
        .await?;
        self.act(
            f.second.as_str(),
            json!({"action": "confirm-result", "match_id": "final"}),
        )
        .await?;
        Ok(())
    }

    /// The finished championship's report, then the runtime's latencies.
    fn summary(&self, c: &Championship, players: u32, seed: u64) -> String {
        let mut text = report(c, players, seed, self.requests);
        text.push_str(&format!("{}\n", self.inner.latency_report()));
        text
    }
}

/// The stage results as text: who entered and why some skip the
/// Qualification, its standings (top lines), the Candidates' table, the
/// Final's score and the champion, each column explained beneath.
fn report(c: &Championship, players: u32, seed: u64, requests: u64) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "ACWC simulation: {players} players, seed {seed}");
    out.push_str(&entries(c));
    out.push_str(&qualification(c));
    out.push_str(&candidates(c));
    if let Some(f) = &c.final_match {
        out.push_str(&final_match(c, f));
    }
    let champion = c.champion.as_ref().map_or("none", |u| u.as_str());
    let _ = writeln!(out, "\nChampion: {champion}");
    let _ = writeln!(out, "{requests} requests through the local runtime");
    out
}

/// acwc II, III.C, III.D, III.F: how many entered, who goes straight to a
/// later stage, who was not admitted, and so who plays the Qualification.
fn entries(c: &Championship) -> String {
    let mut out = String::new();
    let entered = c.entrants.len();
    let _ = writeln!(out, "\nEntries (acwc II): {entered} entered");
    let settings = c.settings.as_ref();
    let holder = settings
        .and_then(|s| s.holder.as_ref())
        .filter(|u| c.entrant(u).is_some());
    let runner_up = settings
        .and_then(|s| s.runner_up.as_ref())
        .filter(|u| c.entrant(u).is_some());
    if let Some(h) = holder {
        let _ = writeln!(
            out,
            "  {h} holds the title and plays only the Final (acwc III.C)"
        );
    }
    if let Some(r) = runner_up {
        let _ = writeln!(
            out,
            "  {r}, last year's runner-up, starts in the Candidates (acwc III.D)"
        );
    }
    let playing = c.qualification.len();
    let skipped = usize::from(holder.is_some()) + usize::from(runner_up.is_some());
    let not_admitted = entered.saturating_sub(playing + skipped);
    let _ = writeln!(
        out,
        "  {not_admitted} not admitted when it began (in review, denied, withdrawn or disqualified; acwc II.C)"
    );
    let _ = writeln!(out, "  {playing} play the Qualification");
    out
}

/// acwc III.F: the Qualification's first lines and what each column is.
fn qualification(c: &Championship) -> String {
    let standings = qualification_standings(c);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\nQualification (acwc III.F): {} rounds, {} players; the first {}:",
        c.qualification_rounds,
        standings.len(),
        standings.len().min(10)
    );
    let mut table = TextTable::new(&[
        ("Rank", Align::Right),
        ("Player", Align::Left),
        ("Points", Align::Right),
        ("Opp. seeds", Align::Right),
        ("Seeding", Align::Right),
        ("", Align::Left),
    ]);
    for r in standings.iter().take(10) {
        table.row(vec![
            r.rank.to_string(),
            r.player.to_string(),
            half_points(r.points),
            number(r.opponents_seeds),
            number(r.seeding_rating),
            if r.active { "" } else { "withdrawn" }.to_owned(),
        ]);
    }
    out.push_str(&table.render(2));
    let _ = writeln!(
        out,
        "  Points: matches won, ½ for a tied match (acwc III.F.1). Opp. seeds: the sum of the\n  \
         opponents' seeding ratings, the tie-break (acwc III.F.3). Seeding: the average of the\n  \
         player's two ratings (acwc III.E)."
    );
    out
}

/// acwc III.G: the Candidates' table and what each column is.
fn candidates(c: &Championship) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\nCandidates (acwc III.G): the runner-up and the Qualification's first three, a round-robin"
    );
    let mut table = TextTable::new(&[
        ("Rank", Align::Right),
        ("Player", Align::Left),
        ("Points", Align::Right),
        ("Sub-scores", Align::Right),
    ]);
    for r in candidates_table(c) {
        table.row(vec![
            r.rank.to_string(),
            r.player.to_string(),
            half_points(r.points),
            half_points(r.sub_scores),
        ]);
    }
    out.push_str(&table.render(2));
    let _ = writeln!(
        out,
        "  Points: matches won, ½ for a tied match (acwc III.G.1). Sub-scores: the games' points\n  \
         added up over the player's matches, the tie-break (acwc III.G.3)."
    );
    out
}

/// acwc III.H: the Final's score, game by game count and any Armageddon.
fn final_match(c: &Championship, f: &FinalMatch) -> String {
    let half = |u: &UserId| half_points(f64::from(f.half_games(u)) / 2.0);
    let challenger = if c.settings.as_ref().and_then(|s| s.holder.as_ref()) == Some(&f.first) {
        " (the title holder)"
    } else {
        ""
    };
    let armageddon = match (&f.armageddon, &f.armageddon_game) {
        (Some(a), Some(g)) => format!(
            "; Armageddon (acwc III.H.6): White {}, Black {}, {}",
            a.white.as_str(),
            a.black.as_str(),
            match &g.winner {
                Some(w) => format!("won by {}", w.as_str()),
                None => "drawn, so Black wins (acwc III.H.6.i)".to_owned(),
            }
        ),
        _ => String::new(),
    };
    format!(
        "\nFinal (acwc III.H): {}{challenger} {} \u{2013} {} {} after {} games{armageddon}\n",
        f.first.as_str(),
        half(&f.first),
        half(&f.second),
        f.second.as_str(),
        f.games_played(),
    )
}

/// Points as a chess reader writes them: `5`, `2½`, `½`.
fn half_points(x: f64) -> String {
    half_points_text((x * 2.0).round().max(0.0) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_small_championship_has_a_champion_and_a_seed_repeats_it() {
        let out = acwc(8, 7, false, indicatif::ProgressBar::hidden())
            .await
            .unwrap();
        let champion = out
            .lines()
            .find_map(|l| l.strip_prefix("Champion: "))
            .unwrap_or_else(|| panic!("no champion in\n{out}"));
        assert!(champion.starts_with('p'), "{out}");
        // acwc III.F.2: at least 5 rounds for 6 Qualification players.
        assert!(
            out.contains("Qualification (acwc III.F): 5 rounds, 6 players"),
            "{out}"
        );
        // acwc III.C, III.D: of 8 entrants, the holder and the runner-up
        // skip the Qualification, so 6 play it.
        assert!(out.contains("Entries (acwc II): 8 entered"), "{out}");
        assert!(out.contains("  p001 holds the title and plays only the Final (acwc III.C)"));
        assert!(
            out.contains("  p002, last year's runner-up, starts in the Candidates (acwc III.D)")
        );
        assert!(out.contains("  6 play the Qualification"), "{out}");
        assert!(out.contains("Candidates (acwc III.G)"), "{out}");
        assert!(
            out.contains("Final (acwc III.H): p001 (the title holder) "),
            "acwc III.C: the holder plays the Final\n{out}"
        );
        // The same seed, the same championship (the timing line aside).
        let untimed = |t: &str| {
            t.lines()
                .filter(|l| !l.starts_with("commands: "))
                .collect::<Vec<_>>()
                .join("\n")
        };
        let again = acwc(8, 7, false, indicatif::ProgressBar::hidden())
            .await
            .unwrap();
        assert_eq!(untimed(&again), untimed(&out));
    }

    /// Every notice of a whole championship reaches its e-mail
    /// subscriber once; nothing fails and nothing repeats.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_whole_championship_is_notified_once() {
        let out = acwc(8, 7, true, indicatif::ProgressBar::hidden())
            .await
            .unwrap();
        let line = out
            .lines()
            .find(|l| l.starts_with("notifications: "))
            .unwrap_or_else(|| panic!("no notifications line in\n{out}"));
        let number = |after: &str| -> usize {
            line.split(", ")
                .find_map(|part| part.strip_suffix(after))
                .or_else(|| {
                    line.split(", ")
                        .find_map(|p| p.split_once(after).map(|(n, _)| n))
                })
                .and_then(|n| n.trim_start_matches("notifications: ").parse().ok())
                .unwrap_or_else(|| panic!("no '{after}' in {line}"))
        };
        assert!(number(" notices") > 8, "{line}");
        assert!(number(" e-mails written") > 8, "{line}");
        assert_eq!(number(" duplicates"), 0, "{line}");
        assert_eq!(number(" failed in "), 0, "{line}");
    }

    #[tokio::test]
    async fn too_few_players_cannot_fill_the_candidates() {
        assert!(acwc(5, 1, false, indicatif::ProgressBar::hidden())
            .await
            .unwrap_err()
            .contains("--players"));
    }
}
