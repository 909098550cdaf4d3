//! The parts of a Telegram Bot API `Update` the bot reads
//! (<https://core.telegram.org/bots/api#update>). Every other field is
//! ignored, so new fields Telegram adds change nothing.

use arbiter_domain::nomic::chat::Thread;
use serde::Deserialize;

/// One update, as the webhook receives it.
#[derive(Debug, Clone, Deserialize)]
pub struct Update {
    /// Telegram's sequence number; a retried delivery repeats it.
    pub update_id: i64,
    #[serde(default)]
    pub message: Option<Message>,
    /// A message edited after it was posted (nomic 212: it stands as first
    /// posted).
    #[serde(default)]
    pub edited_message: Option<Message>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Message {
    pub message_id: i64,
    /// The forum topic (or, outside forums, the reply chain) it belongs to.
    #[serde(default)]
    pub message_thread_id: Option<i64>,
    /// Whether `message_thread_id` names a forum topic.
    #[serde(default)]
    pub is_topic_message: bool,
    #[serde(default)]
    pub from: Option<User>,
    pub chat: Chat,
    /// When it was posted, in Unix seconds.
    pub date: i64,
    #[serde(default)]
    pub text: Option<String>,
    /// A photo's or document's caption: read as its text.
    #[serde(default)]
    pub caption: Option<String>,
    #[serde(default)]
    pub reply_to_message: Option<Box<Replied>>,
}

/// The message replied to; only its id matters.
#[derive(Debug, Clone, Deserialize)]
pub struct Replied {
    pub message_id: i64,
}

#[derive(Debug, Clone, Deserialize)]
pub struct User {
    pub id: i64,
    #[serde(default)]
    pub is_bot: bool,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Chat {
    pub id: i64,
    /// `private`, `group`, `supergroup` or `channel`.
    #[serde(rename = "type")]
    pub kind: String,
}

/// How the game names a Telegram chat.
pub fn chat_name(id: i64) -> String {
    format!("telegram:{id}")
}

/// How the game names a Telegram account.
pub fn account_name(user: i64) -> String {
    format!("telegram:{user}")
}

impl Message {
    /// The thread it was posted in: its chat and, in a forum, its topic.
    /// Outside forums `message_thread_id` names a reply chain, not a
    /// thread, so it is ignored.
    pub fn thread(&self) -> Thread {
        Thread {
            chat: chat_name(self.chat.id),
            topic: self
                .message_thread_id
                .filter(|_| self.is_topic_message)
                .map(|t| t.to_string()),
        }
    }

    /// Its text, or its caption.
    pub fn text(&self) -> Option<&str> {
        self.text.as_deref().or(self.caption.as_deref())
    }

    /// The person who posted it; `None` for bots and anonymous admins.
    pub fn person(&self) -> Option<i64> {
        self.from.as_ref().filter(|u| !u.is_bot).map(|u| u.id)
    }

    pub fn is_private(&self) -> bool {
        self.chat.kind == "private"
    }
}
