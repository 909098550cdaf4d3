//! Pairing rounds: by the event's system (dutch A3–F1, on demand or by the
//! schedule), by the arbiter's hand (dutch F6, F7), and an event in
//! progress imported from its TRF-16 file.

use super::{by_rule, recorded, require_official, settings};
use crate::chess::swiss::{RoundOutcome, SwissTournament};
use crate::chess::swiss_event::engine;
use crate::chess::swiss_event::settings::{Settings, REGULATIONS};
use crate::chess::swiss_event::state::SwissEvent;
use crate::chess::swiss_event::vocabulary::{
    Absence, BoardForm, Entry, Event, GameResult, NotPaired, Overridden, Pairing,
};
use crate::chess::swiss_event::Recorded;
use crate::chess::trf;
use crate::envelope::{Context, Envelope, UserId};
use crate::refusal::Refusal;
use std::collections::{BTreeMap, BTreeSet};

/// The pairing of the next round by the event's system, if it may be
/// made now: the regulations' rounds are not all paired, the round before
/// is complete (dutch A3 needs every score), two players are present.
pub fn next_pairing(state: &SwissEvent) -> Result<Event, Refusal> {
    let s = settings(state)?;
    let round = state.next_round();
    ready(state, s, round)?;
    let (boards, bye) = engine::pair(state, s, round)?;
    Ok(Event::RoundPaired {
        round,
        boards,
        bye,
        not_paired: not_paired(state, round),
        manual: None,
        overridden: Vec::new(),
    })
}

fn ready(state: &SwissEvent, s: &Settings, round: u32) -> Result<(), Refusal> {
    if round > s.rounds {
        return Err(Refusal::rule(
            REGULATIONS,
            format!("all {} rounds are paired", s.rounds),
        ));
    }
    if !state.last_round_complete() {
        return Err(Refusal::rule(
            "dutch A3",
            format!(
                "round {} has boards without a result that counts",
                round - 1
            ),
        ));
    }
    if engine::presences(state, round).0.len() < 2 {
        return Err(Refusal::rule(
            "dutch F5",
            "fewer than two players are to be paired",
        ));
    }
    Ok(())
}

fn not_paired(state: &SwissEvent, round: u32) -> Vec<NotPaired> {
    engine::presences(state, round)
        .1
        .into_iter()
        .map(|(player, half_points)| NotPaired {
            player,
            half_points,
        })
        .collect()
}

/// The organizer or the arbiter pairs the next round.
pub(super) fn pair_round(
    env: &Envelope,
    state: &SwissEvent,
    ctx: &Context,
) -> Result<Vec<Recorded>, Refusal> {
    require_official(env, ctx)?;
    Ok(vec![recorded(next_pairing(state)?)])
}

/// The schedule pairs the next round once its time has come.
pub fn scheduled_pairing(state: &SwissEvent) -> Vec<Recorded> {
    next_pairing(state)
        .map(|e| vec![by_rule(e, REGULATIONS)])
        .unwrap_or_default()
}

/// A pairing the arbiter gives by hand.
pub(super) struct Manual<'m> {
    pub boards: &'m [BoardForm],
    pub bye: Option<&'m UserId>,
    pub reason: &'m str,
    /// Keep it although it breaks dutch B1/B2 (dutch17 C.1–C.3 under the
    /// later editions; the chief arbiter's decision).
    pub override_absolute: bool,
}

/// The arbiter pairs a round by hand: the next round, or the published one
/// while no result is in, when dutch F6 lets it change (it breaks B1 or B2)
/// or a correction reached it (dutch F7). A pairing that breaks dutch B1/B2
/// is refused naming the clause unless the arbiter overrides: the event must
/// stay finishable when no pairing meets the absolute criteria.
pub(super) fn set_pairing(
    env: &Envelope,
    state: &SwissEvent,
    round: u32,
    manual: &Manual<'_>,
    ctx: &Context,
) -> Result<Vec<Recorded>, Refusal> {
    require_official(env, ctx)?;
    let s = settings(state)?;
    let reason = manual.reason.trim();
    if reason.is_empty() || reason.chars().count() > 1000 {
        return Err(Refusal::invalid(
            "a manual pairing gives its reason (1 to 1000 characters)",
        ));
    }
    if round == state.next_round() {
        ready(state, s, round)?;
    } else if round.checked_add(1) == Some(state.next_round()) {
        may_repair(state, s, round)?;
    } else {
        return Err(Refusal::rule(
            "dutch F6",
            "only the next round, or the published one, is paired by hand",
        ));
    }
    let (boards, bye) = (manual.boards, manual.bye);
    covers_everyone(state, round, boards, bye)?;
    let breaks = engine::manual_breaks(state, s, round, boards, bye);
    if let (Some((clause, what)), false) = (breaks.first(), manual.override_absolute) {
        return Err(Refusal::rule(
            *clause,
            format!(
                "the pairing breaks an absolute criterion: {what}; the arbiter may keep it with override_absolute and the reason"
            ),
        ));
    }
    Ok(vec![recorded(Event::RoundPaired {
        round,
        boards: boards
            .iter()
            .zip(1u32..)
            .map(|(b, board)| Pairing {
                board,
                white: b.white.clone(),
                black: b.black.clone(),
            })
            .collect(),
        bye: bye.cloned(),
        not_paired: not_paired(state, round),
        manual: Some(reason.to_owned()),
        overridden: breaks
            .into_iter()
            .map(|(clause, what)| Overridden {
                clause: clause.to_owned(),
                what,
            })
            .collect(),
    })])
}

/// dutch F6, F7: whether the published `round` may be paired again.
fn may_repair(state: &SwissEvent, s: &Settings, round: u32) -> Result<(), Refusal> {
    let published = state
        .round(round)
        .ok_or_else(|| Refusal::not_found(format!("round {round} is not paired")))?;
    if published.has_results() {
        return Err(Refusal::rule(
            "dutch F6",
            "results are in: the round stands",
        ));
    }
    let boards: Vec<BoardForm> = published
        .games
        .iter()
        .map(|g| BoardForm {
            white: g.white.clone(),
            black: g.black.clone(),
        })
        .collect();
    let breaks =
        !engine::manual_breaks(state, s, round, &boards, published.bye.as_ref()).is_empty();
    if breaks || published.corrected_since {
        Ok(())
    } else {
        Err(Refusal::rule(
            "dutch F6",
            "a published pairing is changed only if it breaks B1 or B2, or a correction reached it (F7)",
        ))
    }
}

/// Every player to be paired in `round` is on exactly one board or has
/// the bye, and nobody else is.
fn covers_everyone(
    state: &SwissEvent,
    round: u32,
    boards: &[BoardForm],
    bye: Option<&UserId>,
) -> Result<(), Refusal> {
    let (present, _) = engine::presences(state, round);
    let expected: BTreeSet<&UserId> = present.into_iter().collect();
    let mut seen = BTreeSet::new();
    let named = boards.iter().flat_map(|b| [&b.white, &b.black]).chain(bye);
    for u in named {
        if !expected.contains(u) {
            return Err(Refusal::rule(
                "dutch F5",
                format!("{u} is not to be paired in round {round}"),
            ));
        }
        if !seen.insert(u) {
            return Err(Refusal::rule("dutch B1", format!("{u} is paired twice")));
        }
    }
    if seen.len() != expected.len() {
        return Err(Refusal::rule(
            "dutch F5",
            "every player to be paired has a board or the bye",
        ));
    }
    if bye.is_some() != (expected.len() % 2 == 1) {
        return Err(Refusal::rule(
            "dutch A5",
            "a bye is given exactly when the number is odd",
        ));
    }
    Ok(())
}

/// An event in progress from its TRF-16 file: its players (with their
/// starting ranks), every paired round and its results, and who is known
/// not to play the next round.
pub(super) fn import_trf(
    env: &Envelope,
    state: &SwissEvent,
    text: &str,
    users: &BTreeMap<u32, UserId>,
    ctx: &Context,
) -> Result<Vec<Recorded>, Refusal> {
    require_official(env, ctx)?;
    let s = settings(state)?;
    if !state.players.is_empty() || !state.rounds.is_empty() {
        return Err(Refusal::conflict(
            "a TRF is imported into an event with no entries yet",
        ));
    }
    let doc = trf::read(text).map_err(|e| Refusal::invalid(e.to_string()))?;
    let t = SwissTournament::from_trf(&doc, None).map_err(|e| Refusal::invalid(e.to_string()))?;
    if t.players.is_empty() || t.players.len() > super::entries::MAX_PLAYERS {
        return Err(Refusal::invalid(
            "the file has no player line, or more than 9999",
        ));
    }
    if t.rounds_played > s.rounds {
        return Err(Refusal::rule(
            REGULATIONS,
            "the file has more rounds than the regulations",
        ));
    }
    let ids = user_ids(&t, users)?;
    let mut events = registrations(&doc, &t, &ids);
    for k in 0..t.rounds_played as usize {
        events.extend(imported_round(&t, &ids, k)?);
    }
    if t.rounds_played < s.rounds {
        events.extend(next_round_absences(&doc, &t, &ids));
    }
    Ok(events.into_iter().map(recorded).collect())
}

/// dutch F5: the players the file shows not playing the next round (an
/// `H` block is a half-point bye, any other unpaired block an absence).
fn next_round_absences(
    doc: &trf::Trf,
    t: &SwissTournament,
    ids: &BTreeMap<u32, UserId>,
) -> Vec<Event> {
    let round = t.rounds_played + 1;
    doc.players()
        .filter(|p| {
            t.players.iter().any(|q| {
                q.number == p.number && q.presence == crate::chess::swiss::Presence::Absent
            })
        })
        .map(|p| {
            let block = p.rounds.get(t.rounds_played as usize).copied().flatten();
            let half = block.is_some_and(|b| b.result == trf::TrfResult::HalfPointBye);
            Event::AbsenceRecorded {
                player: ids[&p.number].clone(),
                round,
                absence: if half {
                    Absence::HalfPointBye
                } else {
                    Absence::Announced
                },
            }
        })
        .collect()
}

fn user_ids(
    t: &SwissTournament,
    users: &BTreeMap<u32, UserId>,
) -> Result<BTreeMap<u32, UserId>, Refusal> {
    let mut ids = BTreeMap::new();
    for p in &t.players {
        let id = match users.get(&p.number) {
            Some(u) => u.clone(),
            None => UserId::try_from(format!("trf-{}", p.number))?,
        };
        ids.insert(p.number, id);
    }
    let distinct: BTreeSet<&UserId> = ids.values().collect();
    if distinct.len() != ids.len() {
        return Err(Refusal::invalid("two starting ranks name the same user"));
    }
    Ok(ids)
}

fn registrations(doc: &trf::Trf, t: &SwissTournament, ids: &BTreeMap<u32, UserId>) -> Vec<Event> {
    let lines: BTreeMap<u32, &trf::TrfPlayer> = doc.players().map(|p| (p.number, p)).collect();
    t.players
        .iter()
        .map(|p| {
            let line = lines.get(&p.number);
            Event::Registered {
                player: ids[&p.number].clone(),
                entry: Entry {
                    name: p.name.trim().to_owned(),
                    rating: p.rating.min(3500),
                    title: p.title.code().to_ascii_uppercase(),
                    federation: line
                        .map(|l| l.federation.trim().to_ascii_uppercase())
                        .filter(|f| f.len() == 3 && f.bytes().all(|b| b.is_ascii_uppercase()))
                        .unwrap_or_default(),
                    fide_id: line.and_then(|l| l.fide_id.trim().parse().ok()),
                },
                first_round: 1,
                starting_rank: Some(p.number),
            }
        })
        .collect()
}

/// Round `k + 1` of the file as a published pairing and its results.
fn imported_round(
    t: &SwissTournament,
    ids: &BTreeMap<u32, UserId>,
    k: usize,
) -> Result<Vec<Event>, Refusal> {
    let round = k as u32 + 1;
    let mut boards = Vec::new();
    let mut results = Vec::new();
    let mut bye = None;
    let mut not_paired = Vec::new();
    for p in &t.players {
        match p.rounds[k] {
            Some(RoundOutcome::Game {
                opponent,
                colour: crate::chess::swiss::Colour::White,
                half_points,
                played,
            }) => {
                let black_hp = t
                    .players
                    .iter()
                    .find(|q| q.number == opponent)
                    .and_then(|q| q.rounds[k])
                    .map_or(0, |o| o.half_points());
                let board = boards.len() as u32 + 1;
                boards.push(Pairing {
                    board,
                    white: ids[&p.number].clone(),
                    black: ids[&opponent].clone(),
                });
                results.push(Event::ResultSet {
                    round,
                    board,
                    result: imported_result(half_points, black_hp, played),
                    reason: Some("imported from TRF-16".into()),
                });
            }
            Some(RoundOutcome::Game { .. }) => {}
            Some(RoundOutcome::PairingBye) => bye = Some(ids[&p.number].clone()),
            Some(RoundOutcome::NotPaired { half_points }) => not_paired.push(NotPaired {
                player: ids[&p.number].clone(),
                half_points,
            }),
            None => {}
        }
    }
    let mut events = vec![Event::RoundPaired {
        round,
        boards,
        bye,
        not_paired,
        manual: Some("imported from TRF-16".into()),
        overridden: Vec::new(),
    }];
    events.extend(results);
    Ok(events)
}

fn imported_result(white: u32, black: u32, played: bool) -> GameResult {
    match (white, black, played) {
        (2, _, true) => GameResult::WhiteWins,
        (0, 2, true) => GameResult::BlackWins,
        (_, _, true) => GameResult::Draw,
        (2, _, false) => GameResult::WhiteWinsByForfeit,
        (_, 2, false) => GameResult::BlackWinsByForfeit,
        _ => GameResult::DoubleForfeit,
    }
}
