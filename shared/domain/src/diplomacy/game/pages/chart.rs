//! The supply centres each power held, year by year: a line chart (SVG,
//! scaled to the page's width, a line per power in its colour and named at
//! its end, the 18 that win marked) and the same numbers as a table, which
//! is what a reader without the picture gets.

use super::power;
use crate::diplomacy::game::position::Position;
use crate::diplomacy::map::Power;
use crate::diplomacy::picture;
use crate::diplomacy::position::{Phase, Season};
use crate::page::layout::{table, trusted_svg};
use maud::{html, Markup};
use std::collections::BTreeMap;
use std::fmt::Write;

/// One column of the chart: its label and each power's centres.
pub struct Year {
    pub label: String,
    pub centres: BTreeMap<Power, usize>,
}

/// The centres at the start (the first position) and at the end of each
/// year played: the first position after that year's Fall (the Winter
/// adjustments, or the next Spring when no adjustment was due).
pub fn years<'a>(positions: impl IntoIterator<Item = &'a Position>) -> Vec<Year> {
    let mut out: Vec<Year> = Vec::new();
    let mut last_ended = 0;
    for pos in positions {
        let Some(phase) = Phase::parse(&pos.phase) else {
            continue;
        };
        let ended = if phase.season == Season::Winter {
            phase.year
        } else {
            phase.year.saturating_sub(1)
        };
        if out.is_empty() {
            out.push(Year {
                label: "Start".into(),
                centres: pos.center_counts(),
            });
            last_ended = ended;
        } else if ended > last_ended {
            out.push(Year {
                label: ended.to_string(),
                centres: pos.center_counts(),
            });
            last_ended = ended;
        }
    }
    out
}

/// The chart (once there are two columns to join) and the table.
pub fn section(years: &[Year]) -> Markup {
    let mut head = vec!["Power"];
    head.extend(years.iter().map(|y| y.label.as_str()));
    let rows: Vec<Vec<Markup>> = Power::ALL
        .iter()
        .map(|p| {
            let mut row = vec![power(p.name())];
            row.extend(
                years
                    .iter()
                    .map(|y| html! { (y.centres.get(p).copied().unwrap_or(0)) }),
            );
            row
        })
        .collect();
    html! {
        @if years.len() >= 2 {
            figure.centre-chart { (trusted_svg(&svg(years))) }
        }
        (table("Supply centres at the start and at the end of each year", &head, &rows))
    }
}

/// The drawing's box, and its margins: room for the counts on the left,
/// the years below, the powers' names on the right.
const W: f64 = 480.0;
const H: f64 = 300.0;
const LEFT: f64 = 36.0;
const RIGHT: f64 = 96.0;
const TOP: f64 = 14.0;
const BOTTOM: f64 = 40.0;
/// The least room between two powers' names at the lines' end.
const NAME_GAP: f64 = 17.0;

/// The line chart as SVG, with a title and a description in words.
pub fn svg(years: &[Year]) -> String {
    let top = years
        .iter()
        .flat_map(|y| y.centres.values().copied())
        .max()
        .unwrap_or(0)
        .max(18) as f64;
    let n = years.len().max(2) as f64;
    let x = |i: usize| LEFT + (W - LEFT - RIGHT) * i as f64 / (n - 1.0);
    let y = |c: usize| TOP + (H - TOP - BOTTOM) * (1.0 - c as f64 / top);
    let mut out = String::new();
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {W} {H}\" width=\"100%\" role=\"img\" \
         aria-labelledby=\"centres-t centres-d\" font-family=\"sans-serif\" font-size=\"16\">\
         <title id=\"centres-t\">Supply centres by year</title><desc id=\"centres-d\">{}</desc>",
        describe(years)
    );
    for c in [0, 6, 12, 18] {
        let yc = y(c);
        let (stroke, dash) = if c == 18 {
            ("#8a1c1c", " stroke-dasharray=\"6 4\"")
        } else {
            ("#c8c8c8", "")
        };
        let _ = write!(
            out,
            "<line x1=\"{LEFT}\" y1=\"{yc:.1}\" x2=\"{:.1}\" y2=\"{yc:.1}\" stroke=\"{stroke}\"{dash}/>\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\" fill=\"#1b1b1b\">{c}</text>",
            W - RIGHT,
            LEFT - 6.0,
            yc + 5.0
        );
    }
    for (i, year) in years.iter().enumerate() {
        let label = if year.label.len() == 4 && i > 0 && years.len() > 6 {
            // Many years: '02 for 1902, so each fits its column.
            format!("’{}", &year.label[2..])
        } else {
            year.label.clone()
        };
        let _ = write!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#1b1b1b\">{label}</text>",
            x(i),
            H - 12.0
        );
    }
    let mut ends: Vec<(f64, Power)> = Vec::new();
    for p in Power::ALL {
        let colour = picture::power_colours(p).1;
        let points: Vec<String> = years
            .iter()
            .enumerate()
            .map(|(i, yr)| {
                format!(
                    "{:.1},{:.1}",
                    x(i),
                    y(yr.centres.get(&p).copied().unwrap_or(0))
                )
            })
            .collect();
        let _ = write!(
            out,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"3\" stroke-linejoin=\"round\"/>",
            points.join(" ")
        );
        let last = years.last().and_then(|yr| yr.centres.get(&p)).copied();
        ends.push((y(last.unwrap_or(0)), p));
    }
    for (at, p) in spread(ends) {
        let _ = write!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" fill=\"{}\" font-weight=\"bold\">{}</text>",
            W - RIGHT + 6.0,
            at + 5.0,
            picture::power_colours(p).1,
            p.title()
        );
    }
    out.push_str("</svg>");
    out
}

/// The powers' names at the lines' end, moved apart where lines end close
/// together (top to bottom, each at least [`NAME_GAP`] below the last).
fn spread(mut ends: Vec<(f64, Power)>) -> Vec<(f64, Power)> {
    ends.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    let mut floor = f64::MIN;
    for (at, _) in &mut ends {
        *at = at.max(floor);
        floor = *at + NAME_GAP;
    }
    // Pushed past the bottom: move the whole column up.
    let over = ends.last().map_or(0.0, |(at, _)| at - (H - BOTTOM + 4.0));
    if over > 0.0 {
        for (at, _) in &mut ends {
            *at -= over;
        }
    }
    ends
}

/// The chart in words: each power's centres at the start and at the end.
fn describe(years: &[Year]) -> String {
    let (Some(first), Some(last)) = (years.first(), years.last()) else {
        return String::new();
    };
    let parts: Vec<String> = Power::ALL
        .iter()
        .map(|p| {
            format!(
                "{} {} to {}",
                p.title(),
                first.centres.get(p).copied().unwrap_or(0),
                last.centres.get(p).copied().unwrap_or(0)
            )
        })
        .collect();
    format!(
        "Supply centres from {} to {}: {}.",
        first.label.to_lowercase(),
        last.label,
        parts.join("; ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(phase: &str, russia: &[&str]) -> Position {
        let mut p = Position::initial();
        p.phase = phase.into();
        p.centers.insert(
            "RUSSIA".into(),
            russia.iter().map(|s| (*s).to_owned()).collect(),
        );
        p
    }

    #[test]
    fn each_year_ends_at_its_winter_or_at_the_next_spring_when_no_winter_was_played() {
        // By hand: the start is Spring 1901's position; 1901 ends at Winter
        // 1901 (Russia 5 there); Spring 1902 and Fall 1902 mark no new end;
        // 1902 had no adjustments, so it ends at Spring 1903 (Russia 6).
        let positions = [
            at("S1901M", &["STP", "MOS", "WAR", "SEV"]),
            at("F1901M", &["STP", "MOS", "WAR", "SEV"]),
            at("W1901A", &["STP", "MOS", "WAR", "SEV", "RUM"]),
            at("S1902M", &["STP", "MOS", "WAR", "SEV", "RUM"]),
            at("F1902M", &["STP", "MOS", "WAR", "SEV", "RUM"]),
            at("S1903M", &["STP", "MOS", "WAR", "SEV", "RUM", "SWE"]),
        ];
        let y = years(positions.iter());
        let labels: Vec<&str> = y.iter().map(|y| y.label.as_str()).collect();
        assert_eq!(labels, ["Start", "1901", "1902"]);
        let russia: Vec<usize> = y.iter().map(|y| y.centres[&Power::Russia]).collect();
        assert_eq!(russia, [4, 5, 6]);
    }

    #[test]
    fn names_at_the_lines_end_are_kept_apart() {
        // By hand: three lines ending at 100, 100 and 110 are named at 100,
        // 117 and 134 (17 apart, in the powers' order where they tie); one
        // ending at 200 stays.
        let ends = vec![
            (100.0, Power::France),
            (110.0, Power::Italy),
            (100.0, Power::Austria),
            (200.0, Power::Turkey),
        ];
        let spread = spread(ends);
        assert_eq!(
            spread,
            [
                (100.0, Power::Austria),
                (117.0, Power::France),
                (134.0, Power::Italy),
                (200.0, Power::Turkey)
            ]
        );
    }
}
