//! The envelope every competition shares, whatever its kind: identity, roles,
//! and the audit log's commits. Idempotency receipts are the store's (kept
//! per user and key for a fixed window, see `arbiter_service`).
//!
//! A competition is an append-only log of [`Commit`]s. Each commit is one
//! decided command: who, when, which command, the events it produced, and for
//! each event the clause that made it happen when a rule acted. State is the
//! fold of commits ([`apply`]); decisions are pure ([`decide`]).
//!
//! The platform's own role rules are cited as `arbiter roles` (see
//! `docs/rulings.md`): an organizer creates a competition and grants roles;
//! the rulebooks name the roles (TD, GM, TMC, moderators, justices...).

pub use crate::kinds::{Command, Event, Game, Kind};
pub use ids::{CompetitionId, UserId};
pub use role_table::Roles;
pub use roles::Role;

mod ids;
mod role_table;
mod roles;
use crate::refusal::Refusal;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// Clause cited for the platform's own role rules.
pub const ROLES_CLAUSE: &str = "arbiter roles";

/// Who acted: a user, or a schedule (by its name in the schedule table).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Actor {
    User(UserId),
    Schedule(String),
}

impl fmt::Display for Actor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Actor::User(u) => write!(f, "user:{u}"),
            Actor::Schedule(s) => write!(f, "schedule:{s}"),
        }
    }
}

impl Actor {
    pub fn user(&self) -> Option<&UserId> {
        match self {
            Actor::User(u) => Some(u),
            Actor::Schedule(_) => None,
        }
    }
}

/// What a decision may know besides the state: who asks, with which
/// platform-wide rights, and when.
#[derive(Debug, Clone)]
pub struct Context {
    pub actor: Actor,
    /// Whether the identity provider lets this user create competitions
    /// (the `organizers` group in Cognito; `--role organizer` on a dev token).
    pub may_organize: bool,
    pub now: DateTime<Utc>,
}

/// An event with the clause that made it happen, when a rule acted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Recorded {
    #[serde(flatten)]
    pub event: Event,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clause: Option<String>,
}

impl Recorded {
    pub fn new(event: Event) -> Self {
        Self {
            event,
            clause: None,
        }
    }

    pub fn by_rule(event: Event, clause: impl Into<String>) -> Self {
        Self {
            event,
            clause: Some(clause.into()),
        }
    }
}

/// The client's Idempotency-Key for a command, with a digest of the request
/// so a key reused for a different request is recognised.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Idempotency {
    pub key: String,
    pub request_digest: String,
}

/// What the audit log names a commit whose every event is withheld from the
/// viewer (club I.9.5).
pub const WITHHELD_COMMAND: &str = "withheld";

/// One decided command: an entry of the audit log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Commit {
    /// 1 for the commit that created the competition, then consecutive.
    pub version: u64,
    pub at: DateTime<Utc>,
    pub actor: Actor,
    pub command: String,
    pub events: Vec<Recorded>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub idempotency: Option<Idempotency>,
}

/// An entry of the audit log as callers see it: the commit without the
/// caller's idempotency key. Kinds with secrets (orders before adjudication,
/// individual votes, redacted data) redact their events here by viewer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct LogEntry {
    pub version: u64,
    /// When the commit was made; `None` on a withheld commit, whose time
    /// would date a secret act (acwc VII.A: when someone accused someone).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<DateTime<Utc>>,
    /// Who acted; `None` when the rules keep it secret from this viewer
    /// (wm D.IX: who voted; wm D.X: who sent grey press).
    pub actor: Option<Actor>,
    pub command: String,
    pub events: Vec<Recorded>,
}

impl Commit {
    /// The entry as `viewer` may see it, given the competition's current
    /// state: each kind hides or redacts its secret events.
    pub fn log_entry(&self, state: &Competition, viewer: Option<&UserId>) -> LogEntry {
        let events: Vec<Recorded> = self
            .events
            .iter()
            .filter_map(|r| {
                Some(Recorded {
                    event: redact_event(state, &r.event, viewer)?,
                    clause: r.clause.clone(),
                })
            })
            .collect();
        let conceals_actor = self.events.iter().any(|r| r.event.conceals_actor());
        let is_actor = matches!((&self.actor, viewer), (Actor::User(a), Some(v)) if a == v);
        // A viewer who may see none of a commit's events learns neither what
        // was done, nor by whom, nor when (club I.9.5 anti-cheat reports,
        // acwc VII.A accusations, whatever secret a kind adds); the version
        // stays (versions are consecutive, so its existence could not be
        // hidden). The actor still sees their own act.
        let withheld = events.is_empty() && !self.events.is_empty() && !is_actor;
        LogEntry {
            version: self.version,
            at: (!withheld).then_some(self.at),
            actor: ((!conceals_actor && !withheld) || is_actor).then(|| self.actor.clone()),
            command: if withheld {
                WITHHELD_COMMAND.to_owned()
            } else {
                self.command.clone()
            },
            events,
        }
    }
}

/// One event as `viewer` may see it, given the competition's current state:
/// `None` when it is withheld from them, a redacted copy when part of it is
/// secret. The audit log and notifications both go through here, so nothing
/// reaches anyone by message that the API would not show them.
pub fn redact_event(state: &Competition, event: &Event, viewer: Option<&UserId>) -> Option<Event> {
    state.game.redact(state, event, viewer)
}

/// What a successful command answers: where the competition now stands and
/// what happened. Kept for idempotent retries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Receipt {
    pub competition: CompetitionId,
    pub version: u64,
    pub command: String,
    pub events: Vec<Recorded>,
}

/// The public view of a competition's envelope.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "Competition")]
pub struct CompetitionView {
    pub id: CompetitionId,
    pub kind: Kind,
    pub name: String,
    pub created_at: DateTime<Utc>,
    pub organizer: UserId,
    pub version: u64,
    pub roles: BTreeMap<UserId, BTreeSet<Role>>,
    /// Whether anyone may find it in the public listing.
    #[serde(default)]
    pub public: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_due: Option<DateTime<Utc>>,
    /// The kind's own view, as `viewer` may see it.
    #[serde(skip_serializing_if = "serde_json::Value::is_null")]
    #[schemars(schema_with = "crate::kinds::game_view_schema")]
    pub game: serde_json::Value,
}

/// The state every competition has, whatever its kind.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Competition {
    pub id: CompetitionId,
    pub kind: Kind,
    pub name: String,
    pub created_at: DateTime<Utc>,
    pub organizer: UserId,
    pub roles: Roles,
    /// The number of commits folded into this state.
    pub version: u64,
    /// Whether the organizer lists it publicly (`set-public`).
    #[serde(default)]
    pub public: bool,
    /// The rules state of the competition's kind.
    pub game: Game,
}

impl Competition {
    pub fn has_role(&self, user: &UserId, role: Role) -> bool {
        self.roles.get(user).is_some_and(|r| r.contains(&role))
    }

    /// The users holding `role`, in id order.
    pub fn holders(&self, role: Role) -> impl Iterator<Item = &UserId> {
        self.roles.holders(role)
    }

    /// What any authenticated caller may see of the envelope. Roles are
    /// public: the rulebooks publish who the TD, GM, moderators and justices
    /// are. Idempotency receipts are not.
    pub fn view(&self, viewer: Option<&UserId>) -> CompetitionView {
        let game = self.game.view(self, viewer);
        CompetitionView {
            game,
            id: self.id.clone(),
            kind: self.kind,
            name: self.name.clone(),
            created_at: self.created_at,
            organizer: self.organizer.clone(),
            version: self.version,
            roles: (*self.roles).clone(),
            public: self.public,
            next_due: self.next_due(),
        }
    }

    /// The next instant at which a schedule must act on this competition, if
    /// any. Kinds with deadlines extend this; the store indexes it so the
    /// sweep finds due competitions with one query.
    pub fn next_due(&self) -> Option<DateTime<Utc>> {
        self.game.next_due()
    }
}

/// Decides a command against the current state (`None`: the competition does
/// not exist yet). Pure: the same inputs always give the same answer.
pub fn decide(
    state: Option<&Competition>,
    command: &Command,
    ctx: &Context,
) -> Result<Vec<Recorded>, Refusal> {
    match (state, command) {
        (None, Command::Create { kind, name }) => roles::create(ctx, *kind, name),
        (Some(_), Command::Create { .. }) => Err(Refusal::conflict(
            "a competition with this id already exists",
        )),
        (None, _) => Err(Refusal::not_found("no such competition")),
        (Some(state), Command::GrantRole { user, role }) => roles::grant(state, ctx, user, *role),
        (Some(state), Command::RevokeRole { user, role }) => roles::revoke(state, ctx, user, *role),
        (Some(state), Command::SetPublic { public }) => roles::set_public(state, ctx, *public),
        (Some(state), Command::Tick) => decide_tick(state, ctx),
        (Some(state), kind_command) => state.game.decide(state, kind_command, ctx),
    }
}

/// What a tick decides: whatever each kind finds due by `ctx.now`. Besides
/// the schedules, the organizer and the officials in charge of the kind's
/// deadlines ([`Game::clock_officials`]) may run it: the TD's clock.
fn decide_tick(state: &Competition, ctx: &Context) -> Result<Vec<Recorded>, Refusal> {
    if let Actor::User(u) = &ctx.actor {
        let official = state
            .game
            .clock_officials()
            .iter()
            .any(|r| state.has_role(u, *r));
        if !state.has_role(u, Role::Organizer) && !official {
            return Err(Refusal::forbidden(
                ROLES_CLAUSE,
                "only schedules, the organizer and the officials in charge of deadlines run what is due",
            ));
        }
    }
    state.game.tick(state, ctx)
}

/// Folds one commit into the state. `state` is `None` only before the
/// creating commit. Applying is total: a commit that was appended was decided
/// valid, so nothing here refuses.
pub fn apply(state: Option<Competition>, id: &CompetitionId, commit: &Commit) -> Competition {
    let mut state = state;
    for recorded in &commit.events {
        state = Some(match (state, &recorded.event) {
            (
                None,
                Event::Created {
                    kind,
                    name,
                    organizer,
                },
            ) => Competition {
                id: id.clone(),
                kind: *kind,
                name: name.clone(),
                created_at: commit.at,
                organizer: organizer.clone(),
                roles: Roles::from(BTreeMap::from([(
                    organizer.clone(),
                    BTreeSet::from([Role::Organizer]),
                )])),
                version: 0,
                public: false,
                game: Game::new(*kind),
            },
            (Some(mut s), event) => {
                apply_event(&mut s, event, commit.at);
                // A kind's own members (seated Nomic players, ladder members)
                // hold the player role in the envelope.
                if event.is_kind_event() {
                    for user in event.members_added() {
                        s.roles.grant(user, Role::Player);
                    }
                }
                s
            }
            (None, other) => panic!("log of {id} starts with {other:?}, not a creation"),
        });
    }
    let mut state =
        state.unwrap_or_else(|| panic!("commit {} of {id} has no events", commit.version));
    state.version = commit.version;
    state
}

fn apply_event(state: &mut Competition, event: &Event, at: DateTime<Utc>) {
    match event {
        Event::RoleGranted { user, role } => {
            state.roles.grant(user, *role);
        }
        Event::RoleRevoked { user, role } => state.roles.revoke(user, *role),
        Event::PublicSet { public } => state.public = *public,
        Event::Created { .. } => {}
        kind_event => state.game.apply(kind_event, at),
    }
}

/// The answer to the command that made `commit`.
pub fn receipt(id: &CompetitionId, commit: &Commit) -> Receipt {
    Receipt {
        competition: id.clone(),
        version: commit.version,
        command: commit.command.clone(),
        events: commit.events.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(s: &str) -> UserId {
        UserId::try_from(s).unwrap()
    }

    fn ctx(actor: &str, may_organize: bool) -> Context {
        Context {
            actor: Actor::User(user(actor)),
            may_organize,
            now: "2026-11-21T10:00:00Z".parse().unwrap(),
        }
    }

    fn commit(version: u64, actor: &str, command: &Command, events: Vec<Recorded>) -> Commit {
        Commit {
            version,
            at: "2026-11-21T10:00:00Z".parse().unwrap(),
            actor: Actor::User(user(actor)),
            command: command.name().into(),
            events,
            idempotency: None,
        }
    }

    fn created(organizer: &str) -> Competition {
        let id = CompetitionId::try_from("club").unwrap();
        let cmd = Command::Create {
            kind: Kind::ClubLadder,
            name: "Chess club".into(),
        };
        let events = decide(None, &cmd, &ctx(organizer, true)).unwrap();
        apply(None, &id, &commit(1, organizer, &cmd, events))
    }

    fn run(state: Competition, actor: &str, cmd: Command) -> Result<Competition, Refusal> {
        let events = decide(Some(&state), &cmd, &ctx(actor, false))?;
        let version = state.version + 1;
        let id = state.id.clone();
        Ok(apply(
            Some(state),
            &id,
            &commit(version, actor, &cmd, events),
        ))
    }

    #[test]
    fn arbiter_roles_creator_becomes_organizer() {
        let c = created("ann");
        assert_eq!(c.version, 1);
        assert!(c.has_role(&user("ann"), Role::Organizer));
        assert_eq!(c.holders(Role::Organizer).count(), 1);
    }

    #[test]
    fn arbiter_roles_creating_needs_the_platform_organizer_right() {
        let cmd = Command::Create {
            kind: Kind::Nomic,
            name: "n".into(),
        };
        let err = decide(None, &cmd, &ctx("bob", false)).unwrap_err();
        assert_eq!(err.kind, crate::refusal::RefusalKind::Forbidden);
        assert_eq!(err.clause.as_deref(), Some(ROLES_CLAUSE));
    }

    #[test]
    fn arbiter_roles_organizer_grants_and_others_may_not() {
        let c = created("ann");
        let grant = Command::GrantRole {
            user: user("bob"),
            role: Role::Moderator,
        };
        let c = run(c, "ann", grant.clone()).unwrap();
        assert!(c.has_role(&user("bob"), Role::Moderator));
        assert_eq!(c.version, 2);
        // bob is a moderator, not an organizer: he may not grant.
        let err = run(
            c.clone(),
            "bob",
            Command::GrantRole {
                user: user("cat"),
                role: Role::Justice,
            },
        )
        .unwrap_err();
        assert_eq!(err.kind, crate::refusal::RefusalKind::Forbidden);
        // Granting twice is a conflict, and revoking what is not held is not found.
        assert_eq!(
            run(c.clone(), "ann", grant).unwrap_err().kind,
            crate::refusal::RefusalKind::Conflict
        );
        let revoke = Command::RevokeRole {
            user: user("cat"),
            role: Role::Justice,
        };
        assert_eq!(
            run(c, "ann", revoke).unwrap_err().kind,
            crate::refusal::RefusalKind::NotFound
        );
    }

    #[test]
    fn arbiter_roles_last_organizer_cannot_be_revoked() {
        let c = created("ann");
        let err = run(
            c,
            "ann",
            Command::RevokeRole {
                user: user("ann"),
                role: Role::Organizer,
            },
        )
        .unwrap_err();
        assert_eq!(err.kind, crate::refusal::RefusalKind::Rule);
        assert_eq!(err.clause.as_deref(), Some(ROLES_CLAUSE));
    }

    #[test]
    fn second_creation_of_same_id_conflicts() {
        let c = created("ann");
        let cmd = Command::Create {
            kind: Kind::Nomic,
            name: "again".into(),
        };
        let err = decide(Some(&c), &cmd, &ctx("ann", true)).unwrap_err();
        assert_eq!(err.kind, crate::refusal::RefusalKind::Conflict);
    }

    #[test]
    fn snapshots_from_before_the_store_kept_receipts_still_read() {
        // Until issue 17 a competition kept its last 256 receipts in its own
        // state; the store keeps them now (per user and key, for 24 hours).
        // A snapshot written then still reads, its receipts ignored, and a
        // kind's old name is read as its alias.
        let mut old = serde_json::to_value(created("ann")).unwrap();
        old["receipts"] = serde_json::json!([{"user": "ann", "idempotency": {"key": "k", "request_digest": "d"}}]);
        old["kind"] = "swiss-match".into();
        old["game"] = serde_json::to_value(Game::new(Kind::Acwc)).unwrap();
        old["game"]["kind"] = "swiss-match".into();
        let back: Competition = serde_json::from_value(old).unwrap();
        assert_eq!(back.kind, Kind::Acwc);
        assert_eq!(back.game.kind(), Kind::Acwc);
        assert_eq!(serde_json::to_value(back.kind).unwrap(), "acwc");
    }

    #[test]
    fn ids_are_validated() {
        assert!(CompetitionId::try_from("acwc-2026").is_ok());
        assert!(CompetitionId::try_from("ACWC").is_err());
        assert!(CompetitionId::try_from("").is_err());
        assert!(CompetitionId::try_from("a".repeat(65)).is_err());
        assert!(UserId::try_from("auth0|abc").is_ok());
        assert!(UserId::try_from("a#b").is_err());
        assert!(serde_json::from_str::<UserId>("\"x\\u0000\"").is_err());
    }

    #[test]
    fn wm_d_ix_the_log_withholds_who_voted_from_everyone_but_the_voter() {
        use crate::diplomacy::game::event::Event as BoardEvent;
        use crate::diplomacy::game::vote::Ballot;
        let id = CompetitionId::try_from("board-7").unwrap();
        let cmd = Command::Create {
            kind: Kind::DiplomacyGame,
            name: "Board 7".into(),
        };
        let state = apply(
            None,
            &id,
            &commit(1, "gm", &cmd, decide(None, &cmd, &ctx("gm", true)).unwrap()),
        );
        let vote = Commit {
            version: 2,
            at: "2026-11-21T11:00:00Z".parse().unwrap(),
            actor: Actor::User(user("anna")),
            command: "record-vote".into(),
            events: vec![Recorded::new(Event::DiplomacyGame(
                BoardEvent::VoteRecorded {
                    proposal: 1,
                    power: None,
                    ballot: Ballot::No,
                    entered_by: None,
                },
            ))],
            idempotency: None,
        };
        assert_eq!(
            vote.log_entry(&state, Some(&user("anna"))).actor,
            Some(Actor::User(user("anna")))
        );
        assert_eq!(vote.log_entry(&state, Some(&user("boris"))).actor, None);
        assert_eq!(vote.log_entry(&state, None).actor, None);
        // An ordinary commit names its actor to everyone.
        let grant = commit(
            2,
            "gm",
            &Command::Tick,
            vec![Recorded::new(Event::RoleGranted {
                user: user("anna"),
                role: Role::Player,
            })],
        );
        assert_eq!(
            grant.log_entry(&state, None).actor,
            Some(Actor::User(user("gm")))
        );
    }
}
