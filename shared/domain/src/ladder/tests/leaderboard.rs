//! Section II (the leaderboard): II.1–II.3, II.5, II.7–II.11.

use super::super::testkit::*;
use super::super::{Command, Event, FraudStep, GameResult::*, RemovalGrounds};

fn change(member: &str, delta: i64) -> Command {
    Command::ChangeScore {
        member: u(member),
        delta,
        reason: "correction of a mis-recorded result".into(),
        offence: (delta < 0).then(|| format!("mis-recorded result ({delta})")),
    }
}

fn fraud(member: &str, offence: &str, game: Option<u64>) -> Command {
    Command::PenalizeFraud {
        member: u(member),
        offence: offence.into(),
        reason: "registered a game that was never played".into(),
        game,
        step: None,
    }
}

#[test]
fn club_ii_1_students_join_with_100() {
    let mut c = Club::new();
    let events = c.ok("ann", Command::Join { member: None });
    assert_eq!(
        events,
        vec![Event::MemberJoined {
            member: u("ann"),
            score: 100,
            rejoined: false
        }]
    );
    assert_eq!(c.score("ann"), 100);
    assert_eq!(
        c.run("ann", Command::Join { member: None })
            .unwrap_err()
            .kind,
        crate::refusal::RefusalKind::Conflict
    );
}

#[test]
fn club_ii_2_no_score_below_100() {
    let mut c = Club::new();
    c.join(&["ann", "bob"]);
    c.ok("mod1", change("ann", 10));
    // A 50-point deduction from 110 stops at the floor: −10.
    let events = c.ok("mod1", change("ann", -50));
    assert!(matches!(events[0], Event::ScoreChanged { delta: -10, .. }));
    assert_eq!(c.score("ann"), 100);
    // Losing at the floor costs nothing.
    c.at("2026-01-09T13:00:00Z");
    c.ok("ann", game("ann", "bob", BlackWins, "2026-01-09T12:45:00Z"));
    assert_eq!((c.score("ann"), c.score("bob")), (100, 116));
}

#[test]
fn club_ii_3_elo_and_moderator_score_changes() {
    let mut c = Club::new();
    c.join(&["ann", "bob"]);
    c.ok("mod1", change("ann", 100));
    c.ok("mod1", change("bob", 300));
    c.at("2026-01-09T13:00:00Z");
    // ann 200 v bob 400: E(ann) = 1/(1+10^(200/400)) = 0.2403.
    // A draw: 32·(0.5−0.2403) = 8.31 → ann +8, bob −8.
    c.ok("ann", game("ann", "bob", Draw, "2026-01-09T12:45:00Z"));
    assert_eq!((c.score("ann"), c.score("bob")), (208, 392));
    // Members may not change scores; moderators may not change their own.
    assert_eq!(c.refused("ann", change("bob", 5)), "club II.3");
    c.ok("mod1", Command::Join { member: None });
    assert_eq!(c.refused("mod1", change("mod1", 5)), "club III.3.5");
}

#[test]
fn club_ii_3_k_is_a_club_setting() {
    let mut c = Club::new();
    let settings = super::super::Settings {
        elo_k: 20,
        ..Default::default()
    };
    c.ok("org", Command::Configure { settings });
    c.join(&["ann", "bob"]);
    c.at("2026-01-09T13:00:00Z");
    // 20·(1−0.5) = +10.
    c.ok("ann", game("ann", "bob", WhiteWins, "2026-01-09T12:45:00Z"));
    assert_eq!(c.score("ann"), 110);
    // Once running, settings change only by a technical modification.
    assert_eq!(
        c.refused(
            "org",
            Command::Configure {
                settings: Default::default()
            }
        ),
        "club III.5"
    );
}

#[test]
fn club_ii_5_the_fraud_ladder() {
    let mut c = Club::new();
    c.join(&["ann", "bob"]);
    c.at("2026-01-09T13:00:00Z");
    c.ok("ann", game("ann", "bob", WhiteWins, "2026-01-09T12:45:00Z"));
    let fictitious = c.last_id();
    assert_eq!(c.score("ann"), 116);
    // 1st: reversed, as though it never happened: 116 − 16 = 100.
    let e = c.ok("mod2", fraud("ann", "fictitious game 1", Some(fictitious)));
    assert!(matches!(
        e[0],
        Event::FraudPenalized {
            step: FraudStep::Reverse,
            ..
        }
    ));
    assert_eq!(c.score("ann"), 100);
    // 2nd: halved: 250 → 125.
    c.ok("mod1", change("ann", 150));
    c.ok("mod2", fraud("ann", "fictitious game 2", None));
    assert_eq!(c.score("ann"), 125);
    // 3rd: reset to 100.
    c.ok("mod1", change("ann", 175));
    c.ok("mod2", fraud("ann", "fictitious game 3", None));
    assert_eq!(c.score("ann"), 100);
    // 4th: four weeks: from Fri 9 Jan 13:00, +28 days = Fri 6 Feb 13:00, so
    // the first Friday 00:00 after that is 13 Feb (misses 16, 23, 30 Jan, 6 Feb).
    let e = c.ok("mod2", fraud("ann", "fictitious game 4", None));
    assert!(
        matches!(&e[0], Event::FraudPenalized { step: FraudStep::FourWeekBan, ban_expires: Some(d), .. } if d.to_string() == "2026-02-13")
    );
    // 5th: permanent.
    c.ok("mod2", fraud("ann", "fictitious game 5", None));
    let ban = c.ladder().members[&u("ann")].ban.clone().unwrap();
    assert_eq!(ban.expires, None);
    assert_eq!(c.ladder().members[&u("ann")].fraud_violations, 5);
}

#[test]
fn club_ii_5_moderators_may_use_discretion_with_a_reason() {
    let mut c = Club::new();
    c.join(&["ann"]);
    c.ok("mod1", change("ann", 100));
    let e = c.ok(
        "mod2",
        Command::PenalizeFraud {
            member: u("ann"),
            offence: "fabricated five games".into(),
            reason: "systematic: five fictitious games in one week".into(),
            game: None,
            step: Some(FraudStep::Halve),
        },
    );
    assert!(matches!(
        e[0],
        Event::FraudPenalized {
            discretion: true,
            step: FraudStep::Halve,
            ..
        }
    ));
    assert_eq!(c.score("ann"), 100); // (200 + 1) / 2 = 100
                                     // A first violation on the ladder needs the game to reverse.
    c.join(&["bob"]);
    assert_eq!(c.refused("mod2", fraud("bob", "x", None)), "club II.5");
}

#[test]
fn club_ii_7_removal_of_inactive_members_by_the_chief_justice() {
    let mut c = Club::new();
    c.join(&["ann", "bob"]);
    let remove = |who: &str| Command::RemoveMember {
        member: u(who),
        grounds: RemovalGrounds::Inactivity,
    };
    // Three weeks closed: three absences are not "more than three".
    c.at("2026-01-24T00:00:00Z").tick();
    assert_eq!(c.refused("cj", remove("ann")), "club II.7");
    c.at("2026-01-31T00:00:00Z").tick();
    // Four of four weeks absent, no games.
    assert_eq!(c.refused("mod1", remove("ann")), "club II.7");
    c.ok("cj", remove("ann"));
    assert!(c.ladder().members[&u("ann")].removed);
    // Removed members re-enter as new.
    let e = c.ok("ann", Command::Join { member: None });
    assert!(matches!(
        e[0],
        Event::MemberJoined {
            rejoined: true,
            score: 100,
            ..
        }
    ));
}

#[test]
fn club_ii_7_a_member_removed_while_banned_rejoins_only_when_the_ban_ends() {
    let mut c = Club::new();
    c.join(&["ann"]);
    c.ok(
        "mod1",
        Command::Ban {
            member: u("ann"),
            reason: "disrepute".into(),
            expires: "2026-03-06".parse().unwrap(),
            offence: "disrepute in January".into(),
        },
    );
    c.declare("mod1");
    c.at("2026-02-07T00:00:00Z").tick();
    c.ok(
        "cj",
        Command::RemoveMember {
            member: u("ann"),
            grounds: RemovalGrounds::Inactivity,
        },
    );
    assert_eq!(
        c.refused("ann", Command::Join { member: None }),
        "club II.7"
    );
    c.at("2026-03-06T00:00:00Z").tick();
    c.ok("ann", Command::Join { member: None });
}

#[test]
fn club_ii_8_removal_on_request_within_seven_days() {
    let mut c = Club::new();
    c.join(&["ann"]);
    c.ok("ann", Command::RequestRemoval {});
    c.at("2026-01-16T11:59:00Z");
    assert!(!c
        .tick()
        .iter()
        .any(|e| matches!(e, Event::MemberRemoved { .. })));
    // Seven days on, the deadline sweep complies if the Chief Justice has not.
    c.at("2026-01-16T12:00:00Z");
    let e = c.tick();
    assert!(e.contains(&Event::MemberRemoved {
        member: u("ann"),
        grounds: RemovalGrounds::Request,
        by: None,
    }));
    assert!(c.tick().is_empty());
}

/// club II.8.2: "Removing a Member does not affect their status as Moderator
/// or Justice, only their ability to be counted in games." mod1 (a moderator)
/// and j1 (a justice) join the leaderboard, ask to be removed on Friday 9
/// January and are removed seven days on, 16 January 12:00 (II.8). On Friday
/// 23 January mod1 still oversees ann v bob (J.6), and j1 still uses
/// moderator power (III.3.4: a +10 score change); but a game with mod1 as a
/// player, overseen by mod2, is not counted (J.8).
#[test]
fn club_ii_8_2_a_removed_moderator_or_justice_keeps_the_office_but_plays_no_counted_game() {
    let mut c = Club::new();
    c.join(&["ann", "bob", "mod1", "j1"]);
    c.ok("mod1", Command::RequestRemoval {});
    c.ok("j1", Command::RequestRemoval {});
    c.at("2026-01-16T12:00:00Z");
    let removed = c.tick();
    for who in ["mod1", "j1"] {
        assert!(removed.contains(&Event::MemberRemoved {
            member: u(who),
            grounds: RemovalGrounds::Request,
            by: None,
        }));
    }
    c.at("2026-01-23T13:00:00Z");
    // Still a moderator: oversees a counted game.
    c.ok("ann", game("ann", "bob", WhiteWins, "2026-01-23T12:40:00Z"));
    // Still a justice, so still holding moderator power.
    let e = c.ok("j1", change("ann", 10));
    assert!(matches!(e[0], Event::ScoreChanged { delta: 10, .. }));
    // No longer counted in games.
    let as_player = Command::RegisterGame {
        white: u("mod1"),
        black: u("bob"),
        result: Draw,
        played_at: at("2026-01-23T12:50:00Z"),
        room: "322".into(),
        moderator: u("mod2"),
        chessclock: false,
        oversight: None,
    };
    assert_eq!(c.refused("mod2", as_player), "club J.8");
}

#[test]
fn club_ii_8_1_not_while_banned_or_in_a_hearing() {
    let mut c = Club::new();
    c.join(&["ann"]);
    c.ok(
        "mod1",
        Command::Ban {
            member: u("ann"),
            reason: "disrepute".into(),
            expires: "2026-01-30".parse().unwrap(),
            offence: "disrepute".into(),
        },
    );
    c.declare("mod1");
    c.ok("ann", Command::RequestRemoval {});
    let comply = Command::RemoveMember {
        member: u("ann"),
        grounds: RemovalGrounds::Request,
    };
    assert_eq!(c.refused("cj", comply.clone()), "club II.8.1");
    // Seven days pass; still banned: nothing happens.
    c.at("2026-01-17T00:00:00Z");
    assert!(!c
        .tick()
        .iter()
        .any(|e| matches!(e, Event::MemberRemoved { .. })));
    // The ban ends on 30 January at 00:00; the request is then complied with.
    c.at("2026-01-30T00:00:00Z");
    let e = c.tick();
    assert!(e.iter().any(|e| matches!(e, Event::BanExpired { .. })));
    assert!(e.iter().any(|e| matches!(e, Event::MemberRemoved { .. })));
}

fn ban(expires: &str) -> Command {
    Command::Ban {
        member: u("ann"),
        reason: "brought the club into disrepute".into(),
        expires: expires.parse().unwrap(),
        offence: "incident of 9 January".into(),
    }
}

#[test]
fn club_ii_9_1_bans_need_a_valid_reason() {
    let mut c = Club::new();
    c.join(&["ann"]);
    let mut no_reason = ban("2026-01-23");
    if let Command::Ban { reason, .. } = &mut no_reason {
        *reason = "  ".into();
    }
    assert_eq!(c.refused("mod1", no_reason), "club II.9.1");
}

#[test]
fn club_ii_9_2_bans_expire_on_a_friday() {
    let mut c = Club::new();
    c.join(&["ann"]);
    assert_eq!(c.refused("mod1", ban("2026-01-22")), "club II.9.2");
    assert_eq!(c.refused("mod1", ban("2026-01-02")), "club II.9.2");
    c.ok("mod1", ban("2026-01-23"));
    c.declare("mod1");
    c.at("2026-01-22T23:59:00Z");
    assert!(!c
        .tick()
        .iter()
        .any(|e| matches!(e, Event::BanExpired { .. })));
    c.at("2026-01-23T00:00:00Z");
    assert!(c
        .tick()
        .iter()
        .any(|e| matches!(e, Event::BanExpired { .. })));
    assert!(c.ladder().members[&u("ann")].ban.is_none());
}

#[test]
fn club_ii_9_4_only_the_court_changes_a_ban() {
    let mut c = Club::new();
    c.join(&["ann"]);
    c.ok("mod1", ban("2026-01-23"));
    let mut longer = ban("2026-02-27");
    if let Command::Ban { offence, .. } = &mut longer {
        *offence = "another incident".into();
    }
    assert_eq!(c.refused("mod2", longer), "club II.9.4");
}

#[test]
fn club_ii_10_1_monitors_need_reasonable_suspicion() {
    let mut c = Club::new();
    c.join(&["ann"]);
    let none = Command::Monitor {
        member: u("ann"),
        suspicion: "".into(),
    };
    assert_eq!(c.refused("mod1", none), "club II.10.1");
    let monitor = Command::Monitor {
        member: u("ann"),
        suspicion: "two results contradicted by witnesses".into(),
    };
    assert_eq!(c.refused("ann", monitor.clone()), "club II.10");
    c.ok("mod1", monitor);
    assert!(c.ladder().members[&u("ann")].monitor.is_some());
}

#[test]
fn club_ii_10_2_any_moderator_may_lift_a_monitor() {
    let mut c = Club::new();
    c.join(&["ann"]);
    c.ok(
        "mod1",
        Command::Monitor {
            member: u("ann"),
            suspicion: "two results contradicted by witnesses".into(),
        },
    );
    c.ok(
        "mod2",
        Command::LiftMonitor {
            member: u("ann"),
            reason: "the witnesses were mistaken".into(),
        },
    );
    assert!(c.ladder().members[&u("ann")].monitor.is_none());
}

/// club II.8, II.9.2: only a ban or a removal request gives a member a
/// deadline, so the fold keeps those members apart and the schedule's
/// deadlines read them alone: a large club's other members are not read
/// on every command.
#[test]
fn club_ii_8_and_ii_9_2_members_with_a_deadline_are_kept_apart() {
    let mut c = Club::new();
    c.join(&["ann", "bob", "carl"]);
    c.ok("mod1", ban("2026-01-23"));
    c.declare("mod1");
    c.ok("bob", Command::RequestRemoval {});
    // By hand: ann is banned (II.9.2 ends it on Friday 23 January) and bob
    // asked to leave (II.8: seven days); carl has no deadline of his own.
    let watched: Vec<&str> = c.ladder().watched.iter().map(|u| u.as_str()).collect();
    assert_eq!(watched, ["ann", "bob"]);
    // The ban still ends by itself at its Friday.
    c.at("2026-01-23T00:00:00Z");
    assert!(c
        .tick()
        .iter()
        .any(|e| matches!(e, Event::BanExpired { .. })));
}
