//! De-duplication and message ids.

mod common;

use arbiter_notify::{
    Channel, DeliveryError, MemorySentLog, Message, MessageId, Origin, Outbox, Target,
    WebhookChannel,
};
use chrono::{DateTime, TimeZone, Utc};
use common::{client, nmr_message, retrier, Fake, Reply};
use std::sync::{Arc, Mutex};

fn webhook(fake: &Fake) -> Target {
    Target::Webhook {
        subscription: "acwc-site".into(),
        url: fake.url("/hook"),
        secret: "k".into(),
    }
}

type Clock = Arc<Mutex<DateTime<Utc>>>;

fn outbox(
    window_minutes: i64,
    max_attempts: u32,
) -> (Outbox<WebhookChannel, MemorySentLog>, Clock) {
    let (r, _, _) = retrier(max_attempts);
    let now: Clock = Arc::new(Mutex::new(
        Utc.with_ymd_and_hms(2026, 11, 21, 12, 0, 0).unwrap(),
    ));
    let read = now.clone();
    let outbox = Outbox::with_clock(
        WebhookChannel::new(client(), r),
        MemorySentLog::default(),
        chrono::Duration::minutes(window_minutes),
        Arc::new(move || *read.lock().unwrap()),
    );
    (outbox, now)
}

#[tokio::test]
async fn acwc_iv_e_pairings_replayed_are_sent_once_within_the_window() {
    let fake = Fake::start(vec![], Reply::new(200, "{}")).await;
    let (outbox, _) = outbox(60, 3);
    let target = webhook(&fake);
    let message = nmr_message(&target);
    let first = outbox.deliver(&target, &message).await.unwrap();
    assert!(!first.duplicate);
    // A replay of the same commit derives the same message, hence the same id.
    let replay = nmr_message(&target);
    assert_eq!(replay.id, message.id);
    let second = outbox.deliver(&target, &replay).await.unwrap();
    assert!(second.duplicate);
    assert_eq!(second.attempts, 0);
    assert_eq!(fake.requests().len(), 1);
}

#[tokio::test]
async fn outbox_sends_again_after_the_window() {
    let fake = Fake::start(vec![], Reply::new(200, "{}")).await;
    let (outbox, now) = outbox(60, 3);
    let target = webhook(&fake);
    let message = nmr_message(&target);
    outbox.deliver(&target, &message).await.unwrap();
    *now.lock().unwrap() += chrono::Duration::minutes(61);
    let again = outbox.deliver(&target, &message).await.unwrap();
    assert!(!again.duplicate);
    assert_eq!(fake.requests().len(), 2);
}

#[tokio::test]
async fn outbox_failed_delivery_releases_the_claim() {
    let fake = Fake::start(vec![Reply::new(400, "no")], Reply::new(200, "{}")).await;
    let (outbox, _) = outbox(60, 3);
    let target = webhook(&fake);
    let message = nmr_message(&target);
    let err = outbox.deliver(&target, &message).await.unwrap_err();
    assert!(matches!(err, DeliveryError::Rejected { .. }));
    let retried = outbox.deliver(&target, &message).await.unwrap();
    assert!(!retried.duplicate);
    assert_eq!(fake.requests().len(), 2);
}

#[test]
fn message_ids_are_stable_across_replays_and_differ_by_target_and_event() {
    let origin = |event_index| Origin::event("nomic-7", 12, event_index);
    let thread = Target::Discord {
        webhook_url: "https://discord.example/api/webhooks/1/secret-token".into(),
    };
    let mail = Target::Email {
        to: vec!["B@x.example".into(), "a@x.example".into()],
    };
    let same_mail = Target::Email {
        to: vec!["a@x.example".into(), "b@x.example".into()],
    };
    let a = MessageId::derive(&origin(0), &thread);
    assert_eq!(a, MessageId::derive(&origin(0), &thread));
    assert_ne!(a, MessageId::derive(&origin(1), &thread));
    assert_ne!(a, MessageId::derive(&origin(0), &mail));
    assert_eq!(
        MessageId::derive(&origin(0), &mail),
        MessageId::derive(&origin(0), &same_mail)
    );
    assert!(a.as_str().starts_with("ntf-"));
    assert_eq!(a.as_str().len(), 36);
    assert!(!thread.key().contains("secret-token"));

    let m = Message::new(
        origin(0),
        "points-awarded",
        &thread,
        "Points",
        "Player 3 gains 10 points.",
    )
    .with_clause("nomic 209")
    .with_link("/v1/competitions/nomic-7/points");
    assert_eq!(m.id, a);
    assert_eq!(m.link, "/v1/competitions/nomic-7/points");
    assert_eq!(m.clause.as_deref(), Some("nomic 209"));
}
