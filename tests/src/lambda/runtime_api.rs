//! The Lambda Runtime API (version 2018-06-01) on loopback, for one
//! function's process: what a custom runtime (`provided.al2023`) talks to
//! through `AWS_LAMBDA_RUNTIME_API`.
//!
//! - `GET /2018-06-01/runtime/invocation/next` waits for the next event and
//!   answers it with the documented headers (`Lambda-Runtime-Aws-Request-Id`,
//!   `-Deadline-Ms`, `-Invoked-Function-Arn`, `-Trace-Id`);
//! - `POST …/invocation/{id}/response` and `…/invocation/{id}/error` end
//!   that invocation (202, or 400 for a request id not waiting);
//! - `POST /2018-06-01/runtime/init/error` reports a process that could not
//!   start.
//!
//! Not emulated: the service freezes a process between invocations and
//! ends one that outlives its timeout; here the process runs on and the
//! caller's own bound ([`super::INVOKE_BOUND`]) stands in for the timeout.
//! The deadline header is still sent, for the runtime to read.

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;

/// Lambda's limit on a synchronous invocation's response payload: 6 MB.
pub const RESPONSE_LIMIT: usize = 6 * 1024 * 1024;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Instant, SystemTime, UNIX_EPOCH};
use tokio::sync::{mpsc, oneshot, watch};

/// How an invocation ended, as the runtime reported it.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// The body POSTed to `…/response`.
    Response(Value),
    /// The body POSTed to `…/error` (`errorType`, `errorMessage`).
    Error(Value),
}

struct Invocation {
    id: String,
    event: Value,
    reply: oneshot::Sender<Outcome>,
}

struct Shared {
    queue: tokio::sync::Mutex<mpsc::UnboundedReceiver<Invocation>>,
    waiting: Mutex<HashMap<String, oneshot::Sender<Outcome>>>,
    first_next: Mutex<Option<Instant>>,
    init_error: watch::Sender<Option<Value>>,
    function_arn: String,
    timeout_ms: u64,
}

/// One function's Runtime API, served until dropped.
pub struct RuntimeApi {
    pub addr: SocketAddr,
    queue: mpsc::UnboundedSender<Invocation>,
    shared: Arc<Shared>,
    next_id: AtomicU64,
    server: tokio::task::JoinHandle<()>,
}

impl Drop for RuntimeApi {
    fn drop(&mut self) {
        self.server.abort();
    }
}

const BASE: &str = "/2018-06-01/runtime";

impl RuntimeApi {
    /// Serves the API on a loopback port for the function `arn`, whose
    /// configured timeout is `timeout_ms` (for the deadline header).
    pub async fn start(function_arn: String, timeout_ms: u64) -> Self {
        let (queue, receiver) = mpsc::unbounded_channel();
        let shared = Arc::new(Shared {
            queue: tokio::sync::Mutex::new(receiver),
            waiting: Mutex::default(),
            first_next: Mutex::default(),
            init_error: watch::channel(None).0,
            function_arn,
            timeout_ms,
        });
        let router = Router::new()
            .route(&format!("{BASE}/invocation/next"), get(next))
            .route(
                &format!("{BASE}/invocation/{{id}}/response"),
                post(response),
            )
            .route(&format!("{BASE}/invocation/{{id}}/error"), post(error))
            .route(&format!("{BASE}/init/error"), post(init_error))
            // Lambda takes a synchronous response of up to 6 MB (axum's
            // default would refuse one over 2 MB with a 413).
            .layer(axum::extract::DefaultBodyLimit::max(RESPONSE_LIMIT))
            .with_state(Arc::clone(&shared));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind loopback");
        let addr = listener.local_addr().expect("local addr");
        let server = tokio::spawn(async move {
            let _ = axum::serve(listener, router).await;
        });
        Self {
            addr,
            queue,
            shared,
            next_id: AtomicU64::new(1),
            server,
        }
    }

    /// Queues `event`; the receiver gets the runtime's answer.
    pub fn invoke(&self, event: Value) -> oneshot::Receiver<Outcome> {
        let n = self.next_id.fetch_add(1, Ordering::Relaxed);
        let (reply, answer) = oneshot::channel();
        let id = format!("8f5e1b2a-0c3d-4e6f-9a7b-{n:012x}");
        let _ = self.queue.send(Invocation { id, event, reply });
        answer
    }

    /// When the runtime first asked for an event (the end of its init).
    pub fn first_next(&self) -> Option<Instant> {
        *self.shared.first_next.lock().expect("lock")
    }

    /// What the runtime reported to `/init/error`, as it changes.
    pub fn init_error(&self) -> watch::Receiver<Option<Value>> {
        self.shared.init_error.subscribe()
    }
}

fn header(value: &str) -> HeaderValue {
    HeaderValue::from_str(value).expect("a header value")
}

async fn next(State(shared): State<Arc<Shared>>) -> Response {
    shared
        .first_next
        .lock()
        .expect("lock")
        .get_or_insert_with(Instant::now);
    // One poller at a time, as one process serves one invocation at a time.
    let Some(invocation) = shared.queue.lock().await.recv().await else {
        return StatusCode::GONE.into_response();
    };
    let now_ms = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64);
    let mut headers = HeaderMap::new();
    headers.insert("content-type", header("application/json"));
    headers.insert("lambda-runtime-aws-request-id", header(&invocation.id));
    headers.insert(
        "lambda-runtime-deadline-ms",
        header(&(now_ms + shared.timeout_ms).to_string()),
    );
    headers.insert(
        "lambda-runtime-invoked-function-arn",
        header(&shared.function_arn),
    );
    headers.insert(
        "lambda-runtime-trace-id",
        header(&format!(
            "Root=1-{:08x}-{:024x};Parent={:016x};Sampled=0",
            now_ms / 1000,
            u128::from(now_ms),
            now_ms
        )),
    );
    shared
        .waiting
        .lock()
        .expect("lock")
        .insert(invocation.id, invocation.reply);
    (headers, invocation.event.to_string()).into_response()
}

/// Ends invocation `id` with `outcome`: 202, or 400 for an id that is not
/// waiting (as the service answers an unknown request id).
fn finish(shared: &Shared, id: &str, outcome: Outcome) -> Response {
    match shared.waiting.lock().expect("lock").remove(id) {
        Some(reply) => {
            let _ = reply.send(outcome);
            (StatusCode::ACCEPTED, axum::Json(json!({"status": "OK"}))).into_response()
        }
        None => (
            StatusCode::BAD_REQUEST,
            axum::Json(json!({"errorType": "InvalidRequestID", "errorMessage": id})),
        )
            .into_response(),
    }
}

fn body_json(body: &Bytes) -> Value {
    serde_json::from_slice(body)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(body).into_owned()))
}

async fn response(
    State(shared): State<Arc<Shared>>,
    Path(id): Path<String>,
    body: Bytes,
) -> Response {
    finish(&shared, &id, Outcome::Response(body_json(&body)))
}

async fn error(State(shared): State<Arc<Shared>>, Path(id): Path<String>, body: Bytes) -> Response {
    finish(&shared, &id, Outcome::Error(body_json(&body)))
}

async fn init_error(State(shared): State<Arc<Shared>>, body: Bytes) -> Response {
    shared.init_error.send_replace(Some(body_json(&body)));
    (StatusCode::ACCEPTED, axum::Json(json!({"status": "OK"}))).into_response()
}
