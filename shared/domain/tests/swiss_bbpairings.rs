//! Reference comparison for the later editions of the Dutch system: random
//! tournaments generated and paired, round by round, by bbpPairings
//! (`fixtures/swiss/bbppairings-2017/`: v5.0.1, the 2017 rules;
//! `fixtures/swiss/bbppairings-2026/`: v6.0.0, the 2025 rules in force from
//! 2026; see the READMEs there). For each tournament and each round, the
//! history before that round is paired by the edition's engine ([`engine`])
//! and compared with the pairing bbpPairings made: the same boards, colours
//! included, and the same bye ([`RoundPairing::same_as`]).
//!
//! Every round compared must be paired as bbpPairings paired it. The full
//! sets take long in a debug build, so by default the tournaments of at
//! most [`SAMPLE_PLAYERS`] players are compared (the file names carry the
//! number, `_p14_`; `ARBITER_BBP_PLAYERS=N` for another bound);
//! `ARBITER_BBP_FULL=1` compares every tournament (the test command does,
//! in a release build), `ARBITER_BBP_ONLY=name` only those whose file name
//! holds it. The test prints which, and the first [`SHOWN`] differing
//! rounds (`ARBITER_BBP_SHOWN` for more).

use arbiter_domain::chess::swiss::dutch::edition::Edition;
use arbiter_domain::chess::swiss::{
    dutch, Colour, Presence, RoundOutcome, RoundPairing, SwissTournament,
};
use arbiter_domain::chess::trf;
use flate2::read::GzDecoder;
use std::collections::BTreeSet;
use std::io::Read;
use std::path::Path;

/// The engine of one edition of the Dutch system, by its settings name.
fn engine(edition: &str, t: &SwissTournament) -> Result<RoundPairing, String> {
    match Edition::from_name(edition) {
        Some(e) => dutch::pair_edition(t, e).map_err(|e| e.to_string()),
        None => Err(format!("no engine for edition {edition}")),
    }
}

/// The tournaments of at most this many players are compared by default
/// (`ARBITER_BBP_PLAYERS` another number); `ARBITER_BBP_FULL=1` compares
/// them all.
const SAMPLE_PLAYERS: usize = 24;

/// The sample's bound: [`SAMPLE_PLAYERS`] unless `ARBITER_BBP_PLAYERS` says.
fn sample_players() -> usize {
    std::env::var("ARBITER_BBP_PLAYERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(SAMPLE_PLAYERS)
}

/// The number of players a fixture's file name carries (`bbp5_0005_p14_r7.trf`).
fn players_in_name(name: &str) -> Option<usize> {
    let rest = name.rsplit_once("_p")?.1;
    rest.split('_').next()?.parse().ok()
}

/// How many differing rounds are printed in full.
const SHOWN: usize = 5;

/// One generated tournament: its file name and text.
struct Tournament {
    name: String,
    text: String,
}

/// The `.trf` files of one fixture archive (a gzip-compressed tar under
/// `fixtures/swiss`), in name order.
fn tournaments(archive: &str) -> Vec<Tournament> {
    let archive = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/swiss")
        .join(archive);
    let file = std::fs::File::open(&archive)
        .unwrap_or_else(|e| panic!("test fixtures missing: {}: {e}", archive.display()));
    let mut tar = tar::Archive::new(GzDecoder::new(file));
    let mut out = Vec::new();
    for entry in tar.entries().expect("a tar archive") {
        let mut entry = entry.expect("a tar entry");
        let name = entry.path().expect("a path").to_string_lossy().into_owned();
        if name.ends_with(".trf") {
            let mut text = String::new();
            entry.read_to_string(&mut text).expect("UTF-8 text");
            out.push(Tournament { name, text });
        }
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

/// dutch E5: the colour drawn by lot. The files carry none, and bbpPairings
/// then takes the round-1 colour of the highest-ranked player paired in
/// round 1.
fn lot(full: &SwissTournament) -> Colour {
    full.players
        .iter()
        .filter_map(|p| match p.rounds.first().copied().flatten() {
            Some(RoundOutcome::Game { colour, .. }) => Some((p.number, colour)),
            _ => None,
        })
        .min_by_key(|&(n, _)| n)
        .map_or(Colour::White, |(_, c)| c)
}

/// Why a pairing the engine returned is no pairing of the round at all:
/// every present player on exactly one board or the bye, nobody else, and
/// no two players who have already met (the absolute criteria every edition
/// shares).
fn malformed(t: &SwissTournament, p: &RoundPairing) -> Option<String> {
    let present: BTreeSet<u32> = t
        .players
        .iter()
        .filter(|p| p.presence == Presence::Present)
        .map(|p| p.number)
        .collect();
    let mut seen = BTreeSet::new();
    let placed = p
        .boards
        .iter()
        .flat_map(|b| [b.white, b.black])
        .chain(p.bye);
    for n in placed {
        if !present.contains(&n) || !seen.insert(n) {
            return Some(format!("player {n} absent or placed twice"));
        }
    }
    if seen != present {
        return Some("a present player left unpaired".into());
    }
    let met = |a: u32, b: u32| {
        t.players.iter().any(|p| {
            p.number == a
                && p.rounds.iter().flatten().any(|o| {
                    matches!(o, RoundOutcome::Game { opponent, played: true, .. } if *opponent == b)
                })
        })
    };
    p.boards
        .iter()
        .find(|b| met(b.white, b.black))
        .map(|b| format!("{} and {} have already met", b.white, b.black))
}

/// What one edition's comparison found.
#[derive(Default)]
struct Tally {
    tournaments: usize,
    rounds: usize,
    identical: usize,
    /// Rounds bbpPairings paired and the engine refused (counted in
    /// `different` too).
    refused: usize,
    different: usize,
    shown: Vec<String>,
}

impl Tally {
    fn differs(&mut self, what: String) {
        self.different += 1;
        let shown = std::env::var("ARBITER_BBP_SHOWN")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(SHOWN);
        if self.shown.len() < shown {
            self.shown.push(what);
        }
    }
}

/// Compare every round of one tournament; panics on a malformed pairing.
fn compare(edition: &str, t: &Tournament, tally: &mut Tally) {
    let name = &t.name;
    let doc = trf::read(&t.text).unwrap_or_else(|e| panic!("{name}: {e}"));
    let full = SwissTournament::from_trf(&doc, None).unwrap_or_else(|e| panic!("{name}: {e}"));
    let (total, lot) = (full.rounds_played, lot(&full));
    tally.tournaments += 1;
    for r in 1..=total {
        let history = before_round(name, &doc, r, (total, lot));
        let want = full.published(r as usize);
        tally.rounds += 1;
        match engine(edition, &history) {
            Ok(ours) if ours.same_as(&want) => tally.identical += 1,
            Ok(ours) => {
                if let Some(why) = malformed(&history, &ours) {
                    panic!("{name} round {r}: {edition} returned no pairing: {why}: {ours:?}");
                }
                tally.differs(format!(
                    "{name} round {r} ({} boards):\n{}",
                    want.boards.len(),
                    contrast(edition, &want, &ours)
                ));
            }
            Err(e) => {
                tally.refused += 1;
                tally.differs(format!("{name} round {r}: {edition} refused: {e}"));
            }
        }
    }
}

/// The tournament `doc` (file `name`) before round `r`, as bbpPairings
/// paired it: `total` rounds (the generator knew the number; the file ends
/// with the last) and the colour drawn by `lot`.
fn before_round(
    name: &str,
    doc: &trf::Trf,
    r: u32,
    (total, lot): (u32, Colour),
) -> SwissTournament {
    let mut history =
        SwissTournament::from_trf(doc, Some(r)).unwrap_or_else(|e| panic!("{name}: {e}"));
    history.total_rounds = total;
    history.first_colour = lot;
    history
}

/// A pairing's boards as `white-black`, and its bye as `bye N`.
fn boards(p: &RoundPairing) -> BTreeSet<String> {
    let mut s: BTreeSet<String> = p
        .boards
        .iter()
        .map(|b| format!("{}-{}", b.white, b.black))
        .collect();
    s.extend(p.bye.map(|b| format!("bye {b}")));
    s
}

/// Two pairings of one round by the boards (and bye) only one of them has.
fn contrast(edition: &str, theirs: &RoundPairing, ours: &RoundPairing) -> String {
    let (a, b) = (boards(theirs), boards(ours));
    let only = |x: &BTreeSet<String>, y: &BTreeSet<String>| {
        x.difference(y).cloned().collect::<Vec<_>>().join(" ")
    };
    format!(
        "  bbpPairings only: {}\n  {edition} only: {}",
        only(&a, &b),
        only(&b, &a)
    )
}

/// Pair the archive's tournaments (all, or the sample) with `edition`'s
/// engine and print the tally.
fn run(edition: &str, archive: &str) -> Tally {
    let all = tournaments(archive);
    let full = std::env::var("ARBITER_BBP_FULL").is_ok_and(|v| v == "1");
    let mut tally = Tally::default();
    let bound = sample_players();
    let sampled = |t: &&Tournament| full || players_in_name(&t.name).is_some_and(|p| p <= bound);
    let only = std::env::var("ARBITER_BBP_ONLY").ok();
    let named = |t: &&Tournament| only.as_deref().is_none_or(|o| t.name.contains(o));
    for t in all.iter().filter(sampled).filter(named) {
        compare(edition, t, &mut tally);
    }
    eprintln!(
        "{edition} against {archive} ({} of {} tournaments{}): {} rounds, {} identical, \
         {} different ({} refused)",
        tally.tournaments,
        all.len(),
        if full {
            String::new()
        } else {
            format!("; up to {bound} players; every tournament with ARBITER_BBP_FULL=1")
        },
        tally.rounds,
        tally.identical,
        tally.different,
        tally.refused,
    );
    for d in &tally.shown {
        eprintln!("{d}");
    }
    assert!(
        all.len() >= 500,
        "{archive}: expected the full generated set"
    );
    tally
}

#[test]
fn dutch_2017_pairs_as_bbppairings_v5() {
    let tally = run(
        "dutch-2017",
        "bbppairings-2017/bbppairings-v5.0.1-random.tar.gz",
    );
    assert_eq!(tally.rounds, tally.identical + tally.different);
    assert_eq!(
        tally.different, 0,
        "dutch-2017 pairs rounds otherwise than bbpPairings v5"
    );
}

#[test]
fn dutch_2026_pairs_as_bbppairings_v6() {
    let tally = run(
        "dutch-2026",
        "bbppairings-2026/bbppairings-v6.0.0-random.tar.gz",
    );
    assert_eq!(tally.rounds, tally.identical + tally.different);
    assert_eq!(
        tally.different, 0,
        "dutch-2026 pairs rounds otherwise than bbpPairings v6"
    );
}

#[test]
fn dutch17_a_9_a_collapsed_last_bracket_is_paired_and_explained_as_one() {
    // bbp5_0392_p27_r12, round 12 (the last): the 5½ group {11, 13, 14,
    // 18, 19} paired by its own criteria (11-19, 13-14, 18 floating)
    // leaves the players below unpairable (dutch17 C.4), so it is the
    // penultimate bracket and everyone from 5 points down (15, 16, 22, 23,
    // 24 on 5; 21, 27 on 4½; 17 on 4; 25 on 3; 26 on 1½) forms one
    // collapsed last bracket with the 13, 14 and 18 it moves down (dutch17
    // A.9). bbpPairings pairs there 14-24, 18-15, 16-22, 23-27, 26-21,
    // 25-17, the bye to 13.
    let t = tournaments("bbppairings-2017/bbppairings-v5.0.1-random.tar.gz")
        .into_iter()
        .find(|t| t.name.contains("bbp5_0392_p27_r12"))
        .expect("the fixture");
    let doc = trf::read(&t.text).expect("a TRF");
    let full = SwissTournament::from_trf(&doc, None).expect("12 rounds");
    let history = before_round(&t.name, &doc, 12, (12, lot(&full)));
    let (p, e) = dutch::explain_later::explain(&history, Edition::Dutch2017).expect("a pairing");
    let boards: BTreeSet<(u32, u32)> = p.boards.iter().map(|b| (b.white, b.black)).collect();
    for board in [(14, 24), (18, 15), (16, 22), (23, 27), (26, 21), (25, 17)] {
        assert!(boards.contains(&board), "{board:?} in {boards:?}");
    }
    assert_eq!(p.bye, Some(13));
    let clb = e.brackets.last().expect("brackets");
    assert_eq!(clb.moved_in, vec![13, 14, 18]);
    assert_eq!(clb.notes[0].clause, "dutch17 A.9");
    assert_eq!(
        clb.notes[0].text,
        "the players from 5 down to 1½ form one collapsed last bracket: the bracket above, \
         paired by its criteria alone, would have left them unpairable"
    );
}
