//! nomic 209: every change of points announced as `<player>: <total> (<change>)`,
//! through the envelope's `notice::notices` on real commits.

use super::*;
use crate::notice::{Audience, Notice, Topic};

fn notices(g: &Game) -> Vec<Notice> {
    g.notices()
}

fn points(all: &[Notice]) -> Vec<&Notice> {
    all.iter().filter(|n| n.topic == Topic::Points).collect()
}

/// nomic 203, 207, 209: chris's proposal gets three yes and one no and fails
/// unanimity. 203: floor(max(10, 215 - 290) * 3 / 4) = floor(7.5) = 7, so
/// "chris: 7 (+7)"; 207: minus 10, so "chris: -3 (-10)". One public notice per
/// change, each on the event that made it.
#[test]
fn nomic_209_each_change_is_announced_as_total_and_signed_change() {
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
    let all = notices(&g);
    let pts = points(&all);
    assert_eq!(pts.len(), 2, "{all:#?}");
    assert_eq!(pts[0].subject, "chris: 7 (+7)");
    assert_eq!(pts[1].subject, "chris: -3 (-10)");
    let commit = g.last_commit().unwrap();
    for n in &pts {
        assert_eq!(n.audience, Audience::Public);
        assert_eq!(n.clause, "nomic 209");
        assert_eq!(n.event, "points-changed");
        assert!(n.text.contains(&n.subject), "{}", n.text);
        let at = &commit.events[n.event_index as usize];
        assert!(matches!(
            at.event,
            crate::competition::Event::Nomic(Event::PointsChanged { .. })
        ));
    }
    assert_eq!(
        commit.events[pts[1].event_index as usize].clause.as_deref(),
        Some("nomic 207")
    );
    let defeated: Vec<&Notice> = all
        .iter()
        .filter(|n| n.event == "voting-completed")
        .collect();
    assert_eq!(defeated.len(), 1);
    assert!(
        defeated[0].text.contains("3 for, 1 against"),
        "{}",
        defeated[0].text
    );
    assert!(defeated[0].text.contains("defeated"));
}

/// nomic 209: a change of nothing is not a change: four "no" votes give the
/// proposer floor(10 * 0 / 4) = 0 under 203, which is not announced; 207's ten
/// are: "chris: -10 (-10)".
#[test]
fn nomic_209_a_zero_change_is_not_announced() {
    let mut g = Game::new();
    let n = g.propose("chris", "2026-03-16T09:00:00Z", enact("x"));
    g.votes(
        &["dave", "ben", "alext", "alexw"],
        "2026-03-16T10:00:00Z",
        n,
        Vote::No,
    );
    g.tick("2026-03-17T00:00:00Z");
    let all = notices(&g);
    let subjects: Vec<&str> = points(&all).iter().map(|n| n.subject.as_str()).collect();
    assert_eq!(subjects, ["chris: -10 (-10)"]);
}

/// Votes are cast in the open (nomic 208), but casting one changes no points
/// and announces nothing.
#[test]
fn nomic_208_casting_a_vote_announces_nothing() {
    let mut g = Game::new();
    let n = g.propose("chris", "2026-03-16T09:00:00Z", enact("x"));
    g.vote("dave", "2026-03-16T10:00:00Z", n, Vote::Yes);
    assert!(notices(&g).is_empty());
}
