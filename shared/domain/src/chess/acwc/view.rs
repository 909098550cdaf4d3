//! What each viewer may see: standings with every tiebreak, pairings per
//! round in publishing order, a player's schedule, the Final's score and
//! state; cheating reports and the review queue only for the TD (acwc
//! VII.A); sealed Armageddon bids only once both are in (III.H.6.ii). The
//! shapes are the typed structs of `view_schema.rs`. Also the TRF export
//! of the Qualification.

use super::final_match::FinalPhase;
use super::standings::{candidates_table, qualification_standings, qualification_tournament};
use super::state::{Championship, EntrantStatus, Outcome};
use super::view_schema::{
    Bid, CandidatesTable, EntrantLine, FinalShown, QualificationTable, RoundShown, ScheduleLine,
    TdOnly, View,
};
use super::vocabulary::{Event, Stage};
use crate::chess::swiss::RoundOutcome;
use crate::chess::trf::{self, Trf, TrfColour, TrfLine, TrfPlayer, TrfResult, TrfRound};
use crate::envelope::{Envelope, Role, UserId};
use serde_json::Value;
use std::collections::BTreeMap;

fn is_td(env: &Envelope, viewer: Option<&UserId>) -> bool {
    viewer.is_some_and(|v| env.has_role(v, Role::TournamentDirector))
}

/// The TD or the organizer, who enters facts.
fn is_official(env: &Envelope, viewer: Option<&UserId>) -> bool {
    is_td(env, viewer) || viewer.is_some_and(|v| env.has_role(v, Role::Organizer))
}

fn shown<'a>(env: &Envelope, state: &'a Championship, viewer: Option<&UserId>) -> View<'a> {
    let td = is_td(env, viewer);
    // acwc IV.E, V.A: the published pairings, each match with its agreed
    // time ("When a time is agreed on, it must be shared in the pairings
    // forum post").
    let rounds = state
        .rounds
        .iter()
        .map(|r| RoundShown {
            stage: r.stage,
            round: r.number,
            published_at: r.published_at,
            deadline: r.deadline,
            bye: r.bye.as_ref(),
            matches: r.matches.iter().map(|id| &state.matches[id]).collect(),
        })
        .collect();
    View {
        settings: state.settings.as_ref(),
        stage: state.stage,
        entrants: entrants_view(state, td),
        qualification: QualificationTable {
            rounds: state.qualification_rounds,
            standings: if state.stage >= Stage::Qualification {
                qualification_standings(state)
            } else {
                vec![]
            },
        },
        candidates: CandidatesTable {
            seats: &state.candidates,
            standings: candidates_table(state),
        },
        rounds,
        schedule: schedule_view(state, viewer),
        final_match: final_match_view(state, viewer),
        champion: state.champion.as_ref(),
        td: td.then(|| td_only(state)),
    }
}

/// acwc VII.A: what only the TD sees: accusations, exceptions, and the
/// unfinished matches flagged or with a disputed result.
fn td_only(state: &Championship) -> TdOnly<'_> {
    TdOnly {
        cheating_reports: &state.cheating_reports,
        exceptions: &state.exceptions,
        flagged_matches: state
            .matches
            .values()
            .filter(|m| {
                !m.finished()
                    && (!m.flags.is_empty()
                        || m.report.as_ref().is_some_and(|r| r.disputed.is_some()))
            })
            .map(|m| &m.id)
            .collect(),
    }
}

/// The entrants shown: the review queue and denied entries only to the TD
/// (`td`, acwc II.C.2).
fn entrants_view(state: &Championship, td: bool) -> Vec<EntrantLine<'_>> {
    state
        .entrants
        .iter()
        .filter(|e| {
            td || !matches!(
                e.status,
                EntrantStatus::Review { .. } | EntrantStatus::Denied
            )
        })
        .map(|e| EntrantLine {
            player: &e.player,
            account: &e.account,
            seeding_rating: e.seeding.rating(),
            seeding: e.seeding,
            status: &e.status,
            exception: e.exception.as_deref(),
            forfeits: state.forfeits(&e.player),
        })
        .collect()
}

/// The viewer's own matches still being played, with their negotiation.
fn schedule_view<'a>(state: &'a Championship, viewer: Option<&UserId>) -> Vec<ScheduleLine<'a>> {
    let Some(v) = viewer else {
        return vec![];
    };
    state
        .matches
        .values()
        .filter(|m| m.plays(v) && !m.finished())
        .map(|m| ScheduleLine {
            match_id: &m.id,
            opponent: m.opponent(v),
            time: m.negotiation.time,
            offers: &m.negotiation.offers,
            report: m.report.as_ref(),
        })
        .collect()
}

/// The Final's score and state, `None` before it is set up; a sealed bid
/// only to its bidder until both are in (acwc III.H.6.ii).
pub(super) fn final_match_view<'a>(
    state: &'a Championship,
    viewer: Option<&UserId>,
) -> Option<FinalShown<'a>> {
    let (f, s) = (state.final_match.as_ref()?, state.settings.as_ref()?);
    let both_bids = f.bids.len() == 2;
    let bids = f
        .bids
        .iter()
        .map(|(p, secs)| Bid {
            player: p,
            seconds: (both_bids || viewer == Some(p)).then_some(*secs),
        })
        .collect();
    let phase = f.phase(&s.format);
    let points = |u: &UserId| f64::from(f.half_games(u)) / 2.0;
    Some(FinalShown {
        first: &f.first,
        second: &f.second,
        higher_seed: &f.higher_seed,
        score: BTreeMap::from([
            (f.first.as_str(), points(&f.first)),
            (f.second.as_str(), points(&f.second)),
        ]),
        games: &f.games,
        games_played: f.games_played(),
        decided: matches!(phase, FinalPhase::Decided { .. }),
        phase,
        next_time_control: f.next_time_control(s),
        bids,
        armageddon: f.armageddon.as_ref(),
        armageddon_game: f.armageddon_game.as_ref(),
        pending_game: state.pending_final_game.as_ref(),
    })
}

/// The Qualification as a TRF-16 file (`XXR` rounds; a match is written as
/// a game: match win `1`, tie `=`, loss `0`, awarded `+`/`-`, bye `U`,
/// not paired `Z`). Ratings are the seeding ratings, rounded down.
pub fn qualification_trf(state: &Championship) -> String {
    let t = qualification_tournament(state);
    let standings = qualification_standings(state);
    let mut lines = vec![
        TrfLine::Other("012 Antichess World Championship: Qualification".into()),
        TrfLine::Rounds(state.qualification_rounds),
    ];
    for p in &t.players {
        let user = &state.qualification[p.number as usize - 1];
        let rounds = p
            .rounds
            .iter()
            .enumerate()
            .map(|(i, o)| {
                o.map(|o| match o {
                    RoundOutcome::Game {
                        opponent,
                        colour,
                        half_points,
                        ..
                    } => {
                        let awarded = state.rounds_of(Stage::Qualification).nth(i).and_then(|r| {
                            r.matches
                                .iter()
                                .map(|id| &state.matches[id])
                                .find(|m| m.plays(user))
                                .map(|m| matches!(m.outcome, Some(Outcome::Awarded { .. })))
                        });
                        let result = match (awarded == Some(true), half_points) {
                            (true, 2) => TrfResult::ForfeitWin,
                            (true, _) => TrfResult::ForfeitLoss,
                            (false, 2) => TrfResult::Win,
                            (false, 1) => TrfResult::Draw,
                            (false, _) => TrfResult::Loss,
                        };
                        TrfRound {
                            opponent: Some(opponent),
                            colour: match colour {
                                crate::chess::swiss::Colour::White => TrfColour::White,
                                crate::chess::swiss::Colour::Black => TrfColour::Black,
                            },
                            result,
                        }
                    }
                    RoundOutcome::PairingBye => TrfRound {
                        opponent: None,
                        colour: TrfColour::None,
                        result: TrfResult::PairingBye,
                    },
                    RoundOutcome::NotPaired { .. } => TrfRound {
                        opponent: None,
                        colour: TrfColour::None,
                        result: TrfResult::ZeroPointBye,
                    },
                })
            })
            .collect();
        lines.push(TrfLine::Player(TrfPlayer {
            number: p.number,
            sex: String::new(),
            title: String::new(),
            name: p.name.clone(),
            rating: p.rating / 2,
            federation: String::new(),
            fide_id: String::new(),
            birth_date: String::new(),
            points_tenths: Some(p.half_points() * 5),
            rank: standings
                .iter()
                .find(|r| r.number == p.number)
                .map(|r| r.rank),
            rounds,
        }));
    }
    trf::write(&Trf { lines })
}

/// The contract's secrecy: what each viewer may see of an event (see [`crate::rulebook`]).
impl crate::rulebook::Secrecy for Championship {
    /// acwc VII.A: an accusation is the TD's and its author's alone.
    /// The event as `viewer` may see it in the audit log; `None` hides it.
    fn redact(
        &self,
        env: &Envelope,
        event: &Self::Event,
        viewer: Option<&UserId>,
    ) -> Option<Self::Event> {
        let state = self;
        match event {
            // VII.A: accusations are private to the TD.
            Event::CheatingReported { .. } | Event::CheatingReportRuled { .. }
                if !is_td(env, viewer) =>
            {
                None
            }
            // II.C.4: which accounts belong to the same person is the officials'.
            Event::Registered {
                player,
                account,
                seeding,
                review,
                other_accounts,
            } if !other_accounts.is_empty() && !is_official(env, viewer) => {
                Some(Event::Registered {
                    player: player.clone(),
                    account: account.clone(),
                    seeding: *seeding,
                    review: review.clone(),
                    other_accounts: vec![],
                })
            }
            // III.H.6.ii: sealed bids stay sealed until both are in.
            Event::BidSubmitted { player, .. } => {
                let open = state
                    .final_match
                    .as_ref()
                    .is_some_and(|f| f.armageddon.is_some());
                if open || viewer == Some(player) {
                    Some(event.clone())
                } else {
                    Some(Event::BidSubmitted {
                        player: player.clone(),
                        seconds: None,
                    })
                }
            }
            _ => Some(event.clone()),
        }
    }

    /// The championship's secret (an accusation) is withheld whole by
    /// `redact`, actor and time with it; every other act is public.
    fn conceals_actor(_event: &Event) -> bool {
        false
    }
}

/// The contract's view: the state as a viewer may see it (see [`crate::rulebook`]).
impl crate::rulebook::Views for Championship {
    /// The kind's view for `viewer` (see [`View`]).
    fn view(&self, env: &Envelope, viewer: Option<&UserId>) -> serde_json::Value {
        let state = self;
        serde_json::to_value(shown(env, state, viewer)).unwrap_or(Value::Null)
    }

    fn view_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        super::view_schema::view_schema(generator)
    }
}
