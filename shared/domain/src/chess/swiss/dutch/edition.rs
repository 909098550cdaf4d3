//! The editions of the Dutch system an event can pair by, and the facts of
//! one round that the 2017 and 2026 editions read (dutch17 A.2–A.7,
//! dutch26 A.2–A.7): the players' order, topscorers, who may meet (the
//! absolute criteria C.1–C.3) and who may receive the pairing-allocated bye.
//!
//! The 2006 edition is the engine of [`super::pair`]; the later two are
//! paired by [`super::process`].

use super::matching::maximum_matching_until;
use super::state::{self, PlayerState, Strength};
use super::Wording;
use crate::chess::swiss::{Colour, Presence, RoundOutcome, SwissPlayer, SwissTournament};

/// Which text of FIDE C.04.3 a round is paired by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Edition {
    /// The 1992–2006 text (citations `dutch B1` …).
    Dutch2006,
    /// The text in force from 1 July 2017 (citations `dutch17 C.5` …).
    Dutch2017,
    /// The 2025 revision applied from 1 February 2026 (citations `dutch26 C.5` …).
    Dutch2026,
}

impl Edition {
    /// The citation prefix of the edition's clauses.
    pub fn prefix(self) -> &'static str {
        match self {
            Edition::Dutch2006 => "dutch",
            Edition::Dutch2017 => "dutch17",
            Edition::Dutch2026 => "dutch26",
        }
    }

    /// The absolute criterion a round is refused by when no pairing meets
    /// the absolute criteria: dutch B1 for the 1992–2006 text, dutch17 C.1
    /// (dutch26 C.1) for the later editions.
    pub fn absolute_clause(self) -> &'static str {
        match self {
            Edition::Dutch2006 => "dutch B1",
            Edition::Dutch2017 => "dutch17 C.1",
            Edition::Dutch2026 => "dutch26 C.1",
        }
    }

    /// The name an event's settings and the command line use.
    pub fn name(self) -> &'static str {
        match self {
            Edition::Dutch2006 => "dutch-2006",
            Edition::Dutch2017 => "dutch-2017",
            Edition::Dutch2026 => "dutch-2026",
        }
    }

    /// The edition a settings or command-line name stands for.
    pub fn from_name(name: &str) -> Option<Edition> {
        [Edition::Dutch2006, Edition::Dutch2017, Edition::Dutch2026]
            .into_iter()
            .find(|e| e.name() == name)
    }

    /// How the history is read for the 2017 edition: dutch17 A.4.b
    /// (a round not played is a downfloat), dutch17 C.2 (a half-point bye
    /// does not bar the pairing-allocated bye).
    pub const LATER_WORDING: Wording = Wording {
        last_round_notes: false,
        unplayed_point_is_downfloat: true,
        half_point_bye_bars_bye: false,
        forfeit_loss_has_no_float: false,
        no_history_colours_reversed: false,
        floats_b6_before_b5: true,
        topscorers: true,
        c12_in_homogeneous_next: false,
        unplayed_round_is_downfloat: true,
    };

    /// How the history is read for the 2026 edition: as
    /// [`Edition::LATER_WORDING`], except that a round not played is a
    /// downfloat only when it scored more than a loss (dutch26 A.4): a
    /// forfeit loss or an absence without points leaves no float.
    pub const WORDING_2026: Wording = Wording {
        unplayed_round_is_downfloat: false,
        forfeit_loss_has_no_float: true,
        ..Edition::LATER_WORDING
    };

    /// The reading of the history this edition pairs by (2017 or 2026).
    pub fn wording(self) -> Wording {
        match self {
            Edition::Dutch2026 => Edition::WORDING_2026,
            _ => Edition::LATER_WORDING,
        }
    }
}

/// One round as the 2017 and 2026 editions see it.
pub struct RoundFacts<'a> {
    /// The players' states (indices as in the tournament's player list).
    pub ps: &'a [PlayerState],
    /// The edition paired by.
    pub edition: Edition,
    /// dutch17 A.7: topscorers (only in the last round).
    pub topscorer: Vec<bool>,
    /// Rounds played so far.
    pub rounds_played: u32,
    /// dutch26 C.4: the highest score the bye's receiver may have (the
    /// lowest score any receiver can have); `None` for 2017.
    pub bye_score: Option<u32>,
    /// dutch17 E.5 (dutch26 E.5): each player's pairing number counted
    /// among the players taking part so far ([`taking_part`]).
    pub pairing_number: Vec<u32>,
}

/// dutch17 A.2, E.5: whether a player counts for the pairing numbers of
/// this round: present for it, or paired in an earlier round (a game,
/// forfeited or not, or the pairing-allocated bye). A player who has not
/// yet taken part (absent from round 1 with a requested bye) has no
/// pairing number yet, as a late entry; bbpPairings reads it so.
pub fn taking_part(p: &SwissPlayer) -> bool {
    p.presence == Presence::Present
        || p.rounds
            .iter()
            .flatten()
            .any(|o| matches!(o, RoundOutcome::Game { .. } | RoundOutcome::PairingBye))
}

/// [`RoundFacts::pairing_number`]: 1 for the first player taking part, and
/// so on in the order of the pairing numbers.
fn pairing_numbers(t: &SwissTournament) -> Vec<u32> {
    let mut taking: Vec<u32> = t
        .players
        .iter()
        .filter(|p| taking_part(p))
        .map(|p| p.number)
        .collect();
    taking.sort_unstable();
    t.players
        .iter()
        .map(|p| taking.partition_point(|&n| n < p.number) as u32 + 1)
        .collect()
}

impl<'a> RoundFacts<'a> {
    /// The states of `t`'s players as `edition` reads the history.
    pub fn states(t: &SwissTournament, edition: Edition) -> Vec<PlayerState> {
        state::derive_with(&t.players, t.rounds_played, edition.wording(), &t.rules)
    }

    /// dutch17 A.7 (dutch26 A.7): in the last round, a player with more
    /// than half the points possible so far is a topscorer.
    pub fn new(ps: &'a [PlayerState], t: &SwissTournament, edition: Edition) -> Self {
        let last = t.total_rounds > 0 && t.rounds_played + 1 >= t.total_rounds;
        let topscorer = ps
            .iter()
            .map(|p| last && p.score > t.rounds_played)
            .collect();
        RoundFacts {
            ps,
            edition,
            topscorer,
            rounds_played: t.rounds_played,
            bye_score: None,
            pairing_number: pairing_numbers(t),
        }
    }

    /// dutch17 A.2 (dutch26 A.2): `a` ranks above `b` (score, then pairing number).
    pub fn ranks_above(&self, a: usize, b: usize) -> bool {
        self.key(a) < self.key(b)
    }

    fn key(&self, i: usize) -> (std::cmp::Reverse<u32>, u32) {
        (std::cmp::Reverse(self.ps[i].score), self.ps[i].number)
    }

    /// The pair `(a, b)` with the higher score first: of two players with
    /// different scores, the one floating down (dutch17 A.4).
    pub fn higher_first(&self, (a, b): (usize, usize)) -> (usize, usize) {
        if self.ps[a].score >= self.ps[b].score {
            (a, b)
        } else {
            (b, a)
        }
    }

    /// dutch17 A.2: sort indices into the pairing order.
    pub fn sort(&self, v: &mut [usize]) {
        v.sort_by_key(|&i| self.key(i));
    }

    /// dutch17 A.6 (dutch26 A.6): `i`'s colour preference and its strength.
    pub fn preference(&self, i: usize) -> Option<(Colour, Strength)> {
        self.ps[i].preference().map(|p| (p.colour, p.strength))
    }

    /// dutch17 A.6: an absolute preference (colour difference beyond ±1, or
    /// the same colour in the last two games).
    pub fn absolute(&self, i: usize) -> bool {
        matches!(self.preference(i), Some((_, Strength::Absolute)))
    }

    /// dutch17 C.1 and dutch26 C.1 (no second meeting, the regulations' prohibited pairs
    /// counting as met) and dutch17 C.3, dutch26 C.3 (non-topscorers with the same
    /// absolute colour preference do not meet).
    pub fn compatible(&self, a: usize, b: usize) -> bool {
        let pa = &self.ps[a];
        if a == b || pa.met.contains(&b) || pa.barred.contains(&b) {
            return false;
        }
        let same_absolute = self.absolute(a)
            && self.absolute(b)
            && self.preference(a).map(|p| p.0) == self.preference(b).map(|p| p.0);
        !same_absolute || self.topscorer[a] || self.topscorer[b]
    }

    /// dutch17 C.2 and dutch26 C.2: a player who has had the pairing-allocated bye or a point
    /// without playing (a forfeit win, a full-point bye) does not receive
    /// it; dutch26 C.4 adds that its receiver has the lowest score possible.
    pub fn bye_allowed(&self, i: usize) -> bool {
        !self.ps[i].had_unplayed_point && self.bye_score.is_none_or(|s| self.ps[i].score <= s)
    }

    /// dutch17 C.4: the players can all be paired (C.1–C.3), one of them
    /// taking the bye (C.2) when their number is odd.
    pub fn completable(&self, players: &[usize]) -> bool {
        let n = players.len();
        let odd = n % 2 == 1;
        let size = n + usize::from(odd);
        let adj = |a: usize, b: usize| {
            let (a, b) = (a.min(b), a.max(b));
            if b == n {
                self.bye_allowed(players[a])
            } else {
                self.compatible(players[a], players[b])
            }
        };
        maximum_matching_until(size, &adj, 0)
            .iter()
            .all(Option::is_some)
    }

    /// dutch26 C.9: rounds `i` has not played (fewer is better for the bye).
    pub fn unplayed_rounds(&self, i: usize) -> u32 {
        self.rounds_played
            .saturating_sub(self.ps[i].colours.len() as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edition_names_are_the_settings_names() {
        for e in [Edition::Dutch2006, Edition::Dutch2017, Edition::Dutch2026] {
            assert_eq!(Edition::from_name(e.name()), Some(e));
        }
        assert_eq!(Edition::from_name("dutch-2012"), None);
        assert_eq!(Edition::Dutch2017.prefix(), "dutch17");
    }
}
