//! wm D.II, D.III, D.VII.3, D.VII.7, D.VIII.4: order sets, receipts and their secrecy.

use super::*;

#[test]
fn wm_d_ii_3_no_orders_by_proxy() {
    let mut g = Game1::new();
    let r = g.run(
        &player(Power::France),
        Command::SubmitOrders {
            power: Power::England,
            phase: "S1901M".into(),
            orders: vec![],
            is_final: true,
        },
        h(1),
    );
    assert_eq!(r.as_ref().unwrap_err().kind, RefusalKind::Forbidden);
    refused(r, "wm D.II.3");
    let gm = g.run(
        "gm",
        Command::SubmitOrders {
            power: Power::England,
            phase: "S1901M".into(),
            orders: vec![],
            is_final: true,
        },
        h(1),
    );
    refused(gm, "wm D.II.3");
}

#[test]
fn wm_d_ii_4_no_perpetual_orders() {
    let mut g = Game1::new();
    let r = g.run(
        &player(Power::France),
        Command::SubmitOrders {
            power: Power::France,
            phase: "F1901M".into(),
            orders: vec!["A PAR H".into()],
            is_final: false,
        },
        h(1),
    );
    refused(r, "wm D.II.4");
    // A Spring set does not carry into Fall: Fall 1901 is withheld without new orders.
    g.all_final(h(1));
    assert!(adjudicated(&g.tick(h(24))));
    let e = g.tick(g.board().deadline.unwrap());
    assert!(matches!(&e[0], Event::AdjudicationWithheld { missing, .. } if missing.len() == 7));
}

#[test]
fn wm_d_ii_1_preliminary_orders_do_not_trigger_early_adjudication() {
    let mut g = Game1::new();
    for p in Power::ALL {
        g.submit(p, &[], p != Power::Turkey, h(1)).unwrap();
    }
    assert!(g.tick(h(30)).is_empty());
    g.submit(Power::Turkey, &[], true, h(31)).unwrap();
    assert!(adjudicated(&g.tick(h(31))));
}

#[test]
fn wm_d_iii_3_revised_partial_set_replaces_the_earlier_set() {
    let mut g = Game1::new();
    g.submit(
        Power::France,
        &["A PAR - BUR", "A MAR - SPA", "F BRE - MAO"],
        false,
        h(1),
    )
    .unwrap();
    g.submit(Power::France, &["A PAR - PIC"], true, h(2))
        .unwrap();
    assert_eq!(
        g.board().counted_orders(Power::France).unwrap(),
        vec!["A PAR - PIC".to_string()]
    );
    g.all_final(h(3));
    g.tick(h(24));
    let units = &g.board().position.as_ref().unwrap().units["FRANCE"];
    assert!(
        units.contains(&"A PIC".to_string())
            && units.contains(&"A MAR".to_string())
            && units.contains(&"F BRE".to_string())
    );
}

#[test]
fn wm_d_iii_3_alternative_rule_merges_unit_by_unit() {
    let mut g = Game1::with(|s| s.house_rules.partial_order_sets = PartialOrderSets::MergeByUnit);
    g.submit(
        Power::France,
        &["A PAR - BUR", "A MAR - SPA", "F BRE - MAO"],
        false,
        h(1),
    )
    .unwrap();
    g.submit(Power::France, &["Army Paris to Picardy"], false, h(2))
        .unwrap();
    assert_eq!(
        g.board().counted_orders(Power::France).unwrap(),
        vec![
            "A MAR - SPA".to_string(),
            "F BRE - MAO".into(),
            "Army Paris to Picardy".into()
        ]
    );
}

#[test]
fn wm_d_vii_7_receipt_has_server_time_phase_and_sha256_of_orders_as_received() {
    let mut g = Game1::new();
    let e = g
        .submit(Power::Germany, &["A MUN - RUH", "F KIE - DEN"], false, h(5))
        .unwrap();
    let Event::OrdersSubmitted { receipt, .. } = &e[0] else {
        panic!()
    };
    assert_eq!(receipt.received_at, h(5));
    assert_eq!(receipt.phase, "S1901M");
    // sha256("A MUN - RUH\nF KIE - DEN\n"), computed independently.
    use sha2::{Digest, Sha256};
    assert_eq!(
        receipt.sha256,
        hex::encode(Sha256::digest(b"A MUN - RUH\nF KIE - DEN\n"))
    );
    assert_eq!(receipt.sha256.len(), 64);
}

#[test]
fn wm_d_vii_3_orders_after_the_deadline_are_refused() {
    let mut g = Game1::new();
    refused(g.submit(Power::Italy, &[], true, h(120)), "wm D.VII.3");
    assert!(g.submit(Power::Italy, &[], true, h(119)).is_ok());
}

#[test]
fn wm_d_vii_3_alternative_accepts_orders_until_adjudication_starts() {
    let mut g = Game1::with(|s| s.house_rules.late_orders = LateOrders::AcceptedUntilAdjudication);
    for p in Power::ALL {
        g.submit(p, &[], false, h(121)).unwrap();
    }
    assert!(adjudicated(&g.tick(h(122))));
}

#[test]
fn wm_d_viii_4_orders_secret_until_adjudicated_then_public_as_written_and_read() {
    let mut g = Game1::new();
    g.submit(Power::Austria, &["a vie-gal"], true, h(1))
        .unwrap();
    for viewer in ["england-player", "stranger", "td", "org"] {
        assert!(
            !g.view(viewer).contains("vie-gal"),
            "{viewer} sees Austria's orders in the view"
        );
        assert!(
            !g.log(viewer).contains("vie-gal"),
            "{viewer} sees Austria's orders in the log"
        );
    }
    assert!(g.view("austria-player").contains("vie-gal"));
    assert!(g.view("gm").contains("vie-gal") && g.log("gm").contains("vie-gal"));
    g.all_final(h(2));
    g.tick(h(24));
    let v = g.view("england-player");
    assert!(
        v.contains("a vie-gal") && v.contains("A VIE - GAL"),
        "written and read"
    );
    assert!(g.log("stranger").contains("vie-gal"));
}

/// wm D.II.1, D.VIII.4: that a power has sent its orders is public (the
/// board's page marks it "orders in"), what it sent is not.
#[test]
fn wm_d_viii_4_anyone_sees_which_powers_have_ordered_but_not_what() {
    let mut g = Game1::new();
    g.submit(Power::Austria, &["a vie-gal"], false, h(1))
        .unwrap();
    g.submit(Power::Turkey, &["F ANK - BLA"], true, h(2))
        .unwrap();
    let v: serde_json::Value = serde_json::from_str(&g.view("stranger")).unwrap();
    assert_eq!(v["orders_in"], serde_json::json!(["AUSTRIA", "TURKEY"]));
    let text = v.to_string();
    assert!(
        !text.contains("vie-gal") && !text.contains("ANK - BLA"),
        "{text}"
    );
    // Adjudicated, the next phase starts with nobody's orders in.
    g.all_final(h(3));
    g.tick(h(27));
    let v: serde_json::Value = serde_json::from_str(&g.view("stranger")).unwrap();
    assert_eq!(v["position"]["phase"], "F1901M");
    assert_eq!(v["orders_in"], serde_json::json!([]));
}

#[test]
fn wm_d_iii_1_abbreviation_lists_are_checked_and_public() {
    let mut g = Game1::bare();
    let bad = settings(|s| {
        s.abbreviations.insert(
            Power::England,
            BTreeMap::from([("xx".to_string(), "nowhere".to_string())]),
        );
    });
    refused(
        g.run("gm", Command::SetUp { settings: bad }, start()),
        "wm D.III.1",
    );
    let good = settings(|s| {
        s.abbreviations.insert(
            Power::England,
            BTreeMap::from([("lpl".to_string(), "lvp".to_string())]),
        );
    });
    g.run("gm", Command::SetUp { settings: good }, start())
        .unwrap();
    assert!(g.view("stranger").contains("lpl"));
    // The list is used when reading England's orders.
    g.submit(Power::England, &["A lpl - yor"], true, h(1))
        .unwrap();
    g.all_final(h(1));
    g.tick(h(24));
    assert!(g.board().position.as_ref().unwrap().units["ENGLAND"].contains(&"A YOR".to_string()));
}
