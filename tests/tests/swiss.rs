//! A Swiss event end to end over HTTP, on both stores: 30 players (two of
//! them late entrants) over 7 rounds paired by the Dutch 1992–2006 engine,
//! with half-point byes, a withdrawal, a forfeit that withdraws its no-show
//! (dutch G), a corrected result (dutch F7) and the arbiter's manual
//! pairing of the round it reached (dutch F6); the TRF export re-pairs
//! every round but that one identically with `arbiter pair --check`.

use arbiter_e2e::{assert_refused, on_both_stores, TestServer, TestStore};
use chrono::{DateTime, Duration, Utc};
use serde_json::{json, Value};

const EVENT: &str = "/v1/competitions/weekend-open";

fn day(round: i64) -> DateTime<Utc> {
    "2026-06-06T09:00:00Z".parse::<DateTime<Utc>>().unwrap() + Duration::hours(4 * round)
}

async fn ok<S: TestStore>(
    s: &TestServer<S>,
    who: &str,
    now: DateTime<Utc>,
    path: &str,
    body: Value,
) -> Value {
    let (status, answer) = s.post_as(who, now, &format!("{EVENT}{path}"), &body).await;
    assert_eq!(status, 200, "{who} {path} {body}: {answer}");
    answer
}

async fn game<S: TestStore>(s: &TestServer<S>) -> Value {
    s.get(EVENT, &s.token("outsider", false)).await["game"].clone()
}

/// Round `r`'s boards as (board, white, black, status).
async fn boards<S: TestStore>(s: &TestServer<S>, r: usize) -> Vec<(u64, String, String, String)> {
    game(s).await["rounds"][r - 1]["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["board"].as_u64().unwrap(),
                g["white"].as_str().unwrap().to_owned(),
                g["black"].as_str().unwrap().to_owned(),
                g["status"]["status"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

async fn register_field<S: TestStore>(s: &TestServer<S>, t: DateTime<Utc>) {
    for i in 1..=28u32 {
        let entry =
            json!({"name": format!("Player {i:02}"), "rating": 2400 - 17 * i, "federation": "NED"});
        ok(
            s,
            &format!("p{i:02}"),
            t,
            "/registrations",
            json!({"entry": entry}),
        )
        .await;
    }
}

/// White reports every board of round `r` still pending: a result by the
/// board and round (1-0, ½-½, 0-1 in turn).
async fn report_round<S: TestStore>(s: &TestServer<S>, r: usize) {
    for (board, white, _, status) in boards(s, r).await {
        if status != "pending" {
            continue;
        }
        let result = ["1-0", "1/2-1/2", "0-1"][(board as usize + r) % 3];
        let body = json!({"action": "report-result", "round": r, "board": board, "result": result});
        ok(
            s,
            &white,
            day(r as i64) + Duration::hours(3),
            "/actions",
            body,
        )
        .await;
    }
}

async fn weekend_open<S: TestStore>(s: TestServer<S>) {
    let t0 = day(-1);
    s.clock.set(t0);
    s.create(&json!({"id": "weekend-open", "kind": "swiss", "name": "Weekend Open"}))
        .await;
    ok(
        &s,
        "org",
        t0,
        "/roles",
        json!({"user": "arb", "role": "arbiter"}),
    )
    .await;
    let settings = json!({"rounds": 7, "half_point_byes": 1, "half_point_byes_until_round": 5,
        "late_entries_until_round": 2, "tiebreaks": ["buchholz-cut-1", "buchholz", "sonneborn-berger", "progressive"]});
    ok(
        &s,
        "arb",
        t0,
        "/actions",
        json!({"action": "set-up", "settings": settings}),
    )
    .await;
    register_field(&s, t0).await;
    ok(
        &s,
        "p05",
        t0,
        "/actions",
        json!({"action": "request-bye", "round": 2}),
    )
    .await;
    // swiss regulations: one half-point bye a player.
    let (st, answer) = s
        .post_as(
            "p05",
            t0,
            &format!("{EVENT}/actions"),
            &json!({"action": "request-bye", "round": 3}),
        )
        .await;
    assert_refused(st, &answer, "swiss regulations");
    // Only the organizer and the arbiter pair.
    let (st, answer) = s
        .post_as("p01", t0, &format!("{EVENT}/rounds"), &json!({}))
        .await;
    assert_eq!(st, 403, "{answer}");

    ok(&s, "arb", day(1), "/rounds", json!({})).await;
    // dutch G: the first board's Black does not appear.
    let (_, _, no_show, _) = boards(&s, 1).await[0].clone();
    ok(
        &s,
        "arb",
        day(1),
        "/actions",
        json!({"action": "set-result", "round": 1, "board": 1, "result": "+-"}),
    )
    .await;
    report_round(&s, 1).await;
    // Two late entrants before round 2 (entries close after round 2).
    for (p, rating) in [("late1", 2290), ("late2", 1990)] {
        let entry = json!({"name": p, "rating": rating});
        ok(&s, p, day(1), "/registrations", json!({"entry": entry})).await;
    }
    ok(&s, "p20", day(1), "/actions", json!({"action": "withdraw"})).await;
    for r in 2..=7usize {
        ok(&s, "arb", day(r as i64), "/rounds", json!({})).await;
        if r == 3 {
            let (st, answer) = s
                .post_as(
                    "late3",
                    day(3),
                    &format!("{EVENT}/registrations"),
                    &json!({"entry": {"name": "Too late"}}),
                )
                .await;
            assert_refused(st, &answer, "swiss regulations");
        }
        if r == 4 {
            correct_and_repair(&s).await;
        }
        report_round(&s, r).await;
    }
    let g = game(&s).await;
    assert_eq!(g["finished"], true);
    assert_eq!(g["standings"]["after_round"], 7);
    let lines = g["standings"]["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 30);
    // Points never increase down the table.
    let points: Vec<f64> = lines
        .iter()
        .map(|l| l["points"].as_f64().unwrap())
        .collect();
    assert!(points.windows(2).all(|w| w[0] >= w[1]), "{points:?}");
    read_resources(&s, &g).await;
    // Nobody is paired after withdrawing: p20 from round 2, the no-show
    // from round 2 (dutch G), p05 not in round 2 (the bye asked for).
    for r in 2..=7 {
        let paired: Vec<String> = boards(&s, r)
            .await
            .into_iter()
            .flat_map(|b| [b.1, b.2])
            .collect();
        assert!(!paired.contains(&"p20".to_owned()), "round {r}");
        assert!(!paired.contains(&no_show), "round {r}");
        if r == 2 {
            assert!(!paired.contains(&"p05".to_owned()));
        }
    }
    let trf = s
        .get_text(&format!("{EVENT}/trf"), &s.token("outsider", false))
        .await;
    let check = arbiter_domain::chess::cli::pair("dutch-2006", &trf, true);
    let differing: Vec<&str> = check
        .stdout
        .lines()
        .filter(|l| l.contains("differs"))
        .collect();
    assert!(
        differing.iter().all(|l| l.starts_with("round 4:")),
        "{}\n{trf}",
        check.stdout
    );
    assert_eq!(check.stdout.matches(": ok").count(), 6, "{}", check.stdout);
}

/// The event's read resources agree with its view: the standings walked a
/// page of 7 at a time (30 lines: pages of 7, 7, 7, 7, 2), each line's
/// deciding clause named where it is ahead of the next (dutch H); one
/// round's pairings and bye; one game; the TRF under both routes.
async fn read_resources<S: TestStore>(s: &TestServer<S>, g: &Value) {
    let token = s.token("outsider", false);
    let mut lines = Vec::new();
    let mut cursor: Option<String> = None;
    let mut pages = 0;
    loop {
        let path = match &cursor {
            None => format!("{EVENT}/standings?limit=7"),
            Some(c) => format!("{EVENT}/standings?limit=7&cursor={c}"),
        };
        let page = s.get(&path, &token).await;
        assert_eq!(page["after_round"], 7);
        assert_eq!(page["tiebreaks"][0]["name"], "buchholz-cut-1");
        lines.extend(page["items"].as_array().unwrap().iter().cloned());
        pages += 1;
        match page["next_cursor"].as_str() {
            Some(c) => cursor = Some(c.to_owned()),
            None => break,
        }
    }
    assert_eq!(pages, 5);
    let view_lines = g["standings"]["lines"].as_array().unwrap();
    assert_eq!(lines.len(), view_lines.len());
    for (line, seen) in lines.iter().zip(view_lines) {
        assert_eq!(line["player"], seen["player"]);
        assert_eq!(line["place"], seen["place"]);
        match line["ahead_by"].as_str() {
            None => assert!(line["decided_by"].is_null(), "{line}"),
            Some("points") => assert_eq!(line["decided_by"], "dutch H"),
            Some(_) => assert_eq!(line["decided_by"], "fide-tb"),
        }
    }
    let rounds = s.get(&format!("{EVENT}/rounds"), &token).await;
    assert_eq!(rounds["items"].as_array().unwrap().len(), 7);
    assert_eq!(rounds["items"][0]["complete"], true);
    let pairings = s.get(&format!("{EVENT}/pairings/2"), &token).await;
    let view_round = &g["rounds"][1];
    assert_eq!(pairings["bye"], view_round["bye"]);
    assert_eq!(pairings["items"], view_round["games"]);
    let one = s.get(&format!("{EVENT}/games/2.1"), &token).await;
    assert_eq!(one["game"], view_round["games"][0]);
    let trf = s.get_text(&format!("{EVENT}/trf"), &token).await;
    assert!(trf.contains("XXR"), "{trf}");
    // trf16 001: the federation entered is in columns 54–56.
    let first = trf.lines().find(|l| l.starts_with("001")).unwrap();
    assert_eq!(first.get(53..56), Some("NED"), "{first}");
    let trf25 = s.get_text(&format!("{EVENT}/trf-2025"), &token).await;
    assert!(trf25.lines().any(|l| l.starts_with("142")), "{trf25}");
    // Why each round was paired: round 1 by the engine, round 4 by hand
    // after the correction (dutch F6, F7), beside the engine's own pairing.
    let why = s.get(&format!("{EVENT}/explanations/1"), &token).await;
    assert_eq!(why["published_is_engines"], true, "{why}");
    assert_eq!(
        why["engine"]["boards"].as_array().map(Vec::len),
        g["rounds"][0]["games"].as_array().map(Vec::len)
    );
    let four = s.get(&format!("{EVENT}/explanations/4"), &token).await;
    assert!(four["manual"].as_str().unwrap().contains("corrected"));
    assert_eq!(four["published_is_engines"], false);
    for (path, status) in [
        ("/games/9.1", 404),
        ("/games/2", 404),
        ("/pairings/x", 404),
        ("/standings?limit=501", 400),
        ("/standings?cursor=%ZZ", 400),
        ("/leaderboard", 404),
    ] {
        let r = s
            .http
            .get(s.url(&format!("{EVENT}{path}")))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status().as_u16(), status, "{path}");
    }
}

/// dutch F7: the arbiter corrects a round-3 result after round 4 is
/// published; F6 then lets the arbiter pair round 4 again by hand. The
/// manual pairing swaps one board's colours (the first the absolute
/// criteria allow) and keeps its reason.
async fn correct_and_repair<S: TestStore>(s: &TestServer<S>) {
    let round4 = boards(s, 4).await;
    let swap = |i: usize| -> Value {
        let boards: Vec<Value> = round4
            .iter()
            .enumerate()
            .map(|(j, (_, w, b, _))| {
                if i == j {
                    json!({"white": b, "black": w})
                } else {
                    json!({"white": w, "black": b})
                }
            })
            .collect();
        json!({"action": "set-pairing", "round": 4, "boards": boards, "reason": "the result of round 3 board 2 was corrected"})
    };
    let (st, answer) = s
        .post_as("arb", day(4), &format!("{EVENT}/actions"), &swap(0))
        .await;
    assert_refused(st, &answer, "dutch F6");
    // White reported 0-1 on round 3's board 2 ((2 + 3) mod 3 = 2).
    let fix = json!({"action": "set-result", "round": 3, "board": 2, "result": "1-0",
        "reason": "the score sheet shows another result"});
    ok(s, "arb", day(4), "/actions", fix).await;
    let mut done = false;
    for i in 0..round4.len() {
        let mut body = swap(i);
        if let Some(bye) = game(s).await["rounds"][3]["bye"].as_str() {
            body["bye"] = json!(bye);
        }
        let (st, _) = s
            .post_as("arb", day(4), &format!("{EVENT}/actions"), &body)
            .await;
        if st == 200 {
            done = true;
            break;
        }
        assert_eq!(st, 422);
    }
    assert!(done, "some board's colours could be swapped");
    assert!(game(s).await["rounds"][3]["manual"]
        .as_str()
        .unwrap()
        .contains("corrected"));
}

/// Eight players rated 2400 down to 1700 (`a`…`h`) entered in `event` under
/// `settings`, with `e` and `g` club mates kept apart by the regulations
/// (without that, Baku's lower group pairs e-g in round 1).
pub(crate) async fn baku_club_night<S: TestStore>(
    s: &TestServer<S>,
    event: &str,
    at: DateTime<Utc>,
    settings: Value,
) {
    let set_up = json!({"action": "set-up", "settings": settings});
    let (st, a) = s
        .post_as("org", at, &format!("{event}/actions"), &set_up)
        .await;
    assert_eq!(st, 200, "{a}");
    for (i, who) in ["a", "b", "c", "d", "e", "f", "g", "h"]
        .into_iter()
        .enumerate()
    {
        let entry = json!({"entry": {"name": who.to_uppercase(), "rating": 2400 - 100 * i}});
        let (st, a) = s
            .post_as(who, at, &format!("{event}/registrations"), &entry)
            .await;
        assert_eq!(st, 200, "{a}");
    }
    let keep = json!({"action": "prohibit-pairings", "players": ["e", "g"]});
    let (st, a) = s
        .post_as("org", at, &format!("{event}/actions"), &keep)
        .await;
    assert_eq!(st, 200, "{a}");
}

/// A club night: eight players, the Baku acceleration (C.04.5.1), two club
/// mates kept apart by the regulations, and a rematch the arbiter keeps by
/// override when he must, recorded with the clause it breaks.
async fn club_night<S: TestStore>(s: TestServer<S>) {
    const NIGHT: &str = "/v1/competitions/club-night";
    let t0 = day(-1);
    s.clock.set(t0);
    s.create(&json!({"id": "club-night", "kind": "swiss", "name": "Club Night"}))
        .await;
    let post = |who: &'static str, path: &'static str, body: Value| {
        let s = &s;
        async move { s.post_as(who, t0, &format!("{NIGHT}{path}"), &body).await }
    };
    baku_club_night(&s, NIGHT, t0, json!({"rounds": 5, "acceleration": "baku"})).await;
    let (st, a) = post("org", "/rounds", json!({})).await;
    assert_eq!(st, 200, "{a}");
    let round1 =
        s.get(NIGHT, &s.token("outsider", false)).await["game"]["rounds"][0]["games"].clone();
    let pairs: Vec<(String, String)> = round1
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["white"].as_str().unwrap().into(),
                g["black"].as_str().unwrap().into(),
            )
        })
        .collect();
    // GA = a b c d, pairing among themselves (a-c, d-b); then e-h, g-f
    // (dutch D1: e-g is kept apart), worked by hand.
    let want: Vec<(String, String)> = [("a", "c"), ("d", "b"), ("e", "h"), ("g", "f")]
        .iter()
        .map(|(w, b)| ((*w).into(), (*b).into()))
        .collect();
    assert_eq!(pairs, want);
    for board in 1..=4 {
        let set = json!({"action": "set-result", "round": 1, "board": board, "result": "1-0"});
        assert_eq!(post("org", "/actions", set).await.0, 200);
    }
    // Round 2 by hand with a rematch (a-c again): refused, then kept by override.
    let boards = json!([{"white": "c", "black": "a"}, {"white": "b", "black": "d"},
        {"white": "f", "black": "e"}, {"white": "h", "black": "g"}]);
    let mut by_hand = json!({"action": "set-pairing", "round": 2, "boards": boards,
        "reason": "the hall has four boards left and the players agreed"});
    let (st, a) = post("org", "/actions", by_hand.clone()).await;
    assert_refused(st, &a, "dutch B1a");
    by_hand["override_absolute"] = json!(true);
    let (st, a) = post("org", "/actions", by_hand).await;
    assert_eq!(st, 200, "{a}");
    let token = s.token("outsider", false);
    let pairings = s.get(&format!("{NIGHT}/pairings/2"), &token).await;
    assert_eq!(
        pairings["overridden"][0]["clause"], "dutch B1a",
        "{pairings}"
    );
    let why = s.get(&format!("{NIGHT}/explanations/2"), &token).await;
    assert_eq!(why["published_is_engines"], false);
    assert_eq!(why["overridden"][0]["clause"], "dutch B1a");
}

on_both_stores!(swiss_event, super::weekend_open);
on_both_stores!(swiss_club_night, super::club_night);
