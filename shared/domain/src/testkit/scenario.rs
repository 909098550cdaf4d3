//! Given / when / then for a competition of one kind `K`, through the one
//! commit path ([`Harness`]): given a competition created by `org` (roles
//! granted), given commands or given events, when someone or a schedule
//! acts at an instant, then the kind's own events, or a refusal naming its
//! clause. Generic over the kind contract, so every kind's tests read the
//! same way and no kind re-implements decide, commit and fold.
//!
//! ```
//! use arbiter_domain::competition::Role;
//! use arbiter_domain::ladder::{Command, Event, Ladder};
//! use arbiter_domain::testkit::{at, u, Scenario};
//!
//! let friday = at("2026-01-09T12:00:00Z");
//! let mut club = Scenario::<Ladder>::new(friday, &[("mod1", Role::Moderator)]);
//! club.given("ann", friday, Command::Join { member: None });
//! // club II.1: students join the leaderboard themselves.
//! let bob = Command::Join { member: Some(u("bob")) };
//! club.when("ann", friday, bob).then_refused("club II.1");
//! let joined = club.when("bob", friday, Command::Join { member: None });
//! assert_eq!(joined.clauses(), ["club II.1"]);
//! let bob = Event::MemberJoined { member: u("bob"), score: 100, rejoined: false };
//! assert_eq!(joined.then_events(), [bob]);
//! assert_eq!(club.state().members.len(), 2);
//! ```

use super::harness::{actor, commit, context, Harness};
use crate::competition::{Actor, Command, Commit, Competition, Recorded, Registered, Role, Ruled};
use crate::notice::Notice;
use crate::refusal::Refusal;
use crate::rulebook::Rules;
use chrono::{DateTime, Utc};
use std::marker::PhantomData;

/// The schedule [`Scenario::tick`] runs as.
pub const SWEEP: &str = "schedule:deadline-sweep";

/// Who appends given events: a schedule of that name, so the log shows
/// they were given, not decided.
pub const GIVEN: &str = "schedule:given";

/// A competition of kind `K` and its log. Time is always passed in.
pub struct Scenario<K> {
    harness: Harness,
    kind: PhantomData<fn() -> K>,
}

impl<K> Clone for Scenario<K> {
    fn clone(&self) -> Self {
        Scenario {
            harness: self.harness.clone(),
            kind: PhantomData,
        }
    }
}

impl<K: Registered> Scenario<K> {
    /// A competition of kind `K` created by `org` at `at`, with `roles`
    /// granted by `org`.
    pub fn new(at: DateTime<Utc>, roles: &[(&str, Role)]) -> Self {
        Self::named("test", "test", at, roles)
    }

    /// As [`Scenario::new`], with the competition's id and name.
    pub fn named(id: &str, name: &str, at: DateTime<Utc>, roles: &[(&str, Role)]) -> Self {
        let mut harness = Harness::create(id, K::KIND, name, at);
        harness.grant(roles);
        Self::over(harness)
    }

    /// The competition `id` as the first command of its log makes it, for
    /// stories that create it themselves: `create` by `actor` at `at`.
    pub fn first(
        id: &str,
        actor: Actor,
        at: DateTime<Utc>,
        create: &Command,
    ) -> Result<(Self, Vec<Recorded>), Refusal> {
        let (harness, events) = Harness::first(id, actor, at, create)?;
        assert_eq!(harness.env.kind, K::KIND, "a competition of this kind");
        Ok((Self::over(harness), events))
    }

    fn over(harness: Harness) -> Self {
        Scenario {
            harness,
            kind: PhantomData,
        }
    }

    /// Checks `check` now and after every later commit: an invariant of the
    /// kind's state that every test driving it then keeps.
    pub fn checking(mut self, check: fn(&Competition)) -> Self {
        self.harness.checking(check);
        self
    }

    /// Given `who` issued `command` at `at`, accepted.
    pub fn given(
        &mut self,
        who: &str,
        at: DateTime<Utc>,
        command: impl Into<Command>,
    ) -> &mut Self {
        self.when(who, at, command).then_recorded();
        self
    }

    /// Given `events` happened at `at`: appended as one commit and folded as
    /// decided events are, for states the commands would take long to reach.
    pub fn given_events(&mut self, at: DateTime<Utc>, events: Vec<Ruled<K::Event>>) -> &mut Self {
        let recorded = events
            .into_iter()
            .map(|r| Recorded {
                event: K::event(r.event),
                clause: r.clause,
            })
            .collect();
        let ctx = context(actor(GIVEN), at);
        let given = commit(Some(self.competition()), "given", &ctx, recorded);
        self.harness.append(given);
        self
    }

    /// When `who` (a user, or `schedule:<name>`) issues `command` at `at`:
    /// a kind's command or the envelope's.
    pub fn when(&mut self, who: &str, at: DateTime<Utc>, command: impl Into<Command>) -> Then<K> {
        self.when_by(actor(who), at, command)
    }

    /// As [`Scenario::when`], for an actor already made.
    pub fn when_by(
        &mut self,
        actor: Actor,
        at: DateTime<Utc>,
        command: impl Into<Command>,
    ) -> Then<K> {
        let command = command.into();
        let act = format!("{actor} {} at {at}", command.name());
        Then {
            act,
            outcome: self.harness.act(actor, at, &command),
            kind: PhantomData,
        }
    }

    /// When the deadline sweep runs at `at`.
    pub fn tick(&mut self, at: DateTime<Utc>) -> Then<K> {
        self.when(SWEEP, at, Command::Tick)
    }

    /// The kind's state.
    pub fn state(&self) -> &K {
        self.harness.state()
    }

    /// The competition: its envelope and its kind's state.
    pub fn competition(&self) -> &Competition {
        &self.harness.env
    }

    /// The competition to edit in place: a state no event could reach (a
    /// published error to correct), planted for the test.
    pub fn competition_mut(&mut self) -> &mut Competition {
        &mut self.harness.env
    }

    pub fn version(&self) -> u64 {
        self.harness.env.version
    }

    /// Every commit so far, the creating one first.
    pub fn log(&self) -> &[Commit] {
        &self.harness.log
    }

    /// The commit the last act made; `None` when it was refused or decided
    /// nothing.
    pub fn last_commit(&self) -> Option<&Commit> {
        self.harness.last_commit()
    }

    /// The notices the last act's commit causes.
    pub fn notices(&self) -> Vec<Notice> {
        self.harness.notices()
    }

    /// Everything `viewer` can read: the view and the audit log, as JSON.
    pub fn visible(&self, viewer: &str) -> String {
        self.harness.visible(viewer)
    }
}

/// What a when decided: the events, or the refusal.
#[must_use = "a when is asserted by a then"]
#[derive(Debug)]
pub struct Then<K: Rules> {
    /// Who did what when, for the messages of failed assertions.
    act: String,
    outcome: Result<Vec<Recorded>, Refusal>,
    kind: PhantomData<fn() -> K>,
}

impl<K: Registered> Then<K> {
    /// Then every event decided, the envelope's too; panics on a refusal.
    pub fn then_recorded(self) -> Vec<Recorded> {
        let act = self.act;
        self.outcome
            .unwrap_or_else(|r| panic!("{act} was refused: {r:?}"))
    }

    /// Then the kind's own events, with the clauses that made them happen.
    pub fn then_ruled(self) -> Vec<Ruled<K::Event>> {
        kind_events::<K>(&self.then_recorded())
    }

    /// Then the kind's own events.
    pub fn then_events(self) -> Vec<K::Event> {
        self.then_ruled().into_iter().map(|r| r.event).collect()
    }

    /// Then nothing: accepted, and no event decided.
    pub fn then_nothing(self) {
        let act = self.act.clone();
        let events = self.then_recorded();
        assert!(events.is_empty(), "{act} decided {events:?}");
    }

    /// Then a refusal naming `clause`: the refusal.
    pub fn then_refused(self, clause: &str) -> Refusal {
        let refusal = self.then_refusal();
        assert_eq!(refusal.clause.as_deref(), Some(clause), "{refusal:?}");
        refusal
    }

    /// Then a refusal, whatever it names.
    pub fn then_refusal(self) -> Refusal {
        match self.outcome {
            Ok(events) => panic!("{} was accepted: {events:?}", self.act),
            Err(refusal) => refusal,
        }
    }

    /// The clauses the decided events cite, in order; panics on a refusal.
    pub fn clauses(&self) -> Vec<String> {
        match &self.outcome {
            Ok(events) => events.iter().filter_map(|r| r.clause.clone()).collect(),
            Err(r) => panic!("{} was refused: {r:?}", self.act),
        }
    }

    /// The kind's own events, or the refusal.
    pub fn events(self) -> Result<Vec<K::Event>, Refusal> {
        let events = self.outcome?;
        Ok(kind_events::<K>(&events)
            .into_iter()
            .map(|r| r.event)
            .collect())
    }

    /// Every event decided, or the refusal.
    pub fn recorded(self) -> Result<Vec<Recorded>, Refusal> {
        self.outcome
    }
}

/// The kind's own events among `recorded`, with their clauses.
pub fn kind_events<K: Registered>(recorded: &[Recorded]) -> Vec<Ruled<K::Event>> {
    recorded
        .iter()
        .filter_map(|r| {
            Some(Ruled::citing(
                K::of_event(&r.event)?.clone(),
                r.clause.as_deref(),
            ))
        })
        .collect()
}
