//! Property: whatever the interleaving of order submissions and (repeated,
//! overlapping) deadline sweeps, each phase is adjudicated exactly once, with
//! exactly the last order set each power submitted before the deadline
//! (wm D.III.3, D.VII.1–3).

use arbiter_domain::competition::{Actor, Command as EnvCommand, Role};
use arbiter_domain::diplomacy::game::event::Event;
use arbiter_domain::diplomacy::game::settings::{HouseRules, Settings, TurnLengths};
use arbiter_domain::diplomacy::game::{Board, Command};
use arbiter_domain::diplomacy::map::Power;
use arbiter_domain::testkit::{u, Scenario};
use chrono::{DateTime, Duration, Utc};
use proptest::prelude::*;
use std::collections::BTreeMap;

fn t(minutes: i64) -> DateTime<Utc> {
    "2026-01-05T12:00:00Z".parse::<DateTime<Utc>>().unwrap() + Duration::minutes(minutes)
}

fn player(p: Power) -> String {
    format!("{}-player", p.name().to_lowercase())
}

/// Decides and, when events result, appends and applies; returns the board
/// events, or `None` when refused.
fn step(
    game: &mut Scenario<Board>,
    actor: Actor,
    cmd: EnvCommand,
    now: DateTime<Utc>,
) -> Option<Vec<Event>> {
    game.when_by(actor, now, cmd).events().ok()
}

fn new_game() -> Scenario<Board> {
    let mut game = Scenario::named("prop", "p", t(0), &[("gm", Role::GameMaster)]);
    let settings = Settings {
        players: Power::ALL.into_iter().map(|p| (p, u(&player(p)))).collect(),
        last_year: 1905,
        first_deadline: t(72 * 60),
        turn_lengths: TurnLengths {
            movement_hours: 72,
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
    step(
        &mut game,
        Actor::User(u("gm")),
        EnvCommand::DiplomacyGame(Command::SetUp { settings }),
        t(0),
    )
    .unwrap();
    game
}

/// Each power's order lines.
type OrderSets = BTreeMap<Power, Vec<String>>;

#[derive(Debug, Clone)]
enum Op {
    Submit {
        power: usize,
        variant: u8,
        is_final: bool,
    },
    /// One sweep, or two at the same instant (overlapping schedules).
    Sweep { twice: bool },
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => (0usize..7, 0u8..4, any::<bool>()).prop_map(|(power, variant, is_final)| Op::Submit { power, variant, is_final }),
        1 => any::<bool>().prop_map(|twice| Op::Sweep { twice }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn diplomacy_game_wm_d_vii_each_phase_adjudicated_once_with_the_last_set_before_the_deadline(
        ops in prop::collection::vec((0i64..400, op()), 1..40)
    ) {
        let mut comp = new_game();
        let deadline = t(72 * 60);
        // Everyone has a first set, so Spring 1901 is never withheld.
        let mut last: BTreeMap<Power, Vec<String>> = BTreeMap::new();
        for p in Power::ALL {
            let orders = vec![format!("{} base", p.name())];
            let cmd = Command::SubmitOrders { power: p, phase: "S1901M".into(), orders: orders.clone(), is_final: false };
            step(&mut comp, Actor::User(u(&player(p))), EnvCommand::DiplomacyGame(cmd), t(1)).unwrap();
            last.insert(p, orders);
        }
        let mut now = t(2);
        let mut adjudications: Vec<(DateTime<Utc>, OrderSets)> = Vec::new();
        let mut accepted_after_adjudication = false;
        for (advance, op) in ops {
            now += Duration::minutes(advance * 10);
            match op {
                Op::Submit { power, variant, is_final } => {
                    let p = Power::ALL[power];
                    let orders = vec![format!("{} v{variant} at {}", p.name(), now.timestamp())];
                    let cmd = Command::SubmitOrders { power: p, phase: "S1901M".into(), orders: orders.clone(), is_final };
                    if step(&mut comp, Actor::User(u(&player(p))), EnvCommand::DiplomacyGame(cmd), now).is_some() {
                        prop_assert!(now < deadline, "accepted after the deadline");
                        if !adjudications.is_empty() {
                            accepted_after_adjudication = true;
                        }
                        last.insert(p, orders);
                    }
                }
                Op::Sweep { twice } => {
                    for _ in 0..if twice { 2 } else { 1 } {
                        let events = step(&mut comp, Actor::Schedule("deadline-sweep".into()), EnvCommand::Tick, now).unwrap();
                        for e in events {
                            if let Event::PhaseAdjudicated { phase, orders, .. } = e {
                                if phase == "S1901M" {
                                    adjudications.push((now, orders));
                                    prop_assert_eq!(&adjudications.last().unwrap().1, &last);
                                }
                            }
                        }
                    }
                }
            }
        }
        // A final pair of sweeps well after the deadline.
        for _ in 0..2 {
            for e in step(&mut comp, Actor::Schedule("deadline-sweep".into()), EnvCommand::Tick, deadline + Duration::minutes(5)).unwrap() {
                if let Event::PhaseAdjudicated { phase, orders, .. } = e {
                    if phase == "S1901M" {
                        prop_assert_eq!(&orders, &last);
                        adjudications.push((deadline, orders));
                    }
                }
            }
        }
        prop_assert_eq!(adjudications.len(), 1, "adjudicated exactly once");
        prop_assert!(!accepted_after_adjudication);
    }
}
