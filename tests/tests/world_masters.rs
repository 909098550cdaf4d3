//! The World Masters team tournament over HTTP with a fake clock:
//! the seeded story of `arbiter simulate world-masters` run on loopback for
//! 30, 60 and 150 teams — one branch of wm B.4 each (round two is the
//! semi-final; 28 boards; 49 boards) — then every board checked against
//! the rules independently of the engine: seven powers and seven players a
//! board, round one's powers kept (B.5), the B.6 breaches recounted from
//! the seatings and compared with what the draw reported, observers never
//! on a board they or a teammate play (A.10), the advancement lists' sizes
//! (B.4, C.9, C.10) and the individual winner (C.11).

use arbiter::world_masters::run;
use arbiter_e2e::TestServer;
use arbiter_e2e::TestStore;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// Every player's team, captains, GMs and replacements included.
fn teams_of(t: &Value) -> BTreeMap<String, String> {
    let mut of = BTreeMap::new();
    for (id, team) in t["teams"].as_object().unwrap() {
        let players = team["players"].as_object().unwrap().values();
        let others = team["replacements"]
            .as_array()
            .into_iter()
            .flatten()
            .chain([&team["captain"], &team["gm"]]);
        for member in players.chain(others).filter_map(Value::as_str) {
            of.insert(member.to_owned(), id.clone());
        }
    }
    of
}

/// A board's seats: power → player.
fn seats(board: &Value) -> BTreeMap<String, String> {
    board["seating"]["seats"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(p, u)| (p.clone(), u.as_str().unwrap().to_owned()))
        .collect()
}

fn pair(a: &str, b: &str) -> (String, String) {
    if a < b {
        (a.to_owned(), b.to_owned())
    } else {
        (b.to_owned(), a.to_owned())
    }
}

/// The B.6 breaches of one round, recounted as the draw reports them: (a)
/// pairs of teammates on one power in a team round, (b) pairs of teammates
/// on one board, (c) players on a power they played before, (d) pairs who
/// met on an earlier board, (e) pairs of teams facing each other on two or
/// more boards.
fn recount(
    round: &Value,
    team_round: bool,
    team: &BTreeMap<String, String>,
    played: &BTreeMap<String, BTreeSet<String>>,
    met: &BTreeSet<(String, String)>,
) -> [usize; 5] {
    let mut counts = [0; 5];
    let mut on_power: BTreeMap<(String, String), usize> = BTreeMap::new();
    let mut faced: BTreeMap<(String, String), usize> = BTreeMap::new();
    for board in round["boards"].as_array().unwrap() {
        let seats = seats(board);
        let players: Vec<(&String, &String)> = seats.iter().collect();
        let mut teams_here = BTreeSet::new();
        for (i, (power, p)) in players.iter().enumerate() {
            if let Some(t) = team.get(*p) {
                teams_here.insert(t.clone());
                *on_power.entry((t.clone(), (*power).clone())).or_default() += 1;
            }
            if played.get(*p).is_some_and(|ps| ps.contains(*power)) {
                counts[2] += 1;
            }
            for (_, q) in &players[i + 1..] {
                if team.get(*p).is_some() && team.get(*p) == team.get(*q) {
                    counts[1] += 1;
                }
                if met.contains(&pair(p, q)) {
                    counts[3] += 1;
                }
            }
        }
        let teams_here: Vec<String> = teams_here.into_iter().collect();
        for (i, a) in teams_here.iter().enumerate() {
            for b in &teams_here[i + 1..] {
                *faced.entry(pair(a, b)).or_default() += 1;
            }
        }
    }
    if team_round {
        counts[0] = on_power.values().map(|n| n * (n - 1) / 2).sum();
    }
    counts[4] = faced.values().filter(|n| **n >= 2).count();
    counts
}

/// wm B.8.d: the reserves the draw seated because too few qualified.
fn filled(round: &Value) -> Vec<String> {
    round["violations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v["clause"] == "wm B.8.d")
        .map(|v| v["breach"]["reserve"].as_str().unwrap().to_owned())
        .collect()
}

fn reported(round: &Value) -> [usize; 5] {
    let mut counts = [0; 5];
    for v in round["violations"].as_array().unwrap() {
        let clause = v["clause"].as_str().unwrap();
        if let Some(i) = ["wm B.6.a", "wm B.6.b", "wm B.6.c", "wm B.6.d", "wm B.6.e"]
            .iter()
            .position(|c| *c == clause)
        {
            counts[i] += 1;
        }
    }
    counts
}

/// Plays a tournament of `teams` teams and checks it; `next_boards` is the
/// number of boards round one advances into (wm B.4), `round_two_is_semi`
/// whether that round is the semi-final.
async fn tournament<S: TestStore>(
    s: TestServer<S>,
    teams: usize,
    next_boards: usize,
    round_two_is_semi: bool,
    seed: u64,
) -> Value {
    let summary = run(&s, teams, seed).await.unwrap();
    eprintln!("{}", summary.text);
    let t = &summary.tournament;
    let team = teams_of(t);
    assert_eq!(
        team.len(),
        teams * 8 - 1,
        "seven players and a captain a team; the grouped team has a playing captain"
    );
    let rounds = t["rounds"].as_array().unwrap();
    let stages: Vec<&str> = rounds
        .iter()
        .map(|r| r["stage"].as_str().unwrap())
        .collect();
    let expected: Vec<&str> = if round_two_is_semi {
        vec!["round-one", "semi-final", "final"]
    } else {
        vec!["round-one", "round-two", "semi-final", "final"]
    };
    assert_eq!(stages, expected, "wm B.1, B.4");
    assert_eq!(rounds[0]["boards"].as_array().unwrap().len(), teams);
    assert_eq!(
        rounds[1]["boards"].as_array().unwrap().len(),
        next_boards,
        "wm B.4"
    );
    // wm C.7, C.15, B.8.d: the players round one sends on, and the reserves
    // seated where a reserve's second takeover left one too few, fill the
    // next round's boards.
    assert_eq!(
        rounds[0]["advancing"].as_array().unwrap().len() + filled(&rounds[1]).len(),
        7 * next_boards,
        "wm C.7, B.8.d"
    );
    read_resources(&s, rounds).await;

    let mut played: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut met: BTreeSet<(String, String)> = BTreeSet::new();
    let mut previous: Option<BTreeSet<String>> = None;
    for round in rounds {
        let stage = round["stage"].as_str().unwrap();
        let mut everyone = BTreeSet::new();
        for board in round["boards"].as_array().unwrap() {
            let seats = seats(board);
            assert_eq!(seats.len(), 7, "seven powers a board");
            for p in seats.values() {
                assert!(everyone.insert(p.clone()), "{p} seated twice in {stage}");
            }
            // wm A.10: the observer neither plays nor has a teammate here.
            if let Some(o) = board["observer"].as_str() {
                for p in seats.values() {
                    assert_ne!(p, o, "wm A.10");
                    if let Some(t) = team.get(o) {
                        assert_ne!(team.get(p), Some(t), "wm A.10 {o} observes a teammate");
                    }
                }
            }
        }
        if stage == "round-one" {
            // wm B.5: the team's own power assignment is kept.
            for board in round["boards"].as_array().unwrap() {
                for (power, p) in seats(board) {
                    let tid = &team[&p];
                    assert_eq!(t["teams"][tid]["players"][&power], p.as_str(), "wm B.5");
                }
            }
        } else {
            // Only the players the last round sent on (or the final's seats).
            let came: BTreeSet<String> = previous.clone().unwrap();
            if stage != "final" {
                let came: BTreeSet<String> = came.into_iter().chain(filled(round)).collect();
                assert_eq!(
                    everyone, came,
                    "{stage}: exactly the players who advanced, and reserves in the seats left (wm B.8.d)"
                );
            } else {
                let declined: BTreeSet<String> = t["declined_final"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|u| u.as_str().unwrap().to_owned())
                    .collect();
                assert_eq!(declined.len(), 1);
                assert!(everyone.is_disjoint(&declined), "wm C.10");
                assert_eq!(
                    everyone.intersection(&came).count(),
                    6,
                    "wm C.10 one replaced"
                );
            }
        }
        let team_round = stage == "round-one" || stage == "round-two";
        assert_eq!(
            reported(round),
            recount(round, team_round, &team, &played, &met),
            "{stage}: the reported wm B.6 breaches are the breaches"
        );
        if stage == "round-one" && teams >= 43 {
            // With 43 teams or more the cyclic draw meets every rule.
            assert_eq!(reported(round)[..4], [0, 0, 0, 0], "wm B.6");
        }
        for board in round["boards"].as_array().unwrap() {
            let seats = seats(board);
            for (power, p) in &seats {
                played.entry(p.clone()).or_default().insert(power.clone());
            }
            let players: Vec<&String> = seats.values().collect();
            for (i, p) in players.iter().enumerate() {
                for q in &players[i + 1..] {
                    met.insert(pair(p, q));
                }
            }
        }
        let advancing: BTreeSet<String> = round["advancing"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| u.as_str().unwrap().to_owned())
            .collect();
        // wm B.8.e: a reserve who took a position over for good scores as
        // an individual, so may go on without having been drawn.
        let took_over = round["boards"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|b| b["report"]["tenures"].as_object().into_iter().flatten())
            .flat_map(|(_, tenures)| tenures.as_array().unwrap().iter().skip(1))
            .filter(|t| t["permanent"] == true)
            .map(|t| t["player"].as_str().unwrap().to_owned());
        let played_here: BTreeSet<String> = everyone.iter().cloned().chain(took_over).collect();
        assert!(
            advancing.is_subset(&played_here),
            "{stage}: advancers played"
        );
        previous = Some(advancing);
    }
    let semi = &rounds[rounds.len() - 2];
    assert_eq!(semi["boards"].as_array().unwrap().len(), 7, "wm C.9");
    assert_eq!(
        semi["advancing"].as_array().unwrap().len(),
        7,
        "wm C.9 one per board"
    );
    // wm C.11: the most centres at the end of the final.
    let last = rounds.last().unwrap();
    let final_board = &last["boards"][0];
    let centers = final_board["report"]["result"]["centers"]
        .as_object()
        .unwrap();
    let most = centers.values().map(|c| c.as_u64().unwrap()).max().unwrap();
    let winner = t["winners"]["individual"].as_str().unwrap();
    // The winner sat at a power, or took one over as a standby (wm C.14).
    let tenures = final_board["report"]["tenures"].as_object().unwrap();
    let power = tenures
        .iter()
        .find(|(_, t)| {
            t.as_array()
                .unwrap()
                .iter()
                .any(|t| t["player"] == winner && t["permanent"] == true)
        })
        .map(|(power, _)| power.clone())
        .expect("the winner played the final");
    assert_eq!(centers[&power].as_u64().unwrap(), most, "wm C.11");
    assert!(t["winners"]["team"].is_string(), "wm C.12");
    assert_eq!(
        t["winners"]["best_countries"].as_object().unwrap().len(),
        7,
        "wm C.13"
    );
    t.clone()
}

/// The tournament's read resources agree with its view: the rounds, round
/// one's boards 10 a page, and round one's standings (wm C.6–C.8) with the
/// players 50 a page; the last closed round's standings without a key.
async fn read_resources<S: TestStore>(s: &TestServer<S>, rounds: &[Value]) {
    let base = format!("/v1/competitions/{}", arbiter::world_masters::ID);
    let token = s.token("stranger", false);
    let listed = s.get(&format!("{base}/rounds"), &token).await;
    assert_eq!(listed["items"].as_array().unwrap().len(), rounds.len());
    assert_eq!(listed["items"][0]["stage"], "round-one");
    let mut boards = Vec::new();
    let mut path = format!("{base}/boards/1?limit=10");
    loop {
        let page = s.get(&path, &token).await;
        boards.extend(
            page["items"]
                .as_array()
                .unwrap()
                .iter()
                .map(|b| b["entry"].clone()),
        );
        match page["next_cursor"].as_str() {
            Some(c) => path = format!("{base}/boards/1?limit=10&cursor={c}"),
            None => break,
        }
    }
    assert_eq!(&boards, rounds[0]["boards"].as_array().unwrap());
    let standings = &rounds[0]["standings"];
    let first = s.get(&format!("{base}/standings/1?limit=50"), &token).await;
    assert_eq!(first["stage"], "round-one");
    let players = standings["players"].as_array().unwrap();
    assert_eq!(
        first["items"].as_array().unwrap()[..],
        players[..50.min(players.len())]
    );
    assert_eq!(first["team_credits"], standings["team_credits"], "wm C.7");
    let last = s.get(&format!("{base}/standings?limit=1"), &token).await;
    assert_eq!(last["round"], rounds.len(), "the last round is closed");
}

async fn thirty<S: TestStore>(s: TestServer<S>) {
    // 210 players: 28 boards would advance more than half, and below 42
    // teams round two is the semi-final: seven boards (wm B.4, C.9).
    tournament(s, 30, 7, true, 2027).await;
}

async fn sixty<S: TestStore>(s: TestServer<S>) {
    // 420 players: 196 advance, between a third (140) and a half (210).
    tournament(s, 60, 28, false, 2027).await;
}

async fn one_hundred_fifty<S: TestStore>(s: TestServer<S>) {
    // More than 147 teams: round two is limited to 49 boards.
    tournament(s, 150, 49, false, 2027).await;
}

/// The smallest tournament (`arbiter simulate world-masters --teams 7`):
/// 49 players for a semi-final of seven boards (wm B.4, C.9); a reserve who
/// took over two positions qualifies once and the players replaced for good
/// not at all (wm C.15), and the draw seats reserves in the seats left
/// (wm B.8.d). With seed 6 a reserve takes over two positions of round
/// one: 49 − 2 + 1 = 48 qualify, and a reserve takes the seat left.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seven_teams_embedded() {
    let s = arbiter_e2e::embedded().await;
    let t = tournament(s, 7, 7, true, 6).await;
    let semi = &t["rounds"][1];
    assert_eq!(t["rounds"][0]["advancing"].as_array().unwrap().len(), 48);
    assert_eq!(filled(semi).len(), 1, "wm B.8.d one seat filled");
    for note in semi["violations"].as_array().unwrap() {
        if note["clause"] == "wm B.8.d" {
            assert_eq!(note["breach"]["qualified"], 48);
            assert_eq!(note["breach"]["seats"], 49);
        }
    }
}

arbiter_e2e::on_both_stores!(thirty_teams, super::thirty);
arbiter_e2e::on_both_stores!(sixty_teams, super::sixty);
// The largest branch runs on the embedded store only: the DynamoDB adapter
// meets the same story at 30 and 60 teams, and 150 teams there double the
// suite's slowest test.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_hundred_fifty_teams_embedded() {
    one_hundred_fifty(arbiter_e2e::embedded().await).await;
}

/// wm A.6–A.7 over HTTP: a TMC vote through `POST /votes`, secret to each
/// voter on every GET, the count published at the close; refusals name
/// their clause and change nothing.
async fn tmc_votes<S: TestStore>(s: TestServer<S>) {
    use arbiter_e2e::assert_refused;
    use serde_json::json;
    let now = arbiter_e2e::start_time();
    s.clock.set(now);
    let base = "/v1/competitions/wm-tmc";
    s.create(&json!({"id": "wm-tmc", "kind": "diplomacy-tournament", "name": "TMC"}))
        .await;
    let tmc = ["tmc1", "tmc2", "tmc3", "tmc4", "tmc5"];
    for (user, role) in tmc
        .iter()
        .map(|m| (*m, "tmc-member"))
        .chain([("td", "tournament-director")])
    {
        let (status, _) = s
            .post_as(
                "org",
                now,
                &format!("{base}/roles"),
                &json!({"user": user, "role": role}),
            )
            .await;
        assert_eq!(status, 200);
    }
    // Listed publicly: its pages are searched for the ballots too.
    let (status, _) = s
        .post_as(
            "org",
            now,
            &format!("{base}/public"),
            &json!({"public": true}),
        )
        .await;
    assert_eq!(status, 200);
    let motion = json!({"action": "open-motion", "motion": "decision", "question": "Redo board 4's Fall 1903?"});
    let (status, answer) = s
        .post_as("td", now, &format!("{base}/actions"), &motion)
        .await;
    assert_eq!(status, 200, "{answer}");
    let log_len = || async {
        s.get(&format!("{base}/log?limit=500"), &s.token("org", false))
            .await["entries"]
            .as_array()
            .unwrap()
            .len()
    };
    let before = log_len().await;
    let (status, answer) = s
        .post_as(
            "td",
            now,
            &format!("{base}/votes"),
            &json!({"motion": 1, "ballot": "yes"}),
        )
        .await;
    assert_refused(status, &answer, "wm A.6");
    assert_eq!(log_len().await, before, "a refusal changes nothing");
    for (m, ballot) in tmc.iter().zip(["yes", "yes", "no", "yes", "no"]) {
        let (status, answer) = s
            .post_as(
                m,
                now,
                &format!("{base}/votes"),
                &json!({"motion": 1, "ballot": ballot}),
            )
            .await;
        assert_eq!(status, 200, "{answer}");
    }
    let pages = s.public_pages("wm-tmc").await;
    assert!(pages.contains("Redo board 4"), "the motion is published");
    // wm A.6: a ballot is keyed by its voter; no voter is named on a page.
    for m in tmc {
        assert!(!pages.contains(m), "wm A.6: the pages name {m}'s ballot");
    }
    for viewer in ["tmc1", "tmc3", "td", "org", "stranger"] {
        let token = s.token(viewer, false);
        let mut seen = pages.clone();
        for path in [
            base.to_owned(),
            format!("{base}/log?limit=500"),
            "/v1/competitions".into(),
            // The motions resource keeps the ballots as secret as the view.
            format!("{base}/motions"),
        ] {
            seen.push_str(&s.get_text(&path, &token).await);
        }
        let own = match viewer {
            "tmc1" => Some("yes"),
            "tmc3" => Some("no"),
            _ => None,
        };
        assert_eq!(
            seen.matches("tmc-vote-recorded").count(),
            usize::from(own.is_some()),
            "wm A.6 {viewer}"
        );
        assert_eq!(seen.contains("my_ballot"), own.is_some(), "wm A.6 {viewer}");
        for other in tmc.iter().filter(|m| Some(**m) != Some(viewer)) {
            assert!(
                !seen.contains(&format!("\"voter\":\"{other}\"")),
                "wm A.6 {viewer} sees {other}'s vote"
            );
        }
    }
    let close = json!({"action": "close-motion", "motion": 1});
    let (status, answer) = s
        .post_as("td", now, &format!("{base}/actions"), &close)
        .await;
    assert_eq!(status, 200, "{answer}");
    let game = s.get(base, &s.token("stranger", false)).await["game"].clone();
    // Five of five voted (at least two thirds): 3 yes, 2 no.
    assert_eq!(game["motions"][0]["outcome"], "passed", "wm A.6");
    assert_eq!(game["motions"][0]["count"]["yes"], 3);
    assert_eq!(game["motions"][0]["count"]["no"], 2);
    // wm A.6: the motions resource publishes the outcome and the count, no
    // ballot; the caller's own ballot to the caller.
    let motions = s
        .get(&format!("{base}/motions"), &s.token("stranger", false))
        .await;
    let first = &motions["items"][0];
    assert_eq!(first["outcome"], "passed", "wm A.6");
    assert_eq!(first["count"]["yes"], 3);
    assert_eq!(first["ballots"], json!({}));
    assert!(first.get("my_ballot").is_none());
    let mine = s
        .get(&format!("{base}/motions"), &s.token("tmc3", false))
        .await;
    assert_eq!(mine["items"][0]["my_ballot"], "no", "wm A.6");
    let rounds = s
        .get(&format!("{base}/rounds"), &s.token("stranger", false))
        .await;
    assert_eq!(rounds["items"], json!([]), "no round drawn: {rounds}");
    assert_eq!(rounds["next_cursor"], Value::Null);
}

arbiter_e2e::on_both_stores!(tmc_votes_over_http, super::tmc_votes);
