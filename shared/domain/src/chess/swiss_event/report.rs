//! The event as a Tournament Report File, for FIDE rating officers and for
//! other pairing software:
//!
//! - the tournament section (trf16 012–132): the regulations' `report`
//!   (name, city, federation, arbiters, time control), the players and the
//!   rated players counted, the type of tournament from the pairing system,
//!   and the dates from the regulations' `round_times` (the state keeps no
//!   time of a pairing, so a round without a time has no date);
//! - one player record each (trf16 001): the history of every round whose
//!   boards all have a result, with the entry's federation and FIDE id and
//!   the place in the standings as the rank;
//! - in TRF-16 the engines' `XXR` and `XXC`; in TRF-2025 the same facts as
//!   trf2025 142 and 152, and the byes asked for rounds not yet exported as
//!   trf2025 240 (a half-point bye `H`, an announced absence `Z`).

use super::engine::{pairing_numbers, tournament};
use super::settings::{PairingSystem, Settings};
use super::standings::{standings, Tiebreak};
use super::state::SwissEvent;
use super::vocabulary::Absence;
use crate::chess::swiss::Colour;
use crate::chess::trf::{self, Trf, TrfBye, TrfByes, TrfLine, TrfTournament};
use crate::refusal::Refusal;
use chrono::NaiveDate;
use std::collections::BTreeMap;

/// Which TRF a report is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrfFormat {
    /// FIDE's TRF-16.
    Trf16,
    /// FIDE's 2025 revision (trf2025 142, 152, 240).
    Trf2025,
}

impl TrfFormat {
    /// The `format` query parameter: `16` (the default) or `2025`.
    pub fn parse(value: Option<&str>) -> Result<Self, Refusal> {
        match value {
            None | Some("16" | "trf16") => Ok(TrfFormat::Trf16),
            Some("2025" | "trf2025") => Ok(TrfFormat::Trf2025),
            Some(other) => Err(Refusal::invalid(format!(
                "format is 16 or 2025, not {other:?}"
            ))),
        }
    }
}

/// The event as TRF-16 (with `XXR` and `XXC`): every round whose boards all
/// have a result, so that `arbiter pair --check` (and any engine reading
/// TRF) pairs each of those rounds again from the rounds before it.
/// Absences are written `H` (half-point bye) or `Z`, the system's bye `U`.
pub fn export_trf(state: &SwissEvent) -> String {
    export(state, TrfFormat::Trf16)
}

/// The event as a TRF of `format`.
pub fn export(state: &SwissEvent, format: TrfFormat) -> String {
    let settings = state
        .settings
        .clone()
        .unwrap_or_else(|| Settings::rounds(state.rounds.len().max(1) as u32));
    let resulted = resulted(state);
    let history = tournament(state, &settings, resulted).to_trf();
    let mut lines = section(state, &settings).lines();
    match format {
        TrfFormat::Trf16 => lines.extend(history.lines),
        TrfFormat::Trf2025 => {
            lines.extend(rounds_and_colour(&settings));
            lines.extend(history.lines.into_iter().filter(is_player));
            lines.extend(byes_ahead(state, resulted));
        }
    }
    let mut doc = Trf { lines };
    player_facts(&mut doc, state, &settings);
    trf::write(&doc)
}

/// The rounds whose boards all have a result, from round 1 on.
fn resulted(state: &SwissEvent) -> u32 {
    state
        .rounds
        .iter()
        .take_while(|r| r.games.iter().all(|g| g.result.is_some()))
        .count() as u32
}

fn is_player(line: &TrfLine) -> bool {
    matches!(line, TrfLine::Player(_))
}

/// trf16 092: the type of tournament.
fn kind(system: PairingSystem) -> &'static str {
    match system {
        PairingSystem::Dutch2006 | PairingSystem::Dutch2017 | PairingSystem::Dutch2026 => {
            "Swiss Dutch"
        }
        PairingSystem::MonradAcwc => "Swiss Monrad",
        PairingSystem::RoundRobin => "Round Robin",
    }
}

/// trf16 132: each scheduled round's date, from the regulations' times.
fn round_dates(settings: &Settings) -> Vec<Option<NaiveDate>> {
    settings
        .round_times
        .iter()
        .take(settings.rounds as usize)
        .map(|t| Some(t.date_naive()))
        .collect()
}

/// trf16 012–132.
fn section(state: &SwissEvent, settings: &Settings) -> TrfTournament {
    let report = &settings.report;
    let round_dates = round_dates(settings);
    let known = || round_dates.iter().flatten().copied();
    TrfTournament {
        name: report.name.clone(),
        city: report.city.clone(),
        federation: report.federation.clone(),
        start: known().next(),
        end: known().last(),
        players: state.players.len() as u32,
        rated_players: state
            .players
            .values()
            .filter(|p| p.entry.rating > 0)
            .count() as u32,
        teams: 0,
        kind: kind(settings.system).to_owned(),
        chief_arbiter: report.chief_arbiter.clone(),
        deputy_arbiters: report.deputy_arbiters.clone(),
        time_control: report.time_control.clone(),
        round_dates,
    }
}

/// trf2025 142 (number of rounds) and 152 (initial colour).
fn rounds_and_colour(settings: &Settings) -> [TrfLine; 2] {
    let colour = match settings.first_colour {
        Colour::White => 'W',
        Colour::Black => 'B',
    };
    [
        TrfLine::Other(format!("142 {}", settings.rounds)),
        TrfLine::Other(format!("152 {colour}")),
    ]
}

/// trf16 001: federation (54–56), FIDE id (58–68) and rank (86–89), the
/// place in the standings after the completed rounds (shared places
/// share the rank).
fn player_facts(doc: &mut Trf, state: &SwissEvent, settings: &Settings) {
    let tiebreaks: &[Tiebreak] = &settings.tiebreaks;
    let places: BTreeMap<_, _> = standings(state, tiebreaks)
        .into_iter()
        .map(|s| (s.player, s.place))
        .collect();
    let by_number: BTreeMap<u32, _> = pairing_numbers(state)
        .into_iter()
        .map(|(u, n)| (n, u))
        .collect();
    for line in doc.players_mut() {
        let Some(id) = by_number.get(&line.number) else {
            continue;
        };
        let entry = &state.players[*id].entry;
        line.federation = entry.federation.trim().to_ascii_uppercase();
        line.fide_id = entry.fide_id.map(|i| i.to_string()).unwrap_or_default();
        line.rank = places.get(*id).copied();
    }
}

/// trf2025 240: the byes asked for rounds after the last exported one, a
/// record for each round and kind, players by starting rank.
fn byes_ahead(state: &SwissEvent, after: u32) -> Vec<TrfLine> {
    let numbers = pairing_numbers(state);
    let mut asked: BTreeMap<(u32, TrfBye), Vec<u32>> = BTreeMap::new();
    for (id, p) in &state.players {
        for (round, absence) in p.absences.range(after + 1..) {
            let kind = match absence {
                Absence::HalfPointBye => TrfBye::Half,
                Absence::Announced => TrfBye::Zero,
            };
            asked.entry((*round, kind)).or_default().push(numbers[id]);
        }
    }
    asked
        .into_iter()
        .map(|((round, kind), mut players)| {
            players.sort_unstable();
            TrfLine::Byes(TrfByes {
                kind,
                round,
                players,
            })
        })
        .collect()
}
