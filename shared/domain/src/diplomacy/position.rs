//! Units on the board, phases (`S1901M`, `F1901R`, `W1901A`) and the position a
//! phase starts from.

use super::map::{Location, Power, Province, UnitType};
use std::collections::BTreeMap;
use std::fmt;

/// A unit on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Unit {
    pub power: Power,
    pub kind: UnitType,
    pub location: Location,
}

impl Unit {
    pub fn new(power: Power, kind: UnitType, location: Location) -> Self {
        Unit {
            power,
            kind,
            location,
        }
    }
    pub fn province(&self) -> Province {
        self.location.province
    }
}

impl fmt::Display for Unit {
    /// `F STP/SC`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.kind.letter(), self.location)
    }
}

/// Season of a phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Season {
    Spring,
    Fall,
    Winter,
}

/// Kind of a phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PhaseKind {
    Movement,
    Retreat,
    Adjustment,
}

/// A phase of the game, written `S1901M`, `F1901R`, `W1901A`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Phase {
    pub year: u16,
    pub season: Season,
    pub kind: PhaseKind,
}

impl Phase {
    /// Reads a phase code; adjustments are accepted as `W1901A` or `F1901A`.
    pub fn parse(s: &str) -> Option<Phase> {
        let s = s.trim();
        if s.len() != 6 || !s.is_ascii() {
            return None;
        }
        let season = match &s[..1] {
            "S" | "s" => Season::Spring,
            "F" | "f" => Season::Fall,
            "W" | "w" => Season::Winter,
            _ => return None,
        };
        let year: u16 = s[1..5].parse().ok()?;
        let kind = match &s[5..] {
            "M" | "m" => PhaseKind::Movement,
            "R" | "r" => PhaseKind::Retreat,
            "A" | "a" | "B" | "b" => PhaseKind::Adjustment,
            _ => return None,
        };
        let season = match (season, kind) {
            (Season::Winter, PhaseKind::Adjustment) | (Season::Fall, PhaseKind::Adjustment) => {
                Season::Winter
            }
            (Season::Winter, _) | (_, PhaseKind::Adjustment) => return None,
            (s, _) => s,
        };
        Some(Phase { year, season, kind })
    }

    /// The phase in words, as a player says it: `Spring 1902, movement`,
    /// `Fall 1902, retreats`, `Winter 1902, adjustments`.
    pub fn words(&self) -> String {
        let season = match self.season {
            Season::Spring => "Spring",
            Season::Fall => "Fall",
            Season::Winter => "Winter",
        };
        let kind = match self.kind {
            PhaseKind::Movement => "movement",
            PhaseKind::Retreat => "retreats",
            PhaseKind::Adjustment => "adjustments",
        };
        format!("{season} {}, {kind}", self.year)
    }

    pub fn movement(year: u16, season: Season) -> Phase {
        Phase {
            year,
            season,
            kind: PhaseKind::Movement,
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self.season {
            Season::Spring => 'S',
            Season::Fall => 'F',
            Season::Winter => 'W',
        };
        let k = match self.kind {
            PhaseKind::Movement => 'M',
            PhaseKind::Retreat => 'R',
            PhaseKind::Adjustment => 'A',
        };
        write!(f, "{s}{}{k}", self.year)
    }
}

/// A dislodged unit waiting to retreat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dislodged {
    pub unit: Unit,
    /// Where the dislodging unit came from.
    pub attacker_from: Option<Province>,
    /// wm D.VI.1: the attacker came by convoy, so its origin is open to retreat.
    pub by_convoy: bool,
    /// Legal retreat destinations (computed at the end of the movement phase).
    pub retreats: Vec<Location>,
}

/// Supply-centre ownership.
pub type Centers = BTreeMap<Province, Power>;

/// Units indexed by province for quick lookup.
#[derive(Debug, Clone)]
pub struct Board {
    pub units: Vec<Unit>,
    at: [Option<u8>; 75],
}

impl Board {
    /// Builds the board; fails on two units in one province.
    pub fn new(units: Vec<Unit>) -> Result<Board, Province> {
        let mut at = [None; 75];
        for (i, u) in units.iter().enumerate() {
            let slot = &mut at[u.province().0 as usize];
            if slot.is_some() {
                return Err(u.province());
            }
            *slot = Some(i as u8);
        }
        Ok(Board { units, at })
    }

    /// Index of the unit in a province.
    pub fn index_at(&self, p: Province) -> Option<usize> {
        self.at[p.0 as usize].map(usize::from)
    }

    /// The unit in a province.
    pub fn unit_at(&self, p: Province) -> Option<&Unit> {
        self.index_at(p).map(|i| &self.units[i])
    }

    /// Bitset of provinces with a fleet in a sea province.
    pub fn fleets_at_sea(&self) -> u128 {
        self.units
            .iter()
            .filter(|u| u.kind == UnitType::Fleet && u.province().is_sea())
            .fold(0, |acc, u| acc | super::map::bit(u.province()))
    }
}
