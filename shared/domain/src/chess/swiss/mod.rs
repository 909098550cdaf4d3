//! Swiss-system pairing: the tournament history every Swiss engine reads, and
//! the two engines Arbiter supports.
//!
//! - [`dutch`]: FIDE (Dutch) system, 1992–2006 wording (sections A–H).
//! - [`monrad`]: the ACWC 2019 Monrad pairing (acwc III.F).
//! - [`simulate`]: seeded, deterministic tournament simulation.
//!
//! [`SwissTournament::from_trf`] turns a TRF-16 file into the history model.

pub mod dutch;
mod export;
pub mod monrad;
pub mod simulate;

use crate::chess::trf::{Trf, TrfColour, TrfPlayer, TrfResult, TrfRound};

/// A colour on the board.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// White.
    White,
    /// Black.
    Black,
}

impl Colour {
    /// The other colour.
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// dutch A4: a float, written on the pairing card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Float {
    /// The higher-ranked player of a pairing with unequal scores (and a bye, A5).
    Downfloat,
    /// The lower-ranked player of a pairing with unequal scores.
    Upfloat,
}

/// dutch A2(c): FIDE titles in pairing order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Title {
    /// IGM
    Gm,
    /// IM
    Im,
    /// WGM
    Wgm,
    /// WIM
    Wim,
    /// FM
    Fm,
    /// CM
    Cm,
    /// WFM
    Wfm,
    /// WCM
    Wcm,
    /// no title
    None,
}

impl Title {
    /// The TRF title field as trf16 001 writes it (columns 11–13): `GM`,
    /// `IM`, `WGM`, `WIM`, `FM`, `CM`, `WFM`, `WCM`.
    pub fn code(self) -> &'static str {
        match self {
            Title::Gm => "GM",
            Title::Im => "IM",
            Title::Wgm => "WGM",
            Title::Wim => "WIM",
            Title::Fm => "FM",
            Title::Cm => "CM",
            Title::Wfm => "WFM",
            Title::Wcm => "WCM",
            Title::None => "",
        }
    }

    /// Parse a TRF title field: the trf16 001 codes (`GM`, `IM`, ...), the
    /// older one- and two-letter codes (`g`, `m`, `wg`, `wm`, `f`, `c`, `wf`,
    /// `wc`) and `IGM`.
    pub fn parse(s: &str) -> Title {
        match s.trim().to_ascii_uppercase().as_str() {
            "G" | "GM" | "IGM" => Title::Gm,
            "M" | "IM" => Title::Im,
            "WG" | "WGM" => Title::Wgm,
            "WM" | "WIM" => Title::Wim,
            "F" | "FM" => Title::Fm,
            "C" | "CM" => Title::Cm,
            "WF" | "WFM" => Title::Wfm,
            "WC" | "WCM" => Title::Wcm,
            _ => Title::None,
        }
    }
}

/// What happened to a player in one finished (or fixed) round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundOutcome {
    /// A pairing against an opponent. `played == false` for a forfeit
    /// (dutch F2: does not count for colour and does not make a rematch illegal).
    Game {
        /// Opponent's pairing number.
        opponent: u32,
        /// Colour assigned.
        colour: Colour,
        /// Points scored, in half points.
        half_points: u32,
        /// Played over the board.
        played: bool,
    },
    /// dutch A5: the bye given by the pairing system (one point, a downfloat).
    PairingBye,
    /// Not paired: requested bye, known absence, withdrawal (dutch F5).
    NotPaired {
        /// Points scored, in half points (F=2, H=1, Z=0).
        half_points: u32,
    },
}

impl RoundOutcome {
    /// Points scored in half points.
    pub fn half_points(&self) -> u32 {
        match self {
            RoundOutcome::Game { half_points, .. } | RoundOutcome::NotPaired { half_points } => {
                *half_points
            }
            RoundOutcome::PairingBye => 2,
        }
    }
}

/// Whether a player takes part in the round being paired (dutch F5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Presence {
    /// To be paired.
    Present,
    /// Known to be absent this round: not paired, scores the given half points.
    Absent,
    /// Withdrawn: never paired again.
    Withdrawn,
}

/// One player's record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SwissPlayer {
    /// Pairing number (dutch A2: from the initial order).
    pub number: u32,
    /// Name.
    pub name: String,
    /// Rating.
    pub rating: u32,
    /// Title.
    pub title: Title,
    /// One outcome per finished round (round 1 first); `None` = nothing recorded.
    pub rounds: Vec<Option<RoundOutcome>>,
    /// Presence for the round to pair.
    pub presence: Presence,
}

impl SwissPlayer {
    /// Score in half points over the finished rounds.
    pub fn half_points(&self) -> u32 {
        self.rounds.iter().flatten().map(|o| o.half_points()).sum()
    }
}

/// A tournament to pair: players, history, and the round to pair next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SwissTournament {
    /// All registered players.
    pub players: Vec<SwissPlayer>,
    /// Number of finished rounds (the round to pair is `rounds_played + 1`).
    pub rounds_played: u32,
    /// Total rounds planned (for the last-round notes of dutch B6).
    pub total_rounds: u32,
    /// dutch A7 / E5: colour drawn by lot for the first player in round 1.
    pub first_colour: Colour,
    /// What the regulations add to the pairing rules.
    pub rules: PairingRules,
}

/// What an event's regulations add to the pairing rules.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PairingRules {
    /// Pairs of pairing numbers that are never paired against each other
    /// (siblings, club mates): the engine treats them as having met.
    pub prohibited: Vec<(u32, u32)>,
    /// C.04.5.1 Baku acceleration, when the event uses it.
    pub acceleration: Option<Baku>,
}

/// C.04.5.1 Baku acceleration: the players of group GA (pairing numbers up
/// to `last_ga`) are given virtual points for pairing in the accelerated
/// rounds: 1 point in the first `full_rounds`, ½ in the rest up to
/// `accelerated_rounds`. Virtual points never count in the standings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Baku {
    pub last_ga: u32,
    pub accelerated_rounds: u32,
    pub full_rounds: u32,
}

impl Baku {
    /// The method for a field of `players` (sorted, before round 1) and
    /// `rounds` rounds: GA is the first half rounded up to an even number
    /// (2 × ⌈players / 4⌉); the accelerated rounds are the first half of the
    /// event rounded up, and the first half of those (rounded up) give 1
    /// virtual point (baku 2, baku 4).
    pub fn for_field(players: u32, rounds: u32) -> Baku {
        let accelerated_rounds = rounds.div_ceil(2);
        Baku {
            last_ga: 2 * players.div_ceil(4),
            accelerated_rounds,
            full_rounds: accelerated_rounds.div_ceil(2),
        }
    }

    /// Virtual half points of pairing number `number` for round `round`.
    pub fn virtual_half_points(&self, number: u32, round: u32) -> u32 {
        match (number <= self.last_ga, round) {
            (true, r) if r <= self.full_rounds => 2,
            (true, r) if r <= self.accelerated_rounds => 1,
            _ => 0,
        }
    }
}

impl SwissTournament {
    /// The pairing the history shows for round `r` (1-based): every game
    /// paired, played or forfeited, as White's board, and the pairing bye;
    /// boards in White's pairing-number order (a file keeps no board order).
    pub fn published(&self, r: usize) -> RoundPairing {
        let mut boards = Vec::new();
        let mut bye = None;
        for p in &self.players {
            match r
                .checked_sub(1)
                .and_then(|i| p.rounds.get(i))
                .copied()
                .flatten()
            {
                Some(RoundOutcome::Game {
                    opponent,
                    colour: Colour::White,
                    ..
                }) => boards.push(Board {
                    white: p.number,
                    black: opponent,
                }),
                Some(RoundOutcome::PairingBye) => bye = Some(p.number),
                _ => {}
            }
        }
        boards.sort_by_key(|b| (b.white, b.black));
        RoundPairing { boards, bye }
    }
}

/// One board of a pairing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    /// White's pairing number.
    pub white: u32,
    /// Black's pairing number.
    pub black: u32,
}

/// A round's pairing, boards in publishing order (dutch F1).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RoundPairing {
    /// Boards in publishing order.
    pub boards: Vec<Board>,
    /// The player receiving the bye, if any.
    pub bye: Option<u32>,
}

impl RoundPairing {
    /// The same boards, colours included, and the same bye, in any board
    /// order (a file keeps no board order).
    pub fn same_as(&self, other: &RoundPairing) -> bool {
        let key = |p: &RoundPairing| {
            let mut v: Vec<(u32, u32)> = p.boards.iter().map(|b| (b.white, b.black)).collect();
            v.sort_unstable();
            (v, p.bye)
        };
        key(self) == key(other)
    }
}

/// Why a TRF file cannot be turned into a tournament to pair.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HistoryError {
    /// Two players disagree about a game.
    #[error("round {round}: players {a} and {b} disagree about their game")]
    Inconsistent {
        /// Round (1-based).
        round: u32,
        /// One player.
        a: u32,
        /// The other.
        b: u32,
    },
    /// A played game without a colour.
    #[error("round {round}: player {player} has a game without colour")]
    MissingColour {
        /// Round (1-based).
        round: u32,
        /// Player.
        player: u32,
    },
}

impl SwissTournament {
    /// Round to pair next.
    pub fn round_to_pair(&self) -> u32 {
        self.rounds_played + 1
    }

    /// Build the history from a TRF file, for pairing round `round` (1-based).
    /// Rounds before `round` are history; a round block in round `round`
    /// without an opponent (H, F, Z, `-`) marks the player as absent for it
    /// (dutch F5), and so does a bye asked for it (trf2025 240); `U` (or
    /// `+` without opponent) is the system's bye and does not. When `round`
    /// is `None`, it is one more than the last round in which any game was
    /// paired.
    pub fn from_trf(trf: &Trf, round: Option<u32>) -> Result<SwissTournament, HistoryError> {
        let round = round.unwrap_or(last_paired_round(trf) + 1).max(1);
        let rounds_played = round - 1;
        let asked: std::collections::BTreeSet<u32> = trf
            .byes()
            .filter(|b| b.round == round)
            .flat_map(|b| b.players.iter().copied())
            .collect();
        let mut players = Vec::new();
        for p in trf.players() {
            let mut rounds = Vec::new();
            for r in 0..rounds_played as usize {
                let rd = p.rounds.get(r).copied().flatten();
                let outcome = rd.map(|rd| round_outcome(rd, r as u32 + 1, p.number));
                rounds.push(outcome.transpose()?);
            }
            players.push(SwissPlayer {
                number: p.number,
                name: p.name.clone(),
                rating: p.rating,
                title: Title::parse(&p.title),
                rounds,
                presence: if asked.contains(&p.number) {
                    Presence::Absent
                } else {
                    presence(p, rounds_played)
                },
            });
        }
        check_games_agree(&players)?;
        Ok(SwissTournament {
            players,
            rounds_played,
            total_rounds: trf.total_rounds().unwrap_or(0).max(round),
            first_colour: if trf.white1() == Some(false) {
                Colour::Black
            } else {
                Colour::White
            },
            rules: PairingRules {
                prohibited: trf.prohibited_pairs(round),
                acceleration: None,
            },
        })
    }
}

/// The last round in which any game was paired (0 if none).
fn last_paired_round(trf: &Trf) -> u32 {
    trf.players()
        .flat_map(|p| {
            p.rounds
                .iter()
                .enumerate()
                .filter(|(_, r)| r.is_some_and(|r| r.opponent.is_some()))
                .map(|(i, _)| i as u32 + 1)
        })
        .max()
        .unwrap_or(0)
}

/// A history round of `player` as its TRF block reads.
fn round_outcome(rd: TrfRound, round: u32, player: u32) -> Result<RoundOutcome, HistoryError> {
    let hp = rd.result.half_points();
    match rd.opponent {
        Some(o) => {
            let played = rd.result.is_played();
            let colour = match rd.colour {
                TrfColour::White => Some(Colour::White),
                TrfColour::Black => Some(Colour::Black),
                TrfColour::None => None,
            };
            match colour {
                Some(colour) => Ok(RoundOutcome::Game {
                    opponent: o,
                    colour,
                    half_points: hp,
                    played,
                }),
                None if !played => Ok(RoundOutcome::Game {
                    opponent: o,
                    colour: Colour::White,
                    half_points: hp,
                    played: false,
                }),
                None => Err(HistoryError::MissingColour { round, player }),
            }
        }
        None => Ok(match rd.result {
            // A pairing-allocated bye, also written `+` without opponent.
            TrfResult::PairingBye | TrfResult::ForfeitWin => RoundOutcome::PairingBye,
            other => RoundOutcome::NotPaired {
                half_points: other.half_points(),
            },
        }),
    }
}

/// dutch F5: whether the player is known absent from the round to pair.
fn presence(p: &TrfPlayer, rounds_played: u32) -> Presence {
    match p.rounds.get(rounds_played as usize).copied().flatten() {
        // U (or `+` without opponent) is the system's own bye: an output
        // of pairing, not a known absence.
        Some(rd)
            if rd.opponent.is_none()
                && !matches!(rd.result, TrfResult::PairingBye | TrfResult::ForfeitWin) =>
        {
            Presence::Absent
        }
        _ => Presence::Present,
    }
}

/// Consistency: both sides of every game agree.
fn check_games_agree(players: &[SwissPlayer]) -> Result<(), HistoryError> {
    let by_number: std::collections::HashMap<u32, &SwissPlayer> =
        players.iter().map(|p| (p.number, p)).collect();
    for p in players {
        for (r, o) in p.rounds.iter().enumerate() {
            if let Some(RoundOutcome::Game {
                opponent,
                colour,
                played,
                ..
            }) = o
            {
                let ok = match by_number.get(opponent).and_then(|q| q.rounds[r]) {
                    Some(RoundOutcome::Game {
                        opponent: back,
                        colour: c2,
                        played: p2,
                        ..
                    }) => back == p.number && (!played || !p2 || c2 != *colour),
                    _ => false,
                };
                if !ok {
                    return Err(HistoryError::Inconsistent {
                        round: r as u32 + 1,
                        a: p.number,
                        b: *opponent,
                    });
                }
            }
        }
    }
    Ok(())
}
