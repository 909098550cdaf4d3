//! Where each province of the standard board stands in the picture: a point
//! per province, hand-placed to keep the printed board's neighbourhoods
//! (Britain top left, Iberia bottom left, Turkey bottom right), a point per
//! coast of the three split-coast provinces, and extra hand-placed shape
//! points that give the territories their outlines (Britain an island, the
//! Italian boot, the Black Sea closed). [`super::territory`] cuts the board
//! into territories from these points; nothing here is copied from any
//! printed artwork.
//!
//! The table follows [`PROVINCES`](crate::diplomacy::map::PROVINCES) in order
//! (alphabetical by code); a test checks the codes line up.

use crate::diplomacy::map::{Coast, Location, Province};

/// The picture's drawing area: the board, then the legend band below it.
pub const WIDTH: i32 = 1000;
/// The board's height; the legend starts below it.
pub const BOARD_HEIGHT: i32 = 900;

/// Each province's code and centre point, in [`PROVINCES`] order.
///
/// [`PROVINCES`]: crate::diplomacy::map::PROVINCES
pub const PLACES: [(&str, i32, i32); 75] = [
    ("adr", 565, 690),
    ("aeg", 785, 800),
    ("alb", 672, 728),
    ("ank", 930, 690),
    ("apu", 582, 740),
    ("arm", 965, 610),
    ("bal", 595, 295),
    ("bar", 700, 30),
    ("bel", 330, 445),
    ("ber", 590, 370),
    ("bla", 892, 588),
    ("boh", 595, 525),
    ("bot", 640, 215),
    ("bre", 160, 480),
    ("bud", 742, 598),
    ("bul", 792, 702),
    ("bur", 345, 530),
    ("cly", 195, 150),
    ("con", 865, 720),
    ("den", 490, 300),
    ("eas", 860, 865),
    ("edi", 290, 150),
    ("eng", 200, 410),
    ("fin", 690, 115),
    ("gal", 770, 490),
    ("gas", 190, 620),
    ("gre", 712, 778),
    ("hel", 405, 315),
    ("hol", 395, 390),
    ("ion", 660, 860),
    ("iri", 85, 320),
    ("kie", 490, 380),
    ("lon", 285, 335),
    ("lvn", 740, 290),
    ("lvp", 195, 240),
    ("lyo", 345, 710),
    ("mao", 70, 520),
    ("mar", 310, 620),
    ("mos", 870, 310),
    ("mun", 500, 480),
    ("naf", 170, 865),
    ("nao", 70, 150),
    ("nap", 590, 832),
    ("nth", 385, 240),
    ("nwg", 360, 65),
    ("nwy", 480, 140),
    ("par", 250, 545),
    ("pic", 260, 460),
    ("pie", 402, 615),
    ("por", 60, 690),
    ("pru", 680, 360),
    ("rom", 505, 765),
    ("ruh", 420, 465),
    ("rum", 800, 582),
    ("ser", 730, 678),
    ("sev", 935, 420),
    ("sil", 610, 445),
    ("ska", 480, 225),
    ("smy", 885, 800),
    ("spa", 160, 690),
    ("stp", 820, 150),
    ("swe", 575, 175),
    ("syr", 965, 820),
    ("tri", 618, 640),
    ("tun", 370, 870),
    ("tus", 440, 705),
    ("tyr", 510, 560),
    ("tys", 440, 800),
    ("ukr", 860, 450),
    ("ven", 485, 638),
    ("vie", 665, 580),
    ("wal", 185, 330),
    ("war", 740, 410),
    ("wes", 250, 790),
    ("yor", 290, 245),
];

/// Each coast of a split-coast province and its point, set off from the
/// province's centre towards the water it touches.
pub const COASTS: [(&str, Coast, i32, i32); 6] = [
    ("bul", Coast::East, 835, 670),
    ("bul", Coast::South, 775, 740),
    ("spa", Coast::North, 128, 652),
    ("spa", Coast::South, 200, 735),
    ("stp", Coast::North, 800, 85),
    ("stp", Coast::South, 710, 208),
];

/// Extra points of a province's territory: each is a seed of the partition
/// like the province's own point, so a territory is the part of the board
/// nearer its points than any other's. Placed by hand, region by region, to
/// put water between lands the board separates and land where it joins.
pub const SHAPES: [(&str, i32, i32); 61] = [
    // Britain, ringed by water; the North Sea between it and the continent.
    ("eng", 130, 420),
    ("eng", 290, 405),
    ("iri", 122, 290),
    ("iri", 128, 365),
    ("nao", 118, 200),
    ("nao", 120, 125),
    ("nth", 355, 185),
    ("nth", 355, 365),
    ("nth", 357, 290),
    ("nth", 420, 240),
    ("nwg", 250, 85),
    ("nwg", 315, 88),
    // Scandinavia under the Barents Sea and joined to Finland, Denmark a
    // peninsula, St Petersburg on both its seas.
    ("bal", 545, 312),
    ("bal", 640, 290),
    ("bal", 660, 250),
    ("bar", 600, 15),
    ("bar", 860, 25),
    ("bar", 950, 40),
    ("den", 492, 258),
    ("hel", 440, 337),
    ("nwg", 400, 130),
    ("nwg", 470, 40),
    ("ska", 430, 215),
    ("ska", 545, 235),
    ("stp", 752, 212),
    ("stp", 965, 165),
    // France and Iberia with the Atlantic west of them, Spain's north coast
    // on the Bay of Biscay, Marseilles meeting Piedmont south of the Alps.
    ("bre", 178, 538),
    ("gas", 262, 598),
    ("lyo", 270, 700),
    ("lyo", 380, 690),
    ("mao", 10, 620),
    ("mao", 15, 760),
    ("mao", 100, 790),
    ("mao", 115, 600),
    ("mao", 120, 570),
    ("mar", 355, 595),
    ("wes", 200, 800),
    ("wes", 300, 770),
    // Central Europe: neighbours on the board meet along a border, not at a
    // corner.
    ("gal", 690, 505),
    ("tri", 670, 630),
    ("tyr", 560, 590),
    // Italy between the Adriatic and the Tyrrhenian Sea, Venice meeting
    // Trieste at the Adriatic's head, the Strait of Otranto between Apulia
    // and Albania.
    ("adr", 552, 678),
    ("adr", 603, 697),
    ("ion", 560, 880),
    ("ion", 650, 772),
    ("ion", 720, 860),
    ("tys", 500, 830),
    ("tys", 522, 815),
    ("ven", 540, 612),
    // The Aegean between Greece and Bulgaria, the eastern Mediterranean.
    ("aeg", 770, 768),
    ("aeg", 800, 850),
    ("eas", 770, 880),
    ("eas", 950, 880),
    ("gre", 745, 740),
    // The Black Sea closed by Rumania, Ukraine, Sevastopol and Armenia;
    // Armenia meeting Smyrna.
    ("arm", 975, 548),
    ("arm", 980, 715),
    ("bla", 860, 638),
    ("sev", 860, 530),
    ("sev", 885, 508),
    ("sev", 965, 495),
    ("ukr", 825, 505),
];

/// Land no unit may enter, drawn so the board's land reads as one piece:
/// Switzerland, between France, Germany and Italy.
pub const IMPASSABLE: [(&str, i32, i32); 1] = [("Switzerland", 425, 550)];

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
