//! What a delivery can end in: [`Delivered`], or a [`DeliveryError`], one of
//! which carries the [`DeadLetter`] kept when every try failed.
//!
//! These sit below both the [`crate::Channel`] port and the [`crate::Retrier`]:
//! the port answers with them and the retrier makes them, so neither has to
//! import the other.

use crate::message::{Message, Target};

/// A delivered message: how many tries it took and the provider's id if it gave one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delivered {
    /// Tries made, 1 when the first succeeded; 0 when nothing was sent.
    pub attempts: u32,
    /// The provider's id for what it accepted (Telegram message id, SES MessageId, file).
    pub remote_id: Option<String>,
    /// True when the [`crate::Outbox`] skipped the send because the same message id had
    /// already gone to this target within its window.
    pub duplicate: bool,
}

impl Delivered {
    /// A send that happened after `attempts` tries.
    pub fn sent(attempts: u32, remote_id: Option<String>) -> Self {
        Delivered {
            attempts,
            remote_id,
            duplicate: false,
        }
    }
}

/// Why a message was not delivered.
#[derive(Debug, thiserror::Error)]
pub enum DeliveryError {
    /// The receiver refused the message for good (a 4xx other than 429, or `ok: false`):
    /// trying again would not help, so no retry and no dead letter.
    #[error("{channel} refused the message with {status}: {detail}")]
    Rejected {
        channel: &'static str,
        status: u16,
        detail: String,
    },
    /// Every try failed for a reason worth retrying; the dead letter went to the sink.
    #[error("gave up after {} tries: {}", .0.attempts, .0.last_error)]
    Exhausted(Box<DeadLetter>),
    /// The adapter was handed a target of another kind.
    #[error("the {channel} channel cannot deliver to a {target} target")]
    WrongTarget {
        channel: &'static str,
        target: &'static str,
    },
    /// A URL that is not HTTPS (loopback excepted, for tests) or does not parse.
    #[error("refused URL {url}: {reason}")]
    BadUrl { url: String, reason: String },
    /// A header value holding CR or LF, which would let text forge headers.
    #[error("the e-mail header {field} holds a line break")]
    HeaderInjection { field: &'static str },
    /// A value the provider cannot take (an empty recipient list, an invalid address).
    #[error("invalid {field}: {reason}")]
    Invalid { field: &'static str, reason: String },
    /// Writing the local .eml file failed.
    #[error("writing the e-mail file failed: {0}")]
    Io(#[from] std::io::Error),
    /// The e-mail provider's SDK failed (after its own retries).
    #[error("the e-mail provider failed: {0}")]
    Provider(String),
}

/// A message that could not be delivered after every try, kept for an organizer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeadLetter {
    /// The message as it would have been sent.
    pub message: Message,
    /// The target it was for.
    pub target: Target,
    /// How many tries were made.
    pub attempts: u32,
    /// The last failure's description.
    pub last_error: String,
}
