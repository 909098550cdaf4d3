//! Place names in orders (wm D.III.1): full names and their common
//! variants, official three-letter codes and aliases, the player's own
//! abbreviation list, and any abbreviation that is not ambiguous.

use super::super::map::{Location, Province, PROVINCES};
use std::collections::BTreeMap;

/// A player's own abbreviation list (wm D.III.1), lower-case abbreviation to
/// place as written in a location code (`stp/nc`).
pub type Abbreviations = BTreeMap<String, Location>;

/// A phrase that abbreviates more than one place (wm D.III.1: only
/// unambiguous abbreviations are acceptable). The parser reports it as
/// [`super::ParseError::Ambiguous`]; it is its own type so that place lookup
/// needs nothing from the parser.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Ambiguous {
    /// The phrase as looked up.
    pub phrase: String,
    /// The places it could be, by name, comma-separated.
    pub candidates: String,
}

fn letters(s: &str) -> String {
    s.chars().filter(|c| c.is_ascii_alphabetic()).collect()
}

/// Extra spellings of full names.
static NAME_VARIANTS: &[(&str, &str)] = &[
    ("gulf of lyons", "lyo"),
    ("lyons", "lyo"),
    ("heligoland bight", "hel"),
    ("heligoland", "hel"),
    ("saint petersburg", "stp"),
    ("st petersburg", "stp"),
    ("petersburg", "stp"),
    ("tyrol", "tyr"),
    ("mid atlantic", "mao"),
    ("north atlantic", "nao"),
    ("western med", "wes"),
    ("west med", "wes"),
    ("eastern med", "eas"),
    ("east med", "eas"),
    ("the english channel", "eng"),
    ("channel", "eng"),
    ("bothnia", "bot"),
    ("marseille", "mar"),
    ("romania", "rum"),
    ("roumania", "rum"),
];

struct Names {
    /// (letters-only lower-case name, words, province)
    entries: Vec<(String, Vec<String>, Province)>,
}

fn names() -> &'static Names {
    static N: std::sync::OnceLock<Names> = std::sync::OnceLock::new();
    N.get_or_init(|| {
        let mut entries = Vec::new();
        for (i, p) in PROVINCES.iter().enumerate() {
            let words: Vec<String> = p
                .name
                .to_lowercase()
                .replace(['-', '.'], " ")
                .split_whitespace()
                .map(str::to_string)
                .collect();
            entries.push((letters(&p.name.to_lowercase()), words, Province(i as u8)));
        }
        for (n, code) in NAME_VARIANTS {
            let p = Province::from_code(code).expect("variant code");
            let words = n.split_whitespace().map(str::to_string).collect();
            entries.push((letters(n), words, p));
        }
        Names { entries }
    })
}

/// Looks a phrase (1–4 words) up as a place: player list, code or alias,
/// full name, then unambiguous abbreviation (each word ≥ 3 letters).
pub(super) fn lookup(words: &[&str], abbr: &Abbreviations) -> Result<Option<Location>, Ambiguous> {
    if words.len() == 1 && abbr.is_empty() {
        if let Some(p) = Province::from_code(words[0]) {
            return Ok(Some(p.into()));
        }
    }
    let phrase = words.join(" ");
    if let Some(l) = abbr.get(&phrase) {
        return Ok(Some(*l));
    }
    if words.len() == 1 {
        if let Some(p) = Province::from_code(&phrase) {
            return Ok(Some(p.into()));
        }
    }
    let joined = letters(&phrase);
    let n = names();
    if let Some((_, _, p)) = n.entries.iter().find(|(l, _, _)| *l == joined) {
        return Ok(Some((*p).into()));
    }
    if words
        .iter()
        .any(|w| w.chars().count() < 3 && *w != "of" && *w != "st")
    {
        return Ok(None);
    }
    let mut found: Vec<Province> = Vec::new();
    for (full, nw, p) in &n.entries {
        let hit = if words.len() == 1 {
            full.starts_with(&joined)
        } else {
            let content: Vec<&String> = nw.iter().filter(|w| *w != "of").collect();
            let given: Vec<&&str> = words.iter().filter(|w| **w != "of").collect();
            given.len() <= content.len()
                && given
                    .iter()
                    .zip(content.iter())
                    .all(|(g, c)| c.starts_with(**g))
                && given.len() == content.len()
        };
        if hit && !found.contains(p) {
            found.push(*p);
        }
    }
    match found.len() {
        0 => Ok(None),
        1 => Ok(Some(found[0].into())),
        _ => Err(Ambiguous {
            phrase,
            candidates: found
                .iter()
                .map(|p| p.name())
                .collect::<Vec<_>>()
                .join(", "),
        }),
    }
}
