//! A webhook delivery verified by the Standard Webhooks reference library
//! (PyPI `standardwebhooks`, installed into `.venv-webhooks` by
//! `scripts/standard-webhooks.sh`, which `scripts/test.sh` runs): what a
//! receiver using any Standard Webhooks library will do with our deliveries.
//! Skipped, saying so, when that venv is missing.

use arbiter_e2e::notifications::Inbox;
use arbiter_notify::webhook::new_secret;
use arbiter_notify::{
    Channel, MemoryDeadLetters, Message, NoSleep, Origin, Retrier, RetryPolicy, Target,
    WebhookChannel,
};
use std::path::PathBuf;
use std::process::Command;
use std::sync::Arc;

/// Verifies with the library: argv is secret, body file, id, timestamp,
/// signature; prints the payload's id; exits non-zero when verification fails.
const VERIFY: &str = r#"
import sys
from standardwebhooks import Webhook
secret, path, msg_id, timestamp, signature = sys.argv[1:]
body = open(path, "rb").read()
headers = {"webhook-id": msg_id, "webhook-timestamp": timestamp, "webhook-signature": signature}
print(Webhook(secret).verify(body, headers)["id"])
"#;

/// The venv's python, from `ARBITER_STANDARD_WEBHOOKS_PYTHON` or the
/// repository's `.venv-webhooks`.
fn library_python() -> Option<PathBuf> {
    let from_env = std::env::var_os("ARBITER_STANDARD_WEBHOOKS_PYTHON").map(PathBuf::from);
    let in_repo = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.venv-webhooks/bin/python");
    from_env.into_iter().chain([in_repo]).find(|p| p.exists())
}

fn verify(python: &PathBuf, secret: &str, body: &[u8], headers: [&str; 3]) -> Option<String> {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("body.json");
    std::fs::write(&path, body).expect("write body");
    let out = Command::new(python)
        .arg("-c")
        .arg(VERIFY)
        .arg(secret)
        .arg(&path)
        .args(headers)
        .output()
        .expect("run python");
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_delivery_verifies_with_the_standard_webhooks_library() {
    let Some(python) = library_python() else {
        eprintln!(
            "SKIPPED: no Standard Webhooks library; run `eval \"$(scripts/standard-webhooks.sh)\"` \
             (scripts/test.sh does)"
        );
        return;
    };
    let inbox = Inbox::start().await;
    let retrier = Retrier::new(
        RetryPolicy::default(),
        Arc::new(NoSleep),
        Arc::new(MemoryDeadLetters::default()),
    );
    // The wall clock stamps the try: the library refuses timestamps more
    // than five minutes from its own clock.
    let channel = WebhookChannel::new(reqwest::Client::new(), retrier);
    let secret = new_secret();
    let target = Target::Webhook {
        subscription: "sub-1".into(),
        url: inbox.hook("ann"),
        secret: secret.clone(),
    };
    let origin = Origin::event("wm-2026", 42, 1);
    let message = Message::new(origin, "nmr-recorded", &target, "NMR", "No orders.");
    channel.deliver(&target, &message).await.expect("delivered");
    let got = inbox.received().pop().expect("one delivery");
    let headers = [
        got.idempotency_key.as_str(),
        got.timestamp.as_str(),
        got.signature.as_str(),
    ];
    let verified = verify(&python, &secret, got.raw.as_bytes(), headers);
    assert_eq!(verified.as_deref(), Some(message.id.as_str()));
    // A changed body, or another secret, does not verify.
    let tampered = got.raw.replace("No orders.", "Orders.");
    assert_eq!(verify(&python, &secret, tampered.as_bytes(), headers), None);
    assert_eq!(
        verify(&python, &new_secret(), got.raw.as_bytes(), headers),
        None
    );
}
