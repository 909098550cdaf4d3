//! How a scripted story (a simulation, an end-to-end test) reaches the
//! API: in process through the local router ([`crate::in_process`]) or over
//! HTTP on loopback (the end-to-end harness). One story, two transports.

use chrono::{DateTime, Utc};
use serde_json::Value;
use std::future::Future;

/// How a story reaches the API.
pub trait Transport {
    /// Sets the clock every following request reads.
    fn set_time(&self, now: DateTime<Utc>);
    /// `method` `path` as `who` (an organizer when `organizer`), with a JSON
    /// body or none; the status and the JSON answer.
    fn call(
        &self,
        who: &str,
        organizer: bool,
        method: http::Method,
        path: &str,
        body: Option<Value>,
    ) -> impl Future<Output = (u16, Value)> + Send;
}
