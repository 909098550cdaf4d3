//! The AWS side: SES's receipt rule stores each mail to the domain in S3
//! (`<prefix><messageId>`) and then invokes this function with the
//! notification below (<https://docs.aws.amazon.com/ses/latest/dg/receiving-email-action-lambda-event.html>);
//! the function reads the stored mail and [`receive`](crate::receive)s it,
//! with SES's verdicts and its arrival time. Replies go out through SES.

use crate::receive::{receive, Arrival, Outcome, Verdicts};
use arbiter_http::App;
use arbiter_notify::Mailer;
use arbiter_store::{NotifyStore, Store};
use chrono::{DateTime, Utc};
use serde::Deserialize;
use std::future::Future;

/// One record of SES's Lambda notification; only the fields read.
#[derive(Debug, Clone, Deserialize)]
pub struct SesRecord {
    pub ses: SesMessage,
}

#[derive(Debug, Clone, Deserialize)]
pub struct SesMessage {
    pub mail: SesMail,
    pub receipt: SesReceipt,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SesMail {
    /// When SES received it (wm D.VII.1).
    pub timestamp: DateTime<Utc>,
    /// SES's id: the object's name in the bucket.
    pub message_id: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SesReceipt {
    pub spf_verdict: Verdict,
    pub dkim_verdict: Verdict,
    pub dmarc_verdict: Verdict,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Verdict {
    pub status: String,
}

/// The notification: `{"Records": [...]}`.
#[derive(Debug, Clone, Deserialize)]
pub struct SesEvent {
    #[serde(rename = "Records")]
    pub records: Vec<SesRecord>,
}

impl SesRecord {
    pub fn arrival(&self) -> Arrival {
        let r = &self.ses.receipt;
        Arrival {
            at: self.ses.mail.timestamp,
            verdicts: Verdicts {
                spf: r.spf_verdict.status.clone(),
                dkim: r.dkim_verdict.status.clone(),
                dmarc: r.dmarc_verdict.status.clone(),
            },
        }
    }
}

/// Where SES stored the raw mails.
pub trait RawMail: Send + Sync {
    /// The bytes of the mail SES named `message_id`.
    fn fetch(&self, message_id: &str) -> impl Future<Output = Result<Vec<u8>, String>> + Send;
}

/// The bucket and prefix of the receipt rule's S3 action.
pub struct S3Mail {
    pub client: aws_sdk_s3::Client,
    pub bucket: String,
    pub prefix: String,
}

impl RawMail for S3Mail {
    async fn fetch(&self, message_id: &str) -> Result<Vec<u8>, String> {
        let key = format!("{}{message_id}", self.prefix);
        let object = self
            .client
            .get_object()
            .bucket(&self.bucket)
            .key(&key)
            .send()
            .await
            .map_err(|e| aws_sdk_s3::error::DisplayErrorContext(&e).to_string())?;
        let bytes = object.body.collect().await.map_err(|e| e.to_string())?;
        Ok(bytes.into_bytes().to_vec())
    }
}

/// Handles one notification: every mail in it, in order. A store or S3
/// failure fails the invocation, and SES tries again.
pub async fn on_event<S: Store + NotifyStore, M: Mailer, R: RawMail>(
    app: &App<S>,
    mailer: &M,
    raw: &R,
    event: serde_json::Value,
) -> Result<Vec<Outcome>, String> {
    let event: SesEvent =
        serde_json::from_value(event).map_err(|e| format!("not an SES notification: {e}"))?;
    let mut out = Vec::new();
    for record in &event.records {
        let bytes = raw.fetch(&record.ses.mail.message_id).await?;
        let outcome = receive(app, mailer, &bytes, &record.arrival())
            .await
            .map_err(|e| e.to_string())?;
        out.push(outcome);
    }
    Ok(out)
}
