//! The board's state and how each [`Event`] folds into it.

use super::deadline::Unavailability;
use super::event::{EndReason, Event};
use super::position::{merge_by_unit, Position};
use super::press::Press;
use super::replacement::Seat;
use super::settings::{PartialOrderSets, Settings};
use super::vote::{Ballot, Proposal};
use crate::diplomacy::cli::OrderResult;
use crate::diplomacy::map::Power;
use crate::envelope::UserId;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// wm D.VII.7: what a submission's receipt proves: when the server received
/// it, for which phase, and the SHA-256 of the orders as received.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct OrderReceipt {
    pub received_at: DateTime<Utc>,
    pub phase: String,
    pub sha256: String,
    /// The GM who entered the set the power's player sent (wm D.VII.1);
    /// absent when the player submitted it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entered_by: Option<UserId>,
}

/// One order set as submitted (wm D.II.1, D.III.3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "DiplomacyGameSubmission")]
pub struct Submission {
    pub orders: Vec<String>,
    #[serde(rename = "final")]
    pub is_final: bool,
    pub receipt: OrderReceipt,
}

/// One adjudicated phase as published (wm D.VIII.4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "DiplomacyGamePhaseRecord")]
pub struct PhaseRecord {
    /// The position the phase started from.
    pub before: Position,
    pub orders: BTreeMap<Power, Vec<String>>,
    pub results: Vec<OrderResult>,
    pub nmr: Vec<Power>,
    pub adjudicated_at: DateTime<Utc>,
}

/// wm D.VII.5: a position's extension account.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "DiplomacyGameExtensionAccount")]
pub struct ExtensionAccount {
    pub guaranteed_used: bool,
    /// Charged hours; never more than 7 days.
    pub hours: u32,
    /// Hours asked late for the next turn, applied when it opens.
    pub queued_hours: u32,
}

/// wm D.VII.6: an NMR's follow-up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "DiplomacyGameNmrCase")]
#[serde(rename_all = "kebab-case", tag = "stage")]
pub enum NmrCase {
    /// The player must contact the GM by then (wm D.VII.6.a).
    AwaitingContact {
        phase: String,
        contact_by: DateTime<Utc>,
    },
    /// A replacement must be found by then, or civil disorder (wm B.8.f).
    ReplacementSought { replace_by: DateTime<Utc> },
}

/// A TD-declared holiday whose extensions are free (wm D.VII.5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "DiplomacyGameHoliday")]
pub struct Holiday {
    pub name: String,
    pub hours: u32,
}

/// How the game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "DiplomacyGameResult")]
pub struct GameResult {
    pub reason: EndReason,
    pub phase: String,
    pub centers: BTreeMap<Power, usize>,
    /// wm D.IX.4: survivors left out of an agreed draw are presumed eliminated.
    pub eliminated: Vec<Power>,
}

/// The rules state of one board.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// None until the GM sets the game up.
    pub settings: Option<Settings>,
    pub seats: BTreeMap<Power, Seat>,
    pub position: Option<Position>,
    /// The current phase's deadline, UTC (wm D.VII.4.b). None while the
    /// phase is withheld for a 1901 NMR until the GM sets a new one.
    pub deadline: Option<DateTime<Utc>>,
    /// wm D.VII.6.b: a 1901 phase not adjudicated because of an NMR.
    pub withheld: bool,
    /// The game's start or last adjudication (wm D.VII.2's 24 hours).
    pub last_published: Option<DateTime<Utc>>,
    /// This phase's submissions per power, oldest first.
    pub submissions: BTreeMap<Power, Vec<Submission>>,
    pub history: Vec<PhaseRecord>,
    pub extensions: BTreeMap<Power, ExtensionAccount>,
    pub holidays: Vec<Holiday>,
    pub windows: BTreeMap<UserId, Unavailability>,
    pub nmrs: BTreeMap<Power, NmrCase>,
    pub proposals: Vec<Proposal>,
    /// Current ballots: proposal id -> power (or the GM as None) -> ballot.
    #[serde(with = "ballot_book")]
    pub ballots: BTreeMap<u32, BTreeMap<Option<Power>, Ballot>>,
    pub press: Vec<Press>,
    /// Warnings for the TD (wm D.VII.2).
    pub td_flags: Vec<String>,
    /// Phases whose rollback the TD consented to (wm D.VIII.1).
    pub rollback_consents: BTreeSet<String>,
    /// wm B.10: replacements the TD rejected on this board.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub rejected_replacements: BTreeSet<UserId>,
    pub result: Option<GameResult>,
    /// wm D.II.2: the address each player mails the board from, by address
    /// (lower case).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub mail_addresses: BTreeMap<String, UserId>,
}

impl Board {
    pub fn started(&self) -> bool {
        self.position.is_some()
    }

    pub fn phase(&self) -> Option<&str> {
        self.position.as_ref().map(|p| p.phase.as_str())
    }

    /// The power `user` currently plays, if any.
    pub fn power_of(&self, user: &UserId) -> Option<Power> {
        self.seats
            .iter()
            .find(|(_, s)| &s.player == user)
            .map(|(p, _)| *p)
    }

    /// The order set that counts for `power` now (wm D.III.3).
    pub fn counted_orders(&self, power: Power) -> Option<Vec<String>> {
        let subs = self.submissions.get(&power)?;
        let rule = self
            .settings
            .as_ref()
            .map(|s| s.house_rules.partial_order_sets)
            .unwrap_or_default();
        match rule {
            PartialOrderSets::Replace => subs.last().map(|s| s.orders.clone()),
            PartialOrderSets::MergeByUnit => subs
                .iter()
                .map(|s| s.orders.clone())
                .reduce(|acc, next| merge_by_unit(&acc, &next)),
        }
    }

    /// wm D.II.1: whether `power`'s latest set is marked final.
    pub fn is_final(&self, power: Power) -> bool {
        self.submissions
            .get(&power)
            .and_then(|s| s.last())
            .is_some_and(|s| s.is_final)
    }
}

/// Folds an event into the board; total, never refuses. Each event goes to
/// its topic's fold, every variant named, so that a new event cannot fall
/// through unfolded.
pub fn apply(state: &mut Board, event: &Event, at: DateTime<Utc>) {
    match event {
        Event::GameSetUp { .. }
        | Event::PlayerSeated { .. }
        | Event::GameStarted { .. }
        | Event::GameEnded { .. } => apply_game(state, event, at),
        Event::OrdersSubmitted { .. }
        | Event::AdjudicationWithheld { .. }
        | Event::PhaseAdjudicated { .. }
        | Event::RollbackConsented { .. }
        | Event::RolledBack { .. } => apply_orders(state, event, at),
        Event::UnitPlacementCorrected { .. } | Event::ExtraUnitNoted { .. } => {
            apply_correction(state, event)
        }
        Event::DeadlineSet { .. }
        | Event::UnavailabilityDeclared { .. }
        | Event::UnavailabilityConflictFlagged { .. }
        | Event::ExtensionGranted { .. }
        | Event::ExtensionQueued { .. }
        | Event::HolidayDeclared { .. } => apply_deadlines(state, event),
        Event::NmrRecorded { .. }
        | Event::GmContacted { .. }
        | Event::CivilDisorderLifted { .. }
        | Event::ReplacementProcedureStarted { .. }
        | Event::CivilDisorder { .. } => apply_nmrs(state, event),
        Event::ReplacementAppointed { .. }
        | Event::ReplacementPeriodDeclared { .. }
        | Event::ReplacementMadePermanent { .. }
        | Event::PlayerReturned { .. }
        | Event::RightOfReturnUsed { .. }
        | Event::ReplacementRejected { .. } => apply_replacements(state, event),
        Event::ProposalMade { .. }
        | Event::VoteRecorded { .. }
        | Event::ProposalDecided { .. }
        | Event::HouseRulesChanged { .. }
        | Event::PressPublished { .. } => apply_votes_and_press(state, event),
        Event::MailAddressRegistered { player, address } => {
            super::mail::keep_address(&mut state.mail_addresses, player, address)
        }
    }
}

/// The game set up (wm D.I.1.b), its players seated, started, and ended.
fn apply_game(state: &mut Board, event: &Event, at: DateTime<Utc>) {
    match event {
        Event::GameSetUp { settings } => {
            state.settings = Some(settings.clone());
        }
        Event::PlayerSeated { power, player } => {
            state.seats.insert(*power, Seat::new(player.clone()));
        }
        Event::GameStarted { position, deadline } => {
            state.position = Some(position.clone());
            state.deadline = Some(*deadline);
            state.last_published = Some(at);
        }
        Event::GameEnded {
            reason,
            centers,
            eliminated,
        } => {
            state.deadline = None;
            state.result = Some(GameResult {
                reason: reason.clone(),
                phase: state.phase().unwrap_or_default().to_owned(),
                centers: centers.clone(),
                eliminated: eliminated.clone(),
            });
        }
        _ => unreachable!("apply sends the game's set-up, start and end only"),
    }
}

/// Order sets submitted (wm D.II.1, D.VII.7), a phase adjudicated
/// (D.VIII.4) or withheld for a 1901 NMR (D.VII.6.b), and the last
/// adjudication rolled back with the TD's consent (D.VIII.1).
fn apply_orders(state: &mut Board, event: &Event, at: DateTime<Utc>) {
    match event {
        Event::OrdersSubmitted {
            power,
            orders,
            is_final,
            receipt,
        } => {
            state
                .submissions
                .entry(*power)
                .or_default()
                .push(Submission {
                    orders: orders.clone(),
                    is_final: *is_final,
                    receipt: receipt.clone(),
                });
            if let Some(seat) = state.seats.get_mut(power) {
                seat.ordered();
            }
        }
        Event::AdjudicationWithheld { .. } => {
            state.withheld = true;
            state.deadline = None;
        }
        Event::PhaseAdjudicated {
            orders,
            results,
            nmr,
            next,
            ..
        } => {
            if let Some(before) = state.position.replace(next.clone()) {
                state.history.push(PhaseRecord {
                    before,
                    orders: orders.clone(),
                    results: results.clone(),
                    nmr: nmr.clone(),
                    adjudicated_at: at,
                });
            }
            state.submissions.clear();
            state.last_published = Some(at);
            state.deadline = None;
            for acc in state.extensions.values_mut() {
                acc.queued_hours = 0;
            }
            // wm B.7: a season (Spring or Fall movement) served by a replacement.
            let served_season = state.history.last().is_some_and(|r| {
                r.before.parsed_phase().kind == crate::diplomacy::position::PhaseKind::Movement
            });
            if served_season {
                for seat in state.seats.values_mut() {
                    seat.season_served();
                }
            }
        }
        Event::RollbackConsented { phase } => {
            state.rollback_consents.insert(phase.clone());
        }
        Event::RolledBack { phase, deadline } => {
            if let Some(record) = state.history.pop() {
                debug_assert_eq!(&record.before.phase, phase);
                state.position = Some(record.before);
            }
            state.rollback_consents.remove(phase);
            state.submissions.clear();
            state.deadline = Some(*deadline);
            state.withheld = false;
        }
        _ => unreachable!("apply sends orders and adjudications only"),
    }
}

/// wm D.VIII.2: a unit moved or taken off the board; wm D.VIII.3: an extra
/// unit noted stays where it is (the next adjustment counts it).
fn apply_correction(state: &mut Board, event: &Event) {
    match event {
        Event::UnitPlacementCorrected {
            power,
            unit,
            placed,
        } => {
            if let Some(position) = state.position.as_mut() {
                position.correct_unit(*power, unit, placed.as_deref());
            }
        }
        Event::ExtraUnitNoted { .. } => {}
        _ => unreachable!("apply sends unit corrections only"),
    }
}

/// Deadlines (wm D.VII): set, kept out of unavailability windows (D.VII.2),
/// and extended (D.VII.5).
fn apply_deadlines(state: &mut Board, event: &Event) {
    match event {
        Event::DeadlineSet { deadline, .. } => {
            state.deadline = Some(*deadline);
            state.withheld = false;
        }
        Event::UnavailabilityDeclared { player, window } => {
            state.windows.insert(player.clone(), *window);
        }
        Event::UnavailabilityConflictFlagged { detail } => state.td_flags.push(detail.clone()),
        Event::ExtensionGranted {
            power,
            hours,
            charged,
            guaranteed,
            deadline,
            ..
        } => {
            let acc = state.extensions.entry(*power).or_default();
            if *charged {
                acc.hours += hours;
            }
            if *guaranteed {
                acc.guaranteed_used = true;
            }
            state.deadline = Some(*deadline);
        }
        Event::ExtensionQueued {
            power,
            hours,
            guaranteed,
        } => {
            let acc = state.extensions.entry(*power).or_default();
            acc.queued_hours += hours;
            acc.hours += hours;
            if *guaranteed {
                acc.guaranteed_used = true;
            }
        }
        Event::HolidayDeclared { name, hours } => state.holidays.push(Holiday {
            name: name.clone(),
            hours: *hours,
        }),
        _ => unreachable!("apply sends deadline events only"),
    }
}

/// wm D.VII.6, B.8: an NMR's follow-up, up to civil disorder (B.8.f).
fn apply_nmrs(state: &mut Board, event: &Event) {
    match event {
        Event::NmrRecorded {
            power,
            phase,
            contact_by,
        } => {
            // wm B.8: a replacement procedure under way is not restarted.
            if !matches!(
                state.nmrs.get(power),
                Some(NmrCase::ReplacementSought { .. })
            ) {
                state.nmrs.insert(
                    *power,
                    NmrCase::AwaitingContact {
                        phase: phase.clone(),
                        contact_by: *contact_by,
                    },
                );
            }
        }
        Event::GmContacted { power } => {
            state.nmrs.remove(power);
        }
        Event::CivilDisorderLifted { power } => {
            if let Some(seat) = state.seats.get_mut(power) {
                seat.civil_disorder = false;
            }
        }
        Event::ReplacementProcedureStarted { power, replace_by } => {
            state.nmrs.insert(
                *power,
                NmrCase::ReplacementSought {
                    replace_by: *replace_by,
                },
            );
        }
        Event::CivilDisorder { power } => {
            state.nmrs.remove(power);
            if let Some(seat) = state.seats.get_mut(power) {
                seat.civil_disorder = true;
            }
        }
        _ => unreachable!("apply sends NMR events only"),
    }
}

/// wm B.7–B.10: replacements appointed, declared, made permanent, ended by
/// the player's return, or rejected by the TD (B.10).
fn apply_replacements(state: &mut Board, event: &Event) {
    match event {
        Event::ReplacementAppointed {
            power,
            player,
            period,
        } => {
            state.nmrs.remove(power);
            if let Some(seat) = state.seats.get_mut(power) {
                seat.replace(player.clone(), *period);
            }
        }
        Event::ReplacementPeriodDeclared {
            power,
            period,
            by_player,
        } => {
            if let Some(seat) = state.seats.get_mut(power) {
                seat.declare(*period, *by_player);
            }
        }
        Event::ReplacementMadePermanent { power } => {
            if let Some(seat) = state.seats.get_mut(power) {
                seat.make_permanent();
            }
        }
        Event::PlayerReturned { power } => {
            if let Some(seat) = state.seats.get_mut(power) {
                seat.restore();
            }
        }
        Event::RightOfReturnUsed { power, .. } => {
            state.nmrs.remove(power);
            if let Some(seat) = state.seats.get_mut(power) {
                seat.take_back();
            }
        }
        Event::ReplacementRejected {
            power,
            player,
            replace_by,
            ..
        } => {
            state.rejected_replacements.insert(player.clone());
            let original = state
                .settings
                .as_ref()
                .and_then(|s| s.players.get(power))
                .cloned();
            if let Some(seat) = state.seats.get_mut(power) {
                if seat.replacement.is_some() {
                    seat.restore();
                } else if let Some(original) = original {
                    seat.player = original;
                    seat.may_return = None;
                }
            }
            state.nmrs.insert(
                *power,
                NmrCase::ReplacementSought {
                    replace_by: *replace_by,
                },
            );
        }
        _ => unreachable!("apply sends replacement events only"),
    }
}

/// Proposals and votes (wm D.IX), a house-rule change among them, and
/// press (D.X).
fn apply_votes_and_press(state: &mut Board, event: &Event) {
    match event {
        Event::ProposalMade { proposal } => state.proposals.push(proposal.clone()),
        Event::VoteRecorded {
            proposal,
            power,
            ballot,
            ..
        } => {
            state
                .ballots
                .entry(*proposal)
                .or_default()
                .insert(*power, *ballot);
        }
        Event::ProposalDecided { id, passed } => {
            if let Some(p) = state.proposals.iter_mut().find(|p| p.id == *id) {
                p.passed = Some(*passed);
            }
            state.ballots.remove(id);
        }
        Event::HouseRulesChanged { house_rules } => {
            if let Some(s) = state.settings.as_mut() {
                s.house_rules = house_rules.clone();
            }
        }
        Event::PressPublished { press } => state.press.push(press.clone()),
        _ => unreachable!("apply sends votes and press only"),
    }
}

/// The board's open ballots as stored: a list of `{proposal, voter, ballot}`
/// (the GM's house-rule ballot has `voter: null`). A JSON object cannot hold
/// them: its keys must be strings, so the GM's ballot made the state
/// unserializable, and inside the envelope's internally tagged `Game` a
/// number written as a key does not read back. Snapshots written before
/// this (an object of proposal -> power -> ballot) still read.
mod ballot_book {
    use super::{Ballot, Power};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use std::collections::BTreeMap;

    type Book = BTreeMap<u32, BTreeMap<Option<Power>, Ballot>>;

    #[derive(Serialize, Deserialize)]
    struct Entry {
        proposal: u32,
        voter: Option<Power>,
        ballot: Ballot,
    }

    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Stored {
        Entries(Vec<Entry>),
        Legacy(BTreeMap<String, BTreeMap<Option<Power>, Ballot>>),
    }

    pub fn serialize<S: Serializer>(book: &Book, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(book.iter().flat_map(|(proposal, ballots)| {
            ballots.iter().map(|(voter, ballot)| Entry {
                proposal: *proposal,
                voter: *voter,
                ballot: *ballot,
            })
        }))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Book, D::Error> {
        let mut book = Book::new();
        match Stored::deserialize(d)? {
            Stored::Entries(entries) => {
                for e in entries {
                    book.entry(e.proposal)
                        .or_default()
                        .insert(e.voter, e.ballot);
                }
            }
            Stored::Legacy(map) => {
                for (proposal, ballots) in map {
                    let proposal = proposal.parse().map_err(serde::de::Error::custom)?;
                    book.insert(proposal, ballots);
                }
            }
        }
        Ok(book)
    }
}
