//! nomic 203, 205, 207, 209, 210.

use super::*;
use crate::nomic::proposal::proposer_points;
use crate::rulebook::parts::*;

fn tally(yes: u32, no: u32) -> Tally {
    Tally {
        yes,
        no,
        eligible: 5,
        eligible_yes: yes,
    }
}

#[test]
fn nomic_203_formula_floors_max_10_r_minus_290_times_y_over_v() {
    // R = 215: max(10, -75) = 10; 10 * 3 / 4 = 7.5, floor 7.
    assert_eq!(proposer_points(215, &tally(3, 1)), 7);
    // R = 305: 15 * 2 / 3 = 10.
    assert_eq!(proposer_points(305, &tally(2, 1)), 10);
    // R = 306: 16 * 1 / 3 = 5.33, floor 5.
    assert_eq!(proposer_points(306, &tally(1, 2)), 5);
    // R = 300: max(10, 10) = 10; all yes: 10.
    assert_eq!(proposer_points(300, &tally(5, 0)), 10);
    // No vote cast: nothing (Y/V undefined).
    assert_eq!(proposer_points(400, &tally(0, 0)), 0);
}

#[test]
fn nomic_203_points_for_adopted_proposal() {
    let mut g = Game::new();
    let n = g.propose("chris", "2026-03-16T09:00:00Z", enact("x"));
    g.votes(
        &["chris", "dave", "ben"],
        "2026-03-16T10:00:00Z",
        n,
        Vote::Yes,
    );
    let events = g.tick("2026-03-17T00:00:00Z");
    // R = 215 (the rule 301 takes effect after the count): 10 * 3 / 3 = 10.
    assert_eq!(g.points("chris"), 10);
    assert_eq!(clauses(&events), ["nomic 204", "nomic 203", "nomic 206"]);
    // Next turn R = 301 (enacted by 301): max(10, 11) = 11; 11 * 5 / 5 = 11.
    let m = g.propose("dave", "2026-03-17T09:00:00Z", enact("y"));
    g.votes(&ALL, "2026-03-17T10:00:00Z", m, Vote::Yes);
    g.tick("2026-03-18T00:00:00Z");
    assert_eq!(g.points("dave"), 11);
}

#[test]
fn nomic_207_defeated_proposal_costs_its_proposer_10() {
    let mut g = Game::new();
    let n = g.propose("chris", "2026-03-16T09:00:00Z", enact("x"));
    g.votes(
        &["chris", "dave", "ben"],
        "2026-03-16T10:00:00Z",
        n,
        Vote::Yes,
    );
    g.vote("alext", "2026-03-16T10:00:00Z", n, Vote::No);
    let events = g.tick("2026-03-17T00:00:00Z");
    // Unanimity fails. 203: floor(10 * 3 / 4) = 7; 207: -10; total -3.
    assert_eq!(g.status(n), ProposalStatus::Defeated);
    assert_eq!(g.points("chris"), -3);
    assert_eq!(clauses(&events), ["nomic 204", "nomic 203", "nomic 207"]);
    // nomic 205 does not apply under unanimity, and alext gains nothing.
    assert_eq!(g.points("alext"), 0);
}

#[test]
fn nomic_205_dissenters_gain_10_once_adoption_needs_no_unanimity() {
    let mut g = Game::new();
    // Monday 30 March, after two complete circuits: simple majority.
    let n = g.propose("chris", "2026-03-30T09:00:00Z", enact("x"));
    g.votes(
        &["chris", "dave", "ben"],
        "2026-03-30T10:00:00Z",
        n,
        Vote::Yes,
    );
    g.votes(&["alext", "alexw"], "2026-03-30T10:00:00Z", n, Vote::No);
    let events = g.tick("2026-03-30T23:00:00Z");
    assert_eq!(g.status(n), ProposalStatus::InEffect);
    // chris: R = 215, floor(10 * 3 / 5) = 6. alext and alexw: +10 each.
    assert_eq!(g.points("chris"), 6);
    assert_eq!(g.points("alext"), 10);
    assert_eq!(g.points("alexw"), 10);
    assert_eq!(
        clauses(&events)
            .iter()
            .filter(|c| *c == "nomic 205")
            .count(),
        2
    );
    // Those who voted against a defeated proposal gain nothing.
    let m = g.propose("dave", "2026-03-31T09:00:00Z", enact("y"));
    g.votes(&["chris", "dave"], "2026-03-31T10:00:00Z", m, Vote::Yes);
    g.votes(&["ben", "alext"], "2026-03-31T10:00:00Z", m, Vote::No);
    g.tick("2026-03-31T23:00:00Z");
    // 2 of 4 is no majority: defeated; ben stays at 0.
    assert_eq!(g.status(m), ProposalStatus::Defeated);
    assert_eq!(g.points("ben"), 0);
}

#[test]
fn nomic_209_points_thread_shows_total_and_change() {
    let mut g = Game::new();
    let n = g.propose("chris", "2026-03-16T09:00:00Z", enact("x"));
    g.votes(
        &["chris", "dave", "ben"],
        "2026-03-16T10:00:00Z",
        n,
        Vote::Yes,
    );
    g.vote("alext", "2026-03-16T10:00:00Z", n, Vote::No);
    g.tick("2026-03-17T00:00:00Z");
    let lines: Vec<String> = g.nomic().points_thread.iter().map(|e| e.line()).collect();
    // 7 (+7) from 203, then -3 (-10) from 207.
    assert_eq!(lines, ["7 (+7)", "-3 (-10)"]);
    let v = g.nomic().view(g.competition(), None);
    assert_eq!(v["points_thread"][1]["line"], "-3 (-10)");
}

#[test]
fn nomic_210_first_to_200_wins_and_the_game_ends() {
    let mut g = Game::new();
    if let competition::Game::Nomic(n) = &mut g.competition_mut().game {
        n.points.insert(user("chris"), 195);
        n.points.insert(user("dave"), 199);
    }
    // Under majority: chris proposes, dave dissents.
    let p = g.propose("chris", "2026-03-30T09:00:00Z", enact("x"));
    g.votes(
        &["chris", "ben", "alext"],
        "2026-03-30T10:00:00Z",
        p,
        Vote::Yes,
    );
    g.vote("dave", "2026-03-30T10:00:00Z", p, Vote::No);
    let events = g.tick("2026-03-30T23:00:00Z");
    // chris: 195 + floor(10 * 3 / 4) = 202 first (203 before 205); dave
    // reaches 209 after him.
    assert_eq!(g.nomic().winner, Some(user("chris")));
    assert_eq!(g.points("dave"), 209);
    assert_eq!(
        clauses(&events)
            .iter()
            .filter(|c| *c == "nomic 210")
            .count(),
        1
    );
    assert_eq!(
        g.refused("dave", "2026-03-31T09:00:00Z", enact("y")),
        "nomic 210"
    );
    assert_eq!(g.nomic().next_due(), None);
}

/// nomic 114: "The state of affairs that constitutes winning may not be
/// altered from achieving n points to any other state of affairs." On
/// Monday 16 March chris has "alexw wins the game." enacted, all five voting
/// yes: it takes effect as rule 301, and nobody has won. On Tuesday dave
/// (given 195 points) has a proposal adopted, all yes: 203 gives him
/// floor(max(10, 301 − 290) · 5/5) = 11, so 206 ≥ 200: dave, not alexw, wins
/// (nomic 210).
#[test]
fn nomic_114_an_adopted_rule_cannot_change_what_winning_is() {
    let mut g = Game::new();
    let p = g.propose(
        "chris",
        "2026-03-16T09:00:00Z",
        enact("alexw wins the game."),
    );
    g.votes(&ALL, "2026-03-16T10:00:00Z", p, Vote::Yes);
    g.tick("2026-03-17T00:00:00Z");
    assert_eq!(g.status(p), ProposalStatus::InEffect);
    assert!(g.nomic().rules.current.find(301).is_some());
    assert_eq!(g.nomic().winner, None);
    if let competition::Game::Nomic(n) = &mut g.competition_mut().game {
        n.points.insert(user("dave"), 195);
    }
    let q = g.propose(
        "dave",
        "2026-03-17T09:00:00Z",
        enact("Players shall be polite."),
    );
    g.votes(&ALL, "2026-03-17T10:00:00Z", q, Vote::Yes);
    let events = g.tick("2026-03-18T00:00:00Z");
    assert_eq!(g.points("dave"), 206);
    assert_eq!(g.nomic().winner, Some(user("dave")));
    assert!(clauses(&events).contains(&"nomic 210".to_string()));
}

#[test]
fn nomic_210_note_settings_start_non_correspondence_games_at_100() {
    // The note on 210: "In non-correspondence games, the initial total is 100."
    let mut g = Game::new();
    if let competition::Game::Nomic(n) = &mut g.competition_mut().game {
        n.begun_at = None;
    }
    let settings = Settings {
        starting_points: 100,
        ..Settings::default()
    };
    g.ok(
        "org",
        at("2026-03-15T13:00:00Z"),
        Command::Begin { settings },
    );
    assert_eq!(g.points("ben"), 100);
    // Nonsense is refused: winning below starting.
    let mut h = Game::new();
    if let competition::Game::Nomic(n) = &mut h.competition_mut().game {
        n.begun_at = None;
    }
    let bad = Settings {
        winning_points: 50,
        ..settings
    };
    let e = h
        .run(
            "org",
            "2026-03-15T13:00:00Z",
            Command::Begin { settings: bad },
        )
        .unwrap_err();
    assert_eq!(e.kind, crate::refusal::RefusalKind::Invalid);
    // `{"action": "begin"}` alone means the Initial Set's numbers.
    let c: Command = serde_json::from_value(serde_json::json!({"action": "begin"})).unwrap();
    assert_eq!(
        c,
        Command::Begin {
            settings: Settings::default()
        }
    );
}
