//! dutch (1992–2006): the FIDE Arbiters' Manual 2014 worked example
//! (`fixtures/swiss/held2014-arbiters-manual/`), all five rounds, colours
//! included. The expected files list boards sorted by White's number; the
//! engines' publishing order (F1) is checked against bbpPairings' output.

use arbiter_domain::chess::cli;
use std::path::{Path, PathBuf};

fn data() -> PathBuf {
    let d = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
    assert!(d.is_dir(), "test fixtures missing: {}", d.display());
    d.join("swiss/held2014-arbiters-manual")
}

fn sorted_boards(text: &str) -> (String, Vec<String>) {
    let mut lines: Vec<String> = text
        .lines()
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty())
        .collect();
    let head = lines.remove(0);
    lines.sort();
    (head, lines)
}

fn check_round(r: u32, file: &str) {
    let d = data();
    let input = std::fs::read_to_string(d.join(file.replace("{r}", &r.to_string()))).unwrap();
    let expected = std::fs::read_to_string(d.join(format!("held2014_expected_r{r}.txt"))).unwrap();
    let out = cli::pair("dutch-2006", &input, false);
    assert_eq!(out.exit_code, 0, "round {r}: {}", out.stderr);
    assert_eq!(
        sorted_boards(&out.stdout),
        sorted_boards(&expected),
        "round {r}:\n{}",
        out.stdout
    );
    // F1: publishing order as bbpPairings prints it.
    let bbp = std::fs::read_to_string(d.join(format!("out_bbpPairings-v5.0.1_r{r}.txt"))).unwrap();
    let norm = |s: &str| {
        s.lines()
            .map(|l| l.trim().to_string())
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
    };
    assert_eq!(norm(&out.stdout), norm(&bbp), "round {r} publishing order");
}

#[test]
fn swiss_held2014_dutch_reproduces_all_five_rounds() {
    for r in 1..=5 {
        check_round(r, "held2014_pair_r{r}.trf");
    }
}

#[test]
fn swiss_held2014_dutch_reproduces_all_five_rounds_javafo_bye_notation() {
    for r in 1..=5 {
        check_round(r, "held2014_pair_r{r}.jvf1.trf");
    }
}

#[test]
fn swiss_held2014_check_mode_finds_every_published_round_reproduced() {
    // --check re-pairs rounds 1-4 of the round-5 file from the rounds before each.
    let input = std::fs::read_to_string(data().join("held2014_pair_r5.trf")).unwrap();
    let out = cli::pair("dutch-2006", &input, true);
    assert_eq!(out.exit_code, 0, "{}", out.stdout);
    assert_eq!(
        out.stdout,
        "round 1: ok\nround 2: ok\nround 3: ok\nround 4: ok\n"
    );
}
