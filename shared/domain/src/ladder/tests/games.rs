//! Section I (rules in game) and the game acts of Section II: I.5, I.6,
//! I.9, II.4, II.10.4, II.11, III.3.5.

use super::super::testkit::*;
use super::super::{
    Command, Event, GameResult::*, GameStatus, Informed, Material, RematchOutcome, Timing,
};

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

/// club I.7: a chessclock of `minutes` each, a Moderator present throughout
/// (I.7.1), `assenting` players having assented (I.7.2).
fn clock(minutes: u32, assenting: &[&str]) -> Timing {
    Timing::Chessclock {
        minutes_each: minutes,
        present_throughout: true,
        assented: assenting.iter().map(|p| u(p)).collect(),
    }
}

/// club I.8: a limit of `minutes` each without a chessclock, the overseer
/// told all that I.8.1 asks.
fn announced(minutes: u32) -> Timing {
    Timing::Announced {
        minutes_each: minutes,
        informed: Informed {
            limit: true,
            start: true,
            pauses: true,
            end: true,
        },
    }
}

/// ann (white) beats bob at the bell on 9 January (ann 116, bob 100); bob
/// objects; the clock is at the rematch session of 16 January.
fn objected() -> (Club, u64) {
    let mut c = Club::new();
    c.join(&["ann", "bob"]);
    let id = bell(&mut c, rook_and_two_pawns(), knight_and_bishop());
    c.at("2026-01-12T09:00:00Z");
    c.ok("bob", Command::ObjectToEnding { game: id });
    c.at("2026-01-16T12:50:00Z");
    (c, id)
}

fn rematch(id: u64, outcome: RematchOutcome, timing: Timing, exempted: bool) -> Command {
    Command::RecordRematch {
        game: id,
        outcome,
        timing,
        exempted,
    }
}

/// The command is refused citing `clause`, and nothing changes.
fn refused_unchanged(c: &mut Club, who: &str, cmd: Command, clause: &str) {
    let before = c.ladder().clone();
    assert_eq!(c.refused(who, cmd), clause);
    assert_eq!(
        c.ladder(),
        &before,
        "{clause}: a refused command changes nothing"
    );
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
        timing: clock(5, &["ann", "bob"]),
        exempted: false,
    };
    // Not before that session.
    assert_eq!(c.refused("mod1", rematch(BlackWins)), "club I.6");
    c.at("2026-01-16T12:50:00Z");
    // Time-limited to 5 minutes each unless exempted.
    let ten_minutes = Command::RecordRematch {
        game: id,
        outcome: RematchOutcome::Played { result: BlackWins },
        timing: clock(10, &["ann", "bob"]),
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
            timing: Timing::Untimed,
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
            timing: Timing::Untimed,
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

/// club II.10.3: `cmd` names `moderator` as having overseen all of the game.
fn overseen(mut cmd: Command, moderator: &str) -> Command {
    if let Command::RegisterGame { oversight, .. } = &mut cmd {
        *oversight = Some(crate::ladder::Oversight {
            moderator: u(moderator),
            extent: crate::ladder::OversightExtent::Entire,
        });
    }
    cmd
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
    c.ok(
        "ann",
        overseen(
            game("ann", "bob", WhiteWins, "2026-01-09T12:45:00Z"),
            "mod1",
        ),
    );
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
    c.ok(
        "bob",
        overseen(
            game("bob", "ann", WhiteWins, "2026-01-09T12:55:00Z"),
            "mod1",
        ),
    );
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

#[test]
fn club_i_7_1_a_chessclock_rematch_needs_a_moderator_or_justice_present_throughout() {
    let (mut c, id) = objected();
    let absent = Timing::Chessclock {
        minutes_each: 5,
        present_throughout: false,
        assented: [u("ann"), u("bob")].into(),
    };
    let cmd = rematch(
        id,
        RematchOutcome::Played { result: BlackWins },
        absent,
        false,
    );
    refused_unchanged(&mut c, "mod1", cmd, "club I.7.1");
    // Present throughout: accepted. bob wins: the bell game (+16/0) is undone
    // (100/100), then bob wins at 100 v 100: +16, ann stays at the floor.
    c.ok(
        "mod1",
        rematch(
            id,
            RematchOutcome::Played { result: BlackWins },
            clock(5, &["ann", "bob"]),
            false,
        ),
    );
    assert_eq!(
        (c.score("ann"), c.score("bob")),
        (100, 116),
        "club I.7.1: the overseen rematch is rated"
    );
}

#[test]
fn club_i_7_2_both_players_assent_to_the_chessclock() {
    let (mut c, id) = objected();
    let only_ann = rematch(
        id,
        RematchOutcome::Played { result: Draw },
        clock(5, &["ann"]),
        false,
    );
    refused_unchanged(&mut c, "mod1", only_ann, "club I.7.2");
    // Only the players assent.
    let outsider = rematch(
        id,
        RematchOutcome::Played { result: Draw },
        clock(5, &["ann", "bob", "cat"]),
        false,
    );
    let before = c.ladder().clone();
    assert_eq!(c.refused("mod1", outsider), "Invalid");
    assert_eq!(c.ladder(), &before);
    // club II.11.1: for a member the Chief Justice requires to use a
    // chessclock, I.7.2 is null: bob's assent is not needed.
    c.ok(
        "cj",
        Command::RequireChessclock {
            member: u("bob"),
            required: true,
        },
    );
    c.ok(
        "mod1",
        rematch(
            id,
            RematchOutcome::Played { result: Draw },
            clock(5, &["ann"]),
            false,
        ),
    );
    // A draw at 100 v 100 after the undo: ±0, so 100/100.
    assert_eq!(
        (c.score("ann"), c.score("bob")),
        (100, 100),
        "club I.7.2, II.11.1: the rematch without bob's assent stands"
    );
}

#[test]
fn club_ii_11_a_member_required_to_use_a_chessclock_uses_one_in_a_rematch() {
    let (mut c, id) = objected();
    c.ok(
        "cj",
        Command::RequireChessclock {
            member: u("ann"),
            required: true,
        },
    );
    let played = RematchOutcome::Played { result: WhiteWins };
    refused_unchanged(
        &mut c,
        "mod1",
        rematch(id, played.clone(), announced(5), false),
        "club II.11",
    );
    // The moderator's exemption from the time limit (I.6) is not one from
    // the Chief Justice's requirement.
    refused_unchanged(
        &mut c,
        "mod1",
        rematch(id, played.clone(), Timing::Untimed, true),
        "club II.11",
    );
    c.ok("mod1", rematch(id, played, clock(5, &["bob"]), false));
    // ann wins again: undone to 100/100, then +16: 116/100.
    assert_eq!((c.score("ann"), c.score("bob")), (116, 100), "club II.11");
}

#[test]
fn club_i_7_6_the_player_whose_timer_reaches_zero_loses() {
    let (mut c, id) = objected();
    // Without a chessclock no flag falls.
    let no_clock = rematch(
        id,
        RematchOutcome::FlagFall { flagged: u("ann") },
        announced(5),
        false,
    );
    refused_unchanged(&mut c, "mod1", no_clock, "club I.7.6");
    let outsider = rematch(
        id,
        RematchOutcome::FlagFall { flagged: u("cat") },
        clock(5, &["ann", "bob"]),
        false,
    );
    assert_eq!(c.refused("mod1", outsider), "Invalid");
    // ann (white) flags: bob wins. The bell game (+16/0) is undone
    // (100/100), then bob wins at 100 v 100: +16 → ann 100, bob 116.
    let events = c.ok(
        "mod1",
        rematch(
            id,
            RematchOutcome::FlagFall { flagged: u("ann") },
            clock(5, &["ann", "bob"]),
            false,
        ),
    );
    assert!(
        matches!(
            &events[0],
            Event::RematchRecorded {
                result: Some(BlackWins),
                ..
            }
        ),
        "club I.7.6: the opponent of the flagged player wins"
    );
    assert_eq!(c.ladder().games[&id].result, BlackWins, "club I.7.6");
    assert_eq!((c.score("ann"), c.score("bob")), (100, 116), "club I.7.6");
    // The rematch is final (I.6).
    assert_eq!(
        c.refused("ann", Command::ObjectToEnding { game: id }),
        "club I.6"
    );
}

#[test]
fn club_i_8_1_the_overseer_is_informed_of_limit_start_pauses_and_end() {
    let (mut c, id) = objected();
    for missing in 0..4 {
        let mut informed = Informed {
            limit: true,
            start: true,
            pauses: true,
            end: true,
        };
        match missing {
            0 => informed.limit = false,
            1 => informed.start = false,
            2 => informed.pauses = false,
            _ => informed.end = false,
        }
        let cmd = rematch(
            id,
            RematchOutcome::Played { result: BlackWins },
            Timing::Announced {
                minutes_each: 5,
                informed,
            },
            false,
        );
        refused_unchanged(&mut c, "mod1", cmd, "club I.8.1");
    }
    c.ok(
        "mod1",
        rematch(
            id,
            RematchOutcome::Played { result: BlackWins },
            announced(5),
            false,
        ),
    );
    assert_eq!((c.score("ann"), c.score("bob")), (100, 116), "club I.8.1");
}

#[test]
fn club_i_8_2_an_expired_limit_is_decided_as_per_act_5() {
    let (mut c, id) = objected();
    // ann took a rook (5), bob a queen (9).
    let expired = RematchOutcome::TimeExpired {
        white_captured: Material {
            rooks: 1,
            ..Material::default()
        },
        black_captured: Material {
            queens: 1,
            ..Material::default()
        },
    };
    // On a chessclock time runs out by a flag (I.7.6), not by I.8.2.
    refused_unchanged(
        &mut c,
        "mod1",
        rematch(id, expired.clone(), clock(5, &["ann", "bob"]), false),
        "club I.8.2",
    );
    let events = c.ok("mod1", rematch(id, expired, announced(5), false));
    match &events[0] {
        Event::RematchRecorded {
            result,
            bell: Some(b),
            ..
        } => {
            assert_eq!(*result, Some(BlackWins), "club I.8.2: 9 beats 5");
            assert_eq!((b.white_points, b.black_points), (5, 9), "club I.5 values");
        }
        e => panic!("club I.8.2: {e:?}"),
    }
    // The bell game (+16/0) undone, bob wins at 100 v 100: +16.
    assert_eq!((c.score("ann"), c.score("bob")), (100, 116), "club I.8.2");
    assert_eq!(c.ladder().games[&id].result, BlackWins, "club I.8.2");
}

#[test]
fn club_i_8_2_equal_material_at_expiry_draws() {
    let (mut c, id) = objected();
    // ann took B+B+P = 3+3+1 = 7, bob R+2P = 5+1+1 = 7: a draw (ruling, as I.5).
    let expired = RematchOutcome::TimeExpired {
        white_captured: Material {
            bishops: 2,
            pawns: 1,
            ..Material::default()
        },
        black_captured: rook_and_two_pawns(),
    };
    c.ok("mod1", rematch(id, expired, announced(5), false));
    // Undone to 100/100; a draw at equal ratings changes nothing.
    assert_eq!((c.score("ann"), c.score("bob")), (100, 100), "club I.8.2");
    assert_eq!(c.ladder().games[&id].result, Draw, "club I.8.2");
}

#[test]
fn club_i_6_exemption_lifts_the_five_minute_limit() {
    let (mut c, id) = objected();
    let played = RematchOutcome::Played { result: BlackWins };
    // Untimed, or 10 minutes, without an exemption: refused.
    refused_unchanged(
        &mut c,
        "mod1",
        rematch(id, played.clone(), Timing::Untimed, false),
        "club I.6",
    );
    refused_unchanged(
        &mut c,
        "mod1",
        rematch(id, played.clone(), announced(10), false),
        "club I.6",
    );
    // A rematch not played has no timing.
    assert_eq!(
        c.refused(
            "mod1",
            rematch(id, RematchOutcome::PetitionerAbsent, announced(5), false)
        ),
        "Invalid"
    );
    // Exempted by the overseeing moderator: an untimed rematch stands.
    let events = c.ok("mod1", rematch(id, played, Timing::Untimed, true));
    assert!(
        matches!(&events[0], Event::RematchRecorded { exempted: true, .. }),
        "club I.6: the exemption is on record"
    );
    assert_eq!((c.score("ann"), c.score("bob")), (100, 116), "club I.6");
    // The exemption does not excuse I.7 on a clock the players did use.
    let (mut c, id) = objected();
    let absent = Timing::Chessclock {
        minutes_each: 15,
        present_throughout: true,
        assented: [u("ann")].into(),
    };
    refused_unchanged(
        &mut c,
        "mod1",
        rematch(id, RematchOutcome::Played { result: Draw }, absent, true),
        "club I.7.2",
    );
}
