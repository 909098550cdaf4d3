//! dutch D1 (transpositions) and dutch D2 (exchanges): the order in which the
//! candidate pairings of a score bracket are tried.
//!
//! dutch D1 transpositions are the permutations of S2 in ascending (lexicographic)
//! order; the search in `bracket` walks them implicitly, depth first, so that the
//! first pairing it accepts is the first transposition that works.
//!
//! dutch D2 exchanges are listed here explicitly: first the identity (no exchange),
//! then every one-player exchange, then every two-player exchange, each group
//! ordered by "the difference between the numbers exchanged should be as small
//! as possible", ties going to the exchange "concerning the lowest player of
//! S1". See docs/rulings/chess.md for the generalisation beyond the 8-player
//! matrices.

/// One dutch D2 exchange: positions (0-based) in S1 and in S2 that swap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exchange {
    /// Positions in S1 (ascending).
    pub from_s1: Vec<usize>,
    /// Positions in S2 (ascending).
    pub from_s2: Vec<usize>,
}

/// Largest bracket half for which two-player exchanges are generated.
const TWO_PLAYER_LIMIT: usize = 16;

/// dutch D2: exchanges for S1 of size `a` and S2 of size `b`, in the order to
/// try them (the identity first), generated lazily. Numbers are bracket
/// positions: S1 holds 1..=a and S2 holds a+1..=a+b.
pub fn exchanges(a: usize, b: usize) -> impl Iterator<Item = Exchange> {
    let identity = std::iter::once(Exchange {
        from_s1: vec![],
        from_s2: vec![],
    });
    // One player: difference d = v - u for S1 number u and S2 number v; for
    // equal d the lowest S1 player (largest u) first.
    let one = (1..a + b).flat_map(move |d| {
        let hi = a.min((a + b).saturating_sub(d));
        let lo = 1.max((a + 1).saturating_sub(d));
        (lo..=hi).rev().map(move |u| Exchange {
            from_s1: vec![u - 1],
            from_s2: vec![u + d - a - 1],
        })
    });
    let two = if a >= 2 && b >= 2 && a <= TWO_PLAYER_LIMIT && b <= TWO_PLAYER_LIMIT + 1 {
        let mut two = Vec::new();
        for i1 in 0..a {
            for i2 in i1 + 1..a {
                for j1 in 0..b {
                    for j2 in j1 + 1..b {
                        two.push((i1, i2, j1, j2));
                    }
                }
            }
        }
        two.sort_by_key(|&(i1, i2, j1, j2)| {
            (
                2 * a + j1 + j2 - i1 - i2,
                std::cmp::Reverse((i2, i1)),
                (j1, j2),
            )
        });
        two
    } else {
        Vec::new()
    };
    identity
        .chain(one)
        .chain(two.into_iter().map(|(i1, i2, j1, j2)| Exchange {
            from_s1: vec![i1, i2],
            from_s2: vec![j1, j2],
        }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bracket numbers of an exchange, for comparison with the dutch D2 matrices.
    fn numbers(a: usize, e: &Exchange) -> (Vec<usize>, Vec<usize>) {
        (
            e.from_s1.iter().map(|i| i + 1).collect(),
            e.from_s2.iter().map(|j| a + j + 1).collect(),
        )
    }

    #[test]
    fn dutch_d2_one_player_exchange_matrix_order() {
        // Hand check against the redrawn matrix (S1 = 1 2 3 4, S2 = 5 6 7 8):
        // a 4-5, b 4-6, c 3-5, d 4-7, e 3-6, f 2-5, g 3-7, h 2-6, i 2-7.
        let want: Vec<(usize, usize)> = vec![
            (4, 5),
            (4, 6),
            (3, 5),
            (4, 7),
            (3, 6),
            (2, 5),
            (3, 7),
            (2, 6),
            (2, 7),
        ];
        let got: Vec<(usize, usize)> = exchanges(4, 4)
            .filter(|e| e.from_s1.len() == 1)
            .map(|e| numbers(4, &e))
            .map(|(s1, s2)| (s1[0], s2[0]))
            .filter(|p| want.contains(p))
            .collect();
        assert_eq!(got, want);
        // The identity comes first, then a) 4-5.
        let all: Vec<Exchange> = exchanges(4, 4).collect();
        assert!(all[0].from_s1.is_empty());
        assert_eq!(numbers(4, &all[1]), (vec![4], vec![5]));
    }

    #[test]
    fn dutch_d2_two_player_exchange_matrix_order() {
        // Hand check against the redrawn matrix: j 3+4/5+6, k 3+4/5+7, l 2+4/5+6,
        // m 3+4/6+7, n 2+4/5+7, o 2+3/5+6, p 2+4/6+7, q 2+3/5+7, r 2+3/6+7.
        // Differences: j 4, k 5, l 5, m 6, n 6, o 6, p 7, q 7, r 8; ties go to
        // the pair concerning the lowest S1 player (3+4 before 2+4 before 2+3).
        let want: Vec<(Vec<usize>, Vec<usize>)> = vec![
            (vec![3, 4], vec![5, 6]),
            (vec![3, 4], vec![5, 7]),
            (vec![2, 4], vec![5, 6]),
            (vec![3, 4], vec![6, 7]),
            (vec![2, 4], vec![5, 7]),
            (vec![2, 3], vec![5, 6]),
            (vec![2, 4], vec![6, 7]),
            (vec![2, 3], vec![5, 7]),
            (vec![2, 3], vec![6, 7]),
        ];
        let got: Vec<(Vec<usize>, Vec<usize>)> = exchanges(4, 4)
            .filter(|e| e.from_s1.len() == 2)
            .map(|e| numbers(4, &e))
            .filter(|p| want.contains(p))
            .collect();
        assert_eq!(got, want);
        // All one-player exchanges come before any two-player exchange.
        let all: Vec<Exchange> = exchanges(4, 4).collect();
        let first_two = all.iter().position(|e| e.from_s1.len() == 2).unwrap();
        assert!(all[first_two..].iter().all(|e| e.from_s1.len() == 2));
    }
}
