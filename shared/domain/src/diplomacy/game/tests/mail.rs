//! wm D.II.2, D.VII.7, D.IX.2: a player's mail address, recorded by the GM,
//! and the confirmation a mailed set gets back.

use super::super::mail::{receipt, Done};
use super::*;

fn register(player: &str, address: &str) -> Command {
    Command::RegisterMailAddress {
        player: u(player),
        address: address.into(),
    }
}

/// wm D.II.2: the GM (or the TD) records addresses, in lower case, one
/// player's each; a player cannot record one, even their own.
#[test]
fn wm_d_ii_2_the_gm_records_each_players_address() {
    let mut g = Game1::new();
    refused(
        g.run(
            "france-player",
            register("france-player", "ann@example.org"),
            h(1),
        ),
        "wm D.II.2",
    );
    g.run("gm", register("france-player", "Ann@Example.org"), h(1))
        .unwrap();
    g.run("td", register("germany-player", "bob@example.org"), h(1))
        .unwrap();
    assert_eq!(
        g.board().mail_addresses.get("ann@example.org"),
        Some(&u("france-player"))
    );
    // Another player's address is not given twice.
    let taken = g
        .run("gm", register("italy-player", "ANN@example.org"), h(1))
        .unwrap_err();
    assert_eq!(taken.kind, RefusalKind::Conflict);
    // A new address replaces the old one.
    g.run("gm", register("france-player", "ann@elsewhere.org"), h(2))
        .unwrap();
    assert_eq!(g.board().mail_addresses.get("ann@example.org"), None);
    // Only the GM, the TD and the player see it.
    assert!(g.log("france-player").contains("ann@elsewhere.org"));
    assert!(g.log("gm").contains("ann@elsewhere.org"));
    assert!(!g.log("germany-player").contains("ann@elsewhere.org"));
}

/// wm D.VII.7: France's set `A Par - Bur`, `F Bre - Lon` (Brest does not
/// border London) received at hour 2, preliminary. By hand: Paris's order
/// is understood; Brest's is void; Marseilles has no order and holds; the
/// deadline is Saturday 10 January 12:00 (hour 120).
#[test]
fn wm_d_vii_7_the_receipt_lists_each_order_as_understood_the_void_ones_and_the_missing() {
    let mut g = Game1::new();
    let lines = vec!["A Par - Bur".to_string(), "F Bre - Lon".to_string()];
    g.run(
        "france-player",
        Command::SubmitOrders {
            power: Power::France,
            phase: "S1901M".into(),
            orders: lines.clone(),
            is_final: false,
        },
        h(2),
    )
    .unwrap();
    let text = receipt(
        g.board(),
        Power::France,
        &[Done::Orders {
            received_at: h(2),
            is_final: false,
            sha256: crate::diplomacy::game::decide::digest(&lines),
        }],
        &["Hello GM".to_string()],
    );
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "France — S1901M");
    assert!(lines[2]
        .starts_with("Orders received Mon 5 Jan 2026 14:00:00 UTC (wm D.VII.1), preliminary"));
    assert!(lines[3].starts_with("SHA-256 of the orders as received: "));
    let at = |l: &str| {
        lines
            .iter()
            .position(|x| *x == l)
            .unwrap_or_else(|| panic!("no {l:?} in\n{text}"))
    };
    let understood = at("The orders that count now, as understood:");
    // Read as written (the same, but for case), so said once.
    assert_eq!(lines[understood + 1], "  A Par - Bur");
    let void = at("Void:");
    assert!(lines[void + 1].starts_with("  F Bre - Lon: "), "{text}");
    let missing = at("Still without an order:");
    assert_eq!(lines[missing + 1], "  A MAR (holds, wm D.III.2)");
    let not_read = at("Not read (neither an order nor one of the words of the board's format):");
    assert_eq!(lines[not_read + 1], "  Hello GM");
    assert_eq!(
        *lines.last().unwrap(),
        "Deadline: Sat 10 Jan 2026 12:00 UTC (wm D.VII.4)."
    );
    println!("{text}");
}

/// wm D.IX.2: the receipt of a vote says the sender's own ballot and nothing
/// of anyone else's.
#[test]
fn wm_d_ix_2_a_vote_receipt_holds_only_the_senders_ballot() {
    let g = Game1::new();
    let text = receipt(
        g.board(),
        Power::Italy,
        &[Done::Voted {
            proposal: 1,
            ballot: Ballot::No,
        }],
        &[],
    );
    assert!(text.contains("Your vote on proposal 1: no (secret"));
    assert_eq!(text.matches("vote").count(), 1, "{text}");
}
