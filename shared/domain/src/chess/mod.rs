//! Chess competitions: Swiss pairing (FIDE Dutch 1992–2006, ACWC Monrad),
//! round-robin (Berger tables), the TRF-16 interchange format, and matches.
//!
//! - [`swiss`]: the Swiss history model, [`swiss::dutch`] (FIDE Dutch system,
//!   1992–2006 wording, sections A–H) and [`swiss::monrad`] (acwc III.F).
//! - [`round_robin`]: FIDE Berger tables, single and double round-robin, and the
//!   Candidates tiebreak (acwc III.G).
//! - [`trf`]: FIDE TRF-16 reader and writer with the `XXR` / `XXC` extensions.
//! - [`cli`]: `arbiter pair` as a pure function from TRF text to engine-style output.
//! - [`swiss_event`]: the `swiss` competition kind, a Swiss event run with those engines.
//! - [`performance`]: a performance rating by FIDE's table of score to rating difference.

pub mod acwc;
pub mod cli;
mod pages;
pub mod performance;
pub mod round_robin;
pub mod swiss;
pub mod swiss_event;
pub mod trf;

/// Half points as a crosstable prints them: 13 reads "6½", 1 reads "½".
pub fn half_points_text(half: u64) -> String {
    match (half / 2, half % 2) {
        (0, 1) => "½".to_owned(),
        (whole, 1) => format!("{whole}½"),
        (whole, _) => whole.to_string(),
    }
}

/// Half points with their unit: "½ point", "1 point", "2½ points".
pub fn half_points_label(half: u64) -> String {
    let unit = if matches!(half, 1 | 2) {
        "point"
    } else {
        "points"
    };
    format!("{} {unit}", half_points_text(half))
}
