//! dutch17 E.1–E.5 (the same in dutch26 E.1–E.5): the colours of a pair in
//! the 2017 and 2026 editions.

use super::edition::RoundFacts;
use super::state::Strength;
use crate::chess::swiss::{Board, Colour};

/// Which rule of dutch17 E gave a board its colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// dutch17 E.1: both preferences (or the only one) granted.
    Both,
    /// dutch17 E.2 (dutch26 E.2): the stronger preference granted.
    Stronger,
    /// dutch17 E.3 (dutch26 E.3): alternation to the last round the two
    /// had different colours.
    Alternation,
    /// dutch17 E.4 (dutch26 E.4): the higher ranked player's preference.
    HigherRanked,
    /// dutch17 E.5 (dutch26 E.5): by the higher ranked player's pairing
    /// number and the initial colour.
    PairingNumber,
}

impl Rule {
    /// The clause, without the edition's prefix.
    pub fn clause(self) -> &'static str {
        match self {
            Rule::Both => "E.1",
            Rule::Stronger => "E.2",
            Rule::Alternation => "E.3",
            Rule::HigherRanked => "E.4",
            Rule::PairingNumber => "E.5",
        }
    }
}

/// dutch17 E.1–E.5: the colours of `a` and `b`; `initial` is the colour the
/// lot gave to pairing number 1 in round 1 (dutch17 E.5).
pub fn allocate(f: &RoundFacts<'_>, a: usize, b: usize, initial: Colour) -> (Board, Rule) {
    let (hi, lo) = if f.ranks_above(a, b) { (a, b) } else { (b, a) };
    let (want_hi, rule) = hi_colour(f, hi, lo, initial);
    let (w, bl) = if want_hi == Colour::White {
        (hi, lo)
    } else {
        (lo, hi)
    };
    let board = Board {
        white: f.ps[w].number,
        black: f.ps[bl].number,
    };
    (board, rule)
}

/// The colour the higher ranked player `hi` receives against `lo`, and why.
fn hi_colour(f: &RoundFacts<'_>, hi: usize, lo: usize, initial: Colour) -> (Colour, Rule) {
    match (f.preference(hi), f.preference(lo)) {
        (None, None) => {
            let odd = f.pairing_number.get(hi).map_or(f.ps[hi].number, |&n| n) % 2 == 1;
            let c = if odd { initial } else { initial.opposite() };
            (c, Rule::PairingNumber)
        }
        (Some((ch, _)), None) => (ch, Rule::Both),
        (None, Some((cl, _))) => (cl.opposite(), Rule::Both),
        (Some((ch, _)), Some((cl, _))) if ch != cl => (ch, Rule::Both),
        (Some((ch, sh)), Some((_, sl))) => match stronger(f, hi, lo, sh, sl) {
            Some(true) => (ch, Rule::Stronger),
            Some(false) => (ch.opposite(), Rule::Stronger),
            None => alternation(f, hi, lo).unwrap_or((ch, Rule::HigherRanked)),
        },
    }
}

/// dutch17 E.2: whether `hi`'s preference is the stronger (`None`: equal).
/// Two absolute preferences (topscorers) go by the wider colour difference.
fn stronger(f: &RoundFacts<'_>, hi: usize, lo: usize, sh: Strength, sl: Strength) -> Option<bool> {
    if sh != sl {
        return Some(sh > sl);
    }
    if sh != Strength::Absolute {
        return None;
    }
    let (dh, dl) = (
        f.ps[hi].colour_difference.abs(),
        f.ps[lo].colour_difference.abs(),
    );
    (dh != dl).then_some(dh > dl)
}

/// dutch17 E.3: alternate to the most recent round in which one had white
/// and the other black, the histories of played games aligned at the end.
fn alternation(f: &RoundFacts<'_>, hi: usize, lo: usize) -> Option<(Colour, Rule)> {
    let (h, l) = (&f.ps[hi].colours, &f.ps[lo].colours);
    h.iter()
        .rev()
        .zip(l.iter().rev())
        .find(|(x, y)| x != y)
        .map(|(hc, _)| (hc.opposite(), Rule::Alternation))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::swiss::dutch::edition::Edition;
    use crate::chess::swiss::dutch::state::PlayerState;
    use crate::chess::swiss::{PairingRules, SwissTournament};
    use Colour::{Black as B, White as W};

    fn st(n: u32, colours: &[Colour]) -> PlayerState {
        PlayerState::sample(n, 4, colours, [None, None])
    }

    fn colours(a: &[Colour], b: &[Colour]) -> (Board, Rule) {
        let ps = [st(1, a), st(2, b)];
        let t = SwissTournament {
            players: vec![],
            rounds_played: a.len() as u32,
            total_rounds: 9,
            first_colour: W,
            rules: PairingRules::default(),
        };
        let f = RoundFacts::new(&ps, &t, Edition::Dutch2017);
        allocate(&f, 0, 1, W)
    }

    #[test]
    fn dutch17_e_2_the_stronger_preference_wins() {
        // 1: W B (mild white); 2: B W B (difference -1, strong white):
        // 2 has white (dutch17 E.2, the same in dutch26 E.2).
        let (board, rule) = colours(&[W, B], &[B, W, B]);
        assert_eq!((board.white, board.black, rule), (2, 1, Rule::Stronger));
    }

    #[test]
    fn dutch17_e_3_alternate_to_the_last_round_with_different_colours() {
        // 1: W B W B and 2: B W W B both mildly want white. From the end:
        // B/B, W/W, then B/W: 1 had black there, so 1 has white now
        // (dutch17 E.3, the same in dutch26 E.3). Same histories: the
        // higher ranked 1 has his preference (dutch17 E.4, dutch26 E.4).
        let (board, rule) = colours(&[W, B, W, B], &[B, W, W, B]);
        assert_eq!((board.white, board.black, rule), (1, 2, Rule::Alternation));
        let (board, rule) = colours(&[W, B], &[W, B]);
        assert_eq!((board.white, board.black, rule), (1, 2, Rule::HigherRanked));
    }

    #[test]
    fn dutch17_e_1_both_preferences_granted() {
        // 1 wants black, 2 white: both granted (dutch17 E.1, dutch26 E.1).
        // Without any game: 1 is odd, the initial colour (dutch26 E.5).
        let (board, rule) = colours(&[W, B, W], &[B, W, B]);
        assert_eq!((board.white, board.black, rule), (2, 1, Rule::Both));
        let (board, rule) = colours(&[], &[]);
        assert_eq!(
            (board.white, board.black, rule),
            (1, 2, Rule::PairingNumber)
        );
    }
}
