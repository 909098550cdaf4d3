//! The club ladder's term of twelve Fridays for a club of 30, written once
//! and run by every [`Driver`]: in memory on a [`Scenario`] with a fake clock
//! ([`InMemory`], `shared/domain/tests/ladder_term.rs`) and the API over HTTP
//! on both stores (`tests/tests/ladder.rs`), as the service and the schedules
//! will drive it.
//!
//! Valid and refused games, an online game at half weight, a bell-adjudicated
//! game and its rematch, absences leading to decay and to a removal, the
//! fraud ladder to a ban, an appeal a panel overturns, a missed declaration
//! voiding a penalty; the leaderboard is checked after every week.
//!
//! Expected scores were worked independently of the implementation (an Elo
//! and decay reference model, checked by hand; the arithmetic of each step
//! is in the comments). K = 32; everyone starts at 100.

use super::{kind_events, Scenario};
use crate::competition::{self, Actor, Competition, Kind, Role};
use crate::ladder::{
    self, AppealSubject, Command, DeclarationChannel, Event, GameResult, Material, RematchOutcome,
    Remedy, RemovalGrounds, Timing, Vote,
};
use crate::refusal::Refusal;
use crate::rulebook::Action;
use chrono::{DateTime, Days, NaiveDate, NaiveTime, TimeZone, Utc};
use chrono_tz::Europe::London;
use serde_json::Value;
use std::borrow::Cow;
use std::collections::BTreeMap;

use GameResult::{BlackWins as B, Draw as D, WhiteWins as W};

/// The club's competition id.
pub const CLUB: &str = "friday-club";

pub use super::u;

pub fn p(i: usize) -> String {
    format!("p{i:02}")
}

/// The Friday of week `n` (1-based): 6 February 2026 onwards. British
/// Summer Time starts on 29 March, between weeks 8 and 9.
pub fn friday(n: usize) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 2, 6).unwrap() + Days::new(7 * (n as u64 - 1))
}

/// A club-local time on a date, as UTC.
pub fn local(date: NaiveDate, hh: u32, mm: u32) -> DateTime<Utc> {
    London
        .from_local_datetime(&date.and_time(NaiveTime::from_hms_opt(hh, mm, 0).unwrap()))
        .unwrap()
        .with_timezone(&Utc)
}

/// What the story needs of whatever runs it: a fake clock, a way to commit
/// any competition command as someone (the schedules commit `Tick`), and
/// ways to read the result back.
pub trait Driver {
    /// The fake clock: commands are committed at this instant.
    fn now(&self) -> DateTime<Utc>;

    fn set_now(&mut self, now: DateTime<Utc>);

    /// Commits `command` as `actor` at [`Driver::now`] on the club
    /// [`CLUB`] (`Create` makes it): the ladder events it recorded, or the
    /// refusal.
    fn commit(
        &mut self,
        actor: Actor,
        command: competition::Command,
    ) -> Result<Vec<Event>, Refusal>;

    /// The stored state, for the few checks the public view does not show.
    fn competition(&self) -> Cow<'_, Competition>;

    /// The competition's public view as a member sees it, as JSON.
    fn view(&self) -> Value;

    fn ok(&mut self, who: &str, cmd: Command) -> Vec<Event> {
        let name = cmd.name();
        self.commit(Actor::User(u(who)), competition::Command::ClubLadder(cmd))
            .unwrap_or_else(|e| panic!("{who} {name} at {}: {e:?}", self.now()))
    }

    fn refused(&mut self, who: &str, cmd: Command) -> String {
        let r = self
            .commit(Actor::User(u(who)), competition::Command::ClubLadder(cmd))
            .expect_err("refused");
        r.clause
            .clone()
            .unwrap_or_else(|| panic!("{r:?}"))
            .into_owned()
    }

    fn tick(&mut self, schedule: &str) -> Vec<Event> {
        self.commit(Actor::Schedule(schedule.into()), competition::Command::Tick)
            .unwrap()
    }

    fn ladder(&self) -> Cow<'_, ladder::Ladder> {
        match self.competition() {
            Cow::Borrowed(Competition {
                game: competition::Game::ClubLadder(l),
                ..
            }) => Cow::Borrowed(l),
            Cow::Owned(Competition {
                game: competition::Game::ClubLadder(l),
                ..
            }) => Cow::Owned(l),
            _ => unreachable!(),
        }
    }

    fn last_id(&self) -> u64 {
        self.ladder().next_id - 1
    }

    fn declare(&mut self, by: &str) {
        let id = self.last_id();
        self.ok(
            by,
            Command::Declare {
                power_use: id,
                statement: "declared in #discussion".into(),
                channel: DeclarationChannel::DiscordDiscussion,
            },
        );
    }

    /// The leaderboard as the public view shows it: (member, score), ranked.
    fn leaderboard(&self) -> Vec<(String, i64)> {
        let view = self.view();
        view["game"]["leaderboard"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    r["member"].as_str().unwrap().to_owned(),
                    r["score"].as_i64().unwrap(),
                )
            })
            .collect()
    }
}

/// The story in memory: the club is a [`Scenario`] once the story's own
/// `Create` has made it; until then there is only the clock.
#[derive(Default)]
pub struct InMemory {
    now: DateTime<Utc>,
    club: Option<Scenario<ladder::Ladder>>,
}

impl InMemory {
    fn club(&self) -> &Scenario<ladder::Ladder> {
        self.club.as_ref().expect("the club was created")
    }
}

impl Driver for InMemory {
    fn now(&self) -> DateTime<Utc> {
        self.now
    }

    fn set_now(&mut self, now: DateTime<Utc>) {
        self.now = now;
    }

    fn commit(
        &mut self,
        actor: Actor,
        command: competition::Command,
    ) -> Result<Vec<Event>, Refusal> {
        let Some(club) = &mut self.club else {
            let (club, events) = Scenario::first(CLUB, actor, self.now, &command)?;
            self.club = Some(club);
            return Ok(kind_events::<ladder::Ladder>(&events)
                .into_iter()
                .map(|r| r.event)
                .collect());
        };
        club.when_by(actor, self.now, command).events()
    }

    fn competition(&self) -> Cow<'_, Competition> {
        Cow::Borrowed(self.club().competition())
    }

    fn view(&self) -> Value {
        serde_json::to_value(self.club().competition().view(None)).expect("a view serializes")
    }
}

pub fn register(
    t: &mut impl Driver,
    n: usize,
    i: usize,
    white: &str,
    black: &str,
    result: GameResult,
) -> Vec<Event> {
    let cmd = Command::RegisterGame {
        white: u(white),
        black: u(black),
        result,
        played_at: local(friday(n), 12, 35 + 3 * i as u32),
        room: "322".into(),
        moderator: u("mod1"),
        chessclock: false,
        oversight: None,
    };
    t.ok(white, cmd)
}

pub fn fraud(t: &mut impl Driver, member: &str, offence: &str, game: Option<u64>) -> Event {
    let e = t.ok(
        "mod2",
        Command::PenalizeFraud {
            member: u(member),
            offence: offence.into(),
            reason: "registered a game that was never played (II.4.1)".into(),
            game,
            step: None,
        },
    );
    t.declare("mod2");
    e[0].clone()
}

/// Checks the whole leaderboard: `changed` members at their scores, every
/// other member still on it at 100, `gone` members not on it.
pub fn check(t: &impl Driver, week: usize, changed: &[(&str, i64)], gone: &[&str]) {
    let mut expected: BTreeMap<String, i64> = (1..=30).map(|i| (p(i), 100)).collect();
    for g in gone {
        expected.remove(*g);
    }
    for (m, s) in changed {
        expected.insert((*m).to_owned(), *s);
    }
    let mut rows: Vec<(String, i64)> = expected.into_iter().collect();
    rows.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    assert_eq!(t.leaderboard(), rows, "leaderboard after week {week}");
    assert!(t.ladder().members.values().all(|m| m.score >= 100));
}

/// The term, from the club's creation to the audit after week 12.
pub fn twelve_fridays<D: Driver>(mut t: D) {
    // --- Set-up: the organizer creates the club and names its officers.
    t.set_now(local(friday(1), 9, 0));
    t.commit(
        Actor::User(u("org")),
        competition::Command::Create {
            kind: Kind::ClubLadder,
            name: "Friday Lunch Chess Club".into(),
        },
    )
    .unwrap();
    for (who, role) in [
        ("mod1", Role::Moderator),
        ("mod2", Role::Moderator),
        ("j1", Role::Justice),
        ("j2", Role::Justice),
        ("j3", Role::Justice),
        ("cj", Role::ChiefJustice),
    ] {
        t.commit(
            Actor::User(u("org")),
            competition::Command::GrantRole { user: u(who), role },
        )
        .unwrap();
    }
    t.ok(
        "org",
        Command::Configure {
            settings: ladder::Settings::default(),
        },
    );
    // --- Thirty students join before the first session (II.1).
    for i in 1..=30 {
        t.ok(&p(i), Command::Join { member: None });
    }
    check(&t, 0, &[], &[]);
    assert_eq!(
        t.competition().next_due(),
        Some(local(friday(1) + Days::new(1), 0, 0))
    );

    let all: Vec<String> = (1..=30).map(p).collect();
    let attendance = |t: &mut D, n: usize, absent: &[&str]| {
        let attendees = all
            .iter()
            .filter(|m| !absent.contains(&m.as_str()))
            .filter(|m| t.ladder().current_member(&u(m)).is_some())
            .map(|m| ladder::Attendee {
                member: u(m),
                minutes: 40,
            })
            .collect();
        t.ok(
            "mod1",
            Command::RecordAttendance {
                session: friday(n),
                attendees,
            },
        );
    };
    let close = |t: &mut D, n: usize| {
        t.set_now(local(friday(n), 13, 45));
        t.tick("deadline-sweep");
        t.set_now(local(friday(n) + Days::new(1), 0, 0));
        let e = t.tick("club-decay");
        assert!(e
            .iter()
            .any(|e| matches!(e, Event::WeekClosed { week, .. } if *week == friday(n))));
        // The schedule running twice (or late, or two at once) decides nothing more.
        assert!(t.tick("club-decay").is_empty());
        e
    };

    // ===== Week 1 (6 Feb).
    t.set_now(local(friday(1), 13, 40));
    // Each first game at 100 v 100: E = 0.5, the winner +16, the loser stays at the floor.
    for (i, (w, b)) in [
        ("p01", "p02"),
        ("p07", "p30"),
        ("p08", "p29"),
        ("p06", "p28"),
        ("p10", "p11"),
    ]
    .into_iter()
    .enumerate()
    {
        register(&mut t, 1, i, w, b, W);
    }
    // Refused: after the bell (J.5); a non-member (J.12).
    let late = Command::RegisterGame {
        white: u("p03"),
        black: u("p04"),
        result: W,
        played_at: local(friday(1), 13, 20),
        room: "322".into(),
        moderator: u("mod1"),
        chessclock: false,
        oversight: None,
    };
    assert_eq!(t.refused("p03", late), "club J.5");
    let outsider = Command::RegisterGame {
        white: u("p03"),
        black: u("visitor"),
        result: W,
        played_at: local(friday(1), 12, 50),
        room: "322".into(),
        moderator: u("mod1"),
        chessclock: false,
        oversight: None,
    };
    assert_eq!(t.refused("p03", outsider), "club J.12");
    attendance(&mut t, 1, &[]);
    close(&mut t, 1);
    check(
        &t,
        1,
        &[
            ("p01", 116),
            ("p07", 116),
            ("p08", 116),
            ("p06", 116),
            ("p10", 116),
        ],
        &[],
    );

    // ===== Week 2 (13 Feb). p07 stops coming.
    // Tuesday evening, online (J.10): p03 beats p04 at half weight (I.9.3):
    // 32·0.5·½ = +8.
    t.set_now(local(friday(2) - Days::new(3), 19, 0));
    t.ok(
        "p03",
        Command::StartOnlineGame {
            white: u("p03"),
            black: u("p04"),
        },
    );
    let online = t.last_id();
    // One online game at once (I.9.1).
    assert_eq!(
        t.refused(
            "p05",
            Command::StartOnlineGame {
                white: u("p05"),
                black: u("p06")
            }
        ),
        "club I.9.1"
    );
    t.set_now(local(friday(2) - Days::new(3), 19, 40));
    t.ok(
        "p04",
        Command::FinishOnlineGame {
            game: online,
            result: W,
        },
    );
    t.set_now(local(friday(2), 13, 40));
    // p01 (116) beats p03 (108): E = 1/(1+10^(−8/400)) = 0.5115;
    // 32·0.4885 = 15.63 → +16 (132); p03 108 − 16 → floor, −8 (100).
    register(&mut t, 2, 0, "p01", "p03", W);
    // p08 (116) draws p10 (116): ±0.
    register(&mut t, 2, 1, "p08", "p10", D);
    // p06 (116) registers a win over p27 that was never played:
    // E = 1/(1+10^(−16/400)) = 0.5230; 32·0.4770 = 15.26 → +15 (131).
    register(&mut t, 2, 2, "p06", "p27", W);
    let fictitious = t.last_id();
    // Fraud, first violation (II.5): reversed as though it never happened (116).
    let e = fraud(
        &mut t,
        "p06",
        "fictitious game against p27, 13 Feb",
        Some(fictitious),
    );
    assert!(matches!(
        e,
        Event::FraudPenalized {
            step: ladder::FraudStep::Reverse,
            ..
        }
    ));
    attendance(&mut t, 2, &["p07"]);
    close(&mut t, 2);
    check(
        &t,
        2,
        &[
            ("p01", 132),
            ("p07", 116),
            ("p08", 116),
            ("p06", 116),
            ("p10", 116),
        ],
        &[],
    );

    // ===== Week 3 (20 Feb).
    t.set_now(local(friday(3), 13, 40));
    // p01 (132) beats p02 (100): E = 1/(1+10^(−32/400)) = 0.5459;
    // 32·0.4541 = 14.53 → +15 (147).
    register(&mut t, 3, 0, "p01", "p02", W);
    // p08 (116) draws p10 (116): ±0.
    register(&mut t, 3, 1, "p08", "p10", D);
    // Second fictitious game: p06 (116) over p26: +15 (131), then fraud #2:
    // reversed (116) and halved: (116+1)/2 = 58 → floor (100).
    register(&mut t, 3, 2, "p06", "p26", W);
    let fictitious = t.last_id();
    let e = fraud(
        &mut t,
        "p06",
        "fictitious game against p26, 20 Feb",
        Some(fictitious),
    );
    assert!(matches!(
        e,
        Event::FraudPenalized {
            step: ladder::FraudStep::Halve,
            ..
        }
    ));
    // The bell: p04 (White) took a rook (5), p05 took two pawns (2): White
    // wins (I.5). 100 v 100: +16.
    t.ok(
        "mod1",
        Command::AdjudicateBell {
            white: u("p04"),
            black: u("p05"),
            played_at: local(friday(3), 12, 40),
            room: "322".into(),
            white_captured: Material {
                rooks: 1,
                ..Material::default()
            },
            black_captured: Material {
                pawns: 2,
                ..Material::default()
            },
        },
    );
    let bell = t.last_id();
    // p05 objects (I.6): the rematch is at the next session, 27 Feb.
    let e = t.ok("p05", Command::ObjectToEnding { game: bell });
    assert!(matches!(&e[0], Event::EndingObjected { session, .. } if *session == friday(4)));
    // mod1 deducts 16 from p08 for overrunning (II.3) and declares it.
    t.ok(
        "mod1",
        Command::ChangeScore {
            member: u("p08"),
            delta: -16,
            reason: "kept playing after the bell".into(),
            offence: Some("overran the bell, 20 Feb".into()),
        },
    );
    let deduction = t.last_id();
    t.declare("mod1");
    // p08 appeals; the Chief Justice grants the hearing and names a panel.
    t.ok(
        "p08",
        Command::FileAppeal {
            subject: AppealSubject::PowerUse {
                power_use: deduction,
            },
            grounds: "the bell had not rung: the clock in 322 is fast".into(),
        },
    );
    let appeal = t.last_id();
    t.ok("cj", Command::GrantHearing { appeal });
    t.ok(
        "cj",
        Command::Empanel {
            appeal,
            justices: vec![u("j1"), u("j2"), u("j3")],
        },
    );
    attendance(&mut t, 3, &["p07"]);
    close(&mut t, 3);
    // p07: absent weeks 2 and 3: no deduction yet.
    check(
        &t,
        3,
        &[
            ("p01", 147),
            ("p07", 116),
            ("p08", 100),
            ("p10", 116),
            ("p04", 116),
        ],
        &[],
    );

    // ===== Week 4 (27 Feb).
    t.set_now(local(friday(4), 13, 40));
    // A chessclock p05 did not assent to cannot be used (club I.7.2).
    assert_eq!(
        t.refused(
            "mod1",
            Command::RecordRematch {
                game: bell,
                outcome: RematchOutcome::Played { result: B },
                timing: Timing::Chessclock {
                    minutes_each: 5,
                    present_throughout: true,
                    assented: [u("p04")].into(),
                },
                exempted: false,
            },
        ),
        "club I.7.2"
    );
    // The rematch, 5 minutes each on a chessclock both assented to, mod1
    // present throughout (I.6, I.7.1, I.7.2): p05 wins. The bell game is
    // undone (p04 116 → 100) and p05 wins at 100 v 100: +16 (I.6: final).
    t.ok(
        "mod1",
        Command::RecordRematch {
            game: bell,
            outcome: RematchOutcome::Played { result: B },
            timing: Timing::Chessclock {
                minutes_each: 5,
                present_throughout: true,
                assented: [u("p04"), u("p05")].into(),
            },
            exempted: false,
        },
    );
    assert_eq!(
        t.refused("p04", Command::ObjectToEnding { game: bell }),
        "club I.6"
    );
    // p01 (147) beats p10 (116): E = 1/(1+10^(−31/400)) = 0.5445;
    // 32·0.4555 = 14.58 → +15 (162), p10 101.
    register(&mut t, 4, 0, "p01", "p10", W);
    // p08 (100) draws p02 (100): ±0.
    register(&mut t, 4, 1, "p08", "p02", D);
    // Third fictitious game: p06 (100) over p25: +16, reversed, reset to 100.
    register(&mut t, 4, 2, "p06", "p25", W);
    let fictitious = t.last_id();
    let e = fraud(
        &mut t,
        "p06",
        "fictitious game against p25, 27 Feb",
        Some(fictitious),
    );
    assert!(matches!(
        e,
        Event::FraudPenalized {
            step: ladder::FraudStep::Reset,
            ..
        }
    ));
    // The panel overturns p08's deduction (III.3.8 b): 100 → 116.
    for j in ["j1", "j2"] {
        t.ok(
            j,
            Command::CastVote {
                appeal,
                vote: Vote::Overturn {
                    remedy: Remedy::Annul,
                },
                bar_appeals_until: None,
            },
        );
    }
    t.ok(
        "j1",
        Command::PublishOpinion {
            appeal,
            text: "The clock in 322 runs four minutes fast; no overrun is proven.".into(),
        },
    );
    attendance(&mut t, 4, &["p07"]);
    let e = close(&mut t, 4);
    // p07's third missed week: −15 (II.6.1).
    assert!(e
        .iter()
        .any(|e| matches!(e, Event::WeekClosed { deductions, .. }
        if deductions.iter().any(|d| d.member == u("p07") && d.applied == -15))));
    check(
        &t,
        4,
        &[
            ("p01", 162),
            ("p07", 101),
            ("p08", 116),
            ("p10", 101),
            ("p05", 116),
        ],
        &[],
    );

    // ===== Week 5 (6 Mar).
    t.set_now(local(friday(5), 13, 40));
    // p01 (162) beats p08 (116): E = 1/(1+10^(−46/400)) = 0.5658;
    // 32·0.4342 = 13.89 → +14 (176), p08 102.
    register(&mut t, 5, 0, "p01", "p08", W);
    // p10 (101) beats p02 (100): E = 0.5014; 32·0.4986 = 15.95 → +16 (117).
    register(&mut t, 5, 1, "p10", "p02", W);
    // p03 draws p04 at 100: ±0.
    register(&mut t, 5, 2, "p03", "p04", D);
    // Fourth violation: a four-week ban. From Fri 6 Mar 13:40, +28 days is
    // Fri 3 Apr 13:40 (BST); the next Friday 00:00 is 10 April.
    let e = fraud(
        &mut t,
        "p06",
        "fictitious results posted on the board, 6 Mar",
        None,
    );
    assert!(
        matches!(&e, Event::FraudPenalized { step: ladder::FraudStep::FourWeekBan, ban_expires: Some(d), .. }
        if *d == friday(10))
    );
    attendance(&mut t, 5, &["p07"]);
    close(&mut t, 5);
    // p07: 101 − 15 → floor (−1).
    check(
        &t,
        5,
        &[("p01", 176), ("p08", 102), ("p10", 117), ("p05", 116)],
        &[],
    );

    // ===== Week 6 (13 Mar).
    t.set_now(local(friday(6), 13, 40));
    // Banned: invalid (J.7).
    let banned = Command::RegisterGame {
        white: u("p06"),
        black: u("p02"),
        result: W,
        played_at: local(friday(6), 12, 50),
        room: "322".into(),
        moderator: u("mod1"),
        chessclock: false,
        oversight: None,
    };
    assert_eq!(t.refused("p02", banned), "club J.7");
    // p01 (176) beats p02 (100): E = 1/(1+10^(−76/400)) = 0.6077;
    // 32·0.3923 = 12.55 → +13 (189).
    register(&mut t, 6, 0, "p01", "p02", W);
    // p08 (102) beats p10 (117): E = 1/(1+10^(15/400)) = 0.4784;
    // 32·0.5216 = 16.69 → +17 (119), p10 100.
    register(&mut t, 6, 1, "p08", "p10", W);
    // mod2 deducts 10 from p01 and never declares it (III.2.4).
    t.ok(
        "mod2",
        Command::ChangeScore {
            member: u("p01"),
            delta: -10,
            reason: "arrived after 12:45".into(),
            offence: Some("late, 13 Mar".into()),
        },
    );
    let undeclared = t.last_id();
    attendance(&mut t, 6, &["p07", "p06"]);
    close(&mut t, 6);
    // p05: no game since the rematch (weeks 5, 6): no deduction yet.
    check(&t, 6, &[("p01", 179), ("p08", 119), ("p05", 116)], &[]);
    // p07: absent five of the past six weeks, one game: the Chief Justice removes (II.7).
    t.set_now(local(friday(6) + Days::new(2), 10, 0));
    t.ok(
        "cj",
        Command::RemoveMember {
            member: u("p07"),
            grounds: RemovalGrounds::Inactivity,
        },
    );
    check(&t, 6, &[("p01", 179), ("p08", 119), ("p05", 116)], &["p07"]);

    // ===== Week 7 (20 Mar).
    t.set_now(local(friday(7), 13, 40));
    // Removed and not rejoined: invalid (J.8).
    let removed = Command::RegisterGame {
        white: u("p30"),
        black: u("p07"),
        result: W,
        played_at: local(friday(7), 12, 50),
        room: "322".into(),
        moderator: u("mod1"),
        chessclock: false,
        oversight: None,
    };
    assert_eq!(t.refused("p30", removed), "club J.8");
    // p01 (179) draws p10 (100): E = 1/(1+10^(−79/400)) = 0.6118;
    // 32·(0.5−0.6118) = −3.58 → −4 (175), p10 +4 (104).
    register(&mut t, 7, 0, "p01", "p10", D);
    // p08 (119) beats p02 (100): E = 0.5273; 32·0.4727 = 15.13 → +15 (134).
    register(&mut t, 7, 1, "p08", "p02", W);
    attendance(&mut t, 7, &["p06"]);
    // The sweep at 13:45: seven days have passed since 13 Mar 13:40 without
    // a declaration: the −10 is void (III.2.4.2): 175 + 10 = 185.
    t.set_now(local(friday(7), 13, 45));
    let e = t.tick("deadline-sweep");
    assert!(e
        .iter()
        .any(|e| matches!(e, Event::PenaltyVoided { power_use, .. } if *power_use == undeclared)));
    close(&mut t, 7);
    // p05: no game in weeks 5, 6, 7: −5 (II.6.2): 111.
    check(
        &t,
        7,
        &[("p01", 185), ("p08", 134), ("p10", 104), ("p05", 111)],
        &["p07"],
    );

    // ===== Week 8 (27 Mar).
    t.set_now(local(friday(8), 13, 40));
    // p01 (185) draws p08 (134): E = 1/(1+10^(−51/400)) = 0.5729;
    // 32·(−0.0729) = −2.33 → −2 (183), p08 +2 (136).
    register(&mut t, 8, 0, "p01", "p08", D);
    // p10 (104) beats p02 (100): E = 0.5058; 32·0.4942 = 15.81 → +16 (120).
    register(&mut t, 8, 1, "p10", "p02", W);
    // p03 (100) beats p05 (111): E = 1/(1+10^(11/400)) = 0.4842;
    // 32·0.5158 = 16.51 → +17 (117), p05 94 → floor (100).
    register(&mut t, 8, 2, "p03", "p05", W);
    attendance(&mut t, 8, &["p06"]);
    close(&mut t, 8);
    check(
        &t,
        8,
        &[("p01", 183), ("p08", 136), ("p10", 120), ("p03", 117)],
        &["p07"],
    );

    // ===== Week 9 (3 Apr, British Summer Time). p10 stays away for three weeks.
    t.set_now(local(friday(9), 13, 40));
    // 12:35 UTC is 13:35 BST: after the bell (J.5).
    let utc_noon = Command::RegisterGame {
        white: u("p01"),
        black: u("p02"),
        result: W,
        played_at: "2026-04-03T12:35:00Z".parse().unwrap(),
        room: "322".into(),
        moderator: u("mod1"),
        chessclock: false,
        oversight: None,
    };
    assert_eq!(t.refused("p01", utc_noon), "club J.5");
    // p01 (183) beats p02 (100): E = 1/(1+10^(−83/400)) = 0.6172;
    // 32·0.3828 = 12.25 → +12 (195).
    register(&mut t, 9, 0, "p01", "p02", W);
    // p08 (136) beats p03 (117): E = 1/(1+10^(−19/400)) = 0.5273;
    // 32·0.4727 = 15.13 → +15 (151), p03 102.
    register(&mut t, 9, 1, "p08", "p03", W);
    attendance(&mut t, 9, &["p06", "p10"]);
    close(&mut t, 9);
    check(
        &t,
        9,
        &[("p01", 195), ("p08", 151), ("p10", 120), ("p03", 102)],
        &["p07"],
    );

    // ===== Week 10 (10 Apr). p06's ban ended at 00:00 today (II.9.2); the
    // sweep after midnight records it.
    t.set_now(local(friday(10), 0, 5));
    assert!(t
        .tick("deadline-sweep")
        .iter()
        .any(|e| matches!(e, Event::BanExpired { .. })));
    assert!(t.ladder().members[&u("p06")].ban.is_none());
    t.set_now(local(friday(10), 13, 40));
    // p06 (100) beats p28 (100): +16.
    register(&mut t, 10, 0, "p06", "p28", W);
    // p01 (195) beats p08 (151): E = 1/(1+10^(−44/400)) = 0.5630;
    // 32·0.4368 = 13.98 → +14 (209), p08 137.
    register(&mut t, 10, 1, "p01", "p08", W);
    // p02 (100) draws p03 (102): E(p02) = 0.4971; 32·0.0029 = 0.09 → 0.
    register(&mut t, 10, 2, "p02", "p03", D);
    attendance(&mut t, 10, &["p10"]);
    close(&mut t, 10);
    check(
        &t,
        10,
        &[
            ("p01", 209),
            ("p08", 137),
            ("p10", 120),
            ("p03", 102),
            ("p06", 116),
        ],
        &["p07"],
    );

    // ===== Week 11 (17 Apr).
    t.set_now(local(friday(11), 13, 40));
    // p01 (209) beats p02 (100): E = 1/(1+10^(−109/400)) = 0.6519;
    // 32·0.3481 = 11.14 → +11 (220).
    register(&mut t, 11, 0, "p01", "p02", W);
    // p08 (137) beats p05 (100): E = 1/(1+10^(−37/400)) = 0.5530;
    // 32·0.4470 = 14.30 → +14 (151).
    register(&mut t, 11, 1, "p08", "p05", W);
    attendance(&mut t, 11, &["p10"]);
    let e = close(&mut t, 11);
    // p10's third missed week (9, 10, 11): −15 (105). p03 and p06 played
    // in week 10: one idle week, nothing.
    assert!(e
        .iter()
        .any(|e| matches!(e, Event::WeekClosed { deductions, .. }
        if deductions.iter().any(|d| d.member == u("p10") && d.applied == -15))));
    check(
        &t,
        11,
        &[
            ("p01", 220),
            ("p08", 151),
            ("p10", 105),
            ("p03", 102),
            ("p06", 116),
        ],
        &["p07"],
    );

    // ===== Week 12 (24 Apr).
    t.set_now(local(friday(12), 13, 40));
    // p01 (220) draws p08 (151): E = 1/(1+10^(−69/400)) = 0.5980;
    // 32·(−0.0980) = −3.14 → −3 (217), p08 +3 (154).
    register(&mut t, 12, 0, "p01", "p08", D);
    // p02 (100) beats p10 (105): E = 1/(1+10^(5/400)) = 0.4928;
    // 32·0.5072 = 16.23 → +16 (116), p10 105 − 16 → floor (100).
    register(&mut t, 12, 1, "p02", "p10", W);
    // p03 (102) beats p04 (100): E = 0.5029; 32·0.4971 = 15.91 → +16 (118).
    register(&mut t, 12, 2, "p03", "p04", W);
    attendance(&mut t, 12, &[]);
    close(&mut t, 12);
    // p06: no game in weeks 11, 12 — two, not three: no deduction.
    check(
        &t,
        12,
        &[
            ("p01", 217),
            ("p08", 154),
            ("p02", 116),
            ("p03", 118),
            ("p06", 116),
        ],
        &["p07"],
    );

    // The audit trail holds the fraud ladder to the ban, the overturned
    // appeal and the voided penalty.
    let l = t.ladder();
    assert_eq!(l.members[&u("p06")].fraud_violations, 4);
    assert_eq!(
        l.appeals[&appeal]
            .judgement
            .as_ref()
            .map(|j| j.decision.clone()),
        Some(Vote::Overturn {
            remedy: Remedy::Annul
        })
    );
    assert_eq!(l.powers[&undeclared].status, ladder::PowerStatus::Void);
    assert_eq!(l.closed_through, Some(friday(12)));
    // The whole competition survives a snapshot.
    let env = t.competition();
    let snapshot = serde_json::to_string(&*env).unwrap();
    let back: Competition = serde_json::from_str(&snapshot).unwrap();
    assert_eq!(back, *env);
}
