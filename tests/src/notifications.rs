//! The notification harness: a loopback inbox that receives signed webhooks, the
//! `notify` function fed with DynamoDB Stream batches built from the store's log,
//! and e-mail written as `.eml` files to a temporary folder.
//!
//! Every user subscribes over HTTP with a webhook to `{inbox}/hook/{user}`, so what
//! reached whom is read off the inbox; each delivery's signature is checked against
//! the secret the subscription answer showed once.

use crate::{TestServer, TestStore};
use arbiter_notify::{
    AnyMailer, Channels, EmailChannel, EmlFolder, NoSleep, Notifier, NotifyReport, Retrier,
    RetryPolicy,
};
use arbiter_store::CommitRecord;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use chrono::{DateTime, Utc};
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

/// One delivery the inbox received.
#[derive(Debug, Clone)]
pub struct Received {
    /// The user whose hook it reached (`/hook/{user}`).
    pub user: String,
    pub idempotency_key: String,
    pub timestamp: String,
    pub signature: String,
    /// The raw body, as signed.
    pub raw: String,
    pub body: Value,
}

/// One try at a hook, answered or refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attempt {
    pub user: String,
    pub idempotency_key: String,
    /// The status the inbox answered.
    pub status: u16,
}

#[derive(Default)]
struct InboxState {
    received: Vec<Received>,
    /// Every try, failed or not, in order.
    attempts: Vec<Attempt>,
    /// Answers to give before succeeding, per user: status and Retry-After.
    failures: HashMap<String, Vec<(u16, Option<u32>)>>,
}

/// A loopback HTTP server recording webhook deliveries.
#[derive(Clone)]
pub struct Inbox {
    pub base: String,
    state: Arc<Mutex<InboxState>>,
}

async fn receive(
    State(state): State<Arc<Mutex<InboxState>>>,
    Path(user): Path<String>,
    headers: HeaderMap,
    body: String,
) -> (StatusCode, HeaderMap) {
    let header = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    let mut state = state.lock().expect("inbox lock");
    let failure = state
        .failures
        .get_mut(&user)
        .filter(|queue| !queue.is_empty())
        .map(|queue| queue.remove(0));
    state.attempts.push(Attempt {
        user: user.clone(),
        idempotency_key: header("webhook-id"),
        status: failure.map_or(200, |(status, _)| status),
    });
    if let Some((status, retry_after)) = failure {
        let mut out = HeaderMap::new();
        if let Some(secs) = retry_after {
            out.insert("retry-after", secs.to_string().parse().expect("header"));
        }
        return (StatusCode::from_u16(status).expect("status"), out);
    }
    state.received.push(Received {
        user,
        idempotency_key: header("webhook-id"),
        timestamp: header("webhook-timestamp"),
        signature: header("webhook-signature"),
        body: serde_json::from_str(&body).unwrap_or(Value::Null),
        raw: body,
    });
    (StatusCode::OK, HeaderMap::new())
}

impl Inbox {
    pub async fn start() -> Self {
        let state = Arc::new(Mutex::new(InboxState::default()));
        let app = axum::Router::new()
            .route("/hook/{user}", axum::routing::post(receive))
            .with_state(Arc::clone(&state));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind loopback");
        let addr = listener.local_addr().expect("local addr");
        tokio::spawn(async move { axum::serve(listener, app).await.expect("inbox serves") });
        Inbox {
            base: format!("http://{addr}"),
            state,
        }
    }

    pub fn hook(&self, user: &str) -> String {
        format!("{}/hook/{user}", self.base)
    }

    /// Everything received so far, in order.
    pub fn received(&self) -> Vec<Received> {
        self.state.lock().expect("inbox lock").received.clone()
    }

    /// Every try at `user`'s hook, failed ones included, in order.
    pub fn attempts(&self, user: &str) -> Vec<Attempt> {
        self.state
            .lock()
            .expect("inbox lock")
            .attempts
            .iter()
            .filter(|a| a.user == user)
            .cloned()
            .collect()
    }

    /// Makes `user`'s hook answer these statuses (with `Retry-After` seconds) first.
    pub fn fail_next(&self, user: &str, answers: &[(u16, Option<u32>)]) {
        self.state
            .lock()
            .expect("inbox lock")
            .failures
            .insert(user.to_owned(), answers.to_vec());
    }
}

/// The notifier of one test server, with its inbox and mail folder.
pub struct Notifications<S> {
    pub notifier: Notifier<S, AnyMailer>,
    pub inbox: Inbox,
    pub mail: tempfile::TempDir,
    /// Secrets of the webhook subscriptions, by user, as shown when created (a
    /// user may hold several: in two competitions, or two hooks in one).
    secrets: Mutex<BTreeMap<String, Vec<String>>>,
    /// The last version put in a stream batch, per competition.
    streamed: Mutex<HashMap<String, u64>>,
    sequence: Mutex<u64>,
    clock: Arc<arbiter_http::FakeClock>,
}

impl<S: TestStore> Notifications<S> {
    /// A notifier over the server's store and clock: webhooks to the inbox without
    /// real waits between tries, e-mail to a temporary folder.
    pub async fn start(server: &TestServer<S>) -> Self {
        Self::start_with_telegram(server, None).await
    }

    /// [`Notifications::start`], posting to Telegram chats through the Bot
    /// API at `telegram` (a base address and a token).
    pub async fn start_with_telegram(
        server: &TestServer<S>,
        telegram: Option<(String, String)>,
    ) -> Self {
        let inbox = Inbox::start().await;
        let mail = tempfile::tempdir().expect("mail folder");
        let clock = Arc::clone(&server.clock);
        let now: Arc<dyn Fn() -> DateTime<Utc> + Send + Sync> = {
            let clock = Arc::clone(&clock);
            Arc::new(move || arbiter_http::Clock::now(&*clock))
        };
        let store = server.app.service.store().clone();
        let retrier = Retrier::new(
            RetryPolicy {
                max_attempts: 3,
                ..RetryPolicy::default()
            },
            Arc::new(NoSleep),
            Notifier::<S, AnyMailer>::dead_letter_sink(store.clone(), now.clone()),
        );
        let channels = Channels::over_http(reqwest::Client::new(), retrier, telegram).with_email(
            EmailChannel::new(
                AnyMailer::Eml(EmlFolder::new(mail.path())),
                "Arbiter <arbiter@example.org>",
            ),
        );
        Notifications {
            notifier: Notifier::new(store, channels, now).with_link_base(&server.base),
            inbox,
            mail,
            secrets: Mutex::default(),
            streamed: Mutex::default(),
            sequence: Mutex::new(0),
            clock,
        }
    }

    /// The same notifier, answering boards' mail at `<id>@<domain>`.
    pub fn with_mail_domain(mut self, domain: &str) -> Self {
        self.notifier = self.notifier.with_mail_domain(domain);
        self
    }

    /// Every `.eml` file written so far, as text.
    pub fn mails(&self) -> Vec<String> {
        let mut files: Vec<_> = std::fs::read_dir(self.mail.path())
            .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        files.sort();
        files
            .iter()
            .filter(|p| p.extension().is_some_and(|x| x == "eml"))
            .filter_map(|p| std::fs::read_to_string(p).ok())
            .collect()
    }

    /// `user` subscribes a webhook to `competition` over HTTP (`scope` `mine` or
    /// `announcements`); the answer's secret is kept to check signatures. Answers
    /// the created subscription.
    pub async fn subscribe(
        &self,
        server: &TestServer<S>,
        competition: &str,
        user: &str,
        scope: &str,
    ) -> Value {
        self.subscribe_muting(server, competition, user, scope, &[])
            .await
    }

    /// [`Notifications::subscribe`], muting `mute` (topics such as `reminder`).
    pub async fn subscribe_muting(
        &self,
        server: &TestServer<S>,
        competition: &str,
        user: &str,
        scope: &str,
        mute: &[&str],
    ) -> Value {
        let (status, answer) = server
            .post_as(
                user,
                arbiter_http::Clock::now(&*self.clock),
                &format!("/v1/competitions/{competition}/subscriptions"),
                &json!({"channel": "webhook", "url": self.inbox.hook(user), "scope": scope,
                        "mute": mute}),
            )
            .await;
        assert_eq!(status, 201, "{user} subscribes: {answer}");
        let secret = answer["secret"].as_str().expect("the secret is shown once");
        self.secrets
            .lock()
            .expect("secrets")
            .entry(user.to_owned())
            .or_default()
            .push(secret.to_owned());
        answer
    }

    /// The secret of `user`'s latest webhook subscription, as its creation showed it.
    pub fn secret(&self, user: &str) -> String {
        self.secrets
            .lock()
            .expect("secrets")
            .get(user)
            .and_then(|s| s.last().cloned())
            .expect("a subscribed user")
    }

    /// The DynamoDB Stream batch of every commit of `competition` not streamed yet,
    /// as Lambda would deliver it.
    pub async fn next_batch(&self, server: &TestServer<S>, competition: &str) -> Value {
        let after = *self
            .streamed
            .lock()
            .expect("streamed")
            .get(competition)
            .unwrap_or(&0);
        let commits: Vec<CommitRecord> =
            arbiter_store::Store::commits(server.app.service.store(), competition, after, 10_000)
                .await
                .expect("the log reads");
        if let Some(last) = commits.last() {
            self.streamed
                .lock()
                .expect("streamed")
                .insert(competition.to_owned(), last.version);
        }
        let mut sequence = self.sequence.lock().expect("sequence");
        let records: Vec<Value> = commits
            .iter()
            .map(|c| {
                *sequence += 1;
                arbiter_notify::stream::record_of(competition, c, *sequence)
            })
            .collect();
        json!({"Records": records})
    }

    /// Hands `batch` to the `notify` function, as the stream's event source does.
    pub async fn deliver(&self, batch: Value) -> NotifyReport {
        notify::on_event(
            &self.notifier,
            arbiter_http::Clock::now(&*self.clock),
            batch,
        )
        .await
        .expect("the batch is processed")
    }

    /// Streams and delivers what `competition` committed since the last call.
    pub async fn flush(&self, server: &TestServer<S>, competition: &str) -> NotifyReport {
        let batch = self.next_batch(server, competition).await;
        self.deliver(batch).await
    }

    /// Runs the `deadline-reminders` schedule at the clock's now.
    pub async fn remind(&self) -> NotifyReport {
        self.deliver(json!({"schedule": "deadline-reminders"}))
            .await
    }

    /// Everything the inbox received, each signature checked.
    pub fn received(&self) -> Vec<Received> {
        let secrets = self.secrets.lock().expect("secrets").clone();
        let received = self.inbox.received();
        for r in &received {
            let secrets = secrets.get(&r.user).expect("a subscribed user");
            let ts: i64 = r.timestamp.parse().expect("a unix timestamp");
            assert!(
                secrets.iter().any(|secret| arbiter_notify::verify(
                    secret,
                    &r.idempotency_key,
                    ts,
                    r.raw.as_bytes(),
                    &r.signature
                )),
                "bad signature on {r:?}"
            );
            assert_eq!(r.idempotency_key, r.body["id"], "{r:?}");
        }
        received
    }

    /// What reached `user` about events of type `event`.
    pub fn to(&self, user: &str, event: &str) -> Vec<Received> {
        self.received()
            .into_iter()
            .filter(|r| r.user == user && r.body["event"] == event)
            .collect()
    }

    /// The users who received at least one message about `event`, sorted.
    pub fn recipients(&self, event: &str) -> Vec<String> {
        let mut users: Vec<String> = self
            .received()
            .into_iter()
            .filter(|r| r.body["event"] == event)
            .map(|r| r.user)
            .collect();
        users.sort();
        users.dedup();
        users
    }
}
