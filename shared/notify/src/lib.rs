//! Delivery of competition notifications: the message model,
//! a [`Channel`] port and its adapters, retries with dead letters, and de-duplication.
//!
//! Each channel exists because a rule makes the organizers tell someone something:
//!
//! - **E-mail** ([`email`]): wm B.8.b has NMR warnings e-mailed to the captain *and*
//!   the team; club III.2.4 accepts declarations by e-mail; wm D.VII.1 reminders of
//!   deadlines go to the players' addresses.
//! - **Discord** ([`discord`]): club III.2.4 accepts declarations posted on the club's
//!   Discord as well as by e-mail, so their confirmations go back there.
//! - **Telegram** ([`telegram`]): groups that run their games in a Telegram chat get
//!   the same reminders (wm D.VII.1) and pairings (acwc IV.E) where they talk.
//! - **Signed webhooks** ([`webhook`]): nomic 209 keeps a points thread that a club's
//!   own bot maintains, and acwc IV.E pairings are published by organizers' sites; a
//!   signed POST lets those systems trust what they receive without polling.
//!
//! The message carries the clause that caused it ([`Message::clause`]) so a recipient can
//! answer "why was I told this?" from the message alone, as a refusal does over HTTP.
//!
//! The [`dispatch::Notifier`] ties it together: it reads commits (from the DynamoDB
//! Stream in AWS, the embedded store's feed locally), asks the domain which notices
//! the rules require ([`arbiter_domain::notice`]), finds the recipients'
//! [`Subscription`]s, claims each (message, target) in the table so a replayed batch
//! sends nothing twice, and delivers. Every network adapter takes a base URL so tests
//! run against loopback fakes.

pub mod address;
pub mod channel;
pub mod discord;
pub mod dispatch;
pub mod email;
pub mod message;
pub mod outbox;
pub mod outcome;
pub mod retry;
pub mod stream;
pub mod subscription;
pub mod telegram;
mod text;
pub mod webhook;

pub use channel::{check_url, default_client, local_client, Channel};
pub use discord::DiscordChannel;
pub use dispatch::{Channels, CommitRef, Notifier, NotifyError, NotifyReport, StoredDeadLetter};
pub use email::{AnyMailer, Email, EmailChannel, EmlFolder, Mailer, SesMailer, Threading};
pub use message::{Message, MessageId, Origin, Target};
pub use outbox::{claim_key, MemorySentLog, Outbox, SentLog};
pub use outcome::{DeadLetter, Delivered, DeliveryError};
pub use retry::{
    Attempt, DeadLetters, FullJitter, Jitter, MemoryDeadLetters, NoJitter, NoSleep,
    RecordingSleeper, Retrier, RetryPolicy, Sleeper, TokioSleeper,
};
pub use subscription::{Endpoint, Scope, Subscription, SubscriptionRequest};
pub use telegram::TelegramChannel;
pub use text::truncate_utf16;
pub use webhook::{sign, verify, WebhookChannel};
