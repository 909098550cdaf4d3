//! The online-chess anti-cheat information (club I.9.4–I.9.9): held by the
//! Chief Justice (I.9.5), released redacted at their discretion to
//! moderators or justices, handed to the Court redacted at the start of an
//! appeal on the game (I.9.8), raw on a majority order (I.9.9). What each
//! viewer sees of it is decided in `view::redact`.

use super::court::{appeal, appeal_game};
use super::decide::{rec, Decider};
use super::Event;
use crate::envelope::UserId;
use crate::ladder::Recorded;
use crate::refusal::Refusal;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// club I.9.4–I.9.5: information gathered by the online-chess program.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AntiCheatReport {
    pub game: u64,
    pub member: UserId,
    pub raw: String,
    pub redacted: String,
    /// club I.9.5: moderators and justices the Chief Justice released it to.
    pub released_to: BTreeSet<UserId>,
}

/// club I.9.5: the Chief Justice holds the information gathered.
pub(super) fn file_report(
    d: &Decider,
    id: u64,
    member: &UserId,
    raw: &str,
    redacted: &str,
) -> Result<Vec<Recorded>, Refusal> {
    d.require_chief("club I.9.5", "file anti-cheat information")?;
    let g = d
        .state
        .games
        .get(&id)
        .ok_or_else(|| Refusal::not_found(format!("no game {id}")))?;
    if !g.online || !g.involves(member) {
        return Err(Refusal::invalid(
            "anti-cheat information concerns a player of an online game",
        ));
    }
    Ok(vec![rec(
        Event::AntiCheatReportFiled {
            report: d.state.fresh_id(),
            game: id,
            member: member.clone(),
            raw: raw.to_owned(),
            redacted: redacted.to_owned(),
        },
        "club I.9.5",
    )])
}

/// club I.9.5: redacted information released, at the Chief Justice's
/// discretion, to a moderator or justice.
pub(super) fn release_report(
    d: &Decider,
    report: u64,
    to: &UserId,
) -> Result<Vec<Recorded>, Refusal> {
    d.require_chief("club I.9.5", "release anti-cheat information")?;
    if !d.state.reports.contains_key(&report) {
        return Err(Refusal::not_found(format!("no report {report}")));
    }
    if !d.is_moderator(to) {
        return Err(Refusal::rule(
            "club I.9.5",
            "information is released only to moderators or justices",
        ));
    }
    Ok(vec![rec(
        Event::AntiCheatReleased {
            report,
            to: to.clone(),
        },
        "club I.9.5",
    )])
}

/// club I.9.9: the Court may, with a majority, order the raw information.
pub(super) fn order_raw(d: &Decider, id: u64) -> Result<Vec<Recorded>, Refusal> {
    let a = appeal(d, id)?;
    if !a.bench.contains(d.actor) {
        return Err(Refusal::forbidden(
            "club I.9.9",
            "only the justices hearing the case order the raw information",
        ));
    }
    if appeal_game(d.state, a).is_none_or(|g| !d.state.reports.values().any(|r| r.game == g)) {
        return Err(Refusal::rule(
            "club I.9.9",
            "the case concerns no online game with anti-cheat information",
        ));
    }
    if a.raw_votes.contains(d.actor) {
        return Err(Refusal::conflict("you already voted to order it"));
    }
    let ordered = a.raw_votes.len() + 1 > a.bench.len() / 2;
    Ok(vec![rec(
        Event::RawOrderVoted {
            appeal: id,
            justice: d.actor.clone(),
            ordered,
        },
        "club I.9.9",
    )])
}
