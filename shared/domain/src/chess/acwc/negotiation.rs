//! Match-time negotiation (acwc V) and the match rules a reported score
//! must respect (III.F.1, III.G.2).

use super::decide::{actor, find_match, own_open_match, plain, require_td, round_of, Out};
use super::state::{Championship, Match, Round};
use super::vocabulary::{Event, MatchId, NoShowChoice};
use crate::envelope::{Context, Envelope, Role, UserId};
use crate::refusal::Refusal;
use chrono::{DateTime, Duration, Utc};

/// acwc V.D: offers at least this far apart.
pub const OFFER_SPACING_HOURS: i64 = 3;
/// acwc V.D: at most this many offers on one UTC date.
pub const OFFERS_PER_DATE: usize = 2;
/// acwc VI.D, VI.E: the grace period.
pub const GRACE_MINUTES: i64 = 10;

/// acwc VI.A: "The break lasts at most 10 minutes."
pub const BREAK_MINUTES: i64 = 10;

/// acwc V.B–D, IV.F: checks `by`'s new offer of `at` for match `m`.
pub fn check_offer(
    m: &Match,
    round: &Round,
    by: &UserId,
    at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<(), Refusal> {
    if at <= now {
        return Err(Refusal::rule(
            "acwc V.A",
            "an offered time must be in the future",
        ));
    }
    if at > round.deadline {
        return Err(Refusal::rule(
            "acwc IV.F",
            format!("the match must be completed by {}", round.deadline),
        ));
    }
    let own: Vec<_> = m
        .negotiation
        .offers
        .iter()
        .filter(|o| &o.by == by)
        .collect();
    if let Some(o) = own
        .iter()
        .find(|o| (o.at - at).abs() < Duration::hours(OFFER_SPACING_HOURS))
    {
        return Err(Refusal::rule(
            "acwc V.D",
            format!(
                "offers must be at least 3 hours apart; {} was offered already",
                o.at
            ),
        ));
    }
    if own
        .iter()
        .filter(|o| o.at.date_naive() == at.date_naive())
        .count()
        >= OFFERS_PER_DATE
    {
        return Err(Refusal::rule(
            "acwc V.D",
            format!("at most 2 offers on {} (UTC)", at.date_naive()),
        ));
    }
    Ok(())
}

/// acwc III.F.1, III.G.2: a match score in half games, first player first.
/// A match has `games` games; in the Qualification the players may stop once
/// either reaches 5.5 (`early_stop`), so the winner then has 5.5 or 6.
pub fn check_score(first: u32, second: u32, games: u32, early_stop: bool) -> Result<(), Refusal> {
    let total = first.saturating_add(second);
    let threshold = games + 1; // 5.5 in half games for a 10-game match
    if total % 2 == 1 {
        return Err(Refusal::rule(
            "acwc III.F.1",
            "a score in half games adds up to an even number (two per game)",
        ));
    }
    if total == 2 * games {
        return Ok(());
    }
    if total > 2 * games {
        return Err(Refusal::rule(
            "acwc III.F.1",
            format!("a match has {games} games"),
        ));
    }
    if !early_stop {
        return Err(Refusal::rule(
            "acwc III.G.2",
            format!("Candidates matches are not stopped early: all {games} games are played"),
        ));
    }
    let best = first.max(second);
    if best < threshold || best > threshold + 1 {
        return Err(Refusal::rule(
            "acwc III.F.1",
            format!("a match stops early only once a player reaches 5.5, so all {games} games must be reported"),
        ));
    }
    Ok(())
}

/// acwc V.B–D: a player of the match offers a start time; after a failed
/// negotiation only when rescheduling a no-show (V.E). The match exists
/// from the round's publication, so offers open "as soon as their next
/// pairing is known" (acwc V.A). The time is a UTC instant: an offset a
/// client sends is read as the same instant, and every record, view and
/// notice gives it in UTC (acwc V.B: "players must communicate their times
/// in UTC").
pub(super) fn offer_time(
    state: &Championship,
    match_id: &MatchId,
    at: DateTime<Utc>,
    ctx: &Context,
) -> Result<Out, Refusal> {
    let u = actor(ctx)?;
    let m = own_open_match(state, match_id, u)?;
    let n = &m.negotiation;
    let rescheduling = matches!(m.no_show, Some((_, NoShowChoice::Reschedule)));
    if n.time.is_some() {
        return Err(Refusal::conflict(format!(
            "match {match_id} already has a time"
        )));
    }
    if n.failed && !rescheduling {
        return Err(Refusal::rule(
            "acwc V.E",
            "the negotiation deadline has passed; the time is now chosen as V.E–I say",
        ));
    }
    let round = round_of(state, m)?;
    check_offer(m, round, u, at, ctx.now)?;
    Ok(plain(Event::TimeOffered {
        match_id: match_id.clone(),
        by: u.clone(),
        at,
    }))
}

/// acwc V.A: the opponent accepts an offer still in the future; the match
/// time is agreed.
pub(super) fn accept_offer(
    state: &Championship,
    match_id: &MatchId,
    at: DateTime<Utc>,
    ctx: &Context,
) -> Result<Out, Refusal> {
    let u = actor(ctx)?;
    let m = own_open_match(state, match_id, u)?;
    if m.negotiation.time.is_some() {
        return Err(Refusal::conflict(format!(
            "match {match_id} already has a time"
        )));
    }
    if !m
        .negotiation
        .offers
        .iter()
        .any(|o| &o.by != u && o.at == at)
    {
        return Err(Refusal::not_found(format!(
            "the opponent has not offered {at}"
        )));
    }
    if at <= ctx.now {
        return Err(Refusal::rule("acwc V.A", "that offered time has passed"));
    }
    Ok(vec![(
        Event::MatchTimeAgreed {
            match_id: match_id.clone(),
            at,
        },
        Some("acwc V.A".into()),
    )])
}

/// acwc V.E, V.F, IV.F: the player the rules let choose, or the TD, fixes
/// the match time.
pub(super) fn fix_match_time(
    env: &Envelope,
    state: &Championship,
    match_id: &MatchId,
    at: DateTime<Utc>,
    ctx: &Context,
) -> Result<Out, Refusal> {
    let now = ctx.now;
    let u = actor(ctx)?;
    let m = find_match(state, match_id)?;
    let td = env.has_role(u, Role::TournamentDirector);
    let chooser = m.negotiation.failed && m.negotiation.chooser.as_ref() == Some(u);
    if !td && !chooser {
        return Err(Refusal::forbidden(
            "acwc V.E",
            "only the player the rules let choose, or the TD, fixes the time",
        ));
    }
    if m.finished() {
        return Err(Refusal::conflict(format!("match {match_id} is finished")));
    }
    let deadline = round_of(state, m)?.deadline;
    if !td && (at <= now || at > deadline) {
        return Err(Refusal::rule(
            "acwc IV.F",
            format!("the time must be in the future and no later than {deadline}"),
        ));
    }
    Ok(vec![(
        Event::MatchTimeFixed {
            match_id: match_id.clone(),
            by: u.clone(),
            at,
        },
        Some(if td { "acwc V.F" } else { "acwc V.E" }.into()),
    )])
}

/// acwc V.I: the TD rules who is at fault for a failed negotiation; the
/// opponent of the player at fault chooses the time.
pub(super) fn rule_on_negotiation(
    env: &Envelope,
    state: &Championship,
    match_id: &MatchId,
    at_fault: Option<&UserId>,
    ctx: &Context,
) -> Result<Out, Refusal> {
    require_td(env, ctx)?;
    let m = find_match(state, match_id)?;
    if m.finished() || m.negotiation.time.is_some() {
        return Err(Refusal::conflict(format!(
            "match {match_id} has a time or a result"
        )));
    }
    let chooser = match at_fault {
        Some(p) if m.plays(p) => Some(m.opponent(p).clone()),
        Some(p) => {
            return Err(Refusal::invalid(format!(
                "{p} does not play match {match_id}"
            )))
        }
        None => None,
    };
    Ok(vec![(
        Event::NegotiationFailed {
            match_id: match_id.clone(),
            at_fault: at_fault.into_iter().cloned().collect(),
            chooser,
        },
        Some("acwc V.I".into()),
    )])
}
