//! The club ladder's term of twelve Fridays for a club of 30
//! (`arbiter_domain::testkit::ladder_story`), driven in memory on the test
//! scenario (`competition::decide` / `competition::apply`) with a fake
//! clock, as the service and the schedules will drive it
//! (`tests/tests/ladder.rs` replays it over HTTP).

use arbiter_domain::competition;
use arbiter_domain::ladder::{self, AppealSubject, Command, Event, GameResult};
use arbiter_domain::rulebook::parts::*;
use arbiter_domain::testkit::ladder_story::{self, friday, InMemory};
use arbiter_domain::testkit::{at, u};

use GameResult::WhiteWins as W;

#[test]
fn ladder_term_of_twelve_fridays_for_a_club_of_30() {
    ladder_story::twelve_fridays(InMemory::default());
}

/// Snapshots store the competition as JSON: the ladder's state, commands and
/// events survive a round trip.
#[test]
fn ladder_state_commands_and_events_round_trip_as_json() {
    let cmd: Command = serde_json::from_value(serde_json::json!({
        "action": "register-game",
        "white": "p01", "black": "p02", "result": "1-0",
        "played_at": "2026-02-06T12:45:00Z", "room": "322", "moderator": "mod1"
    }))
    .unwrap();
    assert_eq!(cmd.name(), "register-game");
    let vote: Command = serde_json::from_value(serde_json::json!({
        "action": "cast-vote", "appeal": 7,
        "vote": {"decision": "overturn", "remedy": {"remedy": "rescore", "delta": -10}}
    }))
    .unwrap();
    assert_eq!(vote.name(), "cast-vote");

    let mut state = ladder::Ladder::default();
    let noon = at("2026-02-06T12:00:00Z");
    let events = [
        Event::MemberJoined {
            member: u("p01"),
            score: 100,
            rejoined: false,
        },
        Event::MemberJoined {
            member: u("p02"),
            score: 100,
            rejoined: false,
        },
        Event::GameRegistered {
            game: 1,
            white: u("p01"),
            black: u("p02"),
            result: W,
            played_at: noon,
            session: Some(friday(1)),
            moderator: Some(u("mod1")),
            chessclock: false,
            bell: None,
            oversight: None,
            registered_by: u("p01"),
            pending: false,
            white_delta: 16,
            black_delta: 0,
        },
        Event::AppealFiled {
            appeal: 2,
            appellant: u("p02"),
            subject: AppealSubject::Game { game: 1 },
            grounds: "g".into(),
            en_banc: false,
            parties: [u("p01"), u("p02")].into(),
        },
    ];
    for e in &events {
        let json = serde_json::to_value(competition::Event::ClubLadder(e.clone())).unwrap();
        // The kind's name everywhere; logs written before the names agreed
        // (`"type": "ladder"`) still read.
        assert_eq!(json["type"], "club-ladder");
        assert!(json.get("event").is_some());
        let mut legacy = json.clone();
        legacy["type"] = "ladder".into();
        let back: competition::Event = serde_json::from_value(json).unwrap();
        assert_eq!(back, competition::Event::ClubLadder(e.clone()));
        let back: competition::Event = serde_json::from_value(legacy).unwrap();
        assert_eq!(back, competition::Event::ClubLadder(e.clone()));
        state.apply(e, noon);
    }
    let game = competition::Game::ClubLadder(state);
    let text = serde_json::to_string(&game).unwrap();
    let back: competition::Game = serde_json::from_str(&text).unwrap();
    assert_eq!(back, game);
}
