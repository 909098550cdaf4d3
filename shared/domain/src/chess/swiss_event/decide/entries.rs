//! The regulations, entries, withdrawals and absences (dutch A1, A2, F5;
//! the regulations' late entries and half-point byes).

use super::{acting_for, by_rule, recorded, require_official, settings};
use crate::chess::swiss::Title;
use crate::chess::swiss_event::settings::{PairingSystem, Settings, REGULATIONS};
use crate::chess::swiss_event::state::SwissEvent;
use crate::chess::swiss_event::vocabulary::{Absence, Entry, Event};
use crate::chess::swiss_event::Recorded;
use crate::envelope::{Context, Envelope, Role, UserId};
use crate::refusal::Refusal;
use std::collections::BTreeSet;

/// TRF-16 writes a starting rank in four columns.
pub const MAX_PLAYERS: usize = 9999;

/// The regulations, set (or changed) before round 1 is paired.
pub(super) fn set_up(
    env: &Envelope,
    state: &SwissEvent,
    settings: &Settings,
    ctx: &Context,
) -> Result<Vec<Recorded>, Refusal> {
    require_official(env, ctx)?;
    if !state.rounds.is_empty() {
        return Err(Refusal::rule(
            REGULATIONS,
            "the regulations are fixed once round 1 is paired",
        ));
    }
    settings.validate(ctx.now)?;
    Ok(vec![recorded(Event::SetUp {
        settings: settings.clone(),
    })])
}

/// dutch A1, A2: the ranking data an entry gives, checked.
fn check_entry(entry: &Entry) -> Result<(), Refusal> {
    let name = entry.name.trim();
    if name.is_empty() || name.chars().count() > 100 || name.chars().any(char::is_control) {
        return Err(Refusal::invalid("a name is 1 to 100 printable characters"));
    }
    if entry.rating > 3500 {
        return Err(Refusal::rule("dutch A1", "a rating is 0 (unrated) to 3500"));
    }
    let title = entry.title.trim();
    if !title.is_empty() && Title::parse(title) == Title::None {
        return Err(Refusal::rule(
            "dutch A2",
            "a title is one of GM, IM, WGM, WIM, FM, CM, WFM, WCM",
        ));
    }
    let fed = &entry.federation;
    if !(fed.is_empty() || (fed.len() == 3 && fed.bytes().all(|b| b.is_ascii_uppercase()))) {
        return Err(Refusal::invalid(
            "a federation is a three-letter code such as NED",
        ));
    }
    if entry.fide_id.is_some_and(|id| id > 99_999_999_999) {
        return Err(Refusal::invalid("a FIDE id has at most 11 digits"));
    }
    Ok(())
}

/// A player enters; after round 1 is paired, only until the regulations'
/// last round for late entries, missing the rounds already paired.
pub(super) fn register(
    env: &Envelope,
    state: &SwissEvent,
    player: Option<&UserId>,
    entry: &Entry,
    ctx: &Context,
) -> Result<Vec<Recorded>, Refusal> {
    let player = acting_for(env, player, ctx)?;
    check_entry(entry)?;
    if state.players.contains_key(&player) {
        return Err(Refusal::conflict(format!("{player} has already entered")));
    }
    if env.has_role(&player, Role::Arbiter) {
        return Err(Refusal::rule(
            REGULATIONS,
            "the arbiter does not play in the event",
        ));
    }
    if state.players.len() >= MAX_PLAYERS {
        return Err(Refusal::rule(
            "trf-16",
            format!("an event has at most {MAX_PLAYERS} players"),
        ));
    }
    let first_round = state.next_round();
    if first_round > 1 {
        let s = settings(state)?;
        if s.system == PairingSystem::RoundRobin {
            return Err(Refusal::rule(
                "round-robin",
                "a round-robin's field is fixed by its first round",
            ));
        }
        if first_round > s.late_entries_until_round {
            return Err(Refusal::rule(
                REGULATIONS,
                format!(
                    "entries closed after round {} was paired",
                    s.late_entries_until_round.max(1)
                ),
            ));
        }
    }
    Ok(vec![recorded(Event::Registered {
        player,
        entry: Entry {
            name: entry.name.trim().to_owned(),
            title: entry.title.trim().to_ascii_uppercase(),
            ..entry.clone()
        },
        first_round,
        starting_rank: None,
    })])
}

/// dutch F5: a withdrawn player is not paired again; a game already paired
/// stands (the arbiter records it).
pub(super) fn withdraw(
    env: &Envelope,
    state: &SwissEvent,
    player: Option<&UserId>,
    ctx: &Context,
) -> Result<Vec<Recorded>, Refusal> {
    let player = acting_for(env, player, ctx)?;
    let p = state
        .players
        .get(&player)
        .ok_or_else(|| Refusal::not_found(format!("{player} has not entered")))?;
    if p.withdrawn_from.is_some() {
        return Err(Refusal::conflict(format!("{player} has already withdrawn")));
    }
    Ok(vec![recorded(Event::Withdrew {
        player,
        from_round: state.next_round(),
    })])
}

/// The arbiter takes a withdrawn player back, from the next round on.
pub(super) fn reinstate(
    env: &Envelope,
    state: &SwissEvent,
    player: &UserId,
    ctx: &Context,
) -> Result<Vec<Recorded>, Refusal> {
    require_official(env, ctx)?;
    let p = state
        .players
        .get(player)
        .ok_or_else(|| Refusal::not_found(format!("{player} has not entered")))?;
    if p.withdrawn_from.is_none() {
        return Err(Refusal::conflict(format!("{player} has not withdrawn")));
    }
    Ok(vec![recorded(Event::Reinstated {
        player: player.clone(),
        from_round: state.next_round(),
    })])
}

/// dutch F5: a player known not to play a round not yet paired (scores 0),
/// or a half-point bye within the regulations' limit.
pub(super) fn absence(
    env: &Envelope,
    state: &SwissEvent,
    rounds: std::ops::RangeInclusive<u32>,
    player: Option<&UserId>,
    half_point_bye: bool,
    ctx: &Context,
) -> Result<Vec<Recorded>, Refusal> {
    let player = acting_for(env, player, ctx)?;
    let s = settings(state)?;
    if s.system == PairingSystem::RoundRobin {
        return Err(Refusal::rule(
            "round-robin",
            "a round-robin's pairings are fixed: the arbiter records a forfeit instead",
        ));
    }
    if rounds.is_empty() {
        return Err(Refusal::invalid("`through` is a round after `round`"));
    }
    let mut events = Vec::new();
    let mut taken = state.players.get(&player).map_or(0, |p| {
        p.absences
            .values()
            .filter(|a| **a == Absence::HalfPointBye)
            .count() as u32
    });
    for round in rounds {
        let p = upcoming(state, s, &player, round)?;
        if p.absences.contains_key(&round) {
            return Err(Refusal::conflict(format!(
                "{player} is already not playing round {round}"
            )));
        }
        let absence = if half_point_bye {
            s.allows_half_point_bye(round, taken)?;
            taken += 1;
            Absence::HalfPointBye
        } else {
            Absence::Announced
        };
        events.push(recorded(Event::AbsenceRecorded {
            player: player.clone(),
            round,
            absence,
        }));
    }
    Ok(events)
}

/// The most players one prohibition names (a family or a club's team).
const MAX_PROHIBITED: usize = 64;

/// Organizer or arbiter: `players` may not meet one another (or, `false`,
/// a prohibition of exactly these players is lifted), by the regulations.
pub(super) fn prohibit(
    env: &Envelope,
    state: &SwissEvent,
    players: &[UserId],
    prohibit: bool,
    ctx: &Context,
) -> Result<Vec<Recorded>, Refusal> {
    require_official(env, ctx)?;
    if settings(state)?.system.dutch_edition().is_none() {
        return Err(Refusal::rule(
            REGULATIONS,
            "prohibited pairings are kept by the Dutch system; the Monrad and round-robin tables are fixed",
        ));
    }
    let group: BTreeSet<UserId> = players.iter().cloned().collect();
    if group.len() < 2 || group.len() > MAX_PROHIBITED {
        return Err(Refusal::invalid(format!(
            "a prohibition names 2 to {MAX_PROHIBITED} different players"
        )));
    }
    if let Some(p) = group.iter().find(|p| !state.players.contains_key(*p)) {
        return Err(Refusal::not_found(format!("{p} has not entered")));
    }
    let known = state.prohibited.contains(&group);
    let event = match (prohibit, known) {
        (true, false) => Event::PairingsProhibited { players: group },
        (false, true) => Event::ProhibitionLifted { players: group },
        (true, true) => return Err(Refusal::conflict("these players are already kept apart")),
        (false, false) => {
            return Err(Refusal::not_found(
                "no prohibition names exactly these players",
            ))
        }
    };
    Ok(vec![by_rule(event, REGULATIONS)])
}

/// A bye request or an announced absence taken back before the pairing.
pub(super) fn cancel_absence(
    env: &Envelope,
    state: &SwissEvent,
    round: u32,
    player: Option<&UserId>,
    ctx: &Context,
) -> Result<Vec<Recorded>, Refusal> {
    let player = acting_for(env, player, ctx)?;
    let s = settings(state)?;
    let p = upcoming(state, s, &player, round)?;
    if !p.absences.contains_key(&round) {
        return Err(Refusal::not_found(format!(
            "{player} asked for nothing in round {round}"
        )));
    }
    Ok(vec![recorded(Event::AbsenceCancelled { player, round })])
}

/// `player`, entered and not withdrawn, and `round`, not yet paired.
fn upcoming<'a>(
    state: &'a SwissEvent,
    s: &Settings,
    player: &UserId,
    round: u32,
) -> Result<&'a crate::chess::swiss_event::state::Player, Refusal> {
    let p = state
        .players
        .get(player)
        .ok_or_else(|| Refusal::not_found(format!("{player} has not entered")))?;
    if p.withdrawn_from.is_some() {
        return Err(Refusal::rule("dutch F5", format!("{player} has withdrawn")));
    }
    if round < state.next_round() || round > s.rounds {
        return Err(Refusal::rule(
            "dutch F5",
            format!(
                "only a round not yet paired ({} to {}) is asked for in advance",
                state.next_round(),
                s.rounds
            ),
        ));
    }
    Ok(p)
}
