//! nomic 215: a move found equally legal and illegal (or undeterminable) by
//! a Judge not overruled wins for its mover; play made impossible wins for
//! the player whose allocated day it is; 215 takes precedence over 210.
//!
//! Calendar as in `tests/mod.rs`: Monday 16 March 2026 is chris's day, so
//! its Judge is Friday's alexw; UK time is GMT, so UK midnight is 00:00Z.

use super::*;
use crate::refusal::RefusalKind;
use crate::rulebook::Schedule;

fn raise(g: &mut Game, who: &str, now: &str, proposal: Option<u32>) -> u32 {
    g.ok(
        who,
        at(now),
        Command::RaisePointOfOrder {
            statement: "Is this move legal?".into(),
            proposal,
        },
    );
    g.nomic().points_of_order.last().unwrap().id
}

fn finding(point: u32, mover: Option<&str>) -> Command {
    Command::PronounceJudgement {
        point,
        decision: "The move is as legal as it is illegal.".into(),
        finding: Some(Finding::EquallyLegalAndIllegal),
        mover: mover.map(user),
    }
}

/// The clause each recorded event cites, `-` for none.
fn cited(events: &[Recorded]) -> Vec<String> {
    events
        .iter()
        .map(|r| r.clause.clone().unwrap_or_else(|| "-".into()))
        .collect()
}

#[test]
fn nomic_215_a_finding_not_overruled_makes_the_mover_the_winner() {
    let mut g = Game::new();
    // chris proposes on his Monday; ben raises a Point of Order on it; the
    // Judge is alexw (Friday preceded Monday).
    let n = g.propose("chris", "2026-03-16T10:00:00Z", amend(206, "Amended."));
    let p = raise(&mut g, "ben", "2026-03-16T11:00:00Z", Some(n));
    g.ok("alexw", at("2026-03-16T12:00:00Z"), finding(p, None));
    // The mover defaults to the proposer of the proposal the Point names.
    let j = g
        .nomic()
        .point_of_order(p)
        .unwrap()
        .judgement
        .clone()
        .unwrap();
    assert_eq!(j.mover, Some(user("chris")));
    // Within the hour nothing is decided.
    assert!(g.tick("2026-03-16T12:59:59Z").is_empty());
    // By hand: no dispute within the hour → the Judgement is invoked at
    // 13:00 (nomic 214), not overruled, so chris wins (nomic 215) with the
    // 0 points he holds (voting on 301 has not completed).
    let events = g.tick("2026-03-16T13:00:00Z");
    assert_eq!(cited(&events), ["nomic 214", "nomic 215"]);
    assert_eq!(g.nomic().winner, Some(user("chris")));
    assert!(events.iter().any(|r| matches!(
        &r.event,
        competition::Event::Nomic(Event::GameWon { player, points: 0 }) if *player == user("chris")
    )));
    // The game is over: no vote, and nothing falls due any more.
    assert_eq!(
        g.refused(
            "dave",
            "2026-03-16T14:00:00Z",
            Command::RecordVote {
                proposal: n,
                vote: Vote::Yes
            }
        ),
        "nomic 210"
    );
    assert_eq!(g.nomic().next_due(), None);
}

#[test]
fn nomic_215_an_agreement_invokes_the_finding_at_once() {
    let mut g = Game::new();
    let p = raise(&mut g, "ben", "2026-03-17T10:00:00Z", None);
    // Tuesday: the Judge is Monday's chris; the Point names no proposal,
    // so the Judge names the mover.
    g.ok(
        "chris",
        at("2026-03-17T10:30:00Z"),
        Command::PronounceJudgement {
            point: p,
            decision: "Its legality cannot be settled.".into(),
            finding: Some(Finding::Undeterminable),
            mover: Some(user("ben")),
        },
    );
    // A single agreement invokes it (nomic 214): ben wins at 10:40.
    let events = g.ok(
        "dave",
        at("2026-03-17T10:40:00Z"),
        Command::AgreeWithJudgement { point: p },
    );
    assert_eq!(cited(&events), ["-", "nomic 214", "nomic 215"]);
    assert_eq!(g.nomic().winner, Some(user("ben")));
}

#[test]
fn nomic_215_an_overruled_finding_wins_nothing() {
    let mut g = Game::new();
    let p = raise(&mut g, "ben", "2026-03-17T10:00:00Z", None);
    g.ok("chris", at("2026-03-17T10:30:00Z"), finding(p, Some("ben")));
    g.ok(
        "dave",
        at("2026-03-17T10:40:00Z"),
        Command::DisputeJudgement { point: p },
    );
    // By hand: disputed at 10:40, nobody agrees within the hour → chris is
    // overruled at 11:40 (nomic 214): "not overruled" fails, nobody wins.
    let events = g.tick("2026-03-17T11:40:00Z");
    assert_eq!(cited(&events), ["nomic 214"]);
    assert_eq!(g.nomic().winner, None);
    assert_ne!(g.nomic().point_of_order(p).unwrap().judge, user("chris"));
}

#[test]
fn nomic_215_the_mover_is_named_with_a_finding_only_and_must_be_playing() {
    let mut g = Game::new();
    let p = raise(&mut g, "ben", "2026-03-17T10:00:00Z", None);
    // No proposal named and no mover named: whose move is it?
    assert_eq!(
        g.refused("chris", "2026-03-17T10:30:00Z", finding(p, None)),
        "nomic 215"
    );
    // A mover without a finding is meaningless.
    let stray = Command::PronounceJudgement {
        point: p,
        decision: "Legal.".into(),
        finding: None,
        mover: Some(user("ben")),
    };
    let e = g.run("chris", "2026-03-17T10:30:00Z", stray).unwrap_err();
    assert_eq!(e.kind, RefusalKind::Invalid);
    // Someone who is not a player cannot win.
    assert_eq!(
        g.refused("chris", "2026-03-17T10:30:00Z", finding(p, Some("org"))),
        "nomic 215"
    );
}

#[test]
fn nomic_215_takes_precedence_over_210_at_the_same_instant() {
    let mut g = Game::new();
    // Re-begin with 195 points each, so 203's points can reach 200.
    if let competition::Game::Nomic(n) = &mut g.competition_mut().game {
        n.begun_at = None;
    }
    let settings = Settings {
        starting_points: 195,
        ..Settings::default()
    };
    g.ok(
        "org",
        at("2026-03-15T13:00:00Z"),
        Command::Begin { settings },
    );
    // chris's proposal, voted yes by all, completes at 00:00Z Tuesday and
    // would give him floor(max(10, 215 − 290) · 5/5) = 10 → 205 ≥ 200 (210).
    let n = g.propose("chris", "2026-03-16T10:00:00Z", amend(206, "Amended."));
    g.votes(&ALL, "2026-03-16T11:00:00Z", n, Vote::Yes);
    // At 23:00 alexw finds dave's move equally legal and illegal; undisputed,
    // it is invoked at 00:00Z Tuesday, the same instant.
    let p = raise(&mut g, "ben", "2026-03-16T22:30:00Z", None);
    g.ok(
        "alexw",
        at("2026-03-16T23:00:00Z"),
        finding(p, Some("dave")),
    );
    let events = g.tick("2026-03-17T00:00:00Z");
    // By hand: 215 takes precedence over every other rule determining the
    // winner, so dave wins first; the game is then over and 301's vote
    // never completes (chris keeps 195).
    assert_eq!(cited(&events), ["nomic 214", "nomic 215"]);
    assert_eq!(g.nomic().winner, Some(user("dave")));
    assert_eq!(g.points("chris"), 195);
}

/// chris's amendment of 206, adopted unanimously, takes effect at 00:00Z
/// Tuesday 17 March: the rules have been changed.
fn changed_game() -> Game {
    let mut g = Game::new();
    let n = g.propose("chris", "2026-03-16T10:00:00Z", amend(206, "Amended."));
    g.votes(&ALL, "2026-03-16T11:00:00Z", n, Vote::Yes);
    g.tick("2026-03-17T00:00:00Z");
    assert_eq!(g.status(n), ProposalStatus::InEffect);
    g
}

fn impossible() -> Command {
    Command::DeclarePlayImpossible {
        reason: "Rule 206 as amended forbids every rule-change.".into(),
    }
}

#[test]
fn nomic_215_play_made_impossible_wins_for_the_player_whose_day_it_is() {
    let mut g = changed_game();
    // Only the organizer declares it.
    assert_eq!(
        g.refused("ben", "2026-03-18T10:00:00Z", impossible()),
        crate::competition::ROLES_CLAUSE
    );
    // By hand: Wednesday 18 March is ben's allocated day (nomic 201), so
    // ben wins (nomic 215).
    let events = g.ok("org", at("2026-03-18T10:00:00Z"), impossible());
    assert_eq!(cited(&events), ["nomic 215", "nomic 215"]);
    assert_eq!(g.nomic().winner, Some(user("ben")));
    assert_eq!(
        g.refused("org", "2026-03-18T11:00:00Z", impossible()),
        "nomic 210"
    );
}

#[test]
fn nomic_215_play_impossible_needs_a_changed_rule_book_and_a_players_day() {
    // The Initial Set allows play: nothing has been changed yet.
    let mut g = Game::new();
    assert_eq!(
        g.refused("org", "2026-03-18T10:00:00Z", impossible()),
        "nomic 215"
    );
    // Saturday 21 March is nobody's allocated day.
    let mut g = changed_game();
    assert_eq!(
        g.refused("org", "2026-03-21T10:00:00Z", impossible()),
        "nomic 215"
    );
    assert_eq!(g.nomic().winner, None);
}
