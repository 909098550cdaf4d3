//! The opening section ("Jurisdiction"): validity of games, J.5–J.12.

use super::super::testkit::*;
use super::super::{Attendee, Command, Event, GameResult::*, RemovalGrounds};

#[test]
fn club_j_5_games_only_on_friday_12_30_to_13_10_in_room_322() {
    let mut c = Club::new();
    c.join(&["ann", "bob"]);
    c.at("2026-01-09T14:00:00Z");
    // After the bell, on a Thursday, and in another room: invalid.
    assert_eq!(
        c.refused("ann", game("ann", "bob", WhiteWins, "2026-01-09T13:15:00Z")),
        "club J.5"
    );
    assert_eq!(
        c.refused("ann", game("ann", "bob", WhiteWins, "2026-01-08T12:45:00Z")),
        "club J.5"
    );
    let mut elsewhere = game("ann", "bob", WhiteWins, "2026-01-09T12:45:00Z");
    if let Command::RegisterGame { room, .. } = &mut elsewhere {
        *room = "101".into();
    }
    assert_eq!(c.refused("ann", elsewhere), "club J.5");
    // In the window, in 322: valid. 100 v 100: 32·(1−0.5) = +16; Black stays at the floor.
    c.ok("ann", game("ann", "bob", WhiteWins, "2026-01-09T12:45:00Z"));
    assert_eq!((c.score("ann"), c.score("bob")), (116, 100));
}

#[test]
fn club_j_5_window_follows_the_clubs_time_zone() {
    let mut c = Club::new();
    c.at("2026-06-05T10:00:00Z").join(&["ann", "bob"]);
    c.at("2026-06-05T13:00:00Z");
    // 12:45 UTC is 13:45 BST: after the bell.
    assert_eq!(
        c.refused("ann", game("ann", "bob", Draw, "2026-06-05T12:45:00Z")),
        "club J.5"
    );
    // 11:45 UTC is 12:45 BST.
    c.ok("ann", game("ann", "bob", Draw, "2026-06-05T11:45:00Z"));
}

#[test]
fn club_j_6_a_moderator_must_be_present() {
    let mut c = Club::new();
    c.join(&["ann", "bob", "cat"]);
    c.at("2026-01-09T13:00:00Z");
    let mut unsupervised = game("ann", "bob", WhiteWins, "2026-01-09T12:45:00Z");
    if let Command::RegisterGame { moderator, .. } = &mut unsupervised {
        *moderator = u("cat");
    }
    assert_eq!(c.refused("ann", unsupervised), "club J.6");
    // A justice holds moderator power (III.3.4).
    let mut by_justice = game("ann", "bob", WhiteWins, "2026-01-09T12:45:00Z");
    if let Command::RegisterGame { moderator, .. } = &mut by_justice {
        *moderator = u("j1");
    }
    c.ok("ann", by_justice);
}

#[test]
fn club_j_7_games_with_a_banned_person_are_invalid() {
    let mut c = Club::new();
    c.join(&["ann", "bob"]);
    c.ok(
        "mod2",
        Command::Ban {
            member: u("bob"),
            reason: "abusive conduct".into(),
            expires: "2026-01-30".parse().unwrap(),
            offence: "abuse on 2026-01-09".into(),
        },
    );
    c.at("2026-01-09T13:00:00Z");
    assert_eq!(
        c.refused("ann", game("ann", "bob", WhiteWins, "2026-01-09T12:45:00Z")),
        "club J.7"
    );
    // The ban ends at 00:00 on its Friday: that day's session is open to bob.
    c.at("2026-01-30T13:00:00Z");
    c.ok("ann", game("ann", "bob", WhiteWins, "2026-01-30T12:45:00Z"));
}

#[test]
fn club_j_8_removed_and_not_rejoined_players_are_invalid() {
    let mut c = Club::new();
    c.join(&["ann", "bob"]);
    c.ok("bob", Command::RequestRemoval {});
    c.at("2026-01-09T12:20:00Z");
    c.ok(
        "cj",
        Command::RemoveMember {
            member: u("bob"),
            grounds: RemovalGrounds::Request,
        },
    );
    c.at("2026-01-16T13:00:00Z");
    assert_eq!(
        c.refused("ann", game("ann", "bob", WhiteWins, "2026-01-16T12:45:00Z")),
        "club J.8"
    );
    // Rejoined (as new, II.7): valid again.
    c.ok("bob", Command::Join { member: None });
    c.ok("ann", game("ann", "bob", WhiteWins, "2026-01-16T12:45:00Z"));
}

#[test]
fn club_j_9_present_means_at_least_five_minutes() {
    let mut c = Club::new();
    c.join(&["ann", "bob"]);
    c.at("2026-01-09T13:30:00Z");
    let events = c.ok(
        "mod1",
        Command::RecordAttendance {
            session: "2026-01-09".parse().unwrap(),
            attendees: vec![
                Attendee {
                    member: u("ann"),
                    minutes: 4,
                },
                Attendee {
                    member: u("bob"),
                    minutes: 5,
                },
            ],
        },
    );
    let present: Vec<bool> = events
        .iter()
        .filter_map(|e| match e {
            Event::AttendanceRecorded { present, .. } => Some(*present),
            _ => None,
        })
        .collect();
    assert_eq!(present, vec![false, true]);
    // Only moderators record attendance, and only for a session that has begun.
    assert_eq!(c.refused("ann", attend("2026-01-09", &["ann"])), "club J.9");
    assert_eq!(
        c.refused("mod1", attend("2026-01-16", &["ann"])),
        "club J.9"
    );
    assert_eq!(
        c.refused("mod1", attend("2026-01-15", &["ann"])),
        "club J.5"
    );
}

#[test]
fn club_j_10_online_games_are_exempt_from_time_and_place() {
    let mut c = Club::new();
    c.join(&["ann", "bob"]);
    // Tuesday evening, nowhere near room 322.
    c.at("2026-01-13T19:00:00Z");
    c.ok(
        "ann",
        Command::StartOnlineGame {
            white: u("ann"),
            black: u("bob"),
        },
    );
    let id = c.last_id();
    c.at("2026-01-13T19:30:00Z");
    c.ok(
        "bob",
        Command::FinishOnlineGame {
            game: id,
            result: BlackWins,
        },
    );
    // Half of 32·0.5 = 8.
    assert_eq!(c.score("bob"), 108);
}

#[test]
fn club_j_11_invalid_games_are_not_entered() {
    let mut c = Club::new();
    c.join(&["ann", "bob"]);
    c.at("2026-01-09T14:00:00Z");
    let before = c.ladder().clone();
    let refusal = c
        .run("ann", game("ann", "bob", WhiteWins, "2026-01-09T13:30:00Z"))
        .unwrap_err();
    assert!(refusal.detail.contains("club J.11"), "{}", refusal.detail);
    assert_eq!(c.ladder(), &before);
    assert!(c.ladder().games.is_empty());
}

#[test]
fn club_j_12_non_member_valid_only_if_added_in_the_same_session() {
    let mut c = Club::new();
    c.join(&["ann"]);
    c.at("2026-01-09T13:05:00Z");
    assert_eq!(
        c.refused("ann", game("ann", "cat", WhiteWins, "2026-01-09T12:45:00Z")),
        "club J.12"
    );
    // A moderator adds cat during the session: the game counts.
    c.ok(
        "mod1",
        Command::Join {
            member: Some(u("cat")),
        },
    );
    c.ok("ann", game("ann", "cat", WhiteWins, "2026-01-09T12:45:00Z"));
    // dan joins the day after: his Friday game stays invalid.
    c.at("2026-01-10T10:00:00Z");
    c.ok("dan", Command::Join { member: None });
    assert_eq!(
        c.refused("ann", game("dan", "ann", WhiteWins, "2026-01-09T12:50:00Z")),
        "club J.12"
    );
    // Only moderators add others.
    assert_eq!(
        c.refused(
            "ann",
            Command::Join {
                member: Some(u("eve"))
            }
        ),
        "club II.1"
    );
}
