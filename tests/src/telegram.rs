//! A fake Telegram Bot API on loopback, and updates shaped as Telegram
//! sends them to a webhook (<https://core.telegram.org/bots/api#update>), for
//! the Nomic bot's tests.

use arbiter_http::TelegramBot;
use axum::extract::{Path, State};
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};

/// The bot token the tests give the server and the fake.
pub const TOKEN: &str = "4242:test-token";
/// The webhook's secret token.
pub const SECRET: &str = "webhook-secret-for-tests";

/// One `sendMessage` the fake received.
#[derive(Debug, Clone)]
pub struct Sent {
    pub token: String,
    pub body: Value,
}

impl Sent {
    pub fn text(&self) -> &str {
        self.body["text"].as_str().unwrap_or_default()
    }

    /// The message it replies to, if any.
    pub fn reply_to(&self) -> Option<i64> {
        self.body["reply_parameters"]["message_id"].as_i64()
    }

    pub fn topic(&self) -> Option<i64> {
        self.body["message_thread_id"].as_i64()
    }
}

/// A loopback Bot API recording what the bot posts.
#[derive(Clone)]
pub struct FakeBotApi {
    pub base: String,
    sent: Arc<Mutex<Vec<Sent>>>,
}

async fn send_message(
    State(sent): State<Arc<Mutex<Vec<Sent>>>>,
    Path(bot): Path<String>,
    axum::Json(body): axum::Json<Value>,
) -> axum::Json<Value> {
    let mut sent = sent.lock().expect("sent");
    sent.push(Sent {
        token: bot.trim_start_matches("bot").to_owned(),
        body,
    });
    axum::Json(json!({"ok": true, "result": {"message_id": 90_000 + sent.len()}}))
}

impl FakeBotApi {
    pub async fn start() -> Self {
        let sent = Arc::new(Mutex::new(Vec::new()));
        let app = axum::Router::new()
            .route("/{bot}/sendMessage", axum::routing::post(send_message))
            .with_state(Arc::clone(&sent));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind loopback");
        let addr = listener.local_addr().expect("local addr");
        tokio::spawn(async move { axum::serve(listener, app).await.expect("bot api serves") });
        FakeBotApi {
            base: format!("http://{addr}"),
            sent,
        }
    }

    /// The bot the server under test is given: this fake, [`TOKEN`], [`SECRET`].
    pub fn bot(&self) -> TelegramBot {
        TelegramBot {
            token: TOKEN.to_owned(),
            api_base: self.base.clone(),
            webhook_secret: SECRET.to_owned(),
        }
    }

    /// Everything posted so far, in order.
    pub fn sent(&self) -> Vec<Sent> {
        self.sent.lock().expect("sent").clone()
    }
}

/// Builds updates with increasing `update_id`s.
pub struct Updates {
    next: i64,
}

impl Default for Updates {
    fn default() -> Self {
        Updates { next: 700_000 }
    }
}

/// Where a message is posted: a group chat and a forum topic, or a private chat.
#[derive(Debug, Clone, Copy)]
pub enum Place {
    Topic { chat: i64, topic: i64 },
    Private,
}

/// One message as Telegram describes it.
#[derive(Debug, Clone)]
pub struct Said<'a> {
    pub place: Place,
    pub from: i64,
    pub message_id: i64,
    /// Unix seconds.
    pub date: i64,
    pub text: &'a str,
    pub reply_to: Option<i64>,
}

impl Said<'_> {
    fn message(&self) -> Value {
        let (chat, topic) = match self.place {
            Place::Topic { chat, topic } => (
                json!({"id": chat, "type": "supergroup", "title": "Nomic", "is_forum": true}),
                Some(topic),
            ),
            Place::Private => (
                json!({"id": self.from, "type": "private", "first_name": "P"}),
                None,
            ),
        };
        let mut m = json!({
            "message_id": self.message_id,
            "from": {"id": self.from, "is_bot": false, "first_name": "Player", "language_code": "en"},
            "chat": chat,
            "date": self.date,
            "text": self.text,
        });
        if let Some(topic) = topic {
            m["message_thread_id"] = json!(topic);
            m["is_topic_message"] = json!(true);
            // In a forum, a message that replies to nothing replies to the
            // topic's first message, as Telegram sends it.
            m["reply_to_message"] = json!({"message_id": topic, "date": self.date - 86_400,
                "chat": m["chat"].clone(), "forum_topic_created": {"name": "voting", "icon_color": 7322096}});
        }
        if let Some(r) = self.reply_to {
            m["reply_to_message"] = json!({"message_id": r, "date": self.date, "chat": m["chat"].clone(),
                "text": "(the message replied to)"});
        }
        m
    }
}

impl Updates {
    fn id(&mut self) -> i64 {
        self.next += 1;
        self.next
    }

    /// A new message.
    pub fn message(&mut self, said: &Said) -> Value {
        json!({"update_id": self.id(), "message": said.message()})
    }

    /// An edit of a message already posted, now reading `said.text`.
    pub fn edit(&mut self, said: &Said) -> Value {
        let mut m = said.message();
        m["edit_date"] = json!(said.date + 60);
        json!({"update_id": self.id(), "edited_message": m})
    }
}
