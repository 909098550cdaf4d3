//! The club ladder's term of twelve Fridays for a club of 30
//! (`arbiter_domain::testkit::ladder_story`), driven through the envelope's
//! `competition::decide` / `competition::apply` with a fake clock, as the
//! service and the schedules will drive it (`tests/tests/ladder.rs` replays
//! it over HTTP).

use arbiter_domain::competition::{self, Actor, Commit, Competition, CompetitionId, Context};
use arbiter_domain::ladder::{self, AppealSubject, Command, Event, GameResult};
use arbiter_domain::rulebook::parts::*;
use arbiter_domain::testkit::ladder_story::{self, friday, u, Driver};
use arbiter_domain::Refusal;
use chrono::{DateTime, Utc};
use serde_json::Value;
use std::borrow::Cow;

use GameResult::WhiteWins as W;

/// The club folded in memory: no club until the story's `Create`.
struct Term {
    id: CompetitionId,
    env: Option<Competition>,
    now: DateTime<Utc>,
}

impl Driver for Term {
    fn now(&self) -> DateTime<Utc> {
        self.now
    }

    fn set_now(&mut self, now: DateTime<Utc>) {
        self.now = now;
    }

    fn commit(&mut self, actor: Actor, cmd: competition::Command) -> Result<Vec<Event>, Refusal> {
        let ctx = Context {
            actor: actor.clone(),
            may_organize: true,
            now: self.now,
        };
        let events = competition::decide(self.env.as_ref(), &cmd, &ctx)?;
        if events.is_empty() {
            return Ok(vec![]);
        }
        let commit = Commit {
            version: self.env.as_ref().map_or(1, |e| e.version + 1),
            at: self.now,
            actor,
            command: cmd.name().into(),
            events: events.clone(),
            idempotency: None,
        };
        self.env = Some(competition::apply(self.env.take(), &self.id, &commit));
        Ok(events
            .into_iter()
            .filter_map(|r| match r.event {
                competition::Event::ClubLadder(e) => Some(e),
                _ => None,
            })
            .collect())
    }

    fn competition(&self) -> Cow<'_, Competition> {
        Cow::Borrowed(self.env.as_ref().expect("the club was created"))
    }

    fn view(&self) -> Value {
        serde_json::to_value(self.competition().view(None)).unwrap()
    }
}

#[test]
fn ladder_term_of_twelve_fridays_for_a_club_of_30() {
    ladder_story::twelve_fridays(Term {
        id: CompetitionId::try_from(ladder_story::CLUB).unwrap(),
        env: None,
        now: DateTime::default(),
    });
}

/// Snapshots store the competition as JSON: the ladder's state, commands and
/// events survive a round trip.
#[test]
fn ladder_state_commands_and_events_round_trip_as_json() {
    let cmd: Command = serde_json::from_value(serde_json::json!({
        "action": "register-game",
        "white": "p01", "black": "p02", "result": "white-wins",
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
    let at: DateTime<Utc> = "2026-02-06T12:00:00Z".parse().unwrap();
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
            played_at: at,
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
        state.apply(e, at);
    }
    let game = competition::Game::ClubLadder(state);
    let text = serde_json::to_string(&game).unwrap();
    let back: competition::Game = serde_json::from_str(&text).unwrap();
    assert_eq!(back, game);
}
