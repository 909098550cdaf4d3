//! The TRF report (trf16 001, 012–132; trf2025 142, 152, 240), each
//! expected line written by hand, column by column, from the format.

use super::{act, event, results, state};
use crate::chess::trf::{self, TrfBye, TrfByes, TrfLine};
use crate::resource::{Query, Resource};
use crate::testkit::Harness;
use serde_json::json;

/// `id` enters as `name` with a title, federation and FIDE id.
fn enter_as(
    h: &mut Harness,
    id: &str,
    name: &str,
    rating: u32,
    title: &str,
    fed: &str,
    fide: Option<u64>,
) {
    let mut entry = json!({"name": name, "rating": rating, "title": title, "federation": fed});
    if let Some(f) = fide {
        entry["fide_id"] = json!(f);
    }
    act(h, id, json!({"action": "register", "entry": entry})).expect("entered");
}

/// Four players, pairing numbers by dutch A2: carlsen 1, roe 2, doe 3,
/// kim 4 (unrated).
fn four(rounds: u32, extra: serde_json::Value) -> Harness {
    let mut h = event(rounds, extra);
    enter_as(
        &mut h,
        "carlsen",
        "Carlsen, Magnus",
        2830,
        "GM",
        "NOR",
        Some(1_503_014),
    );
    enter_as(
        &mut h,
        "roe",
        "Roe, Rick",
        2400,
        "IM",
        "USA",
        Some(2_000_001),
    );
    enter_as(
        &mut h,
        "doe",
        "Doe, Jane",
        2250,
        "WIM",
        "ENG",
        Some(400_041),
    );
    enter_as(&mut h, "kim", "Kim, Bo", 0, "", "KOR", None);
    h
}

/// The arbiter pairs round `r` by hand: `boards` as (white, black).
fn set_pairing(h: &mut Harness, r: u32, boards: &[(&str, &str)]) {
    let boards: Vec<_> = boards
        .iter()
        .map(|(w, b)| json!({"white": w, "black": b}))
        .collect();
    act(
        h,
        "arb",
        json!({"action": "set-pairing", "round": r, "boards": boards, "reason": "report test"}),
    )
    .expect("paired by hand");
}

fn report() -> serde_json::Value {
    json!({
        "round_times": ["2026-03-07T10:00:00Z", "2026-03-07T15:00:00Z", "2026-03-08T10:00:00Z"],
        "report": {
            "name": "Spring Open 2026",
            "city": "Oslo",
            "federation": "NOR",
            "chief_arbiter": "IA Kari Nordmann",
            "deputy_arbiters": ["FA Ola Hansen"],
            "time_control": "90'+30\""
        }
    })
}

/// A player record from its fields, each in its columns (trf16 001):
/// 1–3 `001`, 5–8 rank, 10 sex (blank), 11–13 title, 15–47 name, 49–52
/// rating, 54–56 federation, 58–68 FIDE id, 70–79 birth date (blank),
/// 81–84 points, 86–89 rank, then the round blocks from column 92.
fn line(fields: [&str; 7], rounds: [&str; 3]) -> String {
    let [number, title, name, rating, fed, id, points_and_rank] = fields;
    format!(
        "001 {number}  {title} {name:<33} {rating} {fed} {id} {:10} {points_and_rank}  {}",
        "",
        rounds.join("  ")
    )
}

/// trf16 001, 012–132: a finished event of four, by hand. Round 1:
/// carlsen–doe 1-0, kim–roe 0-1; round 2: roe–carlsen ½, doe–kim 1-0;
/// round 3: carlsen–kim 1-0, roe–doe 0-1. Carlsen 2.5, Doe 2, Roe 1.5,
/// Kim 0: ranks 1, 2, 3, 4.
#[test]
fn trf16_export_of_a_finished_event_has_tournament_section_and_full_player_records() {
    let mut h = four(3, report());
    set_pairing(&mut h, 1, &[("carlsen", "doe"), ("kim", "roe")]);
    results(&mut h, 1, &["1-0", "0-1"]);
    set_pairing(&mut h, 2, &[("roe", "carlsen"), ("doe", "kim")]);
    results(&mut h, 2, &["1/2-1/2", "1-0"]);
    set_pairing(&mut h, 3, &[("carlsen", "kim"), ("roe", "doe")]);
    results(&mut h, 3, &["1-0", "0-1"]);
    let text = super::super::export_trf(state(&h));

    // 132: blanks to column 91, then each round's YY/MM/DD in 92–99,
    // 102–109, 112–119.
    let dates = format!("132{}26/03/07  26/03/07  26/03/08", " ".repeat(88));
    let section = [
        "012 Spring Open 2026",
        "022 Oslo",
        "032 NOR",
        "042 2026/03/07",
        "052 2026/03/08",
        "062 4",
        "072 3",
        "082 0",
        "092 Swiss Dutch",
        "102 IA Kari Nordmann",
        "112 FA Ola Hansen",
        "122 90'+30\"",
        &dates,
        "XXR 3",
        "XXC white1",
    ];
    let players = [
        line(
            [
                "   1",
                " GM",
                "Carlsen, Magnus",
                "2830",
                "NOR",
                "    1503014",
                " 2.5    1",
            ],
            ["   3 w 1", "   2 b =", "   4 w 1"],
        ),
        line(
            [
                "   2",
                " IM",
                "Roe, Rick",
                "2400",
                "USA",
                "    2000001",
                " 1.5    3",
            ],
            ["   4 b 1", "   1 w =", "   3 w 0"],
        ),
        line(
            [
                "   3",
                "WIM",
                "Doe, Jane",
                "2250",
                "ENG",
                "     400041",
                " 2.0    2",
            ],
            ["   1 b 0", "   4 w 1", "   2 b 1"],
        ),
        line(
            [
                "   4",
                "   ",
                "Kim, Bo",
                "    ",
                "KOR",
                "           ",
                " 0.0    4",
            ],
            ["   2 w 0", "   3 b 0", "   1 b 0"],
        ),
    ];
    let expected: Vec<&str> = section
        .iter()
        .copied()
        .chain(players.iter().map(String::as_str))
        .collect();
    assert_eq!(text.lines().collect::<Vec<_>>(), expected);

    // Spot checks by column (1-based columns, 0-based slices).
    let carlsen = text.lines().find(|l| l.starts_with("001    1")).unwrap();
    assert_eq!(&carlsen[10..13], " GM");
    assert_eq!(&carlsen[53..56], "NOR");
    assert_eq!(&carlsen[57..68], "    1503014");
    assert_eq!(&carlsen[80..84], " 2.5");
    assert_eq!(&carlsen[85..89], "   1");
    let doe = text.lines().find(|l| l.starts_with("001    3")).unwrap();
    assert_eq!(&doe[10..13], "WIM");
    assert_eq!(&doe[85..89], "   2");
    assert_eq!(dates.find("26/03/08"), Some(111));

    // The file reads back and the history pairs as it was.
    let back = trf::read(&text).unwrap();
    let t = crate::chess::swiss::SwissTournament::from_trf(&back, None).unwrap();
    assert_eq!(t.rounds_played, 3);
}

/// trf2025 142, 152, 240: byes asked ahead are written (roe a half-point
/// bye in round 3, kim an announced absence in round 2), and read back
/// they keep the players out of the round to pair.
#[test]
fn trf2025_export_writes_byes_asked_ahead_and_rounds_and_colour() {
    let mut h = four(3, json!({"half_point_byes": 1, "first_colour": "black"}));
    act(&mut h, "roe", json!({"action": "request-bye", "round": 3})).unwrap();
    act(
        &mut h,
        "kim",
        json!({"action": "announce-absence", "round": 2}),
    )
    .unwrap();
    let text = super::super::export(state(&h), super::super::TrfFormat::Trf2025);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.contains(&"142 3"), "{text}");
    assert!(lines.contains(&"152 B"), "{text}");
    assert!(!text.contains("XXR") && !text.contains("XXC"), "{text}");
    // 1–3 `240`, 5 the kind, 7–9 the round, 11–14 the starting rank.
    assert_eq!(
        &lines[lines.len() - 2..],
        ["240 Z 002    4", "240 H 003    2"]
    );

    let back = trf::read(&text).unwrap();
    assert_eq!(
        back.byes().cloned().collect::<Vec<_>>(),
        vec![
            TrfByes {
                kind: TrfBye::Zero,
                round: 2,
                players: vec![4]
            },
            TrfByes {
                kind: TrfBye::Half,
                round: 3,
                players: vec![2]
            },
        ]
    );
    assert!(back
        .lines
        .iter()
        .any(|l| matches!(l, TrfLine::Player(p) if p.title == "WIM")));
    let t = crate::chess::swiss::SwissTournament::from_trf(&back, Some(2)).unwrap();
    let absent: Vec<u32> = t
        .players
        .iter()
        .filter(|p| p.presence == crate::chess::swiss::Presence::Absent)
        .map(|p| p.number)
        .collect();
    assert_eq!(absent, vec![4]);
    assert_eq!(
        (t.total_rounds, t.first_colour),
        (3, crate::chess::swiss::Colour::Black)
    );
}

/// The `trf` resource answers TRF-16, `trf?format=2025` and `trf-2025`
/// the 2025 format; another format is refused.
#[test]
fn trf2025_resource_by_name_and_by_format() {
    let h = four(3, report());
    let read = |name: &str, query: Query| match h.env.game.resource(&h.env, name, &query, None) {
        Ok(Resource::Text(t)) => Ok(t),
        Ok(other) => panic!("text expected, got {other:?}"),
        Err(e) => Err(e),
    };
    let q = Query::first_page;
    let trf16 = read("trf", q()).unwrap();
    let by_param = read("trf", q().with_param("format", "2025")).unwrap();
    let by_name = read("trf-2025", q()).unwrap();
    assert!(trf16.contains("XXR 3"));
    assert_eq!(by_param, by_name);
    assert!(by_name.contains("\n142 3\n"));
    assert!(read("trf", q().with_param("format", "2006")).is_err());
}

/// The regulations' report: one line a text (a line break would start a
/// record of its own), a federation of three capital letters.
#[test]
fn trf16_report_texts_are_one_line_and_the_federation_three_letters() {
    let mut h = Harness::new(
        crate::competition::Kind::Swiss,
        crate::testkit::at("2026-03-01T10:00:00Z"),
        &[],
    );
    for report in [
        json!({"name": "Open\n001    1"}),
        json!({"federation": "Norway"}),
    ] {
        let set_up = json!({"action": "set-up", "settings": {"rounds": 3, "report": report}});
        assert!(act(&mut h, "org", set_up).is_err(), "{report}");
    }
    let fine =
        json!({"action": "set-up", "settings": {"rounds": 3, "report": {"federation": "NOR"}}});
    act(&mut h, "org", fine).expect("a valid report");
}
