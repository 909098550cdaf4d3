//! Section I (rules in game) and the game acts of Section II: I.5, I.6,
//! I.9, II.4, II.10.4, II.11, III.3.5.

use super::super::testkit::*;
use super::super::{Command, Event, GameResult::*, GameStatus, Material, RematchOutcome};

fn bell(c: &mut Club, white_captured: Material, black_captured: Material) -> u64 {
    c.at("2026-01-09T13:10:00Z");
    c.ok(
        "mod1",
        Command::AdjudicateBell {
            white: u("ann"),
            black: u("bob"),
            played_at: at("2026-01-09T12:35:00Z"),
            room: "322".into(),
            white_captured,
            black_captured,
        },
    );
    c.last_id()
}

fn rook_and_two_pawns() -> Material {
    Material {
        rooks: 1,
        pawns: 2,
        ..Material::default()
    }
}

fn knight_and_bishop() -> Material {
    Material {
        knights: 1,
        bishops: 1,
        ..Material::default()
    }
}

#[test]
fn club_i_5_bell_decided_on_captured_material() {
    let mut c = Club::new();
    c.join(&["ann", "bob"]);
    // ann took R+P+P = 5+1+1 = 7; bob took N+B = 3+3 = 6: ann wins, +16.
    let id = bell(&mut c, rook_and_two_pawns(), knight_and_bishop());
    let g = &c.ladder().games[&id];
    assert_eq!(g.result, WhiteWins);
    assert_eq!(
        g.bell.as_ref().map(|b| (b.white_points, b.black_points)),
        Some((7, 6))
    );
    assert_eq!(c.score("ann"), 116);
    // Equal material is a draw (ruling): Q = 9 against R+N+P = 5+3+1 = 9.
    c.at("2026-01-16T13:10:00Z");
    c.ok(
        "mod2",
        Command::AdjudicateBell {
            white: u("bob"),
            black: u("ann"),
            played_at: at("2026-01-16T12:35:00Z"),
            room: "322".into(),
            white_captured: Material {
                queens: 1,
                ..Material::default()
            },
            black_captured: Material {
                rooks: 1,
                knights: 1,
                pawns: 1,
                ..Material::default()
            },
        },
    );
    assert_eq!(c.ladder().games[&c.last_id()].result, Draw);
    // Only a moderator ends a game at the bell.
    c.at("2026-01-23T13:10:00Z");
    let by_player = Command::AdjudicateBell {
        white: u("ann"),
        black: u("bob"),
        played_at: at("2026-01-23T12:35:00Z"),
        room: "322".into(),
        white_captured: Material::default(),
        black_captured: Material::default(),
    };
    assert_eq!(c.refused("ann", by_player), "club I.5");
}

#[test]
fn club_i_6_objection_leads_to_one_rematch_at_the_next_session() {
    let mut c = Club::new();
    c.join(&["ann", "bob"]);
    let id = bell(&mut c, rook_and_two_pawns(), knight_and_bishop());
    // ann 116, bob 100. bob objects; the rematch is at the session of 16 January.
    c.at("2026-01-12T09:00:00Z");
    let events = c.ok("bob", Command::ObjectToEnding { game: id });
    assert!(
        matches!(&events[0], Event::EndingObjected { session, .. } if session.to_string() == "2026-01-16")
    );
    let rematch = |result| Command::RecordRematch {
        game: id,
        outcome: RematchOutcome::Played { result },
        minutes_each: Some(5),
        exempted: false,
    };
    // Not before that session.
    assert_eq!(c.refused("mod1", rematch(BlackWins)), "club I.6");
    c.at("2026-01-16T12:50:00Z");
    // Time-limited to 5 minutes each unless exempted.
    let ten_minutes = Command::RecordRematch {
        game: id,
        outcome: RematchOutcome::Played { result: BlackWins },
        minutes_each: Some(10),
        exempted: false,
    };
    assert_eq!(c.refused("mod1", ten_minutes), "club I.6");
    // bob wins the rematch: the original (+16/0) is undone → 100/100, then
    // bob wins at 100 v 100: +16, ann stays at the floor.
    c.ok("mod1", rematch(BlackWins));
    assert_eq!((c.score("ann"), c.score("bob")), (100, 116));
    // A rematched game is final.
    assert_eq!(
        c.refused("ann", Command::ObjectToEnding { game: id }),
        "club I.6"
    );
}

#[test]
fn club_i_6_petitioner_absent_keeps_the_original_opponent_absent_forfeits() {
    let mut c = Club::new();
    c.join(&["ann", "bob"]);
    let first = bell(&mut c, rook_and_two_pawns(), knight_and_bishop());
    c.ok("bob", Command::ObjectToEnding { game: first });
    c.at("2026-01-16T13:10:00Z");
    c.ok(
        "mod1",
        Command::RecordRematch {
            game: first,
            outcome: RematchOutcome::PetitionerAbsent,
            minutes_each: None,
            exempted: false,
        },
    );
    assert_eq!((c.score("ann"), c.score("bob")), (116, 100));

    let mut c = Club::new();
    c.join(&["ann", "bob"]);
    let first = bell(&mut c, rook_and_two_pawns(), knight_and_bishop());
    c.ok("bob", Command::ObjectToEnding { game: first });
    c.at("2026-01-16T13:10:00Z");
    c.ok(
        "mod1",
        Command::RecordRematch {
            game: first,
            outcome: RematchOutcome::OpponentAbsent,
            minutes_each: None,
            exempted: false,
        },
    );
    // ann forfeits: as a bob win from 100 v 100.
    assert_eq!((c.score("ann"), c.score("bob")), (100, 116));
}

#[test]
fn club_i_6_objection_comes_before_the_following_session() {
    let mut c = Club::new();
    c.join(&["ann", "bob"]);
    let id = bell(&mut c, rook_and_two_pawns(), knight_and_bishop());
    c.at("2026-01-16T12:50:00Z");
    assert_eq!(
        c.refused("bob", Command::ObjectToEnding { game: id }),
        "club I.6"
    );
    // Games not ended at the bell cannot be objected to.
    c.ok("ann", game("ann", "bob", WhiteWins, "2026-01-16T12:40:00Z"));
    let normal = c.last_id();
    assert_eq!(
        c.refused("bob", Command::ObjectToEnding { game: normal }),
        "club I.6"
    );
}

fn start(c: &mut Club, white: &str, black: &str) -> Result<u64, String> {
    c.run(
        white,
        Command::StartOnlineGame {
            white: u(white),
            black: u(black),
        },
    )
    .map(|_| c.last_id())
    .map_err(|e| e.clause.unwrap_or_default().into_owned())
}

#[test]
fn club_i_9_1_one_online_game_at_once() {
    let mut c = Club::new();
    c.join(&["ann", "bob", "cat", "dan"]);
    c.at("2026-01-12T18:00:00Z");
    let id = start(&mut c, "ann", "bob").unwrap();
    assert_eq!(start(&mut c, "cat", "dan"), Err("club I.9.1".into()));
    c.ok(
        "ann",
        Command::FinishOnlineGame {
            game: id,
            result: Draw,
        },
    );
    assert!(start(&mut c, "cat", "dan").is_ok());
}

#[test]
fn club_i_9_2_one_online_game_per_player_per_day() {
    let mut c = Club::new();
    c.join(&["ann", "bob", "cat"]);
    c.at("2026-01-12T18:00:00Z");
    let id = start(&mut c, "ann", "bob").unwrap();
    c.ok(
        "bob",
        Command::FinishOnlineGame {
            game: id,
            result: Draw,
        },
    );
    assert_eq!(start(&mut c, "cat", "ann"), Err("club I.9.2".into()));
    // The next day in London.
    c.at("2026-01-13T00:01:00Z");
    assert!(start(&mut c, "cat", "ann").is_ok());
}

#[test]
fn club_i_9_3_online_changes_count_half() {
    let mut c = Club::new();
    c.join(&["ann", "bob"]);
    c.ok(
        "mod1",
        Command::ChangeScore {
            member: u("bob"),
            delta: 200,
            reason: "transfer of club rating".into(),
            offence: None,
        },
    );
    c.at("2026-01-12T18:00:00Z");
    let id = start(&mut c, "ann", "bob").unwrap();
    c.ok(
        "ann",
        Command::FinishOnlineGame {
            game: id,
            result: WhiteWins,
        },
    );
    // ann 100 v bob 300: E = 1/(1+10^(200/400)) = 0.2403;
    // 32·(1−0.2403)·½ = 12.16 → +12, −12.
    assert_eq!((c.score("ann"), c.score("bob")), (112, 288));
}

#[test]
fn club_i_9_6_a_spectating_justice_may_end_an_online_game() {
    let mut c = Club::new();
    c.join(&["ann", "bob", "cat"]);
    c.at("2026-01-12T18:00:00Z");
    let id = start(&mut c, "ann", "bob").unwrap();
    assert_eq!(
        c.refused(
            "cat",
            Command::FinishOnlineGame {
                game: id,
                result: Draw
            }
        ),
        "club I.9.6"
    );
    c.ok(
        "j1",
        Command::FinishOnlineGame {
            game: id,
            result: Draw,
        },
    );
    assert_eq!(c.ladder().games[&id].status, GameStatus::Rated);
}

#[test]
fn club_i_9_10_chief_justice_voids_an_online_game() {
    let mut c = Club::new();
    c.join(&["ann", "bob"]);
    c.at("2026-01-12T18:00:00Z");
    let id = start(&mut c, "ann", "bob").unwrap();
    c.ok(
        "ann",
        Command::FinishOnlineGame {
            game: id,
            result: WhiteWins,
        },
    );
    assert_eq!(c.score("ann"), 108);
    let void = Command::VoidOnlineGame {
        game: id,
        reason: "the program crashed mid-game".into(),
    };
    assert_eq!(c.refused("mod1", void.clone()), "club I.9.10");
    c.ok("cj", void);
    assert_eq!(c.score("ann"), 100);
    assert_eq!(c.ladder().games[&id].status, GameStatus::Void);
}

#[test]
fn club_ii_4_members_register_their_own_games() {
    let mut c = Club::new();
    c.join(&["ann", "bob", "cat"]);
    c.at("2026-01-09T13:00:00Z");
    assert_eq!(
        c.refused("cat", game("ann", "bob", Draw, "2026-01-09T12:45:00Z")),
        "club II.4"
    );
    c.ok("bob", game("ann", "bob", Draw, "2026-01-09T12:45:00Z"));
    // Registered once.
    assert_eq!(
        c.run("ann", game("ann", "bob", Draw, "2026-01-09T12:45:00Z"))
            .unwrap_err()
            .kind,
        crate::refusal::RefusalKind::Conflict
    );
}

#[test]
fn club_ii_10_4_monitored_members_games_need_a_moderators_approval() {
    let mut c = Club::new();
    c.join(&["ann", "bob"]);
    c.ok(
        "mod2",
        Command::Monitor {
            member: u("bob"),
            suspicion: "reported fictitious results last week".into(),
        },
    );
    c.at("2026-01-09T13:00:00Z");
    c.ok("ann", game("ann", "bob", WhiteWins, "2026-01-09T12:45:00Z"));
    let id = c.last_id();
    assert_eq!(c.ladder().games[&id].status, GameStatus::Pending);
    assert_eq!(c.score("ann"), 100);
    assert_eq!(
        c.refused("ann", Command::ApproveGame { game: id }),
        "club II.10.4"
    );
    c.ok("mod2", Command::ApproveGame { game: id });
    assert_eq!(c.score("ann"), 116);
    // A rejected game is not entered.
    c.ok("bob", game("bob", "ann", WhiteWins, "2026-01-09T12:55:00Z"));
    let second = c.last_id();
    c.ok(
        "mod1",
        Command::RejectGame {
            game: second,
            reason: "no moderator saw it".into(),
        },
    );
    assert_eq!(c.ladder().games[&second].status, GameStatus::Rejected);
    assert_eq!(c.score("bob"), 100);
}

#[test]
fn club_ii_11_chessclock_requirement_by_the_chief_justice() {
    let mut c = Club::new();
    c.join(&["ann", "bob"]);
    let require = Command::RequireChessclock {
        member: u("ann"),
        required: true,
    };
    assert_eq!(c.refused("mod1", require.clone()), "club II.11.3");
    c.ok("cj", require);
    c.at("2026-01-09T13:00:00Z");
    assert_eq!(
        c.refused("ann", game("ann", "bob", Draw, "2026-01-09T12:45:00Z")),
        "club II.11"
    );
    let mut clocked = game("ann", "bob", Draw, "2026-01-09T12:45:00Z");
    if let Command::RegisterGame { chessclock, .. } = &mut clocked {
        *chessclock = true;
    }
    c.ok("ann", clocked);
}

#[test]
fn club_iii_3_5_moderators_do_not_act_in_games_they_played() {
    let mut c = Club::new();
    c.join(&["ann", "mod1"]);
    c.at("2026-01-09T13:00:00Z");
    // mod1 plays: the moderator present must be someone else.
    assert_eq!(
        c.refused("ann", game("mod1", "ann", Draw, "2026-01-09T12:45:00Z")),
        "club III.3.5"
    );
    let mut other = game("mod1", "ann", WhiteWins, "2026-01-09T12:45:00Z");
    if let Command::RegisterGame { moderator, .. } = &mut other {
        *moderator = u("mod2");
    }
    c.ok("mod1", other);
    let id = c.last_id();
    // ...nor penalise fraud in it.
    let fraud = Command::PenalizeFraud {
        member: u("ann"),
        offence: "result misreported".into(),
        reason: "ann claimed a draw".into(),
        game: Some(id),
        step: None,
    };
    assert_eq!(c.refused("mod1", fraud), "club III.3.5");
}
