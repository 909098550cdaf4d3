//! A Swiss event's front page: where the event stands, the rounds, the TRF
//! to download, the podium once the last round is over, and the standings
//! as chess-results.com prints them (rank, starting number, name,
//! federation, rating, points, then each tie-break under its code, its
//! name in the code's title and in a legend below). The crosstable shares
//! the columns ([`Columns`]).

use super::people::People;
use super::{points, points_words, round_links, TRF_FILES};
use crate::chess::swiss_event::Tiebreak;
use crate::page::layout::{table_of, text};
use crate::page::Public;
use maud::{html, Markup};
use serde_json::Value;

pub fn front(p: &Public) -> Markup {
    // The view says when the last round is complete.
    let finished = p.view["finished"].as_bool() == Some(true);
    let people = People::of(p);
    let lines = lines(p);
    html! {
        p { (status(p, finished)) }
        h2 { "Rounds" }
        (round_links(p, None))
        (downloads(p))
        @if finished { (podium(p, &people, &lines)) }
        (standings(p, &people, &lines, finished))
    }
}

/// The standings table, "Final standings" once the event is finished.
fn standings(p: &Public, people: &People, lines: &[Value], finished: bool) -> Markup {
    let cols = Columns::of(p, people);
    let after = text(&p.view["standings"]["after_round"]);
    let heading = if finished {
        "Final standings"
    } else {
        "Standings"
    };
    let caption = format!("{heading} after round {after}");
    let mut head = cols.lead_head();
    head.extend(cols.tail_head());
    let rows: Vec<Vec<Markup>> = lines
        .iter()
        .map(|l| {
            let mut row = cols.lead(p, people, l);
            row.extend(cols.tail(l));
            row
        })
        .collect();
    html! {
        h2 { (heading) }
        @if lines.is_empty() {
            p.muted { "No player has entered yet." }
        } @else {
            (table_of(Some("nowrap pin3"), &caption, &head, &rows))
            (cols.legend())
        }
    }
}

/// The standings' lines, best first.
pub fn lines(p: &Public) -> Vec<Value> {
    p.view["standings"]["lines"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

/// Where the event stands: "Round 3 of 5 in play · 8 players.",
/// "Finished: all 5 rounds played · 8 players.".
fn status(p: &Public, finished: bool) -> String {
    let Some(total) = p.view["settings"]["rounds"].as_u64() else {
        return "The regulations are not set yet.".to_owned();
    };
    let paired = p.view["rounds"].as_array().map_or(0, Vec::len) as u64;
    let complete = p.view["standings"]["after_round"].as_u64().unwrap_or(0);
    let players = p.view["players"].as_array().map_or(0, Vec::len);
    let stage = if finished {
        format!("Finished: all {total} rounds played")
    } else if paired == 0 {
        format!("{total} rounds; none paired yet")
    } else if paired > complete {
        format!("Round {paired} of {total} in play")
    } else {
        format!("Round {complete} of {total} complete")
    };
    format!("{stage} · {players} players.")
}

/// The first three places, with their points; a shared place says so.
fn podium(p: &Public, people: &People, lines: &[Value]) -> Markup {
    let place = |l: &Value| l["place"].as_u64().unwrap_or(0);
    let top = lines.iter().filter(|l| (1..=3).contains(&place(l)));
    html! {
        h2 { "Podium" }
        ol.podium {
            @for l in top {
                @let shared = lines.iter().filter(|o| place(o) == place(l)).count() > 1;
                li {
                    strong { @if shared { "Joint " } (ordinal(place(l))) } br;
                    (people.name_link(p, &l["player"])) br;
                    (points_words(&l["points"]))
                }
            }
        }
    }
}

fn ordinal(n: u64) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

fn downloads(p: &Public) -> Markup {
    let id = &p.env.id;
    html! {
        p {
            @for (i, (file, _, label)) in TRF_FILES.iter().enumerate() {
                @if i > 0 { " · " }
                @let name = format!("{id}-{}", file.replace(".txt", ".trf"));
                a href=(p.link(file)) download=(name) { (label) }
            }
        }
    }
}

/// A header cell with its abbreviation spelt out.
fn abbr(short: &str, long: &str) -> Markup {
    html! { abbr title=(long) { (short) } }
}

/// The columns the standings and the crosstable share: before the rounds
/// (rank, starting number, name, federation and rating where any player
/// entered one) and after them (points, the tie-breaks).
pub struct Columns {
    federations: bool,
    rated: bool,
    /// The tie-breaks' ids, in the order they break ties, each with the
    /// decimal places its column prints.
    tiebreaks: Vec<(String, usize)>,
}

impl Columns {
    pub fn of(p: &Public, people: &People) -> Self {
        let lines = lines(p);
        let tiebreaks = p.view["standings"]["tiebreaks"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|id| {
                let id = text(id);
                let places = lines
                    .iter()
                    .map(|l| places(&id, &l["tiebreaks"][&id]))
                    .max()
                    .unwrap_or(0);
                (id, places)
            })
            .collect();
        Columns {
            federations: people.federations(),
            rated: people.rated(),
            tiebreaks,
        }
    }

    /// Each tie-break of `line`: its name with its code, and its value.
    pub fn titled_values(&self, line: &Value) -> Vec<(String, String)> {
        self.tiebreaks
            .iter()
            .map(|(id, places)| {
                let title = Tiebreak::parse(id).map_or_else(|_| id.clone(), |t| t.title());
                (title, value(&line["tiebreaks"][id], *places))
            })
            .collect()
    }

    pub fn lead_head(&self) -> Vec<Markup> {
        let mut head = vec![abbr("Rk", "Rank"), abbr("SNo", "Starting number")];
        head.push(html! { "Name" });
        if self.federations {
            head.push(abbr("FED", "Federation"));
        }
        if self.rated {
            head.push(abbr("Rtg", "Rating"));
        }
        head
    }

    pub fn lead(&self, p: &Public, people: &People, line: &Value) -> Vec<Markup> {
        let person = people.get(&text(&line["player"]));
        let number = person.and_then(|e| e.number);
        let mut row = vec![
            html! { (text(&line["place"])) },
            html! { @if let Some(n) = number { (n) } },
            people.name_link(p, &line["player"]),
        ];
        if self.federations {
            row.push(html! { (person.map(|e| e.federation.as_str()).unwrap_or_default()) });
        }
        if self.rated {
            let rating = person.map_or(0, |e| e.rating);
            row.push(html! { @if rating > 0 { (rating) } });
        }
        row
    }

    pub fn tail_head(&self) -> Vec<Markup> {
        let mut head = vec![abbr("Pts", "Points")];
        head.extend(
            self.tiebreaks
                .iter()
                .map(|(id, _)| match Tiebreak::parse(id) {
                    Ok(t) => abbr(&t.short_code(), &t.full_name()),
                    Err(_) => html! { (id) },
                }),
        );
        head
    }

    pub fn tail(&self, line: &Value) -> Vec<Markup> {
        let mut row = vec![html! { (points(&line["points"])) }];
        row.extend(
            self.tiebreaks
                .iter()
                .map(|(id, places)| html! { (value(&line["tiebreaks"][id], *places)) }),
        );
        row
    }

    /// Each tie-break's code and name, in the order they break ties: a
    /// phone shows no `<abbr>` title.
    pub fn legend(&self) -> Markup {
        let titles: Vec<String> = self
            .tiebreaks
            .iter()
            .filter_map(|(id, _)| Tiebreak::parse(id).ok())
            .map(|t| format!("{} {}", t.short_code(), t.full_name()))
            .collect();
        html! {
            @if !titles.is_empty() {
                p.muted { "Tie-breaks, in order: " (titles.join("; ")) "." }
            }
        }
    }
}

/// The decimal places tie-break `id`'s value `v` needs: none for the
/// average rating of the opponents (a whole rating), else as many as its
/// fraction has, up to two (quarters: a Sonneborn-Berger's draw against a
/// player on a half point).
fn places(id: &str, v: &Value) -> usize {
    let average_rating = Tiebreak::parse(id).is_ok_and(|t| t.short_code().starts_with("ARO"));
    let x = v.as_f64().unwrap_or(0.0);
    if average_rating {
        return 0;
    }
    (0..2)
        .find(|&d| {
            let scaled = x * 10f64.powi(d as i32);
            (scaled - scaled.round()).abs() < 1e-9
        })
        .unwrap_or(2)
}

/// A tie-break's value with `places` decimals, the same for a whole column
/// so the values line up.
fn value(v: &Value, places: usize) -> String {
    match v.as_f64() {
        // Halves up, as FIDE rounds an average rating.
        Some(x) if places == 0 => format!("{}", x.round()),
        Some(x) => format!("{x:.places$}"),
        None => text(v),
    }
}
