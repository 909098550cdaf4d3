//! Where each province of the standard board stands in the picture: a point
//! per province, hand-placed to keep the printed board's neighbourhoods
//! (Britain top left, Iberia bottom left, Turkey bottom right), and a point
//! per coast of the three split-coast provinces. The picture is a schematic
//! of these points and the borders of [`crate::diplomacy::map`], not a copy
//! of any printed artwork.
//!
//! The table follows [`PROVINCES`](crate::diplomacy::map::PROVINCES) in order
//! (alphabetical by code); a test checks the codes line up.

use crate::diplomacy::map::{Coast, Location, Province};

/// The picture's drawing area: the board, then the legend band below it.
pub const WIDTH: i32 = 1000;
/// The board's height; the legend starts below it.
pub const BOARD_HEIGHT: i32 = 800;

/// Each province's code and centre point, in [`PROVINCES`] order.
///
/// [`PROVINCES`]: crate::diplomacy::map::PROVINCES
pub const PLACES: [(&str, i32, i32); 75] = [
    ("adr", 535, 590),
    ("aeg", 715, 705),
    ("alb", 600, 625),
    ("ank", 850, 610),
    ("apu", 565, 645),
    ("arm", 940, 600),
    ("bal", 570, 275),
    ("bar", 730, 35),
    ("bel", 360, 405),
    ("ber", 530, 350),
    ("bla", 835, 535),
    ("boh", 525, 435),
    ("bot", 615, 190),
    ("bre", 235, 450),
    ("bud", 625, 500),
    ("bul", 705, 600),
    ("bur", 365, 480),
    ("cly", 245, 195),
    ("con", 775, 645),
    ("den", 480, 270),
    ("eas", 830, 765),
    ("edi", 295, 210),
    ("eng", 240, 385),
    ("fin", 650, 110),
    ("gal", 650, 440),
    ("gas", 250, 535),
    ("gre", 645, 680),
    ("hel", 415, 300),
    ("hol", 400, 360),
    ("ion", 590, 750),
    ("iri", 160, 330),
    ("kie", 470, 365),
    ("lon", 305, 345),
    ("lvn", 680, 295),
    ("lvp", 260, 260),
    ("lyo", 345, 610),
    ("mao", 85, 500),
    ("mar", 335, 555),
    ("mos", 785, 300),
    ("mun", 445, 480),
    ("naf", 170, 745),
    ("nao", 110, 160),
    ("nap", 570, 700),
    ("nth", 365, 260),
    ("nwg", 420, 75),
    ("nwy", 470, 160),
    ("par", 295, 485),
    ("pic", 310, 420),
    ("pie", 410, 555),
    ("por", 65, 610),
    ("pru", 605, 335),
    ("rom", 495, 630),
    ("ruh", 420, 425),
    ("rum", 725, 545),
    ("ser", 625, 570),
    ("sev", 855, 440),
    ("sil", 565, 395),
    ("ska", 475, 215),
    ("smy", 815, 700),
    ("spa", 165, 610),
    ("stp", 770, 150),
    ("swe", 545, 165),
    ("syr", 935, 710),
    ("tri", 545, 530),
    ("tun", 365, 750),
    ("tus", 445, 612),
    ("tyr", 500, 490),
    ("tys", 445, 680),
    ("ukr", 730, 440),
    ("ven", 470, 555),
    ("vie", 565, 470),
    ("wal", 240, 330),
    ("war", 635, 380),
    ("wes", 275, 665),
    ("yor", 305, 285),
];

/// Each coast of a split-coast province and its point, set off from the
/// province's centre towards the water it touches.
pub const COASTS: [(&str, Coast, i32, i32); 6] = [
    ("bul", Coast::East, 755, 585),
    ("bul", Coast::South, 690, 645),
    ("spa", Coast::North, 150, 560),
    ("spa", Coast::South, 200, 655),
    ("stp", Coast::North, 760, 85),
    ("stp", Coast::South, 700, 190),
];

/// A province's centre point.
pub fn centre(p: Province) -> (i32, i32) {
    let (_, x, y) = PLACES[usize::from(p.0).min(PLACES.len() - 1)];
    (x, y)
}

/// A location's point: its coast's point for a fleet on a named coast, the
/// province's centre otherwise.
pub fn point(l: Location) -> (i32, i32) {
    let code = l.province.code();
    l.coast
        .and_then(|c| {
            COASTS
                .iter()
                .find(|(p, k, _, _)| *p == code && *k == c)
                .map(|(_, _, x, y)| (*x, *y))
        })
        .unwrap_or_else(|| centre(l.province))
}
