//! A 7-player World Masters board over HTTP with a fake clock, on both
//! stores, from Spring 1901 to its last year: preliminary and
//! final orders, a revised partial order set, early adjudication, an
//! extension and a refused late one, an unavailability window moving a
//! deadline, a 1901 NMR blocking adjudication, a later NMR with held units
//! and an ordered retreat, a temporary replacement, a failed and a passed
//! draw vote, grey press. The deadline sweep runs through its function, as
//! EventBridge would run it. Positions are worked out by hand from the
//! orders (the same story as the domain's scenario test); after each secret
//! enters the game, every viewer's every GET endpoint is searched for it.

use arbiter_e2e::TestStore;
use arbiter_e2e::{assert_refused, on_both_stores, TestServer};
use chrono::{DateTime, Duration, Utc};
use serde_json::{json, Value};
use std::collections::BTreeSet;

const BOARD: &str = "/v1/competitions/wm-board-1";
const POWERS: [&str; 7] = [
    "AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY",
];
const VIEWERS: [&str; 12] = [
    "austria-player",
    "england-player",
    "france-player",
    "germany-player",
    "italy-player",
    "russia-player",
    "turkey-player",
    "gm",
    "td",
    "org",
    "sub",
    "stranger",
];
const SWEEP: &str = "deadline-sweep";

/// Monday 5 January 2026, 12:00 UTC, plus `hours`.
fn t(hours: i64) -> DateTime<Utc> {
    "2026-01-05T12:00:00Z".parse::<DateTime<Utc>>().unwrap() + Duration::hours(hours)
}

fn player(power: &str) -> String {
    format!("{}-player", power.to_lowercase())
}

struct Board<S> {
    s: TestServer<S>,
}

impl<S: TestStore> Board<S> {
    async fn post(&self, who: &str, now: DateTime<Utc>, path: &str, body: Value) -> (u16, Value) {
        self.s
            .post_as(who, now, &format!("{BOARD}{path}"), &body)
            .await
    }

    /// An accepted request; its receipt.
    async fn ok(&self, who: &str, now: DateTime<Utc>, path: &str, body: Value) -> Value {
        let (status, answer) = self.post(who, now, path, body.clone()).await;
        assert_eq!(status, 200, "{who} {path} {body} at {now}: {answer}");
        answer
    }

    async fn act(&self, who: &str, now: DateTime<Utc>, body: Value) -> Value {
        self.ok(who, now, "/actions", body).await
    }

    /// A refused request: problem+json naming `clause`, and nothing changed.
    async fn refused(&self, who: &str, now: DateTime<Utc>, path: &str, body: Value, clause: &str) {
        let before = self.log_len().await;
        let (status, answer) = self.post(who, now, path, body).await;
        assert_refused(status, &answer, clause);
        assert_eq!(self.log_len().await, before, "a refusal changes nothing");
    }

    async fn orders(
        &self,
        who: &str,
        power: &str,
        lines: &[&str],
        is_final: bool,
        now: DateTime<Utc>,
    ) -> Value {
        let phase = self.phase().await;
        self.ok(
            who,
            now,
            "/orders",
            json!({"power": power, "phase": phase, "orders": lines, "final": is_final}),
        )
        .await
    }

    /// Holds (an empty order set) for each power, final or not.
    async fn hold(&self, powers: &[&str], is_final: bool, now: DateTime<Utc>) {
        for p in powers {
            self.orders(&player(p), p, &[], is_final, now).await;
        }
    }

    /// Runs the deadline sweep at `now`: the competitions it changed.
    async fn sweep(&self, now: DateTime<Utc>) -> u64 {
        self.s.fire(SWEEP, now).await.changed as u64
    }

    async fn view(&self, who: &str) -> Value {
        self.s.get(BOARD, &self.s.token(who, false)).await
    }

    /// GETs the board's resource `path` as `who`: status and answer.
    async fn read(&self, who: &str, path: &str) -> (u16, Value) {
        let r = self
            .s
            .http
            .get(self.s.url(&format!("{BOARD}/{path}")))
            .bearer_auth(self.s.token(who, false))
            .send()
            .await
            .unwrap();
        (r.status().as_u16(), r.json().await.unwrap())
    }

    /// Spring 1901 with every set but Russia's in (England's final, the
    /// holds final): whose orders are in, and the legal orders, are each
    /// power's and the GM's alone (wm D.VIII.4).
    async fn resources_in_spring_1901(&self) {
        let (status, gm) = self.read("gm", "submissions").await;
        assert_eq!(status, 200, "{gm}");
        let powers = gm["powers"].as_array().unwrap();
        assert_eq!(powers.len(), 7, "every power orders in S1901M: {gm}");
        let russia = powers.iter().find(|p| p["power"] == "RUSSIA").unwrap();
        assert_eq!(russia["in"], false);
        let england = powers.iter().find(|p| p["power"] == "ENGLAND").unwrap();
        assert_eq!(
            (&england["in"], &england["final"]),
            (&json!(true), &json!(true))
        );
        let (_, france) = self.read("france-player", "submissions").await;
        assert_eq!(
            france["powers"],
            json!([{"power": "FRANCE", "in": true, "final": true}])
        );
        for outsider in ["td", "stranger", "org"] {
            let (_, seen) = self.read(outsider, "submissions").await;
            assert_eq!(seen["powers"], json!([]), "wm D.VIII.4 {outsider}");
            let (_, orders) = self.read(outsider, "orders").await;
            assert_eq!(orders["orders"], json!({}), "wm D.VIII.4 {outsider}");
        }
        let (_, orders) = self.read("france-player", "orders").await;
        let keys: Vec<_> = orders["orders"].as_object().unwrap().keys().collect();
        assert_eq!(keys, ["FRANCE"], "wm D.VIII.4");

        // England's three units; F LON borders NTH, ENG, WAL, YOR.
        let (status, mine) = self.read("england-player", "options").await;
        assert_eq!(status, 200, "{mine}");
        assert_eq!(mine["power"], "ENGLAND");
        let units = mine["options"]["units"].as_object().unwrap();
        assert_eq!(units.len(), 3, "{mine}");
        let london: Vec<&str> = units["F LON"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(Value::as_str)
            .collect();
        for o in [
            "F LON H",
            "F LON - NTH",
            "F LON - ENG",
            "F LON - WAL",
            "F LON - YOR",
        ] {
            assert!(london.contains(&o), "{o} in {london:?}");
        }
        let (status, refused) = self.read("france-player", "options?power=ENGLAND").await;
        assert_refused(status, &refused, "wm D.VIII.4");
        let (status, russia) = self.read("gm", "options?power=RUSSIA").await;
        assert_eq!(status, 200, "{russia}");
        assert!(
            russia["options"]["units"].get("F STP/SC").is_some(),
            "{russia}"
        );
        let (status, _) = self.read("stranger", "options").await;
        assert_eq!(status, 404, "a stranger holds no power");

        let (_, phase) = self.read("td", "phase").await;
        assert_eq!(phase["phase"], "S1901M");
        assert_eq!(phase["to_order"].as_array().unwrap().len(), 7);
        // Paging is refused, never a panic, on a bad limit or cursor.
        for bad in [
            "history?limit=0",
            "history?limit=x",
            "history?cursor=zz",
            "history?cursor=p%21",
        ] {
            let (status, problem) = self.read("td", bad).await;
            assert_eq!(status, 400, "{bad}: {problem}");
        }
        let (status, _) = self.read("td", "standings").await;
        assert_eq!(status, 404, "a board has no standings");
    }

    async fn game(&self) -> Value {
        self.view("gm").await["game"].clone()
    }

    async fn log_len(&self) -> usize {
        let log = self
            .s
            .get(
                &format!("{BOARD}/log?limit=500"),
                &self.s.token("gm", false),
            )
            .await;
        log["entries"].as_array().unwrap().len()
    }

    /// The events the last sweep (or any commit) recorded, newest commit last.
    async fn last_events(&self) -> Vec<Value> {
        let log = self
            .s
            .get(
                &format!("{BOARD}/log?limit=500"),
                &self.s.token("gm", false),
            )
            .await;
        let entries = log["entries"].as_array().unwrap();
        entries.last().unwrap()["events"]
            .as_array()
            .unwrap()
            .to_vec()
    }

    async fn phase(&self) -> String {
        self.game().await["position"]["phase"]
            .as_str()
            .unwrap()
            .to_owned()
    }

    async fn deadline(&self) -> Option<DateTime<Utc>> {
        self.game().await["deadline"]
            .as_str()
            .map(|d| d.parse().unwrap())
    }

    async fn units(&self, power: &str) -> Vec<String> {
        let game = self.game().await;
        let mut units: Vec<String> = game["position"]["units"][power]
            .as_array()
            .map(|a| a.iter().map(|u| u.as_str().unwrap().to_owned()).collect())
            .unwrap_or_default();
        units.sort();
        units
    }

    async fn centers(&self, power: &str) -> usize {
        self.game().await["position"]["centers"][power]
            .as_array()
            .map_or(0, Vec::len)
    }

    /// Everything `viewer` can read: the board, its audit log and the list
    /// of their competitions.
    async fn visible(&self, viewer: &str) -> String {
        let token = self.s.token(viewer, false);
        let mut all = String::new();
        for path in [
            BOARD.to_owned(),
            format!("{BOARD}/log?limit=500"),
            "/v1/competitions".to_owned(),
            format!("{BOARD}/rules"),
            // The read resources keep the same secrets (the legal-order
            // lists are left out: a support names other units' moves).
            format!("{BOARD}/phase"),
            format!("{BOARD}/orders"),
            format!("{BOARD}/submissions"),
            format!("{BOARD}/history?limit=500"),
        ] {
            all.push_str(&self.s.get_text(&path, &token).await);
            all.push('\n');
        }
        all
    }

    /// `needle` is visible to exactly `allowed` among the viewers. The
    /// board is listed publicly, so every viewer also reads its public
    /// pages: a secret there would be read by all.
    async fn secret(&self, needle: &str, allowed: &[&str]) {
        let pages = self.s.public_pages("wm-board-1").await;
        for viewer in VIEWERS {
            let sees = self.visible(viewer).await.contains(needle) || pages.contains(needle);
            assert_eq!(
                sees,
                allowed.contains(&viewer),
                "{viewer} sees {needle:?}: {sees}"
            );
        }
    }

    async fn public(&self, needle: &str) {
        self.secret(needle, &VIEWERS).await;
    }

    /// wm D.IX.2, D.X.2: the log names who made each `command` commit
    /// (`authors`, in order) to that author alone. Everyone else reads the
    /// commit with no actor, or (where they may see none of its events, as
    /// with a ballot) withheld: no actor, no time, no command.
    async fn log_as(&self, viewer: &str) -> Vec<Value> {
        let log = self
            .s
            .get(
                &format!("{BOARD}/log?limit=500"),
                &self.s.token(viewer, false),
            )
            .await;
        log["entries"].as_array().unwrap().clone()
    }

    async fn actors_hidden(&self, command: &str, authors: &[&str]) {
        // Each author finds their own commits; together, in version order,
        // they are `authors`.
        let mut made: Vec<(u64, &str)> = Vec::new();
        let mut seen = BTreeSet::new();
        for author in authors.iter().filter(|a| seen.insert(**a)) {
            for e in self.log_as(author).await {
                if e["command"] == command && !e["actor"].is_null() {
                    assert!(e["actor"].to_string().contains(author), "{e}");
                    made.push((e["version"].as_u64().unwrap(), author));
                }
            }
        }
        made.sort();
        let order: Vec<&str> = made.iter().map(|(_, a)| *a).collect();
        assert_eq!(order, authors, "{command} commits by author");
        for viewer in VIEWERS {
            let entries = self.log_as(viewer).await;
            for (version, author) in &made {
                let e = entries.iter().find(|e| e["version"] == *version).unwrap();
                if viewer == *author {
                    assert_eq!(e["command"], command, "{e}");
                    continue;
                }
                assert!(
                    e["actor"].is_null(),
                    "{viewer} reads the actor of {author}'s {command}: {e}"
                );
                if e["command"] == "withheld" {
                    assert!(
                        e.get("at").is_none(),
                        "{viewer} reads when {author} acted: {e}"
                    );
                } else {
                    assert_eq!(e["command"], command, "{e}");
                }
            }
        }
    }

    async fn vote(&self, power: &str, proposal: u32, ballot: &str, now: DateTime<Utc>) {
        self.ok(
            &player(power),
            now,
            "/votes",
            json!({"proposal": proposal, "ballot": ballot}),
        )
        .await;
    }

    /// wm D.IX.2: nobody reads another's ballot or a tally; a voter reads
    /// only their own vote events.
    async fn votes_secret(&self, cast: &[(&str, usize)]) {
        let pages = self.s.public_pages("wm-board-1").await;
        for viewer in VIEWERS {
            let text = self.visible(viewer).await + &pages;
            let own = cast
                .iter()
                .find(|(p, _)| player(p) == viewer)
                .map_or(0, |(_, n)| *n);
            assert_eq!(
                text.matches("\"vote-recorded\"").count(),
                own,
                "wm D.IX.2: {viewer} sees vote events"
            );
            assert!(!text.contains("tally"), "wm D.IX.2: {viewer} sees a tally");
            let ballots = self.view(viewer).await["game"]["my_ballots"].clone();
            let seen = ballots.as_object().map_or(0, |b| b.len());
            assert!(
                seen == 0 || own > 0,
                "wm D.IX.2: {viewer} reads ballots {ballots}"
            );
        }
    }
}

fn settings() -> Value {
    let players: serde_json::Map<String, Value> = POWERS
        .iter()
        .map(|p| (p.to_string(), json!(player(p))))
        .collect();
    json!({
        "players": players,
        "last_year": 1903,
        "first_deadline": t(120), // Saturday 10 January 12:00 UTC
        "turn_lengths": {"movement_hours": 120, "retreat_hours": 24, "adjustment_hours": 24},
        "house_rules": {"order_set_identification": "the last set received before the deadline"},
    })
}

fn except(out: &[&str]) -> Vec<&'static str> {
    POWERS.into_iter().filter(|p| !out.contains(p)).collect()
}

fn has(events: &[Value], name: &str) -> bool {
    events.iter().any(|e| e["event"] == name)
}

async fn seven_players_from_spring_1901_to_the_last_year<S: TestStore>(s: TestServer<S>) {
    s.clock.set(t(0));
    s.create(&json!({"id": "wm-board-1", "kind": "diplomacy-game", "name": "Round 1, board 1"}))
        .await;
    let b = Board { s };
    for (user, role) in [("gm", "game-master"), ("td", "tournament-director")] {
        b.ok("org", t(0), "/roles", json!({"user": user, "role": role}))
            .await;
    }

    // The organizer lists the board publicly: its pages are searched for
    // every secret below, as the API is.
    b.ok("org", t(0), "/public", json!({"public": true})).await;

    // wm D.I.1: only the GM sets up; the house rules are public (D.I.1.b).
    b.refused(
        "org",
        t(0),
        "/actions",
        json!({"action": "set-up", "settings": settings()}),
        "wm D.I.1",
    )
    .await;
    b.act(
        "gm",
        t(0),
        json!({"action": "set-up", "settings": settings()}),
    )
    .await;
    b.public("the last set received before the deadline").await;
    assert_eq!(b.phase().await, "S1901M");
    b.refused(
        "gm",
        t(0),
        "/actions",
        json!({"action": "set-up", "settings": settings()}),
        "wm D.I.1.b",
    )
    .await;

    // wm D.VII.2: England is away Friday 17:00 to Monday 09:00 UTC; the
    // Saturday deadline moves to Monday 12 January 09:00 (t+165). The
    // window is the GM's and the TD's to see, and England's.
    b.act(
        "england-player",
        t(1),
        json!({"action": "declare-unavailability", "window": {"weekday": 4, "start_hour": 17, "hours": 64}}),
    )
    .await;
    assert_eq!(b.deadline().await, Some(t(165)), "wm D.VII.2");
    b.refused(
        "france-player",
        t(1),
        "/actions",
        json!({"action": "declare-unavailability", "window": {"weekday": 4, "start_hour": 0, "hours": 65}}),
        "wm D.VII.2",
    )
    .await;

    // Spring 1901. England: a preliminary full set, then a revised partial
    // final set that replaces it entirely (wm D.II.1, D.III.3). The
    // receipt carries the server time, the phase and the SHA-256 of the
    // lines as received (wm D.VII.7), here computed by `sha256sum` over
    // the three lines, each ended by a newline.
    let receipt = b
        .orders(
            "england-player",
            "ENGLAND",
            &["F LON - ENG", "F EDI - NTH", "A LVP - WAL"],
            false,
            t(2),
        )
        .await;
    let submitted = &receipt["events"][0];
    assert_eq!(submitted["receipt"]["phase"], "S1901M", "wm D.VII.7");
    assert_eq!(submitted["receipt"]["received_at"], json!(t(2)));
    assert_eq!(
        submitted["receipt"]["sha256"],
        "7996b31824eb5181e430d91356a72836100a528605e0651a9416d1ac1e6278fb",
        "wm D.VII.7"
    );
    b.secret("A LVP - WAL", &["england-player", "gm"]).await;
    // wm D.II.3: no proxies; wm D.II.4: no orders for a phase not yet open.
    b.refused(
        "france-player",
        t(2),
        "/orders",
        json!({"power": "ENGLAND", "phase": "S1901M", "orders": ["F LON H"]}),
        "wm D.II.3",
    )
    .await;
    b.refused(
        "england-player",
        t(2),
        "/orders",
        json!({"power": "ENGLAND", "phase": "F1901M", "orders": ["F LON H"]}),
        "wm D.II.4",
    )
    .await;
    b.orders(
        "england-player",
        "ENGLAND",
        &["F London - North Sea"],
        true,
        t(3),
    )
    .await;
    b.orders(
        "france-player",
        "FRANCE",
        &["F BRE - MAO", "A PAR - BUR", "A MAR - SPA"],
        true,
        t(4),
    )
    .await;
    b.orders(
        "germany-player",
        "GERMANY",
        &["A MUN - RUH", "F KIE - DEN", "A BER - KIE"],
        true,
        t(4),
    )
    .await;
    b.hold(&["AUSTRIA", "ITALY", "TURKEY"], true, t(4)).await;
    b.secret("A MAR - SPA", &["france-player", "gm"]).await;
    b.resources_in_spring_1901().await;

    // Russia sends nothing: no early adjudication; at the deadline the
    // phase is withheld and the replacement procedure starts (wm D.VII.6.b).
    assert_eq!(b.sweep(t(30)).await, 0, "wm D.VII.2 not every set is final");
    assert_eq!(b.sweep(t(165)).await, 1);
    let events = b.last_events().await;
    assert_eq!(events[0]["event"], "adjudication-withheld", "wm D.VII.6.b");
    assert_eq!(events[0]["missing"], json!(["RUSSIA"]));
    assert!(
        has(&events, "replacement-procedure-started"),
        "wm D.VII.6.b"
    );
    assert_eq!(b.sweep(t(165) + Duration::minutes(5)).await, 0);
    assert_eq!(b.phase().await, "S1901M", "wm D.VII.6.b no NMR in 1901");
    b.secret("A MAR - SPA", &["france-player", "gm"]).await;
    // wm B.7: a temporary replacement for two seasons; the GM sets a new
    // deadline. The replacement becomes a player of the competition.
    b.act(
        "gm",
        t(166),
        json!({"action": "appoint-replacement", "power": "RUSSIA", "player": "sub",
               "period": {"temporary": {"seasons": 2}}}),
    )
    .await;
    b.act(
        "gm",
        t(166),
        json!({"action": "set-deadline", "deadline": t(190)}),
    )
    .await;
    // wm B.8.c: the original player keeps the right of return until the
    // replacement submits orders; from then on the replacement is the
    // official player and the original's orders are a proxy's (wm D.II.3).
    b.orders("sub", "RUSSIA", &["A MOS - UKR"], true, t(167))
        .await;
    b.refused(
        "russia-player",
        t(167),
        "/orders",
        json!({"power": "RUSSIA", "phase": "S1901M", "orders": ["A MOS - UKR"]}),
        "wm D.II.3",
    )
    .await;
    // Every set is final and 24 hours have passed since the game began:
    // early adjudication (wm D.VII.2); a second sweep finds nothing.
    assert_eq!(b.sweep(t(168)).await, 1);
    assert!(has(&b.last_events().await, "phase-adjudicated"));
    assert_eq!(b.sweep(t(168)).await, 0, "adjudicated once");
    assert_eq!(b.phase().await, "F1901M");
    assert_eq!(
        b.units("ENGLAND").await,
        vec!["A LVP", "F EDI", "F NTH"],
        "wm D.III.3 the partial set replaced the full one"
    );
    assert_eq!(b.units("FRANCE").await, vec!["A BUR", "A SPA", "F MAO"]);
    assert_eq!(
        b.units("RUSSIA").await,
        vec!["A UKR", "A WAR", "F SEV", "F STP/SC"]
    );
    // wm D.VIII.4: once adjudicated, everyone sees the orders as written.
    b.public("A MAR - SPA").await;
    b.public("F London - North Sea").await;
    // Fall 1901 would end Saturday 17 January 12:00, inside England's
    // window: Monday 09:00 (wm D.VII.2).
    assert_eq!(b.deadline().await, Some(t(333)));

    // Fall 1901.
    b.orders(
        "france-player",
        "FRANCE",
        &["F MAO - POR", "A BUR - BEL", "A SPA H"],
        true,
        t(170),
    )
    .await;
    b.orders(
        "germany-player",
        "GERMANY",
        &["A RUH - HOL", "F DEN H", "A KIE H"],
        true,
        t(170),
    )
    .await;
    b.orders("england-player", "ENGLAND", &["F NTH H"], true, t(170))
        .await;
    b.orders("sub", "RUSSIA", &["A UKR - RUM"], true, t(170))
        .await;
    b.hold(&["AUSTRIA", "ITALY", "TURKEY"], true, t(170)).await;
    b.secret("A UKR - RUM", &["sub", "gm"]).await;
    assert_eq!(
        b.sweep(t(191)).await,
        0,
        "wm D.VII.2 24 hours between adjudications"
    );
    assert_eq!(b.sweep(t(192)).await, 1);
    assert!(
        has(&b.last_events().await, "player-returned"),
        "wm B.7 the period is over"
    );
    assert_eq!(b.phase().await, "W1901A");
    assert_eq!(
        (
            b.centers("FRANCE").await,
            b.centers("GERMANY").await,
            b.centers("RUSSIA").await
        ),
        (6, 5, 5)
    );
    assert_eq!(b.game().await["seats"]["RUSSIA"]["player"], "russia-player");
    assert_eq!(b.deadline().await, Some(t(216)));

    // Winter 1901: preliminary builds count at the deadline (wm D.II.1).
    b.orders(
        "france-player",
        "FRANCE",
        &["build A PAR", "build F BRE", "build A MAR"],
        false,
        t(193),
    )
    .await;
    b.orders(
        "germany-player",
        "GERMANY",
        &["build A BER", "build A MUN"],
        false,
        t(193),
    )
    .await;
    b.orders("russia-player", "RUSSIA", &["build A MOS"], false, t(193))
        .await;
    assert_eq!(b.sweep(t(215)).await, 0);
    assert_eq!(b.sweep(t(216)).await, 1);
    assert_eq!(b.phase().await, "S1902M");
    assert_eq!(
        b.units("GERMANY").await,
        vec!["A BER", "A HOL", "A KIE", "A MUN", "F DEN"]
    );
    assert_eq!(b.deadline().await, Some(t(336)));

    // Spring 1902: Italy's guaranteed extension; Austria asks less than 12
    // hours before the deadline and is refused (wm D.VII.5).
    let extension =
        |power: &str| json!({"action": "request-extension", "power": power, "hours": 24});
    b.act("italy-player", t(217), extension("ITALY")).await;
    assert_eq!(b.deadline().await, Some(t(360)), "wm D.VII.5");
    b.refused(
        "austria-player",
        t(349),
        "/actions",
        extension("AUSTRIA"),
        "wm D.VII.5",
    )
    .await;
    assert_eq!(b.deadline().await, Some(t(360)));
    // Grey press from France; black press is refused (wm D.X.1).
    b.act(
        "france-player",
        t(220),
        json!({"action": "send-press", "press": "grey", "text": "The Kaiser plots against you all"}),
    )
    .await;
    b.refused(
        "france-player",
        t(220),
        "/actions",
        json!({"action": "send-press", "press": "black", "text": "Signed, the Tsar"}),
        "wm D.X.1",
    )
    .await;
    b.public("The Kaiser plots against you all").await;
    // wm D.X.2: the author is never revealed to anyone but the author,
    // not even through the log's actor.
    b.secret("\"author\":\"france-player\"", &["france-player"])
        .await;
    b.secret("\"power\":\"FRANCE\",\"text\"", &["france-player"])
        .await;
    b.actors_hidden("send-press", &["france-player"]).await;
    // Germany NMRs; France takes Holland with English support.
    b.orders("france-player", "FRANCE", &["A BEL - HOL"], true, t(221))
        .await;
    b.orders(
        "england-player",
        "ENGLAND",
        &["F NTH S A BEL - HOL"],
        true,
        t(221),
    )
    .await;
    b.hold(&except(&["FRANCE", "ENGLAND", "GERMANY"]), false, t(222))
        .await;
    // wm D.VII.3: orders reaching the server at the deadline, before the
    // sweep, are refused by default.
    b.refused(
        "germany-player",
        t(360),
        "/orders",
        json!({"power": "GERMANY", "phase": "S1902M", "orders": ["A HOL H"]}),
        "wm D.VII.3",
    )
    .await;
    assert_eq!(b.sweep(t(360)).await, 1);
    let events = b.last_events().await;
    let adjudicated = events
        .iter()
        .find(|e| e["event"] == "phase-adjudicated")
        .unwrap();
    assert_eq!(adjudicated["nmr"], json!(["GERMANY"]), "wm D.VII.6.c");
    assert!(has(&events, "nmr-recorded"));
    assert_eq!(b.phase().await, "S1902R");
    // wm D.VII.6.c: Germany's units held; Holland's army is dislodged and
    // may retreat only to the Ruhr.
    assert_eq!(
        b.units("GERMANY").await,
        vec!["A BER", "A KIE", "A MUN", "F DEN"]
    );
    let dislodged = &b.game().await["position"]["dislodged"]["GERMANY"][0];
    assert_eq!(dislodged["unit"], "A HOL");
    assert_eq!(dislodged["retreats"], json!(["RUH"]));
    b.act(
        "germany-player",
        t(361),
        json!({"action": "contact-gm", "power": "GERMANY"}),
    )
    .await;
    b.orders("germany-player", "GERMANY", &["A HOL - RUH"], true, t(362))
        .await;
    assert_eq!(b.sweep(t(384)).await, 1);
    assert_eq!(b.phase().await, "F1902M");
    assert_eq!(
        b.units("GERMANY").await,
        vec!["A BER", "A KIE", "A MUN", "A RUH", "F DEN"],
        "wm D.VII.6.c the NMR'd power still orders its retreat"
    );
    assert_eq!(b.deadline().await, Some(t(504)));
    assert_eq!(b.game().await["nmrs"], json!({}));
    // wm D.VIII.1: a rollback needs the TD's express consent, and an error
    // in a phase adjudicated before the latest one stands.
    let rollback = |phase: &str| json!({"action": "rollback", "phase": phase, "deadline": t(600)});
    b.refused("gm", t(384), "/actions", rollback("S1902R"), "wm D.VIII.1")
        .await;
    b.refused("gm", t(384), "/actions", rollback("S1902M"), "wm D.VIII.1")
        .await;
    b.refused(
        "gm",
        t(384),
        "/actions",
        json!({"action": "consent-to-rollback", "phase": "S1902R"}),
        "wm D.VIII.1",
    )
    .await;

    // Fall 1902: a draw proposal fails on Turkey's no (wm D.IX.1).
    b.act(
        "england-player",
        t(385),
        json!({"action": "propose", "proposal": "draw", "powers": POWERS}),
    )
    .await;
    for p in POWERS {
        b.vote(p, 1, if p == "TURKEY" { "no" } else { "yes" }, t(386))
            .await;
    }
    let once: Vec<(&str, usize)> = POWERS.iter().map(|p| (*p, 1)).collect();
    b.votes_secret(&once).await;
    b.hold(&POWERS, true, t(387)).await;
    assert_eq!(b.sweep(t(408)).await, 1);
    let events = b.last_events().await;
    assert!(events
        .iter()
        .any(|e| e["event"] == "proposal-decided" && e["id"] == 1 && e["passed"] == false));
    assert!(
        has(&events, "phase-adjudicated"),
        "wm D.IX.2 published with the adjudication"
    );
    b.votes_secret(&once).await;
    assert_eq!(b.phase().await, "W1902A");
    assert_eq!(
        (b.centers("FRANCE").await, b.centers("GERMANY").await),
        (7, 4)
    );

    // Winter 1902: France's home centres are all occupied, so it waives its
    // build; Germany's removal is made by the civil-disorder rule.
    b.orders("france-player", "FRANCE", &["waive"], true, t(409))
        .await;
    b.orders("germany-player", "GERMANY", &[], true, t(409))
        .await;
    assert_eq!(b.sweep(t(432)).await, 1);
    assert_eq!(b.phase().await, "S1903M");
    assert_eq!(b.units("GERMANY").await.len(), 4);
    assert_eq!(b.units("FRANCE").await.len(), 6);

    // Spring 1903: everyone holds, final. Saturday 24 January 12:00 lies in
    // England's window: nothing is published until it ends on Monday 09:00
    // (wm D.VII.2).
    b.hold(&POWERS, true, t(433)).await;
    assert_eq!(b.sweep(t(456)).await, 0, "wm D.VII.2");
    assert_eq!(b.sweep(t(500)).await, 0, "wm D.VII.2");
    assert_eq!(b.sweep(t(501)).await, 1);
    assert_eq!(b.phase().await, "F1903M");

    // Fall 1903, the last year: a draw of all survivors passes after every
    // player revised a no to a yes; it is published instead of the
    // adjudication (wm D.IX.2).
    b.act(
        "russia-player",
        t(502),
        json!({"action": "propose", "proposal": "draw", "powers": POWERS}),
    )
    .await;
    for p in POWERS {
        b.vote(p, 2, "no", t(503)).await;
        b.vote(p, 2, "yes", t(504)).await;
        b.orders(&player(p), p, &[], true, t(504)).await;
    }
    let thrice: Vec<(&str, usize)> = POWERS.iter().map(|p| (*p, 3)).collect();
    b.votes_secret(&thrice).await;
    b.actors_hidden("propose", &["england-player", "russia-player"])
        .await;
    let voters: Vec<String> = POWERS
        .iter()
        .chain(POWERS.iter().flat_map(|p| [p, p]))
        .map(|p| player(p))
        .collect();
    let voters: Vec<&str> = voters.iter().map(String::as_str).collect();
    b.actors_hidden("record-vote", &voters).await;
    assert_eq!(b.sweep(t(525)).await, 1);
    let events = b.last_events().await;
    assert!(events
        .iter()
        .any(|e| e["event"] == "proposal-decided" && e["id"] == 2 && e["passed"] == true));
    assert!(!has(&events, "phase-adjudicated"), "wm D.IX.2");
    let game = b.game().await;
    assert_eq!(game["status"], "ended");
    assert_eq!(game["result"]["reason"]["by"], "draw");
    let centers: Vec<u64> = POWERS
        .iter()
        .map(|p| game["result"]["centers"][p].as_u64().unwrap())
        .collect();
    assert_eq!(centers, vec![3, 3, 7, 4, 3, 5, 3]);
    // wm C.1–C.3: France 1st (32 + 7), Russia 2nd (16 + 5), Germany 3rd
    // (8 + 4); Austria, England, Italy and Turkey tie for 4th to 7th and
    // share 4 + 2 + 1 + 0: 1.75 + 3 each.
    let scores: Vec<f64> = POWERS
        .iter()
        .map(|p| game["scores"][p].as_f64().unwrap())
        .collect();
    assert_eq!(scores, vec![4.75, 4.75, 39.0, 12.0, 4.75, 21.0, 4.75]);
    assert_eq!(b.sweep(t(1000)).await, 0);
    b.votes_secret(&thrice).await;
    // The grey author stays hidden to the end.
    b.secret("\"author\":\"france-player\"", &["france-player"])
        .await;
    map_pages(&b.s).await;
}

/// The board's public map of each phase is its SVG; a played
/// phase's never changes (cached for good), the last one's may.
async fn map_pages<S: TestStore>(s: &TestServer<S>) {
    let first = s
        .http
        .get(s.url("/pages/wm-board-1/map/1.svg"))
        .send()
        .await
        .unwrap();
    assert_eq!(first.status(), 200);
    assert_eq!(first.headers()["content-type"], "image/svg+xml");
    assert_eq!(
        first.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    let svg = first.text().await.unwrap();
    // Spring 1901's map shows the opening units (wm D.VIII.4's orders too).
    assert!(svg.starts_with("<svg") && svg.contains("S1901M"), "{svg}");
    let phases = s
        .http
        .get(s.url("/pages/wm-board-1/phases"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let last = phases.matches("/pages/wm-board-1/phase/").count();
    assert!(last > 1, "{phases}");
    let now = s
        .http
        .get(s.url(&format!("/pages/wm-board-1/map/{last}.svg")))
        .send()
        .await
        .unwrap();
    assert_eq!(now.headers()["cache-control"], "public, max-age=60");
}

on_both_stores!(
    seven_players,
    super::seven_players_from_spring_1901_to_the_last_year
);
