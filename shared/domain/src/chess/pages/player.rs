//! A Swiss player's page (`player/{number}`): what he entered, his place,
//! points and tie-breaks, his performance rating where his opponents are
//! rated, and his games round by round.

use super::crosstable::{side, Seat, Sheet};
use super::people::{People, Person};
use super::standings::{lines, Columns};
use super::{points, rounds};
use crate::chess::half_points_text;
use crate::chess::performance::performance;
use crate::page::layout::{table_of, text};
use crate::page::Public;
use maud::{html, Markup};
use serde_json::Value;

/// One round of the player's: against whom, with which colour, and how it
/// went, or why he was not paired.
struct Played {
    round: Value,
    /// The opponent's user id and whether the player had White; `None`
    /// for a bye or a round not paired.
    game: Option<(Value, bool)>,
    result: String,
    /// Half points scored over the board; `None` unless played over the
    /// board (a forfeit or a bye does not count for the performance).
    over_the_board: Option<u64>,
}

/// The page of the player with starting number `n`: its title and body.
pub fn page(p: &Public, n: u64) -> Option<(String, Markup)> {
    let people = People::of(p);
    let (id, person) = people.by_number(n)?;
    let games = played(p, id, &people);
    let line = lines(p).into_iter().find(|l| l["player"] == id);
    let body = html! {
        (facts(p, person, line.as_ref(), &games, &people))
        h2 { "Games" }
        @if games.is_empty() {
            p.muted { "No round is paired yet." }
        } @else {
            (games_table(p, &games, &people))
        }
    };
    Some((person.titled(), body))
}

fn played(p: &Public, id: &str, people: &People) -> Vec<Played> {
    rounds(p)
        .iter()
        .map(|r| round_of(r, Sheet::of(r).seat(p, id, people)))
        .collect()
}

fn round_of(r: &Value, seat: Seat) -> Played {
    let round = r["round"].clone();
    let (g, white) = match seat {
        Seat::Board(g, white) => (g, white),
        Seat::Bye => return unpaired(round, "Pairing bye: 1".to_owned()),
        Seat::Off(why, half) => {
            return unpaired(round, format!("{why}: {}", half_points_text(half)))
        }
    };
    let opponent = if white { &g["black"] } else { &g["white"] };
    let result = side(&g["result"], white);
    let over_the_board = match result {
        "1" => Some(2),
        "½" => Some(1),
        "0" => Some(0),
        _ => None,
    };
    Played {
        round,
        game: Some((opponent.clone(), white)),
        result: if result.is_empty() { "pending" } else { result }.to_owned(),
        over_the_board,
    }
}

fn unpaired(round: Value, result: String) -> Played {
    Played {
        round,
        game: None,
        result,
        over_the_board: None,
    }
}

fn facts(
    p: &Public,
    person: &Person,
    line: Option<&Value>,
    games: &[Played],
    people: &People,
) -> Markup {
    let tiebreaks = line.map(|l| Columns::of(p, people).titled_values(l));
    let performance = rating_performance(games, people);
    html! {
        dl {
            dt { "Starting number" } dd { (person.number.unwrap_or(0)) }
            @if !person.title.is_empty() { dt { "Title" } dd { (person.title) } }
            @if !person.federation.is_empty() { dt { "Federation" } dd { (person.federation) } }
            @if person.rating > 0 { dt { "Rating" } dd { (person.rating) } }
            @if let Some(fide) = person.fide_id { dt { "FIDE ID" } dd { (fide) } }
            @if let Some(r) = person.withdrawn_from { dt { "Withdrawn" } dd { "from round " (r) } }
            @if let Some(l) = line {
                dt { "Rank" } dd { (text(&l["place"])) }
                dt { "Points" } dd { (points(&l["points"])) }
            }
            @for (title, value) in tiebreaks.into_iter().flatten() {
                dt { (title) } dd { (value) }
            }
            @if let Some((rp, n)) = performance {
                dt { "Performance rating" }
                dd { (rp) " " span.muted { "(" (n) @if n == 1 { " game" } @else { " games" } ")" } }
            }
        }
        @if performance.is_some() {
            p.muted {
                "The performance rating counts the games played over the board against rated opponents: "
                "their average rating plus the rating difference the score stands for in FIDE's table "
                "(Rating Regulations B.02, table 8.1(a))."
            }
        }
    }
}

/// The performance over the games played over the board against rated
/// opponents, and how many such games there were.
fn rating_performance(games: &[Played], people: &People) -> Option<(u32, usize)> {
    let mut ratings = Vec::new();
    let mut half = 0;
    for g in games {
        let (Some((opponent, _)), Some(own)) = (&g.game, g.over_the_board) else {
            continue;
        };
        let rating = people.get(&text(opponent)).map_or(0, |e| e.rating);
        if rating > 0 {
            ratings.push(u32::try_from(rating).ok()?);
            half += own as u32;
        }
    }
    Some((performance(&ratings, half)?, ratings.len()))
}

/// Four columns (round, colour, opponent with his rating, result), so a
/// phone shows a whole round without scrolling.
fn games_table(p: &Public, games: &[Played], people: &People) -> Markup {
    let head: Vec<Markup> = ["Round", "Colour", "Opponent", "Result"]
        .iter()
        .map(|h| html! { (h) })
        .collect();
    let rows: Vec<Vec<Markup>> = games
        .iter()
        .map(|g| {
            let (colour, opponent) = match &g.game {
                Some((opponent, white)) => {
                    let rating = people.get(&text(opponent)).map_or(0, |e| e.rating);
                    let colour = if *white { "White" } else { "Black" };
                    let shown = html! {
                        (people.link(p, opponent))
                        @if rating > 0 { " " span.muted { (rating) } }
                    };
                    (colour, shown)
                }
                None => ("", html! {}),
            };
            vec![
                html! { (text(&g.round)) },
                html! { (colour) },
                opponent,
                html! { (g.result) },
            ]
        })
        .collect();
    table_of(None, "Games round by round", &head, &rows)
}
