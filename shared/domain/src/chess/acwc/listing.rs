//! An ACWC championship's line in the index of public competitions: its
//! stage (acwc III) and round, its admitted entrants, and when the
//! Qualification starts.

use crate::page::{count, date, instant, Listing, Public};

pub(crate) fn of(p: &Public) -> Listing {
    let v = &p.view;
    let in_stage = |stage: &str| {
        v["rounds"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|r| r["stage"] == stage)
            .count()
    };
    let status = match v["stage"].as_str().unwrap_or_default() {
        _ if v["settings"].is_null() => "Not set up yet".to_owned(),
        "registration" => "Registration open".to_owned(),
        "qualification" => format!("Qualification, round {}", in_stage("qualification")),
        "candidates" => format!("Candidates, round {}", in_stage("candidates")),
        "final" => "The Final".to_owned(),
        _ => match v["champion"].as_str() {
            Some(champion) => format!("Finished: {champion} is champion"),
            None => "Finished".to_owned(),
        },
    };
    let admitted = v["entrants"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|e| e["status"]["status"] == "admitted")
        .count();
    let dates = instant(&v["settings"]["qualification_starts"])
        .map(|t| format!("Qualification from {}", date(t)));
    Listing {
        kind: "ACWC championship",
        status,
        dates,
        size: (admitted > 0).then(|| count(admitted, "player", "players")),
    }
}
