//! Per-player pairing state derived from the history: dutch A2 (rank), dutch A4
//! (floats), dutch A5/B1b (bye eligibility), dutch A7 (colour difference and preference),
//! dutch F2/F3 (only played games count for colour, gaps closed up).

use super::Wording;
use crate::chess::swiss::{Colour, Float, PairingRules, RoundOutcome, SwissPlayer};

/// dutch A7: strength of a colour preference.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    /// dutch A7(b): colour difference 0, alternate from the previous game.
    Mild,
    /// dutch A7(a): colour difference not zero.
    Strong,
    /// dutch B2: the other colour would break dutch B2 (difference ±2, or two equal colours in a row).
    Absolute,
}

/// dutch A7: a colour preference.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ColourPreference {
    /// The colour wanted.
    pub colour: Colour,
    /// How strongly.
    pub strength: Strength,
}

/// Everything the pairing procedure needs to know about one player.
#[derive(Debug, Clone)]
pub struct PlayerState {
    /// Pairing number.
    pub number: u32,
    /// Score in half points.
    pub score: u32,
    /// Opponents met over the board or by a paired-and-played game (dutch B1a); indices.
    pub met: Vec<usize>,
    /// dutch F2/F3: colours of played games, oldest first, gaps closed up.
    pub colours: Vec<Colour>,
    /// dutch A7: games with white minus games with black.
    pub colour_difference: i32,
    /// dutch A4: float received in the previous round (`floats[0]`) and two rounds before (`floats[1]`).
    pub floats: [Option<Float>; 2],
    /// dutch B1b: already received a point without playing.
    pub had_unplayed_point: bool,
    /// dutch A7(c)(d): has had a bye (an unpaired or unplayed round), so the colour count is off parity.
    pub had_bye: bool,
    /// Players the regulations keep from meeting this one (indices).
    pub barred: Vec<usize>,
    /// dutch A7: the colour preference, computed once from `colours`.
    pub pref: Option<ColourPreference>,
}

impl PlayerState {
    /// For tests: player `number` with `half` half points, the `colours`
    /// played (his preference follows from them) and the floats of the last
    /// two rounds; no opponents, byes or bars.
    #[cfg(test)]
    pub(crate) fn sample(
        number: u32,
        half: u32,
        colours: &[Colour],
        floats: [Option<Float>; 2],
    ) -> PlayerState {
        let cd = colours
            .iter()
            .map(|c| if *c == Colour::White { 1 } else { -1 })
            .sum();
        PlayerState {
            number,
            score: half,
            met: vec![],
            colours: colours.to_vec(),
            colour_difference: cd,
            floats,
            had_unplayed_point: false,
            had_bye: false,
            barred: vec![],
            pref: PlayerState::preference_of(colours, cd),
        }
    }

    /// dutch A7: the colour preference, if any.
    pub fn preference(&self) -> Option<ColourPreference> {
        self.pref
    }

    /// dutch A7 (a), (b) and dutch B2: the preference a colour history gives.
    pub fn preference_of(colours: &[Colour], cd: i32) -> Option<ColourPreference> {
        let last = *colours.last()?;
        let two_same = colours.len() >= 2 && colours[colours.len() - 2] == last;
        if cd <= -2 || cd >= 2 || two_same {
            let colour = if cd <= -2 {
                Colour::White
            } else if cd >= 2 {
                Colour::Black
            } else {
                last.opposite()
            };
            return Some(ColourPreference {
                colour,
                strength: Strength::Absolute,
            });
        }
        if cd != 0 {
            let colour = if cd < 0 { Colour::White } else { Colour::Black };
            return Some(ColourPreference {
                colour,
                strength: Strength::Strong,
            });
        }
        Some(ColourPreference {
            colour: last.opposite(),
            strength: Strength::Mild,
        })
    }

    /// dutch B2: may this player receive `colour` without breaking dutch B2?
    pub fn may_receive(&self, colour: Colour) -> bool {
        let cd = self.colour_difference
            + match colour {
                Colour::White => 1,
                Colour::Black => -1,
            };
        if !(-2..=2).contains(&cd) {
            return false;
        }
        let n = self.colours.len();
        !(n >= 2 && self.colours[n - 1] == colour && self.colours[n - 2] == colour)
    }
}

/// Build the state of every player from the history (indices follow `players`).
pub fn derive(players: &[SwissPlayer], rounds_played: u32) -> Vec<PlayerState> {
    derive_as(players, rounds_played, Wording::SEED_2006)
}

/// [`derive`] by the given [`Wording`].
pub fn derive_as(players: &[SwissPlayer], rounds_played: u32, w: Wording) -> Vec<PlayerState> {
    derive_with(players, rounds_played, w, &PairingRules::default())
}

/// [`derive_as`] under the regulations' `rules`: prohibited pairings count
/// as met (dutch B1a), and the Baku acceleration's virtual points are added
/// to the scores the pairing reads, in every round they applied to (so the
/// floats of those rounds are the ones the pairing then made, dutch A4).
pub fn derive_with(
    players: &[SwissPlayer],
    rounds_played: u32,
    w: Wording,
    rules: &PairingRules,
) -> Vec<PlayerState> {
    let index: std::collections::HashMap<u32, usize> = players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.number, i))
        .collect();
    let r = rounds_played as usize;
    let mut before = scores_before(players, r);
    if let Some(baku) = rules.acceleration {
        for (i, p) in players.iter().enumerate() {
            for (k, score) in before[i].iter_mut().enumerate() {
                *score += baku.virtual_half_points(p.number, k as u32 + 1);
            }
        }
    }
    let mut states: Vec<PlayerState> = players
        .iter()
        .enumerate()
        .map(|(i, p)| player_state(i, p, r, &index, &before, w))
        .collect();
    for (a, b) in &rules.prohibited {
        if let (Some(&i), Some(&j)) = (index.get(a), index.get(b)) {
            states[i].barred.push(j);
            states[j].barred.push(i);
        }
    }
    states
}

/// Scores before each round, for dutch A4 floats: `[player][k]` is the score
/// before round `k + 1`, `[player][r]` the score after `r` rounds.
fn scores_before(players: &[SwissPlayer], r: usize) -> Vec<Vec<u32>> {
    let mut before = vec![vec![0u32; r + 1]; players.len()];
    for (i, p) in players.iter().enumerate() {
        for k in 0..r {
            let pts = p
                .rounds
                .get(k)
                .copied()
                .flatten()
                .map_or(0, |o| o.half_points());
            before[i][k + 1] = before[i][k] + pts;
        }
    }
    before
}

/// The state of player `i` (`p`) after `r` rounds: opponents met, colours,
/// colour preference, floats of the last two rounds, byes.
fn player_state(
    i: usize,
    p: &SwissPlayer,
    r: usize,
    index: &std::collections::HashMap<u32, usize>,
    before: &[Vec<u32>],
    w: Wording,
) -> PlayerState {
    let mut history = History::default();
    let mut float_of_round = Vec::with_capacity(r);
    for (k, &own_score) in before[i][..r].iter().enumerate() {
        let outcome = p.rounds.get(k).copied().flatten();
        let opponent = match outcome {
            Some(RoundOutcome::Game { opponent, .. }) => index.get(&opponent).copied(),
            _ => None,
        };
        history.add(outcome, opponent, w);
        let scores = opponent.map(|j| (own_score, before[j][k]));
        float_of_round.push(float_of(outcome, scores, w));
    }
    let colour_difference = history
        .colours
        .iter()
        .map(|c| if *c == Colour::White { 1 } else { -1 })
        .sum();
    let floats = [
        r.checked_sub(1).and_then(|k| float_of_round[k]),
        r.checked_sub(2).and_then(|k| float_of_round[k]),
    ];
    PlayerState {
        number: p.number,
        score: before[i][r],
        met: history.met,
        pref: PlayerState::preference_of(&history.colours, colour_difference),
        colours: history.colours,
        colour_difference,
        floats,
        had_unplayed_point: history.had_unplayed_point,
        had_bye: history.had_bye,
        barred: Vec::new(),
    }
}

/// What a player's rounds so far add up to, for [`PlayerState`].
#[derive(Default)]
struct History {
    /// dutch B1a: opponents of played games; indices.
    met: Vec<usize>,
    /// dutch F2/F3: colours of played games, oldest first.
    colours: Vec<Colour>,
    /// dutch B1b: a point received without playing.
    had_unplayed_point: bool,
    /// dutch A7(c)(d): a round unpaired or unplayed.
    had_bye: bool,
}

impl History {
    /// Adds one round's `outcome`; `opponent` is the index of a game's
    /// opponent, when known.
    fn add(&mut self, outcome: Option<RoundOutcome>, opponent: Option<usize>, w: Wording) {
        match outcome {
            Some(RoundOutcome::Game {
                colour,
                half_points,
                played,
                ..
            }) => {
                if played {
                    self.colours.push(colour);
                    if let Some(j) = opponent {
                        self.met.push(j);
                    }
                } else {
                    self.had_bye = true;
                    if half_points == 2 {
                        self.had_unplayed_point = true;
                    }
                }
            }
            Some(RoundOutcome::PairingBye) => {
                self.had_unplayed_point = true;
                self.had_bye = true;
            }
            Some(RoundOutcome::NotPaired { half_points }) => {
                self.had_bye = true;
                if half_points == 2 || (half_points == 1 && w.half_point_bye_bars_bye) {
                    self.had_unplayed_point = true;
                }
            }
            None => self.had_bye = true,
        }
    }
}

/// dutch A4: the float one round's `outcome` gave. A game's float follows the
/// scores before the round (`scores`: the player's, then the opponent's, when
/// the opponent is known), unless the wording makes an unplayed point a
/// downfloat or a forfeit loss no float; the pairing bye is a downfloat.
fn float_of(
    outcome: Option<RoundOutcome>,
    scores: Option<(u32, u32)>,
    w: Wording,
) -> Option<Float> {
    let played = matches!(outcome, Some(RoundOutcome::Game { played: true, .. }));
    if w.unplayed_round_is_downfloat && !played {
        return Some(Float::Downfloat);
    }
    match outcome {
        Some(RoundOutcome::Game {
            half_points,
            played,
            ..
        }) => {
            if !played && half_points == 2 && w.unplayed_point_is_downfloat {
                Some(Float::Downfloat)
            } else if !played && half_points < 2 && w.forfeit_loss_has_no_float {
                None
            } else {
                let (own, opponent) = scores?;
                match own.cmp(&opponent) {
                    std::cmp::Ordering::Greater => Some(Float::Downfloat),
                    std::cmp::Ordering::Less => Some(Float::Upfloat),
                    std::cmp::Ordering::Equal => None,
                }
            }
        }
        Some(RoundOutcome::PairingBye) => Some(Float::Downfloat),
        Some(RoundOutcome::NotPaired { half_points }) => {
            (half_points > 0 && w.unplayed_point_is_downfloat).then_some(Float::Downfloat)
        }
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn st(colours: &[Colour]) -> PlayerState {
        let cd = colours
            .iter()
            .map(|c| if *c == Colour::White { 1 } else { -1 })
            .sum();
        PlayerState {
            number: 1,
            score: 0,
            met: vec![],
            colours: colours.to_vec(),
            colour_difference: cd,
            floats: [None, None],
            had_unplayed_point: false,
            had_bye: false,
            barred: Vec::new(),
            pref: PlayerState::preference_of(colours, cd),
        }
    }
    use Colour::{Black as B, White as W};

    #[test]
    fn dutch_a7a_strong_preference_when_colour_difference_not_zero() {
        // WBB: difference -1 -> strong preference for white (dutch A7a); last two are
        // both black, so dutch B2b makes it absolute.
        let p = st(&[W, B, W, B, B]);
        assert_eq!(p.preference().unwrap().colour, W);
        assert_eq!(p.preference().unwrap().strength, Strength::Absolute);
        // BW B: difference -1, last two differ -> strong white.
        let p = st(&[B, W, B]);
        assert_eq!(
            p.preference(),
            Some(ColourPreference {
                colour: W,
                strength: Strength::Strong
            })
        );
    }

    #[test]
    fn dutch_a7b_mild_preference_alternates_last_game() {
        // WB: difference 0 (written -0), last black -> mild white.
        let p = st(&[W, B]);
        assert_eq!(
            p.preference(),
            Some(ColourPreference {
                colour: W,
                strength: Strength::Mild
            })
        );
        assert_eq!(st(&[]).preference(), None);
    }

    #[test]
    fn dutch_b2_colour_difference_and_three_in_a_row() {
        // WW: difference +2; white would make +3 and three in a row: refused (dutch B2a, dutch B2b).
        let p = st(&[W, W]);
        assert!(!p.may_receive(W));
        assert!(p.may_receive(B));
        // BWW B W: +1, white makes +2 which dutch B2a allows, and the last two are B W.
        let p = st(&[B, W, W, B, W]);
        assert!(p.may_receive(W));
    }
}
