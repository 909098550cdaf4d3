//! FIDE (Dutch) Swiss system, 1992–2006 wording (`seeds/fide-dutch-system-1992-2006.txt`,
//! numbered in `spec/fide-dutch-1992-2006-numbered.md`).
//!
//! - [`state`]: dutch A2 ranking data, dutch A4 floats, dutch A7 colour preferences, dutch B1b, dutch F2/F3.
//! - [`criteria`]: dutch B1–B6 as predicates, dutch A8 x, the relaxation levels of dutch C9–C11.
//! - [`exchange`]: dutch D1 transpositions and dutch D2 exchanges.
//! - [`bracket`]: dutch C1, dutch C9–C14, pairing one score bracket.
//! - [`search`]: dutch C4–C8 with dutch C12/C13, the candidates at one relaxation level.
//! - [`matching`]: the completability test behind dutch C12/C13.
//! - [`colour`]: dutch E1–E5 and dutch F1.
//! - [`standings`]: H, final standings.
//!
//! The 2017 and 2026 editions (FIDE C.04.3 as in force from 1 July 2017 and
//! as revised for 1 February 2026) are paired by [`pair_edition`]:
//!
//! - [`edition`]: the [`edition::Edition`] and the facts of a round (dutch17 A.2–A.7, dutch17 C.1–C.3).
//! - [`process`]: dutch17 B, dutch17 C.4, dutch17 D, the brackets and their candidates.
//! - [`resident_exchange`]: dutch17 D.2, the order of the exchanges between S1 and S2.
//! - [`mdp_exchange`]: dutch17 D.3, the order of the moved-down players chosen for S1.
//! - [`quality`]: dutch17 C.5–C.19, dutch26 C.5–C.21, a candidate's quality.
//! - [`allocation`]: dutch17 E.1–E.5.
//!
//! [`pair`] pairs the next round (dutch A3, dutch A5, dutch F4, dutch F5); [`keep_published`] applies dutch F6.

pub mod absolute;
pub mod allocation;
pub mod bracket;
pub mod colour;
pub mod cost;
pub mod criteria;
pub mod edition;
pub mod exchange;
pub mod explain;
pub mod explain_later;
pub mod matching;
pub mod mdp_exchange;
pub mod optimum;
pub mod process;
pub mod quality;
pub mod resident_exchange;
pub mod search;
pub mod standings;
pub mod state;
pub mod target;
#[cfg(test)]
mod tests;

use super::{Board, Presence, RoundPairing, SwissTournament};
use bracket::{feasible, pair_bracket, Below, BracketPairing};
use criteria::Criteria;

/// Why no pairing was produced.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DutchError {
    /// No pairing of the present players satisfies dutch B1 and dutch B2.
    #[error("dutch B1/B2: no pairing of the present players satisfies the absolute criteria")]
    NoValidPairing,
}

/// Which text the engine pairs by. Arbiter pairs by the 1992–2006 seed
/// ([`Wording::SEED_2006`]); each flag switches on one change the 2012
/// (Istanbul) wording made, so that a pairing by a later-wording engine
/// (JaVaFo 1.4) can be explained difference by difference in the tests
/// (docs/rulings/chess.md, "dutch 2006 versus the 2012 wording").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wording {
    /// 2006 notes to dutch B6: in the last round dutch B2 is waived at 50% and dutch B5/B6 do
    /// not apply over 50%. Off: no last-round notes.
    pub last_round_notes: bool,
    /// Later wording: a round won without playing (forfeit win, pairing bye)
    /// or scored unpaired (H, F) counts as a downfloat. 2006 dutch A4/A5: only the
    /// pairings of unequal scores and the pairing bye do.
    pub unplayed_point_is_downfloat: bool,
    /// Later wording: a half-point bye bars the pairing bye. 2006 dutch B1b: only a
    /// (whole) point received without playing does.
    pub half_point_bye_bars_bye: bool,
    /// JaVaFo 1.4: a pairing not played leaves no float to the player who
    /// lost it by forfeit. 2006 dutch A4/F2: the float is written on the
    /// pairing card when the pairing is made; dutch F2 discounts the unplayed
    /// pairing for colour only.
    pub forfeit_loss_has_no_float: bool,
    /// JaVaFo 1.4: after round 1, between two players without a played
    /// game, the colours are the reverse of Arbiter's reading. The 2006 text
    /// is silent there (dutch E1–E4 need a preference or a history, dutch E5 is
    /// for round 1); Arbiter gives the higher ranked player the lot colour
    /// when his pairing number is odd (docs/rulings/chess.md).
    pub no_history_colours_reversed: bool,
    /// Later wording: dutch B6 (two rounds before) is given up for upfloats
    /// and for downfloats before dutch B5 (the previous round) for either.
    /// 2006 dutch C9 drops B6 then B5 for upfloats, and only then dutch C10 drops
    /// B6 and B5 for downfloats.
    pub floats_b6_before_b5: bool,
    /// Later wording, last round: dutch B2 may be broken for players over 50%
    /// ("topscorers") to avoid floaters, and dutch B5/B6 apply to them. 2006
    /// notes to dutch B6: B2 may be waived for players on exactly 50%, and B5/B6
    /// do not apply over 50%. Takes the place of `last_round_notes`.
    pub topscorers: bool,
    /// JaVaFo 1.4: dutch C12's look-ahead (every player moved down finds a
    /// distinct opponent in the next bracket) is asked even of a next bracket
    /// that at least half came down to, which dutch A3 treats as homogeneous.
    /// 2006: C12 is "in case of a heterogeneous group"; only dutch C1 (a
    /// moved-down player with no opponent at all there) sends the pairing back.
    pub c12_in_homogeneous_next: bool,
    /// 2017 and later (dutch17 A.4.b): a player who does not play a round,
    /// whatever the reason (bye, forfeit, absence), receives a downfloat.
    pub unplayed_round_is_downfloat: bool,
}

impl Wording {
    /// The 1992–2006 text, as Arbiter pairs.
    pub const SEED_2006: Wording = Wording {
        last_round_notes: true,
        unplayed_point_is_downfloat: false,
        half_point_bye_bars_bye: false,
        forfeit_loss_has_no_float: false,
        no_history_colours_reversed: false,
        floats_b6_before_b5: false,
        topscorers: false,
        c12_in_homogeneous_next: false,
        unplayed_round_is_downfloat: false,
    };

    /// The 2012 (Istanbul) wording's changes to the text (not an engine's
    /// own readings): for saying where a later wording pairs otherwise.
    pub const ISTANBUL_2012: Wording = Wording {
        last_round_notes: false,
        unplayed_point_is_downfloat: true,
        half_point_bye_bars_bye: true,
        forfeit_loss_has_no_float: false,
        no_history_colours_reversed: false,
        floats_b6_before_b5: true,
        topscorers: true,
        c12_in_homogeneous_next: false,
        unplayed_round_is_downfloat: false,
    };
}

/// Pair round `t.round_to_pair()` by the Dutch system.
///
/// dutch F5: only players present for the round are paired. dutch A5: with an odd number
/// one player, the one left in the lowest bracket, gets the bye.
pub fn pair(t: &SwissTournament) -> Result<RoundPairing, DutchError> {
    pair_as(t, Wording::SEED_2006)
}

/// Pair round `t.round_to_pair()` by `edition`: the 2006 engine for
/// [`edition::Edition::Dutch2006`], [`process`] for the later two.
pub fn pair_edition(
    t: &SwissTournament,
    edition: edition::Edition,
) -> Result<RoundPairing, DutchError> {
    match edition {
        edition::Edition::Dutch2006 => pair(t),
        _ => pair_later(t, edition).map(|(p, _)| p),
    }
}

/// The round paired by `edition` with the reason for each board, float,
/// colour and the bye: [`explain::explain`] for the 1992–2006 text,
/// [`explain_later::explain`] for the later editions.
pub fn explain_edition(
    t: &SwissTournament,
    edition: edition::Edition,
) -> Result<(RoundPairing, explain::Explanation), DutchError> {
    match edition {
        edition::Edition::Dutch2006 => explain::explain(t),
        later => explain_later::explain(t, later),
    }
}

/// Each board (and the bye) of a complete `pairing` that breaks an
/// absolute criterion of `edition`: dutch B1/B2 ([`absolute_violations`])
/// for the 1992–2006 text, dutch17 C.1–C.3 or dutch26 C.1–C.3
/// ([`absolute::violations`]) for the later editions.
pub fn violations_edition(
    t: &SwissTournament,
    pairing: &RoundPairing,
    edition: edition::Edition,
) -> Vec<AbsoluteViolation> {
    match edition {
        edition::Edition::Dutch2006 => absolute_violations(t, pairing),
        later => absolute::violations(t, pairing, later),
    }
}

/// The 2017 or 2026 pairing of the round, with each board's colour rule
/// (publishing order: the higher score, the sum of scores, the higher
/// player's rank).
pub fn pair_later(
    t: &SwissTournament,
    edition: edition::Edition,
) -> Result<(RoundPairing, Vec<allocation::Rule>), DutchError> {
    let paired = process::pair_round(t, edition)?;
    Ok(publish_later(t, edition, paired))
}

/// A round paired by [`process`] as published: the pairs in publishing
/// order, each with its colours and the rule of dutch17 E that gave them.
pub fn publish_later(
    t: &SwissTournament,
    edition: edition::Edition,
    mut paired: process::Paired,
) -> (RoundPairing, Vec<allocation::Rule>) {
    let f = edition::RoundFacts::new(&paired.states, t, edition);
    let score = |i: usize| paired.states[i].score;
    paired.pairs.sort_by_key(|&(a, b)| {
        let hi = if f.ranks_above(a, b) { a } else { b };
        (
            std::cmp::Reverse(score(a).max(score(b))),
            std::cmp::Reverse(score(a) + score(b)),
            std::cmp::Reverse(score(hi)),
            paired.states[hi].number,
        )
    });
    let (boards, rules) = paired
        .pairs
        .iter()
        .map(|&(a, b)| allocation::allocate(&f, a, b, t.first_colour))
        .unzip();
    let pairing = RoundPairing {
        boards,
        bye: paired.bye.map(|i| paired.states[i].number),
    };
    (pairing, rules)
}

/// [`pair`] by the given [`Wording`] (the seed's, or with later changes for
/// comparing against later-wording engines).
pub fn pair_as(t: &SwissTournament, w: Wording) -> Result<RoundPairing, DutchError> {
    pair_traced(t, w).map(|(pairing, _)| pairing)
}

/// One score bracket as the procedure paired it (indices into the derived
/// player states), for [`explain`].
#[derive(Debug, Clone)]
pub struct BracketTrace {
    /// The players with the bracket's score.
    pub residents: Vec<usize>,
    /// The players moved down into it (dutch A3).
    pub moved_in: Vec<usize>,
    /// Its pairing and how it was reached; `None` when the search gave up
    /// and the lowest brackets were completed by maximum matching.
    pub result: Option<BracketPairing>,
}

/// How a round was paired: its brackets in order, and the colour rule of
/// each board (in publishing order).
#[derive(Debug, Clone)]
pub struct Trace {
    pub brackets: Vec<BracketTrace>,
    pub colours: Vec<colour::ColourRule>,
    /// The player states the round was paired from (indices of `brackets`).
    pub states: Vec<state::PlayerState>,
}

/// [`pair_as`], with the brackets as paired.
pub fn pair_traced(t: &SwissTournament, w: Wording) -> Result<(RoundPairing, Trace), DutchError> {
    let ps = state::derive_with(&t.players, t.rounds_played, w, &t.rules);
    let round = t.round_to_pair();
    let total = if w.last_round_notes || w.topscorers {
        t.total_rounds
    } else {
        0
    };
    let mut c = Criteria::new(&ps, round, total);
    c.no_history_colours_reversed = w.no_history_colours_reversed;
    c.floats_b6_before_b5 = w.floats_b6_before_b5;
    c.topscorers = w.topscorers;
    c.c12_in_homogeneous_next = w.c12_in_homogeneous_next;
    let mut present: Vec<usize> = (0..ps.len())
        .filter(|&i| t.players[i].presence == Presence::Present)
        .collect();
    c.sort(&mut present);
    let bye = present.len() % 2 == 1;
    if !feasible(&c, &[], &present, bye) {
        return Err(DutchError::NoValidPairing);
    }
    // dutch A3: score brackets, highest first. A player left unpaired moves
    // down one bracket only, so dutch B3 (score differences as small as
    // possible) is met by the order of the brackets.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &i in &present {
        match groups.last_mut() {
            Some(g) if ps[g[0]].score == ps[i].score => g.push(i),
            _ => groups.push(vec![i]),
        }
    }
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut moved: Vec<usize> = Vec::new();
    let mut lower: Vec<usize> = present.clone();
    let mut trace: Vec<BracketTrace> = Vec::new();
    for (g, residents) in groups.iter().enumerate() {
        lower.drain(..residents.len());
        let empty = Vec::new();
        let next = groups.get(g + 1).unwrap_or(&empty);
        let below = Below {
            next,
            all: &lower,
            bye,
        };
        let result = pair_bracket(&c, &moved, residents, &below);
        trace.push(BracketTrace {
            residents: residents.clone(),
            moved_in: moved.clone(),
            result: result.clone(),
        });
        match result {
            Some(r) => {
                pairs.extend(r.pairs);
                moved = r.moved_down;
            }
            None => {
                // Only reachable in the lowest bracket when the search budget
                // ran out: complete it by maximum matching (ruling: dutch C13 last resort).
                let mut v = moved.clone();
                v.extend_from_slice(residents);
                let n = v.len() + usize::from(bye);
                let adj = |a: usize, b: usize| {
                    let (a, b) = if a < b { (a, b) } else { (b, a) };
                    if b == v.len() {
                        c.bye_allowed(v[a])
                    } else {
                        c.compatible(v[a], v[b], None)
                    }
                };
                let mate = matching::maximum_matching(n, &adj);
                moved.clear();
                for a in 0..v.len() {
                    match mate[a] {
                        Some(b) if b == v.len() => moved.push(v[a]),
                        Some(b) if b > a => pairs.push((v[a], v[b])),
                        Some(_) => {}
                        None => return Err(DutchError::NoValidPairing),
                    }
                }
            }
        }
    }
    let bye_player = match (bye, moved.as_slice()) {
        (false, []) => None,
        (true, [one]) => Some(ps[*one].number),
        _ => return Err(DutchError::NoValidPairing),
    };
    colour::publishing_order(&c, &mut pairs);
    let rank_of: std::collections::HashMap<usize, usize> =
        present.iter().enumerate().map(|(r, &i)| (i, r)).collect();
    let (boards, colours) = pairs
        .iter()
        .map(|&(a, b)| {
            let hi = if c.ranks_above(a, b) { a } else { b };
            let r1 = (round == 1).then(|| rank_of[&hi]);
            colour::allocate_why(&c, a, b, t.first_colour, r1)
        })
        .unzip();
    let pairing = RoundPairing {
        boards,
        bye: bye_player,
    };
    Ok((
        pairing,
        Trace {
            brackets: trace,
            colours,
            states: ps,
        },
    ))
}

/// Cited for a pairing the event's regulations prohibit (siblings, club
/// mates), which the engine keeps apart as if they had met.
pub const PROHIBITED: &str = "swiss regulations";

/// A pairing found to break an absolute criterion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AbsoluteViolation {
    /// The clause broken (`"dutch B1a"`, `"dutch B1b"`, `"dutch B2"`).
    pub clause: &'static str,
    /// The board or bye concerned (white, black); the bye as (player, 0).
    pub board: Board,
}

/// dutch B1/B2: check a complete pairing of round `t.round_to_pair()`. In the
/// last round dutch B2 is not held against players on exactly 50% (note to dutch B6:
/// whether the waiver avoided downfloaters is a judgement of the pairing
/// procedure, not an absolute criterion; see docs/rulings/chess.md).
pub fn check_absolute(
    t: &SwissTournament,
    pairing: &RoundPairing,
) -> Result<(), AbsoluteViolation> {
    match absolute_violations(t, pairing).into_iter().next() {
        Some(v) => Err(v),
        None => Ok(()),
    }
}

/// Every board (and the bye) of a complete pairing that breaks dutch B1 or
/// dutch B2, in board order, one clause per board.
pub fn absolute_violations(t: &SwissTournament, pairing: &RoundPairing) -> Vec<AbsoluteViolation> {
    let ps = state::derive_with(&t.players, t.rounds_played, Wording::SEED_2006, &t.rules);
    let c = Criteria::new(&ps, t.round_to_pair(), t.total_rounds);
    let idx: std::collections::HashMap<u32, usize> =
        ps.iter().enumerate().map(|(i, p)| (p.number, i)).collect();
    let mut out = Vec::new();
    for b in &pairing.boards {
        let clause = match (idx.get(&b.white), idx.get(&b.black)) {
            (Some(&w), Some(&bl)) if ps[w].met.contains(&bl) => Some("dutch B1a"),
            (Some(&w), Some(&bl)) if ps[w].barred.contains(&bl) => Some(PROHIBITED),
            (Some(&w), Some(&bl)) => {
                // The note to dutch B6 lifts dutch B2 for players on 50% in the last round.
                let ok = c.may_receive_with_note(w, super::Colour::White)
                    && c.may_receive_with_note(bl, super::Colour::Black);
                (!ok).then_some("dutch B2")
            }
            _ => Some("dutch B1a"),
        };
        if let Some(clause) = clause {
            out.push(AbsoluteViolation { clause, board: *b });
        }
    }
    if let Some(y) = pairing.bye {
        if idx.get(&y).is_none_or(|&i| ps[i].had_unplayed_point) {
            out.push(AbsoluteViolation {
                clause: "dutch B1b",
                board: Board { white: y, black: 0 },
            });
        }
    }
    out
}

/// dutch F6: a published pairing stands unless it breaks dutch B1 or dutch B2; then the
/// round is paired afresh.
pub fn keep_published(
    t: &SwissTournament,
    published: &RoundPairing,
) -> Result<RoundPairing, DutchError> {
    match check_absolute(t, published) {
        Ok(()) => Ok(published.clone()),
        Err(_) => pair(t),
    }
}
