//! club I.2.1: unsportsmanlike conduct and cheating penalised by score
//! deductions, game forfeiture, banning "or a combination of them", as one
//! decision; III.2.2: no second penalty for the same offence.

use super::super::testkit::*;
use super::super::{AppealSubject, Command, Event, GameResult::*, PowerStatus};

/// ann and bob at 200, cat at 100; game 1: ann (White) beat bob, 200 v 200:
/// E = 0.5, 32·(1 − 0.5) = +16 → ann 216, bob 184. Returns the game's id.
fn club() -> (Club, u64) {
    let mut c = super::corrections::club();
    c.ok("ann", game("ann", "bob", WhiteWins, "2026-01-09T12:40:00Z"));
    let g = c.last_id();
    assert_eq!((c.score("ann"), c.score("bob")), (216, 184));
    (c, g)
}

fn penalty(
    member: &str,
    deduction: Option<i64>,
    forfeit: Option<u64>,
    ban: Option<&str>,
) -> Command {
    Command::PenalizeConduct {
        member: u(member),
        offence: "taunted the opponent in game 1".into(),
        reason: "unsportsmanlike conduct seen by mod1".into(),
        deduction,
        forfeit,
        ban_expires: ban.map(|d| d.parse().unwrap()),
    }
}

#[test]
fn club_i_2_1_a_combination_of_penalties_is_one_use_of_power() {
    let (mut c, g) = club();
    // Forfeiture of game 1 by ann: bob is given the win. ann's +16 and bob's
    // −16 reversed: 200 v 200; Black's win: E(ann) = 0.5, 32·(0 − 0.5) = −16
    // → ann 184, bob 216. Then 20 deducted: ann 164. Then a ban to Friday
    // 30 January.
    let e = c.ok(
        "mod1",
        penalty("ann", Some(20), Some(g), Some("2026-01-30")),
    );
    assert_eq!(e.len(), 1);
    assert!(matches!(
        &e[0],
        Event::ConductPenalized { forfeit: Some(f), previous: Some(WhiteWins), delta: -20, adjustments, .. }
            if *f == g && adjustments.iter().map(|a| a.delta).collect::<Vec<_>>() == [-32, 32]
    ));
    assert_eq!((c.score("ann"), c.score("bob")), (164, 216));
    assert_eq!(c.ladder().games[&g].result, BlackWins);
    let id = c.last_id();
    let ann = &c.ladder().members[&u("ann")];
    assert_eq!(ann.ban.as_ref().map(|b| b.power_use), Some(id));
    // One use of power, declared once (III.2.4).
    let p = &c.ladder().powers[&id];
    assert!(p.ban);
    assert_eq!(p.game, Some(g));
    c.declare("mod1");
    assert!(c.ladder().powers[&id].declared.is_some());
}

#[test]
fn club_i_2_1_a_later_penalty_for_the_same_offence_is_double_jeopardy() {
    let (mut c, _) = club();
    c.ok("mod1", penalty("ann", Some(10), None, None));
    // III.2.2: the offence was penalised; no second penalty of any kind.
    assert_eq!(
        c.refused("mod2", penalty("ann", None, None, Some("2026-01-30"))),
        "club III.2.2"
    );
    assert_eq!(
        c.refused(
            "mod2",
            Command::Ban {
                member: u("ann"),
                reason: "the same taunts".into(),
                expires: "2026-01-30".parse().unwrap(),
                offence: "taunted the opponent in game 1".into(),
            }
        ),
        "club III.2.2"
    );
    // 216 − 10 = 206: only the first penalty applied.
    assert_eq!(c.score("ann"), 206);
}

#[test]
fn club_i_2_1_a_penalty_is_named_and_given_by_a_moderator() {
    let (mut c, g) = club();
    // No penalty named.
    assert_eq!(
        c.refused("mod1", penalty("ann", None, None, None)),
        "club I.2.1"
    );
    // Not a moderator.
    assert_eq!(
        c.refused("cat", penalty("ann", Some(10), None, None)),
        "club I.2.1"
    );
    // A ban in a combination follows II.9.2: a Friday (29 January is a Thursday).
    assert_eq!(
        c.refused("mod1", penalty("ann", Some(10), None, Some("2026-01-29"))),
        "club II.9.2"
    );
    // cat did not play game 1: nothing of theirs to forfeit.
    assert_eq!(
        c.refused("mod1", penalty("cat", None, Some(g), None)),
        "Invalid"
    );
    // bob lost game 1: forfeiting it changes nothing.
    assert_eq!(
        c.refused("mod1", penalty("bob", None, Some(g), None)),
        "Conflict"
    );
    // A deduction at the floor takes nothing (II.2: no score below 100): cat 100.
    let e = c.ok("mod1", penalty("cat", Some(30), None, None));
    assert!(matches!(&e[0], Event::ConductPenalized { delta: 0, .. }));
    assert_eq!(c.score("cat"), 100);
}

#[test]
fn club_i_2_1_the_court_annuls_the_combination_as_a_whole() {
    let (mut c, g) = club();
    c.ok(
        "mod1",
        penalty("ann", Some(20), Some(g), Some("2026-01-30")),
    );
    let p = c.last_id();
    c.declare("mod1");
    let filing = Command::FileAppeal {
        subject: AppealSubject::PowerUse { power_use: p },
        grounds: "no taunt was made".into(),
    };
    let a = c.heard("ann", filing);
    c.annulled(a);
    // Undone entirely: ann 164 + 52 = 216, bob 216 − 32 = 184, game 1 back to
    // White's win, the ban lifted.
    assert_eq!((c.score("ann"), c.score("bob")), (216, 184));
    assert_eq!(c.ladder().games[&g].result, WhiteWins);
    assert!(c.ladder().members[&u("ann")].ban.is_none());
    assert_eq!(c.ladder().powers[&p].status, PowerStatus::Void);
}

#[test]
fn club_i_2_1_an_undeclared_combination_is_voided_as_a_whole() {
    let (mut c, g) = club();
    c.ok(
        "mod1",
        penalty("ann", Some(20), Some(g), Some("2026-01-30")),
    );
    let p = c.last_id();
    // III.2.4.2: seven days (to 16 January 13:00) without a declaration.
    c.at("2026-01-16T13:00:00Z").tick();
    assert_eq!(c.ladder().powers[&p].status, PowerStatus::Void);
    assert_eq!((c.score("ann"), c.score("bob")), (216, 184));
    assert_eq!(c.ladder().games[&g].result, WhiteWins);
    assert!(c.ladder().members[&u("ann")].ban.is_none());
}
