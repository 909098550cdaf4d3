//! `arbiter pair`: the command-line front end, as a pure function the `arbiter`
//! binary calls with the file's text. Output follows the established engines
//! (bbpPairings, JaVaFo): first line the number of pairs, then one
//! `white black` line per board in publishing order (dutch F1), the bye as
//! `N 0`.
//!
//! Exit codes: 0 success, 1 no valid pairing exists, 3 invalid input (message
//! on stderr). With `check`, every round of the input is re-paired from the
//! rounds before it; each round whose published pairing differs is reported on
//! stdout; exit 0 when none differ, 1 when some do, 3 on invalid input.

use super::round_robin;
use super::swiss::dutch::edition::Edition;
use super::swiss::{dutch, monrad, RoundPairing, SwissTournament};
use super::trf;

pub use crate::cli::CliOutput;

fn invalid(msg: impl std::fmt::Display) -> CliOutput {
    CliOutput::invalid(msg)
}

/// Engine-style text of a pairing.
pub fn format_pairing(p: &RoundPairing) -> String {
    let mut s = format!("{}\n", p.boards.len() + usize::from(p.bye.is_some()));
    for b in &p.boards {
        s.push_str(&format!("{} {}\n", b.white, b.black));
    }
    if let Some(y) = p.bye {
        s.push_str(&format!("{y} 0\n"));
    }
    s
}

enum Failure {
    Invalid(String),
    NoPairing(String),
}

fn pair_round(system: &str, t: &SwissTournament) -> Result<RoundPairing, Failure> {
    match system {
        "dutch-2006" | "dutch-2017" | "dutch-2026" => {
            let edition = Edition::from_name(system).expect("a Dutch edition's name");
            dutch::pair_edition(t, edition).map_err(|e| Failure::NoPairing(e.to_string()))
        }
        // acwc III.F.4.3 as written; the look-ahead is an organizer's setting.
        "monrad-acwc" => monrad::pair(t)
            .map(|m| m.pairing)
            .map_err(|e| Failure::NoPairing(e.to_string())),
        "monrad-acwc-lookahead" => monrad::pair_with_lookahead(t)
            .map(|m| m.pairing)
            .map_err(|e| Failure::NoPairing(e.to_string())),
        "round-robin" => round_robin::pair_from_history(t).map_err(Failure::Invalid),
        other => Err(Failure::Invalid(format!(
            "unknown pairing system {other:?} (expected dutch-2006, dutch-2017, dutch-2026, monrad-acwc, monrad-acwc-lookahead or round-robin)"
        ))),
    }
}

/// `arbiter pair --system dutch-2006|dutch-2017|dutch-2026|monrad-acwc|monrad-acwc-lookahead|round-robin INPUT.trf [-p [OUTPUT]] [--check]`
pub fn pair(system: &str, trf_text: &str, check: bool) -> CliOutput {
    pair_observed(system, trf_text, check, &mut |_, _| {})
}

/// [`pair`], telling `round_done(done, of)` after each round `--check`
/// re-pairs (the binary's progress bar on long files).
pub fn pair_observed(
    system: &str,
    trf_text: &str,
    check: bool,
    round_done: &mut dyn FnMut(u32, u32),
) -> CliOutput {
    if !matches!(
        system,
        "dutch-2006"
            | "dutch-2017"
            | "dutch-2026"
            | "monrad-acwc"
            | "monrad-acwc-lookahead"
            | "round-robin"
    ) {
        return invalid(format!(
            "unknown pairing system {system:?} (expected dutch-2006, dutch-2017, dutch-2026, monrad-acwc, monrad-acwc-lookahead or round-robin)"
        ));
    }
    let doc = match read_document(trf_text) {
        Ok(d) => d,
        Err(out) => return out,
    };
    if check {
        return check_rounds(system, &doc, round_done);
    }
    let t = match SwissTournament::from_trf(&doc, None) {
        Ok(t) => t,
        Err(e) => return invalid(e),
    };
    match pair_round(system, &t) {
        Ok(p) => CliOutput {
            stdout: format_pairing(&p),
            stderr: String::new(),
            exit_code: 0,
        },
        Err(Failure::Invalid(m)) => invalid(m),
        Err(Failure::NoPairing(m)) => CliOutput {
            stdout: String::new(),
            stderr: format!("{m}\n"),
            exit_code: 1,
        },
    }
}

/// The TRF document, or the answer for input that is none. An empty file,
/// or text with no player line, is no tournament: pairing "nobody" would
/// print `0` and exit 0 as if all went well.
fn read_document(trf_text: &str) -> Result<trf::Trf, CliOutput> {
    let doc = trf::read(trf_text).map_err(invalid)?;
    if doc.players().next().is_none() {
        return Err(invalid(
            "no player line (`001`) in the input: not a TRF-16 tournament",
        ));
    }
    Ok(doc)
}

/// `arbiter pair --explain`: the next round's pairing with the reason for
/// each board, float, colour and the bye (the Dutch editions); a 2006
/// explanation ends with the boards the 2017 edition would pair otherwise.
pub fn explain(system: &str, trf_text: &str) -> CliOutput {
    let Some(edition) = Edition::from_name(system) else {
        return invalid(format!(
            "--explain is for the Dutch editions (the {system} tables need no explanation)"
        ));
    };
    let t = match read_document(trf_text)
        .and_then(|doc| SwissTournament::from_trf(&doc, None).map_err(invalid))
    {
        Ok(t) => t,
        Err(out) => return out,
    };
    let round = t.round_to_pair();
    CliOutput::from_result(if edition == Edition::Dutch2006 {
        dutch::explain::explain(&t).map(|(p, e)| {
            let mut text = dutch::explain::render(round, &e);
            for line in dutch::explain_later::differences_2017(&t, &p) {
                text.push_str(&line);
                text.push('\n');
            }
            text
        })
    } else {
        dutch::explain_later::explain(&t, edition).map(|(_, e)| dutch::explain::render(round, &e))
    })
}

fn check_rounds(system: &str, doc: &trf::Trf, round_done: &mut dyn FnMut(u32, u32)) -> CliOutput {
    let full = match SwissTournament::from_trf(doc, None) {
        Ok(t) => t,
        Err(e) => return invalid(e),
    };
    let mut out = String::new();
    let mut differing = 0;
    for r in 1..=full.rounds_played {
        let t = match SwissTournament::from_trf(doc, Some(r)) {
            Ok(t) => t,
            Err(e) => return invalid(e),
        };
        let published = full.published(r as usize);
        match pair_round(system, &t) {
            Ok(p) => {
                if !p.same_as(&published) {
                    differing += 1;
                    out.push_str(&format!("round {r}: differs\n"));
                    let published_text = format_pairing(&published);
                    out.push_str(&format!(
                        "  published: {}\n",
                        published_text.trim_end().replace('\n', "; ")
                    ));
                    out.push_str(&format!(
                        "  engine:    {}\n",
                        format_pairing(&p).trim_end().replace('\n', "; ")
                    ));
                } else {
                    out.push_str(&format!("round {r}: ok\n"));
                }
            }
            Err(Failure::Invalid(m)) => return invalid(m),
            Err(Failure::NoPairing(m)) => {
                differing += 1;
                out.push_str(&format!("round {r}: differs (engine: {m})\n"));
            }
        }
        round_done(r, full.rounds_played);
    }
    CliOutput {
        stdout: out,
        stderr: String::new(),
        exit_code: i32::from(differing > 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FOUR: &str = "012 four\nXXR 3\n001    1      A                                 2400\n001    2      B                                 2300\n001    3      C                                 2200\n001    4      D                                 2100\n";

    #[test]
    fn cli_pairs_round_one_in_engine_format() {
        let out = pair("dutch-2006", FOUR, false);
        assert_eq!(out.exit_code, 0, "{}", out.stderr);
        // F4/E5: 1-3 (1 white), 2-4 (2 black).
        assert_eq!(out.stdout, "2\n1 3\n4 2\n");
    }

    #[test]
    fn cli_invalid_input_exits_3_with_line_and_column() {
        let out = pair("dutch-2006", "001    x", false);
        assert_eq!(out.exit_code, 3);
        assert!(out.stderr.contains("line 1"), "{}", out.stderr);
        assert_eq!(pair("swiss-2099", FOUR, false).exit_code, 3);
    }

    /// An empty file and text with no `001` line are invalid input (exit 3),
    /// not an empty pairing printed as `0` with exit 0.
    #[test]
    fn cli_empty_or_garbage_input_exits_3() {
        for text in [
            "",
            "\n\n",
            "hello world\nthis is not a TRF\n",
            "012 only a name\n",
        ] {
            let out = pair("dutch-2006", text, false);
            assert_eq!(out.exit_code, 3, "{text:?}: {out:?}");
            assert!(out.stdout.is_empty(), "{text:?}");
            assert!(out.stderr.contains("no player line"), "{}", out.stderr);
            assert_eq!(pair("dutch-2006", text, true).exit_code, 3, "{text:?}");
        }
    }

    #[test]
    fn dutch17_e_5_cli_explains_the_later_editions_board_by_board() {
        // Round 1 of four, dutch-2017: S1 = 1, 2 and S2 = 3, 4; no colour
        // preference, so dutch17 E.5: 1 (odd) has the initial colour
        // White, 2 (even) the other: 1-3, 4-2.
        let out = explain("dutch-2017", FOUR);
        assert_eq!(out.exit_code, 0, "{}", out.stderr);
        assert!(
            out.stdout
                .starts_with("Round 1, FIDE Dutch system (the text in force from 1 July 2017)"),
            "{}",
            out.stdout
        );
        assert!(out.stdout.contains("   1. 1 – 3      [dutch17 E.5] no colour preference: by the higher ranked 1's pairing number and the initial colour"), "{}", out.stdout);
        assert!(
            out.stdout.contains("   2. 4 – 2      [dutch17 E.5]"),
            "{}",
            out.stdout
        );
        // Two players who met: no pairing, exit 1 with the reason on stderr.
        let met = "001    1      A                                 2400                             1.0          2 w 1\n001    2      B                                 2300                             0.0          1 b 0\n";
        let none = explain("dutch-2026", met);
        assert_eq!((none.exit_code, none.stdout.as_str()), (1, ""));
        assert!(!none.stderr.is_empty());
    }

    #[test]
    fn cli_no_valid_pairing_exits_1() {
        // Two players who met already: B1a leaves no pairing.
        let t = "001    1      A                                 2400                             1.0          2 w 1\n001    2      B                                 2300                             0.0          1 b 0\n";
        let out = pair("dutch-2006", t, false);
        assert_eq!(out.exit_code, 1, "{}", out.stdout);
    }

    #[test]
    fn cli_monrad_and_round_robin() {
        let m = pair("monrad-acwc", FOUR, false);
        assert_eq!(m.stdout, "2\n1 2\n3 4\n");
        // Round 1 has no rematch to avoid: the look-ahead pairs alike.
        assert_eq!(pair("monrad-acwc-lookahead", FOUR, false).stdout, m.stdout);
        // Berger, 4 players, round 1: 1-4, 2-3.
        let r = pair("round-robin", FOUR, false);
        assert_eq!(r.stdout, "2\n1 4\n2 3\n");
    }

    /// acwc III.F.4.3 after two rounds of draws: 1-2 3-4 5-6, then 1-3 2-5
    /// 4-6 (the 6-player example of `monrad`'s tests; ratings 2600..2100).
    const SIX: &str = "XXR 5\n\
001    1      A                                 2600                             1.0          2 w =     3 w =\n\
001    2      B                                 2500                             1.0          1 b =     5 w =\n\
001    3      C                                 2400                             1.0          4 w =     1 b =\n\
001    4      D                                 2300                             1.0          3 b =     6 w =\n\
001    5      E                                 2200                             1.0          6 w =     2 b =\n\
001    6      F                                 2100                             1.0          5 b =     4 b =\n";

    #[test]
    fn cli_monrad_acwc_pairs_iii_f_4_3_as_written_and_lookahead_on_request() {
        // By hand (ranking 1, 3, 2, 5, 4, 6): 1-5, 3-2, then 4-6 again.
        let text = pair("monrad-acwc", SIX, false);
        assert_eq!(text.exit_code, 0, "{}", text.stderr);
        assert_eq!(text.stdout, "3\n1 5\n3 2\n4 6\n");
        // The look-ahead: 1-5, 3-6, 2-4, no rematch.
        let ahead = pair("monrad-acwc-lookahead", SIX, false);
        assert_eq!(ahead.stdout, "3\n1 5\n3 6\n2 4\n");
    }
}
