//! Every pairing explained: for one round, each score bracket as the
//! procedure treated it (dutch A3, C1), what it gave up to pair it (dutch C9–C14),
//! each board's floats (dutch A4) and colours (dutch E1–E5), and the bye (dutch A5),
//! each with the clause that decided; and whether the 2012 (Istanbul)
//! wording would have paired the round otherwise.
//!
//! Players are named by pairing number; the caller maps them to names.

use super::bracket::{How, Treated};
use super::colour::ColourRule;
use super::criteria::Level;
use super::state::{PlayerState, Strength};
use super::{pair_as, pair_traced, BracketTrace, DutchError, Wording};
use crate::chess::half_points_text;
use crate::chess::swiss::{Board, Colour, Float, RoundPairing, SwissTournament};
use serde::Serialize;

/// One reason, with the clause it comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Note {
    /// The clause (`dutch C1`, `dutch E2`, ...).
    pub clause: &'static str,
    /// What it decided, in words, players by pairing number.
    pub text: String,
}

/// One score bracket as the procedure paired it.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct BracketNote {
    /// The bracket's score (points).
    pub score: f64,
    /// Its players by pairing number: residents, then those moved down into it.
    pub residents: Vec<u32>,
    pub moved_in: Vec<u32>,
    pub notes: Vec<Note>,
}

/// One board: its floats and colours.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct BoardNote {
    pub white: u32,
    pub black: u32,
    pub notes: Vec<Note>,
}

/// A round's pairing with the reasons for it.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Explanation {
    /// The edition the round is paired by (`dutch-2006`, `dutch-2017`,
    /// `dutch-2026`); its clauses are cited as `dutch`, `dutch17`, `dutch26`.
    pub system: &'static str,
    pub brackets: Vec<BracketNote>,
    /// In publishing order (dutch F1).
    pub boards: Vec<BoardNote>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bye: Option<Note>,
    /// The pairing the 2012 (Istanbul) wording gives, where it differs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub later_wording: Option<Note>,
}

/// Pair round `t.round_to_pair()` and say why, clause by clause.
pub fn explain(t: &SwissTournament) -> Result<(RoundPairing, Explanation), DutchError> {
    let (pairing, trace) = pair_traced(t, Wording::SEED_2006)?;
    let ps = &trace.states;
    let last = trace.brackets.len().saturating_sub(1);
    let brackets = trace
        .brackets
        .iter()
        .enumerate()
        .map(|(k, b)| bracket_note(ps, b, k == last, trace.brackets.get(k + 1)))
        .collect();
    let index: std::collections::HashMap<u32, &PlayerState> =
        ps.iter().map(|p| (p.number, p)).collect();
    let by_number = |num: u32| index.get(&num).copied();
    let boards = pairing
        .boards
        .iter()
        .zip(&trace.colours)
        .map(|(b, rule)| board_note(b, *rule, by_number(b.white), by_number(b.black)))
        .collect();
    let bye = pairing.bye.map(|y| Note {
        clause: "dutch A5",
        text: format!(
            "{y} is left over in the lowest bracket and has the bye (one point, a downfloat); \
             he has had no point without playing (dutch B1b)"
        ),
    });
    let later_wording = pair_as(t, Wording::ISTANBUL_2012)
        .ok()
        .filter(|other| !other.same_as(&pairing))
        .map(|other| Note {
            clause: "dutch 2012",
            text: format!("the 2012 (Istanbul) wording would pair {}", listed(&other)),
        });
    Ok((
        pairing,
        Explanation {
            system: "dutch-2006",
            brackets,
            boards,
            bye,
            later_wording,
        },
    ))
}

/// "1–7, 3–5, bye 6".
pub fn listed(p: &RoundPairing) -> String {
    let mut parts: Vec<String> = p
        .boards
        .iter()
        .map(|b| format!("{}–{}", b.white, b.black))
        .collect();
    if let Some(y) = p.bye {
        parts.push(format!("bye {y}"));
    }
    parts.join(", ")
}

fn points(half: u32) -> f64 {
    f64::from(half) / 2.0
}

fn numbers(ps: &[PlayerState], v: &[usize]) -> Vec<u32> {
    v.iter().map(|&i| ps[i].number).collect()
}

fn names(v: &[u32]) -> String {
    v.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
}

fn bracket_note(
    ps: &[PlayerState],
    b: &BracketTrace,
    lowest: bool,
    next: Option<&BracketTrace>,
) -> BracketNote {
    let score = b.residents.first().map_or(0, |&i| ps[i].score);
    let mut notes = Vec::new();
    match &b.result {
        Some(r) => {
            let stayed: Vec<usize> = b
                .residents
                .iter()
                .chain(&b.moved_in)
                .copied()
                .filter(|i| !r.how.moved_on.contains(i))
                .collect();
            notes.extend(moved_on_notes(ps, &r.how));
            notes.extend(treated_note(ps, b, &r.how));
            notes.extend(given_up(ps, &stayed, &r.how));
            notes.extend(look_ahead(
                &r.how,
                lowest,
                next.is_some_and(|n| !n.residents.is_empty()),
            ));
            let moved: Vec<u32> = r
                .moved_down
                .iter()
                .filter(|i| !r.how.moved_on.contains(i))
                .map(|&i| ps[i].number)
                .collect();
            let unpaired_mdp: Vec<u32> = b
                .moved_in
                .iter()
                .filter(|i| r.moved_down.contains(i) && !r.how.moved_on.contains(i))
                .map(|&i| ps[i].number)
                .collect();
            if r.how.treated == Treated::Heterogeneous && !unpaired_mdp.is_empty() && !lowest {
                notes.push(Note {
                    clause: "dutch C14",
                    text: format!(
                        "no pairing of {} here lets the rest of the round be paired within the criteria: p lowered, moved on",
                        names(&unpaired_mdp)
                    ),
                });
            }
            if !moved.is_empty() && !lowest {
                notes.push(Note {
                    clause: "dutch A3",
                    text: format!(
                        "{} left unpaired: moved down to the next bracket",
                        names(&moved)
                    ),
                });
            }
        }
        None => notes.push(Note {
            clause: "dutch C13",
            text: "the search gave up here; the lowest brackets were completed by a maximum \
                   matching under B1/B2 (ruling: C13's last resort)"
                .into(),
        }),
    }
    BracketNote {
        score: points(score),
        residents: numbers(ps, &b.residents),
        moved_in: numbers(ps, &b.moved_in),
        notes,
    }
}

fn treated_note(ps: &[PlayerState], b: &BracketTrace, how: &How) -> Option<Note> {
    let came: Vec<u32> = b
        .moved_in
        .iter()
        .filter(|i| !how.moved_on.contains(i))
        .map(|&i| ps[i].number)
        .collect();
    let text = match how.treated {
        Treated::Homogeneous => return None,
        Treated::HomogeneousByHalf => format!(
            "{} came from above, at least half the bracket: treated as homogeneous",
            names(&came)
        ),
        Treated::Heterogeneous => format!(
            "heterogeneous: {} moved down, paired first whenever possible (S1)",
            names(&came)
        ),
    };
    Some(Note {
        clause: "dutch A3",
        text,
    })
}

fn moved_on_notes(ps: &[PlayerState], how: &How) -> Vec<Note> {
    let mut notes: Vec<Note> = how
        .moved_on
        .iter()
        .map(|&i| Note {
            clause: "dutch C1",
            text: format!(
                "{} has no opponent in this bracket without a rematch or a forbidden colour: moved down",
                ps[i].number
            ),
        })
        .collect();
    let settled: Vec<u32> = how
        .settled
        .iter()
        .filter(|i| !how.moved_on.contains(i))
        .map(|&i| ps[i].number)
        .collect();
    if !settled.is_empty() {
        notes.push(Note {
            clause: "dutch B5",
            text: if settled.len() == 1 {
                format!(
                    "{} floats down again whatever he plays here: accepted for him alone (ruling dutch C9/C10)",
                    settled[0]
                )
            } else {
                format!(
                    "{} float down again whatever they play here: accepted for them alone (ruling dutch C9/C10)",
                    names(&settled)
                )
            },
        });
    }
    notes
}

/// The relative criteria the bracket gave up, in the procedure's order; a
/// float criterion only where a player of the bracket has that float behind
/// him (elsewhere giving it up changes nothing).
fn given_up(ps: &[PlayerState], members: &[usize], how: &How) -> Vec<Note> {
    let Some(l) = how.level else {
        let nobody = how.p_first == 0 || members.is_empty();
        return (!nobody)
            .then(|| Note {
                clause: "dutch C14",
                text: "no pairing at all: the whole bracket moves down".into(),
            })
            .into_iter()
            .collect();
    };
    let has = |k: usize, f: Float| members.iter().any(|&i| ps[i].floats[k] == Some(f));
    let mut notes = Vec::new();
    if how.x_first > 0 {
        notes.push(Note {
            clause: "dutch A8",
            text: format!(
                "x = {}: that many pairings may fail a colour preference",
                how.x_first
            ),
        });
    }
    let (up, down) = (Float::Upfloat, Float::Downfloat);
    let dropped: [(bool, &'static str, &str); 4] = [
        (
            !l.b6_up && has(1, up),
            "dutch C9",
            "B6 (no upfloat as two rounds before)",
        ),
        (
            !l.b5_up && has(0, up),
            "dutch C9",
            "B5 (no upfloat twice running)",
        ),
        (
            !l.b6_down && has(1, down),
            "dutch C10",
            "B6 (no downfloat as two rounds before)",
        ),
        (
            !l.b5_down && has(0, down),
            "dutch C10",
            "B5 (no downfloat twice running)",
        ),
    ];
    for (clause, what) in dropped.iter().filter(|d| d.0).map(|d| (d.1, d.2)) {
        notes.push(Note {
            clause,
            text: format!("{what} given up: no pairing met it"),
        });
    }
    notes.extend(level_notes(&l, how));
    notes
}

fn level_notes(l: &Level, how: &How) -> Vec<Note> {
    let mut notes = Vec::new();
    if l.x > how.x_first {
        notes.push(Note {
            clause: "dutch C11",
            text: format!("x raised to {}: no pairing within x = {}", l.x, how.x_first),
        });
    }
    if let Some(k) = l.a7c.filter(|&k| k > 0) {
        notes.push(Note {
            clause: "dutch A7(c)",
            text: format!("{k} bye player(s) take the colour against their strong preference, to avoid a downfloater"),
        });
    }
    if l.b2_waiver {
        notes.push(Note {
            clause: "dutch B6",
            text: "last round: B2 waived for players on 50% to avoid a downfloater (note to B6)"
                .into(),
        });
    }
    if how.p < how.p_first {
        notes.push(Note {
            clause: "dutch C14",
            text: format!(
                "p lowered from {} to {}: no more pairings exist here",
                how.p_first, how.p
            ),
        });
    }
    notes
}

fn look_ahead(how: &How, lowest: bool, next_has_residents: bool) -> Option<Note> {
    if lowest || !next_has_residents || how.c12_met {
        return None;
    }
    Some(Note {
        clause: "dutch C13",
        text: "no pairing here lets every player moved down find an opponent in the next \
               bracket (C12): the first that lets the rest of the round be paired"
            .into(),
    })
}

fn board_note(
    b: &Board,
    rule: ColourRule,
    white: Option<&PlayerState>,
    black: Option<&PlayerState>,
) -> BoardNote {
    let mut notes = Vec::new();
    if let (Some(w), Some(bl)) = (white, black) {
        if w.score != bl.score {
            let (hi, lo) = if w.score > bl.score { (w, bl) } else { (bl, w) };
            notes.push(Note {
                clause: "dutch A4",
                text: format!(
                    "{} ({}) floats down, {} ({}) up",
                    hi.number,
                    half_points_text(u64::from(hi.score)),
                    lo.number,
                    half_points_text(u64::from(lo.score))
                ),
            });
        }
    }
    notes.push(colour_note(b, rule, stronger(white, black)));
    BoardNote {
        white: b.white,
        black: b.black,
        notes,
    }
}

/// The player whose preference is the stronger, its colour and strength.
fn stronger(a: Option<&PlayerState>, b: Option<&PlayerState>) -> Option<(u32, String)> {
    let (a, b) = (a?, b?);
    let (pa, pb) = (a.preference()?, b.preference()?);
    let (who, p) = if pa.strength >= pb.strength {
        (a, pa)
    } else {
        (b, pb)
    };
    let strength = match p.strength {
        Strength::Mild => "mild",
        Strength::Strong => "strong",
        Strength::Absolute => "absolute",
    };
    let colour = match p.colour {
        Colour::White => "White",
        Colour::Black => "Black",
    };
    Some((who.number, format!("{colour} ({strength})")))
}

fn colour_note(b: &Board, rule: ColourRule, stronger: Option<(u32, String)>) -> Note {
    let w = b.white;
    let (clause, text) = match rule {
        ColourRule::Stronger if stronger.is_some() => {
            let (who, what) = stronger.unwrap_or_default();
            (
                "dutch E2",
                format!(
                    "both want the same colour: {who}'s stronger preference, {what}, is granted"
                ),
            )
        }
        ColourRule::Both => ("dutch E1", "both get the colour they prefer".to_string()),
        ColourRule::One => (
            "dutch E1",
            "the one colour preference is granted".to_string(),
        ),
        ColourRule::Stronger => (
            "dutch E2",
            "both want the same colour: the stronger preference is granted".to_string(),
        ),
        ColourRule::Alternation => (
            "dutch E3",
            "same preference: colours alternate against the last round they differed".to_string(),
        ),
        ColourRule::HigherRanked => (
            "dutch E4",
            "same preference and history: the higher ranked player's preference".to_string(),
        ),
        ColourRule::Lot => ("dutch E5", "round 1: colours by the lot".to_string()),
        ColourRule::LotByNumber => (
            "dutch E5",
            "neither has played: the lot colour by pairing number (ruling on colours without a history, docs/rulings/chess.md)".to_string(),
        ),
        ColourRule::Absolute => (
            "dutch B2",
            format!("White to {w}: the other way would break B2"),
        ),
    };
    Note { clause, text }
}

/// Which text of the Dutch system an explanation's `system` names.
pub fn text_of(system: &str) -> &'static str {
    match system {
        "dutch-2017" => "the text in force from 1 July 2017",
        "dutch-2026" => "the 2025 revision, applied from 1 February 2026",
        _ => "1992–2006 text",
    }
}

/// The explanation as text for a terminal (`arbiter pair --explain`).
pub fn render(round: u32, e: &Explanation) -> String {
    let mut out = format!(
        "Round {round}, FIDE Dutch system ({})\n\nBoards\n",
        text_of(e.system)
    );
    let line = |n: &Note| format!("[{}] {}", n.clause, n.text);
    for (k, b) in e.boards.iter().enumerate() {
        let pair = format!("{} – {}", b.white, b.black);
        for (j, n) in b.notes.iter().enumerate() {
            let head = if j == 0 {
                format!("{:>4}. {pair:<11}", k + 1)
            } else {
                " ".repeat(17)
            };
            out.push_str(&format!("{head}{}\n", line(n)));
        }
    }
    if let Some(n) = &e.bye {
        out.push_str(&format!("\nBye\n      {}\n", line(n)));
    }
    out.push_str("\nScore brackets, highest first\n");
    for b in &e.brackets {
        let mut head = format!(
            "{:>6}  {{{}}}",
            half_points_text((b.score * 2.0) as u64),
            names(&b.residents)
        );
        if !b.moved_in.is_empty() {
            head.push_str(&format!(" with {} moved down", names(&b.moved_in)));
        }
        out.push_str(&format!("{head}\n"));
        for n in &b.notes {
            out.push_str(&format!("          {}\n", line(n)));
        }
    }
    if let Some(n) = &e.later_wording {
        out.push_str(&format!("\nLater wording\n      {}\n", line(n)));
    }
    out
}
