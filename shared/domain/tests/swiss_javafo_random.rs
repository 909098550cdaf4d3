//! Independent-engine comparison: random tournaments generated and
//! paired by JaVaFo 1.4 (`fixtures/swiss/javafo14-random/`, see the README
//! there), every round re-paired by Arbiter's Dutch engine (1992–2006 seed).
//!
//! JaVaFo 1.4 pairs by the 2012 (Istanbul) wording of the Dutch rules, so a
//! round may differ. Each differing round must be explained by one of the
//! known "2006 versus later wording" classes (docs/rulings/chess.md): the
//! round is re-paired with the engine switched to the later wording, one
//! change at a time and then in combination ([`dutch::Wording`]); the first
//! (smallest) set of changes that reproduces JaVaFo's pairing is the class.
//! A round no such set explains was worked by hand from the 2006 text: listed
//! in [`BY_HAND`] (Arbiter keeps the 2006 letter, clause and contrast given),
//! or still open ([`OPEN`]). Any other unexplained round is a failure.

use arbiter_domain::chess::swiss::dutch::{self, Wording};
use arbiter_domain::chess::swiss::{Board, Colour, RoundOutcome, SwissTournament};
use arbiter_domain::chess::trf;
use std::collections::BTreeMap;
use std::path::Path;

/// A round's pairing as a comparable set: boards with colours, and the bye.
type Pairing = (Vec<(u32, u32)>, Option<u32>);

fn as_set(boards: &[Board], bye: Option<u32>) -> Pairing {
    let mut v: Vec<(u32, u32)> = boards.iter().map(|b| (b.white, b.black)).collect();
    v.sort_unstable();
    (v, bye)
}

/// dutch E5: the colour drawn by lot, as JaVaFo drew it: the colour the
/// highest-ranked player paired in round 1 received.
fn lot(full: &SwissTournament) -> Colour {
    let mut first = full
        .players
        .iter()
        .filter_map(|p| match p.rounds.first().copied().flatten() {
            Some(RoundOutcome::Game { colour, .. }) => Some((p.number, colour)),
            _ => None,
        })
        .collect::<Vec<_>>();
    first.sort_by_key(|&(n, _)| n);
    first.first().map_or(Colour::White, |&(_, c)| c)
}

/// One later-wording change: its class name and how it sets [`Wording`].
type Change = (&'static str, fn(&mut Wording));

/// The later-wording changes tried, one at a time, then every combination
/// (smallest sets first), with their class names as docs/rulings/chess.md
/// lists them.
fn variants() -> Vec<(String, Wording)> {
    let changes: [Change; 8] = [
        ("last-round notes to B6", |w| w.last_round_notes = false),
        ("unplayed points as downfloats", |w| {
            w.unplayed_point_is_downfloat = true
        }),
        ("half-point bye bars the bye", |w| {
            w.half_point_bye_bars_bye = true
        }),
        ("forfeit loss leaves no float", |w| {
            w.forfeit_loss_has_no_float = true
        }),
        ("colours without history reversed", |w| {
            w.no_history_colours_reversed = true
        }),
        ("B6 given up before B5", |w| w.floats_b6_before_b5 = true),
        ("topscorers in the last round", |w| w.topscorers = true),
        ("C12 asked of a bracket treated as homogeneous", |w| {
            w.c12_in_homogeneous_next = true
        }),
    ];
    let mut sets: Vec<u32> = (1..(1u32 << changes.len())).collect();
    sets.sort_by_key(|m| (m.count_ones(), *m));
    sets.into_iter()
        .map(|m| {
            let mut w = Wording::SEED_2006;
            let mut names = Vec::new();
            for (k, (name, apply)) in changes.iter().enumerate() {
                if m & (1 << k) != 0 {
                    apply(&mut w);
                    names.push(*name);
                }
            }
            (names.join(" + "), w)
        })
        .collect()
}

fn pairing_as(t: &SwissTournament, w: Wording) -> Option<Pairing> {
    dutch::pair_as(t, w).ok().map(|p| as_set(&p.boards, p.bye))
}

#[test]
fn dutch_javafo14_random_tournaments_differ_only_by_the_later_wording() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/swiss/javafo14-random");
    assert!(dir.is_dir(), "test fixtures missing: {}", dir.display());
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "trf"))
        .collect();
    files.sort();
    assert!(files.len() >= 40, "expected at least 40 tournaments");
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let (mut rounds, mut identical) = (0usize, 0usize);
    let mut unexplained = Vec::new();
    let mut by_hand: Vec<String> = Vec::new();
    for f in &files {
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        let doc = trf::read(&std::fs::read_to_string(f).unwrap())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let full = SwissTournament::from_trf(&doc, None).unwrap();
        let total = full.rounds_played;
        let lot = lot(&full);
        for r in 1..=total {
            let mut t = SwissTournament::from_trf(&doc, Some(r)).unwrap();
            // The file is complete: its last round is the tournament's last.
            t.total_rounds = total;
            t.first_colour = lot;
            let shown = full.published(r as usize);
            let want = as_set(&shown.boards, shown.bye);
            rounds += 1;
            if pairing_as(&t, Wording::SEED_2006).as_ref() == Some(&want) {
                identical += 1;
                continue;
            }
            match variants()
                .into_iter()
                .find(|(_, w)| pairing_as(&t, *w).as_ref() == Some(&want))
            {
                Some((class, _)) => *counts.entry(class).or_default() += 1,
                None if BY_HAND.iter().any(|(k, _)| *k == format!("{name} {r}")) => {
                    by_hand.push(format!("{name} {r}"));
                }
                None => unexplained.push((
                    format!("{name} {r}"),
                    format!(
                        "{name} round {r}:\n  javafo: {want:?}\n  ours:   {:?}",
                        pairing_as(&t, Wording::SEED_2006)
                    ),
                )),
            }
        }
    }
    eprintln!(
        "javafo14-random: {} tournaments, {rounds} rounds compared, {identical} identical",
        files.len()
    );
    for (class, n) in &counts {
        eprintln!("  {class}: {n}");
    }
    eprintln!(
        "  worked by hand, the 2006 letter kept (BY_HAND): {}",
        by_hand.len()
    );
    eprintln!("  not yet classified (OPEN): {}", unexplained.len());
    let stale: Vec<&str> = BY_HAND
        .iter()
        .map(|(k, _)| *k)
        .filter(|k| !by_hand.iter().any(|b| b == k))
        .collect();
    assert!(
        stale.is_empty(),
        "now identical or explained by a wording class, remove from BY_HAND: {stale:?}"
    );
    let new: Vec<&str> = unexplained
        .iter()
        .filter(|(key, _)| !OPEN.contains(&key.as_str()))
        .map(|(_, detail)| detail.as_str())
        .collect();
    assert!(
        new.is_empty(),
        "{} rounds differ from JaVaFo 1.4 with no known wording class:\n{}",
        new.len(),
        new.join("\n")
    );
    let keys: Vec<&str> = unexplained.iter().map(|(k, _)| k.as_str()).collect();
    let stale: Vec<&&str> = OPEN.iter().filter(|k| !keys.contains(k)).collect();
    assert!(
        stale.is_empty(),
        "now explained or identical, remove from OPEN: {stale:?}"
    );
}

/// Rounds (`file round`) that differ from JaVaFo 1.4, that no [`Wording`]
/// change explains, and that were worked by hand from the 2006 text: Arbiter's
/// pairing is the one the 2006 letter gives, JaVaFo's follows another rule.
/// Each entry: the round, then the clause and the contrast
/// (docs/rulings/chess.md, "Cross-check against JaVaFo 1.4"). The test fails
/// when a listed round no longer differs this way.
const BY_HAND: &[(&str, &str)] = &[
    (
        "jvf14_36_p21_r8.trf 6",
        "dutch A3/C8: the bracket on 1½ with 13 and 21 moved down from 2 is treated \
         as homogeneous; 13 must move on to the bye (dutch B1b), and of the exchanges \
         18-19 is the first that keeps dutch B5/B6 (21 floats on to 17); JaVaFo \
         moves 18 down instead (21-19, 17-18), breaking 18's dutch B5 downfloat to \
         keep the score differences smaller",
    ),
    (
        "jvf14_56_p26_r8.trf 7",
        "dutch A3: 15, moved down from 2½, is paired first in the 2-point bracket \
         (15-25) since that is possible, and the bye goes to 21; JaVaFo floats 15 \
         on to the bye (21-25), one downfloat fewer in the round (dutch A5)",
    ),
    (
        "jvf14_16_p16_r8.trf 8",
        "dutch A3/C8/C11/C14: on 4 points 5, 2, 3, 4 moved down onto 1, 6, 7, 13 (treated \
         as homogeneous); 2 and 4 can only meet 13, so p = 3 with x raised to 2; the \
         first dutch D2 exchange that keeps two colour failures is S1 = 5 1 3: \
         6-5, 1-13, 7-3, and 2 moves down to 16; JaVaFo plays 13-2 (a third colour \
         failure) and moves 1 down instead, for smaller score differences",
    ),
    (
        "jvf14_08_p14_r9.trf 9",
        "dutch C13/C14/D2: 2, 4 and 10 (4 points) move down onto 12, 13, 14, who can \
         only be completed as 13-2, 14-4, 12-10 or 13-10, 14-2, 12-4; in the bracket \
         on 2½ (treated as homogeneous, p lowered to 1) S1 = 2 fails, and the first \
         dutch D2 exchange, S1 = 4, gives 4-12 (then 10-13, 2-14), the same colour \
         failures as JaVaFo's 10-12 (a later exchange)",
    ),
    (
        "jvf14_53_p13_r9.trf 9",
        "dutch B1b/C14/D2: only 1-4 may take the bye, so one of them floats to the \
         bottom; on 4 points (2, 4, 1, 3 moved down onto 5, 6, 8, 10, treated as \
         homogeneous, dutch A3) p = 3 and x is lowered to 0 (dutch C14); 2 can only meet \
         5, a colour failure, and the first dutch D2 exchange keeping x = 0 and 10's \
         dutch B5 downfloat is S1 = 4 1 6: 8-4, 1-5, 6-10, with 2 and 3 moved down; 12 \
         can only meet 2 or 3, so 2-12 and the bye to 3 (dutch A3, the higher \
         moved-down player first); JaVaFo plays 2-5 (a colour failure) and gives 1 \
         the bye, for smaller score differences",
    ),
    (
        "jvf14_23_p30_r9.trf 9",
        "dutch B1b/A8: 19 (1½), whose only round without a game was a half-point \
         bye, may take the bye, so on 3½ 21-24 is paired with one colour failure \
         (x = 1), on 3 16-22 and 30-17 (dutch C6, x = 1), 20 moves down to 26 and \
         19 takes the bye; JaVaFo bars 19 (the later wording's half-point-bye bar), \
         gives 21 the bye (16-24, 19-26) and pairs 30-17 with 22 moved down (22-20), \
         where dutch D1 on 3 (S1 = 17) gives 22-17 first, 30 moved down",
    ),
    (
        "jvf14_43_p35_r9.trf 7",
        "dutch B1b/C6: 25 (1 point), whose only round without a game was a \
         half-point bye, may take the bye; the 2½ remainder is paired by dutch C6 \
         as it stands (30-4, 31-16, 17-32, 22-33, x = 1), 34 moves down to 29 \
         (treated as homogeneous, dutch A3) and 27-26; JaVaFo bars 25 (the later \
         wording's half-point-bye bar), counts forfeit wins as downfloats, gives 29 \
         the bye (22-4, 30-34) and pairs 33 down to 27 and 25-26",
    ),
];

/// Rounds (`file round`) that differ from JaVaFo 1.4 and that no known wording
/// class explains yet: each is either a further 2012 change
/// not modelled by [`Wording`] or a fault of ours, still to be told apart. The
/// test fails on a differing round not listed here, and on a listed round
/// that no longer differs unexplained (then it is removed). None at present:
/// every differing round is in a class or in [`BY_HAND`].
const OPEN: &[&str] = &[];
