//! The signed webhook adapter against a loopback fake.

mod common;

use arbiter_notify::{Channel, DeliveryError, Target, WebhookChannel};
use base64::engine::general_purpose::STANDARD as BASE64;
use base64::Engine;
use common::{nmr_message, retrier, secs, Fake, Reply};
use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::sync::Arc;

fn target(fake: &Fake) -> Target {
    Target::Webhook {
        subscription: "sub-club-bot".into(),
        url: fake.url("/hooks/arbiter"),
        // A Standard Webhooks secret: `whsec_` and the key's base64.
        secret: "whsec_czNjcmV0".into(),
    }
}

fn channel(
    max_attempts: u32,
) -> (
    WebhookChannel,
    arbiter_notify::RecordingSleeper,
    arbiter_notify::MemoryDeadLetters,
) {
    let (r, sleeper, dead) = retrier(max_attempts);
    let ch = WebhookChannel::with_clock(common::client(), r, Arc::new(|| 1_790_000_000));
    (ch, sleeper, dead)
}

#[tokio::test]
async fn nomic_209_webhook_posts_json_signed_as_standard_webhooks() {
    let fake = Fake::start(vec![], Reply::new(204, "")).await;
    let (ch, sleeper, _) = channel(5);
    let target = target(&fake);
    let message = nmr_message(&target);
    let delivered = ch.deliver(&target, &message).await.unwrap();
    assert_eq!(delivered.attempts, 1);
    assert!(sleeper.sleeps().is_empty());

    let requests = fake.requests();
    assert_eq!(requests.len(), 1);
    let req = &requests[0];
    assert_eq!(req.path, "/hooks/arbiter");
    assert_eq!(req.header("content-type"), "application/json");
    assert_eq!(req.header("webhook-id"), message.id.as_str());
    assert_eq!(req.header("webhook-timestamp"), "1790000000");
    let body = req.json();
    assert_eq!(body["id"], message.id.as_str());
    assert_eq!(body["competition"], "wm-2026");
    assert_eq!(body["event"], "nmr-recorded");
    assert_eq!(body["clause"], "wm B.8.b");
    assert_eq!(body["link"], "/v1/competitions/wm-2026");
    assert_eq!(body["recipient"], "webhook:sub-club-bot");
    assert!(!String::from_utf8_lossy(&req.body).contains("czNjcmV0"));

    // The signature, recomputed here without the crate's own code: the key
    // is the base64 after `whsec_` ("czNjcmV0" is "s3cret"), the signed
    // content "{id}.{timestamp}.{body}".
    let mut mac = Hmac::<Sha256>::new_from_slice(b"s3cret").unwrap();
    mac.update(format!("{}.1790000000.", message.id.as_str()).as_bytes());
    mac.update(&req.body);
    let expected = format!("v1,{}", BASE64.encode(mac.finalize().into_bytes()));
    assert_eq!(req.header("webhook-signature"), expected);
    let id = message.id.as_str();
    let verify = |secret, ts, sig: &str| arbiter_notify::verify(secret, id, ts, &req.body, sig);
    assert!(verify("whsec_czNjcmV0", 1_790_000_000, &expected));
    assert!(!verify("whsec_b3RoZXI=", 1_790_000_000, &expected));
    assert!(!verify("whsec_czNjcmV0", 1_790_000_001, &expected));
}

#[tokio::test]
async fn webhook_retries_5xx_with_exponential_backoff_then_succeeds() {
    let fake = Fake::start(
        vec![Reply::new(500, "boom"), Reply::new(503, "busy")],
        Reply::new(200, "{}"),
    )
    .await;
    let (ch, sleeper, dead) = channel(5);
    let target = target(&fake);
    let message = nmr_message(&target);
    let delivered = ch.deliver(&target, &message).await.unwrap();
    assert_eq!(delivered.attempts, 3);
    assert_eq!(sleeper.sleeps(), vec![secs(1), secs(2)]);
    assert!(dead.letters().is_empty());
    let requests = fake.requests();
    assert_eq!(requests.len(), 3);
    // Every try carries the same webhook-id, so the receiver can drop repeats.
    assert!(requests
        .iter()
        .all(|r| r.header("webhook-id") == message.id.as_str()));
}

#[tokio::test]
async fn webhook_429_retry_after_is_honoured() {
    let fake = Fake::start(
        vec![Reply::new(429, "slow down").header("retry-after", "7")],
        Reply::new(200, "{}"),
    )
    .await;
    let (ch, sleeper, _) = channel(5);
    let target = target(&fake);
    let delivered = ch.deliver(&target, &nmr_message(&target)).await.unwrap();
    assert_eq!(delivered.attempts, 2);
    assert_eq!(sleeper.sleeps(), vec![secs(7)]);
}

#[tokio::test]
async fn webhook_dead_letter_after_the_last_try() {
    let fake = Fake::start(vec![], Reply::new(502, "bad gateway")).await;
    let (ch, sleeper, dead) = channel(3);
    let target = target(&fake);
    let message = nmr_message(&target);
    let err = ch.deliver(&target, &message).await.unwrap_err();
    let DeliveryError::Exhausted(letter) = err else {
        panic!("expected a dead letter, got {err:?}");
    };
    assert_eq!(letter.attempts, 3);
    assert!(letter.last_error.contains("502"), "{}", letter.last_error);
    assert_eq!(fake.requests().len(), 3);
    assert_eq!(sleeper.sleeps(), vec![secs(1), secs(2)]);
    let letters = dead.letters();
    assert_eq!(letters.len(), 1);
    assert_eq!(letters[0].message, message);
    assert_eq!(letters[0].target, target);
}

#[tokio::test]
async fn webhook_400_is_not_retried() {
    let fake = Fake::start(vec![], Reply::new(400, "bad payload")).await;
    let (ch, sleeper, dead) = channel(5);
    let target = target(&fake);
    let err = ch
        .deliver(&target, &nmr_message(&target))
        .await
        .unwrap_err();
    assert!(
        matches!(err, DeliveryError::Rejected { status: 400, ref detail, .. } if detail == "bad payload"),
        "{err:?}"
    );
    assert_eq!(fake.requests().len(), 1);
    assert!(sleeper.sleeps().is_empty());
    assert!(dead.letters().is_empty());
}

#[tokio::test]
async fn webhook_connection_refused_is_retried_then_dead_lettered() {
    // A port that was just free: nothing listens there any more.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    drop(listener);
    let (ch, sleeper, dead) = channel(2);
    let target = Target::Webhook {
        subscription: "gone".into(),
        url: format!("http://{addr}/hook"),
        secret: "k".into(),
    };
    let err = ch
        .deliver(&target, &nmr_message(&target))
        .await
        .unwrap_err();
    assert!(
        matches!(err, DeliveryError::Exhausted(ref l) if l.last_error.starts_with("transport")),
        "{err:?}"
    );
    assert_eq!(sleeper.sleeps(), vec![secs(1)]);
    assert_eq!(dead.letters().len(), 1);
}

#[tokio::test]
async fn webhook_retry_after_beyond_the_policy_dead_letters_at_once() {
    let fake = Fake::start(vec![], Reply::new(429, "").header("retry-after", "3600")).await;
    let (ch, sleeper, dead) = channel(5);
    let target = target(&fake);
    let err = ch
        .deliver(&target, &nmr_message(&target))
        .await
        .unwrap_err();
    assert!(matches!(err, DeliveryError::Exhausted(ref l) if l.attempts == 1));
    assert!(sleeper.sleeps().is_empty());
    assert_eq!(dead.letters().len(), 1);
}

#[tokio::test]
async fn webhook_refuses_plain_http_off_loopback_and_other_targets() {
    let (ch, _, _) = channel(5);
    let target = Target::Webhook {
        subscription: "s".into(),
        url: "http://example.invalid/hook".into(),
        secret: "k".into(),
    };
    let err = ch
        .deliver(&target, &nmr_message(&target))
        .await
        .unwrap_err();
    assert!(matches!(err, DeliveryError::BadUrl { .. }), "{err:?}");
    let other = Target::Telegram {
        chat_id: "1".into(),
        topic: None,
    };
    let err = ch.deliver(&other, &nmr_message(&other)).await.unwrap_err();
    assert!(matches!(err, DeliveryError::WrongTarget { .. }), "{err:?}");
    assert!(arbiter_notify::check_url("https://hooks.example.org/x").is_ok());
    assert!(arbiter_notify::check_url("http://[::1]:9/x").is_ok());
    assert!(arbiter_notify::check_url("ftp://example.org/x").is_err());
}

/// The production retrier spreads its backoff (full jitter): a receiver down
/// for a while gets each sender's retries at scattered instants, each wait no
/// longer than its plain backoff (1 s, 2 s, 4 s for five tries), while a
/// `Retry-After` is obeyed exactly as asked.
#[tokio::test]
async fn the_default_retrier_spreads_each_wait_below_its_backoff() {
    let fake = Fake::start(vec![], Reply::new(503, "down")).await;
    let down = target(&fake);
    let message = nmr_message(&down);
    let mut schedules = Vec::new();
    for _ in 0..8 {
        let sleeper = arbiter_notify::RecordingSleeper::default();
        let dead = arbiter_notify::MemoryDeadLetters::default();
        let policy = arbiter_notify::RetryPolicy {
            max_attempts: 4,
            ..arbiter_notify::RetryPolicy::default()
        };
        let retrier =
            arbiter_notify::Retrier::new(policy, Arc::new(sleeper.clone()), Arc::new(dead));
        let ch = WebhookChannel::with_clock(common::client(), retrier, Arc::new(|| 1_790_000_000));
        let failed = ch.deliver(&down, &message).await;
        assert!(
            matches!(failed, Err(DeliveryError::Exhausted(_))),
            "{failed:?}"
        );
        let sleeps = sleeper.sleeps();
        assert_eq!(sleeps.len(), 3);
        for (wait, ceiling) in sleeps.iter().zip([secs(1), secs(2), secs(4)]) {
            assert!(*wait <= ceiling, "{sleeps:?}");
        }
        schedules.push(sleeps);
    }
    assert!(
        schedules.iter().any(|s| *s != schedules[0]),
        "eight senders retried in lockstep: {schedules:?}"
    );

    let asked = Fake::start(
        vec![Reply::new(429, "slow down").header("retry-after", "7")],
        Reply::new(200, "{}"),
    )
    .await;
    let sleeper = arbiter_notify::RecordingSleeper::default();
    let retrier = arbiter_notify::Retrier::new(
        arbiter_notify::RetryPolicy::default(),
        Arc::new(sleeper.clone()),
        Arc::new(arbiter_notify::MemoryDeadLetters::default()),
    );
    let ch = WebhookChannel::with_clock(common::client(), retrier, Arc::new(|| 1_790_000_000));
    let busy = target(&asked);
    ch.deliver(&busy, &nmr_message(&busy)).await.unwrap();
    assert_eq!(
        sleeper.sleeps(),
        vec![secs(7)],
        "Retry-After is obeyed unspread"
    );
}
