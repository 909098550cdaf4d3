//! Request and response plumbing shared by every function and the local
//! server: routing, authentication, JSON bodies, idempotency keys,
//! problem+json, the clock, and the Lambda adapters.
//!
//! A function handler is an ordinary async function
//! `handle(app, http::Request<Bytes>) -> http::Response<Bytes>`; it calls
//! [`dispatch`] with its routes and a closure per operation.

pub mod auth;
pub mod clock;
pub mod conditional;
pub mod cors;
pub mod kind;
pub mod lambda;
pub mod oidc;
pub mod problem;
pub mod request;
pub mod routing;
pub mod schedule;
pub mod vocabulary;

pub use arbiter_domain::rulebook::Route as KindRoute;
pub use auth::{Authenticator, Caller};
pub use clock::{Clock, FakeClock, RehearsalClock, SystemClock};
pub use problem::Problem;
pub use routing::{Params, Route};
pub use schedule::{run_schedule, ScheduleEvent};

use arbiter_domain::competition::{Command, Competition, CompetitionId, Context};
use arbiter_domain::Refusal;
use arbiter_facts::FactsSource;
use arbiter_service::{CommandInput, Service};
use arbiter_store::Store;
use bytes::Bytes;
use chrono::{DateTime, Utc};
use http::{header, HeaderValue, Request, Response, StatusCode};
use serde::Serialize;
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// Everything a handler needs: the use cases, how callers authenticate, the
/// clock (real in production, fake in end-to-end tests), and where player
/// facts come from (acwc II; none: organizers enter them).
pub struct App<S> {
    pub service: Service<S>,
    pub auth: Authenticator,
    pub clock: Arc<dyn Clock>,
    pub facts: Option<Arc<dyn FactsSource>>,
    /// Whether subscriptions may point at this machine (`http://127.0.0.1`):
    /// the local runtime's choice; a deployment reaches public endpoints only.
    pub loopback_targets: bool,
    /// The deployment's public address (`https://api.example.org`) for
    /// `Location` headers; `None`: the address the request came in by.
    pub public_base: Option<String>,
    /// The origins whose browser scripts may call the API (the local
    /// runtime's CORS; a deployment's HTTP API answers CORS itself).
    pub cors: cors::Cors,
    /// The deployment's Telegram bot, when it reads chats (a Nomic game's
    /// voting thread); `None`: the bot's routes answer 404.
    pub telegram: Option<TelegramBot>,
    /// The domain boards receive mail at (`<board id>@<domain>`, wm D.II.2);
    /// `None`: no play by e-mail.
    pub mail_domain: Option<String>,
}

/// A Telegram bot that reads chats by webhook and answers in them.
#[derive(Clone)]
pub struct TelegramBot {
    /// The bot's token, from @BotFather.
    pub token: String,
    /// The Bot API's base address (`https://api.telegram.org`; a fake on
    /// loopback in tests and rehearsals).
    pub api_base: String,
    /// The `secret_token` given to `setWebhook`: every update carries it in
    /// `X-Telegram-Bot-Api-Secret-Token`. It also keys the link codes.
    pub webhook_secret: String,
}

impl TelegramBot {
    /// The production Bot API.
    pub const API: &'static str = "https://api.telegram.org";

    /// The bot the environment names: its `[token, webhook secret, API
    /// base]` variables, in that order. `None` unless both the token and the
    /// secret are set: a bot that cannot tell Telegram's updates from forged
    /// ones reads nothing.
    pub fn from_env([token, secret, api]: [&str; 3]) -> Option<Self> {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
        Some(TelegramBot {
            token: var(token)?,
            webhook_secret: var(secret)?,
            api_base: var(api).unwrap_or_else(|| Self::API.to_owned()),
        })
    }
}

impl std::fmt::Debug for TelegramBot {
    // The token and the secret are credentials: never in logs.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TelegramBot")
            .field("api_base", &self.api_base)
            .finish_non_exhaustive()
    }
}

impl<S: Store> App<S> {
    pub fn new(store: S, auth: Authenticator, clock: Arc<dyn Clock>) -> Self {
        Self {
            service: Service::new(store),
            auth,
            clock,
            facts: None,
            loopback_targets: false,
            public_base: None,
            cors: cors::Cors::default(),
            telegram: None,
            mail_domain: None,
        }
    }

    /// The same app reading mail sent to `<board id>@<domain>`.
    pub fn with_mail_domain(mut self, domain: impl Into<String>) -> Self {
        self.mail_domain = Some(domain.into().trim().to_ascii_lowercase());
        self
    }

    /// The same app reading chats with the Telegram bot `bot`.
    pub fn with_telegram(mut self, bot: TelegramBot) -> Self {
        self.telegram = Some(bot);
        self
    }

    /// The same app linking under `base` (`https://api.example.org`).
    pub fn with_public_base(mut self, base: impl Into<String>) -> Self {
        self.public_base = Some(base.into().trim_end_matches('/').to_owned());
        self
    }

    /// The same app letting browser scripts from `origins` call it.
    pub fn with_cors(mut self, origins: Vec<String>) -> Self {
        self.cors = cors::Cors::new(origins);
        self
    }

    /// The same app letting subscriptions point at this machine (the local
    /// runtime and its tests).
    pub fn with_loopback_targets(mut self) -> Self {
        self.loopback_targets = true;
        self
    }

    /// The same app fetching player facts from `source` (a Lichess client,
    /// or a table of entered facts).
    pub fn with_facts(mut self, source: Arc<dyn FactsSource>) -> Self {
        self.facts = Some(source);
        self
    }
}

/// A routed, authenticated request.
pub struct Call {
    pub operation: &'static str,
    pub params: Params,
    /// `None` only on public routes.
    pub caller: Option<Caller>,
    pub now: DateTime<Utc>,
    pub request: Request<Bytes>,
    /// The competition version a read saw (0: none), for the answer's ETag.
    seen: Arc<AtomicU64>,
}

impl Call {
    /// The caller on an authenticated route.
    pub fn caller(&self) -> &Caller {
        self.caller
            .as_ref()
            .expect("authenticated routes have a caller")
    }

    /// A path parameter the route pattern guarantees.
    pub fn param(&self, name: &str) -> &str {
        self.params.get(name).unwrap_or_default()
    }

    /// Records that the answer shows competition state at `version`, so its
    /// ETag names the version an `If-Match` may send back.
    pub fn saw(&self, version: u64) {
        self.seen.store(version, Ordering::Relaxed);
    }

    /// The competition versions the request's `If-Match` accepts (`None`:
    /// any), RFC 9110 §13.1.1.
    pub fn if_match(&self) -> Option<Vec<u64>> {
        conditional::if_match(self.request.headers())
    }

    /// The domain's context for the caller's request: who, with which
    /// platform-wide rights, and when. The one place a request becomes one.
    pub fn context(&self) -> Context {
        let caller = self.caller();
        Context::user(caller.user.clone(), caller.may_organize, self.now)
    }
}

/// Routes `req` among `routes`, authenticates it, runs `operation`, and turns
/// any [`Problem`] into problem+json. Logs one line per request.
pub async fn dispatch<S, F, Fut>(
    app: &App<S>,
    routes: &[Route],
    req: Request<Bytes>,
    operation: F,
) -> Response<Bytes>
where
    S: Store,
    F: FnOnce(Call) -> Fut,
    Fut: Future<Output = Result<Response<Bytes>, Problem>>,
{
    let started = Instant::now();
    let method = req.method().clone();
    let path = req.uri().path().to_owned();
    let headers = req.headers().clone();
    let seen = Arc::new(AtomicU64::new(0));
    let old_spellings = vocabulary::old_spellings(&req);
    let result = async {
        let (route, params) = routing::find(routes, &method, &path)?;
        let caller = if route.authenticated {
            Some(app.auth.authenticate(&req)?)
        } else {
            None
        };
        operation(Call {
            operation: route.operation,
            params,
            caller,
            now: app.clock.now(),
            request: req,
            seen: Arc::clone(&seen),
        })
        .await
    }
    .await;
    let response = result.unwrap_or_else(Problem::into_response);
    let mut response = finish(app, &method, &headers, &seen, response);
    vocabulary::note(&old_spellings, &mut response);
    tracing::debug!(
        %method,
        path,
        status = response.status().as_u16(),
        duration_us = started.elapsed().as_micros() as u64,
        "request"
    );
    response
}

/// What every answer gets on its way out: its ETag (or 304), an absolute
/// Location, a Retry-After when overloaded.
fn finish<S>(
    app: &App<S>,
    method: &http::Method,
    headers: &http::HeaderMap,
    seen: &AtomicU64,
    response: Response<Bytes>,
) -> Response<Bytes> {
    let version = Some(seen.load(Ordering::Relaxed)).filter(|v| *v > 0);
    let mut response = conditional::validate_get(method, headers, version, response);
    let base = conditional::public_base(app.public_base.as_deref(), headers);
    conditional::absolute_location(base.as_deref(), &mut response);
    conditional::retry_after(&mut response);
    response
}

/// A JSON response.
pub fn json<T: Serialize>(status: StatusCode, value: &T) -> Response<Bytes> {
    let body = serde_json::to_vec(value).expect("responses serialize");
    let mut response = Response::new(Bytes::from(body));
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

/// A 201 response with a Location header.
pub fn created<T: Serialize>(location: &str, value: &T) -> Response<Bytes> {
    let mut response = json(StatusCode::CREATED, value);
    if let Ok(v) = HeaderValue::from_str(location) {
        response.headers_mut().insert(header::LOCATION, v);
    }
    response
}

/// The competition named by the route's `{id}`, loaded; 404 when unknown.
pub async fn load_competition<S: Store>(
    app: &App<S>,
    call: &Call,
) -> Result<std::sync::Arc<Competition>, Problem> {
    let id = competition_id(call)?;
    let competition = app
        .service
        .load(&id)
        .await?
        .ok_or_else(|| Problem::not_found("no such competition"))?;
    call.saw(competition.version);
    Ok(competition)
}

/// Executes the kind command read from the request body on the competition
/// named by `{id}`, and answers its receipt; unknown competitions 404.
///
/// `route` is the dedicated route whose action each kind names (a kind
/// without one answers 404 naming the kind); `None` reads the action from
/// the body's `action` field (`POST /actions`).
pub async fn kind_action<S: Store>(
    app: &App<S>,
    call: &Call,
    route: Option<KindRoute>,
) -> Result<Response<Bytes>, Problem> {
    let body: serde_json::Value = request::json_body(&call.request)?;
    let id = competition_id(call)?;
    let read = |competition: &Competition| -> Result<Command, Refusal> {
        match route {
            None => kind::action(competition, body.clone()),
            Some(route) => {
                let action = kind::route_action(competition, route)?;
                kind::command(competition, action, body.clone())
            }
        }
    };
    execute_request(app, call, &id, CommandInput::Body(&read)).await
}

/// Decides `command` as the caller and answers its receipt (with the
/// caller's Idempotency-Key and If-Match, when sent).
pub async fn execute<S: Store>(
    app: &App<S>,
    call: &Call,
    id: &CompetitionId,
    command: &Command,
) -> Result<Response<Bytes>, Problem> {
    execute_request(app, call, id, CommandInput::Command(command)).await
}

async fn execute_request<S: Store>(
    app: &App<S>,
    call: &Call,
    id: &CompetitionId,
    request: CommandInput<'_>,
) -> Result<Response<Bytes>, Problem> {
    let idem = request::idempotency(&call.request)?;
    let receipt = app
        .service
        .execute_request(
            id,
            request,
            &call.context(),
            idem,
            call.if_match().as_deref(),
        )
        .await?;
    Ok(json(StatusCode::OK, &receipt))
}

/// The competition the path names; an id that cannot be one names none.
pub fn competition_id(call: &Call) -> Result<CompetitionId, Problem> {
    CompetitionId::try_from(call.param("id")).map_err(|_| Problem::not_found("no such competition"))
}
