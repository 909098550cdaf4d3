//! The one commit path of the test scaffolding: a command decided by the
//! envelope's own `competition::decide`, recorded as the next [`Commit`]
//! when it decides events, folded by `competition::apply` and logged, as the
//! service does it. [`Harness`] is that path for a competition of any kind
//! (chosen by a [`Kind`] value); [`super::Scenario`] and every kind's
//! builder go through it, so decide, commit, fold and log are written once.

use super::u;
use crate::competition::{
    self, Actor, Command, Commit, Competition, CompetitionId, Context, Envelope, Game, Kind,
    Recorded, Registered, Role, Roles,
};
use crate::notice::Notice;
use crate::refusal::Refusal;
use chrono::{DateTime, Utc};

/// Who acts, as tests name them: `schedule:<name>` is that schedule, any
/// other name a user.
pub fn actor(who: &str) -> Actor {
    match who.strip_prefix("schedule:") {
        Some(name) => Actor::Schedule(name.into()),
        None => Actor::User(u(who)),
    }
}

/// The context `actor` decides in at `now`. Only a creation asks whether the
/// caller may organize; the organizer `org` may.
pub fn context(actor: Actor, now: DateTime<Utc>) -> Context {
    let may_organize = matches!(&actor, Actor::User(user) if user.as_str() == "org");
    Context {
        actor,
        may_organize,
        now,
    }
}

/// The commit that records `events`, decided on the command named `command`
/// by `ctx`'s actor at its instant, after `state` (`None`: the creating
/// commit).
pub fn commit(
    state: Option<&Competition>,
    command: &str,
    ctx: &Context,
    events: Vec<Recorded>,
) -> Commit {
    Commit {
        version: state.map_or(0, |s| s.version) + 1,
        at: ctx.now,
        actor: ctx.actor.clone(),
        command: command.into(),
        events,
        idempotency: None,
    }
}

/// A competition of any kind with its log, moved on only by commits.
#[derive(Clone)]
pub struct Harness {
    pub env: Competition,
    /// Every commit folded so far, the creating one first.
    pub log: Vec<Commit>,
    /// The instant [`Harness::run`] acts at.
    pub now: DateTime<Utc>,
    /// Whether the last act committed: its commit is then the log's last.
    committed: bool,
    /// Invariants checked after every commit.
    checks: Vec<fn(&Competition)>,
}

impl Harness {
    /// A new competition of `kind` at `now`, with `roles` granted by `org`.
    pub fn new(kind: Kind, now: DateTime<Utc>, roles: &[(&str, Role)]) -> Self {
        let mut h = Self::create("test", kind, "test", now);
        h.grant(roles);
        h
    }

    /// The competition `id`, of `kind`, named `name`, as `org` creates it at
    /// `at`.
    pub fn create(id: &str, kind: Kind, name: &str, at: DateTime<Utc>) -> Self {
        let create = Command::Create {
            kind,
            name: name.into(),
        };
        let (harness, _) = Self::first(id, actor("org"), at, &create).expect("created");
        harness
    }

    /// The competition `id` as the first command of its log makes it:
    /// `create` by `actor` at `at`, decided against no competition.
    pub fn first(
        id: &str,
        actor: Actor,
        at: DateTime<Utc>,
        create: &Command,
    ) -> Result<(Self, Vec<Recorded>), Refusal> {
        let id = CompetitionId::try_from(id).expect("a valid competition id");
        let ctx = context(actor, at);
        let events = competition::decide(None, create, &ctx)?;
        let first = commit(None, create.name(), &ctx, events.clone());
        let harness = Harness {
            env: competition::apply(None, &id, &first),
            log: vec![first],
            now: at,
            committed: true,
            checks: vec![],
        };
        Ok((harness, events))
    }

    /// Checks `check` now and after every later commit.
    pub fn checking(&mut self, check: fn(&Competition)) {
        check(&self.env);
        self.checks.push(check);
    }

    /// `org` grants each of `roles` now.
    pub fn grant(&mut self, roles: &[(&str, Role)]) {
        for (user, role) in roles {
            let grant = Command::GrantRole {
                user: u(user),
                role: *role,
            };
            self.act(actor("org"), self.now, &grant)
                .unwrap_or_else(|r| panic!("{user} granted {role:?}: {r:?}"));
        }
    }

    /// `actor` issues `command` at `at`: the events decided, committed,
    /// folded and logged (nothing is committed when none are), or the
    /// refusal, and then nothing changes.
    pub fn act(
        &mut self,
        actor: Actor,
        at: DateTime<Utc>,
        command: &Command,
    ) -> Result<Vec<Recorded>, Refusal> {
        let ctx = context(actor, at);
        self.committed = false;
        let events = competition::decide(Some(&self.env), command, &ctx)?;
        self.committed = !events.is_empty();
        if self.committed {
            let next = commit(Some(&self.env), command.name(), &ctx, events.clone());
            self.fold(next);
        }
        Ok(events)
    }

    /// Appends `commit` to the log and folds it: events given rather than
    /// decided, for states the commands would take long to reach.
    pub fn append(&mut self, commit: Commit) {
        assert_eq!(commit.version, self.env.version + 1, "the next version");
        self.committed = true;
        self.fold(commit);
    }

    /// Folds `commit` into the state in place, as the service does: a
    /// large competition (a club of 10,000) is never copied per commit.
    fn fold(&mut self, commit: Commit) {
        let id = self.env.id.clone();
        let small = stand_in(&self.env);
        let folded = std::mem::replace(&mut self.env, small);
        self.env = competition::apply(Some(folded), &id, &commit);
        self.log.push(commit);
        for check in &self.checks {
            check(&self.env);
        }
    }

    /// `actor` (a user, or `schedule:<name>`) issues `cmd` now; the events
    /// are applied and logged, or the refusal returned and nothing changes.
    pub fn run(&mut self, actor: &str, cmd: Command) -> Result<Vec<Recorded>, Refusal> {
        self.act(self::actor(actor), self.now, &cmd)
    }

    /// The state of kind `K`, which the competition must be.
    pub fn state<K: Registered>(&self) -> &K {
        K::of_game(&self.env.game).expect("a competition of this kind")
    }

    /// The commit the last act made; `None` when it was refused or decided
    /// nothing.
    pub fn last_commit(&self) -> Option<&Commit> {
        self.log.last().filter(|_| self.committed)
    }

    /// The notices the last act's commit causes; none when it made none.
    pub fn notices(&self) -> Vec<Notice> {
        self.last_commit()
            .map(|commit| self.env.notices(commit))
            .unwrap_or_default()
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

/// A small competition of `env`'s kind to hold the place of `env` while it
/// is folded.
fn stand_in(env: &Competition) -> Competition {
    Competition {
        envelope: Envelope {
            id: env.id.clone(),
            name: String::new(),
            created_at: env.created_at,
            organizer: env.organizer.clone(),
            roles: Roles::default(),
            version: 0,
            public: false,
        },
        kind: env.kind,
        game: Game::new(env.kind),
    }
}
