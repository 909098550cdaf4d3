//! The events AWS hands the functions, written after the examples in AWS's
//! documentation (the HTTP API's payload format 2.0, EventBridge
//! Scheduler's Lambda target, DynamoDB Streams), not after our own
//! conversion code.

use super::template::Route;
use chrono::{DateTime, Utc};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

/// Who the HTTP API's JWT authorizer verified: the claims of a Cognito ID
/// token, as the authorizer passes them on.
#[derive(Debug, Clone)]
pub struct Signed {
    pub sub: String,
    /// The user pool groups the user is in.
    pub groups: Vec<String>,
}

impl Signed {
    pub fn user(sub: &str) -> Self {
        Self {
            sub: sub.to_owned(),
            groups: Vec::new(),
        }
    }

    pub fn organizer(sub: &str) -> Self {
        Self::in_groups(sub, &["organizers"])
    }

    pub fn in_groups(sub: &str, groups: &[&str]) -> Self {
        Self {
            sub: sub.to_owned(),
            groups: groups.iter().map(|g| (*g).to_owned()).collect(),
        }
    }

    /// Every claim a string, as API Gateway renders them in payload 2.0;
    /// a list claim (`cognito:groups`) rendered as `[a b]`, not as JSON.
    fn claims(&self, now: DateTime<Utc>) -> Value {
        let t = now.timestamp();
        let mut claims = json!({
            "sub": self.sub,
            "iss": "https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Emulated",
            "aud": "emulatedclientid",
            "token_use": "id",
            "cognito:username": self.sub,
            "email": format!("{}@example.org", self.sub),
            "email_verified": "true",
            "auth_time": t.to_string(),
            "iat": t.to_string(),
            "exp": (t + 3600).to_string(),
        });
        if !self.groups.is_empty() {
            claims["cognito:groups"] = json!(format!("[{}]", self.groups.join(" ")));
        }
        claims
    }
}

/// A request as a client sends it to the API.
#[derive(Debug, Clone)]
pub struct HttpRequest {
    pub method: String,
    /// The path with its query, `/v1/x?limit=5`.
    pub target: String,
    pub body: Option<Value>,
    pub signed: Option<Signed>,
    /// Headers the client adds (`Idempotency-Key`), names lower-cased as
    /// API Gateway passes them.
    pub headers: Vec<(String, String)>,
}

impl HttpRequest {
    pub fn get(target: &str, signed: Option<Signed>) -> Self {
        Self {
            method: "GET".into(),
            target: target.into(),
            body: None,
            signed,
            headers: Vec::new(),
        }
    }

    pub fn post(target: &str, body: Value, signed: Option<Signed>) -> Self {
        Self {
            method: "POST".into(),
            target: target.into(),
            body: Some(body),
            signed,
            headers: Vec::new(),
        }
    }

    /// The request with the header `name: value` added.
    pub fn with_header(mut self, name: &str, value: &str) -> Self {
        self.headers
            .push((name.to_ascii_lowercase(), value.to_owned()));
        self
    }

    pub fn path(&self) -> &str {
        self.target.split('?').next().unwrap_or_default()
    }

    fn query(&self) -> &str {
        self.target.split_once('?').map_or("", |(_, q)| q)
    }
}

/// The HTTP API's payload format 2.0 event for `request` on `route`, at
/// `now`. The authorizer block is there only when the route's authorizer
/// ran and verified someone; API Gateway lower-cases header names.
pub fn http_api(
    route: &Route,
    params: &BTreeMap<String, String>,
    request: &HttpRequest,
    now: DateTime<Utc>,
) -> Value {
    let mut headers = json!({
        "accept": "application/json",
        "host": "emulated.execute-api.us-east-1.amazonaws.com",
        "user-agent": "arbiter-e2e",
        "x-forwarded-for": "192.0.2.10",
        "x-forwarded-port": "443",
        "x-forwarded-proto": "https",
    });
    let mut context = json!({
        "accountId": "123456789012",
        "apiId": "emulated",
        "domainName": "emulated.execute-api.us-east-1.amazonaws.com",
        "domainPrefix": "emulated",
        "http": {
            "method": request.method,
            "path": request.path(),
            "protocol": "HTTP/1.1",
            "sourceIp": "192.0.2.10",
            "userAgent": "arbiter-e2e",
        },
        "requestId": format!("Em{:x}=", now.timestamp_millis()),
        "routeKey": route.key(),
        "stage": "$default",
        "time": now.format("%d/%b/%Y:%H:%M:%S +0000").to_string(),
        "timeEpoch": now.timestamp_millis(),
    });
    if let (true, Some(signed)) = (route.authorized, &request.signed) {
        headers["authorization"] = json!("Bearer emulated.id.token");
        context["authorizer"] = json!({"jwt": {"claims": signed.claims(now), "scopes": null}});
    }
    let mut event = json!({
        "version": "2.0",
        "routeKey": route.key(),
        "rawPath": request.path(),
        "rawQueryString": request.query(),
        "headers": headers,
        "requestContext": context,
        "isBase64Encoded": false,
    });
    for (name, value) in &request.headers {
        event["headers"][name] = json!(value);
    }
    if let Some(body) = &request.body {
        event["headers"]["content-type"] = json!("application/json");
        event["body"] = json!(body.to_string());
    }
    if !request.query().is_empty() {
        event["queryStringParameters"] = query_parameters(request.query());
    }
    if !params.is_empty() {
        event["pathParameters"] = json!(params);
    }
    event
}

/// `a=1&a=2&b=3` as payload 2.0 gives it: repeated names joined by commas.
fn query_parameters(query: &str) -> Value {
    let mut out: Map<String, Value> = Map::new();
    for (k, v) in form_urlencoded::parse(query.as_bytes()) {
        let joined = match out.get(k.as_ref()).and_then(Value::as_str) {
            Some(before) => format!("{before},{v}"),
            None => v.into_owned(),
        };
        out.insert(k.into_owned(), Value::String(joined));
    }
    Value::Object(out)
}

/// The DynamoDB Streams batch the notifier's event source mapping would
/// deliver for `items` (each in DynamoDB JSON, as read from the table):
/// one INSERT record each, with its keys and new image.
pub fn stream_batch(table_arn: &str, items: &[Value]) -> Value {
    let records: Vec<Value> = items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            json!({
                "eventID": format!("{:032x}", i + 1),
                "eventName": "INSERT",
                "eventVersion": "1.1",
                "eventSource": "aws:dynamodb",
                "awsRegion": super::REGION,
                "dynamodb": {
                    "ApproximateCreationDateTime": 1_767_614_400,
                    "Keys": {"PK": item["PK"], "SK": item["SK"]},
                    "NewImage": item,
                    "SequenceNumber": format!("{}", 100_000_000_000u64 + i as u64),
                    "SizeBytes": item.to_string().len(),
                    "StreamViewType": "NEW_IMAGE",
                },
                "eventSourceARN": format!("{table_arn}/stream/2026-01-01T00:00:00.000"),
            })
        })
        .collect();
    json!({ "Records": records })
}
