//! Wiring handlers into the Lambda runtime, so each `main.rs` is one call.
//!
//! - [`serve_http`]: API Gateway HTTP API events through `lambda_http`.
//! - [`serve_schedule`]: EventBridge Scheduler events (`{"schedule": name}`)
//!   through `lambda_runtime`.
//! - [`serve_http_and_schedule`]: a function with both triggers
//!   (`pair-round`): the payload tells which it is.
//!
//! Every function gets the same [`App`]: the DynamoDB store on the table
//! named by `TABLE_NAME`, the API Gateway authenticator, the system clock,
//! the Lichess client for player facts (acwc II; `LICHESS_API_URL`, default
//! `https://lichess.org`), the public address for Locations
//! (`PUBLIC_BASE_URL`, default the request's own), the user pool's hosted
//! sign-in for the browser app when the `OIDC_*` variables name it
//! ([`Oidc::from_env`]), and JSON logs.

use crate::auth::{Authenticator, Claims};
use crate::clock::SystemClock;
use crate::oidc::{HostedSignIn, HttpIdentityProvider, Oidc};
use crate::{App, ScheduleEvent};
use arbiter_store::DynamoStore;
use bytes::Bytes;
use http::{Request, Response};
use lambda_http::aws_lambda_events::apigw::{ApiGatewayV2httpRequest, ApiGatewayV2httpResponse};
use lambda_http::aws_lambda_events::encodings::Body;
use lambda_http::request::RequestContext;
use lambda_http::{service_fn, LambdaEvent, RequestExt};
use serde::Serialize;
use std::future::Future;
use std::sync::Arc;

pub type Error = lambda_http::Error;

/// JSON logs for CloudWatch, filtered by `RUST_LOG`.
pub fn init_tracing() {
    let _ = tracing_subscriber::fmt()
        .json()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_current_span(false)
        .without_time() // CloudWatch stamps each line
        .try_init();
}

async fn app() -> Result<Arc<App<DynamoStore>>, Error> {
    init_tracing();
    let table = std::env::var("TABLE_NAME").map_err(|_| "TABLE_NAME is not set")?;
    let store = DynamoStore::from_env(table).await;
    let lichess = std::env::var("LICHESS_API_URL")
        .ok()
        .filter(|u| !u.is_empty())
        .unwrap_or_else(|| arbiter_facts::lichess::PUBLIC_BASE.to_owned());
    let sign_in = Oidc::from_env().map(|oidc| {
        Arc::new(HostedSignIn::new(
            oidc,
            Arc::new(HttpIdentityProvider::default()),
        ))
    });
    let auth = Authenticator::ApiGateway { sign_in };
    let mut app = App::new(store, auth, Arc::new(SystemClock))
        .with_facts(Arc::new(arbiter_facts::Lichess::new(lichess)));
    // Empty: Locations name the address each request came in by.
    if let Some(base) = std::env::var("PUBLIC_BASE_URL")
        .ok()
        .filter(|b| !b.is_empty())
    {
        app = app.with_public_base(base);
    }
    if let Some(domain) = std::env::var("MAIL_DOMAIN").ok().filter(|d| !d.is_empty()) {
        app = app.with_mail_domain(domain);
    }
    if let Some(bot) = crate::TelegramBot::from_env([
        "TELEGRAM_BOT_TOKEN",
        "TELEGRAM_WEBHOOK_SECRET",
        "TELEGRAM_API_URL",
    ]) {
        app = app.with_telegram(bot);
    }
    Ok(Arc::new(app))
}

/// Reports `error`, which stopped the function before it could serve, to
/// the Runtime API's `/runtime/init/error` (so Lambda names the cause, not
/// only that the process exited), and returns it. The runtime library
/// reports only its own init failures; this one is for ours (an unknown
/// Handler, a missing variable). Best effort: outside Lambda, or if the
/// API does not answer, only the process's exit tells.
pub async fn init_failed(error: Error) -> Error {
    if let Ok(api) = std::env::var("AWS_LAMBDA_RUNTIME_API") {
        let body = serde_json::json!({
            "errorType": "Runtime.InitError",
            "errorMessage": error.to_string(),
        });
        let sent = reqwest::Client::new()
            .post(format!("http://{api}/2018-06-01/runtime/init/error"))
            .header("Lambda-Runtime-Function-Error-Type", "Runtime.InitError")
            .json(&body)
            .send()
            .await;
        if let Err(e) = sent {
            tracing::error!(error = %e, "could not report the init error");
        }
    }
    error
}

/// The app, or the init error reported (see [`init_failed`]).
async fn app_or_init_error() -> Result<Arc<App<DynamoStore>>, Error> {
    match app().await {
        Ok(app) => Ok(app),
        Err(e) => Err(init_failed(e).await),
    }
}

/// The claims API Gateway's JWT authorizer verified, if any.
fn claims_of(context: Option<&RequestContext>) -> Option<Claims> {
    match context? {
        RequestContext::ApiGatewayV2(ctx) => {
            let jwt = ctx.authorizer.as_ref()?.jwt.as_ref()?;
            Some(Claims(jwt.claims.clone()))
        }
        _ => None,
    }
}

fn to_lambda_body(response: Response<Bytes>) -> Response<Body> {
    response.map(|bytes| match String::from_utf8(bytes.to_vec()) {
        Ok(text) => Body::Text(text),
        Err(e) => Body::Binary(e.into_bytes()),
    })
}

/// Runs an HTTP handler as a Lambda function behind the HTTP API.
pub async fn serve_http<F, Fut>(handler: F) -> Result<(), Error>
where
    F: Fn(Arc<App<DynamoStore>>, Request<Bytes>) -> Fut + Send + Sync,
    Fut: Future<Output = Response<Bytes>> + Send,
{
    let app = app_or_init_error().await?;
    let handler = &handler;
    lambda_http::run(service_fn(move |req: lambda_http::Request| {
        let app = Arc::clone(&app);
        async move {
            let claims = claims_of(req.request_context_ref());
            let (mut parts, body) = req.into_parts();
            if let Some(claims) = claims {
                parts.extensions.insert(claims);
            }
            let req = Request::from_parts(parts, Bytes::from(body.to_vec()));
            Ok::<_, std::convert::Infallible>(to_lambda_body(handler(app, req).await))
        }
    }))
    .await
}

/// Runs a schedule handler as a Lambda function for EventBridge Scheduler.
pub async fn serve_schedule<F, Fut, T>(handler: F) -> Result<(), Error>
where
    F: Fn(Arc<App<DynamoStore>>, ScheduleEvent) -> Fut + Send + Sync,
    Fut: Future<Output = Result<T, crate::Problem>> + Send,
    T: Serialize,
{
    let app = app_or_init_error().await?;
    let handler = &handler;
    lambda_runtime::run(service_fn(move |event: LambdaEvent<ScheduleEvent>| {
        let app = Arc::clone(&app);
        async move {
            handler(app, event.payload)
                .await
                .map_err(|p| Error::from(format!("{}: {}", p.title, p.detail)))
        }
    }))
    .await
}

/// Converts an HTTP API (payload format 2.0) event to the handlers' request type.
pub fn from_api_gateway(event: ApiGatewayV2httpRequest) -> Result<Request<Bytes>, Error> {
    let path = event.raw_path.clone().unwrap_or_else(|| "/".into());
    let uri = match event.raw_query_string.as_deref() {
        Some(q) if !q.is_empty() => format!("{path}?{q}"),
        _ => path,
    };
    let body = match event.body {
        None => Bytes::new(),
        Some(b) if event.is_base64_encoded => {
            use base64::Engine as _;
            Bytes::from(base64::engine::general_purpose::STANDARD.decode(b)?)
        }
        Some(b) => Bytes::from(b),
    };
    let mut request = Request::builder()
        .method(event.request_context.http.method.clone())
        .uri(uri)
        .body(body)?;
    *request.headers_mut() = event.headers;
    if let Some(jwt) = event.request_context.authorizer.and_then(|a| a.jwt) {
        request.extensions_mut().insert(Claims(jwt.claims));
    }
    Ok(request)
}

/// Converts a handler's response to an HTTP API (payload format 2.0) response.
pub fn to_api_gateway(response: Response<Bytes>) -> ApiGatewayV2httpResponse {
    let (parts, body) = response.into_parts();
    let text = String::from_utf8(body.to_vec());
    let (body, is_base64_encoded) = match text {
        Ok(t) => (Body::Text(t), false),
        Err(e) => {
            use base64::Engine as _;
            (
                Body::Text(base64::engine::general_purpose::STANDARD.encode(e.into_bytes())),
                true,
            )
        }
    };
    // The type is non-exhaustive: fill a default.
    let mut response = ApiGatewayV2httpResponse::default();
    response.status_code = i64::from(parts.status.as_u16());
    response.headers = parts.headers;
    response.body = Some(body);
    response.is_base64_encoded = is_base64_encoded;
    response
}

/// Runs a function that answers both HTTP API events and schedule events.
pub async fn serve_http_and_schedule<H, HF, S, SF, T>(http: H, schedule: S) -> Result<(), Error>
where
    H: Fn(Arc<App<DynamoStore>>, Request<Bytes>) -> HF + Send + Sync,
    HF: Future<Output = Response<Bytes>> + Send,
    S: Fn(Arc<App<DynamoStore>>, ScheduleEvent) -> SF + Send + Sync,
    SF: Future<Output = Result<T, crate::Problem>> + Send,
    T: Serialize,
{
    let app = app_or_init_error().await?;
    let (http, schedule) = (&http, &schedule);
    lambda_runtime::run(service_fn(move |event: LambdaEvent<serde_json::Value>| {
        let app = Arc::clone(&app);
        async move {
            if event.payload.get("schedule").is_some() {
                let event: ScheduleEvent = serde_json::from_value(event.payload)?;
                let report = schedule(app, event)
                    .await
                    .map_err(|p| Error::from(format!("{}: {}", p.title, p.detail)))?;
                return Ok::<_, Error>(serde_json::to_value(report)?);
            }
            let request = from_api_gateway(serde_json::from_value(event.payload)?)?;
            Ok(serde_json::to_value(to_api_gateway(
                http(app, request).await,
            ))?)
        }
    }))
    .await
}

/// Runs a function that answers HTTP API events and another service's
/// events (an SES notification): a payload without an HTTP API
/// `requestContext` goes to `events`.
pub async fn serve_http_and_events<H, HF, E, EF>(http: H, events: E) -> Result<(), Error>
where
    H: Fn(Arc<App<DynamoStore>>, Request<Bytes>) -> HF + Send + Sync,
    HF: Future<Output = Response<Bytes>> + Send,
    E: Fn(Arc<App<DynamoStore>>, serde_json::Value) -> EF + Send + Sync,
    EF: Future<Output = Result<serde_json::Value, Error>> + Send,
{
    let app = app_or_init_error().await?;
    let (http, events) = (&http, &events);
    lambda_runtime::run(service_fn(move |event: LambdaEvent<serde_json::Value>| {
        let app = Arc::clone(&app);
        async move {
            if event.payload.get("requestContext").is_none() {
                return events(app, event.payload).await;
            }
            let request = from_api_gateway(serde_json::from_value(event.payload)?)?;
            Ok(serde_json::to_value(to_api_gateway(
                http(app, request).await,
            ))?)
        }
    }))
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn api_gateway_events_convert_both_ways() {
        let event: ApiGatewayV2httpRequest = serde_json::from_value(serde_json::json!({
            "version": "2.0",
            "routeKey": "POST /v1/competitions/{id}/rounds",
            "rawPath": "/v1/competitions/acwc/rounds",
            "rawQueryString": "dry=1",
            "headers": {"content-type": "application/json"},
            "requestContext": {
                "http": {"method": "POST", "path": "/v1/competitions/acwc/rounds"},
                "authorizer": {"jwt": {"claims": {"sub": "ann", "cognito:groups": "[organizers]"}, "scopes": null}},
                "timeEpoch": 0
            },
            "body": "eyJhIjoxfQ==",
            "isBase64Encoded": true
        }))
        .unwrap();
        let request = from_api_gateway(event).unwrap();
        assert_eq!(request.method(), http::Method::POST);
        assert_eq!(request.uri().path(), "/v1/competitions/acwc/rounds");
        assert_eq!(request.uri().query(), Some("dry=1"));
        assert_eq!(request.body().as_ref(), br#"{"a":1}"#);
        let caller = Authenticator::ApiGateway { sign_in: None }
            .authenticate(&request)
            .unwrap();
        assert_eq!(caller.user.as_str(), "ann");
        assert!(caller.may_organize);

        let response = to_api_gateway(crate::json(
            http::StatusCode::CREATED,
            &serde_json::json!({"ok": true}),
        ));
        assert_eq!(response.status_code, 201);
        assert!(!response.is_base64_encoded);
        assert_eq!(response.headers["content-type"], "application/json");
    }
}
