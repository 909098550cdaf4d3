//! acwc IV.D–F: pairings told to each player and published, and reminders of
//! the round's deadline, through the envelope's `notice` functions on real commits.

use super::*;
use crate::notice::{Audience, Notice, Topic};
use std::collections::BTreeSet;

fn last_notices(w: &World) -> Vec<Notice> {
    w.notices()
}

fn only(name: &str) -> Audience {
    Audience::Users(BTreeSet::from([user(name)]))
}

/// acwc IV.E, III.F.4: five players, p1 the highest seed. On a fresh ranking the
/// highest unpaired player meets the closest one: p1-p2, p3-p4; the lowest (p5)
/// has the bye. Round 1 is published Monday 30 September and ends Sunday
/// 6 October 23:59:59 UTC (IV.F). Each paired player hears once, of their own
/// opponent (by account); the public notice lists the whole round.
#[test]
fn acwc_iv_e_every_paired_player_is_told_their_opponent_once_and_the_round_is_published() {
    let mut w = with_players(5);
    start(&mut w);
    let all = last_notices(&w);
    let pairings: Vec<&Notice> = all.iter().filter(|n| n.topic == Topic::Pairings).collect();
    for (me, opponent) in [
        ("p1", "acc2"),
        ("p2", "acc1"),
        ("p3", "acc4"),
        ("p4", "acc3"),
    ] {
        let mine: Vec<&&Notice> = pairings.iter().filter(|n| n.audience == only(me)).collect();
        assert_eq!(mine.len(), 1, "{me}: {all:#?}");
        assert_eq!(mine[0].clause, "acwc IV.E");
        assert_eq!(mine[0].event, "round-published");
        assert!(
            mine[0].text.contains(&format!("you play {opponent}")),
            "{me}: {}",
            mine[0].text
        );
        assert!(mine[0].text.contains("2019-10-06 23:59:59 UTC"));
    }
    let bye: Vec<&&Notice> = pairings
        .iter()
        .filter(|n| n.audience == only("p5"))
        .collect();
    assert_eq!(bye.len(), 1);
    assert!(bye[0].text.contains("you have the bye"), "{}", bye[0].text);
    let public: Vec<&&Notice> = pairings
        .iter()
        .filter(|n| n.audience == Audience::Public)
        .collect();
    assert_eq!(public.len(), 1);
    assert_eq!(
        public[0].text,
        "Qualification round 1 pairings:\nq1.1: acc1 - acc2\nq1.2: acc3 - acc4\nbye: acc5\n\
         All matches of the round must be completed by 2019-10-06 23:59:59 UTC (acwc IV.F)."
    );
    assert_eq!(pairings.len(), 6, "four players, the bye, the public list");
}

/// acwc IV.F: reminders 24 and 1 hours before Sunday 6 October 23:59:59 UTC, to
/// the players of matches with no result; q1.1 is finished, so only p3 and p4.
#[test]
fn acwc_iv_f_reminders_before_the_round_deadline_go_to_unfinished_matches_only() {
    let mut w = with_players(4);
    start(&mut w);
    report(&mut w, "q1.1", 20, 0);
    let d = at("2019-10-06T23:59:59Z");
    let due = |h: i64| w.competition().reminders(d - Duration::hours(h));
    assert!(due(25).is_empty());
    let day = due(24);
    assert_eq!(day.len(), 1);
    assert_eq!(day[0].hours_before, 24);
    assert_eq!(day[0].deadline, d);
    assert_eq!(day[0].occasion, "qualification-round-1");
    assert_eq!(day[0].clause, "acwc IV.F");
    assert_eq!(day[0].users, BTreeSet::from([user("p3"), user("p4")]));
    assert_eq!(
        due(1).iter().map(|r| r.hours_before).collect::<Vec<_>>(),
        [24, 1]
    );
    assert!(due(0).is_empty(), "the deadline has come");
}

/// acwc III.F.3: the end of the Qualification is published with the Candidates;
/// the runner-up (p2, account a2) is seated whatever the Swiss gave.
#[test]
fn acwc_iii_f_3_the_candidates_are_published_when_the_qualification_ends() {
    let w = to_candidates();
    let all = last_notices(&w);
    let results: Vec<&Notice> = all.iter().filter(|n| n.topic == Topic::Results).collect();
    assert_eq!(results.len(), 1, "{all:#?}");
    assert_eq!(results[0].audience, Audience::Public);
    assert_eq!(results[0].clause, "acwc III.F.3");
    assert!(results[0].text.contains("a2"), "{}", results[0].text);
    assert!(all
        .iter()
        .any(|n| n.topic == Topic::Pairings && n.text.starts_with("Candidates round 1")));
}
