//! Notifications in the local runtime: what the `notify` function does in AWS, fed
//! by the embedded store's change feed instead of the table's stream.
//!
//! `arbiter serve` follows the feed: every commit is read once, in order, and handed
//! to the same [`Notifier`] the Lambda function uses. E-mail is written as `.eml`
//! files to `<data dir>/outbox/` (nothing leaves the machine unless a subscription
//! names a webhook, Discord channel or, with `ARBITER_TELEGRAM_TOKEN` set, a
//! Telegram chat). The follower keeps its place in `<data dir>/notify.cursor`, so a
//! restart neither skips nor repeats commits; a repeat would be dropped by the
//! claims anyway.

use arbiter_domain::competition::{apply, CompetitionId, UserId};
use arbiter_domain::notice::Audience;
use arbiter_notify::subscription::Reach;
use arbiter_notify::{
    local_client, AnyMailer, Channels, CommitRef, EmailChannel, EmlFolder, Notifier, NotifyReport,
    Retrier, RetryPolicy, Subscription, SubscriptionRequest, TokioSleeper,
};
use arbiter_store::{EmbeddedStore, NotifyStore, Store, StoreError};
use chrono::{DateTime, Utc};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// The sender of local e-mail.
pub const LOCAL_SENDER: &str = "Arbiter <arbiter@localhost.invalid>";

/// How often the follower looks for new commits when it has caught up.
const POLL: Duration = Duration::from_millis(500);

/// Commits handed to the notifier at once (a stream batch's size).
const BATCH: usize = 100;

/// A clock for claims and dead letters.
pub type Clock = Arc<dyn Fn() -> DateTime<Utc> + Send + Sync>;

/// The local notifier: `.eml` files in `outbox`, HTTPS adapters, Telegram when
/// `ARBITER_TELEGRAM_TOKEN` is set (`ARBITER_TELEGRAM_API_URL` overrides the API).
pub fn local_notifier<S>(store: S, outbox: &Path, clock: Clock) -> Notifier<S, AnyMailer>
where
    S: Store + NotifyStore + Clone,
{
    let retrier = Retrier::new(
        RetryPolicy::default(),
        Arc::new(TokioSleeper),
        Notifier::<S, AnyMailer>::dead_letter_sink(store.clone(), clock.clone()),
    );
    let env = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
    let telegram = env("ARBITER_TELEGRAM_TOKEN").map(|token| {
        let base = env("ARBITER_TELEGRAM_API_URL")
            .unwrap_or_else(|| arbiter_notify::telegram::TELEGRAM_API.to_owned());
        (base, token)
    });
    let mailer = AnyMailer::Eml(EmlFolder::new(outbox));
    let channels = Channels::over_http(local_client(), retrier, telegram)
        .with_email(EmailChannel::new(mailer, LOCAL_SENDER));
    Notifier::new(store, channels, clock)
}

/// Follows the embedded store's feed from the saved cursor and notifies about each
/// new commit.
pub struct Follower<S> {
    pub notifier: Arc<Notifier<S, AnyMailer>>,
    feed: EmbeddedStore,
    cursor_file: PathBuf,
}

impl<S> Follower<S>
where
    S: Store + NotifyStore + Clone,
{
    /// A follower of `feed` (the store `notifier` reads, unwrapped) keeping its
    /// cursor in `cursor_file`.
    pub fn new(
        notifier: Arc<Notifier<S, AnyMailer>>,
        feed: EmbeddedStore,
        cursor_file: PathBuf,
    ) -> Self {
        Self {
            notifier,
            feed,
            cursor_file,
        }
    }

    /// Where the follower stands: the saved cursor, or the feed's end on a first
    /// start (a store's history is not announced again).
    pub async fn cursor(&self) -> Result<u64, StoreError> {
        match std::fs::read_to_string(&self.cursor_file) {
            Ok(text) => Ok(text.trim().parse().unwrap_or(0)),
            Err(_) => self.feed.feed_end().await,
        }
    }

    /// Notifies about the commits after `cursor`, up to one batch; the new cursor.
    pub async fn step(&self, cursor: u64) -> Result<(u64, NotifyReport), String> {
        let entries = self
            .feed
            .feed(cursor, BATCH)
            .await
            .map_err(|e| e.to_string())?;
        let Some(last) = entries.last().map(|e| e.seq) else {
            return Ok((cursor, NotifyReport::default()));
        };
        // One read per competition: its commits in this batch are one range of
        // versions (each commit has a feed entry), not one read per entry.
        let mut ranges: BTreeMap<&str, (u64, u64)> = Default::default();
        for entry in &entries {
            let range = ranges
                .entry(entry.competition.as_str())
                .or_insert((entry.version, entry.version));
            range.0 = range.0.min(entry.version);
            range.1 = range.1.max(entry.version);
        }
        let mut commits = Vec::with_capacity(entries.len());
        for (competition, (first, last)) in ranges {
            let count = usize::try_from(last - first + 1).unwrap_or(usize::MAX);
            let records = self
                .feed
                .commits(competition, first - 1, count)
                .await
                .map_err(|e| e.to_string())?;
            commits.extend(records.into_iter().map(|record| CommitRef {
                competition: competition.to_owned(),
                record,
            }));
        }
        let report = self
            .notifier
            .process(&commits)
            .await
            .map_err(|e| e.to_string())?;
        std::fs::write(&self.cursor_file, format!("{last}\n")).map_err(|e| e.to_string())?;
        Ok((last, report))
    }

    /// Runs until the task is dropped.
    pub fn spawn(self) -> tokio::task::JoinHandle<()>
    where
        S: 'static,
    {
        tokio::spawn(async move {
            let mut cursor = match self.cursor().await {
                Ok(c) => c,
                Err(e) => {
                    tracing::error!(error = %e, "notifications: cannot read the feed");
                    return;
                }
            };
            loop {
                match self.step(cursor).await {
                    Ok((next, report)) => {
                        if report.sent + report.failed > 0 {
                            tracing::info!(sent = report.sent, failed = report.failed, "notified");
                        }
                        if next == cursor {
                            tokio::time::sleep(POLL).await;
                        }
                        cursor = next;
                    }
                    Err(e) => {
                        tracing::warn!(error = e, "notifications: batch failed, retrying");
                        tokio::time::sleep(POLL * 4).await;
                    }
                }
            }
        })
    }
}

/// What [`deliver_whole_log`] did, and how long the notifier took.
#[derive(Debug, Clone)]
pub struct Delivery {
    pub report: NotifyReport,
    pub emails: usize,
    pub seconds: f64,
}

impl std::fmt::Display for Delivery {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let r = &self.report;
        write!(
            f,
            "notifications: {} commits, {} notices, {} e-mails written, {} duplicates, {} failed in {:.2} s",
            r.commits, r.notices, self.emails, r.duplicates, r.failed, self.seconds
        )
    }
}

/// Subscribes everyone the log's notices name (by e-mail), and one announcements
/// address per competition, then follows the whole feed once into a temporary
/// outbox: the notifier's work for a whole simulated competition
/// (`arbiter simulate ... --notify`). Only the following is timed.
pub async fn deliver_whole_log(rt: &crate::in_process::InProcess) -> Result<Delivery, String> {
    let store = rt.app.service.store().clone();
    let now = arbiter_http::Clock::now(&*rt.clock);
    let named = named_in_notices(&store).await?;
    subscribe_by_email(&store, &named, now).await?;

    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let outbox = dir.path().join("outbox");
    let clock = std::sync::Arc::clone(&rt.clock);
    let notifier = local_notifier(
        store.clone(),
        &outbox,
        Arc::new(move || arbiter_http::Clock::now(&*clock)),
    );
    let follower = Follower::new(Arc::new(notifier), store, dir.path().join("cursor"));
    let started = std::time::Instant::now();
    let mut report = NotifyReport::default();
    let mut cursor = 0;
    loop {
        let (next, step) = follower.step(cursor).await?;
        report.add(step);
        if next == cursor {
            break;
        }
        cursor = next;
    }
    let seconds = started.elapsed().as_secs_f64();
    let emails = std::fs::read_dir(&outbox).map(|d| d.count()).unwrap_or(0);
    Ok(Delivery {
        report,
        emails,
        seconds,
    })
}

/// Who the notices of each competition's log name: the log replayed commit by
/// commit, asking the domain for each commit's notices as the notifier does.
async fn named_in_notices(
    store: &EmbeddedStore,
) -> Result<BTreeMap<String, BTreeSet<String>>, String> {
    let err = |e: StoreError| e.to_string();
    let mut named: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for entry in store.feed(0, usize::MAX).await.map_err(err)? {
        named.entry(entry.competition).or_default();
    }
    for (competition, users) in &mut named {
        let id = CompetitionId::try_from(competition.as_str()).map_err(|e| e.detail)?;
        let mut state = None;
        for record in store
            .commits(competition, 0, usize::MAX)
            .await
            .map_err(err)?
        {
            let commit = arbiter_service::decode_commit(&record)?;
            let next = apply(state, &id, &commit);
            for n in next.notices(&commit) {
                if let Audience::Users(named) = n.audience {
                    users.extend(named.into_iter().map(String::from));
                }
            }
            state = Some(next);
        }
    }
    Ok(named)
}

/// Stores, per competition, an announcements subscription and one of each
/// `named` user's own notices, all by e-mail.
async fn subscribe_by_email(
    store: &EmbeddedStore,
    named: &BTreeMap<String, BTreeSet<String>>,
    now: DateTime<Utc>,
) -> Result<(), String> {
    let mut subscriptions = Vec::new();
    for (competition, users) in named {
        subscriptions.push(email_subscription(
            competition,
            "announcements",
            "announcements",
            0,
            now,
        )?);
        for (i, user) in users.iter().enumerate() {
            subscriptions.push(email_subscription(competition, user, "mine", i + 1, now)?);
        }
    }
    for (competition, s) in subscriptions {
        let body = serde_json::to_vec(&s).map_err(|e| e.to_string())?;
        store
            .put_subscription(&competition, &s.id, body)
            .await
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Subscription number `n` of `competition`: `owner`'s, of `scope`, to
/// `<owner>@example.org`.
fn email_subscription(
    competition: &str,
    owner: &str,
    scope: &str,
    n: usize,
    now: DateTime<Utc>,
) -> Result<(String, Subscription), String> {
    let request: SubscriptionRequest = serde_json::from_value(serde_json::json!({
        "channel": "email", "address": format!("{owner}@example.org"), "scope": scope
    }))
    .map_err(|e| e.to_string())?;
    let owner = UserId::try_from(owner).map_err(|e| e.detail)?;
    let s = request
        .into_subscription(
            format!("sub-{n}"),
            owner,
            String::new(),
            now,
            Reach::Loopback,
        )
        .map_err(|e| e.detail)?;
    Ok((competition.to_owned(), s))
}
