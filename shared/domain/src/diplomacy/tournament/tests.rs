//! Unit tests for entries and governance, one or more per clause, named
//! after it. Expectations are worked out by hand from the rules.

mod pages;
mod seating;

use super::entries::TeamEntry;
use super::governance::{Ballot, MotionKind, Outcome};
use super::state::Settings;
use super::{Command, Tournament};
use crate::competition::{Command as EnvCommand, Kind, Recorded, Role};
use crate::diplomacy::map::Power;
use crate::refusal::Refusal;
use crate::testkit::{at, refused, u, Harness};

/// TD `td`, assistants `atd1`, `atd2`, TMC `tmc1`–`tmc6`, entries until
/// Saturday 10 January 2026, noon UTC.
pub(super) fn tournament() -> Harness {
    let mut roles = vec![
        ("td", Role::TournamentDirector),
        ("atd1", Role::AssistantTournamentDirector),
        ("atd2", Role::AssistantTournamentDirector),
    ];
    let tmc = ["tmc1", "tmc2", "tmc3", "tmc4", "tmc5", "tmc6"];
    roles.extend(tmc.iter().map(|m| (*m, Role::TmcMember)));
    let mut h = Harness::new(
        Kind::DiplomacyTournament,
        at("2026-01-05T12:00:00Z"),
        &roles,
    );
    run(
        &mut h,
        "td",
        Command::Configure {
            settings: Settings {
                entry_deadline: at("2026-01-10T12:00:00Z"),
            },
        },
    )
    .unwrap();
    h
}

pub(super) fn run(h: &mut Harness, who: &str, cmd: Command) -> Result<Vec<Recorded>, Refusal> {
    h.run(who, EnvCommand::DiplomacyTournament(cmd))
}

pub(super) fn state(h: &Harness) -> &Tournament {
    h.state()
}

pub(super) fn team(id: &str) -> TeamEntry {
    TeamEntry {
        id: id.into(),
        name: format!("Team {id}"),
        players: Power::ALL
            .into_iter()
            .map(|p| (p, u(&format!("{id}-{}", p.name().to_lowercase()))))
            .collect(),
        captain: Some(u(&format!("{id}-captain"))),
        gm: None,
        replacements: vec![],
    }
}

pub(super) fn register(
    h: &mut Harness,
    who: &str,
    entry: TeamEntry,
) -> Result<Vec<Recorded>, Refusal> {
    run(h, who, Command::Register { team: Some(entry) })
}

#[test]
fn wm_b_2_b_5_a_team_enters_with_its_round_one_powers() {
    let mut h = tournament();
    register(&mut h, "alpha-captain", team("alpha")).unwrap();
    let t = &state(&h).teams["alpha"];
    assert_eq!(t.players[&Power::Turkey], u("alpha-turkey"), "wm B.5");
    assert_eq!(t.registered_by, Some(u("alpha-captain")));
    // Every member finds the tournament among their competitions.
    assert!(h.env.has_role(&u("alpha-austria"), Role::Player));
}

#[test]
fn wm_a_1_a_team_has_seven_players_all_different() {
    let mut h = tournament();
    let mut six = team("alpha");
    six.players.remove(&Power::Italy);
    refused(register(&mut h, "x", six), "wm A.1");
    let mut twice = team("alpha");
    twice.captain = Some(u("alpha-italy"));
    refused(register(&mut h, "x", twice), "wm A.1");
    register(&mut h, "x", team("alpha")).unwrap();
    let mut poacher = team("beta");
    poacher.replacements = vec![u("alpha-italy")];
    let err = register(&mut h, "x", poacher).unwrap_err();
    assert!(err.detail.contains("alpha-italy"), "{err:?}");
}

#[test]
fn wm_a_4_a_8_officials_play_for_no_team() {
    let mut h = tournament();
    let mut with_td = team("alpha");
    with_td.players.insert(Power::France, u("td"));
    refused(register(&mut h, "x", with_td), "wm A.4");
    let mut with_assistant = team("alpha");
    with_assistant.gm = Some(u("atd1"));
    refused(register(&mut h, "x", with_assistant), "wm A.4");
    let mut with_tmc = team("alpha");
    with_tmc.replacements = vec![u("tmc3")];
    refused(register(&mut h, "x", with_tmc), "wm A.8");
    refused(
        run(&mut h, "tmc3", Command::Register { team: None }),
        "wm A.8",
    );
}

/// The same rules from the other side: a player who has entered is not
/// made TD, assistant TD (wm A.4) or TMC member (wm A.8); an assistant TD
/// or TMC member is not made an observer, nor an observer one of them
/// (wm A.10). Officials who play for no team are granted as before.
#[test]
fn wm_a_4_a_8_a_10_grants_the_rules_forbid_are_refused() {
    let mut h = tournament();
    register(&mut h, "alpha-captain", team("alpha")).unwrap();
    let grant = |user: &str, role: Role| EnvCommand::GrantRole {
        user: u(user),
        role,
    };
    let cases = [
        ("alpha-france", Role::TournamentDirector, "wm A.4"),
        ("alpha-captain", Role::AssistantTournamentDirector, "wm A.4"),
        ("alpha-italy", Role::TmcMember, "wm A.8"),
        ("atd1", Role::Observer, "wm A.10"),
        ("tmc2", Role::Observer, "wm A.10"),
    ];
    for (user, role, clause) in cases {
        refused(h.run("org", grant(user, role)), clause);
    }
    h.run("org", grant("watcher", Role::Observer)).unwrap();
    refused(h.run("org", grant("watcher", Role::TmcMember)), "wm A.10");
    h.run("org", grant("tmc7", Role::TmcMember)).unwrap();
}

#[test]
fn wm_b_2_entries_close_at_the_deadline() {
    let mut h = tournament();
    h.now = at("2026-01-10T12:00:00Z");
    refused(register(&mut h, "x", team("late")), "wm B.2");
    refused(
        run(&mut h, "solo", Command::Register { team: None }),
        "wm B.2",
    );
}

/// wm A.3.i: "Setting tournament begin and end deadlines" is the TD's duty.
/// Entries close Saturday 10 January 2026 at noon; neither a TMC member nor an
/// assistant TD (not standing in) may move that; the TD moves it to Sunday 11
/// January noon, and an entry on Saturday at noon, refused before, is then
/// accepted (wm B.2).
#[test]
fn wm_a_3_i_only_the_td_sets_the_tournaments_dates() {
    let mut h = tournament();
    let later = || Command::Configure {
        settings: Settings {
            entry_deadline: at("2026-01-11T12:00:00Z"),
        },
    };
    refused(run(&mut h, "tmc1", later()), "wm A.3.i");
    refused(run(&mut h, "atd1", later()), "wm A.3.i");
    h.now = at("2026-01-10T12:00:00Z");
    refused(register(&mut h, "x", team("sat")), "wm B.2");
    let set = run(&mut h, "td", later()).unwrap();
    assert_eq!(set[0].clause.as_deref(), Some("wm A.3.i"));
    register(&mut h, "x", team("sat")).unwrap();
}

#[test]
fn wm_b_2_individuals_are_grouped_in_sevens_and_the_rest_are_reserves() {
    let mut h = tournament();
    let solo: Vec<String> = (1..=16).map(|i| format!("solo{i:02}")).collect();
    for s in &solo {
        run(&mut h, s, Command::Register { team: None }).unwrap();
    }
    refused(
        run(&mut h, "td", Command::CloseEntries { seed: 7 }),
        "wm B.2",
    );
    h.now = at("2026-01-10T12:00:00Z");
    refused(
        run(&mut h, "tmc1", Command::CloseEntries { seed: 7 }),
        "wm B.2",
    );
    let mut replay = h.clone();
    run(&mut h, "td", Command::CloseEntries { seed: 7 }).unwrap();
    let t = state(&h);
    // 16 = 2 × 7 + 2: two grouped teams, two reserves.
    assert_eq!(t.teams.len(), 2);
    assert_eq!(t.reserves.len(), 2);
    let mut seen: Vec<&str> = t
        .teams
        .values()
        .flat_map(|team| team.players.values())
        .chain(&t.reserves)
        .map(|u| u.as_str())
        .collect();
    seen.sort();
    assert_eq!(seen, solo.iter().map(String::as_str).collect::<Vec<_>>());
    for team in t.teams.values() {
        assert!(team.grouped);
        assert_eq!(team.players.len(), 7, "one player per power");
        let captain = team.captain.as_ref().unwrap();
        assert!(
            team.players.values().any(|p| p == captain),
            "a captain is appointed"
        );
    }
    // The same seed draws the same teams: the draw can be replayed.
    run(&mut replay, "td", Command::CloseEntries { seed: 7 }).unwrap();
    assert_eq!(state(&replay).teams, state(&h).teams);
}

fn motion(h: &mut Harness, who: &str, kind: MotionKind) -> u32 {
    run(h, who, Command::OpenMotion { motion: kind }).unwrap();
    state(h).motions.len() as u32
}

fn votes(h: &mut Harness, motion: u32, ballots: &[(&str, Ballot)]) {
    for (who, ballot) in ballots {
        run(
            h,
            who,
            Command::RecordVote {
                motion,
                ballot: *ballot,
            },
        )
        .unwrap();
    }
}

/// wm A.6: TMC members `tmc1`… vote in order, `y` for yes, `n` for no.
fn tmc(h: &mut Harness, motion: u32, ballots: &str) {
    for (i, b) in ballots.chars().enumerate() {
        let who = format!("tmc{}", i + 1);
        let ballot = if b == 'y' { Yes } else { No };
        run(h, &who, Command::RecordVote { motion, ballot }).unwrap();
    }
}

/// `who` closes `motion`, with a tie-breaking vote or none.
fn close(
    h: &mut Harness,
    who: &str,
    motion: u32,
    tie_break: Option<Ballot>,
) -> Result<Vec<Recorded>, Refusal> {
    run(h, who, Command::CloseMotion { motion, tie_break })
}

fn outcome(h: &Harness, motion: u32) -> Option<Outcome> {
    state(h).motions[motion as usize - 1].outcome
}

fn decision() -> MotionKind {
    MotionKind::Decision {
        question: "Is the Fall 1903 adjudication of board 4 to be redone?".into(),
    }
}

use Ballot::{No, Yes};

#[test]
fn wm_a_6_binding_only_when_two_thirds_of_the_sitting_body_vote() {
    // Sitting body: six TMC members and two assistants = 8. Two thirds of 8
    // is 5⅓, so 5 voters are not enough and 6 are.
    let mut h = tournament();
    let m = motion(&mut h, "tmc1", decision());
    votes(
        &mut h,
        m,
        &[
            ("tmc1", Yes),
            ("tmc2", Yes),
            ("tmc3", Yes),
            ("tmc4", No),
            ("atd1", Yes),
        ],
    );
    close(&mut h, "td", m, None).unwrap();
    assert_eq!(outcome(&h, m), Some(Outcome::NotBinding), "wm A.6 5 of 8");
    let m = motion(&mut h, "tmc1", decision());
    votes(
        &mut h,
        m,
        &[
            ("tmc1", Yes),
            ("tmc2", Yes),
            ("tmc3", Yes),
            ("tmc4", No),
            ("atd1", Yes),
            ("atd2", No),
        ],
    );
    close(&mut h, "td", m, None).unwrap();
    assert_eq!(outcome(&h, m), Some(Outcome::Passed), "wm A.6 6 of 8, 4-2");
}

#[test]
fn wm_a_6_an_assistant_standing_in_as_td_leaves_the_sitting_body() {
    // With atd1 acting as TD the body is 7: two thirds is 4⅔, so 5 voters bind.
    let mut h = tournament();
    run(
        &mut h,
        "td",
        Command::ActAsTd {
            assistant: Some(u("atd1")),
        },
    )
    .unwrap();
    let m = motion(&mut h, "tmc1", decision());
    refused(
        run(
            &mut h,
            "atd1",
            Command::RecordVote {
                motion: m,
                ballot: Yes,
            },
        ),
        "wm A.6",
    );
    votes(
        &mut h,
        m,
        &[
            ("tmc1", Yes),
            ("tmc2", No),
            ("tmc3", No),
            ("tmc4", No),
            ("atd2", Yes),
        ],
    );
    // The acting TD closes; the TD proper does not while an assistant acts.
    refused(close(&mut h, "td", m, None), "wm A.6");
    close(&mut h, "atd1", m, None).unwrap();
    assert_eq!(outcome(&h, m), Some(Outcome::Rejected), "wm A.6 2-3 of 7");
}

#[test]
fn wm_a_6_the_td_votes_only_to_break_a_tie() {
    let mut h = tournament();
    let m = motion(&mut h, "td", decision());
    refused(
        run(
            &mut h,
            "td",
            Command::RecordVote {
                motion: m,
                ballot: Yes,
            },
        ),
        "wm A.6",
    );
    tmc(&mut h, m, "yyynnn");
    let tied = refused(close(&mut h, "td", m, None), "wm A.6");
    assert!(tied.detail.contains("3-3"), "{tied:?}");
    close(&mut h, "td", m, Some(No)).unwrap();
    assert_eq!(outcome(&h, m), Some(Outcome::Rejected));
    let count = state(&h).motions[0].count.unwrap();
    assert_eq!((count.yes, count.no, count.td_tie_break), (3, 3, Some(No)));
    // Without a tie the TD's vote is refused.
    let m = motion(&mut h, "td", decision());
    tmc(&mut h, m, "yyyynn");
    refused(close(&mut h, "td", m, Some(No)), "wm A.6");
}

/// wm A.3.iii: "Breaking ties on any TMC votes" is the TD's duty. The
/// sitting body is the six TMC members and the two assistants (8); six vote,
/// 3 yes and 3 no: binding (6 of 8 is at least two thirds) but tied. Neither
/// a TMC member nor an assistant may break the tie; the TD's yes passes the
/// motion.
#[test]
fn wm_a_3_iii_the_td_breaks_a_tied_tmc_vote() {
    let mut h = tournament();
    let m = motion(&mut h, "tmc1", decision());
    tmc(&mut h, m, "yynnyn");
    refused(close(&mut h, "tmc1", m, Some(Yes)), "wm A.6");
    refused(close(&mut h, "atd1", m, Some(Yes)), "wm A.6");
    close(&mut h, "td", m, Some(Yes)).unwrap();
    assert_eq!(outcome(&h, m), Some(Outcome::Passed));
    let count = state(&h).motions[0].count.unwrap();
    assert_eq!((count.yes, count.no, count.td_tie_break), (3, 3, Some(Yes)));
}

#[test]
fn wm_a_6_votes_are_revisable_and_secret_to_the_voter() {
    let mut h = tournament();
    let m = motion(&mut h, "tmc1", decision());
    votes(&mut h, m, &[("tmc2", No), ("tmc2", Yes)]);
    assert_eq!(state(&h).motions[0].ballots[&u("tmc2")], Yes);
    assert!(h.visible("tmc2").contains("\"my_ballot\":\"yes\""));
    for viewer in ["tmc1", "td", "atd1", "org", "stranger"] {
        let seen = h.visible(viewer);
        assert!(!seen.contains("tmc-vote-recorded"), "{viewer}");
        assert!(!seen.contains("my_ballot"), "{viewer}");
    }
}

#[test]
fn wm_a_3_v_d_i_2_a_appeals_reach_the_tmc_through_the_td_and_bind_both_parties() {
    let mut h = tournament();
    let appeal = MotionKind::Appeal {
        appellant: u("alpha-france"),
        gm: Some(u("gm4")),
        matter: "The GM misread my retreat order".into(),
    };
    refused(
        run(
            &mut h,
            "tmc1",
            Command::OpenMotion {
                motion: appeal.clone(),
            },
        ),
        "wm A.3.v",
    );
    refused(
        run(
            &mut h,
            "alpha-france",
            Command::OpenMotion {
                motion: appeal.clone(),
            },
        ),
        "wm A.3.v",
    );
    let m = motion(&mut h, "td", appeal);
    tmc(&mut h, m, "yyyynn");
    refused(
        run(
            &mut h,
            "alpha-france",
            Command::AcceptQuestion { motion: m },
        ),
        "wm D.I.2.a",
    );
    close(&mut h, "td", m, None).unwrap();
    // wm D.I.2.a: binding once the player and the GM agree the TMC
    // answered the proper question.
    let binding = |h: &Harness| state(h).motions[0].binding();
    assert!(!binding(&h));
    refused(
        run(&mut h, "tmc1", Command::AcceptQuestion { motion: m }),
        "wm D.I.2.a",
    );
    run(
        &mut h,
        "alpha-france",
        Command::AcceptQuestion { motion: m },
    )
    .unwrap();
    assert!(!binding(&h), "wm D.I.2.a the GM has not agreed yet");
    run(&mut h, "gm4", Command::AcceptQuestion { motion: m }).unwrap();
    assert!(binding(&h), "wm D.I.2.a");
}

#[test]
fn wm_a_7_a_house_rule_change_needs_the_tds_approval() {
    let mut h = tournament();
    let change = MotionKind::HouseRuleChange {
        change: "Press rule B on every board".into(),
    };
    refused(
        run(
            &mut h,
            "td",
            Command::OpenMotion {
                motion: change.clone(),
            },
        ),
        "wm A.7",
    );
    let m = motion(&mut h, "tmc1", change);
    tmc(&mut h, m, "yyyyyn");
    close(&mut h, "td", m, None).unwrap();
    assert_eq!(outcome(&h, m), Some(Outcome::AwaitingTd), "wm A.7");
    refused(
        run(
            &mut h,
            "tmc1",
            Command::RuleOnChange {
                motion: m,
                approve: true,
            },
        ),
        "wm A.7",
    );
    run(
        &mut h,
        "td",
        Command::RuleOnChange {
            motion: m,
            approve: true,
        },
    )
    .unwrap();
    assert_eq!(outcome(&h, m), Some(Outcome::Approved));
}

#[test]
fn wm_a_7_a_veto_is_overridden_by_two_thirds_with_three_quarters_voting() {
    // Body of 8: three quarters is 6 voters; two thirds of them in favour.
    let mut h = tournament();
    let m = motion(
        &mut h,
        "tmc1",
        MotionKind::HouseRuleChange {
            change: "Deadlines at 18:00 UTC".into(),
        },
    );
    let all_yes = [
        ("tmc1", Yes),
        ("tmc2", Yes),
        ("tmc3", Yes),
        ("tmc4", Yes),
        ("tmc5", Yes),
        ("tmc6", Yes),
    ];
    votes(&mut h, m, &all_yes);
    close(&mut h, "td", m, None).unwrap();
    refused(
        run(
            &mut h,
            "tmc1",
            Command::OpenMotion {
                motion: MotionKind::Override { of: m },
            },
        ),
        "wm A.7",
    );
    run(
        &mut h,
        "td",
        Command::RuleOnChange {
            motion: m,
            approve: false,
        },
    )
    .unwrap();
    assert_eq!(outcome(&h, m), Some(Outcome::Vetoed));
    // First try: 5 of 8 vote (< 6): not valid.
    let o = motion(&mut h, "tmc1", MotionKind::Override { of: m });
    votes(&mut h, o, &all_yes[..5]);
    close(&mut h, "td", o, None).unwrap();
    assert_eq!(
        outcome(&h, o),
        Some(Outcome::NotBinding),
        "wm A.7 5 of 8 voted"
    );
    assert_eq!(outcome(&h, m), Some(Outcome::Vetoed));
    // Second try: 6 vote, 4 yes 2 no: exactly two thirds: overridden.
    let o = motion(&mut h, "tmc1", MotionKind::Override { of: m });
    votes(
        &mut h,
        o,
        &[
            ("tmc1", Yes),
            ("tmc2", Yes),
            ("tmc3", Yes),
            ("atd1", Yes),
            ("tmc5", No),
            ("tmc6", No),
        ],
    );
    close(&mut h, "td", o, None).unwrap();
    assert_eq!(outcome(&h, o), Some(Outcome::Overridden), "wm A.7 4 of 6");
    assert_eq!(outcome(&h, m), Some(Outcome::Overridden));
}

#[test]
fn wm_a_2_the_tmc_has_five_to_eight_members() {
    let mut h = Harness::new(
        Kind::DiplomacyTournament,
        at("2026-01-05T12:00:00Z"),
        &[
            ("td", Role::TournamentDirector),
            ("tmc1", Role::TmcMember),
            ("tmc2", Role::TmcMember),
            ("tmc3", Role::TmcMember),
            ("tmc4", Role::TmcMember),
        ],
    );
    refused(
        run(&mut h, "td", Command::OpenMotion { motion: decision() }),
        "wm A.2",
    );
}

/// Seven teams entered and entries closed; `observers` hold the observer role.
fn seven_teams(observers: &[&str]) -> Harness {
    teams(7, observers)
}

/// `n` teams `t1`… entered and entries closed; a GM `gm1`; `observers`.
pub(super) fn teams(n: usize, observers: &[&str]) -> Harness {
    let mut h = tournament();
    for o in observers {
        h.run(
            "org",
            EnvCommand::GrantRole {
                user: u(o),
                role: Role::Observer,
            },
        )
        .unwrap();
    }
    h.run(
        "org",
        EnvCommand::GrantRole {
            user: u("gm1"),
            role: Role::GameMaster,
        },
    )
    .unwrap();
    for i in 1..=n {
        let id = format!("t{i}");
        register(&mut h, &format!("{id}-captain"), team(&id)).unwrap();
    }
    h.now = at("2026-01-10T12:00:00Z");
    run(&mut h, "td", Command::CloseEntries { seed: 1 }).unwrap();
    h
}

pub(super) fn pair(h: &mut Harness) -> Result<Vec<Recorded>, Refusal> {
    run(h, "td", Command::PairRound { seed: 11 })
}

#[test]
fn wm_a_3_ii_the_td_draws_once_entries_are_closed() {
    let mut h = tournament();
    refused(pair(&mut h), "wm B.2");
    let mut h = seven_teams(&[]);
    refused(
        run(&mut h, "tmc1", Command::PairRound { seed: 1 }),
        "wm A.3.ii",
    );
    pair(&mut h).unwrap();
    // wm B.1: one round at a time.
    refused(pair(&mut h), "wm B.1");
    let round = &state(&h).rounds[0];
    assert_eq!(round.boards.len(), 7);
    // wm B.5: each team's own powers in round one.
    for board in &round.boards {
        for (power, player) in &board.seating.seats {
            let team = state(&h).team_of(player).unwrap();
            assert_eq!(&state(&h).teams[team].players[power], player, "wm B.5");
        }
    }
}

#[test]
fn wm_a_10_no_one_observes_a_board_they_or_a_teammate_play() {
    // Seven teams on seven boards: every board has a t1 player, so t1's
    // captain may observe none; the neutral observer takes them all.
    let mut h = seven_teams(&["t1-captain", "neutral"]);
    pair(&mut h).unwrap();
    let round = &state(&h).rounds[0];
    assert!(
        round
            .boards
            .iter()
            .all(|b| b.observer == Some(u("neutral"))),
        "wm A.10"
    );
    assert!(round.violations.iter().all(|v| v.clause != "wm A.9"));
}

#[test]
fn wm_a_9_a_board_nobody_may_observe_is_reported_to_the_td() {
    // wm A.10: t1's captain may observe no board here, where t1 plays on
    // every board (TMC members are not made observers at all: see
    // `wm_a_4_a_8_a_10_grants_the_rules_forbid_are_refused`).
    let mut h = seven_teams(&["t1-captain"]);
    pair(&mut h).unwrap();
    let round = &state(&h).rounds[0];
    assert!(round.boards.iter().all(|b| b.observer.is_none()), "wm A.10");
    assert_eq!(
        round
            .violations
            .iter()
            .filter(|v| v.clause == "wm A.9")
            .count(),
        7,
        "wm A.9"
    );
}

#[test]
fn wm_b_3_c_14_b_8_e_a_report_must_describe_the_board_as_drawn() {
    use super::simulate::random_report;
    use rand::SeedableRng;
    let mut h = seven_teams(&[]);
    pair(&mut h).unwrap();
    let seating = state(&h).rounds[0].boards[0].seating.clone();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let good = random_report(&mut rng, super::model::Stage::RoundOne, &seating, None);
    let report =
        |h: &mut Harness, who: &str, report: &super::model::BoardReport, takeovers: &[Power]| {
            run(
                h,
                who,
                Command::ReportBoard {
                    board: 0,
                    report: report.clone(),
                    reserve_takeovers: takeovers.iter().copied().collect(),
                },
            )
        };
    // wm C.14: every Spring and Fall is someone's.
    let mut short = good.clone();
    short.tenures.get_mut(&Power::France).unwrap()[0].seasons = 17;
    refused(report(&mut h, "gm1", &short, &[]), "wm C.14");
    // wm B.3: round one plays to 1909.
    let mut late = good.clone();
    late.year_end_centers
        .insert(1910, late.result.centers.clone());
    refused(report(&mut h, "gm1", &late, &[]), "wm B.3");
    // wm B.8.e: nobody took France over, so no reserve did.
    refused(report(&mut h, "gm1", &good, &[Power::France]), "wm B.8.e");
    refused(report(&mut h, "t1-austria", &good, &[]), "wm A.11");
    report(&mut h, "gm1", &good, &[]).unwrap();
    // wm B.3: the round closes only when every board is in.
    refused(run(&mut h, "td", Command::CloseRound { seed: 3 }), "wm B.3");
}

#[test]
fn wm_c_10_only_a_semi_final_qualifier_declines_the_final() {
    let mut h = seven_teams(&[]);
    refused(run(&mut h, "t1-austria", Command::DeclineFinal), "wm C.10");
}

/// Eight teams (56 players): round one played and closed, so 49 go on to
/// the semi-final (wm B.4, C.9) and seven are eliminated into the pool of
/// reserves (wm B.8.d); the semi-final is drawn.
fn semi_final_drawn() -> Harness {
    use super::simulate::random_report;
    use rand::SeedableRng;
    let mut h = teams(8, &[]);
    pair(&mut h).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
    let boards: Vec<_> = state(&h).rounds[0]
        .boards
        .iter()
        .map(|b| b.seating.clone())
        .collect();
    for (i, seating) in boards.iter().enumerate() {
        let report = random_report(&mut rng, super::model::Stage::RoundOne, seating, None);
        run(
            &mut h,
            "gm1",
            Command::ReportBoard {
                board: i,
                report,
                reserve_takeovers: Default::default(),
            },
        )
        .unwrap();
    }
    run(&mut h, "td", Command::CloseRound { seed: 9 }).unwrap();
    run(&mut h, "td", Command::PairRound { seed: 10 }).unwrap();
    h
}

#[test]
fn wm_b_8_c_round_one_calls_no_reserves() {
    let mut h = seven_teams(&[]);
    pair(&mut h).unwrap();
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
        "wm B.8.c",
    );
}

/// wm C.6–C.13: every closed round of the view carries the standings that
/// closing it works out (its reports, its advancing count, its closing
/// seed), and the view's rounds are exactly each round as stored with those
/// standings beside it; the open round has none.
#[test]
fn wm_c_6_the_view_shows_each_closed_round_with_the_standings_closing_works_out() {
    let h = semi_final_drawn();
    let t = state(&h);
    let view = h.env.view(None).game;
    let mut expected = Vec::new();
    let mut closed = 0;
    for round in &t.rounds {
        let mut shown = serde_json::to_value(round).unwrap();
        if let (Some(advancing), Some(seed)) = (&round.advancing, round.close_seed) {
            let standings = super::closing::close(t, round, advancing.len(), seed).unwrap();
            shown["standings"] = standings.standings;
            closed += 1;
        }
        expected.push(shown);
    }
    // Eight teams: round two is the semi-final (wm B.4). Round one is
    // closed, the semi-final drawn and open.
    assert_eq!((t.rounds.len(), closed), (2, 1));
    assert_eq!(view["rounds"], serde_json::Value::Array(expected));
    assert!(view["rounds"][1].get("standings").is_none());
    assert!(view["rounds"][0]["standings"]["players"]
        .as_array()
        .is_some_and(|p| !p.is_empty()));
}

#[test]
fn wm_b_8_d_the_highest_ranked_eliminee_answering_in_time_is_accepted() {
    let mut h = semi_final_drawn();
    let eliminated = state(&h).reserves.clone();
    assert_eq!(eliminated.len(), 7, "wm B.8.d 56 played, 49 went on");
    // Round one's ranking, best first, as published.
    let ranking: Vec<String> = h.env.view(None).game["rounds"][0]["standings"]["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["subject"].as_str().unwrap().to_owned())
        .collect();
    let place =
        |p: &crate::competition::UserId| ranking.iter().position(|r| r == p.as_str()).unwrap();
    let mut by_place = eliminated.clone();
    by_place.sort_by_key(place);
    let (best, worse) = (by_place[0].clone(), by_place[3].clone());
    run(
        &mut h,
        "td",
        Command::CallReserves {
            board: 2,
            power: Power::Russia,
            permanent: true,
        },
    )
    .unwrap();
    let call = state(&h).calls[0].clone();
    // The worse-ranked answers first; the better-ranked later, in time.
    run(&mut h, worse.as_str(), Command::AnswerCall { call: 1 }).unwrap();
    refused(
        run(&mut h, "t1-austria", Command::AnswerCall { call: 1 }),
        "wm B.8.d",
    );
    refused(
        run(&mut h, "td", Command::CloseCall { call: 1 }),
        "wm B.8.d",
    );
    run(&mut h, best.as_str(), Command::AnswerCall { call: 1 }).unwrap();
    h.now = call.closes_at;
    refused(
        run(
            &mut h,
            by_place[1].as_str(),
            Command::AnswerCall { call: 1 },
        ),
        "wm B.8.d",
    );
    let e = run(&mut h, "td", Command::CloseCall { call: 1 }).unwrap();
    assert_eq!(e[0].clause.as_deref(), Some("wm B.8.d"));
    assert_eq!(state(&h).calls[0].accepted, Some(best), "wm B.8.d");
}

#[test]
fn wm_b_8_f_b_9_nobody_eligible_in_time_means_civil_disorder() {
    let mut h = semi_final_drawn();
    let reserve = state(&h).reserves[0].clone();
    // wm B.9: the reserve takes three games; a fourth is refused them.
    for board in 0..4 {
        run(
            &mut h,
            "td",
            Command::CallReserves {
                board,
                power: Power::Germany,
                permanent: true,
            },
        )
        .unwrap();
        let id = state(&h).calls.last().unwrap().id;
        run(&mut h, reserve.as_str(), Command::AnswerCall { call: id }).unwrap();
        h.now = state(&h).calls.last().unwrap().closes_at;
        let e = run(&mut h, "td", Command::CloseCall { call: id }).unwrap();
        let accepted = state(&h).calls.last().unwrap().accepted.clone();
        if board < 3 {
            assert_eq!(accepted, Some(reserve.clone()), "game {}", board + 1);
        } else {
            assert_eq!(accepted, None, "wm B.9 no fourth game");
            assert_eq!(e[0].clause.as_deref(), Some("wm B.8.f"));
        }
    }
}

#[test]
fn wm_a_5_issues_reach_the_tmc_from_the_td_or_its_members() {
    let mut h = tournament();
    refused(
        run(
            &mut h,
            "alpha-france",
            Command::OpenMotion { motion: decision() },
        ),
        "wm A.5",
    );
    // An assistant TD sits on the body (wm A.6) but puts no issue itself.
    refused(
        run(&mut h, "atd1", Command::OpenMotion { motion: decision() }),
        "wm A.5",
    );
    motion(&mut h, "tmc4", decision());
    motion(&mut h, "td", decision());
    assert_eq!(state(&h).motions.len(), 2);
}

/// wm A.3.ii, B.5: the TD's draw is told to each seated player (their own board
/// and power) and published. In round one a team's sign-up gives each player
/// their power (wm B.5), so t1's Austria player plays Austria.
#[test]
fn wm_a_3_ii_each_drawn_player_is_told_their_board_and_the_draw_is_published() {
    use crate::notice::{Audience, Topic};
    let mut h = seven_teams(&[]);
    pair(&mut h).unwrap();
    let all = h.env.notices(h.log.last().unwrap());
    let players: Vec<String> = (1..=7)
        .flat_map(|i| Power::ALL.map(|p| format!("t{i}-{}", p.name().to_lowercase())))
        .collect();
    for p in &players {
        let mine: Vec<_> = all
            .iter()
            .filter(|n| n.audience == Audience::Users([u(p)].into()))
            .collect();
        assert_eq!(mine.len(), 1, "{p}");
        assert_eq!(mine[0].clause, "wm A.3.ii");
        assert_eq!(mine[0].topic, Topic::Announcement);
    }
    let austria = all
        .iter()
        .find(|n| n.audience == Audience::Users([u("t1-austria")].into()))
        .unwrap();
    assert!(
        austria
            .text
            .starts_with("Round one: you play Austria on board "),
        "{}",
        austria.text
    );
    let public: Vec<_> = all
        .iter()
        .filter(|n| n.audience == Audience::Public)
        .collect();
    assert_eq!(public.len(), 1);
    assert_eq!(
        public[0].text.matches("Board ").count(),
        7,
        "49 players, 7 boards"
    );
    assert_eq!(all.len(), 49 + 1);
}
