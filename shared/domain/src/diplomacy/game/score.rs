//! A finished board's score (wm C.1–C.4): a positional bonus for the place
//! a power finished in, plus its supply centres; eliminated powers score
//! zero; tied powers share the bonuses of the places they tie for; a solo
//! counts as 34 centres with every other power eliminated.
//!
//! Carrying scores across years for conceded solos and agreed results
//! (wm C.5) and team credits (wm C.6) belong to the tournament, which reads
//! these board scores.

use super::event::EndReason;
use super::state::GameResult;
use crate::diplomacy::map::Power;
use std::collections::BTreeMap;

/// wm C.2: the bonus for first to sixth place; seventh earns none.
pub const POSITIONAL_BONUS: [f64; 6] = [32.0, 16.0, 8.0, 4.0, 2.0, 1.0];

/// wm C.4: the centres that make a solo win.
pub const SOLO_CENTERS: usize = 18;

/// wm C.4: a solo is scored as a win on this many centres.
pub const SOLO_SCORED_AS: usize = 34;

/// wm C.2: the bonus for first to sixth place in whole points, for exact
/// sums (the tournament shares them between tied powers as fractions).
pub const POSITIONAL_BONUS_POINTS: [u32; 6] = [32, 16, 8, 4, 2, 1];

/// wm C.2: the bonus for the place at `index` (0 = first).
fn bonus(index: usize) -> u32 {
    POSITIONAL_BONUS_POINTS.get(index).copied().unwrap_or(0)
}

/// wm C.1–C.4: one power's board score in exact parts: the positional
/// bonus is `bonus_total / shared_by` (wm C.3: the bonuses of the tied
/// places shared equally) and `centers` the centres scored (34 for a solo,
/// zero for an eliminated power or any power beside a solo).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScoreParts {
    /// Sum of the bonuses of the places the power ties for.
    pub bonus_total: u32,
    /// How many powers share them (1 when not tied).
    pub shared_by: u32,
    /// Centres scored (wm C.1, C.4).
    pub centers: usize,
}

impl ScoreParts {
    const NONE: ScoreParts = ScoreParts {
        bonus_total: 0,
        shared_by: 1,
        centers: 0,
    };

    /// wm C.2–C.3: the positional bonus, possibly a fraction.
    pub fn bonus(&self) -> f64 {
        f64::from(self.bonus_total) / f64::from(self.shared_by)
    }

    /// wm C.1: bonus plus centres.
    pub fn total(&self) -> f64 {
        self.bonus() + self.centers as f64
    }
}

/// wm C.1–C.4: every power's score for a finished board, in parts (the
/// tournament's tiebreaks need the positional bonus alone, wm C.7.c).
pub fn board_score_parts(result: &GameResult) -> BTreeMap<Power, ScoreParts> {
    let soloist = match &result.reason {
        EndReason::Solo { power } | EndReason::Concession { to: power } => Some(*power),
        _ => result
            .centers
            .iter()
            .find(|(_, c)| **c >= SOLO_CENTERS)
            .map(|(p, _)| *p),
    };
    let mut scores: BTreeMap<Power, ScoreParts> = Power::ALL
        .into_iter()
        .map(|p| (p, ScoreParts::NONE))
        .collect();
    if let Some(winner) = soloist {
        // wm C.4: "a 34 SC win with all other players eliminated".
        scores.insert(
            winner,
            ScoreParts {
                bonus_total: bonus(0),
                shared_by: 1,
                centers: SOLO_SCORED_AS,
            },
        );
        return scores;
    }
    // wm C.1: eliminated players (no centres, or left out of an agreed
    // draw, wm D.IX.4) score zero and take no place.
    let mut survivors: Vec<(Power, usize)> = result
        .centers
        .iter()
        .filter(|(p, c)| **c > 0 && !result.eliminated.contains(p))
        .map(|(p, c)| (*p, *c))
        .collect();
    survivors.sort_by_key(|(_, centers)| std::cmp::Reverse(*centers));
    let mut place = 0;
    for tied in survivors.chunk_by(|a, b| a.1 == b.1) {
        // wm C.3: tied powers share the bonuses of the places they fill.
        let bonus_total: u32 = (place..place + tied.len()).map(bonus).sum();
        for (power, centers) in tied {
            scores.insert(
                *power,
                ScoreParts {
                    bonus_total,
                    shared_by: tied.len() as u32,
                    centers: *centers,
                },
            );
        }
        place += tied.len();
    }
    scores
}

/// wm C.1–C.4: every power's score for a finished board.
pub fn board_scores(result: &GameResult) -> BTreeMap<Power, f64> {
    board_score_parts(result)
        .into_iter()
        .map(|(p, parts)| (p, parts.total()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use Power::*;

    fn result(reason: EndReason, centers: [usize; 7], eliminated: &[Power]) -> GameResult {
        GameResult {
            reason,
            phase: "F1907M".into(),
            centers: Power::ALL.into_iter().zip(centers).collect(),
            eliminated: eliminated.to_vec(),
        }
    }

    #[test]
    fn wm_c1_c2_positional_bonus_plus_centres() {
        // AUS ENG FRA GER ITA RUS TUR = 0 3 9 6 5 8 3 (34 centres):
        // France 1st 32+9, Russia 2nd 16+8, Germany 3rd 8+6, Italy 4th 4+5,
        // England and Turkey tie for 5th-6th: (2+1)/2 + 3; Austria eliminated.
        let s = board_scores(&result(EndReason::LastYear, [0, 3, 9, 6, 5, 8, 3], &[]));
        assert_eq!(s[&France], 41.0, "wm C.2 first place");
        assert_eq!(s[&Russia], 24.0);
        assert_eq!(s[&Germany], 14.0);
        assert_eq!(s[&Italy], 9.0);
        assert_eq!(s[&England], 4.5, "wm C.3 shared 5th and 6th");
        assert_eq!(s[&Turkey], 4.5);
        assert_eq!(s[&Austria], 0.0, "wm C.1 eliminated scores zero");
    }

    #[test]
    fn wm_c3_three_tied_for_first_share_first_to_third() {
        // The rule's own example: three players at 8 share 32+16+8 = 56.
        let s = board_scores(&result(EndReason::Draw, [8, 8, 8, 4, 3, 2, 1], &[]));
        let third = 56.0 / 3.0 + 8.0;
        for p in [Austria, England, France] {
            assert!((s[&p] - third).abs() < 1e-9, "wm C.3 {p:?}: {}", s[&p]);
        }
        assert_eq!(s[&Germany], 4.0 + 4.0);
        assert_eq!(s[&Italy], 2.0 + 3.0);
        assert_eq!(s[&Russia], 1.0 + 2.0);
        assert_eq!(s[&Turkey], 1.0, "seventh place earns no bonus");
    }

    #[test]
    fn wm_c4_a_solo_is_a_34_centre_win_and_everyone_else_eliminated() {
        let s = board_scores(&result(
            EndReason::Solo { power: Turkey },
            [0, 4, 5, 3, 2, 2, 18],
            &[],
        ));
        assert_eq!(s[&Turkey], 66.0, "wm C.4 32 + 34");
        assert!(Power::ALL
            .into_iter()
            .filter(|p| *p != Turkey)
            .all(|p| s[&p] == 0.0));
        let conceded = board_scores(&result(
            EndReason::Concession { to: England },
            [0, 12, 5, 3, 6, 6, 2],
            &[],
        ));
        assert_eq!(conceded[&England], 66.0, "wm D.IX.3 a concession is a solo");
    }

    #[test]
    fn wm_d_ix_4_powers_left_out_of_a_draw_score_zero() {
        let s = board_scores(&result(
            EndReason::Draw,
            [0, 10, 10, 0, 0, 10, 4],
            &[Turkey],
        ));
        // Three tied at 10 share 56; Turkey is presumed eliminated.
        assert!((s[&England] - (56.0 / 3.0 + 10.0)).abs() < 1e-9);
        assert_eq!(s[&Turkey], 0.0, "wm D.IX.4");
    }
}
