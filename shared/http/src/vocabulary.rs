//! The edge's half of one vocabulary ([`arbiter_domain::vocabulary`]): a
//! request that used an old spelling, and was done, is answered with
//! RFC 9745's `Deprecation` header (the date the old spellings were
//! deprecated) and `Arbiter-Deprecated`, naming each old spelling with its
//! replacement, e.g. `first-deadline -> first_deadline`.

use arbiter_domain::competition::old_spellings_in;
use bytes::Bytes;
use http::{HeaderValue, Request, Response};

/// 2026-11-28T00:00:00Z, when the kinds agreed on one vocabulary.
const DEPRECATED_SINCE: &str = "@1795824000";

/// The old spellings `req`'s JSON body uses, as notes; none when the body
/// is not JSON.
pub fn old_spellings(req: &Request<Bytes>) -> Vec<String> {
    if req.body().is_empty() {
        return Vec::new();
    }
    match serde_json::from_slice::<serde_json::Value>(req.body()) {
        Ok(body) => old_spellings_in(&body),
        Err(_) => Vec::new(),
    }
}

/// Adds the deprecation headers to a successful `response` of a request
/// that used `notes`' old spellings; a refusal keeps its own answer.
pub fn note(notes: &[String], response: &mut Response<Bytes>) {
    if notes.is_empty() || !response.status().is_success() {
        return;
    }
    let Ok(value) = HeaderValue::from_str(&notes.join("; ")) else {
        return;
    };
    let headers = response.headers_mut();
    headers.insert("deprecation", HeaderValue::from_static(DEPRECATED_SINCE));
    headers.insert("arbiter-deprecated", value);
}

#[cfg(test)]
mod tests {
    use super::*;
    use http::StatusCode;

    fn request(body: &str) -> Request<Bytes> {
        Request::new(Bytes::from(body.to_owned()))
    }

    fn answered(status: StatusCode, body: &str) -> Response<Bytes> {
        let mut response = Response::new(Bytes::new());
        *response.status_mut() = status;
        note(&old_spellings(&request(body)), &mut response);
        response
    }

    #[test]
    fn a_done_request_in_old_spellings_is_told_the_new_ones() {
        let r = answered(
            StatusCode::OK,
            r#"{"action":"set-up","settings":{"last-year":1907,"first-deadline":"x"}}"#,
        );
        assert_eq!(r.headers()["deprecation"], "@1795824000");
        assert_eq!(
            r.headers()["arbiter-deprecated"],
            "last-year -> last_year; first-deadline -> first_deadline"
        );
    }

    #[test]
    fn old_kind_names_and_ladder_results_are_noted() {
        let r = answered(StatusCode::CREATED, r#"{"kind":"board","name":"B"}"#);
        assert_eq!(
            r.headers()["arbiter-deprecated"],
            "kind: board -> diplomacy-game"
        );
        let r = answered(
            StatusCode::OK,
            r#"{"action":"register-game","result":"white-wins"}"#,
        );
        assert_eq!(
            r.headers()["arbiter-deprecated"],
            "result: white-wins -> 1-0"
        );
    }

    #[test]
    fn new_spellings_refusals_and_non_json_bodies_get_no_note() {
        let new = answered(StatusCode::OK, r#"{"settings":{"last_year":1907}}"#);
        assert!(new.headers().get("deprecation").is_none());
        let refused = answered(StatusCode::UNPROCESSABLE_ENTITY, r#"{"last-year":1}"#);
        assert!(refused.headers().get("deprecation").is_none());
        let text = answered(StatusCode::OK, "last-year");
        assert!(text.headers().get("arbiter-deprecated").is_none());
    }
}
