//! Property tests: the order parser and the JSON reader never panic on any
//! input, and every refusal is a clear message (wm D.III.1: unreadable orders
//! are void, never a crash).

use arbiter_domain::diplomacy::cli::adjudicate;
use arbiter_domain::diplomacy::orders::{parse_order, Abbreviations};
use proptest::prelude::*;

fn order_words() -> impl Strategy<Value = String> {
    let words = prop::sample::select(vec![
        "A",
        "F",
        "par",
        "bur",
        "-",
        "->",
        "S",
        "C",
        "H",
        "via",
        "convoy",
        "spa",
        "/nc",
        "(sc)",
        "stp",
        "nc",
        "build",
        "disband",
        "waive",
        "or",
        "North",
        "Sea",
        "mid-atlantic",
        "ENG:",
        "supports",
        "to",
        "bul/ec",
        "con",
        "",
        ":",
        "(",
        ")",
        "/",
        "eng",
        "German",
        "army",
        "fleet",
        "remove",
        "R",
        "B",
        "moves",
        "goes",
        "into",
        "the",
        "holds",
        "stands",
        "convoys",
        "support",
        "an",
        "in",
        "=>",
        "hold",
    ]);
    prop::collection::vec(words, 0..9).prop_map(|w| w.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn diplomacy_parser_never_panics_on_arbitrary_text(s in ".{0,60}") {
        let _ = parse_order(&s, &Abbreviations::new());
    }

    #[test]
    fn diplomacy_parser_never_panics_on_order_like_text(s in order_words()) {
        if let Err(e) = parse_order(&s, &Abbreviations::new()) {
            prop_assert!(!e.to_string().is_empty());
        }
    }

    /// wm D.III.1: any string at all (any characters, any length up to a
    /// long e-mail line) is read or refused, never a crash, and the reason is
    /// plain words: no parser token in Rust's debug notation (`Word("goes")`).
    #[test]
    fn diplomacy_wm_d_iii_1_parser_never_panics_on_any_string(
        s in prop_oneof![any::<String>(), "\\PC{0,300}", order_words()],
    ) {
        if let Err(e) = parse_order(&s, &Abbreviations::new()) {
            let reason = e.to_string();
            prop_assert!(!reason.is_empty());
            prop_assert!(!reason.contains("Word(") && !reason.contains("Tok"), "{}", reason);
        }
    }

    #[test]
    fn diplomacy_json_reader_never_panics_on_arbitrary_text(s in ".{0,80}") {
        let out = adjudicate(&s);
        prop_assert!(out.exit_code == 0 || out.exit_code == 3);
        if out.exit_code == 3 {
            prop_assert!(out.stderr.starts_with("invalid input: "));
        }
    }

    #[test]
    fn diplomacy_json_reader_never_panics_on_arbitrary_orders(
        phase in prop::sample::select(vec!["S1901M", "F1901M", "F1901R", "W1901A", "S1901R"]),
        units in prop::collection::vec(order_words(), 0..4),
        orders in prop::collection::vec(order_words(), 0..6),
    ) {
        let input = serde_json::json!({
            "phase": phase,
            "units": {"FRANCE": units, "GERMANY": ["A MUN", "F KIE"]},
            "centers": {"FRANCE": ["PAR", "BRE"]},
            "orders": {"FRANCE": orders.clone(), "GERMANY": orders},
        });
        let out = adjudicate(&input.to_string());
        prop_assert!(out.exit_code == 0 || out.exit_code == 3, "{}", out.stderr);
    }

    #[test]
    fn diplomacy_adjudicates_arbitrary_orders_on_a_valid_board(
        phase in prop::sample::select(vec!["S1901M", "F1901M", "F1901R", "W1901A"]),
        orders in prop::collection::vec(order_words(), 0..8),
    ) {
        let retreat = phase.ends_with('R');
        let input = serde_json::json!({
            "phase": phase,
            "units": {"FRANCE": ["A PAR", "F BRE", "A BUR", "F SPA/SC"], "GERMANY": ["A MUN", "F KIE"],
                      "ENGLAND": ["F ENG", "F NTH", "A LON"]},
            "dislodged": if retreat { serde_json::json!({"ITALY": [{"unit": "A PIC", "attacker_from": "PAR"}]}) } else { serde_json::json!({}) },
            "centers": {"FRANCE": ["PAR", "BRE", "MAR"], "GERMANY": ["MUN"]},
            "orders": {"FRANCE": orders.clone(), "GERMANY": orders.clone(), "ENGLAND": orders.clone(), "ITALY": orders},
        });
        let out = adjudicate(&input.to_string());
        prop_assert_eq!(out.exit_code, 0, "{}", out.stderr);
    }
}
