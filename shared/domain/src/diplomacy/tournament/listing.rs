//! A World Masters tournament's line in the index of public competitions:
//! the round being played (wm B.1), its teams and its entry deadline
//! (wm B.2).

use crate::page::{count, date, instant, Listing, Public};

pub(crate) fn of(p: &Public) -> Listing {
    let v = &p.view;
    let drawn = v["rounds"].as_array().and_then(|r| r.last());
    let status = if !v["winners"].is_null() {
        "Finished".to_owned()
    } else if let Some(round) = drawn {
        let stage = stage_words(round["stage"].as_str().unwrap_or_default());
        if round["advancing"].is_null() {
            format!("{stage} being played")
        } else {
            format!("{stage} closed")
        }
    } else if v["entries_closed"] == true {
        "Entries closed; round one not drawn yet".to_owned()
    } else if v["settings"].is_null() {
        "Not set up yet".to_owned()
    } else {
        "Entries open".to_owned()
    };
    let teams = v["teams"].as_object().map_or(0, |t| t.len());
    Listing {
        kind: "World Masters team tournament",
        status,
        dates: instant(&v["settings"]["entry_deadline"])
            .map(|t| format!("Entries until {}", date(t))),
        size: (teams > 0).then(|| count(teams, "team", "teams")),
    }
}

/// The stage as the rules name it (wm B.1, B.4).
fn stage_words(stage: &str) -> &'static str {
    match stage {
        "round-one" => "Round one",
        "round-two" => "Round two",
        "semi-final" => "Semi-final",
        "final" => "Final",
        _ => "A round",
    }
}
