//! The records FIDE's 2025 revision of the TRF (TRF-2025, applied from
//! September 2025; its document is titled "TRF 2026") adds for in-tournament
//! data exchange, in fixed columns like the player record:
//!
//! - `240` (trf2025 240): byes asked for a round: the kind in column 5
//!   (`F` full point, `H` half point, `Z` zero point), the round in 7–9, the
//!   players' starting ranks in 11–14, 16–19, ...
//! - `250` (trf2025 250): an accelerated pairing's fictitious points: match
//!   points in 5–8 (blank for an individual event), game points in 10–13
//!   (`11.5`), the first and last round in 15–17 and 19–21, the first and
//!   last starting rank in 23–26 and 28–31.
//! - `260` (trf2025 260): players who must not meet: the first and last
//!   round in 5–7 and 9–11, the starting ranks in 13–16, 18–21, ...
//!
//! Numbers past a field's width (a round over 999, a rank over 9999) cannot
//! be written. Reading never panics: a malformed record is a [`TrfError`]
//! naming its line and column.

use super::{err, number_field, points_field, points_text, TrfError};

/// trf2025 240: the kind of a bye asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TrfBye {
    /// `F`: full-point bye.
    Full,
    /// `H`: half-point bye.
    Half,
    /// `Z`: zero-point bye (a known absence).
    Zero,
}

impl TrfBye {
    /// The code in column 5.
    pub fn code(self) -> char {
        match self {
            TrfBye::Full => 'F',
            TrfBye::Half => 'H',
            TrfBye::Zero => 'Z',
        }
    }

    /// Reads a code, in either case.
    pub fn from_code(c: char) -> Option<Self> {
        match c.to_ascii_uppercase() {
            'F' => Some(TrfBye::Full),
            'H' => Some(TrfBye::Half),
            'Z' => Some(TrfBye::Zero),
            _ => None,
        }
    }

    /// Points it scores, in half points.
    pub fn half_points(self) -> u32 {
        match self {
            TrfBye::Full => 2,
            TrfBye::Half => 1,
            TrfBye::Zero => 0,
        }
    }
}

/// trf2025 240: players who asked for a bye in one round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfByes {
    /// Column 5.
    pub kind: TrfBye,
    /// Columns 7–9.
    pub round: u32,
    /// Starting ranks from column 11, five columns apart.
    pub players: Vec<u32>,
}

/// trf2025 250: fictitious points given to a range of players over a range
/// of rounds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfAcceleration {
    /// Columns 5–8, in tenths; `None` (blank) in an individual event.
    pub match_points_tenths: Option<u32>,
    /// Columns 10–13, in tenths.
    pub game_points_tenths: u32,
    /// Columns 15–17.
    pub first_round: u32,
    /// Columns 19–21 (the first round when blank).
    pub last_round: u32,
    /// Columns 23–26.
    pub first_player: u32,
    /// Columns 28–31 (the first player when blank).
    pub last_player: u32,
}

/// trf2025 260: players who must not be paired against each other.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfProhibited {
    /// Columns 5–7.
    pub first_round: u32,
    /// Columns 9–11 (the first round when blank).
    pub last_round: u32,
    /// Starting ranks from column 13, five columns apart (two at least).
    pub players: Vec<u32>,
}

/// A number in columns `from..=to` that must be there.
fn required(
    chars: &[char],
    from: usize,
    to: usize,
    line: usize,
    what: &str,
) -> Result<u32, TrfError> {
    number_field(chars, from, to, line, what)?
        .ok_or_else(|| err(line, from, format!("missing {what}")))
}

/// A number that defaults to `first` when blank.
fn or_first(
    chars: &[char],
    from: usize,
    to: usize,
    line: usize,
    first: u32,
) -> Result<u32, TrfError> {
    Ok(number_field(chars, from, to, line, "number")?.unwrap_or(first))
}

/// Column `col` (1-based) is a space or past the end of the line.
fn space_at(chars: &[char], col: usize, line: usize) -> Result<(), TrfError> {
    match chars.get(col - 1) {
        Some(c) if *c != ' ' => Err(err(line, col, format!("expected a space, found {c:?}"))),
        _ => Ok(()),
    }
}

/// Starting ranks in four columns each from column `start`, five apart
/// (blank fields skipped).
fn ranks(chars: &[char], start: usize, line: usize) -> Result<Vec<u32>, TrfError> {
    let mut out = Vec::new();
    let mut col = start;
    loop {
        space_at(chars, col - 1, line)?;
        if col > chars.len() {
            return Ok(out);
        }
        match number_field(chars, col, col + 3, line, "starting rank")? {
            Some(0) => return Err(err(line, col, "starting rank 0")),
            Some(n) => out.push(n),
            None => {}
        }
        col += 5;
    }
}

/// trf2025 240.
pub(super) fn read_byes(chars: &[char], line: usize) -> Result<TrfByes, TrfError> {
    let code = chars.get(4).copied().unwrap_or(' ');
    let kind = TrfBye::from_code(code)
        .ok_or_else(|| err(line, 5, format!("bad bye kind {code:?} (F, H or Z)")))?;
    space_at(chars, 6, line)?;
    let round = required(chars, 7, 9, line, "round")?;
    let players = ranks(chars, 11, line)?;
    if players.is_empty() {
        return Err(err(line, 11, "a bye names a player"));
    }
    Ok(TrfByes {
        kind,
        round,
        players,
    })
}

/// trf2025 250.
pub(super) fn read_acceleration(chars: &[char], line: usize) -> Result<TrfAcceleration, TrfError> {
    for col in [9, 14, 18, 22, 27] {
        space_at(chars, col, line)?;
    }
    let game_points_tenths =
        points_field(chars, 10, 13, line)?.ok_or_else(|| err(line, 10, "missing game points"))?;
    let first_round = required(chars, 15, 17, line, "first round")?;
    let first_player = required(chars, 23, 26, line, "first player")?;
    Ok(TrfAcceleration {
        match_points_tenths: points_field(chars, 5, 8, line)?,
        game_points_tenths,
        first_round,
        last_round: or_first(chars, 19, 21, line, first_round)?,
        first_player,
        last_player: or_first(chars, 28, 31, line, first_player)?,
    })
}

/// trf2025 260.
pub(super) fn read_prohibited(chars: &[char], line: usize) -> Result<TrfProhibited, TrfError> {
    space_at(chars, 8, line)?;
    let first_round = required(chars, 5, 7, line, "first round")?;
    let last_round = or_first(chars, 9, 11, line, first_round)?;
    let players = ranks(chars, 13, line)?;
    if players.len() < 2 {
        return Err(err(
            line,
            13,
            "a prohibited pairing names two players at least",
        ));
    }
    Ok(TrfProhibited {
        first_round,
        last_round,
        players,
    })
}

/// Starting ranks, each right-aligned in four columns after a space.
fn rank_list(players: &[u32]) -> String {
    players.iter().map(|p| format!(" {p:>4}")).collect()
}

/// trf2025 240, as `240 H 003    26    47`.
pub(super) fn write_byes(b: &TrfByes) -> String {
    format!(
        "240 {} {:03}{}",
        b.kind.code(),
        b.round,
        rank_list(&b.players)
    )
}

/// Points in four columns, `02.0`.
fn points4(tenths: u32) -> String {
    format!("{:0>4}", points_text(tenths))
}

/// trf2025 250, as `250      01.0 001 003 0001 0090`.
pub(super) fn write_acceleration(a: &TrfAcceleration) -> String {
    let mp = a.match_points_tenths.map_or("    ".to_owned(), points4);
    format!(
        "250 {mp} {} {:03} {:03} {:04} {:04}",
        points4(a.game_points_tenths),
        a.first_round,
        a.last_round,
        a.first_player,
        a.last_player
    )
}

/// trf2025 260, as `260 001 002  125  180`.
pub(super) fn write_prohibited(p: &TrfProhibited) -> String {
    format!(
        "260 {:03} {:03}{}",
        p.first_round,
        p.last_round,
        rank_list(&p.players)
    )
}
