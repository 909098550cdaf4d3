//! The Court of Appeals (III.3), bans and monitors before it (II.9.3–II.9.5,
//! II.10.5–II.10.6, II.11.3), technical modifications (III.5) and the
//! anti-cheat information (I.9.5–I.9.9).

use super::super::testkit::*;
use super::super::{
    AppealStatus, AppealSubject, Command, Event, GameResult::*, PowerStatus, Remedy, Settings, Vote,
};
use crate::competition::{self, Role};
use crate::rulebook::parts::*;

/// `by` deducts `delta` from `member` for `offence`, declares it; the id.
fn penalise(c: &mut Club, by: &str, member: &str, delta: i64, offence: &str) -> u64 {
    c.ok(
        by,
        Command::ChangeScore {
            member: u(member),
            delta,
            reason: "overran the bell repeatedly".into(),
            offence: Some(offence.into()),
        },
    );
    let id = c.last_id();
    c.declare(by);
    id
}

fn appeal(c: &mut Club, who: &str, subject: AppealSubject) -> u64 {
    c.ok(
        who,
        Command::FileAppeal {
            subject,
            grounds: "the decision is not reasonably justifiable".into(),
        },
    );
    c.last_id()
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

/// A heard case: ann's −30 by mod1, granted by cj, panel j1 j2 j3.
fn heard() -> (Club, u64, u64) {
    let mut c = seeded();
    let p = penalise(&mut c, "mod1", "ann", -30, "overran on 9 January");
    let a = appeal(&mut c, "ann", AppealSubject::PowerUse { power_use: p });
    c.ok("cj", Command::GrantHearing { appeal: a });
    c.ok(
        "cj",
        Command::Empanel {
            appeal: a,
            justices: vec![u("j1"), u("j2"), u("j3")],
        },
    );
    (c, p, a)
}

#[test]
fn club_iii_3_6_hearing_granted_by_chief_justice_or_two_independent_justices() {
    let mut c = seeded();
    let p = penalise(&mut c, "mod1", "ann", -30, "o1");
    let a = appeal(&mut c, "ann", AppealSubject::PowerUse { power_use: p });
    assert_eq!(
        c.refused("bob", Command::GrantHearing { appeal: a }),
        "club III.3.6"
    );
    let e = c.ok("j1", Command::GrantHearing { appeal: a });
    assert!(matches!(e[0], Event::HearingSupported { .. }));
    assert_eq!(c.ladder().appeals[&a].status, AppealStatus::Filed);
    let e = c.ok("j2", Command::GrantHearing { appeal: a });
    assert!(matches!(&e[0], Event::HearingGranted { by, .. } if by.len() == 2));
    // A justice who imposed the penalty is not independent.
    let p2 = penalise(&mut c, "j3", "bob", -5, "o2");
    let a2 = appeal(&mut c, "bob", AppealSubject::PowerUse { power_use: p2 });
    assert_eq!(
        c.refused("j3", Command::GrantHearing { appeal: a2 }),
        "club III.3.6"
    );
    // The Chief Justice grants alone.
    c.ok("cj", Command::GrantHearing { appeal: a2 });
    assert_eq!(c.ladder().appeals[&a2].status, AppealStatus::Granted);
}

#[test]
fn club_iii_3_3_and_iii_3_7_panels_of_three_chosen_by_the_chief_justice() {
    let mut c = seeded();
    let p = penalise(&mut c, "mod1", "ann", -30, "o1");
    let a = appeal(&mut c, "ann", AppealSubject::PowerUse { power_use: p });
    c.ok("cj", Command::GrantHearing { appeal: a });
    let panel = |js: &[&str]| Command::Empanel {
        appeal: a,
        justices: js.iter().map(|j| u(j)).collect(),
    };
    assert_eq!(c.refused("j1", panel(&["j1", "j2", "j3"])), "club III.3.7");
    assert_eq!(c.refused("cj", panel(&["j1", "j2"])), "club III.3.3");
    assert_eq!(
        c.refused("cj", panel(&["j1", "j2", "mod2"])),
        "club III.3.3"
    );
    c.ok("cj", panel(&["j1", "j2", "cj"]));
    // Only the bench votes.
    assert_eq!(
        c.refused(
            "j4",
            Command::CastVote {
                appeal: a,
                vote: Vote::Uphold,
                bar_appeals_until: None
            }
        ),
        "club III.3.3"
    );
}

/// club III.3.2: "The staff of the CoA currently are: Chief Justice Alex C"
/// and the justices listed with him. The club keeps that list as its roles:
/// the Court is exactly the holders of the justice and Chief Justice roles.
/// On ann's appeal against mod1's −30, a panel with mod1 (a moderator only)
/// is refused; j3, whose role is revoked, no longer sits; j5, newly
/// appointed, sits with j2 and the Chief Justice.
#[test]
fn club_iii_3_2_the_court_is_its_listed_justices_and_chief_justice() {
    let mut c = seeded();
    let p = penalise(&mut c, "mod1", "ann", -30, "o1");
    let a = appeal(&mut c, "ann", AppealSubject::PowerUse { power_use: p });
    c.ok("cj", Command::GrantHearing { appeal: a });
    let panel = |js: [&str; 3]| Command::Empanel {
        appeal: a,
        justices: js.iter().map(|j| u(j)).collect(),
    };
    assert_eq!(c.refused("cj", panel(["j1", "j2", "mod1"])), "club III.3.3");
    let roles = |user: &str, grant: bool| {
        let (user, role) = (u(user), Role::Justice);
        if grant {
            competition::Command::GrantRole { user, role }
        } else {
            competition::Command::RevokeRole { user, role }
        }
    };
    c.envelope("org", roles("j3", false)).unwrap();
    assert_eq!(c.refused("cj", panel(["j1", "j2", "j3"])), "club III.3.3");
    c.envelope("org", roles("j5", true)).unwrap();
    let e = c.ok("cj", panel(["j5", "j2", "cj"]));
    assert!(
        matches!(&e[0], Event::PanelEmpanelled { justices, .. } if justices == &vec![u("j5"), u("j2"), u("cj")])
    );
}

#[test]
fn club_iii_3_5_1_conflicted_justices_sit_only_when_too_few_others() {
    let mut c = seeded();
    let p = penalise(&mut c, "j1", "ann", -30, "o1");
    let a = appeal(&mut c, "ann", AppealSubject::PowerUse { power_use: p });
    c.ok("cj", Command::GrantHearing { appeal: a });
    let with_j1 = Command::Empanel {
        appeal: a,
        justices: vec![u("j1"), u("j2"), u("j3")],
    };
    // cj, j2, j3, j4 are free of conflict: j1 may not sit.
    assert_eq!(c.refused("cj", with_j1.clone()), "club III.3.5");
    // III.3.5.1: with j3 and j4 gone, only cj and j2 are free: j1 sits anyway.
    for j in ["j3", "j4"] {
        c.envelope(
            "org",
            competition::Command::RevokeRole {
                user: u(j),
                role: Role::Justice,
            },
        )
        .unwrap();
    }
    let e = c.ok(
        "cj",
        Command::Empanel {
            appeal: a,
            justices: vec![u("j1"), u("j2"), u("cj")],
        },
    );
    assert!(
        matches!(&e[0], Event::PanelEmpanelled { conflicts_ignored, .. } if conflicts_ignored == &vec![u("j1")])
    );
    let recorded = &c.last_commit().unwrap().events[0];
    assert_eq!(recorded.clause.as_deref(), Some("club III.3.5.1"));
}

#[test]
fn club_iii_3_5_2_a_conflicted_chief_justice_never_sits_on_a_panel() {
    let mut c = seeded();
    let p = penalise(&mut c, "cj", "ann", -30, "o1");
    let a = appeal(&mut c, "ann", AppealSubject::PowerUse { power_use: p });
    c.ok("cj", Command::GrantHearing { appeal: a });
    let panel = Command::Empanel {
        appeal: a,
        justices: vec![u("cj"), u("j1"), u("j2")],
    };
    assert_eq!(c.refused("cj", panel), "club III.3.5.2");
}

#[test]
fn club_iii_3_8_overturn_with_a_new_decision() {
    let (mut c, _, a) = heard();
    assert_eq!(c.score("ann"), 170);
    let rescore = Vote::Overturn {
        remedy: Remedy::Rescore { delta: -10 },
    };
    vote(&mut c, "j1", a, rescore.clone());
    assert_eq!(c.score("ann"), 170);
    let e = vote(&mut c, "j2", a, rescore);
    assert!(matches!(&e[1], Event::AppealDecided { .. }));
    // −30 becomes −10: +20.
    assert_eq!(c.score("ann"), 190);
    assert_eq!(c.ladder().appeals[&a].status, AppealStatus::Decided);
}

/// club III.2.4.3: "Failure to provide proper reasoning either in this
/// declaration or after, as determined under appeal, may cause grounds to
/// invalidate the penalty, either in severity, or in entirety." ann starts at
/// 200; mod1's −30 leaves her at 170. Under appeal, a majority finding the
/// reasoning wanting may cut the penalty in severity (−30 → −10: 190) or
/// invalidate it entirely (the −30 annulled: 200, and the use of power void).
#[test]
fn club_iii_2_4_3_a_penalty_without_proper_reasoning_is_invalidated_in_severity_or_entirety() {
    let severity = Vote::Overturn {
        remedy: Remedy::Rescore { delta: -10 },
    };
    let (mut c, _, a) = heard();
    assert_eq!(c.score("ann"), 170);
    vote(&mut c, "j1", a, severity.clone());
    vote(&mut c, "j3", a, severity);
    assert_eq!(c.score("ann"), 190);

    let entirety = Vote::Overturn {
        remedy: Remedy::Annul,
    };
    let (mut c, p, a) = heard();
    vote(&mut c, "j2", a, entirety.clone());
    vote(&mut c, "j3", a, entirety);
    assert_eq!(c.score("ann"), 200);
    assert_eq!(c.ladder().powers[&p].status, PowerStatus::Void);
}

#[test]
fn club_iii_3_8_remand_with_conditions_then_the_moderator_re_evaluates() {
    let (mut c, _, a) = heard();
    vote(
        &mut c,
        "j1",
        a,
        Vote::Remand {
            conditions: "consider that the bell rang early".into(),
        },
    );
    vote(
        &mut c,
        "j3",
        a,
        Vote::Remand {
            conditions: "hear ann's witness".into(),
        },
    );
    let j = c.ladder().appeals[&a].judgement.clone().unwrap();
    assert_eq!(
        j.decision,
        Vote::Remand {
            conditions: "consider that the bell rang early; hear ann's witness".into()
        }
    );
    let reevaluate = Command::Reevaluate {
        appeal: a,
        remedy: Some(Remedy::Annul),
        statement: "the bell rang early; the deduction is withdrawn".into(),
    };
    assert_eq!(c.refused("mod2", reevaluate.clone()), "club III.3.8");
    c.ok("mod1", reevaluate);
    assert_eq!(c.score("ann"), 200);
}

#[test]
fn club_iii_3_8_uphold_and_no_majority_upholds() {
    let (mut c, _, a) = heard();
    vote(&mut c, "j1", a, Vote::Uphold);
    vote(&mut c, "j2", a, Vote::Uphold);
    assert_eq!(
        c.ladder().appeals[&a].judgement.as_ref().unwrap().decision,
        Vote::Uphold
    );
    assert_eq!(c.score("ann"), 170);

    let (mut c, _, a) = heard();
    vote(&mut c, "j1", a, Vote::Uphold);
    vote(
        &mut c,
        "j2",
        a,
        Vote::Overturn {
            remedy: Remedy::Annul,
        },
    );
    vote(
        &mut c,
        "j3",
        a,
        Vote::Remand {
            conditions: "reconsider".into(),
        },
    );
    let j = c.ladder().appeals[&a].judgement.clone().unwrap();
    assert_eq!(j.decision, Vote::Uphold);
    assert_eq!(j.majority, vec![u("j1")]);
    assert_eq!(c.score("ann"), 170);
}

#[test]
fn club_iii_3_9_and_iii_3_9_1_and_iii_3_9_2_en_banc_accepted_by_the_chief_justice_final_and_binding(
) {
    let (mut c, p, a) = heard();
    vote(&mut c, "j1", a, Vote::Uphold);
    vote(&mut c, "j2", a, Vote::Uphold);
    // The matter itself is not heard again: the judgement goes en banc.
    let again = Command::FileAppeal {
        subject: AppealSubject::PowerUse { power_use: p },
        grounds: "please look again".into(),
    };
    assert_eq!(c.refused("ann", again), "club III.3.9");
    let en_banc = appeal(&mut c, "ann", AppealSubject::Judgement { appeal: a });
    assert_eq!(
        c.refused("j4", Command::GrantHearing { appeal: en_banc }),
        "club III.3.9.1"
    );
    c.ok("cj", Command::GrantHearing { appeal: en_banc });
    for j in ["j4", "cj", "j3"] {
        vote(
            &mut c,
            j,
            en_banc,
            Vote::Overturn {
                remedy: Remedy::Annul,
            },
        );
    }
    assert_eq!(c.score("ann"), 200);
    assert!(
        c.ladder().appeals[&en_banc]
            .judgement
            .as_ref()
            .unwrap()
            .binding
    );
    let again = Command::FileAppeal {
        subject: AppealSubject::Judgement { appeal: en_banc },
        grounds: "one more try".into(),
    };
    assert_eq!(c.refused("ann", again), "club III.3.9.2");
}

#[test]
fn club_iii_3_10_written_opinion_within_seven_days() {
    let (mut c, _, a) = heard();
    c.at("2026-01-12T10:00:00Z");
    vote(&mut c, "j1", a, Vote::Uphold);
    vote(
        &mut c,
        "j3",
        a,
        Vote::Overturn {
            remedy: Remedy::Annul,
        },
    );
    vote(&mut c, "j2", a, Vote::Uphold);
    c.at("2026-01-19T09:59:00Z");
    assert!(!c
        .tick()
        .iter()
        .any(|e| matches!(e, Event::OpinionOverdue { .. })));
    c.at("2026-01-19T10:00:00Z");
    assert!(c.tick().contains(&Event::OpinionOverdue { appeal: a }));
    let opinion = |text: &str| Command::PublishOpinion {
        appeal: a,
        text: text.into(),
    };
    assert_eq!(c.refused("j3", opinion("dissent")), "club III.3.10");
    c.at("2026-01-19T10:30:00Z");
    let e = c.ok("j2", opinion("The deduction was reasonably justified."));
    assert!(matches!(e[0], Event::OpinionPublished { late: true, .. }));
}

fn ban(c: &mut Club, expires: &str, offence: &str) -> u64 {
    c.ok(
        "mod1",
        Command::Ban {
            member: u("ann"),
            reason: "repeated violations".into(),
            expires: expires.parse().unwrap(),
            offence: offence.into(),
        },
    );
    let id = c.last_id();
    c.declare("mod1");
    id
}

#[test]
fn club_ii_9_3_the_court_may_shorten_lengthen_or_lift_a_ban() {
    let mut c = seeded();
    let b = ban(&mut c, "2026-02-27", "o1");
    let a = appeal(&mut c, "ann", AppealSubject::PowerUse { power_use: b });
    c.ok("cj", Command::GrantHearing { appeal: a });
    c.ok(
        "cj",
        Command::Empanel {
            appeal: a,
            justices: vec![u("j1"), u("j2"), u("j3")],
        },
    );
    let shorter = Vote::Overturn {
        remedy: Remedy::Reban {
            expires: Some("2026-01-23".parse().unwrap()),
        },
    };
    // Not a Friday: refused (II.9.2 binds the Court too).
    let thursday = Vote::Overturn {
        remedy: Remedy::Reban {
            expires: Some("2026-01-22".parse().unwrap()),
        },
    };
    assert_eq!(
        c.refused(
            "j1",
            Command::CastVote {
                appeal: a,
                vote: thursday,
                bar_appeals_until: None
            }
        ),
        "club II.9.2"
    );
    vote(&mut c, "j1", a, shorter.clone());
    vote(&mut c, "j2", a, shorter);
    let ban = c.ladder().members[&u("ann")].ban.clone().unwrap();
    assert_eq!(
        ban.expires.map(|d| d.to_string()),
        Some("2026-01-23".into())
    );
}

#[test]
fn club_ii_9_5_after_one_appeal_the_court_may_refuse_more_for_a_time() {
    let mut c = seeded();
    let b = ban(&mut c, "2026-01-23", "o1");
    let a = appeal(&mut c, "ann", AppealSubject::PowerUse { power_use: b });
    c.ok("cj", Command::GrantHearing { appeal: a });
    c.ok(
        "cj",
        Command::Empanel {
            appeal: a,
            justices: vec![u("j1"), u("j2"), u("j3")],
        },
    );
    for j in ["j1", "j2"] {
        c.ok(
            j,
            Command::CastVote {
                appeal: a,
                vote: Vote::Uphold,
                bar_appeals_until: Some("2026-03-31".parse().unwrap()),
            },
        );
    }
    c.at("2026-01-30T10:00:00Z").tick();
    let b2 = ban(&mut c, "2026-02-13", "o2");
    let again = Command::FileAppeal {
        subject: AppealSubject::PowerUse { power_use: b2 },
        grounds: "unfair".into(),
    };
    assert_eq!(c.refused("ann", again.clone()), "club II.9.5");
    // Only ban cases may bar appeals.
    let (mut c2, _, a2) = heard();
    assert_eq!(
        c2.refused(
            "j1",
            Command::CastVote {
                appeal: a2,
                vote: Vote::Uphold,
                bar_appeals_until: Some("2026-03-31".parse().unwrap())
            }
        ),
        "club II.9.5"
    );
}

#[test]
fn club_ii_10_5_a_monitor_may_be_challenged_after_the_following_session() {
    let mut c = seeded();
    c.at("2026-01-09T14:00:00Z");
    c.ok(
        "mod1",
        Command::Monitor {
            member: u("ann"),
            suspicion: "results disputed".into(),
        },
    );
    c.declare("mod1");
    let challenge = Command::FileAppeal {
        subject: AppealSubject::MonitorPersistence { member: u("ann") },
        grounds: "nothing happened at the following session".into(),
    };
    c.at("2026-01-16T13:00:00Z");
    assert_eq!(c.refused("ann", challenge.clone()), "club II.10.5");
    c.at("2026-01-16T13:11:00Z");
    let a = c.ok("ann", challenge);
    let id = c.last_id();
    assert!(matches!(a[0], Event::AppealFiled { .. }));
    c.ok("cj", Command::GrantHearing { appeal: id });
    c.ok(
        "cj",
        Command::Empanel {
            appeal: id,
            justices: vec![u("j1"), u("j2"), u("j3")],
        },
    );
    vote(
        &mut c,
        "j1",
        id,
        Vote::Overturn {
            remedy: Remedy::Annul,
        },
    );
    vote(
        &mut c,
        "j2",
        id,
        Vote::Overturn {
            remedy: Remedy::Annul,
        },
    );
    assert!(c.ladder().members[&u("ann")].monitor.is_none());
}

#[test]
fn club_ii_10_6_the_reasonableness_of_a_monitor_may_be_petitioned_any_time() {
    let mut c = seeded();
    c.ok(
        "mod1",
        Command::Monitor {
            member: u("ann"),
            suspicion: "results disputed".into(),
        },
    );
    let p = c.last_id();
    let e = c.run(
        "ann",
        Command::FileAppeal {
            subject: AppealSubject::PowerUse { power_use: p },
            grounds: "no reasonable suspicion".into(),
        },
    );
    assert!(e.is_ok());
}

#[test]
fn club_ii_11_3_a_chessclock_requirement_cannot_be_petitioned() {
    let mut c = seeded();
    c.ok(
        "cj",
        Command::RequireChessclock {
            member: u("ann"),
            required: true,
        },
    );
    let petition = Command::FileAppeal {
        subject: AppealSubject::Chessclock { member: u("ann") },
        grounds: "I am quick enough".into(),
    };
    assert_eq!(c.refused("ann", petition), "club II.11.3");
}

#[test]
fn club_iii_5_technical_modifications_announced_and_challengeable_en_banc() {
    let mut c = seeded();
    let moved = Settings {
        room: "323".into(),
        ..Settings::default()
    };
    let modify = |description: &str| Command::ModifyTechnically {
        description: description.into(),
        settings: Some(moved.clone()),
    };
    assert_eq!(c.refused("mod1", modify("move")), "club III.5");
    assert_eq!(c.refused("cj", modify(" ")), "club III.5.1");
    c.ok(
        "cj",
        modify("Room 322 is being refurbished; the club meets in 323."),
    );
    let m = c.last_id();
    c.at("2026-01-09T13:00:00Z");
    assert_eq!(
        c.refused("ann", game("ann", "bob", Draw, "2026-01-09T12:45:00Z")),
        "club J.5"
    );
    let a = appeal(
        &mut c,
        "ann",
        AppealSubject::TechnicalModification { modification: m },
    );
    c.ok("j1", Command::GrantHearing { appeal: a });
    c.ok("j2", Command::GrantHearing { appeal: a });
    // En banc: no panel; every justice, the Chief Justice included (III.3.5.3).
    let bench = c.ladder().appeals[&a].bench.clone();
    assert_eq!(bench, vec![u("cj"), u("j1"), u("j2"), u("j3"), u("j4")]);
    let panel = Command::Empanel {
        appeal: a,
        justices: vec![u("j1"), u("j2"), u("j3")],
    };
    assert_eq!(c.refused("cj", panel), "club III.3.5.3");
    for j in ["j1", "j2", "j3"] {
        vote(
            &mut c,
            j,
            a,
            Vote::Overturn {
                remedy: Remedy::Annul,
            },
        );
    }
    assert_eq!(c.ladder().settings.room, "322");
    c.ok("ann", game("ann", "bob", Draw, "2026-01-09T12:45:00Z"));
}

/// An online game with anti-cheat information, and ann's appeal on it, heard.
fn anti_cheat() -> (Club, Event, u64) {
    let mut c = seeded();
    c.at("2026-01-12T18:00:00Z");
    c.ok(
        "ann",
        Command::StartOnlineGame {
            white: u("ann"),
            black: u("bob"),
        },
    );
    let g = c.last_id();
    c.ok(
        "j4",
        Command::FinishOnlineGame {
            game: g,
            result: BlackWins,
        },
    );
    let e = c.ok(
        "cj",
        Command::FileAntiCheatReport {
            game: g,
            member: u("ann"),
            raw: "processes: stockfish.exe; desktop of ann-laptop (Ann Smith)".into(),
            redacted: "processes: an engine was running".into(),
        },
    );
    let a = appeal(&mut c, "ann", AppealSubject::Game { game: g });
    (c, e[0].clone(), a)
}

fn seen(c: &Club, e: &Event, viewer: Option<&str>) -> Option<String> {
    let viewer = viewer.map(u);
    match c.ladder().redact(c.competition(), e, viewer.as_ref())? {
        Event::AntiCheatReportFiled { raw, .. } => Some(raw),
        _ => None,
    }
}

#[test]
fn club_i_9_5_anti_cheat_information_is_private() {
    let (mut c, e, _) = anti_cheat();
    assert!(seen(&c, &e, Some("cj")).unwrap().contains("stockfish"));
    for who in [None, Some("ann"), Some("bob"), Some("mod1"), Some("j1")] {
        assert_eq!(seen(&c, &e, who), None, "{who:?}");
    }
    // Released at the Chief Justice's discretion, redacted.
    let report = c.ladder().reports.keys().next().copied().unwrap();
    assert_eq!(
        c.refused(
            "cj",
            Command::ReleaseAntiCheat {
                report,
                to: u("bob")
            }
        ),
        "club I.9.5"
    );
    c.ok(
        "cj",
        Command::ReleaseAntiCheat {
            report,
            to: u("mod1"),
        },
    );
    assert_eq!(
        seen(&c, &e, Some("mod1")).as_deref(),
        Some("[withheld: club I.9.5]")
    );
    // Everything else in the log is public.
    let public = Event::MemberJoined {
        member: u("ann"),
        score: 100,
        rejoined: false,
    };
    assert_eq!(
        c.ladder().redact(c.competition(), &public, None),
        Some(public.clone())
    );
    // And the log entry as the envelope builds it hides the report.
    let commit = competition::Commit {
        version: 99,
        at: c.now,
        actor: competition::Actor::User(u("cj")),
        command: "file-anti-cheat-report".into(),
        events: vec![competition::Recorded::new(competition::Event::ClubLadder(
            e,
        ))],
        idempotency: None,
    };
    assert!(commit
        .log_entry(c.competition(), Some(&u("ann")))
        .events
        .is_empty());
}

#[test]
fn club_i_9_5_log_entries_do_not_reveal_that_the_information_exists() {
    let (mut c, filed, _) = anti_cheat();
    let report = c.ladder().reports.keys().next().copied().unwrap();
    let released = c.ok(
        "cj",
        Command::ReleaseAntiCheat {
            report,
            to: u("mod1"),
        },
    );
    let entry = |c: &Club, command: &str, e: &Event, viewer: &str| {
        competition::Commit {
            version: 99,
            at: c.now,
            actor: competition::Actor::User(u("cj")),
            command: command.into(),
            events: vec![competition::Recorded::new(competition::Event::ClubLadder(
                e.clone(),
            ))],
            idempotency: None,
        }
        .log_entry(c.competition(), Some(&u(viewer)))
    };
    for who in ["ann", "bob", "mod2", "j1"] {
        for (command, e) in [
            ("file-anti-cheat-report", &filed),
            ("release-anti-cheat", &released[0]),
        ] {
            let seen = entry(&c, command, e, who);
            assert!(seen.events.is_empty(), "club I.9.5: {who} sees {command}");
            assert_eq!(
                (seen.command.as_str(), seen.actor),
                (competition::WITHHELD_COMMAND, None),
                "club I.9.5: {who} learns neither what was done nor by whom"
            );
        }
    }
    // The recipient sees the release and the redacted report; the Chief
    // Justice sees everything.
    let to_mod1 = entry(&c, "release-anti-cheat", &released[0], "mod1");
    assert_eq!(to_mod1.command, "release-anti-cheat", "club I.9.5");
    assert_eq!(to_mod1.events.len(), 1, "club I.9.5");
    let cj = entry(&c, "file-anti-cheat-report", &filed, "cj");
    assert_eq!(cj.command, "file-anti-cheat-report", "club I.9.5");
    assert_eq!(cj.events.len(), 1, "club I.9.5");
}

#[test]
fn club_i_9_8_and_i_9_9_the_court_sees_redacted_then_raw_on_a_majority_order() {
    let (mut c, e, a) = anti_cheat();
    c.ok("cj", Command::GrantHearing { appeal: a });
    c.ok(
        "cj",
        Command::Empanel {
            appeal: a,
            justices: vec![u("j1"), u("j2"), u("j3")],
        },
    );
    assert_eq!(
        seen(&c, &e, Some("j1")).as_deref(),
        Some("[withheld: club I.9.5]")
    );
    assert_eq!(seen(&c, &e, Some("j4")), None);
    let first = c.ok("j1", Command::OrderRawAntiCheat { appeal: a });
    assert!(matches!(
        first[0],
        Event::RawOrderVoted { ordered: false, .. }
    ));
    assert_eq!(
        c.refused("j4", Command::OrderRawAntiCheat { appeal: a }),
        "club I.9.9"
    );
    let second = c.ok("j2", Command::OrderRawAntiCheat { appeal: a });
    assert!(matches!(
        second[0],
        Event::RawOrderVoted { ordered: true, .. }
    ));
    assert!(seen(&c, &e, Some("j1")).unwrap().contains("stockfish"));
}

#[test]
fn club_iii_3_5_3_en_banc_every_justice_sits_conflicts_ignored() {
    let mut c = seeded();
    c.ok(
        "cj",
        Command::ModifyTechnically {
            description: "Online games now count from the day they start.".into(),
            settings: None,
        },
    );
    let m = c.last_id();
    let a = appeal(
        &mut c,
        "ann",
        AppealSubject::TechnicalModification { modification: m },
    );
    // The Chief Justice made the modification: a party, yet sits en banc.
    assert!(c.ladder().appeals[&a].parties.contains(&u("cj")));
    c.ok("cj", Command::GrantHearing { appeal: a });
    assert!(c.ladder().appeals[&a].bench.contains(&u("cj")));
    assert_eq!(c.ladder().appeals[&a].bench.len(), 5);
}

#[test]
fn club_iii_5_1_technical_modifications_are_publicly_announced() {
    let mut c = seeded();
    let silent = Command::ModifyTechnically {
        description: "".into(),
        settings: None,
    };
    assert_eq!(c.refused("cj", silent), "club III.5.1");
    let e = c.ok(
        "cj",
        Command::ModifyTechnically {
            description: "K is now 24.".into(),
            settings: Some(Settings {
                elo_k: 24,
                ..Settings::default()
            }),
        },
    );
    // The announcement is in the public audit log, for anyone.
    assert_eq!(
        c.ladder().redact(c.competition(), &e[0], None),
        Some(e[0].clone())
    );
    assert_eq!(c.ladder().settings.elo_k, 24);
    let view = c.competition().view(None);
    assert_eq!(
        view.game["modifications"].as_object().map(|m| m.len()),
        Some(1)
    );
}

#[test]
fn club_i_9_7_the_court_hears_a_petition_on_an_online_game() {
    let (mut c, _, a) = anti_cheat();
    // bob won (100 v 200: E(bob) = 1/(1+10^(100/400)) = 0.3599;
    // 32·0.6401·½ = 10.24 → +10): ann 190, bob 110.
    assert_eq!((c.score("ann"), c.score("bob")), (190, 110));
    c.ok("cj", Command::GrantHearing { appeal: a });
    c.ok(
        "cj",
        Command::Empanel {
            appeal: a,
            justices: vec![u("j1"), u("j2"), u("j3")],
        },
    );
    for j in ["j1", "j2"] {
        vote(
            &mut c,
            j,
            a,
            Vote::Overturn {
                remedy: Remedy::Annul,
            },
        );
    }
    // Ended without due accordance with the rules: annulled, both restored.
    assert_eq!((c.score("ann"), c.score("bob")), (200, 100));
}

#[test]
fn club_iii_3_the_member_concerned_petitions_the_court() {
    let mut c = seeded();
    c.join(&["cat"]);
    let p = penalise(&mut c, "mod1", "ann", -30, "overran on 9 January");
    let before = c.ladder().clone();
    // Only the member the decision concerns appeals it.
    assert_eq!(
        c.refused(
            "bob",
            Command::FileAppeal {
                subject: AppealSubject::PowerUse { power_use: p },
                grounds: "unfair to ann".into(),
            }
        ),
        "club III.3"
    );
    // An appeal states its grounds.
    assert_eq!(
        c.refused(
            "ann",
            Command::FileAppeal {
                subject: AppealSubject::PowerUse { power_use: p },
                grounds: "  ".into(),
            }
        ),
        "club III.3"
    );
    assert_eq!(
        c.ladder(),
        &before,
        "club III.3: a refused petition changes nothing"
    );
    // A game is appealed by its players.
    c.at("2026-01-09T13:00:00Z");
    c.ok("bob", game("bob", "cat", Draw, "2026-01-09T12:45:00Z"));
    let g = c.last_id();
    let after_game = c.ladder().clone();
    assert_eq!(
        c.refused(
            "ann",
            Command::FileAppeal {
                subject: AppealSubject::Game { game: g },
                grounds: "that game was never played".into(),
            }
        ),
        "club III.3"
    );
    assert_eq!(
        c.ladder(),
        &after_game,
        "club III.3: a refused petition changes nothing"
    );
    // ann's own petition is filed; she and mod1 are its parties.
    let a = appeal(&mut c, "ann", AppealSubject::PowerUse { power_use: p });
    let filed = &c.ladder().appeals[&a];
    assert_eq!(filed.appellant, u("ann"), "club III.3");
    assert_eq!(
        filed.parties,
        [u("ann"), u("mod1")].into(),
        "club III.3: the appellant and the moderator who acted"
    );
}
