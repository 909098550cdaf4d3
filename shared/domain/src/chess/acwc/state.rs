//! The championship's state and how events fold into it.

use super::eligibility::{Mark, Seeding};
use super::final_match::FinalMatch;
use super::settings::Settings;
use super::vocabulary::{Award, Disqualification, Event, MatchId, NoShowChoice, Stage};
use crate::chess::swiss::monrad::match_points;
use crate::envelope::UserId;
use chrono::{DateTime, Utc};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

mod cheating;
mod entries;
mod matches;
mod results;
mod stages;
mod table;

pub use table::Matches;

/// Where an entry stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "status", rename_all = "kebab-case")]
#[schemars(rename = "AcwcEntrantStatus")]
pub enum EntrantStatus {
    /// acwc II.C.2: waiting for the TD's review.
    Review {
        reason: String,
    },
    Admitted,
    /// acwc II.C.2: the TD denied the entry.
    Denied,
    Withdrawn,
    Disqualified {
        reason: Disqualification,
    },
}

/// One entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    pub player: UserId,
    pub account: String,
    pub seeding: Seeding,
    pub status: EntrantStatus,
    pub registered_at: DateTime<Utc>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exception: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<Mark>,
    /// acwc II.C.4: other accounts of the same person, as the facts listed them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub other_accounts: Vec<String>,
}

impl Entrant {
    /// Still in the championship.
    pub fn active(&self) -> bool {
        self.status == EntrantStatus::Admitted
    }
}

/// acwc V: a time offer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "AcwcOffer")]
pub struct Offer {
    pub by: UserId,
    pub at: DateTime<Utc>,
    pub made_at: DateTime<Utc>,
}

/// acwc V: the negotiation of a match's start time.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "AcwcNegotiation")]
pub struct Negotiation {
    pub offers: Vec<Offer>,
    /// The agreed or fixed start time.
    pub time: Option<DateTime<Utc>>,
    /// acwc V.E–F, V.H–I: the deadline passed without agreement.
    pub failed: bool,
    /// acwc V.E, V.I: the player who now chooses the time (`None` with
    /// `failed`: the TD assigns it).
    pub chooser: Option<UserId>,
    /// acwc V.H: referred to the TD.
    pub referred: bool,
    /// acwc V.E–F, V.H–I: who failed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub at_fault: Vec<UserId>,
}

/// How a match ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "outcome", rename_all = "kebab-case")]
#[schemars(rename = "AcwcOutcome")]
pub enum Outcome {
    /// The score in half games.
    Score {
        first: u32,
        second: u32,
    },
    Awarded {
        winner: UserId,
        award: Award,
    },
}

/// A score waiting for the opponent's confirmation (acwc VI.G).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "AcwcReport")]
pub struct Report {
    pub by: UserId,
    pub first: u32,
    pub second: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disputed: Option<String>,
}

/// A Qualification or Candidates match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "AcwcMatch")]
pub struct Match {
    pub id: MatchId,
    pub stage: Stage,
    pub round: u32,
    pub first: UserId,
    pub second: UserId,
    pub negotiation: Negotiation,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub report: Option<Report>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    /// acwc VIII.B: a withdrawn Candidate's match no longer counts.
    #[serde(default)]
    pub disregarded: bool,
    /// acwc VI.D: a no-show claim and the appearing player's choice:
    /// `[player, "claim-win" | "reschedule"]`. Described as a pair of
    /// strings: a tuple's `prefixItems` is read differently by the typed
    /// clients' generator in the view and in the resources.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<[String; 2]>")]
    pub no_show: Option<(UserId, NoShowChoice)>,
    /// acwc VI.A: the breaks called, each player's one, until when.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub breaks: BTreeMap<UserId, DateTime<Utc>>,
    /// acwc IV.F, V.H: why the TD must look at this match.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flags: Vec<String>,
    /// acwc VIII.A.2: the score of a match turned over for an engine mark,
    /// given back if the TD reinstates the player (I.C).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overturned: Option<Outcome>,
}

impl Match {
    pub fn plays(&self, u: &UserId) -> bool {
        &self.first == u || &self.second == u
    }

    pub fn opponent(&self, u: &UserId) -> &UserId {
        if &self.first == u {
            &self.second
        } else {
            &self.first
        }
    }

    /// Finished: a result stands, or it no longer counts.
    pub fn finished(&self) -> bool {
        self.outcome.is_some() || self.disregarded
    }

    /// acwc III.F.1: match points in half points (win 2, tie 1, loss 0).
    pub fn match_points(&self, u: &UserId) -> Option<u32> {
        match self.outcome.as_ref()? {
            Outcome::Score { first, second } => Some(if &self.first == u {
                match_points(*first, *second)
            } else {
                match_points(*second, *first)
            }),
            Outcome::Awarded { winner, .. } => Some(if winner == u { 2 } else { 0 }),
        }
    }

    /// The winner, if the match has one.
    pub fn winner(&self) -> Option<&UserId> {
        match self.outcome.as_ref()? {
            Outcome::Score { first, second } if first > second => Some(&self.first),
            Outcome::Score { first, second } if second > first => Some(&self.second),
            Outcome::Score { .. } => None,
            Outcome::Awarded { winner, .. } => Some(winner),
        }
    }

    /// acwc III.G: a player's sub-score in half games.
    pub fn half_games(&self, u: &UserId) -> Option<u32> {
        match self.outcome.as_ref()? {
            Outcome::Score { first, second } => {
                Some(if &self.first == u { *first } else { *second })
            }
            Outcome::Awarded { .. } => None,
        }
    }
}

/// One published round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub stage: Stage,
    pub number: u32,
    pub published_at: DateTime<Utc>,
    /// acwc IV.F: Sunday 23:59:59 UTC.
    pub deadline: DateTime<Utc>,
    pub matches: Vec<MatchId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bye: Option<UserId>,
}

/// acwc VII.A: a private accusation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "AcwcCheatingReport")]
pub struct CheatingReport {
    pub report: u32,
    pub by: UserId,
    pub accused: UserId,
    pub details: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guilty: Option<bool>,
}

/// A Final game waiting for the opponent's confirmation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "AcwcPendingGame")]
pub struct PendingGame {
    pub game: u32,
    pub by: UserId,
    pub winner: Option<UserId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disputed: Option<String>,
}

/// The rules state of one championship.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Championship {
    pub settings: Option<Settings>,
    pub stage: Stage,
    /// Entries in registration order.
    pub entrants: Vec<Entrant>,
    /// acwc II.B: exceptions granted by the TD, with reasons.
    pub exceptions: BTreeMap<UserId, String>,
    /// acwc III.F: the Qualification's players; pairing number = index + 1.
    pub qualification: Vec<UserId>,
    pub qualification_rounds: u32,
    /// acwc III.G: the Candidates' seats; Berger number = index + 1.
    pub candidates: Vec<UserId>,
    /// Rounds in publishing order.
    pub rounds: Vec<Round>,
    pub matches: Matches,
    #[serde(rename = "final")]
    pub final_match: Option<FinalMatch>,
    pub pending_final_game: Option<PendingGame>,
    pub champion: Option<UserId>,
    pub cheating_reports: Vec<CheatingReport>,
}

impl Default for Championship {
    fn default() -> Self {
        Self {
            settings: None,
            stage: Stage::Registration,
            entrants: vec![],
            exceptions: BTreeMap::new(),
            qualification: vec![],
            qualification_rounds: 0,
            candidates: vec![],
            rounds: vec![],
            matches: Matches::default(),
            final_match: None,
            pending_final_game: None,
            champion: None,
            cheating_reports: vec![],
        }
    }
}

impl Championship {
    pub fn entrant(&self, u: &UserId) -> Option<&Entrant> {
        self.entrants.iter().find(|e| &e.player == u)
    }

    fn entrant_mut(&mut self, u: &UserId) -> Option<&mut Entrant> {
        self.entrants.iter_mut().find(|e| &e.player == u)
    }

    pub fn active(&self, u: &UserId) -> bool {
        self.entrant(u).is_some_and(Entrant::active)
    }

    /// The last published round.
    pub fn current_round(&self) -> Option<&Round> {
        self.rounds.last()
    }

    /// The rounds of one stage.
    pub fn rounds_of(&self, stage: Stage) -> impl Iterator<Item = &Round> {
        self.rounds.iter().filter(move |r| r.stage == stage)
    }

    /// Every match of the round is finished (read from the open matches
    /// kept apart, [`Matches`]).
    pub fn round_complete(&self, round: &Round) -> bool {
        self.matches.unfinished_count(round.stage, round.number) == 0
    }

    /// acwc VI.F: matches a player forfeited.
    pub fn forfeits(&self, u: &UserId) -> usize {
        self.matches
            .values()
            .filter(|m| {
                m.plays(u)
                    && matches!(&m.outcome, Some(Outcome::Awarded { winner, award: Award::Forfeit }) if winner != u)
            })
            .count()
    }

    /// acwc VI.F: the matches each player forfeited, in one pass over the
    /// matches (the rules look for a second forfeit after every command, so
    /// asking [`Championship::forfeits`] of every entrant would cost
    /// entrants × matches).
    pub fn forfeit_counts(&self) -> BTreeMap<&UserId, usize> {
        let mut counts = BTreeMap::new();
        for m in self.matches.values() {
            if let Some(Outcome::Awarded {
                winner,
                award: Award::Forfeit,
            }) = &m.outcome
            {
                for u in [&m.first, &m.second] {
                    if u != winner {
                        *counts.entry(u).or_insert(0) += 1;
                    }
                }
            }
        }
        counts
    }

    /// The seeding rating, doubled (exact), of a player.
    pub fn seeding_x2(&self, u: &UserId) -> u32 {
        self.entrant(u).map(|e| e.seeding.doubled()).unwrap_or(0)
    }
}

/// Folds an event into the state; total, never refuses. Each event goes to
/// its topic's fold, every variant named, so that a new event cannot fall
/// through unfolded.
pub fn apply(state: &mut Championship, event: &Event, at: DateTime<Utc>) {
    match event {
        Event::Configured { .. }
        | Event::QualificationStarted { .. }
        | Event::CandidatesStarted { .. }
        | Event::FinalStarted { .. }
        | Event::RoundPublished { .. }
        | Event::ChampionDecided { .. } => stages::apply(state, event, at),
        Event::ExceptionGranted { .. }
        | Event::Registered { .. }
        | Event::EntryReviewed { .. }
        | Event::SecondAccountDetected { .. }
        | Event::Withdrew { .. }
        | Event::Disqualified { .. }
        | Event::MarkRecorded { .. }
        | Event::Reinstated { .. } => entries::apply(state, event, at),
        Event::TimeOffered { .. }
        | Event::MatchTimeAgreed { .. }
        | Event::MatchTimeFixed { .. }
        | Event::NegotiationFailed { .. } => matches::negotiation(state, event, at),
        Event::MatchFlagged { .. }
        | Event::NoShowClaimed { .. }
        | Event::GameClaimed { .. }
        | Event::BreakCalled { .. } => matches::conduct(state, event),
        Event::ResultReported { .. }
        | Event::FinalGameReported { .. }
        | Event::ResultConfirmed { .. }
        | Event::ResultDisputed { .. } => results::report(state, event),
        Event::ResultSettled { .. }
        | Event::FinalGameSettled { .. }
        | Event::MatchAwarded { .. }
        | Event::CandidateGamesDisregarded { .. } => results::settle(state, event),
        Event::ResultCorrected { .. }
        | Event::FinalGameCorrected { .. }
        | Event::MatchReopened { .. }
        | Event::CandidateGamesRestored { .. } => results::correct(state, event),
        Event::BidSubmitted { .. }
        | Event::ArmageddonColoursFixed { .. }
        | Event::FinalGameRecorded { .. } => results::final_games(state, event),
        Event::CheatingReported { .. } | Event::CheatingReportRuled { .. } => {
            cheating::apply(state, event)
        }
    }
}
