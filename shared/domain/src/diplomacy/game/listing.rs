//! A Diplomacy board's line in the index of public competitions: the
//! phase being played in words ("Spring 1902, movement"), its powers and
//! its first deadline.

use crate::diplomacy::position::{Phase, PhaseKind, Season};
use crate::page::{count, date, instant, Listing, Public};

pub(crate) fn of(p: &Public) -> Listing {
    let v = &p.view;
    let status = match v["status"].as_str().unwrap_or_default() {
        "ended" => "Finished".to_owned(),
        "playing" => match v["position"]["phase"].as_str() {
            Some(code) => phase_words(code),
            None => "Not started".to_owned(),
        },
        _ => "Not set up yet".to_owned(),
    };
    let seats = v["seats"].as_object().map_or(0, |s| s.len());
    Listing {
        kind: "Diplomacy board",
        status,
        dates: instant(&v["settings"]["first_deadline"])
            .map(|t| format!("First deadline {}", date(t))),
        size: (seats > 0).then(|| count(seats, "power", "powers")),
    }
}

/// `S1902M` as a player says it: "Spring 1902, movement".
fn phase_words(code: &str) -> String {
    let Some(phase) = Phase::parse(code) else {
        return format!("Phase {code}");
    };
    let season = match phase.season {
        Season::Spring => "Spring",
        Season::Fall => "Fall",
        Season::Winter => "Winter",
    };
    let kind = match phase.kind {
        PhaseKind::Movement => "movement",
        PhaseKind::Retreat => "retreats",
        PhaseKind::Adjustment => "adjustments",
    };
    format!("{season} {}, {kind}", phase.year)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_phase_code_reads_as_season_year_and_kind() {
        assert_eq!(super::phase_words("F1902M"), "Fall 1902, movement");
        assert_eq!(super::phase_words("W1901A"), "Winter 1901, adjustments");
        assert_eq!(super::phase_words("nonsense"), "Phase nonsense");
    }
}
