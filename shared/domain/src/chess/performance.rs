//! A player's performance rating the way FIDE works one out: the average
//! rating of the opponents met over the board, plus the rating difference
//! the fractional score stands for (Rp = Ra + dp).

/// The FIDE Rating Regulations (Handbook B.02), table 8.1(a): a fractional
/// score `p`, in hundredths, and the rating difference `dp` it converts to,
/// from 1.00 down to 0.50; below 0.50, `dp(p)` is `-dp(1 - p)`. The table
/// prints 1.00 and 0.00 as 800 and −800 (the same table as the Title
/// Regulations, B.01 1.49, read for norms).
const TABLE_8_1_A: [(u32, i32); 51] = [
    (100, 800),
    (99, 677),
    (98, 589),
    (97, 538),
    (96, 501),
    (95, 470),
    (94, 444),
    (93, 422),
    (92, 401),
    (91, 383),
    (90, 366),
    (89, 351),
    (88, 336),
    (87, 322),
    (86, 309),
    (85, 296),
    (84, 284),
    (83, 273),
    (82, 262),
    (81, 251),
    (80, 240),
    (79, 230),
    (78, 220),
    (77, 211),
    (76, 202),
    (75, 193),
    (74, 184),
    (73, 175),
    (72, 166),
    (71, 158),
    (70, 149),
    (69, 141),
    (68, 133),
    (67, 125),
    (66, 117),
    (65, 110),
    (64, 102),
    (63, 95),
    (62, 87),
    (61, 80),
    (60, 72),
    (59, 65),
    (58, 57),
    (57, 50),
    (56, 43),
    (55, 36),
    (54, 29),
    (53, 21),
    (52, 14),
    (51, 7),
    (50, 0),
];

/// `dp` for a fractional score of `hundredths` / 100 (at most 100).
pub fn dp(hundredths: u32) -> i32 {
    let p = hundredths.min(100);
    let look = |p: u32| {
        TABLE_8_1_A
            .iter()
            .find(|(q, _)| *q == p)
            .map_or(0, |(_, d)| *d)
    };
    if p >= 50 {
        look(p)
    } else {
        -look(100 - p)
    }
}

/// `numerator / denominator` to the nearest whole number, halves up.
fn rounded(numerator: u64, denominator: u64) -> u64 {
    (2 * numerator + denominator) / (2 * denominator)
}

/// The performance rating of a player who scored `half_points` (in half
/// points) in games over the board against opponents rated `opponents`:
/// Ra, their average rounded to a whole number, plus `dp` for the score
/// as a fraction rounded to hundredths. `None` without an opponent.
pub fn performance(opponents: &[u32], half_points: u32) -> Option<u32> {
    let games = opponents.len() as u64;
    if games == 0 {
        return None;
    }
    let sum: u64 = opponents.iter().map(|r| u64::from(*r)).sum();
    let average = rounded(sum, games) as i64;
    // p = half_points / (2 · games), in hundredths.
    let hundredths = rounded(100 * u64::from(half_points), 2 * games).min(100) as u32;
    u32::try_from(average + i64::from(dp(hundredths))).ok()
}

#[cfg(test)]
mod tests {
    use super::{dp, performance};

    #[test]
    fn b02_8_1_a_the_table_is_symmetric_about_one_half() {
        assert_eq!(dp(100), 800);
        assert_eq!(dp(67), 125);
        assert_eq!(dp(50), 0);
        assert_eq!(dp(33), -125);
        assert_eq!(dp(0), -800);
    }

    #[test]
    fn b02_8_1_a_a_performance_is_the_average_opponent_plus_dp() {
        // 2 of 3 against 2000, 2100 and 2200: Ra = 6300 / 3 = 2100; p =
        // 0.666… reads 0.67, dp 125; Rp = 2225.
        assert_eq!(performance(&[2000, 2100, 2200], 4), Some(2225));
        // 2½ of 4 against 1800, 1900, 2000 and 2100: Ra = 7800 / 4 = 1950;
        // p = 0.625 rounds up to 0.63, dp 95; Rp = 2045.
        assert_eq!(performance(&[1800, 1900, 2000, 2100], 5), Some(2045));
        // ½ of 2 against 1901 and 1902: Ra = 1901.5 rounds up to 1902;
        // p = 0.25, dp −193; Rp = 1709.
        assert_eq!(performance(&[1901, 1902], 1), Some(1709));
        // 0 of 1 against 2000: dp −800.
        assert_eq!(performance(&[2000], 0), Some(1200));
        assert_eq!(performance(&[], 0), None);
    }
}
