//! The Antichess World Championship over HTTP with a fake clock, on both
//! stores: the 40-player story of the domain scenario
//! (`shared/domain/tests/acwc_championship.rs`) with every command sent as
//! JSON through the API. Players register with their Lichess account, whose
//! facts the `register` function fetches from a fake Lichess on 127.0.0.1;
//! the organizer enters the facts the public API cannot give (dated marks,
//! other accounts). Refused entries, a duplicate account, a second account, a
//! mark the API cannot date, a TD exception; the Qualification's first round
//! published by the weekly schedule, every round played, a withdrawal, a
//! no-show and a declared forfeit (two forfeits disqualify), an engine mark;
//! the Candidates; a Final that reaches Armageddon. Cheating reports stay
//! with the TD on every GET endpoint. A second test: schedules fired twice
//! or at once change the state once, and `POST /rounds` publishes a round.

use arbiter_domain::chess::acwc::testkit::{facts, settings_2019};
use arbiter_domain::chess::acwc::{Mark, MarkKind, Match, PlayerFacts};
use arbiter_domain::competition::UserId;
use arbiter_e2e::TestServer;
use arbiter_e2e::TestStore;
use arbiter_facts::{FactsSource, Lichess};
use axum::extract::{Path, RawQuery};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Duration, Utc};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::sync::Arc;

const ACWC: &str = "/v1/competitions/acwc-2019";
/// Put in a cheating report's details; no GET may show it to anyone but the TD.
const MARKER: &str = "VII-A-PRIVATE-7f3a9c";

fn at(s: &str) -> DateTime<Utc> {
    s.parse().unwrap()
}

fn u(s: &str) -> UserId {
    UserId::try_from(s).unwrap()
}

fn p(i: u32) -> String {
    format!("p{i:02}")
}

/// The seeding rating of player `i` (each account has one rating point,
/// 1 June 2019, so the rating at the rating date and the window's highest
/// are both this number: acwc III.E).
fn rating(i: u32) -> u32 {
    2600 - 15 * i + (7 * i) % 10
}

// ---------------------------------------------------------------- fake Lichess

/// `GET /api/user/{name}`: shapes as Lichess documents them. `acc1`..`acc30`
/// are 2018 accounts with 500 rated Antichess games (400 before the cutoff).
async fn lichess_user(Path(name): Path<String>) -> Response {
    // Lichess looks names up without case and answers the canonical spelling.
    let name = name.to_lowercase();
    let ms = |s: &str| at(s).timestamp_millis();
    let user = |created: &str, games: u32, flagged: bool| {
        let mut v = json!({
            "id": name, "username": name, "createdAt": ms(created),
            "seenAt": ms("2019-09-01T10:00:00Z"),
            "perfs": {
                "antichess": {"games": games, "rating": 2000, "rd": 60, "prog": 5},
                "blitz": {"games": 12, "rating": 1500, "rd": 200, "prog": 0, "prov": true}
            },
            "playTime": {"total": 3600, "tv": 0}
        });
        if flagged {
            v["tosViolation"] = json!(true);
        }
        axum::Json(v).into_response()
    };
    match name.as_str() {
        n if account_number(n).is_some() => user("2018-01-01T00:00:00Z", 500, false),
        "young" => user("2019-05-01T00:00:00Z", 300, false),
        "few" => user("2017-01-01T00:00:00Z", 40, false),
        "flagged" => user("2016-01-01T00:00:00Z", 800, true),
        _ => (
            StatusCode::NOT_FOUND,
            axum::Json(json!({"error": "Not found"})),
        )
            .into_response(),
    }
}

fn account_number(name: &str) -> Option<u32> {
    name.strip_prefix("acc")
        .and_then(|n| n.parse().ok())
        .filter(|n| (1..=30).contains(n))
}

/// `GET /api/user/{name}/rating-history`: `[year, month (0-based), day, rating]`.
async fn lichess_history(Path(name): Path<String>) -> Response {
    let points = match account_number(&name) {
        Some(i) => json!([[2019, 5, 1, rating(i)]]),
        None => json!([[2019, 5, 1, 1900]]),
    };
    axum::Json(json!([
        {"name": "Blitz", "points": [[2019, 0, 1, 1500]]},
        {"name": "Antichess", "points": points}
    ]))
    .into_response()
}

/// `GET /api/games/user/{name}` as NDJSON: 400 rated Antichess games before the cutoff.
async fn lichess_games(Path(_name): Path<String>, RawQuery(q): RawQuery) -> Response {
    let q = q.unwrap_or_default();
    let max: usize = q
        .split('&')
        .find_map(|kv| kv.strip_prefix("max="))
        .and_then(|m| m.parse().ok())
        .unwrap_or(400);
    let line = json!({"id": "g1", "rated": true, "variant": "antichess", "perf": "antichess"});
    let body: String = (0..max.min(400)).map(|_| format!("{line}\n")).collect();
    ([("content-type", "application/x-ndjson")], body).into_response()
}

async fn fake_lichess() -> Arc<dyn FactsSource> {
    use axum::routing::get;
    let app = axum::Router::new()
        .route("/api/user/{name}", get(lichess_user))
        .route("/api/user/{name}/rating-history", get(lichess_history))
        .route("/api/games/user/{name}", get(lichess_games));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    Arc::new(Lichess::new(format!("http://{addr}")))
}

// ---------------------------------------------------------------- the driver

struct Champ<'a, S> {
    s: &'a TestServer<S>,
    /// The competition's path, e.g. `/v1/competitions/acwc-2019`.
    path: String,
    now: DateTime<Utc>,
}

impl<S: TestStore> Champ<'_, S> {
    /// POSTs `body` to the competition's `sub` path as `who` at `self.now`.
    async fn post(&self, who: &str, sub: &str, body: Value) -> (u16, Value) {
        self.s.clock.set(self.now);
        let r = self
            .s
            .http
            .post(self.s.url(&format!("{}{sub}", self.path)))
            .bearer_auth(self.s.token(who, false))
            .json(&body)
            .send()
            .await
            .unwrap();
        (r.status().as_u16(), r.json().await.unwrap())
    }

    /// A kind action through `/actions`; must succeed. Answers the receipt's events.
    async fn act(&self, who: &str, body: Value) -> Vec<Value> {
        let (status, answer) = self.post(who, "/actions", body.clone()).await;
        assert_eq!(status, 200, "{who} {body} at {}: {answer}", self.now);
        answer["events"].as_array().unwrap().clone()
    }

    /// A registration; must succeed. Answers the receipt's events.
    async fn register(&self, who: &str, body: Value) -> Vec<Value> {
        let (status, answer) = self.post(who, "/registrations", body.clone()).await;
        assert_eq!(status, 200, "{who} registers {body}: {answer}");
        answer["events"].as_array().unwrap().clone()
    }

    /// A refused request: problem+json with a clause; nothing changes.
    /// Answers (status, clause).
    async fn refused(&self, who: &str, sub: &str, body: Value) -> (u16, String) {
        let before = self.version().await;
        let (status, answer) = self.post(who, sub, body).await;
        assert!(status >= 400, "refused: {answer}");
        assert_eq!(answer["status"], status, "problem+json: {answer}");
        assert_eq!(self.version().await, before, "a refusal changes nothing");
        (
            status,
            answer["clause"].as_str().unwrap_or_default().to_owned(),
        )
    }

    /// The competition's version (the number of commits).
    async fn version(&self) -> u64 {
        self.s.get(&self.path, &self.s.token("td", false)).await["version"]
            .as_u64()
            .unwrap()
    }

    /// The kind's view as `who` sees it.
    async fn view(&self, who: &str) -> Value {
        self.s.get(&self.path, &self.s.token(who, false)).await["game"].clone()
    }

    /// Runs schedule `name` at `self.now` through its function; answers
    /// how many competitions it changed.
    async fn fire(&self, name: &str) -> usize {
        fire(self.s, name, self.now).await
    }

    /// The last published round: (stage, number, published_at, matches).
    async fn last_round(&self) -> (String, u64, DateTime<Utc>, Vec<Match>) {
        let view = self.view("td").await;
        let r = view["rounds"].as_array().unwrap().last().unwrap().clone();
        (
            r["stage"].as_str().unwrap().to_owned(),
            r["round"].as_u64().unwrap(),
            r["published_at"].as_str().unwrap().parse().unwrap(),
            serde_json::from_value(r["matches"].clone()).unwrap(),
        )
    }

    async fn status(&self, player: &str) -> Value {
        let view = self.view("td").await;
        view["entrants"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["player"] == player)
            .unwrap_or_else(|| panic!("{player} has no entry"))["status"]
            .clone()
    }

    /// The whole audit log as `who` sees it, page by page, as raw text and entries.
    async fn log(&self, who: &str) -> (String, Vec<Value>) {
        let (mut text, mut entries, mut after) = (String::new(), vec![], 0);
        loop {
            let page = raw(
                self.s,
                &format!("{}/log?cursor={after}&limit=500", self.path),
                who,
            )
            .await;
            let v: Value = serde_json::from_str(&page).unwrap();
            let got = v["entries"].as_array().unwrap().clone();
            text.push_str(&page);
            let Some(last) = got.last() else { break };
            after = last["version"].as_u64().unwrap();
            entries.extend(got);
        }
        (text, entries)
    }

    /// Negotiates every open match of the last round (three offers by the
    /// first player, the second accepts the second offer), then the second
    /// reports a simulated score and the first confirms (acwc V, VI.G).
    async fn play_round(&mut self, rng: &mut ChaCha8Rng, skip: &[String]) {
        let (stage, _, published, matches) = self.last_round().await;
        let early = stage == "qualification";
        let open: Vec<&Match> = matches
            .iter()
            .filter(|m| !m.finished() && !skip.iter().any(|s| m.plays(&u(s))))
            .collect();
        self.now = published + Duration::hours(1);
        let base = published + Duration::days(1);
        for m in &open {
            for k in 0..3 {
                let t = base + Duration::hours(13 * k);
                self.act(
                    m.first.as_str(),
                    json!({"action": "offer-time", "match_id": m.id, "at": t}),
                )
                .await;
            }
            self.act(
                m.second.as_str(),
                json!({"action": "accept-offer", "match_id": m.id, "at": base + Duration::hours(13)}),
            )
            .await;
        }
        self.now = base + Duration::hours(15);
        for m in &open {
            let (a, b) = simulate(rng, early);
            self.act(
                m.second.as_str(),
                json!({"action": "report-result", "match_id": m.id, "first": a, "second": b}),
            )
            .await;
            self.act(
                m.first.as_str(),
                json!({"action": "confirm-result", "match_id": m.id}),
            )
            .await;
        }
    }
}

/// Runs schedule `name` at `now` through its function, as EventBridge would.
async fn fire<S: TestStore>(s: &TestServer<S>, name: &str, now: DateTime<Utc>) -> usize {
    s.clock.set(now);
    let function = arbiter_service::schedules::schedule(name).unwrap().function;
    let report = arbiter::server::fire(s.app.clone(), function, name)
        .await
        .unwrap();
    assert_eq!(report.failed, 0);
    report.changed
}

/// A GET's raw body as `who`.
async fn raw<S: TestStore>(s: &TestServer<S>, path: &str, who: &str) -> String {
    s.http
        .get(s.url(path))
        .bearer_auth(s.token(who, false))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

/// Plays a match game by game: the first wins 40%, draws 20%. In the
/// Qualification the players stop once one reaches 5.5 (acwc III.F.1).
fn simulate(rng: &mut ChaCha8Rng, early_stop: bool) -> (u32, u32) {
    let (mut a, mut b) = (0, 0);
    for _ in 0..10 {
        match rng.gen_range(0..100) {
            0..=39 => a += 2,
            40..=59 => {
                a += 1;
                b += 1
            }
            _ => b += 2,
        }
        if early_stop && (a >= 11 || b >= 11) {
            break;
        }
    }
    (a, b)
}

fn has_clause(events: &[Value], clause: &str) -> bool {
    events.iter().any(|e| e["clause"] == clause)
}

fn entered(player: &str, facts: PlayerFacts) -> Value {
    json!({"player": player, "facts": facts})
}

/// Creates a championship as `org` with `td` as its TD and the 2019 set-up,
/// qualification starting at `starts`.
async fn create<S: TestStore>(
    s: &TestServer<S>,
    id: &str,
    starts: DateTime<Utc>,
    holder: Option<&str>,
    runner_up: Option<&str>,
) {
    let org = s.token("org", true);
    let r = s
        .http
        .post(s.url("/v1/competitions"))
        .bearer_auth(&org)
        .json(&json!({"id": id, "kind": "acwc", "name": "ACWC 2019"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 201);
    let r = s
        .http
        .post(s.url(&format!("/v1/competitions/{id}/roles")))
        .bearer_auth(&org)
        .json(&json!({"user": "td", "role": "tournament-director"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    let mut settings = settings_2019();
    settings.qualification_starts = starts;
    settings.holder = holder.map(u);
    settings.runner_up = runner_up.map(u);
    let r = s
        .http
        .post(s.url(&format!("/v1/competitions/{id}/actions")))
        .bearer_auth(&org)
        .json(&json!({"action": "configure", "settings": settings}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
}

// ---------------------------------------------------------------- the story

async fn championship<S: TestStore>(s: TestServer<S>) {
    let mut rng = ChaCha8Rng::seed_from_u64(2019);
    s.clock.set(at("2019-09-02T10:00:00Z"));
    create(
        &s,
        "acwc-2019",
        at("2019-09-30T00:00:00Z"),
        Some("p01"),
        Some("p02"),
    )
    .await;
    let mut c = Champ {
        s: &s,
        path: ACWC.into(),
        now: at("2019-09-02T10:00:00Z"),
    };

    // ===== Registration (acwc I.D, II) =====
    // p01..p30 register with their Lichess accounts; the facts come from Lichess.
    for i in 1..=30 {
        let events = c
            .register(&p(i), json!({"account": format!("acc{i}")}))
            .await;
        assert!(has_clause(&events, "acwc II.A"), "acwc II.A: {events:?}");
    }
    // p31..p40: the organizer enters them with facts.
    for i in 31..=40 {
        c.register("org", entered(&p(i), facts(&format!("acc{i}"), rating(i))))
            .await;
    }
    // acwc III.E: the seeding rating from Lichess's history: the 1 June 2019
    // point is both the rating held at 1 Sep 2019 and the window's highest.
    let view = c.view("p03").await;
    let p05 = view["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["player"] == "p05")
        .unwrap()
        .clone();
    assert_eq!(p05["account"], "acc5");
    assert_eq!(p05["seeding_rating"], json!(f64::from(2600 - 75 + 5)));
    // Refused entries name their clause and change nothing.
    assert_eq!(
        c.refused("young", "/registrations", json!({"account": "young"}))
            .await,
        (422, "acwc II.A.1".into()),
        "acwc II.A.1: created 1 May 2019"
    );
    assert_eq!(
        c.refused("few", "/registrations", json!({"account": "few"}))
            .await,
        (422, "acwc II.A.2".into()),
        "acwc II.A.2: 40 rated games"
    );
    assert_eq!(
        c.refused("ghost", "/registrations", json!({"account": "ghost"}))
            .await,
        (422, "acwc II.A".into()),
        "acwc II.A: Lichess knows no such account"
    );
    assert_eq!(
        c.refused("td", "/registrations", json!({"account": "acc20"}))
            .await,
        (403, "acwc I.D".into()),
        "acwc I.D: the TD does not take part"
    );
    let mut marked = facts("marked", 2000);
    marked.marks.push(Mark {
        kind: MarkKind::Engine,
        at: at("2018-04-01T00:00:00Z"),
    });
    assert_eq!(
        c.refused("org", "/registrations", entered("marked", marked))
            .await,
        (422, "acwc II.C.1".into()),
        "acwc II.C.1: marked after 1 Sep 2017"
    );
    // The same account twice (Lichess names ignore case).
    assert_eq!(
        c.refused("dup", "/registrations", json!({"account": "ACC5"}))
            .await
            .0,
        409
    );
    // Players never supply their own facts; /actions does not register.
    assert_eq!(
        c.refused(
            "cheeky",
            "/registrations",
            json!({"facts": facts("cheeky", 2900)})
        )
        .await
        .0,
        400
    );
    assert_eq!(
        c.refused(
            "cheeky",
            "/actions",
            json!({"action": "register", "facts": facts("cheeky", 2900)})
        )
        .await
        .0,
        400
    );
    assert_eq!(
        c.refused(
            "p03",
            "/registrations",
            entered("p41", facts("acc41", 2000))
        )
        .await,
        (403, "acwc II".into()),
        "acwc II: only the organizer enters another player"
    );
    // acwc II.C.2: Lichess flags the account but cannot say what or when: the TD reviews.
    let events = c.register("flag", json!({"account": "flagged"})).await;
    assert!(has_clause(&events, "acwc II.C.2"), "{events:?}");
    assert!(
        !c.view("p03").await["entrants"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["player"] == "flag"),
        "acwc II.C.2: the review queue is the TD's"
    );
    c.act(
        "td",
        json!({"action": "review-entry", "user": "flag", "admit": false, "reason": "marked in 2019 per Lichess moderators"}),
    )
    .await;
    assert_eq!(c.status("flag").await["status"], "denied");
    // acwc II.C.4: a second account (entered: the public API cannot link accounts).
    let mut alt = facts("acc17-alt", 2300);
    alt.other_accounts.push("acc17".into());
    let events = c.register("org", entered("alt", alt)).await;
    assert!(has_clause(&events, "acwc II.C.4"), "{events:?}");
    assert_eq!(
        c.status("p17").await,
        json!({"status": "disqualified", "reason": {"ground": "second-account"}})
    );
    // acwc II.B: the TD's exception for "few".
    c.act(
        "td",
        json!({"action": "grant-exception", "user": "few", "reason": "long-time Antichess streamer"}),
    )
    .await;
    c.register("few", json!({"account": "few"})).await;
    let view = c.view("td").await;
    let admitted = view["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["status"]["status"] == "admitted")
        .count();
    assert_eq!(admitted, 40, "40 of p01..p40, without p17, with few");

    // ===== Qualification (acwc III.F, IV) =====
    // Nothing is due before Monday 30 September 00:00 (acwc IV.D).
    c.now = at("2019-09-29T12:00:00Z");
    assert_eq!(c.refused("td", "/rounds", json!({})).await.0, 409);
    c.now = at("2019-09-30T00:00:00Z");
    assert_eq!(c.fire("weekly-round-publication").await, 1);
    assert_eq!(
        c.fire("weekly-round-publication").await,
        0,
        "a second firing changes nothing"
    );
    assert_eq!(c.fire("round-deadline-sweep").await, 0);
    let view = c.view("p03").await;
    assert_eq!(view["stage"], "qualification");
    // acwc III.C–D, III.F.2: 38 players (not the holder and runner-up): 6 rounds.
    assert_eq!(view["qualification"]["rounds"], 6);
    let (_, n, published, matches) = c.last_round().await;
    assert_eq!((n, published), (1, at("2019-09-30T00:00:00Z")));
    assert_eq!(matches.len(), 19);
    assert!(!matches
        .iter()
        .any(|m| m.plays(&u("p01")) || m.plays(&u("p02"))));

    let mut forfeiter: Option<UserId> = None;
    for round in 1..=6 {
        let (stage, n, published, matches) = c.last_round().await;
        assert_eq!((stage.as_str(), n), ("qualification", round));
        let mut skip = vec![];
        match round {
            2 => {
                // acwc VIII.A.1: a withdrawal gives the opponent the match.
                let m = &matches[3];
                c.now = published + Duration::minutes(30);
                let events = c
                    .act(m.second.as_str(), json!({"action": "withdraw"}))
                    .await;
                assert!(has_clause(&events, "acwc VIII"), "{events:?}");
                let (_, _, _, after) = c.last_round().await;
                assert_eq!(after[3].winner(), Some(&m.first), "acwc VIII.A.1");
            }
            3 => {
                // acwc VI.D: a no-show: the first forfeit of the forfeiter.
                let m = &matches[5];
                forfeiter = Some(m.second.clone());
                let t = published + Duration::days(1);
                c.now = published + Duration::hours(1);
                c.act(
                    m.first.as_str(),
                    json!({"action": "offer-time", "match_id": m.id, "at": t}),
                )
                .await;
                c.act(
                    m.second.as_str(),
                    json!({"action": "accept-offer", "match_id": m.id, "at": t}),
                )
                .await;
                c.now = t + Duration::minutes(10);
                c.act(
                    m.first.as_str(),
                    json!({"action": "claim-no-show", "match_id": m.id, "choice": "claim-win"}),
                )
                .await;
                skip.push(m.second.as_str().to_owned());
            }
            4 => {
                // acwc VI.B, VI.F: the second forfeit disqualifies.
                let f = forfeiter.clone().unwrap();
                let m = matches.iter().find(|m| m.plays(&f)).unwrap();
                c.now = published + Duration::hours(2);
                let events = c
                    .act(
                        "td",
                        json!({"action": "declare-forfeit", "match_id": m.id, "loser": f, "reason": "refused the rematch"}),
                    )
                    .await;
                assert!(has_clause(&events, "acwc VI.F"), "acwc VI.F: {events:?}");
                assert_eq!(
                    c.status(f.as_str()).await,
                    json!({"status": "disqualified", "reason": {"ground": "two-forfeits"}})
                );
            }
            5 => {
                // acwc VII.C, VIII.A.2: an engine mark for other games after round 5.
                c.play_round(&mut rng, &[]).await;
                let view = c.view("td").await;
                let round5: Vec<Match> =
                    serde_json::from_value(view["rounds"][4]["matches"].clone()).unwrap();
                let cheat = round5
                    .iter()
                    .find_map(|m| m.winner().cloned())
                    .expect("someone won in round 5");
                let events = c
                    .act(
                        "td",
                        json!({"action": "record-mark", "player": cheat, "mark": {"kind": "engine", "at": c.now}}),
                    )
                    .await;
                assert!(has_clause(&events, "acwc VIII.A.2"), "{events:?}");
                let view = c.view("td").await;
                for r in view["rounds"].as_array().unwrap() {
                    let ms: Vec<Match> = serde_json::from_value(r["matches"].clone()).unwrap();
                    for m in ms.iter().filter(|m| m.plays(&cheat)) {
                        assert_ne!(
                            m.winner(),
                            Some(&cheat),
                            "acwc VIII.A.2: {} still won by the cheater",
                            m.id
                        );
                    }
                }
                continue;
            }
            _ => {}
        }
        c.play_round(&mut rng, &skip).await;
    }
    let view = c.view("p03").await;
    assert_eq!(view["stage"], "candidates", "the Qualification is over");
    // acwc III.F.3: points, then the sum of the opponents' seeds.
    let standings = view["qualification"]["standings"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(standings.len(), 38);
    for pair in standings.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        let (pa, pb) = (a["points"].as_f64().unwrap(), b["points"].as_f64().unwrap());
        assert!(
            pa > pb
                || (pa == pb
                    && a["opponents_seeds"].as_f64().unwrap()
                        >= b["opponents_seeds"].as_f64().unwrap()),
            "acwc III.F.3: {a} before {b}"
        );
    }
    // The standings resource: the same rows, 10 a page (38: 10, 10, 10, 8),
    // each with the clause that ranked it above the next one.
    let mut rows = Vec::new();
    let mut path = format!("{}/standings?stage=qualification&limit=10", c.path);
    loop {
        let page: Value = serde_json::from_str(&raw(c.s, &path, "p03").await).unwrap();
        rows.extend(page["items"].as_array().unwrap().iter().cloned());
        match page["next_cursor"].as_str() {
            Some(next) => {
                path = format!(
                    "{}/standings?stage=qualification&limit=10&cursor={next}",
                    c.path
                )
            }
            None => break,
        }
    }
    assert_eq!(rows.len(), 38);
    for (i, (row, seen)) in rows.iter().zip(&standings).enumerate() {
        assert_eq!(row["player"], seen["player"]);
        let next = standings.get(i + 1);
        let expected = match next {
            None => Value::Null,
            Some(n) if n["points"] != seen["points"] => json!("acwc III.F.1"),
            Some(n) if n["opponents_seeds"] != seen["opponents_seeds"] => json!("acwc III.F.3"),
            Some(_) => row["decided_by"].clone(),
        };
        assert_eq!(row["decided_by"], expected, "{row}");
    }
    let rounds: Value =
        serde_json::from_str(&raw(c.s, &format!("{}/rounds?limit=500", c.path), "p03").await)
            .unwrap();
    let first = &rounds["items"][0];
    assert_eq!(first["stage"], "qualification");
    let pairings: Value = serde_json::from_str(
        &raw(c.s, &format!("{}/pairings/qualification-1", c.path), "p03").await,
    )
    .unwrap();
    assert_eq!(pairings["deadline"], first["deadline"], "acwc IV.F");
    let match_id = pairings["items"][0]["id"].as_str().unwrap().to_owned();
    let one: Value =
        serde_json::from_str(&raw(c.s, &format!("{}/matches/{match_id}", c.path), "p03").await)
            .unwrap();
    assert_eq!(one, pairings["items"][0]);
    let trf = raw(c.s, &format!("{}/trf", c.path), "p03").await;
    assert!(trf.starts_with("012 "), "{trf}");
    // acwc VII.A: no resource shows the TD's cheating reports.
    for resource in ["standings", "rounds", "pairings/qualification-1"] {
        let body = raw(c.s, &format!("{}/{resource}", c.path), "p03").await;
        assert!(!body.contains("cheating_reports"), "{resource}: {body}");
    }
    // acwc III.D, III.F.3: the runner-up and the best three active players.
    let qualifiers: Vec<Value> = standings
        .iter()
        .filter(|r| r["active"] == true)
        .take(3)
        .map(|r| r["player"].clone())
        .collect();
    let seats = view["candidates"]["seats"].as_array().unwrap().clone();
    assert_eq!(seats.len(), 4);
    assert!(seats.contains(&json!("p02")), "acwc III.D");
    for q in &qualifiers {
        assert!(seats.contains(q), "acwc III.F.3: {q} qualified");
    }

    // ===== Candidates (acwc III.G) =====
    for round in 1..=3 {
        let (stage, n, _, matches) = c.last_round().await;
        assert_eq!((stage.as_str(), n), ("candidates", round));
        assert_eq!(matches.len(), 2, "four Candidates, two matches a round");
        c.play_round(&mut rng, &[]).await;
    }
    let view = c.view("p03").await;
    assert_eq!(view["stage"], "final");
    let table = view["candidates"]["standings"].as_array().unwrap().clone();
    let challenger = table[0]["player"].as_str().unwrap().to_owned();
    assert_eq!(view["final"]["first"], "p01", "acwc III.C: the holder");
    assert_eq!(
        view["final"]["second"], challenger,
        "acwc III.G: the winner"
    );

    // ===== The Final (acwc III.H): every pair of games split, so Armageddon =====
    c.now += Duration::days(3);
    for pair in 0..15u32 {
        let order = if rng.gen_bool(0.5) {
            ["p01".to_owned(), challenger.clone()]
        } else {
            [challenger.clone(), "p01".to_owned()]
        };
        for (k, winner) in order.iter().enumerate() {
            let game = pair * 2 + k as u32 + 1;
            let (reporter, confirmer) = if game.is_multiple_of(2) {
                ("p01", challenger.as_str())
            } else {
                (challenger.as_str(), "p01")
            };
            c.act(
                reporter,
                json!({"action": "report-final-game", "game": game, "winner": winner}),
            )
            .await;
            c.act(
                confirmer,
                json!({"action": "confirm-result", "match_id": "final"}),
            )
            .await;
        }
        c.now += Duration::hours(1);
    }
    // 15-15 after 30 games: no winner by III.H.1–5, so Armageddon (III.H.6).
    let f = c.view("p03").await["final"].clone();
    assert_eq!(f["games_played"], 30);
    assert_eq!(f["phase"]["phase"], "armageddon-bidding", "acwc III.H.6");
    c.act("p01", json!({"action": "bid-for-white", "seconds": 100}))
        .await;
    // acwc III.H.6.ii: the bid stays sealed from the opponent until both are in.
    let sealed = c.view(&challenger).await["final"]["bids"].clone();
    assert_eq!(sealed, json!([{"player": "p01", "seconds": null}]));
    let events = c
        .act(
            &challenger,
            json!({"action": "bid-for-white", "seconds": 120}),
        )
        .await;
    assert!(has_clause(&events, "acwc III.H.6.ii"), "{events:?}");
    // The lower offer (100 s) plays White; the challenger has Black and draw odds.
    let a = c.view("p03").await["final"]["armageddon"].clone();
    assert_eq!(
        (a["white"].clone(), a["black"].clone()),
        (json!("p01"), json!(challenger))
    );
    c.act(
        "p01",
        json!({"action": "report-final-game", "game": 31, "winner": null}),
    )
    .await;
    c.act(
        &challenger,
        json!({"action": "confirm-result", "match_id": "final"}),
    )
    .await;
    // acwc III.H.6.i: a drawn Armageddon: Black is champion.
    let view = c.view("p03").await;
    assert_eq!(view["champion"], json!(challenger), "acwc III.H.6.i");
    assert_eq!(view["stage"], "finished");
    assert_eq!(view["final"]["decided"], true);

    // ===== The audit log =====
    let (_, entries) = c.log("org").await;
    let versions: Vec<u64> = entries
        .iter()
        .map(|e| e["version"].as_u64().unwrap())
        .collect();
    assert_eq!(
        versions,
        (1..=versions.len() as u64).collect::<Vec<_>>(),
        "no gaps"
    );
    assert_eq!(versions.len() as u64, c.version().await);
    let publication = entries
        .iter()
        .find(|e| {
            e["events"]
                .as_array()
                .unwrap()
                .iter()
                .any(|r| r["event"] == "qualification-started")
        })
        .unwrap();
    assert_eq!(
        publication["actor"],
        json!({"schedule": "weekly-round-publication"}),
        "acwc IV.D: the weekly schedule published round 1"
    );
    let clauses: Vec<&str> = entries
        .iter()
        .flat_map(|e| e["events"].as_array().unwrap())
        .filter_map(|r| r["clause"].as_str())
        .collect();
    for clause in [
        "acwc II.A",
        "acwc II.C.2",
        "acwc II.C.4",
        "acwc III.F.4",
        "acwc VIII",
        "acwc VI.F",
        "acwc VIII.A.2",
        "acwc III.H.6.ii",
        "acwc III.H",
    ] {
        assert!(clauses.contains(&clause), "the log cites {clause}");
    }
    // After the Final nothing is left for any schedule.
    c.now += Duration::days(7);
    for schedule in [
        "weekly-round-publication",
        "round-deadline-sweep",
        "deadline-sweep",
    ] {
        assert_eq!(c.fire(schedule).await, 0, "{schedule} after the Final");
    }

    // ===== acwc VII.A: a cheating report is the TD's alone =====
    let active: Vec<String> = view["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["status"]["status"] == "admitted")
        .map(|e| e["player"].as_str().unwrap().to_owned())
        .collect();
    let (reporter, accused) = (active[2].clone(), active[3].clone());
    c.act(
        &reporter,
        json!({"action": "report-cheating", "accused": accused, "details": format!("suspicious speed {MARKER}")}),
    )
    .await;
    let gets = [
        ACWC.to_owned(),
        format!("{ACWC}/rules"),
        "/v1/competitions".to_owned(),
    ];
    for who in [
        reporter.as_str(),
        accused.as_str(),
        "p03",
        "org",
        "outsider",
    ] {
        for path in &gets {
            let body = raw(c.s, path, who).await;
            assert!(
                !body.contains(MARKER),
                "acwc VII.A: GET {path} as {who} shows the report"
            );
        }
        let (log, entries) = c.log(who).await;
        assert!(
            !log.contains(MARKER),
            "acwc VII.A: the log shows {who} the report"
        );
        // Nor who accused, nor when: the report's commit is the last one.
        let last = entries.last().unwrap();
        if who == reporter {
            assert_eq!(last["actor"]["user"], reporter.as_str(), "{last}");
        } else {
            assert_eq!(
                *last,
                json!({"version": last["version"], "actor": null, "command": "withheld", "events": []}),
                "acwc VII.A: {who} learns who accused and when"
            );
        }
    }
    assert!(
        raw(c.s, ACWC, "td").await.contains(MARKER),
        "the TD sees the report"
    );
    assert!(c.log("td").await.0.contains(MARKER), "the TD's log has it");
}

// ---------------------------------------------------------------- schedules

/// Four players entered by the organizer into championship `id`.
async fn four_players<S: TestStore>(s: &TestServer<S>, id: &str, starts: DateTime<Utc>) {
    s.clock.set(at("2019-09-02T10:00:00Z"));
    create(s, id, starts, None, None).await;
    let c = Champ {
        s,
        path: format!("/v1/competitions/{id}"),
        now: at("2019-09-02T10:00:00Z"),
    };
    for i in 1..=4 {
        c.register(
            "org",
            entered(&p(i), facts(&format!("{id}-acc{i}"), rating(i))),
        )
        .await;
    }
}

/// The commits of `id` that published a round.
async fn publications<S: TestStore>(s: &TestServer<S>, id: &str) -> usize {
    let log: Value = s
        .get(
            &format!("/v1/competitions/{id}/log?limit=500"),
            &s.token("org", false),
        )
        .await;
    log["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| {
            e["events"]
                .as_array()
                .unwrap()
                .iter()
                .any(|r| r["event"] == "round-published")
        })
        .count()
}

async fn schedules_change_the_state_once<S: TestStore>(s: TestServer<S>) {
    let monday = |d: &str| at(&format!("2019-{d}T00:00:00Z"));
    // A: fired twice in a row; B: fired twice at once; C: published by POST /rounds.
    four_players(&s, "acwc-a", monday("09-30")).await;
    four_players(&s, "acwc-b", monday("10-07")).await;
    four_players(&s, "acwc-c", monday("10-14")).await;

    assert_eq!(
        fire(&s, "weekly-round-publication", monday("09-30")).await,
        1
    );
    assert_eq!(
        fire(&s, "weekly-round-publication", monday("09-30")).await,
        0
    );
    assert_eq!(
        publications(&s, "acwc-a").await,
        1,
        "acwc IV.D: A published once"
    );

    // Two firings at once: one appends, the other finds nothing left to do.
    let version = |id: &'static str| {
        let s = &s;
        async move {
            s.get(&format!("/v1/competitions/{id}"), &s.token("org", false))
                .await["version"]
                .as_u64()
                .unwrap()
        }
    };
    let before = version("acwc-b").await;
    s.clock.set(monday("10-07"));
    let (x, y) = tokio::join!(
        arbiter::server::fire(s.app.clone(), "pair-round", "weekly-round-publication"),
        arbiter::server::fire(s.app.clone(), "pair-round", "weekly-round-publication"),
    );
    let (x, y) = (x.unwrap(), y.unwrap());
    assert_eq!((x.failed, y.failed), (0, 0));
    assert_eq!(
        publications(&s, "acwc-b").await,
        1,
        "acwc IV.D: B published once"
    );
    assert_eq!(version("acwc-b").await, before + 1, "one commit for B");

    // C: the TD publishes at Monday 00:00 through POST /rounds before any schedule runs.
    let c = Champ {
        s: &s,
        path: "/v1/competitions/acwc-c".into(),
        now: monday("10-14"),
    };
    let (status, receipt) = c.post("td", "/rounds", json!({})).await;
    assert_eq!(status, 200, "{receipt}");
    let events = receipt["events"].as_array().unwrap();
    assert!(has_clause(events, "acwc III.F.4"), "{events:?}");
    let (_, n, published, matches) = c.last_round().await;
    assert_eq!((n, published, matches.len()), (1, monday("10-14"), 2));
    // acwc III.F.4: Monrad pairs the highest-ranked with the closest: p01-p02, p03-p04.
    let pairs: Vec<(String, String)> = matches
        .iter()
        .map(|m| {
            let mut v = [m.first.as_str().to_owned(), m.second.as_str().to_owned()];
            v.sort();
            (v[0].clone(), v[1].clone())
        })
        .collect();
    assert_eq!(
        pairs,
        vec![("p01".into(), "p02".into()), ("p03".into(), "p04".into())]
    );
    fire(c.s, "weekly-round-publication", monday("10-14")).await;
    assert_eq!(
        publications(c.s, "acwc-c").await,
        1,
        "the schedule adds nothing"
    );
    assert_eq!(
        c.refused("td", "/rounds", json!({})).await.0,
        409,
        "acwc IV.E: no round is due while round 1 is played"
    );
    assert_eq!(
        c.refused("p01", "/rounds", json!({})).await,
        (403, "acwc I.C".into())
    );
}

// ---------------------------------------------------------------- on both stores

mod championship_over_http {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn embedded() {
        let lichess = super::fake_lichess().await;
        super::championship(arbiter_e2e::embedded_with(Some(lichess)).await).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn dynamo() {
        let lichess = super::fake_lichess().await;
        if let Some(s) = arbiter_e2e::dynamo_with(Some(lichess)).await {
            super::championship(s).await;
        }
    }
}

arbiter_e2e::on_both_stores!(
    acwc_iv_d_schedules_change_the_state_once,
    super::schedules_change_the_state_once
);

// ---------------------------------------------------------------- from the app

/// acwc II: a player enters from the browser app with their Lichess account
/// alone; the edge fetches the facts, the rules decide, and the desk no
/// longer offers the entry.
async fn a_player_enters_from_the_app<S: TestStore>(s: TestServer<S>) {
    use arbiter_e2e::form_browser::Browser;
    s.clock.set(at("2019-09-02T10:00:00Z"));
    create(&s, "acwc-app", at("2019-09-30T00:00:00Z"), None, None).await;
    let org = s.token("org", true);
    let r = s
        .http
        .post(s.url("/v1/competitions/acwc-app/public"))
        .bearer_auth(&org)
        .json(&json!({"public": true}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let mut b = Browser::new(&s);
    assert_eq!(b.dev_sign_in(&p(7), false).await.status, 303);
    let desk = b.get("/app/c/acwc-app").await.body;
    assert!(desk.contains("Enter with your Lichess account"), "{desk}");
    let csrf = b.csrf("/app/c/acwc-app").await;
    let sent = b
        .post(
            "/app/c/acwc-app",
            &[
                ("csrf", &csrf),
                ("_act", "register"),
                ("_slot", "act"),
                ("_key", "k1"),
                ("account", "acc7"),
            ],
        )
        .await;
    assert_eq!(sent.status, 303, "{}", sent.body);
    let after = b.get("/app/c/acwc-app").await.body;
    assert!(
        !after.contains("Enter with your Lichess account"),
        "entered once"
    );
    let entrants = s.get("/v1/competitions/acwc-app", &org).await["game"]["entrants"].clone();
    assert!(entrants.to_string().contains("acc7"), "{entrants}");
}

mod entry_from_the_app {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn embedded() {
        let lichess = super::fake_lichess().await;
        super::a_player_enters_from_the_app(arbiter_e2e::embedded_with(Some(lichess)).await).await;
    }
}
