//! The TRF reader and writer: trf16 001, the tournament section, the
//! trf2025 records, and the engines' extensions.

use super::*;
use proptest::prelude::*;

const LINE: &str = "001    1      Alice                             2500                             3.0          8 w 1     5 b 0  0000 - U     3 w =";

#[test]
fn trf_reads_player_columns_and_round_blocks() {
    let others = "001    3      Carla                             2400\n001    5      Eve                               2300\n001    8      Kev                               2250";
    let t = read(&format!("{LINE}\n{others}")).unwrap();
    let p = t.players().next().unwrap();
    assert_eq!(p.number, 1);
    assert_eq!(p.name, "Alice");
    assert_eq!(p.rating, 2500);
    assert_eq!(p.points_tenths, Some(30));
    assert_eq!(p.rounds.len(), 4);
    assert_eq!(
        p.rounds[0],
        Some(TrfRound {
            opponent: Some(8),
            colour: TrfColour::White,
            result: TrfResult::Win
        })
    );
    assert_eq!(
        p.rounds[2],
        Some(TrfRound {
            opponent: None,
            colour: TrfColour::None,
            result: TrfResult::PairingBye
        })
    );
}

#[test]
fn trf_round_trips_player_lines_and_unknown_records() {
    let text = format!("012 Test\n{LINE}\n001    3      Carla                             2400                             0.0\n001    5      Eve                               2300                             0.0\n001    8      Kev                               2250                             0.0\nXXR 5\nXXC white1\n132 something unknown\n");
    let t = read(&text).unwrap();
    assert_eq!(write(&t), text);
}

#[test]
fn trf_accepts_lf_crlf_and_cr() {
    let a = read("012 x\nXXR 3\n").unwrap();
    let b = read("012 x\r\nXXR 3\r\n").unwrap();
    let c = read("012 x\rXXR 3\r").unwrap();
    assert_eq!(a, b);
    assert_eq!(a, c);
    assert_eq!(a.total_rounds(), Some(3));
}

#[test]
fn trf_reports_line_and_column_of_bad_result_code() {
    let bad = "012 x\n001    1      Alice                             2500                             3.0          8 w Q";
    let e = read(bad).unwrap_err();
    assert_eq!((e.line, e.column), (2, 99));
}

#[test]
fn trf_rejects_unknown_opponent() {
    let bad = "001    1      Alice                             2500                             3.0          8 w 1";
    assert!(read(bad).is_err());
}

#[test]
fn trf_xxc_black1() {
    let t = read("XXC black1\n").unwrap();
    assert_eq!(t.white1(), Some(false));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]
    #[test]
    fn trf_reader_never_panics_on_arbitrary_text(s in "\\PC*") {
        let _ = read(&s);
    }

    #[test]
    fn trf_reader_never_panics_on_player_like_lines(
        tail in proptest::collection::vec(proptest::sample::select(vec![' ', '0', '1', '9', 'w', 'b', '-', '=', '+', 'U', 'Z', '.', 'x', 'é']), 0..140)
    ) {
        let line: String = "001    1".chars().chain(tail).collect();
        let _ = read(&line);
        let crlf = format!("{line}\r\n{line}\r");
        let _ = read(&crlf);
    }
}

/// trf16 001 with every static field, columns counted by hand.
#[test]
fn trf16_001_title_right_aligned_federation_fide_id_points_rank() {
    let p = TrfPlayer {
        number: 12,
        sex: "w".into(),
        title: "WIM".into(),
        name: "Doe, Jane".into(),
        rating: 2301,
        federation: "NOR".into(),
        fide_id: "1503014".into(),
        birth_date: "1990/04/01".into(),
        points_tenths: Some(45),
        rank: Some(3),
        rounds: vec![],
    };
    // 1-3 "001", 5-8 "  12", 10 "w", 11-13 "WIM", 15-47 name, 49-52
    // rating, 54-56 "NOR", 58-68 "    1503014", 70-79 birth date, 81-84
    // " 4.5", 86-89 "   3".
    let expected = format!(
        "001   12 wWIM Doe, Jane{}2301 NOR     1503014 1990/04/01  4.5    3",
        " ".repeat(25)
    );
    assert_eq!(write_player(&p), expected);
    let gm = TrfPlayer {
        title: "GM".into(),
        ..p.clone()
    };
    // "GM" right-aligned: column 11 blank, 12-13 "GM".
    assert_eq!(&write_player(&gm)[8..14], " w GM ");
    let back = read(&format!("{expected}\n")).unwrap();
    assert_eq!(back.players().next(), Some(&p));
}

fn trf2025_sample() -> Trf {
    Trf {
        lines: vec![
            TrfLine::Byes(TrfByes {
                kind: TrfBye::Half,
                round: 3,
                players: vec![26, 47],
            }),
            TrfLine::Acceleration(TrfAcceleration {
                match_points_tenths: None,
                game_points_tenths: 10,
                first_round: 1,
                last_round: 3,
                first_player: 1,
                last_player: 90,
            }),
            TrfLine::Prohibited(TrfProhibited {
                first_round: 1,
                last_round: 2,
                players: vec![125, 180, 184],
            }),
        ],
    }
}

/// trf2025 240, 250, 260: the columns of each record, counted by hand.
#[test]
fn trf2025_240_250_260_written_in_their_columns_and_read_back() {
    let expected = "240 H 003   26   47\n\
                    250      01.0 001 003 0001 0090\n\
                    260 001 002  125  180  184\n";
    let trf = trf2025_sample();
    assert_eq!(write(&trf), expected);
    assert_eq!(read(expected).unwrap(), trf);
}

/// trf2025 240, 250, 260 as the revision's own examples write them (ranks
/// zero-padded, match points given).
#[test]
fn trf2025_records_read_with_zero_padded_ranks() {
    let t = read(
        "240 H 003  026  047\n250 00.0 02.0 001 003 0001 0090\n260 001 002  125  180  184  216\n",
    )
    .unwrap();
    assert_eq!(
        t.lines[0],
        TrfLine::Byes(TrfByes {
            kind: TrfBye::Half,
            round: 3,
            players: vec![26, 47]
        })
    );
    let TrfLine::Acceleration(a) = &t.lines[1] else {
        panic!("250 is an acceleration");
    };
    assert_eq!((a.match_points_tenths, a.game_points_tenths), (Some(0), 20));
    let TrfLine::Prohibited(p) = &t.lines[2] else {
        panic!("260 is a prohibited pairing");
    };
    assert_eq!(p.players, vec![125, 180, 184, 216]);
    assert_eq!(t.byes().count(), 1);
}

#[test]
fn trf2025_malformed_records_name_line_and_column() {
    let at = |text: &str| {
        let e = read(text).unwrap_err();
        (e.line, e.column)
    };
    assert_eq!(at("012 x\n240 Q 003   26"), (2, 5));
    assert_eq!(at("240 H 003"), (1, 11));
    assert_eq!(at("260 001 002  125"), (1, 13));
    assert_eq!(at("250      x1.0 001 003 0001 0090"), (1, 10));
    assert_eq!(at("240 F 001 12345"), (1, 15));
}

/// trf2025 142, 152 stand for `XXR` and `XXC` where those are absent.
#[test]
fn trf2025_142_and_152_give_rounds_and_initial_colour() {
    let t = read("142 9\n152 B\n").unwrap();
    assert_eq!(t.total_rounds(), Some(9));
    assert_eq!(t.white1(), Some(false));
    let xx = read("XXR 7\nXXC white1\n142 9\n152 B\n").unwrap();
    assert_eq!((xx.total_rounds(), xx.white1()), (Some(7), Some(true)));
}

fn date(y: i32, m: u32, d: u32) -> chrono::NaiveDate {
    chrono::NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

/// trf16 012–132, every record by hand; round 2's date unknown.
#[test]
fn trf16_tournament_section_written_and_read_back() {
    let t = TrfTournament {
        name: "Spring Open".into(),
        city: "Oslo".into(),
        federation: "NOR".into(),
        start: Some(date(2025, 3, 1)),
        end: Some(date(2025, 3, 9)),
        players: 4,
        rated_players: 3,
        teams: 0,
        kind: "Swiss Dutch".into(),
        chief_arbiter: "IA Kari Nordmann".into(),
        deputy_arbiters: vec!["FA Ola Hansen".into(), "Per Berg".into()],
        time_control: "90'+30\"".into(),
        round_dates: vec![Some(date(2025, 3, 1)), None, Some(date(2025, 3, 9))],
    };
    let text = write(&Trf { lines: t.lines() });
    // 132: "132", blanks to column 91, round 1 in 92-99, round 2 (102-109)
    // blank, round 3 in 112-119.
    let dates = format!("132{}25/03/01{}25/03/09", " ".repeat(88), " ".repeat(12));
    let expected = format!(
        "012 Spring Open\n022 Oslo\n032 NOR\n042 2025/03/01\n052 2025/03/09\n\
         062 4\n072 3\n082 0\n092 Swiss Dutch\n102 IA Kari Nordmann\n\
         112 FA Ola Hansen\n112 Per Berg\n122 90'+30\"\n{dates}\n"
    );
    assert_eq!(text, expected);
    assert_eq!(dates.find("25/03/01"), Some(91));
    assert_eq!(dates.find("25/03/09"), Some(111));
    assert_eq!(TrfTournament::of(&read(&text).unwrap()), t);
}

fn arb_round() -> impl proptest::strategy::Strategy<Value = Option<TrfRound>> {
    proptest::option::of(
        proptest::sample::select(vec![
            TrfResult::HalfPointBye,
            TrfResult::FullPointBye,
            TrfResult::PairingBye,
            TrfResult::ZeroPointBye,
        ])
        .prop_map(|result| TrfRound {
            opponent: None,
            colour: TrfColour::None,
            result,
        }),
    )
}

fn arb_player(number: u32) -> impl proptest::strategy::Strategy<Value = TrfPlayer> {
    let codes = vec!["", "GM", "IM", "WGM", "WIM", "FM", "CM", "WFM", "WCM"];
    (
        proptest::sample::select(codes),
        "[A-Z][a-z]{0,20}",
        0u32..3000,
        "([A-Z]{3})?",
        proptest::option::of(1u64..99_999_999_999),
        proptest::option::of(0u32..1000),
        proptest::option::of(1u32..10_000),
        proptest::collection::vec(arb_round(), 0..6),
    )
        .prop_map(
            move |(title, name, rating, fed, id, pts, rank, mut rounds)| {
                while matches!(rounds.last(), Some(None)) {
                    rounds.pop();
                }
                TrfPlayer {
                    number,
                    title: title.into(),
                    name,
                    rating,
                    federation: fed,
                    fide_id: id.map(|i| i.to_string()).unwrap_or_default(),
                    points_tenths: pts,
                    rank,
                    rounds,
                    ..TrfPlayer::default()
                }
            },
        )
}

fn arb_2025() -> impl proptest::strategy::Strategy<Value = TrfLine> {
    let ranks = |min| proptest::collection::vec(1u32..10_000, min..6);
    prop_oneof![
        (
            proptest::sample::select(vec![TrfBye::Full, TrfBye::Half, TrfBye::Zero]),
            1u32..1000,
            ranks(1)
        )
            .prop_map(|(kind, round, players)| TrfLine::Byes(TrfByes {
                kind,
                round,
                players
            })),
        (
            proptest::option::of(0u32..1000),
            0u32..1000,
            (1u32..1000, 1u32..1000),
            (1u32..10_000, 1u32..10_000)
        )
            .prop_map(|(mp, gp, (r1, r2), (p1, p2))| {
                TrfLine::Acceleration(TrfAcceleration {
                    match_points_tenths: mp,
                    game_points_tenths: gp,
                    first_round: r1,
                    last_round: r2,
                    first_player: p1,
                    last_player: p2,
                })
            }),
        (1u32..1000, 1u32..1000, ranks(2)).prop_map(|(first_round, last_round, players)| {
            TrfLine::Prohibited(TrfProhibited {
                first_round,
                last_round,
                players,
            })
        }),
    ]
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

    /// trf2025 240, 250, 260 and the tournament section: no line of any
    /// content makes the reader panic.
    #[test]
    fn trf2025_reader_never_panics_on_record_like_lines(
        tag in proptest::sample::select(vec!["240", "250", "260", "132", "142", "152", "012", "XXS", "XXA"]),
        tail in proptest::collection::vec(proptest::sample::select(vec![' ', '0', '1', '9', 'H', 'F', 'Z', 'q', '.', '-', 'é', '\t']), 0..60)
    ) {
        let line: String = tag.chars().chain(tail).collect();
        if let Ok(t) = read(&line) {
            let _ = TrfTournament::of(&t);
            let _ = (t.total_rounds(), t.white1());
        }
    }

    /// write → read gives the document back: players, the tournament
    /// section and the trf2025 records.
    #[test]
    fn trf2025_write_then_read_round_trips_a_document(
        players in (1usize..12).prop_flat_map(|n| {
            (1..=n as u32).map(arb_player).collect::<Vec<_>>()
        }),
        records in proptest::collection::vec(arb_2025(), 0..8),
        name in "[A-Za-z][A-Za-z ]{0,30}[a-z]",
    ) {
        let section = TrfTournament {
            name,
            players: players.len() as u32,
            round_dates: vec![Some(date(2025, 1, 2)), None, Some(date(2068, 12, 31))],
            ..TrfTournament::default()
        };
        let mut lines = section.lines();
        lines.push(TrfLine::Rounds(9));
        lines.extend(players.into_iter().map(TrfLine::Player));
        lines.extend(records);
        let doc = Trf { lines };
        let back = read(&write(&doc)).unwrap();
        prop_assert_eq!(&back, &doc);
        prop_assert_eq!(TrfTournament::of(&back), section);
    }
}
