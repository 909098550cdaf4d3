//! The picture's tests: every province a territory with its label, the
//! territories tiling the board with no land bridge the map does not have,
//! colours told apart, units at their points, orders as arrows classed by
//! result, the SVG well-formed XML for any position play can reach.

use super::layout::{point, COASTS, PLACES, SHAPES};
use super::svg::{land, IMPASSABLE_LAND, NEUTRAL_LAND, SEA};
use super::territory::{self, Owner};
use super::*;
use crate::diplomacy::game::position::{adjudicate, Position};
use crate::diplomacy::map::PROVINCES;
use crate::diplomacy::map::{self, Terrain};
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
    // Every shape point names a province, lies on the board and is no
    // other seed's point (two seeds at one point would split nothing).
    for (code, x, y) in SHAPES {
        assert!(Province::from_code(code).is_some(), "shape point {code}");
        assert!(
            (0..=layout::WIDTH).contains(&x) && (0..=layout::BOARD_HEIGHT).contains(&y),
            "{code} ({x}, {y})"
        );
        assert!(seen.insert((x, y)), "{code} ({x}, {y}) is another seed's");
    }
}

#[test]
fn every_province_of_the_standard_map_has_a_territory_a_point_and_a_label() {
    // By hand: 75 provinces, each a group with its code as data, a filled
    // shape, its point (the circle where its unit stands) at the table's
    // point, and its upper-case code as a label of its own.
    let svg = draw(&Position::initial(), &[]);
    let doc = parse(&svg);
    for (code, x, y) in PLACES {
        let g = doc
            .descendants()
            .find(|n| has_class(n, "province") && n.attribute("data-province") == Some(code))
            .unwrap_or_else(|| panic!("{code} not drawn"));
        let shape = g
            .children()
            .find(|n| has_class(n, "shape"))
            .unwrap_or_else(|| panic!("{code} has no shape"));
        let d = shape.attribute("d").unwrap_or_default();
        assert!(d.starts_with('M') && d.ends_with('Z'), "{code}: {d}");
        let circle = g
            .children()
            .find(|n| n.has_tag_name("circle"))
            .expect("node");
        assert_eq!(
            (circle.attribute("cx"), circle.attribute("cy")),
            (Some(x.to_string().as_str()), Some(y.to_string().as_str())),
            "{code}"
        );
        let label = doc
            .descendants()
            .find(|n| has_class(n, "label") && n.attribute("data-province") == Some(code))
            .unwrap_or_else(|| panic!("{code} has no label"));
        assert_eq!(label.text(), Some(code.to_ascii_uppercase().as_str()));
    }
}

#[test]
fn the_territories_tile_the_board_each_holding_its_point_label_and_centre() {
    // By hand: the board is 1000 × 900 = 900,000 square units; the cells
    // tile it, so their areas (shoelace formula) add up to that, and none
    // is empty. Each province's point, the middle of its label (a few units
    // above the label's baseline) and its centre marker lie in its own
    // territory.
    let area: f64 = territory::cells()
        .iter()
        .map(|c| {
            let n = c.corners.len();
            assert!(n >= 3, "{:?} has an empty cell", c.owner);
            let twice: f64 = (0..n)
                .map(|k| {
                    let (a, b) = (c.corners[k], c.corners[(k + 1) % n]);
                    a.0 * b.1 - b.0 * a.1
                })
                .sum();
            twice.abs() / 2.0
        })
        .sum();
    assert!((area - 900_000.0).abs() < 1.0, "{area}");
    for p in Province::all() {
        let inside = |(x, y): (i32, i32)| territory::contains(p, (f64::from(x), f64::from(y)));
        assert!(inside(layout::centre(p)), "{p}'s point");
        let (lx, ly) = provinces::label_at(p);
        assert!(inside((lx, ly - 8)), "{p}'s label at ({lx}, {ly})");
        if p.is_supply_center() {
            assert!(inside(provinces::centre_at(p)), "{p}'s centre marker");
        }
    }
}

#[test]
fn no_land_border_the_map_lacks_and_no_inland_province_on_the_sea() {
    // The shapes need not border exactly where the map says two provinces
    // are adjacent, but they must not join land the board parts: every
    // border between two land territories is an army border of the map
    // (so Britain is an island and Italy touches no Albania), and an
    // inland province touches no sea. Where four territories meet nearly at
    // a point, the partition may leave a stub of border under 8 units (a
    // line's width on a phone): not a border anyone reads.
    let m = map::standard();
    let mut wrong = std::collections::BTreeSet::new();
    for b in territory::borders() {
        let (Owner::Province(a), Owner::Province(c)) = b.sides else {
            continue;
        };
        let length = (b.to.0 - b.from.0).hypot(b.to.1 - b.from.1);
        let fine = length < 8.0
            || match (a.terrain(), c.terrain()) {
                (Terrain::Sea, Terrain::Sea) => true,
                (Terrain::Sea, t) | (t, Terrain::Sea) => t != Terrain::Inland,
                _ => m.army_adjacent(a, c),
            };
        if !fine {
            wrong.insert(format!("{}–{}", a.min(c), a.max(c)));
        }
    }
    assert!(wrong.is_empty(), "borders the board lacks: {wrong:?}");
}

/// WCAG 2.1's relative luminance of `#rrggbb`.
fn luminance(hex: &str) -> f64 {
    let channel = |i: usize| {
        let c = f64::from(u8::from_str_radix(&hex[i..i + 2], 16).expect("hex")) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

fn contrast(a: &str, b: &str) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// CIE L*a*b* (D65) of `#rrggbb`, for how far apart two colours look.
fn lab(hex: &str) -> [f64; 3] {
    let lin = |i: usize| {
        let c = f64::from(u8::from_str_radix(&hex[i..i + 2], 16).expect("hex")) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    let (r, g, b) = (lin(1), lin(3), lin(5));
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    let f = |t: f64| {
        if t > 0.008856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    [
        116.0 * f(y) - 16.0,
        500.0 * (f(x) - f(y)),
        200.0 * (f(y) - f(z)),
    ]
}

fn delta_e(a: &str, b: &str) -> f64 {
    let (p, q) = (lab(a), lab(b));
    ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2)).sqrt()
}

#[test]
fn each_powers_land_stands_apart_from_neutral_land_the_sea_and_the_others() {
    // By hand, Russia's #a860c0 against neutral #f2ead3 (WCAG 2.1): the
    // channels linearised are R 168/255 → 0.392, G 96/255 → 0.117,
    // B 192/255 → 0.527, so L = 0.2126·0.392 + 0.7152·0.117 + 0.0722·0.527
    // = 0.205; neutral's 242, 234, 211 → 0.888, 0.823, 0.651, L = 0.824;
    // the ratio is (0.824 + 0.05) / (0.205 + 0.05) = 3.43. The old board's
    // Russia, #f5f5f5 against a white neutral, was 1.09: no contrast.
    assert!((contrast(land(Power::Russia), NEUTRAL_LAND) - 3.43).abs() < 0.01);
    assert!(contrast("#f5f5f5", "#ffffff") < 1.1);
    // Every power: at least 1.5:1 against neutral land, so an owned
    // territory reads as owned even without colour vision; and every two
    // of the powers, neutral land, the sea and impassable land at least
    // 30 apart in CIE L*a*b* (ΔE 2.3 is the least a person notices; 30 is
    // a different colour at a glance).
    for p in Power::ALL {
        let c = contrast(land(p), NEUTRAL_LAND);
        assert!(c >= 1.5, "{p}: {c:.2}");
    }
    let mut all: Vec<(String, &str)> = Power::ALL
        .iter()
        .map(|p| (p.title().to_owned(), land(*p)))
        .collect();
    all.push(("neutral".into(), NEUTRAL_LAND));
    all.push(("sea".into(), SEA));
    for (i, (a, x)) in all.iter().enumerate() {
        for (b, y) in &all[i + 1..] {
            let d = delta_e(x, y);
            let floor = if (a.as_str(), b.as_str()) == ("neutral", "sea") {
                20.0
            } else {
                30.0
            };
            assert!(d >= floor, "{a} and {b}: ΔE {d:.1}");
        }
    }
    assert!(delta_e(IMPASSABLE_LAND, SEA) >= 15.0);
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
    // Borders: three paths, coastlines, land borders and sea borders,
    // none empty.
    for cls in ["coast", "land", "sea"] {
        let path = doc
            .descendants()
            .find(|n| has_class(n, "border") && has_class(n, cls))
            .unwrap_or_else(|| panic!("no {cls} borders"));
        assert!(path.attribute("d").is_some_and(|d| d.len() > 100), "{cls}");
    }
}

#[test]
fn spring_1901_units_stand_at_their_provinces_points() {
    // By hand from the table: A VIE at (665, 580), F LON at (285, 335),
    // A MOS at (870, 310); F STP/SC stands on St Petersburg's south coast
    // point (710, 208), not the province's centre (820, 150). 22 units.
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
    assert_eq!(at("vie"), ((665, 580), "unit army austria".into()));
    assert_eq!(at("lon"), ((285, 335), "unit fleet england".into()));
    assert_eq!(at("mos"), ((870, 310), "unit army russia".into()));
    assert_eq!(at("stp/sc"), ((710, 208), "unit fleet russia".into()));
    for u in &units {
        let loc = u.attribute("data-location").expect("location");
        let parsed = map::parse_location(loc).expect("a place");
        assert_eq!(translate(u), point(parsed), "{loc}");
    }
}

#[test]
fn supply_centres_are_marked_in_their_owners_colour() {
    // By hand: 34 centres; in 1901 the 22 home centres are owned (Austria's
    // Vienna in its unit colour #a31515) and the 12 neutral ones white.
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
    assert_eq!(vie.attribute("fill"), Some("#a31515"));
    assert!(has_class(vie, "austria"));
}

#[test]
fn a_territory_takes_its_controllers_colour() {
    // By hand: Vienna, Austria's centre, in Austria's land red #de5550;
    // Belgium, a centre nobody owns, neutral #f2ead3; Burgundy, no centre,
    // in France's #4fb0e8 while France's army stands there, and Galicia,
    // empty, neutral; Sevastopol keeps Russia's #a860c0 though a Turkish
    // army stands in it (a centre is its owner's until the Winter count);
    // the North Sea is sea #c3dbee.
    let mut pos = Position::initial();
    pos.units
        .insert("FRANCE".into(), vec!["A BUR".into(), "F BRE".into()]);
    pos.units
        .insert("TURKEY".into(), vec!["A SEV".into(), "F ANK".into()]);
    let svg = draw(&pos, &[]);
    let doc = parse(&svg);
    let fill = |code: &str| {
        let g = doc
            .descendants()
            .find(|n| has_class(n, "province") && n.attribute("data-province") == Some(code))
            .expect(code);
        let shape = g.children().find(|n| has_class(n, "shape")).expect("shape");
        shape.attribute("fill").unwrap_or_default().to_owned()
    };
    assert_eq!(fill("vie"), "#de5550");
    assert_eq!(fill("bel"), "#f2ead3");
    assert_eq!(fill("bur"), "#4fb0e8");
    assert_eq!(fill("gal"), "#f2ead3");
    assert_eq!(fill("sev"), "#a860c0");
    assert_eq!(fill("nth"), "#c3dbee");
}

#[test]
fn the_svg_has_a_title_a_description_and_a_legend() {
    // By hand: S1901M is Spring 1901 movement; the description names
    // Austria's three units; the legend names all seven powers.
    let svg = draw(&Position::initial(), &[]);
    let doc = parse(&svg);
    let root = doc.root_element();
    assert_eq!(root.attribute("viewBox"), Some("0 0 1000 1090"));
    let title = root
        .children()
        .find(|n| n.has_tag_name("title"))
        .expect("title");
    assert_eq!(
        title.text(),
        Some("Diplomacy board, Spring 1901, movement (S1901M)")
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
    // The move is a polyline from Paris (250, 545) towards Burgundy
    // (345, 530) with an arrowhead; the failed one carries a cross.
    let par = order("A PAR - BUR");
    let line = par
        .children()
        .find(|n| n.has_tag_name("polyline"))
        .expect("arrow");
    assert!(line
        .attribute("points")
        .expect("points")
        .starts_with("250,545 "));
    assert_eq!(line.attribute("marker-end"), Some("url(#dip-arrow)"));
    assert!(order("A MUN - BUR")
        .children()
        .any(|n| has_class(&n, "cross")));
    assert!(!par.children().any(|n| has_class(&n, "cross")));
    // The support's line ends at the middle of PAR-BUR: ((250+345)/2,
    // (545+530)/2) = (297, 537) in whole units.
    let sup = order("A MAR S A PAR - BUR")
        .children()
        .find(|n| n.has_tag_name("line"))
        .expect("line");
    assert_eq!(
        (sup.attribute("x2"), sup.attribute("y2")),
        (Some("297"), Some("537"))
    );
}

#[test]
fn a_convoy_is_a_dotted_line_to_the_middle_of_the_convoyed_move() {
    // By hand: F NTH convoys A LON to NWY; London (285, 335), Norway
    // (480, 140): the middle is (382, 237). Both orders succeed.
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
        (Some("382"), Some("237"))
    );
    assert!(doc
        .descendants()
        .any(|n| has_class(&n, "move") && has_class(&n, "result-succeeds")));
}

#[test]
fn dislodged_units_are_set_off_from_their_province_and_marked() {
    // By hand: a retreat phase with Germany's A MUN dislodged: it stands at
    // Munich's point (500, 480) plus the offset (22, 20) = (522, 500),
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
    assert_eq!(translate(&d), (522, 500));
    assert_eq!(d.attribute("data-location"), Some("mun"));
    let r = doc
        .descendants()
        .find(|n| has_class(n, "retreat"))
        .expect("retreat drawn");
    let pts = r
        .children()
        .find(|n| n.has_tag_name("polyline"))
        .and_then(|n| n.attribute("points"));
    assert!(pts.expect("points").starts_with("522,500 "));
    assert!(svg.contains("Dislodged: Germany A MUN."));
}

#[test]
fn builds_and_removals_are_marked_at_their_sites() {
    // By hand: the results of an adjustment phase read `build A PAR` (a
    // ring at Paris (250, 545)) and `remove F TRI` (a cross at Trieste
    // (618, 640), its arms 7 each way).
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
        (Some("250"), Some("545"))
    );
    let remove = doc
        .descendants()
        .find(|n| has_class(n, "remove"))
        .expect("remove");
    assert!(remove.children().any(|n| has_class(&n, "cross")));
    assert!(remove
        .children()
        .any(|n| n.attribute("d") == Some("M611 633L625 647M611 647L625 633")));
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
