//! Smoke tests on bbpPairings' regression inputs. They follow the CURRENT
//! FIDE Dutch rules (2017+), which differ from the 1992–2006 wording Arbiter
//! implements, so the pairings are not required to match: the engine must not
//! panic, must pair every present player (or give the one bye), and must keep
//! B1 and B2. Differences are printed for the record.

use arbiter_domain::chess::cli;
use arbiter_domain::chess::swiss::{dutch, SwissTournament};
use arbiter_domain::chess::trf;
use std::path::Path;

#[test]
fn swiss_bbppairings_regression_inputs_pair_within_b1_b2() {
    let d =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/swiss/bbppairings-regression");
    assert!(d.is_dir(), "test fixtures missing: {}", d.display());
    for name in ["dutch_2025_C5", "dutch_2025_C9", "issue_15", "issue_7"] {
        let input = std::fs::read_to_string(d.join(format!("{name}.input"))).unwrap();
        let expected = std::fs::read_to_string(d.join(format!("{name}.output.expected"))).unwrap();
        let doc = trf::read(&input).unwrap_or_else(|e| panic!("{name}: {e}"));
        let t = SwissTournament::from_trf(&doc, None).unwrap();
        let t0 = std::time::Instant::now();
        let p = dutch::pair(&t).unwrap_or_else(|e| panic!("{name}: {e}"));
        eprintln!("{name}: {:?}", t0.elapsed());
        dutch::check_absolute(&t, &p).unwrap_or_else(|v| panic!("{name}: {v:?}"));
        let present = t
            .players
            .iter()
            .filter(|p| p.presence == arbiter_domain::chess::swiss::Presence::Present)
            .count();
        assert_eq!(
            2 * p.boards.len() + usize::from(p.bye.is_some()),
            present,
            "{name}"
        );
        let out = cli::pair("dutch-2006", &input, false);
        assert_eq!(out.exit_code, 0);
        let norm = |s: &str| {
            let mut v: Vec<String> = s
                .lines()
                .map(|l| l.trim().to_string())
                .filter(|l| !l.is_empty())
                .collect();
            v.sort();
            v
        };
        if norm(&out.stdout) != norm(&expected) {
            eprintln!("{name}: differs from bbpPairings (current FIDE rules)\nours:\n{}\ntheirs:\n{expected}", out.stdout);
        }
    }
}
