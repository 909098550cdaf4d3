//! Notifications end to end, on both stores: competitions driven over
//! HTTP with a fake clock, every user subscribed over HTTP with a signed webhook
//! to a loopback inbox, the commits handed to the real `notify` function as
//! DynamoDB Stream batches, and the reminder schedule run through it. What reached
//! whom is read off the inbox, each signature checked. Expected recipients, texts
//! and points are worked out by hand from the rules cited on each test.

use arbiter_domain::chess::acwc::testkit::{facts, settings_2019};
use arbiter_domain::competition::{Game, Role, UserId, ROLES_CLAUSE};
use arbiter_domain::ladder::{Command as Ladder, DeclarationChannel};
use arbiter_e2e::notifications::{Notifications, Received};
use arbiter_e2e::{assert_refused, on_both_stores, TestServer, TestStore};
use chrono::{DateTime, Duration, Utc};
use serde_json::{json, Value};
use std::collections::BTreeSet;

// ---------------------------------------------------------------- helpers

fn at(s: &str) -> DateTime<Utc> {
    s.parse().expect("an instant")
}

fn u(s: &str) -> UserId {
    UserId::try_from(s).expect("a user id")
}

/// Creates competition `id` of `kind` as `org` (an organizer) at `now`.
async fn create<S: TestStore>(s: &TestServer<S>, id: &str, kind: &str, now: DateTime<Utc>) {
    s.clock.set(now);
    let r = s
        .http
        .post(s.url("/v1/competitions"))
        .bearer_auth(s.token("org", true))
        .json(&json!({"id": id, "kind": kind, "name": id}))
        .send()
        .await
        .expect("request");
    assert_eq!(r.status(), 201, "create {id}");
}

/// An accepted POST to `/v1/competitions/{id}{path}`; its answer.
async fn ok<S: TestStore>(
    s: &TestServer<S>,
    who: &str,
    now: DateTime<Utc>,
    id: &str,
    path: &str,
    body: Value,
) -> Value {
    let (status, answer) = s
        .post_as(who, now, &format!("/v1/competitions/{id}{path}"), &body)
        .await;
    assert_eq!(status, 200, "{who} {path} {body} at {now}: {answer}");
    answer
}

/// The organizer grants `role` to each of `users`.
async fn grant<S: TestStore>(s: &TestServer<S>, id: &str, role: Role, users: &[&str]) {
    let now = arbiter_http::Clock::now(&*s.clock);
    for user in users {
        ok(
            s,
            "org",
            now,
            id,
            "/roles",
            json!({"user": user, "role": role}),
        )
        .await;
    }
}

/// A request's status and JSON answer (`Null` for an empty body).
async fn call<S: TestStore>(
    s: &TestServer<S>,
    method: reqwest::Method,
    path: &str,
    who: &str,
) -> (u16, Value) {
    let r = s
        .http
        .request(method, s.url(path))
        .bearer_auth(s.token(who, false))
        .send()
        .await
        .expect("request");
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// How many messages about `event` reached each of `users`, in order.
fn counts<S: TestStore>(n: &Notifications<S>, users: &[&str], event: &str) -> Vec<usize> {
    users.iter().map(|user| n.to(user, event).len()).collect()
}

/// What every message carries (the notices' message model).
fn well_formed(r: &Received, competition: &str, clause: &str) {
    let b = &r.body;
    assert_eq!(b["competition"], competition, "{b}");
    assert_eq!(b["clause"], clause, "{b}");
    // Absolute under the server's address, so it opens from a mail client.
    let link = b["link"].as_str().unwrap_or_default();
    assert!(link.starts_with("http://127.0.0.1:"), "{b}");
    assert!(
        link.ends_with(&format!("/v1/competitions/{competition}")),
        "{b}"
    );
    for field in ["event", "subject", "text"] {
        assert!(
            b[field].as_str().is_some_and(|v| !v.is_empty()),
            "{field}: {b}"
        );
    }
}

// ---------------------------------------------------------------- a board

const POWERS: [&str; 7] = [
    "AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY",
];
const SWEEP: &str = "deadline-sweep";

fn player(power: &str) -> String {
    format!("{}-player", power.to_lowercase())
}

fn players() -> Vec<String> {
    POWERS.iter().map(|p| player(p)).collect()
}

/// Monday 5 January 2026, 12:00 UTC, plus `hours`.
fn t(hours: i64) -> DateTime<Utc> {
    at("2026-01-05T12:00:00Z") + Duration::hours(hours)
}

/// A board `id` with a GM (`gm`) and a TD (`td`), set up at t(0) with Spring
/// 1901 due at t(120) and `extra` settings (captains, teams).
async fn board<S: TestStore>(s: &TestServer<S>, id: &str, extra: Value) {
    create(s, id, "diplomacy-game", t(0)).await;
    grant(s, id, Role::GameMaster, &["gm"]).await;
    grant(s, id, Role::TournamentDirector, &["td"]).await;
    let mut settings = json!({
        "players": POWERS.iter().map(|p| (p.to_string(), json!(player(p))))
            .collect::<serde_json::Map<_, _>>(),
        "last_year": 1903,
        "first_deadline": t(120),
    });
    if let (Some(settings), Some(extra)) = (settings.as_object_mut(), extra.as_object()) {
        settings.extend(extra.clone());
    }
    ok(
        s,
        "gm",
        t(0),
        id,
        "/actions",
        json!({"action": "set-up", "settings": settings}),
    )
    .await;
}

async fn game<S: TestStore>(s: &TestServer<S>, id: &str) -> Value {
    s.get(&format!("/v1/competitions/{id}"), &s.token("gm", false))
        .await["game"]
        .clone()
}

async fn phase<S: TestStore>(s: &TestServer<S>, id: &str) -> String {
    game(s, id).await["position"]["phase"]
        .as_str()
        .expect("a phase")
        .to_owned()
}

/// `power`'s player submits `lines` for the current phase.
async fn orders<S: TestStore>(
    s: &TestServer<S>,
    id: &str,
    power: &str,
    lines: &[&str],
    is_final: bool,
    now: DateTime<Utc>,
) {
    let phase = phase(s, id).await;
    ok(
        s,
        &player(power),
        now,
        id,
        "/orders",
        json!({"power": power, "phase": phase, "orders": lines, "final": is_final}),
    )
    .await;
}

/// Every power but `except` holds (an empty order set), final.
async fn hold<S: TestStore>(s: &TestServer<S>, id: &str, except: &[&str], now: DateTime<Utc>) {
    for p in POWERS.iter().filter(|p| !except.contains(p)) {
        orders(s, id, p, &[], true, now).await;
    }
}

/// Every power holds, final, at t(1); the sweep at t(24) adjudicates Spring 1901
/// early (wm D.VII.2: every set final and 24 hours since the game began).
async fn adjudicate_spring_1901<S: TestStore>(s: &TestServer<S>, id: &str) {
    hold(s, id, &[], t(1)).await;
    assert_eq!(s.fire(SWEEP, t(24)).await.changed, 1);
    assert_eq!(phase(s, id).await, "F1901M");
}

/// Everyone holds through 1901, final, each phase adjudicated early a day
/// apart (wm D.VII.2); answers the time of the last adjudication.
async fn play_1901<S: TestStore>(s: &TestServer<S>, id: &str) -> DateTime<Utc> {
    let mut now = t(24);
    while phase(s, id).await.contains("1901") {
        hold(s, id, &[], now - Duration::hours(1)).await;
        assert_eq!(s.fire(SWEEP, now).await.changed, 1, "{now}");
        now += Duration::hours(24);
    }
    now - Duration::hours(24)
}

/// Subscribes each of `users` to `id`'s notices addressed to them.
async fn subscribe_all<S: TestStore>(
    n: &Notifications<S>,
    s: &TestServer<S>,
    id: &str,
    users: &[&str],
) {
    for user in users {
        n.subscribe(s, id, user, "mine").await;
    }
}

/// A board `id` (no teams) whose seven players, its GM and `more` subscribe to
/// what is addressed to them.
async fn board_with_subscribers<S: TestStore>(
    s: &TestServer<S>,
    id: &str,
    more: &[&str],
) -> Notifications<S> {
    board(s, id, json!({})).await;
    let n = Notifications::start(s).await;
    let mut users = players();
    users.push("gm".into());
    users.extend(more.iter().map(|u| u.to_string()));
    let users: Vec<&str> = users.iter().map(String::as_str).collect();
    subscribe_all(&n, s, id, &users).await;
    n
}

// ---------------------------------------------------------------- 1. wm B.8.b

/// wm B.8.b: "the GM will notify the TD who will send an email to both the Team
/// Captain and Team Members". Germany (captain `germany-captain`, team
/// `germany-player` and two mates) sends nothing for Spring 1902: its units hold
/// (wm D.VII.6.c) and the NMR reaches the TD, the captain and each team member
/// exactly once; France's captain and team, the other players and the GM (not
/// named by B.8.b in a team round) hear nothing of it.
async fn wm_b_8_b_an_nmr_in_a_team_round_reaches_the_td_the_captain_and_the_team<S: TestStore>(
    s: TestServer<S>,
) {
    const ID: &str = "wm-team";
    board(
        &s,
        ID,
        json!({
            "captains": {"GERMANY": "germany-captain", "FRANCE": "france-captain"},
            "teams": {
                "GERMANY": ["germany-player", "germany-mate-1", "germany-mate-2"],
                "FRANCE": ["france-player", "france-mate"],
            },
        }),
    )
    .await;
    let n = Notifications::start(&s).await;
    let mut everyone: Vec<String> = players();
    everyone.extend(
        [
            "gm",
            "td",
            "germany-captain",
            "germany-mate-1",
            "germany-mate-2",
            "france-captain",
            "france-mate",
        ]
        .map(String::from),
    );
    let everyone: Vec<&str> = everyone.iter().map(String::as_str).collect();
    subscribe_all(&n, &s, ID, &everyone).await;

    let last = play_1901(&s, ID).await;
    assert_eq!(phase(&s, ID).await, "S1902M");
    n.flush(&s, ID).await;
    assert!(n.recipients("nmr-recorded").is_empty(), "no NMR in 1901");

    // Spring 1902: everyone but Germany final; at the deadline Germany NMRs.
    hold(&s, ID, &["GERMANY"], last + Duration::hours(1)).await;
    let deadline: DateTime<Utc> = game(&s, ID).await["deadline"]
        .as_str()
        .expect("a deadline")
        .parse()
        .expect("an instant");
    assert_eq!(s.fire(SWEEP, deadline).await.changed, 1);
    let report = n.flush(&s, ID).await;
    assert_eq!(report.unreachable, 0, "everyone told has a subscription");

    let told = [
        "td",
        "germany-captain",
        "germany-player",
        "germany-mate-1",
        "germany-mate-2",
    ];
    let expected: Vec<usize> = everyone
        .iter()
        .map(|u| usize::from(told.contains(u)))
        .collect();
    assert_eq!(
        counts(&n, &everyone, "nmr-recorded"),
        expected,
        "{everyone:?}"
    );
    for user in told {
        let m = &n.to(user, "nmr-recorded")[0];
        well_formed(m, ID, "wm B.8.b");
        assert_eq!(m.body["subject"], "NMR: Germany in S1902M");
        let text = m.body["text"].as_str().unwrap();
        assert!(text.contains("Germany sent no orders for S1902M"), "{text}");
        assert!(text.contains("units held"), "wm D.VII.6.c: {text}");
    }
    // One event, one message id per target: the five messages are distinct.
    let ids: BTreeSet<String> = told
        .iter()
        .map(|u| n.to(u, "nmr-recorded")[0].idempotency_key.clone())
        .collect();
    assert_eq!(ids.len(), told.len());
}
on_both_stores!(
    wm_b_8_b_team_nmr,
    super::wm_b_8_b_an_nmr_in_a_team_round_reaches_the_td_the_captain_and_the_team
);

/// wm D.VII.6.b, B.8.a–b: in Spring 1901 a missing power withholds the results
/// (no NMR is recorded in 1901); the TD, the GM, Russia's player, its captain
/// and its team are told once, under wm D.VII.6.b, and nobody else.
async fn wm_d_vii_6_b_a_withheld_1901_phase_reaches_the_td_gm_captain_and_team<S: TestStore>(
    s: TestServer<S>,
) {
    const ID: &str = "wm-team-1901";
    board(
        &s,
        ID,
        json!({
            "captains": {"RUSSIA": "russia-captain"},
            "teams": {"RUSSIA": ["russia-player", "russia-mate"]},
        }),
    )
    .await;
    let n = Notifications::start(&s).await;
    let mut everyone: Vec<String> = players();
    everyone.extend(["gm", "td", "russia-captain", "russia-mate"].map(String::from));
    let everyone: Vec<&str> = everyone.iter().map(String::as_str).collect();
    subscribe_all(&n, &s, ID, &everyone).await;

    hold(&s, ID, &["RUSSIA"], t(1)).await;
    assert_eq!(s.fire(SWEEP, t(24)).await.changed, 0, "Russia is not final");
    assert_eq!(s.fire(SWEEP, t(120)).await.changed, 1);
    n.flush(&s, ID).await;

    let told = ["td", "gm", "russia-player", "russia-captain", "russia-mate"];
    let expected: Vec<usize> = everyone
        .iter()
        .map(|u| usize::from(told.contains(u)))
        .collect();
    assert_eq!(counts(&n, &everyone, "adjudication-withheld"), expected);
    for user in told {
        let m = &n.to(user, "adjudication-withheld")[0];
        well_formed(m, ID, "wm D.VII.6.b");
        assert_eq!(m.body["subject"], "NMR in S1901M: results withheld");
        assert!(m.body["text"]
            .as_str()
            .unwrap()
            .starts_with("No orders from Russia for S1901M."));
    }
    assert!(
        n.recipients("phase-adjudicated").is_empty(),
        "nothing released"
    );
    assert!(n.recipients("nmr-recorded").is_empty(), "no NMR in 1901");
}
on_both_stores!(
    wm_d_vii_6_b_withheld_1901,
    super::wm_d_vii_6_b_a_withheld_1901_phase_reaches_the_td_gm_captain_and_team
);

// ---------------------------------------------------------------- 2. club III.2.4

/// club III.2.4.1 a): a declaration is public when "sent via email to all the
/// Moderators, Justices, Chief Justice and the accused". mod1 deducts 20 from
/// ann and declares it: both moderators, the four justices, the Chief Justice and
/// ann each receive it once; bob (a member, neither accused nor affected) and
/// an `announcements` subscriber receive nothing (the builder names users only:
/// the rules say who, not everyone).
async fn club_iii_2_4_a_declaration_reaches_the_officers_and_the_accused_only<S: TestStore>(
    s: TestServer<S>,
) {
    const ID: &str = "friday-club";
    // Friday 9 January 2026, 12:00 UTC, before the session.
    let now = at("2026-01-09T12:00:00Z");
    create(&s, ID, "club-ladder", now).await;
    grant(&s, ID, Role::Moderator, &["mod1", "mod2"]).await;
    grant(&s, ID, Role::Justice, &["j1", "j2", "j3", "j4"]).await;
    grant(&s, ID, Role::ChiefJustice, &["cj"]).await;
    for member in ["ann", "bob"] {
        ok(&s, member, now, ID, "/registrations", json!({})).await;
    }
    let act = |who: &'static str, cmd: Ladder| {
        let s = &s;
        async move {
            ok(
                s,
                who,
                now,
                ID,
                "/actions",
                serde_json::to_value(cmd).unwrap(),
            )
            .await
        }
    };
    act(
        "mod2",
        Ladder::ChangeScore {
            member: u("ann"),
            delta: 100,
            reason: "seeded".into(),
            offence: None,
        },
    )
    .await;
    let receipt = act(
        "mod1",
        Ladder::ChangeScore {
            member: u("ann"),
            delta: -20,
            reason: "lengthened games so others could not play".into(),
            offence: Some("overran on 9 January".into()),
        },
    )
    .await;
    assert!(receipt["events"].as_array().is_some_and(|e| !e.is_empty()));
    // The id the ladder gave the deduction: the last it handed out.
    let stored = s
        .app
        .service
        .load(&ID.try_into().unwrap())
        .await
        .unwrap()
        .expect("the club");
    let Game::ClubLadder(ladder) = &stored.game else {
        panic!("a ladder")
    };
    let power_use = ladder.next_id - 1;

    let n = Notifications::start(&s).await;
    let officers = ["mod1", "mod2", "j1", "j2", "j3", "j4", "cj"];
    let everyone = [officers.as_slice(), &["ann", "bob"]].concat();
    subscribe_all(&n, &s, ID, &everyone).await;
    n.subscribe(&s, ID, "club-discord", "announcements").await;
    let before = n.flush(&s, ID).await;
    assert_eq!(before.sent, 0, "a use of power is told by its declaration");

    act(
        "mod1",
        Ladder::Declare {
            power_use,
            statement: "deducted 20 from ann for overrunning on 9 January".into(),
            channel: DeclarationChannel::EmailToAll,
        },
    )
    .await;
    let report = n.flush(&s, ID).await;
    // Seven officers and the accused.
    assert_eq!(report.sent, 8, "{report:?}");
    let all = [everyone.as_slice(), &["club-discord"]].concat();
    assert_eq!(
        counts(&n, &all, "declared"),
        [1, 1, 1, 1, 1, 1, 1, 1, 0, 0],
        "{all:?}"
    );
    for user in [officers.as_slice(), &["ann"]].concat() {
        let m = &n.to(user, "declared")[0];
        well_formed(m, ID, "club III.2.4");
        assert_eq!(
            m.body["subject"],
            "Declaration: a score change of -20 against ann"
        );
        let text = m.body["text"].as_str().unwrap();
        assert!(text.starts_with("mod1 declares use of power"), "{text}");
        assert!(text.contains("overrunning on 9 January"), "{text}");
    }
    assert_eq!(n.received().len(), 8, "nothing else went anywhere");
}
on_both_stores!(
    club_iii_2_4_declaration,
    super::club_iii_2_4_a_declaration_reaches_the_officers_and_the_accused_only
);

// ---------------------------------------------------------------- 3. nomic 209

const SEED: &str = include_str!("../../shared/domain/src/nomic/initial-rules.json");

/// nomic 209: "announce their new total followed by the change in parenthesis",
/// e.g. "Ben P: 150 (+4)". Five players, none with points yet.
///
/// Monday: chris proposes; chris, dave and ben vote yes, alext no, alexw does
/// not vote. Unanimity is needed in the first circuits (nomic 204), so it is
/// defeated. nomic 203 pays the proposer floor(max(10, R - 290) * Y / V) with R
/// the highest existing rule (215 in the seed: 215 - 290 < 10), Y = 3 yes and
/// V = 4 votes cast: floor(10 * 3 / 4) = floor(7.5) = 7, so "chris: 7 (+7)";
/// nomic 207 takes 10 from a defeated proposer: 7 - 10 = -3, "chris: -3 (-10)".
///
/// Tuesday: dave proposes to transmute rule 115, all five vote yes, and it is
/// adopted. No rule was added (301 was defeated), so R = 215 and dave gets
/// floor(10 * 5 / 5) = 10: "dave: 10 (+10)".
///
/// Each goes to the `announcements` subscriber, in that order; a `mine`
/// subscriber gets none (the points thread is public).
async fn nomic_209_points_are_announced_as_total_and_change<S: TestStore>(s: TestServer<S>) {
    const ID: &str = "nomic-2026";
    let setup = at("2026-03-14T10:00:00Z");
    create(&s, ID, "nomic", setup).await;
    let seed: Value = serde_json::from_str(SEED).unwrap();
    ok(
        &s,
        "org",
        setup,
        ID,
        "/actions",
        json!({"action": "import-rules", "rules": seed}),
    )
    .await;
    for (p, day) in [
        ("chris", "monday"),
        ("dave", "tuesday"),
        ("ben", "wednesday"),
        ("alext", "thursday"),
        ("alexw", "friday"),
    ] {
        ok(
            &s,
            "org",
            setup,
            ID,
            "/registrations",
            json!({"player": p, "day": day}),
        )
        .await;
    }
    ok(
        &s,
        "org",
        at("2026-03-15T12:00:00Z"),
        ID,
        "/actions",
        json!({"action": "begin"}),
    )
    .await;
    let n = Notifications::start(&s).await;
    n.subscribe(&s, ID, "points-thread", "announcements").await;
    n.subscribe(&s, ID, "chris", "mine").await;

    let propose = |who: &'static str, now: &'static str, change: Value| {
        let s = &s;
        async move {
            let receipt = ok(
                s,
                who,
                at(now),
                ID,
                "/actions",
                json!({"action": "propose", "change": change}),
            )
            .await;
            let e = receipt["events"]
                .as_array()
                .unwrap()
                .iter()
                .find(|e| e["event"] == "proposal-submitted")
                .cloned()
                .unwrap_or_else(|| panic!("no proposal in {receipt}"));
            e["proposal"]["number"]
                .as_u64()
                .or(e["number"].as_u64())
                .unwrap()
        }
    };
    let vote = |who: &'static str, now: &'static str, proposal: u64, vote: &'static str| {
        let s = &s;
        async move {
            ok(
                s,
                who,
                at(now),
                ID,
                "/votes",
                json!({"proposal": proposal, "vote": vote}),
            )
            .await;
        }
    };

    // Monday 16 March (GMT, so UK time is UTC).
    let p = propose(
        "chris",
        "2026-03-16T09:00:00Z",
        json!({"op": "enact", "text": ["Players greet each other."]}),
    )
    .await;
    for who in ["chris", "dave", "ben"] {
        vote(who, "2026-03-16T10:00:00Z", p, "yes").await;
    }
    vote("alext", "2026-03-16T10:00:00Z", p, "no").await;
    s.fire("nomic-end-of-day", at("2026-03-17T00:00:00Z")).await;
    // Tuesday 17 March.
    let p = propose(
        "dave",
        "2026-03-17T09:00:00Z",
        json!({"op": "transmute", "rule": 115}),
    )
    .await;
    for who in ["chris", "dave", "ben", "alext", "alexw"] {
        vote(who, "2026-03-17T10:00:00Z", p, "yes").await;
    }
    s.fire("nomic-end-of-day", at("2026-03-18T00:00:00Z")).await;
    n.flush(&s, ID).await;

    let lines: Vec<Received> = n.to("points-thread", "points-changed");
    let subjects: Vec<&str> = lines
        .iter()
        .map(|m| m.body["subject"].as_str().unwrap())
        .collect();
    assert_eq!(
        subjects,
        ["chris: 7 (+7)", "chris: -3 (-10)", "dave: 10 (+10)"]
    );
    for m in &lines {
        well_formed(m, ID, "nomic 209");
        let subject = m.body["subject"].as_str().unwrap();
        assert!(points_form(subject), "nomic 209 form: {subject}");
        let text = m.body["text"].as_str().unwrap();
        assert_eq!(text.lines().next(), Some(subject), "{text}");
    }
    assert!(
        n.to("chris", "points-changed").is_empty(),
        "public notices go to announcements"
    );
}
/// `<player>: <total> (<signed change>)`, e.g. `Ben P: 150 (+4)` (nomic 209).
fn points_form(line: &str) -> bool {
    let Some((name, rest)) = line.split_once(": ") else {
        return false;
    };
    let Some((total, change)) = rest.split_once(" (") else {
        return false;
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let change = change.strip_suffix(')').unwrap_or_default();
    !name.is_empty()
        && digits(total.strip_prefix('-').unwrap_or(total))
        && (change.starts_with('+') || change.starts_with('-'))
        && digits(&change[1..])
}

on_both_stores!(
    nomic_209_points,
    super::nomic_209_points_are_announced_as_total_and_change
);

// ---------------------------------------------------------------- 4. acwc IV.E

/// acwc IV.E (and IV.D for the first round): five players entered, p01 the
/// highest seed (ratings 2592, 2574, 2556, 2548, 2530). acwc III.F.4 pairs the
/// highest unpaired with the closest on a fresh ranking: p01-p02, p03-p04, and
/// the lowest, p05, has the bye. The weekly schedule publishes round 1 on Monday
/// 30 September 2019; it ends Sunday 6 October 23:59:59 UTC (acwc IV.F). Each
/// paired player receives exactly one message naming their opponent's account,
/// p05 one about the bye, the TD nothing, and an `announcements` subscriber the
/// whole list.
async fn acwc_iv_e_pairings_reach_every_paired_player_and_the_public<S: TestStore>(
    s: TestServer<S>,
) {
    const ID: &str = "acwc-2019";
    let now = at("2019-09-02T10:00:00Z");
    create(&s, ID, "acwc", now).await;
    grant(&s, ID, Role::TournamentDirector, &["td"]).await;
    let mut settings = settings_2019();
    settings.qualification_starts = at("2019-09-30T00:00:00Z");
    ok(
        &s,
        "org",
        now,
        ID,
        "/actions",
        json!({"action": "configure", "settings": settings}),
    )
    .await;
    let ratings = [2592, 2574, 2556, 2548, 2530];
    for (i, rating) in (1..=5).zip(ratings) {
        ok(
            &s,
            "org",
            now,
            ID,
            "/registrations",
            json!({"player": format!("p0{i}"), "facts": facts(&format!("acc{i}"), rating)}),
        )
        .await;
    }
    let n = Notifications::start(&s).await;
    let users = ["p01", "p02", "p03", "p04", "p05", "td"];
    subscribe_all(&n, &s, ID, &users).await;
    n.subscribe(&s, ID, "club-site", "announcements").await;

    assert_eq!(
        s.fire("weekly-round-publication", at("2019-09-30T00:00:00Z"))
            .await
            .changed,
        1
    );
    n.flush(&s, ID).await;

    assert_eq!(counts(&n, &users, "round-published"), [1, 1, 1, 1, 1, 0]);
    let due = "All matches of the round must be completed by 2019-10-06 23:59:59 UTC (acwc IV.F).";
    for (me, opponent) in [
        ("p01", "acc2"),
        ("p02", "acc1"),
        ("p03", "acc4"),
        ("p04", "acc3"),
    ] {
        let m = &n.to(me, "round-published")[0];
        well_formed(m, ID, "acwc IV.E");
        assert_eq!(
            m.body["subject"],
            format!("Qualification round 1: you play {opponent}")
        );
        let text = m.body["text"].as_str().unwrap();
        assert!(text.contains(&format!("you play {opponent}")), "{text}");
        assert!(text.ends_with(due), "{text}");
    }
    let bye = &n.to("p05", "round-published")[0];
    well_formed(bye, ID, "acwc IV.E");
    assert_eq!(
        bye.body["text"],
        "Qualification round 1: you have the bye and play no match this round."
    );
    let public = n.to("club-site", "round-published");
    assert_eq!(public.len(), 1);
    well_formed(&public[0], ID, "acwc IV.E");
    assert_eq!(
        public[0].body["text"],
        format!(
            "Qualification round 1 pairings:\nq1.1: acc1 - acc2\nq1.2: acc3 - acc4\nbye: acc5\n{due}"
        )
    );
}
on_both_stores!(
    acwc_iv_e_pairings,
    super::acwc_iv_e_pairings_reach_every_paired_player_and_the_public
);

// ---------------------------------------------------------------- 5. replays

/// At-least-once delivery without duplicates: a stream batch handed
/// to `notify` twice sends nothing the second time, and a batch mixing replayed
/// records with new ones sends only the new. Spring 1901's adjudication goes to
/// the seven players and the GM (wm D.IX.2) and to the one `announcements`
/// subscriber: 9 messages.
async fn a_replayed_stream_batch_sends_no_duplicate<S: TestStore>(s: TestServer<S>) {
    const ID: &str = "wm-replay";
    let n = board_with_subscribers(&s, ID, &[]).await;
    n.subscribe(&s, ID, "fan", "announcements").await;

    adjudicate_spring_1901(&s, ID).await;
    let first = n.next_batch(&s, ID).await;
    let sent = n.deliver(first.clone()).await;
    assert_eq!((sent.sent, sent.duplicates, sent.failed), (9, 0, 0));
    assert_eq!(n.received().len(), 9);
    let again = n.deliver(first.clone()).await;
    assert_eq!((again.sent, again.duplicates), (0, sent.sent), "{again:?}");
    assert_eq!(n.received().len(), 9, "the replay sent nothing");

    // Fall 1901, adjudicated a day later; its records arrive with the old ones.
    hold(&s, ID, &[], t(25)).await;
    assert_eq!(s.fire(SWEEP, t(48)).await.changed, 1);
    let second = n.next_batch(&s, ID).await;
    let mut records = first["Records"].as_array().unwrap().clone();
    records.extend(second["Records"].as_array().unwrap().iter().cloned());
    let mixed = n.deliver(json!({"Records": records})).await;
    assert_eq!((mixed.sent, mixed.duplicates), (9, 9), "{mixed:?}");
    let received = n.received();
    assert_eq!(received.len(), 18);
    let ids: BTreeSet<&str> = received
        .iter()
        .map(|r| r.idempotency_key.as_str())
        .collect();
    assert_eq!(ids.len(), 18, "no message arrived twice");
    for user in players().iter().map(String::as_str).chain(["gm", "fan"]) {
        let subjects: Vec<String> = n
            .to(user, "phase-adjudicated")
            .iter()
            .map(|r| r.body["subject"].as_str().unwrap().to_owned())
            .collect();
        assert_eq!(
            subjects,
            [
                "S1901M adjudicated; next phase F1901M",
                "F1901M adjudicated; next phase S1902M"
            ],
            "{user}"
        );
    }
}
on_both_stores!(
    replayed_batch,
    super::a_replayed_stream_batch_sends_no_duplicate
);

/// De-duplication by target: two subscriptions of the GM to one
/// mailbox (spelt with different case) get one e-mail of the adjudication
/// (wm D.IX.2), not two.
async fn two_subscriptions_to_one_mailbox_get_one_message<S: TestStore>(s: TestServer<S>) {
    const ID: &str = "wm-dedup";
    board(&s, ID, json!({})).await;
    let n = Notifications::start(&s).await;
    for address in ["gm@example.org", "GM@Example.org"] {
        let (status, answer) = s
            .post_as(
                "gm",
                t(0),
                &format!("/v1/competitions/{ID}/subscriptions"),
                &json!({"channel": "email", "address": address}),
            )
            .await;
        assert_eq!(status, 201, "{answer}");
    }
    adjudicate_spring_1901(&s, ID).await;
    let report = n.flush(&s, ID).await;
    assert_eq!((report.sent, report.duplicates), (1, 0), "{report:?}");
    let mails: Vec<std::path::PathBuf> = std::fs::read_dir(n.mail.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "eml"))
        .collect();
    assert_eq!(mails.len(), 1, "{mails:?}");
    let mail = std::fs::read_to_string(&mails[0]).unwrap();
    assert!(
        mail.contains("Subject: S1901M adjudicated; next phase F1901M\r\n"),
        "{mail}"
    );
    // The link is absolute, so it opens from the mail client.
    let link = format!("(wm D.IX.2) {}", s.url("/v1/competitions/wm-dedup"));
    assert!(mail.contains(&link), "{mail}");
}
on_both_stores!(
    target_dedup,
    super::two_subscriptions_to_one_mailbox_get_one_message
);

// ---------------------------------------------------------------- 6. retries

/// Retry policy and dead letters: France's hook answers 503, then
/// 429 with `Retry-After: 1`, then takes the message: it arrives once, and all
/// three tries carry the same `Idempotency-Key`. Italy's hook fails every try:
/// after `max_attempts` (3) the message is a dead letter the organizer reads
/// (no address, secret or text in it) and a non-organizer may not. Once Italy's
/// hook recovers, replaying the batch delivers it (the failed claim was given
/// back) and nothing else again.
async fn retries_and_dead_letters<S: TestStore>(s: TestServer<S>) {
    const ID: &str = "wm-retry";
    let n = board_with_subscribers(&s, ID, &[]).await;
    n.inbox
        .fail_next("france-player", &[(503, None), (429, Some(1))]);
    n.inbox.fail_next("italy-player", &[(503, None); 5]);

    adjudicate_spring_1901(&s, ID).await;
    let batch = n.next_batch(&s, ID).await;
    let report = n.deliver(batch.clone()).await;
    // Seven players and the GM; Italy's failed.
    assert_eq!((report.sent, report.failed), (7, 1), "{report:?}");

    let france = n.to("france-player", "phase-adjudicated");
    assert_eq!(france.len(), 1, "delivered once");
    let tries = n.inbox.attempts("france-player");
    assert_eq!(
        tries.iter().map(|a| a.status).collect::<Vec<_>>(),
        [503, 429, 200]
    );
    assert!(tries
        .iter()
        .all(|a| a.idempotency_key == france[0].idempotency_key));

    let tries = n.inbox.attempts("italy-player");
    assert_eq!(
        tries.iter().map(|a| a.status).collect::<Vec<_>>(),
        [503, 503, 503],
        "max_attempts"
    );
    let italy_key = tries[0].idempotency_key.clone();
    assert!(tries.iter().all(|a| a.idempotency_key == italy_key));
    assert!(n.to("italy-player", "phase-adjudicated").is_empty());

    let path = format!("/v1/competitions/{ID}/dead-letters");
    let raw = s.get_text(&path, &s.token("org", false)).await;
    let letters: Value = serde_json::from_str(&raw).expect("JSON");
    assert_eq!(letters["next_cursor"], Value::Null, "one page: {raw}");
    let letters = letters["dead_letters"].as_array().expect("a list");
    assert_eq!(letters.len(), 1, "{raw}");
    let letter = &letters[0];
    assert_eq!(letter["id"], italy_key);
    assert_eq!(letter["event"], "phase-adjudicated");
    assert_eq!(letter["clause"], "wm D.IX.2");
    assert_eq!(letter["channel"], "webhook");
    assert_eq!(letter["attempts"], 3);
    for secret in [
        n.inbox.hook("italy-player"),
        n.secret("italy-player"),
        "has been adjudicated".to_owned(),
    ] {
        assert!(!raw.contains(&secret), "{secret:?} in {raw}");
    }
    let (status, answer) = call(&s, reqwest::Method::GET, &path, "gm").await;
    assert_refused(status, &answer, ROLES_CLAUSE);

    // Italy's hook recovers; the stream retries the batch.
    n.inbox.fail_next("italy-player", &[]);
    let replay = n.deliver(batch).await;
    assert_eq!((replay.sent, replay.duplicates, replay.failed), (1, 7, 0));
    let italy = n.to("italy-player", "phase-adjudicated");
    assert_eq!(italy.len(), 1);
    assert_eq!(italy[0].idempotency_key, italy_key, "the same message");
    assert_eq!(n.to("france-player", "phase-adjudicated").len(), 1);
}
on_both_stores!(retries, super::retries_and_dead_letters);

// ---------------------------------------------------------------- 7. secrecy

/// wm D.VIII.4, D.IX.2: orders stay secret until the adjudication and votes for
/// ever. Submitting orders (preliminary or final), proposing a draw and voting
/// cause no message at all. The adjudication and the vote's result name no
/// order and no voter. A subscriber of another competition hears nothing.
async fn secrets_stay_secret<S: TestStore>(s: TestServer<S>) {
    const ID: &str = "wm-secrets";
    let n = board_with_subscribers(&s, ID, &["td"]).await;
    create(&s, "wm-other", "diplomacy-game", t(0)).await;
    n.subscribe(&s, ID, "fan", "announcements").await;
    n.subscribe(&s, "wm-other", "outsider", "announcements")
        .await;

    let french = ["F BRE - MAO", "A PAR - BUR", "A MAR - SPA"];
    let english = ["F LON - ENG", "F EDI - NTH", "A LVP - YOR"];
    orders(&s, ID, "FRANCE", &french, false, t(1)).await;
    orders(&s, ID, "ENGLAND", &english, true, t(1)).await;
    let quiet = n.flush(&s, ID).await;
    assert_eq!((quiet.notices, quiet.sent), (0, 0), "orders: {quiet:?}");

    ok(
        &s,
        "england-player",
        t(2),
        ID,
        "/actions",
        json!({"action": "propose", "proposal": "draw", "powers": POWERS}),
    )
    .await;
    for p in POWERS {
        let ballot = if p == "ITALY" { "no" } else { "yes" };
        ok(
            &s,
            &player(p),
            t(2),
            ID,
            "/votes",
            json!({"proposal": 1, "ballot": ballot}),
        )
        .await;
    }
    let quiet = n.flush(&s, ID).await;
    assert_eq!((quiet.notices, quiet.sent), (0, 0), "votes: {quiet:?}");
    assert!(n.received().is_empty());

    orders(&s, ID, "FRANCE", &french, true, t(3)).await;
    hold(&s, ID, &["FRANCE", "ENGLAND"], t(3)).await;
    assert_eq!(s.fire(SWEEP, t(24)).await.changed, 1);
    n.flush(&s, ID).await;
    n.flush(&s, "wm-other").await;

    // wm D.IX.2: the adjudication and the result go to the seven and the GM,
    // and publicly; Italy's "no" failed the draw, and nobody learns it was Italy.
    let seven_and_gm: Vec<String> = players().into_iter().chain(["gm".into()]).collect();
    for event in ["phase-adjudicated", "proposal-decided"] {
        let mut expected: Vec<String> = seven_and_gm.iter().map(|u| u.to_string()).collect();
        expected.push("fan".into());
        expected.sort();
        assert_eq!(n.recipients(event), expected, "{event}");
    }
    let result = &n.to("italy-player", "proposal-decided")[0];
    well_formed(result, ID, "wm D.IX.2");
    assert_eq!(result.body["subject"], "Proposal 1 failed");
    for r in n.received() {
        let said = format!("{} {}", r.body["subject"], r.body["text"]);
        for secret in french.iter().chain(&english) {
            assert!(
                !said.contains(secret),
                "{secret} told to {}: {said}",
                r.user
            );
        }
        for voter in players() {
            assert!(
                !said.contains(&voter),
                "a voter named to {}: {said}",
                r.user
            );
        }
        for tell in ["yes", "\"no\"", " no ", "ballot", "tally"] {
            assert!(!said.contains(tell), "{tell:?} told to {}: {said}", r.user);
        }
        assert_ne!(r.user, "outsider", "another competition's subscriber");
    }
}
on_both_stores!(secrets, super::secrets_stay_secret);

// ---------------------------------------------------------------- 8. REST

/// Subscriptions over REST: a courtesy topic (`reminder`, wm D.VII.1)
/// may be muted, a required one (`nmr`) not: 422 naming wm B.8.b. A user lists
/// only their own subscriptions, never a secret; another user's subscription is
/// answered as missing (404) to anyone but its owner and the organizer; after its
/// owner deletes it, nothing more reaches them.
async fn subscriptions_over_rest<S: TestStore>(s: TestServer<S>) {
    const ID: &str = "wm-rest";
    let subs = format!("/v1/competitions/{ID}/subscriptions");
    board(&s, ID, json!({})).await;
    let n = Notifications::start(&s).await;
    let england = n
        .subscribe_muting(&s, ID, "england-player", "mine", &["reminder"])
        .await;
    assert_eq!(england["mute"], json!(["reminder"]));
    let france = n.subscribe(&s, ID, "france-player", "mine").await;
    let (status, answer) = s
        .post_as(
            "england-player",
            t(0),
            &subs,
            &json!({"channel": "webhook", "url": n.inbox.hook("england-player"),
                    "mute": ["nmr"]}),
        )
        .await;
    assert_refused(status, &answer, "wm B.8.b");

    let raw = s.get_text(&subs, &s.token("england-player", false)).await;
    let listed: Value = serde_json::from_str(&raw).expect("JSON");
    assert_eq!(listed["next_cursor"], Value::Null, "one page: {raw}");
    let listed = listed["subscriptions"].as_array().expect("a list");
    assert_eq!(listed.len(), 1, "only england's own: {raw}");
    assert_eq!(listed[0]["id"], england["id"]);
    assert_eq!(listed[0]["owner"], "england-player");
    assert!(listed[0].get("secret").is_none(), "{raw}");
    for hidden in [
        n.secret("england-player"),
        n.secret("france-player"),
        france["id"].as_str().unwrap().to_owned(),
    ] {
        assert!(!raw.contains(&hidden), "{hidden} in {raw}");
    }

    let france_sub = format!("{subs}/{}", france["id"].as_str().unwrap());
    for other in ["england-player", "gm"] {
        let (status, _) = call(&s, reqwest::Method::DELETE, &france_sub, other).await;
        assert_eq!(status, 404, "{other} deletes france's subscription");
    }
    let (status, _) = call(&s, reqwest::Method::DELETE, &france_sub, "france-player").await;
    assert_eq!(status, 204);
    let (_, mine) = call(&s, reqwest::Method::GET, &subs, "france-player").await;
    assert_eq!(mine, json!({"subscriptions": [], "next_cursor": null}));

    adjudicate_spring_1901(&s, ID).await;
    n.flush(&s, ID).await;
    assert_eq!(n.to("england-player", "phase-adjudicated").len(), 1);
    assert!(
        n.received().iter().all(|r| r.user != "france-player"),
        "a deleted subscription receives nothing"
    );
}
on_both_stores!(rest, super::subscriptions_over_rest);

/// A subscription create as `who`, with an optional Idempotency-Key.
async fn subscribe_raw<S: TestStore>(
    s: &TestServer<S>,
    id: &str,
    who: &str,
    body: &Value,
    key: Option<&str>,
) -> (u16, Value) {
    let mut req = s
        .http
        .post(s.url(&format!("/v1/competitions/{id}/subscriptions")))
        .bearer_auth(s.token(who, false))
        .json(body);
    if let Some(key) = key {
        req = req.header("Idempotency-Key", key);
    }
    let r = req.send().await.expect("request");
    (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
}

/// Every POST honours its Idempotency-Key, subscriptions too
/// (the same key answers the first subscription again, secret included; the
/// same key with another body is refused), and thirty creates at once keep
/// the limit of ten per user exactly.
async fn subscription_creates_keep_their_key_and_the_limit<S: TestStore>(s: TestServer<S>) {
    const ID: &str = "wm-subs";
    board(&s, ID, json!({})).await;
    let email = |i: usize| json!({"channel": "email", "address": format!("p{i}@example.org")});
    let bodies: Vec<Value> = (0..30).map(email).collect();
    let answers = futures::future::join_all(
        bodies
            .iter()
            .map(|body| subscribe_raw(&s, ID, "england-player", body, None)),
    )
    .await;
    let made = answers.iter().filter(|(status, _)| *status == 201).count();
    assert_eq!(made, 10, "{answers:?}");
    assert!(answers
        .iter()
        .all(|(status, _)| [201, 400].contains(status)));
    let (_, mine) = call(
        &s,
        reqwest::Method::GET,
        &format!("/v1/competitions/{ID}/subscriptions"),
        "england-player",
    )
    .await;
    assert_eq!(
        mine["subscriptions"].as_array().unwrap().len(),
        10,
        "{mine}"
    );

    // A key: the first create and its retries answer one subscription.
    let hook = json!({"channel": "webhook", "url": "https://hooks.example.org/a"});
    let first = subscribe_raw(&s, ID, "france-player", &hook, Some("k-1")).await;
    assert_eq!(first.0, 201, "{first:?}");
    let retries = futures::future::join_all(
        (0..5).map(|_| subscribe_raw(&s, ID, "france-player", &hook, Some("k-1"))),
    )
    .await;
    for (status, answer) in &retries {
        assert_eq!(*status, 201, "{answer}");
        assert_eq!(answer["id"], first.1["id"]);
        assert_eq!(
            answer["secret"], first.1["secret"],
            "the first answer again"
        );
    }
    let other = json!({"channel": "webhook", "url": "https://hooks.example.org/b"});
    let (status, _) = subscribe_raw(&s, ID, "france-player", &other, Some("k-1")).await;
    assert_eq!(status, 400, "the same key with another request");
    // Keys are each user's own.
    let (status, theirs) = subscribe_raw(&s, ID, "italy-player", &hook, Some("k-1")).await;
    assert_eq!(status, 201);
    assert_ne!(theirs["id"], first.1["id"]);
    let (_, france) = call(
        &s,
        reqwest::Method::GET,
        &format!("/v1/competitions/{ID}/subscriptions"),
        "france-player",
    )
    .await;
    assert_eq!(
        france["subscriptions"].as_array().unwrap().len(),
        1,
        "{france}"
    );
}
on_both_stores!(
    keyed_and_limited,
    super::subscription_creates_keep_their_key_and_the_limit
);

// ---------------------------------------------------------------- 9. reminders

/// wm D.VII.1 (24 hours and 1 hour before a deadline): Spring 1901 is
/// due at t(120). England's orders are final, France's preliminary, the others
/// have none; Italy muted reminders. At t(96) the five others (France included)
/// get one reminder each; running again then, and ten minutes later, sends
/// nothing new; at t(119) each of the five gets the second; England and Italy
/// get none.
async fn reminders_before_a_deadline<S: TestStore>(s: TestServer<S>) {
    const ID: &str = "wm-remind";
    board(&s, ID, json!({})).await;
    let n = Notifications::start(&s).await;
    for p in POWERS {
        let mute: &[&str] = if p == "ITALY" { &["reminder"] } else { &[] };
        n.subscribe_muting(&s, ID, &player(p), "mine", mute).await;
    }
    orders(&s, ID, "ENGLAND", &[], true, t(1)).await;
    orders(&s, ID, "FRANCE", &["A PAR - BUR"], false, t(1)).await;
    let reminded = [
        "austria-player",
        "france-player",
        "germany-player",
        "russia-player",
        "turkey-player",
    ];
    let everyone: Vec<String> = players();
    let everyone: Vec<&str> = everyone.iter().map(String::as_str).collect();
    let remind = |now: DateTime<Utc>| {
        s.clock.set(now);
        n.remind()
    };

    let early = remind(t(95)).await;
    assert_eq!(early.sent, 0, "25 hours before: {early:?}");
    let day = remind(t(96)).await;
    assert_eq!((day.sent, day.duplicates), (5, 0), "{day:?}");
    // AUSTRIA ENGLAND FRANCE GERMANY ITALY RUSSIA TURKEY
    assert_eq!(counts(&n, &everyone, "reminder"), [1, 0, 1, 1, 0, 1, 1]);
    for user in reminded {
        let m = &n.to(user, "reminder")[0];
        well_formed(m, ID, "wm D.VII.1");
        assert_eq!(
            m.body["subject"],
            "S1901M: orders due 2026-01-10 12:00:00 UTC"
        );
        assert!(m.body["text"]
            .as_str()
            .unwrap()
            .contains("(less than 24 hours away)"));
    }
    for now in [t(96), t(96) + Duration::minutes(10)] {
        let again = remind(now).await;
        assert_eq!((again.sent, again.duplicates), (0, 5), "{now}: {again:?}");
    }
    let hour = remind(t(119)).await;
    assert_eq!((hour.sent, hour.duplicates), (5, 5), "{hour:?}");
    assert_eq!(counts(&n, &everyone, "reminder"), [2, 0, 2, 2, 0, 2, 2]);
    for user in reminded {
        let last = n.to(user, "reminder").pop().unwrap();
        assert!(last.body["text"]
            .as_str()
            .unwrap()
            .contains("(less than 1 hour away)"));
    }
}
on_both_stores!(reminders, super::reminders_before_a_deadline);
