//! Voiding or correcting a game registered by honest mistake (club III.2,
//! J.11), with no fraud penalty; declared under III.2.4, appealable by
//! either player (III.3).

use super::super::testkit::*;
use super::super::{AppealSubject, Command, Event, GameResult::*, GameStatus, PowerStatus};

/// ann, bob and cat; mod2 raises ann and bob to 200 (cat stays at 100).
pub(super) fn club() -> Club {
    let mut c = Club::new();
    c.join(&["ann", "bob", "cat"]);
    for who in ["ann", "bob"] {
        c.ok(
            "mod2",
            Command::ChangeScore {
                member: u(who),
                delta: 100,
                reason: "seeded".into(),
                offence: None,
            },
        );
    }
    c.at("2026-01-09T13:00:00Z");
    c
}

fn correct(game: u64, result: Option<super::super::GameResult>) -> Command {
    Command::CorrectGame {
        game,
        reason: "ann entered the result the wrong way round".into(),
        result,
    }
}

#[test]
fn club_iii_2_a_mis_registered_result_is_corrected_by_reversal_not_recomputation() {
    let mut c = club();
    // Game 1, ann (White) v bob, registered as White's win. 200 v 200:
    // E = 0.5, 32·(1 − 0.5) = 16 → ann 216, bob 184.
    c.ok("ann", game("ann", "bob", WhiteWins, "2026-01-09T12:40:00Z"));
    let g1 = c.last_id();
    assert_eq!((c.score("ann"), c.score("bob")), (216, 184));
    // Game 2, bob (White) v cat, a draw. 184 v 100: E = 1/(1 + 10^(−84/400))
    // = 1/(1 + 0.6166) = 0.6186; 32·(0.5 − 0.6186) = −3.80 → bob 180, cat 104.
    c.ok("bob", game("bob", "cat", Draw, "2026-01-09T12:50:00Z"));
    assert_eq!((c.score("bob"), c.score("cat")), (180, 104));
    // Only a moderator corrects; a player of the game is not one for it.
    assert_eq!(c.refused("cat", correct(g1, Some(BlackWins))), "club III.2");
    // Game 1 was really Black's win. Reversal: ann 216 − 16 = 200, bob
    // 180 + 16 = 196. Black's win rated on 200 v 196: E(ann) = 1/(1 +
    // 10^(−4/400)) = 0.5058; 32·(0 − 0.5058) = −16.18 → −16: ann 184,
    // bob 212. Adjustments: ann −16 − 16 = −32, bob +16 + 16 = +32.
    let e = c.ok("mod1", correct(g1, Some(BlackWins)));
    assert!(matches!(
        &e[0],
        Event::GameCorrected { result: Some(BlackWins), previous: WhiteWins, adjustments, .. }
            if adjustments.iter().map(|a| a.delta).collect::<Vec<_>>() == [-32, 32]
    ));
    assert_eq!((c.score("ann"), c.score("bob")), (184, 212));
    // Game 2 stands as rated: cat keeps 104 (recomputing game 2 on bob's
    // corrected 216 would have given cat 105 and bob 211).
    assert_eq!(c.score("cat"), 104);
    let g = &c.ladder().games[&g1];
    assert_eq!(
        (g.result, g.white_delta, g.black_delta),
        (BlackWins, -16, 16)
    );
    // No fraud: no violation counted, no offence recorded.
    let ann = &c.ladder().members[&u("ann")];
    assert_eq!(ann.fraud_violations, 0);
    assert!(ann.offences.is_empty());
    // Correcting to the result it already has changes nothing.
    assert_eq!(c.refused("mod1", correct(g1, Some(BlackWins))), "Conflict");
}

#[test]
fn club_j_11_a_game_entered_by_mistake_is_voided_and_leaves_its_week() {
    let mut c = club();
    c.ok("ann", game("ann", "bob", WhiteWins, "2026-01-09T12:40:00Z"));
    let g1 = c.last_id();
    // By hand: 216 − 16 = 200 and 184 + 16 = 200, the scores before it.
    c.ok("mod2", correct(g1, None));
    assert_eq!((c.score("ann"), c.score("bob")), (200, 200));
    assert_eq!(c.ladder().games[&g1].status, GameStatus::Void);
    // club II.6.2: it no longer counts as a game in its week (presence stays).
    let week = "2026-01-09".parse().unwrap();
    assert_eq!(c.ladder().members[&u("ann")].weeks[&week].games, 0);
    // A void game is not corrected again.
    assert_eq!(c.refused("mod2", correct(g1, Some(Draw))), "Conflict");
}

#[test]
fn club_iii_2_4_a_correction_is_declared_but_not_voided_undeclared() {
    let mut c = club();
    c.ok("ann", game("ann", "bob", WhiteWins, "2026-01-09T12:40:00Z"));
    let g1 = c.last_id();
    c.ok("mod1", correct(g1, Some(BlackWins)));
    let p = c.last_id();
    assert!(c.ladder().powers[&p].declared.is_none());
    // Eight days on, undeclared: III.2.4.2 voids penalties only; an honest
    // mistake put right penalises nobody, so it stands (ann 184, bob 216).
    c.at("2026-01-17T13:00:00Z");
    c.tick();
    assert_eq!(c.ladder().powers[&p].status, PowerStatus::Standing);
    assert_eq!((c.score("ann"), c.score("bob")), (184, 216));
    // The seven days to declare have passed all the same (III.2.4).
    assert_eq!(
        c.refused(
            "mod1",
            Command::Declare {
                power_use: p,
                statement: "corrected game 1".into(),
                channel: super::super::DeclarationChannel::DiscordDiscussion,
            }
        ),
        "club III.2.4"
    );
}

#[test]
fn club_iii_3_either_player_appeals_a_correction_and_annulling_restores_the_game() {
    let mut c = club();
    c.ok("ann", game("ann", "bob", WhiteWins, "2026-01-09T12:40:00Z"));
    let g1 = c.last_id();
    c.ok("mod1", correct(g1, Some(BlackWins)));
    let p = c.last_id();
    c.declare("mod1");
    // ann (White) disputes the correction; bob could as well; cat cannot.
    let subject = AppealSubject::PowerUse { power_use: p };
    let filing = |subject: &AppealSubject| Command::FileAppeal {
        subject: subject.clone(),
        grounds: "ann did win".into(),
    };
    assert_eq!(c.refused("cat", filing(&subject)), "club III.3");
    let a = c.heard("ann", filing(&subject));
    c.annulled(a);
    // By hand: the correction's net (ann −32, bob +32) is undone: ann 216,
    // bob 184, and the game is White's win again with its first changes.
    assert_eq!((c.score("ann"), c.score("bob")), (216, 184));
    let g = &c.ladder().games[&g1];
    assert_eq!(
        (g.result, g.white_delta, g.black_delta),
        (WhiteWins, 16, -16)
    );
    assert_eq!(c.ladder().powers[&p].status, PowerStatus::Void);
}
