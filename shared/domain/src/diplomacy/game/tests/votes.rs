//! wm D.IX: proposals and secret votes.

use super::*;

fn vote(g: &mut Game1, p: Power, id: u32, b: Ballot, now: DateTime<Utc>) {
    g.run(
        &player(p),
        Command::RecordVote {
            proposal: id,
            ballot: b,
        },
        now,
    )
    .unwrap();
}

#[test]
fn wm_d_ix_1_a_single_no_defeats_the_proposal() {
    let mut g = Game1::new();
    g.propose_draw(Power::England, h(1));
    for p in Power::ALL {
        vote(
            &mut g,
            p,
            1,
            if p == Power::Italy {
                Ballot::No
            } else {
                Ballot::Yes
            },
            h(2),
        );
    }
    g.all_final(h(3));
    let e = g.tick(h(24));
    assert!(e.contains(&Event::ProposalDecided {
        id: 1,
        passed: false
    }));
    assert!(
        adjudicated(&e),
        "a failed proposal is published with the adjudication"
    );
}

#[test]
fn wm_d_ix_1_an_abstention_or_uncast_vote_defeats_the_proposal() {
    let mut g = Game1::new();
    g.propose_draw(Power::England, h(1));
    for p in Power::ALL.into_iter().filter(|p| *p != Power::Italy) {
        vote(&mut g, p, 1, Ballot::Yes, h(2));
    }
    vote(&mut g, Power::Italy, 1, Ballot::Abstain, h(2));
    g.all_final(h(3));
    assert!(g.tick(h(24)).contains(&Event::ProposalDecided {
        id: 1,
        passed: false
    }));
}

#[test]
fn wm_d_ix_1_nmr_with_missing_vote_counts_yes_on_a_movement_deadline() {
    let mut g = Game1::new();
    let now = g.play_1901();
    g.run(
        &player(Power::England),
        Command::Propose {
            proposal: draw_all(),
        },
        now,
    )
    .unwrap();
    for p in Power::ALL.into_iter().filter(|p| *p != Power::Germany) {
        vote(&mut g, p, 1, Ballot::Yes, now);
        g.submit(p, &[], false, now).unwrap();
    }
    let e = g.tick(g.board().deadline.unwrap());
    assert!(e.contains(&Event::ProposalDecided {
        id: 1,
        passed: true
    }));
    assert!(
        !adjudicated(&e),
        "a passed proposal is published instead of the adjudication"
    );
    assert!(matches!(
        g.board().result.as_ref().unwrap().reason,
        EndReason::Draw
    ));
}

#[test]
fn wm_d_ix_2_votes_are_secret_and_revisable_until_the_deadline() {
    let mut g = Game1::new();
    g.propose_draw(Power::England, h(1));
    vote(&mut g, Power::Italy, 1, Ballot::No, h(2));
    vote(&mut g, Power::Italy, 1, Ballot::Yes, h(3));
    for viewer in ["england-player", "gm", "td", "stranger"] {
        assert!(!g.view(viewer).contains("\"yes\""), "{viewer} sees a vote");
        assert!(
            !g.log(viewer).contains("vote-recorded"),
            "{viewer} sees a vote in the log"
        );
    }
    assert!(g.view("italy-player").contains("\"yes\""));
    for p in Power::ALL.into_iter().filter(|p| *p != Power::Italy) {
        vote(&mut g, p, 1, Ballot::Yes, h(4));
    }
    refused(
        g.run(
            &player(Power::Italy),
            Command::RecordVote {
                proposal: 1,
                ballot: Ballot::No,
            },
            h(120),
        ),
        "wm D.IX.2",
    );
    g.all_final(h(5));
    let e = g.tick(h(24));
    assert!(e.contains(&Event::ProposalDecided {
        id: 1,
        passed: true
    }));
    assert!(!g.log("gm").contains("vote-recorded"));
}

#[test]
fn wm_d_ix_4_draw_leaving_out_a_survivor_presumes_its_elimination() {
    let mut g = Game1::new();
    let powers: BTreeSet<Power> = Power::ALL
        .into_iter()
        .filter(|p| *p != Power::Turkey)
        .collect();
    g.run(
        &player(Power::Russia),
        Command::Propose {
            proposal: ProposalKind::Draw { powers },
        },
        h(1),
    )
    .unwrap();
    for p in Power::ALL {
        vote(&mut g, p, 1, Ballot::Yes, h(2));
    }
    g.all_final(h(3));
    g.tick(h(24));
    let r = g.board().result.as_ref().unwrap();
    assert_eq!(r.eliminated, vec![Power::Turkey]);
    assert_eq!(
        r.centers[&Power::Turkey],
        3,
        "SC counts are not changed by vote"
    );
}

#[test]
fn wm_d_ix_5_house_rule_change_needs_the_gm_too() {
    let mut g = Game1::new();
    let rules = HouseRules {
        press: PressRule::AlternativeB,
        ..HouseRules::default()
    };
    g.run(
        &player(Power::England),
        Command::Propose {
            proposal: ProposalKind::HouseRuleChange {
                house_rules: rules.clone(),
            },
        },
        h(1),
    )
    .unwrap();
    for p in Power::ALL {
        vote(&mut g, p, 1, Ballot::Yes, h(2));
    }
    g.all_final(h(3));
    assert!(g.tick(h(24)).contains(&Event::ProposalDecided {
        id: 1,
        passed: false
    }));
    g.run(
        &player(Power::England),
        Command::Propose {
            proposal: ProposalKind::HouseRuleChange {
                house_rules: rules.clone(),
            },
        },
        h(25),
    )
    .unwrap();
    for p in Power::ALL {
        vote(&mut g, p, 2, Ballot::Yes, h(26));
    }
    g.run(
        "gm",
        Command::RecordVote {
            proposal: 2,
            ballot: Ballot::Yes,
        },
        h(26),
    )
    .unwrap();
    g.all_final(h(27));
    g.tick(h(48));
    assert_eq!(g.board().settings.as_ref().unwrap().house_rules, rules);
}

#[test]
fn wm_d_ix_3_concession_to_a_single_surviving_player() {
    let mut g = Game1::new();
    g.run(
        &player(Power::Russia),
        Command::Propose {
            proposal: ProposalKind::Concession { to: Power::Russia },
        },
        h(1),
    )
    .unwrap();
    for p in Power::ALL {
        vote(&mut g, p, 1, Ballot::Yes, h(2));
    }
    g.all_final(h(3));
    g.tick(h(24));
    assert_eq!(
        g.board().result.as_ref().unwrap().reason,
        EndReason::Concession { to: Power::Russia }
    );
}

#[test]
fn wm_d_ix_1_a_power_in_civil_disorder_does_not_vote() {
    let mut g = Game1::new();
    let now = g.play_1901();
    for p in Power::ALL.into_iter().filter(|p| *p != Power::Germany) {
        g.submit(p, &[], false, now).unwrap();
    }
    g.tick(g.board().deadline.unwrap());
    let Some(NmrCase::AwaitingContact { contact_by, .. }) =
        g.board().nmrs.get(&Power::Germany).cloned()
    else {
        panic!()
    };
    g.tick(contact_by);
    let Some(NmrCase::ReplacementSought { replace_by }) =
        g.board().nmrs.get(&Power::Germany).cloned()
    else {
        panic!()
    };
    g.tick(replace_by);
    refused(
        g.run(
            &player(Power::Germany),
            Command::Propose {
                proposal: draw_all(),
            },
            replace_by,
        ),
        "wm D.IX.1",
    );
}

/// wm D.IX: a ballot open while the state is snapshotted (every 32nd commit)
/// must read back: the board's ballots are keyed by proposal number inside
/// the internally tagged `Game`, where serde cannot turn a string key back
/// into a number unless told how. Before the fix the next cold load failed
/// with `invalid type: string "1", expected u32` and the board was lost.
#[test]
fn wm_d_ix_an_open_ballot_survives_the_snapshot_round_trip() {
    let mut g = Game1::new();
    g.propose_draw(Power::England, h(1));
    vote(&mut g, Power::France, 1, Ballot::Yes, h(2));
    vote(&mut g, Power::Italy, 1, Ballot::No, h(2));
    assert_eq!(g.board().ballots[&1].len(), 2, "two ballots are open");
    let json = serde_json::to_vec(g.competition()).unwrap();
    let back: Competition = serde_json::from_slice(&json).unwrap();
    assert_eq!(&back, g.competition());
}

/// wm D.IX.1: the GM votes on house-rule changes (the `None` voter); that
/// ballot must survive a snapshot as well.
#[test]
fn wm_d_ix_1_a_gm_ballot_survives_the_snapshot_round_trip() {
    let mut g = Game1::new();
    g.propose_draw(Power::England, h(1));
    let mut comp = g.competition().clone();
    let Game::DiplomacyGame(board) = &mut comp.game else {
        unreachable!()
    };
    board
        .ballots
        .entry(1)
        .or_default()
        .insert(None, Ballot::Yes);
    let json = serde_json::to_vec(&comp).unwrap();
    let back: Competition = serde_json::from_slice(&json).unwrap();
    assert_eq!(back, comp);
}

/// Snapshots written before the ballots were stored as a list hold them as
/// an object (`{}` on a board with no open ballot): they still read.
#[test]
fn wm_d_ix_ballots_of_older_snapshots_still_read() {
    let mut g = Game1::new();
    g.propose_draw(Power::England, h(1));
    vote(&mut g, Power::France, 1, Ballot::Yes, h(2));
    let mut json = serde_json::to_value(g.competition()).unwrap();
    fn ballots(v: &mut serde_json::Value) -> Option<&mut serde_json::Value> {
        let map = v.as_object_mut()?;
        if map.contains_key("ballots") {
            return map.get_mut("ballots");
        }
        map.values_mut().find_map(ballots)
    }
    *ballots(&mut json).unwrap() = serde_json::json!({"1": {"FRANCE": "yes"}});
    let back: Competition = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(&back, g.competition());
    *ballots(&mut json).unwrap() = serde_json::json!({});
    let back: Competition = serde_json::from_value(json).unwrap();
    let Game::DiplomacyGame(board) = &back.game else {
        unreachable!()
    };
    assert!(board.ballots.is_empty());
}
