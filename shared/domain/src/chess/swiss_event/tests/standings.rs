use super::*;
use crate::chess::swiss_event::standings::{standings, Tiebreak};

/// Four players paired by hand so that the results are the example's:
/// R1 a-d 1-0, b-c ½-½; R2 a-c ½-½, d-b 0-1; R3 b-a 1-0, c-d ½-½.
fn example(tiebreaks: Value) -> Harness {
    let mut h = event(3, json!({"tiebreaks": tiebreaks}));
    for (n, r) in [("a", 2400), ("b", 2300), ("c", 2200), ("d", 2100)] {
        enter(&mut h, n, r);
    }
    let rounds = [
        [("a", "d", "1-0"), ("b", "c", "1/2-1/2")],
        [("a", "c", "1/2-1/2"), ("d", "b", "0-1")],
        [("b", "a", "1-0"), ("c", "d", "1/2-1/2")],
    ];
    for (i, games) in rounds.iter().enumerate() {
        let boards: Vec<Value> = games
            .iter()
            .map(|(w, b, _)| json!({"white": w, "black": b}))
            .collect();
        act(
            &mut h,
            "arb",
            json!({"action": "set-pairing", "round": i + 1, "boards": boards, "reason": "example"}),
        )
        .expect("paired by hand");
        let rs: Vec<&str> = games.iter().map(|g| g.2).collect();
        results(&mut h, i as u32 + 1, &rs);
    }
    h
}

#[test]
fn fide_tb_buchholz_and_sonneborn_berger_break_the_tie_for_second() {
    // Points: b 2.5, a 1.5, c 1.5, d 0.5.
    // Buchholz: a = d 0.5 + c 1.5 + b 2.5 = 4.5; c = b 2.5 + a 1.5 + d 0.5
    // = 4.5 (tied). Cut 1 drops d's 0.5 from both: 4.0 each (tied). a and
    // c drew: direct encounter ½ each (tied). Sonneborn-Berger: a beat d
    // (0.5) and drew c (1.5 / 2 = 0.75): 1.25; c drew b, a and d: (2.5 +
    // 1.5 + 0.5) / 2 = 2.25. So c is second, ahead by Sonneborn-Berger.
    let h = example(json!([
        "buchholz",
        "buchholz-cut-1",
        "direct-encounter",
        "sonneborn-berger"
    ]));
    let s = state(&h);
    let lines = standings(s, &s.settings.as_ref().unwrap().tiebreaks);
    let order: Vec<&str> = lines.iter().map(|l| l.player.as_str()).collect();
    assert_eq!(order, ["b", "c", "a", "d"]);
    assert_eq!(lines[1].tiebreaks["buchholz"], 4.5);
    assert_eq!(lines[2].tiebreaks["buchholz"], 4.5);
    assert_eq!(lines[1].tiebreaks["buchholz-cut-1"], 4.0);
    assert_eq!(lines[1].tiebreaks["sonneborn-berger"], 2.25);
    assert_eq!(lines[2].tiebreaks["sonneborn-berger"], 1.25);
    // fide-tb direct encounter, shown: a and c, tied when it applied, drew
    // their game (½ each); b and d were alone in their groups (0).
    assert_eq!(lines[1].tiebreaks["direct-encounter"], 0.5);
    assert_eq!(lines[2].tiebreaks["direct-encounter"], 0.5);
    assert_eq!(lines[0].tiebreaks["direct-encounter"], 0.0);
    assert_eq!(lines[3].tiebreaks["direct-encounter"], 0.0);
    assert_eq!(lines[0].ahead_by.as_deref(), Some("points"));
    assert_eq!(lines[1].ahead_by.as_deref(), Some("sonneborn-berger"));
    assert_eq!(lines[2].ahead_by.as_deref(), Some("points"));
    assert_eq!(
        lines.iter().map(|l| l.place).collect::<Vec<_>>(),
        [1, 2, 3, 4]
    );
}

#[test]
fn dutch_h_the_default_ranks_the_tie_by_the_opponents_average_rating() {
    // dutch H: direct encounter only for first place (b is alone there),
    // then the opponents' average rating: a met d, c, b: (2100 + 2200 +
    // 2300) / 3 = 2200; c met b, a, d: (2300 + 2400 + 2100) / 3 = 2266.7.
    // c is second. Progressive (a: 1 + 1.5 + 1.5 = 4; c: 0.5 + 1 + 1.5 =
    // 3) and wins (a 1, c 0) would have put a first.
    let h = example(json!(Tiebreak::dutch_h()));
    let s = state(&h);
    let lines = standings(s, &Tiebreak::dutch_h());
    let order: Vec<&str> = lines.iter().map(|l| l.player.as_str()).collect();
    assert_eq!(order, ["b", "c", "a", "d"]);
    assert_eq!(
        lines[1].ahead_by.as_deref(),
        Some("average-rating-of-opponents")
    );
    let other = standings(s, &[Tiebreak::Progressive, Tiebreak::Wins]);
    assert_eq!(other[1].player.as_str(), "a");
    assert_eq!(other[1].tiebreaks["progressive"], 4.0);
    assert_eq!(other[2].tiebreaks["progressive"], 3.0);
    assert_eq!(other[1].tiebreaks["wins"], 1.0);
}

#[test]
fn fide_tb_a_tie_nothing_breaks_shares_the_place() {
    // With no tie-break, a and c (1.5 each) share second place; d is
    // fourth (dutch H: prize money is shared).
    let h = example(json!([]));
    let lines = standings(state(&h), &[]);
    assert_eq!(
        lines.iter().map(|l| l.place).collect::<Vec<_>>(),
        [1, 2, 2, 4]
    );
}

#[test]
fn fide_tb_unplayed_games_count_a_virtual_opponent_and_draws_for_opponents() {
    // R1: a-b 1-0, c-d +- (d did not appear; the regulations keep him).
    // R2: a-c ½-½, b-d 1-0. n = 2.
    // c's round 1: virtual opponent SPR 0 + (1 − 1) + 0.5 (2 − 1) = 0.5;
    //   round 2: a (all played) 1.5. Buchholz c = 2.0.
    // a's: b (played both) 1.0 + c with round 1 as a draw (0.5 + 0.5) 1.0
    //   = 2.0.
    // d's round 1: 0 + (1 − 0) + 0.5 = 1.5; round 2: b 1.0. Buchholz 2.5.
    // Sonneborn-Berger c: 1 × 0.5 + ½ × 1.5 = 1.25; a: 1 × 1.0 + ½ × 1.0
    //   = 1.5.
    let mut h = event(
        2,
        json!({"absent_without_notice": "stays-in", "tiebreaks": ["buchholz", "sonneborn-berger"]}),
    );
    for (n, r) in [("a", 2400), ("b", 2300), ("c", 2200), ("d", 2100)] {
        enter(&mut h, n, r);
    }
    let rounds = [
        [("a", "b", "1-0"), ("c", "d", "+-")],
        [("a", "c", "1/2-1/2"), ("b", "d", "1-0")],
    ];
    for (i, games) in rounds.iter().enumerate() {
        let boards: Vec<Value> = games
            .iter()
            .map(|(w, b, _)| json!({"white": w, "black": b}))
            .collect();
        act(
            &mut h,
            "arb",
            json!({"action": "set-pairing", "round": i + 1, "boards": boards, "reason": "example"}),
        )
        .unwrap();
        results(
            &mut h,
            i as u32 + 1,
            &games.iter().map(|g| g.2).collect::<Vec<_>>(),
        );
    }
    let lines = standings(state(&h), &[Tiebreak::Buchholz, Tiebreak::SonnebornBerger]);
    let of = |p: &str| lines.iter().find(|l| l.player.as_str() == p).unwrap();
    assert_eq!(of("c").tiebreaks["buchholz"], 2.0);
    assert_eq!(of("a").tiebreaks["buchholz"], 2.0);
    assert_eq!(of("d").tiebreaks["buchholz"], 2.5);
    assert_eq!(of("c").tiebreaks["sonneborn-berger"], 1.25);
    assert_eq!(of("a").tiebreaks["sonneborn-berger"], 1.5);
}
