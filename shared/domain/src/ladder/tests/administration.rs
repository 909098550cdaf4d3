//! Section III (administration): III.2.2, III.2.4, III.3.4, III.4.

use super::super::testkit::*;
use super::super::{Command, DeclarationChannel, Event, PowerStatus};
use crate::rulebook::parts::*;

fn deduct(c: &mut Club, by: &str, delta: i64, offence: &str) -> u64 {
    c.ok(
        by,
        Command::ChangeScore {
            member: u("ann"),
            delta,
            reason: "lengthened games so others could not play".into(),
            offence: Some(offence.into()),
        },
    );
    c.last_id()
}

#[test]
fn club_iii_2_2_no_double_jeopardy() {
    let mut c = seeded();
    deduct(&mut c, "mod1", -20, "overran on 9 January");
    // The same offence again, by anyone, in any form: refused.
    assert_eq!(
        c.refused(
            "mod2",
            Command::ChangeScore {
                member: u("ann"),
                delta: -5,
                reason: "again".into(),
                offence: Some("overran on 9 January".into()),
            }
        ),
        "club III.2.2"
    );
    let ban = Command::Ban {
        member: u("ann"),
        reason: "overran".into(),
        expires: "2026-01-23".parse().unwrap(),
        offence: "overran on 9 January".into(),
    };
    assert_eq!(c.refused("mod2", ban), "club III.2.2");
    // Due process: a penalty needs a reason.
    let no_reason = Command::ChangeScore {
        member: u("ann"),
        delta: -5,
        reason: "".into(),
        offence: None,
    };
    assert_eq!(c.refused("mod2", no_reason), "club III.2.2");
    // ...and names its offence.
    let no_offence = Command::ChangeScore {
        member: u("ann"),
        delta: -5,
        reason: "talking during games".into(),
        offence: None,
    };
    assert_eq!(c.refused("mod2", no_offence), "club III.2.2");
}

#[test]
fn club_iii_2_4_declarations_within_seven_days_by_the_moderator() {
    let mut c = seeded();
    let p = deduct(&mut c, "mod1", -20, "o1");
    let declare = Command::Declare {
        power_use: p,
        statement: "deducted 20 from ann for overrunning on 9 January".into(),
        channel: DeclarationChannel::EmailToAll,
    };
    assert_eq!(c.refused("mod2", declare.clone()), "club III.2.4");
    c.at("2026-01-16T12:00:00Z");
    assert_eq!(c.refused("mod1", declare.clone()), "club III.2.4");
    c.at("2026-01-16T11:59:00Z");
    c.ok("mod1", declare);
    assert!(c.ladder().powers[&p].declared.is_some());
}

#[test]
fn club_iii_2_4_2_undeclared_penalties_are_void() {
    let mut c = seeded();
    let p = deduct(&mut c, "mod1", -30, "o1");
    c.ok(
        "mod1",
        Command::Ban {
            member: u("bob"),
            reason: "disrepute".into(),
            expires: "2026-02-27".parse().unwrap(),
            offence: "o2".into(),
        },
    );
    assert_eq!(c.score("ann"), 170);
    // The deadline is part of next_due: after the Saturday close, it is next.
    c.at("2026-01-10T00:00:00Z").tick();
    assert_eq!(c.competition().next_due(), Some(at("2026-01-16T12:00:00Z")));
    c.at("2026-01-16T11:59:00Z");
    assert!(c.tick().is_empty());
    c.at("2026-01-16T12:00:00Z");
    let e = c.tick();
    let voided: Vec<u64> = e
        .iter()
        .filter_map(|e| match e {
            Event::PenaltyVoided { power_use, .. } => Some(*power_use),
            _ => None,
        })
        .collect();
    assert_eq!(voided, vec![p, p + 1]);
    assert_eq!(c.score("ann"), 200);
    assert!(c.ladder().members[&u("bob")].ban.is_none());
    assert_eq!(c.ladder().powers[&p].status, PowerStatus::Void);
    assert!(c.tick().is_empty());
    // The seeding (+100) was no penalty: it stands though undeclared.
    assert_eq!(c.ladder().powers[&(p - 1)].status, PowerStatus::Standing);
}

#[test]
fn club_iii_3_4_justices_may_exercise_moderator_power() {
    let mut c = seeded();
    c.at("2026-01-09T13:30:00Z");
    c.ok("j2", attend("2026-01-09", &["ann"]));
    deduct(&mut c, "j2", -5, "o1");
    deduct(&mut c, "cj", -5, "o2");
    assert_eq!(c.score("ann"), 190);
}

#[test]
fn club_iii_2_4_1_declarations_are_public() {
    let mut c = seeded();
    let p = deduct(&mut c, "mod1", -20, "o1");
    let e = c.ok(
        "mod1",
        Command::Declare {
            power_use: p,
            statement: "deducted 20 from ann for lengthening games on 9 January".into(),
            channel: DeclarationChannel::EmailToAll,
        },
    );
    // In the audit log for anyone, and in the public view.
    assert_eq!(
        c.ladder().redact(c.competition(), &e[0], None),
        Some(e[0].clone())
    );
    let view = c.competition().view(None);
    let powers = view.game["powers"].as_array().unwrap();
    let declared = powers.iter().find(|x| x["power_use"] == p).unwrap();
    assert_eq!(declared["declared"]["channel"], "email-to-all");
}

#[test]
fn club_ii_3_a_score_change_at_the_integer_limit_is_refused_not_a_panic() {
    // A delta of i64::MIN has no absolute value in i64; found by the kind
    // conformance suite (the check panicked with "attempt to negate with
    // overflow"). Any delta beyond 10 000 points is refused.
    let mut c = seeded();
    for delta in [i64::MIN, i64::MAX, 10_001, -10_001] {
        let refused = c.refused(
            "mod1",
            Command::ChangeScore {
                member: u("ann"),
                delta,
                reason: "r".into(),
                offence: Some(format!("offence {delta}")),
            },
        );
        assert_eq!(refused, "Invalid", "{delta}");
    }
}

#[test]
fn club_iii_4_the_chief_justice_exercises_residual_authority_alone_and_logged() {
    let mut c = Club::new();
    let act = Command::ExerciseResidualAuthority {
        description: "the club meets in room 318 while 322 is refurbished".into(),
    };
    // Only the Chief Justice holds authority not explicitly granted.
    assert_eq!(c.refused("j1", act.clone()), "club III.4");
    assert_eq!(c.refused("mod1", act.clone()), "club III.4");
    let e = c.ok("cj", act);
    assert!(matches!(
        &e[0],
        Event::ResidualAuthorityExercised { by, .. } if *by == u("cj")
    ));
    // Logged in the state and the public view; it changes nothing else.
    let id = c.last_id();
    assert_eq!(c.ladder().residual_acts[&id].at, c.now);
    let view = c.ladder().view(c.competition(), None);
    assert!(view["residual_acts"][id.to_string()]["description"]
        .as_str()
        .is_some_and(|d| d.contains("318")));
    // The act states what was done.
    assert_eq!(
        c.refused(
            "cj",
            Command::ExerciseResidualAuthority {
                description: " ".into()
            }
        ),
        "club III.4"
    );
}

#[test]
fn club_iii_2_4_2_a_declared_penalty_leaves_the_deadlines_kept_apart() {
    // next_due reads only the uses of power still awaiting their
    // declaration, not every use the club ever made. A deduction made Friday 9 January 2026 12:00
    // (London, GMT) must be declared within seven days (III.2.4), by
    // 16 January 12:00; until then it is kept apart. Once declared it
    // can no longer be voided (III.2.4.2), so it leaves. The week of
    // 9 January closed at Saturday 10 January 00:00, so the next deadline
    // is the following week's close, Saturday 17 January 00:00 (II.6).
    let mut c = seeded();
    let p = deduct(&mut c, "mod1", -20, "o1");
    assert!(c.ladder().undeclared.contains(&p));
    c.at("2026-01-10T00:00:00Z").tick();
    assert_eq!(c.competition().next_due(), Some(at("2026-01-16T12:00:00Z")));
    c.ok(
        "mod1",
        Command::Declare {
            power_use: p,
            statement: "deducted 20 from ann for overrunning".into(),
            channel: DeclarationChannel::EmailToAll,
        },
    );
    assert!(c.ladder().undeclared.is_empty());
    assert_eq!(c.competition().next_due(), Some(at("2026-01-17T00:00:00Z")));
}
