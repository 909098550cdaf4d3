//! The format's frame (acwc III.A–B), the weeks of the rounds (IV.A–B) and
//! the opening of the negotiation (V.A–B).

use super::*;
use crate::chess::acwc::settings::TimeControl;
use crate::chess::acwc::vocabulary::Event as AcwcEvent;
use crate::competition::Event as Envelope;
use crate::rulebook::parts::*;

/// acwc III.A: "All games are rated and have 2+5 as time control." The 2019
/// set-up is antichess at 2 minutes plus 5 seconds; a set-up naming no
/// variant, or with no time on the clock, is refused. In the Final, the
/// first game and the 24th (the last before III.H.5's 2+0 extensions) are
/// both played at 2+5.
#[test]
fn acwc_iii_a_every_game_is_played_at_the_championships_time_control() {
    let two_plus_five = TimeControl {
        minutes: 2,
        increment_seconds: 5,
    };
    let s = settings_2019();
    assert_eq!(s.variant, "antichess");
    assert_eq!(s.time_control, two_plus_five);
    let mut no_variant = settings_2019();
    no_variant.variant = "  ".into();
    assert_eq!(
        no_variant.validate().unwrap_err().clause.as_deref(),
        Some("acwc III.A")
    );
    let mut no_clock = settings_2019();
    no_clock.time_control.minutes = 0;
    assert_eq!(
        no_clock.validate().unwrap_err().clause.as_deref(),
        Some("acwc III.A")
    );
    let format = Format::acwc_2019();
    let mut f = FinalMatch::new(user("h"), user("c"), user("h"));
    assert_eq!(f.next_time_control(&s), Some(two_plus_five));
    // 23 draws: the 24th game is still part of the 2+5 match.
    for _ in 0..23 {
        f.record(FinalGame { winner: None }, &format);
    }
    assert_eq!(f.next_time_control(&s), Some(two_plus_five));
}

/// acwc III.B: "three stages: Qualification (Swiss), Candidates
/// (round-robin), Final (1v1)". Holder p1 and runner-up p2 are pre-qualified
/// (III.C–D); p3..p6 play the Qualification. Its three best join p2 in the
/// Candidates: four players, so three rounds in which each pair meets once
/// (4·3/2 = 6 matches). Then p1 meets the Candidates winner in the Final. A
/// stage structure out of any sensible range (a 1000-game match) is refused.
#[test]
fn acwc_iii_b_qualification_then_candidates_then_the_final() {
    let mut w = to_candidates();
    assert_eq!(w.champ().stage, Stage::Candidates);
    assert!(w.champ().rounds_of(Stage::Qualification).count() >= 1);
    let candidates = w.champ().candidates.clone();
    assert_eq!(candidates.len(), 4);
    assert!(candidates.contains(&user("p2")));
    assert!(!candidates.contains(&user("p1")));
    while w.champ().stage == Stage::Candidates {
        finish_round(&mut w);
    }
    let c = w.champ();
    assert_eq!(c.rounds_of(Stage::Candidates).count(), 3);
    let mut pairs: Vec<(String, String)> = c
        .matches
        .values()
        .filter(|m| m.stage == Stage::Candidates)
        .map(|m| {
            let (a, b) = (m.first.to_string(), m.second.to_string());
            if a < b {
                (a, b)
            } else {
                (b, a)
            }
        })
        .collect();
    pairs.sort();
    pairs.dedup();
    assert_eq!(pairs.len(), 6, "each pair of Candidates meets once");
    assert_eq!(c.stage, Stage::Final);
    let f = c.final_match.as_ref().expect("the Final is set up");
    assert_eq!(f.first, user("p1"));
    assert!(candidates.contains(&f.second));

    let mut huge = settings_2019();
    huge.format.games_per_match = 1000;
    assert_eq!(
        huge.validate().unwrap_err().clause.as_deref(),
        Some("acwc III.B")
    );
}

/// acwc IV.A: "There is one week per Qualification round". Six players play
/// five rounds (III.F.2: at least 5). Round 1 is published Monday 30
/// September 00:00 and ends Sunday 6 October 23:59:59 (IV.F). Each round's
/// matches finish on its Sunday at 20:00; the next round is published then
/// and runs the whole following week, Monday to Sunday: deadlines 13, 20 and
/// 27 October and 3 November. Five rounds, five weeks.
#[test]
fn acwc_iv_a_each_qualification_round_has_a_week() {
    let mut w = with_players(6);
    start(&mut w);
    assert_eq!(w.champ().qualification_rounds, 5);
    let sundays = [
        "2019-10-06T20:00:00Z",
        "2019-10-13T20:00:00Z",
        "2019-10-20T20:00:00Z",
        "2019-10-27T20:00:00Z",
    ];
    for sunday in sundays {
        w.now = at(sunday);
        finish_round(&mut w);
    }
    let deadlines: Vec<_> = w
        .champ()
        .rounds_of(Stage::Qualification)
        .map(|r| r.deadline)
        .collect();
    assert_eq!(
        deadlines,
        [
            at("2019-10-06T23:59:59Z"),
            at("2019-10-13T23:59:59Z"),
            at("2019-10-20T23:59:59Z"),
            at("2019-10-27T23:59:59Z"),
            at("2019-11-03T23:59:59Z"),
        ]
    );
}

/// acwc IV.B: "There is one week per round-robin round (so 3 weeks total)".
/// The Candidates (four players) start when the Qualification ends, on
/// Monday 30 September 00:00 here, so their round 1 ends Sunday 6 October
/// 23:59:59. Each round finishes on its Sunday at 20:00 and the next runs the
/// following week: deadlines 6, 13 and 20 October; three rounds, three weeks,
/// then the Final.
#[test]
fn acwc_iv_b_three_candidates_rounds_of_a_week_each() {
    let mut w = to_candidates();
    for sunday in ["2019-10-06T20:00:00Z", "2019-10-13T20:00:00Z"] {
        w.now = at(sunday);
        finish_round(&mut w);
    }
    w.now = at("2019-10-20T20:00:00Z");
    finish_round(&mut w);
    let deadlines: Vec<_> = w
        .champ()
        .rounds_of(Stage::Candidates)
        .map(|r| r.deadline)
        .collect();
    assert_eq!(
        deadlines,
        [
            at("2019-10-06T23:59:59Z"),
            at("2019-10-13T23:59:59Z"),
            at("2019-10-20T23:59:59Z"),
        ]
    );
    assert_eq!(w.champ().stage, Stage::Final);
}

/// acwc V.A: "Players may begin negotiating a playing start time as soon as
/// their next pairing is known. When a time is agreed on, it must be shared
/// in the pairings forum post." Round 1 is published Monday 30 September
/// 00:00; at that instant p1 offers Thursday 3 October 18:00 and p2 accepts.
/// The agreement is recorded under V.A, and the round's public pairings (the
/// view anyone reads, and the `pairings/qualification-1` resource) carry
/// that time. An offer whose time has passed can no longer be accepted.
#[test]
fn acwc_v_a_negotiation_opens_with_the_pairing_and_the_agreed_time_is_published() {
    let mut w = with_players(4);
    start(&mut w);
    let offer = |m: &str, t: &str| Command::OfferTime {
        match_id: m.into(),
        at: at(t),
    };
    let accept = |m: &str, t: &str| Command::AcceptOffer {
        match_id: m.into(),
        at: at(t),
    };
    w.run("p1", offer("q1.1", "2019-10-03T18:00:00Z")).unwrap();
    let agreed = w.run("p2", accept("q1.1", "2019-10-03T18:00:00Z")).unwrap();
    assert_eq!(agreed[0].clause.as_deref(), Some("acwc V.A"));
    let public = w.competition().view(None).game;
    assert_eq!(
        public["rounds"][0]["matches"][0]["negotiation"]["time"],
        "2019-10-03T18:00:00Z"
    );
    let key = Some("qualification-1".to_string());
    let query = crate::resource::Query::new(key, Default::default()).unwrap();
    let page = match w
        .champ()
        .resource(w.competition(), "pairings", &query, None)
        .unwrap()
    {
        crate::resource::Resource::Json(v) => v,
        _ => unreachable!("pairings are JSON"),
    };
    assert_eq!(
        page["items"][0]["negotiation"]["time"],
        "2019-10-03T18:00:00Z"
    );

    // q1.2: p3 offers Tuesday 1 October 10:00; p4 answers too late.
    w.run("p3", offer("q1.2", "2019-10-01T10:00:00Z")).unwrap();
    w.now = at("2019-10-01T10:00:00Z");
    assert_eq!(
        clause(&mut w, "p4", accept("q1.2", "2019-10-01T10:00:00Z")),
        "acwc V.A"
    );
}

/// acwc V.B: "players must communicate their times in UTC". A client that
/// sends a time with an offset (20:00 at +02:00) has it read as the same
/// instant and recorded, shown and told in UTC only: 18:00Z.
#[test]
fn acwc_v_b_an_offered_time_is_recorded_and_shown_in_utc() {
    let mut w = with_players(2);
    start(&mut w);
    let command: Command = serde_json::from_value(serde_json::json!({
        "action": "offer-time",
        "match_id": "q1.1",
        "at": "2019-10-03T20:00:00+02:00",
    }))
    .unwrap();
    w.run("p1", command).unwrap();
    let recorded = &w.log().last().unwrap().events[0];
    let Envelope::Acwc(AcwcEvent::TimeOffered { at: offered, .. }) = &recorded.event else {
        panic!("a time offer is recorded: {recorded:?}");
    };
    assert_eq!(*offered, at("2019-10-03T18:00:00Z"));
    let json = serde_json::to_value(recorded).unwrap();
    assert_eq!(json["at"], "2019-10-03T18:00:00Z");
    let mine = w.competition().view(Some(&user("p1"))).game;
    assert_eq!(
        mine["schedule"][0]["offers"][0]["at"],
        "2019-10-03T18:00:00Z"
    );
}
