//! Setting a game up for the bot: the organizer names the group's threads,
//! a player asks for a link code.

use crate::code;
use crate::update::chat_name;
use arbiter_domain::competition::{self, Competition, Role};
use arbiter_domain::nomic::chat::{Thread, Threads};
use arbiter_domain::nomic::Command as NomicCommand;
use arbiter_domain::notice::Topic;
use arbiter_domain::Refusal;
use arbiter_http::request::json_body;
use arbiter_http::{execute, json, load_competition, App, Call, Problem, TelegramBot};
use arbiter_notify::subscription::{Endpoint, Scope};
use arbiter_notify::Subscription;
use arbiter_store::{NotifyStore, Store};
use bytes::Bytes;
use chrono::{DateTime, Utc};
use http::{Response, StatusCode};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// The id of the subscription that posts a game's announcements in its
/// points thread.
pub const POINTS_SUBSCRIPTION: &str = "telegram-points-thread";

/// A thread of a Telegram group: the chat and, in a forum group, the topic.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TelegramThread {
    /// The chat id (a group's is negative, e.g. -1001234567890).
    pub chat: i64,
    /// The forum topic's id (`message_thread_id`), in a group with topics.
    #[serde(default)]
    pub topic: Option<i64>,
}

impl TelegramThread {
    fn thread(&self) -> Thread {
        Thread {
            chat: chat_name(self.chat),
            topic: self.topic.map(|t| t.to_string()),
        }
    }
}

/// nomic 107, 209, 212: the group's three threads.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TelegramGroup {
    /// Where moves are made (nomic 107, 113, 214).
    pub voting: TelegramThread,
    /// Where points are announced (nomic 209); Arbiter posts there.
    pub points: TelegramThread,
    /// Talk (nomic 212); never read as moves.
    #[serde(default)]
    pub discussion: Option<TelegramThread>,
}

/// A one-time link code and how to use it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct LinkCode {
    pub code: String,
    pub expires_at: DateTime<Utc>,
    /// What to send the bot in a private chat.
    pub send: String,
}

fn nomic(competition: &Competition) -> Result<(), Problem> {
    if competition.kind.name() == "nomic" {
        Ok(())
    } else {
        Err(Problem::not_found(format!(
            "{} has no Telegram bot: only a Nomic game is played in a chat",
            competition.kind.title()
        )))
    }
}

/// `PUT /v1/competitions/{id}/telegram`: the organizer links the group's
/// threads, and its points thread receives the game's announcements.
pub async fn link_group<S: Store + NotifyStore>(
    app: &App<S>,
    call: &Call,
) -> Result<Response<Bytes>, Problem> {
    let group: TelegramGroup = json_body(&call.request)?;
    let competition = load_competition(app, call).await?;
    nomic(&competition)?;
    let threads = Threads {
        voting: group.voting.thread(),
        points: group.points.thread(),
        discussion: group.discussion.as_ref().map(TelegramThread::thread),
    };
    let command = competition::Command::from(NomicCommand::LinkThreads { threads });
    let answer = execute(app, call, &competition.id, &command).await?;
    subscribe_points_thread(app, call, &competition.id, &group.points).await?;
    Ok(answer)
}

/// The points thread subscribed to the game's public notices (nomic 209),
/// muting what the rules do not require there.
async fn subscribe_points_thread<S: Store + NotifyStore>(
    app: &App<S>,
    call: &Call,
    id: &competition::CompetitionId,
    points: &TelegramThread,
) -> Result<(), Problem> {
    let mute: BTreeSet<Topic> = Topic::ALL
        .into_iter()
        .filter(|t| t.required_by().is_none())
        .collect();
    let subscription = Subscription {
        id: POINTS_SUBSCRIPTION.to_owned(),
        owner: call.caller().user.clone(),
        scope: Scope::Announcements,
        endpoint: Endpoint::Telegram {
            chat: points.chat.to_string(),
            topic: points.topic.map(|t| t.to_string()),
        },
        mute,
        created_at: call.now,
        slot: None,
        request_digest: None,
    };
    let body = serde_json::to_vec(&subscription).expect("a subscription serializes");
    app.service
        .store()
        .put_subscription(id.as_str(), POINTS_SUBSCRIPTION, body)
        .await
        .map_err(|e| Problem::from(arbiter_service::ServiceError::from(e)))
}

/// `POST /v1/competitions/{id}/telegram/link-code`: a code for the caller,
/// a player of the game, to send the bot.
pub async fn link_code<S: Store>(
    app: &App<S>,
    bot: &TelegramBot,
    call: &Call,
) -> Result<Response<Bytes>, Problem> {
    let competition = load_competition(app, call).await?;
    nomic(&competition)?;
    let caller = &call.caller().user;
    if !competition.has_role(caller, Role::Player) {
        return Err(Refusal::forbidden(
            "nomic 201",
            "only a player of the game links a Telegram account to it",
        )
        .into());
    }
    let code = code::make(&bot.webhook_secret, &competition.id, caller, call.now);
    Ok(json(
        StatusCode::OK,
        &LinkCode {
            send: format!("/link {code}"),
            code,
            expires_at: call.now + code::lifetime(),
        },
    ))
}
