//! A script run through the pure domain: decide, commit, fold, with every
//! state, commit and notice kept for the checks.

use super::scripts::{Script, Step};
use arbiter_domain::competition::{
    self, Actor, Command, Commit, Competition, CompetitionId, Context, Recorded, UserId,
};
use arbiter_domain::notice::{Audience, Notice};
use arbiter_domain::Refusal;
use chrono::{DateTime, Utc};

pub fn user(name: &str) -> UserId {
    UserId::try_from(name).expect("a valid user id")
}

/// Who acts in a step: users by name; `schedule` is the deadline sweep.
pub fn context(actor: &str, now: DateTime<Utc>) -> Context {
    Context {
        actor: if actor == "schedule" {
            Actor::Schedule("deadline-sweep".into())
        } else {
            Actor::User(user(actor))
        },
        may_organize: actor == "org",
        now,
    }
}

pub fn command(step: &Step) -> Command {
    serde_json::from_value(step.command.clone())
        .unwrap_or_else(|e| panic!("script command {}: {e}", step.command))
}

/// The pure run of a script so far.
#[derive(Clone)]
pub struct Run {
    pub id: CompetitionId,
    pub state: Option<Competition>,
    pub log: Vec<Commit>,
    /// The notices of each commit, computed on the state right after it.
    pub notices: Vec<Vec<Notice>>,
    /// For each step, the version of the commit it made (`None`: no events).
    pub commit_of_step: Vec<Option<u64>>,
}

impl Run {
    pub fn new(script: &Script) -> Self {
        Self {
            id: CompetitionId::try_from(script.id).expect("a valid id"),
            state: None,
            log: vec![],
            notices: vec![],
            commit_of_step: vec![],
        }
    }

    pub fn state(&self) -> &Competition {
        self.state.as_ref().expect("created")
    }

    /// Decides `command` as `actor` at `now` without committing it.
    pub fn decide(
        &self,
        actor: &str,
        now: DateTime<Utc>,
        command: &Command,
    ) -> Result<Vec<Recorded>, Refusal> {
        competition::decide(self.state.as_ref(), command, &context(actor, now))
    }

    /// Decides and commits; a decision with no events commits nothing.
    pub fn act(
        &mut self,
        actor: &str,
        now: DateTime<Utc>,
        command: &Command,
    ) -> Result<Option<u64>, Refusal> {
        let events = self.decide(actor, now, command)?;
        if events.is_empty() {
            return Ok(None);
        }
        let commit = Commit {
            version: self.log.len() as u64 + 1,
            at: now,
            actor: context(actor, now).actor,
            command: command.name().to_owned(),
            events,
            idempotency: None,
        };
        let state = competition::apply(self.state.take(), &self.id, &commit);
        self.notices.push(state.notices(&commit));
        self.state = Some(state);
        self.log.push(commit);
        Ok(Some(self.log.len() as u64))
    }

    /// Runs the script's step `i`; the script's steps must all be accepted.
    pub fn step(&mut self, script: &Script, i: usize) {
        let step = &script.steps[i];
        let version = self
            .act(step.actor, step.at, &command(step))
            .unwrap_or_else(|r| panic!("step {i} ({}) refused: {r:?}", step.command));
        self.commit_of_step.push(version);
    }

    /// Ticks at `now` until nothing more falls due (as the service does).
    pub fn tick_until_settled(&mut self, now: DateTime<Utc>) -> usize {
        let mut ticks = 0;
        while self
            .act("schedule", now, &Command::Tick)
            .expect("a schedule's tick is never refused")
            .is_some()
        {
            ticks += 1;
            assert!(ticks < 10_000, "a tick at {now} never settles");
        }
        ticks
    }

    /// Everything `viewer` reads through the domain's read paths: the view,
    /// the log entry by entry, and the notices addressed to them or public.
    pub fn read_paths(&self, viewer: Option<&UserId>) -> Vec<(String, String)> {
        let state = self.state();
        let mut paths = vec![(
            "view".to_owned(),
            serde_json::to_string(&state.view(viewer)).expect("a view serializes"),
        )];
        paths.extend(resource_reads(state, viewer));
        // The public pages show what someone without an account sees.
        if viewer.is_none() {
            paths.extend(page_reads(state));
        }
        for commit in &self.log {
            let entry = commit.log_entry(state, viewer);
            paths.push((
                format!("log entry {}", commit.version),
                serde_json::to_string(&entry).expect("an entry serializes"),
            ));
        }
        for (i, notices) in self.notices.iter().enumerate() {
            for n in notices {
                let to_viewer = match &n.audience {
                    Audience::Public => true,
                    Audience::Users(users) => viewer.is_some_and(|v| users.contains(v)),
                };
                if to_viewer {
                    paths.push((
                        format!("notice of commit {}", i + 1),
                        serde_json::to_string(n).expect("a notice serializes"),
                    ));
                }
            }
        }
        paths
    }
}

/// Every read resource the kind lists, as `viewer` reads it: the first page
/// of 500 rows, and the entries a script's state may hold (a round, a game,
/// a match, a phase, the viewer's own history). A refusal is read too: it
/// must keep the same secrets. A board's legal-order lists (`options`) are
/// left out: they are worked out from the public position, and a support
/// they offer ("F SEV S A BUD - RUM") can spell a secret order's text; who
/// may read whose lists is checked over HTTP (`tests/tests/diplomacy.rs`).
pub fn resource_reads(state: &Competition, viewer: Option<&UserId>) -> Vec<(String, String)> {
    use arbiter_domain::resource::{Query, Resource};
    let mut keys: Vec<Option<String>> = ["1", "2", "1.1", "qualification-1", "final", "S1901M"]
        .into_iter()
        .map(|k| Some(k.to_owned()))
        .collect();
    keys.insert(0, None);
    keys.extend(viewer.map(|v| Some(v.to_string())));
    let mut out = Vec::new();
    for name in state
        .game
        .kind()
        .resources()
        .iter()
        .filter(|n| **n != "options")
    {
        for key in &keys {
            let query = Query::new(key.clone(), [("limit".to_owned(), "500".to_owned())].into())
                .expect("a valid page");
            let text = match state.game.resource(state, name, &query, viewer) {
                Ok(Resource::Json(v)) => v.to_string(),
                Ok(Resource::Text(t)) => t,
                Err(refusal) => format!("{refusal:?}"),
            };
            out.push((format!("resource {name}/{key:?}"), text));
        }
    }
    out
}

/// Every public page of the competition (`arbiter_pages::paths`), rendered
/// as the pages function renders it, each also with its HTML entities read
/// back, so a secret cannot hide behind `&quot;`.
pub fn page_reads(state: &Competition) -> Vec<(String, String)> {
    let now = state.created_at;
    arbiter_pages::paths(state)
        .into_iter()
        .map(|path| {
            let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
            let body = arbiter_pages::render(state, &segments, now)
                .unwrap_or_else(|| panic!("listed page {path:?} does not render"))
                .body;
            (
                format!("page /{path}"),
                arbiter_e2e::with_entities_read(&body),
            )
        })
        .collect()
}
