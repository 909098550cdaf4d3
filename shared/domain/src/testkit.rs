//! A competition driven through the envelope's own `decide` and `apply`, as
//! the service drives it, for tests of any kind: given a competition at a
//! time, when someone issues a command, then events or a refusal.

pub mod ladder_story;
pub mod large;

use crate::competition::{
    self, Actor, Command, Commit, Competition, CompetitionId, Context, Kind, Recorded, Role, UserId,
};
use crate::refusal::Refusal;
use chrono::{DateTime, Utc};

pub fn u(s: &str) -> UserId {
    UserId::try_from(s).expect("a valid user id")
}

pub fn at(s: &str) -> DateTime<Utc> {
    s.parse().expect("an RFC 3339 instant")
}

/// A competition created by `org`, with its commits.
#[derive(Clone)]
pub struct Harness {
    pub env: Competition,
    pub log: Vec<Commit>,
    pub now: DateTime<Utc>,
}

impl Harness {
    /// A new competition of `kind` at `now`, with `roles` granted by `org`.
    pub fn new(kind: Kind, now: DateTime<Utc>, roles: &[(&str, Role)]) -> Self {
        let id = CompetitionId::try_from("test").expect("valid id");
        let create = Command::Create {
            kind,
            name: "test".into(),
        };
        let ctx = Context {
            actor: Actor::User(u("org")),
            may_organize: true,
            now,
        };
        let events = competition::decide(None, &create, &ctx).expect("created");
        let first = Commit {
            version: 1,
            at: now,
            actor: ctx.actor,
            command: create.name().into(),
            events,
            idempotency: None,
        };
        let mut h = Harness {
            env: competition::apply(None, &id, &first),
            log: vec![first],
            now,
        };
        for (user, role) in roles {
            h.run(
                "org",
                Command::GrantRole {
                    user: u(user),
                    role: *role,
                },
            )
            .expect("role granted");
        }
        h
    }

    /// `actor` (a user, or `schedule:<name>`) issues `cmd` now; the events
    /// are applied and logged, or the refusal returned and nothing changes.
    pub fn run(&mut self, actor: &str, cmd: Command) -> Result<Vec<Recorded>, Refusal> {
        let actor = match actor.strip_prefix("schedule:") {
            Some(name) => Actor::Schedule(name.into()),
            None => Actor::User(u(actor)),
        };
        let ctx = Context {
            actor: actor.clone(),
            may_organize: false,
            now: self.now,
        };
        let events = competition::decide(Some(&self.env), &cmd, &ctx)?;
        if !events.is_empty() {
            let commit = Commit {
                version: self.env.version + 1,
                at: self.now,
                actor,
                command: cmd.name().into(),
                events: events.clone(),
                idempotency: None,
            };
            let id = self.env.id.clone();
            self.env = competition::apply(Some(self.env.clone()), &id, &commit);
            self.log.push(commit);
        }
        Ok(events)
    }

    /// Everything `viewer` can read: the view and the audit log, as JSON.
    pub fn visible(&self, viewer: &str) -> String {
        let viewer = u(viewer);
        let view = self.env.view(Some(&viewer));
        let log: Vec<_> = self
            .log
            .iter()
            .map(|c| c.log_entry(&self.env, Some(&viewer)))
            .collect();
        format!(
            "{}\n{}",
            serde_json::to_string(&view).expect("views serialize"),
            serde_json::to_string(&log).expect("logs serialize")
        )
    }
}

/// Asserts `result` is a refusal naming `clause`; answers it.
pub fn refused<T: std::fmt::Debug>(result: Result<T, Refusal>, clause: &str) -> Refusal {
    let refusal = result.expect_err("a refusal");
    assert_eq!(refusal.clause.as_deref(), Some(clause), "{refusal:?}");
    refusal
}

/// arbiter roles: the holders of each role, read from the index
/// kept by role, are those the roles by user name, in the state and in its
/// JSON read back (a snapshot).
pub fn check_role_index(env: &Competition) {
    let json = serde_json::to_value(env).expect("a state serializes");
    let back: Competition = serde_json::from_value(json).expect("a state reads back");
    assert_eq!(&back, env, "a state survives its JSON");
    for c in [env, &back] {
        for role in Role::ALL {
            let indexed: Vec<&UserId> = c.holders(role).collect();
            let scanned: Vec<&UserId> = c
                .roles
                .iter()
                .filter(|(_, r)| r.contains(&role))
                .map(|(u, _)| u)
                .collect();
            assert_eq!(indexed, scanned, "holders of {role:?}");
        }
    }
}
