//! Unit tests for the seats of a later round that its qualifiers leave
//! empty (wm B.8.d, B.8.f, C.15), and for the clauses the tournament's
//! other refusals name. Expectations are worked out by hand from the rules.

use super::{pair, register, run, state, team, tournament};
use crate::competition::{Command as EnvCommand, Kind, Role, UserId};
use crate::diplomacy::map::Power;
use crate::diplomacy::tournament::model::{BoardReport, Stage, Tenure};
use crate::diplomacy::tournament::reserves::fill_seats;
use crate::diplomacy::tournament::simulate::random_report;
use crate::diplomacy::tournament::state::Tournament;
use crate::diplomacy::tournament::Command;
use crate::testkit::{at, refused, u, Harness};
use rand::SeedableRng;
use std::collections::BTreeSet;

/// Seven teams `t1`–`t7` and two individuals `r1`, `r2`: too few to group,
/// so they start the official reserve list (wm B.2). Round one is drawn.
fn seven_teams_and_two_reserves() -> Harness {
    let mut h = tournament();
    for i in 1..=7 {
        let id = format!("t{i}");
        register(&mut h, &format!("{id}-captain"), team(&id)).unwrap();
    }
    for r in ["r1", "r2"] {
        run(&mut h, r, Command::Register { team: None }).unwrap();
    }
    h.now = at("2026-01-10T12:00:00Z");
    run(&mut h, "td", Command::CloseEntries { seed: 1 }).unwrap();
    pair(&mut h).unwrap();
    h
}

/// `seated` played `seasons` of the 18 (wm C.14), then `standby` took the
/// position over for good.
fn taken_over(seated: &UserId, seasons: u32, standby: &str) -> Vec<Tenure> {
    vec![
        Tenure {
            player: seated.clone(),
            seasons,
            permanent: false,
        },
        Tenure {
            player: u(standby),
            seasons: 18 - seasons,
            permanent: true,
        },
    ]
}

/// Round one played: on board 0 the reserve `r1` takes Austria over for
/// good after 4 seasons, on board 1 England after 6; every other position
/// is played through by its drawn player. Returns the two players replaced.
fn round_one_with_a_double_takeover(h: &mut Harness) -> (UserId, UserId) {
    let boards: Vec<_> = state(h).rounds[0]
        .boards
        .iter()
        .map(|b| b.seating.clone())
        .collect();
    let austria = boards[0].seats[&Power::Austria].clone();
    let england = boards[1].seats[&Power::England].clone();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
    for (i, seating) in boards.iter().enumerate() {
        let mut report: BoardReport = random_report(&mut rng, Stage::RoundOne, seating, None);
        match i {
            0 => report
                .tenures
                .insert(Power::Austria, taken_over(&austria, 4, "r1")),
            1 => report
                .tenures
                .insert(Power::England, taken_over(&england, 6, "r1")),
            _ => None,
        };
        let cmd = Command::ReportBoard {
            board: i,
            report,
            reserve_takeovers: BTreeSet::new(),
        };
        run(h, "td", cmd).unwrap();
    }
    run(h, "td", Command::CloseRound { seed: 9 }).unwrap();
    (austria, england)
}

/// Seven teams: fewer than 42, so round two is the semi-final, seven boards
/// of seven (wm B.4, C.9), and all 49 places go on. But the reserve `r1`
/// took over two positions for good: they qualify once, on the first of the
/// two games (wm C.15), and the two players replaced for good have no game
/// to qualify on. 49 − 2 + 1 = 48 qualify for 49 seats.
///
/// The empty seat is filled from the pool (wm B.8.d): the two replaced
/// players, eliminated in round one, rank above the official reserve list
/// (`r2`; `r1` is playing); neither has a place in round one's standings,
/// so they rank in the pool's order, the order they were eliminated in,
/// which is by player id. The first of the two ids takes the seat.
#[test]
fn wm_b_8_d_c_15_a_seat_too_few_qualifiers_fill_goes_to_the_highest_ranked_reserve() {
    let mut h = seven_teams_and_two_reserves();
    let (austria, england) = round_one_with_a_double_takeover(&mut h);
    let advancing = state(&h).rounds[0].advancing.clone().unwrap();
    assert_eq!(advancing.len(), 48, "wm C.15 49 - 2 + 1");
    assert!(
        advancing.contains(&u("r1")),
        "wm C.15 the reserve qualifies"
    );
    assert!(!advancing.contains(&austria) && !advancing.contains(&england));
    let expected = austria.clone().min(england.clone());

    let drawn = pair(&mut h).unwrap();
    assert_eq!(drawn[0].clause.as_deref(), Some("wm B.6"));
    let round = &state(&h).rounds[1];
    assert_eq!(round.stage, Stage::SemiFinal, "wm B.4");
    assert_eq!(round.boards.len(), 7, "wm C.9");
    let seated: BTreeSet<UserId> = round
        .boards
        .iter()
        .flat_map(|b| b.seating.seats.values().cloned())
        .collect();
    let mut wanted: BTreeSet<UserId> = advancing.into_iter().collect();
    wanted.insert(expected.clone());
    assert_eq!(seated, wanted, "wm B.8.d 48 qualifiers and one reserve");
    assert!(!seated.contains(&u("r2")), "wm B.8.d the list ranks last");

    let notes: Vec<_> = round
        .violations
        .iter()
        .filter(|v| v.clause == "wm B.8.d")
        .collect();
    assert_eq!(notes.len(), 1, "one seat filled");
    let note = &notes[0].breach;
    assert_eq!(note["reserve"], expected.as_str());
    assert_eq!(note["qualified"], 48);
    assert_eq!(note["seats"], 49);
    let board = note["board"].as_u64().unwrap() as usize;
    let power: Power = serde_json::from_value(note["power"].clone()).unwrap();
    assert_eq!(round.boards[board].seating.seats[&power], expected);
}

/// The same reading, the pool on its own (no round closed, so the official
/// list's order is its ranking, wm B.8.d): 47 qualifiers for 49 seats take
/// the first two of `x`, `y`, `z`; a reserve already entering is skipped;
/// a qualifier who declined the final is not seated in it (wm C.10); when
/// every seat is taken nobody is added.
#[test]
fn wm_b_8_d_the_empty_seats_go_to_the_pool_in_rank_order() {
    let mut t = Tournament {
        reserves: vec![u("x"), u("y"), u("z")],
        ..Tournament::default()
    };
    let q: Vec<UserId> = (0..49).map(|i| u(&format!("q{i:02}"))).collect();
    assert_eq!(fill_seats(&t, &q[..47], 49).unwrap(), vec![u("x"), u("y")]);
    let mut with_x = q[..47].to_vec();
    with_x.push(u("x"));
    assert_eq!(fill_seats(&t, &with_x, 49).unwrap(), vec![u("y")]);
    t.declined_final.insert(u("y"));
    assert_eq!(fill_seats(&t, &with_x, 49).unwrap(), vec![u("z")]);
    assert!(fill_seats(&t, &q, 49).unwrap().is_empty());
}

/// wm B.8.f: a position nobody from the pool takes falls into civil
/// disorder, which a draw cannot seat: 47 qualifiers, one reserve, 49
/// seats leave one seat empty, and the draw is refused under B.8.f.
#[test]
fn wm_b_8_f_a_pool_too_small_for_the_empty_seats_refuses_the_draw() {
    let t = Tournament {
        reserves: vec![u("x")],
        ..Tournament::default()
    };
    let q: Vec<UserId> = (0..47).map(|i| u(&format!("q{i:02}"))).collect();
    refused(fill_seats(&t, &q, 49), "wm B.8.f");
}

/// The tournament's refusals that are no platform matter name their clause:
/// dates not set (wm A.3.i), a second entry or a second closing (wm B.2),
/// a report or call with no round being played (wm B.1, B.8.d), a board
/// reported twice (wm B.3), a result without seven powers (wm B.3), a
/// position whose first tenure is not its drawn player (wm C.14).
#[test]
fn wm_a_3_i_b_1_b_2_b_3_c_14_refusals_name_their_clause() {
    let mut bare = Harness::new(
        Kind::DiplomacyTournament,
        at("2026-01-05T12:00:00Z"),
        &[("td", Role::TournamentDirector)],
    );
    let solo = EnvCommand::DiplomacyTournament(Command::Register { team: None });
    refused(bare.run("solo", solo), "wm A.3.i");

    let mut h = tournament();
    register(&mut h, "t1-captain", team("t1")).unwrap();
    let mut poacher = team("t2");
    poacher.players.insert(Power::Austria, u("t1-austria"));
    refused(register(&mut h, "x", poacher), "wm B.2");
    refused(
        run(&mut h, "t1-austria", Command::Register { team: None }),
        "wm B.2",
    );
    refused(run(&mut h, "td", Command::CloseRound { seed: 1 }), "wm B.1");
    refused(
        run(
            &mut h,
            "td",
            Command::CallReserves {
                board: 0,
                power: Power::Italy,
                permanent: true,
            },
        ),
        "wm B.8.d",
    );

    let mut h = seven_teams_and_two_reserves();
    refused(
        run(&mut h, "td", Command::CloseEntries { seed: 2 }),
        "wm B.2",
    );
    let seating = state(&h).rounds[0].boards[0].seating.clone();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(6);
    let good = random_report(&mut rng, Stage::RoundOne, &seating, None);
    let report = |h: &mut Harness, r: &BoardReport| {
        let cmd = Command::ReportBoard {
            board: 0,
            report: r.clone(),
            reserve_takeovers: BTreeSet::new(),
        };
        run(h, "td", cmd)
    };
    let mut six = good.clone();
    six.result.centers.remove(&Power::Turkey);
    refused(report(&mut h, &six), "wm B.3");
    let mut stranger = good.clone();
    stranger.tenures.get_mut(&Power::Turkey).unwrap()[0].player = u("nobody");
    refused(report(&mut h, &stranger), "wm C.14");
    report(&mut h, &good).unwrap();
    refused(report(&mut h, &good), "wm B.3");
}
