//! The board as a picture: a pure function from a position (units, dislodged
//! units, supply-centre owners) and, once the phase is adjudicated, its
//! orders with their results, to an SVG document.
//!
//! The drawing is our own: every province of the standard board is a
//! territory cut from [`layout`]'s hand-placed points ([`territory`]),
//! filled by who controls it (a centre by its owner, other land by the
//! power whose unit stands there, seas in the sea's colour), coastlines
//! drawn heavier than land borders, split coasts as small markers, centres
//! marked in their owner's colour, units as army discs and fleet hulls in
//! their power's colour, dislodged units set off and dashed, and orders as
//! arrows classed by their result (wm D.VIII.4 publishes each order with
//! what became of it).
//!
//! The SVG scales to its container (`viewBox`, `width="100%"`); a `<title>`,
//! a `<desc>` listing the position in words, text labels and a legend make
//! it readable without the picture. Bad input never panics: a unit, centre
//! or order that cannot be read is left out of the drawing and named in the
//! description.

pub mod layout;
mod orders;
mod provinces;
mod svg;
pub mod territory;
#[cfg(test)]
mod tests;

use crate::cli::CliOutput;
use crate::diplomacy::cli::{parse_unit, OrderResult};
use crate::diplomacy::game::position::Position;
use crate::diplomacy::map::{Location, Power, Province, UnitType};
use crate::diplomacy::position::{Phase, PhaseKind, Unit};
use layout::point;
use std::fmt::Write;
use svg::{class, colours};

/// How far a dislodged unit is set off from its province's point.
pub const DISLODGED_OFFSET: (i32, i32) = (22, 20);

/// The position as read for drawing: what could be read, and what could not.
struct Read {
    units: Vec<Unit>,
    dislodged: Vec<Unit>,
    centres: Vec<(Province, Power)>,
    unreadable: Vec<String>,
}

fn read(position: &Position) -> Read {
    let mut r = Read {
        units: Vec::new(),
        dislodged: Vec::new(),
        centres: Vec::new(),
        unreadable: Vec::new(),
    };
    for (name, list) in &position.units {
        for s in list {
            match Power::parse(name).and_then(|p| parse_unit(p, s).ok()) {
                Some(u) => r.units.push(u),
                None => r.unreadable.push(format!("{name} {s}")),
            }
        }
    }
    for (name, list) in &position.dislodged {
        for d in list {
            match Power::parse(name).and_then(|p| parse_unit(p, &d.unit).ok()) {
                Some(u) => r.dislodged.push(u),
                None => r.unreadable.push(format!("{name} {}", d.unit)),
            }
        }
    }
    for (name, list) in &position.centers {
        for s in list {
            let p = Province::from_code(&s.to_ascii_lowercase()).filter(|p| p.is_supply_center());
            match (Power::parse(name), p) {
                (Some(owner), Some(p)) => r.centres.push((p, owner)),
                _ => r.unreadable.push(format!("{name} centre {s}")),
            }
        }
    }
    r
}

/// The SVG of `position`, with `results` (a [`PhaseRecord`]'s, empty before
/// adjudication) drawn as arrows over it.
///
/// [`PhaseRecord`]: crate::diplomacy::game::state::PhaseRecord
pub fn draw(position: &Position, results: &[OrderResult]) -> String {
    let r = read(position);
    let phase = Phase::parse(&position.phase);
    let mut out = String::with_capacity(64 * 1024);
    svg::open(
        &mut out,
        &title(&position.phase, phase),
        &describe(&r, results),
    );
    provinces::draw(&mut out, &r);
    let retreat = phase.is_some_and(|p| p.kind == PhaseKind::Retreat);
    orders::draw(&mut out, results, retreat);
    units(&mut out, &r.units, false);
    units(&mut out, &r.dislodged, true);
    svg::legend(&mut out);
    out.push_str("</svg>");
    out
}

/// What `arbiter map` reads: an adjudicated phase as the board's history
/// publishes it (`before` and `results`), or a bare position.
#[derive(serde::Deserialize)]
#[serde(untagged)]
enum MapInput {
    Phase {
        before: Position,
        #[serde(default)]
        results: Vec<OrderResult>,
    },
    Position(Position),
}

/// The pure half of `arbiter map < phase.json > board.svg`: the SVG of a
/// phase record or a position; invalid JSON is exit 3 with the reason.
pub fn from_json(input: &str) -> CliOutput {
    match serde_json::from_str::<MapInput>(input) {
        Ok(MapInput::Phase { before, results }) => svg_output(draw(&before, &results)),
        Ok(MapInput::Position(p)) => svg_output(draw(&p, &[])),
        Err(e) => CliOutput::invalid(format!(
            "arbiter map: expected a phase record (`before`, `results`) or a position: {e}"
        )),
    }
}

fn svg_output(svg: String) -> CliOutput {
    CliOutput {
        stdout: svg + "\n",
        stderr: String::new(),
        exit_code: 0,
    }
}

fn title(code: &str, phase: Option<Phase>) -> String {
    match phase {
        Some(p) => format!("Diplomacy board, {} ({p})", p.words()),
        None => format!("Diplomacy board, phase {code}"),
    }
}

/// The position in words: units and centres per power, dislodged units, the
/// orders with their results, and anything that could not be drawn.
fn describe(r: &Read, results: &[OrderResult]) -> String {
    let mut d = String::new();
    for p in Power::ALL {
        let units: Vec<String> = r
            .units
            .iter()
            .filter(|u| u.power == p)
            .map(Unit::to_string)
            .collect();
        let n = r.centres.iter().filter(|(_, o)| *o == p).count();
        if units.is_empty() && n == 0 {
            continue;
        }
        let centres = if n == 1 { "centre" } else { "centres" };
        let _ = write!(d, "{}: {n} {centres}; units {}. ", p.title(), list(&units));
    }
    if !r.dislodged.is_empty() {
        let v: Vec<String> = r
            .dislodged
            .iter()
            .map(|u| format!("{} {u}", u.power.title()))
            .collect();
        let _ = write!(d, "Dislodged: {}. ", list(&v));
    }
    let orders: Vec<String> = results
        .iter()
        .filter_map(|o| Some(format!("{} {}: {}", o.power, o.order.as_ref()?, o.outcome)))
        .collect();
    if !orders.is_empty() {
        let _ = write!(d, "Orders: {}. ", orders.join("; "));
    }
    if !r.unreadable.is_empty() {
        let _ = write!(d, "Not drawn (unreadable): {}.", r.unreadable.join(", "));
    }
    d.trim_end().to_owned()
}

fn list(v: &[String]) -> String {
    if v.is_empty() {
        "none".into()
    } else {
        v.join(", ")
    }
}

/// Units at their location's point; dislodged ones set off and dashed.
fn units(out: &mut String, units: &[Unit], dislodged: bool) {
    let _ = write!(
        out,
        "<g class=\"{}\">",
        if dislodged {
            "dislodged-units"
        } else {
            "units"
        }
    );
    for u in units {
        let (mut x, mut y) = point(u.location);
        if dislodged {
            x += DISLODGED_OFFSET.0;
            y += DISLODGED_OFFSET.1;
        }
        let fleet = u.kind == UnitType::Fleet;
        let (fill, ink) = colours(u.power);
        let _ = write!(
            out,
            "<g class=\"unit {} {}{}\" data-location=\"{}\" transform=\"translate({x} {y})\">\
             <title>{} {}{}</title>",
            if fleet { "fleet" } else { "army" },
            class(u.power),
            if dislodged { " dislodged" } else { "" },
            location_code(u.location),
            u.power.title(),
            u,
            if dislodged { ", dislodged" } else { "" },
        );
        svg::unit_body(out, fleet, fill, ink);
        out.push_str("</g>");
    }
    out.push_str("</g>");
}

/// A power's colour on the map: its land's (for a key beside the map) and
/// its units' (darker, for lines on white).
pub fn power_colours(p: Power) -> (&'static str, &'static str) {
    (svg::land(p), svg::colours(p).0)
}

/// The width and height of the picture [`draw`] makes, board and legend.
pub const SIZE: (i32, i32) = (layout::WIDTH, layout::BOARD_HEIGHT + svg::LEGEND_HEIGHT);

/// `stp/sc`, `vie`: the location as the picture's data attributes name it.
pub fn location_code(l: Location) -> String {
    match l.coast {
        Some(c) => format!("{}/{}", l.province.code(), c.code().to_ascii_lowercase()),
        None => l.province.code().to_owned(),
    }
}
