//! The scenario itself, on a club ladder: a refusal changes nothing, the
//! kind's events come out unwrapped with their clauses, given events fold as
//! decided ones do, and an act that decides nothing commits nothing.

use super::{actor, at, u, Scenario, GIVEN};
use crate::competition::{Command, Event as Envelope, Role};
use crate::ladder::{Command as Club, Event, Ladder};
use crate::refusal::RefusalKind;
use chrono::{DateTime, Utc};

/// Friday 9 January 2026, before the session.
fn friday() -> DateTime<Utc> {
    at("2026-01-09T12:00:00Z")
}

fn join() -> Club {
    Club::Join { member: None }
}

#[test]
fn a_refused_command_changes_neither_the_version_nor_the_state() {
    let mut s = Scenario::<Ladder>::new(friday(), &[]);
    s.given("ann", friday(), join());
    let before = s.competition().clone();
    let commits = s.log().len();
    // club II.1: a student may not put someone else on the leaderboard.
    let bob = Club::Join {
        member: Some(u("bob")),
    };
    let refusal = s.when("ann", friday(), bob).then_refused("club II.1");
    assert_eq!(refusal.kind, RefusalKind::Forbidden);
    assert_eq!(s.version(), before.version);
    assert_eq!(s.competition(), &before);
    assert_eq!(s.log().len(), commits);
    assert!(s.last_commit().is_none());
    assert!(s.notices().is_empty());
}

#[test]
fn a_kinds_events_come_out_unwrapped_with_their_clauses() {
    let mut s = Scenario::<Ladder>::new(friday(), &[]);
    let then = s.when("ann", friday(), join());
    assert_eq!(then.clauses(), ["club II.1"]);
    let joined = Event::MemberJoined {
        member: u("ann"),
        score: 100,
        rejoined: false,
    };
    assert_eq!(then.then_events(), [joined]);
    assert_eq!(s.state().members[&u("ann")].score, 100);
    // The envelope's own events are not the kind's: a grant decides none.
    let grant = Command::GrantRole {
        user: u("mod1"),
        role: Role::Moderator,
    };
    assert!(s.when("org", friday(), grant).then_events().is_empty());
    let last = s.last_commit().expect("the grant was committed");
    assert!(matches!(last.events[0].event, Envelope::RoleGranted { .. }));
    assert!(s.competition().has_role(&u("mod1"), Role::Moderator));
}

#[test]
fn given_events_fold_as_the_same_events_decided() {
    let mut decided = Scenario::<Ladder>::new(friday(), &[]);
    let events = decided.when("ann", friday(), join()).then_ruled();
    let mut given = Scenario::<Ladder>::new(friday(), &[]);
    given.given_events(friday(), events);
    assert_eq!(given.competition(), decided.competition());
    let commit = given
        .last_commit()
        .expect("the given events were committed");
    assert_eq!(commit.actor, actor(GIVEN));
    assert_eq!(commit.command, "given");
    assert_eq!(commit.events, decided.log()[1].events, "with their clauses");
}

#[test]
fn a_tick_with_nothing_due_commits_nothing() {
    let mut s = Scenario::<Ladder>::new(friday(), &[("mod1", Role::Moderator)]);
    assert_eq!(s.log().len(), 2, "the creation and the grant");
    s.tick(friday()).then_nothing();
    assert_eq!(s.log().len(), 2);
    assert!(s.last_commit().is_none());
}
