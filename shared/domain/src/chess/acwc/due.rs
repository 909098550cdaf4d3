//! What the rules do by themselves as time passes or results arrive:
//! starting the stages (acwc III.F–H), publishing rounds (IV.D–E), the
//! round deadline (IV.F), the negotiation deadlines (V.C–F, V.H), the
//! rescheduling of a no-show (VI.D), two forfeits (VI.F) and the
//! consequences of leaving the championship (VIII).
//!
//! [`follow_ups`] runs after every command and on every tick; when nothing
//! is due it decides nothing, so a schedule that runs twice changes the
//! state once.

use super::final_match::FinalMatch;
use super::settings::Settings;
use super::standings::{candidates_table, qualification_standings, qualification_tournament};
use super::state::{apply, Championship};
use super::vocabulary::{Award, Disqualification, Event, NoShowChoice, Pairing, Stage};
use crate::calendar::{next_monday_utc, week_deadline_utc};
use crate::chess::round_robin;
use crate::chess::swiss::monrad;
use crate::envelope::Context;
use crate::envelope::Envelope;
use crate::envelope::Role;
use crate::envelope::UserId;
use crate::refusal::Refusal;
use chrono::{DateTime, Datelike, Duration, Utc, Weekday};

/// An event the rules decided, with the clause that decided it.
pub type Ruled = (Event, String);

fn ruled(event: Event, clause: &str) -> Ruled {
    (event, clause.to_owned())
}

/// Everything due by `now` after `state`, applied in order until nothing
/// more falls due.
pub fn follow_ups(state: &Championship, now: DateTime<Utc>) -> Vec<Ruled> {
    // Nothing due (the common case after a command): no copy of the state.
    let first = step(state, now);
    if first.is_empty() {
        return first;
    }
    let mut s = state.clone();
    for (e, _) in &first {
        apply(&mut s, e, now);
    }
    follow_ups_from(s, first, now)
}

/// [`follow_ups`] of a state the caller owns (already changed by a
/// command's events), after `out` was decided: no copy of it is made.
pub fn follow_ups_owned(state: Championship, now: DateTime<Utc>) -> Vec<Ruled> {
    follow_ups_from(state, vec![], now)
}

fn follow_ups_from(state: Championship, out: Vec<Ruled>, now: DateTime<Utc>) -> Vec<Ruled> {
    let mut s = state;
    let mut out = out;
    // Each step changes the state; a championship has far fewer steps than this.
    for _ in 0..256 {
        let step = step(&s, now);
        if step.is_empty() {
            break;
        }
        for (e, _) in &step {
            apply(&mut s, e, now);
        }
        out.extend(step);
    }
    out
}

/// acwc IV.F: a round published at `at` ends on the Sunday 23:59:59 UTC of
/// its week: the week `at` falls in when that is a Monday (the schedule
/// that publishes a round at Monday 00:00 runs a moment after it, and the
/// round still has that week), else the week from the next Monday. So
/// every round has at least six whole days, Monday to Sunday: acwc IV.A
/// ("one week per Qualification round") and IV.B ("one week per
/// round-robin round") for the Candidates.
pub fn round_deadline(at: DateTime<Utc>) -> DateTime<Utc> {
    let monday = if at.weekday() == Weekday::Mon {
        at
    } else {
        next_monday_utc(at)
    };
    week_deadline_utc(monday)
}

/// acwc V.C: the Wednesday 23:59:59 UTC of the round's week.
pub fn offers_deadline(round_deadline: DateTime<Utc>) -> DateTime<Utc> {
    round_deadline - Duration::days(4)
}

/// acwc V.H: "before the weekend": Saturday 00:00 UTC of the round's week.
pub fn weekend(round_deadline: DateTime<Utc>) -> DateTime<Utc> {
    round_deadline - Duration::days(2) + Duration::seconds(1)
}

/// Whether time alone has brought something due since the last commit:
/// the start of the Qualification (acwc III.F, IV.D) or a deadline of the
/// current round (IV.F, V.C–F, V.H, VI.D). Everything else [`step`] looks
/// for (a second forfeit, a complete round, a stage's end, the Final's
/// course) is brought only by events, and every commit is followed up until
/// nothing more is due; so after a commit, only time can make the state due
/// again.
pub fn due_by_time(s: &Championship, now: DateTime<Utc>) -> bool {
    let Some(settings) = &s.settings else {
        return false;
    };
    match s.stage {
        Stage::Registration => now >= settings.qualification_starts,
        Stage::Qualification | Stage::Candidates => s
            .rounds_of(s.stage)
            .last()
            .is_some_and(|r| !deadlines(s, r, now).is_empty()),
        _ => false,
    }
}

fn step(s: &Championship, now: DateTime<Utc>) -> Vec<Ruled> {
    let Some(settings) = &s.settings else {
        return vec![];
    };
    // acwc VI.F: two forfeits disqualify.
    if s.stage != Stage::Finished {
        let forfeited = s.forfeit_counts();
        if let Some(e) = s
            .entrants
            .iter()
            .find(|e| e.active() && forfeited.get(&e.player).copied().unwrap_or(0) >= 2)
        {
            return leave(
                s,
                &e.player,
                Event::Disqualified {
                    player: e.player.clone(),
                    reason: Disqualification::TwoForfeits,
                },
                "acwc VI.F",
            );
        }
    }
    match s.stage {
        Stage::Registration if now >= settings.qualification_starts => {
            start_qualification(s, settings)
        }
        Stage::Qualification | Stage::Candidates => {
            let stage = s.stage;
            let current = s.rounds_of(stage).last();
            if let Some(r) = current {
                let sweep = deadlines(s, r, now);
                if !sweep.is_empty() {
                    return sweep;
                }
                if !s.round_complete(r) {
                    return vec![];
                }
            }
            let published = s.rounds_of(stage).count() as u32;
            if stage == Stage::Qualification {
                if published < s.qualification_rounds {
                    if let Some(e) = publish_qualification(s, published + 1, now) {
                        return vec![e];
                    }
                }
                start_candidates(s, settings)
            } else {
                let n = s.candidates.len() as u32;
                let total = if n < 2 { 0 } else { n + n % 2 - 1 };
                if published < total {
                    return vec![publish_candidates(s, published + 1, now)];
                }
                start_final(s)
            }
        }
        Stage::Final => {
            let Some(f) = &s.final_match else {
                return vec![];
            };
            if let Some(champion) = f.champion(&settings.format) {
                return vec![ruled(Event::ChampionDecided { champion }, "acwc III.H")];
            }
            if f.armageddon.is_none() {
                if let Some(armageddon) = f.armageddon_colours(&settings.format) {
                    return vec![ruled(
                        Event::ArmageddonColoursFixed { armageddon },
                        "acwc III.H.6.ii",
                    )];
                }
            }
            vec![]
        }
        _ => vec![],
    }
}

/// acwc IV.F, V.C–F, V.H, VI.D: the deadlines of the current round. Each
/// is kept once its instant has passed, in the order of the instants, so a
/// run that was missed (no tick between Wednesday and the round deadline)
/// is caught up by the next one, once.
fn deadlines(s: &Championship, r: &super::state::Round, now: DateTime<Utc>) -> Vec<Ruled> {
    let mut out = vec![];
    // Until Wednesday's deadline (V.C), the earliest of the round, nothing
    // below can be due: the round's matches are not read.
    if now <= offers_deadline(r.deadline) {
        return out;
    }
    for id in &r.matches {
        let m = &s.matches[id];
        if m.finished() {
            continue;
        }
        out.extend(negotiation_deadlines(m, r, now));
        if now <= r.deadline {
            continue;
        }
        // VI.D: rescheduling after a no-show failed: the appearing player wins.
        if let Some((appearing, NoShowChoice::Reschedule)) = &m.no_show {
            if m.negotiation.time.is_none() {
                out.push(ruled(
                    Event::MatchAwarded {
                        match_id: id.clone(),
                        winner: appearing.clone(),
                        award: Award::Forfeit,
                    },
                    "acwc VI.D",
                ));
                continue;
            }
        }
        if !m.flags.iter().any(|f| f.starts_with("acwc IV.F")) {
            out.push(ruled(
                Event::MatchFlagged {
                    match_id: id.clone(),
                    reason: "acwc IV.F: not completed by Sunday 23:59:59 UTC".into(),
                },
                "acwc IV.F",
            ));
        }
    }
    out
}

/// acwc V.C–F: after Wednesday 23:59:59 UTC, a player without three offers
/// lets the opponent choose (V.E), both failing the TD (V.F); V.H: both
/// offered and no agreement by Saturday 00:00 UTC: referred to the TD. Due
/// until done, so also after the round deadline when no run came between.
fn negotiation_deadlines(
    m: &super::state::Match,
    r: &super::state::Round,
    now: DateTime<Utc>,
) -> Option<Ruled> {
    let wednesday = offers_deadline(r.deadline);
    let n = &m.negotiation;
    if n.time.is_some() || n.failed || now <= wednesday {
        return None;
    }
    let made = |u: &UserId| {
        n.offers
            .iter()
            .filter(|o| &o.by == u && o.made_at <= wednesday)
            .count()
    };
    let at_fault: Vec<UserId> = [&m.first, &m.second]
        .into_iter()
        .filter(|u| made(u) < 3)
        .cloned()
        .collect();
    let id = m.id.clone();
    match at_fault.len() {
        1 => Some(ruled(
            Event::NegotiationFailed {
                match_id: id,
                chooser: Some(m.opponent(&at_fault[0]).clone()),
                at_fault,
            },
            "acwc V.E",
        )),
        2 => Some(ruled(
            Event::NegotiationFailed {
                match_id: id,
                at_fault,
                chooser: None,
            },
            "acwc V.F",
        )),
        _ if now >= weekend(r.deadline) && !n.referred => Some(ruled(
            Event::MatchFlagged {
                match_id: id,
                reason: "acwc V.H: no agreement before the weekend".into(),
            },
            "acwc V.H",
        )),
        _ => None,
    }
}

/// acwc III.F, IV.D: registration closes, the Qualification starts.
fn start_qualification(s: &Championship, settings: &Settings) -> Vec<Ruled> {
    let prequalified =
        |u: &UserId| settings.holder.as_ref() == Some(u) || settings.runner_up.as_ref() == Some(u);
    let mut players: Vec<&super::state::Entrant> = s
        .entrants
        .iter()
        .filter(|e| e.active() && !prequalified(&e.player))
        .collect();
    // acwc III.E: pairing numbers by seeding rating; registration order breaks ties.
    players.sort_by_key(|e| std::cmp::Reverse(e.seeding.doubled()));
    let n = players.len() as u32;
    let rounds = if n < 2 {
        0
    } else {
        settings.qualification_rounds(n)
    };
    vec![ruled(
        Event::QualificationStarted {
            players: players.iter().map(|e| e.player.clone()).collect(),
            rounds,
        },
        "acwc III.F",
    )]
}

/// acwc III.F.4, IV.D–E: the next Qualification round by the Monrad pairing.
fn publish_qualification(s: &Championship, round: u32, now: DateTime<Utc>) -> Option<Ruled> {
    let t = qualification_tournament(s);
    if t.players
        .iter()
        .filter(|p| p.presence == crate::chess::swiss::Presence::Present)
        .count()
        < 2
    {
        return None;
    }
    // III.F.4.3 as written, unless the organizer chose the look-ahead.
    let lookahead = s
        .settings
        .as_ref()
        .is_some_and(|st| st.format.rematch_lookahead);
    let pairing = if lookahead {
        monrad::pair_with_lookahead(&t)
    } else {
        monrad::pair(&t)
    }
    .ok()?;
    let user = |n: u32| s.qualification[n as usize - 1].clone();
    Some(ruled(
        Event::RoundPublished {
            stage: Stage::Qualification,
            round,
            pairings: pairing
                .pairing
                .boards
                .iter()
                .enumerate()
                .map(|(i, b)| Pairing {
                    match_id: format!("q{round}.{}", i + 1),
                    first: user(b.white),
                    second: user(b.black),
                })
                .collect(),
            bye: pairing.pairing.bye.map(user),
            deadline: round_deadline(now),
        },
        "acwc III.F.4",
    ))
}

/// acwc III.F.3, III.D, III.G: the Candidates: the runner-up and the best
/// qualifiers (a missing runner-up's seat goes to the next qualifier).
fn start_candidates(s: &Championship, settings: &Settings) -> Vec<Ruled> {
    let runner_up = settings.runner_up.as_ref().filter(|u| s.active(u));
    let mut seats: Vec<UserId> = runner_up.into_iter().cloned().collect();
    let wanted = settings.format.qualifiers as usize + 1;
    for row in qualification_standings(s) {
        if seats.len() >= wanted {
            break;
        }
        if row.active && settings.holder.as_ref() != Some(&row.player) {
            seats.push(row.player);
        }
    }
    seats.sort_by_key(|u| std::cmp::Reverse(s.seeding_x2(u)));
    vec![ruled(Event::CandidatesStarted { seats }, "acwc III.F.3")]
}

/// acwc III.G, IV.B: a Candidates round from the Berger table; a pairing
/// with a player who has left is not published.
fn publish_candidates(s: &Championship, round: u32, now: DateTime<Utc>) -> Ruled {
    let n = s.candidates.len() as u32;
    let table = round_robin::berger_round(n, round).unwrap_or_default();
    let seat = |k: u32| s.candidates[k as usize - 1].clone();
    let pairings = table
        .boards
        .iter()
        .filter(|b| s.active(&seat(b.white)) && s.active(&seat(b.black)))
        .enumerate()
        .map(|(i, b)| Pairing {
            match_id: format!("c{round}.{}", i + 1),
            first: seat(b.white),
            second: seat(b.black),
        })
        .collect();
    ruled(
        Event::RoundPublished {
            stage: Stage::Candidates,
            round,
            pairings,
            bye: table.bye.map(seat),
            deadline: round_deadline(now),
        },
        "acwc III.G.1",
    )
}

/// acwc III.G.3, III.H.1, VIII.C: the Final's players.
fn start_final(s: &Championship) -> Vec<Ruled> {
    let ranked: Vec<UserId> = candidates_table(s)
        .into_iter()
        .filter(|r| r.active)
        .map(|r| r.player)
        .collect();
    let holder = s
        .settings
        .as_ref()
        .and_then(|st| st.holder.clone())
        .filter(|h| s.active(h));
    let (first, second, clause) = match (holder, ranked.first(), ranked.get(1)) {
        (Some(h), Some(c), _) => (h, c.clone(), "acwc III.G.3"),
        (None, Some(c), Some(r)) => (c.clone(), r.clone(), "acwc VIII.C.1"),
        (Some(only), None, _) => {
            return vec![ruled(
                Event::ChampionDecided { champion: only },
                "acwc VIII.C",
            )]
        }
        (None, Some(only), None) => {
            return vec![ruled(
                Event::ChampionDecided {
                    champion: only.clone(),
                },
                "acwc VIII.C",
            )]
        }
        (None, None, _) => return vec![],
    };
    vec![final_started(s, first, second, clause)]
}

fn final_started(s: &Championship, first: UserId, second: UserId, clause: &str) -> Ruled {
    // Ruling acwc III.H.6.iii: the higher seed has the higher seeding rating.
    let higher_seed = if s.seeding_x2(&second) > s.seeding_x2(&first) {
        second.clone()
    } else {
        first.clone()
    };
    ruled(
        Event::FinalStarted {
            first,
            second,
            higher_seed,
        },
        clause,
    )
}

/// acwc VIII: a player leaves (`event` is their withdrawal or
/// disqualification); what follows for the stage they are in.
pub fn leave(s: &Championship, player: &UserId, event: Event, clause: &str) -> Vec<Ruled> {
    let mut out = vec![ruled(event.clone(), clause)];
    let engine = matches!(
        event,
        Event::Disqualified {
            reason: Disqualification::EngineMark,
            ..
        }
    );
    match s.stage {
        Stage::Qualification if s.qualification.contains(player) => {
            qualification_pairings_awarded(s, player, engine, &mut out);
        }
        Stage::Candidates if s.candidates.contains(player) => out.push(ruled(
            Event::CandidateGamesDisregarded {
                player: player.clone(),
            },
            "acwc VIII.B",
        )),
        Stage::Final => {
            if let Some(f) = s.final_match.as_ref().filter(|f| f.is_finalist(player)) {
                out.push(finalist_replaced(s, f, player));
            }
        }
        _ => {}
    }
    out
}

/// acwc VIII.A: the leaver's Qualification pairings go to their opponents.
fn qualification_pairings_awarded(
    s: &Championship,
    player: &UserId,
    engine: bool,
    out: &mut Vec<Ruled>,
) {
    for m in s
        .matches
        .values()
        .filter(|m| m.stage == Stage::Qualification && m.plays(player))
    {
        let opponent = m.opponent(player).clone();
        if !m.finished() {
            // VIII.A.1: the opponent wins the uncompleted pairing.
            out.push(ruled(
                Event::MatchAwarded {
                    match_id: m.id.clone(),
                    winner: opponent,
                    award: Award::Withdrawal,
                },
                "acwc VIII.A.1",
            ));
        } else if engine && m.winner() != Some(&opponent) {
            // VIII.A.2: finished games go to the opponents.
            out.push(ruled(
                Event::MatchAwarded {
                    match_id: m.id.clone(),
                    winner: opponent,
                    award: Award::EngineMark,
                },
                "acwc VIII.A.2",
            ));
        }
    }
}

/// acwc VIII.C: a finalist leaves; the best active Candidate not in the
/// final replaces them, or, with none, the remaining finalist is champion.
fn finalist_replaced(s: &Championship, f: &FinalMatch, player: &UserId) -> Ruled {
    let remaining = f.opponent(player).clone();
    let replacement = candidates_table(s)
        .into_iter()
        .find(|r| r.active && r.player != remaining && &r.player != player)
        .map(|r| r.player);
    let holder_left = s.settings.as_ref().and_then(|st| st.holder.as_ref()) == Some(player);
    match replacement {
        // VIII.C.1: the Challenger plays the Candidates runner-up;
        // VIII.C.2: the runner-up becomes the Challenger.
        Some(r) => final_started(
            s,
            remaining,
            r,
            if holder_left {
                "acwc VIII.C.1"
            } else {
                "acwc VIII.C.2"
            },
        ),
        None => ruled(
            Event::ChampionDecided {
                champion: remaining,
            },
            "acwc VIII.C",
        ),
    }
}

/// The next instant a tick must act: the start of the Qualification, or a
/// deadline of the current round that still has something to do.
pub fn next_due(s: &Championship) -> Option<DateTime<Utc>> {
    let settings = s.settings.as_ref()?;
    match s.stage {
        Stage::Registration => Some(settings.qualification_starts),
        Stage::Qualification | Stage::Candidates => {
            let r = s.rounds_of(s.stage).last()?;
            let wednesday = offers_deadline(r.deadline);
            // The round's deadlines, earliest first: V.C after Wednesday,
            // V.H before the weekend, IV.F after Sunday. Only the round's
            // open matches are read ([`super::state::Matches`]), and once a
            // match is found due at the earliest, no other can come sooner,
            // so the rest are not read.
            let earliest = wednesday + Duration::seconds(1);
            let mut due: Option<DateTime<Utc>> = None;
            fn sooner(due: &mut Option<DateTime<Utc>>, t: DateTime<Utc>) {
                *due = Some(due.map_or(t, |d| d.min(t)));
            }
            // Only the matches still negotiating can be due at V.C or V.H.
            for m in s.matches.negotiating(r.stage, r.number) {
                let n = &m.negotiation;
                let made = |u: &UserId| {
                    n.offers
                        .iter()
                        .filter(|o| &o.by == u && o.made_at <= wednesday)
                        .count()
                };
                if made(&m.first) < 3 || made(&m.second) < 3 {
                    sooner(&mut due, earliest);
                    break;
                } else if !n.referred {
                    sooner(&mut due, weekend(r.deadline));
                }
            }
            // IV.F: one unfinished match not yet flagged is enough.
            let unflagged = s
                .matches
                .unfinished(r.stage, r.number)
                .any(|m| !m.flags.iter().any(|f| f.starts_with("acwc IV.F")));
            if unflagged {
                sooner(&mut due, r.deadline + Duration::seconds(1));
            }
            due
        }
        _ => None,
    }
}

/// The contract's schedule: what falls due, and when (see [`crate::rulebook`]).
impl crate::rulebook::Schedule for Championship {
    /// acwc I.C: the TD runs the championship's clock.
    const CLOCK_OFFICIALS: &'static [Role] = &[Role::TournamentDirector];

    /// The start of the Qualification, round publication (IV.D–E), the
    /// round deadline (IV.F), the negotiation deadlines (V), a failed
    /// rescheduling (VI.D).
    fn tick(&self, _env: &Envelope, ctx: &Context) -> Result<Vec<super::Recorded>, Refusal> {
        Ok(follow_ups(self, ctx.now)
            .into_iter()
            .map(|(e, clause)| super::Recorded::by_rule(e, clause))
            .collect())
    }

    fn next_due(&self) -> Option<DateTime<Utc>> {
        next_due(self)
    }
}
