//! The deployed shape rehearsed on one machine: the real `arbiter-lambda`
//! binary, one warm process per function of template.yaml under an
//! emulated Lambda Runtime API (`arbiter_e2e::lambda`), on a moto table.
//! Every request is the HTTP API's payload 2.0 event sent to the function
//! the template routes it to, every schedule EventBridge Scheduler's
//! `Input`. A Swiss event of 40 players over 3 rounds and a Diplomacy
//! board through Winter 1901's builds are played that way, then read back
//! through the local server on the same table: the same views, the same
//! logs. The functions' clock is moved with libfaketime (see the module
//! `arbiter_e2e::lambda` for what differs from the service).
//!
//! Needs the debug `arbiter-lambda` (`cargo build -p arbiter-lambda`; the
//! README's test command builds it), moto (`ARBITER_DYNAMO_ENDPOINT`) and
//! libfaketime; skipped, saying which is missing, without them.

use arbiter_e2e::lambda::events::{self, HttpRequest, Signed};
use arbiter_e2e::lambda::template::Route;
use arbiter_e2e::lambda::{self, Deployment, Invoked};
use arbiter_e2e::notifications::Inbox;
use arbiter_e2e::TestServer;
use arbiter_store::DynamoStore;
use chrono::{DateTime, Duration, Utc};
use serde_json::{json, Value};

const OPEN: &str = "/v1/competitions/lambda-open";
const BOARD: &str = "/v1/competitions/lambda-board";

/// Monday 5 January 2026, 12:00 UTC, plus `hours`.
fn t(hours: i64) -> DateTime<Utc> {
    "2026-01-05T12:00:00Z".parse::<DateTime<Utc>>().unwrap() + Duration::hours(hours)
}

/// A POST that must be done (200, or 201 for a creation): its answer.
async fn ok(d: &mut Deployment, who: &Signed, path: &str, body: Value) -> Value {
    let a = d
        .http(&HttpRequest::post(path, body.clone(), Some(who.clone())))
        .await;
    assert!(
        a.status == 200 || a.status == 201,
        "{} {path} {body}: {} {}",
        who.sub,
        a.status,
        a.body
    );
    a.body
}

async fn read(d: &mut Deployment, who: &Signed, path: &str) -> Value {
    let a = d.http(&HttpRequest::get(path, Some(who.clone()))).await;
    assert_eq!(a.status, 200, "GET {path}: {}", a.body);
    a.body
}

/// Runs the schedule `name` at `now`: the competitions it changed.
async fn sweep(d: &mut Deployment, name: &str, now: DateTime<Utc>) -> u64 {
    d.set_time(now);
    match d.schedule(name).await {
        Invoked::Response(report) => {
            assert_eq!(report["failed"], 0, "{name} at {now}: {report}");
            report["changed"].as_u64().expect("a sweep report")
        }
        other => panic!("{name} at {now}: {other:?}"),
    }
}

fn player(i: usize) -> Signed {
    Signed::user(&format!("p{i:02}"))
}

/// Round `r`'s boards as (board, white, black, status).
async fn boards(d: &mut Deployment, r: usize) -> Vec<(u64, String, String, String)> {
    let view = read(d, &Signed::user("outsider"), OPEN).await;
    view["game"]["rounds"][r - 1]["games"]
        .as_array()
        .expect("the round's games")
        .iter()
        .map(|g| {
            let s = |k: &str| g[k].as_str().unwrap_or_default().to_owned();
            (
                g["board"].as_u64().unwrap(),
                s("white"),
                s("black"),
                g["status"]["status"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned(),
            )
        })
        .collect()
}

/// 40 players, 3 rounds paired by the pair-round function, every board
/// reported by its White through the act function.
async fn swiss_open(d: &mut Deployment) {
    let (org, arb) = (Signed::organizer("org"), Signed::user("arb"));
    d.set_time(t(-48));
    ok(
        d,
        &org,
        "/v1/competitions",
        json!({"id": "lambda-open", "kind": "swiss", "name": "Lambda Open"}),
    )
    .await;
    ok(
        d,
        &org,
        &format!("{OPEN}/roles"),
        json!({"user": "arb", "role": "arbiter"}),
    )
    .await;
    let settings = json!({"rounds": 3, "half_point_byes": 1, "half_point_byes_until_round": 2,
        "late_entries_until_round": 1, "tiebreaks": ["buchholz-cut-1", "buchholz"]});
    ok(
        d,
        &arb,
        &format!("{OPEN}/actions"),
        json!({"action": "set-up", "settings": settings}),
    )
    .await;
    for i in 1..=40 {
        let entry = json!({"name": format!("Player {i:02}"), "rating": 2500 - 10 * i as i64, "federation": "NED"});
        ok(
            d,
            &player(i),
            &format!("{OPEN}/registrations"),
            json!({"entry": entry}),
        )
        .await;
    }
    for r in 1..=3usize {
        d.set_time(t(-48 + 4 * r as i64));
        ok(d, &arb, &format!("{OPEN}/rounds"), json!({})).await;
        let round = boards(d, r).await;
        assert_eq!(round.len(), 20, "40 players, 20 boards");
        if r == 1 {
            // dutch: round 1 pairs the top half against the bottom half in
            // rating order, board k: seed k against seed k + 20.
            for (board, white, black, _) in &round {
                let mut pair = [white.clone(), black.clone()];
                pair.sort();
                let k = *board as usize;
                assert_eq!(
                    pair,
                    [format!("p{k:02}"), format!("p{:02}", k + 20)],
                    "board {k}"
                );
            }
        }
        for (board, white, _, status) in round {
            assert_eq!(status, "pending");
            let result = ["1-0", "1/2-1/2", "0-1"][(board as usize + r) % 3];
            let body =
                json!({"action": "report-result", "round": r, "board": board, "result": result});
            ok(d, &Signed::user(&white), &format!("{OPEN}/actions"), body).await;
        }
    }
    let game = read(d, &Signed::user("outsider"), OPEN).await["game"].clone();
    assert_eq!(game["finished"], true, "3 of 3 rounds played");
    assert_eq!(game["standings"]["after_round"], 3);
    let lines = game["standings"]["lines"].as_array().expect("standings");
    assert_eq!(lines.len(), 40);
    // 60 games, one point each: no byes were asked for and 40 is even.
    let points: f64 = lines.iter().map(|l| l["points"].as_f64().unwrap()).sum();
    assert_eq!(points, 60.0);
}

const POWERS: [&str; 7] = [
    "AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY",
];

fn power(p: &str) -> Signed {
    Signed::user(&format!("{}-player", p.to_lowercase()))
}

async fn board_game(d: &mut Deployment) -> Value {
    read(d, &Signed::user("gm"), BOARD).await["game"].clone()
}

async fn deadline(d: &mut Deployment) -> DateTime<Utc> {
    board_game(d).await["deadline"]
        .as_str()
        .expect("a deadline")
        .parse()
        .unwrap()
}

/// Preliminary (not final) orders for each power in `orders` at `now`.
async fn order(d: &mut Deployment, phase: &str, orders: &[(&str, &[&str])], now: DateTime<Utc>) {
    d.set_time(now);
    for (p, lines) in orders {
        let body = json!({"power": p, "phase": phase, "orders": lines, "final": false});
        ok(d, &power(p), &format!("{BOARD}/orders"), body).await;
    }
}

/// A sweep a minute before the deadline changes nothing (the sets are
/// preliminary: no early adjudication, wm D.VII.2); at the deadline the
/// board moves on to `next`.
async fn pass_deadline(d: &mut Deployment, next: &str) {
    let due = deadline(d).await;
    assert_eq!(
        sweep(d, "deadline-sweep", due - Duration::minutes(1)).await,
        0
    );
    assert_eq!(
        sweep(d, "deadline-sweep", due).await,
        1,
        "wm D.II.1 preliminary orders count"
    );
    assert_eq!(board_game(d).await["position"]["phase"], next);
}

async fn units(d: &mut Deployment, p: &str) -> Vec<String> {
    let game = board_game(d).await;
    let mut units: Vec<String> = game["position"]["units"][p]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|u| u.as_str().map(str::to_owned))
        .collect();
    units.sort();
    units
}

/// Seven players from Spring 1901 to Spring 1902, each phase closed by the
/// `deadline-sweep` schedule at its deadline.
async fn diplomacy_board(d: &mut Deployment) {
    let (org, gm) = (Signed::organizer("org"), Signed::user("gm"));
    d.set_time(t(0));
    ok(
        d,
        &org,
        "/v1/competitions",
        json!({"id": "lambda-board", "kind": "diplomacy-game", "name": "Lambda board"}),
    )
    .await;
    ok(
        d,
        &org,
        &format!("{BOARD}/roles"),
        json!({"user": "gm", "role": "game-master"}),
    )
    .await;
    let players: serde_json::Map<String, Value> = POWERS
        .iter()
        .map(|p| (p.to_string(), json!(power(p).sub)))
        .collect();
    let settings = json!({
        "players": players, "last_year": 1903, "first_deadline": t(120),
        "turn_lengths": {"movement_hours": 120, "retreat_hours": 24, "adjustment_hours": 24},
    });
    ok(
        d,
        &gm,
        &format!("{BOARD}/actions"),
        json!({"action": "set-up", "settings": settings}),
    )
    .await;
    assert_eq!(deadline(d).await, t(120));
    let none: &[&str] = &[];
    order(
        d,
        "S1901M",
        &[
            ("ENGLAND", &["F LON - NTH"]),
            ("FRANCE", &["F BRE - MAO", "A PAR - BUR", "A MAR - SPA"]),
            ("GERMANY", &["A MUN - RUH", "F KIE - DEN", "A BER - KIE"]),
            ("RUSSIA", &["A MOS - UKR"]),
            ("AUSTRIA", none),
            ("ITALY", none),
            ("TURKEY", none),
        ],
        t(2),
    )
    .await;
    pass_deadline(d, "F1901M").await;
    assert_eq!(units(d, "GERMANY").await, ["A KIE", "A RUH", "F DEN"]);
    let fall = deadline(d).await;
    order(
        d,
        "F1901M",
        &[
            ("FRANCE", &["F MAO - POR", "A BUR - BEL", "A SPA H"]),
            ("GERMANY", &["A RUH - HOL", "F DEN H", "A KIE H"]),
            ("ENGLAND", &["F NTH H"]),
            ("RUSSIA", &["A UKR - RUM"]),
            ("AUSTRIA", none),
            ("ITALY", none),
            ("TURKEY", none),
        ],
        fall - Duration::hours(100),
    )
    .await;
    pass_deadline(d, "W1901A").await;
    // France: 3 home centres + POR, BEL, SPA = 6 for 3 units, 3 builds;
    // Germany 3 + HOL, DEN = 5, 2 builds; Russia 4 + RUM = 5, 1 build.
    let centers = board_game(d).await["position"]["centers"].clone();
    let count = |p: &str| centers[p].as_array().map_or(0, Vec::len);
    assert_eq!(
        (count("FRANCE"), count("GERMANY"), count("RUSSIA")),
        (6, 5, 5)
    );
    let winter = deadline(d).await;
    order(
        d,
        "W1901A",
        &[
            ("FRANCE", &["build A PAR", "build F BRE", "build A MAR"]),
            ("GERMANY", &["build A BER", "build A MUN"]),
            ("RUSSIA", &["build A MOS"]),
        ],
        winter - Duration::hours(2),
    )
    .await;
    pass_deadline(d, "S1902M").await;
    assert_eq!(
        units(d, "GERMANY").await,
        ["A BER", "A HOL", "A KIE", "A MUN", "F DEN"]
    );
    assert_eq!(
        units(d, "FRANCE").await,
        ["A BEL", "A MAR", "A PAR", "A SPA", "F BRE", "F POR"]
    );
    assert_eq!(
        units(d, "RUSSIA").await,
        ["A MOS", "A RUM", "A WAR", "F SEV", "F STP/SC"]
    );
}

/// The same competition read through the Lambda functions and through the
/// local server on the same table, as the same reader at the same time.
async fn same_through_both(
    d: &mut Deployment,
    local: &TestServer<DynamoStore>,
    who: &str,
    paths: &[String],
) {
    local.clock.set(d.now());
    for path in paths {
        let through_lambda = read(d, &Signed::user(who), path).await;
        let through_local = local.get(path, &local.token(who, false)).await;
        assert_eq!(through_lambda, through_local, "GET {path} as {who}");
    }
}

/// What API Gateway and the functions answer to requests outside the play.
async fn refusals(d: &mut Deployment) {
    // A path no route has: API Gateway's own 404, no function runs.
    let a = d
        .http(&HttpRequest::get("/v1/nowhere", Some(Signed::user("x"))))
        .await;
    assert_eq!(
        (a.status, a.body.clone()),
        (404, json!({"message": "Not Found"}))
    );
    // A route the template sends to a function that knows no such
    // resource, and an unknown path sent straight to a function (as a
    // catch-all route would): the function's 404 problem+json.
    let a = d
        .http(&HttpRequest::get(
            &format!("{OPEN}/no-such-resource"),
            Some(Signed::user("x")),
        ))
        .await;
    assert_eq!(a.status, 404, "{}", a.body);
    assert_eq!(
        a.headers["content-type"], "application/problem+json",
        "{:?}",
        a.headers
    );
    let stray = Route {
        method: "GET".into(),
        path: "/v1/nowhere".into(),
        authorized: true,
        handler: "competitions".into(),
    };
    let request = HttpRequest::get("/v1/nowhere", Some(Signed::user("x")));
    let event = events::http_api(&stray, &Default::default(), &request, d.now());
    let a = http_answer(d.invoke("competitions", event).await);
    assert_eq!(a.0, 404, "{}", a.1);
    assert_eq!(a.2["content-type"], "application/problem+json");
    // A request that reaches a function without the authorizer's claims:
    // 401 problem+json, nothing created.
    let open = Route {
        authorized: false,
        ..d.template
            .route("POST", "/v1/competitions")
            .unwrap()
            .0
            .clone()
    };
    let request = HttpRequest::post(
        "/v1/competitions",
        json!({"id": "sneaky", "kind": "swiss", "name": "S"}),
        None,
    );
    let event = events::http_api(&open, &Default::default(), &request, d.now());
    let a = http_answer(d.invoke("competitions", event).await);
    assert_eq!(a.0, 401, "{}", a.1);
    assert_eq!(a.2["content-type"], "application/problem+json");
    // The authorizer renders the groups claim as "[a b]": a member of two
    // groups, organizers among them, may create; a member of none may not.
    let body = json!({"id": "two-groups", "kind": "swiss", "name": "Two groups"});
    let both = Signed::in_groups("ann", &["players", "organizers"]);
    assert_eq!(
        d.http(&HttpRequest::post(
            "/v1/competitions",
            body.clone(),
            Some(both)
        ))
        .await
        .status,
        201
    );
    let body = json!({"id": "no-groups", "kind": "swiss", "name": "No groups"});
    assert_eq!(
        d.http(&HttpRequest::post(
            "/v1/competitions",
            body,
            Some(Signed::user("bob"))
        ))
        .await
        .status,
        403
    );
    // A function whose Handler names no handler reports why through
    // /runtime/init/error before any event is served.
    match d
        .invoke_as("competitions", "no-such-handler", json!({}))
        .await
    {
        Invoked::InitError(e) => {
            assert_eq!(e["errorType"], "Runtime.InitError", "{e}");
            assert!(
                e["errorMessage"]
                    .as_str()
                    .unwrap_or_default()
                    .contains("no-such-handler"),
                "{e}"
            );
        }
        other => panic!("an unknown _HANDLER: {other:?}"),
    }
}

/// (status, body, headers) of a function's payload 2.0 response.
fn http_answer(invoked: Invoked) -> (u64, Value, Value) {
    let Invoked::Response(r) = invoked else {
        panic!("no response: {invoked:?}")
    };
    let body = serde_json::from_str(r["body"].as_str().unwrap_or_default()).unwrap_or(Value::Null);
    (
        r["statusCode"].as_u64().unwrap_or_default(),
        body,
        r["headers"].clone(),
    )
}

/// Every schedule of the template once, as its `Input`; the notifier fed
/// the stream batch of the Swiss event's commits as the table holds them.
async fn schedules_and_stream(d: &mut Deployment, endpoint: &str, table: &str) {
    let names: Vec<String> = d
        .template
        .schedules
        .iter()
        .map(|(input, _)| input["schedule"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(names.len(), 6, "{names:?}");
    for name in names {
        match d.schedule(&name).await {
            Invoked::Response(report) => {
                assert!(
                    report.get("failed").is_none_or(|f| f == 0),
                    "{name}: {report}"
                )
            }
            other => panic!("{name}: {other:?}"),
        }
    }
    let commits: Vec<Value> = lambda::items_of(endpoint, table, "lambda-open")
        .await
        .into_iter()
        .filter(|i| i["SK"]["S"].as_str().is_some_and(|sk| sk.starts_with("V#")))
        .collect();
    // Created, the arbiter, set up, 40 entries, 3 pairings, 60 results.
    assert_eq!(commits.len(), 1 + 1 + 1 + 40 + 3 + 60);
    let arn = format!(
        "arn:aws:dynamodb:{}:123456789012:table/{table}",
        lambda::REGION
    );
    match d
        .invoke("notify", events::stream_batch(&arn, &commits))
        .await
    {
        Invoked::Response(report) => assert_eq!(report["commits"], 106, "{report}"),
        other => panic!("the stream batch: {other:?}"),
    }
}

/// One subscription of `who` to `BOARD` by webhook into `inbox`. It is
/// made through the local server on the same table: the `subscriptions`
/// function refuses a loopback URL (the Runtime API listens there), and
/// the inbox is on loopback.
async fn subscribe(local: &TestServer<DynamoStore>, inbox: &Inbox, who: &str, scope: &str) {
    let body = json!({"channel": "webhook", "url": inbox.hook(who), "scope": scope});
    let path = format!("{BOARD}/subscriptions");
    let (status, answer) = local
        .post_as(who, arbiter_http::Clock::now(&*local.clock), &path, &body)
        .await;
    assert_eq!(status, 201, "{who} subscribes: {answer}");
}

/// `notify` handed `batch`: its report.
async fn notify(d: &mut Deployment, arn: &str, batch: &[Value]) -> Value {
    match d.invoke("notify", events::stream_batch(arn, batch)).await {
        Invoked::Response(report) => {
            assert_eq!(report["failed"], 0, "{report}");
            report
        }
        other => panic!("the stream batch: {other:?}"),
    }
}

/// DynamoDB Streams delivers at least once: the board's commits reach the
/// `notify` function as two overlapping batches, then the first batch
/// again. The GM, France's player (scope `mine`) and a fan (scope
/// `announcements`) are each told of the three adjudications (wm D.IX.2)
/// once: the inbox receives every `webhook-id` once, and the replays count
/// what they skipped as duplicates.
async fn stream_delivered_twice(
    d: &mut Deployment,
    local: &TestServer<DynamoStore>,
    endpoint: &str,
    table: &str,
) {
    let inbox = Inbox::start().await;
    local.clock.set(d.now());
    subscribe(local, &inbox, "gm", "mine").await;
    subscribe(local, &inbox, "france-player", "mine").await;
    subscribe(local, &inbox, "fan", "announcements").await;
    let commits: Vec<Value> = lambda::items_of(endpoint, table, "lambda-board")
        .await
        .into_iter()
        .filter(|i| i["SK"]["S"].as_str().is_some_and(|sk| sk.starts_with("V#")))
        .collect();
    let arn = format!(
        "arn:aws:dynamodb:{}:123456789012:table/{table}",
        lambda::REGION
    );
    let (third, two_thirds) = (commits.len() / 3, commits.len() * 2 / 3);
    let first = notify(d, &arn, &commits[..two_thirds]).await;
    let overlapping = notify(d, &arn, &commits[third..]).await;
    let replay = notify(d, &arn, &commits[..two_thirds]).await;

    let received = inbox.received();
    let mut ids: Vec<&str> = received
        .iter()
        .map(|r| r.idempotency_key.as_str())
        .collect();
    ids.sort_unstable();
    let sent = received.len();
    ids.dedup();
    assert_eq!(ids.len(), sent, "a webhook-id arrived twice");
    let sent_by_reports = first["sent"].as_u64().unwrap() + overlapping["sent"].as_u64().unwrap();
    assert_eq!(sent as u64, sent_by_reports, "{first} {overlapping}");
    assert!(
        overlapping["duplicates"].as_u64().unwrap() > 0,
        "{overlapping}"
    );
    assert_eq!(replay["sent"], 0, "{replay}");
    assert_eq!(replay["duplicates"], first["sent"], "{replay}");
    for user in ["gm", "france-player", "fan"] {
        let subjects: Vec<&str> = received
            .iter()
            .filter(|r| r.user == user && r.body["event"] == "phase-adjudicated")
            .filter_map(|r| r.body["subject"].as_str())
            .collect();
        assert_eq!(
            subjects,
            [
                "S1901M adjudicated; next phase F1901M",
                "F1901M adjudicated; next phase W1901A",
                "W1901A adjudicated; next phase S1902M",
            ],
            "{user}"
        );
    }
}

fn print_measurements(d: &Deployment, binary: &std::path::Path) {
    let size = |p: &std::path::Path| std::fs::metadata(p).map(|m| m.len() / 1024).ok();
    println!(
        "arbiter-lambda (debug) {}: {:?} KiB",
        binary.display(),
        size(binary)
    );
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for release in [
        binary.with_file_name("../release/arbiter-lambda"),
        root.join(".aws-sam/build/CompetitionsFunction/bootstrap"),
    ] {
        if let Some(kib) = size(&release) {
            println!("release build {}: {kib} KiB", release.display());
        }
    }
    println!(
        "{:<22} {:>10} {:>14} {:>12}",
        "function", "init ms", "peak RSS KiB", "invocations"
    );
    for m in d.measured() {
        let init = m
            .init
            .map_or("-".into(), |i| format!("{:.1}", i.as_secs_f64() * 1000.0));
        let rss = m.peak_rss_kb.map_or("-".into(), |r| r.to_string());
        println!(
            "{:<22} {init:>10} {rss:>14} {:>12}",
            m.handler, m.invocations
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_event_and_a_diplomacy_board_through_the_lambda_functions() {
    let Some((binary, endpoint)) = lambda::prerequisites() else {
        return;
    };
    let Some(faketime) = lambda::libfaketime() else {
        eprintln!("skipped: libfaketime is not installed (apt-get install libfaketime)");
        return;
    };
    let table = format!("arbiter-lambda-{}", std::process::id());
    DynamoStore::local(&endpoint, table.clone())
        .await
        .create_table()
        .await
        .expect("create table");
    let mut d = Deployment::new(binary.clone(), Some(faketime), &table, &endpoint, t(0));
    swiss_open(&mut d).await;
    diplomacy_board(&mut d).await;
    let local = arbiter_e2e::dynamo_on(&endpoint, &table).await;
    let open = [OPEN.to_owned(), format!("{OPEN}/log?limit=500")];
    same_through_both(&mut d, &local, "arb", &open).await;
    same_through_both(&mut d, &local, "p07", &open).await;
    let board = [BOARD.to_owned(), format!("{BOARD}/log?limit=500")];
    same_through_both(&mut d, &local, "gm", &board).await;
    same_through_both(&mut d, &local, "france-player", &board).await;
    refusals(&mut d).await;
    schedules_and_stream(&mut d, &endpoint, &table).await;
    stream_delivered_twice(&mut d, &local, &endpoint, &table).await;
    print_measurements(&d, &binary);
    d.shutdown();
}
