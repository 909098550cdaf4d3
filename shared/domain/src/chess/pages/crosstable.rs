//! The crosstable. A Swiss event's is chess-results.com's ranking
//! crosstable: a row per player in the standings' order with the
//! standings' columns around one column per round, each cell the
//! opponent's starting number, the colour and the result from this
//! player's side ("5w1", "12b½", "3w+", "bye 1", "– ½"). An ACWC
//! championship's rows are its Qualification's, each cell the opponent and
//! the match's score.

use super::people::People;
use super::round::match_result;
use super::standings::{lines, Columns};
use super::{acwc, rounds};
use crate::chess::half_points_text;
use crate::page::layout::{table, table_of, text};
use crate::page::Public;
use maud::{html, Markup};
use serde_json::Value;
use std::collections::BTreeMap;

pub fn crosstable(p: &Public) -> Markup {
    if acwc(p) {
        return acwc_crosstable(p);
    }
    let rounds = rounds(p);
    let sheets: Vec<Sheet> = rounds.iter().map(Sheet::of).collect();
    let people = People::of(p);
    let cols = Columns::of(p, &people);
    let mut head = cols.lead_head();
    head.extend(rounds.iter().map(|r| html! { (text(&r["round"])) }));
    head.extend(cols.tail_head());
    let rows: Vec<Vec<Markup>> = lines(p)
        .iter()
        .map(|l| {
            let id = text(&l["player"]);
            let mut row = cols.lead(p, &people, l);
            row.extend(sheets.iter().map(|s| {
                let seat = s.seat(p, &id, &people);
                html! { (swiss_cell(&seat, &people)) }
            }));
            row.extend(cols.tail(l));
            row
        })
        .collect();
    html! {
        p {
            "Each round's cell: the opponent's starting number, the colour (w White, b Black) and the result "
            "from this player's side: 1, ½, 0, + and − for a forfeit won and lost. "
            "“bye 1” is the pairing bye; “– ½” a round not paired (a bye asked for, an absence, a late entry, a withdrawal), with the points it gave."
        }
        (table_of(Some("nowrap pin3 wide"), "Crosstable", &head, &rows))
        (cols.legend())
    }
}

/// One Swiss round as a player's row reads it, each player's board found
/// once: a crosstable of thousands of players does not search every board
/// for every cell.
pub struct Sheet<'a> {
    round: &'a Value,
    /// Each player's game, and whether he has White.
    boards: BTreeMap<&'a str, (&'a Value, bool)>,
}

/// Where a player stands in a round.
pub enum Seat<'a> {
    /// On a board: the game, and whether he has White.
    Board(&'a Value, bool),
    /// dutch A5: the pairing-allocated bye, one point.
    Bye,
    /// No board: why, and the half points the round gave him.
    Off(&'static str, u64),
}

impl<'a> Sheet<'a> {
    pub fn of(round: &'a Value) -> Self {
        let mut boards = BTreeMap::new();
        for g in round["games"].as_array().into_iter().flatten() {
            for (side, white) in [("white", true), ("black", false)] {
                if let Some(id) = g[side].as_str() {
                    boards.insert(id, (g, white));
                }
            }
        }
        Sheet { round, boards }
    }

    pub fn seat(&self, p: &Public, player: &str, people: &People) -> Seat<'a> {
        let r = self.round;
        if let Some((g, white)) = self.boards.get(player) {
            return Seat::Board(g, *white);
        }
        if r["bye"].as_str() == Some(player) {
            return Seat::Bye;
        }
        if let Some(half) = r["not_paired"][player].as_u64() {
            return Seat::Off("Not paired", half);
        }
        let first = people.get(player).map_or(1, |e| e.first_round);
        if r["round"].as_u64().is_some_and(|n| n < first) {
            // A late entry scores what the regulations give for each round missed.
            let late = p.view["settings"]["late_entry_half_points"].as_u64();
            return Seat::Off("Not yet entered", late.unwrap_or(0));
        }
        Seat::Off("Withdrawn", 0)
    }
}

/// One round of a player's row.
fn swiss_cell(seat: &Seat, people: &People) -> String {
    match *seat {
        Seat::Bye => "bye 1".to_owned(),
        Seat::Off(_, half) => format!("– {}", half_points_text(half)),
        Seat::Board(g, white) => {
            let opponent = if white { &g["black"] } else { &g["white"] };
            let number = people
                .get(&text(opponent))
                .and_then(|e| e.number)
                .map_or_else(|| text(opponent), |n| n.to_string());
            let colour = if white { "w" } else { "b" };
            format!("{number}{colour}{}", side(&g["result"], white))
        }
    }
}

/// A game's result from one side: "1", "½", "0", "+" or "−" for forfeits;
/// nothing while it is not in.
pub fn side(result: &Value, white: bool) -> &'static str {
    let (w, b) = match result.as_str() {
        Some("1-0") => ("1", "0"),
        Some("0-1") => ("0", "1"),
        Some("1/2-1/2") => ("½", "½"),
        Some("+-") => ("+", "−"),
        Some("-+") => ("−", "+"),
        Some("--") => ("−", "−"),
        _ => ("", ""),
    };
    if white {
        w
    } else {
        b
    }
}

/// An ACWC crosstable: each Qualification player's row, each round's cell
/// the opponent and the match's score.
fn acwc_crosstable(p: &Public) -> Markup {
    let rounds = rounds(p);
    let people = People::of(p);
    let players: Vec<Value> = p.view["qualification"]["standings"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|l| l["player"].clone())
        .collect();
    let numbers: Vec<String> = rounds
        .iter()
        .map(|r| format!("R{}", text(&r["round"])))
        .collect();
    let mut head = vec!["Player"];
    head.extend(numbers.iter().map(String::as_str));
    let rows: Vec<Vec<Markup>> = players
        .iter()
        .map(|pl| {
            let mut row = vec![html! { (people.shown(pl)) }];
            row.extend(
                rounds
                    .iter()
                    .map(|r| html! { (acwc_cell(r, &text(pl), &people)) }),
            );
            row
        })
        .collect();
    html! {
        p { "Each cell: the opponent and the match's score in games, this player's first, or who won it and how." }
        (table("Crosstable", &head, &rows))
    }
}

fn acwc_cell(r: &Value, player: &str, people: &People) -> String {
    if r["bye"].as_str() == Some(player) {
        return "bye".to_owned();
    }
    for m in r["matches"].as_array().into_iter().flatten() {
        let first = m["first"].as_str() == Some(player);
        if first || m["second"].as_str() == Some(player) {
            let opponent = if first { &m["second"] } else { &m["first"] };
            let o = &m["outcome"];
            let result = if o["outcome"].as_str() == Some("score") {
                // The player's own games first.
                let (own, theirs) = if first {
                    ("first", "second")
                } else {
                    ("second", "first")
                };
                let half = |k: &str| half_points_text(o[k].as_u64().unwrap_or(0));
                format!("{}–{}", half(own), half(theirs))
            } else {
                match_result(m, people)
            };
            return format!("{} {result}", people.shown(opponent));
        }
    }
    "–".to_owned()
}
