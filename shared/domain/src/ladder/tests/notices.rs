//! club III.2.4, III.2.4.2, III.3.8: who hears of declarations, voided penalties
//! and the Court's decisions, through the envelope's `notice::notices`.

use super::super::testkit::*;
use super::super::{Command, DeclarationChannel, Vote};
use crate::notice::{Audience, Notice, Topic};
use std::collections::BTreeSet;

fn notices(c: &Club) -> Vec<Notice> {
    c.notices()
}

fn users(names: &[&str]) -> Audience {
    Audience::Users(names.iter().map(|n| u(n)).collect())
}

/// ann and bob; mod2 seeds ann 100 above the floor, then mod1 deducts 20 from
/// her (its id returned).
fn deducted() -> (Club, u64) {
    let mut c = seeded();
    c.ok(
        "mod1",
        Command::ChangeScore {
            member: u("ann"),
            delta: -20,
            reason: "lengthened games so others could not play".into(),
            offence: Some("overran on 9 January".into()),
        },
    );
    let id = c.last_id();
    (c, id)
}

/// club III.2.4.1 a): a declaration is public when "sent via email to all the
/// Moderators, Justices, Chief Justice and the accused": every one of them, and
/// nobody else (bob is neither accused nor affected).
#[test]
fn club_iii_2_4_a_declaration_reaches_every_moderator_justice_the_chief_justice_and_the_accused() {
    let (mut c, id) = deducted();
    assert!(
        notices(&c).is_empty(),
        "the use of power itself is told by its declaration"
    );
    c.ok(
        "mod1",
        Command::Declare {
            power_use: id,
            statement: "deducted 20 from ann for overrunning on 9 January".into(),
            channel: DeclarationChannel::EmailToAll,
        },
    );
    let all = notices(&c);
    assert_eq!(all.len(), 1, "{all:#?}");
    let n = &all[0];
    assert_eq!(n.topic, Topic::Declaration);
    assert_eq!(n.clause, "club III.2.4");
    assert_eq!(n.event, "declared");
    assert_eq!(
        n.audience,
        users(&["mod1", "mod2", "j1", "j2", "j3", "j4", "cj", "ann"])
    );
    assert!(
        n.text.contains("a score change of -20 against ann"),
        "{}",
        n.text
    );
    assert!(n.text.contains("overrunning on 9 January"));
}

/// club III.2.4.2: "Failure to provide this declaration shall automatically void
/// any penalty": seven days after Friday 9 January 12:00, the same people hear.
#[test]
fn club_iii_2_4_2_a_penalty_voided_undeclared_is_told_to_the_same_people() {
    let (mut c, _) = deducted();
    c.at("2026-01-10T00:00:00Z").tick();
    c.at("2026-01-16T12:00:00Z").tick();
    let all = notices(&c);
    let void: Vec<&Notice> = all.iter().filter(|n| n.event == "penalty-voided").collect();
    assert_eq!(void.len(), 1, "{all:#?}");
    assert_eq!(void[0].clause, "club III.2.4.2");
    assert_eq!(
        void[0].audience,
        users(&["mod1", "mod2", "j1", "j2", "j3", "j4", "cj", "ann"])
    );
}

/// club III.3.8: the Court's decision reaches the appellant and the officers.
#[test]
fn club_iii_3_8_an_appeal_decision_is_told_to_the_appellant_and_the_officers() {
    let (mut c, id) = deducted();
    c.declare("mod1");
    c.ok(
        "ann",
        Command::FileAppeal {
            subject: super::super::AppealSubject::PowerUse { power_use: id },
            grounds: "the decision is not reasonably justifiable".into(),
        },
    );
    let appeal = c.last_id();
    c.ok("cj", Command::GrantHearing { appeal });
    c.ok(
        "cj",
        Command::Empanel {
            appeal,
            justices: vec![u("j1"), u("j2"), u("j3")],
        },
    );
    for j in ["j1", "j2"] {
        c.ok(
            j,
            Command::CastVote {
                appeal,
                vote: Vote::Uphold,
                bar_appeals_until: None,
            },
        );
    }
    let all = notices(&c);
    let decided: Vec<&Notice> = all.iter().filter(|n| n.event == "appeal-decided").collect();
    assert_eq!(decided.len(), 1, "{all:#?}");
    assert_eq!(decided[0].topic, Topic::Announcement);
    assert_eq!(decided[0].clause, "club III.3.8");
    let Audience::Users(to) = &decided[0].audience else {
        panic!("to users")
    };
    let officers: BTreeSet<_> = ["mod1", "mod2", "j1", "j2", "j3", "j4", "cj", "ann"]
        .into_iter()
        .map(u)
        .collect();
    assert!(officers.is_subset(to), "{to:?}");
    assert!(decided[0].text.contains("upheld"));
}
