//! Section II Act 6: weekly deductions (II.6, II.6.1, II.6.2, II.6.3), and
//! the property that decay is idempotent and never goes below the floor.

use super::super::testkit::*;
use super::super::{AppealSubject, Command, Remedy, Vote};
use crate::rulebook::parts::*;
use proptest::prelude::*;

const FRIDAYS: [&str; 6] = [
    "2026-01-09",
    "2026-01-16",
    "2026-01-23",
    "2026-01-30",
    "2026-02-06",
    "2026-02-13",
];
const SATURDAYS: [&str; 6] = [
    "2026-01-10T00:00:00Z",
    "2026-01-17T00:00:00Z",
    "2026-01-24T00:00:00Z",
    "2026-01-31T00:00:00Z",
    "2026-02-07T00:00:00Z",
    "2026-02-14T00:00:00Z",
];

fn boosted(names: &[&str]) -> Club {
    let mut c = Club::new();
    c.join(names);
    for n in names {
        c.ok(
            "mod1",
            Command::ChangeScore {
                member: u(n),
                delta: 100,
                reason: "seeded from the old paper ladder".into(),
                offence: None,
            },
        );
    }
    c
}

#[test]
fn club_ii_6_1_absence_decay_from_third_missed_week() {
    let mut c = boosted(&["ann"]);
    // ann (200) misses 9, 16, 23 and 30 January.
    let mut weekly = vec![];
    for sat in &SATURDAYS[..4] {
        weekly.push(closed_weeks(&c.at(sat).tick()));
    }
    assert_eq!(weekly[0], vec![("2026-01-09".into(), vec![])]);
    assert_eq!(weekly[1], vec![("2026-01-16".into(), vec![])]);
    // The third missed week: −15 (200 → 185); the fourth: −15 again (170).
    assert_eq!(
        weekly[2],
        vec![("2026-01-23".into(), vec![("ann".into(), -15)])]
    );
    assert_eq!(
        weekly[3],
        vec![("2026-01-30".into(), vec![("ann".into(), -15)])]
    );
    assert_eq!(c.score("ann"), 170);
    // Present on 6 February: the absence streak ends (but see II.6.2).
    c.at("2026-02-06T13:30:00Z")
        .ok("mod1", attend(FRIDAYS[4], &["ann"]));
    c.at(SATURDAYS[4]).tick();
    assert_eq!(c.ladder().members[&u("ann")].absent_streak, 0);
}

#[test]
fn club_ii_6_2_no_game_decay_from_third_week() {
    let mut c = boosted(&["ann", "bob", "cat"]);
    for (i, friday) in FRIDAYS[..4].iter().enumerate() {
        c.at(&format!("{friday}T13:30:00Z"))
            .ok("mod1", attend(friday, &["ann", "bob", "cat"]));
        if i == 3 {
            // bob and cat play in the fourth week; ann never does.
            c.ok(
                "bob",
                game(
                    "bob",
                    "cat",
                    super::super::GameResult::Draw,
                    &format!("{friday}T12:45:00Z"),
                ),
            );
        }
        c.at(SATURDAYS[i]).tick();
    }
    // All present every week. No game in weeks 1–3: −5 each in week 3
    // (200 → 195). Week 4: bob and cat drew (195 v 195: E = 0.5, ±0); ann
    // did not play: her fourth idle week costs 5 more (190).
    assert_eq!(
        (c.score("ann"), c.score("bob"), c.score("cat")),
        (190, 195, 195)
    );
}

#[test]
fn club_ii_6_absent_weeks_are_not_also_idle_weeks() {
    // Ruling: a week deducted under II.6.1 is not also deducted under II.6.2.
    let mut c = boosted(&["ann"]);
    c.at(SATURDAYS[2]).tick();
    assert_eq!(c.score("ann"), 185);
}

#[test]
fn club_ii_6_never_below_100() {
    let mut c = Club::new();
    c.join(&["ann"]);
    c.at(SATURDAYS[5]).tick();
    assert_eq!(c.score("ann"), 100);
}

#[test]
fn club_ii_6_decay_is_idempotent_and_missed_weeks_are_caught_up() {
    let mut weekly = boosted(&["ann", "bob"]);
    let mut late = boosted(&["ann", "bob"]);
    for sat in SATURDAYS {
        assert!(!weekly.at(sat).tick().is_empty());
        // Run twice (or two at once): nothing more.
        assert!(weekly.tick().is_empty());
    }
    // One tick a month late closes all six weeks, in order.
    let events = late.at(SATURDAYS[5]).tick();
    let weeks: Vec<String> = closed_weeks(&events).into_iter().map(|(w, _)| w).collect();
    assert_eq!(weeks, FRIDAYS.to_vec());
    assert_eq!(weekly.ladder().members, late.ladder().members);
    // 200 − 15·4 (weeks 3 to 6) = 140.
    assert_eq!(late.score("ann"), 140);
    assert!(late.tick().is_empty());
}

#[test]
fn club_ii_6_next_due_is_the_saturday_close() {
    let mut c = Club::new();
    c.join(&["ann"]);
    assert_eq!(c.competition().next_due(), Some(at(SATURDAYS[0])));
    c.at(SATURDAYS[0]).tick();
    assert_eq!(c.competition().next_due(), Some(at(SATURDAYS[1])));
}

#[test]
fn club_ii_6_3_a_decay_may_be_appealed_as_a_technical_modification() {
    let mut c = boosted(&["ann"]);
    c.at(SATURDAYS[2]).tick();
    assert_eq!(c.score("ann"), 185);
    let appeal = Command::FileAppeal {
        subject: AppealSubject::Decay {
            week: FRIDAYS[2].parse().unwrap(),
        },
        grounds: "I was on a school trip".into(),
    };
    let wrong_week = Command::FileAppeal {
        subject: AppealSubject::Decay {
            week: FRIDAYS[1].parse().unwrap(),
        },
        grounds: "I was on a school trip".into(),
    };
    assert_eq!(c.refused("ann", wrong_week), "club II.6.3");
    c.at("2026-01-26T10:00:00Z").ok("ann", appeal);
    let id = c.last_id();
    assert!(c.ladder().appeals[&id].en_banc);
    c.ok("cj", Command::GrantHearing { appeal: id });
    // En banc: cj and j1–j4 sit; three of five is a majority.
    assert_eq!(c.ladder().appeals[&id].bench.len(), 5);
    let annul = Vote::Overturn {
        remedy: Remedy::Annul,
    };
    for j in ["j1", "j2", "j3"] {
        c.ok(
            j,
            Command::CastVote {
                appeal: id,
                vote: annul.clone(),
                bar_appeals_until: None,
            },
        );
    }
    assert_eq!(c.score("ann"), 200);
}

#[test]
fn club_ii_6_a_very_large_week_closes_in_parts_each_once() {
    use super::super::decay::CHUNK_BYTES;
    use super::super::{Event, Ladder};
    let c = Club::new();
    let joined = at("2026-01-09T09:00:00Z");
    let mut state = Ladder::default();
    // Enough members at 200, all absent, that week 3's deductions overflow a part.
    let n = CHUNK_BYTES / 64 + 500;
    for i in 0..n {
        let e = Event::MemberJoined {
            member: u(&format!("m{i:05}")),
            score: 100,
            rejoined: false,
        };
        state.apply(&e, joined);
    }
    state
        .members
        .update_range::<crate::competition::UserId, _>(.., |_, m| {
            m.score = 200;
            std::ops::ControlFlow::Continue(())
        });
    let mut parts = vec![];
    let ctx = |now: &str| crate::competition::Context {
        actor: crate::competition::Actor::Schedule("club-decay".into()),
        may_organize: false,
        now: at(now),
    };
    // Weeks 1 and 2 close whole (no deductions); week 3 in parts, one per tick.
    for _ in 0..10 {
        let recorded = state.tick(c.competition(), &ctx(SATURDAYS[2])).unwrap();
        if recorded.is_empty() {
            break;
        }
        for r in recorded {
            if let Event::WeekClosed {
                week,
                deductions,
                through,
            } = &r.event
            {
                parts.push((week.to_string(), deductions.len(), through.is_some()));
            }
            state.apply(&r.event, at(SATURDAYS[2]));
        }
    }
    let week3: Vec<_> = parts.iter().filter(|p| p.0 == FRIDAYS[2]).collect();
    assert!(week3.len() >= 2, "{parts:?}");
    assert!(week3[..week3.len() - 1].iter().all(|p| p.2) && !week3.last().unwrap().2);
    assert_eq!(week3.iter().map(|p| p.1).sum::<usize>(), n);
    assert_eq!(state.closed_through, Some(FRIDAYS[2].parse().unwrap()));
    assert!(state
        .members
        .values()
        .all(|m| m.score == 185 && m.absent_streak == 3));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// club II.6: ticking twice is ticking once, a late tick catches up to the
    /// same state, and no score is ever below 100 (II.2).
    #[test]
    fn club_ii_6_decay_idempotent_and_floored(
        presence in proptest::collection::vec(proptest::collection::vec(any::<bool>(), 3), 6),
        boosts in proptest::collection::vec(0i64..60, 3),
        cuts in proptest::collection::vec(-80i64..0, 6),
    ) {
        let names = ["ann", "bob", "cat"];
        let build = || {
            let mut c = Club::new();
            c.join(&names);
            for (n, b) in names.iter().zip(&boosts) {
                if *b > 0 {
                    c.ok("mod1", Command::ChangeScore { member: u(n), delta: *b, reason: "seed".into(), offence: None });
                }
            }
            c
        };
        let (mut once, mut twice) = (build(), build());
        // Without moderator cuts, for the catch-up comparison (a cut made
        // between two closings clamps differently from one made before both).
        let (mut plain, mut late) = (build(), build());
        for (week, friday) in FRIDAYS.iter().enumerate() {
            let here: Vec<&str> = names.iter().zip(&presence[week]).filter(|(_, p)| **p).map(|(n, _)| *n).collect();
            for c in [&mut once, &mut twice, &mut plain, &mut late] {
                c.at(&format!("{friday}T13:30:00Z"));
                if !here.is_empty() {
                    c.ok("mod1", attend(friday, &here));
                }
            }
            for c in [&mut once, &mut twice] {
                c.ok("mod2", Command::ChangeScore {
                    member: u(names[week % 3]),
                    delta: cuts[week],
                    reason: "time penalty".into(),
                    offence: Some(format!("overran, week {week}")),
                });
                c.declare("mod2");
            }
            for c in [&mut once, &mut twice, &mut plain] {
                c.at(SATURDAYS[week]).tick();
            }
            prop_assert!(twice.tick().is_empty());
            for c in [&once, &twice, &plain] {
                for m in c.ladder().members.values() {
                    prop_assert!(m.score >= 100);
                }
            }
        }
        prop_assert_eq!(&once.ladder().members, &twice.ladder().members);
        prop_assert_eq!(once.ladder().closed_through, twice.ladder().closed_through);
        late.at(SATURDAYS[5]).tick();
        prop_assert_eq!(&plain.ladder().members, &late.ladder().members);
    }
}
