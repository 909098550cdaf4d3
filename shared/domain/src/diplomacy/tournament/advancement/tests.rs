use super::rank::rolls;
use super::*;
use crate::diplomacy::game::event::EndReason;
use crate::diplomacy::tournament::scoring::testkit::*;
use crate::diplomacy::tournament::scoring::{score_round, RoundResults};
use Power::*;

const SEED: u64 = 2004;

fn team(id: &str) -> TeamId {
    id.to_owned()
}

fn dice_key<S>(s: &Standing<S>) -> Option<Vec<u8>> {
    s.keys.iter().find_map(|k| match &k.value {
        KeyValue::Dice(r) => Some(r.clone()),
        _ => None,
    })
}

/// The two subjects of a die-decided pair in the order the die gives.
fn by_die(rule: &'static str, a: &str, b: &str) -> [String; 2] {
    let (ra, rb) = (
        rolls(
            DiceRule {
                seed: SEED,
                clause: rule,
            },
            a,
            32,
        ),
        rolls(
            DiceRule {
                seed: SEED,
                clause: rule,
            },
            b,
            32,
        ),
    );
    if ra > rb {
        [a.into(), b.into()]
    } else {
        [b.into(), a.into()]
    }
}

#[test]
fn wm_c_6_team_credits_and_tiebreaks_a_and_b() {
    // Team points per position (round one):
    //   ta [30 20 10] = 60: first on total.
    //   tc [25 20 10] = 55, tb [25 25 5] = 55: without the highest both
    //     make 30, without the two highest tc 10 > tb 5: wm C.6.a.
    //   td, te [30 15 10] = 55: without the highest 25 < 30, so below
    //     tb and tc (wm C.6.a); td and te tie through every removal, so
    //     wm C.6.b: te's best player (31 points) outranks td's (30).
    let mut r1 = round(
        Stage::RoundOne,
        vec![
            game("td-1", "b1", Austria, pts(30), 16, &[]),
            game("te-1", "b2", Austria, pts(31), 16, &[]),
        ],
        &[],
    );
    for (t, v) in [
        ("ta", [30, 20, 10]),
        ("tb", [25, 25, 5]),
        ("tc", [25, 20, 10]),
        ("td", [30, 15, 10]),
        ("te", [30, 15, 10]),
    ] {
        r1.team_points
            .insert(team(t), v.iter().map(|n| pts(*n)).collect());
    }
    let entrants: Vec<Entrant> = ["ta", "tb", "tc", "td", "te"]
        .iter()
        .map(|t| entrant(&format!("{t}-1"), Some(t)))
        .collect();
    let c = team_credits(&r1, &entrants, SEED);
    assert_eq!(order(&c.standings), ["ta", "tc", "tb", "te", "td"]);
    assert_eq!(
        decided(&c.standings),
        [
            None,
            Some("wm C.6"),
            Some("wm C.6.a"),
            Some("wm C.6.a"),
            Some("wm C.6.b")
        ]
    );
    assert_eq!(c.credits[&team("ta")], 10, "wm C.6: 10 for the top team");
    assert_eq!(c.credits[&team("tc")], 9);
    assert_eq!(c.credits[&team("td")], 6);
    assert!(c.standings.iter().all(|s| dice_key(s).is_none()));
}

#[test]
fn wm_c_6_only_the_top_ten_teams_earn_credits() {
    let mut r1 = round(Stage::RoundOne, vec![], &[]);
    let names: Vec<String> = (1..=12).map(|i| format!("t{i:02}")).collect();
    for (i, t) in names.iter().enumerate() {
        r1.team_points.insert(t.clone(), vec![pts(100 - i as i128)]);
    }
    let entrants: Vec<Entrant> = names.iter().map(|t| entrant(t, Some(t))).collect();
    let c = team_credits(&r1, &entrants, SEED);
    assert_eq!(order(&c.standings), names);
    let credits: Vec<u32> = names
        .iter()
        .map(|t| c.credits.get(t).copied().unwrap_or(0))
        .collect();
    assert_eq!(credits, [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0]);
}

/// Hand-made team ranking: t01 … t12, credits 10 … 1 for the first ten.
fn twelve_teams() -> TeamCredits {
    let names: Vec<String> = (1..=12).map(|i| format!("t{i:02}")).collect();
    TeamCredits {
        credits: names
            .iter()
            .take(10)
            .enumerate()
            .map(|(i, t)| (t.clone(), 10 - i as u32))
            .collect(),
        standings: standings(&names),
    }
}

#[test]
fn wm_c_7_advancement_round_one_every_tiebreak() {
    // Power totals across round one: Austria 100, England 120 (wm C.7.a:
    // the least successful country ranks first).
    let cb = |n: usize| -> Vec<usize> { vec![n, 9, 9, 9, 9, 9, 9, 9] };
    let g = |p: &str, power, raw: i128, bonus, cb: Vec<usize>| {
        game(p, "b", power, pts(raw), bonus, &cb)
    };
    let r1 = round(
        Stage::RoundOne,
        vec![
            // 40 + 10 credits = 50: first on wm C.7's score.
            g("p1", Austria, 40, 8, cb(9)),
            // 40: the rest all make 40 with credits.
            g("p2", Austria, 40, 8, cb(9)), // Austria 100 < England 120: a.
            g("p3", England, 40, 16, cb(9)), // raw 40 beats raw 35: b.
            g("p7", England, 40, 8, cb(12)), // bonus 8 < p3's 16: c.
            g("p8", England, 40, 8, cb(11)), // 11 < 12 at 1908: d.
            g("p9", England, 40, 8, cb(11)), // no team, below t11: e.
            g("p10", England, 40, 8, cb(11)), // ties p9 on a-e: f.
            g("p4", England, 35, 16, cb(9)), // 35 + 5 credits.
            g("p5", England, 35, 8, vec![10, 9]), // bonus: c.
            g("p6", England, 35, 8, vec![10, 8]), // 1907: d.
        ],
        &[(Austria, 100), (England, 120)],
    );
    let entrants = vec![
        entrant("p1", Some("t01")),
        entrant("p4", Some("t06")),
        entrant("p5", Some("t06")),
        entrant("p6", Some("t06")),
        entrant("p8", Some("t11")),
        entrant("p9", None),
        entrant("p10", None),
    ];
    let adv = advance_round_one(&r1, &entrants, &twelve_teams(), 4, SEED);
    let [d1, d2] = by_die("wm C.7.f", "p9", "p10");
    assert_eq!(
        order(&adv.standings),
        ["p1", "p2", "p3", "p7", "p8", &d1, &d2, "p4", "p5", "p6"]
    );
    assert_eq!(
        decided(&adv.standings),
        [
            None,
            Some("wm C.7"),
            Some("wm C.7.a"),
            Some("wm C.7.c"),
            Some("wm C.7.d"),
            Some("wm C.7.e"),
            Some("wm C.7.f"),
            Some("wm C.7.b"),
            Some("wm C.7.c"),
            Some("wm C.7.d"),
        ]
    );
    assert_eq!(
        adv.advancing,
        [u("p1"), u("p2"), u("p3"), u("p7")],
        "the first four advance"
    );
    // Only the pair tied on every criterion rolls; the rolls are shown.
    let rolled: Vec<&str> = adv
        .standings
        .iter()
        .filter(|s| dice_key(s).is_some())
        .map(|s| s.subject.as_str())
        .collect();
    assert_eq!(rolled.len(), 2);
    assert!(rolled.contains(&"p9") && rolled.contains(&"p10"));
    let first = &adv.standings[0];
    assert_eq!(first.keys[0].value, KeyValue::Higher(pts(50)), "40 + 10");
    assert_eq!(first.keys[5].value, KeyValue::Place(Some(1)), "wm C.7.e");
}

#[test]
fn standings_serialize_with_every_criterion_and_the_deciding_clause() {
    let st = rank::rank(
        vec![
            (
                "a".to_string(),
                vec![Key::new("wm C.7", KeyValue::Higher(Points::new(133, 3)))],
            ),
            (
                "b".to_string(),
                vec![Key::new("wm C.7", KeyValue::Higher(pts(44)))],
            ),
        ],
        String::clone,
        DiceRule {
            seed: SEED,
            clause: "wm C.7.f",
        },
    );
    let json = serde_json::to_value(&st).unwrap();
    // 133/3 = 44.33… ranks above 44.
    assert_eq!(json[0]["subject"], "a");
    assert!(json[0]["decided_by"].is_null());
    assert_eq!(json[1]["decided_by"], "wm C.7");
    assert_eq!(json[1]["keys"][0]["clause"], "wm C.7");
    assert_eq!(json[1]["keys"][0]["value"]["kind"], "higher");
    assert_eq!(json[0]["keys"][0]["value"]["value"]["exact"], "133/3");
    assert_eq!(json[1]["keys"][0]["value"]["value"]["exact"], "44");
}

#[test]
fn wm_c_7_f_the_die_is_replayable_and_not_the_id_order() {
    let r1 = round(
        Stage::RoundOne,
        (0..6)
            .map(|i| game(&format!("x{i}"), "b", Italy, pts(10), 4, &[3]))
            .collect(),
        &[],
    );
    let teams = TeamCredits {
        standings: vec![],
        credits: BTreeMap::new(),
    };
    let once = advance_round_one(&r1, &[], &teams, 3, SEED);
    assert_eq!(once, advance_round_one(&r1, &[], &teams, 3, SEED));
    for w in once.standings.windows(2) {
        assert!(dice_key(&w[0]).unwrap() > dice_key(&w[1]).unwrap());
        assert_eq!(w[1].decided_by, Some("wm C.7.f"));
    }
    for s in &once.standings {
        let r = dice_key(s).unwrap();
        assert!(r.iter().all(|d| (1..=100).contains(d)));
        assert_eq!(
            r,
            rolls(
                DiceRule {
                    seed: SEED,
                    clause: "wm C.7.f"
                },
                s.subject.as_str(),
                r.len()
            )
        );
    }
    // Some seed orders them differently: the die, not the ids, decides.
    let orders: BTreeSet<Vec<String>> = (0..20)
        .map(|seed| order(&advance_round_one(&r1, &[], &teams, 3, seed).standings))
        .collect();
    assert!(orders.len() > 1);
}

#[test]
fn wm_c_8_advancement_round_two_every_tiebreak() {
    // Round two totals: France 50, Germany 60 (wm C.8.a).
    let r1 = round(
        Stage::RoundOne,
        [
            ("q1", 20),
            ("q2", 9),
            ("q3", 19),
            ("q4", 9),
            ("q5", 9),
            ("q6", 9),
            ("q7", 9),
        ]
        .iter()
        .map(|(p, n)| game(p, "a", Austria, pts(*n), 0, &[]))
        .collect(),
        &[],
    );
    let r2 = round(
        Stage::RoundTwo,
        vec![
            game("q1", "b", Germany, pts(30), 16, &[9]), // 30 + 20/2 = 40
            game("q2", "b", Germany, pts(35), 16, &[9]), // 35 + 9/2 = 39.5
            game("q3", "b", France, pts(30), 16, &[9]),  // 30 + 19/2: a
            game("q4", "b", Germany, pts(35), 8, &[9]),  // bonus 8: b
            game("q5", "b", Germany, pts(35), 8, &[8, 9]), // 1908: c
            game("q6", "b", Germany, pts(35), 8, &[8, 9]), // team 2nd: d
            game("q7", "b", Germany, pts(35), 8, &[8, 9]), // round one 7th: e
        ],
        &[(France, 50), (Germany, 60)],
    );
    let entrants = vec![
        entrant("q5", Some("ta")),
        entrant("q6", Some("tb")),
        entrant("q7", Some("tb")),
    ];
    let teams = standings(&[team("ta"), team("tb")]);
    let round_one = standings(&["q1", "q2", "q3", "q4", "q5", "q6", "q7"].map(u));
    let adv = advance_round_two(&r1, &r2, &entrants, &round_one, &teams, 2, SEED);
    assert_eq!(
        order(&adv.standings),
        ["q1", "q3", "q2", "q4", "q5", "q6", "q7"]
    );
    assert_eq!(
        decided(&adv.standings),
        [
            None,
            Some("wm C.8"),
            Some("wm C.8.a"),
            Some("wm C.8.b"),
            Some("wm C.8.c"),
            Some("wm C.8.d"),
            Some("wm C.8.e"),
        ]
    );
    assert_eq!(
        adv.standings[1].keys[0].value,
        KeyValue::Higher(pts(30) + Points::new(19, 2))
    );
    assert_eq!(adv.advancing, [u("q1"), u("q3")]);
}

fn semi() -> RoundScores {
    // Semi-final totals: Italy 70, Russia 80 (wm C.9.a). Count-backs run
    // from 1911 down.
    round(
        Stage::SemiFinal,
        vec![
            game("a", "s1", Austria, pts(40), 32, &[9]),
            game("b", "s1", Italy, pts(35), 16, &[5]),
            game("c", "s1", Russia, pts(35), 16, &[7]),
            game("d", "s1", Russia, pts(35), 16, &[6]),
            game("e", "s1", Russia, pts(35), 8, &[6]),
            game("f", "s2", Russia, pts(30), 16, &[6]),
            game("g", "s2", Russia, pts(30), 16, &[6]),
            game("h", "s2", Turkey, pts(20), 8, &[4]),
        ],
        &[(Italy, 70), (Russia, 80), (Austria, 90), (Turkey, 90)],
    )
}

fn semi_boards(mut sf: RoundScores) -> RoundScores {
    sf.boards = vec![seated_board("s1", &[]), seated_board("s2", &[])];
    sf
}

#[test]
fn wm_c_9_each_semi_final_board_sends_its_top_scorer() {
    let sf = semi_boards(semi());
    // Round-two ranking (wm C.8): g, f, e, d, c, b, a, h.
    let round_two = standings(&["g", "f", "e", "d", "c", "b", "a", "h"].map(u));
    let s = advance_semi_final(&sf, &round_two, SEED);
    // s1: a on points; b (Italy 70) over c, d, e (Russia 80): a; c over d
    // on count-back 7 > 6: b; d and e tie on count-back, e ranks higher
    // in round two: c.
    assert_eq!(order(&s.boards[0].standings), ["a", "b", "c", "e", "d"]);
    assert_eq!(
        decided(&s.boards[0].standings),
        [
            None,
            Some("wm C.9"),
            Some("wm C.9.a"),
            Some("wm C.9.b"),
            Some("wm C.9.c")
        ]
    );
    // s2: f and g tie on points, country and count-back: round two
    // ranking puts g first (wm C.9.c).
    assert_eq!(order(&s.boards[1].standings), ["g", "f", "h"]);
    assert_eq!(s.boards[1].standings[1].decided_by, Some("wm C.9.c"));
    assert_eq!(s.qualifiers, [u("a"), u("g")]);
    assert_eq!(order(&s.overall), ["a", "b", "c", "e", "d", "g", "f", "h"]);
}

#[test]
fn wm_c_10_a_declining_qualifier_is_replaced_on_positional_bonus() {
    let sf = semi_boards(semi());
    let round_two = standings(&["g", "f", "e", "d", "c", "b", "a", "h"].map(u));
    let s = advance_semi_final(&sf, &round_two, SEED);
    // Non-qualifiers: b, c, d, e, f, h. Bonuses: b c d f 16, e 8, h 8.
    // Points: b c d 35 > f 30 (wm C.10.a); b, c, d tie on bonus and points
    // and go by the overall semi-final ranking b, c, d (wm C.10.b). c
    // declines as well, so is no candidate.
    let declined: BTreeSet<UserId> = [u("g"), u("c")].into();
    let seats = final_seats(&sf, &s, &declined, SEED);
    assert_eq!(order(&seats.replacements), ["b", "d", "f", "e", "h"]);
    assert_eq!(
        decided(&seats.replacements),
        [
            None,
            Some("wm C.10.b"),
            Some("wm C.10.a"),
            Some("wm C.10"),
            Some("wm C.10.a")
        ]
    );
    assert_eq!(seats.players, [u("a"), u("b")]);
}

#[test]
fn wm_c_11_individual_winner_most_centres_then_count_back_then_semi_final() {
    let mut fin = round(
        Stage::Final,
        vec![
            game("f1", "final", Austria, pts(0), 0, &[11, 11]),
            game("f2", "final", England, pts(0), 0, &[9, 3]),
            game("f3", "final", France, pts(0), 0, &[8, 9]),
            game("f4", "final", Germany, pts(0), 0, &[8, 9]),
        ],
        &[],
    );
    // Centres at the end of 1915: f1 12; f2 f3 f4 10. Count-back from
    // 1914: f2 9 > f3, f4 8 (wm C.11.a); f3 and f4 tie through 1913 and
    // f4 ranks higher in the semi-final (wm C.11.b).
    for (p, c) in [("f1", 12), ("f2", 10), ("f3", 10), ("f4", 10)] {
        fin.counted.get_mut(&u(p)).unwrap().final_centers = c;
    }
    let semi_final = standings(&["f4", "f2", "f1", "f3"].map(u));
    let w = individual_winner(&fin, &semi_final, SEED);
    assert_eq!(order(&w), ["f1", "f2", "f4", "f3"]);
    assert_eq!(
        decided(&w),
        [None, Some("wm C.11"), Some("wm C.11.a"), Some("wm C.11.b")]
    );
}

#[test]
fn wm_c_12_team_winner_every_tiebreak() {
    // (round one, round two) points per position:
    //   ta ([20], [30]) = 50: first.
    //   tb ([10 10], [10 10]) = 40 with two players in round two;
    //   tc ([20], [20]), td ([15], [25]), te ([10 5], [25]), tf as td:
    //   40 with one player each in round two (wm C.12.a puts tb first).
    //   Without the highest round-two score: tc 20 > td, te, tf 15 (b).
    //   Without the highest round-one score: te 30 > td, tf 25 (c).
    //   td ranked 2nd after round one, tf 4th (d).
    let mut r1 = round(Stage::RoundOne, vec![], &[]);
    let mut r2 = round(Stage::RoundTwo, vec![], &[]);
    let data: [(&str, &[i128], &[i128]); 6] = [
        ("ta", &[20], &[30]),
        ("tb", &[10, 10], &[10, 10]),
        ("tc", &[20], &[20]),
        ("td", &[15], &[25]),
        ("te", &[10, 5], &[25]),
        ("tf", &[15], &[25]),
    ];
    for (t, one, two) in data {
        r1.team_points
            .insert(team(t), one.iter().map(|n| pts(*n)).collect());
        r2.team_points
            .insert(team(t), two.iter().map(|n| pts(*n)).collect());
    }
    r2.boards = vec![seated_board(
        "r2",
        &[
            (Austria, "ta-1"),
            (England, "tb-1"),
            (France, "tb-2"),
            (Germany, "tc-1"),
            (Italy, "td-1"),
            (Russia, "te-1"),
            (Turkey, "tf-1"),
        ],
    )];
    let mut entrants = vec![];
    for (t, ..) in data {
        for i in 1..=2 {
            entrants.push(entrant(&format!("{t}-{i}"), Some(t)));
        }
    }
    let round_one = standings(&["ta", "td", "tb", "tf", "tc", "te"].map(team));
    let w = team_winner(&r1, Some(&r2), &entrants, &round_one, SEED);
    assert_eq!(order(&w), ["ta", "tb", "tc", "te", "td", "tf"]);
    assert_eq!(
        decided(&w),
        [
            None,
            Some("wm C.12"),
            Some("wm C.12.a"),
            Some("wm C.12.b"),
            Some("wm C.12.c"),
            Some("wm C.12.d")
        ]
    );
    assert_eq!(w[1].keys[1].value, KeyValue::Count(2));
}

#[test]
fn wm_c_12_forfeited_points_are_deducted() {
    // B.8.e through scoring: the owls' Germany position (22 points) was
    // taken over by a reserve, so the owls have only their round-one 41.
    let mut b1 = board(
        "r1",
        1,
        Stage::RoundOne,
        EndReason::LastYear,
        [3, 5, 9, 6, 5, 4, 2],
        1909,
    );
    seat(&mut b1, France, "fran", 18);
    seat(&mut b1, Germany, "bea", 18);
    let mut b2 = board(
        "r2",
        1,
        Stage::RoundTwo,
        EndReason::LastYear,
        [3, 5, 9, 6, 5, 4, 2],
        1909,
    );
    seat(&mut b2, Germany, "gert", 4);
    b2.report.tenures.get_mut(&Germany).unwrap().push(
        crate::diplomacy::tournament::model::Tenure {
            player: u("res"),
            seasons: 14,
            permanent: true,
        },
    );
    b2.reserve_takeovers.insert(Germany);
    seat(&mut b2, France, "bob", 18);
    let entrants = [
        entrant("fran", Some("owls")),
        entrant("gert", Some("owls")),
        entrant("bea", Some("bats")),
        entrant("bob", Some("bats")),
    ];
    let r1 = score_round(
        &RoundResults {
            stage: Stage::RoundOne,
            boards: vec![b1],
        },
        &entrants,
    )
    .unwrap();
    let r2 = score_round(
        &RoundResults {
            stage: Stage::RoundTwo,
            boards: vec![b2],
        },
        &entrants,
    )
    .unwrap();
    let w = team_winner(&r1, Some(&r2), &entrants, &[], SEED);
    // bats: Germany 22 in round one + France 41 in round two = 63.
    assert_eq!(order(&w), ["bats", "owls"]);
    assert_eq!(w[0].keys[0].value, KeyValue::Higher(pts(63)));
    assert_eq!(
        w[1].keys[0].value,
        KeyValue::Higher(pts(41)),
        "22 forfeited"
    );
}

#[test]
fn wm_c_13_best_country_round_two_outranks_then_count_back_then_die() {
    // Austria has 9 centres and first place everywhere (41 points).
    let c = [9, 5, 5, 4, 4, 4, 3];
    let mk = |id: &str, stage| board(id, 1, stage, EndReason::LastYear, c, 1909);
    let b1 = mk("b1", Stage::RoundOne);
    let mut b2 = mk("b2", Stage::RoundOne);
    b2.report
        .year_end_centers
        .get_mut(&1908)
        .unwrap()
        .insert(Austria, 10);
    let b3 = mk("b3", Stage::RoundOne);
    let mut b4 = mk("b4", Stage::RoundOne);
    b4.report.result.centers.insert(Austria, 8); // 40 points: last
    let c1 = mk("c1", Stage::RoundTwo);
    let r1 = score_round(
        &RoundResults {
            stage: Stage::RoundOne,
            boards: vec![b1, b2, b3, b4],
        },
        &[],
    )
    .unwrap();
    let r2 = score_round(
        &RoundResults {
            stage: Stage::RoundTwo,
            boards: vec![c1],
        },
        &[],
    )
    .unwrap();
    let best = best_countries(&r1, Some(&r2), SEED);
    let aus = &best[&Austria];
    let boards: Vec<&str> = aus.iter().map(|s| s.subject.board.as_str()).collect();
    // c1 ties b1-b3 on 41 points and wins as a round-two result (a); b2 has
    // 10 centres at the end of 1908 against 9 (b); b1 and b3 tie on
    // everything and roll (c); b4's 40 points come last.
    let [d1, d2] = by_die(
        "wm C.13.c",
        "Austria/RoundOne/b1/b1-Austria",
        "Austria/RoundOne/b3/b3-Austria",
    );
    let first_die = if d1.contains("b1") { "b1" } else { "b3" };
    let second_die = if d2.contains("b1") { "b1" } else { "b3" };
    assert_eq!(boards, ["c1", "b2", first_die, second_die, "b4"]);
    assert_eq!(
        decided(aus),
        [
            None,
            Some("wm C.13.a"),
            Some("wm C.13.b"),
            Some("wm C.13.c"),
            Some("wm C.13")
        ]
    );
    assert_eq!(aus[0].keys[0].value, KeyValue::Higher(pts(41)));
    // Round two as the semi-final (wm B.4): round one only.
    assert_eq!(best_countries(&r1, None, SEED)[&Austria].len(), 4);
}

mod properties {
    use super::*;
    use proptest::prelude::*;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;

    /// A round one of `boards` boards with random final centres, players
    /// `{board}-{power}` spread over four teams (some without a team).
    fn round_one(centres: &[[usize; 7]]) -> (RoundResults, Vec<Entrant>) {
        let boards: Vec<_> = centres
            .iter()
            .enumerate()
            .map(|(i, c)| {
                board(
                    &format!("b{i}"),
                    i as u64 % 2,
                    Stage::RoundOne,
                    EndReason::LastYear,
                    *c,
                    1909,
                )
            })
            .collect();
        let entrants = boards
            .iter()
            .flat_map(|b| b.seating.seats.values())
            .enumerate()
            .map(|(i, p)| {
                let team = ["t0", "t1", "t2", "t3"].get(i % 5).copied();
                entrant(p.as_str(), team)
            })
            .collect();
        (
            RoundResults {
                stage: Stage::RoundOne,
                boards,
            },
            entrants,
        )
    }

    fn is_total<S: Clone + Ord + std::fmt::Debug>(st: &[Standing<S>], n: usize) {
        assert_eq!(st.len(), n);
        let subjects: BTreeSet<S> = st.iter().map(|s| s.subject.clone()).collect();
        assert_eq!(subjects.len(), n, "every subject once");
        for (i, s) in st.iter().enumerate() {
            assert_eq!(s.place, i + 1);
            assert_eq!(s.decided_by.is_none(), i == 0, "every place decided");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn the_engine_is_a_total_order_free_of_input_order(
            values in prop::collection::vec((0i128..3, 0i128..3, 0usize..2), 1..12),
            seed in any::<u64>(),
            shuffle in any::<u64>(),
        ) {
            let subjects: Vec<(String, Vec<Key>)> = values
                .iter()
                .enumerate()
                .map(|(i, (a, b, c))| {
                    (
                        format!("s{i}"),
                        vec![
                            Key::new("first", KeyValue::Higher(pts(*a))),
                            Key::new("second", KeyValue::Lower(Points::new(*b, 2))),
                            Key::new("third", KeyValue::Place(Some(*c).filter(|c| *c > 0))),
                        ],
                    )
                })
                .collect();
            let dice = DiceRule { seed, clause: "die" };
            let st = rank::rank(subjects.clone(), String::clone, dice);
            is_total(&st, values.len());
            let mut shuffled = subjects;
            shuffled.shuffle(&mut rand_chacha::ChaCha8Rng::seed_from_u64(shuffle));
            prop_assert_eq!(&st, &rank::rank(shuffled, String::clone, dice));
            for w in st.windows(2) {
                let (a, b) = (&w[0], &w[1]);
                // Rolls only where every other key ties, and then they decide.
                let tied = a.keys[..3] == b.keys[..3];
                prop_assert_eq!(tied, b.decided_by == Some("die"));
                if tied {
                    prop_assert!(dice_key(a).unwrap() > dice_key(b).unwrap());
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        #[test]
        fn rankings_are_total_deterministic_and_input_order_free(
            centres in prop::collection::vec(prop::array::uniform7(0usize..6), 1..5),
            seed in any::<u64>(),
            shuffle in any::<u64>(),
        ) {
            let (round, entrants) = round_one(&centres);
            let r1 = score_round(&round, &entrants).unwrap();
            let credits = team_credits(&r1, &entrants, seed);
            let adv = advance_round_one(&r1, &entrants, &credits, 7, seed);
            let teams = team_winner(&r1, None, &entrants, &credits.standings, seed);
            let best = best_countries(&r1, None, seed);
            is_total(&credits.standings, 4);
            is_total(&adv.standings, 7 * centres.len());
            is_total(&teams, 4);
            for st in best.values() {
                is_total(st, centres.len());
            }
            // The same seed gives the same rankings.
            prop_assert_eq!(&adv, &advance_round_one(&r1, &entrants, &credits, 7, seed));
            // Shuffled boards and entrants give the same rankings.
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(shuffle);
            let mut round2 = round.clone();
            round2.boards.shuffle(&mut rng);
            let mut entrants2 = entrants.clone();
            entrants2.shuffle(&mut rng);
            let r1b = score_round(&round2, &entrants2).unwrap();
            let credits2 = team_credits(&r1b, &entrants2, seed);
            prop_assert_eq!(&credits, &credits2);
            prop_assert_eq!(&adv, &advance_round_one(&r1b, &entrants2, &credits2, 7, seed));
            prop_assert_eq!(&teams, &team_winner(&r1b, None, &entrants2, &credits2.standings, seed));
            prop_assert_eq!(&best, &best_countries(&r1b, None, seed));
            // Places follow the keys: no one ranks above someone better.
            for w in adv.standings.windows(2) {
                let a = &w[0].keys[0].value;
                let b = &w[1].keys[0].value;
                if let (KeyValue::Higher(x), KeyValue::Higher(y)) = (a, b) {
                    prop_assert!(x >= y);
                }
            }
        }
    }
}

/// Seats `players` at Austria … Turkey of a generated board.
fn seated(id: &str, stage: Stage, players: &[&str; 7], c: [usize; 7]) -> RoundBoard {
    let mut b = board(id, 1, stage, EndReason::LastYear, c, stage.last_year());
    for (p, who) in Power::ALL.into_iter().zip(players) {
        seat(&mut b, p, who, stage.seasons());
    }
    b
}

use crate::diplomacy::tournament::scoring::RoundBoard;

#[test]
fn wm_c_6_to_c_13_a_tournament_runs_from_board_reports() {
    let entrants: Vec<Entrant> = (0..7)
        .flat_map(|i| {
            [
                entrant(&format!("r{i}"), Some("red")),
                entrant(&format!("b{i}"), Some("blue")),
            ]
        })
        .collect();
    // Board one: AUS r0 9, ENG b1 5, FRA r2 5, GER b3 4, ITA r4 4, RUS b5 4,
    // TUR r6 3; board two the mirror image for the other team. Each team
    // has 41 + 17 + 17 + 19/3 x 3 + 3 = 97, the same scores position by
    // position, so wm C.6 and C.6.a tie and C.6.b compares the best
    // players: r0 (Austria) and b6 (Turkey), both 41, countries both 44
    // (C.7.a), bonus 32 (C.7.c), count-back 9 every year (C.7.d): the die
    // of C.7.f decides which team is first.
    let one = seated(
        "one",
        Stage::RoundOne,
        &["r0", "b1", "r2", "b3", "r4", "b5", "r6"],
        [9, 5, 5, 4, 4, 4, 3],
    );
    let two = seated(
        "two",
        Stage::RoundOne,
        &["b0", "r1", "b2", "r3", "b4", "r5", "b6"],
        [3, 4, 4, 4, 5, 5, 9],
    );
    let r1 = score_round(
        &RoundResults {
            stage: Stage::RoundOne,
            boards: vec![one, two],
        },
        &entrants,
    )
    .unwrap();
    assert_eq!(r1.team_total(&team("red")), pts(97));
    assert_eq!(r1.team_total(&team("blue")), pts(97));
    assert_eq!(r1.power_totals[&Austria], pts(44));
    let credits = team_credits(&r1, &entrants, SEED);
    let [best, _] = by_die("wm C.7.f", "r0", "b6");
    let (top, second) = if best == "r0" {
        ("red", "blue")
    } else {
        ("blue", "red")
    };
    assert_eq!(order(&credits.standings), [top, second]);
    assert_eq!(credits.standings[1].decided_by, Some("wm C.6.b"));
    assert_eq!(credits.credits[&team(top)], 10);
    assert_eq!(credits.credits[&team(second)], 9);
    // wm C.7: the die's winner has 41 + 10 = 51, the other 41 + 9 = 50.
    let adv = advance_round_one(&r1, &entrants, &credits, 7, SEED);
    assert_eq!(adv.standings[0].subject.as_str(), best);
    assert_eq!(adv.standings[0].keys[0].value, KeyValue::Higher(pts(51)));
    assert_eq!(adv.standings[1].keys[0].value, KeyValue::Higher(pts(50)));
    assert_eq!(adv.advancing.len(), 7);

    let r2_players: Vec<&str> = adv.advancing.iter().map(|p| p.as_str()).collect();
    let r2_board = seated(
        "r2",
        Stage::RoundTwo,
        &r2_players.clone().try_into().unwrap(),
        [10, 6, 5, 4, 3, 3, 3],
    );
    let r2 = score_round(
        &RoundResults {
            stage: Stage::RoundTwo,
            boards: vec![r2_board],
        },
        &entrants,
    )
    .unwrap();
    let teams = team_winner(&r1, Some(&r2), &entrants, &credits.standings, SEED);
    let expected_total = |t: &str| r1.team_total(&team(t)) + r2.team_total(&team(t));
    for s in &teams {
        assert_eq!(
            s.keys[0].value,
            KeyValue::Higher(expected_total(&s.subject))
        );
    }
    let adv2 = advance_round_two(&r1, &r2, &entrants, &adv.standings, &teams, 7, SEED);
    // Austria on the round-two board: 32 + 10 plus half of round one.
    assert_eq!(adv2.standings[0].subject.as_str(), r2_players[0]);

    let sf_players: Vec<&str> = adv2.advancing.iter().map(|p| p.as_str()).collect();
    let sf_board = seated(
        "sf",
        Stage::SemiFinal,
        &sf_players.clone().try_into().unwrap(),
        [3, 12, 5, 4, 3, 3, 3],
    );
    let sf = score_round(
        &RoundResults {
            stage: Stage::SemiFinal,
            boards: vec![sf_board],
        },
        &entrants,
    )
    .unwrap();
    let semi = advance_semi_final(&sf, &adv2.standings, SEED);
    assert_eq!(semi.qualifiers, [u(sf_players[1])], "England's 12 centres");
    let declined: BTreeSet<UserId> = [u(sf_players[1])].into();
    let seats = final_seats(&sf, &semi, &declined, SEED);
    // France, alone in second place, has the best remaining bonus (16).
    assert_eq!(seats.players, [u(sf_players[2])]);

    let fin_board = seated(
        "final",
        Stage::Final,
        &sf_players.clone().try_into().unwrap(),
        [2, 3, 4, 5, 6, 7, 7],
    );
    let fin = score_round(
        &RoundResults {
            stage: Stage::Final,
            boards: vec![fin_board],
        },
        &entrants,
    )
    .unwrap();
    let winner = individual_winner(&fin, &semi.overall, SEED);
    // Russia and Turkey tie on 7 centres at the end of 1915 and every
    // year before (C.11.a); the semi-final ranking decides (C.11.b).
    let (rus, tur) = (sf_players[5], sf_players[6]);
    let first = if semi.overall.iter().position(|s| s.subject.as_str() == rus)
        < semi.overall.iter().position(|s| s.subject.as_str() == tur)
    {
        rus
    } else {
        tur
    };
    assert_eq!(winner[0].subject.as_str(), first);
    assert_eq!(winner[1].decided_by, Some("wm C.11.b"));
    let trophies = best_countries(&r1, Some(&r2), SEED);
    assert_eq!(trophies[&Austria][0].subject.stage, Stage::RoundTwo);
    assert_eq!(
        trophies[&Austria][0].keys[0].value,
        KeyValue::Higher(pts(42))
    );
}
