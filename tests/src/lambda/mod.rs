//! The deployed shape rehearsed on one machine: every Lambda function of
//! `template.yaml` is the real `arbiter-lambda` binary, started as Lambda
//! starts a custom runtime (its environment, a Runtime API of its own on
//! loopback, see [`runtime_api`]) and kept warm across invocations; HTTP
//! requests go to the function the template routes them to as the HTTP
//! API's events, schedules as EventBridge Scheduler's (see [`events`]).
//!
//! What differs from the service, and why:
//! - DynamoDB is the local moto server (`AWS_ENDPOINT_URL_DYNAMODB`, which
//!   the SDK reads; static test credentials instead of a role's).
//! - The functions' clock: the service gives the real time. Here each
//!   process runs under libfaketime, its wall clock read from a file the
//!   test writes ([`Deployment::set_time`]), so deadlines pass without
//!   waiting; the monotonic clock stays real. Without libfaketime the
//!   processes read the real time.
//! - No freezing between invocations, no timeout enforced (a bound on the
//!   caller's side instead), no concurrency: one process per function,
//!   invoked one event at a time, as one warm sandbox is.
//! - `LICHESS_API_URL` points at a closed loopback port: nothing leaves the
//!   machine.

pub mod events;
pub mod runtime_api;
pub mod template;

use chrono::{DateTime, Utc};
use events::HttpRequest;
use runtime_api::{Outcome, RuntimeApi};
use serde_json::{json, Value};
use std::collections::{BTreeMap, VecDeque};
use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use template::Template;
use tokio::sync::watch;

pub const REGION: &str = "us-east-1";

/// How long the caller waits for one invocation before failing the test.
pub const INVOKE_BOUND: Duration = Duration::from_secs(120);

/// The debug build of `arbiter-lambda` beside this test binary (the cargo
/// target dir's `debug/`), or `ARBITER_LAMBDA_BIN`; `None` if not built.
pub fn binary() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("ARBITER_LAMBDA_BIN") {
        return Some(PathBuf::from(path)).filter(|p| p.is_file());
    }
    // …/debug/deps/e2e-<hash> → …/debug/arbiter-lambda
    let exe = std::env::current_exe().ok()?;
    let debug = exe.parent()?.parent()?;
    Some(debug.join("arbiter-lambda")).filter(|p| p.is_file())
}

/// What a test of the Lambda path needs: the binary and a DynamoDB endpoint
/// (moto); `None`, with the reason printed, when either is missing, so the
/// test is skipped as the other DynamoDB tests are.
pub fn prerequisites() -> Option<(PathBuf, String)> {
    let Some(binary) = binary() else {
        eprintln!("skipped: no debug arbiter-lambda beside this test binary (cargo build -p arbiter-lambda)");
        return None;
    };
    let Ok(endpoint) = std::env::var("ARBITER_DYNAMO_ENDPOINT") else {
        eprintln!("skipped: ARBITER_DYNAMO_ENDPOINT is not set (start scripts/moto.sh)");
        return None;
    };
    Some((binary, endpoint))
}

/// Debian's libfaketime, if installed (`apt-get install libfaketime`).
pub fn libfaketime() -> Option<PathBuf> {
    [
        "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1",
        "/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1",
        "/usr/lib/faketime/libfaketime.so.1",
    ]
    .into_iter()
    .map(PathBuf::from)
    .find(|p| p.is_file())
}

/// What one invocation came to.
#[derive(Debug, Clone, PartialEq)]
pub enum Invoked {
    /// The function's response (`…/response`).
    Response(Value),
    /// The function's error (`…/invocation/{id}/error`).
    Error(Value),
    /// The process reported `/runtime/init/error`.
    InitError(Value),
    /// The process exited without an answer; its last output.
    Exited(String),
    /// The test killed the process (SIGKILL) before it answered.
    Killed,
}

/// An HTTP answer as API Gateway returns it to the client.
#[derive(Debug, Clone)]
pub struct Answer {
    pub status: u16,
    pub headers: Value,
    /// The body as JSON, or as a JSON string when it is not JSON.
    pub body: Value,
}

/// One function's process, warm across invocations.
struct Process {
    api: RuntimeApi,
    child: Child,
    spawned: Instant,
    exited: watch::Receiver<bool>,
    output: Arc<Mutex<VecDeque<String>>>,
    invocations: u64,
}

/// What the test prints of one function.
#[derive(Debug, Clone)]
pub struct Measured {
    pub handler: String,
    /// Spawn to the first `GET …/invocation/next`.
    pub init: Option<Duration>,
    /// `VmHWM` of `/proc/<pid>/status`, in kB.
    pub peak_rss_kb: Option<u64>,
    pub invocations: u64,
}

/// Every function of the template, started on first use.
pub struct Deployment {
    binary: PathBuf,
    pub template: Template,
    table: String,
    endpoint: String,
    faketime: Option<PathBuf>,
    clock_dir: tempfile::TempDir,
    now: DateTime<Utc>,
    processes: BTreeMap<String, Process>,
}

impl Deployment {
    /// A deployment of `binary` on `table` at the DynamoDB endpoint
    /// `endpoint`, its clock at `now` when libfaketime is given.
    pub fn new(
        binary: PathBuf,
        faketime: Option<PathBuf>,
        table: &str,
        endpoint: &str,
        now: DateTime<Utc>,
    ) -> Self {
        let mut deployment = Self {
            binary,
            template: Template::read(),
            table: table.to_owned(),
            endpoint: endpoint.to_owned(),
            faketime,
            clock_dir: tempfile::tempdir().expect("a temp dir"),
            now,
            processes: BTreeMap::new(),
        };
        deployment.set_time(now);
        deployment
    }

    fn clock_file(&self) -> PathBuf {
        self.clock_dir.path().join("faketime")
    }

    /// Moves every function's wall clock to `now` (written whole, then
    /// renamed, so a process never reads half a time).
    pub fn set_time(&mut self, now: DateTime<Utc>) {
        self.now = now;
        let tmp = self.clock_dir.path().join("faketime.new");
        std::fs::write(&tmp, now.format("%Y-%m-%d %H:%M:%S\n").to_string()).expect("write");
        std::fs::rename(&tmp, self.clock_file()).expect("rename");
    }

    pub fn now(&self) -> DateTime<Utc> {
        self.now
    }

    /// The environment Lambda gives a custom runtime's process, with the
    /// function's own variables from the template.
    fn command(&self, handler: &str, api: &RuntimeApi) -> Command {
        let f = self.template.function(handler);
        let name = format!("arbiter-{}", f.name);
        let mut cmd = Command::new(&self.binary);
        cmd.env_clear()
            .env("PATH", "/usr/local/bin:/usr/bin:/bin")
            .env("LANG", "en_US.UTF-8")
            .env("TZ", ":UTC")
            .env("AWS_LAMBDA_RUNTIME_API", api.addr.to_string())
            .env("_HANDLER", handler)
            .env("AWS_LAMBDA_FUNCTION_NAME", &name)
            .env("AWS_LAMBDA_FUNCTION_VERSION", "$LATEST")
            .env("AWS_LAMBDA_FUNCTION_MEMORY_SIZE", f.memory_mb.to_string())
            .env("AWS_LAMBDA_LOG_GROUP_NAME", format!("/aws/lambda/{name}"))
            .env("AWS_LAMBDA_LOG_STREAM_NAME", "2026/01/05/[$LATEST]emulated")
            .env("AWS_LAMBDA_INITIALIZATION_TYPE", "on-demand")
            .env(
                "LAMBDA_TASK_ROOT",
                self.binary.parent().unwrap_or(Path::new("/")),
            )
            .env("AWS_REGION", REGION)
            .env("AWS_DEFAULT_REGION", REGION)
            .env("AWS_ACCESS_KEY_ID", "test")
            .env("AWS_SECRET_ACCESS_KEY", "test")
            .env("AWS_SESSION_TOKEN", "test")
            .env("AWS_ENDPOINT_URL_DYNAMODB", &self.endpoint)
            .envs(&f.environment)
            .env("TABLE_NAME", &self.table)
            .env("LICHESS_API_URL", "http://127.0.0.1:9")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(lib) = &self.faketime {
            cmd.env("LD_PRELOAD", lib)
                .env("FAKETIME_TIMESTAMP_FILE", self.clock_file())
                .env("FAKETIME_NO_CACHE", "1")
                .env("FAKETIME_DONT_FAKE_MONOTONIC", "1");
        }
        cmd
    }

    /// The process of the template's function `function`, started with
    /// `_HANDLER` set to `handler` (a misconfigured function, when the two
    /// differ), kept under the name `handler`; started (a cold start)
    /// unless it runs.
    async fn process_as(&mut self, function: &str, handler: &str) -> &mut Process {
        if !self.processes.contains_key(handler) {
            let f = self.template.function(function);
            let arn = format!(
                "arn:aws:lambda:{REGION}:123456789012:function:arbiter-{}",
                f.name
            );
            let api = RuntimeApi::start(arn, f.timeout_s * 1000).await;
            let spawned = Instant::now();
            let mut child = self
                .command(function, &api)
                .env("_HANDLER", handler)
                .spawn()
                .expect("spawn arbiter-lambda");
            let (exited, output) = read_output(&mut child);
            let process = Process {
                api,
                child,
                spawned,
                exited,
                output,
                invocations: 0,
            };
            self.processes.insert(handler.to_owned(), process);
        }
        self.processes.get_mut(handler).expect("started")
    }

    /// Invokes the function `handler` with `event`, as Lambda's Invoke does.
    pub async fn invoke(&mut self, handler: &str, event: Value) -> Invoked {
        self.invoke_as(handler, handler, event).await
    }

    /// Invokes the template's function `function` started with `_HANDLER`
    /// set to `handler`.
    pub async fn invoke_as(&mut self, function: &str, handler: &str, event: Value) -> Invoked {
        self.invoke_or_kill(function, handler, event, std::future::pending())
            .await
    }

    /// Invokes as [`Deployment::invoke_as`] does, but if `kill` completes
    /// first the process is killed (SIGKILL, as a crash or an out-of-memory
    /// kill ends a sandbox) and forgotten: the next invocation of the
    /// function starts a new one (a cold start).
    pub async fn invoke_or_kill(
        &mut self,
        function: &str,
        handler: &str,
        event: Value,
        kill: impl std::future::Future<Output = ()>,
    ) -> Invoked {
        let invoked = tokio::select! {
            biased;
            invoked = self.invoke_once(function, handler, event) => invoked,
            () = kill => Invoked::Killed,
        };
        if matches!(invoked, Invoked::Killed | Invoked::Exited(_)) {
            self.kill(handler);
        }
        invoked
    }

    /// Kills the process of `handler` (SIGKILL), if it runs, and waits for
    /// it; the next invocation starts a new one.
    pub fn kill(&mut self, handler: &str) {
        if let Some(mut p) = self.processes.remove(handler) {
            let _ = p.child.kill();
            let _ = p.child.wait();
        }
    }

    async fn invoke_once(&mut self, function: &str, handler: &str, event: Value) -> Invoked {
        let p = self.process_as(function, handler).await;
        p.invocations += 1;
        let answer = p.api.invoke(event);
        let mut init = p.api.init_error();
        let mut exited = p.exited.clone();
        let output = Arc::clone(&p.output);
        let waited = tokio::time::timeout(INVOKE_BOUND, async {
            tokio::select! {
                // The process posts its init error before it exits.
                biased;
                r = answer => match r {
                    Ok(Outcome::Response(v)) => Invoked::Response(v),
                    Ok(Outcome::Error(v)) => Invoked::Error(v),
                    Err(_) => Invoked::Exited("the runtime API dropped the invocation".into()),
                },
                e = init.wait_for(Option::is_some) => {
                    Invoked::InitError(e.map(|e| e.clone().unwrap_or_default()).unwrap_or_default())
                }
                _ = exited.wait_for(|e| *e) => Invoked::Exited(last_lines(&output)),
            }
        })
        .await;
        waited.unwrap_or_else(|_| {
            panic!(
                "{handler} gave no answer in {INVOKE_BOUND:?}; its output:\n{}",
                last_lines(&output)
            )
        })
    }

    /// Sends `request` through the emulated HTTP API: API Gateway's own
    /// 404 for a route the template lacks and 401 for a route whose
    /// authorizer finds no token, else the routed function's answer.
    pub async fn http(&mut self, request: &HttpRequest) -> Answer {
        match self.http_or_kill(request, std::future::pending()).await {
            Ok(answer) => answer,
            // A function error is API Gateway's 500 to the client.
            Err(other) => panic!("failed {} {}: {other:?}", request.method, request.target),
        }
    }

    /// Sends `request` as [`Deployment::http`] does, killing the routed
    /// function's process if `kill` completes before it answers: the
    /// answer, or how the invocation ended without one.
    pub async fn http_or_kill(
        &mut self,
        request: &HttpRequest,
        kill: impl std::future::Future<Output = ()>,
    ) -> Result<Answer, Invoked> {
        let Some((route, params)) = self.template.route(&request.method, request.path()) else {
            return Ok(gateway(404, "Not Found"));
        };
        if route.authorized && request.signed.is_none() {
            return Ok(gateway(401, "Unauthorized"));
        }
        let event = events::http_api(route, &params, request, self.now);
        let handler = route.handler.clone();
        match self.invoke_or_kill(&handler, &handler, event, kill).await {
            Invoked::Response(r) => Ok(answer(&r)),
            other => Err(other),
        }
    }

    /// Runs the schedule `name` as EventBridge Scheduler does: its `Input`
    /// to the function the template names. The function's answer.
    pub async fn schedule(&mut self, name: &str) -> Invoked {
        let (handler, input) = self.template.schedule(name);
        let (handler, input) = (handler.to_owned(), input.clone());
        self.invoke(&handler, input).await
    }

    /// Init time, peak RSS and invocations of every process started.
    pub fn measured(&self) -> Vec<Measured> {
        self.processes
            .iter()
            .map(|(handler, p)| Measured {
                handler: handler.clone(),
                init: p.api.first_next().map(|t| t - p.spawned),
                peak_rss_kb: peak_rss_kb(p.child.id()),
                invocations: p.invocations,
            })
            .collect()
    }

    /// Ends every process and waits for each (no orphans, no zombies).
    pub fn shutdown(&mut self) {
        for (_, mut p) in std::mem::take(&mut self.processes) {
            let _ = p.child.kill();
            let _ = p.child.wait();
        }
    }
}

impl Drop for Deployment {
    fn drop(&mut self) {
        self.shutdown();
    }
}

fn gateway(status: u16, message: &str) -> Answer {
    Answer {
        status,
        headers: json!({"content-type": "application/json"}),
        body: json!({ "message": message }),
    }
}

/// The client's view of a function's payload 2.0 response.
fn answer(response: &Value) -> Answer {
    let text = response["body"].as_str().unwrap_or_default();
    let text = if response["isBase64Encoded"] == true {
        use base64::Engine as _;
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(text)
            .expect("base64 body");
        String::from_utf8_lossy(&bytes).into_owned()
    } else {
        text.to_owned()
    };
    Answer {
        status: response["statusCode"].as_u64().expect("a statusCode") as u16,
        headers: response["headers"].clone(),
        body: serde_json::from_str(&text).unwrap_or(Value::String(text)),
    }
}

/// Reads the child's stdout and stderr on threads, keeping the last lines;
/// the watch turns true once both are closed (the process has exited).
fn read_output(child: &mut Child) -> (watch::Receiver<bool>, Arc<Mutex<VecDeque<String>>>) {
    let output = Arc::new(Mutex::new(VecDeque::new()));
    let (closed_tx, closed) = watch::channel(false);
    let closed_tx = Arc::new(closed_tx);
    let open = Arc::new(std::sync::atomic::AtomicU8::new(2));
    let streams: [Box<dyn std::io::Read + Send>; 2] = [
        Box::new(child.stdout.take().expect("stdout")),
        Box::new(child.stderr.take().expect("stderr")),
    ];
    for stream in streams {
        let (output, open, closed_tx) = (Arc::clone(&output), open.clone(), closed_tx.clone());
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stream)
                .lines()
                .map_while(Result::ok)
            {
                let mut lines = output.lock().expect("lock");
                if lines.len() == 200 {
                    lines.pop_front();
                }
                lines.push_back(line);
            }
            if open.fetch_sub(1, std::sync::atomic::Ordering::SeqCst) == 1 {
                closed_tx.send_replace(true);
            }
        });
    }
    (closed, output)
}

fn last_lines(output: &Mutex<VecDeque<String>>) -> String {
    let lines = output.lock().expect("lock");
    lines.iter().cloned().collect::<Vec<_>>().join("\n")
}

fn peak_rss_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Every item of competition `id` in `table`, in DynamoDB JSON as the
/// service's wire protocol gives it (a Query read straight from moto, the
/// store's own code not involved).
pub async fn items_of(endpoint: &str, table: &str, id: &str) -> Vec<Value> {
    let query = json!({
        "TableName": table,
        "ConsistentRead": true,
        "KeyConditionExpression": "#pk = :pk",
        "ExpressionAttributeNames": {"#pk": "PK"},
        "ExpressionAttributeValues": {":pk": {"S": format!("C#{id}")}},
    });
    let mut items = Vec::new();
    let mut query = query;
    loop {
        let page: Value = reqwest::Client::new()
            .post(endpoint)
            .header("content-type", "application/x-amz-json-1.0")
            .header("x-amz-target", "DynamoDB_20120810.Query")
            // moto reads the region from the credential scope; it checks
            // no signature.
            .header(
                "authorization",
                format!("AWS4-HMAC-SHA256 Credential=test/20260105/{REGION}/dynamodb/aws4_request, SignedHeaders=host, Signature=00"),
            )
            .body(query.to_string())
            .send()
            .await
            .expect("moto answers")
            .json()
            .await
            .expect("a Query answer");
        items.extend(page["Items"].as_array().cloned().unwrap_or_default());
        match page.get("LastEvaluatedKey") {
            Some(key) => query["ExclusiveStartKey"] = key.clone(),
            None => return items,
        }
    }
}
