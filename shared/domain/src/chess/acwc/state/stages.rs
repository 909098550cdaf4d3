//! The fold of the championship's course: the organizer's set-up, the
//! stages (acwc III.F–H), the rounds published (IV.D–E) and the champion.

use super::{Championship, Match, Negotiation, Round};
use crate::chess::acwc::final_match::FinalMatch;
use crate::chess::acwc::vocabulary::{Event, Stage};
use chrono::{DateTime, Utc};
use std::collections::BTreeMap;

/// The set-up, the start of each stage (acwc III.F, III.G, III.H), a round
/// published (IV.D–E), and the champion decided.
pub(super) fn apply(state: &mut Championship, event: &Event, at: DateTime<Utc>) {
    match event {
        Event::Configured { settings } => state.settings = Some(settings.clone()),
        Event::QualificationStarted { players, rounds } => {
            state.stage = Stage::Qualification;
            state.qualification = players.clone();
            state.qualification_rounds = *rounds;
        }
        Event::CandidatesStarted { seats } => {
            state.stage = Stage::Candidates;
            state.candidates = seats.clone();
        }
        Event::FinalStarted {
            first,
            second,
            higher_seed,
        } => {
            state.stage = Stage::Final;
            state.final_match = Some(FinalMatch::new(
                first.clone(),
                second.clone(),
                higher_seed.clone(),
            ));
            state.pending_final_game = None;
        }
        Event::RoundPublished {
            stage,
            round,
            pairings,
            bye,
            deadline,
        } => {
            for p in pairings {
                state.matches.insert(Match {
                    id: p.match_id.clone(),
                    stage: *stage,
                    round: *round,
                    first: p.first.clone(),
                    second: p.second.clone(),
                    negotiation: Negotiation::default(),
                    report: None,
                    outcome: None,
                    disregarded: false,
                    no_show: None,
                    breaks: BTreeMap::new(),
                    flags: vec![],
                    overturned: None,
                });
            }
            state.rounds.push(Round {
                stage: *stage,
                number: *round,
                published_at: at,
                deadline: *deadline,
                matches: pairings.iter().map(|p| p.match_id.clone()).collect(),
                bye: bye.clone(),
            });
        }
        Event::ChampionDecided { champion } => {
            state.champion = Some(champion.clone());
            state.stage = Stage::Finished;
        }
        _ => unreachable!("state::apply sends set-up, stage and round events only"),
    }
}
