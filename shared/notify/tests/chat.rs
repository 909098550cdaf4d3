//! The Discord and Telegram adapters against loopback fakes.

mod common;

use arbiter_notify::{
    Channel, DeliveryError, DiscordChannel, Message, Origin, Target, TelegramChannel,
};
use common::{client, nmr_message, retrier, secs, Fake, Reply};
use std::time::Duration;

fn long_message(target: &Target, text: String) -> Message {
    Message::new(
        Origin::event("club-2026", 7, 0),
        "declaration-recorded",
        target,
        "Declaration",
        text,
    )
    .with_clause("club III.2.4")
}

fn units(s: &str) -> usize {
    s.encode_utf16().count()
}

#[tokio::test]
async fn club_iii_2_4_discord_posts_content_without_mentions() {
    let fake = Fake::start(vec![], Reply::new(200, r#"{"id":"1234"}"#)).await;
    let (r, _, _) = retrier(3);
    let ch = DiscordChannel::new(client(), r);
    let target = Target::Discord {
        webhook_url: fake.url("/api/webhooks/99/tok"),
    };
    let message = nmr_message(&target);
    let delivered = ch.deliver(&target, &message).await.unwrap();
    assert_eq!(delivered.remote_id.as_deref(), Some("1234"));
    let req = &fake.requests()[0];
    assert_eq!(req.path, "/api/webhooks/99/tok");
    assert_eq!(req.query.as_deref(), Some("wait=true"));
    let body = req.json();
    let content = body["content"].as_str().unwrap();
    assert!(content.starts_with("NMR: Team Oslo"));
    assert!(content.ends_with("(wm B.8.b) /v1/competitions/wm-2026"));
    assert_eq!(body["allowed_mentions"]["parse"], serde_json::json!([]));
    // The target key hides the URL's token.
    assert!(!message.recipient.contains("tok"));
}

#[tokio::test]
async fn discord_truncates_content_to_2000_characters() {
    let fake = Fake::start(vec![], Reply::new(204, "")).await;
    let (r, _, _) = retrier(3);
    let ch = DiscordChannel::new(client(), r);
    let target = Target::Discord {
        webhook_url: fake.url("/api/webhooks/1/t"),
    };
    let text = "déclaration 🎲 ".repeat(400);
    ch.deliver(&target, &long_message(&target, text))
        .await
        .unwrap();
    let body = fake.requests()[0].json();
    let content = body["content"].as_str().unwrap();
    assert!(units(content) <= 2000, "{}", units(content));
    assert!(units(content) >= 1990);
    assert!(content.ends_with('…'));
}

#[tokio::test]
async fn discord_429_honours_fractional_retry_after_in_the_body() {
    let fake = Fake::start(
        vec![Reply::new(
            429,
            r#"{"message":"You are being rate limited.","retry_after":0.75,"global":false}"#,
        )
        .header("retry-after", "1")],
        Reply::new(204, ""),
    )
    .await;
    let (r, sleeper, _) = retrier(3);
    let ch = DiscordChannel::new(client(), r);
    let target = Target::Discord {
        webhook_url: fake.url("/api/webhooks/1/t"),
    };
    let delivered = ch.deliver(&target, &nmr_message(&target)).await.unwrap();
    assert_eq!(delivered.attempts, 2);
    assert_eq!(sleeper.sleeps(), vec![Duration::from_millis(750)]);
}

#[tokio::test]
async fn discord_429_falls_back_to_the_retry_after_header() {
    let fake = Fake::start(
        vec![Reply::new(429, "not json").header("retry-after", "3")],
        Reply::new(204, ""),
    )
    .await;
    let (r, sleeper, _) = retrier(3);
    let ch = DiscordChannel::new(client(), r);
    let target = Target::Discord {
        webhook_url: fake.url("/api/webhooks/1/t"),
    };
    ch.deliver(&target, &nmr_message(&target)).await.unwrap();
    assert_eq!(sleeper.sleeps(), vec![secs(3)]);
}

fn telegram(fake: &Fake, max_attempts: u32) -> (TelegramChannel, arbiter_notify::RecordingSleeper) {
    let (r, sleeper, _) = retrier(max_attempts);
    (
        TelegramChannel::new(client(), r, fake.url(""), "123:ABC"),
        sleeper,
    )
}

#[tokio::test]
async fn wm_d_vii_1_telegram_posts_chat_and_text_to_the_bot_path() {
    let fake = Fake::start(
        vec![],
        Reply::new(200, r#"{"ok":true,"result":{"message_id":77}}"#),
    )
    .await;
    let (ch, _) = telegram(&fake, 3);
    let target = Target::Telegram {
        chat_id: "-100200".into(),
        topic: None,
    };
    let delivered = ch.deliver(&target, &nmr_message(&target)).await.unwrap();
    assert_eq!(delivered.remote_id.as_deref(), Some("77"));
    let req = &fake.requests()[0];
    assert_eq!(req.path, "/bot123:ABC/sendMessage");
    let body = req.json();
    assert_eq!(body["chat_id"], -100200);
    assert!(body["text"].as_str().unwrap().contains("wm B.8.b"));
}

/// nomic 209: a points thread that is a forum topic gets the post in the
/// topic; the bot's answer to a message replies to it, once, unretried.
#[tokio::test]
async fn nomic_209_telegram_posts_in_a_forum_topic_and_answers_by_reply() {
    let fake = Fake::start(
        vec![Reply::new(
            429,
            r#"{"ok":false,"error_code":429,"description":"slow down"}"#,
        )],
        Reply::new(200, r#"{"ok":true,"result":{"message_id":78}}"#),
    )
    .await;
    let (ch, _) = telegram(&fake, 3);
    let target = Target::Telegram {
        chat_id: "-100200".into(),
        topic: Some("11".into()),
    };
    assert_eq!(target.key(), "telegram:-100200/11");
    ch.deliver(&target, &nmr_message(&target)).await.unwrap();
    let posted = fake.requests()[1].json();
    assert_eq!(posted["message_thread_id"], 11);
    assert!(posted.get("reply_parameters").is_none());
    let answering = TelegramChannel::answering(client(), fake.url(""), "123:ABC");
    let post = arbiter_notify::telegram::Post {
        chat: "-100200",
        topic: Some("10"),
        reply_to: Some(4242),
        text: "Vote counted: Yes on proposal 301 (nomic 113).",
    };
    assert_eq!(
        answering.answer(&post).await.unwrap().as_deref(),
        Some("78")
    );
    let answer = fake.requests()[2].json();
    assert_eq!(answer["reply_parameters"]["message_id"], 4242);
    assert_eq!(answer["message_thread_id"], 10);
    assert_eq!(answer["chat_id"], -100200);
}

#[tokio::test]
async fn telegram_truncates_text_to_4096_characters() {
    let fake = Fake::start(vec![], Reply::new(200, r#"{"ok":true,"result":{}}"#)).await;
    let (ch, _) = telegram(&fake, 3);
    let target = Target::Telegram {
        chat_id: "@acwc_pairings".into(),
        topic: None,
    };
    ch.deliver(&target, &long_message(&target, "x".repeat(10_000)))
        .await
        .unwrap();
    let body = fake.requests()[0].json();
    assert_eq!(body["chat_id"], "@acwc_pairings");
    let text = body["text"].as_str().unwrap();
    assert_eq!(units(text), 4096);
    assert!(text.ends_with('…'));
}

#[tokio::test]
async fn telegram_429_honours_parameters_retry_after() {
    let fake = Fake::start(
        vec![Reply::new(
            429,
            r#"{"ok":false,"error_code":429,"description":"Too Many Requests: retry after 5","parameters":{"retry_after":5}}"#,
        )],
        Reply::new(200, r#"{"ok":true,"result":{"message_id":1}}"#),
    )
    .await;
    let (ch, sleeper) = telegram(&fake, 3);
    let target = Target::Telegram {
        chat_id: "1".into(),
        topic: None,
    };
    let delivered = ch.deliver(&target, &nmr_message(&target)).await.unwrap();
    assert_eq!(delivered.attempts, 2);
    assert_eq!(sleeper.sleeps(), vec![secs(5)]);
}

#[tokio::test]
async fn telegram_ok_false_is_refused_without_retry() {
    let fake = Fake::start(
        vec![],
        Reply::new(
            400,
            r#"{"ok":false,"error_code":400,"description":"Bad Request: chat not found"}"#,
        ),
    )
    .await;
    let (ch, sleeper) = telegram(&fake, 3);
    let target = Target::Telegram {
        chat_id: "1".into(),
        topic: None,
    };
    let err = ch
        .deliver(&target, &nmr_message(&target))
        .await
        .unwrap_err();
    assert!(
        matches!(err, DeliveryError::Rejected { status: 400, ref detail, .. } if detail.contains("chat not found")),
        "{err:?}"
    );
    assert_eq!(fake.requests().len(), 1);
    assert!(sleeper.sleeps().is_empty());
    // The token never shows in an error.
    assert!(!err.to_string().contains("123:ABC"));
}

#[tokio::test]
async fn discord_connection_errors_dead_letter_without_the_webhook_token() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    drop(listener);
    let (r, sleeper, dead) = retrier(2);
    let ch = DiscordChannel::new(client(), r);
    let target = Target::Discord {
        webhook_url: format!("http://{addr}/api/webhooks/1/very-secret-token"),
    };
    let err = ch
        .deliver(&target, &nmr_message(&target))
        .await
        .unwrap_err();
    assert!(matches!(err, DeliveryError::Exhausted(_)), "{err:?}");
    assert_eq!(sleeper.sleeps(), vec![secs(1)]);
    let letters = dead.letters();
    assert_eq!(letters.len(), 1);
    assert!(letters[0].last_error.starts_with("transport"));
    assert!(!letters[0].last_error.contains("very-secret-token"));
    assert!(!err.to_string().contains("very-secret-token"));
}
