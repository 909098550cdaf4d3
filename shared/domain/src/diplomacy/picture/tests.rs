//! The picture's tests: every province placed and labelled, units at their
//! points, orders as arrows classed by result, the SVG well-formed XML for
//! any position play can reach.

use super::layout::{point, COASTS, PLACES};
use super::*;
use crate::diplomacy::game::position::{adjudicate, Position};
use crate::diplomacy::map::PROVINCES;
use proptest::prelude::*;
use std::collections::BTreeMap;

fn parse(svg: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}\n{svg}"))
}

fn has_class(n: &roxmltree::Node, c: &str) -> bool {
    n.attribute("class")
        .is_some_and(|v| v.split(' ').any(|x| x == c))
}

/// `translate(565 470)` -> (565, 470).
fn translate(n: &roxmltree::Node) -> (i32, i32) {
    let t = n
        .attribute("transform")
        .expect("units are placed by transform");
    let inner = t.trim_start_matches("translate(").trim_end_matches(')');
    let (x, y) = inner.split_once(' ').expect("two numbers");
    (x.parse().expect("x"), y.parse().expect("y"))
}

fn lines(orders: &[(&str, &[&str])]) -> BTreeMap<Power, Vec<String>> {
    orders
        .iter()
        .map(|(p, l)| {
            (
                Power::parse(p).expect("power"),
                l.iter().map(|s| (*s).to_owned()).collect(),
            )
        })
        .collect()
}

#[test]
fn the_layout_table_follows_the_map_tables_province_by_province() {
    // By hand: the table is written in PROVINCES' alphabetical order, so the
    // i-th code is the i-th province's code, 75 in all.
    for (i, (code, _, _)) in PLACES.iter().enumerate() {
        assert_eq!(*code, PROVINCES[i].code, "row {i}");
    }
    let mut seen = std::collections::BTreeSet::new();
    for (code, x, y) in PLACES {
        assert!(
            (0..layout::WIDTH).contains(&x) && (0..layout::BOARD_HEIGHT).contains(&y),
            "{code}"
        );
        assert!(seen.insert((x, y)), "{code} shares its point");
    }
}

#[test]
fn every_province_of_the_standard_map_has_a_point_and_a_label() {
    // By hand: 75 provinces, each a group with its code as data and its
    // upper-case code as the label text; its circle sits at the table point.
    let svg = draw(&Position::initial(), &[]);
    let doc = parse(&svg);
    for (code, x, y) in PLACES {
        let g = doc
            .descendants()
            .find(|n| has_class(n, "province") && n.attribute("data-province") == Some(code))
            .unwrap_or_else(|| panic!("{code} not drawn"));
        let circle = g
            .children()
            .find(|n| n.has_tag_name("circle"))
            .expect("node");
        assert_eq!(
            circle.attribute("cx"),
            Some(x.to_string().as_str()),
            "{code}"
        );
        assert_eq!(
            circle.attribute("cy"),
            Some(y.to_string().as_str()),
            "{code}"
        );
        let label = g.children().find(|n| has_class(n, "label")).expect("label");
        assert_eq!(label.text(), Some(code.to_ascii_uppercase().as_str()));
    }
}

#[test]
fn land_and_sea_are_styled_apart_and_split_coasts_drawn_on_their_own() {
    // By hand: 19 seas on the standard board (adr aeg bal bar bla bot eas eng
    // hel ion iri lyo mao nao nth nwg ska tys wes), the other 56 land; six
    // coasts: bul/ec bul/sc spa/nc spa/sc stp/nc stp/sc.
    let svg = draw(&Position::initial(), &[]);
    let doc = parse(&svg);
    let count = |c: &str| {
        doc.descendants()
            .filter(|n| has_class(n, "province") && has_class(n, c))
            .count()
    };
    assert_eq!(count("sea"), 19);
    assert_eq!(count("land"), 56);
    let coasts: Vec<&str> = doc
        .descendants()
        .filter(|n| has_class(n, "coast") && n.has_tag_name("g"))
        .filter_map(|n| n.attribute("data-location"))
        .collect();
    assert_eq!(
        coasts,
        ["bul/ec", "bul/sc", "spa/nc", "spa/sc", "stp/nc", "stp/sc"]
    );
    assert_eq!(COASTS.len(), 6);
    // Borders: every army and fleet border is a line (some fleet borders of
    // coastal provinces coincide with army borders and are drawn once).
    let borders = doc
        .descendants()
        .filter(|n| n.has_tag_name("line") && has_class(n, "border"))
        .count();
    assert!(borders > 150, "{borders} border lines");
}

#[test]
fn spring_1901_units_stand_at_their_provinces_points() {
    // By hand from the table: A VIE at (565, 470), F LON at (305, 345),
    // A MOS at (785, 300); F STP/SC stands on St Petersburg's south coast
    // point (700, 190), not the province's centre (770, 150). 22 units.
    let svg = draw(&Position::initial(), &[]);
    let doc = parse(&svg);
    let units: Vec<_> = doc
        .descendants()
        .filter(|n| {
            n.has_tag_name("g") && has_class(n, "unit") && n.attribute("data-location").is_some()
        })
        .collect();
    assert_eq!(units.len(), 22);
    let at = |loc: &str| {
        let u = units
            .iter()
            .find(|n| n.attribute("data-location") == Some(loc))
            .expect(loc);
        (
            translate(u),
            u.attribute("class").unwrap_or_default().to_owned(),
        )
    };
    assert_eq!(at("vie"), ((565, 470), "unit army austria".into()));
    assert_eq!(at("lon"), ((305, 345), "unit fleet england".into()));
    assert_eq!(at("mos"), ((785, 300), "unit army russia".into()));
    assert_eq!(at("stp/sc"), ((700, 190), "unit fleet russia".into()));
    for u in &units {
        let loc = u.attribute("data-location").expect("location");
        let parsed = map::parse_location(loc).expect("a place");
        assert_eq!(translate(u), point(parsed), "{loc}");
    }
}

#[test]
fn supply_centres_are_marked_in_their_owners_colour() {
    // By hand: 34 centres; in 1901 the 22 home centres are owned (Austria's
    // Vienna red #c62828) and the 12 neutral ones white.
    let doc_text = draw(&Position::initial(), &[]);
    let doc = parse(&doc_text);
    let centres: Vec<_> = doc
        .descendants()
        .filter(|n| {
            n.has_tag_name("circle")
                && has_class(n, "centre")
                && n.attribute("data-province").is_some()
        })
        .collect();
    assert_eq!(centres.len(), 34);
    assert_eq!(
        centres.iter().filter(|n| has_class(n, "neutral")).count(),
        12
    );
    let vie = centres
        .iter()
        .find(|n| n.attribute("data-province") == Some("vie"))
        .expect("vie");
    assert_eq!(vie.attribute("fill"), Some("#c62828"));
    assert!(has_class(vie, "austria"));
}

#[test]
fn the_svg_has_a_title_a_description_and_a_legend() {
    // By hand: S1901M is Spring 1901 movement; the description names
    // Austria's three units; the legend names all seven powers.
    let svg = draw(&Position::initial(), &[]);
    let doc = parse(&svg);
    let root = doc.root_element();
    assert_eq!(root.attribute("viewBox"), Some("0 0 1000 920"));
    let title = root
        .children()
        .find(|n| n.has_tag_name("title"))
        .expect("title");
    assert_eq!(
        title.text(),
        Some("Diplomacy board, Spring 1901 movement (S1901M)")
    );
    let desc = root
        .children()
        .find(|n| n.has_tag_name("desc"))
        .expect("desc")
        .text()
        .unwrap_or_default();
    assert!(
        desc.contains("Austria: 3 centres; units A VIE, A BUD, F TRI."),
        "{desc}"
    );
    let legend = root
        .children()
        .find(|n| has_class(n, "legend"))
        .expect("legend");
    let words: Vec<&str> = legend.descendants().filter_map(|n| n.text()).collect();
    for p in Power::ALL {
        assert!(words.contains(&p.title()), "{p}");
    }
    for w in [
        "army",
        "fleet",
        "supply centre",
        "move",
        "support",
        "convoy",
        "failed",
    ] {
        assert!(words.contains(&w), "{w}");
    }
}

/// The orders of a known phase: France's 2-against-1 into Burgundy, an
/// English self-bounce in the North Sea, a convoy-free hold.
fn spring_1901_adjudicated() -> (Position, Vec<OrderResult>) {
    let before = Position::initial();
    let orders = lines(&[
        ("FRANCE", &["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE H"]),
        ("GERMANY", &["A MUN - BUR"]),
        ("ENGLAND", &["F LON - NTH", "F EDI - NTH"]),
    ]);
    let done = adjudicate(&before, &orders, &BTreeMap::new()).expect("adjudicates");
    (before, done.results)
}

#[test]
fn an_adjudicated_phases_orders_are_arrows_classed_by_their_result() {
    // By hand (2000 rules): A PAR - BUR with A MAR's support (2) beats
    // A MUN - BUR (1): PAR moves, MUN bounces, MAR's support is given. F LON
    // and F EDI both go to NTH at strength 1 and bounce. F BRE holds.
    let (before, results) = spring_1901_adjudicated();
    let svg = draw(&before, &results);
    let doc = parse(&svg);
    let order = |text: &str| {
        doc.descendants()
            .find(|n| has_class(n, "order") && n.attribute("data-order") == Some(text))
            .unwrap_or_else(|| panic!("{text} not drawn"))
    };
    let classes = |text: &str| {
        order(text)
            .attribute("class")
            .unwrap_or_default()
            .to_owned()
    };
    assert_eq!(classes("A PAR - BUR"), "order move result-succeeds");
    assert_eq!(classes("A MUN - BUR"), "order move result-bounced failed");
    assert_eq!(
        classes("A MAR S A PAR - BUR"),
        "order support result-succeeds"
    );
    assert_eq!(classes("F LON - NTH"), "order move result-bounced failed");
    assert_eq!(classes("F BRE H"), "order hold result-succeeds");
    // The move is a polyline from Paris (295, 485) towards Burgundy
    // (365, 480) with an arrowhead; the failed one carries a cross.
    let par = order("A PAR - BUR");
    let line = par
        .children()
        .find(|n| n.has_tag_name("polyline"))
        .expect("arrow");
    assert!(line
        .attribute("points")
        .expect("points")
        .starts_with("295,485 "));
    assert_eq!(line.attribute("marker-end"), Some("url(#dip-arrow)"));
    assert!(order("A MUN - BUR")
        .children()
        .any(|n| has_class(&n, "cross")));
    assert!(!par.children().any(|n| has_class(&n, "cross")));
    // The support's line ends at the middle of PAR-BUR: ((295+365)/2,
    // (485+480)/2) = (330, 482) in whole units.
    let sup = order("A MAR S A PAR - BUR")
        .children()
        .find(|n| n.has_tag_name("line"))
        .expect("line");
    assert_eq!(
        (sup.attribute("x2"), sup.attribute("y2")),
        (Some("330"), Some("482"))
    );
}

#[test]
fn a_convoy_is_a_dotted_line_to_the_middle_of_the_convoyed_move() {
    // By hand: F NTH convoys A LON to NWY; London (305, 345), Norway
    // (470, 160): the middle is (387, 252). Both orders succeed.
    let mut before = Position::initial();
    before
        .units
        .insert("ENGLAND".into(), vec!["A LON".into(), "F NTH".into()]);
    let orders = lines(&[("ENGLAND", &["A LON - NWY", "F NTH C A LON - NWY"])]);
    let done = adjudicate(&before, &orders, &BTreeMap::new()).expect("adjudicates");
    let svg = draw(&before, &done.results);
    let doc = parse(&svg);
    let convoy = doc
        .descendants()
        .find(|n| has_class(n, "convoy") && has_class(n, "order"))
        .expect("convoy drawn");
    assert!(
        has_class(&convoy, "result-succeeds"),
        "{:?}",
        convoy.attribute("class")
    );
    let l = convoy
        .children()
        .find(|n| n.has_tag_name("line"))
        .expect("line");
    assert_eq!(
        (l.attribute("x2"), l.attribute("y2")),
        (Some("387"), Some("252"))
    );
    assert!(doc
        .descendants()
        .any(|n| has_class(&n, "move") && has_class(&n, "result-succeeds")));
}

#[test]
fn dislodged_units_are_set_off_from_their_province_and_marked() {
    // By hand: a retreat phase with Germany's A MUN dislodged: it stands at
    // Munich's point (445, 480) plus the offset (18, 16) = (463, 496),
    // classed `dislodged`; its retreat to Bohemia is a `retreat` arrow from
    // that same offset point.
    let mut pos = Position::initial();
    pos.phase = "S1901R".into();
    pos.units
        .insert("GERMANY".into(), vec!["F KIE".into(), "A BER".into()]);
    pos.units.insert(
        "FRANCE".into(),
        vec!["F BRE".into(), "A MUN".into(), "A MAR".into()],
    );
    pos.dislodged.insert(
        "GERMANY".into(),
        vec![crate::diplomacy::cli::DislodgedInput {
            unit: "A MUN".into(),
            attacker_from: Some("BUR".into()),
            by_convoy: false,
            retreats: Some(vec!["BOH".into()]),
        }],
    );
    let orders = lines(&[("GERMANY", &["A MUN - BOH"])]);
    let done = adjudicate(&pos, &orders, &BTreeMap::new()).expect("adjudicates");
    let svg = draw(&pos, &done.results);
    let doc = parse(&svg);
    let d = doc
        .descendants()
        .find(|n| has_class(n, "unit") && has_class(n, "dislodged"))
        .expect("dislodged unit drawn");
    assert_eq!(translate(&d), (463, 496));
    assert_eq!(d.attribute("data-location"), Some("mun"));
    let r = doc
        .descendants()
        .find(|n| has_class(n, "retreat"))
        .expect("retreat drawn");
    let pts = r
        .children()
        .find(|n| n.has_tag_name("polyline"))
        .and_then(|n| n.attribute("points"));
    assert!(pts.expect("points").starts_with("463,496 "));
    assert!(svg.contains("Dislodged: Germany A MUN."));
}

#[test]
fn builds_and_removals_are_marked_at_their_sites() {
    // By hand: the results of an adjustment phase read `build A PAR` (a
    // ring at Paris) and `remove F TRI` (a cross at Trieste (545, 530)).
    let results = vec![
        OrderResult {
            power: "FRANCE".into(),
            unit: None,
            written: None,
            order: Some("build A PAR".into()),
            outcome: "succeeds".into(),
            reason: None,
            by: vec![],
        },
        OrderResult {
            power: "AUSTRIA".into(),
            unit: None,
            written: None,
            order: Some("remove F TRI".into()),
            outcome: "succeeds".into(),
            reason: None,
            by: vec![],
        },
    ];
    let svg = draw(&Position::initial(), &results);
    let doc = parse(&svg);
    let build = doc
        .descendants()
        .find(|n| has_class(n, "build"))
        .expect("build");
    let ring = build
        .children()
        .find(|n| n.has_tag_name("circle"))
        .expect("ring");
    assert_eq!(
        (ring.attribute("cx"), ring.attribute("cy")),
        (Some("295"), Some("485"))
    );
    let remove = doc
        .descendants()
        .find(|n| has_class(n, "remove"))
        .expect("remove");
    assert!(remove.children().any(|n| has_class(&n, "cross")));
    assert!(remove
        .children()
        .any(|n| n.attribute("d") == Some("M538 523L552 537M538 537L552 523")));
}

#[test]
fn unreadable_input_is_left_out_named_in_the_description_and_escaped() {
    // By hand: a unit in no province, a power nobody knows and a phase with
    // markup must not break the XML; the bad unit is named as not drawn and
    // the phase text is escaped in the title.
    let mut pos = Position::initial();
    pos.phase = "<script>&".into();
    pos.units
        .insert("AUSTRIA".into(), vec!["A XYZ".into(), "A VIE".into()]);
    pos.units
        .insert("<NARNIA>".into(), vec!["A \"PAR\"".into()]);
    let results = vec![OrderResult {
        power: "AUSTRIA".into(),
        unit: None,
        written: None,
        order: Some("A VIE - <b>".into()),
        outcome: "void\"".into(),
        reason: None,
        by: vec![],
    }];
    let svg = draw(&pos, &results);
    let doc = parse(&svg);
    let title = doc
        .root_element()
        .children()
        .find(|n| n.has_tag_name("title"))
        .expect("title");
    assert_eq!(title.text(), Some("Diplomacy board, phase <script>&"));
    let desc = doc
        .root_element()
        .children()
        .find(|n| n.has_tag_name("desc"))
        .and_then(|n| n.text())
        .unwrap_or_default();
    assert!(
        desc.contains("Not drawn (unreadable): <NARNIA> A \"PAR\", AUSTRIA A XYZ"),
        "{desc}"
    );
}

#[test]
fn arbiter_map_reads_a_phase_record_or_a_position_and_refuses_anything_else() {
    // By hand: a phase record's `before` and `results` draw with arrows; a
    // bare position draws without; text that is neither is exit 3.
    let (before, results) = spring_1901_adjudicated();
    let record = serde_json::json!({ "before": before, "results": results }).to_string();
    let out = from_json(&record);
    assert_eq!(out.exit_code, 0);
    assert!(parse(out.stdout.trim_end())
        .descendants()
        .any(|n| has_class(&n, "order")));
    let bare = from_json(&serde_json::to_string(&Position::initial()).expect("json"));
    assert_eq!(bare.exit_code, 0);
    assert!(!bare.stdout.contains("data-order="));
    let bad = from_json("{\"phase\": 3}");
    assert_eq!(bad.exit_code, crate::cli::EXIT_INVALID_INPUT);
    assert!(bad.stdout.is_empty());
}

/// Plays `phases` phases from Spring 1901, each unit's order chosen by
/// `choices`: hold, or a move to one of its neighbours, retreats to one of
/// their legal places; adjustments are left to civil disorder.
fn play(choices: &[u16], phases: usize) -> Vec<(Position, Vec<OrderResult>)> {
    let m = map::standard();
    let mut pos = Position::initial();
    let mut k = 0usize;
    let mut next = || {
        k += 1;
        usize::from(choices[k % choices.len()])
    };
    let mut out = Vec::new();
    for _ in 0..phases {
        let mut orders: BTreeMap<Power, Vec<String>> = BTreeMap::new();
        for (name, list) in &pos.units {
            let Some(p) = Power::parse(name) else {
                continue;
            };
            for s in list {
                let Ok(u) = parse_unit(p, s) else { continue };
                let dests: Vec<Location> = match u.kind {
                    UnitType::Army => map::provinces_in(m.army_neighbours(u.province()))
                        .map(Location::from)
                        .collect(),
                    UnitType::Fleet => m.fleet_moves(u.location).collect(),
                };
                let c = next() % (dests.len() + 1);
                let line = dests
                    .get(c)
                    .map_or(format!("{u} H"), |d| format!("{u} - {d}"));
                orders.entry(p).or_default().push(line);
            }
        }
        for (name, list) in &pos.dislodged {
            let Some(p) = Power::parse(name) else {
                continue;
            };
            for d in list {
                let r = d.retreats.clone().unwrap_or_default();
                if let Some(to) = r.get(next() % (r.len() + 1)) {
                    orders
                        .entry(p)
                        .or_default()
                        .push(format!("{} - {to}", d.unit));
                }
            }
        }
        let Ok(done) = adjudicate(&pos, &orders, &BTreeMap::new()) else {
            break;
        };
        out.push((pos.clone(), done.results));
        pos = done.next;
    }
    out.push((pos, Vec::new()));
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Any position play reaches, with its orders and results, draws
    /// without panic as well-formed XML with every unit in place.
    #[test]
    fn any_reachable_position_draws_as_well_formed_svg(choices in prop::collection::vec(any::<u16>(), 1..64), phases in 1usize..8) {
        for (pos, results) in play(&choices, phases) {
            let svg = draw(&pos, &results);
            let doc = roxmltree::Document::parse(&svg).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let drawn = doc.descendants().filter(|n| n.has_tag_name("g") && has_class(n, "unit") && n.attribute("data-location").is_some()).count();
            let units: usize = pos.units.values().map(Vec::len).sum::<usize>() + pos.dislodged.values().map(Vec::len).sum::<usize>();
            prop_assert_eq!(drawn, units);
        }
    }
}
