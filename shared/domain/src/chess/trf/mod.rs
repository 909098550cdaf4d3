//! FIDE Tournament Report File, TRF-16 and its 2025 revision: reader and
//! writer.
//!
//! Implements the player record `001` with its fixed columns (trf16 001), the
//! round blocks (opponent / colour / result, result codes `1 0 = + - W D L H F
//! U Z`, blank = not played), the tournament section `012`–`132` (see
//! [`TrfTournament`]), the records of the 2025 revision (`240` byes, `250`
//! acceleration, `260` prohibited pairings, `142` rounds, `152` initial
//! colour; see [`trf2025`]), and the extensions used by pairing engines:
//! `XXR n` (number of rounds) and `XXC white1|black1` (colour drawn for the
//! first player in round 1). Every other record (`XXS`, `XXA`, comments
//! `###`, ...) is kept verbatim, so a file survives a read/write round-trip.
//! LF, CRLF and CR line endings are accepted. A malformed file yields a
//! [`TrfError`] naming line and column; the reader never panics.

mod tournament;
pub mod trf2025;

pub use tournament::TrfTournament;
pub use trf2025::{TrfAcceleration, TrfBye, TrfByes, TrfProhibited};

use thiserror::Error;

/// A reading error, with 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("TRF line {line}, column {column}: {message}")]
pub struct TrfError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column number.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// Colour of a round block (`w`, `b`, or `-` / blank for none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrfColour {
    /// `w`
    White,
    /// `b`
    Black,
    /// `-` or blank
    None,
}

/// Result code of a round block (TRF-16).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrfResult {
    /// `1`: win, played.
    Win,
    /// `0`: loss, played.
    Loss,
    /// `=`: draw, played.
    Draw,
    /// `+`: forfeit win (opponent did not appear), or with no opponent a bye.
    ForfeitWin,
    /// `-`: forfeit loss.
    ForfeitLoss,
    /// `W`: win, played but not rated.
    UnratedWin,
    /// `D`: draw, played but not rated.
    UnratedDraw,
    /// `L`: loss, played but not rated.
    UnratedLoss,
    /// `H`: half-point bye.
    HalfPointBye,
    /// `F`: full-point bye.
    FullPointBye,
    /// `U`: pairing-allocated bye (the system's bye, one point).
    PairingBye,
    /// `Z`: zero-point bye (known absence).
    ZeroPointBye,
}

impl TrfResult {
    /// The result code character.
    pub fn code(self) -> char {
        match self {
            TrfResult::Win => '1',
            TrfResult::Loss => '0',
            TrfResult::Draw => '=',
            TrfResult::ForfeitWin => '+',
            TrfResult::ForfeitLoss => '-',
            TrfResult::UnratedWin => 'W',
            TrfResult::UnratedDraw => 'D',
            TrfResult::UnratedLoss => 'L',
            TrfResult::HalfPointBye => 'H',
            TrfResult::FullPointBye => 'F',
            TrfResult::PairingBye => 'U',
            TrfResult::ZeroPointBye => 'Z',
        }
    }

    /// Parse a result code character.
    pub fn from_code(c: char) -> Option<Self> {
        Some(match c {
            '1' => TrfResult::Win,
            '0' => TrfResult::Loss,
            '=' => TrfResult::Draw,
            '+' => TrfResult::ForfeitWin,
            '-' => TrfResult::ForfeitLoss,
            'W' | 'w' => TrfResult::UnratedWin,
            'D' | 'd' => TrfResult::UnratedDraw,
            'L' | 'l' => TrfResult::UnratedLoss,
            'H' | 'h' => TrfResult::HalfPointBye,
            'F' | 'f' => TrfResult::FullPointBye,
            'U' | 'u' => TrfResult::PairingBye,
            'Z' | 'z' => TrfResult::ZeroPointBye,
            _ => return None,
        })
    }

    /// Points scored, in half points.
    pub fn half_points(self) -> u32 {
        match self {
            TrfResult::Win
            | TrfResult::ForfeitWin
            | TrfResult::UnratedWin
            | TrfResult::FullPointBye
            | TrfResult::PairingBye => 2,
            TrfResult::Draw | TrfResult::UnratedDraw | TrfResult::HalfPointBye => 1,
            _ => 0,
        }
    }

    /// Whether the game was actually played over the board (F2: only those
    /// count for colour).
    pub fn is_played(self) -> bool {
        matches!(
            self,
            TrfResult::Win
                | TrfResult::Loss
                | TrfResult::Draw
                | TrfResult::UnratedWin
                | TrfResult::UnratedDraw
                | TrfResult::UnratedLoss
        )
    }
}

/// One round block of a player line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrfRound {
    /// Opponent's starting rank; `None` for `0000` / blank (byes, absences).
    pub opponent: Option<u32>,
    /// Colour played.
    pub colour: TrfColour,
    /// Result code.
    pub result: TrfResult,
}

/// A player record (`001`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TrfPlayer {
    /// Starting rank (pairing number), columns 5–8.
    pub number: u32,
    /// Sex, column 10.
    pub sex: String,
    /// Title, columns 11–13.
    pub title: String,
    /// Name, columns 15–47.
    pub name: String,
    /// FIDE rating, columns 49–52 (0 when blank).
    pub rating: u32,
    /// Federation, columns 54–56.
    pub federation: String,
    /// FIDE id, columns 58–68.
    pub fide_id: String,
    /// Birth date, columns 70–79.
    pub birth_date: String,
    /// Points, columns 81–84, in tenths (None when blank).
    pub points_tenths: Option<u32>,
    /// Rank, columns 86–89.
    pub rank: Option<u32>,
    /// Round blocks from column 92, ten columns each; `None` = blank (not played).
    pub rounds: Vec<Option<TrfRound>>,
}

/// One line of the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TrfLine {
    /// `001` player record.
    Player(TrfPlayer),
    /// `XXR n`: the number of rounds.
    Rounds(u32),
    /// `XXC ...`: configuration; `white1` is `Some(true)`, `black1` `Some(false)`.
    Configuration { white1: Option<bool>, raw: String },
    /// trf2025 240: byes requested for a round.
    Byes(TrfByes),
    /// trf2025 250: fictitious points of an accelerated pairing.
    Acceleration(TrfAcceleration),
    /// trf2025 260: players who must not meet.
    Prohibited(TrfProhibited),
    /// Any other record (kept verbatim), including blank lines.
    Other(String),
}

/// A whole TRF document.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Trf {
    /// The lines in file order.
    pub lines: Vec<TrfLine>,
}

impl Trf {
    /// Player records in file order.
    pub fn players(&self) -> impl Iterator<Item = &TrfPlayer> {
        self.lines.iter().filter_map(|l| match l {
            TrfLine::Player(p) => Some(p),
            _ => None,
        })
    }

    /// Mutable player records in file order.
    pub fn players_mut(&mut self) -> impl Iterator<Item = &mut TrfPlayer> {
        self.lines.iter_mut().filter_map(|l| match l {
            TrfLine::Player(p) => Some(p),
            _ => None,
        })
    }

    /// `XXR` (or trf2025 142): the number of rounds, if stated.
    pub fn total_rounds(&self) -> Option<u32> {
        self.lines
            .iter()
            .find_map(|l| match l {
                TrfLine::Rounds(n) => Some(*n),
                _ => None,
            })
            .or_else(|| self.record("142").and_then(|v| v.parse().ok()))
    }

    /// trf2025 260: the pairs of starting ranks that may not be paired in
    /// `round` (every two players of a record whose rounds include it).
    pub fn prohibited_pairs(&self, round: u32) -> Vec<(u32, u32)> {
        let mut pairs = Vec::new();
        for l in &self.lines {
            let TrfLine::Prohibited(p) = l else { continue };
            if !(p.first_round..=p.last_round.max(p.first_round)).contains(&round) {
                continue;
            }
            for (i, &a) in p.players.iter().enumerate() {
                pairs.extend(p.players[i + 1..].iter().map(|&b| (a, b)));
            }
        }
        pairs
    }

    /// `XXC` (or trf2025 152): `Some(true)` for `white1` (`W`),
    /// `Some(false)` for `black1` (`B`).
    pub fn white1(&self) -> Option<bool> {
        self.lines
            .iter()
            .find_map(|l| match l {
                TrfLine::Configuration { white1, .. } => *white1,
                _ => None,
            })
            .or_else(|| match self.record("152")?.to_ascii_uppercase().as_str() {
                "W" => Some(true),
                "B" => Some(false),
                _ => None,
            })
    }

    /// The value (from column 5, trimmed) of the first record kept verbatim
    /// whose tag is `tag` (`012`, `142`, ...).
    pub fn record(&self, tag: &str) -> Option<&str> {
        self.lines.iter().find_map(|l| match l {
            TrfLine::Other(s) => record_value(s, tag),
            _ => None,
        })
    }

    /// The values of every record kept verbatim whose tag is `tag`, in file
    /// order (`112` has one line for each deputy arbiter).
    pub fn records<'a>(&'a self, tag: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.lines.iter().filter_map(move |l| match l {
            TrfLine::Other(s) => record_value(s, tag),
            _ => None,
        })
    }

    /// trf2025 240: the byes requested, in file order.
    pub fn byes(&self) -> impl Iterator<Item = &TrfByes> {
        self.lines.iter().filter_map(|l| match l {
            TrfLine::Byes(b) => Some(b),
            _ => None,
        })
    }
}

/// The value of a `tag` record: the text after the tag and its space.
fn record_value<'a>(line: &'a str, tag: &str) -> Option<&'a str> {
    let rest = line.strip_prefix(tag)?;
    match rest.chars().next() {
        None => Some(""),
        Some(' ') => Some(rest[1..].trim()),
        Some(_) => None,
    }
}

fn err(line: usize, column: usize, message: impl Into<String>) -> TrfError {
    TrfError {
        line,
        column,
        message: message.into(),
    }
}

/// Split on LF, CRLF or CR.
fn split_lines(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => {
                out.push(&text[start..i]);
                start = i + 1;
            }
            b'\r' => {
                out.push(&text[start..i]);
                if i + 1 < bytes.len() && bytes[i + 1] == b'\n' {
                    i += 1;
                }
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    if start < bytes.len() {
        out.push(&text[start..]);
    }
    out
}

/// Columns `from..=to` (1-based, inclusive) of a line as chars, trimmed.
fn field(chars: &[char], from: usize, to: usize) -> String {
    if from > chars.len() {
        return String::new();
    }
    let end = to.min(chars.len());
    chars[from - 1..end]
        .iter()
        .collect::<String>()
        .trim()
        .to_string()
}

fn number_field(
    chars: &[char],
    from: usize,
    to: usize,
    line: usize,
    what: &str,
) -> Result<Option<u32>, TrfError> {
    let f = field(chars, from, to);
    if f.is_empty() {
        return Ok(None);
    }
    f.parse::<u32>()
        .map(Some)
        .map_err(|_| err(line, from, format!("{what} is not a number: {f:?}")))
}

/// Points written `11.5` (one decimal at most) in tenths; `None` when
/// malformed.
fn tenths(f: &str) -> Option<u32> {
    let (whole, frac) = f.split_once('.').unwrap_or((f, ""));
    let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    if frac.len() > 1 || !digits(whole) || !digits(frac) || (whole.is_empty() && frac.is_empty()) {
        return None;
    }
    let w: u32 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let fr: u32 = if frac.is_empty() {
        0
    } else {
        frac.parse().ok()?
    };
    w.checked_mul(10)?.checked_add(fr)
}

/// Tenths written `11.5`.
fn points_text(tenths: u32) -> String {
    format!("{}.{}", tenths / 10, tenths % 10)
}

/// Points in columns `from..=to`, in tenths; `None` when blank.
fn points_field(
    chars: &[char],
    from: usize,
    to: usize,
    line: usize,
) -> Result<Option<u32>, TrfError> {
    let f = field(chars, from, to);
    if f.is_empty() {
        return Ok(None);
    }
    tenths(&f)
        .map(Some)
        .ok_or_else(|| err(line, from, format!("points are not a number: {f:?}")))
}

fn parse_player(chars: &[char], line: usize) -> Result<TrfPlayer, TrfError> {
    let number = number_field(chars, 5, 8, line, "starting rank")?
        .ok_or_else(|| err(line, 5, "missing starting rank"))?;
    if number == 0 {
        return Err(err(line, 5, "starting rank 0"));
    }
    let rating = number_field(chars, 49, 52, line, "rating")?.unwrap_or(0);
    let points_tenths = points_field(chars, 81, 84, line)?;
    let rank = number_field(chars, 86, 89, line, "rank")?;
    let mut rounds = Vec::new();
    let mut start = 92;
    while start <= chars.len() {
        rounds.push(round_block(chars, start, line)?);
        start += 10;
    }
    while matches!(rounds.last(), Some(None)) {
        rounds.pop();
    }
    Ok(TrfPlayer {
        number,
        sex: field(chars, 10, 10),
        title: field(chars, 11, 13),
        name: field(chars, 15, 47),
        rating,
        federation: field(chars, 54, 56),
        fide_id: field(chars, 58, 68),
        birth_date: field(chars, 70, 79),
        points_tenths,
        rank,
        rounds,
    })
}

/// The round block of a player line whose opponent field starts at column
/// `start` (1-based): `None` when blank.
fn round_block(chars: &[char], start: usize, line: usize) -> Result<Option<TrfRound>, TrfError> {
    let opp = field(chars, start, start + 3);
    let colour_c = chars.get(start + 4).copied().unwrap_or(' ');
    let result_c = chars.get(start + 6).copied().unwrap_or(' ');
    for (k, c) in [
        (start + 3, chars.get(start + 3)),
        (start + 5, chars.get(start + 5)),
    ] {
        if let Some(c) = c {
            if *c != ' ' {
                return Err(err(line, k + 1, format!("expected a space, found {c:?}")));
            }
        }
    }
    if let Some(c) = chars.get(start + 7) {
        if *c != ' ' {
            return Err(err(
                line,
                start + 8,
                format!("expected a space, found {c:?}"),
            ));
        }
    }
    if opp.is_empty() && colour_c == ' ' && result_c == ' ' {
        return Ok(None);
    }
    let opponent = if opp.is_empty() {
        None
    } else {
        let n: u32 = opp
            .parse()
            .map_err(|_| err(line, start, format!("opponent is not a number: {opp:?}")))?;
        if n == 0 {
            None
        } else {
            Some(n)
        }
    };
    let colour = match colour_c {
        'w' | 'W' => TrfColour::White,
        'b' | 'B' => TrfColour::Black,
        '-' | ' ' => TrfColour::None,
        c => return Err(err(line, start + 5, format!("bad colour {c:?}"))),
    };
    let result = TrfResult::from_code(result_c)
        .ok_or_else(|| err(line, start + 7, format!("bad result code {result_c:?}")))?;
    if opponent.is_some() && colour == TrfColour::None && result.is_played() {
        return Err(err(line, start + 5, "a played game needs a colour"));
    }
    Ok(Some(TrfRound {
        opponent,
        colour,
        result,
    }))
}

/// Whether `raw` is a `tag` record: the tag, then a space or nothing.
fn is_record(raw: &str, tag: &str) -> bool {
    raw.strip_prefix(tag)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with(' '))
}

/// `XXR n`: the number of rounds.
fn read_xxr(rest: &str, line: usize) -> Result<TrfLine, TrfError> {
    let f = rest.trim();
    f.parse().map(TrfLine::Rounds).map_err(|_| {
        err(
            line,
            5,
            format!("XXR needs a number of rounds, found {f:?}"),
        )
    })
}

/// `XXC ...`: `white1` or `black1` among the options.
fn read_xxc(raw: &str, rest: &str) -> TrfLine {
    let white1 = rest.split_whitespace().fold(None, |w, tok| match tok {
        "white1" => Some(true),
        "black1" => Some(false),
        _ => w,
    });
    TrfLine::Configuration {
        white1,
        raw: raw.to_string(),
    }
}

/// One line other than a player record.
fn read_line(raw: &str, chars: &[char], line: usize) -> Result<TrfLine, TrfError> {
    if let Some(rest) = raw.strip_prefix("XXR") {
        read_xxr(rest, line)
    } else if let Some(rest) = raw.strip_prefix("XXC") {
        Ok(read_xxc(raw, rest))
    } else if is_record(raw, "240") {
        trf2025::read_byes(chars, line).map(TrfLine::Byes)
    } else if is_record(raw, "250") {
        trf2025::read_acceleration(chars, line).map(TrfLine::Acceleration)
    } else if is_record(raw, "260") {
        trf2025::read_prohibited(chars, line).map(TrfLine::Prohibited)
    } else {
        Ok(TrfLine::Other(raw.to_string()))
    }
}

/// Read a TRF-16 (or TRF-2025) document.
pub fn read(text: &str) -> Result<Trf, TrfError> {
    let mut lines = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for (i, raw) in split_lines(text).into_iter().enumerate() {
        let line_no = i + 1;
        let chars: Vec<char> = raw.chars().collect();
        if !raw.starts_with("001") {
            lines.push(read_line(raw, &chars, line_no)?);
            continue;
        }
        if chars.get(3).is_some_and(|c| *c != ' ') {
            return Err(err(line_no, 4, "expected a space after 001"));
        }
        let p = parse_player(&chars, line_no)?;
        if !seen.insert(p.number) {
            return Err(err(
                line_no,
                5,
                format!("duplicate starting rank {}", p.number),
            ));
        }
        lines.push(TrfLine::Player(p));
    }
    // Opponents must exist.
    let trf = Trf { lines };
    for (i, l) in trf.lines.iter().enumerate() {
        if let TrfLine::Player(p) = l {
            for (r, rd) in p.rounds.iter().enumerate() {
                if let Some(TrfRound {
                    opponent: Some(o), ..
                }) = rd
                {
                    if !seen.contains(o) || *o == p.number {
                        return Err(err(i + 1, 92 + 10 * r, format!("unknown opponent {o}")));
                    }
                }
            }
        }
    }
    Ok(trf)
}

fn pad(s: &mut String, col: usize) {
    // pad so that the next char is written at 1-based column `col`
    while s.chars().count() < col - 1 {
        s.push(' ');
    }
}

fn put_right(s: &mut String, from: usize, to: usize, v: &str) {
    let width = to - from + 1;
    let v: String = v.chars().take(width).collect();
    pad(s, from + (width - v.chars().count()));
    s.push_str(&v);
}

fn put_left(s: &mut String, from: usize, to: usize, v: &str) {
    let width = to - from + 1;
    let v: String = v.chars().take(width).collect();
    if v.is_empty() {
        return;
    }
    pad(s, from);
    s.push_str(&v);
}

/// Format one player record with TRF-16 columns.
pub fn write_player(p: &TrfPlayer) -> String {
    let mut s = String::from("001");
    put_right(&mut s, 5, 8, &p.number.to_string());
    put_left(&mut s, 10, 10, &p.sex);
    put_right(&mut s, 11, 13, &p.title);
    put_left(&mut s, 15, 47, &p.name);
    if p.rating > 0 {
        put_right(&mut s, 49, 52, &p.rating.to_string());
    }
    put_left(&mut s, 54, 56, &p.federation);
    put_right(&mut s, 58, 68, &p.fide_id);
    put_left(&mut s, 70, 79, &p.birth_date);
    if let Some(t) = p.points_tenths {
        put_right(&mut s, 81, 84, &points_text(t));
    }
    if let Some(r) = p.rank {
        put_right(&mut s, 86, 89, &r.to_string());
    }
    for (k, rd) in p.rounds.iter().enumerate() {
        let start = 92 + 10 * k;
        if let Some(rd) = rd {
            let opp = rd.opponent.map_or("0000".to_string(), |o| o.to_string());
            put_right(&mut s, start, start + 3, &opp);
            pad(&mut s, start + 5);
            s.push(match rd.colour {
                TrfColour::White => 'w',
                TrfColour::Black => 'b',
                TrfColour::None => '-',
            });
            pad(&mut s, start + 7);
            s.push(rd.result.code());
        }
    }
    s.trim_end().to_string()
}

/// Write a TRF document (LF line endings).
pub fn write(trf: &Trf) -> String {
    let mut out = String::new();
    for l in &trf.lines {
        match l {
            TrfLine::Player(p) => out.push_str(&write_player(p)),
            TrfLine::Rounds(n) => out.push_str(&format!("XXR {n}")),
            TrfLine::Configuration { raw, .. } => out.push_str(raw),
            TrfLine::Byes(b) => out.push_str(&trf2025::write_byes(b)),
            TrfLine::Acceleration(a) => out.push_str(&trf2025::write_acceleration(a)),
            TrfLine::Prohibited(p) => out.push_str(&trf2025::write_prohibited(p)),
            TrfLine::Other(s) => out.push_str(s),
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests;
