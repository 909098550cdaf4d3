//! The local runtime without a socket: requests go through the same router
//! as `arbiter serve`, over the embedded store in a temporary directory,
//! with a fake clock and dev tokens. Simulations run on it.

use crate::server;
use crate::transport::Transport;
use arbiter_domain::competition::UserId;
use arbiter_http::auth::{mint_dev_token, ORGANIZERS};
use arbiter_http::{App, Authenticator, Clock, FakeClock};
use arbiter_store::EmbeddedStore;
use bytes::Bytes;
use chrono::{DateTime, Duration, Utc};
use serde_json::Value;
use std::sync::{Arc, Mutex};
use std::time::{Duration as Elapsed, Instant};

const SECRET: &[u8] = b"arbiter simulate: an in-process dev secret";

pub struct InProcess {
    pub app: Arc<App<EmbeddedStore>>,
    pub clock: Arc<FakeClock>,
    /// Counts requests on a terminal (hidden unless asked for).
    progress: indicatif::ProgressBar,
    /// How long the router took over each request, commands and reads apart.
    latencies: Mutex<Latencies>,
    /// Keeps the store's directory for the run's lifetime.
    _dir: tempfile::TempDir,
}

impl InProcess {
    pub fn new(now: DateTime<Utc>) -> Result<Self, String> {
        Self::with(now, None)
    }

    /// The runtime with a player-facts source for registrations (acwc II).
    pub fn with(
        now: DateTime<Utc>,
        facts: Option<Arc<dyn arbiter_facts::FactsSource>>,
    ) -> Result<Self, String> {
        let dir = tempfile::tempdir().map_err(|e| format!("temporary directory: {e}"))?;
        let store = EmbeddedStore::open(dir.path().join("simulation.redb"))
            .map_err(|e| format!("embedded store: {e}"))?;
        let clock = Arc::new(FakeClock::new(now));
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
        let app = Arc::new(app);
        Ok(Self {
            app,
            clock,
            progress: indicatif::ProgressBar::hidden(),
            latencies: Mutex::default(),
            _dir: dir,
        })
    }

    /// Shows each request on `bar`, with the simulated time.
    pub fn with_progress(mut self, bar: indicatif::ProgressBar) -> Self {
        self.progress = bar;
        self
    }

    /// The median and 90th percentile of the commands (POST) and the reads
    /// (GET) so far, each timed from the router's receipt of the request to
    /// its answer: what a command costs the service, whatever the client.
    pub fn latency_report(&self) -> String {
        let latencies = self
            .latencies
            .lock()
            .map_or_else(|e| e.into_inner().clone(), |l| l.clone());
        format!(
            "commands: {}; reads: {} (each request's time in the router)",
            summarize(latencies.commands),
            summarize(latencies.reads)
        )
    }
}

/// Each request's time in the router, by method.
#[derive(Clone, Default)]
struct Latencies {
    commands: Vec<Elapsed>,
    reads: Vec<Elapsed>,
}

/// `n, median m ms, p90 q ms` of `times`.
fn summarize(mut times: Vec<Elapsed>) -> String {
    if times.is_empty() {
        return "none".into();
    }
    times.sort_unstable();
    let at = |q: usize| times[(times.len() - 1) * q / 100].as_secs_f64() * 1e3;
    format!(
        "{} (median {:.3} ms, p90 {:.3} ms)",
        times.len(),
        at(50),
        at(90)
    )
}

impl Transport for InProcess {
    fn set_time(&self, now: DateTime<Utc>) {
        self.clock.set(now);
    }

    async fn call(
        &self,
        who: &str,
        organizer: bool,
        method: http::Method,
        path: &str,
        body: Option<Value>,
    ) -> (u16, Value) {
        let groups = if organizer {
            vec![ORGANIZERS.to_owned()]
        } else {
            vec![]
        };
        let Ok(user) = UserId::try_from(who) else {
            return (400, Value::Null);
        };
        // Tokens expire by the real clock (the JWT library reads it).
        let token = mint_dev_token(SECRET, &user, &groups, Utc::now() + Duration::days(1));
        let mut req = http::Request::builder()
            .method(method)
            .uri(path)
            .header(http::header::AUTHORIZATION, format!("Bearer {token}"));
        if body.is_some() {
            req = req.header(http::header::CONTENT_TYPE, "application/json");
        }
        let body = body.map_or_else(Bytes::new, |b| Bytes::from(b.to_string()));
        let Ok(req) = req.body(body) else {
            return (400, Value::Null);
        };
        self.progress.inc(1);
        if self.progress.position() % 64 == 1 {
            self.progress
                .set_message(self.clock.now().format("%Y-%m-%d %H:%M").to_string());
        }
        let command = req.method() == http::Method::POST;
        let started = Instant::now();
        let response = server::route(Arc::clone(&self.app), req).await;
        let took = started.elapsed();
        if let Ok(mut l) = self.latencies.lock() {
            if command {
                l.commands.push(took)
            } else {
                l.reads.push(took)
            }
        }
        let status = response.status().as_u16();
        let json = serde_json::from_slice(response.body()).unwrap_or(Value::Null);
        (status, json)
    }
}
