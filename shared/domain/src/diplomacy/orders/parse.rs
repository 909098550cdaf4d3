//! Reading one written order line into words and places, before any check
//! against the board. Implements the vocabulary of wm D.III.1 (full names,
//! official three-letter codes and aliases, any unambiguous abbreviation, the
//! player's own list agreed at the outset), the order words players write in
//! plain English as well as the short forms (`-`, `->`, `to`, `moves to`,
//! `goes to`, `attacks`, `S`, `supports`, `C`, `convoys`, `H`, `holds`,
//! `stands`, `via convoy`, build, disband, remove, waive), convoy routes
//! (wm D.VI.3: `A Lon - NTH - Bel`) and conditional alternatives joined by `or`
//! (wm D.II.5). Every error reads as plain words: what was written, quoted.

use super::super::map::{Coast, Location, Power, Province, UnitType};
use super::places::{lookup, Ambiguous};
use thiserror::Error;

pub use super::places::Abbreviations;

/// Why a line could not be read (wm D.III.1), in plain words: each variant
/// holds the text as the player wrote it, never the parser's own tokens.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    #[error("empty order")]
    Empty,
    #[error("unknown place \"{0}\"")]
    UnknownPlace(String),
    /// wm D.III.1: only unambiguous abbreviations are acceptable.
    #[error("ambiguous abbreviation \"{0}\" (could be {1})")]
    Ambiguous(String, String),
    #[error("cannot read \"{0}\" here")]
    Unexpected(String),
    /// After the unit, a word that says neither move, support, convoy nor hold.
    #[error("\"{0}\" is not an order word: write a move (\"-\" or \"moves to\"), \"supports\", \"convoys\" or \"holds\"")]
    NotAnOrderWord(String),
    #[error("order ends too early: {0}")]
    Incomplete(&'static str),
}

impl From<Ambiguous> for ParseError {
    fn from(a: Ambiguous) -> Self {
        ParseError::Ambiguous(a.phrase, a.candidates)
    }
}

/// What the order asks for, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    Hold,
    /// A move (or, in a retreat phase, a retreat). `route` lists the sea
    /// provinces named between origin and destination (wm D.VI.3).
    Move {
        dest: Location,
        via_convoy: bool,
        route: Vec<Province>,
    },
    Support {
        unit: Option<UnitType>,
        supported: Location,
        dest: Option<Location>,
    },
    Convoy {
        unit: Option<UnitType>,
        army: Province,
        dest: Province,
    },
    Disband,
    Build,
    Waive,
}

/// One order as written, read into its parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedOrder {
    /// Nationality written before the order (`ENG:`, `England`), if any.
    pub power: Option<Power>,
    /// Unit type as written (wm D.IV.1: may be missing or wrong).
    pub unit: Option<UnitType>,
    /// The unit's place (or the build site), coast as written.
    pub location: Option<Location>,
    pub action: Action,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok<'a> {
    Word(&'a str),
    Move,
    Colon,
    Slash,
    Open,
    Close,
    Comma,
}

impl Tok<'_> {
    /// The token as the player wrote it (for error messages).
    fn text(&self) -> String {
        match self {
            Tok::Word(w) => (*w).to_owned(),
            Tok::Move => "-".into(),
            Tok::Colon => ":".into(),
            Tok::Slash => "/".into(),
            Tok::Open => "(".into(),
            Tok::Close => ")".into(),
            Tok::Comma => ",".into(),
        }
    }
}

fn normalize(s: &str) -> String {
    let lower = if s.is_ascii() {
        s.to_ascii_lowercase()
    } else {
        s.to_lowercase()
    };
    if lower.contains("mid-atlantic") {
        lower.replace("mid-atlantic", "mid atlantic")
    } else {
        lower
    }
}

fn tokenize(lower: &str) -> Vec<Tok<'_>> {
    let mut out = Vec::with_capacity(8);
    let mut start: Option<usize> = None;
    let mut chars = lower.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let wordish = c.is_alphanumeric() || c == '\'' || c == '.';
        if wordish {
            if start.is_none() {
                start = Some(i);
            }
            continue;
        }
        if let Some(st) = start.take() {
            push_word(&mut out, &lower[st..i]);
        }
        match c {
            '-' | '–' | '—' | '=' => {
                if chars.peek().map(|x| x.1) == Some('>') {
                    chars.next();
                }
                out.push(Tok::Move);
            }
            '>' | '→' => out.push(Tok::Move),
            ':' => out.push(Tok::Colon),
            '/' => out.push(Tok::Slash),
            '(' | '[' => out.push(Tok::Open),
            ')' | ']' => out.push(Tok::Close),
            ',' | ';' | '|' => out.push(Tok::Comma),
            _ => {}
        }
    }
    if let Some(st) = start {
        push_word(&mut out, &lower[st..]);
    }
    out
}

/// A word without its dots (`st.` -> `st`); words made only of dots vanish.
fn push_word<'a>(out: &mut Vec<Tok<'a>>, w: &'a str) {
    let w = w.trim_matches('.');
    if w.is_empty() {
        return;
    }
    // Inner dots (`st.petersburg`) end the word at the dot.
    for part in w.split('.').filter(|p| !p.is_empty()) {
        out.push(Tok::Word(part));
    }
}

/// Splits a line into its conditional alternatives (wm D.II.5): `or`,
/// `else`, `otherwise` between orders.
pub fn split_alternatives(line: &str) -> Vec<String> {
    let mut parts = vec![String::new()];
    for w in line.split_whitespace() {
        let l = w.to_ascii_lowercase();
        if matches!(l.as_str(), "or" | "else" | "otherwise" | "||") {
            parts.push(String::new());
        } else {
            let cur = parts.last_mut().expect("non-empty");
            if !cur.is_empty() {
                cur.push(' ');
            }
            cur.push_str(w);
        }
    }
    parts
        .into_iter()
        .map(|p| p.trim().trim_matches(',').trim().to_string())
        .filter(|p| !p.is_empty())
        .collect()
}

struct Parser<'a> {
    toks: Vec<Tok<'a>>,
    pos: usize,
    abbr: &'a Abbreviations,
}

fn is_word(t: Option<&Tok>, set: &[&str]) -> bool {
    matches!(t, Some(Tok::Word(w)) if set.contains(w))
}

// wm D.III.1: the order words players write, plain English and short forms.
// None is the start of a place name (no province begins with them).
const HOLD: &[&str] = &[
    "h", "hold", "holds", "holding", "stand", "stands", "standing", "stay", "stays", "remain",
    "remains",
];
const MOVE: &[&str] = &[
    "to",
    "into",
    "m",
    "mv",
    "move",
    "moves",
    "moving",
    "go",
    "goes",
    "going",
    "attack",
    "attacks",
    "attacking",
    "advance",
    "advances",
    "proceed",
    "proceeds",
    "enter",
    "enters",
];
/// Words after a move verb before the place: `moves to`, `goes into the`.
const MOVE_TAIL: &[&str] = &["to", "into", "toward", "towards", "the"];
const RETREAT: &[&str] = &["r", "retreat", "retreats", "retreating"];
const SUPPORT: &[&str] = &["s", "sup", "supp", "support", "supports", "supporting"];
const CONVOY: &[&str] = &["c", "cvy", "convoy", "convoys", "convoying"];
const BUILD: &[&str] = &["b", "build", "builds"];
const DISBAND: &[&str] = &[
    "d", "disband", "disbands", "remove", "removes", "destroy", "destroys",
];
const WAIVE: &[&str] = &["waive", "waives", "waived", "pass"];
const ARMY: &[&str] = &["a", "army"];
const FLEET: &[&str] = &["f", "fleet"];
/// Words between a build's unit and its site: `build an army in Paris`.
const SITE: &[&str] = &["in", "at"];

/// Stop-words that can never begin a place name in this position.
const KEYWORDS: &[&[&str]] = &[
    HOLD, MOVE, MOVE_TAIL, RETREAT, SUPPORT, CONVOY, BUILD, DISBAND, WAIVE,
];

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<&Tok<'a>> {
        self.toks.get(self.pos)
    }

    fn eat_word(&mut self, set: &[&str]) -> bool {
        if is_word(self.peek(), set) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn unit_type(&mut self) -> Option<UnitType> {
        // `a fleet`, `an army`: the article before a spelled-out unit type.
        let next = self.toks.get(self.pos + 1);
        if is_word(self.peek(), &["a", "an"]) && (is_word(next, ARMY) || is_word(next, FLEET)) {
            self.pos += 1;
        }
        if self.eat_word(ARMY) {
            Some(UnitType::Army)
        } else if self.eat_word(FLEET) {
            Some(UnitType::Fleet)
        } else {
            None
        }
    }

    /// A power written before a unit (wm D.IV.2: ignored if wrong).
    fn power_word(&mut self) -> Option<Power> {
        if let Some(Tok::Word(w)) = self.peek() {
            if let Some(p) = Power::parse(w) {
                // `eng` is also the English Channel: only a power if a unit
                // type or colon follows.
                let next = self.toks.get(self.pos + 1);
                let unit_follows =
                    matches!(next, Some(Tok::Word(n)) if ARMY.contains(n) || FLEET.contains(n));
                if matches!(next, Some(Tok::Colon)) || unit_follows || w.len() > 3 {
                    self.pos += 1;
                    if matches!(self.peek(), Some(Tok::Colon)) {
                        self.pos += 1;
                    }
                    return Some(p);
                }
            }
        }
        None
    }

    fn place(&mut self) -> Result<Location, ParseError> {
        let start = self.pos;
        let mut words: Vec<&'a str> = Vec::with_capacity(4);
        while let Some(Tok::Word(w)) = self.toks.get(start + words.len()) {
            if words.len() == 4 {
                break;
            }
            words.push(w);
        }
        if words.is_empty() {
            return Err(match self.peek() {
                None => ParseError::Incomplete("a place is missing"),
                Some(t) => ParseError::Unexpected(t.text()),
            });
        }
        // A keyword, unit type or coast ends a multi-word phrase.
        let ends = |w: &str| {
            KEYWORDS.iter().any(|s| s.contains(&w))
                || ARMY.contains(&w)
                || FLEET.contains(&w)
                || matches!(
                    w,
                    "via" | "by" | "nc" | "sc" | "ec" | "north" | "south" | "east" | "coast"
                )
        };
        let longest = 1 + words[1..].iter().take_while(|w| !ends(w)).count();
        let mut err = None;
        for k in (1..=longest).rev() {
            match lookup(&words[..k], self.abbr) {
                Ok(Some(loc)) => {
                    self.pos = start + k;
                    let coast = self.coast()?;
                    return Ok(Location::new(loc.province, coast.or(loc.coast)));
                }
                Ok(None) => {}
                Err(e) => {
                    if err.is_none() {
                        err = Some(e)
                    }
                }
            }
        }
        Err(err.map_or_else(
            || ParseError::UnknownPlace(words[0].to_string()),
            ParseError::from,
        ))
    }

    fn coast(&mut self) -> Result<Option<Coast>, ParseError> {
        match self.peek() {
            Some(Tok::Slash) => {
                self.pos += 1;
                match self.peek() {
                    Some(Tok::Word(w)) => {
                        let c =
                            Coast::parse(w).ok_or_else(|| ParseError::Unexpected(w.to_string()))?;
                        self.pos += 1;
                        self.eat_word(&["coast"]);
                        Ok(Some(c))
                    }
                    _ => Err(ParseError::Incomplete("a coast is missing after `/`")),
                }
            }
            Some(Tok::Open) => {
                self.pos += 1;
                let mut w = String::new();
                while let Some(Tok::Word(x)) = self.peek() {
                    w.push_str(x);
                    self.pos += 1;
                }
                if !matches!(self.peek(), Some(Tok::Close)) {
                    return Err(ParseError::Incomplete("a `)` is missing"));
                }
                self.pos += 1;
                Coast::parse(&w).map(Some).ok_or(ParseError::Unexpected(w))
            }
            Some(Tok::Word(w)) if matches!(*w, "nc" | "sc" | "ec" | "north" | "south" | "east") => {
                let c = Coast::parse(w);
                self.pos += 1;
                self.eat_word(&["coast"]);
                Ok(c)
            }
            _ => Ok(None),
        }
    }

    fn is_move(&self) -> bool {
        matches!(self.peek(), Some(Tok::Move))
            || is_word(self.peek(), MOVE)
            || is_word(self.peek(), RETREAT)
    }

    /// A move (or retreat) word or arrow and the words after it before the
    /// place (`moves to`, `goes into`, `retreats to the`); false if none.
    fn eat_move(&mut self) -> bool {
        if !self.is_move() {
            return false;
        }
        self.pos += 1;
        while self.eat_word(MOVE_TAIL) {}
        true
    }

    fn via_convoy(&mut self) -> bool {
        if is_word(self.peek(), &["via", "by"])
            && is_word(self.toks.get(self.pos + 1), &["convoy", "c", "sea"])
        {
            self.pos += 2;
            return true;
        }
        false
    }

    /// Parses a whole order.
    fn order(&mut self) -> Result<ParsedOrder, ParseError> {
        let mut power = self.power_word();
        // Leading verb: `build A par`, `disband F nth`, `waive`.
        if self.eat_word(WAIVE) {
            self.eat_word(&["build", "builds"]);
            return self.finish(ParsedOrder {
                power,
                unit: None,
                location: None,
                action: Action::Waive,
            });
        }
        let leading = if self.eat_word(BUILD) {
            Some(Action::Build)
        } else if self.eat_word(DISBAND) {
            Some(Action::Disband)
        } else {
            None
        };
        if power.is_none() {
            power = self.power_word();
        }
        let unit = self.unit_type();
        if leading == Some(Action::Build) {
            self.eat_word(SITE);
        }
        let location = self.place()?;
        if let Some(action) = leading {
            return self.finish(ParsedOrder {
                power,
                unit,
                location: Some(location),
                action,
            });
        }
        let action = if self.peek().is_none() || self.eat_word(HOLD) {
            Action::Hold
        } else if self.eat_word(BUILD) {
            Action::Build
        } else if self.eat_word(DISBAND) {
            Action::Disband
        } else if self.eat_word(WAIVE) {
            Action::Waive
        } else if self.is_move() {
            self.move_action()?
        } else if self.eat_word(SUPPORT) {
            self.support_action()?
        } else if self.eat_word(CONVOY) {
            self.convoy_action()?
        } else {
            let written = self.peek().map(Tok::text).unwrap_or_default();
            return Err(ParseError::NotAnOrderWord(written));
        };
        self.finish(ParsedOrder {
            power,
            unit,
            location: Some(location),
            action,
        })
    }

    /// A move's hops after the unit: `- bel`, `- nth - bel`, `via convoy`,
    /// or a route after `via` (wm D.VI.3).
    fn move_action(&mut self) -> Result<Action, ParseError> {
        let mut hops = Vec::new();
        let mut via = false;
        while self.eat_move() {
            hops.push(self.place()?);
            if self.via_convoy() {
                via = true;
            }
        }
        // `A lon - bel via nth`: a route after `via`.
        if self.eat_word(&["via", "through"]) {
            while let Some(Tok::Word(_)) = self.peek() {
                let p = self.place()?;
                hops.insert(hops.len() - 1, p);
                self.eat_word(&["and"]);
                while matches!(self.peek(), Some(Tok::Comma) | Some(Tok::Move)) {
                    self.pos += 1;
                }
            }
        }
        let dest = hops.pop().expect("at least one hop");
        let route: Vec<Province> = hops.iter().map(|l| l.province).collect();
        if !route.is_empty() {
            via = true;
        }
        Ok(Action::Move {
            dest,
            via_convoy: via,
            route,
        })
    }

    /// A support after its verb: the supported unit, holding or moving.
    fn support_action(&mut self) -> Result<Action, ParseError> {
        self.power_word();
        let unit = self.unit_type();
        let supported = self.place()?;
        // `S A Bur to hold`: a support to hold, spelled with `to`.
        if is_word(self.peek(), &["to"]) && is_word(self.toks.get(self.pos + 1), HOLD) {
            self.pos += 2;
            return Ok(Action::Support {
                unit,
                supported,
                dest: None,
            });
        }
        let dest = if self.eat_move() {
            Some(self.place()?)
        } else {
            self.eat_word(HOLD);
            None
        };
        Ok(Action::Support {
            unit,
            supported,
            dest,
        })
    }

    /// A convoy after its verb: the army and its destination.
    fn convoy_action(&mut self) -> Result<Action, ParseError> {
        self.power_word();
        let unit = self.unit_type();
        let army = self.place()?.province;
        if !self.eat_move() {
            return Err(ParseError::Incomplete("a convoy needs a destination"));
        }
        let dest = self.place()?.province;
        Ok(Action::Convoy { unit, army, dest })
    }

    fn finish(&mut self, o: ParsedOrder) -> Result<ParsedOrder, ParseError> {
        while matches!(self.peek(), Some(Tok::Comma)) {
            self.pos += 1;
        }
        match self.peek() {
            None => Ok(o),
            Some(Tok::Word(w)) => Err(ParseError::Unexpected(w.to_string())),
            Some(t) => Err(ParseError::Unexpected(t.text())),
        }
    }
}

/// Reads one order (one alternative of a line).
pub fn parse_order(text: &str, abbr: &Abbreviations) -> Result<ParsedOrder, ParseError> {
    let lower = normalize(text);
    let toks = tokenize(&lower);
    if toks.is_empty() {
        return Err(ParseError::Empty);
    }
    Parser { toks, pos: 0, abbr }.order()
}

#[cfg(test)]
mod tests;
