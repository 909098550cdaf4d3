//! `application/problem+json` (RFC 9457) for every error the API answers.
//!
//! `type` is a stable relative URI under `/problems/` (documented in
//! `docs/problems.md`); `clause` names the rule when a rule refused;
//! nothing internal (no store errors, no stack traces) reaches the body.

use arbiter_domain::refusal::{Refusal, RefusalKind};
use arbiter_service::ServiceError;
use bytes::Bytes;
use http::{header, HeaderValue, Response, StatusCode};
use serde::Serialize;

pub const PROBLEM_JSON: &str = "application/problem+json";

/// One error answer (RFC 9457 problem details).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Problem {
    /// Stable problem type, e.g. `/problems/rule-refused`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub title: &'static str,
    /// The HTTP status code.
    #[serde(serialize_with = "serialize_status")]
    #[schemars(with = "u16")]
    pub status: StatusCode,
    pub detail: String,
    /// The rule that refused, e.g. `wm D.VII.5`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clause: Option<String>,
    #[serde(skip)]
    pub allow: Option<String>,
}

fn serialize_status<S: serde::Serializer>(s: &StatusCode, ser: S) -> Result<S::Ok, S::Error> {
    ser.serialize_u16(s.as_u16())
}

impl Problem {
    fn new(
        status: StatusCode,
        kind: &'static str,
        title: &'static str,
        detail: impl Into<String>,
    ) -> Self {
        Self {
            kind,
            title,
            status,
            detail: detail.into(),
            clause: None,
            allow: None,
        }
    }

    /// The player-facts source (acwc II) did not answer; nothing changed.
    pub fn facts_unavailable(source: &str, detail: impl std::fmt::Display) -> Self {
        tracing::warn!(source, %detail, "player-facts source unavailable");
        Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "/problems/unavailable",
            "Service unavailable",
            format!("the player-facts source ({source}) did not answer; nothing was changed: retry later, or an organizer enters the facts"),
        )
    }

    /// An If-Match named a version the competition has left (RFC 9110
    /// §13.1.1): the client decided on a state that is no longer current.
    pub fn precondition_failed(current: u64) -> Self {
        let mut p = Self::new(
            StatusCode::PRECONDITION_FAILED,
            "/problems/precondition-failed",
            "Precondition failed",
            format!("the competition is at version {current}, not the one If-Match names; nothing changed: read it again (its ETag) and decide anew"),
        );
        p.clause = Some(crate::conditional::IF_MATCH_CLAUSE.to_owned());
        p
    }

    pub fn malformed_json(detail: impl Into<String>) -> Self {
        Self::new(
            StatusCode::BAD_REQUEST,
            "/problems/malformed-json",
            "Malformed JSON",
            detail,
        )
    }

    pub fn invalid(detail: impl Into<String>) -> Self {
        Self::new(
            StatusCode::BAD_REQUEST,
            "/problems/invalid-request",
            "Invalid request",
            detail,
        )
    }

    pub fn unauthenticated(detail: impl Into<String>) -> Self {
        Self::new(
            StatusCode::UNAUTHORIZED,
            "/problems/unauthenticated",
            "Unauthenticated",
            detail,
        )
    }

    pub fn not_found(detail: impl Into<String>) -> Self {
        Self::new(
            StatusCode::NOT_FOUND,
            "/problems/not-found",
            "Not found",
            detail,
        )
    }

    pub fn method_not_allowed(allow: String) -> Self {
        let mut p = Self::new(
            StatusCode::METHOD_NOT_ALLOWED,
            "/problems/method-not-allowed",
            "Method not allowed",
            format!("this resource answers {allow}"),
        );
        p.allow = Some(allow);
        p
    }

    pub fn too_large(limit: usize) -> Self {
        Self::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "/problems/payload-too-large",
            "Payload too large",
            format!("request bodies are limited to {limit} bytes"),
        )
    }

    pub fn unsupported_media_type() -> Self {
        Self::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "/problems/unsupported-media-type",
            "Unsupported media type",
            "send JSON with Content-Type: application/json",
        )
    }

    pub fn internal() -> Self {
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "/problems/internal",
            "Internal error",
            "the server could not complete the request; it has been logged",
        )
    }

    pub fn into_response(self) -> Response<Bytes> {
        let body = serde_json::to_vec(&self).expect("problems serialize");
        let mut response = Response::new(Bytes::from(body));
        *response.status_mut() = self.status;
        response
            .headers_mut()
            .insert(header::CONTENT_TYPE, HeaderValue::from_static(PROBLEM_JSON));
        if self.status == StatusCode::UNAUTHORIZED {
            response
                .headers_mut()
                .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        }
        if let Some(allow) = self
            .allow
            .as_deref()
            .and_then(|a| HeaderValue::from_str(a).ok())
        {
            response.headers_mut().insert(header::ALLOW, allow);
        }
        crate::conditional::retry_after(&mut response);
        response
    }
}

impl From<Refusal> for Problem {
    fn from(r: Refusal) -> Self {
        let (status, kind, title) = match r.kind {
            RefusalKind::Rule => (
                StatusCode::UNPROCESSABLE_ENTITY,
                "/problems/rule-refused",
                "Refused by a rule",
            ),
            RefusalKind::Forbidden => (StatusCode::FORBIDDEN, "/problems/forbidden", "Forbidden"),
            RefusalKind::NotFound => (StatusCode::NOT_FOUND, "/problems/not-found", "Not found"),
            RefusalKind::Conflict => (StatusCode::CONFLICT, "/problems/conflict", "Conflict"),
            RefusalKind::Invalid => (
                StatusCode::BAD_REQUEST,
                "/problems/invalid-request",
                "Invalid request",
            ),
        };
        Self {
            kind,
            title,
            status,
            detail: r.detail,
            clause: r.clause.map(Into::into),
            allow: None,
        }
    }
}

impl From<ServiceError> for Problem {
    fn from(e: ServiceError) -> Self {
        match e {
            ServiceError::Refused(r) => r.into(),
            ServiceError::Stale { current, .. } => Self::precondition_failed(current),
            ServiceError::Contention(_) => Self::new(
                StatusCode::CONFLICT,
                "/problems/version-conflict",
                "Version conflict",
                "the competition changed while your request was decided; retry it",
            ),
            ServiceError::Store(arbiter_store::StoreError::Invalid(detail)) => {
                // The store refused what the service asked of it (an item
                // over DynamoDB's size limit): a defect here, not a
                // passing outage to retry.
                tracing::error!(detail, "store refused the change");
                Self::internal()
            }
            ServiceError::Store(arbiter_store::StoreError::Indeterminate(detail)) => {
                // The append was sent and never answered: it may have landed.
                tracing::error!(detail, "store outcome unknown");
                Self::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "/problems/outcome-unknown",
                    "Outcome unknown",
                    "the store did not answer after the change was sent; it may have been \
                     recorded: retry with the same Idempotency-Key to learn which (without \
                     one, read the competition before sending it again)",
                )
            }
            ServiceError::Store(err) => {
                // A read, or a write the store refused: nothing was written.
                tracing::error!(error = %err, "store failure");
                Self::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "/problems/unavailable",
                    "Service unavailable",
                    "the store did not answer; nothing was changed, retry later",
                )
            }
            ServiceError::Corrupt(detail) => {
                tracing::error!(detail, "stored data unreadable");
                Self::internal()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(p: Problem) -> (StatusCode, serde_json::Value, Option<String>) {
        let r = p.into_response();
        assert_eq!(r.headers()[header::CONTENT_TYPE], PROBLEM_JSON);
        let ct = r
            .headers()
            .get(header::WWW_AUTHENTICATE)
            .map(|v| v.to_str().unwrap().to_owned());
        (r.status(), serde_json::from_slice(r.body()).unwrap(), ct)
    }

    #[test]
    fn a_rule_refusal_is_422_naming_the_clause() {
        let (status, json, _) =
            body(Refusal::rule("wm D.VII.5", "too late for an extension").into());
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(json["type"], "/problems/rule-refused");
        assert_eq!(json["clause"], "wm D.VII.5");
        assert_eq!(json["status"], 422);
        assert_eq!(json["detail"], "too late for an extension");
    }

    #[test]
    fn refusal_kinds_map_to_statuses() {
        let cases = [
            (Refusal::forbidden("arbiter roles", "x"), 403),
            (Refusal::not_found("x"), 404),
            (Refusal::conflict("x"), 409),
            (Refusal::invalid("x"), 400),
        ];
        for (refusal, status) in cases {
            assert_eq!(Problem::from(refusal).status.as_u16(), status);
        }
    }

    #[test]
    fn service_failures_hide_internals() {
        let (status, json, _) = body(
            ServiceError::Store(arbiter_store::StoreError::Unavailable(
                "secret table arn".into(),
            ))
            .into(),
        );
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
        assert!(!json.to_string().contains("secret"));
        let (status, json, _) = body(ServiceError::Corrupt("commit 3 of x".into()).into());
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
        assert!(!json.to_string().contains("commit 3"));
        let (status, json, _) = body(ServiceError::Contention(32).into());
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(json["type"], "/problems/version-conflict");
        let stale = ServiceError::Stale {
            current: 7,
            expected: vec![6],
        };
        let (status, json, _) = body(stale.into());
        assert_eq!(status, StatusCode::PRECONDITION_FAILED);
        assert_eq!(json["clause"], "RFC 9110 §13.1.1");
    }

    /// A store failure known to come before any write says nothing changed;
    /// one after a write was sent says it may have been recorded and how to
    /// learn which. Both are 503 with `Retry-After`.
    #[test]
    fn a_503_says_whether_anything_may_have_changed() {
        use arbiter_store::StoreError;
        let before = ServiceError::Store(StoreError::Unavailable("query timed out".into()));
        let after = ServiceError::Store(StoreError::Indeterminate("connection reset".into()));
        for (error, kind, says) in [
            (before, "/problems/unavailable", "nothing was changed"),
            (
                after,
                "/problems/outcome-unknown",
                "it may have been recorded",
            ),
        ] {
            let response = Problem::from(error).into_response();
            assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
            assert_eq!(response.headers()[header::RETRY_AFTER], "1");
            let json: serde_json::Value = serde_json::from_slice(response.body()).unwrap();
            assert_eq!(json["type"], kind);
            let detail = json["detail"].as_str().unwrap();
            assert!(detail.contains(says), "{detail}");
        }
        let unknown = Problem::from(ServiceError::Store(StoreError::Indeterminate("x".into())));
        assert!(unknown.detail.contains("same Idempotency-Key"));
        assert!(!unknown.detail.contains("nothing was changed"));
    }

    #[test]
    fn unauthenticated_asks_for_a_bearer_token() {
        let (status, _, challenge) = body(Problem::unauthenticated("no token"));
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert_eq!(challenge.as_deref(), Some("Bearer"));
    }
}
