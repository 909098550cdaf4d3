//! A Nomic game played by Telegram, on both stores: after the organizer's
//! set-up over REST, every move is an update to the bot's webhook, as
//! Telegram sends it, and every answer is read off a fake Bot API on
//! loopback. Three players (ann Monday, bob Tuesday, cat Wednesday), two
//! turns in November 2026 (UK time is UTC then):
//!
//! - Sunday: a rule-change is void (nomic 201).
//! - Monday: ann amends Rule 209; three votes by reply (113); cat's second
//!   message does not count (113, 208); bob edits his vote, which stands as
//!   first posted (212); a replayed update, a forged one and an unlinked
//!   player change nothing. The end of the day adopts it unanimously (204):
//!   the rule becomes 301 (109), ann gains floor(max(10, 215 - 290) * 3/3) =
//!   10 (203), posted in the points thread as `ann: 10 (+10)` (209), and a
//!   wrong total claimed there is corrected.
//! - Tuesday: bob enacts a rule; cat raises a Point of Order on it, ann (the
//!   Judge: Monday's player, 214) pronounces, cat disputes within the hour
//!   and bob agrees, which invokes the Judgement. bob votes Yes, cat No; ann's
//!   vote after midnight is late (113). Defeated (204: unanimity in the
//!   first circuits), bob still adds floor(max(10, 301 - 290) * 1/2) = 5
//!   (203; the highest rule is now 301) and loses 10 (207): -5.

use arbiter_e2e::telegram::{FakeBotApi, Place, Said, Updates, SECRET};
use arbiter_e2e::{TestServer, TestStore};
use chrono::{DateTime, Utc};
use serde_json::{json, Value};

const ID: &str = "nomic-telegram";
const GROUP: i64 = -1_001_234_567_890;
const VOTING: Place = Place::Topic {
    chat: GROUP,
    topic: 10,
};
const POINTS: Place = Place::Topic {
    chat: GROUP,
    topic: 11,
};
/// Telegram accounts of ann, bob, cat, and dan (who never links).
const ANN: i64 = 501;
const BOB: i64 = 502;
const CAT: i64 = 503;
const DAN: i64 = 599;

fn at(s: &str) -> DateTime<Utc> {
    s.parse().unwrap()
}

struct Game<S> {
    s: TestServer<S>,
    bot: FakeBotApi,
    updates: Updates,
}

impl<S: TestStore> Game<S> {
    async fn post(&self, who: &str, now: &str, path: &str, body: Value) -> Value {
        let (status, answer) = self
            .s
            .post_as(who, at(now), &format!("/v1/competitions/{ID}{path}"), &body)
            .await;
        assert_eq!(status, 200, "{who} {path} {body}: {answer}");
        answer
    }

    /// Sends `update` to the webhook at `now` with `secret`; the status and
    /// what the bot read it as.
    async fn deliver_with(&self, now: &str, update: &Value, secret: &str) -> (u16, Value) {
        self.s.clock.set(at(now));
        let r = self
            .s
            .http
            .post(self.s.url("/v1/telegram"))
            .header("X-Telegram-Bot-Api-Secret-Token", secret)
            .json(update)
            .send()
            .await
            .unwrap();
        (r.status().as_u16(), r.json().await.unwrap())
    }

    async fn deliver(&self, now: &str, update: &Value) -> String {
        let (status, answer) = self.deliver_with(now, update, SECRET).await;
        assert_eq!(status, 200, "{update}: {answer}");
        answer["read_as"].as_str().unwrap().to_owned()
    }

    /// `from` posts `text` as message `id` in `place` at `now` (replying to
    /// `reply_to`); what the bot read it as, and its answer in the chat.
    async fn say(
        &mut self,
        now: &str,
        place: Place,
        from: i64,
        id: i64,
        text: &str,
        reply_to: Option<i64>,
    ) -> (String, Option<String>) {
        let update = self
            .updates
            .message(&said(now, place, from, id, text, reply_to));
        let before = self.bot.sent().len();
        let read_as = self.deliver(now, &update).await;
        let answers = self.bot.sent();
        let answer = answers.get(before).map(|a| {
            assert_eq!(a.reply_to(), Some(id), "the answer replies to the message");
            a.text().to_owned()
        });
        assert!(answers.len() <= before + 1, "one answer at most");
        (read_as, answer)
    }

    async fn game(&self) -> Value {
        self.s
            .get(
                &format!("/v1/competitions/{ID}"),
                &self.s.token("org", false),
            )
            .await["game"]
            .clone()
    }

    async fn points(&self, player: &str) -> i64 {
        let game = self.game().await;
        game["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["player"] == player)
            .unwrap()["points"]
            .as_i64()
            .unwrap()
    }

    async fn votes(&self, proposal: usize) -> Value {
        self.game().await["proposals"][proposal - 301]["votes"].clone()
    }
}

fn said<'a>(
    now: &str,
    place: Place,
    from: i64,
    id: i64,
    text: &'a str,
    reply_to: Option<i64>,
) -> Said<'a> {
    Said {
        place,
        from,
        message_id: id,
        date: at(now).timestamp(),
        text,
        reply_to,
    }
}

/// The organizer's set-up over REST: rules, seats, the group's threads; the
/// players link their accounts by sending the bot their codes.
async fn set_up<S: TestStore>(s: TestServer<S>, bot: FakeBotApi) -> Game<S> {
    let mut g = Game {
        s,
        bot,
        updates: Updates::default(),
    };
    let now = "2026-11-21T10:00:00Z";
    g.s.create(&json!({"id": ID, "kind": "nomic", "name": "Nomic by Telegram"}))
        .await;
    g.post("org", now, "/actions", json!({"action": "import-rules"}))
        .await;
    for (p, day) in [("ann", "monday"), ("bob", "tuesday"), ("cat", "wednesday")] {
        g.post(
            "org",
            now,
            "/registrations",
            json!({"player": p, "day": day}),
        )
        .await;
    }
    g.post("org", now, "/actions", json!({"action": "begin"}))
        .await;
    let (status, answer) = put_group(&g, "org").await;
    assert_eq!(status, 200, "{answer}");
    // Only the organizer links the group.
    let (status, _) = put_group(&g, "bob").await;
    assert_eq!(status, 403);
    for (p, account) in [("ann", ANN), ("bob", BOB), ("cat", CAT)] {
        let code = g.post(p, now, "/telegram/link-code", json!({})).await;
        let send = code["send"].as_str().unwrap().to_owned();
        let (read_as, answer) = g.say(now, Place::Private, account, 1, &send, None).await;
        assert_eq!(read_as, "linked", "{answer:?}");
        assert!(answer.unwrap().contains(&format!("{p}'s moves")));
        // The code works once: sent again (a new update), it is refused.
        let (read_as, _) = g.say(now, Place::Private, account, 2, &send, None).await;
        assert_eq!(read_as, "refused");
    }
    g
}

async fn put_group<S: TestStore>(g: &Game<S>, who: &str) -> (u16, Value) {
    let r =
        g.s.http
            .put(g.s.url(&format!("/v1/competitions/{ID}/telegram")))
            .bearer_auth(g.s.token(who, false))
            .json(&json!({
                "voting": {"chat": GROUP, "topic": 10},
                "points": {"chat": GROUP, "topic": 11},
                "discussion": {"chat": GROUP, "topic": 12},
            }))
            .send()
            .await
            .unwrap();
    (r.status().as_u16(), r.json().await.unwrap())
}

const AMENDMENT: &str = "Rule-change: amend Rule 209 to read: If the number of points of any player changes, Arbiter announces the new total followed by the change in parenthesis in the points thread.";

async fn nomic_by_telegram<S: TestStore>(s: TestServer<S>, bot: FakeBotApi) {
    let mut g = set_up(s, bot).await;
    let notifications = arbiter_e2e::notifications::Notifications::start_with_telegram(
        &g.s,
        Some((g.bot.base.clone(), arbiter_e2e::telegram::TOKEN.to_owned())),
    )
    .await;
    notifications.flush(&g.s, ID).await;

    // nomic 201: Sunday's message in the voting thread is void.
    let (read_as, answer) = g
        .say(
            "2026-11-22T12:00:00Z",
            VOTING,
            ANN,
            90,
            "Rule-change: repeal Rule 207",
            None,
        )
        .await;
    assert_eq!(read_as, "refused");
    assert!(answer.unwrap().contains("(nomic 201)"));

    // Monday: ann's proposal, and three votes by reply (nomic 107, 113).
    let (read_as, answer) = g
        .say("2026-11-23T10:00:00Z", VOTING, ANN, 100, AMENDMENT, None)
        .await;
    assert_eq!(read_as, "move");
    assert!(answer.unwrap().starts_with("Proposal 301 is proper"));
    // Talk in the voting thread is not a move and gets no answer.
    let (read_as, answer) = g
        .say(
            "2026-11-23T10:01:00Z",
            VOTING,
            BOB,
            99,
            "nice one ann",
            None,
        )
        .await;
    assert_eq!((read_as.as_str(), answer), ("talk", None));
    let bob_vote = said(
        "2026-11-23T10:05:00Z",
        VOTING,
        BOB,
        101,
        "Vote: Yes",
        Some(100),
    );
    let update = g.updates.message(&bob_vote);
    assert_eq!(g.deliver("2026-11-23T10:05:00Z", &update).await, "move");
    let cat_vote = said(
        "2026-11-23T10:06:00Z",
        VOTING,
        CAT,
        102,
        "Vote: Yes",
        Some(100),
    );
    let cat_update = g.updates.message(&cat_vote);
    assert_eq!(g.deliver("2026-11-23T10:06:00Z", &cat_update).await, "move");
    let (_, answer) = g
        .say(
            "2026-11-23T10:07:00Z",
            VOTING,
            ANN,
            103,
            "vote: yes",
            Some(100),
        )
        .await;
    assert_eq!(
        answer.as_deref(),
        Some("Vote counted: Yes on proposal 301 (nomic 113).")
    );

    // nomic 113, 208: cat's later message does not count.
    let (read_as, answer) = g
        .say(
            "2026-11-23T10:08:00Z",
            VOTING,
            CAT,
            104,
            "Vote: No",
            Some(100),
        )
        .await;
    assert_eq!(read_as, "refused");
    assert!(answer.unwrap().contains("(nomic 113)"));
    // nomic 212: bob's edit changes nothing; the bot says so.
    let sent = g.bot.sent().len();
    let edit = g.updates.edit(&said(
        "2026-11-23T10:09:00Z",
        VOTING,
        BOB,
        101,
        "Vote: No",
        Some(100),
    ));
    assert_eq!(
        g.deliver("2026-11-23T10:10:00Z", &edit).await,
        "edit-ignored"
    );
    assert!(g.bot.sent()[sent].text().contains("(nomic 212)"));
    // Telegram delivers cat's vote again: applied once, answered once.
    let sent = g.bot.sent().len();
    assert_eq!(g.deliver("2026-11-23T10:11:00Z", &cat_update).await, "move");
    assert_eq!(g.bot.sent().len(), sent, "no second answer");
    // A forged update (wrong secret) is refused and changes nothing.
    let forged = g.updates.message(&said(
        "2026-11-23T10:12:00Z",
        VOTING,
        CAT,
        105,
        "Vote: No",
        Some(100),
    ));
    let (status, _) = g
        .deliver_with("2026-11-23T10:12:00Z", &forged, "guess")
        .await;
    assert_eq!(status, 401);
    let (status, _) = g.deliver_with("2026-11-23T10:12:00Z", &forged, "").await;
    assert_eq!(status, 401);
    // An unlinked account is told how to link, and changes nothing.
    let (read_as, answer) = g
        .say(
            "2026-11-23T10:13:00Z",
            VOTING,
            DAN,
            106,
            "Vote: No",
            Some(100),
        )
        .await;
    assert_eq!(read_as, "unlinked");
    assert!(answer.unwrap().contains("/link"));
    assert_eq!(
        g.votes(301).await,
        json!({"ann": "yes", "bob": "yes", "cat": "yes"})
    );

    // The end of Monday: adopted, renumbered, scored, posted (nomic 113, 204,
    // 109, 203, 209).
    g.s.fire("nomic-end-of-day", at("2026-11-24T00:00:00Z"))
        .await;
    let game = g.game().await;
    assert_eq!(game["proposals"][0]["status"], "in-effect");
    let rules = game["rules"]["rules"].as_object().unwrap();
    let amended: Vec<&Value> = rules.values().filter(|r| r["label"] == "301").collect();
    assert_eq!(amended.len(), 1, "Rule 209 became Rule 301");
    assert!(amended[0]["text"][0]
        .as_str()
        .unwrap()
        .starts_with("If the number of points"));
    assert!(!rules
        .values()
        .any(|r| r["label"] == "209" && r["ineffect"] == "1"));
    assert_eq!(g.points("ann").await, 10);
    let sent = g.bot.sent().len();
    notifications.flush(&g.s, ID).await;
    let posted: Vec<_> = g.bot.sent()[sent..].to_vec();
    let points_post = posted
        .iter()
        .find(|p| p.text().contains("ann: 10 (+10)"))
        .unwrap_or_else(|| panic!("no points post in {posted:?}"));
    assert_eq!(points_post.body["chat_id"], GROUP);
    assert_eq!(points_post.topic(), Some(11), "in the points thread");
    // nomic 209: a wrong total claimed in the points thread is corrected.
    let (read_as, answer) = g
        .say(
            "2026-11-24T08:00:00Z",
            POINTS,
            BOB,
            150,
            "ann: 12 (+12)",
            None,
        )
        .await;
    assert_eq!(read_as, "points-checked");
    assert_eq!(
        answer.as_deref(),
        Some("Not so: ann has 10 points, not 12 (nomic 209: anyone may correct a wrong total).")
    );

    // Tuesday: bob's enactment, a Point of Order on it, a Judgement, a
    // dispute within the hour and an agreement (nomic 214).
    let (read_as, _) = g
        .say(
            "2026-11-24T10:00:00Z",
            VOTING,
            BOB,
            200,
            "Rule-change: enact: Players greet each other.",
            None,
        )
        .await;
    assert_eq!(read_as, "move");
    let (_, answer) = g
        .say(
            "2026-11-24T10:10:00Z",
            VOTING,
            CAT,
            201,
            "Point of Order: is a rule about greetings proper?",
            Some(200),
        )
        .await;
    assert!(answer.unwrap().contains("the Judge is ann"));
    // Only the Judge pronounces.
    let (read_as, _) = g
        .say(
            "2026-11-24T10:15:00Z",
            VOTING,
            BOB,
            202,
            "Judgement: it is",
            Some(201),
        )
        .await;
    assert_eq!(read_as, "refused");
    let (read_as, _) = g
        .say(
            "2026-11-24T10:20:00Z",
            VOTING,
            ANN,
            203,
            "Judgement: it is proper (nomic 103).",
            Some(201),
        )
        .await;
    assert_eq!(read_as, "move");
    let (read_as, _) = g
        .say(
            "2026-11-24T10:40:00Z",
            VOTING,
            CAT,
            204,
            "Dispute: greetings are etiquette",
            Some(203),
        )
        .await;
    assert_eq!(read_as, "move");
    let (_, answer) = g
        .say(
            "2026-11-24T10:50:00Z",
            VOTING,
            BOB,
            205,
            "I agree with Judgement",
            Some(203),
        )
        .await;
    assert!(answer.unwrap().contains("comes into effect"));
    let po = &g.game().await["points_of_order"][0];
    assert_eq!(po["proposal"], 302);
    assert!(po["invoked_at"].is_string(), "{po}");
    assert_eq!(po["judgement"]["disputed_by"], "cat");

    g.say(
        "2026-11-24T11:00:00Z",
        VOTING,
        BOB,
        206,
        "Vote: Yes",
        Some(200),
    )
    .await;
    g.say(
        "2026-11-24T11:01:00Z",
        VOTING,
        CAT,
        207,
        "Vote: No",
        Some(200),
    )
    .await;
    g.s.fire("nomic-end-of-day", at("2026-11-25T00:00:00Z"))
        .await;
    // nomic 113: after the end of the day, ann's vote is late.
    let (read_as, answer) = g
        .say(
            "2026-11-25T00:00:30Z",
            VOTING,
            ANN,
            208,
            "Vote: Yes",
            Some(200),
        )
        .await;
    assert_eq!(read_as, "refused");
    assert!(answer.unwrap().contains("(nomic 113)"));
    assert_eq!(g.votes(302).await, json!({"bob": "yes", "cat": "no"}));
    // Defeated (nomic 204: unanimity in the first circuits): bob adds
    // floor(11 * 1/2) = 5 (203) and loses 10 (207).
    assert_eq!(g.game().await["proposals"][1]["status"], "defeated");
    assert_eq!(g.points("bob").await, -5);
    assert_eq!(g.points("cat").await, 0);
    let sent = g.bot.sent().len();
    notifications.flush(&g.s, ID).await;
    assert!(
        g.bot.sent()[sent..]
            .iter()
            .any(|p| p.text().contains("bob: -5 (-10)") && p.topic() == Some(11)),
        "{:?}",
        g.bot.sent()
    );
    // Nothing of a player's chat account is shown to another player.
    let log =
        g.s.get(
            &format!("/v1/competitions/{ID}/log"),
            &g.s.token("cat", false),
        )
        .await;
    let text = log.to_string();
    assert!(text.contains("chat-account-linked"));
    assert!(!text.contains(&format!("telegram:{ANN}")), "{text}");
}

mod nomic_by_telegram {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn embedded() {
        let bot = FakeBotApi::start().await;
        let server = arbiter_e2e::embedded_configured(|app| app.with_telegram(bot.bot())).await;
        super::nomic_by_telegram(server, bot).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn dynamo() {
        let bot = FakeBotApi::start().await;
        if let Some(server) =
            arbiter_e2e::dynamo_configured(|app| app.with_telegram(bot.bot())).await
        {
            super::nomic_by_telegram(server, bot).await;
        }
    }
}

/// Without a bot configured, the bot's routes are not there.
#[tokio::test]
async fn without_a_bot_the_webhook_is_not_found() {
    let s = arbiter_e2e::embedded().await;
    let r = s
        .http
        .post(s.url("/v1/telegram"))
        .header("X-Telegram-Bot-Api-Secret-Token", SECRET)
        .json(&json!({"update_id": 1}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 404);
}
