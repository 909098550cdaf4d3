//! The competition: the envelope and the state of its kind, folded from its
//! audit log. This is the layer above the kinds: the registry
//! ([`registry`]) lists them once, holds the sum of their states, commands
//! and events, and does every dispatch and every wrapping of a kind's events
//! into the log; the kinds never name it.
//!
//! A competition is an append-only log of [`Commit`]s. Each commit is one
//! decided command: who, when, which command, the events it produced, and for
//! each event the clause that made it happen when a rule acted. State is the
//! fold of commits ([`apply`]); decisions are pure ([`decide`]).
//! Idempotency receipts are the store's (kept per user and key for a fixed
//! window, see `arbiter_service`).

mod acts;
mod commit;
pub mod registry;
mod roles;
mod wire;

pub use crate::envelope::{
    Actor, CompetitionId, Context, Envelope, Role, Roles, Ruled, UserId, ROLES_CLAUSE,
};
pub use acts::Act;
pub use commit::{
    receipt, redact_event, Commit, Idempotency, LogEntry, Receipt, Recorded, WITHHELD_COMMAND,
};
pub use registry::{old_spellings_in, Command, Event, Game, Kind, Registered};

use crate::notice::{Audience, Notice, Reminder};
use crate::refusal::Refusal;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::ops::{Deref, DerefMut};

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
    #[schemars(schema_with = "crate::competition::registry::game_view_schema")]
    pub game: serde_json::Value,
}

/// A competition: its envelope, which kind it is, and that kind's state.
/// It reads as its envelope (`Deref`): `competition.id`,
/// `competition.has_role(..)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Competition {
    pub envelope: Envelope,
    pub kind: Kind,
    /// The rules state of the competition's kind.
    pub game: Game,
}

impl Deref for Competition {
    type Target = Envelope;
    fn deref(&self) -> &Envelope {
        &self.envelope
    }
}

impl DerefMut for Competition {
    fn deref_mut(&mut self) -> &mut Envelope {
        &mut self.envelope
    }
}

impl Competition {
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

    /// The notices `commit` causes; `self` is the state right after it.
    ///
    /// **Secrecy.** A kind builds its notices from its own events and from what
    /// the state shows everyone; here a recipient is kept only if the API shows
    /// them the event unredacted ([`redact_event`]), and a public notice only if
    /// the event is shown unredacted to someone outside the competition. So no
    /// message can carry what its recipient could not read through the API,
    /// whatever a kind's builder does.
    pub fn notices(&self, commit: &Commit) -> Vec<Notice> {
        let built = self.game.notices(self, commit);
        built
            .into_iter()
            .filter_map(|mut notice| {
                let event = &commit.events.get(notice.event_index as usize)?.event;
                let shown = |viewer: Option<&UserId>| {
                    redact_event(self, event, viewer).as_ref() == Some(event)
                };
                match &mut notice.audience {
                    Audience::Public => shown(None).then_some(notice),
                    Audience::Users(users) => {
                        users.retain(|u| shown(Some(u)));
                        (!users.is_empty()).then_some(notice)
                    }
                }
            })
            .collect()
    }

    /// The reminders due at `now`: for each deadline of the competition still
    /// ahead, each of [`crate::notice::REMINDER_HOURS`] whose time (`deadline -
    /// hours`) has come, for the users who have not finished. A caller runs
    /// this on a schedule and de-duplicates on (competition, occasion,
    /// deadline, hours, user), so a reminder goes out once even though every
    /// run after its time finds it again.
    pub fn reminders(&self, now: DateTime<Utc>) -> Vec<Reminder> {
        self.game.reminders(self, now)
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
                envelope: Envelope {
                    id: id.clone(),
                    name: name.clone(),
                    created_at: commit.at,
                    organizer: organizer.clone(),
                    roles: Roles::from(BTreeMap::from([(
                        organizer.clone(),
                        BTreeSet::from([Role::Organizer]),
                    )])),
                    version: 0,
                    public: false,
                },
                kind: *kind,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::u;

    fn ctx(actor: &str, may_organize: bool) -> Context {
        Context {
            actor: Actor::User(u(actor)),
            may_organize,
            now: "2026-11-21T10:00:00Z".parse().unwrap(),
        }
    }

    fn commit(version: u64, actor: &str, command: &Command, events: Vec<Recorded>) -> Commit {
        Commit {
            version,
            at: "2026-11-21T10:00:00Z".parse().unwrap(),
            actor: Actor::User(u(actor)),
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
        assert!(c.has_role(&u("ann"), Role::Organizer));
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
            user: u("bob"),
            role: Role::Moderator,
        };
        let c = run(c, "ann", grant.clone()).unwrap();
        assert!(c.has_role(&u("bob"), Role::Moderator));
        assert_eq!(c.version, 2);
        // bob is a moderator, not an organizer: he may not grant.
        let err = run(
            c.clone(),
            "bob",
            Command::GrantRole {
                user: u("cat"),
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
            user: u("cat"),
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
                user: u("ann"),
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
        // The idempotency receipts are the store's (per user and key, for 24
        // hours), but an older snapshot holds a competition's last 256
        // receipts in its own state. Such a snapshot still reads, its
        // receipts ignored, and a kind's old name is read as its alias.
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
            actor: Actor::User(u("anna")),
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
            vote.log_entry(&state, Some(&u("anna"))).actor,
            Some(Actor::User(u("anna")))
        );
        assert_eq!(vote.log_entry(&state, Some(&u("boris"))).actor, None);
        assert_eq!(vote.log_entry(&state, None).actor, None);
        // An ordinary commit names its actor to everyone.
        let grant = commit(
            2,
            "gm",
            &Command::Tick,
            vec![Recorded::new(Event::RoleGranted {
                user: u("anna"),
                role: Role::Player,
            })],
        );
        assert_eq!(
            grant.log_entry(&state, None).actor,
            Some(Actor::User(u("gm")))
        );
    }

    #[test]
    fn arbiter_routes_each_action_with_a_route_of_its_own_is_named_by_its_kind() {
        use crate::rulebook::Route;
        // By hand, from the rulebooks' routes: registrations are nomic 201's
        // seat-player, club II.1's join, acwc II's register and the
        // organizer's enter-player, and the Swiss event's register; votes are
        // nomic 113's, wm D.IX's and wm A.6's record-vote and club III.3.8's
        // cast-vote; orders are wm D's submit-orders; rounds are pair-round.
        let expected = [
            ("seat-player", Route::Registrations),
            ("join", Route::Registrations),
            ("register", Route::Registrations),
            ("enter-player", Route::Registrations),
            ("record-vote", Route::Votes),
            ("cast-vote", Route::Votes),
            ("submit-orders", Route::Orders),
            ("pair-round", Route::Rounds),
        ];
        for (action, route) in expected {
            assert_eq!(Kind::dedicated_route(action), Some(route), "{action}");
        }
        for action in ["propose", "report-result", "set-up", "tick", ""] {
            assert_eq!(Kind::dedicated_route(action), None, "{action}");
        }
    }

    #[test]
    fn a_kinds_state_is_reached_by_its_type_and_refused_for_another_kind() {
        use crate::nomic::Nomic;
        let club = created("ann");
        let refusal = <&Nomic>::try_from(&club.game).unwrap_err();
        assert_eq!(refusal.kind, crate::refusal::RefusalKind::NotFound);
        assert!(refusal.detail.contains("a club ladder"), "{refusal:?}");
        assert!(<&crate::ladder::Ladder>::try_from(&club.game).is_ok());
        assert_eq!(
            <crate::ladder::Ladder as Registered>::KIND,
            Kind::ClubLadder
        );
    }
}
