//! Routes: each function crate declares the routes it answers, as data. The
//! local server mounts them all, `template.yaml` declares them as HttpApi
//! events, and `docs/openapi.json` describes them; tests keep the three equal.

use crate::problem::Problem;
use http::Method;

/// One route of the API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Route {
    pub method: Method,
    /// Path with `{name}` placeholders, as in OpenAPI and API Gateway.
    pub path: &'static str,
    /// The OpenAPI operationId; handlers dispatch on it.
    pub operation: &'static str,
    /// Whether a caller must be authenticated.
    pub authenticated: bool,
}

impl Route {
    pub const fn new(method: Method, path: &'static str, operation: &'static str) -> Self {
        Self {
            method,
            path,
            operation,
            authenticated: true,
        }
    }

    pub const fn public(method: Method, path: &'static str, operation: &'static str) -> Self {
        Self {
            method,
            path,
            operation,
            authenticated: false,
        }
    }

    /// How many `{name}` segments the pattern has: among routes matching
    /// a request, the one with fewer (more literal segments) wins, as in
    /// API Gateway (`/log` before `/{resource}`).
    pub fn placeholders(&self) -> usize {
        self.path.split('/').filter(|p| p.starts_with('{')).count()
    }

    /// The path parameters if `path` matches this route's pattern.
    pub fn matches(&self, path: &str) -> Option<Params> {
        let mut params = Vec::new();
        let mut pattern = self.path.split('/');
        let mut actual = path.split('/');
        loop {
            match (pattern.next(), actual.next()) {
                (None, None) => return Some(Params(params)),
                (Some(p), Some(a)) => {
                    if let Some(name) = p.strip_prefix('{').and_then(|p| p.strip_suffix('}')) {
                        if a.is_empty() {
                            return None;
                        }
                        params.push((name, percent_decode(a)?));
                    } else if p != a {
                        return None;
                    }
                }
                _ => return None,
            }
        }
    }
}

/// Path parameters by name.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Params(Vec<(&'static str, String)>);

impl Params {
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Finds the route for a request: among the routes with its path and
/// method, the most literal (see [`Route::placeholders`]); 404 if no route
/// has the path, 405 (with the allowed methods) if routes have the path but
/// not the method.
pub fn find<'r>(
    routes: &'r [Route],
    method: &Method,
    path: &str,
) -> Result<(&'r Route, Params), Problem> {
    let mut allowed = Vec::new();
    let mut best: Option<(&Route, Params)> = None;
    for route in routes {
        if let Some(params) = route.matches(path) {
            if route.method == *method {
                if best
                    .as_ref()
                    .is_none_or(|(b, _)| route.placeholders() < b.placeholders())
                {
                    best = Some((route, params));
                }
            } else {
                allowed.push(route.method.as_str());
            }
        }
    }
    if let Some(found) = best {
        return Ok(found);
    }
    if allowed.is_empty() {
        Err(Problem::not_found(format!("no resource at {path}")))
    } else {
        allowed.sort_unstable();
        allowed.dedup();
        Err(Problem::method_not_allowed(allowed.join(", ")))
    }
}

/// A path segment, percent-decoded; `None` for a malformed escape (`%zz`)
/// or bytes that are not UTF-8.
fn percent_decode(s: &str) -> Option<String> {
    let malformed = s
        .split('%')
        .skip(1)
        .any(|rest| rest.bytes().take(2).filter(u8::is_ascii_hexdigit).count() != 2);
    if malformed {
        return None;
    }
    percent_encoding::percent_decode_str(s)
        .decode_utf8()
        .ok()
        .map(|c| c.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROUTES: &[Route] = &[
        Route::new(Method::GET, "/v1/competitions/{id}", "get"),
        Route::new(Method::POST, "/v1/competitions", "create"),
        Route::new(
            Method::DELETE,
            "/v1/competitions/{id}/roles/{user}/{role}",
            "revoke",
        ),
    ];

    #[test]
    fn matches_and_extracts_params() {
        let (route, params) = find(
            ROUTES,
            &Method::DELETE,
            "/v1/competitions/c1/roles/auth0%7Cann/player",
        )
        .unwrap();
        assert_eq!(route.operation, "revoke");
        assert_eq!(params.get("id"), Some("c1"));
        assert_eq!(params.get("user"), Some("auth0|ann"));
        assert_eq!(params.get("role"), Some("player"));
    }

    #[test]
    fn unknown_path_is_404_and_wrong_method_is_405() {
        assert_eq!(
            find(ROUTES, &Method::GET, "/v1/nothing")
                .unwrap_err()
                .status
                .as_u16(),
            404
        );
        assert_eq!(
            find(ROUTES, &Method::GET, "/v1/competitions/")
                .unwrap_err()
                .status
                .as_u16(),
            404
        );
        let err = find(ROUTES, &Method::PUT, "/v1/competitions/c1").unwrap_err();
        assert_eq!(err.status.as_u16(), 405);
        assert_eq!(err.allow.as_deref(), Some("GET"));
    }

    #[test]
    fn a_literal_segment_wins_over_a_placeholder_whatever_the_order() {
        const SHADOWED: &[Route] = &[
            Route::new(Method::GET, "/v1/competitions/{id}/{resource}", "resource"),
            Route::new(Method::GET, "/v1/competitions/{id}/log", "log"),
            Route::new(Method::POST, "/v1/competitions/{id}/rounds", "pair"),
        ];
        let (route, _) = find(SHADOWED, &Method::GET, "/v1/competitions/c1/log").unwrap();
        assert_eq!(route.operation, "log");
        // GET of a path another method owns reads the resource.
        let (route, params) = find(SHADOWED, &Method::GET, "/v1/competitions/c1/rounds").unwrap();
        assert_eq!(route.operation, "resource");
        assert_eq!(params.get("resource"), Some("rounds"));
        let (route, _) = find(SHADOWED, &Method::POST, "/v1/competitions/c1/rounds").unwrap();
        assert_eq!(route.operation, "pair");
    }

    #[test]
    fn bad_percent_encoding_does_not_match() {
        assert!(find(ROUTES, &Method::GET, "/v1/competitions/%zz").is_err());
        assert!(find(ROUTES, &Method::GET, "/v1/competitions/%ff").is_err());
    }
}
