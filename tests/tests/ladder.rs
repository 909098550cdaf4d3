//! The club ladder's term of twelve Fridays for a club of 30, over HTTP with a
//! fake clock, on both stores. The story and its hand-worked
//! expectations are the domain's (`arbiter_domain::testkit::ladder_story`, run in
//! memory by `shared/domain/tests/ladder_term.rs`); here every command travels
//! as JSON through the API (`/v1/competitions` for creating the club,
//! `/registrations` for joining, `/votes` for panel votes, `/actions` for the
//! rest), every schedule runs through its function, and the leaderboard is
//! read from the API's view.

use arbiter_domain::competition::{self, Actor, Competition, CompetitionId, Role, UserId};
use arbiter_domain::ladder::{self, AppealSubject, Command, Event, GameResult};
use arbiter_domain::refusal::{Refusal, RefusalKind};
use arbiter_domain::rulebook::Action;
use arbiter_domain::testkit::ladder_story::{self, u, Driver};
use arbiter_e2e::TestServer;
use arbiter_e2e::TestStore;
use chrono::{DateTime, Utc};
use serde_json::{json, Value};
use std::borrow::Cow;

const CLUB: &str = "/v1/competitions/friday-club";

/// Drives the club through the API. Commands are sent at `now` (the fake
/// clock is set before each request); the test thread blocks on a runtime
/// that also serves the API.
struct Term<S> {
    rt: tokio::runtime::Runtime,
    s: TestServer<S>,
    now: DateTime<Utc>,
    /// The last log version read by `events_since_last_read`.
    last_read: u64,
}

impl<S: TestStore> Driver for Term<S> {
    fn now(&self) -> DateTime<Utc> {
        self.now
    }

    fn set_now(&mut self, now: DateTime<Utc>) {
        self.now = now;
    }

    fn commit(&mut self, actor: Actor, cmd: competition::Command) -> Result<Vec<Event>, Refusal> {
        self.s.clock.set(self.now);
        let (status, answer) = match (actor, cmd) {
            (Actor::Schedule(name), competition::Command::Tick) => {
                let function = arbiter_service::schedules::schedule(&name)
                    .expect("known schedule")
                    .function;
                let report = self
                    .rt
                    .block_on(arbiter::server::fire(self.s.app.clone(), function, &name))
                    .expect("schedule runs");
                assert_eq!(report.failed, 0);
                // The sweep's events are in the log: read what this run appended.
                return Ok(self.events_since_last_read());
            }
            (Actor::User(who), competition::Command::Create { kind, name }) => {
                let body = json!({"id": ladder_story::CLUB, "kind": kind, "name": name});
                let (status, answer) = self.post(&who, true, "/v1/competitions", body);
                assert_eq!(status, 201, "{answer}");
                return Ok(ladder_events(&answer["events"]));
            }
            (Actor::User(who), competition::Command::GrantRole { user, role }) => self.post(
                &who,
                false,
                &format!("{CLUB}/roles"),
                json!({"user": user, "role": role}),
            ),
            (Actor::User(who), competition::Command::ClubLadder(cmd)) => {
                let mut body = serde_json::to_value(&cmd).unwrap();
                let action = body["action"].as_str().unwrap().to_owned();
                let path = match action.as_str() {
                    "join" => "/registrations",
                    "cast-vote" => "/votes",
                    _ => "/actions",
                };
                if path != "/actions" {
                    body.as_object_mut().unwrap().remove("action");
                }
                self.post(&who, false, &format!("{CLUB}{path}"), body)
            }
            (actor, cmd) => panic!("{actor:?} {cmd:?} is not sent by this test"),
        };
        if status != 200 {
            assert_eq!(answer["status"], status, "problem+json: {answer}");
            let kind = match status {
                422 => RefusalKind::Rule,
                403 => RefusalKind::Forbidden,
                404 => RefusalKind::NotFound,
                409 => RefusalKind::Conflict,
                _ => RefusalKind::Invalid,
            };
            return Err(Refusal {
                kind,
                clause: answer["clause"].as_str().map(|c| c.to_owned().into()),
                detail: answer["detail"].as_str().unwrap_or_default().to_owned(),
            });
        }
        self.events_since_last_read();
        Ok(ladder_events(&answer["events"]))
    }

    fn competition(&self) -> Cow<'_, Competition> {
        let id = CompetitionId::try_from(ladder_story::CLUB).unwrap();
        Cow::Owned(std::sync::Arc::unwrap_or_clone(
            self.rt
                .block_on(self.s.app.service.load(&id))
                .unwrap()
                .unwrap(),
        ))
    }

    /// The view as the API shows it to any member.
    fn view(&self) -> Value {
        self.rt
            .block_on(self.s.get(CLUB, &self.s.token("p01", false)))
    }
}

impl<S: TestStore> Term<S> {
    /// POSTs `body` to `path` as `who` (with the organizer's claim if
    /// `organizer`): the status and the JSON answer.
    fn post(&self, who: &UserId, organizer: bool, path: &str, body: Value) -> (u16, Value) {
        self.rt.block_on(async {
            let r = self
                .s
                .http
                .post(self.s.url(path))
                .bearer_auth(self.s.token(who.as_str(), organizer))
                .json(&body)
                .send()
                .await
                .unwrap();
            (r.status().as_u16(), r.json().await.unwrap())
        })
    }

    /// The ladder events appended since the last call, from the audit log
    /// as the Chief Justice sees it.
    fn events_since_last_read(&mut self) -> Vec<Event> {
        let log = self.rt.block_on(self.s.get(
            &format!("{CLUB}/log?cursor={}&limit=500", self.last_read),
            &self.s.token("cj", false),
        ));
        let entries = log["entries"].as_array().unwrap();
        if let Some(last) = entries.last() {
            self.last_read = last["version"].as_u64().unwrap();
        }
        entries
            .iter()
            .flat_map(|e| ladder_events(&e["events"]))
            .collect()
    }
}

fn ladder_events(events: &Value) -> Vec<Event> {
    events
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["type"] == "club-ladder")
        .map(|e| serde_json::from_value(e.clone()).unwrap_or_else(|err| panic!("{e}: {err}")))
        .collect()
}

fn term<S: TestStore>(rt: tokio::runtime::Runtime, s: TestServer<S>) {
    ladder_story::twelve_fridays(Term {
        rt,
        s,
        now: DateTime::default(),
        last_read: 0,
    });
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

#[test]
fn ladder_term_over_http_embedded() {
    let rt = runtime();
    let s = rt.block_on(arbiter_e2e::embedded());
    term(rt, s);
}

#[test]
fn ladder_term_over_http_dynamo() {
    let rt = runtime();
    if let Some(s) = rt.block_on(arbiter_e2e::dynamo()) {
        term(rt, s);
    }
}

// ===== club I.9.5–I.9.9: the anti-cheat information over every endpoint.

const AC_CLUB: &str = "/v1/competitions/anti-cheat-club";
/// Unique markers: the raw information and its redacted version.
const RAW: &str = "RAW-7f3c9e-stockfish-on-ann-laptop";
const REDACTED: &str = "REDACTED-k3vw8q-an-engine-was-running";

/// POSTs a ladder command as `who` (joins to `/registrations`, the rest to
/// `/actions`), with an optional Idempotency-Key: the status and the raw body.
async fn send<S: TestStore>(
    s: &TestServer<S>,
    who: &str,
    cmd: &Command,
    key: Option<&str>,
) -> (u16, String) {
    let mut body = serde_json::to_value(cmd).unwrap();
    let path = if cmd.name() == "join" {
        body.as_object_mut().unwrap().remove("action");
        "/registrations"
    } else {
        "/actions"
    };
    let mut req = s
        .http
        .post(s.url(&format!("{AC_CLUB}{path}")))
        .bearer_auth(s.token(who, false))
        .json(&body);
    if let Some(key) = key {
        req = req.header("Idempotency-Key", key);
    }
    let r = req.send().await.unwrap();
    (r.status().as_u16(), r.text().await.unwrap())
}

/// A command that must succeed; its receipt, as JSON and as the raw body.
async fn accepted<S: TestStore>(s: &TestServer<S>, who: &str, cmd: Command) -> (Value, String) {
    let (status, text) = send(s, who, &cmd, None).await;
    assert_eq!(status, 200, "{who} {}: {text}", cmd.name());
    (serde_json::from_str(&text).unwrap(), text)
}

/// Every GET route of `docs/openapi.json` that shows a competition, as `who`
/// sees it: (route, raw body). The document itself is left out: it is the
/// same for everyone and names every event type the API has.
async fn every_get<S: TestStore>(s: &TestServer<S>, who: &str) -> Vec<(String, String)> {
    let mut seen = Vec::new();
    for path in [
        "/v1/competitions".to_owned(),
        AC_CLUB.to_owned(),
        format!("{AC_CLUB}/log?limit=500"),
        format!("{AC_CLUB}/log?cursor=5&limit=3"),
        format!("{AC_CLUB}/rules"),
        // The read resources keep the reports as secret as the view.
        format!("{AC_CLUB}/leaderboard?limit=500"),
        format!("{AC_CLUB}/members/{who}?limit=500"),
    ] {
        let r = s
            .http
            .get(s.url(&path))
            .bearer_auth(s.token(who, false))
            .send()
            .await
            .unwrap();
        seen.push((path, r.text().await.unwrap()));
    }
    // The club is listed publicly: its pages are read by anyone.
    seen.push((
        "/pages/anti-cheat-club/*".to_owned(),
        s.public_pages("anti-cheat-club").await,
    ));
    seen
}

/// What `who` can see of the report over every GET route: nothing, the
/// redacted version only, or the raw information too.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sees {
    Nothing,
    Redacted,
    Raw,
}

async fn check_sees<S: TestStore>(s: &TestServer<S>, who: &str, expected: Sees, clause: &str) {
    let bodies = every_get(s, who).await;
    let all: String = bodies.iter().map(|(_, b)| b.as_str()).collect();
    for (route, body) in &bodies {
        if expected != Sees::Raw {
            assert!(
                !body.contains(RAW),
                "{clause}: {who} sees the raw information at GET {route}"
            );
        }
        if expected == Sees::Nothing {
            assert!(
                !body.contains(REDACTED),
                "{clause}: {who} sees the redacted information at GET {route}"
            );
            // Not even that it exists, nor to whom it was released.
            for trace in [
                "anti-cheat-report-filed",
                "anti-cheat-released",
                "file-anti-cheat-report",
                "release-anti-cheat",
            ] {
                assert!(
                    !body.contains(trace),
                    "{clause}: {who} sees {trace} at GET {route}"
                );
            }
        }
    }
    match expected {
        Sees::Nothing => {}
        Sees::Redacted => assert!(
            all.contains(REDACTED),
            "{clause}: {who} should see the redacted information"
        ),
        Sees::Raw => assert!(
            all.contains(RAW) && all.contains(REDACTED),
            "{clause}: {who} should see the raw information"
        ),
    }
}

async fn anti_cheat_redaction<S: TestStore>(s: TestServer<S>) {
    s.clock.set(arbiter_e2e::start_time());
    s.create(
        &json!({"id": "anti-cheat-club", "kind": "club-ladder", "name": "Friday Lunch Chess Club"}),
    )
    .await;
    let r = s
        .http
        .post(s.url(&format!("{AC_CLUB}/public")))
        .bearer_auth(s.token("org", false))
        .json(&json!({"public": true}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    for (who, role) in [
        ("mod1", Role::Moderator),
        ("mod2", Role::Moderator),
        ("j1", Role::Justice),
        ("j2", Role::Justice),
        ("j3", Role::Justice),
        ("j4", Role::Justice),
        ("cj", Role::ChiefJustice),
    ] {
        let r = s
            .http
            .post(s.url(&format!("{AC_CLUB}/roles")))
            .bearer_auth(s.token("org", false))
            .json(&json!({"user": who, "role": role}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200);
    }
    accepted(
        &s,
        "org",
        Command::Configure {
            settings: ladder::Settings::default(),
        },
    )
    .await;
    for who in ["ann", "bob", "cat"] {
        accepted(&s, who, Command::Join { member: None }).await;
    }
    // An online game (J.10: any day, any place), ended by a spectating
    // justice (I.9.6).
    let (started, _) = accepted(
        &s,
        "ann",
        Command::StartOnlineGame {
            white: u("ann"),
            black: u("bob"),
        },
    )
    .await;
    let game = started["events"][0]["game"].as_u64().unwrap();
    accepted(
        &s,
        "j4",
        Command::FinishOnlineGame {
            game,
            result: GameResult::BlackWins,
        },
    )
    .await;

    // The Chief Justice files what the program gathered (I.9.5); the receipt
    // goes to the Chief Justice alone, who has complete access.
    let file = Command::FileAntiCheatReport {
        game,
        member: u("ann"),
        raw: RAW.into(),
        redacted: REDACTED.into(),
    };
    let (status, receipt) = send(&s, "cj", &file, Some("report-1")).await;
    assert_eq!(status, 200, "{receipt}");
    assert!(
        receipt.contains(RAW),
        "club I.9.5: the Chief Justice's receipt"
    );
    // The same Idempotency-Key from someone else is their own request: it
    // is refused and answers nothing of the Chief Justice's receipt.
    let (status, answer) = send(&s, "mod1", &file, Some("report-1")).await;
    assert_eq!(status, 403, "{answer}");
    assert!(
        !answer.contains(RAW) && !answer.contains(REDACTED),
        "club I.9.5: a replayed key leaks the receipt: {answer}"
    );
    check_sees(&s, "cj", Sees::Raw, "club I.9.5").await;
    for who in ["ann", "bob", "cat", "mod1", "mod2", "j1", "j4"] {
        check_sees(&s, who, Sees::Nothing, "club I.9.5").await;
    }

    // Released, redacted, to mod1 at the Chief Justice's discretion (I.9.5).
    let id = CompetitionId::try_from("anti-cheat-club").unwrap();
    let report = match &s.app.service.load(&id).await.unwrap().unwrap().game {
        competition::Game::ClubLadder(l) => *l.reports.keys().next().unwrap(),
        _ => unreachable!(),
    };
    let (_, receipt) = accepted(
        &s,
        "cj",
        Command::ReleaseAntiCheat {
            report,
            to: u("mod1"),
        },
    )
    .await;
    assert!(!receipt.contains(RAW) && !receipt.contains(REDACTED));
    check_sees(&s, "mod1", Sees::Redacted, "club I.9.5").await;
    for who in ["ann", "bob", "cat", "mod2", "j1", "j4"] {
        check_sees(&s, who, Sees::Nothing, "club I.9.5").await;
    }

    // ann petitions the Court on the game (I.9.7); at the start of the
    // appeal the bench gets the redacted information (I.9.8), no one else.
    let (filed, receipt) = accepted(
        &s,
        "ann",
        Command::FileAppeal {
            subject: AppealSubject::Game { game },
            grounds: "the game was ended without due accordance with FIDE rules".into(),
        },
    )
    .await;
    assert!(!receipt.contains(RAW) && !receipt.contains(REDACTED));
    let appeal = filed["events"][0]["appeal"].as_u64().unwrap();
    accepted(&s, "cj", Command::GrantHearing { appeal }).await;
    accepted(
        &s,
        "cj",
        Command::Empanel {
            appeal,
            justices: vec![u("j1"), u("j2"), u("j3")],
        },
    )
    .await;
    for j in ["j1", "j2", "j3"] {
        check_sees(&s, j, Sees::Redacted, "club I.9.8").await;
    }
    for who in ["ann", "bob", "cat", "mod2", "j4"] {
        check_sees(&s, who, Sees::Nothing, "club I.9.8").await;
    }

    // One vote of three is no majority (I.9.9): still redacted.
    let (_, receipt) = accepted(&s, "j1", Command::OrderRawAntiCheat { appeal }).await;
    assert!(!receipt.contains(RAW) && !receipt.contains(REDACTED));
    check_sees(&s, "j1", Sees::Redacted, "club I.9.9").await;
    // A justice off the bench cannot order it.
    let (status, answer) = send(&s, "j4", &Command::OrderRawAntiCheat { appeal }, None).await;
    assert_eq!(status, 403, "{answer}");
    assert!(answer.contains("club I.9.9"), "{answer}");
    // The second vote is a majority: the bench sees the raw information.
    let (ordered, receipt) = accepted(&s, "j2", Command::OrderRawAntiCheat { appeal }).await;
    assert_eq!(ordered["events"][0]["ordered"], true, "club I.9.9");
    assert!(!receipt.contains(RAW) && !receipt.contains(REDACTED));
    for j in ["j1", "j2", "j3"] {
        check_sees(&s, j, Sees::Raw, "club I.9.9").await;
    }
    check_sees(&s, "mod1", Sees::Redacted, "club I.9.9").await;
    check_sees(&s, "cj", Sees::Raw, "club I.9.9").await;
    for who in ["ann", "bob", "cat", "mod2", "j4"] {
        check_sees(&s, who, Sees::Nothing, "club I.9.9").await;
    }
}

arbiter_e2e::on_both_stores!(
    club_i_9_5_to_i_9_9_anti_cheat_redaction,
    super::anti_cheat_redaction
);
