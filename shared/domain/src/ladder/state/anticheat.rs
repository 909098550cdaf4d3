//! The fold of the online-chess anti-cheat information (club I.9.4–I.9.9):
//! reports filed, released redacted, and the Court's votes to order the raw
//! information (I.9.9).

use crate::ladder::{anticheat, Event, Ladder};
use std::collections::BTreeSet;

/// A report filed, released, or ordered raw by the Court (club I.9.9).
pub(super) fn apply(state: &mut Ladder, event: &Event) {
    match event {
        Event::AntiCheatReportFiled {
            report,
            game,
            member,
            raw,
            redacted,
        } => {
            state.saw_id(*report);
            state.reports.insert(
                *report,
                anticheat::AntiCheatReport {
                    game: *game,
                    member: member.clone(),
                    raw: raw.clone(),
                    redacted: redacted.clone(),
                    released_to: BTreeSet::new(),
                },
            );
        }
        Event::AntiCheatReleased { report, to } => {
            if let Some(r) = state.reports.get_mut(report) {
                r.released_to.insert(to.clone());
            }
        }
        Event::RawOrderVoted {
            appeal,
            justice,
            ordered,
        } => {
            if let Some(a) = state.appeals.get_mut(appeal) {
                a.raw_votes.insert(justice.clone());
                a.raw_ordered |= *ordered;
            }
        }
        _ => unreachable!("state::apply sends anti-cheat events only"),
    }
}
