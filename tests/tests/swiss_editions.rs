//! One Swiss event over HTTP per edition of the Dutch system (dutch-2006,
//! dutch-2017, dutch-2026), on both stores, each with a tie-break system
//! (the 2009 annex or C.07): eight players under the Baku acceleration
//! (C.04.5.1) with two club mates kept apart, two rounds paired by the
//! engine and explained (`explanations/{round}`), the standings with their
//! tie-breaks, the TRF in both formats, and round 3 paired by hand: a
//! colour the absolute criteria forbid and a rematch refused with the
//! edition's clause, the rematch then kept by the arbiter's override.
//!
//! Worked by hand, the same under every edition here. GA = a b c d (2 ×
//! ⌈8 / 4⌉), a virtual point in rounds 1 and 2 (⌈⌈5 / 2⌉ / 2⌉ = 2).
//! Round 1: {a b c d} a-c, d-b; {e f g h} e-h, g-f (e-g prohibited; the
//! lot's White to the odd pairing numbers). White wins every game.
//! Round 2 (a, d on 2 with the virtual point; b, c, e, g on 1; f, h on 0):
//! d-a (both want Black after White, same history: the higher ranked a
//! has it), b-e and c-g (each preference granted), f-h (both want White,
//! same history: f, higher ranked, has it). White wins again.

use arbiter_e2e::{assert_refused, on_both_stores, TestServer, TestStore};
use chrono::{DateTime, Utc};
use serde_json::{json, Value};

/// The edition's clauses this event meets: its colour rule for two equal
/// preferences with the same history, a rematch, a forbidden colour.
struct Clauses {
    system: &'static str,
    higher_ranked: &'static str,
    rematch: &'static str,
    colour: &'static str,
}

const DUTCH_2006: Clauses = Clauses {
    system: "dutch-2006",
    higher_ranked: "dutch E4",
    rematch: "dutch B1a",
    colour: "dutch B2",
};

const DUTCH_2017: Clauses = Clauses {
    system: "dutch-2017",
    higher_ranked: "dutch17 E.4",
    rematch: "dutch17 C.1",
    colour: "dutch17 C.3",
};

const DUTCH_2026: Clauses = Clauses {
    system: "dutch-2026",
    higher_ranked: "dutch26 E.4",
    rematch: "dutch26 C.1",
    colour: "dutch26 C.3",
};

/// A round's boards as "white-black".
fn boards(round: &Value) -> Vec<String> {
    round["games"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|g| format!("{}-{}", text(&g["white"]), text(&g["black"])))
        .collect()
}

fn text(v: &Value) -> &str {
    v.as_str().unwrap_or_default()
}

async fn edition_event<S: TestStore>(s: TestServer<S>, c: Clauses, tiebreaks: [&str; 2]) {
    let id = format!("club-{}", c.system);
    let event = format!("/v1/competitions/{id}");
    let t0: DateTime<Utc> = "2026-09-01T18:00:00Z".parse().unwrap();
    s.clock.set(t0);
    s.create(&json!({"id": id, "kind": "swiss", "name": "Club"}))
        .await;
    let post = |who: &'static str, path: &'static str, body: Value| {
        let (s, event) = (&s, &event);
        async move { s.post_as(who, t0, &format!("{event}{path}"), &body).await }
    };
    let settings =
        json!({"rounds": 5, "system": c.system, "acceleration": "baku", "tiebreaks": tiebreaks});
    super::swiss::baku_club_night(&s, &event, t0, settings).await;
    let token = s.token("outsider", false);
    let wanted = [["a-c", "d-b", "e-h", "g-f"], ["d-a", "b-e", "c-g", "f-h"]];
    for (r, want) in (1..=2).zip(wanted) {
        let (st, a) = post("org", "/rounds", json!({})).await;
        assert_eq!(st, 200, "{a}");
        let game = s.get(&event, &token).await["game"].clone();
        assert_eq!(boards(&game["rounds"][r - 1]), want, "round {r}");
        for board in 1..=4 {
            let set = json!({"action": "set-result", "round": r, "board": board, "result": "1-0"});
            assert_eq!(post("org", "/actions", set).await.0, 200);
        }
    }
    explained(&s, &event, &c).await;
    standings(&s, &event, tiebreaks).await;
    exported(&s, &event).await;
    by_hand(&s, &event, &c, t0).await;
}

/// Round 2 explained by the edition's engine: board 1 (d-a) by the rule
/// for equal preferences and history, board 3 (c-g) with no float.
async fn explained<S: TestStore>(s: &TestServer<S>, event: &str, c: &Clauses) {
    let why = s
        .get(
            &format!("{event}/explanations/2"),
            &s.token("outsider", false),
        )
        .await;
    assert_eq!(why["engine"]["system"], c.system, "{why}");
    assert_eq!(why["published_is_engines"], true, "{why}");
    let engine = &why["engine"]["boards"];
    assert_eq!(
        (engine[0]["white"].as_u64(), engine[0]["black"].as_u64()),
        (Some(4), Some(1))
    );
    assert_eq!(engine[0]["notes"][0]["clause"], c.higher_ranked, "{why}");
    assert_eq!(why["players"]["4"]["name"], "D");
}

/// After two rounds (the virtual points not counted): d 2; a, b, c, e, f,
/// g 1; h 0. Buchholz: a (c 1, d 2) 3, b (d 2, e 1) 3, c (a 1, g 1) 2,
/// g (f 1, c 1) 2, e (h 0, b 1) 1, f (g 1, h 0) 1; d (b 1, a 1) 2.
/// Sonneborn-Berger (every game won or lost): d beat b and a, 2; a beat
/// c, 1; e beat h, 0. Both rulebooks agree with no unplayed round.
async fn standings<S: TestStore>(s: &TestServer<S>, event: &str, tiebreaks: [&str; 2]) {
    let table = s
        .get(&format!("{event}/standings"), &s.token("outsider", false))
        .await;
    assert_eq!(table["after_round"], 2);
    let lines = table["items"].as_array().expect("lines");
    let line = |who: &str| {
        lines
            .iter()
            .find(|l| l["player"] == who)
            .unwrap_or_else(|| panic!("{who} in {table}"))
    };
    assert_eq!(lines[0]["player"], "d");
    let [bh, sb] = tiebreaks;
    for (who, points, buchholz, sonneborn) in [
        ("d", 2.0, 2.0, 2.0),
        ("a", 1.0, 3.0, 1.0),
        ("c", 1.0, 2.0, 1.0),
        ("e", 1.0, 1.0, 0.0),
    ] {
        let l = line(who);
        assert_eq!(l["points"].as_f64(), Some(points), "{l}");
        assert_eq!(l["tiebreaks"][bh].as_f64(), Some(buchholz), "{l}");
        assert_eq!(l["tiebreaks"][sb].as_f64(), Some(sonneborn), "{l}");
    }
    assert_eq!(lines.last().map(|l| &l["player"]), Some(&json!("h")));
}

/// The TRF in both formats: a (pairing number 1) beat c (3) with White and
/// lost to d (4) with Black.
async fn exported<S: TestStore>(s: &TestServer<S>, event: &str) {
    let token = s.token("outsider", false);
    for path in ["trf", "trf-2025"] {
        let trf = s.get_text(&format!("{event}/{path}"), &token).await;
        let a = trf
            .lines()
            .find(|l| l.starts_with("001    1"))
            .unwrap_or_else(|| panic!("{trf}"));
        assert!(a.ends_with("     3 w 1     4 b 0"), "{path}: {a:?}");
    }
    let trf25 = s.get_text(&format!("{event}/trf-2025"), &token).await;
    assert!(trf25.lines().any(|l| l.starts_with("142")), "{trf25}");
}

/// Round 3 by hand. d had White twice: White again (d-h) is refused by the
/// colour rule; h-d with the rematch c-a is refused by the rematch rule,
/// then kept by the override, the criterion recorded.
async fn by_hand<S: TestStore>(s: &TestServer<S>, event: &str, c: &Clauses, t0: DateTime<Utc>) {
    let hand = |first: [&str; 2]| {
        json!({"action": "set-pairing", "round": 3, "reason": "the hall has four boards left",
            "boards": [{"white": first[0], "black": first[1]}, {"white": "c", "black": "a"},
                {"white": "b", "black": "g"}, {"white": "e", "black": "f"}]})
    };
    let path = format!("{event}/actions");
    let (st, a) = s.post_as("org", t0, &path, &hand(["d", "h"])).await;
    assert_refused(st, &a, c.colour);
    let mut body = hand(["h", "d"]);
    let (st, a) = s.post_as("org", t0, &path, &body).await;
    assert_refused(st, &a, c.rematch);
    body["override_absolute"] = json!(true);
    let (st, a) = s.post_as("org", t0, &path, &body).await;
    assert_eq!(st, 200, "{a}");
    let token = s.token("outsider", false);
    let pairings = s.get(&format!("{event}/pairings/3"), &token).await;
    assert_eq!(pairings["overridden"][0]["clause"], c.rematch, "{pairings}");
    assert_eq!(pairings["overridden"].as_array().map(Vec::len), Some(1));
    let why = s.get(&format!("{event}/explanations/3"), &token).await;
    assert_eq!(why["published_is_engines"], false);
    assert_eq!(why["overridden"][0]["clause"], c.rematch);
}

async fn dutch_2006<S: TestStore>(s: TestServer<S>) {
    edition_event(s, DUTCH_2006, ["c07-bh", "c07-sb"]).await;
}

async fn dutch_2017<S: TestStore>(s: TestServer<S>) {
    edition_event(s, DUTCH_2017, ["buchholz", "sonneborn-berger"]).await;
}

async fn dutch_2026<S: TestStore>(s: TestServer<S>) {
    edition_event(s, DUTCH_2026, ["c07-bh", "c07-sb"]).await;
}

on_both_stores!(swiss_dutch_2006_c07, super::dutch_2006);
on_both_stores!(swiss_dutch_2017_annex_2009, super::dutch_2017);
on_both_stores!(swiss_dutch_2026_c07, super::dutch_2026);
