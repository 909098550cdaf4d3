//! The tournament section of a TRF (trf16 012–132): one record a fact, the
//! tag in columns 1–3 and the value from column 5; the rounds' dates (trf16
//! 132) in the columns of the round blocks. The records are kept verbatim
//! as [`TrfLine::Other`] by the reader; [`TrfTournament::of`] reads them
//! back.

use super::{Trf, TrfLine};
use chrono::NaiveDate;

/// trf16 042, 052: dates of start and end, `YYYY/MM/DD`.
const LONG_DATE: &str = "%Y/%m/%d";
/// trf16 132: a round's date, `YY/MM/DD`.
const SHORT_DATE: &str = "%y/%m/%d";

/// What the tournament section says.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TrfTournament {
    /// trf16 012.
    pub name: String,
    /// trf16 022.
    pub city: String,
    /// trf16 032: the three-letter federation code.
    pub federation: String,
    /// trf16 042.
    pub start: Option<NaiveDate>,
    /// trf16 052.
    pub end: Option<NaiveDate>,
    /// trf16 062.
    pub players: u32,
    /// trf16 072: players with a rating.
    pub rated_players: u32,
    /// trf16 082: 0 for an individual event.
    pub teams: u32,
    /// trf16 092, e.g. `Swiss Dutch`.
    pub kind: String,
    /// trf16 102.
    pub chief_arbiter: String,
    /// trf16 112, one record each.
    pub deputy_arbiters: Vec<String>,
    /// trf16 122: allotted time per moves/game.
    pub time_control: String,
    /// trf16 132: each round's date, `None` where unknown (left blank).
    pub round_dates: Vec<Option<NaiveDate>>,
}

impl TrfTournament {
    /// The records, in tag order; a text left empty is not written.
    pub fn lines(&self) -> Vec<TrfLine> {
        let mut out = Vec::new();
        let mut text = |tag: &str, v: &str| {
            if !v.trim().is_empty() {
                out.push(format!("{tag} {}", v.trim()));
            }
        };
        let date = |d: Option<NaiveDate>| d.map(|d| d.format(LONG_DATE).to_string());
        text("012", &self.name);
        text("022", &self.city);
        text("032", &self.federation);
        text("042", &date(self.start).unwrap_or_default());
        text("052", &date(self.end).unwrap_or_default());
        text("062", &self.players.to_string());
        text("072", &self.rated_players.to_string());
        text("082", &self.teams.to_string());
        text("092", &self.kind);
        text("102", &self.chief_arbiter);
        for deputy in &self.deputy_arbiters {
            text("112", deputy);
        }
        text("122", &self.time_control);
        out.extend(round_dates_line(&self.round_dates));
        out.into_iter().map(TrfLine::Other).collect()
    }

    /// The tournament section of `trf`; a record missing or unreadable
    /// leaves its field empty.
    pub fn of(trf: &Trf) -> TrfTournament {
        let text = |tag: &str| trf.record(tag).unwrap_or_default().to_owned();
        let number = |tag: &str| trf.record(tag).and_then(|v| v.parse().ok()).unwrap_or(0);
        let date = |tag: &str| {
            trf.record(tag)
                .and_then(|v| NaiveDate::parse_from_str(v, LONG_DATE).ok())
        };
        TrfTournament {
            name: text("012"),
            city: text("022"),
            federation: text("032"),
            start: date("042"),
            end: date("052"),
            players: number("062"),
            rated_players: number("072"),
            teams: number("082"),
            kind: text("092"),
            chief_arbiter: text("102"),
            deputy_arbiters: trf.records("112").map(str::to_owned).collect(),
            time_control: text("122"),
            round_dates: round_dates(trf),
        }
    }
}

/// trf16 132: round `r`'s date from column 92 + 10 (r - 1); `None` when no
/// date is known.
fn round_dates_line(dates: &[Option<NaiveDate>]) -> Option<String> {
    if dates.iter().all(Option::is_none) {
        return None;
    }
    let mut s = String::from("132");
    for (r, d) in dates.iter().enumerate() {
        if let Some(d) = d {
            let col = 92 + 10 * r;
            s.extend(std::iter::repeat_n(' ', col - 1 - s.len()));
            s.push_str(&d.format(SHORT_DATE).to_string());
        }
    }
    Some(s)
}

/// trf16 132 read back: the eight columns of each round block.
fn round_dates(trf: &Trf) -> Vec<Option<NaiveDate>> {
    let Some(line) = trf.lines.iter().find_map(|l| match l {
        TrfLine::Other(s) if super::is_record(s, "132") => Some(s),
        _ => None,
    }) else {
        return Vec::new();
    };
    let chars: Vec<char> = line.chars().collect();
    let mut out = Vec::new();
    let mut col = 92;
    while col <= chars.len() {
        let f = super::field(&chars, col, col + 7);
        out.push(NaiveDate::parse_from_str(&f, SHORT_DATE).ok());
        col += 10;
    }
    while matches!(out.last(), Some(None)) {
        out.pop();
    }
    out
}
