//! A World Masters board played by e-mail (wm D.II, D.VII.1, D.VII.7, D.IX,
//! D.X), on both stores: after the GM's set-up over REST (the board, the
//! players' addresses), every act is a mail to `wm-board-7@boards.example.org`
//! as mail clients send them, received as SES would deliver it, and every
//! receipt is read line by line. Spring 1901 to Winter 1901:
//!
//! - S1901: France in plain English from Gmail; Germany HTML-only from
//!   Outlook; England replying to the reminder from a phone, quoting it;
//!   Italy a partial set, then the full set replacing it (wm D.III.3);
//!   Russia proposes a Russo-Turkish draw, Turkey votes yes and Austria no,
//!   each vote secret (D.IX.2).
//! - F1901: France A Pic - Bur supported from Gascony dislodges Germany's A
//!   Bur; Russia takes Budapest, Italy Trieste and Tunis.
//! - F1901R: Germany retreats A Bur - Mun by mail.
//! - W1901: builds by mail, and Austria (two centres, three units) removes.
//!
//! Positions worked by hand from the orders (standard map adjacency).

use arbiter_e2e::mailbox::{html_only, plain, Kept};
use arbiter_e2e::{TestServer, TestStore};
use arbiter_http::Clock;
use arbiter_notify::Email;
use chrono::{DateTime, Duration, Utc};
use inbound_mail::{receive, Arrival, Outcome, Verdicts};
use serde_json::{json, Value};

const ID: &str = "wm-board-7";
const BOARD: &str = "/v1/competitions/wm-board-7";
const TO: &str = "WM board 7 <wm-board-7@boards.example.org>";
const DOMAIN: &str = "boards.example.org";
/// Each power's player and the address the GM records for them.
const PLAYERS: [(&str, &str); 7] = [
    ("AUSTRIA", "dan@vienna.example"),
    ("ENGLAND", "cleo@icloud.com"),
    ("FRANCE", "ann.ferrand@gmail.com"),
    ("GERMANY", "bob.keller@outlook.com"),
    ("ITALY", "eve@rome.example"),
    ("RUSSIA", "fay@moscow.example"),
    ("TURKEY", "gus@istanbul.example"),
];

fn player(power: &str) -> String {
    format!("{}-player", power.to_lowercase())
}

fn address(power: &str) -> &'static str {
    PLAYERS.iter().find(|(p, _)| *p == power).unwrap().1
}

/// Saturday 21 November 2026, 10:00 UTC (the harness's start), plus `h`.
fn t(h: i64) -> DateTime<Utc> {
    arbiter_e2e::start_time() + Duration::hours(h)
}

struct Desk<S> {
    s: TestServer<S>,
    kept: Kept,
}

impl<S: TestStore> Desk<S> {
    /// `raw` arrives at `at` with `verdicts`; the outcome and the replies it
    /// caused.
    async fn arrive_with(
        &self,
        at: DateTime<Utc>,
        raw: &[u8],
        verdicts: Verdicts,
    ) -> (Outcome, Vec<Email>) {
        self.s.clock.set(at);
        let before = self.kept.sent().len();
        let outcome = receive(&self.s.app, &self.kept, raw, &Arrival { at, verdicts })
            .await
            .expect("the store answers");
        (outcome, self.kept.sent()[before..].to_vec())
    }

    /// A mail that is read: its one reply.
    async fn read(&self, at: DateTime<Utc>, raw: &[u8]) -> Email {
        let (outcome, replies) = self.arrive_with(at, raw, Verdicts::trusted()).await;
        assert!(matches!(outcome, Outcome::Read { .. }), "{outcome:?}");
        assert_eq!(replies.len(), 1, "one receipt");
        replies.into_iter().next().unwrap()
    }

    async fn gm(&self, body: Value) {
        let (status, answer) = self
            .s
            .post_as("gm", self.s.clock.now(), &format!("{BOARD}/actions"), &body)
            .await;
        assert_eq!(status, 200, "{body}: {answer}");
    }

    async fn game(&self) -> Value {
        self.s.get(BOARD, &self.s.token("gm", false)).await["game"].clone()
    }

    async fn phase(&self) -> String {
        self.game().await["position"]["phase"]
            .as_str()
            .unwrap()
            .to_owned()
    }

    async fn deadline(&self) -> DateTime<Utc> {
        self.game().await["deadline"]
            .as_str()
            .unwrap()
            .parse()
            .unwrap()
    }

    async fn units(&self, power: &str) -> Vec<String> {
        let mut units: Vec<String> = self.game().await["position"]["units"][power]
            .as_array()
            .map(|a| a.iter().map(|u| u.as_str().unwrap().to_owned()).collect())
            .unwrap_or_default();
        units.sort();
        units
    }

    /// The deadline passes: the sweep adjudicates.
    async fn deadline_passes(&self) {
        let at = self.deadline().await;
        assert_eq!(self.s.fire("deadline-sweep", at).await.changed, 1);
    }
}

fn settings() -> Value {
    let players: serde_json::Map<String, Value> = PLAYERS
        .iter()
        .map(|(p, _)| (p.to_string(), json!(player(p))))
        .collect();
    json!({
        "players": players,
        "last_year": 1903,
        "first_deadline": t(120),
        "turn_lengths": {"movement_hours": 120, "retreat_hours": 24, "adjustment_hours": 24},
        "house_rules": {"order_set_identification": "the last set received before the deadline"},
    })
}

async fn set_up<S: TestStore>(s: TestServer<S>) -> Desk<S> {
    s.clock.set(t(0));
    s.create(&json!({"id": ID, "kind": "diplomacy-game", "name": "WM board 7"}))
        .await;
    for (user, role) in [("gm", "game-master"), ("td", "tournament-director")] {
        let (status, _) = s
            .post_as(
                "org",
                t(0),
                &format!("{BOARD}/roles"),
                &json!({"user": user, "role": role}),
            )
            .await;
        assert_eq!(status, 200);
    }
    let desk = Desk {
        s,
        kept: Kept::default(),
    };
    desk.gm(json!({"action": "set-up", "settings": settings()}))
        .await;
    for (power, addr) in PLAYERS {
        desk.gm(
            json!({"action": "register-mail-address", "player": player(power), "address": addr}),
        )
        .await;
    }
    desk
}

fn lines(e: &Email) -> Vec<&str> {
    e.text.lines().collect()
}

/// The receipt's section after `heading`, up to the next blank or heading.
fn section<'a>(e: &'a Email, heading: &str) -> Vec<&'a str> {
    let all = lines(e);
    let Some(i) = all.iter().position(|l| *l == heading) else {
        return vec![];
    };
    all[i + 1..]
        .iter()
        .take_while(|l| l.starts_with("  "))
        .copied()
        .collect()
}

const UNDERSTOOD: &str = "The orders that count now, as understood:";
const MISSING: &str = "Still without an order:";

async fn spring_1901<S: TestStore>(d: &Desk<S>) {
    // France, in plain English from Gmail, final.
    let france = d
        .read(
            t(2),
            &plain(
                "Ann Ferrand <Ann.Ferrand@gmail.com>",
                TO,
                "S1901 orders",
                "fr-1@mail.gmail.com",
                &[],
                "Hi GM,\n\nArmy Paris to Picardy\nArmy Marseilles to Gascony\nFleet Brest to Mid-Atlantic Ocean\n\nFinal\n\nAnn",
            ),
        )
        .await;
    assert_eq!(france.to, vec!["ann.ferrand@gmail.com"]);
    assert_eq!(france.subject, "Re: S1901 orders");
    assert_eq!(
        france.threading.in_reply_to.as_deref(),
        Some("<fr-1@mail.gmail.com>")
    );
    assert_eq!(
        france.threading.reply_to.as_deref(),
        Some("wm-board-7@boards.example.org")
    );
    assert!(france.from.ends_with("<wm-board-7@boards.example.org>"));
    let l = lines(&france);
    assert_eq!(l[0], "France — S1901M");
    assert_eq!(
        l[2],
        "Orders received Sat 21 Nov 2026 12:00:00 UTC (wm D.VII.1), final (wm D.II.1)."
    );
    assert!(l[3].starts_with("SHA-256 of the orders as received: "));
    assert_eq!(
        section(&france, UNDERSTOOD),
        vec![
            "  Army Paris to Picardy  =  A PAR - PIC",
            "  Army Marseilles to Gascony  =  A MAR - GAS",
            "  Fleet Brest to Mid-Atlantic Ocean  =  F BRE - MAO",
        ]
    );
    assert!(section(&france, MISSING).is_empty());
    assert_eq!(
        section(
            &france,
            "Not read (neither an order nor one of the words of the board's format):"
        ),
        vec!["  Hi GM,", "  Ann"]
    );
    assert!(france
        .text
        .contains("Deadline: Thu 26 Nov 2026 10:00 UTC (wm D.VII.4)."));

    // Germany, HTML-only.
    let germany = d
        .read(
            t(3),
            &html_only(
                "bob.keller@outlook.com",
                TO,
                "Germany S1901",
                "de-1@outlook.com",
                "<p>A Mun - Bur<br>A Ber - Kie<br>F Kie - Den</p><p><b>Final</b></p>",
            ),
        )
        .await;
    assert_eq!(
        section(&germany, UNDERSTOOD),
        vec!["  A Mun - Bur", "  A Ber - Kie", "  F Kie - Den"]
    );
    assert!(germany.text.contains(", final (wm D.II.1)."));

    // England answers the reminder from a phone, quoting it.
    let england = d
        .read(
            t(4),
            &plain(
                "cleo@icloud.com",
                TO,
                "Re: Reminder: orders due",
                "en-1@icloud.com",
                &["In-Reply-To: <ntf-reminder@boards.example.org>", "References: <ntf-reminder@boards.example.org>"],
                "F Lon - NTH\nF Edi - NWG\nA Lvp - Yor\nFinal\n\nSent from my iPhone\n\n> On 21 Nov 2026, at 10:00, WM board 7 <wm-board-7@boards.example.org> wrote:\n>\n> A Lon H\n> Your orders for S1901M are due.",
            ),
        )
        .await;
    assert_eq!(england.subject, "Re: Reminder: orders due");
    assert_eq!(
        england.threading.references,
        vec!["<ntf-reminder@boards.example.org>", "<en-1@icloud.com>"]
    );
    assert_eq!(
        section(&england, UNDERSTOOD),
        vec!["  F Lon - NTH", "  F Edi - NWG", "  A Lvp - Yor"]
    );

    // Italy: a partial preliminary set, then the full set, which replaces it
    // (the house rule: the last set received, wm D.III.3).
    let first = d
        .read(
            t(5),
            &plain(
                "eve@rome.example",
                TO,
                "orders",
                "it-1@rome.example",
                &[],
                "A Ven - Tri",
            ),
        )
        .await;
    assert_eq!(section(&first, UNDERSTOOD), vec!["  A Ven - Tri"]);
    assert_eq!(
        section(&first, MISSING),
        vec!["  F NAP (holds, wm D.III.2)", "  A ROM (holds, wm D.III.2)"]
    );
    assert!(first
        .text
        .contains("preliminary: mark a set \"Final\" to make it final"));
    let second = d
        .read(
            t(6),
            &plain(
                "eve@rome.example",
                TO,
                "orders, final",
                "it-2@rome.example",
                &[],
                "A Ven - Tri\nA Rom - Ven\nF Nap - Ion",
            ),
        )
        .await;
    assert_eq!(
        section(&second, UNDERSTOOD),
        vec!["  A Ven - Tri", "  A Rom - Ven", "  F Nap - Ion"]
    );
    assert!(section(&second, MISSING).is_empty());

    // Russia proposes a draw with Turkey (wm D.IX.1); Turkey votes yes,
    // Austria no, each secret (D.IX.2).
    let russia = d
        .read(
            t(7),
            &plain("fay@moscow.example", TO, "S1901", "ru-1@moscow.example", &[],
                "A War - Gal\nA Mos - Ukr\nF Sev - Rum\nF StP/sc - Bot\nFinal\nPropose draw: Russia, Turkey"),
        )
        .await;
    assert!(russia
        .text
        .contains("Proposal 1 made; the players vote on it by the deadline (wm D.IX.1)."));
    let turkey = d
        .read(
            t(8),
            &plain(
                "gus@istanbul.example",
                TO,
                "S1901 Final",
                "tr-1@istanbul.example",
                &[],
                "F Ank H\nA Con - Bul\nA Smy - Arm\nVote 1: yes",
            ),
        )
        .await;
    assert!(turkey.text.contains("Your vote on proposal 1: yes (secret"));
    let austria_mail = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../functions/inbound-mail/fixtures/list-cc-with-attachment.eml"
    ))
    .unwrap()
    .iter()
    .map(|b| *b as char)
    .collect::<String>()
    .replace("dan@example.net", "dan@vienna.example")
    .replace(
        "A Vie - Gal",
        "F Tri - Alb\r\nA Vie - Tyr\r\nA Bud - Ser\r\nFinal",
    );
    let austria = d.read(t(9), austria_mail.as_bytes()).await;
    assert_eq!(
        section(&austria, UNDERSTOOD),
        vec!["  F Tri - Alb", "  A Vie - Tyr", "  A Bud - Ser"]
    );
    assert!(austria.text.contains("Your vote on proposal 1: no (secret"));

    // Nothing of a vote reaches another player's receipt, the GM or the API.
    for e in d.kept.sent() {
        let mine = e.to == vec!["gus@istanbul.example"] || e.to == vec!["dan@vienna.example"];
        assert!(mine || !e.text.contains("Your vote"), "{}", e.text);
    }
    let log =
        d.s.get(
            &format!("{BOARD}/log?limit=500"),
            &d.s.token("france-player", false),
        )
        .await;
    assert!(
        !log.to_string().contains("\"ballot\""),
        "France sees no ballot"
    );
    let log =
        d.s.get(&format!("{BOARD}/log?limit=500"), &d.s.token("gm", false))
            .await;
    assert!(!log.to_string().contains("\"ballot\""), "nor the GM");

    d.deadline_passes().await;
    assert_eq!(d.phase().await, "F1901M");
    assert_eq!(d.units("ITALY").await, vec!["A TRI", "A VEN", "F ION"]);
}

/// Each power mails its set `body` at `at`: every order is understood, none
/// void.
async fn every_power_mails<S: TestStore>(
    d: &Desk<S>,
    at: DateTime<Utc>,
    phase: &str,
    sets: &[(&str, &str)],
) {
    for (power, body) in sets {
        let id = format!("{}-{}@example", phase.to_lowercase(), power.to_lowercase());
        let receipt = d
            .read(at, &plain(address(power), TO, phase, &id, &[], body))
            .await;
        let orders = body.lines().filter(|l| *l != "Final").count();
        assert_eq!(
            section(&receipt, UNDERSTOOD).len(),
            orders,
            "{}",
            receipt.text
        );
        assert!(section(&receipt, "Void:").is_empty(), "{}", receipt.text);
    }
}

async fn fall_1901<S: TestStore>(d: &Desk<S>) {
    let deadline = d.deadline().await;
    let at = deadline - Duration::hours(24);
    every_power_mails(
        d,
        at,
        "F1901",
        &[
            ("AUSTRIA", "F Alb H\nA Tyr H\nA Ser H\nFinal"),
            ("ENGLAND", "F NTH - Nwy\nF NWG H\nA Yor H\nFinal"),
            (
                "FRANCE",
                "F MAO - Por\nA Pic - Bur\nA Gas S A Pic - Bur\nFinal",
            ),
            ("GERMANY", "A Bur H\nA Kie - Hol\nF Den H\nFinal"),
            ("ITALY", "A Tri H\nA Ven H\nF Ion - Tun\nFinal"),
            (
                "RUSSIA",
                "A Gal - Bud\nA Ukr H\nF Rum H\nF Bot - Swe\nFinal",
            ),
            ("TURKEY", "F Ank H\nA Bul H\nA Arm H\nFinal"),
        ],
    )
    .await;
    d.deadline_passes().await;
    assert_eq!(d.phase().await, "F1901R");
    // Germany's A Bur, dislodged, retreats by mail.
    let retreat = d
        .read(
            d.deadline().await - Duration::hours(1),
            &plain(
                address("GERMANY"),
                TO,
                "retreat",
                "de-r@example",
                &[],
                "A Bur - Mun\nFinal",
            ),
        )
        .await;
    assert_eq!(lines(&retreat)[0], "Germany — F1901R");
    assert_eq!(
        section(&retreat, UNDERSTOOD),
        vec!["  A Bur - Mun  =  A BUR R MUN"]
    );
    d.deadline_passes().await;
    assert_eq!(d.phase().await, "W1901A");
    assert_eq!(d.units("GERMANY").await, vec!["A HOL", "A MUN", "F DEN"]);
}

async fn winter_1901<S: TestStore>(d: &Desk<S>) {
    let at = d.deadline().await - Duration::hours(2);
    every_power_mails(
        d,
        at,
        "W1901",
        &[
            ("AUSTRIA", "Remove A Tyr\nFinal"),
            ("ENGLAND", "Build F Lon\nFinal"),
            ("FRANCE", "Build A Par\nFinal"),
            ("GERMANY", "Build A Ber\nBuild F Kie\nFinal"),
            ("ITALY", "Build A Rom\nBuild F Nap\nFinal"),
            ("RUSSIA", "Build A Mos\nBuild A War\nBuild F Sev\nFinal"),
            ("TURKEY", "Build F Con\nFinal"),
        ],
    )
    .await;
    d.deadline_passes().await;
    assert_eq!(d.phase().await, "S1902M");
    assert_eq!(d.units("AUSTRIA").await, vec!["A SER", "F ALB"]);
    assert_eq!(
        d.units("GERMANY").await,
        vec!["A BER", "A HOL", "A MUN", "F DEN", "F KIE"]
    );
    assert_eq!(d.units("RUSSIA").await.len(), 7);
}

async fn a_board_by_mail<S: TestStore>(s: TestServer<S>) {
    let d = set_up(s).await;
    // France takes her notices by e-mail: the board's mail is answered at
    // its address (wm D.II.2, D.VII.1).
    let notifications = arbiter_e2e::notifications::Notifications::start(&d.s)
        .await
        .with_mail_domain(DOMAIN);
    let (status, answer) =
        d.s.post_as(
            "france-player",
            t(1),
            &format!("{BOARD}/subscriptions"),
            &json!({"channel": "email", "address": address("FRANCE")}),
        )
        .await;
    assert_eq!(status, 201, "{answer}");
    // The board's front page says where to mail it.
    let (status, _) =
        d.s.post_as(
            "org",
            t(1),
            &format!("{BOARD}/public"),
            &json!({"public": true}),
        )
        .await;
    assert_eq!(status, 200);
    let pages = d.s.public_pages(ID).await;
    assert!(
        pages.contains("mailto:wm-board-7@boards.example.org"),
        "the address on the page"
    );
    spring_1901(&d).await;
    // No page tells a vote.
    let pages = d.s.public_pages(ID).await;
    assert!(!pages.contains("Your vote") && !pages.contains("\"ballot\""));
    notifications.flush(&d.s, ID).await;
    let mails = notifications.mails();
    assert!(!mails.is_empty(), "France is told of the adjudication");
    for mail in &mails {
        assert!(
            mail.contains("\r\nReply-To: wm-board-7@boards.example.org\r\n"),
            "{mail}"
        );
        assert!(
            mail.contains("it goes to wm-board-7@boards.example.org (wm D.II.2)"),
            "{mail}"
        );
    }
    fall_1901(&d).await;
    winter_1901(&d).await;
}

async fn log_len<S: TestStore>(d: &Desk<S>) -> usize {
    d.s.get(&format!("{BOARD}/log?limit=500"), &d.s.token("gm", false))
        .await["entries"]
        .as_array()
        .unwrap()
        .len()
}

/// Mails that must change nothing they should not (wm D.II.2).
async fn mails_that_change_nothing<S: TestStore>(s: TestServer<S>) {
    let d = set_up(s).await;
    let orders = |id: &str| {
        plain(
            address("FRANCE"),
            TO,
            "S1901",
            id,
            &[],
            "A Par - Bur\nFinal",
        )
    };
    let before = log_len(&d).await;
    // A forged sender: France's address, but SPF and DKIM fail.
    let fail = Verdicts {
        spf: "FAIL".into(),
        dkim: "FAIL".into(),
        dmarc: "FAIL".into(),
    };
    let (outcome, replies) = d.arrive_with(t(1), &orders("forged@example"), fail).await;
    assert!(matches!(outcome, Outcome::Quarantined(_)), "{outcome:?}");
    assert!(replies.is_empty(), "no backscatter to a forged sender");
    // DKIM fails and DMARC fails, SPF passes for a relaying domain: refused.
    let dkim = Verdicts {
        spf: "PASS".into(),
        dkim: "FAIL".into(),
        dmarc: "FAIL".into(),
    };
    let (outcome, replies) = d.arrive_with(t(1), &orders("dkim@example"), dkim).await;
    assert!(matches!(outcome, Outcome::Quarantined(_)) && replies.is_empty());
    // An unknown sender.
    let stranger = plain(
        "mallory@example.net",
        TO,
        "S1901",
        "m-1@example",
        &[],
        "A Par - Bur",
    );
    let (outcome, replies) = d.arrive_with(t(1), &stranger, Verdicts::trusted()).await;
    assert!(matches!(outcome, Outcome::Quarantined(_)) && replies.is_empty());
    // Not to the board in To or Cc (a Bcc): not an order set (wm D.II.2).
    let bcc = plain(
        address("FRANCE"),
        "someone@example.org",
        "S1901",
        "bcc-1@example",
        &[],
        "A Par - Bur",
    );
    let (outcome, replies) = d.arrive_with(t(1), &bcc, Verdicts::trusted()).await;
    assert_eq!(outcome, Outcome::NotForUs);
    assert!(replies.is_empty());
    assert_eq!(log_len(&d).await, before, "nothing recorded");
    // The GM sees the three kept mails, newest first; players do not.
    let q =
        d.s.get(&format!("{BOARD}/mail/quarantine"), &d.s.token("gm", false))
            .await;
    assert_eq!(q["mails"].as_array().unwrap().len(), 3, "{q}");
    let (status, _) = {
        let r =
            d.s.http
                .get(d.s.url(&format!("{BOARD}/mail/quarantine")))
                .bearer_auth(d.s.token("france-player", false))
                .send()
                .await
                .unwrap();
        (r.status().as_u16(), ())
    };
    assert_eq!(status, 403);

    // A mail with nothing readable gets the board's format, once per thread.
    let hello = plain(
        address("TURKEY"),
        TO,
        "hello",
        "hello-1@example",
        &[],
        "Good luck everyone!",
    );
    let (outcome, replies) = d.arrive_with(t(1), &hello, Verdicts::trusted()).await;
    assert_eq!((outcome, replies.len()), (Outcome::Helped, 1));
    assert!(replies[0].text.contains("Write one order per line"));
    let again = plain(
        address("TURKEY"),
        TO,
        "Re: hello",
        "hello-2@example",
        &[
            "In-Reply-To: <hello-1@example>",
            "References: <hello-1@example>",
        ],
        "Thanks",
    );
    let (outcome, replies) = d.arrive_with(t(1), &again, Verdicts::trusted()).await;
    assert_eq!(
        (outcome, replies.len()),
        (Outcome::Helped, 0),
        "once per thread"
    );

    // A duplicate delivery: one set, one receipt.
    let (first, r1) = d
        .arrive_with(t(2), &orders("dup@example"), Verdicts::trusted())
        .await;
    let (second, r2) = d
        .arrive_with(t(2), &orders("dup@example"), Verdicts::trusted())
        .await;
    assert!(matches!(first, Outcome::Read { .. }));
    assert_eq!((second, r1.len(), r2.len()), (Outcome::Duplicate, 1, 0));
    let sets = log_len(&d).await;
    // A 10 MB mail from a player: not read, and the player is told.
    let big = plain(
        address("FRANCE"),
        TO,
        "S1901 with map",
        "big@example",
        &[],
        &"A Par - Pic\n".repeat(900_000),
    );
    assert!(big.len() > 10_000_000);
    let (outcome, replies) = d.arrive_with(t(3), &big, Verdicts::trusted()).await;
    assert_eq!(outcome, Outcome::TooLarge);
    assert_eq!(replies.len(), 1);
    assert!(replies[0].text.contains("was not read"));
    assert_eq!(log_len(&d).await, sets, "nothing changed");

    // A mail bomb: 1,000 mails in the hour from a player. At most 30 are
    // read; the player is told once; the rest change nothing.
    let started = std::time::Instant::now();
    let mut read = 0;
    let mut limited = 0;
    let sent_before = d.kept.sent().len();
    for i in 0..1000 {
        let raw = plain(
            address("ITALY"),
            TO,
            "spam",
            &format!("bomb-{i}@example"),
            &[],
            "A Ven H",
        );
        match d.arrive_with(t(4), &raw, Verdicts::trusted()).await.0 {
            Outcome::Read { .. } => read += 1,
            Outcome::Limited => limited += 1,
            other => panic!("{other:?}"),
        }
    }
    eprintln!("1,000 mails read in {:?}", started.elapsed());
    assert_eq!((read, limited), (inbound_mail::MAX_PER_HOUR as usize, 970));
    let replies = d.kept.sent().len() - sent_before;
    assert_eq!(
        replies,
        read + 1,
        "a receipt per read mail, one notice of the bound"
    );
}

mod by_mail {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_board_from_spring_1901_through_the_builds_embedded() {
        let s = arbiter_e2e::embedded_configured(|app| app.with_mail_domain(DOMAIN)).await;
        a_board_by_mail(s).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_board_from_spring_1901_through_the_builds_dynamo() {
        if let Some(s) = arbiter_e2e::dynamo_configured(|app| app.with_mail_domain(DOMAIN)).await {
            a_board_by_mail(s).await;
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn forged_unknown_duplicate_large_and_bombing_mail_embedded() {
        let s = arbiter_e2e::embedded_configured(|app| app.with_mail_domain(DOMAIN)).await;
        mails_that_change_nothing(s).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn forged_unknown_duplicate_large_and_bombing_mail_dynamo() {
        if let Some(s) = arbiter_e2e::dynamo_configured(|app| app.with_mail_domain(DOMAIN)).await {
            mails_that_change_nothing(s).await;
        }
    }
}

/// wm A.6: the tournament's own address, for the TMC: a member's vote by
/// mail, secret to the member; the TD records the address.
async fn a_tmc_vote_by_mail<S: TestStore>(s: TestServer<S>) {
    let now = t(0);
    s.clock.set(now);
    let base = "/v1/competitions/wm-2026";
    s.create(
        &json!({"id": "wm-2026", "kind": "diplomacy-tournament", "name": "World Masters 2026"}),
    )
    .await;
    let members = ["tmc1", "tmc2", "tmc3", "tmc4", "tmc5"].map(|m| (m, "tmc-member"));
    for (user, role) in members.into_iter().chain([("td", "tournament-director")]) {
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
    let act = |who: &'static str, body: Value| {
        let s = &s;
        async move {
            let (status, answer) = s.post_as(who, now, &format!("{base}/actions"), &body).await;
            (status, answer)
        }
    };
    let (status, _) = act(
        "tmc1",
        json!({"action": "register-mail-address", "user": "tmc1", "address": "one@tmc.example"}),
    )
    .await;
    assert_eq!(status, 403, "only the TD records addresses");
    for (user, addr) in [("tmc1", "one@tmc.example"), ("tmc2", "two@tmc.example")] {
        let (status, answer) = act(
            "td",
            json!({"action": "register-mail-address", "user": user, "address": addr}),
        )
        .await;
        assert_eq!(status, 200, "{answer}");
    }
    let (status, answer) = act("td", json!({"action": "open-motion", "motion": "decision", "question": "Redo board 4's Fall 1903?"})).await;
    assert_eq!(status, 200, "{answer}");
    let d = Desk {
        s,
        kept: Kept::default(),
    };
    let to = "WM TD <wm-2026@boards.example.org>";
    let reply = d
        .read(
            t(1),
            &plain(
                "one@tmc.example",
                to,
                "Motion 1",
                "tmc-1@example",
                &[],
                "Vote 1: yes\nThanks",
            ),
        )
        .await;
    assert_eq!(
        reply.text.lines().take(4).collect::<Vec<_>>(),
        vec![
            "Your vote on motion 1: yes (secret to the TMC, wm A.6).",
            "",
            "Not read (none of \"Vote N: yes\", \"Answer call N\", \"Decline final\"):",
            "  Thanks",
        ]
    );
    // tmc2 sees that a vote was cast, not how.
    let log =
        d.s.get(&format!("{base}/log?limit=100"), &d.s.token("tmc2", false))
            .await;
    assert!(!log.to_string().contains("\"ballot\":\"yes\""), "{log}");
    let mine =
        d.s.get(&format!("{base}/log?limit=100"), &d.s.token("tmc1", false))
            .await;
    assert!(mine.to_string().contains("\"ballot\":\"yes\""));
}

mod tournament_by_mail {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn wm_a_6_a_tmc_vote_by_mail_embedded() {
        let s = arbiter_e2e::embedded_configured(|app| app.with_mail_domain(DOMAIN)).await;
        a_tmc_vote_by_mail(s).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn wm_a_6_a_tmc_vote_by_mail_dynamo() {
        if let Some(s) = arbiter_e2e::dynamo_configured(|app| app.with_mail_domain(DOMAIN)).await {
            a_tmc_vote_by_mail(s).await;
        }
    }
}

/// The AWS path: SES's Lambda notification (the shape AWS documents for a
/// receipt rule's Lambda action), the raw mail read from where the rule's S3
/// action stored it, and SES's verdicts and time used.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ses_notification_is_read_with_its_verdicts_and_time() {
    struct Stored(Vec<u8>);
    impl inbound_mail::ses::RawMail for Stored {
        async fn fetch(&self, message_id: &str) -> Result<Vec<u8>, String> {
            assert_eq!(message_id, "o3vrnil0e2ic28trm7dfhrc2v0clambda4nbp0g1");
            Ok(self.0.clone())
        }
    }
    let s = arbiter_e2e::embedded_configured(|app| app.with_mail_domain(DOMAIN)).await;
    let d = set_up(s).await;
    let event = |spf: &str, dkim: &str| {
        json!({"Records": [{"eventSource": "aws:ses", "eventVersion": "1.0", "ses": {
            "mail": {
                "timestamp": "2026-11-21T14:00:00.000Z",
                "source": "ann.ferrand@gmail.com",
                "messageId": "o3vrnil0e2ic28trm7dfhrc2v0clambda4nbp0g1",
                "destination": ["wm-board-7@boards.example.org"],
                "headersTruncated": false,
                "commonHeaders": {"from": ["Ann <ann.ferrand@gmail.com>"], "to": ["wm-board-7@boards.example.org"], "subject": "S1901"}
            },
            "receipt": {
                "timestamp": "2026-11-21T14:00:00.000Z",
                "processingTimeMillis": 222,
                "recipients": ["wm-board-7@boards.example.org"],
                "spamVerdict": {"status": "PASS"},
                "virusVerdict": {"status": "PASS"},
                "spfVerdict": {"status": spf},
                "dkimVerdict": {"status": dkim},
                "dmarcVerdict": {"status": "GRAY"},
                "action": {"type": "Lambda", "functionArn": "arn:aws:lambda:us-east-1:123456789012:function:inbound-mail", "invocationType": "Event"}
            }
        }}]})
    };
    let raw = Stored(plain(
        address("FRANCE"),
        TO,
        "S1901",
        "ses-1@gmail.com",
        &[],
        "A Par - Bur",
    ));
    let forged = inbound_mail::ses::on_event(&d.s.app, &d.kept, &raw, event("FAIL", "FAIL"))
        .await
        .unwrap();
    assert!(matches!(forged[0], Outcome::Quarantined(_)));
    let read = inbound_mail::ses::on_event(&d.s.app, &d.kept, &raw, event("PASS", "PASS"))
        .await
        .unwrap();
    assert!(matches!(read[0], Outcome::Read { .. }), "{read:?}");
    let receipt = d.kept.sent().pop().unwrap();
    assert!(
        receipt
            .text
            .contains("Orders received Sat 21 Nov 2026 14:00:00 UTC"),
        "{}",
        receipt.text
    );
    assert!(
        inbound_mail::ses::on_event(&d.s.app, &d.kept, &raw, json!({"detail": {}}))
            .await
            .is_err()
    );
}
