//! A Swiss event's line in the index of public competitions: where the
//! rounds stand ("Round 3 of 7"), its entrants and its scheduled dates.

use crate::page::{count, date, instant, Listing, Public};

pub(crate) fn of(p: &Public) -> Listing {
    let v = &p.view;
    let planned = v["settings"]["rounds"].as_u64();
    let paired = v["rounds"].as_array().map_or(0, Vec::len);
    let status = match planned {
        None => "Not set up yet".to_owned(),
        Some(_) if v["finished"] == true => format!("Finished after {paired} rounds"),
        Some(_) if paired == 0 => "Entries open; no round paired yet".to_owned(),
        Some(n) => format!("Round {paired} of {n}"),
    };
    let players = v["players"].as_array().map_or(0, Vec::len);
    let times: Vec<_> = v["settings"]["round_times"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(instant)
        .collect();
    let dates = match (times.iter().min(), times.iter().max()) {
        (Some(a), Some(b)) if date(*a) != date(*b) => Some(format!("{} to {}", date(*a), date(*b))),
        (Some(a), _) => Some(date(*a)),
        _ => Some(format!("Created {}", date(p.env.created_at))),
    };
    Listing {
        kind: "Swiss event",
        status,
        dates,
        size: (players > 0).then(|| count(players, "player", "players")),
    }
}
