//! Cross-origin requests from browsers (the Fetch standard's CORS protocol):
//! which origins may call the API, the answer to a preflight `OPTIONS`, and
//! the headers an actual answer carries. A deployment's HTTP API answers CORS
//! itself (`CorsConfiguration` in `template.yaml`, fed by the `CorsOrigins`
//! parameter); the local runtime answers it here (`arbiter serve --cors-origin`).

use bytes::Bytes;
use http::{header, HeaderMap, HeaderValue, Method, Response, StatusCode};

/// The methods the API answers.
pub const METHODS: &str = "GET, POST, DELETE, OPTIONS";
/// The request headers a browser script may send.
pub const REQUEST_HEADERS: &str =
    "authorization, content-type, idempotency-key, if-match, if-none-match";
/// The answer headers a browser script may read.
pub const EXPOSED_HEADERS: &str = "etag, location, retry-after";
/// How long a browser may keep a preflight's answer, in seconds.
pub const MAX_AGE: u32 = 600;

/// The allowed origins (`https://app.example.org`, or `*` for any).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Cors {
    origins: Vec<String>,
}

impl Cors {
    pub fn new(origins: Vec<String>) -> Self {
        let origins = origins
            .into_iter()
            .map(|o| o.trim().trim_end_matches('/').to_owned())
            .filter(|o| !o.is_empty())
            .collect();
        Self { origins }
    }

    /// The request's `Origin` if it is allowed.
    fn allowed<'h>(&self, request: &'h HeaderMap) -> Option<&'h HeaderValue> {
        let origin = request.get(header::ORIGIN)?;
        let text = origin.to_str().ok()?;
        self.origins
            .iter()
            .any(|o| o == "*" || o == text)
            .then_some(origin)
    }

    /// The answer to a preflight (an `OPTIONS` naming
    /// `Access-Control-Request-Method`): 204, allowing the origin if it may
    /// call; `None` for any other request.
    pub fn preflight(&self, method: &Method, request: &HeaderMap) -> Option<Response<Bytes>> {
        if method != Method::OPTIONS || !request.contains_key(header::ACCESS_CONTROL_REQUEST_METHOD)
        {
            return None;
        }
        let mut response = Response::new(Bytes::new());
        *response.status_mut() = StatusCode::NO_CONTENT;
        let h = response.headers_mut();
        h.insert(header::VARY, HeaderValue::from_static("Origin"));
        if let Some(origin) = self.allowed(request) {
            h.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin.clone());
            h.insert(
                header::ACCESS_CONTROL_ALLOW_METHODS,
                HeaderValue::from_static(METHODS),
            );
            h.insert(
                header::ACCESS_CONTROL_ALLOW_HEADERS,
                HeaderValue::from_static(REQUEST_HEADERS),
            );
            h.insert(header::ACCESS_CONTROL_MAX_AGE, HeaderValue::from(MAX_AGE));
        }
        Some(response)
    }

    /// Lets the calling origin read `response`, if it is allowed.
    pub fn decorate(&self, request: &HeaderMap, response: &mut Response<Bytes>) {
        let Some(origin) = self.allowed(request) else {
            return;
        };
        let h = response.headers_mut();
        h.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin.clone());
        h.insert(
            header::ACCESS_CONTROL_EXPOSE_HEADERS,
            HeaderValue::from_static(EXPOSED_HEADERS),
        );
        h.append(header::VARY, HeaderValue::from_static("Origin"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(origin: &str, preflight: bool) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::ORIGIN, origin.parse().unwrap());
        if preflight {
            h.insert(
                header::ACCESS_CONTROL_REQUEST_METHOD,
                "POST".parse().unwrap(),
            );
        }
        h
    }

    #[test]
    fn only_configured_origins_are_allowed() {
        let cors = Cors::new(vec!["https://app.example.org/".into()]);
        let ok = cors
            .preflight(&Method::OPTIONS, &request("https://app.example.org", true))
            .unwrap();
        assert_eq!(ok.status(), StatusCode::NO_CONTENT);
        assert_eq!(
            ok.headers()[header::ACCESS_CONTROL_ALLOW_ORIGIN],
            "https://app.example.org"
        );
        let other = cors
            .preflight(&Method::OPTIONS, &request("https://evil.example", true))
            .unwrap();
        assert!(!other
            .headers()
            .contains_key(header::ACCESS_CONTROL_ALLOW_ORIGIN));
        assert!(cors
            .preflight(&Method::OPTIONS, &request("https://app.example.org", false))
            .is_none());
    }
}
