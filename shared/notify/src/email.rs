//! E-mail: a [`Mailer`] port with a local `.eml` folder and Amazon SES v2 behind it.
//!
//! wm B.8.b requires NMR warnings to reach the captain and the team, club III.2.4 takes
//! declarations by e-mail, and wm D.VII.1 reminders go to each player's address, so
//! e-mail is the channel of record. `arbiter serve` writes `.eml` files to a folder a
//! developer can open in any mail client; the deployed system sends through SES.
//!
//! Header values come from organizers and players (team names end up in subjects), so
//! a CR or LF in any of them is refused ([`DeliveryError::HeaderInjection`]): stripping
//! would send a message other than the one written; refusing makes the fault visible.

use crate::channel::Channel;
use crate::message::{Message, Target};
use crate::outcome::{Delivered, DeliveryError};
use base64::Engine;
use chrono::{DateTime, Utc};
use std::future::Future;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// One e-mail as the port sends it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email {
    /// The sender address.
    pub from: String,
    /// The recipients.
    pub to: Vec<String>,
    /// The subject, one line.
    pub subject: String,
    /// The plain-text body.
    pub text: String,
    /// The message id, used for the `Message-ID` header and file name.
    pub message_id: String,
    /// When it was written.
    pub date: DateTime<Utc>,
    /// Where answers go, and the message it answers.
    pub threading: Threading,
}

/// Where a mail's answers go (`Reply-To`: a board's address, so that
/// answering a reminder with orders works) and which mail it answers
/// (`In-Reply-To`, `References`: a receipt stays in its thread).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Threading {
    pub reply_to: Option<String>,
    /// The `Message-ID` answered, with its angle brackets.
    pub in_reply_to: Option<String>,
    /// The thread's `Message-ID`s, oldest first, with angle brackets.
    pub references: Vec<String>,
}

impl Email {
    /// Refuses header values holding CR or LF, and an empty recipient list.
    pub fn check_headers(&self) -> Result<(), DeliveryError> {
        let broken = |s: &str| s.contains(['\r', '\n']);
        if broken(&self.from) {
            return Err(DeliveryError::HeaderInjection { field: "From" });
        }
        if self.to.iter().any(|t| broken(t)) {
            return Err(DeliveryError::HeaderInjection { field: "To" });
        }
        if broken(&self.subject) {
            return Err(DeliveryError::HeaderInjection { field: "Subject" });
        }
        if broken(&self.message_id) {
            return Err(DeliveryError::HeaderInjection {
                field: "Message-ID",
            });
        }
        let t = &self.threading;
        if t.reply_to.as_deref().is_some_and(broken) {
            return Err(DeliveryError::HeaderInjection { field: "Reply-To" });
        }
        if t.in_reply_to.as_deref().is_some_and(broken) || t.references.iter().any(|r| broken(r)) {
            return Err(DeliveryError::HeaderInjection {
                field: "In-Reply-To",
            });
        }
        if self.to.is_empty() || self.to.iter().any(|t| t.trim().is_empty()) {
            return Err(DeliveryError::Invalid {
                field: "To",
                reason: "no recipient".into(),
            });
        }
        Ok(())
    }

    /// The domain of the sender, for the `Message-ID`.
    fn domain(&self) -> &str {
        self.from
            .rsplit_once('@')
            .map(|(_, d)| d.trim_end_matches('>'))
            .filter(|d| !d.is_empty())
            .unwrap_or("arbiter.invalid")
    }

    /// The message as RFC 5322 text with CRLF line ends. The subject is an RFC 2047
    /// encoded word when it is not plain ASCII; the body is 8-bit UTF-8 when every line
    /// fits the 998-octet limit and base64 otherwise, so any text gives a valid file.
    pub fn to_rfc5322(&self) -> Result<String, DeliveryError> {
        self.check_headers()?;
        let mut out = String::new();
        out.push_str(&format!("From: {}\r\n", self.from));
        out.push_str(&format!("To: {}\r\n", self.to.join(", ")));
        out.push_str(&format!("Subject: {}\r\n", encode_header(&self.subject)));
        if let Some(r) = &self.threading.reply_to {
            out.push_str(&format!("Reply-To: {r}\r\n"));
        }
        if let Some(r) = &self.threading.in_reply_to {
            out.push_str(&format!("In-Reply-To: {r}\r\n"));
        }
        if !self.threading.references.is_empty() {
            out.push_str(&format!(
                "References: {}\r\n",
                self.threading.references.join(" ")
            ));
        }
        out.push_str(&format!("Date: {}\r\n", self.date.to_rfc2822()));
        out.push_str(&format!(
            "Message-ID: <{}@{}>\r\n",
            self.message_id,
            self.domain()
        ));
        out.push_str("MIME-Version: 1.0\r\n");
        out.push_str("Content-Type: text/plain; charset=utf-8\r\n");
        let normalised = self.text.replace("\r\n", "\n");
        let plain =
            !normalised.contains(['\r', '\0']) && normalised.lines().all(|l| l.len() <= 998);
        if plain {
            out.push_str("Content-Transfer-Encoding: 8bit\r\n\r\n");
            for line in normalised.split('\n') {
                out.push_str(line);
                out.push_str("\r\n");
            }
        } else {
            out.push_str("Content-Transfer-Encoding: base64\r\n\r\n");
            let encoded = base64::engine::general_purpose::STANDARD.encode(self.text.as_bytes());
            for chunk in encoded.as_bytes().chunks(76) {
                out.push_str(std::str::from_utf8(chunk).expect("base64 is ASCII"));
                out.push_str("\r\n");
            }
        }
        Ok(out)
    }
}

/// A header value as is when short printable ASCII; otherwise RFC 2047 base64 encoded
/// words of at most 45 octets of text each (75 characters encoded), folded onto
/// continuation lines so no line passes RFC 5322's limits whatever the subject.
fn encode_header(value: &str) -> String {
    if value.len() <= 900 && value.chars().all(|c| (' '..='~').contains(&c)) {
        return value.to_string();
    }
    let mut words = Vec::new();
    let mut chunk = String::new();
    for c in value.chars() {
        if chunk.len() + c.len_utf8() > 45 {
            words.push(std::mem::take(&mut chunk));
        }
        chunk.push(c);
    }
    if !chunk.is_empty() || words.is_empty() {
        words.push(chunk);
    }
    words
        .iter()
        .map(|w| {
            format!(
                "=?UTF-8?B?{}?=",
                base64::engine::general_purpose::STANDARD.encode(w.as_bytes())
            )
        })
        .collect::<Vec<_>>()
        .join("\r\n ")
}

/// The e-mail port: sends one e-mail and answers the provider's id for it.
pub trait Mailer: Send + Sync {
    /// Send `email`.
    fn send(&self, email: &Email) -> impl Future<Output = Result<String, DeliveryError>> + Send;
}

/// The mailer a deployment chose: `.eml` files locally, Amazon SES in AWS.
#[derive(Debug, Clone)]
pub enum AnyMailer {
    Eml(EmlFolder),
    Ses(SesMailer),
}

impl Mailer for AnyMailer {
    async fn send(&self, email: &Email) -> Result<String, DeliveryError> {
        match self {
            AnyMailer::Eml(m) => m.send(email).await,
            AnyMailer::Ses(m) => m.send(email).await,
        }
    }
}

/// Writes each e-mail as `{message_id}.eml` in a folder: the local runtime's outbox.
/// A replay overwrites the same file, so the folder holds one file per message.
#[derive(Debug, Clone)]
pub struct EmlFolder {
    dir: PathBuf,
}

impl EmlFolder {
    /// A folder mailer writing into `dir` (created if missing).
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        EmlFolder { dir: dir.into() }
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

impl Mailer for EmlFolder {
    async fn send(&self, email: &Email) -> Result<String, DeliveryError> {
        let text = email.to_rfc5322()?;
        if !email
            .message_id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err(DeliveryError::Invalid {
                field: "Message-ID",
                reason: "not safe as a file name".into(),
            });
        }
        tokio::fs::create_dir_all(&self.dir).await?;
        let path = self.dir.join(format!("{}.eml", email.message_id));
        // Write then rename so a reader never sees half a message.
        let tmp = self.dir.join(format!(".{}.eml.tmp", email.message_id));
        tokio::fs::write(&tmp, text.as_bytes()).await?;
        tokio::fs::rename(&tmp, &path).await?;
        Ok(path.display().to_string())
    }
}

/// Sends through Amazon SES v2 `SendEmail` with simple content. The SDK retries
/// throttling and 5xx itself; its failure after that is a [`DeliveryError::Provider`].
#[derive(Debug, Clone)]
pub struct SesMailer {
    client: aws_sdk_sesv2::Client,
}

impl SesMailer {
    /// A mailer over a configured SES client.
    pub fn new(client: aws_sdk_sesv2::Client) -> Self {
        SesMailer { client }
    }

    /// A mailer over a client configuration; `endpoint_url` on it points tests at a
    /// local fake. A Lambda builds its client from `aws_config` and calls [`Self::new`].
    pub fn from_conf(config: aws_sdk_sesv2::Config) -> Self {
        Self::new(aws_sdk_sesv2::Client::from_conf(config))
    }
}

impl Mailer for SesMailer {
    async fn send(&self, email: &Email) -> Result<String, DeliveryError> {
        use aws_sdk_sesv2::types::{
            Body, Content, Destination, EmailContent, Message as SesMessage, MessageHeader,
            MessageTag,
        };
        email.check_headers()?;
        let content = |data: &str| {
            Content::builder()
                .data(data)
                .charset("UTF-8")
                .build()
                .map_err(|e| DeliveryError::Provider(e.to_string()))
        };
        let header = |name: &str, value: &str| {
            MessageHeader::builder()
                .name(name)
                .value(value)
                .build()
                .map_err(|e| DeliveryError::Provider(e.to_string()))
        };
        let mut message = SesMessage::builder()
            .subject(content(&email.subject)?)
            .body(Body::builder().text(content(&email.text)?).build());
        if let Some(r) = &email.threading.in_reply_to {
            message = message.headers(header("In-Reply-To", r)?);
        }
        if !email.threading.references.is_empty() {
            message = message.headers(header("References", &email.threading.references.join(" "))?);
        }
        let message = message.build();
        // SES has no idempotency key; the tag lets a bounce or complaint be traced back.
        let tag = MessageTag::builder()
            .name("arbiter-message")
            .value(&email.message_id)
            .build()
            .map_err(|e| DeliveryError::Provider(e.to_string()))?;
        let out = self
            .client
            .send_email()
            .from_email_address(&email.from)
            .destination(
                Destination::builder()
                    .set_to_addresses(Some(email.to.clone()))
                    .build(),
            )
            .set_reply_to_addresses(email.threading.reply_to.clone().map(|r| vec![r]))
            .content(EmailContent::builder().simple(message).build())
            .email_tags(tag)
            .send()
            .await
            .map_err(|e| {
                DeliveryError::Provider(aws_sdk_sesv2::error::DisplayErrorContext(&e).to_string())
            })?;
        Ok(out.message_id().unwrap_or_default().to_string())
    }
}

/// The e-mail channel: turns a [`Message`] into an [`Email`] from a fixed sender and
/// hands it to a [`Mailer`].
#[derive(Clone)]
pub struct EmailChannel<M> {
    mailer: M,
    from: String,
    clock: Arc<dyn Fn() -> DateTime<Utc> + Send + Sync>,
}

impl<M: std::fmt::Debug> std::fmt::Debug for EmailChannel<M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EmailChannel")
            .field("mailer", &self.mailer)
            .field("from", &self.from)
            .finish_non_exhaustive()
    }
}

impl<M: Mailer> EmailChannel<M> {
    /// An e-mail channel sending as `from`.
    pub fn new(mailer: M, from: impl Into<String>) -> Self {
        Self::with_clock(mailer, from, Arc::new(Utc::now))
    }

    /// The same with a fixed clock for the `Date` header, for tests.
    pub fn with_clock(
        mailer: M,
        from: impl Into<String>,
        clock: Arc<dyn Fn() -> DateTime<Utc> + Send + Sync>,
    ) -> Self {
        EmailChannel {
            mailer,
            from: from.into(),
            clock,
        }
    }

    /// The mailer.
    pub fn mailer(&self) -> &M {
        &self.mailer
    }

    /// The e-mail for `message` to `to`: the body ends with the clause and
    /// the link, and, where players answer by mail, says where.
    pub fn email(&self, to: &[String], message: &Message) -> Email {
        let mut text = message.text.clone();
        match &message.clause {
            Some(c) => text.push_str(&format!("\n\n({c}) {}\n", message.link)),
            None => text.push_str(&format!("\n\n{}\n", message.link)),
        }
        if let Some(address) = &message.reply_to {
            text.push_str(&format!(
                "\nAnswer this mail with your orders: it goes to {address} (wm D.II.2).\n"
            ));
        }
        Email {
            from: self.from.clone(),
            to: to.to_vec(),
            subject: message.subject.clone(),
            text,
            message_id: message.id.to_string(),
            date: (self.clock)(),
            threading: Threading {
                reply_to: message.reply_to.clone(),
                ..Threading::default()
            },
        }
    }
}

impl<M: Mailer> Channel for EmailChannel<M> {
    async fn deliver(
        &self,
        target: &Target,
        message: &Message,
    ) -> Result<Delivered, DeliveryError> {
        let Target::Email { to } = target else {
            return Err(DeliveryError::WrongTarget {
                channel: "email",
                target: target.kind(),
            });
        };
        let email = self.email(to, message);
        let id = self.mailer.send(&email).await?;
        Ok(Delivered::sent(1, Some(id)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn email(subject: &str, text: &str) -> Email {
        Email {
            from: "arbiter@wm.example".into(),
            to: vec!["captain@oslo.example".into()],
            subject: subject.into(),
            text: text.into(),
            message_id: "ntf-1".into(),
            date: Utc.with_ymd_and_hms(2026, 11, 21, 12, 0, 0).unwrap(),
            threading: Default::default(),
        }
    }

    #[test]
    fn long_subjects_fold_and_long_lines_go_base64_so_no_line_passes_998_octets() {
        let eml = email(&"Ré ".repeat(700), &"x".repeat(5000))
            .to_rfc5322()
            .unwrap();
        assert!(eml.contains("Content-Transfer-Encoding: base64\r\n"));
        assert!(eml.split("\r\n").all(|l| l.len() <= 998));
        let head = eml.split_once("\r\n\r\n").unwrap().0;
        assert!(head.lines().filter(|l| l.starts_with(' ')).count() > 10);
    }

    #[test]
    fn ordinary_text_stays_readable_8bit_with_crlf() {
        let eml = email("Reminder", "Orders are due at 18:00.\nSee wm D.VII.1.")
            .to_rfc5322()
            .unwrap();
        assert!(eml.contains("Content-Transfer-Encoding: 8bit\r\n"));
        assert!(eml.ends_with("\r\n\r\nOrders are due at 18:00.\r\nSee wm D.VII.1.\r\n"));
    }

    #[test]
    fn a_line_break_in_from_or_message_id_is_refused() {
        let mut e = email("s", "t");
        e.from = "a@b.example\r\nBcc: x@y.example".into();
        assert!(matches!(
            e.to_rfc5322(),
            Err(DeliveryError::HeaderInjection { field: "From" })
        ));
        let mut e = email("s", "t");
        e.message_id = "x\ny".into();
        assert!(matches!(
            e.to_rfc5322(),
            Err(DeliveryError::HeaderInjection {
                field: "Message-ID"
            })
        ));
    }
}
