//! The pages' structure (language, title, viewport, headed tables), their
//! escaping, and every page of a small Swiss event and of a new competition
//! of every kind.

use crate::{index, not_found, paths, render, STYLESHEET};
use arbiter_domain::competition::{Command, Competition, Kind};
use arbiter_domain::testkit::{at, Harness};
use serde_json::json;

fn now() -> chrono::DateTime<chrono::Utc> {
    at("2026-05-02T12:00:00Z")
}

fn act(h: &mut Harness, who: &str, action: &str, mut body: serde_json::Value) {
    body["command"] = json!("swiss");
    body["action"] = json!(action);
    let cmd: Command = serde_json::from_value(body).expect("a Swiss command");
    h.run(who, cmd)
        .unwrap_or_else(|r| panic!("{action} refused: {r:?}"));
}

/// Four players, round 1 paired and played: ann beat cat, bob and dan drew.
fn swiss() -> Competition {
    let mut h = Harness::new(Kind::Swiss, at("2026-05-01T10:00:00Z"), &[]);
    act(
        &mut h,
        "org",
        "set-up",
        json!({"settings": {"rounds": 3, "tiebreaks": ["buchholz-cut-1", "sonneborn-berger"]}}),
    );
    for (p, rating) in [("ann", 2200), ("bob", 2100), ("cat", 2000), ("dan", 1900)] {
        act(
            &mut h,
            p,
            "register",
            json!({"entry": {"name": p, "rating": rating}}),
        );
    }
    act(&mut h, "org", "pair-round", json!({}));
    let games = h.env.view(None).game["rounds"][0]["games"].clone();
    for g in games.as_array().unwrap() {
        let result = if g["white"] == "ann" || g["black"] == "ann" {
            "1-0"
        } else {
            "1/2-1/2"
        };
        act(
            &mut h,
            "org",
            "set-result",
            json!({"round": 1, "board": g["board"], "result": result, "reason": "r"}),
        );
    }
    h.env
}

fn html(state: &Competition, page: &[&str]) -> String {
    let p = render(state, page, now()).unwrap_or_else(|| panic!("no page {page:?}"));
    assert!(p.content_type.starts_with("text/html"), "{page:?}");
    p.body
}

/// What every HTML page has: a language, a title, a viewport for phones,
/// the one stylesheet, one `h1`, and every header cell scoped.
fn assert_accessible_frame(body: &str) {
    assert!(
        body.starts_with("<!DOCTYPE html><html lang=\"en\">"),
        "{body}"
    );
    assert!(body.contains("<title>"));
    assert!(body.contains("name=\"viewport\" content=\"width=device-width, initial-scale=1\""));
    assert!(body.contains("href=\"/pages/style.css\""));
    assert_eq!(body.matches("<h1>").count(), 1);
    assert_eq!(body.matches("<th>").count(), 0, "every th has a scope");
    assert!(!body.contains("<script"), "no script");
}

#[test]
fn a_swiss_front_page_shows_the_standings_with_their_tiebreak_columns() {
    let state = swiss();
    let body = html(&state, &[]);
    assert_accessible_frame(&body);
    // Round 1: ann won (1 point), bob and dan drew (½ each), cat lost.
    // Each tie-break under its FIDE code, its name in the code's title.
    assert!(
        body.contains("<th scope=\"col\"><abbr title=\"Buchholz Cut 1\">BH-C1</abbr></th>"),
        "{body}"
    );
    assert!(body.contains("<th scope=\"col\"><abbr title=\"Sonneborn-Berger\">SB</abbr></th>"));
    assert!(body.contains("Standings after round 1"));
    let ann = body.find(">ann<").unwrap();
    let cat = body.find(">cat<").unwrap();
    assert!(ann < cat, "ann (1 point) stands above cat (0)");
    assert!(body.contains("href=\"/pages/test/round/1\""));
}

#[test]
fn a_round_page_lists_its_pairings_and_the_crosstable_each_players_games() {
    let state = swiss();
    let round = html(&state, &["round", "1"]);
    assert_accessible_frame(&round);
    assert!(round.contains("<th scope=\"col\">White</th>"));
    assert!(
        round.contains("<td>1–0</td>") && round.contains("<td>½–½</td>"),
        "{round}"
    );
    let cross = html(&state, &["crosstable"]);
    assert_accessible_frame(&cross);
    // ann beat cat: ann's row shows cat's starting number, a colour and a
    // win, cat's row ann's and a loss (ratings 2200 to 1900: ann 1, cat 3).
    assert!(
        cross.contains("<td>3w1</td>") || cross.contains("<td>3b1</td>"),
        "{cross}"
    );
    assert!(
        cross.contains("<td>1w0</td>") || cross.contains("<td>1b0</td>"),
        "{cross}"
    );
    assert!(round.contains(">1 ann</a>"), "{round}");
    assert!(
        render(&state, &["round", "2"], now()).is_none(),
        "round 2 is not paired"
    );
    assert!(render(&state, &["round", "x"], now()).is_none());
}

#[test]
fn names_are_escaped_never_markup() {
    let mut state = swiss();
    state.name = "<script>alert(1)</script> & co".into();
    let body = html(&state, &[]);
    assert!(!body.contains("<script>alert"), "{body}");
    assert!(body.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; co"));
    let listed = index(&[&state], None, now()).body;
    assert!(listed.contains("&lt;script&gt;"));
    assert!(!listed.contains("<script>"));
}

#[test]
fn every_page_of_a_new_competition_of_every_kind_renders() {
    for kind in Kind::ALL {
        let h = Harness::new(*kind, now(), &[]);
        for path in paths(&h.env) {
            let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
            let page = render(&h.env, &segments, now())
                .unwrap_or_else(|| panic!("{kind:?}: listed page {path:?} does not render"));
            if page.content_type.starts_with("text/html") {
                assert_accessible_frame(&page.body);
            }
        }
        assert!(render(&h.env, &["no-such-page"], now()).is_none());
    }
}

#[test]
fn the_calendar_is_an_icalendar_feed() {
    let page = render(&swiss(), &["calendar.ics"], now()).unwrap();
    assert_eq!(page.content_type, "text/calendar; charset=utf-8");
    assert!(page.body.starts_with("BEGIN:VCALENDAR\r\n"));
}

#[test]
fn the_index_links_each_listed_competition_and_the_404_page_says_nothing_of_it() {
    let state = swiss();
    let body = index(&[&state], None, now()).body;
    assert_accessible_frame(&body);
    assert!(body.contains("<a href=\"/pages/test\">test</a>"), "{body}");
    // The kind in words, where it stands, its size and its dates: round 1
    // of 3 paired, four players, created on 1 May (no round times set).
    assert!(
        body.contains("<p><strong>Swiss event</strong> · Round 1 of 3</p>"),
        "{body}"
    );
    assert!(
        body.contains("<p class=\"muted\">4 players · Created 1 May 2026</p>"),
        "{body}"
    );
    assert!(!body.contains("More competitions"));
    let more = index(&[&state], Some("test"), now()).body;
    assert!(
        more.contains("<a href=\"/pages?cursor=test\">More competitions</a>"),
        "{more}"
    );
    assert!(index(&[], None, now())
        .body
        .contains("No competition is listed publicly yet."));
    let missing = not_found().body;
    assert_accessible_frame(&missing);
    assert!(!missing.contains("test"));
}

#[test]
fn the_index_names_every_kind_in_words_and_where_a_new_one_stands() {
    let listed: Vec<Competition> = Kind::ALL
        .iter()
        .map(|k| Harness::new(*k, now(), &[]).env)
        .collect();
    let refs: Vec<&Competition> = listed.iter().collect();
    let body = index(&refs, None, now()).body;
    for words in [
        "<strong>ACWC championship</strong> · Not set up yet",
        "<strong>Club ladder</strong> · No games counted yet",
        "<strong>Diplomacy board</strong> · Not set up yet",
        "<strong>World Masters team tournament</strong> · Not set up yet",
        "<strong>Nomic game</strong> · Not begun",
        "<strong>Swiss event</strong> · Not set up yet",
    ] {
        assert!(body.contains(words), "{words}: {body}");
    }
}

#[test]
fn the_stylesheet_is_small() {
    assert!(STYLESHEET.len() < 4096, "{} bytes", STYLESHEET.len());
}

#[test]
fn a_nomic_rule_book_page_shows_every_rule_in_effect_with_its_date_form() {
    // nomic 108, 109: the rule book is readable now and as of a date; a new
    // game holds the Initial Set, rules 101 to 118 and 201 onwards.
    let mut h = Harness::new(Kind::Nomic, now(), &[]);
    let empty = html(&h.env, &["rules"]);
    assert!(
        empty.contains("No rule book has been imported yet."),
        "{empty}"
    );
    let import: Command =
        serde_json::from_value(json!({"command": "nomic", "action": "import-rules"})).unwrap();
    h.run("org", import)
        .expect("the organizer imports the Initial Set");
    let body = html(&h.env, &["rules"]);
    assert_accessible_frame(&body);
    assert!(body.contains("<h2>Rule 101"), "{body}");
    assert!(body.contains("<h2>Rule 201"));
    assert!(body.contains("<input type=\"date\" name=\"at\">"), "{body}");
}
