//! The `arbiter` binary's command-line tools, run as processes.

use std::path::PathBuf;
use std::process::{Command, Stdio};

fn data(path: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures");
    assert!(dir.exists(), "test fixtures missing: {}", dir.display());
    dir.join(path)
}

fn arbiter(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .output()
        .expect("run arbiter")
}

#[test]
fn pair_reproduces_the_arbiters_manual_example() {
    // The FIDE Arbiters' Manual 2014 worked example, all five rounds. The
    // expected files list the boards sorted by White's number; the same
    // boards, colours included, must come out in F1 publishing order, which
    // is the order the established engines print (their outputs are beside
    // the example).
    let dir = "swiss/held2014-arbiters-manual";
    for round in 1..=5 {
        let input = data(&format!("{dir}/held2014_pair_r{round}.trf"));
        let out = arbiter(&[
            "pair",
            "--system",
            "dutch-2006",
            input.to_str().unwrap(),
            "-p",
        ]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "round {round}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let ours = String::from_utf8(out.stdout).unwrap();
        let boards = |text: &str| {
            let mut lines: Vec<String> = text
                .lines()
                .skip(1)
                .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
                .collect();
            lines.sort();
            lines
        };
        let expected =
            std::fs::read_to_string(data(&format!("{dir}/held2014_expected_r{round}.txt")))
                .unwrap();
        assert_eq!(
            ours.lines().next(),
            expected.lines().next(),
            "round {round}: number of pairs"
        );
        assert_eq!(
            boards(&ours),
            boards(&expected),
            "round {round}: boards and colours"
        );
        let javafo =
            std::fs::read_to_string(data(&format!("{dir}/out_javafo-1.4-b1913_r{round}.txt")))
                .unwrap();
        assert_eq!(
            ours.split_whitespace().collect::<Vec<_>>(),
            javafo.split_whitespace().collect::<Vec<_>>(),
            "round {round}: publishing order"
        );
    }
}

#[test]
fn pair_writes_to_a_file_and_refuses_bad_input_with_exit_3() {
    let dir = std::env::temp_dir().join(format!("arbiter-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out_file = dir.join("r1.txt");
    let input = data("swiss/held2014-arbiters-manual/held2014_pair_r1.trf");
    let out = arbiter(&[
        "pair",
        "--system",
        "dutch-2006",
        input.to_str().unwrap(),
        "-p",
        out_file.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(std::fs::read_to_string(&out_file).unwrap().starts_with('7'));

    let garbage = dir.join("garbage.trf");
    std::fs::write(&garbage, "001 this is not a player line\n").unwrap();
    let out = arbiter(&["pair", "--system", "dutch-2006", garbage.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(3));
    assert!(!out.stderr.is_empty());
    let missing = arbiter(&["pair", "--system", "dutch-2006", "/nonexistent.trf"]);
    assert_eq!(missing.status.code(), Some(3));
    // An empty file and a file of prose are no tournament: exit 3 and
    // nothing on standard output (not `0` with exit 0).
    for (name, text) in [
        ("empty.trf", ""),
        ("prose.trf", "Dear arbiter,\nhere are the results.\n"),
    ] {
        let file = dir.join(name);
        std::fs::write(&file, text).unwrap();
        let out = arbiter(&[
            "pair",
            "--system",
            "dutch-2006",
            file.to_str().unwrap(),
            "-p",
        ]);
        assert_eq!(out.status.code(), Some(3), "{name}");
        assert!(out.stdout.is_empty(), "{name}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("no player line"));
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn adjudicate_reads_json_and_refuses_garbage_with_exit_3() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("adjudicate")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"{ not json")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert!(!out.stderr.is_empty());
}

#[test]
fn token_refuses_days_out_of_range_with_exit_3() {
    let dir = std::env::temp_dir().join(format!("arbiter-token-days-{}", std::process::id()));
    let dir_arg = dir.to_str().unwrap();
    // 100,000,000 days is past what a date can hold; 0 and -1 are no
    // validity at all. Each is refused, not a panic (exit 101).
    for days in ["100000000", "0", "-1", "3651", "9223372036854775807"] {
        let out = arbiter(&["token", "ann", "--days", days, "--data-dir", dir_arg]);
        assert_eq!(out.status.code(), Some(3), "--days {days}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("--days"));
    }
    let out = arbiter(&["token", "ann", "--days", "3650", "--data-dir", dir_arg]);
    assert_eq!(out.status.code(), Some(0));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn serve_refuses_a_rehearsal_clock_it_cannot_run_with_exit_3() {
    let dir = std::env::temp_dir().join(format!("arbiter-serve-clock-{}", std::process::id()));
    let dir_arg = dir.to_str().unwrap();
    for args in [
        ["--clock", "2019-09-02T00:00:00Z", "--clock-rate", "0"],
        ["--clock", "2019-09-02T00:00:00Z", "--clock-rate", "1e12"],
        ["--clock", "1969-12-31T23:59:59Z", "--clock-rate", "1"],
    ] {
        let mut all = vec!["serve", "--addr", "127.0.0.1:0", "--data-dir", dir_arg];
        all.extend(args);
        let out = arbiter(&all);
        assert_eq!(out.status.code(), Some(3), "{args:?}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn token_refuses_unknown_platform_roles() {
    let dir = std::env::temp_dir().join(format!("arbiter-token-{}", std::process::id()));
    let out = arbiter(&[
        "token",
        "ann",
        "--role",
        "emperor",
        "--data-dir",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(3));
    let out = arbiter(&[
        "token",
        "ann",
        "--role",
        "organizer",
        "--data-dir",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout)
            .unwrap()
            .trim()
            .split('.')
            .count(),
        3,
        "a JWT"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn simulate_acwc_prints_the_stages_and_a_champion() {
    let out = arbiter(&["simulate", "acwc", "--players", "10", "--seed", "3"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    // acwc III.F.2: 8 Qualification players (not the holder and runner-up), at least 5 rounds.
    assert!(
        text.contains("Qualification (acwc III.F): 5 rounds, 8 players"),
        "{text}"
    );
    // acwc III.C, III.D: why 10 entered and 8 play the Qualification.
    assert!(text.contains("Entries (acwc II): 10 entered"), "{text}");
    assert!(text.contains("  8 play the Qualification"), "{text}");
    assert!(text.contains("Candidates (acwc III.G)"), "{text}");
    // acwc III.C: the holder p001 plays the Final.
    assert!(text.contains("Final (acwc III.H): p001 "), "{text}");
    // Each table's columns line up: the header's "Points" ends where each
    // row's points end.
    let head = text.lines().find(|l| l.contains("Rank  Player")).unwrap();
    let end = head.find("Points").unwrap() + "Points".len();
    let row = text
        .lines()
        .find(|l| l.trim_start().starts_with("1  p0"))
        .unwrap();
    assert_eq!(
        row.chars()
            .nth(end - 1)
            .map(|c| c.is_ascii_digit() || c == '½'),
        Some(true),
        "{head}\n{row}"
    );
    // The request count is printed once.
    assert_eq!(text.matches("requests").count(), 1, "{text}");
    let champion = text
        .lines()
        .find_map(|l| l.strip_prefix("Champion: "))
        .unwrap_or_else(|| panic!("no champion in\n{text}"));
    assert!(champion.starts_with('p'), "{text}");
    // Out of range: exit 3, nothing run.
    let bad = arbiter(&["simulate", "acwc", "--players", "3"]);
    assert_eq!(bad.status.code(), Some(3));
}

#[test]
fn simulate_swiss_prints_aligned_standings_with_each_tiebreak_under_its_code() {
    let out = arbiter(&[
        "simulate",
        "swiss",
        "--players",
        "12",
        "--rounds",
        "3",
        "--seed",
        "1",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    // The simulation's tie-breaks under their FIDE codes, then a key.
    let head = text
        .lines()
        .find(|l| l.contains("Rank  Player"))
        .unwrap_or_else(|| panic!("no standings in\n{text}"));
    assert_eq!(
        head.split_whitespace().collect::<Vec<_>>(),
        ["Rank", "Player", "Rating", "Points", "BH-C1", "BH", "SB"],
        "{head}"
    );
    assert!(
        text.contains(
            "Tie-breaks, in order: BH-C1 Buchholz Cut 1; BH Buchholz; SB Sonneborn-Berger."
        ),
        "{text}"
    );
    assert!(!text.contains('{'), "no JSON: {text}");
    // Aligned: every row of the table as long as its header (the last
    // column is right-aligned), the first ten of twelve.
    let rows: Vec<&str> = text
        .lines()
        .skip_while(|l| *l != head)
        .skip(1)
        .take_while(|l| !l.starts_with("Tie-breaks"))
        .collect();
    assert_eq!(rows.len(), 10, "{text}");
    for row in &rows {
        assert_eq!(row.chars().count(), head.chars().count(), "{head}\n{row}");
        assert!(row.contains("Player "), "names, not ids: {row}");
    }
    assert_eq!(text.matches("requests").count(), 1, "{text}");
}

#[test]
fn simulate_world_masters_prints_every_round_and_the_winners() {
    let run = |seed: &str| arbiter(&["simulate", "world-masters", "--teams", "7", "--seed", seed]);
    let out = run("4");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    // wm B.4: seven teams play round two as the semi-final (seven boards),
    // then the final's one board (wm C.9).
    assert!(text.contains("round-one: 7 boards"), "{text}");
    assert!(text.contains("semi-final: 7 boards"), "{text}");
    assert!(text.contains("final: 1 board\n"), "{text}");
    // Every wm B.6 breach count is said with its rule's meaning.
    assert!(
        text.contains("    wm B.6.e (two teams meeting on more than one board): "),
        "{text}"
    );
    assert!(!text.contains(" b 0 c 0"), "{text}");
    assert_eq!(text.matches("requests").count(), 1, "{text}");
    assert!(text.contains("declines the final (wm C.10)"), "{text}");
    let winner = text
        .lines()
        .find_map(|l| l.strip_prefix("individual winner (wm C.11): "))
        .unwrap_or_else(|| panic!("no winner in\n{text}"));
    assert_ne!(winner, "-", "{text}");
    // The same seed replays the same tournament (the timing lines aside).
    let again = String::from_utf8(run("4").stdout).unwrap();
    let body = |t: &str| {
        t.lines()
            .filter(|l| !l.contains("requests in") && !l.starts_with("commands: "))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(body(&text), body(&again));
    // Fewer teams than the semi-final needs: exit 3, nothing run.
    let bad = arbiter(&["simulate", "world-masters", "--teams", "6"]);
    assert_eq!(bad.status.code(), Some(3));
}

/// One HTTP/1.1 request over loopback with `Connection: close`: the status
/// and the body.
fn http(port: u16, method: &str, path: &str, token: &str, body: &str) -> (u16, String) {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).expect("connect");
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .expect("send");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("read");
    let status = answer[9..12].parse().expect("a status code");
    let body = answer
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_owned();
    (status, body)
}

/// `serve --clock` is a black-box handle on time: a competition created
/// right after the start carries the rehearsal's date, not today's, and the
/// server prints the token command for its own data directory.
#[test]
fn serve_runs_on_the_rehearsal_clock_and_names_its_data_dir() {
    use std::io::{BufRead, BufReader};
    let dir = std::env::temp_dir().join(format!("arbiter-rehearsal-{}", std::process::id()));
    let dir_arg = dir.to_str().unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let addr = format!("127.0.0.1:{port}");
    let mut server = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args([
            "serve",
            "--addr",
            &addr,
            "--data-dir",
            dir_arg,
            "--no-schedules",
        ])
        .args(["--clock", "2019-09-02T00:00:00Z", "--clock-rate", "60"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // The banner ends with the outbox line; read up to it.
    let mut banner = String::new();
    let mut lines = BufReader::new(server.stdout.take().unwrap()).lines();
    for line in lines.by_ref() {
        let line = line.unwrap();
        banner.push_str(&line);
        banner.push('\n');
        if line.starts_with("E-mail notifications") {
            break;
        }
    }
    assert!(
        banner.contains(&format!(
            "token alice --role organizer --data-dir {dir_arg}"
        )),
        "{banner}"
    );
    assert!(
        banner.contains("Rehearsal clock: 2019-09-02T00:00"),
        "{banner}"
    );
    let token = arbiter(&["token", "ann", "--role", "organizer", "--data-dir", dir_arg]);
    let token = String::from_utf8(token.stdout).unwrap().trim().to_owned();
    let (status, body) = http(
        port,
        "POST",
        "/v1/competitions",
        &token,
        r#"{"id":"rehearsal","kind":"nomic","name":"Rehearsal"}"#,
    );
    assert_eq!(status, 201, "{body}");
    let (status, body) = http(port, "GET", "/v1/competitions/rehearsal", &token, "");
    assert_eq!(status, 200, "{body}");
    // At 60x, the first real minute is the first simulated hour of the day.
    assert!(body.contains("\"created_at\":\"2019-09-02T0"), "{body}");
    server.kill().unwrap();
    server.wait().unwrap();
    let _ = std::fs::remove_dir_all(dir);
}
