//! dutch E1–E5 (colour allocation, with dutch F3 for gaps in the colour history)
//! and dutch F1 (publishing order).

use super::criteria::Criteria;
use super::state::Strength;
use crate::chess::swiss::{Board, Colour};

/// dutch E1–E5: colours for the pairing of `a` and `b`. `first_colour` is the
/// lot of dutch A7/E5; `round1_rank` gives, in round 1, the higher player's position
/// in the dutch A2 order (0-based) for dutch E5.
pub fn allocate(
    c: &Criteria<'_>,
    a: usize,
    b: usize,
    first_colour: Colour,
    round1_rank: Option<usize>,
) -> Board {
    allocate_why(c, a, b, first_colour, round1_rank).0
}

/// Which colour rule gave a board its colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColourRule {
    /// dutch E1: both preferences granted (or the only one there is).
    Both,
    /// dutch E1 with one player only having a preference.
    One,
    /// dutch E2: the stronger preference granted.
    Stronger,
    /// dutch E3: alternation to the last round with different colours.
    Alternation,
    /// dutch E4: the higher ranked player's preference.
    HigherRanked,
    /// dutch E5: round 1, by the lot.
    Lot,
    /// No played game for either: the lot by pairing number (ruling).
    LotByNumber,
    /// dutch B2 forbade what the rules above gave, so the colours were swapped.
    Absolute,
}

/// [`allocate`], with the rule that decided.
pub fn allocate_why(
    c: &Criteria<'_>,
    a: usize,
    b: usize,
    first_colour: Colour,
    round1_rank: Option<usize>,
) -> (Board, ColourRule) {
    let (hi, lo) = if c.ranks_above(a, b) { (a, b) } else { (b, a) };
    let strength = |i: usize| {
        c.ps[i].preference().map(|p| {
            // dutch A7(c): in odd rounds a bye player's strong preference counts as absolute.
            let s = if c.a7c[i] && p.strength == Strength::Strong {
                Strength::Absolute
            } else {
                p.strength
            };
            (p.colour, s)
        })
    };
    let (want_hi, rule): (Colour, ColourRule) = match (strength(hi), strength(lo)) {
        (None, None) => {
            // dutch E5 in round 1; later, players without any played game: the lot
            // decides by pairing number parity (ruling, see docs/rulings/chess.md).
            let odd = match round1_rank {
                Some(r) => r % 2 == 0,
                None => (c.ps[hi].number % 2 == 1) != c.no_history_colours_reversed,
            };
            let rule = if round1_rank.is_some() {
                ColourRule::Lot
            } else {
                ColourRule::LotByNumber
            };
            let colour = if odd {
                first_colour
            } else {
                first_colour.opposite()
            };
            (colour, rule)
        }
        (Some((ch, _)), None) => (ch, ColourRule::One),
        (None, Some((cl, _))) => (cl.opposite(), ColourRule::One),
        // dutch E1: both preferences can be granted.
        (Some((ch, _)), Some((cl, _))) if ch != cl => (ch, ColourRule::Both),
        // dutch E2: grant the stronger preference. In an even round every mild
        // preference belongs to a player who missed a round, so an dutch A7(d)
        // player meets either another dutch A7(d) player or a stronger preference,
        // and dutch E2 gives him the colour his opponent needs: the one that
        // lowered x (dutch A7(d)).
        (Some((ch, sh)), Some((_, sl))) if sh != sl => {
            let colour = if sh > sl { ch } else { ch.opposite() };
            (colour, ColourRule::Stronger)
        }
        (Some((ch, _)), Some(_)) => {
            // dutch E3: alternate to the most recent round in which they had different
            // colours, histories aligned at the end (dutch F3 closes up the gaps).
            let (h, l) = (&c.ps[hi].colours, &c.ps[lo].colours);
            let diff = h.iter().rev().zip(l.iter().rev()).find(|(x, y)| x != y);
            match diff {
                Some((hc, _)) => (hc.opposite(), ColourRule::Alternation),
                // dutch E4: the higher ranked player's preference.
                None => (ch, ColourRule::HigherRanked),
            }
        }
    };
    // dutch B2 is absolute: never hand out a colour it forbids when the other works.
    let ok = |w: usize, bl: usize| {
        c.ps[w].may_receive(Colour::White) && c.ps[bl].may_receive(Colour::Black)
    };
    let (w, bl) = if want_hi == Colour::White {
        (hi, lo)
    } else {
        (lo, hi)
    };
    let (w, bl, rule) = if !ok(w, bl) && ok(bl, w) {
        (bl, w, ColourRule::Absolute)
    } else {
        (w, bl, rule)
    };
    let board = Board {
        white: c.ps[w].number,
        black: c.ps[bl].number,
    };
    (board, rule)
}

/// dutch F1: sort the pairings for publication: score of the higher player,
/// then the sum of both scores, then the dutch A2 rank of the higher player.
pub fn publishing_order(c: &Criteria<'_>, pairs: &mut [(usize, usize)]) {
    pairs.sort_by_key(|&(a, b)| {
        let hi = if c.ranks_above(a, b) { a } else { b };
        let (sa, sb) = (c.ps[a].score, c.ps[b].score);
        (
            std::cmp::Reverse(sa.max(sb)),
            std::cmp::Reverse(sa + sb),
            std::cmp::Reverse(c.ps[hi].score),
            c.ps[hi].number,
        )
    });
}
