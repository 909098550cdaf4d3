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
