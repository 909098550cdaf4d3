//! A 7-player World Masters board played through the competition envelope
//! (`competition::decide` / `competition::apply`) with a fake clock, from
//! Spring 1901 to its last year (wm D, B.7). Every position is hand-checked;
//! at each step no secret leaks to another viewer through `view` or the log.

use arbiter_domain::competition::{Actor, Command as EnvCommand, Role};
use arbiter_domain::diplomacy::game::event::{EndReason, Event};
use arbiter_domain::diplomacy::game::press::PressKind;
use arbiter_domain::diplomacy::game::replacement::ReplacementPeriod;
use arbiter_domain::diplomacy::game::settings::{HouseRules, Settings, TurnLengths};
use arbiter_domain::diplomacy::game::vote::{Ballot, ProposalKind};
use arbiter_domain::diplomacy::game::{Board, Command};
use arbiter_domain::diplomacy::map::Power;
use arbiter_domain::testkit::{u, Scenario, SWEEP};
use arbiter_domain::Refusal;
use chrono::{DateTime, Duration, Utc};
use std::collections::BTreeMap;

/// Monday 5 January 2026, 12:00 UTC.
fn t(hours: i64) -> DateTime<Utc> {
    "2026-01-05T12:00:00Z".parse::<DateTime<Utc>>().unwrap() + Duration::hours(hours)
}

fn player(p: Power) -> String {
    format!("{}-player", p.name().to_lowercase())
}

const VIEWERS: [&str; 12] = [
    "austria-player",
    "england-player",
    "france-player",
    "germany-player",
    "italy-player",
    "russia-player",
    "turkey-player",
    "gm",
    "td",
    "org",
    "sub",
    "stranger",
];

/// The board on the test scenario, with its GM and TD.
struct World {
    scenario: Scenario<Board>,
}

impl World {
    fn new() -> Self {
        let officials = [("gm", Role::GameMaster), ("td", Role::TournamentDirector)];
        World {
            scenario: Scenario::named("wm-board-1", "Round 1, board 1", t(0), &officials),
        }
    }

    /// `actor` issues `cmd` at `now`; `sweep` is the deadline sweep.
    fn env(
        &mut self,
        actor: &str,
        cmd: EnvCommand,
        now: DateTime<Utc>,
    ) -> Result<Vec<Event>, Refusal> {
        let actor = if actor == "sweep" { SWEEP } else { actor };
        self.scenario.when(actor, now, cmd).events()
    }

    fn run(
        &mut self,
        actor: &str,
        cmd: Command,
        now: DateTime<Utc>,
    ) -> Result<Vec<Event>, Refusal> {
        self.env(actor, EnvCommand::DiplomacyGame(cmd), now)
    }

    fn sweep(&mut self, now: DateTime<Utc>) -> Vec<Event> {
        self.env("sweep", EnvCommand::Tick, now).unwrap()
    }

    fn board(&self) -> &Board {
        self.scenario.state()
    }

    fn phase(&self) -> String {
        self.board().phase().unwrap().to_owned()
    }

    fn orders(&mut self, who: &str, p: Power, lines: &[&str], fin: bool, now: DateTime<Utc>) {
        let phase = self.phase();
        let cmd = Command::SubmitOrders {
            power: p,
            phase,
            orders: lines.iter().map(|s| s.to_string()).collect(),
            is_final: fin,
        };
        self.run(who, cmd, now).unwrap();
    }

    fn units(&self, p: Power) -> Vec<String> {
        let mut u = self
            .board()
            .position
            .as_ref()
            .unwrap()
            .units
            .get(p.name())
            .cloned()
            .unwrap_or_default();
        u.sort();
        u
    }

    fn centers(&self, p: Power) -> usize {
        self.board()
            .position
            .as_ref()
            .unwrap()
            .centers
            .get(p.name())
            .map_or(0, Vec::len)
    }

    /// What `viewer` can read: the view and the audit log.
    fn visible(&self, viewer: &str) -> String {
        self.scenario.visible(viewer)
    }

    /// `needle` is visible to exactly `allowed` among the viewers.
    fn secret(&self, needle: &str, allowed: &[&str]) {
        for viewer in VIEWERS {
            let sees = self.visible(viewer).contains(needle);
            assert_eq!(
                sees,
                allowed.contains(&viewer),
                "{viewer} sees {needle:?}: {sees}"
            );
        }
    }

    fn public(&self, needle: &str) {
        self.secret(needle, &VIEWERS);
    }

    fn vote(&mut self, p: Power, id: u32, ballot: Ballot, now: DateTime<Utc>) {
        self.run(
            &player(p),
            Command::RecordVote {
                proposal: id,
                ballot,
            },
            now,
        )
        .unwrap();
    }

    /// No viewer but the voter sees any ballot; nobody sees a tally.
    fn votes_secret(&self) {
        for viewer in VIEWERS {
            let v = self.scenario.competition().view(Some(&u(viewer)));
            let mine = &v.game["my_ballots"];
            let power = self.board().power_of(&u(viewer));
            if power.is_none() || self.board().seats[&power.unwrap()].civil_disorder {
                assert!(
                    mine.as_object().is_none_or(|m| m.is_empty()),
                    "{viewer} sees ballots: {mine}"
                );
            }
            let log = self.visible(viewer);
            let vote_events = log.matches("vote-recorded").count();
            let own = self
                .scenario
                .log()
                .iter()
                .filter(|c| c.command == "record-vote" && c.actor == Actor::User(u(viewer)))
                .count();
            assert!(
                vote_events <= own,
                "{viewer} sees {vote_events} vote events, cast {own}"
            );
            assert!(!log.contains("tally"));
        }
    }
}

fn all_powers_except(except: &[Power]) -> Vec<Power> {
    Power::ALL
        .into_iter()
        .filter(|p| !except.contains(p))
        .collect()
}

#[test]
fn diplomacy_game_seven_players_from_spring_1901_to_the_last_year() {
    let mut w = World::new();
    let settings = Settings {
        players: Power::ALL.into_iter().map(|p| (p, u(&player(p)))).collect(),
        last_year: 1903,
        first_deadline: t(120), // Saturday 10 January 12:00 UTC
        turn_lengths: TurnLengths {
            movement_hours: 120,
            retreat_hours: 24,
            adjustment_hours: 24,
        },
        players_consent_to_faster: false,
        house_rules: HouseRules::default(),
        abbreviations: BTreeMap::new(),
        captains: BTreeMap::new(),
        teams: BTreeMap::new(),
        time_zone: None,
    };
    w.run("gm", Command::SetUp { settings }, t(0)).unwrap();
    w.public("order_set_identification");
    assert_eq!(w.phase(), "S1901M");

    // wm D.VII.2: England is away Friday 17:00 to Monday 09:00 UTC; the
    // Saturday deadline moves to Monday 12 January 09:00 (t+165).
    use arbiter_domain::diplomacy::game::deadline::Unavailability;
    w.run(
        "england-player",
        Command::DeclareUnavailability {
            window: Unavailability {
                weekday: 4,
                start_hour: 17,
                hours: 64,
            },
        },
        t(1),
    )
    .unwrap();
    assert_eq!(w.board().deadline, Some(t(165)));

    // Spring 1901. England: a preliminary full set, then a revised partial final set (wm D.III.3).
    w.orders(
        "england-player",
        Power::England,
        &["F LON - ENG", "F EDI - NTH", "A LVP - WAL"],
        false,
        t(2),
    );
    w.secret("A LVP - WAL", &["england-player", "gm"]);
    w.orders(
        "england-player",
        Power::England,
        &["F London - North Sea"],
        true,
        t(3),
    );
    w.orders(
        "france-player",
        Power::France,
        &["F BRE - MAO", "A PAR - BUR", "A MAR - SPA"],
        true,
        t(4),
    );
    w.orders(
        "germany-player",
        Power::Germany,
        &["A MUN - RUH", "F KIE - DEN", "A BER - KIE"],
        true,
        t(4),
    );
    for p in [Power::Austria, Power::Italy, Power::Turkey] {
        w.orders(&player(p), p, &[], true, t(4));
    }
    w.secret("A MAR - SPA", &["france-player", "gm"]);
    // Russia sends nothing: no early adjudication, and at the deadline the
    // phase is withheld and the replacement procedure starts (wm D.VII.6.b).
    assert!(w.sweep(t(30)).is_empty());
    let e = w.sweep(t(165));
    assert_eq!(
        e[0],
        Event::AdjudicationWithheld {
            phase: "S1901M".into(),
            missing: vec![Power::Russia]
        }
    );
    assert!(matches!(
        e[1],
        Event::ReplacementProcedureStarted {
            power: Power::Russia,
            ..
        }
    ));
    assert!(
        w.sweep(t(165) + Duration::minutes(5)).is_empty(),
        "an overlapping sweep changes nothing"
    );
    w.secret("A MAR - SPA", &["france-player", "gm"]);

    // wm B.7: a temporary replacement for two seasons; the GM sets a new deadline.
    w.run(
        "gm",
        Command::AppointReplacement {
            power: Power::Russia,
            player: u("sub"),
            period: ReplacementPeriod::Temporary { seasons: 2 },
        },
        t(166),
    )
    .unwrap();
    assert!(w.scenario.competition().has_role(&u("sub"), Role::Player));
    w.run("gm", Command::SetDeadline { deadline: t(190) }, t(166))
        .unwrap();
    w.orders("sub", Power::Russia, &["A MOS - UKR"], true, t(167));
    // Every set final and 24 hours since the start: early adjudication (wm D.VII.2).
    let e = w.sweep(t(168));
    assert!(e
        .iter()
        .any(|e| matches!(e, Event::PhaseAdjudicated { .. })));
    assert!(w.sweep(t(168)).is_empty(), "adjudicated once");
    assert_eq!(w.phase(), "F1901M");
    assert_eq!(
        w.units(Power::England),
        vec!["A LVP", "F EDI", "F NTH"],
        "the partial set replaced the full one"
    );
    assert_eq!(w.units(Power::France), vec!["A BUR", "A SPA", "F MAO"]);
    assert_eq!(
        w.units(Power::Russia),
        vec!["A UKR", "A WAR", "F SEV", "F STP/SC"]
    );
    w.public("A MAR - SPA");
    w.public("F London - North Sea");
    // Fall 1901 would end Saturday 17 January 12:00, inside England's window: Monday 09:00.
    assert_eq!(w.board().deadline, Some(t(333)));

    // Fall 1901.
    w.orders(
        "france-player",
        Power::France,
        &["F MAO - POR", "A BUR - BEL", "A SPA H"],
        true,
        t(170),
    );
    w.orders(
        "germany-player",
        Power::Germany,
        &["A RUH - HOL", "F DEN H", "A KIE H"],
        true,
        t(170),
    );
    w.orders("england-player", Power::England, &["F NTH H"], true, t(170));
    w.orders("sub", Power::Russia, &["A UKR - RUM"], true, t(170));
    for p in [Power::Austria, Power::Italy, Power::Turkey] {
        w.orders(&player(p), p, &[], true, t(170));
    }
    w.secret("A UKR - RUM", &["sub", "gm"]);
    assert!(w.sweep(t(191)).is_empty(), "24 hours between adjudications");
    let e = w.sweep(t(192));
    assert!(
        e.contains(&Event::PlayerReturned {
            power: Power::Russia
        }),
        "the period is over"
    );
    assert_eq!(w.phase(), "W1901A");
    assert_eq!(
        (
            w.centers(Power::France),
            w.centers(Power::Germany),
            w.centers(Power::Russia)
        ),
        (6, 5, 5)
    );
    assert_eq!(w.board().seats[&Power::Russia].player, u("russia-player"));
    assert_eq!(w.board().deadline, Some(t(216)));

    // Winter 1901: preliminary builds count at the deadline.
    w.orders(
        "france-player",
        Power::France,
        &["build A PAR", "build F BRE", "build A MAR"],
        false,
        t(193),
    );
    w.orders(
        "germany-player",
        Power::Germany,
        &["build A BER", "build A MUN"],
        false,
        t(193),
    );
    w.orders(
        "russia-player",
        Power::Russia,
        &["build A MOS"],
        false,
        t(193),
    );
    assert!(w.sweep(t(215)).is_empty());
    w.sweep(t(216));
    assert_eq!(w.phase(), "S1902M");
    assert_eq!(
        w.units(Power::Germany),
        vec!["A BER", "A HOL", "A KIE", "A MUN", "F DEN"]
    );
    assert_eq!(w.board().deadline, Some(t(336)));

    // Spring 1902: Italy's guaranteed extension; Austria asks too late.
    let ext = |p: Power| Command::RequestExtension {
        power: p,
        hours: 24,
        holiday: None,
        for_later_turn: false,
    };
    w.run("italy-player", ext(Power::Italy), t(217)).unwrap();
    assert_eq!(w.board().deadline, Some(t(360)));
    let late = w
        .run("austria-player", ext(Power::Austria), t(349))
        .unwrap_err();
    assert_eq!(late.clause.as_deref(), Some("wm D.VII.5"));
    assert_eq!(w.board().deadline, Some(t(360)));
    // Grey press from France.
    w.run(
        "france-player",
        Command::SendPress {
            press: PressKind::Grey,
            text: "The Kaiser plots against you all".into(),
            attributed_to: None,
        },
        t(220),
    )
    .unwrap();
    w.public("The Kaiser plots against you all");
    w.secret("\"author\":\"france-player\"", &["france-player"]);
    w.secret("\"power\":\"FRANCE\",\"text\"", &["france-player"]);
    // Germany NMRs; France takes Holland with English support.
    w.orders(
        "france-player",
        Power::France,
        &["A BEL - HOL"],
        true,
        t(221),
    );
    w.orders(
        "england-player",
        Power::England,
        &["F NTH S A BEL - HOL"],
        true,
        t(221),
    );
    for p in all_powers_except(&[Power::France, Power::England, Power::Germany]) {
        w.orders(&player(p), p, &[], false, t(222));
    }
    let e = w.sweep(t(360));
    let Some(Event::PhaseAdjudicated { nmr, .. }) = e
        .iter()
        .find(|e| matches!(e, Event::PhaseAdjudicated { .. }))
    else {
        panic!("{e:?}")
    };
    assert_eq!(nmr, &vec![Power::Germany]);
    assert!(e.iter().any(|e| matches!(
        e,
        Event::NmrRecorded {
            power: Power::Germany,
            ..
        }
    )));
    assert_eq!(w.phase(), "S1902R");
    // wm D.VII.6.c: Germany's units held; Holland's army is dislodged and may retreat.
    assert_eq!(
        w.units(Power::Germany),
        vec!["A BER", "A KIE", "A MUN", "F DEN"]
    );
    let dislodged = &w.board().position.as_ref().unwrap().dislodged["GERMANY"];
    assert_eq!(dislodged[0].unit, "A HOL");
    assert_eq!(
        dislodged[0].retreats.as_deref(),
        Some(&["RUH".to_string()][..])
    );
    w.run(
        "germany-player",
        Command::ContactGm {
            power: Power::Germany,
        },
        t(361),
    )
    .unwrap();
    w.orders(
        "germany-player",
        Power::Germany,
        &["A HOL - RUH"],
        true,
        t(362),
    );
    w.sweep(t(384));
    assert_eq!(w.phase(), "F1902M");
    assert_eq!(
        w.units(Power::Germany),
        vec!["A BER", "A KIE", "A MUN", "A RUH", "F DEN"]
    );
    assert_eq!(w.board().deadline, Some(t(504)));
    assert!(w.board().nmrs.is_empty());

    // Fall 1902: a draw proposal fails on Turkey's no.
    w.run(
        "england-player",
        Command::Propose {
            proposal: ProposalKind::Draw {
                powers: Power::ALL.into_iter().collect(),
            },
        },
        t(385),
    )
    .unwrap();
    for p in Power::ALL {
        w.vote(
            p,
            1,
            if p == Power::Turkey {
                Ballot::No
            } else {
                Ballot::Yes
            },
            t(386),
        );
    }
    w.votes_secret();
    for p in Power::ALL {
        w.orders(&player(p), p, &[], true, t(387));
    }
    let e = w.sweep(t(408));
    assert!(e.contains(&Event::ProposalDecided {
        id: 1,
        passed: false
    }));
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::PhaseAdjudicated { .. })),
        "published with the adjudication"
    );
    w.votes_secret();
    assert_eq!(w.phase(), "W1902A");
    assert_eq!(
        (w.centers(Power::France), w.centers(Power::Germany)),
        (7, 4)
    );

    // Winter 1902: France's home centres are all occupied, so it waives its
    // build; Germany's removal is made by civil-disorder rule (wm D.V.4).
    w.orders("france-player", Power::France, &["waive"], true, t(409));
    w.orders("germany-player", Power::Germany, &[], true, t(409));
    w.sweep(t(432));
    assert_eq!(w.phase(), "S1903M");
    assert_eq!(w.units(Power::Germany).len(), 4);
    assert_eq!(w.units(Power::France).len(), 6);

    // Spring 1903: everyone holds, final; early adjudication.
    for p in Power::ALL {
        w.orders(&player(p), p, &[], true, t(433));
    }
    // Saturday 24 January 12:00 lies in England's window: no early
    // adjudication is published until it ends on Monday 09:00 (wm D.VII.2).
    assert_eq!(w.scenario.competition().next_due(), Some(t(501)));
    assert!(w.sweep(t(456)).is_empty());
    assert!(w.sweep(t(500)).is_empty());
    w.sweep(t(501));
    assert_eq!(w.phase(), "F1903M");

    // Fall 1903, the last year: a draw of all survivors passes; it is
    // published instead of the adjudication (wm D.IX.2).
    w.run(
        "russia-player",
        Command::Propose {
            proposal: ProposalKind::Draw {
                powers: Power::ALL.into_iter().collect(),
            },
        },
        t(502),
    )
    .unwrap();
    for p in Power::ALL {
        w.vote(p, 2, Ballot::No, t(503));
        w.vote(p, 2, Ballot::Yes, t(504));
        w.orders(&player(p), p, &[], true, t(504));
    }
    w.votes_secret();
    let e = w.sweep(t(525));
    assert!(e.contains(&Event::ProposalDecided {
        id: 2,
        passed: true
    }));
    assert!(!e
        .iter()
        .any(|e| matches!(e, Event::PhaseAdjudicated { .. })));
    let r = w.board().result.clone().unwrap();
    assert_eq!(r.reason, EndReason::Draw);
    let centers: Vec<usize> = Power::ALL.iter().map(|p| r.centers[p]).collect();
    // AUS ENG FRA GER ITA RUS TUR
    assert_eq!(centers, vec![3, 3, 7, 4, 3, 5, 3]);
    assert!(w.sweep(t(1000)).is_empty());
    assert_eq!(w.scenario.competition().next_due(), None);
    w.votes_secret();
    // The grey author stays hidden to the end.
    for viewer in VIEWERS.into_iter().filter(|v| *v != "france-player") {
        let v = w.scenario.competition().view(Some(&u(viewer)));
        assert_eq!(
            v.game["press"][0]["author"],
            serde_json::Value::Null,
            "{viewer}"
        );
        assert_eq!(
            v.game["press"][0]["power"],
            serde_json::Value::Null,
            "{viewer}"
        );
    }
}
