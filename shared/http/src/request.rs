//! Reading request bodies and headers: JSON with the right media type and
//! size, query parameters, and the Idempotency-Key.

use crate::problem::Problem;
use arbiter_domain::competition::Idempotency;
use bytes::Bytes;
use http::{header, Request};
use serde::de::DeserializeOwned;
use sha2::{Digest, Sha256};

/// The largest request body accepted. A TRF import of a 10,000-player
/// tournament is about 1 MB; everything else is far smaller.
pub const MAX_BODY: usize = 2 * 1024 * 1024;

/// Parses the body as JSON into `T`: 415 unless the media type is JSON,
/// 413 over [`MAX_BODY`], 400 for bad syntax or content.
pub fn json_body<T: DeserializeOwned>(req: &Request<Bytes>) -> Result<T, Problem> {
    let is_json = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(|v| {
            v.split(';')
                .next()
                .unwrap_or("")
                .trim()
                .to_ascii_lowercase()
        })
        .is_some_and(|mime| mime == "application/json" || mime.ends_with("+json"));
    if !is_json {
        return Err(Problem::unsupported_media_type());
    }
    let body = req.body();
    if body.len() > MAX_BODY {
        return Err(Problem::too_large(MAX_BODY));
    }
    serde_json::from_slice(body).map_err(|e| {
        use serde_json::error::Category;
        match e.classify() {
            Category::Syntax | Category::Eof | Category::Io => {
                Problem::malformed_json(e.to_string())
            }
            Category::Data => Problem::invalid(e.to_string()),
        }
    })
}

/// The value of query parameter `name`, if present, percent-decoded as
/// `application/x-www-form-urlencoded` (so `%3A` and `%3a` are `:` and `+`
/// is a space: a literal plus travels as `%2B`).
pub fn query<B>(req: &Request<B>, name: &str) -> Option<String> {
    form_urlencoded::parse(req.uri().query()?.as_bytes())
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.into_owned())
}

/// A numeric query parameter with a default; 400 when it is not a number.
pub fn query_number<B>(req: &Request<B>, name: &str, default: u64) -> Result<u64, Problem> {
    match query(req, name) {
        None => Ok(default),
        Some(v) => v.parse().map_err(|_| {
            Problem::invalid(format!("query parameter {name} must be a whole number"))
        }),
    }
}

/// The `limit` of a list: a whole number from 1 to `max`, `default` when
/// absent. Every list pages this way (`cursor` + `limit`, `next_cursor` in
/// the answer); a limit out of range is refused rather than quietly
/// changed, so a client learns the bound instead of missing rows.
pub fn page_limit<B>(req: &Request<B>, default: usize, max: usize) -> Result<usize, Problem> {
    match query(req, "limit") {
        None => Ok(default),
        Some(v) => v
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=max).contains(n))
            .ok_or_else(|| {
                Problem::invalid(format!("limit must be a whole number from 1 to {max}"))
            }),
    }
}

/// The request's Idempotency-Key with a digest of what it asks for (method,
/// path, body), so a reused key with another request is recognised.
pub fn idempotency(req: &Request<Bytes>) -> Result<Option<Idempotency>, Problem> {
    let Some(value) = req.headers().get("idempotency-key") else {
        return Ok(None);
    };
    let key = value
        .to_str()
        .ok()
        .filter(|k| !k.is_empty() && k.len() <= 255)
        .ok_or_else(|| {
            Problem::invalid("Idempotency-Key must be 1 to 255 visible ASCII characters")
        })?;
    let mut digest = Sha256::new();
    digest.update(req.method().as_str());
    digest.update([0]);
    digest.update(req.uri().path());
    digest.update([0]);
    digest.update(req.body());
    Ok(Some(Idempotency {
        key: key.to_owned(),
        request_digest: hex::encode(digest.finalize()),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use http::StatusCode;

    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Body {
        name: String,
    }

    fn req(ct: Option<&str>, body: &str) -> Request<Bytes> {
        let mut b = Request::builder().method("POST").uri("/v1/competitions");
        if let Some(ct) = ct {
            b = b.header("content-type", ct);
        }
        b.body(Bytes::from(body.to_owned())).unwrap()
    }

    fn status(r: Result<Body, Problem>) -> u16 {
        r.unwrap_err().status.as_u16()
    }

    #[test]
    fn json_bodies_are_checked() {
        assert!(json_body::<Body>(&req(Some("application/json"), r#"{"name":"x"}"#)).is_ok());
        assert!(json_body::<Body>(&req(
            Some("application/json; charset=utf-8"),
            r#"{"name":"x"}"#
        ))
        .is_ok());
        assert_eq!(status(json_body(&req(None, r#"{"name":"x"}"#))), 415);
        assert_eq!(
            status(json_body(&req(Some("text/plain"), r#"{"name":"x"}"#))),
            415
        );
        assert_eq!(
            status(json_body(&req(Some("application/json"), r#"{"name":"#))),
            400
        );
        let malformed = json_body::<Body>(&req(Some("application/json"), "{,}")).unwrap_err();
        assert_eq!(malformed.kind, "/problems/malformed-json");
        let wrong_shape =
            json_body::<Body>(&req(Some("application/json"), r#"{"name":3}"#)).unwrap_err();
        assert_eq!(wrong_shape.kind, "/problems/invalid-request");
        let big = format!(r#"{{"name":"{}"}}"#, "x".repeat(MAX_BODY));
        assert_eq!(
            json_body::<Body>(&req(Some("application/json"), &big))
                .unwrap_err()
                .status,
            StatusCode::PAYLOAD_TOO_LARGE
        );
    }

    #[test]
    fn idempotency_digest_depends_on_the_request() {
        let with_key = |body: &str| {
            let mut r = req(Some("application/json"), body);
            r.headers_mut()
                .insert("idempotency-key", "abc".parse().unwrap());
            idempotency(&r).unwrap().unwrap()
        };
        assert_eq!(with_key("{}"), with_key("{}"));
        assert_ne!(
            with_key("{}").request_digest,
            with_key("{ }").request_digest
        );
        assert_eq!(idempotency(&req(None, "")).unwrap(), None);
    }

    #[test]
    fn query_parameters_are_percent_decoded() {
        // Either case of hex digit, and an encoded plus.
        let r = Request::builder()
            .uri("/x?at=2019-09-02T10%3a00%3A00%2B01%3A00&name=Ann%20Lee&plain=a+b")
            .body(())
            .unwrap();
        assert_eq!(
            query(&r, "at").as_deref(),
            Some("2019-09-02T10:00:00+01:00")
        );
        assert_eq!(query(&r, "name").as_deref(), Some("Ann Lee"));
        assert_eq!(query(&r, "plain").as_deref(), Some("a b"));
    }

    #[test]
    fn a_page_limit_out_of_range_is_refused_not_clamped() {
        let limit = |q: &str| {
            let r = Request::builder().uri(format!("/x?{q}")).body(()).unwrap();
            page_limit(&r, 20, 100).map_err(|p| p.status.as_u16())
        };
        assert_eq!(limit(""), Ok(20));
        assert_eq!(limit("limit=1"), Ok(1));
        assert_eq!(limit("limit=100"), Ok(100));
        for bad in ["0", "101", "-1", "abc", "", "18446744073709551615", "1e3"] {
            assert_eq!(limit(&format!("limit={bad}")), Err(400), "limit={bad}");
        }
    }

    #[test]
    fn query_parameters() {
        let r = Request::builder()
            .uri("/x?after=5&limit=abc&flag")
            .body(())
            .unwrap();
        assert_eq!(query(&r, "after").as_deref(), Some("5"));
        assert_eq!(query(&r, "flag").as_deref(), Some(""));
        assert_eq!(query_number(&r, "after", 0).unwrap(), 5);
        assert_eq!(query_number(&r, "missing", 7).unwrap(), 7);
        assert_eq!(
            query_number(&r, "limit", 0).unwrap_err().status.as_u16(),
            400
        );
    }
}
