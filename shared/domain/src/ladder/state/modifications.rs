//! The fold of the club's settings: configured when the ladder opens, and
//! changed by the Chief Justice's technical modifications (club III.5) and
//! changes of the Terms (IV.1), each from its instant (IV.2), the version it
//! replaces kept; the Chief Justice's acts of residual authority (III.4).

use crate::ladder::modification::{Modification, ResidualAct};
use crate::ladder::terms::TermsChange;
use crate::ladder::{Event, Ladder};
use chrono::{DateTime, Utc};

/// The settings configured, technically modified (club III.5) or changed
/// with the Terms (IV.1).
pub(super) fn apply(state: &mut Ladder, event: &Event, at: DateTime<Utc>) {
    match event {
        Event::SettingsConfigured { settings } => state.settings = settings.clone(),
        Event::TechnicallyModified {
            modification,
            by,
            description,
            settings,
            previous,
        } => {
            state.saw_id(*modification);
            if let Some(s) = settings {
                state.supersede(s, at);
            }
            state.modifications.insert(
                *modification,
                Modification {
                    by: by.clone(),
                    description: description.clone(),
                    settings: settings.clone(),
                    previous: previous.clone(),
                    at,
                },
            );
        }
        Event::TermsChanged {
            change,
            by,
            description,
            settings,
            previous,
        } => {
            state.saw_id(*change);
            if let Some(s) = settings {
                state.supersede(s, at);
            }
            state.terms_changes.insert(
                *change,
                TermsChange {
                    by: by.clone(),
                    description: description.clone(),
                    settings: settings.clone(),
                    previous: previous.clone(),
                    at,
                },
            );
        }
        Event::ResidualAuthorityExercised {
            act,
            by,
            description,
        } => {
            state.saw_id(*act);
            state.residual_acts.insert(
                *act,
                ResidualAct {
                    by: by.clone(),
                    description: description.clone(),
                    at,
                },
            );
        }
        _ => unreachable!("state::apply sends settings and the Chief Justice's acts only"),
    }
}
