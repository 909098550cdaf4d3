//! The message model: what one committed event tells one target, with a stable id.

use serde::Serialize;
use sha2::{Digest, Sha256};
use std::fmt;

/// Where in a competition's log a message comes from. Together with the target this
/// is the idempotency key: replaying the same commit yields the same [`MessageId`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Origin {
    /// The competition's id.
    pub competition: String,
    /// The log version of the commit that held the event.
    pub version: u64,
    /// The event's index inside that commit.
    pub event_index: u32,
    /// For a message no single event causes (a reminder before a deadline): what it
    /// is about, stable across runs. It replaces the version and index in the id, so
    /// every run of the reminder schedule derives the same id for one reminder.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub occasion: Option<String>,
}

impl Origin {
    /// The event at `event_index` of commit `version`.
    pub fn event(competition: impl Into<String>, version: u64, event_index: u32) -> Self {
        Origin {
            competition: competition.into(),
            version,
            event_index,
            occasion: None,
        }
    }

    /// A message about `occasion`, sent while the competition stood at `version`.
    pub fn occasion(
        competition: impl Into<String>,
        version: u64,
        occasion: impl Into<String>,
    ) -> Self {
        Origin {
            competition: competition.into(),
            version,
            event_index: 0,
            occasion: Some(occasion.into()),
        }
    }
}

/// The idempotency key of a message, sent as `Idempotency-Key` and used as the
/// e-mail `Message-ID`. It is a hash so that secrets or addresses in the target never
/// appear in it, and so that it is safe in a header and in a file name.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct MessageId(String);

impl MessageId {
    /// `ntf-` and the first 32 hex digits of SHA-256 over the origin and the target's key.
    pub fn derive(origin: &Origin, target: &Target) -> Self {
        let mut h = Sha256::new();
        h.update(origin.competition.as_bytes());
        h.update([0]);
        match &origin.occasion {
            None => {
                h.update(origin.version.to_be_bytes());
                h.update(origin.event_index.to_be_bytes());
            }
            Some(occasion) => {
                // A tag byte keeps an occasion from colliding with a version's bytes.
                h.update([1]);
                h.update(occasion.as_bytes());
                h.update([0]);
            }
        }
        h.update(target.key().as_bytes());
        let digest = hex::encode(h.finalize());
        MessageId(format!("ntf-{}", &digest[..32]))
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for MessageId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Where a message goes. Each variant is served by one adapter; giving a target to the
/// wrong adapter is refused ([`crate::DeliveryError::WrongTarget`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// A subscriber's HTTPS endpoint; the secret signs the body (see [`crate::webhook`]).
    Webhook {
        subscription: String,
        url: String,
        secret: String,
    },
    /// A Discord channel webhook URL (the URL itself is the credential).
    Discord { webhook_url: String },
    /// A Telegram chat; the bot token belongs to the channel, not to the target.
    Telegram {
        chat_id: String,
        /// A forum topic of the chat (`message_thread_id`).
        topic: Option<String>,
    },
    /// One or more e-mail addresses (e.g. the captain and the team, wm B.8.b).
    Email { to: Vec<String> },
}

impl Target {
    /// A stable name for the target without its secrets, used in ids and dedup keys.
    pub fn key(&self) -> String {
        match self {
            Target::Webhook { subscription, .. } => format!("webhook:{subscription}"),
            Target::Discord { webhook_url } => {
                // The URL carries Discord's token: keep only a digest of it.
                let d = hex::encode(Sha256::digest(webhook_url.as_bytes()));
                format!("discord:{}", &d[..16])
            }
            Target::Telegram {
                chat_id,
                topic: None,
            } => format!("telegram:{chat_id}"),
            Target::Telegram {
                chat_id,
                topic: Some(t),
            } => format!("telegram:{chat_id}/{t}"),
            Target::Email { to } => {
                let mut to: Vec<String> = to.iter().map(|a| a.trim().to_lowercase()).collect();
                to.sort();
                format!("email:{}", to.join(","))
            }
        }
    }

    /// The adapter's name, for errors and dead letters.
    pub fn kind(&self) -> &'static str {
        match self {
            Target::Webhook { .. } => "webhook",
            Target::Discord { .. } => "discord",
            Target::Telegram { .. } => "telegram",
            Target::Email { .. } => "email",
        }
    }
}

/// One notification for one target. Serialised as the webhook body.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Message {
    /// The idempotency key ([`MessageId::derive`]).
    pub id: MessageId,
    /// The competition's id.
    pub competition: String,
    /// The log version of the commit that caused the message.
    pub version: u64,
    /// The event's index inside the commit.
    pub event_index: u32,
    /// What a message no event causes is about (see [`Origin::occasion`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub occasion: Option<String>,
    /// The event's kebab-case name, e.g. `nmr-recorded`.
    pub event: String,
    /// The rule clause that makes this message necessary, e.g. `wm B.8.b`.
    pub clause: Option<String>,
    /// A path for clients, e.g. `/v1/competitions/{id}`.
    pub link: String,
    /// A one-line subject.
    pub subject: String,
    /// The plain-text body.
    pub text: String,
    /// The target's key ([`Target::key`]): who the message is for, without secrets.
    pub recipient: String,
    /// Where a mail's answers go: the competition's own address, when its
    /// players answer by mail (a board's orders, wm D.II.2). Not part of a
    /// webhook's body.
    #[serde(skip)]
    pub reply_to: Option<String>,
}

impl Message {
    /// A message for `target` about the event at `origin`; the link defaults to the
    /// competition's path and the id is derived, never chosen.
    pub fn new(
        origin: Origin,
        event: impl Into<String>,
        target: &Target,
        subject: impl Into<String>,
        text: impl Into<String>,
    ) -> Self {
        let id = MessageId::derive(&origin, target);
        Message {
            id,
            link: format!("/v1/competitions/{}", origin.competition),
            competition: origin.competition,
            version: origin.version,
            event_index: origin.event_index,
            occasion: origin.occasion,
            event: event.into(),
            clause: None,
            subject: subject.into(),
            text: text.into(),
            recipient: target.key(),
            reply_to: None,
        }
    }

    /// The same message answered at `address` (see [`Message::reply_to`]).
    pub fn with_reply_to(mut self, address: Option<String>) -> Self {
        self.reply_to = address;
        self
    }

    /// The same message citing the clause that requires it.
    pub fn with_clause(mut self, clause: impl Into<String>) -> Self {
        self.clause = Some(clause.into());
        self
    }

    /// The same message pointing at a more precise path.
    pub fn with_link(mut self, link: impl Into<String>) -> Self {
        self.link = link.into();
        self
    }

    /// The text that chat channels post: subject, body, then the clause and link.
    pub fn render_plain(&self) -> String {
        // A text that opens with its subject (a points line, nomic 209)
        // says it once.
        let mut out = if self.text.starts_with(&self.subject) {
            self.text.clone()
        } else {
            format!("{}\n\n{}", self.subject, self.text)
        };
        match &self.clause {
            Some(c) => out.push_str(&format!("\n\n({c}) {}", self.link)),
            None => out.push_str(&format!("\n\n{}", self.link)),
        }
        out
    }
}
