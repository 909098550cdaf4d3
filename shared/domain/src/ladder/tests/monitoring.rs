//! club II.10.3: a monitored member's games are overseen by a moderator,
//! partially or entirely, and the game records who oversaw it.

use crate::ladder::testkit::*;
use crate::ladder::{Command, GameResult::*, GameStatus, Oversight, OversightExtent};

fn monitored_bob() -> Club {
    let mut c = Club::new();
    c.join(&["ann", "bob", "cat"]);
    c.ok(
        "mod2",
        Command::Monitor {
            member: u("bob"),
            suspicion: "reported a game nobody saw".into(),
        },
    );
    c.at("2026-01-09T13:00:00Z");
    c
}

fn with_oversight(moderator: &str, extent: OversightExtent) -> Command {
    let mut cmd = game("ann", "bob", WhiteWins, "2026-01-09T12:45:00Z");
    if let Command::RegisterGame { oversight, .. } = &mut cmd {
        *oversight = Some(Oversight {
            moderator: u(moderator),
            extent,
        });
    }
    cmd
}

#[test]
fn club_ii_10_3_a_monitored_members_game_names_the_moderator_who_oversaw_it() {
    let mut c = monitored_bob();
    // Bob is monitored: "any games played by a Member must be overseen ... by
    // a Moderator". mod1 present in the room (J.6) is not the same as
    // overseeing the game: without an overseer named, it is not entered.
    assert_eq!(
        c.refused("ann", game("ann", "bob", WhiteWins, "2026-01-09T12:45:00Z")),
        "club II.10.3"
    );
    // cat holds no moderator power, so cannot oversee it.
    assert_eq!(
        c.refused("ann", with_oversight("cat", OversightExtent::Entire)),
        "club II.10.3"
    );
    // The overseer did not play (III.3.5): mod2 plays bob and cannot
    // oversee their own game.
    c.join(&["mod2"]);
    let mut own = game("mod2", "bob", WhiteWins, "2026-01-09T12:40:00Z");
    if let Command::RegisterGame { oversight, .. } = &mut own {
        *oversight = Some(Oversight {
            moderator: u("mod2"),
            extent: OversightExtent::Entire,
        });
    }
    assert_eq!(c.refused("mod2", own), "club III.3.5");
    // "either partially, or in entirety": mod2 watched part of it.
    c.ok("ann", with_oversight("mod2", OversightExtent::Partial));
    let id = c.last_id();
    let g = &c.ladder().games[&id];
    assert_eq!(
        g.oversight,
        Some(Oversight {
            moderator: u("mod2"),
            extent: OversightExtent::Partial,
        })
    );
    // Overseen is not approved: II.10.4 still holds it pending, 100 each.
    assert_eq!(g.status, GameStatus::Pending);
    assert_eq!(c.score("ann"), 100);
    c.ok("mod1", Command::ApproveGame { game: id });
    // By hand: 100 v 100, E = 0.5, ann wins: 32 × 0.5 = 16 → 116.
    assert_eq!(c.score("ann"), 116);
}

#[test]
fn club_ii_10_3_a_justice_may_oversee_and_an_unmonitored_game_needs_no_overseer() {
    let mut c = monitored_bob();
    // A justice exercises moderator power (III.3.4): j1 oversaw all of it.
    c.ok("bob", with_oversight("j1", OversightExtent::Entire));
    // Ann v cat: neither is monitored, so no overseer is needed (II.10.3
    // binds monitored members only), and the game is rated at once.
    c.ok("cat", game("ann", "cat", Draw, "2026-01-09T12:50:00Z"));
    let id = c.last_id();
    assert_eq!(c.ladder().games[&id].status, GameStatus::Rated);
    assert_eq!(c.ladder().games[&id].oversight, None);
}

#[test]
fn club_ii_10_3_a_bell_adjudication_is_overseen_by_the_adjudicating_moderator() {
    let mut c = monitored_bob();
    // The moderator who ends the game at the bell (I.5) saw at least its
    // ending: the game is overseen partially by them.
    c.ok(
        "mod1",
        Command::AdjudicateBell {
            white: u("ann"),
            black: u("bob"),
            played_at: at("2026-01-09T12:45:00Z"),
            room: "322".into(),
            white_captured: Default::default(),
            black_captured: Default::default(),
        },
    );
    let id = c.last_id();
    assert_eq!(
        c.ladder().games[&id].oversight,
        Some(Oversight {
            moderator: u("mod1"),
            extent: OversightExtent::Partial,
        })
    );
}
