//! A Nomic game over HTTP with a fake clock, on both stores: five
//! players, several circuits, proper and improper proposals (wrong day,
//! after 19:00 across the change to summer time, second of the day,
//! weekend), votes and late votes, the switch to simple majority after two
//! circuits, the +10 for dissenters, an amendment renumbering a rule and its
//! references, a transmutation needing unanimity, a disputed and overruled
//! Judgement, and a player reaching 200. Schedules run through their
//! functions, as EventBridge would run them. Expected points are worked out
//! by hand in the comments (the same story as the domain's scenario test).

use arbiter_e2e::TestStore;
use arbiter_e2e::{on_both_stores, TestServer};
use chrono::{DateTime, Days, NaiveDate, NaiveTime, TimeZone, Utc};
use serde_json::{json, Value};

const SEED: &str = include_str!("../../shared/domain/src/nomic/initial-rules.json");
const PLAYERS: [(&str, &str); 5] = [
    ("chris", "monday"),
    ("dave", "tuesday"),
    ("ben", "wednesday"),
    ("alext", "thursday"),
    ("alexw", "friday"),
];
const ALL: [&str; 5] = ["chris", "dave", "ben", "alext", "alexw"];
const GAME: &str = "/v1/competitions/nomic-2026";

/// `h:m` UK time on `date`, as UTC (nomic 106).
fn uk(date: NaiveDate, h: u32, m: u32) -> DateTime<Utc> {
    chrono_tz::Europe::London
        .from_local_datetime(&date.and_time(NaiveTime::from_hms_opt(h, m, 0).unwrap()))
        .unwrap()
        .with_timezone(&Utc)
}

struct Game<S> {
    s: TestServer<S>,
}

impl<S: TestStore> Game<S> {
    /// POSTs `body` to `path` as `who` at `now`; the status and the answer.
    async fn post(&self, who: &str, now: DateTime<Utc>, path: &str, body: Value) -> (u16, Value) {
        self.s.clock.set(now);
        let r = self
            .s
            .http
            .post(self.s.url(&format!("{GAME}{path}")))
            .bearer_auth(self.s.token(who, false))
            .json(&body)
            .send()
            .await
            .unwrap();
        (r.status().as_u16(), r.json().await.unwrap())
    }

    async fn act(&self, who: &str, now: DateTime<Utc>, body: Value) -> Value {
        let (status, answer) = self.post(who, now, "/actions", body.clone()).await;
        assert_eq!(status, 200, "{who} {body} at {now}: {answer}");
        answer
    }

    /// A refused action: 422 problem+json; answers the clause.
    async fn refused(&self, who: &str, now: DateTime<Utc>, path: &str, body: Value) -> String {
        let (status, answer) = self.post(who, now, path, body).await;
        assert_eq!(status, 422, "{answer}");
        assert_eq!(answer["type"], "/problems/rule-refused");
        answer["clause"].as_str().unwrap().to_owned()
    }

    async fn propose(&self, who: &str, now: DateTime<Utc>, change: Value) -> u64 {
        let receipt = self
            .act(who, now, json!({"action": "propose", "change": change}))
            .await;
        let submitted = receipt["events"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["event"] == "proposal-submitted")
            .unwrap_or_else(|| panic!("no proposal in {receipt}"));
        submitted["proposal"]["number"]
            .as_u64()
            .or(submitted["number"].as_u64())
            .unwrap()
    }

    async fn vote(&self, who: &[&str], now: DateTime<Utc>, proposal: u64, vote: &str) {
        for w in who {
            let (status, answer) = self
                .post(
                    w,
                    now,
                    "/votes",
                    json!({"proposal": proposal, "vote": vote}),
                )
                .await;
            assert_eq!(status, 200, "{w} votes {vote} on {proposal}: {answer}");
        }
    }

    /// Runs a schedule at `now` through its function.
    async fn schedule(&self, name: &str, now: DateTime<Utc>) -> arbiter_service::SweepReport {
        self.s.clock.set(now);
        let function = arbiter_service::schedules::schedule(name).unwrap().function;
        let report = arbiter::server::fire(self.s.app.clone(), function, name)
            .await
            .unwrap();
        assert_eq!(report.failed, 0);
        report
    }

    async fn view(&self) -> Value {
        self.s.get(GAME, &self.s.token("chris", false)).await["game"].clone()
    }

    async fn points(&self, who: &str) -> i64 {
        let game = self.view().await;
        game["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["player"] == who)
            .unwrap()["points"]
            .as_i64()
            .unwrap()
    }

    async fn status(&self, proposal: u64) -> String {
        let game = self.view().await;
        let p = game["proposals"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["number"] == proposal)
            .unwrap()
            .clone();
        p["status"].as_str().unwrap().to_owned()
    }
}

fn amend(rule: u64, text: &str) -> Value {
    json!({"op": "amend", "rule": rule, "text": [text]})
}

async fn nomic_game<S: TestStore>(s: TestServer<S>) {
    let g = Game { s };
    let setup: DateTime<Utc> = "2026-03-14T10:00:00Z".parse().unwrap();
    g.s.clock.set(setup);
    let org = g.s.token("org", true);
    let r =
        g.s.http
            .post(g.s.url("/v1/competitions"))
            .bearer_auth(&org)
            .json(&json!({"id": "nomic-2026", "kind": "nomic", "name": "Nomic 2026"}))
            .send()
            .await
            .unwrap();
    assert_eq!(r.status(), 201);
    let seed: Value = serde_json::from_str(SEED).unwrap();
    g.act(
        "org",
        setup,
        json!({"action": "import-rules", "rules": seed}),
    )
    .await;
    // The rule book exports back to the seed (same structure and values).
    let exported: Value = g.s.get(&format!("{GAME}/rules"), &org).await;
    assert_eq!(exported, seed);
    for (p, day) in PLAYERS {
        let (status, answer) = g
            .post(
                "org",
                setup,
                "/registrations",
                json!({"player": p, "day": day}),
            )
            .await;
        assert_eq!(status, 200, "{answer}");
    }
    // A vote is not an action of /actions: it has its own route.
    let (status, _) = g
        .post(
            "chris",
            setup,
            "/actions",
            json!({"action": "record-vote", "proposal": 301, "vote": "yes"}),
        )
        .await;
    assert_eq!(status, 400);
    g.act(
        "org",
        "2026-03-15T12:00:00Z".parse().unwrap(),
        json!({"action": "begin"}),
    )
    .await;
    // Seated players hold the player role and find the game among theirs.
    let mine: Value = g.s.get("/v1/competitions", &g.s.token("ben", false)).await;
    assert_eq!(mine["competitions"], json!(["nomic-2026"]));

    // ---- Circuit 1 (GMT) ----
    let mon = NaiveDate::from_ymd_opt(2026, 3, 16).unwrap();
    assert_eq!(
        g.refused(
            "dave",
            uk(mon, 10, 0),
            "/actions",
            json!({"action": "propose", "change": amend(212, "x")})
        )
        .await,
        "nomic 202",
        "not dave's day"
    );
    let p301 = g.propose("chris", uk(mon, 18, 30), amend(206, "An adopted rule-change takes full effect at the moment of the completion of the vote that adopted it.")).await;
    assert_eq!(p301, 301, "nomic 109: numbers start at 301");
    g.vote(&ALL, uk(mon, 20, 0), p301, "yes").await;
    let tue = mon + Days::new(1);
    g.schedule("nomic-end-of-day", uk(tue, 0, 0)).await;
    // nomic 203: R = 215, 10 * 5 / 5 = 10.
    assert_eq!(g.points("chris").await, 10);
    // nomic 109-110: 206 became 301 and 214's reference followed.
    let rules = g.view().await["rules"].clone();
    let texts = rules.to_string();
    assert!(texts.contains("This has precedence over Rule 301."));
    assert!(!rules["rules"]
        .as_object()
        .unwrap()
        .values()
        .any(|r| r["label"] == "206"));

    let p302 = g
        .propose(
            "dave",
            uk(tue, 9, 0),
            json!({"op": "enact", "text": ["Players greet each other."]}),
        )
        .await;
    assert_eq!(
        g.refused(
            "dave",
            uk(tue, 9, 30),
            "/actions",
            json!({"action": "propose", "change": amend(212, "y")})
        )
        .await,
        "nomic 202",
        "second of the day"
    );
    g.vote(
        &["chris", "dave", "alext", "alexw"],
        uk(tue, 10, 0),
        p302,
        "yes",
    )
    .await;
    g.vote(&["ben"], uk(tue, 10, 0), p302, "no").await;
    let wed = tue + Days::new(1);
    assert_eq!(
        g.refused(
            "alexw",
            uk(wed, 0, 10),
            "/votes",
            json!({"proposal": p302, "vote": "no"})
        )
        .await,
        "nomic 113",
        "late vote"
    );
    g.schedule("nomic-end-of-day", uk(wed, 0, 0)).await;
    // nomic 204 unanimity fails; 203: R = 301, 11 * 4 / 5 = 8; 207: -10.
    assert_eq!(g.status(p302).await, "defeated");
    assert_eq!(g.points("dave").await, -2);

    // nomic 111: a transmutation with one abstention is defeated...
    let p303 = g
        .propose(
            "ben",
            uk(wed, 9, 0),
            json!({"op": "transmute", "rule": 115}),
        )
        .await;
    g.vote(
        &["chris", "dave", "ben", "alexw"],
        uk(wed, 10, 0),
        p303,
        "yes",
    )
    .await;
    let thu = wed + Days::new(1);
    g.schedule("nomic-end-of-day", uk(thu, 0, 0)).await;
    assert_eq!(g.status(p303).await, "defeated");
    assert_eq!(g.points("ben").await, 1, "203: 11 * 4 / 4 = 11; 207: -10");
    // ...and with all five it passes.
    let p304 = g
        .propose(
            "alext",
            uk(thu, 9, 0),
            json!({"op": "transmute", "rule": 115}),
        )
        .await;
    g.vote(&ALL, uk(thu, 10, 0), p304, "yes").await;
    let fri = thu + Days::new(1);
    g.schedule("nomic-end-of-day", uk(fri, 0, 0)).await;
    assert_eq!(g.points("alext").await, 11);

    // nomic 214: a disputed Judgement, overruled, passes to the preceding player.
    let p305 = g
        .propose(
            "alexw",
            uk(fri, 9, 0),
            json!({"op": "enact", "text": ["Chain rule."]}),
        )
        .await;
    let receipt = g.act("dave", uk(fri, 9, 30), json!({"action": "raise-point-of-order", "statement": "Is 305 a proper enactment?", "proposal": p305})).await;
    let point = receipt["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["event"] == "point-of-order-raised")
        .unwrap();
    let point = point["point"].as_u64().unwrap_or_else(|| panic!("{point}"));
    g.act(
        "alext",
        uk(fri, 10, 0),
        json!({"action": "pronounce-judgement", "point": point, "decision": "It is not."}),
    )
    .await;
    g.act(
        "ben",
        uk(fri, 10, 10),
        json!({"action": "dispute-judgement", "point": point}),
    )
    .await;
    g.act(
        "chris",
        uk(fri, 10, 20),
        json!({"action": "disagree-with-judgement", "point": point}),
    )
    .await;
    g.act(
        "dave",
        uk(fri, 10, 30),
        json!({"action": "disagree-with-judgement", "point": point}),
    )
    .await;
    assert_eq!(
        g.schedule("deadline-sweep", uk(fri, 11, 5)).await.changed,
        0,
        "the hour is not over"
    );
    assert_eq!(
        g.schedule("deadline-sweep", uk(fri, 11, 10)).await.changed,
        1
    );
    let po = g.view().await["points_of_order"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == point)
        .unwrap()
        .clone();
    assert_eq!(
        po["judge"], "ben",
        "overruled: the player preceding alext judges"
    );
    g.act(
        "ben",
        uk(fri, 12, 0),
        json!({"action": "pronounce-judgement", "point": point, "decision": "It is."}),
    )
    .await;
    g.vote(&ALL, uk(fri, 12, 30), p305, "yes").await;
    g.schedule("deadline-sweep", uk(fri, 13, 30)).await;
    let sat = fri + Days::new(1);
    assert_eq!(
        g.refused(
            "chris",
            uk(sat, 10, 0),
            "/actions",
            json!({"action": "propose", "change": amend(212, "z")})
        )
        .await,
        "nomic 201",
        "weekend"
    );
    g.schedule("nomic-end-of-day", uk(sat, 0, 0)).await;
    assert_eq!(g.status(p305).await, "in-effect");
    assert_eq!(g.points("alexw").await, 14, "203: R = 304, 14 * 5 / 5");

    // ---- Circuit 2: everyone amends the chain rule, all yes ----
    let mut chain = p305;
    let mut day = NaiveDate::from_ymd_opt(2026, 3, 23).unwrap();
    for who in ALL {
        let n = g
            .propose(
                who,
                uk(day, 9, 0),
                amend(chain, &format!("Chain rule, as amended by {who}.")),
            )
            .await;
        g.vote(&ALL, uk(day, 10, 0), n, "yes").await;
        g.schedule("nomic-end-of-day", uk(day + Days::new(1), 0, 0))
            .await;
        chain = n;
        day = day + Days::new(1);
    }
    // Each of 306..310 paid R - 290 with R the previous number.
    for (p, pts) in [
        ("chris", 25),
        ("dave", 14),
        ("ben", 18),
        ("alext", 29),
        ("alexw", 33),
    ] {
        assert_eq!(g.points(p).await, pts, "{p}");
    }
    assert_eq!(
        g.view().await["threshold"],
        "simple-majority",
        "nomic 204 after two circuits"
    );

    // ---- Circuit 3 (BST from 29 March) ----
    let mon = NaiveDate::from_ymd_opt(2026, 3, 30).unwrap();
    // 18:30 UTC is 19:30 BST: too late now, though it was fine a fortnight ago.
    assert_eq!(
        g.refused(
            "chris",
            "2026-03-30T18:30:00Z".parse().unwrap(),
            "/actions",
            json!({"action": "propose", "change": amend(chain, "late")})
        )
        .await,
        "nomic 202"
    );
    let n = g
        .propose(
            "chris",
            "2026-03-30T17:30:00Z".parse().unwrap(),
            amend(chain, "Chain rule, majority."),
        )
        .await;
    g.vote(&["chris", "dave", "ben"], uk(mon, 19, 0), n, "yes")
        .await;
    g.vote(&["alext", "alexw"], uk(mon, 19, 0), n, "no").await;
    g.schedule("nomic-end-of-day", uk(mon + Days::new(1), 0, 0))
        .await;
    // chris: R = 310, 20 * 3 / 5 = 12 -> 37; nomic 205: dissenters +10.
    assert_eq!(
        (
            g.points("chris").await,
            g.points("alext").await,
            g.points("alexw").await
        ),
        (37, 39, 43)
    );
    chain = n;

    // ---- Play on until someone reaches 200 (nomic 210) ----
    let mut day = mon + Days::new(1);
    while g.view().await["winner"].is_null() {
        let weekday = day.format("%A").to_string().to_lowercase();
        if let Some((who, _)) = PLAYERS.iter().find(|(_, d)| *d == weekday) {
            let n = g
                .propose(
                    who,
                    uk(day, 9, 0),
                    amend(chain, &format!("Chain rule {day}.")),
                )
                .await;
            g.vote(&ALL, uk(day, 10, 0), n, "yes").await;
            chain = n;
        }
        g.schedule("nomic-end-of-day", uk(day + Days::new(1), 0, 0))
            .await;
        day = day + Days::new(1);
        assert!(
            day < NaiveDate::from_ymd_opt(2026, 12, 31).unwrap(),
            "nobody won"
        );
    }
    // alext: 39 + 23 + 28 + 33 + 38 = 161, then 334 on Thursday 30 April: +43 = 204.
    let game = g.view().await;
    assert_eq!(game["winner"], "alext");
    assert_eq!(g.points("alext").await, 204);
    // nomic 209: the points thread shows `total (+change)`.
    assert!(
        game["points_thread"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["line"] == "204 (+43)"),
        "{}",
        game["points_thread"]
    );
    assert_eq!(
        g.refused(
            "alext",
            uk(day + Days::new(7), 9, 0),
            "/actions",
            json!({"action": "propose", "change": amend(chain, "more")})
        )
        .await,
        "nomic 210"
    );
    // Every version of the rule book stays readable: the first day's is the seed.
    let first: Value =
        g.s.get(&format!("{GAME}/rules?at=2026-03-16T12:00:00Z"), &org)
            .await;
    assert_eq!(first, seed);
    read_resources(&g, &org).await;
    // The audit log names the rules that acted.
    let log: Value = g.s.get(&format!("{GAME}/log?limit=500"), &org).await;
    let text = log.to_string();
    for clause in [
        "nomic 203",
        "nomic 204",
        "nomic 205",
        "nomic 207",
        "nomic 210",
    ] {
        assert!(text.contains(clause), "the log cites {clause}");
    }
}
/// The game's read resources agree with its view: the points (nomic 209)
/// with the thread two entries a page, newest first; the proposals newest
/// first, one of them whole; the rule book at an instant as `/rules` reads it.
async fn read_resources<S: TestStore>(g: &Game<S>, org: &str) {
    let view = g.view().await;
    let points: Value = g.s.get(&format!("{GAME}/points?limit=2"), org).await;
    assert_eq!(points["items"].as_array().unwrap().len(), 2);
    let thread = view["points_thread"].as_array().unwrap();
    assert_eq!(points["items"][0], thread[thread.len() - 1]);
    let next = points["next_cursor"]
        .as_str()
        .expect("more than two entries");
    let second: Value =
        g.s.get(&format!("{GAME}/points?limit=2&cursor={next}"), org)
            .await;
    assert_eq!(second["items"][0], thread[thread.len() - 3]);
    for p in view["players"].as_array().unwrap() {
        let listed = points["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|q| q["player"] == p["player"]);
        assert_eq!(listed.unwrap()["points"], p["points"], "nomic 209");
    }
    let newest = view["proposals"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    let proposals: Value = g.s.get(&format!("{GAME}/proposals?limit=1"), org).await;
    assert_eq!(proposals["items"][0]["number"], newest["number"]);
    assert_eq!(proposals["items"][0]["status"], newest["status"]);
    let one: Value =
        g.s.get(&format!("{GAME}/proposals/{}", newest["number"]), org)
            .await;
    assert_eq!(one, newest);
    let at = "2026-03-16T12:00:00Z";
    let by_resource: Value = g.s.get(&format!("{GAME}/rules?at={at}"), org).await;
    let r =
        g.s.http
            .get(g.s.url(&format!("{GAME}/rules?at=yesterday")))
            .bearer_auth(org)
            .send()
            .await
            .unwrap();
    assert_eq!(r.status().as_u16(), 400, "at must be an instant");
    assert!(by_resource.is_object());
}

on_both_stores!(nomic_over_http, super::nomic_game);
