//! The end-to-end harness: the local runtime's router served on a loopback
//! port, over either store, with a fake clock the test moves.

use arbiter_domain::competition::UserId;
use arbiter_facts::FactsSource;
use arbiter_http::auth::{mint_dev_token, ORGANIZERS};
use arbiter_http::{App, Authenticator, FakeClock};
use arbiter_store::{DynamoStore, EmbeddedStore, Store};
use chrono::{DateTime, Duration, Utc};
use std::sync::Arc;

const SECRET: &[u8] = b"end-to-end tests' dev token secret";

/// A running server and what a test needs to talk to it.
pub struct TestServer<S> {
    pub base: String,
    pub app: Arc<App<S>>,
    pub clock: Arc<FakeClock>,
    pub http: reqwest::Client,
}

/// The instant every test starts at: a Saturday, 10:00 UTC.
pub fn start_time() -> DateTime<Utc> {
    "2026-11-21T10:00:00Z".parse().expect("valid instant")
}

impl<S: Store + Clone> TestServer<S> {
    pub async fn start(store: S) -> Self {
        Self::start_with(store, None).await
    }

    /// A server whose registrations fetch player facts from `facts`
    /// (acwc II), e.g. a Lichess client pointed at a fake Lichess.
    pub async fn start_with(store: S, facts: Option<Arc<dyn FactsSource>>) -> Self {
        let clock = Arc::new(FakeClock::new(start_time()));
        let mut app = App::new(
            store,
            Authenticator::Dev {
                secret: SECRET.to_vec(),
            },
            clock.clone(),
        );
        if let Some(facts) = facts {
            app = app.with_facts(facts);
        }
        let app = Arc::new(app);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind loopback");
        let addr = listener.local_addr().expect("local addr");
        let router = arbiter::server::router(Arc::clone(&app));
        tokio::spawn(async move { axum::serve(listener, router).await.expect("serve") });
        Self {
            base: format!("http://{addr}"),
            app,
            clock,
            http: reqwest::Client::new(),
        }
    }

    /// A dev token; `organizer` lets the user create competitions. Tokens
    /// expire by the real clock (the JWT library reads it), so they are
    /// valid for a year whatever the fake clock says.
    pub fn token(&self, user: &str, organizer: bool) -> String {
        let groups = if organizer {
            vec![ORGANIZERS.to_owned()]
        } else {
            vec![]
        };
        mint_dev_token(
            SECRET,
            &UserId::try_from(user).expect("valid user"),
            &groups,
            Utc::now() + Duration::days(365),
        )
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// GETs `path` with `token` and reads the JSON answer.
    pub async fn get(&self, path: &str, token: &str) -> serde_json::Value {
        self.http
            .get(self.url(path))
            .bearer_auth(token)
            .send()
            .await
            .expect("request")
            .json()
            .await
            .expect("JSON answer")
    }
}

/// A server over a fresh embedded store.
pub async fn embedded() -> TestServer<EmbeddedStore> {
    embedded_with(None).await
}

/// A server over a fresh embedded store, with a player-facts source.
pub async fn embedded_with(facts: Option<Arc<dyn FactsSource>>) -> TestServer<EmbeddedStore> {
    let dir = tempfile::tempdir().expect("temp dir").keep();
    let store = EmbeddedStore::open(dir.join("e2e.redb")).expect("open store");
    TestServer::start_with(store, facts).await
}

/// A server over the local DynamoDB-compatible server named by
/// `ARBITER_DYNAMO_ENDPOINT` (started by `scripts/moto.sh`), or `None` when
/// `ARBITER_SKIP_DYNAMO=1` says this run has none. Without either, it fails:
/// the README's test command always starts one.
pub async fn dynamo() -> Option<TestServer<DynamoStore>> {
    dynamo_with(None).await
}

/// [`dynamo`], with a player-facts source.
pub async fn dynamo_with(facts: Option<Arc<dyn FactsSource>>) -> Option<TestServer<DynamoStore>> {
    let Ok(endpoint) = std::env::var("ARBITER_DYNAMO_ENDPOINT") else {
        if std::env::var("ARBITER_SKIP_DYNAMO").as_deref() == Ok("1") {
            eprintln!("ARBITER_SKIP_DYNAMO=1: skipping the DynamoDB run");
            return None;
        }
        panic!("ARBITER_DYNAMO_ENDPOINT is not set: run scripts/test.sh, or start scripts/moto.sh (or set ARBITER_SKIP_DYNAMO=1)");
    };
    // A table per server, as each embedded server has its own file.
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let table = format!("arbiter-e2e-{}-{n}", std::process::id());
    let store = DynamoStore::local(&endpoint, table).await;
    store.create_table().await.expect("create table");
    Some(TestServer::start_with(store, facts).await)
}

/// Runs an async test body against both stores.
#[macro_export]
macro_rules! on_both_stores {
    ($name:ident, $body:path) => {
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn embedded() {
                $body($crate::embedded().await).await;
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn dynamo() {
                if let Some(server) = $crate::dynamo().await {
                    $body(server).await;
                }
            }
        }
    };
}
