//! A scripted story's requests through a [`Transport`]: the clock it
//! sets before each request, the requests it counts, and the answers it
//! expects (a success, or a refusal naming a clause). The simulations
//! (`arbiter simulate world-masters`, `arbiter simulate swiss`) are told
//! with it.

use crate::transport::Transport;
use chrono::{DateTime, Utc};
use serde_json::Value;

pub struct Story<'a, T> {
    pub t: &'a T,
    pub now: DateTime<Utc>,
    pub requests: u64,
    /// The competition's path, which [`Story::ok`] and [`Story::refused`]
    /// paths follow.
    pub base: &'static str,
}

impl<'a, T: Transport> Story<'a, T> {
    pub fn new(t: &'a T, now: DateTime<Utc>, base: &'static str) -> Self {
        Story {
            t,
            now,
            requests: 0,
            base,
        }
    }

    /// `method` `path` as `who` (the organizer when `who` is `org`) at
    /// `self.now`: the status and the JSON answer.
    pub async fn call(
        &mut self,
        who: &str,
        method: http::Method,
        path: &str,
        body: Option<Value>,
    ) -> (u16, Value) {
        self.requests += 1;
        self.t.set_time(self.now);
        self.t.call(who, who == "org", method, path, body).await
    }

    /// A POST to the competition's `path` that must succeed.
    pub async fn ok(&mut self, who: &str, path: &str, body: Value) -> Result<Value, String> {
        let (status, answer) = self
            .call(
                who,
                http::Method::POST,
                &format!("{}{path}", self.base),
                Some(body.clone()),
            )
            .await;
        if (200..300).contains(&status) {
            Ok(answer)
        } else {
            Err(format!("{who} POST {path} {body}: {status} {answer}"))
        }
    }

    /// A POST to the competition's `path` the rules must refuse, naming
    /// `clause`.
    pub async fn refused(
        &mut self,
        who: &str,
        path: &str,
        body: Value,
        clause: &str,
    ) -> Result<(), String> {
        let (status, answer) = self
            .call(
                who,
                http::Method::POST,
                &format!("{}{path}", self.base),
                Some(body),
            )
            .await;
        if (status == 422 || status == 403) && answer["clause"] == clause {
            Ok(())
        } else {
            Err(format!(
                "{who} POST {path}: expected a refusal under {clause}, got {status} {answer}"
            ))
        }
    }
}
