//! nomic 105, 107, 111, 113, 201, 202, 204, 208 and the tick.

use super::*;
use crate::rulebook::parts::*;

#[test]
fn nomic_201_one_player_per_allocated_day() {
    let g = Game::new();
    // A fresh game cannot be set up after it began...
    let mut g2 = g.clone();
    let e = g2
        .run_at(
            "org",
            at("2026-03-16T09:00:00Z"),
            Command::SeatPlayer {
                player: user("zoe"),
                day: AllocatedDay::Monday,
            },
        )
        .unwrap_err();
    assert_eq!(e.kind, crate::refusal::RefusalKind::Conflict);
    // ...and before it begins, a day holds one player.
    let mut g3 = g.clone();
    if let competition::Game::Nomic(n) = &mut g3.competition_mut().game {
        n.begun_at = None;
    }
    let e = g3
        .run_at(
            "org",
            at("2026-03-16T09:00:00Z"),
            Command::SeatPlayer {
                player: user("zoe"),
                day: AllocatedDay::Monday,
            },
        )
        .unwrap_err();
    assert_eq!(e.clause.as_deref(), Some("nomic 201"));
}

#[test]
fn nomic_201_players_begin_with_zero_points() {
    let g = Game::new();
    for p in ALL {
        assert_eq!(g.points(p), 0);
    }
}

#[test]
fn nomic_201_weekend_messages_are_void() {
    let mut g = Game::new();
    // Saturday 21 March 2026 in London.
    assert_eq!(
        g.refused("chris", "2026-03-21T10:00:00Z", enact("x")),
        "nomic 201"
    );
    // Friday 23:30 BST is already Saturday in the UK (summer).
    let mut g2 = Game::new();
    let n = g2.propose("alexw", "2026-04-03T10:00:00Z", enact("x"));
    assert_eq!(
        g2.refused(
            "ben",
            "2026-04-03T23:30:00Z",
            Command::RecordVote {
                proposal: n,
                vote: Vote::Yes
            }
        ),
        "nomic 201"
    );
    assert_eq!(
        g.refused(
            "ben",
            "2026-03-22T10:00:00Z",
            Command::RaisePointOfOrder {
                statement: "?".into(),
                proposal: None
            }
        ),
        "nomic 201"
    );
}

#[test]
fn nomic_202_proposals_only_on_the_proposers_day() {
    let mut g = Game::new();
    // Monday is chris's day, not dave's.
    assert_eq!(
        g.refused("dave", "2026-03-16T10:00:00Z", enact("x")),
        "nomic 202"
    );
    g.propose("dave", "2026-03-17T10:00:00Z", enact("x"));
}

#[test]
fn nomic_202_before_7pm_uk_time_across_daylight_saving() {
    let mut g = Game::new();
    // Monday 16 March: GMT, 18:59Z is 18:59 in London: proper.
    g.propose("chris", "2026-03-16T18:59:00Z", enact("x"));
    // Monday 30 March: BST, 18:30Z is 19:30 in London: too late...
    assert_eq!(
        g.refused("chris", "2026-03-30T18:30:00Z", enact("y")),
        "nomic 202"
    );
    // ...while 17:59Z is 18:59 BST: proper.
    g.propose("chris", "2026-03-30T17:59:00Z", enact("y"));
    // Monday 23 March, GMT: 19:00Z is 19:00, not before 7pm.
    assert_eq!(
        g.refused("chris", "2026-03-23T19:00:00Z", enact("z")),
        "nomic 202"
    );
}

#[test]
fn nomic_202_only_the_first_rule_change_of_the_day_is_proper() {
    let mut g = Game::new();
    g.propose("chris", "2026-03-16T09:00:00Z", enact("first"));
    assert_eq!(
        g.refused("chris", "2026-03-16T10:00:00Z", enact("second")),
        "nomic 202"
    );
    assert_eq!(g.nomic().proposals.len(), 1);
}

#[test]
fn nomic_107_a_proposal_is_voted_and_adopted_in_the_form_submitted() {
    let mut g = Game::new();
    let n = g.propose("chris", "2026-03-16T09:00:00Z", enact("as submitted"));
    // There is no command to modify or withdraw; a second submission is
    // improper (nomic 202), not a replacement.
    assert_eq!(
        g.refused("chris", "2026-03-16T09:30:00Z", enact("changed")),
        "nomic 202"
    );
    g.votes(&ALL, "2026-03-16T10:00:00Z", n, Vote::Yes);
    g.tick("2026-03-17T00:00:00Z");
    assert_eq!(
        g.nomic().rules.current.find(n).unwrap().record.text,
        vec!["as submitted".to_string()]
    );
}

#[test]
fn nomic_113_votes_are_one_per_player_not_withdrawable_and_late_votes_refused() {
    let mut g = Game::new();
    let n = g.propose("chris", "2026-03-16T09:00:00Z", enact("x"));
    g.vote("dave", "2026-03-16T10:00:00Z", n, Vote::Yes);
    // nomic 113, 208: the second message does not count; refused.
    assert_eq!(
        g.refused(
            "dave",
            "2026-03-16T10:05:00Z",
            Command::RecordVote {
                proposal: n,
                vote: Vote::No
            }
        ),
        "nomic 113"
    );
    // Voting completes at the end of the UK day: midnight GMT.
    assert_eq!(
        g.refused(
            "ben",
            "2026-03-17T00:00:00Z",
            Command::RecordVote {
                proposal: n,
                vote: Vote::Yes
            }
        ),
        "nomic 113"
    );
    let p = g.nomic().proposal(n).unwrap();
    assert_eq!(p.votes.len(), 1);
    // A refused command records nothing, not even what fell due.
    assert_eq!(p.status, ProposalStatus::Voting);
    g.tick("2026-03-17T00:00:00Z");
    assert_eq!(g.status(n), ProposalStatus::InEffect);
}

#[test]
fn nomic_113_voting_completes_at_the_end_of_the_uk_day_in_summer_too() {
    let mut g = Game::new();
    // Tuesday 31 March 2026 is BST: the UK day ends at 23:00Z.
    let n = g.propose("dave", "2026-03-31T10:00:00Z", enact("x"));
    assert_eq!(
        g.nomic().proposal(n).unwrap().closes_at,
        at("2026-03-31T23:00:00Z")
    );
    g.vote("ben", "2026-03-31T22:59:59Z", n, Vote::Yes);
    assert!(g.tick("2026-03-31T22:59:59Z").is_empty());
    assert!(!g.tick("2026-03-31T23:00:00Z").is_empty());
}

#[test]
fn nomic_113_abstaining_is_allowed() {
    let mut g = Game::new();
    let n = g.propose("chris", "2026-03-16T09:00:00Z", enact("x"));
    // Two yes, three abstain: unanimous among the votes cast (nomic 204).
    g.votes(&["chris", "dave"], "2026-03-16T10:00:00Z", n, Vote::Yes);
    g.tick("2026-03-17T00:00:00Z");
    assert_eq!(g.status(n), ProposalStatus::InEffect);
}

#[test]
fn nomic_204_no_votes_cast_adopts_nothing() {
    let mut g = Game::new();
    let n = g.propose("chris", "2026-03-16T09:00:00Z", enact("x"));
    g.tick("2026-03-17T00:00:00Z");
    assert_eq!(g.status(n), ProposalStatus::Defeated);
    // nomic 203 gives nothing (V = 0); nomic 207 costs 10.
    assert_eq!(g.points("chris"), -10);
}

#[test]
fn nomic_204_unanimity_then_simple_majority_after_two_circuits() {
    let mut g = Game::new();
    assert_eq!(g.nomic().majority_from, Some(at("2026-03-28T00:00:00Z")));
    // Friday 27 March, last turn of the second circuit: 4 yes, 1 no fails.
    let n = g.propose("alexw", "2026-03-27T09:00:00Z", enact("x"));
    g.votes(
        &["chris", "dave", "ben", "alexw"],
        "2026-03-27T10:00:00Z",
        n,
        Vote::Yes,
    );
    g.vote("alext", "2026-03-27T10:00:00Z", n, Vote::No);
    let events = g.tick("2026-03-28T00:00:00Z");
    assert_eq!(g.status(n), ProposalStatus::Defeated);
    assert!(clauses(&events).contains(&"nomic 204".to_string()));
    assert_eq!(g.nomic().threshold, Threshold::SimpleMajority);
    // Monday 30 March: 3 yes, 2 no now passes.
    let m = g.propose("chris", "2026-03-30T09:00:00Z", enact("y"));
    g.votes(
        &["chris", "dave", "ben"],
        "2026-03-30T10:00:00Z",
        m,
        Vote::Yes,
    );
    g.votes(&["alext", "alexw"], "2026-03-30T10:00:00Z", m, Vote::No);
    g.tick("2026-03-30T23:00:00Z");
    assert_eq!(g.status(m), ProposalStatus::InEffect);
}

#[test]
fn nomic_204_amended_before_the_end_of_the_second_circuit_keeps_unanimity() {
    let mut g = Game::new();
    let n = g.propose(
        "chris",
        "2026-03-23T09:00:00Z",
        amend(
            204,
            "A rule-change is adopted if and only if the vote is unanimous among the votes cast.",
        ),
    );
    g.votes(&ALL, "2026-03-23T10:00:00Z", n, Vote::Yes);
    g.tick("2026-03-28T00:00:00Z");
    assert_eq!(g.nomic().majority_from, None);
    assert_eq!(g.nomic().threshold, Threshold::Unanimity);
    // The amended rule is 204 no more, but 301.
    assert!(g.nomic().rules.current.find(301).is_some());
}

#[test]
fn nomic_105_111_transmutation_needs_every_eligible_voter() {
    let mut g = Game::new();
    // Four yes and one abstention: unanimous among votes cast, not among
    // the five eligible voters.
    let n = g.propose(
        "chris",
        "2026-03-16T09:00:00Z",
        RuleChange::Transmute { rule: 115 },
    );
    g.votes(
        &["chris", "dave", "ben", "alext"],
        "2026-03-16T10:00:00Z",
        n,
        Vote::Yes,
    );
    let events = g.tick("2026-03-17T00:00:00Z");
    assert!(clauses(&events).contains(&"nomic 111".to_string()));
    assert_eq!(g.status(n), ProposalStatus::Defeated);
    let m = g.propose(
        "dave",
        "2026-03-17T09:00:00Z",
        RuleChange::Transmute { rule: 115 },
    );
    g.votes(&ALL, "2026-03-17T10:00:00Z", m, Vote::Yes);
    g.tick("2026-03-18T00:00:00Z");
    let r = g.nomic().rules.current.find(302).unwrap();
    assert_eq!(r.record.label, "302");
    assert!(!r.label.immutable);
    assert!(g.nomic().rules.current.find(115).is_none());
}

#[test]
fn nomic_tick_is_idempotent_and_next_due_points_at_the_next_completion() {
    let mut g = Game::new();
    assert_eq!(g.nomic().next_due(), Some(at("2026-03-28T00:00:00Z")));
    let n = g.propose("chris", "2026-03-16T09:00:00Z", enact("x"));
    assert_eq!(g.nomic().next_due(), Some(at("2026-03-17T00:00:00Z")));
    g.vote("dave", "2026-03-16T10:00:00Z", n, Vote::Yes);
    assert!(g.tick("2026-03-16T23:59:59Z").is_empty());
    let first = g.tick("2026-03-17T00:00:00Z");
    assert!(!first.is_empty());
    assert!(g.tick("2026-03-17T00:00:00Z").is_empty());
    assert!(g.tick("2026-03-17T00:05:00Z").is_empty());
}

#[test]
fn nomic_players_only_act_as_players() {
    let mut g = Game::new();
    let e = g
        .run(
            "org",
            "2026-03-16T09:00:00Z",
            Command::Propose { change: enact("x") },
        )
        .unwrap_err();
    assert_eq!(e.kind, crate::refusal::RefusalKind::Forbidden);
    let e = g
        .run(
            "dave",
            "2026-03-16T09:00:00Z",
            Command::ImportRules { rules: seed() },
        )
        .unwrap_err();
    assert_eq!(e.kind, crate::refusal::RefusalKind::Forbidden);
}

#[test]
fn nomic_commands_and_events_serialize_with_their_tags() {
    let c: Command = serde_json::from_value(serde_json::json!({
        "action": "propose", "change": {"op": "amend", "rule": 203, "text": ["t"]}
    }))
    .unwrap();
    assert_eq!(
        c,
        Command::Propose {
            change: amend(203, "t")
        }
    );
    let v: Command = serde_json::from_value(
        serde_json::json!({"action": "record-vote", "proposal": 301, "vote": "yes"}),
    )
    .unwrap();
    assert_eq!(v.name(), "record-vote");
    let e = serde_json::to_value(competition::Event::Nomic(Event::GameBegun {
        at: at("2026-03-15T12:00:00Z"),
        settings: Settings::default(),
    }))
    .unwrap();
    assert_eq!(e["type"], "nomic");
    assert_eq!(e["event"], "game-begun");
}

#[test]
fn nomic_104_every_proper_proposal_is_voted_on() {
    let mut g = Game::new();
    let a = g.propose("chris", "2026-03-16T09:00:00Z", enact("a"));
    // dave's proposal catches up the completion of 301 first (in the same
    // commit); a tick days later completes 302 at the end of its own day.
    let mut events = g.ok(
        "dave",
        at("2026-03-17T09:00:00Z"),
        Command::Propose { change: enact("b") },
    );
    let b = g.nomic().proposals.last().unwrap().number;
    events.extend(g.tick("2026-03-19T12:00:00Z"));
    let completed: Vec<_> = events
        .iter()
        .filter_map(|r| match &r.event {
            competition::Event::Nomic(Event::VotingCompleted { proposal, at, .. }) => {
                Some((*proposal, *at))
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        completed,
        [
            (a, at("2026-03-17T00:00:00Z")),
            (b, at("2026-03-18T00:00:00Z"))
        ]
    );
}

#[test]
fn nomic_106_days_start_and_end_in_uk_time() {
    let mut g = Game::new();
    // Monday 30 March 2026, 23:30 UTC is already Tuesday 00:30 in London
    // (BST): dave's day, not chris's.
    assert_eq!(
        g.refused("chris", "2026-03-30T23:30:00Z", enact("x")),
        "nomic 202"
    );
    let n = g.propose("dave", "2026-03-30T23:30:00Z", enact("x"));
    assert_eq!(
        g.nomic().proposal(n).unwrap().closes_at,
        at("2026-03-31T23:00:00Z")
    );
}

#[test]
fn nomic_206_adopted_change_takes_full_effect_at_completion() {
    let mut g = Game::new();
    let n = g.propose(
        "chris",
        "2026-03-16T09:00:00Z",
        RuleChange::Repeal { rule: 212 },
    );
    g.votes(&ALL, "2026-03-16T10:00:00Z", n, Vote::Yes);
    let events = g.tick("2026-03-17T00:00:00Z");
    assert_eq!(
        clauses(&events).last().map(String::as_str),
        Some("nomic 206")
    );
    assert_eq!(
        g.nomic().proposal(n).unwrap().took_effect_at,
        Some(at("2026-03-17T00:00:00Z"))
    );
}

#[test]
fn nomic_115_a_player_may_forfeit() {
    let mut g = Game::new();
    // alext votes yes on ben's transmutation, then forfeits before the end
    // of the day; he was judging ben's Point of Order (raised Friday).
    let p = g.propose(
        "alexw",
        "2026-03-20T09:00:00Z",
        RuleChange::Transmute { rule: 115 },
    );
    g.votes(&ALL, "2026-03-20T10:00:00Z", p, Vote::Yes);
    g.ok(
        "ben",
        at("2026-03-20T10:30:00Z"),
        Command::RaisePointOfOrder {
            statement: "?".into(),
            proposal: None,
        },
    );
    assert_eq!(g.nomic().points_of_order[0].judge, user("alext"));
    let events = g.ok("alext", at("2026-03-20T11:00:00Z"), Command::Forfeit);
    assert_eq!(clauses(&events), ["nomic 115", "nomic 214"]);
    // The Point of Order passes to ben (Wednesday precedes Thursday).
    assert_eq!(g.nomic().points_of_order[0].judge, user("ben"));
    assert_eq!(g.nomic().eligible_voters(), 4);
    g.tick("2026-03-21T00:00:00Z");
    // nomic 111 among the four eligible voters, all yes: adopted. The
    // proposer's 203 counts the five votes cast: 10 * 5 / 5 = 10.
    assert_eq!(g.status(p), ProposalStatus::InEffect);
    assert_eq!(g.points("alexw"), 10);
    // alext acts no more.
    let e = g
        .run(
            "alext",
            "2026-03-26T09:00:00Z",
            Command::Propose { change: enact("x") },
        )
        .unwrap_err();
    assert_eq!(e.kind, crate::refusal::RefusalKind::Forbidden);
}
