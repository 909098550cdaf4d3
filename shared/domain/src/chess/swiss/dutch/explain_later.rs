//! Explanations of a round paired by the 2017 or 2026 edition: each
//! board's floats and colours and the bye, with the edition's clauses; and,
//! for a 2006 pairing, the boards the 2017 edition would pair otherwise.

use super::allocation::Rule;
use super::edition::{Edition, RoundFacts};
use super::{pair_later, DutchError};
use crate::chess::swiss::{RoundPairing, SwissTournament};

/// The round `t.round_to_pair()` by `edition` (2017 or 2026), one line a board.
pub fn explain(t: &SwissTournament, edition: Edition) -> Result<String, DutchError> {
    let (pairing, rules) = pair_later(t, edition)?;
    let ps = RoundFacts::states(t);
    let score = |n: u32| {
        ps.iter()
            .find(|p| p.number == n)
            .map_or(0.0, |p| f64::from(p.score) / 2.0)
    };
    let x = edition.prefix();
    let mut out = format!("Round {} ({}):\n", t.round_to_pair(), edition.name());
    for (k, (b, rule)) in pairing.boards.iter().zip(&rules).enumerate() {
        let (sw, sb) = (score(b.white), score(b.black));
        let floats = if sw == sb {
            String::from("same score")
        } else {
            let (hi, lo) = if sw > sb {
                (b.white, b.black)
            } else {
                (b.black, b.white)
            };
            format!("{hi} floats down, {lo} up ({x} A.4)")
        };
        out.push_str(&format!(
            "board {}: {} ({sw}) - {} ({sb}): {floats}; colours by {x} {} ({})\n",
            k + 1,
            b.white,
            b.black,
            rule.clause(),
            why(*rule)
        ));
    }
    if let Some(y) = pairing.bye {
        let clause = match edition {
            Edition::Dutch2026 => "dutch26 C.4 (the lowest score possible), dutch26 C.9",
            _ => "dutch17 C.2 (no earlier bye or point without playing), dutch17 C.4",
        };
        out.push_str(&format!("bye: {y} ({}) by {clause}\n", score(y)));
    }
    Ok(out)
}

fn why(rule: Rule) -> &'static str {
    match rule {
        Rule::Both => "both preferences granted",
        Rule::Stronger => "the stronger preference",
        Rule::Alternation => "alternating to the last round with different colours",
        Rule::HigherRanked => "the higher ranked player's preference",
        Rule::PairingNumber => "pairing number and initial colour",
    }
}

/// For a 2006 pairing: a line for each of its boards the 2017 edition
/// would not pair, with the 2017 boards of those players.
pub fn differences_2017(t: &SwissTournament, p2006: &RoundPairing) -> Vec<String> {
    let Ok(p17) = super::pair_edition(t, Edition::Dutch2017) else {
        return vec![String::from("dutch-2017 finds no pairing of this round")];
    };
    let key = |a: u32, b: u32| (a.min(b), a.max(b));
    let pairs17: Vec<(u32, u32)> = p17.boards.iter().map(|b| key(b.white, b.black)).collect();
    let board_of = |n: u32| {
        p17.boards
            .iter()
            .find(|b| b.white == n || b.black == n)
            .map_or(format!("{n} bye"), |b| format!("{}-{}", b.white, b.black))
    };
    p2006
        .boards
        .iter()
        .filter(|b| !pairs17.contains(&key(b.white, b.black)))
        .map(|b| {
            format!(
                "dutch-2017 would pair {}-{} here: {} and {}",
                b.white,
                b.black,
                board_of(b.white),
                board_of(b.black)
            )
        })
        .collect()
}
