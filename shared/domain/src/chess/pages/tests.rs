//! The chess pages read as a person reads them: names, never user ids;
//! ranks, points and tie-breaks as the standings give them, worked by hand.

use crate::chess::acwc::testkit::{at as acwc_at, facts, settings_2019, World};
use crate::chess::acwc::{Command as AcwcCommand, Stage};
use crate::competition::{Competition, Kind, Role};
use crate::testkit::{at, Harness};
use serde_json::{json, Value};

fn act(h: &mut Harness, actor: &str, body: Value) {
    let cmd = Kind::Swiss.command(body.clone()).expect("a Swiss command");
    h.run(actor, cmd)
        .unwrap_or_else(|r| panic!("{body} refused: {r:?}"));
}

/// The user id, the entry, of each player: ids unlike the names, so a page
/// showing an id is caught.
const PLAYERS: [(&str, &str, u32, &str, &str); 5] = [
    ("user-a", "Alice Andersen", 2400, "GM", "NOR"),
    ("user-b", "Bob Berg", 2300, "IM", "SWE"),
    ("user-c", "Carla Cruz", 2200, "", "ESP"),
    ("user-d", "Dan Dale", 2100, "", ""),
    ("user-e", "Eve Ek", 2000, "", ""),
];

/// Three rounds paired by hand, Eve absent throughout (dutch F5):
///
/// | round | boards (white–black)                  |
/// |-------|---------------------------------------|
/// | 1     | Alice 1–0 Carla, Dan ½–½ Bob          |
/// | 2     | Bob 0–1 Alice, Carla 1–0 Dan          |
/// | 3     | Alice ½–½ Dan, Carla 0–1 Bob          |
///
/// Points: Alice 2½, Bob 1½, Carla 1, Dan 1, Eve 0. Buchholz Cut 1 (the
/// opponents' points less the lowest): Alice 1 + 1½ + 1 − 1 = 2½, Bob
/// 1 + 2½ + 1 − 1 = 3½, Carla 2½ + 1 + 1½ − 1 = 4, Dan 1½ + 1 + 2½ − 1 =
/// 4. Sonneborn-Berger (a win counts the opponent's points, a draw half
/// of them): Alice 1 + 1½ + ½ = 3, Bob ½ + 0 + 1 = 1½, Carla 0 + 1 + 0 =
/// 1, Dan ¾ + 0 + 1¼ = 2. Carla and Dan tie on points and Buchholz Cut 1;
/// Sonneborn-Berger puts Dan third. Starting numbers by rating: Alice 1,
/// Bob 2, Carla 3, Dan 4, Eve 5.
fn finished() -> Competition {
    let mut h = Harness::new(
        Kind::Swiss,
        at("2026-03-01T10:00:00Z"),
        &[("arb", Role::Arbiter)],
    );
    act(
        &mut h,
        "org",
        json!({"action": "set-up", "settings": {"rounds": 3, "tiebreaks": ["buchholz-cut-1", "sonneborn-berger"]}}),
    );
    for (id, name, rating, title, federation) in PLAYERS {
        let entry =
            json!({"name": name, "rating": rating, "title": title, "federation": federation});
        act(&mut h, id, json!({"action": "register", "entry": entry}));
    }
    act(
        &mut h,
        "user-e",
        json!({"action": "announce-absence", "round": 1, "through": 3}),
    );
    let rounds = [
        [("a", "c", "1-0"), ("d", "b", "1/2-1/2")],
        [("b", "a", "0-1"), ("c", "d", "1-0")],
        [("a", "d", "1/2-1/2"), ("c", "b", "0-1")],
    ];
    for (i, games) in rounds.iter().enumerate() {
        let round = i + 1;
        let boards: Vec<Value> = games
            .iter()
            .map(|(w, b, _)| json!({"white": format!("user-{w}"), "black": format!("user-{b}")}))
            .collect();
        act(
            &mut h,
            "arb",
            json!({"action": "set-pairing", "round": round, "boards": boards, "reason": "a worked example"}),
        );
        for (board, (_, _, result)) in games.iter().enumerate() {
            act(
                &mut h,
                "arb",
                json!({"action": "set-result", "round": round, "board": board + 1, "result": result, "reason": "r"}),
            );
        }
    }
    h.env
}

fn page(c: &Competition, path: &[&str]) -> String {
    let p = c
        .game
        .page(c, path, c.created_at)
        .unwrap_or_else(|| panic!("no page {path:?}"));
    p.body
}

/// The text of the table row holding `needle`, tags dropped.
fn row(body: &str, needle: &str) -> String {
    let at = body
        .find(needle)
        .unwrap_or_else(|| panic!("{needle} in {body}"));
    let start = body[..at].rfind("<tr>").expect("a row");
    let end = at + body[at..].find("</tr>").expect("its end");
    cells(&body[start..end]).join("|")
}

/// The cells' texts of a row's markup.
fn cells(row: &str) -> Vec<String> {
    row.split("</t")
        .filter_map(|c| c.rfind("<t").map(|i| &c[i..]))
        .map(strip)
        .collect()
}

fn strip(markup: &str) -> String {
    let mut out = String::new();
    let mut inside = false;
    for ch in markup.chars() {
        match ch {
            '<' => inside = true,
            '>' => inside = false,
            c if !inside => out.push(c),
            _ => {}
        }
    }
    out
}

fn no_user_id(body: &str) {
    assert!(!body.contains("user-"), "a user id shows: {body}");
}

#[test]
fn dutch_h_the_front_page_ranks_by_points_then_the_tiebreaks_by_their_names() {
    let body = page(&finished(), &[]);
    no_user_id(&body);
    assert!(
        body.contains("<abbr title=\"Buchholz Cut 1\">BH-C1</abbr>"),
        "{body}"
    );
    assert!(body.contains("<abbr title=\"Sonneborn-Berger\">SB</abbr>"));
    assert!(body.contains("Tie-breaks, in order: BH-C1 Buchholz Cut 1; SB Sonneborn-Berger."));
    assert!(!body.contains("buchholz-cut-1"));
    // Rank, starting number, name, federation, rating, points, BH-C1, SB.
    assert_eq!(
        row(&body, "Alice Andersen</a></td>"),
        "1|1|GM Alice Andersen|NOR|2400|2½|2.5|3.0"
    );
    assert_eq!(
        row(&body, "Bob Berg</a></td>"),
        "2|2|IM Bob Berg|SWE|2300|1½|3.5|1.5"
    );
    assert_eq!(
        row(&body, "Dan Dale</a></td>"),
        "3|4|Dan Dale||2100|1|4.0|2.0"
    );
    assert_eq!(
        row(&body, "Carla Cruz</a></td>"),
        "4|3|Carla Cruz|ESP|2200|1|4.0|1.0"
    );
    let order: Vec<usize> = [
        "Alice Andersen</a></td>",
        "Bob Berg</a></td>",
        "Dan Dale</a></td>",
        "Carla Cruz</a></td>",
        "Eve Ek</a></td>",
    ]
    .iter()
    .map(|n| body.find(n).expect("listed"))
    .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "in rank order");
    assert!(
        body.contains("href=\"/pages/test/player/1\""),
        "names link their page"
    );
}

#[test]
fn a_finished_event_shows_its_final_standings_and_podium() {
    let body = page(&finished(), &[]);
    assert!(body.contains("<h2>Final standings</h2>"), "{body}");
    assert!(body.contains("Finished: all 3 rounds played · 5 players."));
    let podium = &body[body.find("class=\"podium\"").expect("a podium")..];
    let podium = strip(&podium[..podium.find("</ol>").unwrap()]);
    assert!(
        podium.contains("1stGM Alice Andersen2½ points")
            && podium.contains("2ndIM Bob Berg1½ points")
            && podium.contains("3rdDan Dale1 point"),
        "{podium}"
    );
    assert!(!podium.contains("Carla"), "fourth is not on the podium");
}

#[test]
fn an_event_under_way_shows_the_standings_after_the_last_complete_round() {
    let mut h = Harness::new(Kind::Swiss, at("2026-03-01T10:00:00Z"), &[]);
    act(
        &mut h,
        "org",
        json!({"action": "set-up", "settings": {"rounds": 5}}),
    );
    for (id, name, rating, _, _) in &PLAYERS[..4] {
        act(
            &mut h,
            id,
            json!({"action": "register", "entry": {"name": name, "rating": rating}}),
        );
    }
    act(&mut h, "org", json!({"action": "pair-round"}));
    let body = page(&h.env, &[]);
    no_user_id(&body);
    assert!(
        body.contains("<h2>Standings</h2>") && !body.contains("Podium"),
        "{body}"
    );
    assert!(body.contains("Round 1 of 5 in play · 4 players."), "{body}");
    // dutch H by default: direct encounter for first place, then ARO.
    assert!(body.contains("<abbr title=\"Direct encounter for first place\">DE</abbr>"));
    assert!(body.contains("<abbr title=\"Average rating of opponents\">ARO</abbr>"));
}

#[test]
fn the_front_page_links_the_trf_and_the_pages_serve_it() {
    let c = finished();
    let body = page(&c, &[]);
    assert!(
        body.contains(
            "<a href=\"/pages/test/trf.txt\" download=\"test-trf.trf\">Download TRF (FIDE)</a>"
        ),
        "{body}"
    );
    assert!(body.contains(
        "<a href=\"/pages/test/trf-2025.txt\" download=\"test-trf-2025.trf\">TRF-2025</a>"
    ));
    let trf = c
        .game
        .page(&c, &["trf.txt"], c.created_at)
        .expect("the TRF");
    assert_eq!(trf.content_type, "text/plain; charset=utf-8");
    assert!(trf.body.contains("Andersen"), "{}", trf.body);
    assert!(c.game.page(&c, &["trf-2025.txt"], c.created_at).is_some());
}

#[test]
fn the_crosstable_reads_like_chess_results() {
    let body = page(&finished(), &["crosstable"]);
    no_user_id(&body);
    // Rank, number, name, federation, rating, rounds 1–3 (opponent's
    // number, colour, result), points, BH-C1, SB; from the table above.
    assert_eq!(
        row(&body, "Alice Andersen</a></td>"),
        "1|1|GM Alice Andersen|NOR|2400|3w1|2b1|4w½|2½|2.5|3.0"
    );
    assert_eq!(
        row(&body, "Bob Berg</a></td>"),
        "2|2|IM Bob Berg|SWE|2300|4b½|1w0|3b1|1½|3.5|1.5"
    );
    assert_eq!(
        row(&body, "Dan Dale</a></td>"),
        "3|4|Dan Dale||2100|2w½|3b0|1b½|1|4.0|2.0"
    );
    assert_eq!(
        row(&body, "Carla Cruz</a></td>"),
        "4|3|Carla Cruz|ESP|2200|1b0|4w1|2w0|1|4.0|1.0"
    );
    assert!(row(&body, "Eve Ek</a></td>").starts_with("5|5|Eve Ek||2000|– 0|– 0|– 0|0|"));
}

#[test]
fn a_round_page_names_every_player_the_absent_included() {
    let body = page(&finished(), &["round", "1"]);
    no_user_id(&body);
    assert_eq!(
        row(&body, "4 Dan Dale</a>"),
        "2|4 Dan Dale 2100|½–½|2 IM Bob Berg 2300"
    );
    assert!(
        body.contains("<h2>Not paired</h2><ul><li><a href=\"/pages/test/player/5\">5 Eve Ek</a>: 0 points</li></ul>"),
        "{body}"
    );
}

#[test]
fn a_player_page_lists_his_games_and_his_performance() {
    let body = page(&finished(), &["player", "1"]);
    no_user_id(&body);
    assert!(body.contains("<h1>test: GM Alice Andersen</h1>"), "{body}");
    assert_eq!(
        row(&body, "<th scope=\"row\">1</th><td>White"),
        "1|White|3 Carla Cruz 2200|1"
    );
    assert_eq!(
        row(&body, "<th scope=\"row\">2</th><td>Black"),
        "2|Black|2 IM Bob Berg 2300|1"
    );
    assert_eq!(
        row(&body, "<th scope=\"row\">3</th><td>White"),
        "3|White|4 Dan Dale 2100|½"
    );
    let facts = strip(&body[body.find("<dl>").unwrap()..body.find("</dl>").unwrap()]);
    // Ra = (2200 + 2300 + 2100) / 3 = 2200; 2½ of 3 = 0.83, dp 273.
    assert!(
        facts.contains("Performance rating2473 (3 games)"),
        "{facts}"
    );
    assert!(
        facts.contains("Rank1") && facts.contains("Points2½"),
        "{facts}"
    );
    assert!(facts.contains("Buchholz Cut 1 (BH-C1)2.5"), "{facts}");
    let eve = page(&finished(), &["player", "5"]);
    assert!(
        eve.contains("Not paired: 0") && !eve.contains("Performance rating"),
        "{eve}"
    );
    let c = finished();
    assert!(c.game.page(&c, &["player", "6"], c.created_at).is_none());
}

#[test]
fn every_listed_page_renders() {
    let c = finished();
    let paths = c.game.page_paths(&c);
    for p in ["crosstable", "round/3", "player/1", "player/5", "trf.txt"] {
        assert!(paths.contains(&p.to_owned()), "{p} in {paths:?}");
    }
    for path in &paths {
        let segments: Vec<&str> = path.split('/').collect();
        assert!(c.game.page(&c, &segments, c.created_at).is_some(), "{path}");
    }
}

/// Six players p1..p6 entered with the Lichess accounts acc1..acc6, the
/// first Qualification round published.
fn acwc() -> Competition {
    let mut w = World::configured(acwc_at("2019-09-10T12:00:00Z"), settings_2019());
    for i in 1..=6 {
        let entered = facts(&format!("acc{i}"), 2400 - 10 * i);
        w.run(&format!("p{i}"), AcwcCommand::Register { facts: entered })
            .unwrap();
    }
    w.now = acwc_at("2019-09-30T00:00:00Z");
    w.tick();
    assert_eq!(w.champ().stage, Stage::Qualification);
    w.competition().clone()
}

#[test]
fn acwc_pages_name_players_by_their_account() {
    let c = acwc();
    for path in [&[][..], &["round", "1"], &["crosstable"]] {
        let body = page(&c, path);
        for i in 1..=6 {
            assert!(
                !body.contains(&format!(">p{i}<")),
                "p{i} on {path:?}: {body}"
            );
            assert!(
                !body.contains(&format!(">p{i} ")),
                "p{i} on {path:?}: {body}"
            );
        }
        assert!(body.contains("acc1"), "{path:?}: {body}");
    }
}

#[test]
fn dutch_g_a_player_withdrawn_for_not_appearing_reads_as_withdrawn() {
    // Carla does not appear in round 1 (Alice wins by forfeit) and is
    // withdrawn (dutch G's default); round 2 pairs the other three,
    // Dan with the bye.
    let mut h = Harness::new(
        Kind::Swiss,
        at("2026-03-01T10:00:00Z"),
        &[("arb", Role::Arbiter)],
    );
    act(
        &mut h,
        "org",
        json!({"action": "set-up", "settings": {"rounds": 3}}),
    );
    for (id, name, rating, _, _) in &PLAYERS[..4] {
        act(
            &mut h,
            id,
            json!({"action": "register", "entry": {"name": name, "rating": rating}}),
        );
    }
    let pair = |h: &mut Harness, round: u32, boards: Value, bye: Option<&str>| {
        act(
            h,
            "arb",
            json!({"action": "set-pairing", "round": round, "boards": boards, "bye": bye, "reason": "example"}),
        );
    };
    pair(
        &mut h,
        1,
        json!([{"white": "user-a", "black": "user-c"}, {"white": "user-d", "black": "user-b"}]),
        None,
    );
    for (board, result) in [(1, "+-"), (2, "1-0")] {
        act(
            &mut h,
            "arb",
            json!({"action": "set-result", "round": 1, "board": board, "result": result}),
        );
    }
    pair(
        &mut h,
        2,
        json!([{"white": "user-b", "black": "user-a"}]),
        Some("user-d"),
    );
    let cross = page(&h.env, &["crosstable"]);
    no_user_id(&cross);
    assert!(
        row(&cross, "Carla Cruz</a></td>").contains("|1b−|– 0|"),
        "{cross}"
    );
    assert!(
        row(&cross, "Dan Dale</a></td>").contains("|2w1|bye 1|"),
        "{cross}"
    );
    let carla = page(&h.env, &["player", "3"]);
    assert!(
        carla.contains("<dt>Withdrawn</dt><dd>from round 2</dd>"),
        "{carla}"
    );
    assert_eq!(row(&carla, "Withdrawn: 0"), "2|||Withdrawn: 0");
}

#[test]
fn dutch_a2_a_round_pages_score_brackets_read_in_points_as_a_crosstable_prints_them() {
    // Before round 3: Alice 2, Carla 1, Bob ½, Dan ½ (Eve absent). The
    // engine's brackets: Alice's 2 points, Carla's 1 point, and Bob and
    // Dan's ½ point, headed "½ point", never "0.5 points".
    let body = page(&finished(), &["round", "3"]);
    for heading in ["<h3>2 points</h3>", "<h3>1 point</h3>", "<h3>½ point</h3>"] {
        assert!(body.contains(heading), "{heading} in {body}");
    }
    assert!(!body.contains("0.5"), "{body}");
}
