//! The competitions the browser looks at: one of each kind, played far
//! enough through the API that its pages have something to show (a Swiss
//! event past round 3, a World Masters tournament to its final, a Diplomacy
//! board in Fall 1902, an ACWC Qualification past its first round), each
//! marked public; and one private competition,
//! whose pages must answer 404.

use arbiter_domain::competition::Kind;
use arbiter_e2e::{TestServer, TestStore};
use arbiter_http::Clock;
use chrono::{DateTime, Duration, Utc};
use serde_json::{json, Value};

/// A competition the browser visits.
pub struct Visit {
    pub kind: &'static str,
    pub id: String,
}

/// The private competition: never listed, its pages 404.
pub const PRIVATE: &str = "browser-private";

/// Creates and plays every competition, marks all but [`PRIVATE`] public;
/// the competitions to visit.
pub async fn play<S: TestStore>(s: &TestServer<S>) -> Vec<Visit> {
    let swiss = arbiter::swiss::run(s, 12, 5, 1).await.expect("swiss story");
    assert_eq!(swiss_rounds(s).await, 5, "{}", swiss.text);
    arbiter::world_masters::run(s, 8, 1)
        .await
        .expect("World Masters story");
    diplomacy_to_fall_1902(s).await;
    nomic_begun(s).await;
    let now = s.clock.now();
    club_first_friday(s).await;
    acwc_round_one(s).await;
    s.clock.set(now);
    s.create(&json!({"id": PRIVATE, "kind": "swiss", "name": "Browser test swiss"}))
        .await;
    let visits = [
        ("acwc", ACWC_ID),
        ("club-ladder", CLUB_ID),
        ("diplomacy-game", BOARD_ID),
        ("diplomacy-tournament", arbiter::world_masters::ID),
        ("nomic", NOMIC_ID),
        ("swiss", arbiter::swiss::ID),
    ];
    let visited: Vec<&str> = visits.iter().map(|(kind, _)| *kind).collect();
    let registered: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
    assert_eq!(
        visited, registered,
        "one public competition of every kind, in registry order"
    );
    for (_, id) in visits {
        let (status, answer) = s
            .post_as(
                "org",
                s.clock.now(),
                &format!("/v1/competitions/{id}/public"),
                &json!({"public": true}),
            )
            .await;
        assert_eq!(status, 200, "mark {id} public: {answer}");
    }
    visits
        .into_iter()
        .map(|(kind, id)| Visit {
            kind,
            id: id.to_owned(),
        })
        .collect()
}

async fn swiss_rounds<S: TestStore>(s: &TestServer<S>) -> usize {
    let g = view(s, arbiter::swiss::ID).await;
    g["rounds"].as_array().map_or(0, Vec::len)
}

/// The game part of competition `id`'s view, as an outsider reads it.
pub async fn view<S: TestStore>(s: &TestServer<S>, id: &str) -> Value {
    s.get(
        &format!("/v1/competitions/{id}"),
        &s.token("outsider", false),
    )
    .await["game"]
        .clone()
}

pub const BOARD_ID: &str = "browser-board";

const POWERS: [&str; 7] = [
    "AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY",
];

fn player(power: &str) -> String {
    format!("{}-player", power.to_lowercase())
}

/// Monday 5 January 2026, 12:00 UTC, plus `hours`.
fn t(hours: i64) -> DateTime<Utc> {
    "2026-01-05T12:00:00Z".parse::<DateTime<Utc>>().unwrap() + Duration::hours(hours)
}

/// A board whose every power submits final orders that never meet, so each
/// phase is adjudicated early at the sweep a day later (wm D.VII.2), up to
/// Fall 1902, which is left to be ordered.
async fn diplomacy_to_fall_1902<S: TestStore>(s: &TestServer<S>) {
    s.clock.set(t(0));
    s.create(&json!({"id": BOARD_ID, "kind": "diplomacy-game", "name": "Browser test board"}))
        .await;
    let base = format!("/v1/competitions/{BOARD_ID}");
    let post = |who: String, now, path: &'static str, body: Value| {
        let url = format!("{base}{path}");
        async move {
            let (status, answer) = s.post_as(&who, now, &url, &body).await;
            assert_eq!(status, 200, "{who} {path} {body}: {answer}");
        }
    };
    post(
        "org".into(),
        t(0),
        "/roles",
        json!({"user": "gm", "role": "game-master"}),
    )
    .await;
    let players: serde_json::Map<String, Value> = POWERS
        .iter()
        .map(|p| (p.to_string(), json!(player(p))))
        .collect();
    let settings = json!({
        "players": players,
        "last_year": 1905,
        "first_deadline": t(120),
        "turn_lengths": {"movement_hours": 120, "retreat_hours": 24, "adjustment_hours": 24},
    });
    post(
        "gm".into(),
        t(0),
        "/actions",
        json!({"action": "set-up", "settings": settings}),
    )
    .await;
    let phases: [(&str, [&[&str]; 7]); 4] = [
        (
            "S1901M",
            [
                &["F TRI - ALB", "A VIE - GAL", "A BUD - SER"],
                &["F LON - NTH", "F EDI - NWG", "A LVP - YOR"],
                &["F BRE - MAO", "A PAR - BUR", "A MAR - SPA"],
                &["F KIE - DEN", "A BER - KIE", "A MUN - RUH"],
                &["F NAP - ION", "A ROM - APU", "A VEN H"],
                &["F STP/SC - BOT", "A MOS - UKR", "A WAR H", "F SEV H"],
                &["F ANK - BLA", "A CON - BUL", "A SMY H"],
            ],
        ),
        (
            "F1901M",
            [
                &["F ALB - GRE", "A GAL H", "A SER H"],
                &["F NWG - NWY", "F NTH H", "A YOR H"],
                &["F MAO - POR", "A BUR - BEL", "A SPA H"],
                &["F DEN H", "A KIE - HOL", "A RUH H"],
                &["F ION - TUN", "A APU H", "A VEN H"],
                &["F BOT - SWE", "A UKR - RUM", "A WAR H", "F SEV H"],
                &["F BLA H", "A BUL H", "A SMY H"],
            ],
        ),
        (
            "W1901A",
            [
                &["build A VIE"],
                &["build F LON"],
                &["build A PAR"],
                &["build A BER"],
                &["build F NAP"],
                &["build A MOS"],
                &["build F ANK"],
            ],
        ),
        (
            "S1902M",
            [
                &["A VIE - BOH"],
                &["F LON - ENG"],
                &["A PAR - PIC"],
                &["A BER - SIL"],
                &["F NAP - TYS"],
                &["A MOS - LVN"],
                &["F ANK - ARM"],
            ],
        ),
    ];
    for (i, (phase, orders)) in phases.iter().enumerate() {
        let now = t(24 * i as i64 + 1);
        for (power, lines) in POWERS.iter().zip(orders) {
            let body = json!({"power": power, "phase": phase, "orders": lines, "final": true});
            post(player(power), now, "/orders", body).await;
        }
        let swept = s.fire("deadline-sweep", t(24 * (i as i64 + 1))).await;
        assert_eq!(swept.changed, 1, "{phase} adjudicated");
    }
    let g = view(s, BOARD_ID).await;
    assert_eq!(g["position"]["phase"], "F1902M", "{g}");
}

pub const NOMIC_ID: &str = "browser-nomic";

/// When the browser reads the Nomic game: Thursday 19 March 2026, noon
/// (GMT), alext's day, after alext's proposal.
pub const NOMIC_NOW: &str = "2026-03-19T12:00:00Z";

/// A Nomic game on the initial rule book (the game's seed), five players
/// with their allocated days, begun, and a week of proposals: chris amends
/// rule 208 on Monday 16 March and all vote yes (adopted); dave's
/// enactment on Tuesday gets chris's no (defeated under unanimity, nomic
/// 204); ben repeals rule 212 on Wednesday with one yes (adopted); alext
/// proposes to transmute rule 211 on Thursday, dave votes yes, and the
/// vote is open when the browser reads the pages.
async fn nomic_begun<S: TestStore>(s: &TestServer<S>) {
    let setup: DateTime<Utc> = "2026-03-14T10:00:00Z".parse().unwrap();
    s.clock.set(setup);
    s.create(&json!({"id": NOMIC_ID, "kind": "nomic", "name": "Browser test Nomic"}))
        .await;
    let rules: Value = serde_json::from_str(include_str!(
        "../../../shared/domain/src/nomic/initial-rules.json"
    ))
    .expect("the seed rule book");
    let mut requests = vec![(
        "org",
        setup,
        "/actions",
        json!({"action": "import-rules", "rules": rules}),
    )];
    for (p, day) in [
        ("chris", "monday"),
        ("dave", "tuesday"),
        ("ben", "wednesday"),
        ("alex", "thursday"),
        ("erin", "friday"),
    ] {
        requests.push((
            "org",
            setup,
            "/registrations",
            json!({"player": p, "day": day}),
        ));
    }
    requests.push(("org", setup, "/actions", json!({"action": "begin"})));
    let at = |s: &str| s.parse::<DateTime<Utc>>().unwrap();
    let propose = |change: Value| json!({"action": "propose", "change": change});
    let vote = |n: u32, v: &str| json!({"proposal": n, "vote": v});
    requests.push((
        "chris",
        at("2026-03-16T10:00:00Z"),
        "/actions",
        propose(json!({"op": "amend", "rule": 208,
            "text": ["Each player always has exactly one vote, cast in the voting thread."]})),
    ));
    for p in ["chris", "dave", "ben", "alex", "erin"] {
        requests.push((p, at("2026-03-16T12:00:00Z"), "/votes", vote(301, "yes")));
    }
    requests.push((
        "dave",
        at("2026-03-17T10:00:00Z"),
        "/actions",
        propose(json!({"op": "enact", "text": ["Players may wear hats to the table."]})),
    ));
    requests.push((
        "chris",
        at("2026-03-17T11:00:00Z"),
        "/votes",
        vote(302, "no"),
    ));
    for p in ["dave", "ben", "alex", "erin"] {
        requests.push((p, at("2026-03-17T11:00:00Z"), "/votes", vote(302, "yes")));
    }
    requests.push((
        "ben",
        at("2026-03-18T10:00:00Z"),
        "/actions",
        propose(json!({"op": "repeal", "rule": 212})),
    ));
    requests.push((
        "chris",
        at("2026-03-18T11:00:00Z"),
        "/votes",
        vote(303, "yes"),
    ));
    requests.push((
        "alex",
        at("2026-03-19T10:00:00Z"),
        "/actions",
        propose(json!({"op": "transmute", "rule": 211})),
    ));
    requests.push((
        "dave",
        at("2026-03-19T11:00:00Z"),
        "/votes",
        vote(304, "yes"),
    ));
    let base = format!("/v1/competitions/{NOMIC_ID}");
    for (who, now, path, body) in requests {
        let (status, answer) = s.post_as(who, now, &format!("{base}{path}"), &body).await;
        assert_eq!(status, 200, "{who} {path} {body}: {answer}");
    }
    s.clock.set(at(NOMIC_NOW));
}

pub const CLUB_ID: &str = "browser-club";

/// A club ladder's first Friday (the domain's ladder story's club): six
/// members join, then three games are registered in the session; each
/// winner gains 16 at 100 against 100 (club II.5); then p01 (116) beats p05
/// (116) with Black, +16 and −16 at equal scores, and p02 and p04 draw at
/// 100 (no change). The leaderboard: p01 132, p03 116, then p02, p04, p05
/// and p06 at 100.
async fn club_first_friday<S: TestStore>(s: &TestServer<S>) {
    use arbiter_domain::ladder::{Command, GameResult, Settings};
    use arbiter_domain::testkit::ladder_story::{friday, local, u};
    let morning = local(friday(1), 9, 0);
    s.clock.set(morning);
    s.create(&json!({"id": CLUB_ID, "kind": "club-ladder", "name": "Browser test club"}))
        .await;
    let base = format!("/v1/competitions/{CLUB_ID}");
    let send = |who: String, now: DateTime<Utc>, path: String, body: Value| {
        let url = format!("{base}{path}");
        async move {
            let (status, answer) = s.post_as(&who, now, &url, &body).await;
            assert_eq!(status, 200, "{who} {url} {body}: {answer}");
        }
    };
    let role = json!({"user": "mod1", "role": "moderator"});
    send("org".into(), morning, "/roles".into(), role).await;
    let configure = Command::Configure {
        settings: Settings::default(),
    };
    let body = serde_json::to_value(&configure).unwrap();
    send("org".into(), morning, "/actions".into(), body).await;
    for i in 1..=6 {
        send(
            format!("p0{i}"),
            morning,
            "/registrations".into(),
            json!({}),
        )
        .await;
    }
    let session = local(friday(1), 13, 40);
    for (i, (white, black, result)) in [
        ("p01", "p02", GameResult::WhiteWins),
        ("p03", "p04", GameResult::WhiteWins),
        ("p05", "p06", GameResult::WhiteWins),
        ("p05", "p01", GameResult::BlackWins),
        ("p02", "p04", GameResult::Draw),
    ]
    .into_iter()
    .enumerate()
    {
        let game = Command::RegisterGame {
            white: u(white),
            black: u(black),
            result,
            played_at: local(friday(1), 12, 35 + 3 * i as u32),
            room: "322".into(),
            moderator: u("mod1"),
            chessclock: false,
            oversight: None,
        };
        let body = serde_json::to_value(&game).unwrap();
        send(white.into(), session, "/actions".into(), body).await;
    }
}

pub const ACWC_ID: &str = "browser-acwc";

/// An ACWC championship with the 2019 dates: six players entered by the
/// organizer with their facts (acwc II), the Qualification's first round
/// published by the TD (acwc III.F.4, IV.D), each match's time agreed
/// (acwc V) and its score reported by the second player and confirmed by
/// the first (acwc VI.G): the first player of each match wins 6–3, the
/// match stopped once past 5½ (acwc III.F.1).
async fn acwc_round_one<S: TestStore>(s: &TestServer<S>) {
    use arbiter_domain::chess::acwc::{PlayerFacts, Settings};
    let settings = Settings::acwc_2019();
    let entries = settings.qualification_starts - Duration::days(14);
    s.clock.set(entries);
    s.create(&json!({"id": ACWC_ID, "kind": "acwc", "name": "Browser test ACWC"}))
        .await;
    let base = format!("/v1/competitions/{ACWC_ID}");
    let send = |who: &'static str, path: &'static str, body: Value| {
        let url = format!("{base}{path}");
        async move {
            let (status, answer) = s.post_as(who, s.clock.now(), &url, &body).await;
            assert_eq!(status, 200, "{who} {url} {body}: {answer}");
        }
    };
    let td = json!({"user": "td", "role": "tournament-director"});
    send("org", "/roles", td).await;
    let configure = json!({"action": "configure", "settings": settings});
    send("org", "/actions", configure).await;
    for i in 1..=6u32 {
        let facts = PlayerFacts::simulated(&format!("acc{i}"), 2500 - 100 * i, &settings);
        let entry = json!({"player": format!("q{i}"), "facts": facts});
        send("org", "/registrations", entry).await;
    }
    s.clock.set(settings.qualification_starts);
    send("td", "/rounds", json!({})).await;
    let round = view(s, ACWC_ID).await["rounds"][0].clone();
    let matches = round["matches"].as_array().cloned().unwrap_or_default();
    assert_eq!(matches.len(), 3, "six players, three matches: {round}");
    let at = settings.qualification_starts + Duration::days(1);
    for m in &matches {
        let (id, first, second) = (&m["id"], m["first"].clone(), m["second"].clone());
        let (first, second) = (first.as_str().unwrap(), second.as_str().unwrap());
        let actions = [
            (
                first,
                json!({"action": "offer-time", "match_id": id, "at": at}),
            ),
            (
                second,
                json!({"action": "accept-offer", "match_id": id, "at": at}),
            ),
            (
                second,
                json!({"action": "report-result", "match_id": id, "first": 12, "second": 6}),
            ),
            (first, json!({"action": "confirm-result", "match_id": id})),
        ];
        for (who, body) in actions {
            let url = format!("{base}/actions");
            let (status, answer) = s.post_as(who, s.clock.now(), &url, &body).await;
            assert_eq!(status, 200, "{who} {body}: {answer}");
        }
    }
}
