//! The board cut into territories: every point of [`layout`] (a province's
//! own point, its extra shape points, the impassable land's) is a seed, and
//! the board is split into the parts nearest each seed (a Voronoi
//! partition), each worked out by clipping the board's rectangle with the
//! half-plane nearer that seed than each other one. A province's territory
//! is the union of its seeds' cells, so the territories tile the board with
//! no gap and no overlap, and each province's point lies inside its own.
//!
//! Every edge remembers the cell across it, so the picture draws each
//! border once and tells a coastline from a land or sea border. About 130
//! seeds, each clipped by every other: done once and kept.
//!
//! [`layout`]: super::layout

use super::layout::{BOARD_HEIGHT, IMPASSABLE, PLACES, SHAPES, WIDTH};
use crate::diplomacy::map::Province;
use std::sync::OnceLock;

/// A point of the picture.
pub type Point = (f64, f64);

/// Whose a cell is: a province's, or impassable land's (by its index in
/// [`IMPASSABLE`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    Province(Province),
    Impassable(usize),
}

/// One seed's cell: a convex polygon, its corners in order, and for the edge
/// from each corner to the next, the cell across it (`None`: the board's
/// edge).
#[derive(Debug, Clone)]
pub struct Cell {
    pub owner: Owner,
    pub corners: Vec<Point>,
    pub across: Vec<Option<usize>>,
}

/// How near zero a side test counts as on the line (the coordinates are
/// hundreds, their squares under a few million).
const EPS: f64 = 1e-6;

/// Every seed with its owner: the provinces' points, their shape points
/// (a row naming no province is left out), the impassable land.
fn seeds() -> Vec<(Owner, Point)> {
    let own = Province::all().map(|p| {
        let (x, y) = super::layout::centre(p);
        (Owner::Province(p), (f64::from(x), f64::from(y)))
    });
    let shapes = SHAPES.iter().filter_map(|(code, x, y)| {
        let p = Province::from_code(code)?;
        Some((Owner::Province(p), (f64::from(*x), f64::from(*y))))
    });
    let impassable = IMPASSABLE
        .iter()
        .enumerate()
        .map(|(i, (_, x, y))| (Owner::Impassable(i), (f64::from(*x), f64::from(*y))));
    debug_assert_eq!(PLACES.len(), Province::all().count());
    own.chain(shapes).chain(impassable).collect()
}

/// Every cell, worked out once.
pub fn cells() -> &'static [Cell] {
    static CELLS: OnceLock<Vec<Cell>> = OnceLock::new();
    CELLS.get_or_init(|| {
        let seeds = seeds();
        (0..seeds.len()).map(|i| cell(&seeds, i)).collect()
    })
}

/// Seed `i`'s cell: the board's rectangle clipped by the half-plane nearer
/// seed `i` than seed `j`, for every other `j`.
fn cell(seeds: &[(Owner, Point)], i: usize) -> Cell {
    let (w, h) = (f64::from(WIDTH), f64::from(BOARD_HEIGHT));
    let mut ring: Vec<(Point, Option<usize>)> = vec![
        ((0.0, 0.0), None),
        ((w, 0.0), None),
        ((w, h), None),
        ((0.0, h), None),
    ];
    let (xi, yi) = seeds[i].1;
    for (j, (_, (xj, yj))) in seeds.iter().enumerate() {
        if j == i || ring.is_empty() || (xi, yi) == (*xj, *yj) {
            continue;
        }
        // Nearer i than j: 2(xj−xi)x + 2(yj−yi)y ≤ xj²+yj²−xi²−yi².
        let line = (
            2.0 * (xj - xi),
            2.0 * (yj - yi),
            xj * xj + yj * yj - xi * xi - yi * yi,
        );
        ring = clip(&ring, line, j);
    }
    Cell {
        owner: seeds[i].0,
        corners: ring.iter().map(|(p, _)| *p).collect(),
        across: ring.iter().map(|(_, a)| *a).collect(),
    }
}

/// The part of the convex `ring` where a·x + b·y ≤ c; the new edge along
/// the line has cell `tag` across it. Each entry is a corner and the edge
/// leaving it.
fn clip(
    ring: &[(Point, Option<usize>)],
    (a, b, c): (f64, f64, f64),
    tag: usize,
) -> Vec<(Point, Option<usize>)> {
    let side = |p: Point| a * p.0 + b * p.1 - c;
    let n = ring.len();
    let mut out = Vec::with_capacity(n + 1);
    for k in 0..n {
        let (p, edge) = ring[k];
        let q = ring[(k + 1) % n].0;
        let (fp, fq) = (side(p), side(q));
        let between = || {
            let t = fp / (fp - fq);
            (p.0 + t * (q.0 - p.0), p.1 + t * (q.1 - p.1))
        };
        match (fp <= EPS, fq <= EPS) {
            (true, true) => out.push((p, edge)),
            // Leaving: the kept boundary turns along the line here.
            (true, false) if fp.abs() <= EPS => out.push((p, Some(tag))),
            (true, false) => {
                out.push((p, edge));
                out.push((between(), Some(tag)));
            }
            // Entering at q itself: q comes next with its own edge.
            (false, true) if fq.abs() <= EPS => {}
            (false, true) => out.push((between(), edge)),
            (false, false) => {}
        }
    }
    out
}

/// The cells of province `p`.
pub fn of(p: Province) -> impl Iterator<Item = &'static Cell> {
    cells()
        .iter()
        .filter(move |c| c.owner == Owner::Province(p))
}

/// The SVG path data of the cells owned by `owner`: one closed ring each.
pub fn path(owner: Owner) -> String {
    let mut d = String::new();
    for c in cells().iter().filter(|c| c.owner == owner) {
        for (k, (x, y)) in c.corners.iter().enumerate() {
            d.push(if k == 0 { 'M' } else { 'L' });
            d.push_str(&format!("{} {}", num(*x), num(*y)));
        }
        d.push('Z');
    }
    d
}

/// A coordinate to a tenth, without a trailing `.0`.
pub fn num(v: f64) -> String {
    let r = (v * 10.0).round() / 10.0;
    if r.fract() == 0.0 {
        format!("{r:.0}")
    } else {
        format!("{r:.1}")
    }
}

/// Whether `pt` lies in convex `cell` (on its boundary counts).
fn inside(cell: &Cell, (x, y): Point) -> bool {
    let n = cell.corners.len();
    n >= 3
        && (0..n).all(|k| {
            let (ax, ay) = cell.corners[k];
            let (bx, by) = cell.corners[(k + 1) % n];
            // The corners run clockwise on screen (y down): inside is to
            // the right of each edge, where the cross product is ≥ 0.
            (bx - ax) * (y - ay) - (by - ay) * (x - ax) >= -EPS
        })
}

/// Whether `pt` lies in province `p`'s territory.
pub fn contains(p: Province, pt: Point) -> bool {
    of(p).any(|c| inside(c, pt))
}

/// One stretch of border: the owners on either side and its two ends.
#[derive(Debug, Clone, Copy)]
pub struct Border {
    pub sides: (Owner, Owner),
    pub from: Point,
    pub to: Point,
}

/// Every edge between cells of different owners, once each.
pub fn borders() -> Vec<Border> {
    let all = cells();
    let mut out = Vec::new();
    for (i, c) in all.iter().enumerate() {
        let n = c.corners.len();
        for k in 0..n {
            let Some(j) = c.across[k] else { continue };
            let Some(other) = all.get(j) else { continue };
            if j > i && other.owner != c.owner {
                out.push(Border {
                    sides: (c.owner, other.owner),
                    from: c.corners[k],
                    to: c.corners[(k + 1) % n],
                });
            }
        }
    }
    out
}
