//! One test per clause, each a worked example of the rule it names.

mod final_call;
mod final_correction;
mod final_stage;
mod notices;
mod registration;
mod rounds;
mod standings;
mod sweeps;
mod timeline;

use super::eligibility::{Mark, MarkKind, RatingPoint, Seeding};
use super::final_match::{FinalGame, FinalMatch, FinalPhase};
use super::negotiation::check_score;
use super::settings::Format;
use super::state::{EntrantStatus, Outcome};
use super::testkit::{at, facts, settings_2019, user, World};
use super::vocabulary::{Award, Command, Disqualification, NoShowChoice, Stage};
use crate::competition::UserId;
use crate::refusal::RefusalKind;
use chrono::Duration;

const REGISTRATION: &str = "2019-09-10T12:00:00Z";

fn world() -> World {
    World::configured(at(REGISTRATION), settings_2019())
}

/// `n` players p1..pn registered, p1 the highest seed.
fn with_players(n: u32) -> World {
    let mut w = world();
    for i in 1..=n {
        w.run(
            &format!("p{i}"),
            Command::Register {
                facts: facts(&format!("acc{i}"), 2400 - 10 * i),
            },
        )
        .unwrap();
    }
    w
}

fn clause(w: &mut World, actor: &str, cmd: Command) -> String {
    let r = w.run(actor, cmd).unwrap_err();
    r.clause.map(|c| c.into_owned()).unwrap_or_default()
}

fn start(w: &mut World) {
    w.now = at("2019-09-30T00:00:00Z");
    w.tick();
}

fn report(w: &mut World, id: &str, first: u32, second: u32) {
    let m = w.champ().matches[id].clone();
    w.run(
        m.first.as_str(),
        Command::ReportResult {
            match_id: id.into(),
            first,
            second,
        },
    )
    .unwrap();
    w.run(
        m.second.as_str(),
        Command::ConfirmResult {
            match_id: id.into(),
        },
    )
    .unwrap();
}

fn finish_round(w: &mut World) {
    let r = w.champ().rounds.last().unwrap().clone();
    for id in &r.matches {
        if !w.champ().matches[id].finished() {
            report(w, id, 12, 8);
        }
    }
}

/// Holder p1, runner-up p2, four qualifiers p3..p6: Candidates p2 + three.
fn to_candidates() -> World {
    let mut s = settings_2019();
    s.holder = Some(user("p1"));
    s.runner_up = Some(user("p2"));
    let mut w = World::configured(at(REGISTRATION), s);
    for i in 1..=6 {
        w.run(
            &format!("p{i}"),
            Command::Register {
                facts: facts(&format!("a{i}"), 2400 - 10 * i),
            },
        )
        .unwrap();
    }
    start(&mut w);
    while w.champ().stage == Stage::Qualification {
        finish_round(&mut w);
    }
    w
}
