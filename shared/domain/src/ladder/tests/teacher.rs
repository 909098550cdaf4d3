//! The teacher's bans (club III.6), beyond the Court's review.

use super::super::testkit::*;
use super::super::{AppealSubject, Command, GameResult::*};
use crate::competition::{self, Role};

/// A club with ann and bob, and doran as the teacher.
fn club() -> Club {
    let mut c = Club::new();
    c.join(&["ann", "bob"]);
    c.envelope(
        "org",
        competition::Command::GrantRole {
            user: u("doran"),
            role: Role::Teacher,
        },
    )
    .unwrap();
    c
}

fn teacher_ban(member: &str) -> Command {
    Command::TeacherBan {
        member: u(member),
        reason: "banned from room 322 for misbehaviour in class".into(),
        expires: None,
    }
}

#[test]
fn club_iii_6_1_the_teacher_bans_any_member_and_the_court_cannot_hear_it() {
    let mut c = club();
    // Only the teacher has the power; a moderator bans under II.9 instead.
    assert_eq!(c.refused("mod1", teacher_ban("ann")), "club III.6");
    c.ok("doran", teacher_ban("ann"));
    let ban = c.last_id();
    let recorded = &c.last_commit().unwrap().events[0];
    assert_eq!(recorded.clause.as_deref(), Some("club III.6.1"));
    // A banned member's games are invalid (J.7).
    c.at("2026-01-09T13:00:00Z");
    assert_eq!(
        c.refused("bob", game("ann", "bob", WhiteWins, "2026-01-09T12:45:00Z")),
        "club J.7"
    );
    // Not subject to Court of Appeals review: the petition is refused.
    let petition = Command::FileAppeal {
        subject: AppealSubject::PowerUse { power_use: ban },
        grounds: "I did nothing wrong".into(),
    };
    assert_eq!(c.refused("ann", petition), "club III.6");
    // Not moderator power: nothing to declare, so nothing is voided after
    // seven days (III.2.4.2); with no expiry it lasts until lifted.
    c.at("2026-01-30T12:00:00Z");
    c.tick();
    assert!(c.ladder().members[&u("ann")].banned_at(c.now));
}

#[test]
fn club_iii_6_only_the_teacher_lifts_the_teachers_ban_and_no_other() {
    let mut c = club();
    c.ok("doran", teacher_ban("ann"));
    let lift = |who: &str| Command::LiftTeacherBan {
        member: u(who),
        reason: "apologised".into(),
    };
    assert_eq!(c.refused("mod1", lift("ann")), "club III.6");
    c.ok("doran", lift("ann"));
    assert!(c.ladder().members[&u("ann")].ban.is_none());
    // A moderator's ban is the Court's to shorten or remove (II.9.4).
    c.ok(
        "mod1",
        Command::Ban {
            member: u("bob"),
            reason: "threw a piece at the bell".into(),
            expires: "2026-01-23".parse().unwrap(),
            offence: "throwing pieces on 9 January".into(),
        },
    );
    assert_eq!(c.refused("doran", lift("bob")), "club II.9.4");
    // A dated teacher's ban ends at 00:00 club time on its date.
    c.ok(
        "doran",
        Command::TeacherBan {
            member: u("ann"),
            reason: "detention".into(),
            expires: Some("2026-01-14".parse().unwrap()),
        },
    );
    let ends = c.ladder().members[&u("ann")].ban.clone().unwrap().ends_at;
    assert_eq!(ends, Some(at("2026-01-14T00:00:00Z")));
}
