//! A loopback fake HTTP server that records requests and answers from a script.

#![allow(dead_code)]

use arbiter_notify::{
    MemoryDeadLetters, Message, NoJitter, Origin, RecordingSleeper, Retrier, RetryPolicy, Target,
};
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::Router;
use std::collections::VecDeque;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// One request the fake received.
#[derive(Debug, Clone)]
pub struct Recorded {
    pub path: String,
    pub query: Option<String>,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

impl Recorded {
    pub fn header(&self, name: &str) -> String {
        self.headers
            .get(name)
            .map(|v| v.to_str().unwrap().to_string())
            .unwrap_or_default()
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap()
    }
}

/// One scripted answer.
#[derive(Debug, Clone)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(&'static str, String)>,
    pub body: String,
}

impl Reply {
    pub fn new(status: u16, body: impl Into<String>) -> Self {
        Reply {
            status,
            headers: vec![],
            body: body.into(),
        }
    }

    pub fn header(mut self, name: &'static str, value: impl Into<String>) -> Self {
        self.headers.push((name, value.into()));
        self
    }
}

#[derive(Default)]
struct FakeState {
    requests: Vec<Recorded>,
    script: VecDeque<Reply>,
}

/// The fake: answers the script in order, then `default`.
#[derive(Clone)]
pub struct Fake {
    state: Arc<Mutex<FakeState>>,
    default: Reply,
    pub addr: SocketAddr,
}

impl Fake {
    pub async fn start(script: Vec<Reply>, default: Reply) -> Fake {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let fake = Fake {
            state: Arc::new(Mutex::new(FakeState {
                requests: vec![],
                script: script.into(),
            })),
            default,
            addr,
        };
        let app = Router::new().fallback(handle).with_state(fake.clone());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        fake
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }

    pub fn requests(&self) -> Vec<Recorded> {
        self.state.lock().unwrap().requests.clone()
    }
}

async fn handle(State(fake): State<Fake>, uri: Uri, headers: HeaderMap, body: Bytes) -> Response {
    let reply = {
        let mut state = fake.state.lock().unwrap();
        state.requests.push(Recorded {
            path: uri.path().to_string(),
            query: uri.query().map(str::to_string),
            headers,
            body: body.to_vec(),
        });
        state.script.pop_front().unwrap_or(fake.default.clone())
    };
    let mut map = HeaderMap::new();
    map.insert("content-type", HeaderValue::from_static("application/json"));
    for (name, value) in reply.headers {
        map.insert(
            HeaderName::from_static(name),
            HeaderValue::from_str(&value).unwrap(),
        );
    }
    (StatusCode::from_u16(reply.status).unwrap(), map, reply.body).into_response()
}

/// A retrier recording its sleeps and dead letters. Its backoff is unspread
/// (`NoJitter`), so a test reads the schedule's ceilings exactly; the spread
/// itself is tested on its own.
pub fn retrier(max_attempts: u32) -> (Retrier, RecordingSleeper, MemoryDeadLetters) {
    let sleeper = RecordingSleeper::default();
    let dead = MemoryDeadLetters::default();
    let policy = RetryPolicy {
        max_attempts,
        ..RetryPolicy::default()
    };
    (
        Retrier::new(policy, Arc::new(sleeper.clone()), Arc::new(dead.clone()))
            .with_jitter(Arc::new(NoJitter)),
        sleeper,
        dead,
    )
}

/// An NMR notice under wm B.8.b for `target`.
pub fn nmr_message(target: &Target) -> Message {
    Message::new(
        Origin::event("wm-2026", 42, 1),
        "nmr-recorded",
        target,
        "NMR: Team Oslo missed the Spring 1902 orders",
        "Team Oslo sent no orders for Spring 1902.\nThe captain and the team are told (wm B.8.b).",
    )
    .with_clause("wm B.8.b")
}

pub fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

/// A client that never goes through a proxy from the environment.
pub fn client() -> reqwest::Client {
    reqwest::Client::builder().no_proxy().build().unwrap()
}
