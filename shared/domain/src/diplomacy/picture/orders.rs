//! Orders as marks on the board, read back from each result's canonical
//! reading (`A PAR - BUR`, `F NTH C A LON - NWY`, `A MUN S A BER - KIE`,
//! `F BRE R MAO`, `build A PAR`): a move or retreat is an arrow, a support a
//! dashed line to the supported unit (or to the middle of the move it
//! supports), a convoy a dotted line to the middle of the convoyed move, a
//! hold a ring, a disband or removal a cross, a build a ring at the site.
//! Each mark carries its result's outcome as a class (`result-bounced`) and,
//! when the order did not succeed, `failed` and a cross at its end.

use super::layout::point;
use super::svg::{cross, esc};
use super::DISLODGED_OFFSET;
use crate::diplomacy::cli::OrderResult;
use crate::diplomacy::map::{parse_location, Location};
use crate::diplomacy::orders::{parse_order, Abbreviations, Action};
use std::fmt::Write;

/// How short of its target point an arrow stops, so its head is not hidden
/// under the unit standing there.
const SHORTEN: f64 = 16.0;

/// What an order's mark is.
enum Mark {
    Arrow(Vec<(i32, i32)>, &'static str),
    Line((i32, i32), (i32, i32), &'static str),
    Ring((i32, i32), &'static str),
    Cross((i32, i32), &'static str),
}

/// Draws every result that has a reading; unreadable ones are left out (the
/// description still lists them).
pub fn draw(out: &mut String, results: &[OrderResult], retreat: bool) {
    out.push_str("<g class=\"orders\">");
    for r in results {
        let Some(reading) = r.order.as_deref() else {
            continue;
        };
        let Some(mark) = mark(reading, retreat) else {
            continue;
        };
        let outcome: String = r
            .outcome
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        let failed = r.outcome != "succeeds";
        let kind = match &mark {
            Mark::Arrow(_, k) | Mark::Line(_, _, k) | Mark::Ring(_, k) | Mark::Cross(_, k) => *k,
        };
        let _ = write!(
            out,
            "<g class=\"order {kind} result-{outcome}{}\" data-order=\"{}\"><title>{}: {}</title>",
            if failed { " failed" } else { "" },
            esc(reading),
            esc(reading),
            esc(&r.outcome)
        );
        let end = shape(out, &mark);
        if failed {
            cross(out, end.0, end.1);
        }
        out.push_str("</g>");
    }
    out.push_str("</g>");
}

/// Writes the mark and returns the point where it ends.
fn shape(out: &mut String, mark: &Mark) -> (i32, i32) {
    match mark {
        Mark::Arrow(points, _) => {
            let pts = shortened(points);
            let d: Vec<String> = pts.iter().map(|(x, y)| format!("{x},{y}")).collect();
            let _ = write!(
                out,
                "<polyline points=\"{}\" marker-end=\"url(#dip-arrow)\"/>",
                d.join(" ")
            );
            midpoint(pts[pts.len() - 2], pts[pts.len() - 1])
        }
        Mark::Line((x1, y1), (x2, y2), _) => {
            let _ = write!(
                out,
                "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" marker-end=\"url(#dip-dot)\"/>"
            );
            (*x2, *y2)
        }
        Mark::Ring((x, y), _) => {
            let _ = write!(out, "<circle cx=\"{x}\" cy=\"{y}\" r=\"17\"/>");
            (*x, *y + 17)
        }
        Mark::Cross((x, y), _) => {
            cross(out, *x, *y);
            (*x, *y)
        }
    }
}

/// The mark of one canonical reading; `None` for a waiver or a reading the
/// order parser cannot read back.
fn mark(reading: &str, retreat: bool) -> Option<Mark> {
    let lower = reading.trim().to_ascii_lowercase();
    if let Some(rest) = lower.strip_prefix("build ") {
        return Some(Mark::Ring(site(rest)?, "build"));
    }
    if let Some(rest) = lower.strip_prefix("remove ") {
        return Some(Mark::Cross(site(rest)?, "remove"));
    }
    let parsed = parse_order(reading, &Abbreviations::new()).ok()?;
    let at = parsed.location?;
    let from = if retreat {
        offset(point(at))
    } else {
        point(at)
    };
    Some(match parsed.action {
        Action::Hold => Mark::Ring(from, "hold"),
        Action::Move { dest, route, .. } => {
            let mut pts = vec![from];
            pts.extend(route.into_iter().map(|p| point(p.into())));
            pts.push(point(dest));
            Mark::Arrow(pts, if retreat { "retreat" } else { "move" })
        }
        Action::Support {
            supported, dest, ..
        } => {
            let to = match dest {
                Some(d) => midpoint(point(supported), point(d)),
                None => point(supported),
            };
            Mark::Line(from, to, "support")
        }
        Action::Convoy { army, dest, .. } => Mark::Line(
            from,
            midpoint(point(army.into()), point(dest.into())),
            "convoy",
        ),
        Action::Disband => Mark::Cross(from, "disband"),
        Action::Build => Mark::Ring(from, "build"),
        Action::Waive => return None,
    })
}

/// The point of `A PAR` / `F STP/NC` (an adjustment's unit).
fn site(unit: &str) -> Option<(i32, i32)> {
    let place = unit.split_once(' ').map_or(unit, |(_, p)| p);
    parse_location(place).map(|l: Location| point(l))
}

fn offset((x, y): (i32, i32)) -> (i32, i32) {
    (x + DISLODGED_OFFSET.0, y + DISLODGED_OFFSET.1)
}

fn midpoint((x1, y1): (i32, i32), (x2, y2): (i32, i32)) -> (i32, i32) {
    ((x1 + x2) / 2, (y1 + y2) / 2)
}

/// The points with the last segment pulled back by [`SHORTEN`] (never past
/// its own start).
fn shortened(points: &[(i32, i32)]) -> Vec<(i32, i32)> {
    let mut pts = points.to_vec();
    let n = pts.len();
    let (x1, y1) = pts[n - 2];
    let (x2, y2) = pts[n - 1];
    let (dx, dy) = (f64::from(x2 - x1), f64::from(y2 - y1));
    let len = (dx * dx + dy * dy).sqrt();
    if len > 2.0 * SHORTEN {
        let k = (len - SHORTEN) / len;
        pts[n - 1] = (x1 + (dx * k).round() as i32, y1 + (dy * k).round() as i32);
    }
    pts
}
