//! The end-to-end harness: the local runtime's router served on a loopback
//! port, over either store, with a fake clock the test moves.

use arbiter_domain::competition::UserId;
use arbiter_facts::FactsSource;
use arbiter_http::auth::{mint_dev_token, ORGANIZERS};
use arbiter_http::{App, Authenticator, FakeClock};
use arbiter_store::{DynamoStore, EmbeddedStore, NotifyStore, Store};
use chrono::{DateTime, Duration, Utc};
use std::sync::Arc;

pub mod faults;
pub mod form_browser;
pub mod idp;
pub mod lambda;
pub mod mailbox;
pub mod notifications;
pub mod telegram;

const SECRET: &[u8] = b"end-to-end tests' dev token secret";

/// The one browser origin the test servers let call them (CORS).
pub const TEST_ORIGIN: &str = "https://app.example.org";

/// What a test server's store must be: the persistence port and the notifier's
/// (both adapters are both).
pub trait TestStore: Store + NotifyStore + Clone {}

impl<S: Store + NotifyStore + Clone> TestStore for S {}

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

impl<S: TestStore> TestServer<S> {
    pub async fn start(store: S) -> Self {
        Self::start_with(store, None).await
    }

    /// A server whose registrations fetch player facts from `facts`
    /// (acwc II), e.g. a Lichess client pointed at a fake Lichess.
    pub async fn start_with(store: S, facts: Option<Arc<dyn FactsSource>>) -> Self {
        Self::start_configured(store, facts, |app| app).await
    }

    /// A server whose app `configure` finishes (e.g. with a Telegram bot).
    /// The app it is given already names the server's own address
    /// (`public_base`), for what must point back at the server (the
    /// identity provider's callback).
    pub async fn start_configured(
        store: S,
        facts: Option<Arc<dyn FactsSource>>,
        configure: impl FnOnce(App<S>) -> App<S>,
    ) -> Self {
        let clock = Arc::new(FakeClock::new(start_time()));
        // The fakes (webhook receivers, Discord, Telegram) listen on loopback.
        let mut app = App::new(
            store,
            Authenticator::Dev {
                secret: SECRET.to_vec(),
            },
            clock.clone(),
        )
        .with_loopback_targets();
        if let Some(facts) = facts {
            app = app.with_facts(facts);
        }
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind loopback");
        let addr = listener.local_addr().expect("local addr");
        // Locations name this server, as `arbiter serve` names its own.
        let app = app
            .with_public_base(format!("http://{addr}"))
            .with_cors(vec![TEST_ORIGIN.to_owned()]);
        let app = Arc::new(configure(app));
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

    /// GETs `path` with `token`: the raw body, for searching for secrets.
    pub async fn get_text(&self, path: &str, token: &str) -> String {
        self.http
            .get(self.url(path))
            .bearer_auth(token)
            .send()
            .await
            .expect("request")
            .text()
            .await
            .expect("body")
    }

    /// Every public page of competition `id` (`arbiter_pages::paths` of its
    /// stored state), fetched without a token as anyone reads them; each
    /// must answer 200. Their text, with HTML entities also read back (see
    /// [`with_entities_read`]), for searching for secrets.
    pub async fn public_pages(&self, id: &str) -> String {
        let state = self
            .app
            .service
            .load(&arbiter_domain::competition::CompetitionId::try_from(id).expect("an id"))
            .await
            .expect("loads")
            .expect("exists");
        let mut all = String::new();
        for page in arbiter_pages::paths(&state) {
            let path = format!("/pages/{id}/{page}");
            let path = path.trim_end_matches('/');
            let r = self.http.get(self.url(path)).send().await.expect("request");
            let status = r.status();
            let text = r.text().await.expect("body");
            assert_eq!(status, 200, "GET {path}: {text}");
            all.push_str(&with_entities_read(&text));
            all.push('\n');
        }
        all
    }

    /// `org`, who may organize, creates the competition `body` describes
    /// (`{"id", "kind", "name"}`) at the clock's time; it must be created.
    pub async fn create(&self, body: &serde_json::Value) {
        let r = self
            .http
            .post(self.url("/v1/competitions"))
            .bearer_auth(self.token("org", true))
            .json(body)
            .send()
            .await
            .expect("request");
        assert_eq!(r.status(), 201, "create {body}");
    }

    /// POSTs `body` to `path` as `who` (no organizer rights) at `now`: the
    /// status and the JSON answer.
    pub async fn post_as(
        &self,
        who: &str,
        now: DateTime<Utc>,
        path: &str,
        body: &serde_json::Value,
    ) -> (u16, serde_json::Value) {
        self.clock.set(now);
        let r = self
            .http
            .post(self.url(path))
            .bearer_auth(self.token(who, false))
            .json(body)
            .send()
            .await
            .expect("request");
        (r.status().as_u16(), r.json().await.expect("JSON answer"))
    }

    /// Runs the schedule `name` at `now` through its function, as
    /// EventBridge would; no competition may fail.
    pub async fn fire(&self, name: &str, now: DateTime<Utc>) -> arbiter_service::SweepReport {
        self.clock.set(now);
        let function = arbiter_service::schedules::schedule(name)
            .expect("a known schedule")
            .function;
        let report = arbiter::server::fire(Arc::clone(&self.app), function, name)
            .await
            .expect("the schedule runs");
        assert_eq!(report.failed, 0, "{name} at {now}: {report:?}");
        report
    }
}

/// `html` followed by the same text with its entities read back, so a
/// search for a secret finds it behind `&quot;` or `&lt;` too.
pub fn with_entities_read(html: &str) -> String {
    let plain = html
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    format!("{html}\n{plain}")
}

/// Asserts that `answer` is a refusal citing `clause`: 422 for a rule, 403
/// for a right the caller lacks, as problem+json either way.
pub fn assert_refused(status: u16, answer: &serde_json::Value, clause: &str) {
    let kind = match status {
        422 => "/problems/rule-refused",
        403 => "/problems/forbidden",
        _ => panic!("expected a refusal under {clause}, got {status}: {answer}"),
    };
    assert_eq!(answer["type"], kind, "{answer}");
    assert_eq!(answer["clause"], clause, "{answer}");
}

/// The World Masters story (and any other written against
/// [`arbiter::world_masters::Transport`]) over HTTP on loopback.
impl<S: TestStore> arbiter::world_masters::Transport for TestServer<S> {
    fn set_time(&self, now: DateTime<Utc>) {
        self.clock.set(now);
    }

    async fn call(
        &self,
        who: &str,
        organizer: bool,
        method: http::Method,
        path: &str,
        body: Option<serde_json::Value>,
    ) -> (u16, serde_json::Value) {
        let mut req = self
            .http
            .request(method, self.url(path))
            .bearer_auth(self.token(who, organizer));
        if let Some(body) = body {
            req = req.json(&body);
        }
        let r = req.send().await.expect("request");
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(serde_json::Value::Null))
    }
}

/// A server over a fresh embedded store.
pub async fn embedded() -> TestServer<EmbeddedStore> {
    embedded_with(None).await
}

/// A server over a fresh embedded store, with a player-facts source.
pub async fn embedded_with(facts: Option<Arc<dyn FactsSource>>) -> TestServer<EmbeddedStore> {
    TestServer::start_with(embedded_store(), facts).await
}

/// A fresh embedded store in a folder of its own.
fn embedded_store() -> EmbeddedStore {
    let dir = tempfile::tempdir().expect("temp dir").keep();
    EmbeddedStore::open(dir.join("e2e.redb")).expect("open store")
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
    Some(TestServer::start_with(dynamo_store().await?, facts).await)
}

/// A fresh table on the local DynamoDB-compatible server (see [`dynamo`]).
async fn dynamo_store() -> Option<DynamoStore> {
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
    Some(store)
}

/// A server over the table `table` at the local DynamoDB-compatible server
/// `endpoint` (made by the caller): the local runtime reading what another
/// runtime (the Lambda functions) wrote.
pub async fn dynamo_on(endpoint: &str, table: &str) -> TestServer<DynamoStore> {
    TestServer::start(DynamoStore::local(endpoint, table).await).await
}

/// A server over a fresh embedded store, its app finished by `configure`.
pub async fn embedded_configured<F>(configure: F) -> TestServer<EmbeddedStore>
where
    F: FnOnce(App<EmbeddedStore>) -> App<EmbeddedStore>,
{
    TestServer::start_configured(embedded_store(), None, configure).await
}

/// [`dynamo`], its app finished by `configure`.
pub async fn dynamo_configured<F>(configure: F) -> Option<TestServer<DynamoStore>>
where
    F: FnOnce(App<DynamoStore>) -> App<DynamoStore>,
{
    Some(TestServer::start_configured(dynamo_store().await?, None, configure).await)
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
