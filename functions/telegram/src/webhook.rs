//! The webhook: each update read once, as the move it makes, and answered.

use crate::code;
use crate::update::{account_name, chat_name, Message, Update};
use arbiter_domain::competition::{
    self, Competition, CompetitionId, Context, Idempotency, Receipt, UserId,
};
use arbiter_domain::kinds::Registered;
use arbiter_domain::nomic::chat::{self, ThreadName};
use arbiter_domain::nomic::{thread, Command as NomicCommand, Event as NomicEvent, Nomic};
use arbiter_domain::rulebook::chat_key;
use arbiter_domain::Refusal;
use arbiter_http::{json, App, Call, Problem, TelegramBot};
use arbiter_notify::telegram::{Post, TelegramChannel};
use arbiter_service::ServiceError;
use arbiter_store::{NotifyStore, Store};
use bytes::Bytes;
use chrono::{DateTime, Duration, TimeZone, Utc};
use http::{Response, StatusCode};
use schemars::JsonSchema;
use serde::Serialize;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// The header Telegram sends the webhook's `secret_token` in.
pub const SECRET_HEADER: &str = "x-telegram-bot-api-secret-token";

/// How long an update's answer is remembered: Telegram gives up retrying
/// well within a day.
fn answer_window() -> Duration {
    Duration::hours(24)
}

/// What the webhook answers Telegram (which reads only the status).
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct WebhookAnswer {
    pub ok: bool,
    /// What the update was to the game: `move`, `refused`, `talk`,
    /// `unlinked`, `edit-ignored`, `points-checked`, `linked`, `help`,
    /// `not-a-game-chat`.
    pub read_as: String,
}

/// What reading an update came to, and what to answer in the chat.
struct Reading {
    read_as: &'static str,
    answer: Option<String>,
}

impl Reading {
    fn quiet(read_as: &'static str) -> Self {
        Reading {
            read_as,
            answer: None,
        }
    }

    fn say(read_as: &'static str, text: impl Into<String>) -> Self {
        Reading {
            read_as,
            answer: Some(text.into()),
        }
    }
}

/// `POST /v1/telegram`.
pub async fn read<S: Store + NotifyStore>(
    app: &App<S>,
    bot: &TelegramBot,
    call: &Call,
) -> Result<Response<Bytes>, Problem> {
    authentic(bot, call)?;
    let update: Update = serde_json::from_slice(call.request.body())
        .map_err(|e| Problem::invalid(format!("not a Telegram update: {e}")))?;
    let (message, edited) = match (&update.message, &update.edited_message) {
        (Some(m), _) => (m, false),
        (None, Some(m)) => (m, true),
        (None, None) => return Ok(answered("ignored")),
    };
    let reading = if edited {
        on_edit(app, message).await?
    } else {
        on_message(app, bot, &update, message, call.now).await?
    };
    if let Some(text) = &reading.answer {
        answer_once(app, bot, &update, message, text, call.now).await;
    }
    Ok(answered(reading.read_as))
}

fn answered(read_as: &str) -> Response<Bytes> {
    json(
        StatusCode::OK,
        &WebhookAnswer {
            ok: true,
            read_as: read_as.to_owned(),
        },
    )
}

/// The update came from Telegram: it carries the webhook's secret.
fn authentic(bot: &TelegramBot, call: &Call) -> Result<(), Problem> {
    let given = call
        .request
        .headers()
        .get(SECRET_HEADER)
        .map(|v| v.as_bytes())
        .unwrap_or_default();
    if bool::from(given.ct_eq(bot.webhook_secret.as_bytes())) && !given.is_empty() {
        Ok(())
    } else {
        Err(Problem::unauthenticated(
            "the update does not carry the webhook's secret token",
        ))
    }
}

/// nomic 212: "messages may not be deleted or edited" in the game's
/// threads: the message as first posted stands.
async fn on_edit<S: Store>(app: &App<S>, message: &Message) -> Result<Reading, Problem> {
    if message.is_private() {
        return Ok(Reading::quiet("ignored"));
    }
    for competition in games(app, message).await? {
        let Some(game) = nomic(&competition) else {
            continue;
        };
        let in_a_thread = game
            .chat
            .threads
            .as_ref()
            .and_then(|t| t.which(&message.thread()))
            .is_some();
        if in_a_thread {
            return Ok(Reading::say(
                "edit-ignored",
                "Messages may not be edited here (nomic 212): the message as first posted stands.",
            ));
        }
    }
    Ok(Reading::quiet("not-a-game-chat"))
}

async fn on_message<S: Store>(
    app: &App<S>,
    bot: &TelegramBot,
    update: &Update,
    message: &Message,
    now: DateTime<Utc>,
) -> Result<Reading, Problem> {
    let (Some(person), Some(text)) = (message.person(), message.text()) else {
        return Ok(Reading::quiet("ignored"));
    };
    if message.is_private() {
        return private(app, bot, update, person, text, now).await;
    }
    for competition in games(app, message).await? {
        let Some(game) = nomic(&competition) else {
            continue;
        };
        let Some(threads) = &game.chat.threads else {
            continue;
        };
        match threads.which(&message.thread()) {
            Some(ThreadName::Voting) => {
                let posting = Posting {
                    update,
                    message,
                    person,
                    text,
                    now,
                };
                return voting(app, &competition, game, &posting).await;
            }
            Some(ThreadName::Points) => {
                return Ok(match chat::check_points(game, text) {
                    Some(answer) => Reading::say("points-checked", answer),
                    None => Reading::quiet("talk"),
                })
            }
            Some(ThreadName::Discussion) => return Ok(Reading::quiet("talk")),
            None => {}
        }
    }
    Ok(Reading::quiet("not-a-game-chat"))
}

/// The competitions played in the message's chat (Nomic games: see [`nomic`]).
async fn games<S: Store>(
    app: &App<S>,
    message: &Message,
) -> Result<Vec<std::sync::Arc<Competition>>, Problem> {
    let ids = app
        .service
        .found_under(&chat_key(&chat_name(message.chat.id)))
        .await?;
    let mut out = Vec::new();
    for id in ids {
        out.extend(app.service.load(&id).await?);
    }
    Ok(out)
}

/// The game's Nomic state, when it is one.
fn nomic(competition: &Competition) -> Option<&Nomic> {
    <&Nomic>::try_from(&competition.game).ok()
}

/// A message someone posted, as the update brought it.
struct Posting<'a> {
    update: &'a Update,
    message: &'a Message,
    /// The poster's Telegram account.
    person: i64,
    text: &'a str,
    /// When the update arrived.
    now: DateTime<Utc>,
}

/// A voting-thread message: talk, or a move by the player whose account
/// posted it.
async fn voting<S: Store>(
    app: &App<S>,
    competition: &Competition,
    game: &Nomic,
    posting: &Posting<'_>,
) -> Result<Reading, Problem> {
    let Posting {
        update,
        message,
        person,
        text,
        now,
    } = *posting;
    if thread::read(text).is_none() {
        return Ok(Reading::quiet("talk"));
    }
    let Some(player) = game.chat.player(&account_name(person)).cloned() else {
        return Ok(Reading::say(
            "unlinked",
            format!(
                "Your Telegram account is not linked to a player of this game, so this message changes nothing. Ask for a link code (POST /v1/competitions/{}/telegram/link-code) and send it to me in a private chat as /link <code>.",
                competition.id
            ),
        ));
    };
    let command = NomicCommand::VotingThreadMessage {
        message: message.message_id.to_string(),
        text: text.to_owned(),
        reply_to: message
            .reply_to_message
            .as_ref()
            .map(|r| r.message_id.to_string()),
    };
    let ctx = Context::user(player, false, posted_at(message, now));
    let done = run(app, &competition.id, command, &ctx, update).await?;
    Ok(match done {
        Ok(receipt) => {
            let after = app.service.load(&competition.id).await?;
            let state = after.as_deref().and_then(nomic);
            let answer = state.and_then(|s| chat::acknowledgement(s, &nomic_events(&receipt)));
            Reading {
                read_as: "move",
                answer: answer.or(Some("Recorded.".to_owned())),
            }
        }
        Err(refusal) => Reading::say("refused", refused(&refusal)),
    })
}

/// When the move was made: when it was posted (the rules judge a message by
/// its time in the thread), unless Telegram's clock says it was posted in
/// the future or more than a day ago, when it is when it arrived.
fn posted_at(message: &Message, now: DateTime<Utc>) -> DateTime<Utc> {
    Utc.timestamp_opt(message.date, 0)
        .single()
        .filter(|t| *t <= now && now - *t <= Duration::hours(24))
        .unwrap_or(now)
}

/// Runs `command` once per update: Telegram's retry of an update is
/// answered from the first run's receipt. A refusal is the rules' answer,
/// not a failure.
async fn run<S: Store>(
    app: &App<S>,
    id: &CompetitionId,
    command: NomicCommand,
    ctx: &Context,
    update: &Update,
) -> Result<Result<Receipt, Refusal>, Problem> {
    let body = serde_json::to_vec(&command).expect("a command serializes");
    let idempotency = Idempotency {
        key: format!("telegram-update-{}", update.update_id),
        request_digest: hex::encode(Sha256::digest(&body)),
    };
    let command = competition::Command::from(command);
    match app
        .service
        .execute(id, &command, ctx, Some(idempotency))
        .await
    {
        Ok(receipt) => Ok(Ok(receipt)),
        Err(ServiceError::Refused(refusal)) => Ok(Err(refusal)),
        Err(e) => Err(e.into()),
    }
}

fn nomic_events(receipt: &Receipt) -> Vec<NomicEvent> {
    receipt
        .events
        .iter()
        .filter_map(|r| Nomic::of_event(&r.event).cloned())
        .collect()
}

/// A refusal as the bot says it: the rule first.
fn refused(refusal: &Refusal) -> String {
    match &refusal.clause {
        Some(clause) => format!("Not accepted ({clause}): {}.", refusal.detail),
        None => format!("Not accepted: {}.", refusal.detail),
    }
}

/// A private chat: `/link <code>` (or `/start <code>`, as a deep link sends
/// it) links the account; anything else gets the help.
async fn private<S: Store>(
    app: &App<S>,
    bot: &TelegramBot,
    update: &Update,
    person: i64,
    text: &str,
    now: DateTime<Utc>,
) -> Result<Reading, Problem> {
    let given = ["/link", "/start"]
        .iter()
        .find_map(|c| text.trim().strip_prefix(c))
        .map(str::trim)
        .filter(|c| !c.is_empty());
    let Some(given) = given else {
        return Ok(Reading::say("help", HELP));
    };
    let Some(linking) = code::check(&bot.webhook_secret, given, now) else {
        return Ok(Reading::say(
            "refused",
            "That code is not one of mine, or it has expired: ask Arbiter for a new one.",
        ));
    };
    let command = NomicCommand::LinkChatAccount {
        account: account_name(person),
        code: code::digest(given),
    };
    let ctx = Context::user(linking.player.clone(), false, now);
    Ok(
        match run(app, &linking.competition, command, &ctx, update).await? {
            Ok(_) => Reading::say("linked", linked(&linking.player, &linking.competition)),
            Err(refusal) => Reading::say("refused", refused(&refusal)),
        },
    )
}

fn linked(player: &UserId, competition: &CompetitionId) -> String {
    format!(
        "Linked: your messages in the voting thread of {competition} are now {player}'s moves. Propose with \"Rule-change: …\", vote by replying \"Vote: Yes\" or \"Vote: No\" to a proposal."
    )
}

const HELP: &str = "I keep the record of a Nomic game played in a group. To play, link your Telegram account: ask Arbiter for a link code (POST /v1/competitions/<game>/telegram/link-code, signed in as yourself) and send it here as /link <code>.";

/// Answers `message` in its thread, once per update: a retried update finds
/// the answer claimed and says nothing again.
async fn answer_once<S: Store + NotifyStore>(
    app: &App<S>,
    bot: &TelegramBot,
    update: &Update,
    message: &Message,
    text: &str,
    now: DateTime<Utc>,
) {
    let key = format!("telegram-answer:{}", update.update_id);
    match app.service.store().claim(&key, now, answer_window()).await {
        Ok(true) => {}
        Ok(false) => return,
        Err(e) => {
            tracing::warn!(error = %e, "the answer's claim failed; not answering");
            return;
        }
    }
    let thread = message.thread();
    let chat = message.chat.id.to_string();
    let post = Post {
        chat: &chat,
        topic: thread.topic.as_deref(),
        reply_to: Some(message.message_id),
        text,
    };
    if let Err(e) = channel(bot).answer(&post).await {
        tracing::warn!(error = %e, update = update.update_id, "the answer was not delivered");
    }
}

/// The bot's answering side; one HTTP client per process, as connections
/// are worth keeping between updates.
fn channel(bot: &TelegramBot) -> TelegramChannel {
    static CLIENT: std::sync::OnceLock<reqwest::Client> = std::sync::OnceLock::new();
    let client = CLIENT.get_or_init(arbiter_notify::local_client).clone();
    TelegramChannel::answering(client, &bot.api_base, &bot.token)
}
