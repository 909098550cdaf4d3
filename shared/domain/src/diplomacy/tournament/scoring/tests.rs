use super::testkit::*;
use super::*;
use crate::diplomacy::game::event::EndReason;
use crate::diplomacy::tournament::model::Tenure;
use Power::*;

fn tenure(player: &str, seasons: u32, permanent: bool) -> Tenure {
    Tenure {
        player: u(player),
        seasons,
        permanent,
    }
}

fn teams(pairs: &[(&str, &str)]) -> BTreeMap<UserId, Option<TeamId>> {
    pairs
        .iter()
        .map(|(p, t)| (u(p), Some((*t).to_owned())))
        .collect()
}

fn part<'a>(pos: &'a PositionScore, player: &str) -> &'a PlayerPart {
    pos.players
        .iter()
        .find(|p| p.player.as_str() == player)
        .expect("player has a part")
}

#[test]
fn wm_c_14_pro_rated_points_example() {
    // The rule's example: a round-two game (Spring 1901 to Fall 1909, 18
    // seasons). Wendy plays Turkey Spring 01 to Fall 06 (12 seasons); Fred
    // takes over for good from the Fall 06 builds and solos in Fall 1908;
    // the unplayed 1909 is credited to him (Spring 07 to Fall 09: 6).
    let mut b = board(
        "r2-1",
        1,
        Stage::RoundTwo,
        EndReason::Solo { power: Turkey },
        [3, 4, 3, 2, 2, 2, 18],
        1908,
    );
    seat(&mut b, Turkey, "wendy", 18);
    b.report.tenures.insert(
        Turkey,
        vec![tenure("wendy", 12, false), tenure("fred", 6, true)],
    );
    let s = score_board(
        Stage::RoundTwo,
        &b,
        &teams(&[("wendy", "owls"), ("fred", "owls")]),
    )
    .unwrap();
    let t = &s.positions[&Turkey];
    assert_eq!(t.score, pts(66), "wm C.4: 32 + 34");
    assert_eq!(part(t, "fred").points, pts(22), "66 x 6 / 18");
    assert_eq!(part(t, "wendy").points, pts(44), "66 x 12 / 18");
    assert!(part(t, "fred").pro_rated && part(t, "wendy").pro_rated);
    assert_eq!(t.team_points, pts(66), "the team is credited the full 66");
    assert_eq!(t.team.as_deref(), Some("owls"));
    for p in [Austria, England, France, Germany, Italy, Russia] {
        assert_eq!(s.positions[&p].score, Points::ZERO, "wm C.4 {p:?}");
    }
}

#[test]
fn wm_c_14_tenures_must_add_up_to_the_stage_seasons() {
    let mut b = board(
        "r1-1",
        1,
        Stage::RoundOne,
        EndReason::LastYear,
        [5; 7],
        1909,
    );
    b.report
        .tenures
        .insert(Austria, vec![tenure("r1-1-Austria", 17, true)]);
    assert_eq!(
        score_board(Stage::RoundOne, &b, &BTreeMap::new()),
        Err(ScoringError::SeasonsMismatch {
            board: "r1-1".into(),
            power: Austria,
            got: 17,
            want: 18
        })
    );
    // The semi-final has 24 seasons (to Fall 1912, wm B.3): 18 is short.
    let b = board("sf", 1, Stage::RoundOne, EndReason::LastYear, [5; 7], 1909);
    assert!(matches!(
        score_board(Stage::SemiFinal, &b, &BTreeMap::new()),
        Err(ScoringError::SeasonsMismatch { want: 24, .. })
    ));
}

#[test]
fn wm_c_14_reports_must_match_the_seating() {
    let mut b = board("b", 1, Stage::RoundOne, EndReason::LastYear, [5; 7], 1909);
    b.report
        .tenures
        .insert(France, vec![tenure("someone-else", 18, true)]);
    assert!(matches!(
        score_board(Stage::RoundOne, &b, &BTreeMap::new()),
        Err(ScoringError::FirstTenureNotSeated { power: France, .. })
    ));
    let mut b = board("b", 1, Stage::RoundOne, EndReason::LastYear, [5; 7], 1909);
    b.report.tenures.insert(France, vec![]);
    assert!(matches!(
        score_board(Stage::RoundOne, &b, &BTreeMap::new()),
        Err(ScoringError::NoTenures { power: France, .. })
    ));
    let mut b = board("b", 1, Stage::RoundOne, EndReason::LastYear, [5; 7], 1909);
    b.seating.seats.remove(&Italy);
    assert!(matches!(
        score_board(Stage::RoundOne, &b, &BTreeMap::new()),
        Err(ScoringError::NotSeated { power: Italy, .. })
    ));
    let b = board("b", 1, Stage::RoundOne, EndReason::LastYear, [5; 7], 1909);
    let round = RoundResults {
        stage: Stage::RoundOne,
        boards: vec![b.clone(), b],
    };
    assert_eq!(
        score_round(&round, &[]),
        Err(ScoringError::DuplicateBoard("b".into()))
    );
}

#[test]
fn wm_c_14_one_turn_absence_keeps_full_points_longer_is_pro_rated() {
    // AUS ENG FRA = 8 8 8: three tied for first share 32+16+8 (wm C.3), so
    // Austria scores 56/3 + 8 = 80/3.
    let mut b = board(
        "b",
        1,
        Stage::RoundOne,
        EndReason::LastYear,
        [8, 8, 8, 4, 3, 2, 1],
        1909,
    );
    seat(&mut b, Austria, "wendy", 18);
    b.report.tenures.insert(
        Austria,
        vec![
            tenure("wendy", 9, true),
            tenure("sam", 1, false),
            tenure("wendy", 8, true),
        ],
    );
    seat(&mut b, England, "erin", 18);
    b.report.tenures.insert(
        England,
        vec![
            tenure("erin", 8, true),
            tenure("sid", 2, false),
            tenure("erin", 8, true),
        ],
    );
    let s = score_board(Stage::RoundOne, &b, &BTreeMap::new()).unwrap();
    let aus = &s.positions[&Austria];
    assert_eq!(aus.score, Points::new(80, 3));
    assert_eq!(aus.bonus, Points::new(56, 3), "wm C.3 shared bonus, exact");
    // Wendy missed one season: a turn, not "more than one turn".
    assert_eq!(part(aus, "wendy").points, Points::new(80, 3));
    assert!(!part(aus, "wendy").pro_rated);
    assert_eq!(part(aus, "wendy").seasons, 17);
    // The standby is always pro-rated: 80/3 x 1/18 = 40/27.
    assert_eq!(part(aus, "sam").points, Points::new(40, 27));
    // Erin missed two seasons: 80/3 x 16/18 = 640/27; Sid 80/3 x 2/18 = 80/27.
    let eng = &s.positions[&England];
    assert_eq!(part(eng, "erin").points, Points::new(640, 27));
    assert_eq!(part(eng, "sid").points, Points::new(80, 27));
    assert_eq!(
        part(eng, "erin").points + part(eng, "sid").points,
        eng.score
    );
    assert_eq!(
        eng.players.len(),
        2,
        "Erin's two tenures are one part, first appearance first"
    );
    assert_eq!(eng.players[0].player.as_str(), "erin");
}

#[test]
fn wm_b_8_e_reserve_takeover_forfeits_the_team_points() {
    // Sorted: FRA 9, GER 6, ENG 5 = ITA 5, RUS 4, AUS 3, TUR 2. Germany is
    // second: 16 + 6 = 22.
    let mut b = board(
        "r2",
        1,
        Stage::RoundTwo,
        EndReason::LastYear,
        [3, 5, 9, 6, 5, 4, 2],
        1909,
    );
    seat(&mut b, Germany, "gert", 18);
    b.report.tenures.insert(
        Germany,
        vec![tenure("gert", 4, false), tenure("res", 14, true)],
    );
    b.reserve_takeovers.insert(Germany);
    seat(&mut b, France, "fran", 18);
    let round = RoundResults {
        stage: Stage::RoundTwo,
        boards: vec![b.clone()],
    };
    let entrants = [
        entrant("gert", Some("owls")),
        entrant("fran", Some("owls")),
        entrant("res", Some("bats")),
    ];
    let r = score_round(&round, &entrants).unwrap();
    let ger = &r.boards[0].positions[&Germany];
    assert_eq!(ger.score, pts(22));
    assert!(ger.forfeited);
    assert_eq!(ger.team_points, Points::ZERO, "wm B.8.e");
    // The reserve scores as an individual permanent replacement:
    // 22 x 14 / 18 = 154/9, counted for their advancement (wm C.15).
    assert_eq!(part(ger, "res").points, Points::new(154, 9));
    assert_eq!(r.counted[&u("res")].points, Points::new(154, 9));
    // Owls keep France's 32 + 9 only; the reserve's team gains nothing.
    assert_eq!(r.team_total(&"owls".into()), pts(41));
    assert_eq!(r.team_total(&"bats".into()), Points::ZERO);
    // A forfeit on a position never replaced is a bad report.
    let mut bad = board("x", 1, Stage::RoundTwo, EndReason::LastYear, [5; 7], 1909);
    bad.reserve_takeovers.insert(Italy);
    assert!(matches!(
        score_board(Stage::RoundTwo, &bad, &BTreeMap::new()),
        Err(ScoringError::ForfeitWithoutReplacement { power: Italy, .. })
    ));
}

#[test]
fn wm_c_5_conceded_solo_carries_centres_to_the_penultimate_year() {
    // England is conceded the solo during 1905 with 9 centres; 1901-1904
    // were recorded (Austria had 6 at the end of 1904).
    let mut b = board(
        "b",
        1,
        Stage::RoundOne,
        EndReason::Concession { to: England },
        [5, 9, 4, 4, 4, 4, 4],
        1904,
    );
    b.report
        .year_end_centers
        .get_mut(&1904)
        .unwrap()
        .insert(Austria, 6);
    let years = carried_year_end_centers(&b.report, Stage::RoundOne);
    assert_eq!(years.len(), 9, "1901 to 1909");
    assert_eq!(years[&1904][&Austria], 6, "recorded years are kept");
    for y in 1905..=1908 {
        assert_eq!(years[&y][&England], 9, "wm C.5 carried to {y}");
        assert_eq!(years[&y][&Austria], 5);
    }
    assert_eq!(years[&1909][&England], 34, "wm C.5 solo in the final year");
    assert_eq!(years[&1909][&Austria], 0);
    let r = score_round(
        &RoundResults {
            stage: Stage::RoundOne,
            boards: vec![b],
        },
        &[],
    )
    .unwrap();
    let eng = &r.counted[&u("b-England")];
    assert_eq!(
        eng.points,
        pts(66),
        "wm C.4 the concession scores as a solo"
    );
    assert_eq!(eng.count_back[..4], [9, 9, 9, 9], "1908 down to 1905");
    assert_eq!(eng.final_centers, 34);
    assert_eq!(r.counted[&u("b-Austria")].count_back[..5], [5, 5, 5, 5, 6]);
}

#[test]
fn wm_c_5_agreed_draw_carries_current_counts_to_all_remaining_years() {
    // A draw of ENG FRA RUS agreed during 1906, Turkey left out (wm D.IX.4).
    let mut b = board(
        "b",
        1,
        Stage::RoundOne,
        EndReason::Draw,
        [0, 10, 10, 0, 0, 10, 4],
        1905,
    );
    b.report.result.eliminated = vec![Turkey];
    let years = carried_year_end_centers(&b.report, Stage::RoundOne);
    for y in 1906..=1909 {
        assert_eq!(years[&y][&England], 10, "wm C.5 {y}");
        assert_eq!(years[&y][&Turkey], 0, "presumed eliminated in {y}");
    }
    assert_eq!(years[&1905][&Turkey], 4, "recorded before the draw");
}

#[test]
fn wm_c_4_solo_on_the_board_counts_34_for_the_remaining_years() {
    let b = board(
        "b",
        1,
        Stage::RoundOne,
        EndReason::Solo { power: France },
        [2, 3, 18, 4, 4, 2, 1],
        1906,
    );
    let years = carried_year_end_centers(&b.report, Stage::RoundOne);
    assert_eq!(years[&1906][&France], 18, "recorded");
    for y in 1907..=1909 {
        assert_eq!(years[&y][&France], 34);
        assert_eq!(years[&y][&Germany], 0);
    }
    // A game played to its end without its last year recorded: the final
    // centres are that year's.
    let b = board("c", 1, Stage::RoundOne, EndReason::LastYear, [4; 7], 1908);
    assert_eq!(
        carried_year_end_centers(&b.report, Stage::RoundOne)[&1909][&Italy],
        4
    );
}

#[test]
fn wm_c_15_only_the_first_permanent_game_counts() {
    // Pat is permanent on board y (started 1) and x (started 2), and a
    // temporary replacement on w (started 0). The boards come in any order.
    let mut x = board(
        "x",
        2,
        Stage::RoundOne,
        EndReason::LastYear,
        [12, 5, 5, 4, 3, 3, 2],
        1909,
    );
    seat(&mut x, Austria, "pat", 18);
    let mut y = board(
        "y",
        1,
        Stage::RoundOne,
        EndReason::LastYear,
        [3, 5, 5, 4, 12, 3, 2],
        1909,
    );
    seat(&mut y, Austria, "pat", 18);
    let mut w = board("w", 0, Stage::RoundOne, EndReason::LastYear, [5; 7], 1909);
    w.report.tenures.insert(
        France,
        vec![tenure("w-France", 15, true), tenure("pat", 3, false)],
    );
    let r = score_round(
        &RoundResults {
            stage: Stage::RoundOne,
            boards: vec![x, w, y],
        },
        &[],
    )
    .unwrap();
    assert_eq!(
        r.boards.iter().map(|b| b.id.as_str()).collect::<Vec<_>>(),
        ["w", "y", "x"],
        "chronological"
    );
    let g = &r.counted[&u("pat")];
    assert_eq!(g.board, "y", "wm C.15 first permanent game, not the best");
    // On y Austria has 3 centres: 6th of 7 (ITA 12, ENG = FRA 5, GER 4,
    // AUS = RUS 3 share 5th-6th: (2 + 1) / 2), so 3/2 + 3.
    assert_eq!(g.points, Points::new(9, 2));
    assert_eq!(g.bonus, Points::new(3, 2));
    assert_eq!(g.count_back, vec![3; 8]);
    // wm C.7.a: Austria's total across the round: x 32 + 12, y 9/2, w:
    // seven tied at 5 share 63/7 = 9, so 9 + 5 = 14.
    assert_eq!(
        r.power_totals[&Austria],
        pts(44) + Points::new(9, 2) + pts(14)
    );
}
