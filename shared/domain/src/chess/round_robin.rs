//! Round-robin: FIDE Berger tables for any number of players (an odd number
//! adds a dummy: whoever meets it has the bye), colours by table, single and
//! double round-robin (the second cycle repeats the first with colours
//! reversed), and the ACWC Candidates tiebreak (acwc III.G: match points, then
//! the sum of match sub-scores).

use super::swiss::{Board, RoundPairing, SwissTournament};

/// Berger table: the boards of `round` (1-based) for `players` players, in
/// table order, white first. With an odd number the board against the dummy
/// `players + 1` is returned as the bye.
pub fn berger_round(players: u32, round: u32) -> Option<RoundPairing> {
    if players < 2 {
        return None;
    }
    let n = players + players % 2; // table size, even
    let m = n - 1; // rounds per cycle
    if round == 0 || round > m {
        return None;
    }
    let r = round - 1;
    // the player facing n: k = r * n/2 mod m + 1
    let k = (r * (n / 2)) % m + 1;
    let wrap = |v: i64| -> u32 { ((v - 1).rem_euclid(m as i64) + 1) as u32 };
    let mut boards = Vec::new();
    let mut bye = None;
    let mut push = |w: u32, b: u32| {
        if w > players {
            bye = Some(b);
        } else if b > players {
            bye = Some(w);
        } else {
            boards.push(Board { white: w, black: b });
        }
    };
    if round % 2 == 1 {
        push(k, n);
    } else {
        push(n, k);
    }
    for d in 1..(n / 2) as i64 {
        push(wrap(k as i64 + d), wrap(k as i64 - d));
    }
    Some(RoundPairing { boards, bye })
}

/// Single (`cycles = 1`) or double (`cycles = 2`) round-robin: every round's
/// pairing; the second cycle reverses colours.
pub fn schedule(players: u32, cycles: u32) -> Vec<RoundPairing> {
    let per = players + players % 2 - 1;
    let mut out = Vec::new();
    for c in 0..cycles {
        for r in 1..=per {
            if let Some(mut p) = berger_round(players, r) {
                if c % 2 == 1 {
                    for b in &mut p.boards {
                        std::mem::swap(&mut b.white, &mut b.black);
                    }
                }
                out.push(p);
            }
        }
    }
    out
}

/// The next round of a round-robin recorded as a Swiss history: players are
/// taken by pairing number 1..=n; rounds past the first cycle repeat it with
/// colours reversed.
pub fn pair_from_history(t: &SwissTournament) -> Result<RoundPairing, String> {
    let n = t.players.len() as u32;
    let mut numbers: Vec<u32> = t.players.iter().map(|p| p.number).collect();
    numbers.sort_unstable();
    if numbers != (1..=n).collect::<Vec<_>>() {
        return Err("round-robin: pairing numbers must be 1..n".to_string());
    }
    if n < 2 {
        return Err("round-robin: needs at least two players".to_string());
    }
    let per = n + n % 2 - 1;
    let round = t.round_to_pair();
    let cycle = (round - 1) / per;
    if cycle >= 2 {
        return Err(format!(
            "round-robin: round {round} is past a double round-robin of {n} players"
        ));
    }
    let all = schedule(n, 2);
    Ok(all[(round - 1) as usize].clone())
}

/// One Candidates match: sub-scores in half games (a 10-game match, 5.5 = 11).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchResult {
    /// First player.
    pub a: u32,
    /// Second player.
    pub b: u32,
    /// `a`'s games score, in half games.
    pub a_half_games: u32,
    /// `b`'s games score, in half games.
    pub b_half_games: u32,
}

/// A row of the Candidates table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CandidateStanding {
    /// Player.
    pub player: u32,
    /// Match points in half points (win 2, tie 1, loss 0; acwc III.G).
    pub match_half_points: u32,
    /// acwc III.G tiebreak: sum of the match sub-scores, in half games.
    pub sub_score_half_games: u32,
}

/// acwc III.G: Candidates standings: match points, then the sum of the match
/// sub-scores. Remaining ties keep ascending player order (the rules do not break them further).
pub fn candidates_standings(results: &[MatchResult]) -> Vec<CandidateStanding> {
    let mut rows: std::collections::BTreeMap<u32, CandidateStanding> = Default::default();
    for r in results {
        for (p, own, other) in [
            (r.a, r.a_half_games, r.b_half_games),
            (r.b, r.b_half_games, r.a_half_games),
        ] {
            let e = rows.entry(p).or_insert(CandidateStanding {
                player: p,
                match_half_points: 0,
                sub_score_half_games: 0,
            });
            e.match_half_points += super::swiss::monrad::match_points(own, other);
            e.sub_score_half_games += own;
        }
    }
    let mut v: Vec<CandidateStanding> = rows.into_values().collect();
    v.sort_by_key(|s| {
        (
            std::cmp::Reverse(s.match_half_points),
            std::cmp::Reverse(s.sub_score_half_games),
            s.player,
        )
    });
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn berger_table_for_six_players_round_two() {
        // FIDE Berger table, 6 players, round 2: 6-4, 5-3, 1-2 (by hand from the handbook table).
        let p = berger_round(6, 2).unwrap();
        let b: Vec<(u32, u32)> = p.boards.iter().map(|b| (b.white, b.black)).collect();
        assert_eq!(b, vec![(6, 4), (5, 3), (1, 2)]);
    }

    #[test]
    fn berger_odd_players_get_one_bye_per_round() {
        // 5 players: table of 6, whoever meets 6 has the bye. Round 1: 1-6 -> 1 bye.
        let p = berger_round(5, 1).unwrap();
        assert_eq!(p.bye, Some(1));
        assert_eq!(p.boards.len(), 2);
        let s = schedule(5, 1);
        let mut byes: Vec<u32> = s.iter().filter_map(|p| p.bye).collect();
        byes.sort_unstable();
        assert_eq!(byes, vec![1, 2, 3, 4, 5]);
    }

    #[test]
    fn berger_double_round_robin_reverses_colours() {
        let s = schedule(4, 2);
        assert_eq!(s.len(), 6);
        assert_eq!(
            s[3].boards[0],
            Board {
                white: s[0].boards[0].black,
                black: s[0].boards[0].white
            }
        );
    }

    #[test]
    fn acwc_iii_g_candidates_tiebreak_sums_sub_scores() {
        // Four candidates, sub-scores in half games (12 = 6-4). acwc III.G.1: a
        // won match is 1 point (2 half points), a tie 0.5 (1), a loss 0.
        // acwc III.G.3: 1 and 2 both win two matches of three; the sum of
        // sub-scores decides.
        let m = |a, b, x, y| MatchResult {
            a,
            b,
            a_half_games: x,
            b_half_games: y,
        };
        let r = vec![
            m(1, 3, 12, 8),
            m(1, 4, 11, 9),
            m(1, 2, 9, 11),
            m(2, 3, 14, 6),
            m(2, 4, 9, 11),
            m(3, 4, 10, 10),
        ];
        // 1: wins vs 3, 4, loses to 2 -> 4 hp, sub 12+11+9 = 32 half games.
        // 2: beats 1 and 3, loses to 4 -> 4 hp, sub 11+14+9 = 34.
        let s = candidates_standings(&r);
        assert_eq!(s[0].player, 2);
        assert_eq!((s[0].match_half_points, s[0].sub_score_half_games), (4, 34));
        assert_eq!((s[1].player, s[1].sub_score_half_games), (1, 32));
        // 4: loses to 1 (9-11), beats 2 (11-9), ties 3 (10-10) -> 2 + 1 = 3 hp.
        // 3: loses to 1 and 2, ties 4 -> 1 hp.
        assert_eq!((s[2].player, s[2].match_half_points), (4, 3));
        assert_eq!((s[3].player, s[3].match_half_points), (3, 1));
    }
}
