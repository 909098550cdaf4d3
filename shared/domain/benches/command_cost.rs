//! Issue #19: what one command costs the domain in a small and a large
//! competition of each kind, side by side. The cost should not grow with
//! the competition.
//!
//! Timed, per command, what the service does with the state it keeps in
//! memory: the next deadline before, `decide`, `apply` in place, the next
//! deadline after. Set-up (not timed): the competition driven to the size
//! through the same functions.
//!
//! - ACWC: a player offers a time in round 1 (40 and 1,000 players);
//! - club ladder: a new member joins (100 and 10,000 members), also in a
//!   club whose every member was once penalised (one use of power each);
//! - Swiss: a round 1 result is reported (100 and 4,000 players);
//! - World Masters: a team signs up (30 and 300 teams).
//!
//! `cargo bench -p arbiter-domain --bench command_cost`

use arbiter_domain::chess::acwc::testkit::{facts, settings_2019};
use arbiter_domain::competition::{
    self, Actor, Command, Commit, Competition, CompetitionId, Context, Event, Kind, Role, UserId,
};
use arbiter_domain::rulebook::Route;
use chrono::{DateTime, Duration, Utc};
use criterion::{criterion_group, criterion_main, Criterion};
use serde_json::{json, Value};

fn user(s: &str) -> UserId {
    UserId::try_from(s).expect("a valid user id")
}

/// A competition driven through `decide` and `apply`, in place.
struct Driver {
    state: Option<Competition>,
    kind: Kind,
    now: DateTime<Utc>,
}

impl Driver {
    fn new(kind: Kind, now: DateTime<Utc>) -> Self {
        let mut d = Driver {
            state: None,
            kind,
            now,
        };
        d.run(
            "org",
            Command::Create {
                kind,
                name: "bench".into(),
            },
        );
        d
    }

    fn ctx(&self, who: &str) -> Context {
        let actor = match who.strip_prefix("schedule:") {
            Some(s) => Actor::Schedule(s.into()),
            None => Actor::User(user(who)),
        };
        Context {
            actor,
            may_organize: who == "org",
            now: self.now,
        }
    }

    fn run(&mut self, who: &str, command: Command) -> Vec<competition::Recorded> {
        let ctx = self.ctx(who);
        let events = competition::decide(self.state.as_ref(), &command, &ctx)
            .unwrap_or_else(|r| panic!("{who} {command:?}: {r:?}"));
        if !events.is_empty() {
            let commit = commit(self.state.as_ref(), &command, &ctx, events.clone());
            let id = CompetitionId::try_from("bench").expect("valid id");
            self.state = Some(competition::apply(self.state.take(), &id, &commit));
        }
        events
    }

    fn act(&mut self, who: &str, body: Value) -> Vec<competition::Recorded> {
        let command = self.kind.command(body).expect("a command of the kind");
        self.run(who, command)
    }

    fn grant(&mut self, who: &str, role: Role) {
        self.run(
            "org",
            Command::GrantRole {
                user: user(who),
                role,
            },
        );
    }

    fn state(&self) -> &Competition {
        self.state.as_ref().expect("created")
    }
}

fn commit(
    state: Option<&Competition>,
    command: &Command,
    ctx: &Context,
    events: Vec<competition::Recorded>,
) -> Commit {
    Commit {
        version: state.map_or(0, |s| s.version) + 1,
        at: ctx.now,
        actor: ctx.actor.clone(),
        command: command.name().into(),
        events,
        idempotency: None,
    }
}

/// A competition, and a command to time on it.
struct Case {
    state: Competition,
    command: Command,
    ctx: Context,
}

impl Case {
    fn of(d: &Driver, who: &str, body: Value) -> Self {
        Case {
            state: d.state().clone(),
            command: d.kind.command(body).expect("a command of the kind"),
            ctx: d.ctx(who),
        }
    }
}

/// The service's work on one command, the state taken by value.
fn one_command(state: Competition, case: &Case) -> Competition {
    run_command(state, &case.command, &case.ctx)
}

fn run_command(state: Competition, command: &Command, ctx: &Context) -> Competition {
    let before = state.next_due();
    let events = competition::decide(Some(&state), command, ctx).expect("decided");
    let commit = commit(Some(&state), command, ctx, events);
    let id = state.id.clone();
    let after = competition::apply(Some(state), &id, &commit);
    std::hint::black_box((before, after.next_due()));
    after
}

/// The time `iters` commands take, each on its own copy of the state. Only
/// [`one_command`] is timed: the copy and its drop are the bench's, not the
/// service's (which keeps one state in memory). Timed one by one, so no
/// batch of copies is allocated or freed inside the timer: freeing the
/// thousands of allocations of a large copy leaves the allocator work to
/// do at the next allocation, whose cost would grow with the competition.
fn timed(case: &Case, iters: u64) -> std::time::Duration {
    let mut total = std::time::Duration::ZERO;
    for _ in 0..iters {
        let state = std::hint::black_box(case.state.clone());
        let start = std::time::Instant::now();
        let after = one_command(state, case);
        total += start.elapsed();
        drop(std::hint::black_box(after));
    }
    total
}

fn acwc(players: u32) -> Case {
    let mut d = Driver::new(Kind::Acwc, "2019-09-01T10:00:00Z".parse().expect("instant"));
    d.grant("td", Role::TournamentDirector);
    let settings = settings_2019();
    d.act("org", json!({"action": "configure", "settings": settings}));
    for i in 1..=players {
        let f = facts(&format!("acc{i}"), 2400 - (i % 1000));
        d.act(&format!("p{i}"), json!({"action": "register", "facts": f}));
    }
    // acwc IV.D: the first round is published when the Qualification starts.
    d.now = settings.qualification_starts;
    d.run("schedule:bench", Command::Tick);
    d.now += Duration::hours(1);
    let Some(competition::Game::Acwc(c)) = d.state.as_ref().map(|s| &s.game) else {
        unreachable!("an ACWC competition")
    };
    let m = &c.matches[&c.rounds[0].matches[0]];
    let offer = json!({"action": "offer-time", "match_id": m.id, "at": d.now + Duration::days(1)});
    let who = m.first.to_string();
    Case::of(&d, &who, offer)
}

fn ladder(members: u32) -> Case {
    let mut d = Driver::new(
        Kind::ClubLadder,
        "2026-01-09T12:00:00Z".parse().expect("instant"),
    );
    for i in 0..members {
        d.act(&format!("m{i:06}"), json!({"action": "join"}));
    }
    Case::of(&d, "newcomer", json!({"action": "join"}))
}

/// A club whose every member was once penalised and the penalty declared
/// (club III.2.4): the uses of power grow with the club, the deadlines do not.
fn ladder_with_history(members: u32) -> Case {
    let mut d = Driver::new(
        Kind::ClubLadder,
        "2026-01-09T12:00:00Z".parse().expect("instant"),
    );
    d.grant("mod1", Role::Moderator);
    for i in 0..members {
        let member = format!("m{i:06}");
        d.act(&member, json!({"action": "join"}));
        let penalty = json!({"action": "change-score", "member": member, "delta": -1,
            "reason": "talking during games", "offence": "talking on 9 January"});
        d.act("mod1", penalty);
        let Some(competition::Game::ClubLadder(l)) = d.state.as_ref().map(|s| &s.game) else {
            unreachable!("a club ladder")
        };
        let declare = json!({"action": "declare", "power_use": l.next_id - 1,
            "statement": "deducted 1 for talking", "channel": "email-to-all"});
        d.act("mod1", declare);
    }
    Case::of(&d, "newcomer", json!({"action": "join"}))
}

fn swiss(players: u32) -> Case {
    let mut d = Driver::new(
        Kind::Swiss,
        "2026-07-01T18:00:00Z".parse().expect("instant"),
    );
    d.grant("arb", Role::Arbiter);
    let settings = json!({"rounds": 9, "half_point_byes": 1,
        "tiebreaks": ["buchholz-cut-1", "buchholz", "sonneborn-berger"]});
    d.act("arb", json!({"action": "set-up", "settings": settings}));
    for i in 1..=players {
        let entry = json!({"name": format!("Player {i}"), "rating": 1000 + (i * 7919) % 1800});
        d.act(
            &format!("p{i:04}"),
            json!({"action": "register", "entry": entry}),
        );
    }
    let pair = Kind::Swiss
        .route_action(Route::Rounds)
        .expect("a pairing route");
    let paired = d.act("arb", json!({"action": pair}));
    let Event::Swiss(event) = &paired[0].event else {
        unreachable!("a Swiss event")
    };
    let board = &serde_json::to_value(event).expect("serializes")["boards"][0];
    let white = board["white"].as_str().expect("a white player").to_owned();
    d.now += Duration::hours(2);
    let body =
        json!({"action": "report-result", "round": 1, "board": board["board"], "result": "1-0"});
    Case::of(&d, &white, body)
}

fn team_entry(n: u32) -> Value {
    let id = format!("t{n:03}");
    let powers = [
        "AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY",
    ];
    let players: serde_json::Map<String, Value> = powers
        .iter()
        .map(|p| ((*p).to_owned(), json!(format!("{id}-{}", p.to_lowercase()))))
        .collect();
    json!({"id": id, "name": format!("Team {n}"), "players": players, "captain": format!("{id}-captain")})
}

fn world_masters(teams: u32) -> Case {
    let mut d = Driver::new(
        Kind::DiplomacyTournament,
        "2027-01-04T12:00:00Z".parse().expect("instant"),
    );
    d.grant("td", Role::TournamentDirector);
    let deadline = d.now + Duration::days(14);
    d.act(
        "td",
        json!({"action": "configure", "settings": {"entry-deadline": deadline}}),
    );
    let register = Kind::DiplomacyTournament
        .route_action(Route::Registrations)
        .expect("a registration route");
    for n in 1..=teams {
        let captain = format!("t{n:03}-captain");
        d.act(&captain, json!({"action": register, "team": team_entry(n)}));
    }
    let n = teams + 1;
    let captain = format!("t{n:03}-captain");
    Case::of(
        &d,
        &captain,
        json!({"action": register, "team": team_entry(n)}),
    )
}

fn bench(c: &mut Criterion) {
    type Build = fn(u32) -> Case;
    let kinds: [(&str, Build, u32, u32); 5] = [
        ("acwc offer-time", acwc, 40, 1000),
        ("club-ladder join", ladder, 100, 10_000),
        (
            "club-ladder join after penalties",
            ladder_with_history,
            100,
            10_000,
        ),
        ("swiss report-result", swiss, 100, 4000),
        ("world-masters register", world_masters, 30, 300),
    ];
    let mut group = c.benchmark_group("command_cost");
    group.sample_size(20);
    for (name, build, small, large) in kinds {
        for size in [small, large] {
            // Built on the first run, so a name filter skips the setup of
            // the cases it leaves out.
            let mut built: Option<Case> = None;
            group.bench_function(format!("{name}/{size}"), |b| {
                let case = built.get_or_insert_with(|| build(size));
                b.iter_custom(|iters| timed(case, iters))
            });
        }
    }
    // The same join on a state kept warm in memory, as a running service
    // holds it: no fresh copy of the club before each command, a new
    // newcomer each time (the club grows by one per iteration). Set apart
    // from the cases above, whose fresh copy of a large state leaves it out
    // of the caches and the allocator fragmented.
    for size in [100, 10_000] {
        let case = ladder(size);
        let mut state = Some(case.state.clone());
        let mut n = 0u64;
        group.bench_function(format!("club-ladder join, warm state/{size}"), |b| {
            b.iter(|| {
                n += 1;
                let who = format!("newcomer{n:09}");
                let ctx = Context {
                    actor: Actor::User(user(&who)),
                    ..case.ctx.clone()
                };
                let s = state.take().expect("a state");
                state = Some(run_command(s, &case.command, &ctx));
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
