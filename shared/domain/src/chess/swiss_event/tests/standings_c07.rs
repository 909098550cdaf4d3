//! The C.07 tie-breaks (FIDE Tie-Break Regulations, 2024), each value
//! worked by hand from the articles in the comments.

use super::*;
use crate::chess::swiss_event::standings::{standings, Standing, Tiebreak, NAMES};
use proptest::prelude::*;

type Game<'a> = (&'a str, &'a str, &'a str);

/// Pairs `rounds` by hand (white, black, result), the pairing-allocated
/// bye to `byes[i]` in round i + 1 where given.
fn play(h: &mut Harness, rounds: &[Vec<Game>], byes: &[Option<&str>]) {
    for (i, games) in rounds.iter().enumerate() {
        let boards: Vec<Value> = games
            .iter()
            .map(|(w, b, _)| json!({"white": w, "black": b}))
            .collect();
        let mut body = json!({"action": "set-pairing", "round": i + 1, "boards": boards,
            "reason": "example", "override_absolute": true});
        if let Some(Some(b)) = byes.get(i) {
            body["bye"] = json!(b);
        }
        act(h, "arb", body).expect("paired by hand");
        let rs: Vec<&str> = games.iter().map(|g| g.2).collect();
        results(h, i as u32 + 1, &rs);
    }
}

/// Five players, three rounds: a forfeit, a half-point bye, two
/// pairing-allocated byes; e is unrated.
/// R1: a-b 1-0, c-d ½-½, e the pairing-allocated bye (PAB).
/// R2: c-a 0-1, e-b +- (b did not appear), d a half-point bye (HPB).
/// R3: a-e ½-½, d-b 1-0, c the PAB.
/// Points: a 1 + 1 + ½ = 2.5; b 0; c ½ + 0 + 1 = 1.5; d ½ + ½ + 1 = 2;
/// e 1 + 1 + ½ = 2.5.
fn small(tiebreaks: &[&str]) -> Vec<Standing> {
    let mut h = event(
        3,
        json!({"tiebreaks": tiebreaks, "half_point_byes": 1, "absent_without_notice": "stays-in"}),
    );
    for (n, r) in [("a", 2400), ("b", 2301), ("c", 2200), ("d", 2100), ("e", 0)] {
        enter(&mut h, n, r);
    }
    act(&mut h, "d", json!({"action": "request-bye", "round": 2})).expect("bye asked");
    let rounds = [
        vec![("a", "b", "1-0"), ("c", "d", "1/2-1/2")],
        vec![("c", "a", "0-1"), ("e", "b", "+-")],
        vec![("a", "e", "1/2-1/2"), ("d", "b", "1-0")],
    ];
    play(&mut h, &rounds, &[Some("e"), None, Some("c")]);
    let s = state(&h);
    let list: Vec<Tiebreak> = tiebreaks
        .iter()
        .map(|t| Tiebreak::parse(t).unwrap())
        .collect();
    standings(s, &list)
}

fn of<'a>(lines: &'a [Standing], p: &str) -> &'a Standing {
    lines.iter().find(|l| l.player.as_str() == p).unwrap()
}

fn values(lines: &[Standing], tb: &str) -> Vec<f64> {
    ["a", "b", "c", "d", "e"]
        .iter()
        .map(|p| of(lines, p).tiebreaks[tb])
        .collect()
}

#[test]
fn c07_8_1_buchholz_counts_a_dummy_opponent_with_the_players_own_score() {
    // c07 16.2: b's forfeit loss (R2) and d's HPB (R2) are voluntarily
    // unplayed; e's PAB and forfeit win and c's PAB are not.
    // c07 16.3: opponents' scores as BH uses them: d's HPB comes before his
    // last game (R3), so it counts what he scored (½): d 2; the others as
    // scored: a 2.5, b 0, c 1.5, e 2.5.
    // c07 16.4: an unplayed round counts a dummy with the player's own
    // final score.
    // a: b 0 + c 1.5 + e 2.5 = 4.0
    // b: a 2.5 + dummy (b's own 0) + d 2 = 4.5
    // c: d 2 + a 2.5 + dummy (c's own 1.5, the PAB) = 6.0
    // d: c 1.5 + dummy (d's own 2, the HPB) + b 0 = 3.5
    // e: dummy 2.5 (PAB) + dummy 2.5 (forfeit win) + a 2.5 = 7.5
    let lines = small(&["c07-bh"]);
    assert_eq!(values(&lines, "c07-bh"), [4.0, 4.5, 6.0, 3.5, 7.5]);
}

#[test]
fn c07_16_5_cut_1_cuts_a_voluntarily_unplayed_round_first() {
    // c07 14.1: cut the least significant value; c07 16.5: voluntarily
    // unplayed rounds first. From the BH values above:
    // a: no VUR, the least is b's 0: 4.0 − 0 = 4.0
    // b: the VUR dummy (0) goes: 4.5 − 0 = 4.5
    // c: the PAB is not voluntary: the least, the dummy's 1.5: 4.5
    // d: the HPB dummy (2) goes first although b's 0 is lower: 1.5 + 0
    //    = 1.5
    // e: three 2.5s, one goes: 5.0
    // c07 14.3 Median-1, also cutting the most significant: c: 1.5 and
    // 2.5 go: 2.0; d: the HPB dummy (2) and then c's 1.5: 0.
    // c07 14.2 Cut-2: a loses 0 and 1.5: 2.5; d the HPB dummy then b's 0:
    // 1.5. c07 14.4 Median-2 on a's three values: the two least, then the
    // one left as most significant: 0.
    let lines = small(&["c07-bh-c1", "c07-bh-m1", "c07-bh-c2", "c07-bh-m2"]);
    assert_eq!(of(&lines, "a").tiebreaks["c07-bh-c2"], 2.5);
    assert_eq!(of(&lines, "d").tiebreaks["c07-bh-c2"], 1.5);
    assert_eq!(of(&lines, "a").tiebreaks["c07-bh-m2"], 0.0);
    assert_eq!(values(&lines, "c07-bh-c1"), [4.0, 4.5, 4.5, 1.5, 5.0]);
    assert_eq!(of(&lines, "c").tiebreaks["c07-bh-m1"], 2.0);
    assert_eq!(of(&lines, "d").tiebreaks["c07-bh-m1"], 0.0);
}

#[test]
fn c07_9_1_sonneborn_berger_multiplies_the_dummy_by_the_rounds_points() {
    // c07 9.1 with c07 16.4: each round's opponent (or dummy) score times
    // the points the player scored in it.
    // a: b 0 × 1 + c 1.5 × 1 + e 2.5 × ½ = 2.75
    // b: a 2.5 × 0 + dummy 0 × 0 + d 2 × 0 = 0
    // c: d 2 × ½ + a 2.5 × 0 + dummy 1.5 × 1 (PAB) = 2.5
    // d: c 1.5 × ½ + dummy 2 × ½ (HPB) + b 0 × 1 = 1.75
    // e: dummy 2.5 × 1 + dummy 2.5 × 1 + a 2.5 × ½ = 6.25
    // Cut-1 (c07 14.1, 16.5): d's HPB (1.0) goes first: 0.75; a's least
    // is b's 0: 2.75.
    let lines = small(&["c07-sb", "c07-sb-c1"]);
    assert_eq!(values(&lines, "c07-sb"), [2.75, 0.0, 2.5, 1.75, 6.25]);
    assert_eq!(of(&lines, "d").tiebreaks["c07-sb-c1"], 0.75);
    assert_eq!(of(&lines, "a").tiebreaks["c07-sb-c1"], 2.75);
}

#[test]
fn c07_7_1_wins_count_unplayed_wins_and_c07_7_2_games_won_do_not() {
    // c07 7.1 WIN: a won R1 and R2 over the board: 2; e had the PAB and a
    // forfeit win: 2. c07 7.2 WON: a 2, e 0. d won R3 over the board: 1
    // and 1; c's PAB: WIN 1, WON 0; b none.
    // c07 6.1: a and e (2.5 each) met in R3 and drew: ½ each, still tied;
    // WIN ties them again; WON puts a first.
    let lines = small(&["c07-de", "c07-win", "c07-won"]);
    assert_eq!(values(&lines, "c07-win"), [2.0, 0.0, 1.0, 1.0, 2.0]);
    assert_eq!(values(&lines, "c07-won"), [2.0, 0.0, 0.0, 1.0, 0.0]);
    assert_eq!(of(&lines, "a").tiebreaks["c07-de"], 0.5);
    assert_eq!(of(&lines, "e").tiebreaks["c07-de"], 0.5);
    assert_eq!(of(&lines, "d").tiebreaks["c07-de"], 0.0);
    let order: Vec<&str> = lines.iter().map(|l| l.player.as_str()).collect();
    assert_eq!(order, ["a", "e", "d", "c", "b"]);
    assert_eq!(lines[0].ahead_by.as_deref(), Some("c07-won"));
    assert_eq!(lines[1].ahead_by.as_deref(), Some("points"));
}

#[test]
fn c07_7_3_black_games_played_and_c07_7_4_won_count_only_the_board() {
    // c07 7.3 BPG: a Black in R2 (c-a): 1; b Black in R1 (a-b) and R3
    // (d-b), not R2's forfeit: 2; c White both games: 0; d Black in R1:
    // 1; e Black in R3: 1.
    // c07 7.4 BWG: a won R2 with Black: 1; no one else won with Black.
    let lines = small(&["c07-bpg", "c07-bwg"]);
    assert_eq!(values(&lines, "c07-bpg"), [1.0, 2.0, 0.0, 1.0, 1.0]);
    assert_eq!(values(&lines, "c07-bwg"), [1.0, 0.0, 0.0, 0.0, 0.0]);
}

#[test]
fn c07_10_1_average_rating_rounds_half_up_and_leaves_unrated_out() {
    // c07 10.1 ARO: over the board only, rounded to a whole number.
    // a met b 2301, c 2200, e unrated: (2301 + 2200) / 2 = 2250.5 → 2251.
    // b met a 2400, d 2100 (R2's forfeit is not a game): 2250.
    // c met d 2100, a 2400: 2250. d met c 2200, b 2301: 2251 (2250.5).
    // e met a only: 2400.
    // Cut-1 (c07 14.1): a: the unrated e goes first: 2251; d: 2200 goes:
    // 2301; e: his one game goes: nothing counts, 0.
    let lines = small(&["c07-aro", "c07-aro-c1"]);
    assert_eq!(
        values(&lines, "c07-aro"),
        [2251.0, 2250.0, 2250.0, 2251.0, 2400.0]
    );
    assert_eq!(
        values(&lines, "c07-aro-c1"),
        [2251.0, 2400.0, 2400.0, 2301.0, 0.0]
    );
}

#[test]
fn c07_7_5_progressive_and_c07_7_6_rounds_elected_to_play() {
    // c07 7.5 PS: a 1 + 2 + 2.5 = 5.5; e the same; d ½ + 1 + 2 = 3.5.
    // c07 14.1 on PS cuts round 1's: a 4.5, d 3.0.
    // c07 7.6 REP: the rounds less the voluntarily unplayed (c07 16.2):
    // a 3, b 2 (forfeit lost), c 3 (PAB), d 2 (HPB), e 3.
    let lines = small(&["c07-ps", "c07-ps-c1", "c07-rep"]);
    assert_eq!(of(&lines, "a").tiebreaks["c07-ps"], 5.5);
    assert_eq!(of(&lines, "e").tiebreaks["c07-ps"], 5.5);
    assert_eq!(of(&lines, "d").tiebreaks["c07-ps"], 3.5);
    assert_eq!(of(&lines, "a").tiebreaks["c07-ps-c1"], 4.5);
    assert_eq!(of(&lines, "d").tiebreaks["c07-ps-c1"], 3.0);
    assert_eq!(values(&lines, "c07-rep"), [3.0, 2.0, 3.0, 2.0, 3.0]);
}

#[test]
fn c07_16_3_a_withdrawn_opponents_later_rounds_count_as_draws() {
    // Four players, three rounds. R1: a-b 1-0, c-d 1-0. d withdraws after
    // R1 (absent R2 and R3: zero each, voluntary, c07 16.2).
    // R2: a-c ½-½, b the PAB. R3: b-a 0-1, c the PAB.
    // d's score for his opponents (c07 16.3): R1 0 as played, R2 and R3
    // after his last round not voluntarily unplayed count as draws: 1.
    // c's BH: d 1 + a 2.5 + dummy (c's own 2.5, R3 PAB) = 6.0.
    let mut h = event(3, json!({"tiebreaks": ["c07-bh"]}));
    for (n, r) in [("a", 2400), ("b", 2300), ("c", 2200), ("d", 2100)] {
        enter(&mut h, n, r);
    }
    play(
        &mut h,
        &[vec![("a", "b", "1-0"), ("c", "d", "1-0")]],
        &[None],
    );
    act(&mut h, "d", json!({"action": "withdraw"})).expect("withdrawn");
    let later = [vec![("a", "c", "1/2-1/2")], vec![("b", "a", "0-1")]];
    for (i, games) in later.iter().enumerate() {
        let r = i as u32 + 2;
        let bye = if r == 2 { "b" } else { "c" };
        let boards: Vec<Value> = games
            .iter()
            .map(|(w, b, _)| json!({"white": w, "black": b}))
            .collect();
        act(
            &mut h,
            "arb",
            json!({"action": "set-pairing", "round": r, "boards": boards,
            "bye": bye, "reason": "example", "override_absolute": true}),
        )
        .expect("paired");
        results(&mut h, r, &[games[0].2]);
    }
    let lines = standings(state(&h), &[Tiebreak::parse("c07-bh").unwrap()]);
    assert_eq!(of(&lines, "c").tiebreaks["c07-bh"], 6.0);
}

#[test]
fn c07_6_2_when_not_all_tied_players_met_only_an_unreachable_score_ranks() {
    // Six players, three rounds, no rematch:
    // R1: x-y 1-0, z-u 1-0, v-w 1-0; R2: z-x 0-1, y-v 1-0, u-w ½-½;
    // R3: u-x 1-0, y-w 1-0, z-v 1-0.
    // Points: x 1 + 1 + 0 = 2; y 0 + 1 + 1 = 2; z 1 + 0 + 1 = 2; u 1.5;
    // v 1; w 0.5. Tied on 2: x, y, z; y and z never met.
    // c07 6.2: among them x scored 2 (beat y and z); y 0 and could reach
    // at most 1 by winning his unplayed game with z; z likewise. x's 2 is
    // out of reach: x is first alone. y's 0 is not out of z's reach (1):
    // y and z stay tied, and again between the two of them alone (never
    // met: 0 each, 1 within reach). The 2009 rule would not have applied
    // at all (not every two had met).
    // Shown (c07 6): the points among the group it was applied to: x 2,
    // y 0, z 0.
    let mut h = event(3, json!({"tiebreaks": ["c07-de"]}));
    for (n, r) in [
        ("x", 2400),
        ("y", 2300),
        ("z", 2200),
        ("u", 2100),
        ("v", 2000),
        ("w", 1900),
    ] {
        enter(&mut h, n, r);
    }
    play(
        &mut h,
        &[
            vec![("x", "y", "1-0"), ("z", "u", "1-0"), ("v", "w", "1-0")],
            vec![("z", "x", "0-1"), ("y", "v", "1-0"), ("u", "w", "1/2-1/2")],
            vec![("u", "x", "1-0"), ("y", "w", "1-0"), ("z", "v", "1-0")],
        ],
        &[],
    );
    let lines = standings(state(&h), &[Tiebreak::parse("c07-de").unwrap()]);
    let places: Vec<(&str, u32)> = lines.iter().map(|l| (l.player.as_str(), l.place)).collect();
    assert_eq!(places[0], ("x", 1));
    assert_eq!(of(&lines, "y").place, 2);
    assert_eq!(of(&lines, "z").place, 2);
    assert_eq!(lines[0].ahead_by.as_deref(), Some("c07-de"));
    assert_eq!(of(&lines, "x").tiebreaks["c07-de"], 2.0);
    assert_eq!(of(&lines, "y").tiebreaks["c07-de"], 0.0);
    let old = standings(state(&h), &[Tiebreak::DirectEncounter]);
    assert_eq!(old[0].place, old[2].place);
}

#[test]
fn c07_16_4_a_list_mixing_2009_and_c07_tie_breaks_is_refused() {
    // The 2009 virtual opponent and the c07 16.4 dummy count the same
    // unplayed round differently: one list holds one rulebook's.
    let mut h = Harness::new(
        crate::competition::Kind::Swiss,
        at("2026-03-01T10:00:00Z"),
        &[("arb", crate::competition::Role::Arbiter)],
    );
    let err = act(
        &mut h,
        "org",
        json!({"action": "set-up", "settings": {"rounds": 3, "tiebreaks": ["buchholz", "c07-bh"]}}),
    )
    .unwrap_err();
    assert!(format!("{err:?}").contains("c07 16.4"), "{err:?}");
}

#[test]
fn c07_5_an_unknown_name_is_refused_listing_every_name() {
    let err = Tiebreak::parse("c07-bh-c9").unwrap_err();
    for (name, _) in NAMES {
        assert!(err.contains(name), "{err}");
    }
    let err = serde_json::from_value::<Tiebreak>(json!("c07-sb-m1")).unwrap_err();
    assert!(err.to_string().contains("c07-bh-m1"), "{err}");
    for (name, t) in NAMES {
        assert_eq!(serde_json::to_value(t).unwrap(), json!(name));
    }
}

const RESULTS: [&str; 6] = ["1-0", "0-1", "1/2-1/2", "+-", "-+", "--"];

/// Five players by letter; the 5-player Berger rounds 1–3 with the bye
/// (no rematch); `registration` is the order they enter.
fn random_event(ratings: &[u32; 5], res: &[usize; 6], registration: &[usize; 5]) -> Vec<Standing> {
    let names = ["p", "q", "r", "s", "t"];
    let list: Vec<&str> = NAMES
        .iter()
        .map(|(n, _)| *n)
        .filter(|n| n.starts_with("c07"))
        .collect();
    let mut h = event(
        3,
        json!({"tiebreaks": [], "absent_without_notice": "stays-in"}),
    );
    for &i in registration {
        enter(&mut h, names[i], ratings[i]);
    }
    let pairs = [[(1, 4), (2, 3)], [(4, 2), (0, 1)], [(2, 0), (3, 4)]];
    let byes = [Some("p"), Some("s"), Some("q")];
    let rounds: Vec<Vec<Game>> = pairs
        .iter()
        .enumerate()
        .map(|(r, ps)| {
            ps.iter()
                .enumerate()
                .map(|(b, (w, k))| (names[*w], names[*k], RESULTS[res[2 * r + b]]))
                .collect()
        })
        .collect();
    play(&mut h, &rounds, &byes);
    let tbs: Vec<Tiebreak> = list.iter().map(|t| Tiebreak::parse(t).unwrap()).collect();
    standings(state(&h), &tbs)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Any results, forfeits included, give standings, and each C.07
    /// value of a player is the same whatever order the players entered.
    #[test]
    fn c07_values_do_not_depend_on_the_order_players_entered(
        ratings in prop::array::uniform5(prop::sample::select(vec![0u32, 1800, 2000, 2000])),
        res in prop::array::uniform6(0usize..6),
        order in Just([0usize, 1, 2, 3, 4]).prop_shuffle(),
    ) {
        let a = random_event(&ratings, &res, &[0, 1, 2, 3, 4]);
        let b = random_event(&ratings, &res, &order);
        prop_assert_eq!(a.len(), 5);
        for line in &a {
            let other = b.iter().find(|l| l.player == line.player).unwrap();
            prop_assert_eq!(&line.tiebreaks, &other.tiebreaks);
            prop_assert_eq!(line.place, other.place);
        }
    }
}
