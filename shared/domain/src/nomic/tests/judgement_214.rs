//! nomic 214: Points of Order, Judges, Judgements, disputes.

use super::*;
use crate::nomic::turns::preceding_player;
use crate::rulebook::parts::*;
use std::collections::BTreeMap;

fn raise(g: &mut Game, who: &str, now: &str, proposal: Option<u32>) -> u32 {
    g.ok(
        who,
        at(now),
        Command::RaisePointOfOrder {
            statement: "Is this legal?".into(),
            proposal,
        },
    );
    g.nomic().points_of_order.last().unwrap().id
}

fn pronounce(g: &mut Game, who: &str, now: &str, point: u32) {
    g.ok(
        who,
        at(now),
        Command::PronounceJudgement {
            point,
            decision: "It is legal.".into(),
            finding: None,
            mover: None,
        },
    );
}

fn judge(g: &Game, point: u32) -> UserId {
    g.nomic().point_of_order(point).unwrap().judge.clone()
}

#[test]
fn nomic_214_the_judge_is_the_player_whose_day_preceded_the_current_day() {
    let mut g = Game::new();
    // Tuesday: Monday's chris judges.
    let a = raise(&mut g, "ben", "2026-03-17T10:00:00Z", None);
    assert_eq!(judge(&g, a), user("chris"));
    // Monday: the preceding allocated day is Friday's, alexw.
    let b = raise(&mut g, "ben", "2026-03-23T10:00:00Z", None);
    assert_eq!(judge(&g, b), user("alexw"));
}

#[test]
fn nomic_214_only_the_judge_pronounces() {
    let mut g = Game::new();
    let p = raise(&mut g, "ben", "2026-03-17T10:00:00Z", None);
    let cmd = Command::PronounceJudgement {
        point: p,
        decision: "x".into(),
        finding: None,
        mover: None,
    };
    assert_eq!(g.refused("dave", "2026-03-17T10:30:00Z", cmd), "nomic 214");
}

#[test]
fn nomic_214_undisputed_judgement_is_invoked_after_one_hour() {
    let mut g = Game::new();
    let p = raise(&mut g, "ben", "2026-03-17T10:00:00Z", None);
    pronounce(&mut g, "chris", "2026-03-17T10:30:00Z", p);
    assert_eq!(g.nomic().next_due(), Some(at("2026-03-17T11:30:00Z")));
    assert!(g.tick("2026-03-17T11:29:59Z").is_empty());
    let events = g.tick("2026-03-17T11:30:00Z");
    assert_eq!(clauses(&events), ["nomic 214"]);
    assert_eq!(
        g.nomic().point_of_order(p).unwrap().invoked_at,
        Some(at("2026-03-17T11:30:00Z"))
    );
    // Disputing after the hour is too late: the Judgement is invoked.
    assert_eq!(
        g.refused(
            "ben",
            "2026-03-17T11:31:00Z",
            Command::DisputeJudgement { point: p }
        ),
        "nomic 214"
    );
}

#[test]
fn nomic_214_a_single_agreement_invokes_the_judgement() {
    let mut g = Game::new();
    let p = raise(&mut g, "ben", "2026-03-17T10:00:00Z", None);
    pronounce(&mut g, "chris", "2026-03-17T10:30:00Z", p);
    g.ok(
        "ben",
        at("2026-03-17T10:40:00Z"),
        Command::DisputeJudgement { point: p },
    );
    g.ok(
        "alext",
        at("2026-03-17T10:50:00Z"),
        Command::DisagreeWithJudgement { point: p },
    );
    g.ok(
        "dave",
        at("2026-03-17T11:00:00Z"),
        Command::AgreeWithJudgement { point: p },
    );
    assert_eq!(
        g.nomic().point_of_order(p).unwrap().invoked_at,
        Some(at("2026-03-17T11:00:00Z"))
    );
    assert_eq!(judge(&g, p), user("chris"));
}

#[test]
fn nomic_214_disputed_and_unanimously_disagreed_judge_is_overruled() {
    let mut g = Game::new();
    let p = raise(&mut g, "ben", "2026-03-17T10:00:00Z", None);
    pronounce(&mut g, "chris", "2026-03-17T10:30:00Z", p);
    // The Judge may not take part; nor disagree before a dispute.
    assert_eq!(
        g.refused(
            "chris",
            "2026-03-17T10:35:00Z",
            Command::DisputeJudgement { point: p }
        ),
        "nomic 214"
    );
    assert_eq!(
        g.refused(
            "alext",
            "2026-03-17T10:35:00Z",
            Command::DisagreeWithJudgement { point: p }
        ),
        "nomic 214"
    );
    g.ok(
        "ben",
        at("2026-03-17T10:40:00Z"),
        Command::DisputeJudgement { point: p },
    );
    g.ok(
        "alext",
        at("2026-03-17T10:50:00Z"),
        Command::DisagreeWithJudgement { point: p },
    );
    g.ok(
        "alexw",
        at("2026-03-17T11:00:00Z"),
        Command::DisagreeWithJudgement { point: p },
    );
    // One hour from the dispute, nobody agreed: overruled.
    assert!(g.tick("2026-03-17T11:39:59Z").is_empty());
    g.tick("2026-03-17T11:40:00Z");
    let po = g.nomic().point_of_order(p).unwrap();
    // The player preceding chris (Monday) is alexw (Friday).
    assert_eq!(po.judge, user("alexw"));
    assert_eq!(po.former_judges, vec![user("chris")]);
    assert!(po.judgement.is_none() && po.active());
    assert_eq!(po.judge_until, at("2026-03-18T00:00:00Z"));
}

#[test]
fn nomic_214_the_judge_who_has_not_pronounced_by_the_end_of_the_day_forfeits() {
    let mut g = Game::new();
    let p = raise(&mut g, "ben", "2026-03-17T10:00:00Z", None);
    let events = g.tick("2026-03-18T00:00:00Z");
    assert_eq!(clauses(&events), ["nomic 214"]);
    // chris forfeits to alexw, who serves Wednesday 18 March.
    assert_eq!(judge(&g, p), user("alexw"));
    assert_eq!(
        g.nomic().point_of_order(p).unwrap().judge_until,
        at("2026-03-19T00:00:00Z")
    );
    // Raised on a Friday: alext judges; at the end of Friday he forfeits to
    // ben, who serves on Monday (weekend messages are void, nomic 201).
    let q = raise(&mut g, "dave", "2026-03-20T10:00:00Z", None);
    assert_eq!(judge(&g, q), user("alext"));
    g.tick("2026-03-21T00:00:00Z");
    assert_eq!(judge(&g, q), user("ben"));
    assert_eq!(
        g.nomic().point_of_order(q).unwrap().judge_until,
        at("2026-03-24T00:00:00Z")
    );
}

#[test]
fn nomic_214_the_next_judge_skips_the_player_whose_day_it_is() {
    let players: BTreeMap<UserId, AllocatedDay> =
        PLAYERS.iter().map(|(u, d)| (user(u), *d)).collect();
    // Judge ben (Wednesday) overruled on a Tuesday: dave's day, so chris.
    assert_eq!(
        preceding_player(
            &players,
            AllocatedDay::Wednesday,
            Some(AllocatedDay::Tuesday)
        ),
        Some(user("chris"))
    );
    assert_eq!(
        preceding_player(
            &players,
            AllocatedDay::Wednesday,
            Some(AllocatedDay::Friday)
        ),
        Some(user("dave"))
    );
}

#[test]
fn nomic_214_at_most_three_active_points_of_order_per_player() {
    let mut g = Game::new();
    let first = raise(&mut g, "ben", "2026-03-17T10:00:00Z", None);
    raise(&mut g, "ben", "2026-03-17T10:01:00Z", None);
    raise(&mut g, "ben", "2026-03-17T10:02:00Z", None);
    let fourth = Command::RaisePointOfOrder {
        statement: "again".into(),
        proposal: None,
    };
    assert_eq!(
        g.refused("ben", "2026-03-17T10:03:00Z", fourth.clone()),
        "nomic 214"
    );
    // Others may still raise theirs.
    raise(&mut g, "dave", "2026-03-17T10:04:00Z", None);
    // Once one is invoked, ben may raise another.
    pronounce(&mut g, "chris", "2026-03-17T10:05:00Z", first);
    g.ok(
        "dave",
        at("2026-03-17T10:06:00Z"),
        Command::AgreeWithJudgement { point: first },
    );
    g.ok("ben", at("2026-03-17T10:07:00Z"), fourth);
}

#[test]
fn nomic_214_adopted_change_waits_for_every_related_judgement() {
    let mut g = Game::new();
    let n = g.propose(
        "chris",
        "2026-03-16T09:00:00Z",
        amend(207, "A defeated proposal costs 5 points."),
    );
    let p = raise(&mut g, "ben", "2026-03-16T10:00:00Z", Some(n));
    g.votes(&ALL, "2026-03-16T11:00:00Z", n, Vote::Yes);
    g.tick("2026-03-17T00:00:00Z");
    assert_eq!(g.status(n), ProposalStatus::AwaitingJudgement);
    assert!(g.nomic().rules.current.find(207).is_some());
    // No Point of Order against a change whose vote completed but which
    // has not come into effect.
    let late = Command::RaisePointOfOrder {
        statement: "and this?".into(),
        proposal: Some(n),
    };
    assert_eq!(
        g.refused("dave", "2026-03-17T09:00:00Z", late.clone()),
        "nomic 214"
    );
    // alexw forfeited at midnight to alext, who now pronounces.
    assert_eq!(judge(&g, p), user("alext"));
    pronounce(&mut g, "alext", "2026-03-17T10:00:00Z", p);
    let events = g.tick("2026-03-17T11:00:00Z");
    assert_eq!(clauses(&events), ["nomic 214", "nomic 214"]);
    assert_eq!(g.status(n), ProposalStatus::InEffect);
    assert!(g
        .nomic()
        .rules
        .as_of(at("2026-03-17T10:59:59Z"))
        .unwrap()
        .find(207)
        .is_some());
    assert!(g
        .nomic()
        .rules
        .as_of(at("2026-03-17T11:00:00Z"))
        .unwrap()
        .find(301)
        .is_some());
    // Once in effect, questions about it may be raised again.
    g.ok("dave", at("2026-03-17T12:00:00Z"), late);
}
