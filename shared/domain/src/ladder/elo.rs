//! Scores: the floor of club II.1–II.2 and the Elo system of club II.3, with
//! the half weight of online games (club I.9.3).
//!
//! Scores are whole points. A change is `K·(S − E)` with the usual 400-point
//! logistic `E = 1 / (1 + 10^((Rb − Ra)/400))`, rounded half away from zero,
//! and clamped so that no score falls below [`FLOOR`].

use crate::vocabulary::OldSpelling;
use serde::{Deserialize, Serialize};

/// club II.1: a member joins with 100 points; club II.2: no score is below 100.
pub const FLOOR: i64 = 100;

/// The results as the ladder first spelt them, still read
/// ([`crate::vocabulary`]).
pub const OLD_SPELLINGS: &[OldSpelling] = &[
    OldSpelling::value_of("result", "white-wins", "1-0"),
    OldSpelling::value_of("result", "black-wins", "0-1"),
    OldSpelling::value_of("result", "draw", "1/2-1/2"),
];

/// The result of a game, written as chess writes it everywhere (the Swiss
/// event's results too): `1-0`, `0-1`, `1/2-1/2`. The ladder's first
/// spellings (`white-wins`, `black-wins`, `draw`) are still read, for
/// stored logs and for one release (see `docs/vocabulary.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "ClubLadderGameResult")]
pub enum GameResult {
    #[serde(rename = "1-0", alias = "white-wins")]
    WhiteWins,
    #[serde(rename = "0-1", alias = "black-wins")]
    BlackWins,
    #[serde(rename = "1/2-1/2", alias = "½-½", alias = "draw")]
    Draw,
}

impl GameResult {
    /// White's score S: 1, 0 or ½, in halves.
    fn white_halves(self) -> i64 {
        match self {
            GameResult::WhiteWins => 2,
            GameResult::BlackWins => 0,
            GameResult::Draw => 1,
        }
    }
}

/// club II.3: the expected score of a player rated `ra` against `rb`.
pub fn expected(ra: i64, rb: i64) -> f64 {
    1.0 / (1.0 + 10f64.powf((rb - ra) as f64 / 400.0))
}

/// club II.2: `score + delta`, never below the floor; returns the change
/// actually applied.
pub fn clamped(score: i64, delta: i64) -> i64 {
    (score + delta).max(FLOOR) - score
}

/// club II.3 and I.9.3: the rating changes (White's, Black's) of a game,
/// each clamped at the floor. `half` halves the change (online games).
pub fn changes(white: i64, black: i64, result: GameResult, k: u32, half: bool) -> (i64, i64) {
    let s = result.white_halves() as f64 / 2.0;
    let weight = if half { 0.5 } else { 1.0 };
    let raw = (f64::from(k) * (s - expected(white, black)) * weight).round() as i64;
    (clamped(white, raw), clamped(black, -raw))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn club_ii_3_elo_with_k_and_400_point_logistic() {
        // Equal ratings: E = 1/(1+10^0) = 0.5; a win is 32·(1−0.5) = +16.
        assert_eq!(changes(100, 100, GameResult::WhiteWins, 32, false), (16, 0));
        // ...Black at the floor loses nothing (club II.2): 100−16 → 100.
        assert_eq!(
            changes(200, 200, GameResult::WhiteWins, 32, false),
            (16, -16)
        );
        // Rb − Ra = 200: E = 1/(1+10^0.5) = 1/(1+3.1623) = 0.2403;
        // a win for the weaker: 32·(1−0.2403) = 24.31 → +24, −24.
        assert_eq!(
            changes(300, 500, GameResult::WhiteWins, 32, false),
            (24, -24)
        );
        // A draw: 32·(0.5−0.2403) = 8.31 → +8 / −8.
        assert_eq!(changes(300, 500, GameResult::Draw, 32, false), (8, -8));
        // K is configurable: K = 20, equal ratings, win: 20·0.5 = +10.
        assert_eq!(
            changes(400, 400, GameResult::BlackWins, 20, false),
            (-10, 10)
        );
    }

    #[test]
    fn club_ii_2_no_score_below_100() {
        assert_eq!(clamped(110, -15), -10);
        assert_eq!(clamped(100, -5), 0);
        assert_eq!(clamped(100, 5), 5);
        // Loser at 105 against 105: −16 would give 89, clamped to −5.
        assert_eq!(
            changes(105, 105, GameResult::WhiteWins, 32, false),
            (16, -5)
        );
    }

    #[test]
    fn club_i_9_3_online_games_count_half() {
        // 32·(1−0.5)·½ = 8.
        assert_eq!(changes(200, 200, GameResult::WhiteWins, 32, true), (8, -8));
        // 32·(0−0.2403)·½ = −3.84 → −4 for the weaker White losing.
        assert_eq!(changes(300, 500, GameResult::BlackWins, 32, true), (-4, 4));
    }

    #[test]
    fn results_are_written_in_chess_notation_and_the_old_words_still_read() {
        use serde_json::{from_value, json, to_value};
        for (result, written, old) in [
            (GameResult::WhiteWins, "1-0", "white-wins"),
            (GameResult::BlackWins, "0-1", "black-wins"),
            (GameResult::Draw, "1/2-1/2", "draw"),
        ] {
            assert_eq!(to_value(result).unwrap(), json!(written));
            assert_eq!(from_value::<GameResult>(json!(written)).unwrap(), result);
            assert_eq!(from_value::<GameResult>(json!(old)).unwrap(), result);
        }
        assert_eq!(
            from_value::<GameResult>(json!("½-½")).unwrap(),
            GameResult::Draw
        );
        assert!(from_value::<GameResult>(json!("1-1")).is_err());
    }
}
