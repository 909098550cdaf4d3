//! Diplomacy adjudication benchmarks: the whole DATC v3.0 suite, one 34-unit
//! movement phase (a real 1908 position from the droidippy games, with
//! convoys and supports), and a full 1901–1910 game replay.
//!
//! `cargo bench -p arbiter-domain --bench diplomacy`

use arbiter_domain::diplomacy::adjudication::adjustment::adjudicate_adjustments;
use arbiter_domain::diplomacy::adjudication::movement::resolve;
use arbiter_domain::diplomacy::adjudication::retreat::adjudicate_retreats;
use arbiter_domain::diplomacy::adjudication::{
    adjudicate_movement, starting_centers, MovementPhase,
};
use arbiter_domain::diplomacy::map::{parse_location, Power, UnitType};
use arbiter_domain::diplomacy::orders::movement::read_movement;
use arbiter_domain::diplomacy::position::{Board, Centers, Unit};
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use std::collections::BTreeMap;
use std::io::Read;

const UNITS_34: &[(&str, &str)] = &[
    ("Turkey", "F adr"),
    ("Turkey", "A ank"),
    ("England", "A ber"),
    ("Turkey", "A boh"),
    ("England", "F bot"),
    ("Turkey", "A con"),
    ("England", "A edi"),
    ("England", "F eng"),
    ("Turkey", "A fin"),
    ("Turkey", "A gal"),
    ("Turkey", "F gre"),
    ("Turkey", "F ion"),
    ("England", "A lon"),
    ("Turkey", "A lvn"),
    ("England", "F lvp"),
    ("England", "F gol"),
    ("England", "A mar"),
    ("Turkey", "A mos"),
    ("England", "A mun"),
    ("England", "F nth"),
    ("England", "A nwy"),
    ("England", "A pic"),
    ("England", "A pie"),
    ("Turkey", "F rom"),
    ("England", "A ruh"),
    ("Turkey", "A sev"),
    ("Turkey", "F smy"),
    ("England", "F stp/sc"),
    ("England", "A swe"),
    ("Turkey", "A tyr"),
    ("Turkey", "F tys"),
    ("Turkey", "A ven"),
    ("Turkey", "A war"),
    ("England", "F wes"),
];

const ORDERS_34: &[(&str, &str)] = &[
    ("Turkey", "adr support ven"),
    ("Turkey", "ank move arm"),
    ("Turkey", "boh move mun"),
    ("England", "bot convoy swe move lvn"),
    ("Turkey", "con move bul"),
    ("England", "edi move hol via convoy"),
    ("England", "eng convoy lon move pic"),
    ("Turkey", "fin support mos move stp"),
    ("Turkey", "gal move sil"),
    ("Turkey", "gre move ion"),
    ("Turkey", "ion move tun"),
    ("England", "lon move pic via convoy"),
    ("Turkey", "lvn support mos move stp"),
    ("England", "lvp move iri"),
    ("England", "gol convoy mar move tus"),
    ("England", "mar move tus via convoy"),
    ("Turkey", "mos move stp"),
    ("England", "mun hold"),
    ("England", "nth convoy edi move hol"),
    ("England", "nwy move fin"),
    ("Turkey", "rom move tus"),
    ("England", "ruh support mun"),
    ("Turkey", "sev move ukr"),
    ("Turkey", "smy move aeg"),
    ("England", "stp/sc support nwy move fin"),
    ("England", "swe move lvn via convoy"),
    ("Turkey", "tyr support boh move mun"),
    ("Turkey", "tys support rom move tus"),
    ("Turkey", "ven hold"),
    ("Turkey", "war support gal move sil"),
];

fn unit(power: &str, s: &str) -> Unit {
    let p = Power::parse(power).expect("power");
    let (k, l) = s.split_once(' ').expect("unit");
    let kind = if k == "A" || k == "army" {
        UnitType::Army
    } else {
        UnitType::Fleet
    };
    Unit::new(p, kind, parse_location(l).expect("location"))
}

fn lines(orders: &[(&str, &str)]) -> Vec<(Power, String)> {
    orders
        .iter()
        .map(|(p, o)| (Power::parse(p).expect("power"), o.to_string()))
        .collect()
}

/// A DATC case prepared for adjudication.
enum Case {
    Main(Board, Vec<(Power, String)>),
    Retreat(Board, Vec<(Power, String)>, Vec<(Power, String)>),
    Build(Vec<Unit>, Centers, Vec<(Power, String)>),
}

fn split_key(k: &str) -> (Power, Unit, String) {
    let (p, rest) = k.split_once(": ").expect("key");
    let power = match p {
        "AUS" => "austria",
        "ENG" => "england",
        "FRA" => "france",
        "GER" => "germany",
        "ITA" => "italy",
        "RUS" => "russia",
        _ => "turkey",
    };
    let mut w = rest.split_whitespace();
    let u = unit(
        power,
        &format!("{} {}", w.next().expect("type"), w.next().expect("place")),
    );
    (u.power, u, rest.to_string())
}

fn datc_cases() -> Vec<Case> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/diplomacy/datc/teddriggs_datc_v3.json"
    ))
    .expect("DATC");
    let json: serde_json::Value = serde_json::from_str(&text).expect("json");
    let board_of = |start: Option<&serde_json::Value>,
                    orders: &serde_json::Map<String, serde_json::Value>| {
        let mut units: Vec<Unit> = Vec::new();
        for s in start.and_then(|v| v.as_array()).into_iter().flatten() {
            units.push(split_key(s.as_str().expect("unit")).1);
        }
        for k in orders.keys() {
            let u = split_key(k).1;
            if !units.iter().any(|x| x.province() == u.province()) {
                units.push(u);
            }
        }
        units
    };
    let lines_of = |o: &serde_json::Map<String, serde_json::Value>| {
        o.keys()
            .map(|k| {
                let (p, _, t) = split_key(k);
                (p, t)
            })
            .collect::<Vec<_>>()
    };
    let mut out = Vec::new();
    for c in json["cases"].as_array().expect("cases") {
        let orders = c["orders"].as_object().expect("orders");
        match c["phase"].as_str() {
            Some("Main") => out.push(Case::Main(
                Board::new(board_of(c.get("starting_state"), orders)).expect("board"),
                lines_of(orders),
            )),
            Some("Retreat") => {
                let pre = &c["preceding_main_phase"];
                let po = pre["orders"].as_object().expect("orders");
                let mut units = board_of(pre.get("starting_state"), po);
                for k in orders.keys() {
                    let u = split_key(k).1;
                    if !units.iter().any(|x| x.province() == u.province()) {
                        units.push(u);
                    }
                }
                out.push(Case::Retreat(
                    Board::new(units).expect("board"),
                    lines_of(po),
                    lines_of(orders),
                ));
            }
            _ => {
                let units = board_of(c.get("starting_state"), &serde_json::Map::new());
                let mut centers = starting_centers();
                for u in &units {
                    if u.province().is_supply_center() {
                        centers.insert(u.province(), u.power);
                    }
                }
                out.push(Case::Build(units, centers, lines_of(orders)));
            }
        }
    }
    out
}

fn run_datc(cases: &[Case]) -> usize {
    let abbr = BTreeMap::new();
    let mut n = 0;
    for c in cases {
        match c {
            Case::Main(b, l) => n += adjudicate_movement(b, l, &abbr).units.len(),
            Case::Retreat(b, l, r) => {
                let m = adjudicate_movement(b, l, &abbr);
                n += adjudicate_retreats(&m.dislodged, r, &abbr).outcomes.len();
            }
            Case::Build(u, c, l) => n += adjudicate_adjustments(u, c, l, &abbr).built.len(),
        }
    }
    n
}

/// One recorded phase of a real game.
struct Recorded {
    heading: String,
    units: Vec<Unit>,
    dislodged: Vec<Unit>,
    centers: Centers,
    orders: Vec<(Power, String)>,
}

fn load_game(name: &str) -> Vec<Recorded> {
    let f = std::fs::File::open(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/diplomacy/droidippy-games-300.tar.gz"
    ))
    .expect("games");
    let mut a = tar::Archive::new(flate2::read::GzDecoder::new(f));
    let mut text = String::new();
    for e in a.entries().expect("entries") {
        let mut e = e.expect("entry");
        if e.path().expect("path").to_string_lossy().ends_with(name) {
            e.read_to_string(&mut text).expect("text");
        }
    }
    let mut phases: Vec<Recorded> = Vec::new();
    let mut raw_orders: Vec<Vec<String>> = Vec::new();
    let mut in_orders = false;
    for line in text.lines() {
        if let Some(h) = line.strip_prefix("PHASE ") {
            phases.push(Recorded {
                heading: h.into(),
                units: vec![],
                dislodged: vec![],
                centers: Centers::new(),
                orders: vec![],
            });
            raw_orders.push(vec![]);
            in_orders = false;
        } else if line == "ORDERS" {
            in_orders = true;
        } else if line == "POSITIONS" || line.is_empty() {
        } else if in_orders {
            raw_orders.last_mut().expect("phase").push(line.to_string());
        } else {
            let (who, what) = line.split_once(": ").expect("line");
            let (kind, place) = what.split_once(' ').expect("what");
            let p = phases.last_mut().expect("phase");
            match kind {
                "supply" => {
                    p.centers.insert(
                        parse_location(place).expect("c").province,
                        Power::parse(who).expect("p"),
                    );
                }
                k if k.ends_with("dislodged") => p.dislodged.push(unit(
                    who,
                    &format!("{} {place}", &k[..k.find('/').expect("/")]),
                )),
                k => p.units.push(unit(who, &format!("{k} {place}"))),
            }
        }
    }
    for (p, raw) in phases.iter_mut().zip(raw_orders) {
        let pool: Vec<Unit> = p.units.iter().chain(p.dislodged.iter()).copied().collect();
        p.orders = raw
            .into_iter()
            .filter_map(|o| {
                let place = if o.starts_with("build") {
                    o.split_whitespace().last()?
                } else {
                    o.split_whitespace().next()?
                };
                let prov = parse_location(place)?.province;
                let owner = pool
                    .iter()
                    .find(|u| u.province() == prov)
                    .map(|u| u.power)
                    .or(prov.home_of())?;
                Some((owner, o))
            })
            .collect();
    }
    phases.retain(|p| !p.heading.starts_with("1911") && p.heading.as_str() < "1911");
    phases
}

fn replay(phases: &[Recorded]) -> usize {
    let abbr = BTreeMap::new();
    let mut last: Option<MovementPhase> = None;
    let mut n = 0;
    for p in phases {
        if p.heading.ends_with("Movement") {
            let m = adjudicate_movement(
                &Board::new(p.units.clone()).expect("board"),
                &p.orders,
                &abbr,
            );
            n += m.units.len();
            last = Some(m);
        } else if p.heading.ends_with("Retreat") {
            if let Some(m) = &last {
                n += adjudicate_retreats(&m.dislodged, &p.orders, &abbr)
                    .outcomes
                    .len();
            }
        } else {
            n += adjudicate_adjustments(&p.units, &p.centers, &p.orders, &abbr)
                .built
                .len();
        }
    }
    n
}

fn benches(c: &mut Criterion) {
    let cases = datc_cases();
    c.bench_function("diplomacy/datc_v3_whole_suite", |b| {
        b.iter(|| run_datc(black_box(&cases)))
    });

    let board = Board::new(UNITS_34.iter().map(|(p, u)| unit(p, u)).collect()).expect("board");
    let l = lines(ORDERS_34);
    let abbr = BTreeMap::new();
    c.bench_function("diplomacy/movement_34_units_read_and_resolve", |b| {
        b.iter(|| adjudicate_movement(black_box(&board), black_box(&l), &abbr))
    });
    let read = read_movement(&board, &l, &abbr);
    c.bench_function("diplomacy/movement_34_units_resolve_only", |b| {
        b.iter(|| resolve(black_box(&board), black_box(&read.orders)))
    });

    let game = load_game("game_1019.txt");
    c.bench_function("diplomacy/replay_game_1901_1910", |b| {
        b.iter(|| replay(black_box(&game)))
    });
}

criterion_group!(diplomacy, benches);
criterion_main!(diplomacy);
