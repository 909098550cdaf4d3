//! The fold of entries (acwc II): exceptions granted by the TD (II.B),
//! registration and the TD's review (II.C.2), second accounts (II.C.4),
//! withdrawals, disqualifications and Lichess marks.

use super::{Championship, Entrant, EntrantStatus};
use crate::chess::acwc::vocabulary::Event;
use chrono::{DateTime, Utc};

/// An entry made, reviewed, withdrawn or disqualified, and what the TD
/// records about a player (acwc II).
pub(super) fn apply(state: &mut Championship, event: &Event, at: DateTime<Utc>) {
    match event {
        Event::ExceptionGranted { user, reason } => {
            state.exceptions.insert(user.clone(), reason.clone());
        }
        Event::Registered {
            player,
            account,
            seeding,
            review,
            other_accounts,
        } => {
            let status = match review {
                Some(reason) => EntrantStatus::Review {
                    reason: reason.clone(),
                },
                None => EntrantStatus::Admitted,
            };
            let exception = state.exceptions.get(player).cloned();
            state.entrants.push(Entrant {
                player: player.clone(),
                account: account.clone(),
                seeding: *seeding,
                status,
                registered_at: at,
                exception,
                marks: vec![],
                other_accounts: other_accounts.clone(),
            });
        }
        Event::EntryReviewed {
            player, admitted, ..
        } => {
            if let Some(e) = state.entrant_mut(player) {
                e.status = if *admitted {
                    EntrantStatus::Admitted
                } else {
                    EntrantStatus::Denied
                };
            }
        }
        Event::SecondAccountDetected { .. } => {}
        Event::Withdrew { player } => {
            if let Some(e) = state.entrant_mut(player) {
                e.status = EntrantStatus::Withdrawn;
            }
        }
        Event::Disqualified { player, reason } => {
            if let Some(e) = state.entrant_mut(player) {
                e.status = EntrantStatus::Disqualified {
                    reason: reason.clone(),
                };
            }
        }
        Event::Reinstated { player, .. } => {
            if let Some(e) = state.entrant_mut(player) {
                e.status = EntrantStatus::Admitted;
            }
        }
        Event::MarkRecorded { player, mark } => {
            if let Some(e) = state.entrant_mut(player) {
                e.marks.push(*mark);
            }
        }
        _ => unreachable!("state::apply sends entries only"),
    }
}
