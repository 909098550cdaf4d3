//! Explanations of a round paired by the 2017 or 2026 edition, in the
//! shape of the 2006 one ([`Explanation`]): each score bracket as the
//! search decided it (who moved in, the pairs it could make, who moved
//! down and why, the criteria its chosen candidate could not meet), each
//! board's floats and colours (the rule of dutch17 E that decided) and the
//! bye, with the edition's clauses; and, for a 2006 pairing, the boards the
//! 2017 edition would pair otherwise.
//!
//! The brackets come from the engine's own record ([`BracketRecord`]):
//! the candidate it chose, that candidate's quality as it evaluated it,
//! and the most pairs the bracket allowed.

use super::allocation::Rule;
use super::edition::{Edition, RoundFacts};
use super::explain::{BoardNote, BracketNote, Explanation, Note};
use super::process::{pair_round_recorded, BracketRecord};
use super::state::Strength;
use super::{publish_later, DutchError};
use crate::chess::half_points_text;
use crate::chess::swiss::{Board, Colour, RoundPairing, SwissTournament};

/// The clauses an explanation cites, as (2017, 2026); the 2026 revision
/// numbers the colour and float criteria two higher (dutch26 C.10–C.17).
#[derive(Clone, Copy)]
enum Clause {
    A3,
    A9,
    A4,
    C1,
    C3,
    C4,
    C5,
    B6,
    /// dutch17 C.8–C.15 (dutch26 C.10–C.17), by their place in that run.
    Tail(usize),
    E(Rule),
}

impl Clause {
    fn cite(self, e: Edition) -> &'static str {
        let (x17, x26) = match self {
            Clause::A3 => ("dutch17 A.3", "dutch26 A.3"),
            Clause::A9 => ("dutch17 A.9", "dutch26 A.9"),
            Clause::A4 => ("dutch17 A.4", "dutch26 A.4"),
            Clause::C1 => ("dutch17 C.1", "dutch26 C.1"),
            Clause::C3 => ("dutch17 C.3", "dutch26 C.3"),
            Clause::C4 => ("dutch17 C.4", "dutch26 C.4"),
            Clause::C5 => ("dutch17 C.5", "dutch26 C.5"),
            Clause::B6 => ("dutch17 B.6", "dutch26 B.6"),
            Clause::Tail(k) => TAIL[k.min(TAIL.len() - 1)].0,
            Clause::E(rule) => match rule {
                Rule::Both => ("dutch17 E.1", "dutch26 E.1"),
                Rule::Stronger => ("dutch17 E.2", "dutch26 E.2"),
                Rule::Alternation => ("dutch17 E.3", "dutch26 E.3"),
                Rule::HigherRanked => ("dutch17 E.4", "dutch26 E.4"),
                Rule::PairingNumber => ("dutch17 E.5", "dutch26 E.5"),
            },
        };
        if e == Edition::Dutch2026 {
            x26
        } else {
            x17
        }
    }
}

/// The counted criteria of a candidate's quality after its colour and
/// next-bracket criteria, in the quality's order ([`super::quality`]), with
/// what one of them is and what several are.
const TAIL: [((&str, &str), &str, &str); 8] = [
    (
        ("dutch17 C.8", "dutch26 C.10"),
        "topscorer with a colour difference beyond two",
        "topscorers with a colour difference beyond two",
    ),
    (
        ("dutch17 C.9", "dutch26 C.11"),
        "topscorer with the same colour three times running",
        "topscorers with the same colour three times running",
    ),
    (
        ("dutch17 C.10", "dutch26 C.12"),
        "colour preference not granted",
        "colour preferences not granted",
    ),
    (
        ("dutch17 C.11", "dutch26 C.13"),
        "strong colour preference not granted",
        "strong colour preferences not granted",
    ),
    (
        ("dutch17 C.12", "dutch26 C.14"),
        "player floating down as in the last round",
        "players floating down as in the last round",
    ),
    (
        ("dutch17 C.13", "dutch26 C.15"),
        "player floating up as in the last round",
        "players floating up as in the last round",
    ),
    (
        ("dutch17 C.14", "dutch26 C.16"),
        "player floating down as two rounds before",
        "players floating down as two rounds before",
    ),
    (
        ("dutch17 C.15", "dutch26 C.17"),
        "player floating up as two rounds before",
        "players floating up as two rounds before",
    ),
];

fn note(e: Edition, clause: Clause, text: String) -> Note {
    Note {
        clause: clause.cite(e),
        text,
    }
}

/// Pair round `t.round_to_pair()` by `edition` (2017 or 2026) and say why,
/// clause by clause.
pub fn explain(
    t: &SwissTournament,
    edition: Edition,
) -> Result<(RoundPairing, Explanation), DutchError> {
    let mut records = Vec::new();
    let paired = pair_round_recorded(t, edition, Some(&mut records))?;
    let states = paired.states.clone();
    let (pairing, rules) = publish_later(t, edition, paired);
    let f = RoundFacts::new(&states, t, edition);
    let last = records.len().saturating_sub(1);
    let brackets = records
        .iter()
        .enumerate()
        .map(|(k, r)| bracket_note(&f, r, k == last))
        .collect();
    let boards = pairing
        .boards
        .iter()
        .zip(&rules)
        .map(|(b, rule)| board_note(&f, b, *rule))
        .collect();
    let bye = pairing.bye.map(|y| bye_note(&f, y));
    Ok((
        pairing,
        Explanation {
            system: edition.name(),
            brackets,
            boards,
            bye,
            later_wording: None,
        },
    ))
}

fn index_of(f: &RoundFacts<'_>, number: u32) -> Option<usize> {
    f.ps.iter().position(|p| p.number == number)
}

fn points(f: &RoundFacts<'_>, i: usize) -> String {
    half_points_text(u64::from(f.ps[i].score))
}

fn names(f: &RoundFacts<'_>, v: &[usize]) -> String {
    v.iter()
        .map(|&i| f.ps[i].number.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// One bracket: who came down into it, the pairs it could make and made,
/// why each player it moved down moved, and the criteria its chosen
/// candidate could not meet.
fn bracket_note(f: &RoundFacts<'_>, r: &BracketRecord, lowest: bool) -> BracketNote {
    let e = f.edition;
    let score = r.residents.first().map_or(0, |&i| f.ps[i].score);
    let mut players: Vec<usize> = r.moved_in.iter().chain(&r.residents).copied().collect();
    f.sort(&mut players);
    let mut notes = Vec::new();
    notes.extend(collapsed_note(f, r));
    if !r.moved_in.is_empty() {
        notes.push(note(
            e,
            Clause::A3,
            format!("{} moved down into this bracket", names(f, &r.moved_in)),
        ));
    }
    let (made, most) = (r.chosen.pairs.len(), players.len() / 2);
    if r.max_pairs < most {
        notes.push(note(
            e,
            Clause::C5,
            format!(
            "at most {} here: no more without a rematch or two absolute colour preferences meeting",
            pairs(r.max_pairs)
        ),
        ));
    }
    if made < r.max_pairs {
        notes.push(note(
            e,
            Clause::C4,
            format!(
                "{} here would leave the rest of the round unpairable: {made} made",
                pairs(r.max_pairs)
            ),
        ));
    }
    if !lowest {
        let bracket = half_points_text(u64::from(score));
        for &x in &r.chosen.floaters {
            notes.push(floater_note(f, &players, x, &bracket, made < r.max_pairs));
        }
    }
    notes.extend(tail_notes(e, &r.quality, players.len()));
    BracketNote {
        score: f64::from(score) / 2.0,
        residents: r.residents.iter().map(|&i| f.ps[i].number).collect(),
        moved_in: r.moved_in.iter().map(|&i| f.ps[i].number).collect(),
        notes,
    }
}

/// dutch17 A.9: a bracket whose residents have several scores is the
/// collapsed last bracket, formed when the bracket above, paired by its
/// criteria alone, would have left the players below it unpairable.
fn collapsed_note(f: &RoundFacts<'_>, r: &BracketRecord) -> Option<Note> {
    let scores = r.residents.iter().map(|&i| f.ps[i].score);
    let (high, low) = (scores.clone().max()?, scores.min()?);
    (high > low).then(|| {
        note(
            f.edition,
            Clause::A9,
            format!(
                "the players from {} down to {} form one collapsed last bracket: \
                 the bracket above, paired by its criteria alone, would have left them unpairable",
                half_points_text(u64::from(high)),
                half_points_text(u64::from(low))
            ),
        )
    })
}

/// Why `x` moved down out of the bracket `players`: nobody there he may
/// meet (dutch17 C.1, C.3), fewer pairs for the rest of the round's sake
/// (`lowered`, dutch17 C.4), or the chosen candidate's choice of him.
fn floater_note(
    f: &RoundFacts<'_>,
    players: &[usize],
    x: usize,
    bracket: &str,
    lowered: bool,
) -> Note {
    let e = f.edition;
    let n = f.ps[x].number;
    let others: Vec<usize> = players.iter().copied().filter(|&o| o != x).collect();
    if others.is_empty() {
        return note(
            e,
            Clause::A3,
            format!("{n} is alone in the {bracket} group: moved down"),
        );
    }
    if others.iter().all(|&o| !f.compatible(x, o)) {
        let met_all = others
            .iter()
            .all(|&o| f.ps[x].met.contains(&o) || f.ps[x].barred.contains(&o));
        let (clause, why) = if met_all {
            (
                Clause::C1,
                "he has met (or may not meet) every other player in it",
            )
        } else {
            (
                Clause::C3,
                "those he has not met share his absolute colour preference",
            )
        };
        return note(
            e,
            clause,
            format!("{n} has no opponent left in the {bracket} group ({why}): moved down"),
        );
    }
    if lowered {
        return note(
            e,
            Clause::C4,
            format!("{n} moves down: the fewer pairs the rest of the round allows leave him unpaired here"),
        );
    }
    let text = if players.last() == Some(&x) {
        format!("{n}, the lowest in the {bracket} group, is left over and moves down")
    } else {
        format!(
            "{n} moves down: of the candidates pairing the most players, the one moving him down is the first best by the quality criteria"
        )
    };
    note(e, Clause::B6, text)
}

/// The counted criteria (dutch17 C.8–C.15) the chosen candidate does not
/// meet, read from its quality as the search evaluated it: the tail of the
/// quality is those eight counts followed by four lists of the bracket's
/// size (dutch17 C.16–C.19), after dutch26 C.9's one value in 2026.
fn tail_notes(e: Edition, quality: &[i64], size: usize) -> Vec<Note> {
    let c9 = usize::from(e == Edition::Dutch2026);
    let Some(start) = quality.len().checked_sub(c9 + TAIL.len() + 4 * size) else {
        return Vec::new();
    };
    quality[start + c9..start + c9 + TAIL.len()]
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(k, n)| {
            note(
                e,
                Clause::Tail(k),
                format!(
                    "{n} {}: no better candidate was found",
                    if *n == 1 { TAIL[k].1 } else { TAIL[k].2 }
                ),
            )
        })
        .collect()
}

/// "1 pair", "2 pairs".
fn pairs(n: usize) -> String {
    if n == 1 {
        String::from("1 pair")
    } else {
        format!("{n} pairs")
    }
}

/// One board: its floats (dutch17 A.4) and the colour rule (dutch17 E).
fn board_note(f: &RoundFacts<'_>, b: &Board, rule: Rule) -> BoardNote {
    let e = f.edition;
    let mut notes = Vec::new();
    if let (Some(w), Some(bl)) = (index_of(f, b.white), index_of(f, b.black)) {
        if f.ps[w].score != f.ps[bl].score {
            let (hi, lo) = f.higher_first((w, bl));
            notes.push(note(
                e,
                Clause::A4,
                format!(
                    "{} ({}) floats down, {} ({}) up",
                    f.ps[hi].number,
                    points(f, hi),
                    f.ps[lo].number,
                    points(f, lo)
                ),
            ));
        }
        notes.push(note(e, Clause::E(rule), colour_text(f, w, bl, rule)));
    }
    BoardNote {
        white: b.white,
        black: b.black,
        notes,
    }
}

fn preference_text(f: &RoundFacts<'_>, i: usize) -> String {
    let Some((c, s)) = f.preference(i) else {
        return String::from("none");
    };
    let colour = match c {
        Colour::White => "White",
        Colour::Black => "Black",
    };
    let strength = match s {
        Strength::Mild => "mild",
        Strength::Strong => "strong",
        Strength::Absolute => "absolute",
    };
    format!("{colour} ({strength})")
}

/// What the rule of dutch17 E decided for the board `w` (White) – `b`.
fn colour_text(f: &RoundFacts<'_>, w: usize, b: usize, rule: Rule) -> String {
    let hi = if f.ranks_above(w, b) { w } else { b };
    let (nw, nb, nh) = (f.ps[w].number, f.ps[b].number, f.ps[hi].number);
    match rule {
        Rule::Both if f.preference(w).is_some() && f.preference(b).is_some() => {
            String::from("both get the colour they prefer")
        }
        Rule::Both => String::from("the one colour preference is granted"),
        Rule::Stronger => {
            let granted = if f.preference(w).map(|p| p.0) == Some(Colour::White) {
                w
            } else {
                b
            };
            format!(
                "both want the same colour: {}'s preference, {}, is the stronger and granted",
                f.ps[granted].number,
                preference_text(f, granted)
            )
        }
        Rule::Alternation => format!(
            "{nw} and {nb} want the same colour as strongly: colours alternate against the last round they had different ones"
        ),
        Rule::HigherRanked => format!(
            "{nw} and {nb} want the same colour as strongly with the same history: the higher ranked {nh} has his preference"
        ),
        Rule::PairingNumber => format!(
            "no colour preference: by the higher ranked {nh}'s pairing number and the initial colour"
        ),
    }
}

/// The pairing-allocated bye: dutch17 C.2 (no earlier bye or point without
/// playing) for the player left over; in 2026 also the lowest score the
/// rest of the round allows (dutch26 C.4) and the fewest unplayed rounds
/// (dutch26 C.9).
fn bye_note(f: &RoundFacts<'_>, y: u32) -> Note {
    let score = index_of(f, y).map_or_else(|| String::from("0"), |i| points(f, i));
    match f.edition {
        Edition::Dutch2026 => Note {
            clause: "dutch26 C.4",
            text: format!(
                "{y} ({score}) receives the pairing-allocated bye: the lowest score that lets the rest of the round be paired, \
                 no earlier bye or point without playing (dutch26 C.2), and among those the fewest unplayed rounds (dutch26 C.9)"
            ),
        },
        _ => Note {
            clause: "dutch17 C.2",
            text: format!(
                "{y} ({score}) is left over in the lowest bracket and receives the pairing-allocated bye; \
                 he has had no bye or point without playing"
            ),
        },
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dutch17_c_10_and_c_12_read_from_the_tail_of_the_quality() {
        // A bracket of two: the quality ends with C.8–C.15 (here 0, 0, 2,
        // 0, 1, 0, 0, 0) and four lists of two (C.16–C.19); whatever comes
        // before (C.5–C.7) is not read. Two preferences refused (dutch17
        // C.10), one downfloat repeated (dutch17 C.12); in 2026 the same
        // are dutch26 C.12 and C.14, after dutch26 C.9's value.
        let tail = [0, 0, 2, 0, 1, 0, 0, 0, 5, 5, 5, 5, 5, 5, 5, 5];
        let mut q17 = vec![-1, 9, 9];
        q17.extend(tail);
        let texts = |e: Edition, q: &[i64]| -> Vec<String> {
            tail_notes(e, q, 2)
                .into_iter()
                .map(|n| format!("{}: {}", n.clause, n.text))
                .collect()
        };
        assert_eq!(
            texts(Edition::Dutch2017, &q17),
            vec![
                "dutch17 C.10: 2 colour preferences not granted: no better candidate was found",
                "dutch17 C.12: 1 player floating down as in the last round: no better candidate was found",
            ]
        );
        let mut q26 = vec![-1, 9, 9, 3];
        q26.extend(tail);
        let clauses: Vec<&str> = tail_notes(Edition::Dutch2026, &q26, 2)
            .iter()
            .map(|n| n.clause)
            .collect();
        assert_eq!(clauses, vec!["dutch26 C.12", "dutch26 C.14"]);
        // Too short to hold the tail: nothing read, no panic.
        assert!(texts(Edition::Dutch2017, &[0, 1]).is_empty());
    }
}
