//! The tie-breaks an organizer may list, by their API names: the 2009
//! rules' (`fide-tb`, kebab-case words such as `buchholz-cut-1`) and the
//! FIDE Tie-Break Regulations C.07's (`c07`, the prefix `c07-`, the code
//! and the modifier, such as `c07-bh-c1`).
//!
//! One list may not mix the two: they count unplayed rounds differently
//! (the 2009 virtual opponent against the c07 16.4 dummy opponent), so a
//! mixed list would rank one tie by one rule and the next by another
//! (see [`Tiebreak::mixes`]).

use serde::{Deserialize, Serialize};
use std::fmt;

/// A tie-break an organizer may list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Tiebreak {
    /// fide-tb Buchholz: the sum of the opponents' scores.
    Buchholz,
    /// fide-tb Buchholz cut 1: less the lowest opponent's score.
    BuchholzCut1,
    /// fide-tb median Buchholz: less the highest and the lowest.
    BuchholzMedian,
    /// fide-tb Sonneborn-Berger: the scores of the opponents beaten, and
    /// half the scores of those drawn.
    SonnebornBerger,
    /// fide-tb progressive score: the sum of the running score after each
    /// round.
    Progressive,
    /// fide-tb direct encounter: the points scored in the games among the
    /// tied players, when all of them have met.
    DirectEncounter,
    /// dutch H: the same, for the tie for first place only.
    DirectEncounterFirstPlace,
    /// fide-tb the greater number of wins (games won over the board).
    Wins,
    /// dutch H, fide-tb: the average rating of the opponents met over the
    /// board (unrated opponents left out).
    AverageRatingOfOpponents,
    /// A tie-break of the FIDE Tie-Break Regulations C.07 (2024).
    C07(C07),
}

/// A C.07 tie-break: its code and its modifier (c07 14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct C07 {
    pub code: Code,
    pub cut: Cut,
}

/// The C.07 codes offered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Code {
    /// c07 6: direct encounter (DE).
    De,
    /// c07 7.1: the number of wins, with or without playing (WIN).
    Win,
    /// c07 7.2: the number of games won over the board (WON).
    Won,
    /// c07 7.3: the number of games played with Black (BPG).
    Bpg,
    /// c07 7.4: the number of games won with Black (BWG).
    Bwg,
    /// c07 7.5: progressive scores (PS).
    Ps,
    /// c07 7.6: the rounds one elected to play (REP).
    Rep,
    /// c07 8.1: Buchholz (BH).
    Bh,
    /// c07 9.1: Sonneborn-Berger (SB).
    Sb,
    /// c07 10.1: the average rating of the opponents (ARO).
    Aro,
}

/// c07 14: which values are cut before summing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Cut {
    /// None cut.
    Whole,
    /// c07 14.1: the least significant value (Cut-1).
    C1,
    /// c07 14.2: the two least significant values (Cut-2).
    C2,
    /// c07 14.3: the least and the most significant value (Median-1).
    M1,
    /// c07 14.4: the two least and the two most significant (Median-2).
    M2,
}

impl Cut {
    /// How many values are cut from the bottom and from the top.
    pub fn counts(self) -> (usize, usize) {
        match self {
            Cut::Whole => (0, 0),
            Cut::C1 => (1, 0),
            Cut::C2 => (2, 0),
            Cut::M1 => (1, 1),
            Cut::M2 => (2, 2),
        }
    }
}

impl Cut {
    /// The modifier after a name: " Cut 1", " Median 2".
    fn full_name(self) -> &'static str {
        match self {
            Cut::Whole => "",
            Cut::C1 => " Cut 1",
            Cut::C2 => " Cut 2",
            Cut::M1 => " Median 1",
            Cut::M2 => " Median 2",
        }
    }

    /// The modifier after a code (c07 14): "-C1", "-M2".
    fn short_code(self) -> &'static str {
        match self {
            Cut::Whole => "",
            Cut::C1 => "-C1",
            Cut::C2 => "-C2",
            Cut::M1 => "-M1",
            Cut::M2 => "-M2",
        }
    }
}

const fn c07(code: Code, cut: Cut) -> Tiebreak {
    Tiebreak::C07(C07 { code, cut })
}

/// Every accepted name, in the order the schema lists them. C.07's table
/// of modifiers allows the cuts and medians on BH and ARO, the cuts on SB
/// and the cut on PS (the first rounds); the others take none.
pub const NAMES: [(&str, Tiebreak); 30] = [
    ("buchholz", Tiebreak::Buchholz),
    ("buchholz-cut-1", Tiebreak::BuchholzCut1),
    ("buchholz-median", Tiebreak::BuchholzMedian),
    ("sonneborn-berger", Tiebreak::SonnebornBerger),
    ("progressive", Tiebreak::Progressive),
    ("direct-encounter", Tiebreak::DirectEncounter),
    (
        "direct-encounter-first-place",
        Tiebreak::DirectEncounterFirstPlace,
    ),
    ("wins", Tiebreak::Wins),
    (
        "average-rating-of-opponents",
        Tiebreak::AverageRatingOfOpponents,
    ),
    ("c07-de", c07(Code::De, Cut::Whole)),
    ("c07-win", c07(Code::Win, Cut::Whole)),
    ("c07-won", c07(Code::Won, Cut::Whole)),
    ("c07-bpg", c07(Code::Bpg, Cut::Whole)),
    ("c07-bwg", c07(Code::Bwg, Cut::Whole)),
    ("c07-ps", c07(Code::Ps, Cut::Whole)),
    ("c07-ps-c1", c07(Code::Ps, Cut::C1)),
    ("c07-rep", c07(Code::Rep, Cut::Whole)),
    ("c07-bh", c07(Code::Bh, Cut::Whole)),
    ("c07-bh-c1", c07(Code::Bh, Cut::C1)),
    ("c07-bh-c2", c07(Code::Bh, Cut::C2)),
    ("c07-bh-m1", c07(Code::Bh, Cut::M1)),
    ("c07-bh-m2", c07(Code::Bh, Cut::M2)),
    ("c07-sb", c07(Code::Sb, Cut::Whole)),
    ("c07-sb-c1", c07(Code::Sb, Cut::C1)),
    ("c07-sb-c2", c07(Code::Sb, Cut::C2)),
    ("c07-aro", c07(Code::Aro, Cut::Whole)),
    ("c07-aro-c1", c07(Code::Aro, Cut::C1)),
    ("c07-aro-c2", c07(Code::Aro, Cut::C2)),
    ("c07-aro-m1", c07(Code::Aro, Cut::M1)),
    ("c07-aro-m2", c07(Code::Aro, Cut::M2)),
];

impl Tiebreak {
    /// dutch H's order, the default.
    pub fn dutch_h() -> Vec<Tiebreak> {
        vec![
            Tiebreak::DirectEncounterFirstPlace,
            Tiebreak::AverageRatingOfOpponents,
        ]
    }

    /// The tie-break's name as the API spells it.
    pub fn name(self) -> &'static str {
        NAMES
            .iter()
            .find(|(_, t)| *t == self)
            .map_or("unknown", |(n, _)| n)
    }

    /// The tie-break named `name`, or a message listing every name.
    pub fn parse(name: &str) -> Result<Tiebreak, String> {
        NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, t)| *t)
            .ok_or_else(|| {
                let all: Vec<&str> = NAMES.iter().map(|(n, _)| *n).collect();
                format!("unknown tie-break `{name}`; one of: {}", all.join(", "))
            })
    }

    /// The tie-break's name as a crosstable heads it ("Buchholz Cut 1").
    pub fn full_name(self) -> String {
        match self {
            Tiebreak::Buchholz => "Buchholz".to_owned(),
            Tiebreak::BuchholzCut1 => "Buchholz Cut 1".to_owned(),
            Tiebreak::BuchholzMedian => "Median Buchholz".to_owned(),
            Tiebreak::SonnebornBerger => "Sonneborn-Berger".to_owned(),
            Tiebreak::Progressive => "Progressive score".to_owned(),
            Tiebreak::DirectEncounter => "Direct encounter".to_owned(),
            Tiebreak::DirectEncounterFirstPlace => "Direct encounter for first place".to_owned(),
            // Over the board, as the 2009 rule is run here: C.07's WON.
            Tiebreak::Wins => "Games won".to_owned(),
            Tiebreak::AverageRatingOfOpponents => "Average rating of opponents".to_owned(),
            Tiebreak::C07(c) => format!("{}{}", c.code.full_name(), c.cut.full_name()),
        }
    }

    /// The tie-break's short code in C.07's notation, the 2009 ones by
    /// their C.07 counterpart: `BH-C1`, `SB`, `DE`.
    pub fn short_code(self) -> String {
        let (code, cut) = match self {
            Tiebreak::Buchholz => (Code::Bh, Cut::Whole),
            Tiebreak::BuchholzCut1 => (Code::Bh, Cut::C1),
            Tiebreak::BuchholzMedian => (Code::Bh, Cut::M1),
            Tiebreak::SonnebornBerger => (Code::Sb, Cut::Whole),
            Tiebreak::Progressive => (Code::Ps, Cut::Whole),
            Tiebreak::DirectEncounter | Tiebreak::DirectEncounterFirstPlace => {
                (Code::De, Cut::Whole)
            }
            Tiebreak::Wins => (Code::Won, Cut::Whole),
            Tiebreak::AverageRatingOfOpponents => (Code::Aro, Cut::Whole),
            Tiebreak::C07(c) => (c.code, c.cut),
        };
        format!("{}{}", code.short_code(), cut.short_code())
    }

    /// The name and the code together: "Buchholz Cut 1 (BH-C1)".
    pub fn title(self) -> String {
        format!("{} ({})", self.full_name(), self.short_code())
    }

    /// Whether it is one of C.07's.
    pub fn is_c07(self) -> bool {
        matches!(self, Tiebreak::C07(_))
    }

    /// Whether `list` mixes the 2009 tie-breaks with C.07's, which the
    /// settings refuse: the 2009 virtual opponent (`fide-tb virtual
    /// opponent`) and the c07 16.4 dummy opponent count the same unplayed
    /// round differently.
    pub fn mixes(list: &[Tiebreak]) -> bool {
        list.iter().any(|t| t.is_c07()) && list.iter().any(|t| !t.is_c07())
    }

    /// The clause that defines it.
    pub fn clause(self) -> &'static str {
        match self {
            Tiebreak::DirectEncounterFirstPlace => "dutch H",
            Tiebreak::AverageRatingOfOpponents => "dutch H",
            Tiebreak::C07(c) => c.code.clause(),
            _ => "fide-tb",
        }
    }
}

impl Code {
    /// Its name as C.07 gives it, in sentence case.
    fn full_name(self) -> &'static str {
        match self {
            Code::De => "Direct encounter",
            Code::Win => "Number of wins",
            Code::Won => "Games won",
            Code::Bpg => "Games played with Black",
            Code::Bwg => "Games won with Black",
            Code::Ps => "Progressive score",
            Code::Rep => "Rounds elected to play",
            Code::Bh => "Buchholz",
            Code::Sb => "Sonneborn-Berger",
            Code::Aro => "Average rating of opponents",
        }
    }

    /// Its code as C.07 writes it.
    fn short_code(self) -> &'static str {
        match self {
            Code::De => "DE",
            Code::Win => "WIN",
            Code::Won => "WON",
            Code::Bpg => "BPG",
            Code::Bwg => "BWG",
            Code::Ps => "PS",
            Code::Rep => "REP",
            Code::Bh => "BH",
            Code::Sb => "SB",
            Code::Aro => "ARO",
        }
    }

    /// The C.07 article that defines it.
    pub fn clause(self) -> &'static str {
        match self {
            Code::De => "c07 6",
            Code::Win => "c07 7.1",
            Code::Won => "c07 7.2",
            Code::Bpg => "c07 7.3",
            Code::Bwg => "c07 7.4",
            Code::Ps => "c07 7.5",
            Code::Rep => "c07 7.6",
            Code::Bh => "c07 8.1",
            Code::Sb => "c07 9.1",
            Code::Aro => "c07 10.1",
        }
    }
}

impl TryFrom<String> for Tiebreak {
    type Error = String;

    fn try_from(name: String) -> Result<Self, String> {
        Tiebreak::parse(&name)
    }
}

impl From<Tiebreak> for String {
    fn from(t: Tiebreak) -> String {
        t.name().to_owned()
    }
}

impl fmt::Display for Tiebreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Every accepted name as an enum (written by hand: the derive would not
/// know the names the `TryFrom` accepts).
impl schemars::JsonSchema for Tiebreak {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Tiebreak".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let names: Vec<&str> = NAMES.iter().map(|(n, _)| *n).collect();
        schemars::json_schema!({
            "type": "string",
            "enum": names,
            "description": "A tie-break. The 2009 FIDE tie-break rules (Handbook C.02 Annex 3; unplayed rounds by the virtual opponent): buchholz, buchholz-cut-1, buchholz-median, sonneborn-berger, progressive, direct-encounter, direct-encounter-first-place (dutch H), wins (over the board), average-rating-of-opponents. The FIDE Tie-Break Regulations C.07 (2024; unplayed rounds by the dummy opponent of c07 16.4, voluntarily unplayed rounds cut first): `c07-` and the code in lower case, then the modifier: de (6), win (7.1, with or without playing), won (7.2, over the board), bpg (7.3), bwg (7.4), ps (7.5; -c1 cuts round 1), rep (7.6), bh (8.1), sb (9.1), aro (10.1); -c1 / -c2 cut the one or two least significant values (14.1, 14.2), -m1 / -m2 also the most significant (14.3, 14.4). A list may not mix the two rulebooks.",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::{Tiebreak, NAMES};

    fn title(name: &str) -> String {
        Tiebreak::parse(name).expect("a tie-break").title()
    }

    #[test]
    fn c07_14_each_tiebreak_reads_by_its_name_and_code() {
        // By hand from C.07's codes (BH 8.1, SB 9.1, DE 6, ARO 10.1) and
        // its modifiers (14.1 Cut-1, 14.3 Median-1).
        assert_eq!(title("buchholz-cut-1"), "Buchholz Cut 1 (BH-C1)");
        assert_eq!(title("c07-bh-c1"), "Buchholz Cut 1 (BH-C1)");
        assert_eq!(title("sonneborn-berger"), "Sonneborn-Berger (SB)");
        assert_eq!(title("direct-encounter"), "Direct encounter (DE)");
        assert_eq!(title("buchholz-median"), "Median Buchholz (BH-M1)");
        assert_eq!(
            title("c07-aro-m2"),
            "Average rating of opponents Median 2 (ARO-M2)"
        );
        assert_eq!(title("c07-won"), "Games won (WON)");
        assert_eq!(title("wins"), "Games won (WON)");
        // No name reads as its raw id or as unknown.
        for (name, t) in NAMES {
            let shown = t.title();
            assert!(
                !shown.contains(name) && !shown.contains("unknown"),
                "{name}: {shown}"
            );
        }
    }
}
