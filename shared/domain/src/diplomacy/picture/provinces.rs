//! The board's provinces as drawn: each a filled territory (from
//! [`territory`]) coloured by who controls it, the borders between them
//! (coastlines heavier than land borders, sea borders faint), the split
//! coasts as small markers, each province's code, and the supply centres.
//!
//! Colour: a supply centre is its owner's; other land is the colour of the
//! power whose unit stands there, else neutral; the sea is the sea's.

use super::layout::{centre, COASTS, IMPASSABLE};
use super::svg::{class, colours, esc, land, IMPASSABLE_LAND, NEUTRAL_LAND, SEA};
use super::territory::{self, num, Owner, Point};
use super::Read;
use crate::diplomacy::map::{Power, Province, Terrain};
use std::fmt::Write;

/// Half the width and the height of a province's code as drawn (three
/// bold capitals at 22 px), for fitting it inside the territory.
const LABEL_HALF_WIDTH: f64 = 25.0;
const LABEL_HEIGHT: f64 = 17.0;
/// A supply centre marker's radius.
const CENTRE_RADIUS: f64 = 8.0;

/// The territories, their borders, the coasts, the codes and the centres.
pub fn draw(out: &mut String, r: &Read) {
    territories(out, r);
    borders(out);
    coasts(out);
    labels(out);
    centres(out, &r.centres);
}

/// The power whose colour province `p` takes: a centre's owner; for other
/// land, the power whose unit stands there; none for the sea.
pub fn controller(p: Province, r: &Read) -> Option<Power> {
    if p.is_sea() {
        None
    } else if p.is_supply_center() {
        r.centres.iter().find(|(c, _)| *c == p).map(|(_, o)| *o)
    } else {
        r.units.iter().find(|u| u.province() == p).map(|u| u.power)
    }
}

fn territories(out: &mut String, r: &Read) {
    out.push_str("<g class=\"provinces\">");
    for p in Province::all() {
        let (x, y) = centre(p);
        let who = controller(p, r);
        let (cls, fill) = match (p.terrain(), who) {
            (Terrain::Sea, _) => ("sea", SEA),
            (t, who) => (
                if t == Terrain::Coastal {
                    "land coastal"
                } else {
                    "land inland"
                },
                who.map_or(NEUTRAL_LAND, land),
            ),
        };
        let power = who
            .map(|w| format!(" data-power=\"{}\"", class(w)))
            .unwrap_or_default();
        let _ = write!(
            out,
            "<g class=\"province {cls}\" id=\"dip-{code}\" data-province=\"{code}\"{power}>\
             <title>{}</title><path class=\"shape\" d=\"{}\" fill=\"{fill}\" stroke=\"{fill}\"/>\
             <circle class=\"node\" cx=\"{x}\" cy=\"{y}\" r=\"4\"/></g>",
            esc(&caption(p, who)),
            territory::path(Owner::Province(p)),
            code = p.code(),
        );
    }
    for (i, (name, _, _)) in IMPASSABLE.iter().enumerate() {
        let _ = write!(
            out,
            "<g class=\"impassable\"><title>{} (impassable)</title>\
             <path class=\"shape\" d=\"{}\" fill=\"{IMPASSABLE_LAND}\" stroke=\"{IMPASSABLE_LAND}\"/></g>",
            esc(name),
            territory::path(Owner::Impassable(i)),
        );
    }
    out.push_str("</g>");
}

/// A territory's tooltip: its name and what its colour says.
fn caption(p: Province, who: Option<Power>) -> String {
    match (p.is_sea(), p.is_supply_center(), who) {
        (true, _, _) => p.name().to_owned(),
        (_, true, Some(o)) => format!("{}: supply centre of {}", p.name(), o.title()),
        (_, true, None) => format!("{}: neutral supply centre", p.name()),
        (_, false, Some(o)) => format!("{}: held by {}", p.name(), o.title()),
        (_, false, None) => p.name().to_owned(),
    }
}

fn is_sea(o: Owner) -> bool {
    matches!(o, Owner::Province(p) if p.is_sea())
}

/// Every border once, in three paths: coastlines (land against sea), land
/// borders and sea borders.
fn borders(out: &mut String) {
    let mut paths = [String::new(), String::new(), String::new()];
    for b in territory::borders() {
        let k = match (is_sea(b.sides.0), is_sea(b.sides.1)) {
            (true, true) => 2,
            (false, false) => 1,
            _ => 0,
        };
        let _ = write!(
            paths[k],
            "M{} {}L{} {}",
            num(b.from.0),
            num(b.from.1),
            num(b.to.0),
            num(b.to.1)
        );
    }
    out.push_str("<g class=\"borders\">");
    for (cls, d) in ["coast", "land", "sea"].iter().zip(&paths) {
        let _ = write!(out, "<path class=\"border {cls}\" d=\"{d}\"/>");
    }
    out.push_str("</g>");
}

/// Each split coast's marker, labelled with the coast's code.
fn coasts(out: &mut String) {
    out.push_str("<g class=\"coasts\">");
    for (code, coast, x, y) in COASTS {
        let Some(p) = Province::from_code(code) else {
            continue;
        };
        let c = coast.code();
        let _ = write!(
            out,
            "<g class=\"coast\" data-location=\"{code}/{}\"><title>{} ({c})</title>\
             <circle cx=\"{x}\" cy=\"{y}\" r=\"10\"/><text x=\"{x}\" y=\"{}\">{c}</text></g>",
            c.to_ascii_lowercase(),
            esc(p.name()),
            y + 4
        );
    }
    out.push_str("</g>");
}

fn labels(out: &mut String) {
    out.push_str("<g class=\"labels\">");
    for p in Province::all() {
        let (x, y) = label_at(p);
        let _ = write!(
            out,
            "<text class=\"label {}\" data-province=\"{}\" x=\"{x}\" y=\"{y}\">{p}</text>",
            if p.is_sea() { "sea" } else { "land" },
            p.code(),
        );
    }
    out.push_str("</g>");
}

/// Where a province's code is written (its baseline's middle): the first
/// of a few places around the point, clear of the unit standing there,
/// whose box lies inside the territory (below, then beside, then above:
/// a code above a unit reads as the name of the province above); below the
/// point if none does.
pub fn label_at(p: Province) -> (i32, i32) {
    const AROUND: [(i32, i32); 8] = [
        (0, 37),
        (45, 8),
        (-45, 8),
        (0, -20),
        (36, 34),
        (-36, 34),
        (36, -20),
        (-36, -20),
    ];
    let (x, y) = centre(p);
    AROUND
        .iter()
        .map(|(dx, dy)| (x + dx, y + dy))
        .find(|at| fits(p, &label_box(*at)))
        .unwrap_or((x, y + AROUND[0].1))
}

/// The box a code written at `(x, y)` covers: left, top, right, bottom.
fn label_box((x, y): (i32, i32)) -> [f64; 4] {
    let (x, y) = (f64::from(x), f64::from(y));
    [
        x - LABEL_HALF_WIDTH,
        y - LABEL_HEIGHT,
        x + LABEL_HALF_WIDTH,
        y + 2.0,
    ]
}

/// Whether box `b` (left, top, right, bottom) lies inside `p`'s territory:
/// the middles of its sides do, and its corners pulled in a little (a
/// code's corners are mostly blank, and may cross a slanting border).
fn fits(p: Province, b: &[f64; 4]) -> bool {
    const IN: f64 = 5.0;
    let (mx, my) = ((b[0] + b[2]) / 2.0, (b[1] + b[3]) / 2.0);
    let probes: [Point; 8] = [
        (b[0] + IN, b[1] + IN),
        (b[2] - IN, b[1] + IN),
        (b[0] + IN, b[3] - IN),
        (b[2] - IN, b[3] - IN),
        (mx, b[1]),
        (mx, b[3]),
        (b[0], my),
        (b[2], my),
    ];
    probes.iter().all(|pt| territory::contains(p, *pt))
}

/// Where a supply centre's marker stands: the first of a few places around
/// the point, clear of the unit there, that lies inside the territory and
/// clear of its code; up and right if none does.
pub fn centre_at(p: Province) -> (i32, i32) {
    const AROUND: [(i32, i32); 7] = [
        (26, -22),
        (-26, -22),
        (26, 22),
        (-26, 22),
        (0, -28),
        (30, 0),
        (-30, 0),
    ];
    let (x, y) = centre(p);
    let label = label_box(label_at(p));
    let r = CENTRE_RADIUS;
    AROUND
        .iter()
        .map(|(dx, dy)| (x + dx, y + dy))
        .find(|(cx, cy)| {
            let (cx, cy) = (f64::from(*cx), f64::from(*cy));
            let disc = [cx - r, cy - r, cx + r, cy + r];
            let clear = disc[2] < label[0]
                || disc[0] > label[2]
                || disc[3] < label[1]
                || disc[1] > label[3];
            clear && fits(p, &disc)
        })
        .unwrap_or((x + AROUND[0].0, y + AROUND[0].1))
}

/// Every supply centre's marker, in its owner's colour or white when
/// nobody owns it.
fn centres(out: &mut String, owners: &[(Province, Power)]) {
    out.push_str("<g class=\"centres\">");
    for p in Province::all().filter(|p| p.is_supply_center()) {
        let (x, y) = centre_at(p);
        let owner = owners.iter().find(|(c, _)| *c == p).map(|(_, o)| *o);
        let (fill, cls, who) = match owner {
            Some(o) => (colours(o).0, class(o), o.title()),
            None => ("#ffffff", "neutral".to_owned(), "nobody"),
        };
        let _ = write!(
            out,
            "<circle class=\"centre {cls}\" data-province=\"{}\" cx=\"{x}\" cy=\"{y}\" r=\"{CENTRE_RADIUS}\" fill=\"{fill}\">\
             <title>{} centre, owned by {who}</title></circle>",
            p.code(),
            esc(p.name())
        );
    }
    out.push_str("</g>");
}
