//! One script per kind: the commands (as a client sends them, in the
//! envelope's JSON) that reach the kind's states with secrets open, and the
//! secrets the kind's rules keep, with who may see each and until when.

mod swiss;
pub use swiss::swiss;

use arbiter_domain::chess::acwc;
use arbiter_domain::competition::Kind;
use chrono::{DateTime, Duration, Utc};
use serde_json::{json, Value};

pub struct Step {
    pub at: DateTime<Utc>,
    pub actor: &'static str,
    /// An envelope command: `{"command": "grant-role", ...}`, or a kind's
    /// `{"command": "<kind>", "action": "...", ...}`.
    pub command: Value,
}

/// Something the kind's rules keep from some viewers.
pub struct Secret {
    /// The step that plants it; its actor is the secret's author, who may
    /// always read it.
    pub step: usize,
    /// A string found only in the secret; `None` when only the author is
    /// secret (a ballot's "yes" is no marker).
    pub marker: Option<&'static str>,
    /// Who besides the author may read it (the clause's officials).
    pub readers: &'static [&'static str],
    /// Whether the rules keep who did it (and when) secret too.
    pub author_hidden: bool,
    /// The step from which it is public (orders once adjudicated).
    pub public_from: Option<usize>,
    /// The clause that keeps it.
    pub clause: &'static str,
}

pub struct Script {
    pub kind: Kind,
    pub id: &'static str,
    pub steps: Vec<Step>,
    pub secrets: Vec<Secret>,
    /// Every user who reads: officials, participants, an outsider.
    pub viewers: &'static [&'static str],
    /// The users who take part (as opposed to officials and outsiders).
    pub participants: &'static [&'static str],
    /// More commands, which the rules may refuse where the script stands:
    /// the no-panic check mutates them with the script's own.
    pub probes: Vec<Step>,
}

impl Script {
    /// The secrets planted by step `i` or before that are not yet public.
    pub fn open_secrets(&self, i: usize) -> impl Iterator<Item = &Secret> {
        self.secrets
            .iter()
            .filter(move |s| s.step <= i && s.public_from.is_none_or(|p| i < p))
    }

    /// Whether `viewer` may read `secret`.
    pub fn may_read(&self, secret: &Secret, viewer: Option<&str>) -> bool {
        viewer.is_some_and(|v| v == self.steps[secret.step].actor || secret.readers.contains(&v))
    }
}

fn at(s: &str) -> DateTime<Utc> {
    s.parse().expect("an RFC 3339 instant")
}

fn step(at: DateTime<Utc>, actor: &'static str, command: Value) -> Step {
    Step { at, actor, command }
}

fn create(kind: Kind) -> Value {
    json!({"command": "create", "kind": kind.name(), "name": "Conformance"})
}

fn grant(user: &str, role: &str) -> Value {
    json!({"command": "grant-role", "user": user, "role": role})
}

/// A kind's command: `fields` with the kind's tag and the action.
fn act(kind: Kind, action: &str, fields: Value) -> Value {
    let mut command = fields;
    command["command"] = json!(kind.name());
    command["action"] = json!(action);
    command
}

// ---- acwc ----------------------------------------------------------------

const ACWC_PLAYERS: [&str; 4] = ["p1", "p2", "p3", "p4"];

fn acwc_facts(account: &str, rating: u32) -> Value {
    json!({
        "account": account,
        "account_created_at": "2018-01-01T00:00:00Z",
        "rated_games": {"antichess": 500},
        "rating_history": [{"at": "2019-06-01T00:00:00Z", "rating": rating}],
        "marks": [],
        "other_accounts": [],
        "unverified": [],
    })
}

/// Four entrants, an accusation (acwc VII.A) before the Qualification
/// starts, the first round paired by the schedule and a match reported.
pub fn acwc() -> Script {
    let k = Kind::Acwc;
    let t0 = at("2019-09-20T10:00:00Z");
    let settings = json!({
        "variant": "antichess",
        "time_control": {"minutes": 2, "increment_seconds": 5},
        "account_cutoff": "2019-03-01T00:00:00Z",
        "games_cutoff": "2019-09-01T00:00:00Z",
        "minimum_rated_games": 100,
        "mark_cutoff": "2017-09-01T00:00:00Z",
        "rating_date": "2019-09-01T00:00:00Z",
        "rating_window_start": "2018-09-01T00:00:00Z",
        "qualification_starts": "2019-09-30T00:00:00Z",
        "format": acwc::Format::acwc_2019(),
    });
    let mut steps = vec![
        step(t0, "org", create(k)),
        step(t0, "org", grant("td", "tournament-director")),
        step(
            t0,
            "org",
            act(k, "configure", json!({"settings": settings})),
        ),
    ];
    for (i, p) in ACWC_PLAYERS.iter().enumerate() {
        steps.push(step(
            t0,
            "org",
            act(
                k,
                "enter-player",
                json!({"player": p, "facts": acwc_facts(p, 2000 + 10 * i as u32)}),
            ),
        ));
    }
    let accusation = steps.len();
    steps.push(step(
        t0 + Duration::hours(1),
        "p1",
        act(
            k,
            "report-cheating",
            json!({"accused": "p2", "details": "MARKER-acwc-accusation-3f9"}),
        ),
    ));
    let monday = at("2019-09-30T00:00:00Z");
    steps.push(step(monday, "schedule", json!({"command": "tick"})));
    // Round 1 pairs p2 with p1 in q1.2: they agree a time and report.
    let game_time = monday + Duration::days(2);
    steps.push(step(
        monday + Duration::hours(1),
        "p2",
        act(
            k,
            "offer-time",
            json!({"match_id": "q1.2", "at": game_time}),
        ),
    ));
    steps.push(step(
        monday + Duration::hours(2),
        "p1",
        act(
            k,
            "accept-offer",
            json!({"match_id": "q1.2", "at": game_time}),
        ),
    ));
    steps.push(step(
        game_time + Duration::hours(1),
        "p2",
        act(
            k,
            "report-result",
            json!({"match_id": "q1.2", "first": 11, "second": 7}),
        ),
    ));
    let probes = vec![
        step(
            monday,
            "td",
            act(
                k,
                "fix-match-time",
                json!({"match_id": "q1.1", "at": game_time}),
            ),
        ),
        step(
            monday,
            "td",
            act(
                k,
                "settle-result",
                json!({"match_id": "q1.1", "first": 5, "second": 5, "reason": "r"}),
            ),
        ),
        step(
            monday,
            "p1",
            act(k, "bid-for-white", json!({"seconds": 100})),
        ),
        step(
            monday,
            "p3",
            act(
                k,
                "claim-abandoned-game",
                json!({"match_id": "q1.1", "left_at": game_time}),
            ),
        ),
        step(
            monday,
            "td",
            act(
                k,
                "record-mark",
                json!({"player": "p4", "mark": {"kind": "engine", "at": monday}}),
            ),
        ),
        step(
            monday,
            "td",
            act(
                k,
                "rule-on-cheating-report",
                json!({"report": 1, "guilty": false}),
            ),
        ),
        step(
            monday,
            "p4",
            act(k, "report-final-game", json!({"game": 1, "winner": "p4"})),
        ),
        step(
            monday,
            "td",
            act(
                k,
                "disqualify",
                json!({"player": "p4", "reason": "fair-play"}),
            ),
        ),
        // acwc I.C: the TD's final call.
        step(
            game_time + Duration::hours(2),
            "td",
            act(
                k,
                "correct-result",
                json!({"match_id": "q1.2", "first": 8, "second": 12, "reason": "r"}),
            ),
        ),
        step(
            monday,
            "td",
            act(
                k,
                "undo-forfeit",
                json!({"match_id": "q1.1", "reason": "r"}),
            ),
        ),
        step(
            monday,
            "td",
            act(k, "reinstate", json!({"player": "p4", "reason": "r"})),
        ),
        step(
            monday,
            "td",
            act(
                k,
                "correct-final-game",
                json!({"game": 1, "winner": null, "reason": "r"}),
            ),
        ),
    ];
    Script {
        probes,
        kind: k,
        id: "conformance-acwc",
        steps,
        secrets: vec![Secret {
            step: accusation,
            marker: Some("MARKER-acwc-accusation-3f9"),
            readers: &["td"],
            author_hidden: true,
            public_from: None,
            clause: "acwc VII.A",
        }],
        viewers: &["org", "td", "p1", "p2", "p3", "p4", "outsider"],
        participants: &ACWC_PLAYERS,
    }
}

// ---- club ----------------------------------------------------------------

/// Officials, three members, an online game, and anti-cheat information
/// filed on it (club I.9.5): the raw text is the Chief Justice's alone.
pub fn club_ladder() -> Script {
    let k = Kind::ClubLadder;
    let t0 = at("2026-11-20T12:00:00Z");
    let mut steps = vec![step(t0, "org", create(k))];
    for (user, role) in [
        ("mod1", "moderator"),
        ("j1", "justice"),
        ("j2", "justice"),
        ("j3", "justice"),
        ("cj", "chief-justice"),
    ] {
        steps.push(step(t0, "org", grant(user, role)));
    }
    steps.push(step(
        t0,
        "org",
        act(
            k,
            "configure",
            json!({"settings": arbiter_domain::ladder::Settings::default()}),
        ),
    ));
    for who in ["ann", "bob", "cat"] {
        steps.push(step(t0, who, act(k, "join", json!({}))));
    }
    steps.push(step(
        t0 + Duration::hours(1),
        "ann",
        act(
            k,
            "start-online-game",
            json!({"white": "ann", "black": "bob"}),
        ),
    ));
    steps.push(step(
        t0 + Duration::hours(2),
        "j1",
        act(k, "finish-online-game", json!({"game": 1, "result": "0-1"})),
    ));
    let report = steps.len();
    steps.push(step(
        t0 + Duration::hours(3),
        "cj",
        act(
            k,
            "file-anti-cheat-report",
            json!({"game": 1, "member": "ann", "raw": "MARKER-club-raw-8d2", "redacted": "MARKER-club-redacted-5e1"}),
        ),
    ));
    steps.push(step(
        t0 + Duration::days(8),
        "schedule",
        json!({"command": "tick"}),
    ));
    let probes = vec![
        step(
            t0,
            "mod1",
            act(
                k,
                "change-score",
                json!({"member": "bob", "delta": -5, "reason": "r"}),
            ),
        ),
        step(
            t0,
            "mod1",
            act(
                k,
                "ban",
                json!({"member": "cat", "reason": "r", "expires": "2026-12-31", "offence": "o"}),
            ),
        ),
        step(
            t0,
            "mod1",
            act(
                k,
                "penalize-conduct",
                json!({"member": "cat", "offence": "o2", "reason": "r", "deduction": 5, "ban_expires": "2026-12-25"}),
            ),
        ),
        step(
            t0,
            "mod1",
            act(
                k,
                "register-game",
                json!({"white": "ann", "black": "cat", "result": "1/2-1/2", "played_at": t0, "room": "322", "moderator": "mod1"}),
            ),
        ),
        step(
            t0,
            "org",
            act(
                k,
                "record-attendance",
                json!({"session": "2026-11-20", "attendees": []}),
            ),
        ),
        step(
            t0,
            "ann",
            act(
                k,
                "file-appeal",
                json!({"subject": {"game": {"game": 1}}, "grounds": "g"}),
            ),
        ),
        step(
            t0,
            "cj",
            act(k, "release-anti-cheat", json!({"report": 2, "to": "mod1"})),
        ),
        step(
            t0,
            "cj",
            act(k, "modify-technically", json!({"description": "d"})),
        ),
        step(
            t0,
            "cj",
            act(
                k,
                "change-terms",
                json!({"description": "d", "settings": {
                    "room": "323", "session_start": "12:30:00", "session_end": "13:10:00",
                    "time_zone": "Europe/London", "elo_k": 16, "presence_minutes": 5,
                    "absence_deduction": 30, "idle_deduction": 5, "streak_threshold": 3,
                }}),
            ),
        ),
        step(
            t0,
            "mod1",
            act(
                k,
                "correct-game",
                json!({"game": 1, "reason": "r", "result": "1/2-1/2"}),
            ),
        ),
        step(
            t0,
            "cj",
            act(
                k,
                "teacher-ban",
                json!({"member": "cat", "reason": "r", "expires": "2026-12-31"}),
            ),
        ),
        step(
            t0,
            "cj",
            act(
                k,
                "lift-teacher-ban",
                json!({"member": "cat", "reason": "r"}),
            ),
        ),
        step(
            t0,
            "cj",
            act(
                k,
                "exercise-residual-authority",
                json!({"description": "d"}),
            ),
        ),
    ];
    Script {
        probes,
        kind: k,
        id: "conformance-club",
        steps,
        secrets: vec![
            Secret {
                step: report,
                marker: Some("MARKER-club-raw-8d2"),
                readers: &[],
                author_hidden: true,
                public_from: None,
                clause: "club I.9.5",
            },
            Secret {
                step: report,
                marker: Some("MARKER-club-redacted-5e1"),
                readers: &[],
                author_hidden: true,
                public_from: None,
                clause: "club I.9.5",
            },
        ],
        viewers: &["org", "mod1", "j1", "cj", "ann", "bob", "cat", "outsider"],
        participants: &["ann", "bob", "cat"],
    }
}

// ---- wm D: one board -----------------------------------------------------

const POWERS: [&str; 7] = [
    "AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY",
];
const BOARD_PLAYERS: [&str; 7] = [
    "austria", "england", "france", "germany", "italy", "russia", "turkey",
];

/// Set-up, preliminary orders (secret to their power and the GM until the
/// adjudication, wm D.VIII.4), grey press (its author secret, wm D.X.2), an
/// unavailability window (wm D.VII.4), a draw proposal and its secret
/// ballots (wm D.IX.2), then every power's final orders and the early
/// adjudication that publishes them.
pub fn diplomacy_game() -> Script {
    let k = Kind::DiplomacyGame;
    let t = |h: i64| at("2026-01-05T12:00:00Z") + Duration::hours(h);
    let players: serde_json::Map<String, Value> = POWERS
        .iter()
        .zip(BOARD_PLAYERS)
        .map(|(p, u)| (p.to_string(), json!(u)))
        .collect();
    let settings = json!({
        "players": players,
        "last_year": 1903,
        "first_deadline": t(120),
        "turn_lengths": {"movement_hours": 120, "retreat_hours": 24, "adjustment_hours": 24},
        "house_rules": {"order_set_identification": "the last set received before the deadline"},
    });
    let mut steps = vec![
        step(t(0), "org", create(k)),
        step(t(0), "org", grant("gm", "game-master")),
        step(t(0), "org", grant("td", "tournament-director")),
        step(t(0), "gm", act(k, "set-up", json!({"settings": settings}))),
    ];
    let orders = steps.len();
    steps.push(step(
        t(1),
        "england",
        act(k, "submit-orders", json!({"power": "ENGLAND", "phase": "S1901M", "orders": ["F LON - ENG", "F EDI - NTH", "A LVP - WAL"], "final": false})),
    ));
    // wm D.VII.1: the GM enters the orders Austria e-mailed; as secret as
    // Austria's own until adjudicated (wm D.VIII.4).
    let entered = steps.len();
    steps.push(step(
        t(1),
        "gm",
        act(k, "enter-orders", json!({"power": "AUSTRIA", "phase": "S1901M", "orders": ["A BUD - RUM"], "final": false})),
    ));
    let press = steps.len();
    steps.push(step(
        t(2),
        "france",
        act(
            k,
            "send-press",
            json!({"press": "grey", "text": "MARKER-board-grey-press-1b7 public text"}),
        ),
    ));
    let window = steps.len();
    steps.push(step(
        t(3),
        "germany",
        act(
            k,
            "declare-unavailability",
            json!({"window": {"weekday": 4, "start_hour": 17, "hours": 24}}),
        ),
    ));
    let proposal = steps.len();
    steps.push(step(
        t(4),
        "italy",
        act(k, "propose", json!({"proposal": "draw", "powers": POWERS})),
    ));
    let first_ballot = steps.len();
    for (i, who) in BOARD_PLAYERS.iter().enumerate() {
        steps.push(step(
            t(5),
            who,
            act(
                k,
                "record-vote",
                json!({"proposal": 1, "ballot": if i == 6 { "no" } else { "yes" }}),
            ),
        ));
    }
    // wm D.VII.1, D.IX.2: the GM enters Turkey's revised ballot, sent by
    // e-mail; Turkey's alone to read.
    let entered_ballot = steps.len();
    steps.push(step(
        t(5),
        "gm",
        act(
            k,
            "enter-vote",
            json!({"power": "TURKEY", "proposal": 1, "ballot": "no"}),
        ),
    ));
    for (p, who) in POWERS.iter().zip(BOARD_PLAYERS) {
        steps.push(step(
            t(6),
            who,
            act(
                k,
                "submit-orders",
                json!({"power": p, "phase": "S1901M", "orders": [], "final": true}),
            ),
        ));
    }
    // With every set final, the adjudication falls due 24 hours after the
    // last posting (wm D.VII.2: early adjudication, 24 hours apart); the
    // GM's clock runs it, and the orders are published.
    let adjudicated = steps.len();
    steps.push(step(t(24), "gm", json!({"command": "tick"})));
    let mut secrets = vec![
        Secret {
            step: orders,
            marker: Some("A LVP - WAL"),
            readers: &["gm"],
            author_hidden: true,
            public_from: Some(adjudicated),
            clause: "wm D.VIII.4",
        },
        Secret {
            step: entered,
            marker: Some("A BUD - RUM"),
            readers: &["austria"],
            author_hidden: true,
            public_from: Some(adjudicated),
            clause: "wm D.VIII.4",
        },
        Secret {
            step: entered_ballot,
            marker: None,
            readers: &["turkey"],
            author_hidden: true,
            public_from: None,
            clause: "wm D.IX.2",
        },
        Secret {
            step: press,
            marker: None,
            readers: &[],
            author_hidden: true,
            public_from: None,
            clause: "wm D.X.2",
        },
        Secret {
            step: window,
            marker: None,
            readers: &["gm", "td"],
            author_hidden: true,
            public_from: None,
            clause: "wm D.VII.2",
        },
        Secret {
            step: proposal,
            marker: None,
            readers: &[],
            author_hidden: true,
            public_from: None,
            clause: "wm D.IX.2",
        },
    ];
    for i in 0..7 {
        secrets.push(Secret {
            step: first_ballot + i,
            marker: None,
            readers: &[],
            author_hidden: true,
            public_from: None,
            clause: "wm D.IX.2",
        });
    }
    let probes = vec![
        step(
            t(8),
            "gm",
            act(k, "set-deadline", json!({"deadline": t(200)})),
        ),
        step(
            t(8),
            "england",
            act(
                k,
                "request-extension",
                json!({"power": "ENGLAND", "hours": 24}),
            ),
        ),
        step(
            t(8),
            "gm",
            act(
                k,
                "grant-extension",
                json!({"power": "ENGLAND", "hours": 24}),
            ),
        ),
        step(
            t(8),
            "td",
            act(
                k,
                "declare-holiday",
                json!({"name": "Christmas", "hours": 48}),
            ),
        ),
        step(
            t(8),
            "gm",
            act(
                k,
                "rollback",
                json!({"phase": "S1901M", "deadline": t(200)}),
            ),
        ),
        step(
            t(8),
            "russia",
            act(k, "consent-to-rollback", json!({"phase": "S1901M"})),
        ),
        step(
            t(8),
            "gm",
            act(
                k,
                "appoint-replacement",
                json!({"power": "RUSSIA", "player": "sub", "period": {"until": t(300)}}),
            ),
        ),
        step(
            t(8),
            "turkey",
            act(k, "contact-gm", json!({"power": "TURKEY"})),
        ),
        step(
            t(8),
            "gm",
            act(
                k,
                "enter-orders",
                json!({"power": "ITALY", "phase": "F1901M", "orders": ["A VEN H"], "final": true}),
            ),
        ),
        step(
            t(8),
            "gm",
            act(
                k,
                "enter-vote",
                json!({"power": "ITALY", "proposal": 1, "ballot": "yes"}),
            ),
        ),
        step(
            t(8),
            "gm",
            act(
                k,
                "correct-double-occupancy",
                json!({"power": "FRANCE", "unit": "A PAR", "should_be": "bur"}),
            ),
        ),
        step(
            t(8),
            "gm",
            act(
                k,
                "correct-extra-unit",
                json!({"power": "FRANCE", "unit": "A PAR", "appeared_in": "S1901M"}),
            ),
        ),
    ];
    Script {
        probes,
        kind: k,
        id: "conformance-board",
        steps,
        secrets,
        viewers: &[
            "org", "gm", "td", "austria", "england", "france", "germany", "italy", "russia",
            "turkey", "outsider",
        ],
        participants: &BOARD_PLAYERS,
    }
}

// ---- wm A–C: the tournament ---------------------------------------------

fn team(id: &str) -> Value {
    let players: serde_json::Map<String, Value> = POWERS
        .iter()
        .map(|p| (p.to_string(), json!(format!("{id}-{}", p.to_lowercase()))))
        .collect();
    json!({"id": id, "name": format!("Team {id}"), "players": players, "captain": format!("{id}-captain")})
}

/// Officials, a team and an individual entered, and a TMC motion whose
/// ballots are each voter's alone (wm A.6).
pub fn diplomacy_tournament() -> Script {
    let k = Kind::DiplomacyTournament;
    let t0 = at("2026-11-21T10:00:00Z");
    let mut steps = vec![step(t0, "org", create(k))];
    for (user, role) in [
        ("td", "tournament-director"),
        ("tmc1", "tmc-member"),
        ("tmc2", "tmc-member"),
        ("tmc3", "tmc-member"),
        ("tmc4", "tmc-member"),
        ("tmc5", "tmc-member"),
        ("obs1", "observer"),
    ] {
        steps.push(step(t0, "org", grant(user, role)));
    }
    steps.push(step(
        t0,
        "td",
        act(
            k,
            "configure",
            json!({"settings": {"entry_deadline": t0 + Duration::days(14)}}),
        ),
    ));
    steps.push(step(
        t0,
        "t1-captain",
        act(k, "register", json!({"team": team("t1")})),
    ));
    steps.push(step(t0, "solo", act(k, "register", json!({}))));
    steps.push(step(
        t0 + Duration::hours(1),
        "td",
        act(
            k,
            "open-motion",
            json!({"motion": "decision", "question": "Redo board 4?"}),
        ),
    ));
    let first_ballot = steps.len();
    for (who, ballot) in [("tmc1", "yes"), ("tmc2", "no"), ("tmc3", "yes")] {
        steps.push(step(
            t0 + Duration::hours(2),
            who,
            act(k, "record-vote", json!({"motion": 1, "ballot": ballot})),
        ));
    }
    let secrets = (0..3)
        .map(|i| Secret {
            step: first_ballot + i,
            marker: None,
            readers: &[],
            author_hidden: true,
            public_from: None,
            clause: "wm A.6",
        })
        .collect();
    let probes = vec![
        step(t0, "td", act(k, "close-entries", json!({"seed": u64::MAX}))),
        step(t0, "td", act(k, "pair-round", json!({"seed": 7}))),
        step(t0, "td", act(k, "close-motion", json!({"motion": 1}))),
        step(
            t0,
            "td",
            act(k, "call-reserves", json!({"board": 1, "power": "FRANCE"})),
        ),
        step(t0, "td", act(k, "act-as-td", json!({"assistant": null}))),
    ];
    Script {
        probes,
        kind: k,
        id: "conformance-wm",
        steps,
        secrets,
        viewers: &[
            "org",
            "td",
            "tmc1",
            "tmc2",
            "tmc3",
            "obs1",
            "t1-captain",
            "t1-england",
            "solo",
            "outsider",
        ],
        participants: &["t1-captain", "t1-england", "solo"],
    }
}

// ---- nomic ---------------------------------------------------------------

/// The Initial Set, three seated players, a proposal and public votes, and
/// the end of the UK day that completes the vote (nomic 113).
pub fn nomic() -> Script {
    let k = Kind::Nomic;
    let setup = at("2026-03-14T10:00:00Z");
    let mut steps = vec![
        step(setup, "org", create(k)),
        step(setup, "org", act(k, "import-rules", json!({}))),
    ];
    for (p, day) in [
        ("chris", "monday"),
        ("dave", "tuesday"),
        ("ben", "wednesday"),
    ] {
        steps.push(step(
            setup,
            "org",
            act(k, "seat-player", json!({"player": p, "day": day})),
        ));
    }
    steps.push(step(
        at("2026-03-15T12:00:00Z"),
        "org",
        act(k, "begin", json!({})),
    ));
    steps.push(step(
        at("2026-03-16T18:30:00Z"),
        "chris",
        act(
            k,
            "propose",
            json!({"change": {"op": "amend", "rule": 206, "text": ["Amended."]}}),
        ),
    ));
    for who in ["chris", "dave", "ben"] {
        steps.push(step(
            at("2026-03-16T20:00:00Z"),
            who,
            act(k, "record-vote", json!({"proposal": 301, "vote": "yes"})),
        ));
    }
    steps.push(step(
        at("2026-03-17T00:00:00Z"),
        "schedule",
        json!({"command": "tick"}),
    ));
    let probes = vec![
        step(
            setup,
            "dave",
            act(
                k,
                "raise-point-of-order",
                json!({"statement": "s", "proposal": 301}),
            ),
        ),
        step(
            setup,
            "ben",
            act(
                k,
                "pronounce-judgement",
                json!({"point": 1, "decision": "d", "finding": "equally-legal-and-illegal", "mover": "chris"}),
            ),
        ),
        step(
            setup,
            "org",
            act(k, "declare-play-impossible", json!({"reason": "r"})),
        ),
        step(setup, "ben", act(k, "forfeit", json!({}))),
        step(setup, "org", act(k, "begin", json!({"settings": {}}))),
    ];
    Script {
        probes,
        kind: k,
        id: "conformance-nomic",
        steps,
        // nomic 113: votes are cast in the open; the game keeps no secret.
        secrets: vec![],
        viewers: &["org", "chris", "dave", "ben", "outsider"],
        participants: &["chris", "dave", "ben"],
    }
}
