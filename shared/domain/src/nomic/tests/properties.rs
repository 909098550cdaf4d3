//! Properties over random play: no command panics, a tick right after a
//! tick decides nothing, and nothing is left due in the past.

use super::*;
use crate::rulebook::parts::*;
use proptest::prelude::*;

#[derive(Debug, Clone)]
enum Step {
    Propose(usize, u8, u32),
    Vote(usize, u32, bool),
    Raise(usize, Option<u32>),
    Pronounce(usize, u32),
    Dispute(usize, u32),
    Agree(usize, u32),
    Disagree(usize, u32),
    Forfeit(usize),
}

fn step() -> impl Strategy<Value = Step> {
    let who = 0usize..6;
    prop_oneof![
        (who.clone(), 0u8..4, 100u32..320).prop_map(|(w, k, r)| Step::Propose(w, k, r)),
        (who.clone(), 299u32..320, any::<bool>()).prop_map(|(w, p, y)| Step::Vote(w, p, y)),
        (who.clone(), prop::option::of(299u32..320)).prop_map(|(w, p)| Step::Raise(w, p)),
        (who.clone(), 0u32..6).prop_map(|(w, p)| Step::Pronounce(w, p)),
        (who.clone(), 0u32..6).prop_map(|(w, p)| Step::Dispute(w, p)),
        (who.clone(), 0u32..6).prop_map(|(w, p)| Step::Agree(w, p)),
        (who.clone(), 0u32..6).prop_map(|(w, p)| Step::Disagree(w, p)),
        (who, 0u32..40).prop_map(|(w, k)| Step::Forfeit(if k == 0 { w } else { 9 })),
    ]
}

fn command(step: &Step) -> (usize, Command) {
    match step.clone() {
        Step::Propose(w, k, rule) => (
            w,
            Command::Propose {
                change: match k {
                    0 => enact("new"),
                    1 => RuleChange::Repeal { rule },
                    2 => amend(rule, "amended"),
                    _ => RuleChange::Transmute { rule },
                },
            },
        ),
        Step::Vote(w, proposal, yes) => (
            w,
            Command::RecordVote {
                proposal,
                vote: if yes { Vote::Yes } else { Vote::No },
            },
        ),
        Step::Raise(w, proposal) => (
            w,
            Command::RaisePointOfOrder {
                statement: "?".into(),
                proposal,
            },
        ),
        Step::Pronounce(w, point) => (
            w,
            Command::PronounceJudgement {
                point,
                decision: "so".into(),
                finding: None,
                mover: None,
            },
        ),
        Step::Dispute(w, point) => (w, Command::DisputeJudgement { point }),
        Step::Agree(w, point) => (w, Command::AgreeWithJudgement { point }),
        Step::Disagree(w, point) => (w, Command::DisagreeWithJudgement { point }),
        Step::Forfeit(w) => (w, Command::Forfeit),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn nomic_random_play_never_panics_and_ticks_are_idempotent(
        steps in prop::collection::vec((step(), 0i64..600), 1..60)
    ) {
        let mut g = Game::new();
        let mut now = at("2026-03-16T08:00:00Z");
        for (s, minutes) in steps {
            now += chrono::Duration::minutes(minutes * 5);
            let (w, cmd) = command(&s);
            let who = ALL.get(w).copied().unwrap_or("org");
            let _ = g.run_at(who, now, cmd);
            let t = now.to_rfc3339();
            g.tick(&t);
            prop_assert!(g.tick(&t).is_empty());
            if let Some(due) = g.nomic().next_due() {
                prop_assert!(due > now);
            }
            // Points thread and totals agree (nomic 209).
            for (p, total) in &g.nomic().points {
                let sum: i64 = g.nomic().points_thread.iter().filter(|e| &e.player == p).map(|e| e.change).sum();
                prop_assert_eq!(sum, *total);
            }
        }
    }
}

#[test]
fn nomic_command_names_are_their_serde_tags() {
    let commands = [
        Command::ImportRules {
            rules: RuleBookExport::default(),
        },
        Command::SeatPlayer {
            player: user("a"),
            day: AllocatedDay::Monday,
        },
        Command::Begin {
            settings: Settings::default(),
        },
        Command::Propose { change: enact("x") },
        Command::RecordVote {
            proposal: 301,
            vote: Vote::Yes,
        },
        Command::RaisePointOfOrder {
            statement: "?".into(),
            proposal: None,
        },
        Command::PronounceJudgement {
            point: 1,
            decision: "d".into(),
            finding: None,
            mover: None,
        },
        Command::DisputeJudgement { point: 1 },
        Command::AgreeWithJudgement { point: 1 },
        Command::DisagreeWithJudgement { point: 1 },
        Command::Forfeit,
    ];
    for c in commands {
        let v = serde_json::to_value(&c).unwrap();
        assert_eq!(v["action"], c.name());
        assert_eq!(serde_json::from_value::<Command>(v).unwrap(), c);
    }
}
