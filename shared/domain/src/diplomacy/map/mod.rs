//! The standard Diplomacy board (2000 Hasbro rules, the rulebook of wm D.I.3):
//! 75 provinces, their coasts, the 34 supply centres and the seven powers' home
//! centres, army and fleet adjacency (coast by coast), English names as printed
//! in the Hasbro rules (used for the alphabetical tie-break of wm D.V.4), the
//! usual three-letter codes and their common aliases (wm D.III.1).
//!
//! The adjacency tables were written from the printed board and checked against
//! every successful move, support and retreat in 300 real games and the DATC
//! cases (see `tests/diplomacy_map.rs`).

mod tables;

pub use tables::{ALIASES, PROVINCES};
use tables::{ARMY_EDGES, FLEET_EDGES};

use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::OnceLock;

/// The seven Great Powers.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Power {
    Austria,
    England,
    France,
    Germany,
    Italy,
    Russia,
    Turkey,
}

impl Power {
    /// All powers, alphabetical.
    pub const ALL: [Power; 7] = [
        Power::Austria,
        Power::England,
        Power::France,
        Power::Germany,
        Power::Italy,
        Power::Russia,
        Power::Turkey,
    ];

    /// Upper-case English name, as in the JSON front end.
    pub fn name(self) -> &'static str {
        match self {
            Power::Austria => "AUSTRIA",
            Power::England => "ENGLAND",
            Power::France => "FRANCE",
            Power::Germany => "GERMANY",
            Power::Italy => "ITALY",
            Power::Russia => "RUSSIA",
            Power::Turkey => "TURKEY",
        }
    }

    /// Title-case English name, for messages to people.
    pub fn title(self) -> &'static str {
        match self {
            Power::Austria => "Austria",
            Power::England => "England",
            Power::France => "France",
            Power::Germany => "Germany",
            Power::Italy => "Italy",
            Power::Russia => "Russia",
            Power::Turkey => "Turkey",
        }
    }

    /// Reads a power's name, adjective or usual abbreviation (case-insensitive).
    pub fn parse(s: &str) -> Option<Power> {
        let s = s.trim();
        let first = s.bytes().next()?.to_ascii_lowercase();
        if s.len() > 15 || !b"aefgirtb".contains(&first) {
            return None;
        }
        let mut buf = [0u8; 15];
        for (b, c) in buf.iter_mut().zip(s.bytes()) {
            *b = c.to_ascii_lowercase();
        }
        let s = std::str::from_utf8(&buf[..s.len()]).ok()?;
        let p = match s {
            "austria" | "austrian" | "aus" | "austria-hungary" | "a-h" => Power::Austria,
            "england" | "english" | "eng" | "britain" | "british" => Power::England,
            "france" | "french" | "fra" => Power::France,
            "germany" | "german" | "ger" => Power::Germany,
            "italy" | "italian" | "ita" => Power::Italy,
            "russia" | "russian" | "rus" => Power::Russia,
            "turkey" | "turkish" | "tur" => Power::Turkey,
            _ => return None,
        };
        Some(p)
    }
}

impl fmt::Display for Power {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Army or fleet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum UnitType {
    Army,
    Fleet,
}

impl UnitType {
    /// `A` or `F`.
    pub fn letter(self) -> char {
        match self {
            UnitType::Army => 'A',
            UnitType::Fleet => 'F',
        }
    }
}

/// One coast of a province with two coasts (Spain, St Petersburg, Bulgaria).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Coast {
    North,
    South,
    East,
}

impl Coast {
    /// `NC`, `SC`, `EC`.
    pub fn code(self) -> &'static str {
        match self {
            Coast::North => "NC",
            Coast::South => "SC",
            Coast::East => "EC",
        }
    }

    /// Reads `nc`, `n`, `north`, `north coast`, ... (case-insensitive).
    pub fn parse(s: &str) -> Option<Coast> {
        for (code, c) in [
            ("nc", Coast::North),
            ("sc", Coast::South),
            ("ec", Coast::East),
        ] {
            if s.eq_ignore_ascii_case(code) {
                return Some(c);
            }
        }
        let s: String = s
            .to_ascii_lowercase()
            .chars()
            .filter(|c| c.is_ascii_alphabetic())
            .collect();
        match s.as_str() {
            "nc" | "n" | "north" | "northcoast" | "ncs" => Some(Coast::North),
            "sc" | "s" | "south" | "southcoast" | "scs" => Some(Coast::South),
            "ec" | "e" | "east" | "eastcoast" | "ecs" => Some(Coast::East),
            _ => None,
        }
    }
}

/// What kind of space a province is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Terrain {
    /// Inland: armies only.
    Inland,
    /// Coastal land: armies, and fleets along the coast.
    Coastal,
    /// Sea: fleets only; fleets here may convoy.
    Sea,
}

/// A province of the standard board, by index into [`PROVINCES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Province(pub u8);

/// Static facts about one province.
#[derive(Debug)]
pub struct ProvinceInfo {
    /// Lower-case three-letter code (godip / DATC spelling).
    pub code: &'static str,
    /// English name as listed in the Hasbro rules.
    pub name: &'static str,
    pub terrain: Terrain,
    pub supply_center: bool,
    /// The power whose home centre this is.
    pub home: Option<Power>,
    /// Coasts for the three split-coast provinces, empty otherwise.
    pub coasts: &'static [Coast],
}

/// A place a unit can stand: a province, and for a fleet in a split-coast
/// province, the coast.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location {
    pub province: Province,
    pub coast: Option<Coast>,
}

impl Location {
    pub fn new(province: Province, coast: Option<Coast>) -> Self {
        Location { province, coast }
    }
}

impl From<Province> for Location {
    fn from(province: Province) -> Self {
        Location {
            province,
            coast: None,
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.province)?;
        if let Some(c) = self.coast {
            write!(f, "/{}", c.code())?;
        }
        Ok(())
    }
}

impl Province {
    /// Static facts.
    pub fn info(self) -> &'static ProvinceInfo {
        &PROVINCES[self.0 as usize]
    }
    /// Lower-case code.
    pub fn code(self) -> &'static str {
        self.info().code
    }
    /// English name (Hasbro spelling).
    pub fn name(self) -> &'static str {
        self.info().name
    }
    pub fn terrain(self) -> Terrain {
        self.info().terrain
    }
    pub fn is_supply_center(self) -> bool {
        self.info().supply_center
    }
    pub fn home_of(self) -> Option<Power> {
        self.info().home
    }
    pub fn coasts(self) -> &'static [Coast] {
        self.info().coasts
    }
    pub fn is_sea(self) -> bool {
        self.terrain() == Terrain::Sea
    }
    /// Looks up a code or alias exactly (case-insensitive), e.g. `MAO`, `mid`.
    pub fn from_code(code: &str) -> Option<Province> {
        let c = code.trim();
        if let Some(i) = three_letter_index(c) {
            let hit = code_table()[i];
            return (hit != u8::MAX).then_some(Province(hit));
        }
        ALIASES
            .iter()
            .find(|(a, _)| a.eq_ignore_ascii_case(c))
            .and_then(|(_, code)| Province::from_code(code))
    }
    /// All provinces.
    pub fn all() -> impl Iterator<Item = Province> {
        (0..PROVINCES.len() as u8).map(Province)
    }
    fn bit(self) -> u128 {
        1u128 << self.0
    }
}

impl fmt::Display for Province {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        for c in self.code().chars() {
            f.write_char(c.to_ascii_uppercase())?;
        }
        Ok(())
    }
}

/// Index of a three-letter word in a 26³ table, if it is one.
fn three_letter_index(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    if b.len() != 3 || !b.iter().all(u8::is_ascii_alphabetic) {
        return None;
    }
    Some(b.iter().fold(0usize, |acc, c| {
        acc * 26 + usize::from(c.to_ascii_lowercase() - b'a')
    }))
}

/// Every three-letter code and alias, by [`three_letter_index`].
fn code_table() -> &'static [u8; 17576] {
    static T: OnceLock<Box<[u8; 17576]>> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = Box::new([u8::MAX; 17576]);
        for (i, p) in PROVINCES.iter().enumerate() {
            t[three_letter_index(p.code).expect("code")] = i as u8;
        }
        for (alias, code) in ALIASES {
            if let Some(a) = three_letter_index(alias) {
                let i = PROVINCES
                    .iter()
                    .position(|p| p.code == *code)
                    .expect("alias target");
                t[a] = i as u8;
            }
        }
        t
    })
}

/// Parses `spa/nc`, `SPA(nc)`, `stp nc`, `mao` into a location, without
/// checking that the coast belongs to the province.
pub fn parse_location(s: &str) -> Option<Location> {
    let s = s.trim().to_ascii_lowercase();
    let (prov, coast) = match s.find(['/', '(', ' ', '-', '_']) {
        Some(i) => (&s[..i], Some(s[i + 1..].trim_end_matches(')'))),
        None => (s.as_str(), None),
    };
    let province = Province::from_code(prov)?;
    let coast = match coast {
        Some(c) => Some(Coast::parse(c)?),
        None => None,
    };
    Some(Location { province, coast })
}

/// Adjacency lookups, built once from the edge tables.
pub struct Map {
    army: [u128; 75],
    fleet: [u128; 75],
    fleet_coast: Vec<(Location, Location)>,
}

/// The standard map.
pub fn standard() -> &'static Map {
    static MAP: OnceLock<Map> = OnceLock::new();
    MAP.get_or_init(Map::build)
}

impl Map {
    fn build() -> Map {
        let mut army = [0u128; 75];
        let mut fleet = [0u128; 75];
        let mut fleet_coast = Vec::new();
        for (a, b) in ARMY_EDGES {
            let a = Province::from_code(a).expect("army edge code");
            let b = Province::from_code(b).expect("army edge code");
            army[a.0 as usize] |= b.bit();
            army[b.0 as usize] |= a.bit();
        }
        for (a, b) in FLEET_EDGES {
            let a = parse_location(a).expect("fleet edge code");
            let b = parse_location(b).expect("fleet edge code");
            fleet[a.province.0 as usize] |= b.province.bit();
            fleet[b.province.0 as usize] |= a.province.bit();
            fleet_coast.push((a, b));
            fleet_coast.push((b, a));
        }
        fleet_coast.sort();
        Map {
            army,
            fleet,
            fleet_coast,
        }
    }

    /// Every army border, each pair once.
    pub fn army_borders(&self) -> Vec<(Province, Province)> {
        let mut v = Vec::new();
        for a in Province::all() {
            for b in provinces_in(self.army[a.0 as usize]) {
                if a < b {
                    v.push((a, b));
                }
            }
        }
        v
    }

    /// Every fleet border between locations, each pair once.
    pub fn fleet_borders(&self) -> Vec<(Location, Location)> {
        self.fleet_coast
            .iter()
            .filter(|(a, b)| a < b)
            .copied()
            .collect()
    }

    /// Can an army move between these provinces over land?
    pub fn army_adjacent(&self, a: Province, b: Province) -> bool {
        self.army[a.0 as usize] & b.bit() != 0
    }

    /// Is there any fleet border between the provinces (any coast)?
    pub fn fleet_adjacent_provinces(&self, a: Province, b: Province) -> bool {
        self.fleet[a.0 as usize] & b.bit() != 0
    }

    /// Provinces next to `a` for armies (bitset by province index).
    pub fn army_neighbours(&self, a: Province) -> u128 {
        self.army[a.0 as usize]
    }

    /// Provinces next to `a` for fleets on any coast.
    pub fn fleet_neighbours(&self, a: Province) -> u128 {
        self.fleet[a.0 as usize]
    }

    /// Locations a fleet at `from` can move to.
    pub fn fleet_moves(&self, from: Location) -> impl Iterator<Item = Location> + '_ {
        let start = self.fleet_coast.partition_point(|(a, _)| *a < from);
        self.fleet_coast[start..]
            .iter()
            .take_while(move |(a, _)| *a == from)
            .map(|(_, b)| *b)
    }

    /// Can a fleet at `from` move to `to` (coasts exact)?
    pub fn fleet_can_move(&self, from: Location, to: Location) -> bool {
        self.fleet_moves(from).any(|l| l == to)
    }

    /// The coasts of `to` a fleet at `from` can reach (None for single-coast).
    pub fn fleet_reachable_coasts(&self, from: Location, to: Province) -> Vec<Option<Coast>> {
        self.fleet_moves(from)
            .filter(|l| l.province == to)
            .map(|l| l.coast)
            .collect()
    }

    /// Can a unit of this type standing at `from` move to province `to` directly?
    /// (For fleets: to some coast of it, from its own coast.)
    pub fn can_reach(&self, kind: UnitType, from: Location, to: Province) -> bool {
        match kind {
            UnitType::Army => self.army_adjacent(from.province, to),
            UnitType::Fleet => self.fleet_moves(from).any(|l| l.province == to),
        }
    }

    /// Is `loc` a legal place for a unit of this type?
    pub fn valid_location(&self, kind: UnitType, loc: Location) -> bool {
        let coasts = loc.province.coasts();
        match kind {
            UnitType::Army => loc.province.terrain() != Terrain::Sea && loc.coast.is_none(),
            UnitType::Fleet => {
                loc.province.terrain() != Terrain::Inland
                    && match loc.coast {
                        None => coasts.is_empty(),
                        Some(c) => coasts.contains(&c),
                    }
            }
        }
    }

    /// Could an army go from `from` to `to` by a chain of sea provinces whose
    /// membership in `seas` (a province bitset) is given? Used for convoy
    /// routes possible "with the aid of other units on the board" (wm D.III.4).
    pub fn convoy_route_exists(&self, from: Province, to: Province, seas: u128) -> bool {
        if from == to || from.terrain() != Terrain::Coastal || to.terrain() != Terrain::Coastal {
            return false;
        }
        let mut reached = self.fleet[from.0 as usize] & seas;
        let mut frontier = reached;
        while frontier != 0 {
            let mut next = 0u128;
            for sea in provinces_in(frontier) {
                let n = self.fleet[sea.0 as usize];
                if n & to.bit() != 0 {
                    return true;
                }
                next |= n & seas;
            }
            frontier = next & !reached;
            reached |= next;
        }
        false
    }
}

/// Bit of a province in a bitset.
pub fn bit(p: Province) -> u128 {
    p.bit()
}

/// Iterates the provinces of a bitset.
pub fn provinces_in(mut set: u128) -> impl Iterator<Item = Province> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let i = set.trailing_zeros() as u8;
            set &= set - 1;
            Some(Province(i))
        }
    })
}

/// The 22 units on the board at the start of the game (spring 1901).
pub fn starting_units() -> Vec<(Power, UnitType, Location)> {
    let mut v = Vec::new();
    for (power, kind, loc) in [
        (Power::Austria, UnitType::Army, "bud"),
        (Power::Austria, UnitType::Fleet, "tri"),
        (Power::Austria, UnitType::Army, "vie"),
        (Power::England, UnitType::Fleet, "edi"),
        (Power::England, UnitType::Fleet, "lon"),
        (Power::England, UnitType::Army, "lvp"),
        (Power::France, UnitType::Fleet, "bre"),
        (Power::France, UnitType::Army, "mar"),
        (Power::France, UnitType::Army, "par"),
        (Power::Germany, UnitType::Army, "ber"),
        (Power::Germany, UnitType::Fleet, "kie"),
        (Power::Germany, UnitType::Army, "mun"),
        (Power::Italy, UnitType::Fleet, "nap"),
        (Power::Italy, UnitType::Army, "rom"),
        (Power::Italy, UnitType::Army, "ven"),
        (Power::Russia, UnitType::Army, "mos"),
        (Power::Russia, UnitType::Fleet, "sev"),
        (Power::Russia, UnitType::Fleet, "stp/sc"),
        (Power::Russia, UnitType::Army, "war"),
        (Power::Turkey, UnitType::Fleet, "ank"),
        (Power::Turkey, UnitType::Army, "con"),
        (Power::Turkey, UnitType::Army, "smy"),
    ] {
        v.push((power, kind, parse_location(loc).expect("start location")));
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pr(s: &str) -> Province {
        Province::from_code(s).unwrap()
    }

    #[test]
    fn board_has_75_provinces_34_centres_22_homes() {
        assert_eq!(PROVINCES.len(), 75);
        assert!(PROVINCES.windows(2).all(|w| w[0].code < w[1].code));
        assert_eq!(PROVINCES.iter().filter(|p| p.supply_center).count(), 34);
        assert_eq!(PROVINCES.iter().filter(|p| p.home.is_some()).count(), 22);
        assert_eq!(
            PROVINCES
                .iter()
                .filter(|p| p.terrain == Terrain::Sea)
                .count(),
            19
        );
        assert_eq!(
            PROVINCES
                .iter()
                .filter(|p| p.terrain == Terrain::Inland)
                .count(),
            14
        );
    }

    #[test]
    fn wm_d_iii_1_aliases_resolve() {
        assert_eq!(pr("MID"), pr("mao"));
        assert_eq!(pr("NAT"), pr("nao"));
        assert_eq!(pr("NRG"), pr("nwg"));
        assert_eq!(pr("GOL"), pr("lyo"));
        assert_eq!(pr("LVO"), pr("lvn"));
    }

    #[test]
    fn the_borders_missing_from_the_diplomacy_crate_exist() {
        let m = standard();
        assert!(m.army_adjacent(pr("gal"), pr("ukr")));
        assert!(m.army_adjacent(pr("lvn"), pr("war")));
        assert!(m.army_adjacent(pr("nwy"), pr("stp")));
        assert!(m.fleet_adjacent_provinces(pr("tus"), pr("tys")));
        assert!(m.fleet_can_move(
            parse_location("bot").unwrap(),
            parse_location("stp/sc").unwrap()
        ));
        assert!(!m.fleet_can_move(
            parse_location("bot").unwrap(),
            parse_location("stp/nc").unwrap()
        ));
    }

    #[test]
    fn every_edge_joins_valid_locations() {
        let m = standard();
        for (a, b) in &m.fleet_coast {
            assert!(m.valid_location(UnitType::Fleet, *a), "{a}");
            assert!(m.valid_location(UnitType::Fleet, *b), "{b}");
        }
        for p in Province::all() {
            for q in provinces_in(m.army_neighbours(p)) {
                assert!(!p.is_sea() && !q.is_sea(), "{p}-{q}");
            }
        }
    }
}
