//! Section IV: the Chief Justice changes the Terms (IV.1), the new Terms
//! apply from publication and not before (IV.2), members are told (IV.3);
//! and how a change of the Terms stands beside a technical modification
//! (III.5).

use super::super::testkit::*;
use super::super::{AppealSubject, Command, GameResult, Remedy, Settings, Vote};
use crate::notice::{Audience, Topic};
use std::collections::BTreeSet;

fn change(description: &str, settings: Settings) -> Command {
    Command::ChangeTerms {
        description: description.into(),
        settings: Some(settings),
    }
}

/// A game in `room` with `mod1` present.
fn game_in(room: &str, played_at: &str) -> Command {
    match game("ann", "bob", GameResult::Draw, played_at) {
        Command::RegisterGame {
            white,
            black,
            result,
            played_at,
            moderator,
            chessclock,
            ..
        } => Command::RegisterGame {
            white,
            black,
            result,
            played_at,
            room: room.into(),
            moderator,
            chessclock,
            oversight: None,
        },
        _ => unreachable!(),
    }
}

#[test]
fn club_iv_1_only_the_chief_justice_changes_the_terms() {
    let mut c = seeded();
    let k24 = Settings {
        elo_k: 24,
        ..Settings::default()
    };
    // IV.1: "unilaterally changed by the Chief Justice": not a moderator, a
    // justice, a member, nor the organizer.
    for who in ["mod1", "j1", "ann", "org"] {
        assert_eq!(c.refused(who, change("K is 24", k24.clone())), "club IV.1");
    }
    // IV.2: the new Terms are published, so they say what changed.
    assert_eq!(c.refused("cj", change("  ", k24.clone())), "club IV.2");
    let bad = Settings {
        elo_k: 0,
        ..Settings::default()
    };
    assert_eq!(c.refused("cj", change("K is 0", bad)), "Invalid");
    c.ok("cj", change("K is 24", k24));
    assert_eq!(c.ladder().settings.elo_k, 24);
    assert_eq!(c.ladder().terms_changes.len(), 1);
}

#[test]
fn club_iv_2_a_change_applies_from_publication_and_not_before() {
    let mut c = seeded();
    // Friday 9 January (GMT). At 12:50 the Chief Justice moves the club to
    // room 323 and sets K to 16.
    c.at("2026-01-09T12:50:00Z").ok(
        "cj",
        change(
            "The club meets in 323; K is 16.",
            Settings {
                room: "323".into(),
                elo_k: 16,
                ..Settings::default()
            },
        ),
    );
    c.at("2026-01-09T13:05:00Z");
    // Before publication the Terms said 322: a game in 323 at 12:40 was
    // played in the wrong room, one in 322 at 12:45 in the right one.
    assert_eq!(
        c.refused("ann", game_in("323", "2026-01-09T12:40:00Z")),
        "club J.5"
    );
    c.ok("ann", game_in("322", "2026-01-09T12:45:00Z"));
    // Rated with the K of its Terms, 32: ann 200 v bob 100, a draw;
    // E(ann) = 1/(1+10^(−100/400)) = 0.6401; 32·(0.5 − 0.6401) = −4.48 → −4;
    // bob +4. ann 196, bob 104.
    assert_eq!((c.score("ann"), c.score("bob")), (196, 104));
    // From publication (12:50 itself included) the Terms say 323 and K 16.
    assert_eq!(
        c.refused("ann", game_in("322", "2026-01-09T12:55:00Z")),
        "club J.5"
    );
    c.ok("ann", game_in("323", "2026-01-09T12:50:00Z"));
    // ann 196 v bob 104, a draw, K 16: E(ann) = 1/(1+10^(−92/400)) = 0.6294;
    // 16·(0.5 − 0.6294) = −2.07 → −2; bob +2. ann 194, bob 106.
    assert_eq!((c.score("ann"), c.score("bob")), (194, 106));
    let l = c.ladder();
    assert_eq!(l.settings_at(at("2026-01-09T12:49:59Z")).room, "322");
    assert_eq!(l.settings_at(at("2026-01-09T12:50:00Z")).room, "323");
}

#[test]
fn club_iv_2_a_week_closed_before_the_change_keeps_the_old_amounts_though_its_tick_runs_late() {
    let mut c = Club::new();
    c.join(&["ann"]);
    c.ok(
        "mod1",
        Command::ChangeScore {
            member: u("ann"),
            delta: 100,
            reason: "seeded from the old paper ladder".into(),
            offence: None,
        },
    );
    // ann (200) misses every session. The weeks of 9 and 16 January close
    // on time: streaks 1 and 2, nothing taken (II.6.1: from the third).
    c.at("2026-01-10T00:00:00Z").tick();
    c.at("2026-01-17T00:00:00Z").tick();
    assert_eq!(c.score("ann"), 200);
    // The week of 23 January closes at Saturday 24 January 00:00, but the
    // schedule has not run when, at 09:00, the Chief Justice raises the
    // absence deduction to 30.
    c.at("2026-01-24T09:00:00Z").ok(
        "cj",
        change(
            "Absence now costs 30 a week.",
            Settings {
                absence_deduction: 30,
                ..Settings::default()
            },
        ),
    );
    // The tick at 10:00 closes a week that closed under the old Terms: its
    // third missed week costs 15 (200 → 185), not 30.
    let late = closed_weeks(&c.at("2026-01-24T10:00:00Z").tick());
    assert_eq!(late, vec![("2026-01-23".into(), vec![("ann".into(), -15)])]);
    // The week of 30 January closes after the change: 30 (185 → 155).
    let next = closed_weeks(&c.at("2026-01-31T00:00:00Z").tick());
    assert_eq!(next, vec![("2026-01-30".into(), vec![("ann".into(), -30)])]);
    assert_eq!(c.score("ann"), 155);
}

#[test]
fn club_iv_2_presence_is_judged_under_the_terms_of_its_session() {
    let mut c = seeded();
    // On Monday 12 January the Chief Justice asks for 10 minutes in the room.
    c.at("2026-01-12T09:00:00Z").ok(
        "cj",
        change(
            "Present means 10 minutes in the room.",
            Settings {
                presence_minutes: 10,
                ..Settings::default()
            },
        ),
    );
    // Attendance of the 9 January session, recorded afterwards: that session
    // ran under the old Terms (5 minutes), so 7 minutes was presence.
    c.ok(
        "mod1",
        Command::RecordAttendance {
            session: "2026-01-09".parse().unwrap(),
            attendees: vec![super::super::Attendee {
                member: u("ann"),
                minutes: 7,
            }],
        },
    );
    let week = "2026-01-09".parse().unwrap();
    assert!(c.ladder().members[&u("ann")].weeks[&week].present);
    // On 16 January the new Terms apply: 7 minutes is not presence.
    c.at("2026-01-16T13:30:00Z").ok(
        "mod1",
        Command::RecordAttendance {
            session: "2026-01-16".parse().unwrap(),
            attendees: vec![super::super::Attendee {
                member: u("ann"),
                minutes: 7,
            }],
        },
    );
    let week = "2026-01-16".parse().unwrap();
    assert!(!c.ladder().members[&u("ann")].weeks[&week].present);
}

#[test]
fn club_iv_3_every_member_and_officer_is_told_of_a_change() {
    let mut c = seeded();
    c.ok(
        "cj",
        change(
            "Idle weeks now cost 10.",
            Settings {
                idle_deduction: 10,
                ..Settings::default()
            },
        ),
    );
    let all = c.notices();
    assert_eq!(all.len(), 1, "{all:#?}");
    let n = &all[0];
    assert_eq!(n.topic, Topic::Announcement);
    assert_eq!(n.clause, "club IV.2");
    assert_eq!(n.event, "terms-changed");
    // The members (ann, bob) and the officers (mod1, mod2, j1–j4, cj).
    let everyone: BTreeSet<_> = ["ann", "bob", "mod1", "mod2", "j1", "j2", "j3", "j4", "cj"]
        .iter()
        .map(|n| u(n))
        .collect();
    assert_eq!(n.audience, Audience::Users(everyone));
    assert!(n.text.contains("Idle weeks now cost 10."), "{}", n.text);
    // Published at 12:00 GMT on 9 January, in club time.
    assert!(n.text.contains("2026-01-09 12:00"), "{}", n.text);
}

#[test]
fn club_iv_1_a_change_of_the_terms_cannot_be_challenged_en_banc() {
    let mut c = seeded();
    c.ok(
        "cj",
        change(
            "K is 40.",
            Settings {
                elo_k: 40,
                ..Settings::default()
            },
        ),
    );
    let id = c.last_id();
    // III.5 modifications are "subject to challenge by an en banc hearing";
    // IV.1 changes are the Chief Justice's alone, with no such challenge.
    let petition = Command::FileAppeal {
        subject: AppealSubject::TechnicalModification { modification: id },
        grounds: "K 40 is too swingy".into(),
    };
    assert_eq!(c.refused("ann", petition), "club IV.1");
}

#[test]
fn club_iii_5_annulling_a_modification_leaves_a_later_change_of_the_terms_standing() {
    let mut c = seeded();
    // 12:00: a technical modification moves the club to 323 (III.5).
    c.ok(
        "cj",
        Command::ModifyTechnically {
            description: "Room 322 is being refurbished; the club meets in 323.".into(),
            settings: Some(Settings {
                room: "323".into(),
                ..Settings::default()
            }),
        },
    );
    let m = c.last_id();
    // Monday 12 January: the Terms now set K 40 (IV.1), room still 323.
    c.at("2026-01-12T09:00:00Z").ok(
        "cj",
        change(
            "K is 40.",
            Settings {
                room: "323".into(),
                elo_k: 40,
                ..Settings::default()
            },
        ),
    );
    c.ok(
        "ann",
        Command::FileAppeal {
            subject: AppealSubject::TechnicalModification { modification: m },
            grounds: "322 is open again".into(),
        },
    );
    let a = c.last_id();
    c.ok("cj", Command::GrantHearing { appeal: a });
    for j in ["j1", "j2", "j3"] {
        c.ok(
            j,
            Command::CastVote {
                appeal: a,
                vote: Vote::Overturn {
                    remedy: Remedy::Annul,
                },
                bar_appeals_until: None,
            },
        );
    }
    // Three of the five en banc annul: the room the modification changed goes
    // back to 322, everywhere it applied; K 40, changed with the Terms, stands
    // from its publication (before it, 32).
    let l = c.ladder();
    assert_eq!((l.settings.room.as_str(), l.settings.elo_k), ("322", 40));
    let between = l.settings_at(at("2026-01-09T12:45:00Z"));
    assert_eq!((between.room.as_str(), between.elo_k), ("322", 32));
    // So a game played in 322 on 9 January, registered now, is valid.
    c.ok("ann", game_in("322", "2026-01-09T12:45:00Z"));
}
