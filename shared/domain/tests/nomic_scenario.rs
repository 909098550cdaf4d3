//! A whole Nomic game through the envelope (`competition::decide` /
//! `competition::apply`) with a fake clock: five players from the seed's
//! rule 201, several circuits, proper and improper proposals, votes and late
//! votes, the switch to simple majority, the dissenters' +10, an amendment
//! renumbering a rule and its references, a transmutation needing
//! unanimity, a disputed and overruled Judgement, and a player reaching 200.
//! The lead replays the same story over HTTP.
//!
//! Calendar: UK time is GMT until Sunday 29 March 2026, BST after.

use arbiter_domain::calendar::UK;
use arbiter_domain::competition::{self, Actor, Competition, Kind, Recorded};
use arbiter_domain::nomic::{
    AllocatedDay, Command, Nomic, ProposalStatus, RuleBookExport, RuleChange, Settings, Threshold,
    Vote,
};
use arbiter_domain::rulebook::parts::*;
use arbiter_domain::testkit::{at, u as user, Scenario};
use chrono::{DateTime, Days, NaiveDate, NaiveTime, TimeZone, Utc};

const SEED: &str = arbiter_domain::nomic::rulebook::INITIAL_SET;

const PLAYERS: [(&str, AllocatedDay); 5] = [
    ("chris", AllocatedDay::Monday),
    ("dave", AllocatedDay::Tuesday),
    ("ben", AllocatedDay::Wednesday),
    ("alext", AllocatedDay::Thursday),
    ("alexw", AllocatedDay::Friday),
];
const ALL: [&str; 5] = ["chris", "dave", "ben", "alext", "alexw"];

/// `hh:mm` UK local time on `date`, as UTC.
fn uk(date: NaiveDate, h: u32, m: u32) -> DateTime<Utc> {
    UK.from_local_datetime(&date.and_time(NaiveTime::from_hms_opt(h, m, 0).unwrap()))
        .unwrap()
        .with_timezone(&Utc)
}

/// The game on the test scenario; every event decided is checked to
/// survive the store's JSON.
struct Table {
    scenario: Scenario<Nomic>,
}

/// The store keeps events as JSON: every event survives the trip.
fn stored(events: &[Recorded]) {
    let back: Vec<Recorded> =
        serde_json::from_value(serde_json::to_value(events).unwrap()).unwrap();
    assert_eq!(back, events);
}

impl Table {
    /// The game `id`, created by `org` at `now`.
    fn create(id: &str, name: &str, now: DateTime<Utc>) -> Self {
        let create = competition::Command::Create {
            kind: Kind::Nomic,
            name: name.into(),
        };
        let (scenario, events) =
            Scenario::first(id, Actor::User(user("org")), now, &create).expect("created");
        stored(&events);
        Table { scenario }
    }

    fn run(
        &mut self,
        actor: Actor,
        now: DateTime<Utc>,
        cmd: competition::Command,
    ) -> Result<Vec<Recorded>, arbiter_domain::Refusal> {
        let events = self.scenario.when_by(actor, now, cmd).recorded()?;
        stored(&events);
        Ok(events)
    }

    fn nomic_cmd(
        &mut self,
        who: &str,
        now: DateTime<Utc>,
        cmd: Command,
    ) -> Result<Vec<Recorded>, arbiter_domain::Refusal> {
        self.run(
            Actor::User(user(who)),
            now,
            competition::Command::Nomic(cmd),
        )
    }

    fn ok(&mut self, who: &str, now: DateTime<Utc>, cmd: Command) -> Vec<Recorded> {
        let name = cmd.name();
        self.nomic_cmd(who, now, cmd)
            .unwrap_or_else(|e| panic!("{who} {name} at {now}: {e:?}"))
    }

    /// The clause a refused command cites.
    fn refused(&mut self, who: &str, now: DateTime<Utc>, cmd: Command) -> String {
        let e = self.nomic_cmd(who, now, cmd).expect_err("must be refused");
        e.clause.map(|c| c.into_owned()).unwrap_or_default()
    }

    fn tick(&mut self, now: DateTime<Utc>) -> Vec<Recorded> {
        self.run(
            Actor::Schedule("nomic-end-of-day".into()),
            now,
            competition::Command::Tick,
        )
        .unwrap()
    }

    fn propose(&mut self, who: &str, now: DateTime<Utc>, change: RuleChange) -> u32 {
        self.ok(who, now, Command::Propose { change });
        self.nomic().proposals.last().unwrap().number
    }

    fn vote(&mut self, who: &[&str], now: DateTime<Utc>, proposal: u32, vote: Vote) {
        for w in who {
            self.ok(w, now, Command::RecordVote { proposal, vote });
        }
    }

    fn nomic(&self) -> &Nomic {
        self.scenario.state()
    }

    fn points(&self, who: &str) -> i64 {
        self.nomic().points[&user(who)]
    }

    fn status(&self, n: u32) -> ProposalStatus {
        self.nomic().proposal(n).unwrap().status
    }
}

fn clauses(events: &[Recorded]) -> Vec<String> {
    events.iter().filter_map(|r| r.clause.clone()).collect()
}

fn amend(rule: u32, text: &str) -> RuleChange {
    RuleChange::Amend {
        rule,
        text: vec![text.into()],
    }
}

#[test]
fn nomic_scenario_five_players_several_circuits_to_200() {
    let setup = at("2026-03-14T10:00:00Z");
    let mut t = Table::create("nomic-2026", "Nomic 2026", setup);
    let rules = RuleBookExport::from_json_str(SEED).unwrap();
    t.ok("org", setup, Command::ImportRules { rules });
    for (p, day) in PLAYERS {
        t.ok(
            "org",
            setup,
            Command::SeatPlayer {
                player: user(p),
                day,
            },
        );
    }
    t.ok(
        "org",
        at("2026-03-15T12:00:00Z"),
        Command::Begin {
            settings: Settings::default(),
        },
    );
    // Seated players are members of the competition.
    assert!(PLAYERS
        .iter()
        .all(|(p, _)| t.nomic().players.contains_key(&user(p))));

    // ---- Circuit 1 (GMT) ----
    let mon = NaiveDate::from_ymd_opt(2026, 3, 16).unwrap();
    // Monday: dave's proposal is on the wrong day (202).
    assert_eq!(
        t.refused("dave", uk(mon, 10, 0), amend(212, "x").into()),
        "nomic 202"
    );
    // chris, 18:30 GMT, before 7pm: proper. Amends 206, which 214 cites.
    let p301 = t.propose("chris", uk(mon, 18, 30), amend(206, "An adopted rule-change takes full effect at the moment of the completion of the vote that adopted it."));
    assert_eq!(p301, 301);
    t.vote(&ALL, uk(mon, 20, 0), p301, Vote::Yes);
    let tue = mon + Days::new(1);
    let events = t.tick(uk(tue, 0, 0));
    // 204 unanimity, 203: R = 215 -> 10 * 5 / 5 = 10, 206 effect.
    assert_eq!(clauses(&events), ["nomic 204", "nomic 203", "nomic 206"]);
    assert_eq!(t.points("chris"), 10);
    // The amendment renumbered 206 to 301 (109) and 214's reference followed (110).
    let book = &t.nomic().rules.current;
    assert!(book.find(206).is_none());
    assert!(book.find(214).unwrap().record.text[4].contains("This has precedence over Rule 301."));

    // Tuesday: dave proposes; a second proposal of the day is not proper (202).
    let p302 = t.propose(
        "dave",
        uk(tue, 9, 0),
        RuleChange::Enact {
            text: vec!["Players greet each other.".into()],
        },
    );
    assert_eq!(
        t.refused("dave", uk(tue, 9, 30), amend(212, "y").into()),
        "nomic 202"
    );
    t.vote(
        &["chris", "dave", "alext", "alexw"],
        uk(tue, 10, 0),
        p302,
        Vote::Yes,
    );
    t.vote(&["ben"], uk(tue, 10, 0), p302, Vote::No);
    let wed = tue + Days::new(1);
    assert_eq!(
        t.refused(
            "alexw",
            uk(wed, 0, 10),
            Command::RecordVote {
                proposal: p302,
                vote: Vote::No
            }
        ),
        "nomic 113"
    );
    t.tick(uk(wed, 0, 0));
    // Unanimity fails. 203: R = 301 -> 11 * 4 / 5 = 8.8 -> 8; 207: -10. dave: -2.
    assert_eq!(t.status(p302), ProposalStatus::Defeated);
    assert_eq!(t.points("dave"), -2);

    // Wednesday: ben's transmutation of 115 (immutable) with one abstention
    // is unanimous among votes cast but not among eligible voters (111).
    let p303 = t.propose("ben", uk(wed, 9, 0), RuleChange::Transmute { rule: 115 });
    t.vote(
        &["chris", "dave", "ben", "alexw"],
        uk(wed, 10, 0),
        p303,
        Vote::Yes,
    );
    let thu = wed + Days::new(1);
    let events = t.tick(uk(thu, 0, 0));
    assert!(clauses(&events).contains(&"nomic 111".to_string()));
    assert_eq!(t.status(p303), ProposalStatus::Defeated);
    // 203: 11 * 4 / 4 = 11; 207: -10. ben: 1.
    assert_eq!(t.points("ben"), 1);

    // Thursday: alext transmutes 115 with all five votes: 115 becomes 304, mutable.
    let p304 = t.propose("alext", uk(thu, 9, 0), RuleChange::Transmute { rule: 115 });
    t.vote(&ALL, uk(thu, 10, 0), p304, Vote::Yes);
    let fri = thu + Days::new(1);
    t.tick(uk(fri, 0, 0));
    let r = t.nomic().rules.current.find(304).unwrap();
    assert_eq!(r.record.label, "304");
    assert_eq!(t.points("alext"), 11); // 11 * 5 / 5

    // Friday: alexw enacts a rule; dave raises a Point of Order about it.
    let p305 = t.propose(
        "alexw",
        uk(fri, 9, 0),
        RuleChange::Enact {
            text: vec!["Chain rule.".into()],
        },
    );
    t.ok(
        "dave",
        uk(fri, 9, 30),
        Command::RaisePointOfOrder {
            statement: "Is 305 a proper enactment?".into(),
            proposal: Some(p305),
        },
    );
    let point = t.nomic().points_of_order.last().unwrap().id;
    // The Judge is alext, whose day (Thursday) precedes Friday.
    assert_eq!(
        t.nomic().point_of_order(point).unwrap().judge,
        user("alext")
    );
    t.ok(
        "alext",
        uk(fri, 10, 0),
        Command::PronounceJudgement {
            point,
            decision: "It is not.".into(),
            finding: None,
            mover: None,
        },
    );
    t.ok("ben", uk(fri, 10, 10), Command::DisputeJudgement { point });
    t.ok(
        "chris",
        uk(fri, 10, 20),
        Command::DisagreeWithJudgement { point },
    );
    t.ok(
        "dave",
        uk(fri, 10, 30),
        Command::DisagreeWithJudgement { point },
    );
    // An hour from the dispute with only disagreement: alext is overruled;
    // the player preceding him, ben (Wednesday), judges.
    assert!(t.tick(uk(fri, 11, 9)).is_empty());
    t.tick(uk(fri, 11, 10));
    let po = t.nomic().point_of_order(point).unwrap();
    assert_eq!(
        (po.judge.clone(), po.former_judges.clone()),
        (user("ben"), vec![user("alext")])
    );
    t.ok(
        "ben",
        uk(fri, 12, 0),
        Command::PronounceJudgement {
            point,
            decision: "It is.".into(),
            finding: None,
            mover: None,
        },
    );
    t.vote(&ALL, uk(fri, 12, 30), p305, Vote::Yes);
    t.tick(uk(fri, 13, 0)); // nobody disputed within the hour: invoked
    assert!(!t.nomic().point_of_order(point).unwrap().active());
    let sat = fri + Days::new(1);
    // Saturday: messages are void (201).
    assert_eq!(
        t.refused("chris", uk(sat, 10, 0), amend(212, "z").into()),
        "nomic 201"
    );
    t.tick(uk(sat, 0, 0));
    assert_eq!(t.status(p305), ProposalStatus::InEffect);
    // 203: R = 304 -> 14 * 5 / 5 = 14.
    assert_eq!(t.points("alexw"), 14);

    // ---- Circuit 2 (GMT): everyone amends the chain rule, all yes ----
    let mut chain = p305;
    let mut day = NaiveDate::from_ymd_opt(2026, 3, 23).unwrap();
    for who in ALL {
        let n = t.propose(
            who,
            uk(day, 9, 0),
            amend(chain, &format!("Chain rule, as amended by {who}.")),
        );
        t.vote(&ALL, uk(day, 10, 0), n, Vote::Yes);
        t.tick(uk(day + Days::new(1), 0, 0));
        assert_eq!(t.status(n), ProposalStatus::InEffect);
        chain = n;
        day = day + Days::new(1);
    }
    // 306..310 each gave its proposer R - 290 with R the previous number:
    // chris 10 + 15 = 25, dave -2 + 16 = 14, ben 1 + 17 = 18, alext 11 + 18 = 29,
    // alexw 14 + 19 = 33.
    let expected = [
        ("chris", 25),
        ("dave", 14),
        ("ben", 18),
        ("alext", 29),
        ("alexw", 33),
    ];
    for (p, pts) in expected {
        assert_eq!(t.points(p), pts, "{p}");
    }
    // The end of the second circuit (Friday 27 March) switched adoption (204).
    assert_eq!(t.nomic().threshold, Threshold::SimpleMajority);

    // ---- Circuit 3 (BST from Sunday 29 March) ----
    let mon = NaiveDate::from_ymd_opt(2026, 3, 30).unwrap();
    // 18:30 UTC is 19:30 BST: too late (202), though it was fine a fortnight ago.
    assert_eq!(
        t.refused(
            "chris",
            at("2026-03-30T18:30:00Z"),
            amend(chain, "late").into()
        ),
        "nomic 202"
    );
    let n = t.propose(
        "chris",
        at("2026-03-30T17:30:00Z"),
        amend(chain, "Chain rule, majority."),
    );
    t.vote(&["chris", "dave", "ben"], uk(mon, 19, 0), n, Vote::Yes);
    t.vote(&["alext", "alexw"], uk(mon, 19, 0), n, Vote::No);
    let events = t.tick(uk(mon + Days::new(1), 0, 0));
    assert_eq!(t.status(n), ProposalStatus::InEffect);
    assert_eq!(
        clauses(&events)
            .iter()
            .filter(|c| *c == "nomic 205")
            .count(),
        2
    );
    // chris: R = 310 -> 20 * 3 / 5 = 12 -> 37; alext 39, alexw 43 (+10 each).
    assert_eq!(
        (t.points("chris"), t.points("alext"), t.points("alexw")),
        (37, 39, 43)
    );
    chain = n;

    // ---- Play on, every weekday, all yes, until someone reaches 200 ----
    let mut day = mon + Days::new(1);
    let mut last_events = vec![];
    while t.nomic().winner.is_none() {
        if let Some(d) = AllocatedDay::of(day) {
            let who = PLAYERS.iter().find(|(_, pd)| *pd == d).unwrap().0;
            let n = t.propose(
                who,
                uk(day, 9, 0),
                amend(chain, &format!("Chain rule {day}.")),
            );
            t.vote(&ALL, uk(day, 10, 0), n, Vote::Yes);
            chain = n;
        }
        last_events = t.tick(uk(day + Days::new(1), 0, 0));
        day = day + Days::new(1);
        assert!(
            day < NaiveDate::from_ymd_opt(2026, 12, 31).unwrap(),
            "nobody won"
        );
    }
    let winner = t.nomic().winner.clone().unwrap();
    // By hand: proposal n pays its proposer n - 1 - 290 (R is the previous
    // number, every proposal adopted). alext: 39 + 23 (314) + 28 (319) +
    // 33 (324) + 38 (329) = 161, then 334 on Thursday 30 April: 161 + 43 = 204,
    // the first to reach 200 (alexw has 169, ben 178).
    assert_eq!(winner, user("alext"));
    assert_eq!(t.points("alext"), 204);
    assert_eq!(t.nomic().proposals.last().unwrap().number, 334);
    assert_eq!(day, NaiveDate::from_ymd_opt(2026, 5, 1).unwrap());
    assert!(t.nomic().points[&winner] >= 200);
    assert!(clauses(&last_events).contains(&"nomic 210".to_string()));
    assert!(t
        .nomic()
        .points
        .iter()
        .all(|(p, pts)| p == &winner || *pts < 200));
    // The points thread adds up (209): each line's total is the running sum.
    let mut running = std::collections::BTreeMap::new();
    for e in &t.nomic().points_thread {
        let total = running.entry(e.player.clone()).or_insert(0);
        *total += e.change;
        assert_eq!(*total, e.total);
        assert!(e.line().starts_with(&format!("{} (", e.total)));
    }
    // The game is over (210).
    assert_eq!(
        t.refused(
            winner.as_str(),
            uk(day + Days::new(7), 9, 0),
            amend(chain, "more").into()
        ),
        "nomic 210"
    );
    assert_eq!(t.nomic().next_due(), None);
    // The state survives a snapshot (JSON) unchanged.
    let env = t.scenario.competition().clone();
    let snapshot: Competition =
        serde_json::from_value(serde_json::to_value(&env).unwrap()).unwrap();
    assert_eq!(snapshot, env);
    // The rule book of the first day is still readable, and its export
    // equals the seed.
    let first = t.nomic().rule_book_at(at("2026-03-16T12:00:00Z")).unwrap();
    assert_eq!(
        first.to_json(),
        serde_json::from_str::<serde_json::Value>(SEED).unwrap()
    );
}
