//! The fold of the Court of Appeals (club III.3): petitions, hearings and
//! panels, votes, judgements and written opinions.

use super::amend;
use crate::ladder::{court, Event, Ladder, Vote};
use chrono::{DateTime, Utc};

/// An appeal filed, its hearing supported and granted (club III.3.6), and
/// its panel empanelled (III.3.5) or the Court sitting en banc (III.3.9).
pub(super) fn hearing(state: &mut Ladder, event: &Event, at: DateTime<Utc>) {
    match event {
        Event::AppealFiled {
            appeal,
            appellant,
            subject,
            grounds,
            en_banc,
            parties,
        } => {
            state.saw_id(*appeal);
            state.appeals.insert(
                *appeal,
                court::Appeal::new(appellant, subject, grounds, *en_banc, parties, at),
            );
        }
        Event::HearingSupported { appeal, justice } => {
            if let Some(a) = state.appeals.get_mut(appeal) {
                a.supporters.insert(justice.clone());
            }
        }
        Event::HearingGranted { appeal, bench, .. } => {
            if let Some(a) = state.appeals.get_mut(appeal) {
                a.granted_at = Some(at);
                if bench.is_empty() {
                    a.status = court::AppealStatus::Granted;
                } else {
                    a.bench = bench.clone();
                    a.status = court::AppealStatus::Sitting;
                }
            }
        }
        Event::PanelEmpanelled {
            appeal,
            justices,
            conflicts_ignored,
        } => {
            if let Some(a) = state.appeals.get_mut(appeal) {
                a.bench = justices.clone();
                a.conflicts_ignored = conflicts_ignored.clone();
                a.status = court::AppealStatus::Sitting;
            }
        }
        _ => unreachable!("state::apply sends petitions and hearings only"),
    }
}

/// Votes, the decision by majority (club III.3.8), a reevaluation on
/// remand, and the written opinion (III.3.10).
pub(super) fn decision(state: &mut Ladder, event: &Event, at: DateTime<Utc>) {
    match event {
        Event::VoteCast {
            appeal,
            justice,
            vote,
            bar_appeals_until,
        } => {
            if let Some(a) = state.appeals.get_mut(appeal) {
                a.votes
                    .insert(justice.clone(), (vote.clone(), *bar_appeals_until));
            }
        }
        Event::AppealDecided {
            appeal,
            judgement,
            amendment,
        } => {
            if let Some(a) = state.appeals.get_mut(appeal) {
                a.status = match judgement.decision {
                    Vote::Remand { .. } => court::AppealStatus::Remanded,
                    _ => court::AppealStatus::Decided,
                };
                a.judgement = Some(judgement.clone());
            }
            if let Some(am) = amendment {
                amend(state, am);
            }
        }
        Event::Reevaluated {
            appeal, amendment, ..
        } => {
            if let Some(a) = state.appeals.get_mut(appeal) {
                a.status = court::AppealStatus::Reevaluated;
            }
            if let Some(am) = amendment {
                amend(state, am);
            }
        }
        Event::OpinionPublished {
            appeal,
            author,
            text,
            ..
        } => {
            if let Some(a) = state.appeals.get_mut(appeal) {
                a.opinion = Some(court::Opinion {
                    author: author.clone(),
                    text: text.clone(),
                    at,
                });
            }
        }
        Event::OpinionOverdue { appeal } => {
            if let Some(a) = state.appeals.get_mut(appeal) {
                a.opinion_overdue = true;
            }
        }
        _ => unreachable!("state::apply sends votes, decisions and opinions only"),
    }
}
