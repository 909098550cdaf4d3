//! The fault-injecting proxy: plain HTTP/1.1 on loopback, one listener per
//! client (so a client can hold its own requests), all of a run's
//! listeners sharing one [`Dynamo`]: the upstream moto server, the seeded
//! [`Schedule`] and the client request tokens seen.
//!
//! Errors are DynamoDB's wire format (the JSON 1.0 protocol): HTTP 400 or
//! 5xx, a body `{"__type": "<namespace>#<Code>", "message": …}` and the
//! code in `x-amzn-ErrorType`; a cancelled transaction's body carries one
//! `CancellationReasons` entry per action, in order.
//!
//! One thing of DynamoDB's that moto lacks is done here, as the service
//! does it, or a lost answer would look worse than it is:
//! `TransactWriteItems` with a `ClientRequestToken` is idempotent. A
//! request whose token already succeeded is answered with that success and
//! not applied again; one whose token is still being applied is answered
//! `TransactionInProgressException`.

use super::{Fault, Schedule};
use serde_json::{json, Value};
use std::collections::{HashMap, HashSet};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;

/// The DynamoDB every listener of a run stands in front of.
pub struct Dynamo {
    upstream: String,
    pub schedule: Schedule,
    http: reqwest::Client,
    /// Tokens of transactions that succeeded: their answers.
    applied: Mutex<HashMap<String, Vec<u8>>>,
    /// Tokens of transactions being applied now.
    in_flight: Mutex<HashSet<String>>,
    /// Writes moto applied (2xx), and transactions answered from a token.
    pub writes: AtomicU64,
    pub token_replays: AtomicU64,
}

impl Dynamo {
    /// In front of the moto server at `upstream`, faults by `schedule`.
    pub fn new(upstream: &str, schedule: Schedule) -> Arc<Self> {
        Arc::new(Self {
            upstream: upstream.trim_end_matches('/').to_owned(),
            schedule,
            http: reqwest::Client::new(),
            applied: Mutex::default(),
            in_flight: Mutex::default(),
            writes: AtomicU64::new(0),
            token_replays: AtomicU64::new(0),
        })
    }
}

/// Where a listener stops answering, for its client to kill the process
/// that waits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hold {
    /// The next request, not forwarded.
    NextRequest,
    /// The next write, after it was applied: the process is killed between
    /// its append and its answer.
    AfterNextWrite,
}

/// One listener, served until dropped.
pub struct Proxy {
    pub addr: SocketAddr,
    state: Arc<State>,
    server: tokio::task::JoinHandle<()>,
}

struct State {
    dynamo: Arc<Dynamo>,
    armed: Mutex<Option<(Hold, oneshot::Sender<()>)>>,
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.server.abort();
    }
}

impl Proxy {
    pub async fn start(dynamo: Arc<Dynamo>) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("addr");
        let state = Arc::new(State {
            dynamo,
            armed: Mutex::default(),
        });
        let st = Arc::clone(&state);
        let server = tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                tokio::spawn(serve(stream, Arc::clone(&st)));
            }
        });
        Self {
            addr,
            state,
            server,
        }
    }

    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Holds the request `hold` names (once); the receiver fires when it
    /// is held. The held request is never answered: its connection stays
    /// open until the client closes it (or 10 s pass).
    pub fn arm(&self, hold: Hold) -> oneshot::Receiver<()> {
        let (tx, rx) = oneshot::channel();
        *self.state.armed.lock().expect("lock") = Some((hold, tx));
        rx
    }

    pub fn disarm(&self) {
        self.state.armed.lock().expect("lock").take();
    }
}

/// A request as read off the connection.
struct Request {
    path: String,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Request {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// `TransactWriteItems` of `DynamoDB_20120810.TransactWriteItems`.
    fn operation(&self) -> &str {
        let target = self.header("x-amz-target").unwrap_or_default();
        target.rsplit('.').next().unwrap_or_default()
    }

    fn is_write(&self) -> bool {
        matches!(
            self.operation(),
            "PutItem" | "DeleteItem" | "UpdateItem" | "TransactWriteItems" | "BatchWriteItem"
        )
    }
}

/// An answer to write back.
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

async fn serve(mut stream: TcpStream, state: Arc<State>) {
    let mut buf = Vec::new();
    while let Some(request) = read_request(&mut stream, &mut buf).await {
        if !handle(&state, request, &mut stream).await {
            return;
        }
    }
}

/// Reads one request (headers, then `content-length` bytes of body); none
/// when the connection closed or is not HTTP.
async fn read_request(stream: &mut TcpStream, buf: &mut Vec<u8>) -> Option<Request> {
    let end = loop {
        if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break i;
        }
        let mut chunk = [0u8; 8192];
        let n = stream.read(&mut chunk).await.ok().filter(|n| *n > 0)?;
        buf.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&buf[..end]).into_owned();
    let mut lines = head.split("\r\n");
    let path = lines.next()?.split(' ').nth(1)?.to_owned();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
        .collect();
    let length: usize = headers
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("content-length"))
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or(0);
    buf.drain(..end + 4);
    while buf.len() < length {
        let mut chunk = [0u8; 8192];
        let n = stream.read(&mut chunk).await.ok().filter(|n| *n > 0)?;
        buf.extend_from_slice(&chunk[..n]);
    }
    let body = buf.drain(..length).collect();
    Some(Request {
        path,
        headers,
        body,
    })
}

/// Answers `request` as the schedule (or an armed hold) says; false when
/// the connection is to be dropped.
async fn handle(state: &State, request: Request, stream: &mut TcpStream) -> bool {
    let dynamo = &state.dynamo;
    if let Some(hold) = take_armed(state, &request) {
        if hold.0 == Hold::AfterNextWrite {
            forward(dynamo, &request).await;
        }
        let _ = hold.1.send(());
        wait_closed(stream).await;
        return false;
    }
    let fault = dynamo.schedule.decide(request.operation());
    let applies = match fault {
        Fault::None => false,
        Fault::ResetAfter => request.is_write(),
        Fault::TransactionConflict => request.operation() == "TransactWriteItems",
        _ => true,
    };
    if applies {
        dynamo.schedule.count(fault.kind());
    }
    let answer = match (fault, applies) {
        (Fault::ProvisionedThroughput, _) => error(
            400,
            "com.amazonaws.dynamodb.v20120810",
            "ProvisionedThroughputExceededException",
            "The level of configured provisioned throughput for the table was exceeded.",
        ),
        (Fault::Throttling, _) => error(
            400,
            "com.amazon.coral.availability",
            "ThrottlingException",
            "Rate of requests exceeds the allowed throughput.",
        ),
        (Fault::InternalError, _) => error(
            500,
            "com.amazonaws.dynamodb.v20120810",
            "InternalServerError",
            "Internal server error",
        ),
        (Fault::Unavailable, _) => error(
            503,
            "com.amazonaws.dynamodb.v20120810",
            "ServiceUnavailable",
            "Service unavailable",
        ),
        (Fault::ResetBefore, _) => {
            reset(stream);
            return false;
        }
        (Fault::ResetAfter, true) => {
            forward(dynamo, &request).await;
            reset(stream);
            return false;
        }
        (Fault::TransactionConflict, true) => conflict(&request),
        (Fault::Delay(pause), _) => {
            tokio::time::sleep(pause).await;
            forward(dynamo, &request).await
        }
        _ => forward(dynamo, &request).await,
    };
    write(stream, &answer).await
}

fn take_armed(state: &State, request: &Request) -> Option<(Hold, oneshot::Sender<()>)> {
    let mut armed = state.armed.lock().expect("lock");
    let hold = armed.as_ref()?.0;
    if hold == Hold::AfterNextWrite && !request.is_write() {
        return None;
    }
    armed.take()
}

/// Waits until the client closes the connection (its process killed), at
/// most 10 s.
async fn wait_closed(stream: &mut TcpStream) {
    let mut chunk = [0u8; 1024];
    let _ = tokio::time::timeout(Duration::from_secs(10), async {
        while matches!(stream.read(&mut chunk).await, Ok(n) if n > 0) {}
    })
    .await;
}

/// Drops the connection with a TCP reset (linger 0), not a clean close.
/// (Deprecated because a lingering close blocks the thread; a zero linger
/// does not linger.)
#[allow(deprecated)]
fn reset(stream: &mut TcpStream) {
    let _ = stream.set_linger(Some(Duration::ZERO));
}

/// The request sent on to moto, with DynamoDB's token idempotency for
/// transactions; moto's answer.
async fn forward(dynamo: &Dynamo, request: &Request) -> Answer {
    let token = (request.operation() == "TransactWriteItems")
        .then(|| serde_json::from_slice::<Value>(&request.body).ok())
        .flatten()
        .and_then(|b| b["ClientRequestToken"].as_str().map(str::to_owned));
    let Some(token) = token else {
        return send(dynamo, request).await;
    };
    if let Some(body) = dynamo.applied.lock().expect("lock").get(&token) {
        dynamo.token_replays.fetch_add(1, Ordering::Relaxed);
        return Answer {
            status: 200,
            headers: vec![("content-type".into(), "application/x-amz-json-1.0".into())],
            body: body.clone(),
        };
    }
    if !dynamo.in_flight.lock().expect("lock").insert(token.clone()) {
        return error(
            400,
            "com.amazonaws.dynamodb.v20120810",
            "TransactionInProgressException",
            "The transaction with the given request token is already in progress.",
        );
    }
    let answer = send(dynamo, request).await;
    if answer.status == 200 {
        dynamo
            .applied
            .lock()
            .expect("lock")
            .insert(token.clone(), answer.body.clone());
    }
    dynamo.in_flight.lock().expect("lock").remove(&token);
    answer
}

async fn send(dynamo: &Dynamo, request: &Request) -> Answer {
    let mut out = dynamo
        .http
        .post(format!("{}{}", dynamo.upstream, request.path))
        .body(request.body.clone());
    for (k, v) in &request.headers {
        let skip = ["host", "content-length", "connection", "transfer-encoding"];
        if !skip.iter().any(|s| k.eq_ignore_ascii_case(s)) {
            out = out.header(k.as_str(), v.as_str());
        }
    }
    let Ok(response) = out.send().await else {
        return error(
            500,
            "com.amazonaws.dynamodb.v20120810",
            "InternalServerError",
            "moto did not answer",
        );
    };
    let status = response.status().as_u16();
    let headers = response
        .headers()
        .iter()
        .filter(|(k, _)| {
            let k = k.as_str();
            k == "content-type" || k.starts_with("x-amz")
        })
        .filter_map(|(k, v)| Some((k.to_string(), v.to_str().ok()?.to_owned())))
        .collect();
    let body = response
        .bytes()
        .await
        .map(|b| b.to_vec())
        .unwrap_or_default();
    if (200..300).contains(&status) && request.is_write() {
        dynamo.writes.fetch_add(1, Ordering::Relaxed);
    }
    Answer {
        status,
        headers,
        body,
    }
}

/// A DynamoDB error answer (JSON 1.0 protocol).
fn error(status: u16, namespace: &str, code: &str, message: &str) -> Answer {
    let body = json!({"__type": format!("{namespace}#{code}"), "message": message});
    Answer {
        status,
        headers: vec![
            ("content-type".into(), "application/x-amz-json-1.0".into()),
            ("x-amzn-ErrorType".into(), code.into()),
        ],
        body: body.to_string().into_bytes(),
    }
}

/// `TransactionCanceledException`: the first action met a concurrent
/// transaction, the others were not reached (`None`).
fn conflict(request: &Request) -> Answer {
    let actions = serde_json::from_slice::<Value>(&request.body)
        .ok()
        .and_then(|b| b["TransactItems"].as_array().map(Vec::len))
        .unwrap_or(1)
        .max(1);
    let mut reasons = vec![json!({"Code": "None"}); actions];
    reasons[0] =
        json!({"Code": "TransactionConflict", "Message": "Transaction is ongoing for the item"});
    let codes: Vec<&str> = (0..actions)
        .map(|i| {
            if i == 0 {
                "TransactionConflict"
            } else {
                "None"
            }
        })
        .collect();
    let code = "TransactionCanceledException";
    let body = json!({
        "__type": format!("com.amazonaws.dynamodb.v20120810#{code}"),
        "Message": format!("Transaction cancelled, please refer cancellation reasons for specific reasons [{}]", codes.join(", ")),
        "CancellationReasons": reasons,
    });
    Answer {
        status: 400,
        headers: vec![
            ("content-type".into(), "application/x-amz-json-1.0".into()),
            ("x-amzn-ErrorType".into(), code.into()),
        ],
        body: body.to_string().into_bytes(),
    }
}

/// Writes `answer`; false if the connection failed.
async fn write(stream: &mut TcpStream, answer: &Answer) -> bool {
    let mut head = format!(
        "HTTP/1.1 {} {}\r\ncontent-length: {}\r\n",
        answer.status,
        reason(answer.status),
        answer.body.len()
    );
    for (k, v) in &answer.headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).await.is_ok() && stream.write_all(&answer.body).await.is_ok()
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        _ => "",
    }
}
