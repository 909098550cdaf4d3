//! Conditional requests (RFC 9110 §13) and the headers every answer carries:
//! a strong `ETag` on each successful GET, `304 Not Modified` for a matching
//! `If-None-Match`, the competition version an `If-Match` names, absolute
//! `Location`s, and `Retry-After` on 429 and 503.
//!
//! A GET that read a competition's state tags its answer `"v{version}-{hash}"`:
//! the version the state had and a digest of the body, which already differs by
//! viewer (each sees what the rules let them see). `If-Match` on a command names
//! the version the client decided on; any other GET is tagged by its body alone.

use bytes::Bytes;
use http::{header, HeaderMap, HeaderValue, Method, Response, StatusCode};
use sha2::{Digest, Sha256};

/// How long a client should wait before retrying a 429 or 503, in seconds.
pub const RETRY_AFTER_SECONDS: u32 = 1;

/// The clause a failed `If-Match` cites.
pub const IF_MATCH_CLAUSE: &str = "RFC 9110 §13.1.1";

/// What an `If-Match` header asks: `None` when absent or `*` (any current
/// state), otherwise the competition versions its entity-tags name. A tag
/// that is weak or not one of ours names no version, so it never matches
/// (strong comparison, RFC 9110 §8.8.3.2).
pub fn if_match(headers: &HeaderMap) -> Option<Vec<u64>> {
    let values: Vec<&str> = headers
        .get_all(header::IF_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect();
    if values.is_empty() {
        return None;
    }
    let tags: Vec<&str> = values
        .iter()
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .collect();
    if tags.contains(&"*") {
        return None;
    }
    Some(tags.iter().filter_map(|t| version_of(t)).collect())
}

/// The version in one of our strong tags: `"v12-…"` or `"v12"`.
fn version_of(tag: &str) -> Option<u64> {
    let inner = tag.strip_prefix('"')?.strip_suffix('"')?;
    let digits = inner.strip_prefix('v')?;
    digits.split('-').next()?.parse().ok()
}

/// The strong tag of `body`, which reflects competition `version` if the
/// handler read one.
pub fn etag(version: Option<u64>, body: &[u8]) -> String {
    let digest = hex::encode(&Sha256::digest(body)[..12]);
    match version {
        Some(v) => format!("\"v{v}-{digest}\""),
        None => format!("\"{digest}\""),
    }
}

/// Whether `If-None-Match` names `tag` (weak comparison, RFC 9110 §13.1.2).
fn none_match(headers: &HeaderMap, tag: &str) -> bool {
    let bare = |t: &str| t.trim().trim_start_matches("W/").to_owned();
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|t| t.trim() == "*" || bare(t) == tag)
}

/// Tags a successful GET answer and answers 304 without a body when the
/// client's copy is current. The body may differ by caller, so shared caches
/// key on `Authorization`.
pub fn validate_get(
    method: &Method,
    request: &HeaderMap,
    version: Option<u64>,
    mut response: Response<Bytes>,
) -> Response<Bytes> {
    if method != Method::GET || response.status() != StatusCode::OK {
        return response;
    }
    let tag = etag(version, response.body());
    let value = HeaderValue::from_str(&tag).expect("hex and digits are a valid header");
    let headers = response.headers_mut();
    headers.insert(header::ETAG, value);
    headers.insert(header::VARY, HeaderValue::from_static("Authorization"));
    if !none_match(request, &tag) {
        return response;
    }
    let mut not_modified = Response::new(Bytes::new());
    *not_modified.status_mut() = StatusCode::NOT_MODIFIED;
    for name in [header::ETAG, header::VARY] {
        if let Some(v) = response.headers().get(&name) {
            not_modified.headers_mut().insert(name, v.clone());
        }
    }
    not_modified
}

/// The deployment's public address for links (`https://api.example.org`), or
/// the one the request came in by (its `Host`, over HTTPS unless
/// `X-Forwarded-Proto` says otherwise).
pub fn public_base(configured: Option<&str>, request: &HeaderMap) -> Option<String> {
    if let Some(base) = configured {
        return Some(base.trim_end_matches('/').to_owned());
    }
    let host = request.get(header::HOST)?.to_str().ok()?;
    let scheme = request
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("https");
    Some(format!("{scheme}://{host}"))
}

/// Makes a relative `Location` absolute under `base`.
pub fn absolute_location(base: Option<&str>, response: &mut Response<Bytes>) {
    let Some(base) = base else { return };
    let Some(path) = response
        .headers()
        .get(header::LOCATION)
        .and_then(|v| v.to_str().ok())
        .filter(|p| p.starts_with('/'))
    else {
        return;
    };
    if let Ok(v) = HeaderValue::from_str(&format!("{base}{path}")) {
        response.headers_mut().insert(header::LOCATION, v);
    }
}

/// `Retry-After` on a 429 or 503 (RFC 9110 §10.2.3): a client that waits
/// that long before retrying does not add to the overload.
pub fn retry_after(response: &mut Response<Bytes>) {
    let status = response.status();
    if status == StatusCode::TOO_MANY_REQUESTS || status == StatusCode::SERVICE_UNAVAILABLE {
        response
            .headers_mut()
            .entry(header::RETRY_AFTER)
            .or_insert(HeaderValue::from(RETRY_AFTER_SECONDS));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(name: header::HeaderName, value: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(name, value.parse().unwrap());
        h
    }

    #[test]
    fn if_match_names_versions_and_star_names_any() {
        assert_eq!(if_match(&HeaderMap::new()), None);
        assert_eq!(if_match(&headers(header::IF_MATCH, "*")), None);
        let h = headers(header::IF_MATCH, "\"v3-abc\", \"v5\", W/\"v7-x\", \"zz\"");
        // The weak tag and the foreign one name nothing: strong comparison.
        assert_eq!(if_match(&h), Some(vec![3, 5]));
    }

    #[test]
    fn a_matching_if_none_match_is_304_without_a_body() {
        let tag = etag(Some(4), b"{}");
        assert!(tag.starts_with("\"v4-"));
        let ok = || {
            let mut r = Response::new(Bytes::from_static(b"{}"));
            *r.status_mut() = StatusCode::OK;
            r
        };
        let fresh = validate_get(&Method::GET, &HeaderMap::new(), Some(4), ok());
        assert_eq!(fresh.headers()[header::ETAG], tag.as_str());
        let weak = format!("W/{tag}");
        let cached = validate_get(
            &Method::GET,
            &headers(header::IF_NONE_MATCH, &weak),
            Some(4),
            ok(),
        );
        assert_eq!(cached.status(), StatusCode::NOT_MODIFIED);
        assert!(cached.body().is_empty());
        let stale = validate_get(
            &Method::GET,
            &headers(header::IF_NONE_MATCH, "\"v3-x\""),
            Some(4),
            ok(),
        );
        assert_eq!(stale.status(), StatusCode::OK);
    }

    #[test]
    fn locations_become_absolute_and_overload_says_when_to_retry() {
        let mut r = Response::new(Bytes::new());
        r.headers_mut()
            .insert(header::LOCATION, "/v1/x".parse().unwrap());
        absolute_location(Some("https://api.example.org"), &mut r);
        assert_eq!(
            r.headers()[header::LOCATION],
            "https://api.example.org/v1/x"
        );
        let h = headers(header::HOST, "abc.execute-api.eu-west-1.amazonaws.com");
        assert_eq!(
            public_base(None, &h).as_deref(),
            Some("https://abc.execute-api.eu-west-1.amazonaws.com")
        );
        *r.status_mut() = StatusCode::SERVICE_UNAVAILABLE;
        retry_after(&mut r);
        assert_eq!(r.headers()[header::RETRY_AFTER], "1");
    }
}
