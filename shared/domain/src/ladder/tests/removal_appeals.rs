//! club II.12.2: a removal by the Chief Justice (II.7, II.8) petitioned to the
//! Court of Appeals by the member removed.

use super::super::testkit::*;
use super::super::{AppealStatus, AppealSubject, Command, Event, Remedy, RemovalGrounds, Vote};

/// ann (200 after `seeded`) asks to be removed and the Chief Justice
/// complies (II.8).
fn removed_on_request() -> Club {
    let mut c = seeded();
    c.ok("ann", Command::RequestRemoval {});
    c.ok(
        "cj",
        Command::RemoveMember {
            member: u("ann"),
            grounds: RemovalGrounds::Request,
        },
    );
    c
}

fn petition(member: &str) -> Command {
    Command::FileAppeal {
        subject: AppealSubject::Removal { member: u(member) },
        grounds: "the removal is not supported by the Terms".into(),
    }
}

/// ann petitions; cj grants; j1 j2 j3 sit; the appeal's id.
fn heard(c: &mut Club) -> u64 {
    c.heard("ann", petition("ann"))
}

fn vote(c: &mut Club, j: &str, appeal: u64, vote: Vote) -> Vec<Event> {
    c.ok(
        j,
        Command::CastVote {
            appeal,
            vote,
            bar_appeals_until: None,
        },
    )
}

#[test]
fn club_ii_12_2_the_removed_member_petitions_and_the_chief_justice_is_a_party() {
    let mut c = removed_on_request();
    // Only the member removed petitions against the removal: not bob, not a
    // justice, and not ann against someone else's removal.
    assert_eq!(c.refused("bob", petition("ann")), "club II.12.2");
    assert_eq!(c.refused("j1", petition("ann")), "club II.12.2");
    c.ok("ann", petition("ann"));
    let a = c.last_id();
    let appeal = &c.ladder().appeals[&a];
    assert_eq!(appeal.status, AppealStatus::Filed);
    // The parties: ann, and cj who removed her (so cj may not sit, III.3.5.2).
    assert!(appeal.parties.contains(&u("ann")));
    assert!(appeal.parties.contains(&u("cj")));
    assert_eq!(appeal.parties.len(), 2);
}

#[test]
fn club_ii_12_2_a_member_not_removed_has_no_removal_to_petition() {
    let mut c = seeded();
    // bob was never removed: there is no removal to hear.
    assert_eq!(c.refused("bob", petition("bob")), "club II.12.2");
    // ann, removed and rejoined, was entered as new (II.7.1): the removal no
    // longer stands, so there is nothing left to petition.
    let mut c = removed_on_request();
    c.ok("ann", Command::Join { member: None });
    assert_eq!(c.refused("ann", petition("ann")), "club II.12.2");
}

#[test]
fn club_ii_12_2_no_time_limit_a_removal_is_petitioned_weeks_later() {
    // The Terms set no time limit on a II.12.2 petition: eight weeks after
    // the removal (2026-01-09 to 2026-03-06) ann may still petition.
    let mut c = removed_on_request();
    c.at("2026-03-06T12:00:00Z").tick();
    c.ok("ann", petition("ann"));
    assert_eq!(c.ladder().appeals[&c.last_id()].status, AppealStatus::Filed);
}

#[test]
fn club_ii_12_2_annulment_reinstates_with_the_score_held_at_removal() {
    let mut c = removed_on_request();
    let a = heard(&mut c);
    let annul = Vote::Overturn {
        remedy: Remedy::Annul,
    };
    vote(&mut c, "j1", a, annul.clone());
    vote(&mut c, "j2", a, annul);
    // Two of three overturn: the removal is undone. ann was at 100 + 100 =
    // 200 when removed; removal takes no points (II.8.2: only her being
    // counted in games), so she is back on the leaderboard at 200, not at
    // the 100 of a new entry (II.1), and not marked as rejoined.
    let m = &c.ladder().members[&u("ann")];
    assert!(!m.removed);
    assert!(m.removal.is_none());
    assert_eq!(c.score("ann"), 200);
    // Counted in games again (J.8): a game with bob is entered.
    c.at("2026-01-16T12:40:00Z");
    c.ok("mod1", attend("2026-01-16", &["ann", "bob"]));
    c.ok(
        "mod1",
        game(
            "ann",
            "bob",
            super::super::GameResult::Draw,
            "2026-01-16T12:40:00Z",
        ),
    );
}

#[test]
fn club_ii_12_2_uphold_keeps_the_member_removed() {
    let mut c = removed_on_request();
    let a = heard(&mut c);
    vote(&mut c, "j1", a, Vote::Uphold);
    vote(&mut c, "j2", a, Vote::Uphold);
    assert_eq!(c.ladder().appeals[&a].status, AppealStatus::Decided);
    let m = &c.ladder().members[&u("ann")];
    assert!(m.removed);
    // Still removed: a game with her is invalid (J.8).
    c.at("2026-01-16T12:40:00Z");
    c.ok("mod1", attend("2026-01-16", &["bob"]));
    assert_eq!(
        c.refused(
            "mod1",
            game(
                "ann",
                "bob",
                super::super::GameResult::Draw,
                "2026-01-16T12:40:00Z"
            )
        ),
        "club J.8"
    );
}

#[test]
fn club_ii_12_2_only_annulment_fits_a_removal_and_it_is_not_remanded() {
    let mut c = removed_on_request();
    let a = heard(&mut c);
    // A removal has no points to rescore and no expiry to change.
    let rescore = Command::CastVote {
        appeal: a,
        vote: Vote::Overturn {
            remedy: Remedy::Rescore { delta: 10 },
        },
        bar_appeals_until: None,
    };
    assert_eq!(c.refused("j1", rescore), "club III.3.8");
    // Remand returns a moderator's decision; a removal is the Chief
    // Justice's own (II.7, II.8).
    let remand = Command::CastVote {
        appeal: a,
        vote: Vote::Remand {
            conditions: "reconsider".into(),
        },
        bar_appeals_until: None,
    };
    assert_eq!(c.refused("j1", remand), "club III.3.8");
}

#[test]
fn club_ii_12_2_a_member_who_rejoined_meanwhile_is_not_reinstated() {
    let mut c = removed_on_request();
    let a = heard(&mut c);
    // ann rejoins while the case is heard: she is entered as new at 100
    // (II.7.1), so an annulment has no removal left to undo.
    c.ok("ann", Command::Join { member: None });
    let annul = Command::CastVote {
        appeal: a,
        vote: Vote::Overturn {
            remedy: Remedy::Annul,
        },
        bar_appeals_until: None,
    };
    assert_eq!(c.refused("j1", annul), "club II.12.2");
    assert_eq!(c.score("ann"), 100);
}
