//! Reading order lines (wm D.III.1, D.VI.3, D.II.5).

use super::*;

fn p(s: &str) -> ParsedOrder {
    parse_order(s, &Abbreviations::new()).unwrap_or_else(|e| panic!("{s}: {e}"))
}
fn loc(s: &str) -> Location {
    crate::diplomacy::map::parse_location(s).unwrap()
}

#[test]
fn reads_the_usual_forms() {
    assert_eq!(
        p("A Par - Bur").action,
        Action::Move {
            dest: loc("bur"),
            via_convoy: false,
            route: vec![]
        }
    );
    assert_eq!(p("a par->bur").action, p("Army Paris to Burgundy").action);
    assert_eq!(
        p("F MAO - Spa(nc)").action,
        Action::Move {
            dest: loc("spa/nc"),
            via_convoy: false,
            route: vec![]
        }
    );
    assert_eq!(
        p("F Mid-Atlantic Ocean - Spain/sc").action,
        Action::Move {
            dest: loc("spa/sc"),
            via_convoy: false,
            route: vec![]
        }
    );
    assert_eq!(
        p("F nth C A yor - nwy").action,
        Action::Convoy {
            unit: Some(UnitType::Army),
            army: Province::from_code("yor").unwrap(),
            dest: Province::from_code("nwy").unwrap()
        }
    );
    assert_eq!(
        p("A mun S A bur").action,
        Action::Support {
            unit: Some(UnitType::Army),
            supported: loc("bur"),
            dest: None
        }
    );
    assert_eq!(p("ENG: F lon H").power, Some(Power::England));
    assert_eq!(p("build A par").action, Action::Build);
    assert_eq!(p("A war build").action, Action::Build);
    assert_eq!(p("waive").action, Action::Waive);
    assert_eq!(
        p("A yor - nwy via convoy").action,
        Action::Move {
            dest: loc("nwy"),
            via_convoy: true,
            route: vec![]
        }
    );
}

#[test]
fn wm_d_iii_1_unambiguous_abbreviations_are_accepted() {
    assert_eq!(p("F West Med - Tys").location, Some(loc("wes")));
    assert_eq!(p("A Gasc H").location, Some(loc("gas")));
    assert_eq!(p("F Norwegian H").location, Some(loc("nwg")));
    assert!(matches!(
        parse_order("F North H", &Abbreviations::new()),
        Err(ParseError::Ambiguous(..))
    ));
    let mut mine = Abbreviations::new();
    mine.insert("nth".into(), loc("nwy"));
    assert_eq!(
        parse_order("F nth H", &mine).unwrap().location,
        Some(loc("nwy"))
    );
}

#[test]
fn wm_d_vi_3_named_convoy_route_is_read() {
    let o = p("A Lon - NTH - Bel");
    let r = vec![Province::from_code("nth").unwrap()];
    assert_eq!(
        o.action,
        Action::Move {
            dest: loc("bel"),
            via_convoy: true,
            route: r.clone()
        }
    );
    assert_eq!(
        p("A lon - bel via North Sea").action,
        Action::Move {
            dest: loc("bel"),
            via_convoy: true,
            route: r
        }
    );
}

#[test]
fn wm_d_ii_5_alternatives_split_on_or() {
    assert_eq!(
        split_alternatives("A par - bur or A par - pic"),
        vec!["A par - bur", "A par - pic"]
    );
}

/// wm D.III.1: plain English is read like the short forms. By hand: each
/// line below says "the army in Munich moves to the Ruhr", "... supports the
/// army in Burgundy moving to Munich", "the fleet in the North Sea convoys
/// the army in London to Belgium" or "... holds", so each must read the same
/// as its short form.
#[test]
fn wm_d_iii_1_plain_english_order_words_are_read() {
    let to_ruhr = p("A Mun - Ruh").action;
    for line in [
        "A Mun moves to Ruhr",
        "A Mun move to Ruhr",
        "A Mun goes to Ruhr",
        "A Mun goes Ruhr",
        "Army Munich attacks Ruhr",
        "A Mun -> Ruhr",
        "A Mun => Ruhr",
        "A Mun to Ruhr",
        "A Mun moves into the Ruhr",
        "A Mun proceeds to Ruhr",
    ] {
        assert_eq!(p(line).action, to_ruhr, "{line}");
        assert_eq!(p(line).location, Some(loc("mun")), "{line}");
    }
    let support = p("A Ruh S A Bur - Mun").action;
    for line in [
        "A Ruh supports A Bur - Mun",
        "A Ruh support A Bur moves to Mun",
        "A Ruh supports A Bur moving to Munich",
        "A Ruh supporting A Bur -> Mun",
    ] {
        assert_eq!(p(line).action, support, "{line}");
    }
    let convoy = p("F Nth C A Lon - Bel").action;
    for line in [
        "F Nth convoys A Lon to Bel",
        "Fleet North Sea convoys Army London to Belgium",
        "F Nth convoy A Lon moves to Bel",
    ] {
        assert_eq!(p(line).action, convoy, "{line}");
    }
    for line in [
        "A Mun holds",
        "A Mun stands",
        "A Mun hold",
        "A Mun stays",
        "A Mun H",
    ] {
        assert_eq!(p(line).action, Action::Hold, "{line}");
    }
    let support_hold = p("A Ruh S A Mun H").action;
    assert_eq!(p("A Ruh supports A Mun to hold").action, support_hold);
    assert_eq!(p("A Ruh supports A Mun holding").action, support_hold);
}

/// wm D.V.1: a build written out in full names the unit and the site. By
/// hand: "build an army in Paris" is `build A par`, "build a fleet at
/// Brest" is `build F bre`.
#[test]
fn wm_d_v_1_builds_in_plain_english_are_read() {
    let o = p("build an army in Paris");
    assert_eq!(
        (o.action, o.unit, o.location),
        (Action::Build, Some(UnitType::Army), Some(loc("par")))
    );
    let o = p("Build a fleet at Brest");
    assert_eq!(
        (o.action, o.unit, o.location),
        (Action::Build, Some(UnitType::Fleet), Some(loc("bre")))
    );
}

/// wm D.III.1: an unreadable order says why in plain words, quoting what the
/// player wrote. By hand: "A Mun wanders Ruhr" has "wanders" where the order
/// word goes, so the reason names "wanders"; no parser token (`Word(`,
/// `Move`) may show.
#[test]
fn wm_d_iii_1_void_reasons_are_plain_words() {
    let e = parse_order("A Mun wanders Ruhr", &Abbreviations::new()).unwrap_err();
    let reason = e.to_string();
    assert!(
        reason.starts_with("\"wanders\" is not an order word"),
        "{reason}"
    );
    for line in [
        "A Mun - Ruh )",
        "A Mun - ",
        "A Mun - : Ruh",
        "A ( Mun",
        "F Nth C A Lon",
    ] {
        let reason = parse_order(line, &Abbreviations::new())
            .unwrap_err()
            .to_string();
        assert!(
            !reason.contains("Word(") && !reason.contains("Move") && !reason.contains("Colon"),
            "{line}: {reason}"
        );
    }
    assert_eq!(
        parse_order("A Mun - Ruh )", &Abbreviations::new())
            .unwrap_err()
            .to_string(),
        "cannot read \")\" here"
    );
}
