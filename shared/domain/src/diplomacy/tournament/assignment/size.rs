//! wm B.4: how many boards each round has.
//!
//! Round one seats every entered team: a team plays seven players, one per
//! power (wm A.1, B.5), so `teams` teams fill `teams` boards of seven.
//!
//! **Round two (wm B.4).** With `T` teams, round one has `7T` players. Round
//! two of `B` boards advances `7B` of them, a fraction `B / T`. The default
//! is 28 boards. If `28 / T` is greater than one half, the half is applied,
//! rounded down to whole boards: the largest `B` with `7B <= 7T / 2`, that is
//! `floor(T / 2)`. If `28 / T` is less than one third, the third is applied,
//! rounded up to whole boards: the smallest `B` with `7B >= 7T / 3`, that is
//! `ceil(T / 3)`. (The clause says "less than one third" and then "would
//! otherwise not exceed one third"; the two readings differ only when
//! `28 = T / 3`, `T = 84`, where both give 28 boards.) Two extremes override
//! the percentages: more than 147 teams gives 49 boards (for 150 teams the
//! third would be 50 boards, so the extreme caps it below a third), and fewer
//! than 42 teams makes round two the semi-final, which no longer counts for
//! the team competition.
//!
//! | teams | round one | 28 boards advance | rule | round two |
//! |------:|----------:|------------------:|------|----------:|
//! | 30 | 210 players | 196 > 105 | fewer than 42 teams: the semi-final | 7 boards (semi-final) |
//! | 41 | 287 | 196 > 143.5 | fewer than 42 teams: the semi-final | 7 boards (semi-final) |
//! | 42 | 294 | 196 > 147 | half, rounded down: floor(42 / 2) | 21 boards |
//! | 55 | 385 | 196 > 192.5 | half, rounded down: floor(55 / 2) | 27 boards |
//! | 56 | 392 | 196 = 196 | not greater than half | 28 boards |
//! | 60 | 420 | 196; 140 <= 196 <= 210 | within a third and a half | 28 boards |
//! | 84 | 588 | 196 = 196 | not less than a third | 28 boards |
//! | 85 | 595 | 196 < 198.3 | third, rounded up: ceil(85 / 3) | 29 boards |
//! | 100 | 700 | 196 < 233.3 | third, rounded up: ceil(100 / 3) = 34 | 34 boards |
//! | 147 | 1,029 | 196 < 343 | third: 147 / 3 | 49 boards |
//! | 148 | 1,036 | 196 < 345.3 | more than 147 teams (the third would be 50) | 49 boards |
//! | 150 | 1,050 | 196 < 350 | more than 147 teams (the third would be 50) | 49 boards |
//!
//! **Semi-final and final (wm C.9).** The highest scoring player of each
//! semi-final board advances to "the final masters board": one board of seven
//! powers, so the semi-final has exactly seven boards (49 players) and the
//! final one board. The rules do not fix how many advance from round two to
//! the semi-final (wm C.8 only orders them); seven boards is the only size
//! that fills the one final board. When round two becomes the semi-final
//! (fewer than 42 teams), it is drawn with the semi-final's seven boards:
//! like the "more than 147 teams" extreme, which overrides the third (150
//! teams would need 50 boards), the "fewer than 42 teams" extreme replaces the
//! percentage rule, and a semi-final of `floor(T / 2)` boards (15 for 30
//! teams) could not feed one final board under wm C.9. Below seven teams
//! there are not 49 round-one players to fill the semi-final, and the
//! tournament cannot run as written.

use crate::diplomacy::tournament::model::Stage;
use crate::refusal::Refusal;
use serde::{Deserialize, Serialize};

/// wm B.4: round two's default size.
pub const ROUND_TWO_DEFAULT_BOARDS: usize = 28;
/// wm B.4: round two's size when more than 147 teams enter.
pub const ROUND_TWO_MAX_BOARDS: usize = 49;
/// wm B.4: fewer teams than this make round two the semi-final.
pub const TEAM_ROUND_TWO_MIN_TEAMS: usize = 42;
/// wm C.9: one winner per semi-final board fills the one final board of
/// seven powers.
pub const SEMI_FINAL_BOARDS: usize = 7;
/// wm C.9: "the final masters board".
pub const FINAL_BOARDS: usize = 1;

/// What round two is (wm B.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RoundTwoKind {
    /// A team round: counts for the team competition (wm C.12) and is drawn
    /// under wm B.6.a.
    TeamRound,
    /// Fewer than 42 teams: round two is the semi-final and no longer counts
    /// for the team competition.
    SemiFinal,
}

/// Round two's size and kind (wm B.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundTwo {
    pub boards: usize,
    pub kind: RoundTwoKind,
}

impl RoundTwo {
    /// Players advancing into round two: seven per board.
    pub fn players(&self) -> usize {
        7 * self.boards
    }
}

/// wm B.4: the size of round two for `teams` teams in round one (see the
/// module documentation for the reading and worked numbers). Refused below
/// seven teams: the semi-final's seven boards (wm C.9) need 49 players.
pub fn round_two(teams: usize) -> Result<RoundTwo, Refusal> {
    if teams < SEMI_FINAL_BOARDS {
        return Err(Refusal::rule(
            "wm C.9",
            format!(
                "{teams} teams play {} players in round one; the semi-final's \
                 {SEMI_FINAL_BOARDS} boards, feeding the one final board, need 49",
                7 * teams
            ),
        ));
    }
    if teams < TEAM_ROUND_TWO_MIN_TEAMS {
        return Ok(RoundTwo {
            boards: SEMI_FINAL_BOARDS,
            kind: RoundTwoKind::SemiFinal,
        });
    }
    let boards = if teams > 147 {
        ROUND_TWO_MAX_BOARDS
    } else if 2 * ROUND_TWO_DEFAULT_BOARDS > teams {
        // More than one half advances: the half, rounded down.
        teams / 2
    } else if 3 * ROUND_TWO_DEFAULT_BOARDS < teams {
        // Less than one third advances: the third, rounded up.
        teams.div_ceil(3)
    } else {
        ROUND_TWO_DEFAULT_BOARDS
    };
    Ok(RoundTwo {
        boards,
        kind: RoundTwoKind::TeamRound,
    })
}

/// The number of boards of `stage` in a tournament of `teams` teams (wm B.4,
/// C.9). `Stage::RoundTwo` is round two whatever its kind: seven boards when
/// it is the semi-final.
pub fn stage_boards(stage: Stage, teams: usize) -> Result<usize, Refusal> {
    let two = round_two(teams)?;
    Ok(match stage {
        Stage::RoundOne => teams,
        Stage::RoundTwo => two.boards,
        Stage::SemiFinal => SEMI_FINAL_BOARDS,
        Stage::Final => FINAL_BOARDS,
    })
}
