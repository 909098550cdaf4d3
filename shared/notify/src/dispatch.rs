//! The notifier: committed events in, delivered messages out.
//!
//! ```text
//! commit (stream record / embedded feed)
//!   -> state right after it (remembered, or folded from the log)
//!   -> Competition::notices(commit)             who the rules say must be told
//!   -> subscriptions of the competition         where each of them wants it
//!   -> claim (message id, target) in the table  nothing twice within the window
//!   -> channel adapter (retries, dead letters)
//! ```
//!
//! Delivery is at least once: a failed send gives its claim back so the stream's
//! retry (or a replay) tries again, and a message id is the same on every try, so a
//! receiver drops what it already has.

use crate::channel::Channel;
use crate::email::{EmailChannel, Mailer};
use crate::message::{Message, Origin, Target};
use crate::outbox::claim_key;
use crate::outcome::{DeadLetter, Delivered, DeliveryError};
use crate::retry::{BoxFuture, DeadLetters};
use crate::subscription::{Scope, Subscription};
use crate::{DiscordChannel, TelegramChannel, WebhookChannel};
use arbiter_domain::competition::{self, Commit, Competition, CompetitionId};
use arbiter_domain::notice::{self, Audience, Notice, Reminder, Topic};
use arbiter_service::{decode_commit, Service, ServiceError};
use arbiter_store::{CommitRecord, DeadLetterRecord, NotifyStore, Store, StoreError};
use chrono::{DateTime, Duration, Utc};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

/// How long a claim keeps the same message from going to the same target again. A
/// reminder's claim must outlive the 24 hours in which every run finds it due, and a
/// stream replays at most 24 hours of records; a week covers both with room.
pub const DEDUP_WINDOW_DAYS: i64 = 7;

/// Competitions whose last state the notifier remembers between batches.
const REMEMBERED: usize = 64;

/// One commit to notify about, as a stream or feed delivers it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommitRef {
    pub competition: String,
    pub record: CommitRecord,
}

/// What one batch or reminder run did.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct NotifyReport {
    pub commits: usize,
    pub notices: usize,
    /// Messages handed to a channel and accepted.
    pub sent: usize,
    /// Messages skipped because the same id already went to the same target.
    pub duplicates: usize,
    /// Messages that failed (each left a dead letter).
    pub failed: usize,
    /// Recipients of a required notice without any subscription to reach them.
    pub unreachable: usize,
}

impl NotifyReport {
    /// Adds `other`'s counts to these.
    pub fn add(&mut self, other: NotifyReport) {
        self.commits += other.commits;
        self.notices += other.notices;
        self.sent += other.sent;
        self.duplicates += other.duplicates;
        self.failed += other.failed;
        self.unreachable += other.unreachable;
    }
}

/// Why a batch could not be processed; the stream retries it (claims keep what
/// already went out from going again).
#[derive(Debug, thiserror::Error)]
pub enum NotifyError {
    #[error(transparent)]
    Service(#[from] ServiceError),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The channel adapters a deployment has configured. A subscription to a channel
/// that is not configured fails to a dead letter, so the organizer sees why.
pub struct Channels<M> {
    pub webhook: Option<WebhookChannel>,
    pub discord: Option<DiscordChannel>,
    pub telegram: Option<TelegramChannel>,
    pub email: Option<EmailChannel<M>>,
}

impl<M> Default for Channels<M> {
    /// No channel at all: every delivery fails to a dead letter.
    fn default() -> Self {
        Self {
            webhook: None,
            discord: None,
            telegram: None,
            email: None,
        }
    }
}

impl<M> Channels<M> {
    /// Signed webhooks and Discord (their addresses are in the subscriptions), and
    /// Telegram when the deployment has a bot: `(api base, bot token)`.
    pub fn over_http(
        client: reqwest::Client,
        retrier: crate::Retrier,
        telegram: Option<(String, String)>,
    ) -> Self {
        Self {
            webhook: Some(WebhookChannel::new(client.clone(), retrier.clone())),
            discord: Some(DiscordChannel::new(client.clone(), retrier.clone())),
            telegram: telegram
                .map(|(base, token)| TelegramChannel::new(client, retrier, base, token)),
            email: None,
        }
    }

    /// The same channels with e-mail.
    pub fn with_email(mut self, email: EmailChannel<M>) -> Self {
        self.email = Some(email);
        self
    }
}

impl<M: Mailer> Channels<M> {
    async fn deliver(
        &self,
        target: &Target,
        message: &Message,
    ) -> Result<Delivered, DeliveryError> {
        let missing = |channel: &'static str| DeliveryError::Invalid {
            field: "channel",
            reason: format!("this deployment has no {channel} channel configured"),
        };
        match target {
            Target::Webhook { .. } => match &self.webhook {
                Some(c) => c.deliver(target, message).await,
                None => Err(missing("webhook")),
            },
            Target::Discord { .. } => match &self.discord {
                Some(c) => c.deliver(target, message).await,
                None => Err(missing("discord")),
            },
            Target::Telegram { .. } => match &self.telegram {
                Some(c) => c.deliver(target, message).await,
                None => Err(missing("telegram")),
            },
            Target::Email { .. } => match &self.email {
                Some(c) => c.deliver(target, message).await,
                None => Err(missing("email")),
            },
        }
    }
}

/// A dead letter as the table keeps it: the message without its target's secrets
/// (no address, secret or text). The organizer reads these as `DeadLetter`s.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize, schemars::JsonSchema)]
#[schemars(rename = "DeadLetter")]
pub struct StoredDeadLetter {
    pub id: String,
    pub competition: String,
    pub event: String,
    pub clause: Option<String>,
    /// The target's kind (`email`, `webhook`, ...): not its address.
    pub channel: String,
    /// The subscription it was for, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subscription: Option<String>,
    pub attempts: u32,
    pub last_error: String,
    pub at: DateTime<Utc>,
}

/// The [`DeadLetters`] sink over the table.
pub struct StoreDeadLetters<S> {
    store: S,
    clock: Arc<dyn Fn() -> DateTime<Utc> + Send + Sync>,
}

impl<S> StoreDeadLetters<S> {
    pub fn new(store: S, clock: Arc<dyn Fn() -> DateTime<Utc> + Send + Sync>) -> Self {
        Self { store, clock }
    }
}

impl<S: NotifyStore> StoreDeadLetters<S> {
    async fn keep(&self, letter: &DeadLetter) {
        let at = (self.clock)();
        let stored = StoredDeadLetter {
            id: letter.message.id.to_string(),
            competition: letter.message.competition.clone(),
            event: letter.message.event.clone(),
            clause: letter.message.clause.clone(),
            channel: letter.target.kind().to_owned(),
            subscription: match &letter.target {
                Target::Webhook { subscription, .. } => Some(subscription.clone()),
                _ => None,
            },
            attempts: letter.attempts,
            last_error: letter.last_error.clone(),
            at,
        };
        let record = DeadLetterRecord {
            competition: stored.competition.clone(),
            at,
            id: format!("{}|{}", stored.id, letter.target.kind()),
            body: serde_json::to_vec(&stored).expect("dead letters serialize"),
        };
        if let Err(e) = self.store.put_dead_letter(record).await {
            tracing::error!(id = %letter.message.id, error = %e, "dead letter not kept");
        }
    }
}

impl<S: NotifyStore> DeadLetters for StoreDeadLetters<S> {
    fn record(&self, letter: DeadLetter) -> BoxFuture<'_, ()> {
        Box::pin(async move { self.keep(&letter).await })
    }
}

/// Turns commits into delivered messages, and runs the reminders.
pub struct Notifier<S, M> {
    service: Service<S>,
    channels: Channels<M>,
    dead_letters: Arc<StoreDeadLetters<S>>,
    clock: Arc<dyn Fn() -> DateTime<Utc> + Send + Sync>,
    window: Duration,
    states: Mutex<HashMap<String, Competition>>,
    /// The API's public address (`https://api.example.org`) that makes a
    /// message's link absolute; `None` leaves it a path.
    link_base: Option<String>,
    /// The domain competitions receive mail at (`<id>@<domain>`), for the
    /// `Reply-To` of those whose players answer by mail.
    mail_domain: Option<String>,
}

impl<S, M> Notifier<S, M>
where
    S: Store + NotifyStore + Clone,
    M: Mailer,
{
    /// A notifier over `store` delivering through `channels`; `clock` stamps claims
    /// and dead letters (the real clock in production, a fake one in tests).
    ///
    /// The HTTP adapters' retriers should send their dead letters to
    /// [`Notifier::dead_letter_sink`] of the same store, so exhausted messages land
    /// beside the rest.
    pub fn new(
        store: S,
        channels: Channels<M>,
        clock: Arc<dyn Fn() -> DateTime<Utc> + Send + Sync>,
    ) -> Self {
        Self {
            dead_letters: Arc::new(StoreDeadLetters::new(store.clone(), clock.clone())),
            service: Service::new(store),
            channels,
            clock,
            window: Duration::days(DEDUP_WINDOW_DAYS),
            states: Mutex::default(),
            link_base: None,
            mail_domain: None,
        }
    }

    /// The same notifier answering by mail at `<competition id>@<domain>`
    /// where the competition's players answer by mail (wm D.II.2).
    pub fn with_mail_domain(mut self, domain: impl Into<String>) -> Self {
        let domain: String = domain.into();
        self.mail_domain = Some(domain.trim().to_ascii_lowercase()).filter(|d| !d.is_empty());
        self
    }

    /// Where mail about `state` is answered, if anywhere.
    fn reply_address(&self, state: &Competition) -> Option<String> {
        let domain = self.mail_domain.as_deref()?;
        state
            .kind
            .answered_by_mail()
            .then(|| format!("{}@{domain}", state.id))
    }

    /// The same notifier linking under `base` (`https://api.example.org`),
    /// so a message's link opens from a mail client or a chat.
    pub fn with_link_base(mut self, base: impl Into<String>) -> Self {
        let base: String = base.into();
        self.link_base = Some(base.trim_end_matches('/').to_owned()).filter(|b| !b.is_empty());
        self
    }

    /// The dead-letter sink over `store`, for the channels' retriers.
    pub fn dead_letter_sink(
        store: S,
        clock: Arc<dyn Fn() -> DateTime<Utc> + Send + Sync>,
    ) -> Arc<dyn DeadLetters> {
        Arc::new(StoreDeadLetters::new(store, clock))
    }

    pub fn store(&self) -> &S {
        self.service.store()
    }

    /// Notifies about `commits` (in log order within each competition; several
    /// competitions may interleave, as in a stream batch).
    pub async fn process(&self, commits: &[CommitRef]) -> Result<NotifyReport, NotifyError> {
        let mut by_competition: BTreeMap<&str, Vec<&CommitRecord>> = BTreeMap::new();
        for c in commits {
            by_competition
                .entry(&c.competition)
                .or_default()
                .push(&c.record);
        }
        let mut report = NotifyReport::default();
        for (competition, mut records) in by_competition {
            let Ok(id) = CompetitionId::try_from(competition) else {
                tracing::warn!(competition, "stream record of an invalid competition id");
                continue;
            };
            records.sort_by_key(|r| r.version);
            records.dedup_by_key(|r| r.version);
            report.add(self.process_competition(&id, &records).await?);
        }
        Ok(report)
    }

    async fn process_competition(
        &self,
        id: &CompetitionId,
        records: &[&CommitRecord],
    ) -> Result<NotifyReport, NotifyError> {
        let mut report = NotifyReport::default();
        let subscriptions = self.subscriptions(id).await?;
        let mut state = self.remembered(id);
        for record in records {
            let commit = decode_commit(record).map_err(ServiceError::Corrupt)?;
            let before = match state.take() {
                Some(s) if s.version + 1 == commit.version => Some(s),
                _ => self.service.state_at(id, commit.version - 1).await?,
            };
            let after = competition::apply(before, id, &commit);
            report.commits += 1;
            report.add(self.notify_commit(&after, &commit, &subscriptions).await);
            state = Some(after);
        }
        if let Some(state) = state {
            self.remember(state);
        }
        Ok(report)
    }

    async fn notify_commit(
        &self,
        state: &Competition,
        commit: &Commit,
        subscriptions: &[Subscription],
    ) -> NotifyReport {
        let mut report = NotifyReport::default();
        let mut seen_at_index: HashMap<u32, u32> = HashMap::new();
        for notice in state.notices(commit) {
            report.notices += 1;
            // Several notices may come from one event (a player's own pairing and the
            // public list): each gets its own id, stable across replays.
            let nth = seen_at_index.entry(notice.event_index).or_default();
            let origin = match *nth {
                0 => Origin::event(state.id.as_str(), commit.version, notice.event_index),
                n => Origin::occasion(
                    state.id.as_str(),
                    commit.version,
                    format!("event/{}/{}/{n}", commit.version, notice.event_index),
                ),
            };
            *nth += 1;
            report.unreachable += unreachable(&notice, subscriptions);
            let targets = targets(subscriptions, |s| s.receives(&notice));
            for target in targets {
                let message =
                    message_for(&origin, &notice, &target).with_reply_to(self.reply_address(state));
                report.add(self.send(&target, &message).await);
            }
        }
        report
    }

    /// Sends the reminders due at `now`: 24 hours and 1 hour before a deadline, to
    /// whoever has not finished (wm D.VII.1 allows reminders as a courtesy and sets
    /// no times; these two are Arbiter's). Runs on a schedule; each reminder goes
    /// once per user and target however often it runs.
    pub async fn remind(&self, now: DateTime<Utc>) -> Result<NotifyReport, NotifyError> {
        const PAGE: usize = 500;
        // A competition's due time may fall a little after the deadline it reminds
        // of (ACWC's sweep runs at Monday 00:00 for a Sunday 23:59:59 deadline), so
        // look an hour further than the first reminder; `reminders` is exact.
        let horizon = now + Duration::hours(i64::from(notice::REMINDER_HOURS[0]) + 1);
        let mut report = NotifyReport::default();
        for due in self.store().due_before(horizon, PAGE).await? {
            let Ok(id) = CompetitionId::try_from(due.competition) else {
                continue;
            };
            let Some(state) = self.service.load(&id).await? else {
                continue;
            };
            let reminders = state.reminders(now);
            if reminders.is_empty() {
                continue;
            }
            let subscriptions = self.subscriptions(&id).await?;
            for reminder in reminders {
                report.add(self.send_reminder(&state, &reminder, &subscriptions).await);
            }
        }
        Ok(report)
    }

    async fn send_reminder(
        &self,
        state: &Competition,
        reminder: &Reminder,
        subscriptions: &[Subscription],
    ) -> NotifyReport {
        let mut report = NotifyReport {
            notices: 1,
            ..NotifyReport::default()
        };
        let origin = Origin::occasion(
            state.id.as_str(),
            state.version,
            format!(
                "reminder/{}/{}/{}h",
                reminder.occasion,
                reminder.deadline.timestamp(),
                reminder.hours_before
            ),
        );
        let targets = targets(subscriptions, |s| {
            s.scope == Scope::Mine
                && reminder.users.contains(&s.owner)
                && s.accepts(Topic::Reminder)
        });
        for target in targets {
            let message = Message::new(
                origin.clone(),
                "reminder",
                &target,
                &reminder.subject,
                &reminder.text,
            )
            .with_clause(&reminder.clause)
            .with_link(&reminder.link)
            .with_reply_to(self.reply_address(state));
            report.add(self.send(&target, &message).await);
        }
        report
    }

    /// Claims, sends, and on failure gives the claim back and keeps a dead letter.
    async fn send(&self, target: &Target, message: &Message) -> NotifyReport {
        let mut report = NotifyReport::default();
        let key = claim_key(target, message);
        match self.store().claim(&key, (self.clock)(), self.window).await {
            Ok(true) => {}
            Ok(false) => {
                report.duplicates += 1;
                return report;
            }
            Err(e) => {
                // Not knowing whether it went, send it: at least once.
                tracing::warn!(id = %message.id, error = %e, "claim failed; sending anyway");
            }
        }
        let linked;
        let message = match &self.link_base {
            Some(base) if message.link.starts_with('/') => {
                linked = message.clone().with_link(format!("{base}{}", message.link));
                &linked
            }
            _ => message,
        };
        match self.channels.deliver(target, message).await {
            Ok(_) => report.sent += 1,
            Err(error) => {
                report.failed += 1;
                if let Err(e) = self.store().release(&key).await {
                    tracing::warn!(id = %message.id, error = %e, "claim not released");
                }
                tracing::warn!(id = %message.id, channel = target.kind(), %error, "not delivered");
                // An exhausted message was kept by the retrier's sink already.
                if !matches!(error, DeliveryError::Exhausted(_)) {
                    let letter = DeadLetter {
                        message: message.clone(),
                        target: target.clone(),
                        attempts: 1,
                        last_error: error.to_string(),
                    };
                    self.dead_letters.keep(&letter).await;
                }
            }
        }
        report
    }

    async fn subscriptions(&self, id: &CompetitionId) -> Result<Vec<Subscription>, NotifyError> {
        let records = self.store().subscriptions(id.as_str()).await?;
        Ok(records
            .into_iter()
            .filter_map(|r| match serde_json::from_slice(&r.body) {
                Ok(s) => Some(s),
                Err(e) => {
                    tracing::error!(competition = %id, subscription = r.id, error = %e,
                        "unreadable subscription skipped");
                    None
                }
            })
            .collect())
    }

    fn states(&self) -> std::sync::MutexGuard<'_, HashMap<String, Competition>> {
        self.states.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn remembered(&self, id: &CompetitionId) -> Option<Competition> {
        self.states().get(id.as_str()).cloned()
    }

    fn remember(&self, state: Competition) {
        let mut states = self.states();
        if states.len() >= REMEMBERED && !states.contains_key(state.id.as_str()) {
            // Forget an arbitrary one: a miss only costs a fold from the log.
            if let Some(k) = states.keys().next().cloned() {
                states.remove(&k);
            }
        }
        states.insert(state.id.as_str().to_owned(), state);
    }
}

/// The distinct targets of the subscriptions `wants` picks: two subscriptions with
/// the same e-mail address, Discord channel or Telegram chat get one message. Each
/// webhook subscription is its own target, since each signs with its own secret.
fn targets(subscriptions: &[Subscription], wants: impl Fn(&Subscription) -> bool) -> Vec<Target> {
    let mut by_key: BTreeMap<String, Target> = BTreeMap::new();
    for s in subscriptions.iter().filter(|s| wants(s)) {
        let target = s.target();
        by_key.entry(target.key()).or_insert(target);
    }
    by_key.into_values().collect()
}

/// Recipients of a required notice that no subscription of theirs reaches.
fn unreachable(notice: &Notice, subscriptions: &[Subscription]) -> usize {
    let Audience::Users(users) = &notice.audience else {
        return 0;
    };
    if notice.topic.required_by().is_none() {
        return 0;
    }
    let missing: Vec<_> = users
        .iter()
        .filter(|u| {
            !subscriptions
                .iter()
                .any(|s| s.scope == Scope::Mine && &s.owner == *u)
        })
        .collect();
    if !missing.is_empty() {
        tracing::warn!(clause = notice.clause, users = ?missing, "required notice has recipients without a subscription");
    }
    missing.len()
}

fn message_for(origin: &Origin, notice: &Notice, target: &Target) -> Message {
    Message::new(
        origin.clone(),
        &notice.event,
        target,
        &notice.subject,
        &notice.text,
    )
    .with_clause(&notice.clause)
    .with_link(&notice.link)
}
