//! wm D.X: press.

use super::*;
use crate::rulebook::parts::*;

fn press(g: &mut Game1, p: Power, kind: PressKind, text: &str) -> Result<Vec<Event>, Refusal> {
    g.run(
        &player(p),
        Command::SendPress {
            press: kind,
            text: text.into(),
            attributed_to: None,
        },
        h(1),
    )
}

#[test]
fn wm_d_x_1_black_press_is_refused() {
    let mut g = Game1::new();
    refused(
        press(&mut g, Power::France, PressKind::Black, "x"),
        "wm D.X.1",
    );
    assert!(press(&mut g, Power::France, PressKind::DarkGrey, "x").is_ok());
}

#[test]
fn wm_d_x_3_the_gm_sends_no_press() {
    // wm D.X.3: "Colour commentary and other game related comment by GMs is
    // prohibited." The GM plays no power, and press is sent by the board's
    // players only (wm D.X.1), so any press from the GM is refused, white
    // (signed comment) as much as grey.
    let mut g = Game1::new();
    for kind in [PressKind::White, PressKind::Grey] {
        let sent = g.run(
            "gm",
            Command::SendPress {
                press: kind,
                text: "a fine stab".into(),
                attributed_to: None,
            },
            h(1),
        );
        refused(sent, "wm D.X.1");
    }
    // A player's white press in the same game is accepted.
    assert!(press(&mut g, Power::France, PressKind::White, "x").is_ok());
}

#[test]
fn wm_d_x_1_alternative_rules_a_b_c() {
    let mut a = Game1::with(|s| s.house_rules.press = PressRule::AlternativeA);
    refused(
        press(&mut a, Power::France, PressKind::DarkGrey, "x"),
        "wm D.X.1",
    );
    assert!(press(&mut a, Power::France, PressKind::Grey, "x").is_ok());
    let mut b = Game1::with(|s| s.house_rules.press = PressRule::AlternativeB);
    refused(
        press(&mut b, Power::France, PressKind::Grey, "x"),
        "wm D.X.1",
    );
    assert!(press(&mut b, Power::France, PressKind::White, "x").is_ok());
    let mut c = Game1::with(|s| s.house_rules.press = PressRule::AlternativeC);
    refused(
        press(&mut c, Power::France, PressKind::White, "x"),
        "wm D.X.1",
    );
}

#[test]
fn wm_d_x_2_grey_press_author_never_revealed() {
    let mut g = Game1::new();
    press(&mut g, Power::France, PressKind::Grey, "Beware the Kaiser").unwrap();
    press(
        &mut g,
        Power::England,
        PressKind::White,
        "Signed by England",
    )
    .unwrap();
    for viewer in ["germany-player", "gm", "td", "stranger"] {
        let (v, l) = (g.view(viewer), g.log(viewer));
        assert!(v.contains("Beware the Kaiser"));
        let pv: serde_json::Value = serde_json::from_str(&v).unwrap();
        assert_eq!(
            pv["press"][0]["author"],
            serde_json::Value::Null,
            "{viewer}"
        );
        assert_eq!(pv["press"][0]["power"], serde_json::Value::Null, "{viewer}");
        let lv: serde_json::Value = serde_json::from_str(&l).unwrap();
        let grey: Vec<&serde_json::Value> = lv
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|e| e["events"].as_array().unwrap())
            .filter(|e| e["event"] == "press-published" && e["press"]["kind"] == "grey")
            .collect();
        assert_eq!(grey.len(), 1);
        assert_eq!(
            grey[0]["press"]["author"],
            serde_json::Value::Null,
            "{viewer}"
        );
        assert_eq!(
            grey[0]["press"]["power"],
            serde_json::Value::Null,
            "{viewer}"
        );
        assert_eq!(
            pv["press"][1]["power"], "ENGLAND",
            "white press is attributed"
        );
    }
    assert!(g
        .view("france-player")
        .contains("\"author\":\"france-player\""));
    let grey = g.board().press[0].clone();
    assert!(<crate::diplomacy::game::Board as Secrecy>::conceals_actor(
        &Event::PressPublished { press: grey }
    ));
    let white = g.board().press[1].clone();
    assert!(!<crate::diplomacy::game::Board as Secrecy>::conceals_actor(
        &Event::PressPublished { press: white }
    ));
}
