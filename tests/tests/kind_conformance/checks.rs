//! The checks every kind passes, each over every state its script reaches.

use super::harness::{command, context, user, Run};
use super::scripts::{Script, Secret, Step};
use arbiter_domain::competition::{Actor, Command, Competition, Role};
use arbiter_domain::refusal::RefusalKind;
use arbiter_e2e::{TestServer, TestStore};
use arbiter_service::{decode_snapshot, encode_snapshot, Service, ServiceConfig};
use chrono::{DateTime, Utc};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::Value;

/// The run after each step: `runs[i]` is the state after step `i`.
pub fn runs(script: &Script) -> Vec<Run> {
    let mut run = Run::new(script);
    (0..script.steps.len())
        .map(|i| {
            run.step(script, i);
            run.clone()
        })
        .collect()
}

/// The viewers: no token, then each named user.
pub fn viewers(script: &Script) -> Vec<Option<&'static str>> {
    std::iter::once(None)
        .chain(script.viewers.iter().map(|v| Some(*v)))
        .collect()
}

// ---- 1. snapshots ----------------------------------------------------------

/// The state through the service's snapshot path, read back.
fn through_snapshot(state: &Competition) -> Competition {
    decode_snapshot(&encode_snapshot(state))
        .unwrap_or_else(|e| panic!("snapshot of version {} unreadable: {e}", state.version))
        .expect("a snapshot holds a state")
}

pub fn snapshots(script: &Script) {
    let runs = runs(script);
    for (i, run) in runs.iter().enumerate() {
        let state = run.state();
        let back = through_snapshot(state);
        assert_eq!(&back, state, "step {i}: the snapshot reads back equal");
        for next in &script.steps {
            let cmd = command(next);
            let ctx = context(next.actor, next.at);
            assert_eq!(
                arbiter_domain::competition::decide(Some(&back), &cmd, &ctx),
                arbiter_domain::competition::decide(Some(state), &cmd, &ctx),
                "step {i}: {} decides alike from the snapshot",
                next.command
            );
        }
    }
}

// ---- 2. secrecy ------------------------------------------------------------

/// Asserts that nothing `viewer` reads on `paths` holds a secret open at
/// step `i` that they may not read, nor names its hidden author.
fn assert_keeps_secrets(
    script: &Script,
    run: &Run,
    i: usize,
    viewer: Option<&str>,
    paths: &[(String, String)],
) {
    assert_keeps(script, run, i, viewer, paths, |_| true);
}

/// [`assert_keeps_secrets`] for the secrets `which` selects.
fn assert_keeps(
    script: &Script,
    run: &Run,
    i: usize,
    viewer: Option<&str>,
    paths: &[(String, String)],
    which: impl Fn(&Secret) -> bool,
) {
    for secret in script.open_secrets(i).filter(|s| which(s)) {
        if script.may_read(secret, viewer) {
            continue;
        }
        if let Some(marker) = secret.marker {
            for (path, text) in paths {
                assert!(
                    !text.contains(marker),
                    "{}: {viewer:?} reads {marker:?} on {path} after step {i}",
                    secret.clause
                );
            }
        }
        let Some(version) = run.commit_of_step[secret.step] else {
            continue;
        };
        if secret.author_hidden {
            let author = script.steps[secret.step].actor;
            let entry =
                run.log[version as usize - 1].log_entry(run.state(), viewer.map(user).as_ref());
            assert!(
                !matches!(&entry.actor, Some(Actor::User(u)) if u.as_str() == author),
                "{}: {viewer:?} learns that {author} made commit {version}",
                secret.clause
            );
        }
    }
}

pub fn secrecy(script: &Script) {
    let runs = runs(script);
    for (i, run) in runs.iter().enumerate() {
        for viewer in viewers(script) {
            let mut paths = run.read_paths(viewer.map(user).as_ref());
            // Refusals: every command of the script, tried by this viewer now.
            for s in &script.steps {
                if let (Some(v), Err(refusal)) =
                    (viewer, run.decide(viewer.unwrap_or("-"), s.at, &command(s)))
                {
                    paths.push((
                        format!("refusal of {v}'s {}", s.command),
                        format!("{refusal:?}"),
                    ));
                }
            }
            assert_keeps_secrets(script, run, i, viewer, &paths);
        }
    }
}

/// What each viewer may do now (`Competition::acts`) on every state:
/// each act is a command of the kind, its title says what it is, it names
/// no secret the viewer may not read, and somewhere in the script the
/// kind offers its people something.
pub fn acts(script: &Script) {
    let runs = runs(script);
    let actions = kind_actions(script.kind);
    let mut offered = 0;
    for (i, run) in runs.iter().enumerate() {
        let at = script.steps[i].at;
        for viewer in script.viewers {
            let acts = run.state().acts(&user(viewer), false, at);
            for act in &acts {
                assert!(
                    actions.contains(&act.action),
                    "step {i}: {viewer} is offered {:?}, not a command of the kind",
                    act.action
                );
                assert!(
                    !act.title.trim().is_empty(),
                    "step {i}: an act without a title"
                );
            }
            offered += acts.len();
            let text = serde_json::to_string(&acts).expect("acts serialize");
            assert_keeps_secrets(script, run, i, Some(viewer), &[("acts".to_owned(), text)]);
        }
    }
    assert!(
        offered > 0,
        "{:?}: the kind never offers anyone an act",
        script.kind
    );
}

/// The actions of `kind`'s command schema.
fn kind_actions(kind: arbiter_domain::competition::Kind) -> Vec<String> {
    let mut generator = schemars::generate::SchemaSettings::draft2020_12().into_generator();
    let root: Value = kind.command_schema(&mut generator).into();
    let defs = generator.take_definitions(true);
    let name = root["$ref"].as_str().and_then(|r| r.rsplit('/').next());
    let variants = name
        .and_then(|n| defs.get(n))
        .and_then(|d| d["oneOf"].as_array())
        .cloned()
        .unwrap_or_default();
    variants
        .iter()
        .filter_map(|v| {
            v["properties"]["action"]["const"]
                .as_str()
                .map(str::to_owned)
        })
        .collect()
}

// ---- 3. roles ----------------------------------------------------------------

pub fn roles(script: &Script) {
    let runs = runs(script);
    let last = runs.len() - 1;
    // The states with the most secrets open: after each secret is planted.
    let mut at: Vec<usize> = script.secrets.iter().map(|s| s.step).collect();
    at.push(last);
    at.dedup();
    for i in at {
        let run = &runs[i];
        let now = script.steps[i].at;
        for who in script.viewers.iter().chain(["newcomer"].iter()) {
            for role in Role::ALL {
                let grant = Command::GrantRole {
                    user: user(who),
                    role,
                };
                let mut granted = run.clone();
                match granted.act("org", now, &grant) {
                    Ok(_) => {
                        // A participant's new office shows them no other
                        // participant's secret.
                        if script.participants.contains(who) {
                            let paths = granted.read_paths(Some(&user(who)));
                            let others = |s: &Secret| {
                                let author = script.steps[s.step].actor;
                                author != *who && script.participants.contains(&author)
                            };
                            assert_keeps(script, &granted, i, Some(who), &paths, others);
                        }
                    }
                    Err(refusal) => assert!(
                        refusal.clause.is_some()
                            && matches!(refusal.kind, RefusalKind::Rule | RefusalKind::Conflict),
                        "granting {role:?} to {who} after step {i}: a refusal names its clause: {refusal:?}"
                    ),
                }
            }
        }
    }
}

// ---- 5. schedules ------------------------------------------------------------

pub fn schedules(script: &Script) {
    for (i, run) in runs(script).iter().enumerate() {
        let mut times = vec![script.steps[i].at];
        times.extend(run.state().next_due());
        for now in times {
            let mut once = run.clone();
            once.tick_until_settled(now);
            let settled = once.state().clone();
            assert!(
                once.decide("schedule", now, &Command::Tick)
                    .expect("a tick")
                    .is_empty(),
                "step {i}: a second tick at {now} decides nothing"
            );
            assert_eq!(once.state(), &settled);
        }
    }
}

// ---- 4. no panic ---------------------------------------------------------------

/// Values at the edges of what JSON fields can hold.
fn extremes() -> Vec<Value> {
    vec![
        Value::Null,
        Value::Bool(true),
        Value::from(0),
        Value::from(-1),
        Value::from(u64::MAX),
        Value::from(i64::MIN),
        Value::from(u32::MAX),
        Value::from(u32::MAX as u64 + 1),
        Value::from(f64::MAX),
        Value::from(""),
        Value::from("x".repeat(100_000)),
        Value::from("ß\u{202e}𝄞\u{0}#/../"),
        Value::from(DateTime::<Utc>::MIN_UTC.to_rfc3339()),
        Value::from(DateTime::<Utc>::MAX_UTC.to_rfc3339()),
        Value::from("+262142-12-31T23:59:59Z"),
        Value::from("9999-12-31T23:59:59Z"),
        Value::from("1970-01-01T00:00:00Z"),
        Value::from("9999-12-31"),
        Value::from("-262143-01-01"),
        serde_json::json!([]),
        serde_json::json!({}),
        serde_json::json!([u64::MAX, -1]),
    ]
}

/// Every path to a leaf of `value`, and to each object and array itself.
fn paths(value: &Value, here: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    out.push(here.clone());
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                here.push(k.clone());
                paths(v, here, out);
                here.pop();
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                here.push(i.to_string());
                paths(v, here, out);
                here.pop();
            }
        }
        _ => {}
    }
}

fn replace(value: &mut Value, path: &[String], with: Value) {
    let Some((first, rest)) = path.split_first() else {
        *value = with;
        return;
    };
    let next = match value {
        Value::Object(map) => map.get_mut(first),
        Value::Array(items) => first.parse::<usize>().ok().and_then(|i| items.get_mut(i)),
        _ => None,
    };
    if let Some(next) = next {
        replace(next, rest, with);
    }
}

/// Mutated commands, tried in turn on one reached state: whatever they
/// decide folds, reads and snapshots without a panic.
fn try_mutants(script: &Script, run: &Run, sequence: &[(&str, DateTime<Utc>, Value)]) {
    let mut after = run.clone();
    for (actor, now, body) in sequence {
        let Ok(cmd) = serde_json::from_value::<Command>(body.clone()) else {
            continue; // the API answers 400 before any rule runs
        };
        if after.act(actor, *now, &cmd).is_err() {
            continue;
        }
        for viewer in viewers(script) {
            after.read_paths(viewer.map(user).as_ref());
        }
        let state = after.state();
        assert_eq!(&through_snapshot(state), state);
        state.reminders(*now);
    }
    if let Some(due) = after.state().next_due() {
        after.tick_until_settled(due);
    }
}

pub fn no_panic(script: &Script) {
    let runs = runs(script);
    let bodies: Vec<(&Step, Vec<Vec<String>>)> = script
        .steps
        .iter()
        .chain(&script.probes)
        .map(|s| {
            let mut out = vec![];
            paths(&s.command, &mut vec![], &mut out);
            (s, out)
        })
        .collect();
    let extremes = extremes();
    // Every field of every command at every extreme, on the last state.
    let last = runs.last().expect("a script has steps");
    for (s, fields) in &bodies {
        for field in fields {
            for value in &extremes {
                let mut mutant = s.command.clone();
                replace(&mut mutant, field, value.clone());
                try_mutants(script, last, &[(s.actor, s.at, mutant)]);
            }
        }
    }
    // Then random sequences of mutants on every reached state, by anyone:
    // a far deadline, then an extension of it.
    let mutant = (
        0..bodies.len(),
        proptest::collection::vec((any::<prop::sample::Index>(), 0..extremes.len()), 0..4),
        0..script.viewers.len(),
        prop_oneof![Just(0i64), 0i64..=100_000_000],
    );
    let strategy = (0..runs.len(), proptest::collection::vec(mutant, 1..4));
    let mut runner = TestRunner::new(Config {
        cases: 512,
        failure_persistence: None,
        ..Config::default()
    });
    runner
        .run(&strategy, |(state, mutants)| {
            let sequence: Vec<_> = mutants
                .into_iter()
                .map(|(cmd, changes, actor, later)| {
                    let (s, fields) = &bodies[cmd];
                    let mut body = s.command.clone();
                    for (field, value) in changes {
                        let field: &Vec<String> = field.get(fields);
                        replace(&mut body, field, extremes[value].clone());
                    }
                    let now = s.at + chrono::Duration::seconds(later);
                    (script.viewers[actor], now, body)
                })
                .collect();
            try_mutants(script, &runs[state], &sequence);
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
}

// ---- read resources ------------------------------------------------------------

/// Every resource the kind lists, at the first and the last step, as every
/// viewer, under odd keys and parameters: an answer or a refusal, never a
/// panic; a bad page is refused as invalid (400), whatever the resource.
pub fn resources(script: &Script) {
    use arbiter_domain::resource::Query;
    let runs = runs(script);
    let keys = [
        None,
        Some(""),
        Some("0"),
        Some("-1"),
        Some("18446744073709551616"),
        Some("1."),
        Some(".1"),
        Some("x.y"),
        Some("qualification-"),
        Some("final-0"),
        Some("\u{0}"),
        Some("S1901M"),
    ];
    let params: [&[(&str, &str)]; 6] = [
        &[],
        &[("stage", "nowhere")],
        &[("stage", "candidates")],
        &[("at", "not-an-instant")],
        &[("power", "ATLANTIS")],
        &[("power", "ENGLAND")],
    ];
    for run in [runs.first(), runs.last()].into_iter().flatten() {
        let state = run.state();
        for viewer in viewers(script) {
            let viewer = viewer.map(user);
            for name in state.game.kind().resources() {
                for key in keys {
                    for p in params {
                        let params = p
                            .iter()
                            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                            .collect();
                        let query =
                            Query::new(key.map(str::to_owned), params).expect("a valid page");
                        let _ = state.game.resource(state, name, &query, viewer.as_ref());
                    }
                }
                for bad in ["0", "501", "-3", "many"] {
                    let params = [("limit".to_owned(), bad.to_owned())].into();
                    let refusal = Query::new(None, params).unwrap_err();
                    assert_eq!(refusal.kind, RefusalKind::Invalid, "limit={bad}");
                }
            }
        }
    }
}

// ---- on a store, and over HTTP ----------------------------------------------------

/// What `viewer` reads over HTTP: the competition, its log and the acts
/// open to them, raw; and the browser app's pages (the front door, the
/// desk and the audit log) signed in as them.
async fn http_paths<S: TestStore>(
    server: &TestServer<S>,
    script: &Script,
    viewer: Option<&str>,
) -> Vec<(String, String)> {
    let mut out = vec![];
    let kind = server
        .app
        .service
        .load(&arbiter_domain::competition::CompetitionId::try_from(script.id).expect("an id"))
        .await
        .expect("loads")
        .map(|c| c.game.kind());
    let resources = kind.map_or(&[][..], |k| k.resources());
    let reads = [
        "".to_owned(),
        "/log?limit=500".to_owned(),
        "/acts".to_owned(),
    ]
    .into_iter()
    .chain(
        resources
            .iter()
            .filter(|r| **r != "options")
            .map(|r| format!("/{r}?limit=500")),
    );
    for path in reads {
        let path = format!("/v1/competitions/{}{path}", script.id);
        let mut request = server.http.get(server.url(&path));
        if let Some(v) = viewer {
            request = request.bearer_auth(server.token(v, false));
        }
        let r = request.send().await.expect("request");
        let status = r.status();
        let text = r.text().await.expect("body");
        assert!(
            status.as_u16() < 500,
            "GET {path} as {viewer:?}: {status} {text}"
        );
        out.push((format!("GET {path}"), text));
    }
    let app_pages = [
        "/".to_owned(),
        format!("/app/c/{}", script.id),
        format!("/app/c/{}/log", script.id),
    ];
    for path in app_pages {
        let mut request = server.http.get(server.url(&path));
        if let Some(v) = viewer {
            let cookie = format!("arbiter_session={}", server.token(v, false));
            request = request.header("cookie", cookie);
        }
        let r = request.send().await.expect("request");
        let status = r.status();
        let text = r.text().await.expect("body");
        assert!(status.as_u16() < 500, "GET {path} as {viewer:?}: {status}");
        out.push((format!("the app's {path}"), text));
    }
    out
}

/// The script through the real service on `server`'s store, writing a
/// snapshot with every commit so that every load reads one: it ends where
/// the pure fold ends, its log is the decided one, every viewer's GETs keep
/// the secrets open at each step, and two ticks at once land one.
pub async fn on_store<S: TestStore>(script: &Script, server: TestServer<S>) {
    let service = Service::with_config(
        server.app.service.store().clone(),
        ServiceConfig {
            snapshot_every: 1,
            ..ServiceConfig::default()
        },
    );
    let mut run = Run::new(script);
    for (i, s) in script.steps.iter().enumerate() {
        let receipt = service
            .execute(&run.id, &command(s), &context(s.actor, s.at), None)
            .await
            .unwrap_or_else(|e| panic!("step {i} ({}) on the store: {e}", s.command));
        run.step(script, i);
        assert_eq!(receipt.version, run.log.len() as u64, "step {i}");
        let loaded = service.load(&run.id).await.expect("loads").expect("exists");
        assert_eq!(&*loaded, run.state(), "step {i}: loaded from its snapshot");
        if script.open_secrets(i).next().is_some() {
            for viewer in viewers(script) {
                let paths = http_paths(&server, script, viewer).await;
                assert_keeps_secrets(script, &run, i, viewer, &paths);
            }
        }
    }
    let log = service.log(&run.id, 0, 10_000).await.expect("the log");
    assert_eq!(log, run.log, "the stored log is the decided one");
    public_pages_keep_secrets(script, &server, &service, &mut run).await;
    if let Some(due) = run.state().next_due() {
        let ctx = context("schedule", due);
        let (a, b) = tokio::join!(
            service.tick(&run.id, &ctx, None),
            service.tick(&run.id, &ctx, None)
        );
        a.expect("a tick");
        b.expect("a tick");
        run.tick_until_settled(due);
        let loaded = service.load(&run.id).await.expect("loads").expect("exists");
        assert_eq!(&*loaded, run.state(), "two ticks at once land once");
    }
}

/// The organizer lists the competition publicly at the script's last step;
/// then every public page, fetched over HTTP without a token, answers 200
/// and holds no secret still open at that step.
async fn public_pages_keep_secrets<S: TestStore>(
    script: &Script,
    server: &TestServer<S>,
    service: &Service<S>,
    run: &mut Run,
) {
    let last = script.steps.len() - 1;
    let at = script.steps[last].at;
    let public = Command::SetPublic { public: true };
    service
        .execute(&run.id, &public, &context("org", at), None)
        .await
        .expect("the organizer lists the competition");
    run.act("org", at, &public).expect("listed");
    let mut paths = vec![];
    for page in arbiter_pages::paths(run.state()) {
        let path = format!("/pages/{}/{page}", script.id);
        let path = path.trim_end_matches('/').to_owned();
        let r = server
            .http
            .get(server.url(&path))
            .send()
            .await
            .expect("request");
        let status = r.status();
        let text = r.text().await.expect("body");
        assert_eq!(status, 200, "GET {path}: {text}");
        paths.push((
            format!("GET {path}"),
            arbiter_e2e::with_entities_read(&text),
        ));
    }
    assert_keeps_secrets(script, run, last, None, &paths);
}
